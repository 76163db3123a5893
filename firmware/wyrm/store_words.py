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
# do when its last change was lost, and what it means when it is gone altogether:
# t() pairs where they are used, so the language not in use costs no RAM. The German
# names stand before a colon, so they need no article.


def _check():
    return t("check the board", "den Spielplan prüfen")


def _what(name):
    """(what the save ``name`` holds, what to do when its last change was lost, what it
    means when it is gone) in the language in use."""
    if name == "open":
        return t(("note of the open game", "", "Choose the game again from the main menu."),
                 ("Notiz zum offenen Spiel", "", "Das Spiel im Hauptmenü neu wählen."))
    if name == "settings":
        return t(("settings", "check them in Settings", "The usual settings are used."),
                 ("Einstellungen", "in den Einstellungen prüfen",
                  "Die üblichen Einstellungen gelten."))
    if name == "party":
        return t(("party cards", "a player may be asked to look again",
                  "The secret cards are gone: deal new cards from the game menu"
                  " (Deal the cards)."),
                 ("Gruppenkarten", "vielleicht muss ein Spieler nochmal schauen",
                  "Die geheimen Karten sind weg: im Spielmenü neue Karten verteilen."))
    if name == "hdeck":
        return t(("hidden deck", _check(), "A new deck is needed."),
                 ("Verdeckte Karten", _check(), "Ein neuer Stapel ist nötig."))
    if name == "dice_stats":
        return t(("dice statistics", "", "They start again from zero."),
                 ("Würfelstatistik", "", "Sie beginnt wieder bei null."))
    if name == "table":
        return t(("list of players", "check it", "Enter the names again."),
                 ("Spielerliste", "bitte prüfen", "Die Namen neu eingeben."))
    if name == "menu":
        return t(("place in the main menu", "", "The menu starts at the top."),
                 ("Platz im Hauptmenü", "", "Das Menü beginnt oben."))
    for row in registry.GAMES:  # a game's save: its name as the players know it
        if row[3] and row[3] == name:
            return t(("%s game" % row[4], _check(), "A new game starts."),
                     ("Spiel %s" % row[4], _check(), "Ein neues Spiel beginnt."))
    # a name Wyrm itself does not save (a test's, a later version's)
    return t(("data", "", ""), ("Daten", "", ""))


def storage(i):
    """App._storage's note ``i`` in the language in use: 0 the flash is full, 1 it fails,
    2 it works again."""
    return t(("Storage is full: changes are not being saved.",
              "Storage fails: changes are not being saved.",
              "Storage works again: changes are saved."),
             ("Speicher voll: Änderungen werden nicht gespeichert.",
              "Speicher gestört: Änderungen werden nicht gespeichert.",
              "Speicher geht wieder: Änderungen werden gespeichert."))[i]


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


def _setting(key):
    """A setting's name as Settings shows it, in the language in use."""
    i = ("contrast", "flip", "dim_s", "off_s", "peek_s", "battery", "lang").index(key)
    return t(("Contrast", "Flip 180", "Dim after", "Screen off", "Peek hides", "Cells",
              "Language"),
             ("Kontrast", "Drehen 180", "Dimmen nach", "Anzeige aus", "Verdecken nach",
              "Zellen", "Sprache"))[i]


def settings_words(keys):
    """The sentence for saved settings that could not be used (the app's start)."""
    names = ", ".join([_setting(k) for k in keys])
    return t("Some saved settings could not be used (%s): the usual values are back.",
             "Einige gespeicherte Einstellungen waren unbrauchbar (%s): die üblichen Werte"
             " gelten wieder.") % names
