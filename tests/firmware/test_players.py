"""Players once: the table's names entered once, kept across power cuts, and
used wherever a player is named."""
import re

import pytest
from drive import Driver, same_frames, to_row

from wyrm import players
from wyrm.store import Store


def goto(d, label, most=20):
    """Move DOWN until the menu's selected row is ``label``."""
    for _ in range(most):
        if "> " + label in d.text():
            return
        d.keys("down")
    raise AssertionError("no %r in %s" % (label, d.text()))


# main menu: Players is the second entry from the bottom (UP twice from the first entry)
TO_PLAYERS = "up*2,ok"
# 4 players: the count spinner starts on 4; seat 1 offers Red, then Anna (DOWN); each
# seat after offers the name after the seat before's
FOUR = TO_PLAYERS + ",ok,down,ok,ok,ok,ok"  # Anna, then the names after her


def test_enter_four_players_once_and_they_survive_a_power_cut(tmp_path):
    d = Driver(tmp_path)
    d.keys(FOUR)
    assert d.text().splitlines()[:5] == [
        "== Players (4) ==", "> 1  Anna", "2  Ben", "3  Clara", "4  David"]
    d.reboot()
    assert Store(str(tmp_path)).load("table") == ["Anna", "Ben", "Clara", "David"]
    d.keys(TO_PLAYERS)
    assert "2  Ben" in d.text() and "How many: 4" in d.text()
    assert d.errors() == []


def test_spelled_name_with_umlaut(tmp_path):
    """A name not in the list is spelled letter by letter, u with dots included; it is
    saved as spelled and the next seat offers the first free colour."""
    d = Driver(tmp_path)
    d.keys(TO_PLAYERS + ",down*2,ok")  # 2 players: seat 1's ring
    assert d.text().startswith("== Seat 1: name? ==")
    d.keys("up*2,ok")  # J (two UPs)
    assert d.text().splitlines()[1] == "Ja"  # the letter most J names go on with
    d.keys("down*4,ok")  # \u00fc (J names' letters first; J\u00fcrgen, alone on \u00fc, whole)
    # the only name left is offered whole, the check mark after it: OK would end there
    assert d.text().splitlines()[1] == "J\u00fcrgen\x05"
    d.keys("up,ok,up*4,ok")  # r, g
    assert d.text().splitlines()[1] == "J\u00fcrgen\x05"
    d.keys("up*2,ok")  # the check mark (two UPs): the name as spelled
    assert d.text().startswith("== Seat 2: name? ==") and "\nRed\x05\n" in d.text()
    d.keys("ok")
    assert "1  J\u00fcrg" in d.text()
    assert Store(str(tmp_path)).load("table") == ["J\u00fcrg", "Red"]


def test_names_in_who_starts_rolloff_and_peek(tmp_path):
    Store(str(tmp_path)).save("table", ["Anna", "Ben", "Clara", "Dora"])
    d = Driver(tmp_path, seed=5)
    d.keys(to_row("Dice"))  # Dice
    goto(d, "Roll-off (all 1d6)")
    d.keys("ok")  # the table's count is the default
    assert "== Roll-off ==" in d.text() and "4" in d.text()
    d.keys("ok,wait:1500")
    t = d.text()
    for name in ("Anna", "Ben", "Clara", "Dora"):
        assert name in t
    assert "P1" not in t and "Player" not in t
    assert "starts!" in t or "Tie on" in t
    assert d.errors() == []


def test_drakskatten_new_game_takes_the_table(tmp_path):
    Store(str(tmp_path)).save("table", ["Anna", "Ben", "Clara"])
    d = Driver(tmp_path)
    d.keys("down,ok")  # Drakskatten: a new game asks how many, the table's 3 first
    assert "How many players?" in d.text() and "\n3\n" in d.text()
    d.keys("ok")  # the roll-off, by the table's names
    import test_drakskatten_ui as dk

    first = dk.roll_off(d)
    assert first in ("Anna", "Ben", "Clara")
    assert d.text().splitlines()[0].endswith(first)  # whose turn, in the title bar
    d.reboot()
    assert d.text().splitlines()[0].endswith(first)
    assert d.errors() == []


def test_no_names_keep_player_numbers(tmp_path):
    d = Driver(tmp_path)
    d.keys(to_row("Dice"))
    goto(d, "Roll-off (all 1d6)")
    d.keys("ok,ok,wait:1500")  # roll-off with the default count
    assert "P1" in d.text()
    assert "Anna" not in d.text()


