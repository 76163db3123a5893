"""Secret deals: Drachenhort party cards, Drachenfels princesses, generic deck.

Uniformity tests use Pearson's chi-square (``wyrm.stats.chi_square``) at a fixed
ALPHA = 0.001 with a fixed seed. Exact critical values (upper tail 0.001) from
scipy.stats.chi2.ppf(0.999, df), computed once outside the venv:
    df 5   -> 20.515
    df 23  -> 49.728  (24 princess arrangements)
    df 209 -> 277.915 (210 ordered deals of 7 cards to 3 players)
Each uniformity test is paired with one showing the same statistic flags a
modulo-biased random source, so the check can actually fail.
"""

import json

import pytest

from wyrm import deal
from wyrm.games import drachenfels
from wyrm.rng import Rng
from wyrm.stats import chi_square, critical_value

CRIT_999 = {5: 20.515, 23: 49.728, 209: 277.915}

G, R, W, B, OR, Y, P = range(7)


class ModuloRng(Rng):
    """A deliberately broken source: 3 random bits taken modulo n (biased)."""

    def below(self, n):
        return self.bits(3) % n


def uniform_probs(k):
    return [(1, k)] * k


# ------------------------------------------------------------------ colours/cards


def test_default_colours_are_rulebook_five_plus_yellow_purple():
    """The seven adventurers default to the rulebook's five colours plus yellow and purple."""
    assert len(deal.DEFAULT_COLOURS) == 7
    assert len(set(deal.DEFAULT_COLOURS)) == 7
    for name in ("green", "red", "white", "blue", "orange", "yellow", "purple"):
        assert name in deal.DEFAULT_COLOURS


def test_the_dealer_and_the_rules_name_the_same_adventurers():
    """The dealer's default colours are the rules' (the Drachenhort score names the same seven)."""
    from wyrm.games.drachenhort_colours import DEFAULT_COLOURS

    assert deal.DEFAULT_COLOURS == DEFAULT_COLOURS


def test_default_cards_are_seven_triples_of_distinct_adventurers():
    """There are seven default party cards, each naming three different adventurers."""
    cards = deal.card_indices(deal.default_config())
    assert len(cards) == 7
    for card in cards:
        assert len(set(card)) == 3
        assert all(0 <= a < 7 for a in card)


def test_every_adventurer_is_on_exactly_three_default_cards():
    """Fano property: each adventurer appears on exactly three party cards."""
    cards = deal.card_indices(deal.default_config())
    for a in range(7):
        assert sum(1 for c in cards if a in c) == 3


def test_any_two_default_cards_share_exactly_one_adventurer():
    """Fano property: any two party cards have exactly one adventurer in common."""
    cards = [set(c) for c in deal.card_indices(deal.default_config())]
    for i in range(7):
        for j in range(i + 1, 7):
            assert len(cards[i] & cards[j]) == 1


def test_rulebook_example_card_green_red_white_is_a_default_card():
    """The rulebook's example card {green, red, white} is among the defaults."""
    cfg = deal.default_config()
    assert {"green", "red", "white"} in [set(c) for c in cfg["cards"]]


def test_no_settings_means_defaults_without_complaint():
    """With no settings file the defaults are used and no problem is reported."""
    cfg, problems = deal.validate_cards(None)
    assert problems == []
    assert cfg == deal.default_config()


def test_renamed_colours_and_cards_are_accepted_and_spelled_consistently():
    """Owners can rename colours and list their printed cards (matched case-insensitively)."""
    colours = ["Gruen", "Rot", "Weiss", "Blau", "Orange", "Gelb", "Lila"]
    cards = [
        ["gruen", "rot", "weiss"],
        ["Blau", "ORANGE", "gelb"],
        ["Lila", "Gruen", "Blau"],
        ["Rot", "Orange", "Lila"],
        ["Weiss", "Gelb", "Lila"],
        ["Gruen", "Orange", "Gelb"],
        [" Rot ", "Blau", "Gelb"],
    ]
    cfg, problems = deal.validate_cards({"colours": colours, "cards": cards})
    assert problems == []
    assert cfg["colours"] == colours
    assert sorted(cfg["cards"][0]) == sorted(["Gruen", "Rot", "Weiss"])
    assert sorted(cfg["cards"][6]) == sorted(["Rot", "Blau", "Gelb"])
    idx = deal.card_indices(cfg)
    assert idx[1] == (3, 4, 5)


