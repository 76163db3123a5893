"""Dice screens (wyrm.dice_ui): Dice menu, roll screen, history, statistics, who starts.

Everything is driven from the main menu with key scripts, as a user would.
Main menu: Dice is the 6th entry ("down*5,ok", or "up,up,ok" as the menu wraps).
Dice menu: Drachenhort die, d6, 2d6, Door search, [custom dice], Who starts?,
Roll-off, Statistics, Your own dice. Choosing a die rolls it at once.
"""
import json
import math
import re

import pytest
from drive import Driver, same_frames

from host_tools.sim import core as simcore
from wyrm.registry import GAMES
from wyrm.store import Store

_DICE_AT = [g[0] for g in GAMES].index("Dice")
_MAIN_LEN = len(GAMES) + 2  # + Players, Settings
DICE = "down*%d,ok" % _DICE_AT if _DICE_AT else "ok"  # main menu -> Dice menu
HINT_ANY = "any adventurer"
HINT_LIT = "lit or start only"
DH_FACES = ("1", "2", "3", "4", "6")


# -- helpers ---------------------------------------------------------------------------
def bigs(frame):
    """Strings drawn in big digits on a frame (font.big logs scale 0)."""
    return [s for (_x, _y, s, _c, sc) in frame.log if sc == 0]


def strings(frame):
    return [s for (_x, _y, s, _c, _sc) in frame.log]


def flat(d):
    """The screen text on one line (wrapped messages read as one sentence)."""
    return " ".join(d.text().split())


def lines(d):
    return d.text().splitlines()


def title(d):
    return lines(d)[0]


def roll_count(d):
    """The roll number in the roll screen's title ("#12")."""
    m = re.search(r"#(\d+)", title(d))
    return int(m.group(1)) if m else 0


