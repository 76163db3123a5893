"""Drachenfels: deck for 2-4 players, dealing, hidden princesses, knight moves and rainbows."""

import json

import pytest

from wyrm.games import drachenfels as df
from wyrm.games import drachenfels_ref
from wyrm.rng import Rng


class BelowOnly:
    """An rng that offers only below(n), as the pure-rules contract promises."""

    def __init__(self, seed):
        self.rng = Rng(seed=seed)

    def below(self, n):
        return self.rng.below(n)


# The card kinds in the rules module's order (its deck counts are by kind).
KINDS = ("1", "2", "3", "4", "5", "rainbow", "bridge", "dragon", "teleport", "great cloud")


def count(deck, name):
    return deck[KINDS.index(name)]


# --- deck ---------------------------------------------------------------------


def test_four_player_deck_is_the_full_36():
    """4 players: 5 each of 1-4, 2 fives, rainbow 4, bridge 3, dragon 5, teleport 1, cloud 1."""
    deck = df.deck_counts(4)
    expected = {
        "1": 5,
        "2": 5,
        "3": 5,
        "4": 5,
        "5": 2,
        "rainbow": 4,
        "bridge": 3,
        "dragon": 5,
        "teleport": 1,
        "great cloud": 1,
    }
    for name, n in expected.items():
        assert count(deck, name) == n, name
    assert len(deck) == len(expected)
    assert df.deck_size(4) == 36
    assert sum(deck[: df.POINT_KINDS]) == 22
    assert sum(deck[df.POINT_KINDS :]) == 14


@pytest.mark.parametrize("players", [2, 3])
def test_fewer_than_four_players_remove_one_set_of_points(players):
    """Under 4 players one point card each of 1-5 is removed: 31 cards, magic unchanged."""
    deck = df.deck_counts(players)
    full = df.deck_counts(4)
    assert df.deck_size(players) == 31
    assert deck[: df.POINT_KINDS] == [4, 4, 4, 4, 1]
    assert deck[df.POINT_KINDS :] == full[df.POINT_KINDS :]