def test_colours_without_cards_give_the_fano_cards_over_those_colours():
    """Renaming only the colours keeps the default card layout under the new names."""
    colours = ["a", "b", "c", "d", "e", "f", "g"]
    cfg, problems = deal.validate_cards({"colours": colours})
    assert problems == []
    assert cfg["cards"][0] == ["a", "b", "c"]
    assert deal.card_indices(cfg) == deal.card_indices(deal.default_config())


def test_unknown_colour_on_a_card_is_named_and_default_cards_are_used():
    """A card naming a colour that does not exist is reported; the default cards are used."""
    cards = deal.default_cards()
    cards[1] = ["green", "pink", "orange"]
    cfg, problems = deal.validate_cards({"cards": cards})
    assert "Card 2: unknown colour pink" in problems
    assert problems[-1] == "Using default cards"
    assert cfg == deal.default_config()


def test_card_with_two_or_four_colours_is_refused():
    """Each card must list exactly three colours (2 and 4 are both refused)."""
    for bad in (["green", "red"], ["green", "red", "white", "blue"]):
        cards = deal.default_cards()
        cards[2] = bad
        cfg, problems = deal.validate_cards({"cards": cards})
        assert "Card 3 needs 3 colours" in problems
        assert cfg == deal.default_config()


def test_card_with_a_repeated_colour_is_refused():
    """A card must name three different adventurers."""
    cards = deal.default_cards()
    cards[0] = ["green", "red", "Red"]
    _, problems = deal.validate_cards({"cards": cards})
    assert "Card 1 repeats red" in problems


def test_wrong_card_count_is_refused_on_both_sides():
    """Exactly seven cards: six and eight are refused."""
    six = deal.default_cards()[:6]
    _, problems = deal.validate_cards({"cards": six})
    assert "Need 7 cards, got 6" in problems
    eight = deal.default_cards() + [["green", "blue", "white"]]
    _, problems = deal.validate_cards({"cards": eight})
    assert "Need 7 cards, got 8" in problems


def test_duplicate_card_in_another_order_is_refused():
    """The same three adventurers may not appear on two cards."""
    cards = deal.default_cards()
    cards[4] = ["white", "red", "green"]
    _, problems = deal.validate_cards({"cards": cards})
    assert "Card 5 same as card 1" in problems


def test_custom_non_fano_cards_are_allowed():
    """Printed cards need not form a Fano plane: any seven different triples are accepted."""
    cards = [
        ["green", "red", "white"],
        ["green", "red", "blue"],
        ["green", "red", "orange"],
        ["green", "red", "yellow"],
        ["green", "red", "purple"],
        ["green", "white", "blue"],
        ["green", "white", "orange"],
    ]
    cfg, problems = deal.validate_cards({"cards": cards})
    assert problems == []
    assert cfg["cards"][3] == ["green", "red", "yellow"]


def test_colour_name_length_limit_on_both_sides():
    """Names up to NAME_MAX (10) characters fit the screen; 11 is refused."""
    assert deal.NAME_MAX == 10
    ok = list(deal.DEFAULT_COLOURS)
    ok[5] = "x" * 10
    cfg, problems = deal.validate_cards({"colours": ok})
    assert problems == []
    assert cfg["colours"][5] == "x" * 10
    bad = list(deal.DEFAULT_COLOURS)
    bad[5] = "x" * 11
    cfg, problems = deal.validate_cards({"colours": bad})
    assert "Colour 6 is too long (max 10)" in problems
    assert problems[-2:] == ["Using default colours", "Using default cards"]
    assert cfg == deal.default_config()


