"""Whole games from power-on to the winner, as each rulebook plays them, on both button layouts.

Each ``tests/support/whole_<game>.py`` plays one complete game with named players through the real
app (tests/support/whole_game.py counts the presses) and checks the screen it ends on and the scores
shown against scores it computes itself from the rulebook. Here every script also keeps to
the table's budgets: at most 40 % of the presses are overhead, and passing the turn after a
turn-ending action costs at most one press.
"""
import importlib

import pytest
from whole_game import BOARDS, OVERHEAD_BUDGET, PASS_BUDGET

GAMES = ("drachenhort", "drakskatten", "drakonia", "drachenschatten", "drachenfels")


def _play(game, board, tmp_path):
    return importlib.import_module("whole_" + game).play(tmp_path, board)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
def test_whole_game_plays_to_its_winner_passing_in_one_press(game, board, tmp_path):
    """The script reaches the winner with the rulebook's scores (checked inside ``play``);
    every pass after a turn-ending action costs at most one press."""
    r = _play(game, board, tmp_path).report()
    assert r["turns"] >= 3, "a whole game has turns"
    assert r["pass_max"] <= PASS_BUDGET, "passing the turn took %d presses" % r["pass_max"]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
def test_whole_game_overhead_within_budget(game, board, tmp_path):
    """At most 40 % of a whole game's presses are overhead."""
    r = _play(game, board, tmp_path).report()
    assert r["overhead_share"] <= OVERHEAD_BUDGET, (
        "%s on %s: %d of %d presses are overhead (%.0f %%)"
        % (game, board, r["overhead"], r["presses"], 100 * r["overhead_share"]))
