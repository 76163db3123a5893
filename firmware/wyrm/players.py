"""The players at the table: 2-7 short names in seat order, entered once.

The one owner of the store key "table" (a list of names, seat 1 first; "" where
no name was given). Every screen that names a player asks here::

    from wyrm import players
    players.name(app, 2)     # "Anna", or "Player 3" with no name for seat 3
    players.short(app, 2)    # "Anna", or "P3"
    players.count(app)       # seats at the table (0: never entered)

The names are read once and kept on the app (``app.table``: [names, what was wrong
with the saved ones]).
"""
from micropython import const

from wyrm import letters
from wyrm.lang import t
from wyrm.plain import seat

MIN = const(2)
MAX = const(7)
LEN = const(6)  # letters per name
KEY = "table"



def _clean(raw):
    if not isinstance(raw, list) or not MIN <= len(raw) <= MAX:
        return []  # (no names saved)
    out = []
    for s in raw:
        if not isinstance(s, str) or len(s) > LEN or not letters.shows(s):
            s = ""
        out.append(s.strip())
    return out


def _table(app):
    # [names, problem]: read from the store the first time, then kept on the app
    t = app.table
    if t is None:
        t = app.table = [[], ""]
        store = app.store
        if store:
            queue = store.problems
            n = len(queue)
            t[0] = _clean(store.load(KEY, None))
            if len(queue) > n:  # said on the Players screen, not at random
                t[1] = " ".join(queue[n:])
                del queue[n:]
    return t


def names(app):
    """The table's names in seat order ([] when none were entered)."""
    return _table(app)[0]


def take_problem(app):
    """What was wrong with the saved names ("" when nothing), said once."""
    t = _table(app)
    said = t[1]
    t[1] = ""
    return said


def count(app):
    return len(names(app))


def given(app, i):
    """Seat i's name, or "" when none was given."""
    n = names(app)
    return n[i] if 0 <= i < len(n) else ""


def name(app, i):
    return given(app, i) or t("Player %d", "Spieler %d") % (i + 1)


def short(app, i):
    return given(app, i) or seat(i)


def namer(app, short_form=False):
    """A function seat -> name (for screens that take one, e.g. pass-and-peek)."""
    f = short if short_form else name

    def who(i):
        return f(app, i)

    return who


def count_or(app, default, lo, hi):
    """The table's count as a game's default player count (within lo..hi)."""
    n = count(app) or default
    return min(max(n, lo), hi)


def save(app, lst):
    """Keep ``lst`` (names in seat order) as the table: at once here, on the flash once
    the key's frame is out (``app.save_soon``: the next screen shows first)."""
    lst = _clean(list(lst))
    _table(app)[0] = lst
    app.save_soon(KEY, lst or None)