@pytest.mark.parametrize("players,pile", [(2, 17), (3, 10), (4, 8)])
def test_draw_pile_after_dealing_seven_each(players, pile):
    """7 cards each; the rest is the draw pile: 31-14, 31-21, 36-28."""
    assert df.HAND_SIZE == 7
    assert df.draw_pile_size(players) == pile


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_two_to_four_refused(players):
    """1 or 5 players is refused."""
    with pytest.raises(ValueError, match="2 to 4 players"):
        df.deck_counts(players)
    with pytest.raises(ValueError):
        df.new_game(players, Rng(seed=1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_seven_each_and_keeps_every_card(players):
    """Dealing gives 7 cards to each player; hands plus pile are exactly the deck."""
    hands, pile = df.deal(players, BelowOnly(players))
    assert len(hands) == players
    assert all(len(h) == 7 for h in hands)
    assert len(pile) == df.draw_pile_size(players)
    every = sorted(pile + [c for h in hands for c in h])
    assert every == df.build_deck(players)


def test_deal_is_deterministic_per_seed_and_shuffled():
    """The same seed deals the same cards; another seed deals differently."""
    a = df.deal(4, Rng(seed=5))
    assert df.deal(4, Rng(seed=5)) == a
    assert df.deal(4, Rng(seed=6)) != a
    assert a[0][0] + a[0][1] != df.build_deck(4)[:14]


# --- princesses ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_princesses_always_hidden(players):
    """All four princesses sit in the four castles whatever the number of players."""
    g = df.new_game(players, BelowOnly(players))
    assert sorted(g["castles"]) == [0, 1, 2, 3]
    assert len(g["knights"]) == players


def test_princess_placement_reaches_every_arrangement():
    """Over many games every one of the 24 castle arrangements occurs."""
    rng = Rng(seed=1)
    seen = {}
    for _ in range(2400):
        key = tuple(df.new_game(2, rng)["castles"])
        seen[key] = seen.get(key, 0) + 1
    assert len(seen) == 24
    assert min(seen.values()) > 50  # about 100 each if uniform


def test_knight_colours_must_differ():
    """Two players cannot take the same knight colour; colours are 0-3."""
    with pytest.raises(ValueError):
        df.new_game(2, Rng(seed=1), colours=[1, 1])
    with pytest.raises(ValueError):
        df.new_game(2, Rng(seed=1), colours=[0, 4])
    g = df.new_game(2, Rng(seed=1), colours=[3, 1])
    assert [k["colour"] for k in g["knights"]] == [3, 1]
    assert [k["name"] for k in g["knights"]] == ["Knight 4", "Knight 2"]


def _castle_of(g, colour):
    return g["castles"].index(colour)


def test_castle_needs_armour():
    """A knight without armour cannot enter a rock castle."""
    g = df.new_game(2, Rng(seed=3))
    with pytest.raises(ValueError, match="Needs armour first"):
        df.visit_castle(g, 0, 0)
    assert g["knights"][0]["castle"] is False


def test_own_princess_wins():
    """Finding the princess with one's own shoe colour wins the game."""
    g = df.new_game(3, Rng(seed=4))
    df.give_armour(g, 1)
    mine = _castle_of(g, g["knights"][1]["colour"])
    r = df.visit_castle(g, 1, mine)
    assert r == {"colour": g["knights"][1]["colour"], "won": True, "rule_changed": False}
    assert g["winner"] == 1
    assert g["rainbow_rule"] is False
    with pytest.raises(ValueError, match="Game is over"):
        df.visit_castle(g, 1, mine)


def test_failed_visit_shows_colour_and_changes_rainbow_rule_once():
    """A miss shows the shoe colour; the first miss of the game unlocks rock-castle rainbows."""
    g = df.new_game(2, Rng(seed=8))
    df.give_armour(g, 0)
    df.give_armour(g, 1)
    other0 = _castle_of(g, g["knights"][1]["colour"])
    r = df.visit_castle(g, 0, other0)
    assert r == {"colour": g["knights"][1]["colour"], "won": False, "rule_changed": True}
    assert g["rainbow_rule"] is True
    other1 = _castle_of(g, g["knights"][0]["colour"])
    r = df.visit_castle(g, 1, other1)
    assert r["won"] is False and r["rule_changed"] is False
    assert g["winner"] is None


def test_rainbow_links_before_and_after_first_miss():
    """Rainbows reach only the royal castle until the first failed visit."""
    g = df.new_game(2, Rng(seed=9))
    before = df.rainbow_links(g)
    assert before == ["Rainbow rock to the", "royal castle"]
    df.give_armour(g, 0)
    df.visit_castle(g, 0, _castle_of(g, g["knights"][1]["colour"]))
    after = df.rainbow_links(g)
    assert after[:2] == before and "rock castle" in after[-1]
    assert all(len(line) <= 21 for line in after)


def test_a_knight_remembers_the_castles_it_saw():
    """A knight remembers the rock castles it has looked into ("Castles seen")."""
    g = df.new_game(4, Rng(seed=11))
    df.give_armour(g, 2)
    own = g["knights"][2]["colour"]
    misses = [c for c in range(4) if g["castles"][c] != own][:2]
    for c in reversed(misses):
        df.visit_castle(g, 2, c)
    assert g["knights"][2]["visited"] == sum(1 << c for c in misses)
    assert g["knights"][0]["visited"] == 0


# --- moves --------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_move_single_before_a_castle_single_or_double_after(value):
    """Before entering a rock castle a card moves its value; after, single or double."""
    g = df.new_game(2, Rng(seed=2))
    assert df.move_options(g, 0, value) == [value]
    df.give_armour(g, 0)
    assert df.move_options(g, 0, value) == [value]  # armour alone changes nothing
    df.visit_castle(g, 0, _castle_of(g, g["knights"][1]["colour"]))
    assert df.move_options(g, 0, value) == [value, 2 * value]
    assert df.move_options(g, 1, value) == [value]  # only the knight that entered


def test_rulebook_example_three_moves_three_or_six():
    """Rulebook: after a rock castle, a played 3 advances 3 or 6 fields."""
    g = df.new_game(2, Rng(seed=2))
    df.give_armour(g, 1)
    df.visit_castle(g, 1, _castle_of(g, g["knights"][0]["colour"]))
    assert df.move_options(g, 1, 3) == [3, 6]


@pytest.mark.parametrize("value", [0, 6, -1])
def test_move_value_outside_point_cards_refused(value):
    """Only point card values 1-5 move a knight."""
    g = df.new_game(2, Rng(seed=2))
    with pytest.raises(ValueError):
        df.move_options(g, 0, value)


# --- storage ------------------------------------------------------------------


def test_state_round_trips_through_json():
    """A game in progress survives JSON storage and loads back unchanged."""
    g = df.new_game(3, Rng(seed=12))
    df.give_armour(g, 0)
    df.visit_castle(g, 0, _castle_of(g, g["knights"][1]["colour"]))
    back = df.load(json.loads(json.dumps(g)))
    assert back == g


@pytest.mark.parametrize(
    "damage",
    [
        lambda g: g.pop("castles"),
        lambda g: g.__setitem__("castles", [0, 0, 1, 2]),
        lambda g: g["knights"][1].__setitem__("colour", g["knights"][0]["colour"]),
        lambda g: g["knights"][0].__setitem__("visited", 16),
        lambda g: g.__setitem__("winner", 5),
        lambda g: g["knights"][0].__setitem__("armour", "yes"),
        lambda g: g.__setitem__("knights", g["knights"][:1]),
    ],
)
def test_load_refuses_damaged_state(damage):
    """A damaged saved game is refused with one plain message."""
    g = df.new_game(2, Rng(seed=13))
    damage(g)
    with pytest.raises(ValueError, match="saved game damaged"):
        df.load(g)


def test_a_bool_is_no_number_for_the_rules():
    """True is not knight 2, castle 2 or colour 2: the rules refuse it (a number given to
    them or read from a save must be a whole number, as the kit checks it)."""
    with pytest.raises(ValueError):
        df.new_game(2, Rng(seed=1), colours=[True, 2])
    g = df.new_game(2, Rng(seed=5))
    with pytest.raises(ValueError, match="no such knight"):
        df.give_armour(g, True)
    assert [k["armour"] for k in g["knights"]] == [False, False]
    df.give_armour(g, 0)
    with pytest.raises(ValueError, match="no such castle"):
        df.visit_castle(g, 0, True)
    assert g["knights"][0]["visited"] == 0
    with pytest.raises(ValueError, match="point card"):
        df.move_options(g, 0, True)
    for damage in (lambda g: g["knights"][0].__setitem__("visited", True),
                   lambda g: g.__setitem__("winner", True),
                   lambda g: g["knights"][1].__setitem__("colour", True)):
        bad = df.new_game(2, Rng(seed=13), colours=[0, 3])
        damage(bad)
        with pytest.raises(ValueError, match="saved game damaged"):
            df.load(bad)


def test_the_rules_numbers_end_where_the_game_does():
    """The last knight, castle 3, point card 5 and visited 15 are taken; one past each
    (and one below the first) is refused."""
    g = df.new_game(3, Rng(seed=6))
    df.give_armour(g, 2)
    for k in (-1, 3):
        with pytest.raises(ValueError, match="no such knight"):
            df.give_armour(g, k)
    for c in (-1, 4):
        with pytest.raises(ValueError, match="no such castle"):
            df.visit_castle(g, 2, c)
    for v in (0, 6):
        with pytest.raises(ValueError, match="point card"):
            df.move_options(g, 2, v)
    assert df.move_options(g, 2, 5) == [5] and df.move_options(g, 2, 1) == [1]
    g["knights"][0]["visited"] = 15
    g["winner"] = 2
    assert df.load(g) is g
    g["winner"] = -1
    with pytest.raises(ValueError, match="saved game damaged"):
        df.load(g)
    g["winner"] = None
    df.visit_castle(g, 2, 3)
    assert g["knights"][2]["visited"] == 8


# --- reference text -----------------------------------------------------------


def test_reference_lines_fit_the_screen():
    """Every reference line and title fits 21 characters."""
    for title, lines in drachenfels_ref.PAGES:
        assert 0 < len(title) <= 21
        assert lines
        for line in lines:
            assert isinstance(line, str) and len(line) <= 21, line


def test_reference_magic_pages_match_the_deck():
    """The first five pages are the magic cards, with their counts from the deck."""
    full = df.deck_counts(4)
    for i in range(5):
        kind = df.POINT_KINDS + i
        title = drachenfels_ref.PAGES[i][0]
        assert title == "%s (%d)" % (KINDS[kind].capitalize(), full[kind])


# A seeded walk through the rules, run the same under CPython and real MicroPython.
DEMO = """
from wyrm.games.drachenfels import *


def _demo():
    from wyrm.rng import Rng

    lines = []
    for n in (2, 3, 4):
        lines.append(
            "%d players: %s = %d, pile %d" % (n, deck_counts(n), deck_size(n), draw_pile_size(n))
        )
    rng = Rng(seed=1234)
    hands, pile = deal(3, rng)
    lines.append("hands %s pile %s" % (hands, pile))
    g = new_game(3, rng)
    lines.append("castles %s" % g["castles"])
    give_armour(g, 0)
    lines.append("moves %s" % move_options(g, 0, 3))
    mine = g["castles"].index(g["knights"][0]["colour"])
    other = (mine + 1) % CASTLES
    lines.append("visit %s" % sorted(visit_castle(g, 0, other).items()))
    lines.append("moves %s rule %s" % (move_options(g, 0, 3), g["rainbow_rule"]))
    lines.append("visit %s" % sorted(visit_castle(g, 0, mine).items()))
    lines.append("winner %s seen %s" % (g["winner"], g["knights"][0]["visited"]))
    return lines
"""


def test_same_results_under_micropython(mp):
    """The rules demo (seeded deal, castles, moves) matches under real MicroPython."""
    ns = {}
    exec(compile(DEMO, "<demo>", "exec"), ns)
    expected = ns["_demo"]()
    assert len(expected) > 3
    assert mp.exec(DEMO + "\nprint(chr(10).join(_demo()))\n") == "\n".join(expected) + "\n"
