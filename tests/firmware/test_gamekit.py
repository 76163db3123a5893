"""The game kit owns the turn: a new game's save, whose turn comes next, a pass that stands."""

import pytest
from drive import Driver

from wyrm import gamekit_ui
from wyrm.games import drakonia, drakonia_game


def _game(tmp_path):
    d = Driver(tmp_path)
    return drakonia_game.Game(d.app)


def _tallies(n):
    return [drakonia.new_tally() for _ in range(n)]


def test_a_new_save_is_made_and_checked_by_the_kit(tmp_path):
    """A new game's save gets the kit's version, "menu" as where the players are, seat 1's
    turn and the game's own fields; it is checked as a save read back would be: 2 and 6
    players are games, 1, 7 and True are refused and the old game stays."""
    g = _game(tmp_path)
    st = g.begin({"n": 2, "tallies": _tallies(2)})
    assert st is g.state
    assert (st["v"], st["screen"], st["turn"], st["player"], st["n"]) == (1, "menu", 0, 0, 2)
    g.begin({"n": 6, "tallies": _tallies(6)})
    for n in (1, 7, True):
        with pytest.raises(ValueError):
            g.begin({"n": n, "tallies": _tallies(int(n))})
        assert g.state["n"] == 6


def test_the_next_seat_goes_round_the_table(tmp_path):
    """After seat 1 comes seat 2; after the last seat, seat 1 again."""
    g = _game(tmp_path)
    g.begin({"n": 3, "tallies": _tallies(3)})
    assert g.next_seat() == 1
    g.put_turn(2)
    assert g.next_seat() == 0
    assert g.next_label(g.app) == "Next turn: P1"


def test_a_pass_stands_once_something_else_is_entered(tmp_path):
    """Right after a pass it can be taken back; once the pass stands (something else was
    entered, or a new game began) there is nothing to take back."""
    g = _game(tmp_path)
    g.begin({"n": 3, "tallies": _tallies(3)})
    g.pass_turn()
    assert g.turn() == 1 and g.passed == 0
    g.pass_stands()
    assert not g.undo_pass() and g.turn() == 1
    g.pass_turn()
    assert g.undo_pass() and g.turn() == 1
    g.pass_turn()
    g.begin({"n": 2, "tallies": _tallies(2)})
    assert g.passed is None and g.turn() == 0


def test_a_name_in_capitals_keeps_its_umlauts_capital_in_both_runtimes(mp):
    """A winner's name in capitals ("Jörg", a German colour "Grün") shows the capital
    umlaut under real MicroPython as under CPython: MicroPython's own str.upper() leaves
    ä ö ü small."""
    names = ["Jörg", "Grün", "Mäx Öl", "Anna"]
    want = ["JÖRG", "GRÜN", "MÄX ÖL", "ANNA"]
    assert [gamekit_ui.upper(n) for n in names] == want
    out = mp.exec("from wyrm import gamekit_ui\nprint('|'.join(gamekit_ui.upper(n) for n in %r))"
                  % names)
    assert out.strip().split("|") == want
