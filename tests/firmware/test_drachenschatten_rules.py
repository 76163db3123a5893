"""DrachenSchatten: collections, instant wins (incl. two at once), the final count, refusals."""

import json

import pytest

from wyrm.games import drachenschatten as ds
from wyrm.games import drachenschatten_ref


def give(state, p, *objects):
    for obj in objects:
        ds.adjust(state, p, obj, 1)


# The objects by their index in the rules' list (the rules name only SWORD and POTION)
TORCH, BOOTS, WAND, _SWORD, GEM, SPELL_BOOK, KEY, SHIELD, HELMET, _POTION = range(10)

# Objects that can slay each beast ("Protection against dragons / Hydras"): what the
# reference pages must say
DRAGON_SLAYERS = (ds.SWORD, SHIELD, HELMET)
HYDRA_SLAYERS = (ds.POTION, ds.SWORD)

SEVEN = ("torch", "boots", "magic wand", "sword", "gem", "spell book", "key")


# --- set-up -------------------------------------------------------------------


def test_ten_object_types():
    """The ten object types named in the rules, each once."""
    assert sorted(ds.OBJECTS) == sorted(
        [
            "torch",
            "boots",
            "magic wand",
            "sword",
            "gem",
            "spell book",
            "key",
            "shield",
            "helmet",
            "magic potion",
        ]
    )
    assert ds.N_OBJECTS == len(ds.OBJECTS) == 10


def test_named_indices_match_names():
    """The object index constants the rules use point at the right names."""
    assert ds.OBJECTS[ds.SWORD] == "sword"
    assert ds.OBJECTS[ds.POTION] == "magic potion"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_new_game_two_to_four_players(n):
    """2-4 players start with empty collections."""
    g = ds.new_game(n)
    assert len(g["players"]) == n
    for p in g["players"]:
        assert ds.card_count(p) == 0 and ds.kinds(p) == 0


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_outside_range_refused(n):
    """1 or 5 players is refused."""
    with pytest.raises(ValueError, match="2 to 4 players"):
        ds.new_game(n)


def test_six_different_objects_do_not_win_seven_do():
    """7 different objects win at once; 6 kinds do not, however many cards."""
    g = ds.new_game(2)
    give(g, 0, *SEVEN[:6])
    give(g, 0, "torch", "torch", "sword")
    assert ds.kinds(g["players"][0]) == 6
    assert ds.winners(g) == []
    give(g, 0, "key")
    assert ds.winners(g) == [(0, ["7 different objects"])]


def test_two_beasts_do_not_win_three_do():
    """3 slain beasts win at once; 2 do not."""
    g = ds.new_game(3)
    ds.adjust(g, 1, "beasts", 2)
    assert ds.winners(g) == []
    ds.adjust(g, 1, "beasts", 1)
    assert ds.winners(g) == [(1, ["3 slain beasts"])]


def test_two_treasures_do_not_win_three_do():
    """3 treasures win at once; 2 do not."""
    g = ds.new_game(4)
    ds.adjust(g, 3, "treasures", 2)
    assert ds.winners(g) == []
    ds.adjust(g, 3, "treasures", 1)
    assert ds.winners(g) == [(3, ["3 treasures"])]


def test_all_reasons_are_reported():
    """A player meeting several conditions gets every reason, in a fixed order."""
    g = ds.new_game(2)
    give(g, 0, *SEVEN)
    ds.adjust(g, 0, "beasts", 3)
    ds.adjust(g, 0, "treasures", 3)
    assert ds.win_reasons(g["players"][0]) == [
        ds.WIN_BY_OBJECTS,
        ds.WIN_BY_BEASTS,
        ds.WIN_BY_TREASURES,
    ]


def test_trade_gives_two_players_seven_objects_both_win():
    """One trade that gives both players 7 different objects makes both winners."""
    g = ds.new_game(3)
    give(g, 0, "torch", "boots", "magic wand", "sword", "sword", "gem", "spell book")
    give(g, 1, "key", "shield", "helmet", "magic potion", "magic potion", "torch", "boots")
    assert ds.winners(g) == []
    ds.trade(g, 0, "sword", 1, "magic potion")
    assert ds.winners(g) == [(0, ["7 different objects"]), (1, ["7 different objects"])]


def test_trade_swaps_one_card_each_way():
    """A trade moves one object from each player to the other."""
    g = ds.new_game(2)
    give(g, 0, "gem")
    give(g, 1, "boots")
    ds.trade(g, 0, GEM, 1, BOOTS)
    assert g["players"][0]["objects"][BOOTS] == 1
    assert g["players"][0]["objects"][GEM] == 0
    assert g["players"][1]["objects"][GEM] == 1
    assert g["players"][1]["objects"][BOOTS] == 0


def test_steal_moves_one_object_from_the_other_player():
    """A steal takes one of another player's objects into the thief's collection; it can
    give the thief a seventh kind (the win)."""
    g = ds.new_game(2)
    give(g, 0, "torch", "boots", "magic wand", "sword", "gem", "spell book")
    give(g, 1, "key", "key")
    ds.steal(g, 0, 1, "key")
    assert g["players"][1]["objects"][6] == 1 and g["players"][0]["objects"][6] == 1
    assert ds.winners(g) == [(0, ["7 different objects"])]