def stats_counts(text):
    """{face: count} from the statistics screen text ("2:  208")."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"^(\S+):\s+(\d+)$", line.strip())
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def result_frames(frames, hints=(HINT_ANY, HINT_LIT)):
    """Frames showing a Drachenhort result (with its hint)."""
    return [f for f in frames if f is not None and any(h in strings(f) for h in hints)]


def write_dice_json(tmp_path, text):
    with open(str(tmp_path / "dice.json"), "w") as f:
        f.write(text)


@pytest.fixture
def dice_ui():
    """wyrm.dice_ui imported for a direct API test."""
    from wyrm import dice_ui as mod

    return mod


# -- menu and the quickest way to a roll ---------------------------------------------------
def test_dice_menu_lists_builtin_dice_with_drachenhort_first(tmp_path):
    """The Dice menu lists the built-in dice, the Drachenhort die first and selected."""
    d = Driver(tmp_path)
    d.keys(DICE)
    t = lines(d)
    assert t[0] == "== Dice =="
    assert t[1:5] == ["> Drachenhort die", "d6", "2d6", "Door search (1d6)"]
    d.keys("down*4")
    assert "> Who starts?" in lines(d)
    d.keys("down")
    assert "> Roll-off (all 1d6)" in lines(d)
    d.keys("down")
    assert "> Statistics" in lines(d)
    assert d.errors() == []


def test_drachenhort_die_is_rolled_two_presses_after_reaching_dice(tmp_path):
    """From the main menu: move to Dice (the shorter way round), OK, OK - the Drachenhort
    die is rolled; with Dice on the main menu's 2nd entry (or the die first in a game
    menu) that is three presses."""
    up = _MAIN_LEN - _DICE_AT
    moves = "down*%d" % _DICE_AT if _DICE_AT <= up else "up*%d" % up
    d = Driver(tmp_path)
    d.keys(moves + ",ok,ok")
    f = d.last()
    assert title(d).startswith("== Drachenhort die ==")
    assert len(bigs(f)) == 1 and bigs(f)[0] in DH_FACES
    assert roll_count(d) == 1
    assert d.errors() == []


# -- the roll screen ---------------------------------------------------------------------------
def test_tumble_lasts_at_most_400ms_then_big_digit_with_hint(tmp_path):
    """OK starts a tumble of changing faces (<= 400 ms), then the result in big digits
    with the Drachenhort hint: 2 moves any adventurer, other faces lit/start only."""
    d = Driver(tmp_path, seed=4)
    d.keys(DICE + ",ok")
    seen = set()
    for _ in range(12):
        frames = d.keys("ok")  # no key during the tumble: it runs its full length
        tumble = [f for f in frames if not result_frames([f])]
        done = result_frames(frames)
        assert tumble and done
        start = tumble[0]
        assert bigs(start), "the tumble shows big faces"
        shown = [bigs(f)[0] for f in tumble]
        assert len(shown) >= 3 and len(set(shown)) >= 2, shown
        assert all(s in DH_FACES for s in shown)
        end = done[0]
        assert 200 <= end.t - start.t <= 400
        face = bigs(end)
        assert len(face) == 1 and face[0] in DH_FACES
        expected = HINT_ANY if face[0] == "2" else HINT_LIT
        assert expected in strings(end)
        assert (HINT_LIT if face[0] == "2" else HINT_ANY) not in strings(end)
        seen.add(face[0])
    assert {"2"} < seen, "both kinds of hint were shown"
    assert roll_count(d) == 13
    assert d.errors() == []


def test_any_key_during_tumble_shows_result_at_once_and_does_nothing_else(tmp_path):
    """A key pressed while the die tumbles shows the result at once; that press neither
    rolls again nor opens another screen."""
    d = Driver(tmp_path, seed=2)
    d.keys(DICE + ",ok")
    for key in ("ok", "down", "up", "back"):
        before = roll_count(d)
        frames = d.keys("ok," + key)  # the second key comes 120 ms after the roll
        start = [f for f in frames if bigs(f) and not result_frames([f])][0]
        end = result_frames(frames)[0]
        assert end.t - start.t < 300
        assert title(d).startswith("== Drachenhort die ==")
        assert roll_count(d) == before + 1
        assert result_frames([d.last()])
    assert d.errors() == []


def test_2d6_shows_both_dice_and_the_total(tmp_path):
    """2d6 shows both dice and their sum in big digits, e.g. 3+5=8."""
    d = Driver(tmp_path, seed=3)
    d.keys(DICE + ",down*2,ok")
    for _ in range(10):
        big = bigs(d.last())
        assert len(big) == 1
        m = re.match(r"^(\d)\+(\d)=(\d+)$", big[0])
        assert m, big
        a, b, total = int(m.group(1)), int(m.group(2)), int(m.group(3))
        assert 1 <= a <= 6 and 1 <= b <= 6 and total == a + b
        d.keys("ok,wait:400")
    assert d.errors() == []


def test_door_search_says_found_on_1_to_3_and_not_found_on_4_to_6(tmp_path):
    """The door search shows its number and, in words, FOUND for 1-3, not found for 4-6."""
    d = Driver(tmp_path, seed=5)
    d.keys(DICE + ",down*3,ok")
    seen = set()
    for _ in range(40):
        f = d.last()
        v = int(bigs(f)[0])
        words = [s for (_x, _y, s, _c, sc) in f.log if sc == 2]
        if v <= 3:
            assert words == ["door", "FOUND"], (v, words)
        else:
            assert words == ["not", "found"], (v, words)
        seen.add(v)
        d.keys("ok,wait:400")
    assert seen == {1, 2, 3, 4, 5, 6}
    assert d.errors() == []


def test_history_line_and_history_screen_list_last_rolls_newest_first(tmp_path):
    """The bottom line lists the last rolls newest first; UP opens a numbered history."""
    d = Driver(tmp_path, seed=6)
    d.keys(DICE + ",down,ok")  # d6, rolled once
    results = [bigs(d.last())[0]]
    for _ in range(11):
        d.keys("ok,wait:400")
        results.append(bigs(d.last())[0])
    bottom = lines(d)[-1]
    assert bottom.split()[1:11] == results[::-1][:10]
    d.keys("up")
    t = lines(d)
    assert t[0].startswith("== d6 ==") and "history" in t[0]
    assert t[1:7] == ["%d  %s" % (12 - i, results[11 - i]) for i in range(6)]
    d.keys("down*10")
    assert lines(d)[-1] == "1  %s" % results[0]
    d.keys("back")
    assert title(d).startswith("== d6 ==") and "history" not in title(d)
    assert d.errors() == []


# -- statistics -------------------------------------------------------------------------------
def test_600_rolls_give_counts_near_100_200_100_100_100_and_a_verdict(tmp_path):
    """After 600 rolls of the Drachenhort die the statistics show each face's count near
    100/200/100/100/100 (within 4 standard deviations), 600 rolls and a verdict."""
    d = Driver(tmp_path, seed=11)
    d.keys(DICE + ",ok")
    d.keys(",".join(["ok,ok"] * 599))  # roll, skip the tumble; 599 times
    d.keys("wait:400,down")
    t = d.text()
    assert title(d).startswith("== Drachenhort")
    assert "600 rolls" in title(d)
    counts = stats_counts(t)
    assert sorted(counts) == sorted(DH_FACES)
    assert sum(counts.values()) == 600
    for face, p in (("1", 1 / 6), ("2", 1 / 3), ("3", 1 / 6), ("4", 1 / 6), ("6", 1 / 6)):
        sigma = math.sqrt(600 * p * (1 - p))
        assert abs(counts[face] - 600 * p) <= 4 * sigma, (face, counts)
    assert lines(d)[-1] == "Looks fair"
    assert d.errors() == []


def test_statistics_bars_are_proportional_with_expected_mark(tmp_path):
    """Each face has a bar as long as its share; the expected share is marked."""
    d = Driver(tmp_path, seed=8)
    d.keys(DICE + ",ok")
    d.keys(",".join(["ok,ok"] * 59) + ",wait:400,down")
    counts = stats_counts(d.text())
    px = simcore.pixels(d.data(), 128, 64)
    lengths = []
    for row in range(5):
        y = 10 + row * 8 + 3  # middle of the bar
        xs = [x for x in range(31, 128) if px[y][x]]  # right of the face and count
        lengths.append(max(xs) - min(xs) + 1 if xs else 0)
    faces = ["1", "2", "3", "4", "6"]
    top = max(counts.values())
    longest = max(lengths)
    for i, f in enumerate(faces):
        assert abs(lengths[i] - longest * counts[f] / top) <= 3, (lengths, counts)
    assert d.errors() == []


def test_stats_and_history_survive_power_cut_and_roll_screen_reopens(tmp_path):
    """Counts and history are saved with every roll: after a power cut Wyrm reopens the
    roll screen of that die with the same history and statistics."""
    d = Driver(tmp_path, seed=9)
    d.keys(DICE + ",ok")
    d.keys("ok,ok," * 19 + "wait:400")
    bottom = lines(d)[-1]
    d.keys("down")
    before = d.text()
    assert "20 rolls" in before
    d.reboot()
    assert title(d).startswith("== Drachenhort die ==")
    assert "OK: roll" in d.text()
    assert lines(d)[-1] == bottom
    d.keys("down")
    assert d.text() == before
    d.keys("back,back")
    assert title(d) == "== Dice =="
    d.reboot()  # left the roll screen: only the Dice menu comes back
    assert title(d) == "== Dice =="
    assert d.errors() == []


def test_power_cut_during_tumble_keeps_the_roll(tmp_path):
    """A roll is counted before its tumble ends: a power cut mid-tumble loses nothing."""
    d = Driver(tmp_path, seed=9)
    d.keys(DICE + ",ok,wait:400")
    d.keys("press:ok,release:ok")  # the tumble is still running when power goes
    d.reboot()
    d.keys("down")
    assert "2 rolls" in title(d)
    assert d.errors() == []


def test_reset_statistics_asks_first_and_defaults_to_no(tmp_path):
    """OK on the statistics screen asks before resetting; No is preselected."""
    d = Driver(tmp_path, seed=10)
    d.keys(DICE + ",ok,ok,ok,wait:400,down")
    assert "2 rolls" in title(d)
    d.keys("ok")
    assert "Reset the counts" in d.text() and "> No" in d.text()
    d.keys("ok")
    assert "2 rolls" in title(d)
    d.keys("ok,up,ok")
    assert "0 rolls" in title(d)
    assert set(stats_counts(d.text()).values()) == {0}
    d.keys("wait:1600,back")
    assert "OK: roll" in d.text()  # the old result is gone too
    d.keys("up")
    assert "No rolls yet." in d.text()
    assert d.errors() == []


def test_a_reset_is_saved_right_after_its_frame(tmp_path):
    """The emptied counts are written once they are on the panel (the question's answer
    shows at once); a power cut a moment later keeps them empty."""
    d = Driver(tmp_path, seed=10)
    d.keys(DICE + ",ok,ok,ok,wait:400,down,ok,up,ok")
    assert "0 rolls" in title(d)
    d.reboot()  # back on the die's screen, with nothing rolled
    assert "OK: roll" in d.text() and roll_count(d) == 0
    d.keys("down")
    assert "0 rolls" in title(d)
    assert d.errors() == []


def test_statistics_menu_lists_every_die_with_its_rolls(tmp_path):
    """Dice > Statistics lists every die with its number of rolls and opens its stats."""
    d = Driver(tmp_path, seed=12)
    d.keys(DICE + ",down,ok,ok,ok,ok,ok,wait:400,back")  # d6: 3 rolls
    d.keys("down*5,ok")
    t = lines(d)
    assert t[0] == "== Statistics =="
    assert re.match(r"^> Drachenhort die\s+0$", t[1])
    assert re.match(r"^d6\s+3$", t[2])
    d.keys("down,ok")
    assert title(d).startswith("== d6") and "3 rolls" in title(d)
    assert d.errors() == []


@pytest.mark.parametrize(
    "saved, message",
    [
        (b"WYRM 1 00000000 5\nhello", "damaged"),
        (
            {"v": 1, "dice": {"dh": {"s": "1:1,2,2,3,4,6", "c": [1, "x"], "h": []}}},
            "could not be read",
        ),
        ({"v": 1, "dice": [1, 2]}, "could not be read"),
        (["not", "a", "dict"], "could not be read"),
    ],
)
def test_damaged_or_unexpected_saved_counts_start_afresh_with_a_message(tmp_path, saved, message):
    """A damaged or unexpected dice statistics file gives a message and fresh counts."""
    if isinstance(saved, bytes):
        with open(str(tmp_path / "dice_stats.json"), "wb") as f:
            f.write(saved)
    else:
        Store(str(tmp_path)).save("dice_stats", saved)
    d = Driver(tmp_path, seed=1)
    d.keys(DICE + ",ok")
    assert message in flat(d)
    d.keys("ok")
    assert title(d).startswith("== Drachenhort die ==") and roll_count(d) == 1
    d.keys("wait:400,down")
    assert "1 roll" in title(d)
    assert d.errors() == []


def test_saved_counts_of_a_changed_die_are_not_reused(tmp_path):
    """Counts saved for other faces (a changed custom die) or of the wrong length are dropped."""
    Store(str(tmp_path)).save(
        "dice_stats",
        {
            "v": 1,
            "dice": {
                "dh": {"s": "1:1,2,3,4,5,6", "c": [5, 5, 5, 5, 5], "h": [[5]]},
                "d6": {"s": "1:1,2,3,4,5,6", "c": [1, 1, 1], "h": [[7], [2]]},
            },
        },
    )
    d = Driver(tmp_path, seed=1)
    d.keys(DICE + ",ok,wait:400")
    assert roll_count(d) == 1
    d.keys("back,down,ok,wait:400")
    assert roll_count(d) == 1
    face = bigs(d.last())[0]
    d.keys("up")
    assert lines(d)[1:] == ["1  " + face]
    assert d.errors() == []


# -- custom dice ----------------------------------------------------------------------------------
def test_bad_dice_json_names_the_problem_and_builtin_dice_still_roll(tmp_path):
    """A dice.json that is not JSON gets a message saying so; the built-in dice still roll."""
    write_dice_json(tmp_path, '{"dice": [{"name": "d20", "sides": 20},]')
    d = Driver(tmp_path, seed=1)
    d.keys(DICE)
    t = d.text()
    assert t.startswith("== dice.json ==")
    assert "not valid JSON" in flat(d)
    d.keys("ok")
    assert lines(d)[1:5] == ["> Drachenhort die", "d6", "2d6", "Door search (1d6)"]
    d.keys("down,ok")
    assert title(d).startswith("== d6 ==") and bigs(d.last())[0] in "123456"
    assert d.errors() == []


def test_dice_json_bad_entry_is_named_and_good_entries_are_kept(tmp_path):
    """A bad entry in dice.json is named (number and problem); the good ones are offered."""
    write_dice_json(
        tmp_path,
        json.dumps({"dice": [{"name": "d20", "sides": 20}, {"name": "d1000", "sides": 1000}]}),
    )
    d = Driver(tmp_path, seed=1)
    d.keys(DICE)
    t = d.text().replace("\n", " ")
    assert "die 2" in t and "sides must be 2..100" in t
    d.keys("ok,down*6")  # your own dice follow Who starts? and the roll-off
    assert lines(d)[-2:] == ["Roll-off (all 1d6)", "> d20"]
    d.keys("down")
    assert lines(d)[-1] == "> Statistics"
    assert "d1000" not in d.text()
    assert d.errors() == []


def test_valid_dice_json_adds_dice_that_roll(tmp_path):
    """Dice from dice.json follow the built-in entries (dice, who starts, roll-off): a d20
    rolls 1..20 in big digits, a word die shows its word in large letters."""
    write_dice_json(
        tmp_path,
        json.dumps(
            {
                "dice": [
                    {"name": "d20", "sides": 20},
                    {"name": "Weather", "faces": ["Sun", "Rain", "Storm"]},
                ]
            }
        ),
    )
    d = Driver(tmp_path, seed=1)
    d.keys(DICE)
    assert lines(d)[1:7] == ["> Drachenhort die", "d6", "2d6", "Door search (1d6)",
                             "Who starts?", "Roll-off (all 1d6)"]
    d.keys("down*7")
    assert lines(d)[-2:] == ["d20", "> Weather"]
    d.keys("up,ok")
    values = set()
    for _ in range(30):
        assert title(d).startswith("== d20 ==")
        values.add(int(bigs(d.last())[0]))
        d.keys("ok,wait:400")
    assert values <= set(range(1, 21)) and len(values) >= 12
    d.keys("back,down,ok")
    words = set()
    for _ in range(12):
        f = d.last()
        w = [s for (_x, _y, s, _c, sc) in f.log if sc >= 2]  # large letters
        assert len(w) == 1 and w[0] in ("Sun", "Rain", "Storm")
        words.add(w[0])
        d.keys("ok,wait:400")
    assert words == {"Sun", "Rain", "Storm"}
    d.keys("down")
    assert re.search(r"^Sun:\s+\d+$", d.text(), re.M)
    assert d.errors() == []


# -- who starts ----------------------------------------------------------------------------------
def test_who_starts_picks_a_player_among_the_chosen_count(tmp_path):
    """Who starts? asks for 2..7 players and names one of them; OK picks again, and every
    player comes up."""
    d = Driver(tmp_path, seed=1)
    d.keys(DICE + ",down*4,ok")
    assert title(d) == "== Who starts? =="
    assert bigs(d.last()) == ["4"]
    d.keys("down*5")
    assert bigs(d.last()) == ["2"]
    d.keys("up*9")
    assert bigs(d.last()) == ["7"]
    d.keys("down*2,ok")
    picks = set()
    for _ in range(60):
        t = d.text()
        m = re.search(r"Player (\d) starts", t)
        assert m, t
        p = int(m.group(1))
        assert bigs(d.last()) == [str(p)]
        picks.add(p)
        d.keys("ok,wait:400")
    assert picks == {1, 2, 3, 4, 5}
    d.keys("back,ok")  # Who starts? is still selected
    assert bigs(d.last()) == ["5"]  # the last count is remembered
    assert d.errors() == []


def _rolloff_cells(frame):
    """{player: (roll or None, highlighted)} from a roll-off frame."""
    by_pos = {}
    for x, y, s, c, _sc in frame.log:
        if y > 10:
            by_pos.setdefault((x // 64, y), []).append((x, s, c))
    cells = {}
    for items in by_pos.values():
        items.sort()
        if len(items) == 2 and re.match(r"^P\d$", items[0][1]):
            p = int(items[0][1][1:])
            v = items[1][1]
            cells[p] = (None if v == "out" else int(v), items[0][2] == 0)
    return cells


def test_rolloff_shows_every_round_and_only_the_tied_highest_roll_again(tmp_path):
    """Roll-off (seed with ties): each round shows every player's roll; the tied highest are
    marked and alone roll in the next round, until one is left, who starts."""
    d = Driver(tmp_path, seed=3)
    d.keys(DICE + ",down*5,ok,ok,wait:400")  # 4 players
    in_game = {1, 2, 3, 4}
    rounds = 0
    while True:
        rounds += 1
        assert ("round %d" % rounds) in title(d)
        cells = _rolloff_cells(d.last())
        assert sorted(cells) == [1, 2, 3, 4]
        rolled = {p for p in cells if cells[p][0] is not None}
        assert rolled == in_game
        best = max(cells[p][0] for p in rolled)
        top = {p for p in rolled if cells[p][0] == best}
        assert {p for p in cells if cells[p][1]} == top
        if len(top) == 1:
            assert "Player %d starts!" % top.pop() in d.text()
            break
        assert "Tie on %d: roll again" % best in d.text()
        in_game = top
        d.keys("ok,wait:400")
    assert rounds >= 3  # seed 3: two ties in a row
    d.keys("up")
    assert ("round %d/%d" % (rounds - 1, rounds)) in title(d)
    assert d.errors() == []


# -- public builders for the game menus -----------------------------------------------------------
def test_public_builders_open_dice_screens_for_games(tmp_path, dice_ui):
    """roll_screen(id), who_starts_screen(n) and rolloff_screen(n) give ready screens;
    an unknown die id gives a plain message."""
    d = Driver(tmp_path, seed=2)
    d.app.push(dice_ui.roll_screen("door"))
    d.keys("ok,wait:400")
    assert title(d).startswith("== Door search") and roll_count(d) == 1
    d.keys("back")
    d.app.push(dice_ui.roll_screen("2d6", roll_now=True))
    d.keys("wait:400")
    assert re.match(r"^\d\+\d=\d+$", bigs(d.last())[0])
    d.keys("back")
    d.app.push(dice_ui.who_starts_screen(3))
    d.keys("wait:400")
    assert re.search(r"Player [123] starts", d.text())
    d.keys("back")
    d.app.push(dice_ui.rolloff_screen(6))
    d.keys("wait:400")
    assert sorted(_rolloff_cells(d.last())) == [1, 2, 3, 4, 5, 6]
    d.keys("back")
    d.app.push(dice_ui.roll_screen("d7"))
    d.keys("wait:100")
    assert "no die called d7" in flat(d)
    assert d.errors() == []


# -- other panels ---------------------------------------------------------------------------
@pytest.mark.parametrize("board", ["pico-ssd1306-128x32", "pico-ssd1306-3btn"])
def test_dice_screens_work_on_small_panel_and_three_buttons(tmp_path, board):
    """On a 128x32 panel and a three-button board the dice screens open and show results."""
    d = Driver(tmp_path, seed=1, board=board)
    d.keys(DICE + ",ok")
    assert bigs(d.last())[0] in DH_FACES
    d.keys("down")
    d.keys("back,back,down,ok")
    assert bigs(d.last())
    d.keys("back,down*3,ok,ok")
    assert re.search(r"Player \d", d.text())
    d.keys("back,down,ok,ok,wait:400")
    assert _rolloff_cells(d.last()) or d.h < 64
    assert max(y for f in d.frames if f for (_x, y, _s, _c, _sc) in f.log) < d.h
    assert d.errors() == []


# -- same frames under real MicroPython ------------------------------------------------------------
def test_same_frames_under_micropython_and_cpython():
    """Open Dice, roll the Drachenhort die and 2d6, open history and statistics: real
    MicroPython draws byte-identical frames to CPython."""
    script = DICE + ",ok,wait:400,ok,wait:400,up,back,down,back,back,down*2,ok,ok,ok,wait:400,down"
    cp = same_frames(script, seed=7)
    assert len(cp) > 20
    assert "2d6" in cp[-1].text() and "rolls" in cp[-1].text()


def test_custom_dice_who_starts_and_rolloff_same_frames_under_micropython(tmp_path):
    """With a dice.json (one bad entry), a word die, Who starts? and the roll-off draw
    byte-identical frames under real MicroPython and CPython."""
    weather = {"name": "Weather", "faces": ["Sun", "Rain", "Storm"]}
    text = json.dumps({"dice": [weather, {"name": "x", "sides": 0}]})
    script = (
        DICE + ",ok,down*6,ok,ok,ok,wait:400,down,back,back"
        ",up*2,ok,ok,wait:400,ok,wait:400,back,down,ok,ok,wait:400,ok,wait:400,up"
    )

    def state(runtime):
        folder = tmp_path / runtime
        folder.mkdir()
        (folder / "dice.json").write_text(text)
        return str(folder)

    cp = same_frames(script, seed=3, state=state)
    assert "Roll-off" in cp[-1].text()
    assert any("Weather" in f.text() for f in cp) and any("Player" in f.text() for f in cp)


def test_a_tumble_frame_never_shows_the_face_already_on_show():
    """Each new tumble face differs from the one before, for every draw of the cheap
    generator: the Drachenhort die has two 2s side by side, and stepping one face on
    from a 2 used to land on the other 2 - a frame with nothing new, which looks like
    the roll has stalled (and leaves the panel bus quiet)."""
    from wyrm import dice
    from wyrm.dice_roll_ui import RollScreen

    for die in (dice.DRACHENHORT, dice.TWO_D6):
        screen = RollScreen(die)
        for face in set(die.faces):
            for seed in range(64):
                screen.seed = seed
                screen.shown = [face] * die.count
                screen.next_face(None)
                assert screen.shown[0] != face, (die.name, face, seed)



@pytest.mark.parametrize("die_at", [0, 1], ids=["drachenhort-die", "d6"])
def test_the_first_tumble_frame_differs_from_the_result_on_show(tmp_path, die_at):
    """OK on a result: the tumble's first face is never the face on show, so the panel
    answers the release at once (the same face drew nothing new: no frame went out, and
    on the Pico the roll's save came before the next one, a panel that seemed stuck)."""
    d = Driver(tmp_path, seed=2)
    d.keys(DICE + ",down" * die_at + ",ok")
    for _ in range(40):
        before = bigs(d.last())
        frames = d.keys("ok")  # a tap: released 80 ms after its press
        first = frames[0]
        assert first.t <= simcore.TAP_MS, (before, first.t)
        assert bigs(first) and bigs(first) != before, (before, bigs(first))
        d.wait(400)  # the tumble ends: the result is on show
    assert d.errors() == []