def test_bad_saved_table_is_ignored(tmp_path):
    for bad in ([1, 2], ["A"], "Anna", ["x" * 9, "Bo"], [["a"], "Bo"]):
        st = Store(str(tmp_path))
        st.save("table", bad)

        class A:
            store = Store(str(tmp_path))
            table = None  # as App keeps it: nothing read yet

        ns = players.names(A)
        assert all(isinstance(s, str) and len(s) <= players.LEN for s in ns), bad
        assert players.name(A, 0) in ("Player 1", "Bo", "A") and players.short(A, 5) == "P6"


def test_rolloff_names_fit_on_128x32(tmp_path):
    Store(str(tmp_path)).save("table", ["Sophie", "Moritz", "J\u00fcrgen", "Lukas", "Hanna",
                                        "Elias", "Sarah"])
    d = Driver(tmp_path, seed=3, board="pico-ssd1306-128x32")
    assert d.h == 32
    d.keys(to_row("Dice"))
    goto(d, "Roll-off (all 1d6)")
    d.keys("ok,ok,wait:1500")
    t = d.text()
    for name in ("Sophie", "Moritz", "J\u00fcrgen", "Lukas", "Hanna", "Elias", "Sarah"):
        assert name in t, t
    assert "starts!" in t or "Tie on" in t


def test_players_flow_same_frames_under_micropython():
    # enter 4 players, then Dice > Roll-off (the 6th row) for the table, then a
    # DrachenSchatten game (the players' shot script: a village card each, each passed on
    # by itself) and its turn passed on
    frames = same_frames(FOUR + ",back,up*2,ok,down*5,ok,ok,wait:1500,back,back,back,"
                         "up*3,ok,ok,ok,ok,ok,ok,ok,ok,ok,ok,down,ok", seed=4)
    assert any("Anna" in f.text() and "Roll-off" in f.text() for f in frames)
    assert frames[-1].text().startswith("== Ben cards ==")
    assert "> Next turn: Clara" in frames[-1].text()


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-128x32"])
def test_name_rings_same_frames_under_micropython(board):
    """The name screens look and work the same on the Pico's MicroPython: the other first
    letters' ring (opened, left with BACK, opened again), a letter from it, a name offered
    whole (Cleo), letters spelled, one rubbed out and the check mark - on 128x64 and on
    128x32 (the item in the title bar); the Players list shows the two names."""
    frames = same_frames(TO_PLAYERS + ",down*2,ok,up,ok,up*2,back,ok,up*4,ok,up,ok,down,ok,"
                         "up*2,ok,down*11,ok,back,up*2,ok", seed=1, board=board)
    assert any("CFGINO+" in f.text() for f in frames)
    t = frames[-1].text()
    assert t.startswith("== Players (2) ==") and "1  Cleo" in t and "2  J" in t


def test_drachenhort_pass_and_peek_and_ranking_use_the_names(tmp_path):
    """The full dealt Drachenhort game of test_drachenhort_ui with a table of four names:
    "Pass to Anna", "Ben" on his card's title, and the ranking names them all."""
    import re

    from test_drachenhort_ui import FULL_DEALT, _expected_ranking, _secret_cards

    names = ["Anna", "Ben", "Clara", "Dora"]
    Store(str(tmp_path)).save("table", names)
    d = Driver(tmp_path, seed=5)
    d.keys(FULL_DEALT)
    passes = [f.text().splitlines()[1:3] for f in d.frames
              if f is not None and "Pass to" in f.text()]
    assert ["Pass to", "Anna"] in passes and ["Pass to", "Dora"] in passes
    assert not any("Player" in " ".join(p) for p in passes)
    totals, order = _expected_ranking(_secret_cards(d.frames))
    t = d.text()
    assert t.startswith("== Ranking ==")
    ranked = re.findall(r"(\d)\. (\w+) +(\d+) VP", t)
    assert [(n, int(s)) for _, n, s in ranked] == [(names[k], totals[k]) for k in order]
    assert "Player" not in t


def _title(d):
    return d.text().splitlines()[0]