SHOWN = "only letters the screen shows (A-Z, \u00e4 \u00f6 \u00fc \u00df, digits)"


def test_empty_non_text_and_unshowable_names_are_refused():
    """A colour name must be some printable text the OLED font can draw."""
    for bad, msg in (
        ("   ", "Colour 1 is empty"),
        (5, "Colour 1 is not a name"),
        ("cr\u00e8me", "Colour 1: " + SHOWN),
        ("tab\there", "Colour 1: " + SHOWN),
    ):
        colours = list(deal.DEFAULT_COLOURS)
        colours[0] = bad
        _, problems = deal.validate_cards({"colours": colours})
        assert msg in problems


def test_german_colour_names_are_accepted():
    """gr\u00fcn, wei\u00df and \u00d6L are names the font draws."""
    colours = list(deal.DEFAULT_COLOURS)
    colours[0] = "gr\u00fcn"
    colours[1] = "wei\u00df"
    colours[2] = "\u00d6L"
    cfg, problems = deal.validate_cards({"colours": colours})
    assert problems == []
    assert cfg["colours"][:3] == ["gr\u00fcn", "wei\u00df", "\u00d6L"]


def test_duplicate_colour_names_are_refused_case_insensitively():
    """Two adventurers cannot share a name (Red and red count as the same)."""
    colours = list(deal.DEFAULT_COLOURS)
    colours[6] = "Red"
    _, problems = deal.validate_cards({"colours": colours})
    assert "Colour 7 repeats Red" in problems


def test_wrong_colour_count_is_refused_on_both_sides():
    """Exactly seven colour names: six and eight are refused."""
    _, problems = deal.validate_cards({"colours": list(deal.DEFAULT_COLOURS[:6])})
    assert "Need 7 colours, got 6" in problems
    _, problems = deal.validate_cards({"colours": list(deal.DEFAULT_COLOURS) + ["pink"]})
    assert "Need 7 colours, got 8" in problems


def test_unreadable_settings_fall_back_to_defaults():
    """A settings value of the wrong shape is reported and the defaults are used."""
    cfg, problems = deal.validate_cards(["not", "a", "dict"])
    assert problems == ["Settings not readable", "Using default cards"]
    assert cfg == deal.default_config()
    cfg, problems = deal.validate_cards({"cards": "green red white"})
    assert "Cards must be a list" in problems
    assert cfg == deal.default_config()


def test_valid_colours_survive_invalid_cards():
    """Bad cards do not throw away good renamed colours: Fano cards over them are used."""
    colours = ["a", "b", "c", "d", "e", "f", "g"]
    cfg, problems = deal.validate_cards({"colours": colours, "cards": [["a", "b"]]})
    assert problems
    assert cfg["colours"] == colours
    assert cfg["cards"][0] == ["a", "b", "c"]


# ---------------------------------------------------------------- party deal


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_each_player_gets_one_distinct_card(n):
    """Every player gets one card of the seven, no card twice."""
    d = deal.deal_party(n, Rng(seed=n))
    held = [d.card_of(k) for k in range(n)]
    assert len(set(held)) == n
    assert all(0 <= c < 7 for c in held)


def test_player_count_limits_on_both_sides():
    """Drachenhort deals to 2..7 players; 1 and 8 are refused."""
    for bad in (1, 8):
        with pytest.raises(ValueError):
            deal.deal_party(bad, Rng(seed=1))
    assert deal.deal_party(2, Rng(seed=1)).players == 2
    assert deal.deal_party(7, Rng(seed=1)).players == 7


def next_unseen(d):
    """The first player of deal ``d`` who has not seen their card yet, or None."""
    for k in range(d.players):
        if not d.is_seen(k):
            return k
    return None


