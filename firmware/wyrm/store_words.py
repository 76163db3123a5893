"""The players' words for a saved file that could not be used (``Store.load``'s problems).

Imported where a save is damaged, cut off or from another version, or a change is not saved.
"""

from micropython import const

from wyrm import registry
from wyrm.lang import t

_DAMAGED = const(1)  # store's status codes
_OTHER_VERSION = const(2)
_UNREAD = const(3)

# -- words for the players -------------------------------------------------------
# What each saved file holds, in the players' words (never a file name), what to
# do when its last change was lost, and what it means when it is gone altogether.
_CHECK = "check the board"
_WHAT = {
    "open": ("note of the open game", "", "Choose the game again from the main menu."),
    "settings": ("settings", "check them in Settings", "The usual settings are used."),
    "party": (
        "party cards",
        "a player may be asked to look again",
        "The secret cards are gone: deal new cards from the game menu (Deal the cards).",
    ),
    "hdeck": ("hidden deck", _CHECK, "A new deck is needed."),
    "dice_stats": ("dice statistics", "", "They start again from zero."),
    "table": ("list of players", "check it", "Enter the names again."),
    "menu": ("place in the main menu", "", "The menu starts at the top."),
}
# App._storage's notes: the flash is full, fails, works again.
STORAGE = (
    "Storage is full: changes are not being saved.",
    "Storage fails: changes are not being saved.",
    "Storage works again: changes are saved.",
)
_OTHER = ("data", "", "")  # a name Wyrm itself does not save (a test's, a later version's)

# The same in German: each a name that stands before a colon, so no article is needed.
_CHECK_DE = "den Spielplan prüfen"
_WHAT_DE = {
    "open": ("Notiz zum offenen Spiel", "", "Das Spiel im Hauptmenü neu wählen."),
    "settings": ("Einstellungen", "in den Einstellungen prüfen",
                 "Die üblichen Einstellungen gelten."),
    "party": (
        "Gruppenkarten",
        "vielleicht muss ein Spieler nochmal schauen",
        "Die geheimen Karten sind weg: im Spielmenü neue Karten verteilen.",
    ),
    "hdeck": ("Verdeckte Karten", _CHECK_DE, "Ein neuer Stapel ist nötig."),
    "dice_stats": ("Würfelstatistik", "", "Sie beginnt wieder bei null."),
    "table": ("Spielerliste", "bitte prüfen", "Die Namen neu eingeben."),
    "menu": ("Platz im Hauptmenü", "", "Das Menü beginnt oben."),
}
STORAGE_DE = (
    "Speicher voll: Änderungen werden nicht gespeichert.",
    "Speicher gestört: Änderungen werden nicht gespeichert.",
    "Speicher geht wieder: Änderungen werden gespeichert.",
)


def storage(i):
    """App._storage's note ``i`` (STORAGE) in the language in use."""
    return t(STORAGE, STORAGE_DE)[i]


def _what(name):
    what = t(_WHAT, _WHAT_DE).get(name)
    if what is None:
        what = t(_OTHER, ("Daten", "", ""))
        for row in registry.GAMES:  # a game's save: its name as the players know it
            if row[3] and row[3] == name:
                what = t(("%s game" % row[4], _CHECK, "A new game starts."),
                         ("Spiel %s" % row[4], _CHECK_DE, "Ein neues Spiel beginnt."))
    return what


def unsaved(names):
    """The saves ``names`` in the players' words, as a list in a sentence: "the Drakonia
    game and the list of players" (the battery's notes: what is only in memory)."""
    out = [t("the ", "") + _what(n)[0] for n in names]
    if len(out) > 1:
        out[-2:] = [out[-2] + t(" and ", " und ") + out[-1]]
    return ", ".join(out)


def words(name, status, fallback):
    """A plain sentence or two for a saved file that could not be used."""
    what = _what(name)
    if status == _UNREAD:
        return t("The saved %s could not be read: the storage failed. It is kept as it was;"
                 " switch Wyrm off and on to try again.",
                 "%s: der gespeicherte Stand war nicht lesbar, der Speicher ist gestört. Er"
                 " bleibt, wie er war; Wyrm aus- und einschalten, um es nochmal zu"
                 " versuchen.") % what[0]
    if status == _OTHER_VERSION:
        out = t("The saved %s came from another Wyrm version.",
                "%s: der gespeicherte Stand ist von einer anderen Wyrm-Version.") % what[0]
    elif status == _DAMAGED:
        out = t("The saved %s was damaged.", "%s: der gespeicherte Stand war beschädigt.") % (
            what[0])
    else:  # power cut during a save: the previous copy is whole
        out = t("Saving the %s was cut off.", "%s: das Speichern wurde unterbrochen.") % what[0]
    if fallback:
        out += t(" The last change was lost", " Die letzte Änderung ist verloren")
        return out + (": %s." % what[1] if what[1] else ".")
    return out + (" " + what[2] if what[2] else "")




_SETTING_NAMES = {
    "contrast": "Contrast",
    "flip": "Flip 180",
    "dim_s": "Dim after",
    "off_s": "Screen off",
    "peek_s": "Peek hides",
    "battery": "Cells",
    "lang": "Language",
}
_SETTING_NAMES_DE = {
    "contrast": "Kontrast",
    "flip": "Drehen 180",
    "dim_s": "Dimmen nach",
    "off_s": "Anzeige aus",
    "peek_s": "Verdecken nach",
    "battery": "Zellen",
    "lang": "Sprache",
}


def settings_words(keys):
    """The sentence for saved settings that could not be used (the app's start)."""
    names = ", ".join(t(_SETTING_NAMES, _SETTING_NAMES_DE)[k] for k in keys)
    return t("Some saved settings could not be used (%s): the usual values are back.",
             "Einige gespeicherte Einstellungen waren unbrauchbar (%s): die üblichen Werte"
             " gelten wieder.") % names