def test_drachenschatten_turns_go_round_from_who_starts(tmp_path):
    """Who begins seeds the turn; each player's list names them; after a card one OK
    passes it on, round the table, and it survives a power cut."""
    Store(str(tmp_path)).save("table", ["Anna", "Ben", "Clara"])
    d = Driver(tmp_path, seed=2)
    d.keys("down*2,ok,ok,ok")  # DrachenSchatten, New game, 3 players (the table's)
    assert _title(d) == "== Last dragon slayer ==" and "> Anna" in d.text()
    d.keys("down,ok")  # Ben begins
    assert _title(d).startswith("== Ben cards ==")
    d.keys("ok,ok,ok")  # the opening round: a village card each, passed on by itself
    assert _title(d).startswith("== Ben cards ==")
    seen = []
    for _ in range(3):
        d.keys("down,ok,ok")  # a spell book, then one press passes the turn
        seen.append(_title(d).split()[1])
    assert seen == ["Clara", "Anna", "Ben"]
    d.keys("down,ok")
    d.reboot()
    assert _title(d).startswith("== Ben cards ==")
    d.keys("back")
    assert _title(d).endswith("  Ben")
    assert d.errors() == []


def test_drakskatten_rolloff_names_the_players_and_its_winner_starts(tmp_path):
    """Drakskatten's roll-off lists the game's players by name; whoever wins it has the
    first turn (the title bar names them), also after a power cut."""

    Store(str(tmp_path)).save("table", ["Anna", "Ben", "Clara"])
    for seed in range(1, 30):
        folder = tmp_path / str(seed)
        folder.mkdir()
        Store(str(folder)).save("table", ["Anna", "Ben", "Clara"])
        d = Driver(folder, seed=seed)
        d.keys("down,ok,ok")  # Drakskatten: 3 players, the table's count: the roll-off
        d.keys("wait:1500")
        while "starts!" not in d.text():
            d.keys("ok,wait:1500")
        t = d.text()
        for name in ("Anna", "Ben", "Clara"):
            assert name in t
        rolls = dict(re.findall(r"(Anna|Ben|Clara)\s+(?:> )?(\d)", t))
        winner = [n for n in rolls if rolls[n] == max(rolls.values())]  # the highest roll
        assert len(winner) == 1 and winner[0] + " starts!" in t
        d.keys("ok")  # OK: play
        assert _title(d) == "== Drakskatten ==  " + winner[0]
        d.reboot()
        assert _title(d) == "== Drakskatten ==  " + winner[0]
        if winner[0] != "Anna":
            return  # someone other than the first player won: the turn moved to them
    raise AssertionError("Anna won every roll-off")


def test_spell_and_rub_out_on_three_buttons(tmp_path):
    """Three buttons: hold OK rubs the last letter out; the name is kept as spelled."""
    d = Driver(tmp_path, board="pico-ssd1306-3btn")
    d.keys(TO_PLAYERS + ",down*2,ok")  # 2 players, seat 1's ring
    d.keys("up*2,ok,down*11,ok")  # J, g
    assert "Jg" in d.text() and "Hold OK: rub out" in d.text()
    d.keys("back")  # a long OK on three buttons
    assert "Jg" not in d.text() and "1/6" in d.text()
    d.keys("ok,up*2,ok")  # a, then the check mark (two UPs from the first letter): done
    d.keys("ok")  # seat 2: the first free colour
    assert Store(str(tmp_path)).load("table") == ["Ja", "Red"]


def test_a_damaged_table_file_is_no_crash(tmp_path):
    d = Driver(tmp_path)
    d.keys(FOUR)
    with open(str(tmp_path / "table.json"), "w") as f:
        f.write('{"garbage')
    d.reboot()
    d.keys("up*2,ok")
    assert d.errors() == []
    assert d.text().startswith("== Saved names ==")  # said in words, the older copy used
    d.keys("ok")
    assert "1  Anna" in d.text() and "Traceback" not in d.text()


def test_drachenhort_gems_and_undo_name_the_player(tmp_path):
    from test_drachenhort_ui import FULL_DEALT

    Store(str(tmp_path)).save("table", ["Anna", "Ben", "Clara", "Dora"])
    d = Driver(tmp_path, seed=5)
    d.keys(FULL_DEALT.split(",back")[0])  # escape 1's gems entered
    assert d.text().startswith("== Gems escape 1 ==")
    rows = d.text().splitlines()[1:5]
    assert [r.lstrip("> ").split()[0] for r in rows] == ["Anna", "Ben", "Clara", "Dora"]
    d.keys("back")
    goto(d, "Undo")
    d.keys("ok")
    assert "Undo: Clara gems +4?" in d.text()
