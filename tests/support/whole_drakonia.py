"""Der Weg nach Drakonia, a whole game for three: Anna, Ben and Cleo.

The rulebook: the youngest player (Cleo) begins; a turn is played with the cards at the
table and needs no press on the device (its "Next turn" is there for a table that wants
it); the game ends at once when a hero enters
Drakonia (Ben, in the eighth round), then every hero scores the number of its space, a
wounded hero half the space it lies beside, and the highest total wins. The count enters
each player's heroes on their grid, walking it the shortest way from the Woods.
"""
from itertools import permutations

from drive import to_row
from test_drakonia_ui import START, _cell_keys, _pos
from whole_game import WholeGame

from host_tools.bench.presses import count
from wyrm.store import Store

NAMES = ["Anna", "Ben", "Cleo"]
# where the heroes stand at the end: healthy per space 0-6, wounded beside 0-5
END = {
    "Anna": ([0, 0, 0, 1, 1, 1, 0], [0, 0, 1, 0, 0, 0]),
    "Ben": ([0, 1, 1, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]),
    "Cleo": ([0, 0, 0, 0, 1, 2, 0], [0, 0, 0, 0, 0, 0]),
}
ROUNDS = 8
YOUNGEST = 2  # Cleo


def points(healthy, wounded):
    """The rulebook's count: the space's number per hero, half of it for a wounded one."""
    return sum(s * n for s, n in enumerate(healthy)) + sum(s * n for s, n in enumerate(wounded)) / 2


def _fmt(p):
    return ("%d" % p) if p == int(p) else ("%.1f" % p)


def walk(healthy, wounded):
    """The shortest keys that enter these heroes on a grid opened on the Woods: to each
    cell, one OK per hero there (after each OK the cursor moves on to the next cell: a
    second hero on the same space is UP, OK)."""
    cells = [(_pos(0, s), n) for s, n in enumerate(healthy) if n]
    cells += [(_pos(1, s), n) for s, n in enumerate(wounded) if n]
    best = None
    for order in permutations(cells):
        keys = []
        cur = START
        for pos, n in order:
            more, cur = _cell_keys(cur, pos, n)
            keys += more
        text = ",".join(keys)
        if best is None or count(text) < count(best):
            best = text
    return best


def play(state_dir, board):
    Store(str(state_dir)).save("table", NAMES)
    g = WholeGame(state_dir, board)
    g.nav(to_row("Drakonia"))  # Der Weg nach Drakonia
    g.nav("ok")  # New game
    g.do("ok")  # three players (the table's); the turns are played at the table
    for _turn in range(ROUNDS * 3 - 1):
        g.turn()  # played with the cards at the table: the device is not needed, no press
    g.turn()  # Ben's hero enters Drakonia: the game ends at once
    g.end()
    g.counting(sum(sum(h) + sum(w) for h, w in END.values()))
    g.expect("> Final count")  # (the menu opens on it)
    g.nav("ok")  # Final count: Anna's grid
    for name in NAMES:
        g.expect("== %s count ==" % name[:4])
        g.do(walk(*END[name]))  # walk to each space, OK per hero
        g.nav("back")  # the next player's grid, after Cleo's the result
    score = {n: points(*END[n]) for n in NAMES}
    best = max(score.values())
    winner = [n for n in NAMES if score[n] == best]
    assert len(winner) == 1
    t = g.expect("== Result ==", winner[0] + " wins!")
    for n in NAMES:
        line = [x for x in t.splitlines() if x.split(" ", 1)[-1].startswith(n)]
        assert line and line[0].split()[-1] == _fmt(score[n]), (n, t)
    return g