def test_peeking_records_who_has_seen_their_card():
    """A player who has seen their card is marked; all_seen once every player has."""
    d = deal.deal_party(3, Rng(seed=5))
    assert next_unseen(d) == 0 and not d.all_seen()
    d.mark_seen(0)
    assert d.is_seen(0) and not d.is_seen(1)
    assert next_unseen(d) == 1
    d.mark_seen(1)
    d.mark_seen(2)
    assert d.all_seen() and next_unseen(d) is None


def test_power_cut_mid_peeking_restores_the_same_deal():
    """After a reboot the saved deal gives the same cards and seen flags; nothing is re-dealt."""
    d = deal.deal_party(5, Rng(seed=11))
    d.mark_seen(0)
    d.mark_seen(1)
    saved = json.loads(json.dumps(d.to_json()))
    back = deal.PartyDeal.load(saved)
    assert [back.card_of(k) for k in range(5)] == [d.card_of(k) for k in range(5)]
    assert [back.is_seen(k) for k in range(5)] == [True, True, False, False, False]
    assert next_unseen(back) == 2


def test_damaged_saved_deal_is_refused():
    """A corrupted saved deal raises instead of handing out a wrong card."""
    for bad in (
        None,
        {},
        {"cards": [0, 0], "seen": [0, 0]},
        {"cards": [0, 7], "seen": [0, 0]},
        {"cards": [0, 1], "seen": [0]},
        {"cards": [0], "seen": [0]},
        {"cards": [0, 1], "seen": [0, 2]},
        {"cards": [0, -1], "seen": [0, 0]},
        {"cards": [0, True], "seen": [0, 0]},
        {"cards": (0, 1), "seen": [0, 0]},
        {"cards": [0, 1, 2, 3, 4, 5, 6, 6], "seen": [0] * 8},
    ):
        with pytest.raises(ValueError):
            deal.PartyDeal.load(bad)
    for good in ([0, 6], [6, 5, 4, 3, 2, 1, 0]):
        assert deal.PartyDeal.load({"cards": good, "seen": [0] * len(good)}).players == len(good)


def test_distinct_indices_takes_different_ints_in_range_only():
    """A list of different ints 0..n-1 passes (in any order, empty too); a repeat, one
    beyond either end, a bool, a float or a tuple does not."""
    assert deal.distinct_indices([], 7)
    assert deal.distinct_indices([6, 0, 3], 7)
    for bad in ([0, 0], [7], [-1], [True], [1.0], (0, 1), None, "01"):
        assert not deal.distinct_indices(bad, 7), bad


def test_same_seed_same_deal():
    """A seeded Rng gives the same deal every time (simulator and tests are repeatable)."""
    a = deal.deal_party(4, Rng(seed=99)).to_json()
    b = deal.deal_party(4, Rng(seed=99)).to_json()
    assert a == b


def party_counts(rng, deals):
    counts = {}
    for _ in range(deals):
        d = deal.deal_party(3, rng)
        key = (d.card_of(0), d.card_of(1), d.card_of(2))
        counts[key] = counts.get(key, 0) + 1
    return counts


def all_ordered_triples():
    return [(a, b, c) for a in range(7) for b in range(7) for c in range(7) if len({a, b, c}) == 3]


def test_three_player_deals_are_uniform_over_all_210_outcomes():
    """All 210 ways to give 3 players 3 of the 7 cards are equally likely (chi-square, 0.001)."""
    deals = 105000  # 500 expected per outcome
    counts = party_counts(Rng(seed=2024), deals)
    keys = all_ordered_triples()
    assert len(keys) == 210
    assert set(counts) == set(keys)
    x2 = chi_square([counts[k] for k in keys], uniform_probs(210))
    assert x2 < CRIT_999[209]


