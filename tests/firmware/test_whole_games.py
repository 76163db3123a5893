"""Whole games from power-on to the winner, as each rulebook plays them, on both button layouts.

Each ``tests/support/whole_<game>.py`` plays one complete game with named players through the real
app (tests/support/whole_game.py counts the presses) and checks the screen it ends on and the scores
shown against scores it computes itself from the rulebook. Here every script also keeps to
the table's budgets: at most 40 % of the presses are overhead (every cursor move counts as
overhead: a pencil has no cursor), passing the turn after a turn-ending action costs at most
one press, a turn costs on average at most its game's budget and never more than 8 presses,
and Drakonia's final count at most 3 presses a hero. A budget out of reach is a strict xfail
whose reason gives the figures; where numbers are stepped in turns, the turn's other presses
keep the turn budget.
"""
import importlib

import pytest
from whole_game import (
    BOARDS,
    GAMES,
    HERO_BUDGET,
    OVERHEAD_BUDGET,
    PASS_BUDGET,
    TURN_BUDGET,
    TURN_MAX,
)

# Budgets a game does not meet yet: strict xfails, so the fix turns them green
# ({(test, game): why})
NOT_YET = {
    ("overhead", "drachenschatten"): "out of reach: a plain turn's one entry is the card's OK "
                                     "and a press passes it (50 % even with no move); a card "
                                     "is one of 12 kinds (10 objects, treasures, beasts) round "
                                     "Treasures, where the list opens: 3 moves on average with "
                                     "the kinds equally likely (0, 1, 1 ... 5, 5, 6, the best "
                                     "of any list), so a plain turn is 4 of 5 presses overhead "
                                     "(80 %); this game's cards as they fell: 77 of 102 (75 %)",
    ("overhead", "drakonia"): "out of reach for a game this short: 12 entries (the player "
                              "count, 11 heroes) against 10 fixed presses (5 to open the "
                              "game, New game, Final count, a BACK per player) and 12 cursor "
                              "moves on the grid (the cursor moves on after each entry): 22 "
                              "of 34 presses (65 %); with no move at all 10 of 22 (45 %)",
    ("turn", "drakskatten"): "out of reach while numbers are stepped by taps: 5.7 presses a "
                             "turn, at most 13; a room turn is 5 presses before any number "
                             "(the move, into the room, DEFENCE OK, ATTACK OK, the pass) plus "
                             "an OK for each card won but the last, and the numbers are "
                             "stepped from the average card (47 of 126 presses in turns); a "
                             "card like (5, 4) against the average (8, 1) alone makes a turn "
                             "11. Besides the number steps the budget holds (the test below)",
    ("turn", "drachenschatten"): "out of reach: a plain turn is the card (3 moves on average, "
                                 "12 kinds equally likely round Treasures), its OK and the "
                                 "pass: 5 presses; a second card (boots, wand) 3.6 presses on "
                                 "average before its OK (the walk from \"Next turn\", or BACK "
                                 "and OK: the list again on Treasures), a trade, steal or "
                                 "destroy 2-6; this game: 5.4 a turn, at most 10 (a magic "
                                 "wand, then a steal)",
    ("keys", "drachenschatten"): "its turns step no numbers: the turn budget's reason above",
}


def _games(test):
    return [pytest.param(g, marks=[pytest.mark.xfail(strict=True, reason=NOT_YET[test, g])]
                         if (test, g) in NOT_YET else []) for g in GAMES]


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
@pytest.mark.parametrize("game", _games("overhead"))
def test_whole_game_overhead_within_budget(game, board, tmp_path):
    """At most 40 % of a whole game's presses are overhead, every cursor move counted as
    overhead."""
    r = _play(game, board, tmp_path).report()
    assert r["overhead_share"] <= OVERHEAD_BUDGET, (
        "%s on %s: %d of %d presses are overhead (%.0f %%)"
        % (game, board, r["overhead"], r["presses"], 100 * r["overhead_share"]))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", _games("turn"))
def test_whole_game_turns_as_short_as_a_pencil(game, board, tmp_path):
    """A turn costs on average at most the game's budget (Drachenhort 2, Drakskatten 5,
    DrachenSchatten 3, Drachenfels 2) and no turn more than 8 presses."""
    r = _play(game, board, tmp_path).report()
    assert r["per_turn_max"] <= TURN_MAX, r
    assert r["per_turn_avg"] <= TURN_BUDGET.get(game, TURN_MAX), r


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", _games("hero"))
def test_final_count_within_3_presses_a_hero(game, board, tmp_path):
    """Where a game ends in a count of heroes (Drakonia), the count costs at most 3 presses a
    hero counted; the other games have no such count."""
    r = _play(game, board, tmp_path).report()
    if game == "drakonia":
        assert r["per_hero"] > 0, "the script marks its count"
    assert r["per_hero"] <= HERO_BUDGET, r


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", _games("keys"))
def test_whole_game_turns_besides_number_steps_within_budget(game, board, tmp_path):
    """The nearest budget where numbers are stepped in turns (Drakskatten's silver and monster
    values, the digits a pencil writes too): the turn's other presses cost on average at most
    the game's budget and no turn more than 8."""
    r = _play(game, board, tmp_path).report()
    assert r["keys_turn_max"] <= TURN_MAX, r
    assert r["keys_turn_avg"] <= TURN_BUDGET.get(game, TURN_MAX), r