def test_steal_refused_without_the_object_or_from_oneself():
    """Nothing to steal, or stealing from oneself, is refused and changes nothing."""
    g = ds.new_game(2)
    give(g, 0, "gem")
    before = json.dumps(g)
    with pytest.raises(ValueError, match="Object not there"):
        ds.steal(g, 0, 1, "gem")
    with pytest.raises(ValueError, match="another"):
        ds.steal(g, 0, 0, "gem")
    assert json.dumps(g) == before


def test_trade_refused_without_the_objects():
    """Trading an object someone does not hold is refused and changes nothing."""
    g = ds.new_game(2)
    give(g, 0, "gem")
    before = json.dumps(g)
    with pytest.raises(ValueError, match="Object not there"):
        ds.trade(g, 0, "gem", 1, "boots")
    with pytest.raises(ValueError):
        ds.trade(g, 0, "gem", 0, "gem")
    assert json.dumps(g) == before


def test_lost_battle_loses_whole_collection():
    """Beaten by a beast: objects, beasts and treasures all leave the game."""
    g = ds.new_game(2)
    give(g, 0, "torch", "key", "key")
    ds.adjust(g, 0, "beasts", 2)
    ds.adjust(g, 0, "treasures", 2)
    give(g, 1, "gem")
    ds.defeated(g, 0)
    assert ds.card_count(g["players"][0]) == 0
    assert ds.card_count(g["players"][1]) == 1


# --- end of the piles ---------------------------------------------------------


def test_end_count_most_cards_wins():
    """Empty piles: the most cards (objects + beasts + treasures) wins."""
    g = ds.new_game(3)
    give(g, 0, "torch", "torch", "gem")  # 3
    give(g, 1, "key")
    ds.adjust(g, 1, "beasts", 2)
    ds.adjust(g, 1, "treasures", 1)  # 4
    give(g, 2, "boots")  # 1
    r = ds.end_count(g)
    assert r == {"counts": [3, 4, 1], "most": 4, "winners": [1], "draw": False}


def test_end_count_equal_most_is_a_draw():
    """Equal most cards is a draw between those players."""
    g = ds.new_game(4)
    give(g, 0, "torch", "gem")
    ds.adjust(g, 1, "treasures", 2)
    give(g, 2, "boots")
    ds.adjust(g, 3, "beasts", 1)
    give(g, 3, "sword")
    r = ds.end_count(g)
    assert r["winners"] == [0, 1, 3]
    assert r["draw"] is True
    assert r["most"] == 2


def test_end_count_nobody_has_cards():
    """If every collection is empty, all players draw."""
    r = ds.end_count(ds.new_game(2))
    assert r["winners"] == [0, 1] and r["draw"]


# --- refusals -----------------------------------------------------------------


@pytest.mark.parametrize("what", ["beasts", "treasures", "torch", KEY])
def test_negative_counts_refused(what):
    """No count can go below 0; the state stays as it was."""
    g = ds.new_game(2)
    ds.adjust(g, 0, what, 1)
    assert ds.adjust(g, 0, what, -1) == 0
    with pytest.raises(ValueError, match="Count below 0"):
        ds.adjust(g, 0, what, -1)
    assert ds.card_count(g["players"][0]) == 0


def test_only_seven_treasures_in_all():
    """The players together hold at most the 7 treasures."""
    g = ds.new_game(3)
    ds.adjust(g, 0, "treasures", 2)
    ds.adjust(g, 1, "treasures", 2)
    ds.adjust(g, 2, "treasures", 3)
    with pytest.raises(ValueError, match="Only 7 treasures"):
        ds.adjust(g, 0, "treasures", 1)
    assert [p["treasures"] for p in g["players"]] == [2, 2, 3]


def test_only_64_cards_in_all():
    """The players together hold at most the 64 cards of the game."""
    g = ds.new_game(2)
    ds.adjust(g, 0, "torch", 40)
    ds.adjust(g, 1, "gem", 24)
    with pytest.raises(ValueError, match="Only 64 cards"):
        ds.adjust(g, 1, "beasts", 1)


def test_unknown_object_or_player_refused():
    """An unknown object name/index or player number is refused."""
    g = ds.new_game(2)
    with pytest.raises(ValueError):
        ds.adjust(g, 0, "lamp", 1)
    with pytest.raises(ValueError):
        ds.adjust(g, 0, 10, 1)
    with pytest.raises(ValueError):
        ds.adjust(g, 2, "torch", 1)


# --- storage ------------------------------------------------------------------


def test_state_round_trips_through_json():
    """A game survives JSON storage unchanged and loads back."""
    g = ds.new_game(3)
    give(g, 0, "torch", "magic potion")
    ds.adjust(g, 2, "treasures", 2)
    back = json.loads(json.dumps(g))
    assert back == g
    assert ds.validate(back) == []