def test_party_chi_square_flags_a_modulo_biased_source():
    """The same check rejects deals made with a biased (bits % n) random source."""
    counts = party_counts(ModuloRng(seed=2024), 21000)
    keys = all_ordered_triples()
    x2 = chi_square([counts.get(k, 0) for k in keys], uniform_probs(210))
    assert x2 > CRIT_999[209]


def test_stats_critical_value_agrees_with_the_exact_table():
    """wyrm.stats' approximation for large df is within 0.3% of the exact 0.001 critical values."""
    for df, exact in CRIT_999.items():
        assert abs(critical_value(df) - exact) < 0.003 * exact


# ---------------------------------------------------------------- princesses
# Drachenfels hides its princesses itself (wyrm.games.drachenfels.new_game); the same
# fairness checks as for the deals above.


def princess_counts(rng, deals):
    counts = {}
    for _ in range(deals):
        key = tuple(drachenfels.new_game(2, rng)["castles"])
        counts[key] = counts.get(key, 0) + 1
    return counts


def all_perms4():
    return [
        (a, b, c, d)
        for a in range(4)
        for b in range(4)
        for c in range(4)
        for d in range(4)
        if len({a, b, c, d}) == 4
    ]


def test_princess_arrangements_are_uniform_over_all_24():
    """All 24 ways to hide the princesses are equally likely (chi-square, alpha 0.001)."""
    counts = princess_counts(Rng(seed=77), 24000)
    keys = all_perms4()
    assert set(counts) == set(keys)
    x2 = chi_square([counts[k] for k in keys], uniform_probs(24))
    assert x2 < CRIT_999[23]


def test_princess_chi_square_flags_a_modulo_biased_source():
    """The same check rejects princesses hidden with a biased (bits % n) source."""
    counts = princess_counts(ModuloRng(seed=77), 24000)
    x2 = chi_square([counts.get(k, 0) for k in all_perms4()], uniform_probs(24))
    assert x2 > CRIT_999[23]


# ---------------------------------------------------------------- generic deck


def test_deck_from_a_count_is_labelled_1_to_n():
    """A deck given as a number has cards "1".."N"."""
    d = deal.Deck(5)
    assert d.labels == ["1", "2", "3", "4", "5"]
    assert d.remaining() == 5 and len(d) == 5


def test_deck_needs_at_least_one_card():
    """An empty deck is refused; a one-card deck works."""
    for bad in (0, [], None, [1, 2]):
        with pytest.raises(ValueError):
            deal.Deck(bad)
    d = deal.Deck(1)
    assert d.draw(Rng(seed=1)) == "1"


def test_dealing_hands_never_repeats_a_card():
    """Dealing k cards to each of n players gives every card at most once."""
    rng = Rng(seed=4)
    d = deal.Deck(20)
    hands = d.deal(rng, 4, 3)
    assert [len(h) for h in hands] == [3, 3, 3, 3]
    flat = [c for h in hands for c in h]
    assert len(set(flat)) == 12
    assert d.remaining() == 8
    for p in range(4):
        assert sorted(d.hand(p)) == sorted(hands[p])
    more = [d.draw(rng) for _ in range(8)]
    assert set(more) | set(flat) == set(d.labels)
    assert d.remaining() == 0


def test_dealing_more_than_remain_is_refused_and_deals_nothing():
    """Asking for more cards than the pile holds is refused with the count left; exact fit works."""
    rng = Rng(seed=4)
    d = deal.Deck(10)
    d.deal(rng, 1, 7)
    with pytest.raises(ValueError, match="Only 3 cards left"):
        d.deal(rng, 2, 2)
    assert d.remaining() == 3
    d.deal(rng, 3, 1)
    assert d.remaining() == 0
    with pytest.raises(ValueError, match="No cards left"):
        d.draw(rng)


def test_one_card_left_message():
    """With one card left, asking for two says so in the singular."""
    d = deal.Deck(3)
    d.draw(Rng(seed=2))
    d.draw(Rng(seed=2))
    with pytest.raises(ValueError, match="Only 1 card left"):
        d.deal(Rng(seed=2), 2, 1)


