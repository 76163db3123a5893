"""Names in a few presses, counted as a player presses them (tests/support/drive.py's Driver).

A seat's name screen is one ring round the cursor (UP and DOWN turn it, OK takes
the item shown). The tests find the shortest way to each item by turning the ring
once all the way round and reading the screen (those presses bring the cursor
back and are not counted), then play only the shortest presses again from
power-on on a fresh flash and check the screen and the saved table.

Letter frequencies: counted by this test over the built-in list of first names
(firmware/wyrm/names.txt, 300 common German and English first names) - first
letters apart from the other letters.
"""
import os
from collections import Counter

import pytest
from drive import Driver

from host_tools import paths
from host_tools.bench import presses
from wyrm.store import Store

BOARDS = ("pico-ssd1306-4btn", "pico-ssd1306-3btn")
TO_SEATS = "up*2,ok,ok"  # main menu > Players, 4 players (the count starts on 4)
CHECK = "\x05"  # the check mark: the name as spelled
# Real first names that are not in the built-in list (spelled letter by letter)
NOT_LISTED = ("Agnes", "Bodo", "Detlef", "Fiona", "Gerda", "Hubert", "Imke", "Konrad",
              "Marlon", "Regina", "Svenja", "Wiebke")


def listed():
    with open(os.path.join(paths.FIRMWARE, "wyrm", "names.txt"), encoding="utf-8") as f:
        return [ln.strip() for ln in f if ln.strip()]


def shown(d, done):
    """The ring's item under the cursor, read from the big line of the screen."""
    big = d.text().splitlines()[1]
    if big.startswith("No name"):
        return "-"
    if done and big.startswith(done) and len(big) == len(done) + 1:
        return big[len(done):]  # a letter (or the check mark) after the letters taken
    return big  # a whole name


def read_ring(d, done):
    """Every item of the ring, from the cursor on (DOWN), by turning it once round."""
    items = [shown(d, done)]
    while True:
        d.keys("down")
        s = shown(d, done)
        if s == items[0]:
            return items
        items.append(s)
        assert len(items) < 60, items


def moves(i, n):
    if i == 0:
        return ""
    return "down*%d," % i if i <= n - i else "up*%d," % (n - i)


def enter(d, name):
    """Enter ``name`` on the seat screen that is open: the shortest presses, as a list of
    steps (moves and OK)."""
    done = ""
    steps = []
    while True:
        ring = read_ring(d, done)
        if name in ring:
            want = name
        elif done == name:
            want = CHECK
        else:
            want = name[len(done)]
        assert want in ring, (done, want, ring)
        step = moves(ring.index(want), len(ring)) + "ok"
        d.keys(step)
        steps.append(step)
        if want in (name, CHECK) or len(done + want) == 6:
            return steps
        done += want


def shortest(tmp_path, names, board="pico-ssd1306-4btn"):
    """The shortest script from power-on that enters ``names`` for seats 1, 2, ..."""
    d = fresh(tmp_path / "find", board)
    d.keys(TO_SEATS)
    steps = [TO_SEATS]
    for name in names:
        steps += enter(d, name)
    return ",".join(steps)


def fresh(folder, board="pico-ssd1306-4btn"):
    """A Driver at power-on on an empty flash folder."""
    folder.mkdir()
    return Driver(folder, board=board)


def play(tmp_path, script, board):
    d = fresh(tmp_path / board, board)
    d.keys(script)
    return d


@pytest.mark.parametrize("board", BOARDS)
def test_anna_ben_cleo_dirk_from_power_on_within_40_presses(tmp_path, board):
    """The issue's table (107 presses before): the four names from power-on cost at most
    40 presses on four and on three buttons; the Players list shows them, and they are
    saved."""
    names = ["Anna", "Ben", "Cleo", "Dirk"]
    script = shortest(tmp_path, names, board)
    n = presses.count(script)
    assert n <= 40, (n, script)
    d = play(tmp_path, script, board)
    t = d.text()
    assert t.startswith("== Players (4) ==")
    for i, name in enumerate(names):
        assert "%d  %s" % (i + 1, name) in t
    assert Store(str(tmp_path / board)).load("table") == names
    assert d.errors() == []


def test_offered_names_in_four_presses(tmp_path):
    """Names from the built-in list that a seat offers cost at most 4 presses each: seat 1
    offers Red (OK) and Anna (DOWN, OK), each seat after the name after the seat before's
    (OK)."""
    d = Driver(tmp_path)
    d.keys(TO_SEATS)
    assert d.text().splitlines()[1] == "Red"
    d.keys("down")
    assert d.text().splitlines()[1] == "Anna"
    d.keys("ok")
    assert d.text().startswith("== Seat 2: name? ==") and d.text().splitlines()[1] == "Ben"
    d.keys("ok,ok")  # Ben, Clara
    assert d.text().splitlines()[1] == "David"


def test_every_list_name_is_at_most_a_spelling(tmp_path):
    """A list name never costs more than spelling it (here every 20th name of the list
    at seat 1): the letters known names go on with come first, and the name itself is
    offered once three or fewer names are left."""
    names = listed()
    costs = {}
    for k, name in enumerate(names[::20]):
        d = fresh(tmp_path / str(k))
        d.keys(TO_SEATS)
        costs[name] = presses.count(",".join(enter(d, name)))
        assert d.text().startswith("== Seat 2: name? ==")
        assert Store(str(tmp_path / str(k))).load("table")[0] == name
    assert all(c <= 5 * len(n) + 3 for n, c in costs.items()), costs


def test_letters_weighted_by_first_names_within_5_presses(tmp_path):
    """Spelling a name that is not in the list: each letter costs at most 5 presses on
    average, weighted by how often first names use it (counted over the built-in list);
    first letters from seat 1's ring, the others from the ring after a first letter no
    listed name has (Q), where no list guides the order."""
    names = listed()
    first = Counter(n[0] for n in names)
    rest = Counter(c for n in names for c in n[1:])
    d = Driver(tmp_path)
    d.keys(TO_SEATS)
    ring0 = read_ring(d, "")
    q = ring0.index("Q")
    d.keys(moves(q, len(ring0)) + "ok")
    ring1 = read_ring(d, "Q")

    def cost(ring, c):
        i = ring.index(c)
        return min(i, len(ring) - i) + 1

    per_letter = (sum(first[c] * cost(ring0, c) for c in first)
                  + sum(rest[c] * cost(ring1, c) for c in rest))
    avg = per_letter / (sum(first.values()) + sum(rest.values()))
    assert avg <= 5, avg
    assert cost(ring1, CHECK) == 2  # the end: UP, OK


def test_spelled_names_not_in_the_list(tmp_path):
    """Real names not in the list, spelled from their seat's screen: at most 5 presses a
    letter on average plus at most 3 to start and end (here 0 to start - the first
    letter is on the seat screen - and the check mark); each is saved and shown."""
    names = listed()
    assert not set(NOT_LISTED) & set(names)
    letters = total = 0
    for k, name in enumerate(NOT_LISTED):
        d = fresh(tmp_path / str(k))
        d.keys(TO_SEATS)
        steps = enter(d, name)
        n = presses.count(",".join(steps))
        end = presses.count(steps[-1]) if len(name) < 6 else 0  # the check mark
        assert end <= 3, (name, steps)
        total += n - end
        letters += len(name)
        assert d.text().startswith("== Seat 2: name? ==")
        assert Store(str(tmp_path / str(k))).load("table")[0] == name
    assert total / letters <= 5, total / letters
    d = Driver(tmp_path / "0")
    d.keys("up*2,ok")
    assert "1  " + NOT_LISTED[0] in d.text()