def test_load_refuses_bad_states():
    """Damaged saved states are refused with a reason."""
    g = ds.new_game(2)
    g["players"][0]["beasts"] = -1
    assert ds.validate(g) == ["count below 0"]
    g = ds.new_game(2)
    g["players"][0]["treasures"] = 4
    g["players"][1]["treasures"] = 4
    assert ds.validate(g) == ["Only 7 treasures"]
    assert ds.validate({"players": []}) == ["2 to 4 players"]
    g = ds.new_game(2)
    g["players"][1]["objects"] = [0] * 9
    assert ds.validate(g) == ["bad player entry"]


# --- reference text -----------------------------------------------------------


def test_reference_lines_fit_the_screen():
    """Every reference line and title fits 21 characters."""
    for title, lines in drachenschatten_ref.PAGES:
        assert 0 < len(title) <= 21
        assert lines
        for line in lines:
            assert isinstance(line, str) and len(line) <= 21, line


def test_reference_has_a_page_per_object_in_order():
    """Each object has its page, in the order of OBJECTS."""
    titles = [t.lower() for t, _ in drachenschatten_ref.OBJECT_PAGES]
    assert titles == list(ds.OBJECTS)
    for page in drachenschatten_ref.OBJECT_PAGES:
        assert page in drachenschatten_ref.PAGES


def test_reference_slayers_match_rules():
    """An object page mentions slaying a beast exactly when the rules let it."""
    for i, (_title, lines) in enumerate(drachenschatten_ref.OBJECT_PAGES):
        text = " ".join(lines).lower()
        assert ("dragon" in text) == (i in DRAGON_SLAYERS)
        assert ("hydra" in text) == (i in HYDRA_SLAYERS)


def test_reference_has_battle_and_win_pages():
    """Battle rules and win conditions are in the reference."""
    pages = dict(drachenschatten_ref.PAGES)
    win = " ".join(pages["Winning"])
    assert "7 different objects" in win and "3 slain beasts" in win and "3 treasures" in win
    assert "Battle" in pages and "End" in pages


def test_german_reference_fits_and_follows_the_english_pages():
    """The German pages (shown with "lang": 1): as many as the English ones, in the same
    order, every title and line within 21 characters; each object's page titled with the
    name its row in a player's list shows (Fackel ... Zaubertrank), and a page mentions
    slaying a dragon or a Hydra exactly where the English one does."""
    from wyrm.games import drachenschatten_play as play

    de = drachenschatten_ref.PAGES_DE
    assert len(de) == len(drachenschatten_ref.PAGES)
    for title, lines in de:
        assert 0 < len(title) <= 21
        assert lines
        for line in lines:
            assert isinstance(line, str) and len(line) <= 21, line
    names = [t for t, _ in drachenschatten_ref.OBJECT_PAGES_DE]
    assert names == [play.LABELS_DE[play.object_row(o)] for o in range(ds.N_OBJECTS)]
    assert names[0] == "Fackel" and names[-1] == "Zaubertrank"
    for i, (_title, lines) in enumerate(drachenschatten_ref.OBJECT_PAGES_DE):
        text = " ".join(lines)
        assert ("Drache" in text) == (i in DRAGON_SLAYERS)
        assert ("Hydra" in text) == (i in HYDRA_SLAYERS)
    win = " ".join(dict(de)["Sieg"])
    assert "7 verschiedenen" in win and "3 erlegten Bestien" in win and "3 Schätzen" in win


# A seeded walk through the rules, run the same under CPython and real MicroPython.
DEMO = """
from wyrm.games.drachenschatten import *
TORCH, BOOTS, WAND, _SWORD, GEM, SPELL_BOOK, KEY, SHIELD, HELMET, _POTION = range(10)

def _demo():
    lines = []
    g = new_game(3)
    for obj in (TORCH, BOOTS, WAND, SWORD, SWORD, GEM, SPELL_BOOK):
        adjust(g, 0, obj, 1)
    for obj in ("key", "shield", "helmet", "magic potion", "magic potion", "torch", "boots"):
        adjust(g, 1, obj, 1)
    lines.append("before trade: %s" % winners(g))
    trade(g, 0, SWORD, 1, POTION)
    lines.append("kinds %d %d" % (kinds(g["players"][0]), kinds(g["players"][1])))
    lines.append("after trade: %s" % winners(g))
    adjust(g, 2, SHIELD, 1)
    adjust(g, 2, "beasts", 1)
    adjust(g, 2, "treasures", 3)
    lines.append("p3: %s" % win_reasons(g["players"][2]))
    defeated(g, 2)
    r = end_count(g)
    lines.append(
        "end: %s most %d winners %s draw %s" % (r["counts"], r["most"], r["winners"], r["draw"])
    )
    try:
        adjust(g, 2, "treasures", 8)
    except ValueError as e:
        lines.append("refused: %s" % e)
    return lines
"""


def test_same_results_under_micropython(mp):
    """The rules demo prints the same lines under real MicroPython as under CPython."""
    ns = {}
    exec(compile(DEMO, "<demo>", "exec"), ns)
    expected = ns["_demo"]()
    assert len(expected) > 3
    assert mp.exec(DEMO + "\nprint(chr(10).join(_demo()))\n") == "\n".join(expected) + "\n"
