"""Quick roll: UP+DOWN together roll the open game's die; one press returns."""
import pytest
from drive import Driver, to_row

from host_tools.sim import core as simcore

CHORD = "chord:up+down"


def title(d):
    return d.text().splitlines()[0]


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn"])
def test_drachenhort_die_from_rules_notes_and_back(tmp_path, board):
    d = Driver(tmp_path, board=board)
    d.keys("ok,down*2,ok,down")  # Drachenhort -> Rules notes, scrolled one line
    before = d.text()
    d.keys(CHORD)
    assert title(d) == "== Drachenhort die ==  #1"
    assert "lit or start" in d.text() or "any adventurer" in d.text()
    d.keys("ok,wait:400")  # OK rolls again
    assert title(d) == "== Drachenhort die ==  #2"
    d.keys("back")
    assert d.text() == before
    assert d.errors() == []


def test_back_returns_even_while_the_die_tumbles(tmp_path):
    d = Driver(tmp_path)
    d.keys("down,ok,ok,wait:600,ok,up,ok,down*2")  # Drakskatten, Blue's screen, Injury
    before = d.text()
    d.keys(CHORD + ",back")  # BACK 120 ms after the chord: the 360 ms tumble still runs
    assert d.text() == before


def test_drakskatten_rolls_the_move_d6_and_the_chord_again_returns(tmp_path):
    d = Driver(tmp_path)
    d.keys("down,ok,ok,wait:600,ok,down*2")  # Drakskatten game menu, "New monster" selected
    assert "> New monster" in d.text()
    before = d.text()
    d.keys(CHORD)
    assert title(d) == "== d6 ==  #1"
    d.keys("up")  # its history
    assert "history" in title(d)
    d.keys(CHORD)  # back to where the quick roll started, history and all closed
    assert d.text() == before
    assert d.errors() == []


def test_other_games_roll_the_last_die_used_d6_at_first(tmp_path):
    d = Driver(tmp_path)
    d.keys("down*3,ok")  # Drachenfels: no die of its own, nothing rolled yet
    d.keys(CHORD)
    assert title(d) == "== d6 ==  #1"
    d.keys("back,back,down*2,ok")  # Dice: it starts on the d6, the die rolled last
    assert "> d6" in d.text()
    d.keys("down*2,ok,wait:400,back,back")  # Door search
    d.keys("down,ok")  # Hidden deck
    d.keys(CHORD)
    assert title(d).startswith("== Door search")
    assert "#2" in title(d)
    assert d.errors() == []


def test_the_chord_does_nothing_outside_a_game(tmp_path):
    """At the main menu and in Settings the chord is no quick roll, and moves nothing."""
    d = Driver(tmp_path)
    before = d.text()
    d.keys(CHORD)
    assert d.text() == before
    d.keys("up,ok")
    before = d.text()
    d.keys(CHORD)
    assert d.text() == before


def test_a_power_cut_during_a_quick_roll_comes_back_to_the_game(tmp_path):
    d = Driver(tmp_path)
    d.keys("ok," + CHORD)
    assert title(d) == "== Drachenhort die ==  #1"
    d.reboot()
    assert title(d) == "== Drachenhort =="
    d.keys(CHORD)
    assert title(d) == "== Drachenhort die ==  #2"  # the roll was counted and saved


def test_the_chord_waking_a_dark_panel_only_wakes_it(tmp_path):
    d = Driver(tmp_path)
    d.keys("ok")
    d.wait(301000)
    assert not d.dev.panel.on
    d.keys(CHORD)
    assert d.dev.panel.on
    assert title(d) == "== Drachenhort =="


def test_quick_roll_same_frames_under_micropython():
    script = "down,ok,ok,wait:600,ok,up,ok,%s,wait:400,ok,wait:400,back,%s,back" % (CHORD, CHORD)
    a = simcore.run_script(script, runtime="cpython", seed=3)
    b = simcore.run_script(script, runtime="micropython", seed=3)
    assert a[3] == [] and b[3] == []
    assert [f.data for f in a[0]] == [f.data for f in b[0]]
    assert any("== d6 ==" in f.text() for f in a[0])


# Dice > d6, its first roll over
_D6 = to_row("Dice") + ",down,ok,wait:500"


def _face_matches_count(d):
    """The roll screen on top shows its newest roll: the big face is the newest roll of the
    history line, and the title's number counts the rolls saved for that die."""
    from wyrm.dice_roll_ui import RollScreen, rolls_of

    s = d.app.top()
    if not isinstance(s, RollScreen) or s.t0 is not None or s.result is None:
        return False
    lines = d.text().splitlines()
    newest = lines[2].split()[1]  # the history line: an arrow, then newest first
    assert lines[1] == newest == str(s.hist[0][0]), lines
    assert lines[0].endswith("#%d" % rolls_of(s.book.get(s.die)[0])), lines
    return True


_UNDER = (_D6 + ",ok,wait:500,ok,wait:500," + CHORD + ",wait:500,ok,wait:500,ok,wait:500,"
          "ok,wait:500," + CHORD + ",wait:500")  # rolls #1-3, quick rolls #4-7, closed


def test_a_die_screen_under_a_quick_roll_shows_the_newest_face_beside_its_count(tmp_path):
    """Back from a quick roll of the same die, the die screen shows the quick roll's face
    (the newest in its history) beside the count that includes it, never its own older face."""
    d = Driver(tmp_path)
    d.keys(_UNDER)
    assert title(d) == "== d6 ==  #7"
    assert _face_matches_count(d)
    assert d.errors() == []


def test_the_die_screen_under_a_quick_roll_is_the_same_under_micropython():
    """The WebAssembly MicroPython shows the same: the newest roll's face beside #7."""
    frames, _w, _h, errors = simcore.run_script(_UNDER, runtime="micropython", seed=1)
    lines = frames[-1].text().splitlines()
    assert errors == []
    assert lines[0] == "== d6 ==  #7"
    assert lines[1] == lines[2].split()[1]  # the big face is the history's newest roll


@pytest.mark.parametrize("seed", range(6))
def test_after_any_mix_of_rolls_and_quick_rolls_the_face_is_the_newest_roll(tmp_path, seed):
    """Rolls, quick rolls (also opened and closed while a die tumbles), the history and the
    statistics in any order: whenever a settled die screen is on top its face is the newest
    roll in its history and the title counts that roll."""
    import random

    rnd = random.Random(seed)
    tokens = ["ok,wait:500", "ok", "ok,wait:100", CHORD + ",wait:500", CHORD, "up,wait:100,back",
              "down,wait:100,back", "wait:500"]
    d = Driver(tmp_path, seed=seed)
    d.keys(_D6)
    checked = 0
    for _ in range(40):
        d.keys(rnd.choice(tokens))
        checked += _face_matches_count(d)
    assert checked >= 20
    assert d.errors() == []
