"""The players' words for a saved file that could not be used (``Store.load``'s problems).

Its own module, imported only when a save is damaged, cut off or from another version:
it is not on the heap at the main menu.
"""

from micropython import const

_DAMAGED = const(1)  # store's status codes
_VERSION = const(2)

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
}
# App._storage's notes: the flash is full, fails, works again.
STORAGE = (
    "Storage is full: changes are not being saved.",
    "Storage fails: changes are not being saved.",
    "Storage works again: changes are saved.",
)
_GAMES = {"drachenschatten": "DrachenSchatten", "drakonia": "Drakonia"}


def words(name, status, fallback):
    """A plain sentence or two for a saved file that could not be used."""
    what = _WHAT.get(name)
    if what is None:  # a game's save
        label = _GAMES.get(name) or (name[:1].upper() + name[1:])
        what = ("%s game" % label, _CHECK, "A new game starts.")
    if status == _VERSION:
        out = "The saved %s came from another Wyrm version." % what[0]
    elif status == _DAMAGED:
        out = "The saved %s was damaged." % what[0]
    else:  # power cut during a save: the previous copy is whole
        out = "Saving the %s was cut off." % what[0]
    if fallback:
        out += " The last change was lost"
        return out + (": %s." % what[1] if what[1] else ".")
    return out + " " + what[2]
