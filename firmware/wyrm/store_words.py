"""The players' words for a saved file that could not be used (``Store.load``'s problems).

Imported where a save is damaged, cut off or from another version, or a change is not saved.
"""

from micropython import const

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
# The games' saves, by store name: their names as the players know them.
_GAMES = {
    "drachenhort": "Drachenhort",
    "drakskatten": "Drakskatten",
    "drachenschatten": "DrachenSchatten",
    "drachenfels": "Drachenfels",
    "drakonia": "Drakonia",
}
_OTHER = ("data", "", "")  # a name Wyrm itself does not save (a test's, a later version's)


def _what(name):
    what = _WHAT.get(name)
    if what is None:
        label = _GAMES.get(name)
        what = ("%s game" % label, _CHECK, "A new game starts.") if label else _OTHER
    return what


def unsaved(names):
    """The saves ``names`` in the players' words, as a list in a sentence: "the Drakonia
    game and the list of players" (the battery's notes: what is only in memory)."""
    out = ["the " + _what(n)[0] for n in names]
    if len(out) > 1:
        out[-2:] = [out[-2] + " and " + out[-1]]
    return ", ".join(out)


def words(name, status, fallback):
    """A plain sentence or two for a saved file that could not be used."""
    what = _what(name)
    if status == _UNREAD:
        return ("The saved %s could not be read: the storage failed. It is kept as it was;"
                " switch Wyrm off and on to try again." % what[0])
    if status == _OTHER_VERSION:
        out = "The saved %s came from another Wyrm version." % what[0]
    elif status == _DAMAGED:
        out = "The saved %s was damaged." % what[0]
    else:  # power cut during a save: the previous copy is whole
        out = "Saving the %s was cut off." % what[0]
    if fallback:
        out += " The last change was lost"
        return out + (": %s." % what[1] if what[1] else ".")
    return out + (" " + what[2] if what[2] else "")




_SETTING_NAMES = {
    "contrast": "Contrast",
    "flip": "Flip 180",
    "dim_s": "Dim after",
    "off_s": "Screen off",
    "peek_s": "Peek hides",
    "battery": "Cells",
}


def settings_words(keys):
    """The sentence for saved settings that could not be used (the app's start)."""
    names = ", ".join(_SETTING_NAMES[k] for k in keys)
    return "Some saved settings could not be used (%s): the usual values are back." % names