def test_repeated_labels_are_drawn_as_separate_cards():
    """A deck may hold several cards with the same label (e.g. five '1' point cards)."""
    labels = ["1"] * 5 + ["2"] * 5 + ["5"] * 2 + ["dragon"] * 5
    d = deal.Deck(labels)
    rng = Rng(seed=6)
    drawn = [d.draw(rng) for _ in range(len(labels))]
    assert sorted(drawn) == sorted(labels)


def test_reshuffle_all_returns_every_card():
    """reshuffle() puts hands and table cards back in the pile."""
    rng = Rng(seed=7)
    d = deal.Deck(12)
    d.deal(rng, 2, 3)
    d.draw(rng)
    d.draw(rng, 1)
    assert d.remaining() == 4
    d.reshuffle()
    assert d.remaining() == 12
    assert d.hand(0) == [] and d.table() == []


def test_deck_survives_a_power_cut():
    """A deck saved as JSON comes back with the same hands, table and pile."""
    rng = Rng(seed=9)
    for cards in (15, ["a", "b", "c", "d", "e", "f"]):
        d = deal.Deck(cards)
        d.deal(rng, 2, 2)
        x = d.draw(rng)
        back = deal.Deck.load(json.loads(json.dumps(d.to_json())))
        assert back.labels == d.labels
        assert back.hand(0) == d.hand(0) and back.hand(1) == d.hand(1)
        assert back.table() == [x] and back.remaining() == d.remaining()
    for bad in (
        None,
        {"count": 3},
        {"count": 3, "loc": [-1, -1]},
        {"count": 3, "loc": [-1, -1, -9]},
    ):
        with pytest.raises(ValueError):
            deal.Deck.load(bad)


def test_deck_draws_are_uniform():
    """Each card of a fresh 6-card deck is equally likely to be drawn first (alpha 0.001)."""
    rng = Rng(seed=31)
    counts = [0] * 6
    for _ in range(12000):
        d = deal.Deck(6)
        counts[int(d.draw(rng)) - 1] += 1
    assert chi_square(counts, uniform_probs(6)) < CRIT_999[5]


# ------------------------------------------------------ real MicroPython (differential)

DEAL_SCRIPT = """
import json
from wyrm import deal
from wyrm.rng import Rng
out = []
for seed in (1, 2, 3, 1234567):
    for n in range(2, 8):
        d = deal.deal_party(n, Rng(seed=seed))
        d.mark_seen(0)
        out.append(d.to_json())
        out.append(d.card_of(0))
    rng = Rng(seed=seed)
    deck = deal.Deck(["1"] * 5 + ["2"] * 5 + ["3"] * 5 + ["dragon"] * 5 + ["bridge"] * 3)
    out.append(deck.deal(rng, 3, 7))
    x = deck.draw(rng)
    deck.reshuffle()
    out.append([x, deck.draw(rng, 1), deck.remaining(), deck.to_json()])
    try:
        deck.deal(rng, 1, 3)
    except ValueError as e:
        out.append(str(e))
for obj in (None, {"colours": ["a"] * 7}, {"cards": [["green", "pink", "red"]]},
            {"colours": ["Gruen", "Rot", "Weiss", "Blau", "Orange", "Gelb", "Lila"]}):
    out.append(list(deal.validate_cards(obj)))
print(json.dumps(out))
"""


def run_cpython(script):
    """Run a script under CPython and capture what it prints."""
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(script, {"__name__": "differential"})
    return buf.getvalue()


def test_same_deals_under_micropython(mp):
    """Seeded deals, decks and settings checks come out identical on MicroPython."""
    expected = json.loads(run_cpython(DEAL_SCRIPT))
    assert json.loads(mp.exec(DEAL_SCRIPT)) == expected
