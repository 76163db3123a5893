"""The main menu's rows, from the firmware (``wyrm.registry``, then Players and Settings),
and the keys that reach one: key scripts name a row by its label, never by its place.

    to_row("Dice")              -> "down*5,ok"  (from the main menu's top: opens Dice)
    to_row("Dice", ok=False)    -> "down*5"     (the cursor on it)
    to_row("Drakonia")          -> "down*4,ok"  (a game also by its save's words)
"""
from host_tools import paths


def rows():
    """The main menu's labels, top to bottom, as ``wyrm.home.Home`` builds them now."""
    paths.setup()
    from wyrm import home

    return [item[0] for item in home.Home().items]


def index(label):
    """The main menu's row of ``label`` (its menu label, or a game's save words)."""
    paths.setup()
    from wyrm import registry

    names = rows()
    if label in names:
        return names.index(label)
    for row in registry.GAMES:
        if row[4] and row[4] == label:
            return names.index(row[0])
    raise KeyError("no main menu row %r (rows: %s)" % (label, ", ".join(names)))


def moves(n):
    """The key script of ``n`` DOWN presses (UP ones for a negative ``n``; "" for none)."""
    key = "down" if n > 0 else "up"
    n = abs(n)
    return "" if n == 0 else key if n == 1 else "%s*%d" % (key, n)


def to_row(label, ok=True):
    """Keys from the main menu's top to ``label``'s row, and OK on it (``ok``)."""
    keys = moves(index(label))
    if ok:
        keys = keys + ",ok" if keys else "ok"
    return keys


def games():
    """The registry's games (the rows with a save), in the menu's order:
    [(menu label, module, save name, the save in the players' words)]."""
    paths.setup()
    from wyrm import registry

    return [(r[0], r[1], r[3], r[4]) for r in registry.GAMES if r[3]]
