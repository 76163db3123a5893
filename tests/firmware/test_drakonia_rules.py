"""Der Weg nach Drakonia: hero limits, validation, scoring in half-points, tie-break, teams."""

import json

import pytest

from wyrm.games import drakonia as dk
from wyrm.games import drakonia_ref


def tally(healthy=(), wounded=()):
    """Build a tally from lists of spaces, e.g. healthy=(6, 3), wounded=(5,)."""
    t = dk.new_tally()
    for s in healthy:
        t["healthy"][s] += 1
    for s in wounded:
        t["wounded"][s] += 1
    return t


def empty(n):
    return [dk.new_tally() for _ in range(n)]


# --- hero limits --------------------------------------------------------------


@pytest.mark.parametrize("players,limit", [(2, 6), (3, 5), (4, 5), (5, 4), (6, 4)])
def test_hero_limit_table(players, limit):
    """Heroes in play at once: 2 players 6, 3-4 players 5, 5-6 players 4."""
    assert dk.hero_limit(players) == limit


@pytest.mark.parametrize("players", [0, 1, 7])
def test_player_count_outside_2_to_6_refused(players):
    """Fewer than 2 or more than 6 players is refused with a plain message."""
    with pytest.raises(ValueError, match="2 to 6 players"):
        dk.hero_limit(players)


@pytest.mark.parametrize("players,limit", [(2, 6), (3, 5), (4, 5), (5, 4), (6, 4)])
def test_limit_boundary_both_sides(players, limit):
    """Exactly the limit in play is fine; one more is an error naming the limit."""
    tallies = empty(players)
    tallies[0] = tally(healthy=[6] + [1] * (limit - 1))
    errors, _ = dk.check(tallies)
    assert errors == []
    tallies[0]["healthy"][2] += 1
    errors, _ = dk.check(tallies)
    assert errors == ["P1: %d in play, max %d" % (limit + 1, limit)]


def test_wounded_heroes_count_toward_limit():
    """Wounded heroes still count toward the maximum (rulebook)."""
    tallies = [tally(healthy=(6, 4, 3, 2, 1), wounded=(2,)), tally()]
    assert dk.check(tallies)[0] == []  # 2 players: 6 allowed
    tallies3 = [tally(healthy=(6, 4, 3, 2, 1), wounded=(2,)), tally(), tally()]
    assert dk.check(tallies3)[0] == ["P1: 6 in play, max 5"]


def test_heroes_in_the_city_count_toward_limit():
    """Healthy and wounded heroes at the City (0 points) still use up the limit."""
    tallies = [tally(healthy=(6, 0, 0, 0), wounded=(0,)), tally(), tally(), tally(), tally()]
    assert dk.check(tallies)[0] == ["P1: 5 in play, max 4"]


def test_more_than_twelve_heroes_is_its_own_error():
    """13 heroes is refused as more than a player owns (12), not just over the limit."""
    tallies = [tally(healthy=[1] * 13), tally()]
    assert dk.check(tallies)[0] == ["P1: 13 heroes, max 12"]
    tallies = [tally(healthy=[1] * 12), tally(healthy=(6,))]
    assert dk.check(tallies)[0] == ["P1: 12 in play, max 6"]


def test_negative_count_refused():
    """A count below zero is an error for that player."""
    t = tally(healthy=(6,))
    t["wounded"][3] = -1
    errors, _ = dk.check([tally(healthy=(5,)), t])
    assert errors == ["P2: count below 0"]


@pytest.mark.parametrize(
    "bad",
    [
        {"healthy": [0] * 6, "wounded": [0] * 7},
        {"healthy": [0] * 7, "wounded": [0.5] + [0] * 6},
        {"healthy": [True] + [0] * 6, "wounded": [0] * 7},
        {"healthy": [0] * 7},
        [0] * 7,
    ],
)
def test_malformed_tally_refused(bad):
    """Rows of the wrong length, non-whole numbers or missing rows are a 'bad count'."""
    assert dk.check([tally(healthy=(6,)), bad])[0] == ["P2: bad count"]


def test_no_wounded_hero_beside_drakonia():
    """Cards are never played in Drakonia, so nobody can lie wounded beside it."""
    assert dk.check([tally(healthy=(6,), wounded=(5,)), tally()])[0] == []
    errors, _ = dk.check([tally(healthy=(6,), wounded=(6,)), tally()])
    assert errors == ["P1: wounded beside 6"]


def test_errors_use_given_names_and_fit_the_screen():
    """Errors name the player and fit one 21-character line with default names."""
    tallies = [tally(healthy=[1] * 13), tally(healthy=(6, 5, 4, 3, 2, 1, 1))]
    errors, _ = dk.check(tallies)
    assert all(len(e) <= 21 for e in errors)
    errors, _ = dk.check(tallies, names=["Ann", "Bo"])
    assert errors == ["Ann: 13 heroes, max 12", "Bo: 7 in play, max 6"]


def test_drakonia_warnings_do_not_block_scoring():
    """No hero in Drakonia, or more than two there, is a warning; the count still works."""
    _, w = dk.check([tally(healthy=(5,)), tally(healthy=(4,))])
    assert w == ["No hero in Drakonia"]
    r = dk.score([tally(healthy=(5,)), tally(healthy=(4,))])
    assert r["warnings"] == ["No hero in Drakonia"] and r["winners"] == ["P1"]
    _, w = dk.check([tally(healthy=(6, 6)), tally(healthy=(6,))])
    assert w == ["More than 2 heroes in Drakonia: one card moves at most 2 there. Check the count."]
    _, w = dk.check([tally(healthy=(6,)), tally(healthy=(6,))])
    assert w == []


def test_score_refuses_an_invalid_count():
    """Scoring an invalid count raises the first error as its message."""
    with pytest.raises(ValueError, match="P2: 7 in play, max 6"):
        dk.score([tally(healthy=(6,)), tally(healthy=[1] * 7)])


# --- points -------------------------------------------------------------------


def test_healthy_hero_worth_its_space_number():
    """A healthy hero scores the number of its space (0 in the City, 6 in Drakonia)."""
    for s in range(7):
        assert dk.half_points(tally(healthy=(s,))) == 2 * s


def test_wounded_hero_worth_half_rulebook_woods_example():
    """A wounded hero beside the Woods is worth 2.5 (rulebook example)."""
    half = dk.half_points(tally(wounded=(5,)))
    assert half == 5
    assert dk.format_points(half) == "2.5"


def test_wounded_beside_city_worth_nothing():
    """A wounded hero beside the City scores 0."""
    assert dk.half_points(tally(wounded=(0,))) == 0


def test_mixed_total_with_half_point():
    """6 + 5 + 3 healthy plus wounded beside 5 and beside 1 = 17 points."""
    t = tally(healthy=(6, 5, 3), wounded=(5, 1))
    assert dk.format_points(dk.half_points(t)) == "17"
    t = tally(healthy=(6, 2), wounded=(3,))
    assert dk.format_points(dk.half_points(t)) == "9.5"


@pytest.mark.parametrize("half,text", [(0, "0"), (1, "0.5"), (24, "12"), (25, "12.5"), (70, "35")])
def test_format_points(half, text):
    """Half-points show as whole numbers or with '.5', never as a float like 12.50."""
    assert dk.format_points(half) == text


def test_points_are_integers_not_floats():
    """Half-points are kept as int, so totals are exact."""
    r = dk.score([tally(healthy=(6,), wounded=(1, 3)), tally(healthy=(4,))])
    for side in r["sides"]:
        assert type(side["half"]) is int
    assert [s["points"] for s in r["sides"]] == ["8", "4"]


# --- ranking and the tie-break ------------------------------------------------


def test_most_points_wins_not_first_to_drakonia():
    """The player who reached Drakonia need not win: most points wins (rulebook)."""
    r = dk.score([tally(healthy=(6,)), tally(healthy=(5, 4))])
    assert r["winners"] == ["P2"]
    assert r["code"] == "points" and r["reason"] == "most points"
    assert not r["draw"]
    assert [(s["name"], s["rank"], s["points"]) for s in r["sides"]] == [
        ("P2", 1, "9"),
        ("P1", 2, "6"),
    ]


def test_half_point_decides_the_win():
    """A wounded hero's half point can decide: 9.5 beats 9."""
    r = dk.score([tally(healthy=(6, 3)), tally(healthy=(6, 3), wounded=(1,))])
    assert r["winners"] == ["P2"] and r["code"] == "points"
    assert r["sides"][0]["points"] == "9.5"


def test_tie_broken_by_hero_in_drakonia():
    """Equal points: the tied player with the highest healthy hero wins."""
    r = dk.score([tally(healthy=(5, 2)), tally(healthy=(6, 1))])
    assert r["winners"] == ["P2"]
    assert r["code"] == "tie"
    assert r["reason"] == "tie broken: hero in Drakonia"


def test_tie_broken_by_hero_in_the_woods():
    """The Woods (space 5) is named when it decides the tie."""
    r = dk.score([tally(healthy=(6, 4, 4)), tally(healthy=(6, 5, 2, 1))])
    assert r["winners"] == ["P2"]
    assert r["reason"] == "tie broken: 2nd hero in the Woods"
    r = dk.score([tally(healthy=(4, 4)), tally(healthy=(5, 2, 1)), tally(healthy=(6,))])
    assert r["winners"] == ["P2"]
    assert r["reason"] == "tie broken: hero in the Woods"


def test_tie_broken_on_numbered_space():
    """Spaces 1-4 have no names in the rulebook's numbers, so they read 'on space N'."""
    r = dk.score([tally(healthy=(3, 2)), tally(healthy=(4, 1))])
    assert r["winners"] == ["P2"]
    assert r["reason"] == "tie broken: hero on space 4"


def test_tie_broken_at_second_highest_hero():
    """Equal top heroes: the next-highest healthy heroes decide."""
    first = tally(healthy=(6, 2), wounded=(2,))  # 6 + 2 + 1 = 9
    second = tally(healthy=(6, 3))  # 9
    r = dk.score([first, second])
    assert r["sides"][0]["half"] == r["sides"][1]["half"] == 18
    assert r["winners"] == ["P2"]
    assert r["reason"] == "tie broken: 2nd hero on space 3"


def test_tie_broken_deeper_with_ordinals():
    """The decisive position is named with an ordinal: 3rd, 4th ..."""
    r = dk.score([tally(healthy=(6, 5, 4, 2, 1)), tally(healthy=(6, 5, 4, 3))])
    assert r["winners"] == ["P2"]
    assert r["reason"] == "tie broken: 4th hero on space 3"
    assert dk.tie_text(2, 5) == "tie broken: 3rd hero in the Woods"
    assert dk.tie_text(10, 1) == "tie broken: 11th hero on space 1"
    assert dk.tie_text(20, 1) == "tie broken: 21st hero on space 1"


def test_wounded_heroes_do_not_break_ties():
    """Only healthy heroes count in the tie-break, however high a wounded one lies."""
    a = tally(healthy=(6,), wounded=(2,))  # 7, wounded beside 2 (worth 1)
    b = tally(healthy=(6, 1))  # 7
    r = dk.score([a, b])
    assert r["winners"] == ["P2"]
    assert r["reason"] == "tie broken: 2nd hero on space 1"


def test_extra_hero_in_the_city_breaks_tie():
    """Equal points and equal heroes, but one more hero (in the City): not a draw."""
    r = dk.score([tally(healthy=(5, 3)), tally(healthy=(5, 3, 0))])
    assert r["winners"] == ["P2"]
    assert r["reason"] == "tie broken: 3rd hero in the City"


def test_true_draw_identical_spaces():
    """Same points and healthy heroes on identical spaces is a draw."""
    a = tally(healthy=(6, 3), wounded=(2,))  # 10
    b = tally(healthy=(6, 3), wounded=(1, 1))  # 10
    r = dk.score([a, b])
    assert r["draw"] is True
    assert r["winners"] == ["P1", "P2"]
    assert r["code"] == "draw" and r["reason"] == "draw: heroes on same spaces"
    assert [s["rank"] for s in r["sides"]] == [1, 1]


def test_draw_for_first_among_three_and_rank_numbers():
    """Two drawn leaders share rank 1, the next player is rank 3."""
    r = dk.score([tally(healthy=(2,)), tally(healthy=(6, 1)), tally(healthy=(6, 1))])
    assert r["winners"] == ["P2", "P3"]
    assert [(s["name"], s["rank"]) for s in r["sides"]] == [("P2", 1), ("P3", 1), ("P1", 3)]


def test_lower_places_also_tie_broken():
    """The full ranking uses the same rules below first place."""
    r = dk.score(
        [tally(healthy=(3, 2)), tally(healthy=(6, 6)), tally(healthy=(4, 1)), tally(healthy=(5,))]
    )
    assert [(s["name"], s["rank"]) for s in r["sides"]] == [
        ("P2", 1),
        ("P4", 2),
        ("P3", 3),
        ("P1", 4),
    ]


def test_reason_is_against_the_closest_rival():
    """With three tied players, the reason is how the winner beat the runner-up."""
    r = dk.score([tally(healthy=(4, 4)), tally(healthy=(6, 2)), tally(healthy=(6, 1, 1))])
    assert [s["name"] for s in r["sides"]] == ["P2", "P3", "P1"]
    assert r["reason"] == "tie broken: 2nd hero on space 2"


def test_compare_is_antisymmetric():
    """compare(a, b) and compare(b, a) agree on who is ahead."""
    a = {"half": 14, "heroes": [6, 1]}
    b = {"half": 14, "heroes": [5, 2]}
    assert dk.compare(a, b) == (1, 0)
    assert dk.compare(b, a) == (-1, 0)
    assert dk.compare(a, dict(a)) == (0, 2)
    assert dk.compare({"half": 3, "heroes": []}, a) == (-1, None)


def test_results_are_deterministic_and_keep_seat_order_in_draws():
    """The same input always gives the same ranking; drawn sides stay in seat order."""
    tallies = [tally(healthy=(6,)), tally(healthy=(6,)), tally(healthy=(6,))]
    first = dk.score(tallies)
    assert first["winners"] == ["P1", "P2", "P3"]
    for _ in range(5):
        assert dk.score(tallies) == first


def test_score_result_is_json_serialisable():
    """The score result can be stored as JSON (no floats, no tuples needed)."""
    r = dk.score([tally(healthy=(6,), wounded=(5,)), tally(healthy=(4,))])
    assert json.loads(json.dumps(r)) == r


# --- teams (six players) ------------------------------------------------------


def test_team_seating_is_data_partners_opposite():
    """Six players form teams A, B, C of seats 1+4, 2+5, 3+6 (partners opposite)."""
    assert dk.TEAM_NAMES == ("A", "B", "C")
    assert dk.TEAM_SEATS == ((0, 3), (1, 4), (2, 5))


def test_teams_only_with_six_players():
    """Only a six-player game scores as teams."""
    assert [dk.is_team_game(n) for n in range(2, 7)] == [False] * 4 + [True]
    assert dk.sides(5) == [("P%d" % (i + 1), [i]) for i in range(5)]
    assert dk.sides(6) == [("Team A", [0, 3]), ("Team B", [1, 4]), ("Team C", [2, 5])]


def test_team_points_are_summed():
    """A team's points are both partners' points together; the team wins, not a player."""
    tallies = [
        tally(healthy=(6,)),  # P1, team A
        tally(healthy=(5, 5)),  # P2, team B
        tally(healthy=(1,)),  # P3, team C
        tally(healthy=(4,), wounded=(5,)),  # P4, team A: 6 + 4 + 2.5 = 12.5
        tally(healthy=(1,)),  # P5, team B: 10 + 1 = 11
        tally(healthy=(2,)),  # P6, team C: 3
    ]
    r = dk.score(tallies)
    assert r["winners"] == ["Team A"]
    assert [(s["name"], s["members"], s["points"]) for s in r["sides"]] == [
        ("Team A", [0, 3], "12.5"),
        ("Team B", [1, 4], "11"),
        ("Team C", [2, 5], "3"),
    ]


def test_team_tie_break_uses_both_partners_heroes():
    """Tied teams compare the partners' healthy heroes taken together."""
    tallies = [
        tally(healthy=(5,)),  # A
        tally(healthy=(5, 3)),  # B
        tally(healthy=(1,)),  # C
        tally(healthy=(4,)),  # A: [5, 4] = 9
        tally(healthy=(1,)),  # B: [5, 3, 1] = 9
        tally(),  # C
    ]
    r = dk.score(tallies)
    assert r["sides"][0]["heroes"] == [5, 4]
    assert r["winners"] == ["Team A"]
    assert r["reason"] == "tie broken: 2nd hero on space 4"


def test_team_tie_break_counts_partners_on_the_same_space():
    """Both partners' heroes on one space count twice in the team's tie-break list."""
    tallies = [
        tally(healthy=(4,)),  # A
        tally(healthy=(4, 3)),  # B
        tally(healthy=(6,)),  # C: 6
        tally(healthy=(4, 1)),  # A: [4, 4, 1] = 9
        tally(healthy=(2,)),  # B: [4, 3, 2] = 9
        tally(),  # C
    ]
    r = dk.score(tallies)
    assert [(s["name"], s["heroes"]) for s in r["sides"]] == [
        ("Team A", [4, 4, 1]),
        ("Team B", [4, 3, 2]),
        ("Team C", [6]),
    ]
    assert r["reason"] == "tie broken: 2nd hero on space 4"


def test_team_draw():
    """Two teams with equal points and heroes on identical spaces draw."""
    tallies = [
        tally(healthy=(6,)),  # A
        tally(healthy=(3,)),  # B
        tally(healthy=(1,)),  # C
        tally(healthy=(3,)),  # A: [6, 3]
        tally(healthy=(6,)),  # B: [6, 3]
        tally(healthy=(2,)),  # C
    ]
    r = dk.score(tallies)
    assert r["draw"] and r["winners"] == ["Team A", "Team B"]


def test_team_game_limit_is_per_player():
    """In the team game each player still has the 4-hero limit of her own."""
    tallies = empty(6)
    tallies[0] = tally(healthy=(6, 1, 1, 1))
    tallies[3] = tally(healthy=(2, 2, 2, 2))
    assert dk.check(tallies)[0] == []
    tallies[3]["healthy"][1] = 1
    assert dk.check(tallies)[0] == ["P4: 5 in play, max 4"]


# --- names and reference text -------------------------------------------------


def test_reference_lines_fit_the_screen():
    """Every reference line and title fits 21 characters."""
    for title, lines in drakonia_ref.PAGES:
        assert 0 < len(title) <= 21
        assert lines
        for line in lines:
            assert isinstance(line, str) and len(line) <= 21, line


def test_reference_covers_cards_and_turn():
    """The reference has a page for each of the four adventure cards and the turn."""
    titles = [t for t, _ in drakonia_ref.PAGES]
    for needed in ("Warrior card", "Thief card", "Cleric card", "Mage card", "Your turn"):
        assert needed in titles


def test_reference_limits_match_the_rules():
    """The reference's heroes-in-play lines agree with hero_limit and the team seats."""
    page = dict(drakonia_ref.PAGES)["Heroes in play"]
    text = " ".join(page)
    assert "2 players:   %d" % dk.hero_limit(2) in page
    assert "3-4 players: %d" % dk.hero_limit(3) in page
    assert "5-6 players: %d" % dk.hero_limit(6) in page
    for a, b in dk.TEAM_SEATS:
        assert "%d+%d" % (a + 1, b + 1) in text


# A seeded walk through the rules, run the same under CPython and real MicroPython.
DEMO = """
from wyrm.games.drakonia import *


def _demo():
    lines = []
    games = (
        # 2 players: a clean win, with a wounded hero beside the Woods.
        [
            {"healthy": [0, 0, 1, 0, 0, 1, 1], "wounded": [0, 0, 0, 0, 0, 1, 0]},
            {"healthy": [0, 1, 0, 2, 1, 1, 0], "wounded": [0, 0, 0, 0, 0, 0, 0]},
        ],
        # 3 players: tie on points, broken at the second hero.
        [
            {"healthy": [0, 0, 0, 1, 0, 0, 1], "wounded": [0, 0, 0, 0, 0, 0, 0]},
            {"healthy": [0, 0, 1, 0, 0, 0, 1], "wounded": [0, 0, 1, 0, 0, 0, 0]},
            {"healthy": [1, 0, 0, 0, 0, 1, 0], "wounded": [0, 1, 0, 0, 0, 0, 0]},
        ],
        # 6 players (teams): a true draw between teams A and B.
        [
            {"healthy": [0, 0, 0, 0, 0, 0, 1], "wounded": [0, 0, 0, 0, 0, 0, 0]},
            {"healthy": [0, 0, 0, 1, 0, 0, 0], "wounded": [0, 0, 0, 0, 0, 0, 0]},
            {"healthy": [0, 1, 0, 0, 0, 0, 0], "wounded": [0, 0, 0, 0, 0, 0, 0]},
            {"healthy": [0, 0, 0, 1, 0, 0, 0], "wounded": [0, 0, 0, 0, 0, 0, 0]},
            {"healthy": [0, 0, 0, 0, 0, 0, 1], "wounded": [0, 0, 0, 0, 0, 0, 0]},
            {"healthy": [0, 0, 1, 0, 0, 0, 0], "wounded": [0, 0, 0, 0, 0, 1, 0]},
        ],
    )
    for tallies in games:
        r = score(tallies)
        lines.append("%d players: %s (%s)" % (len(tallies), "+".join(r["winners"]), r["reason"]))
        for s in r["sides"]:
            lines.append(" %d %s %s %s" % (s["rank"], s["name"], s["points"], s["heroes"]))
    lines.append("limits %d %d %d %d %d" % tuple(hero_limit(n) for n in range(2, 7)))
    errors, _w = check([{"healthy": [0, 0, 0, 0, 0, 0, 7], "wounded": [0] * 7}, new_tally()])
    lines.append("check: %s" % errors)
    return lines
"""


def test_same_results_under_micropython(mp):
    """The scoring demo prints the same lines under real MicroPython as under CPython."""
    ns = {}
    exec(compile(DEMO, "<demo>", "exec"), ns)
    expected = ns["_demo"]()
    assert len(expected) > 3
    assert mp.exec(DEMO + "\nprint(chr(10).join(_demo()))\n") == "\n".join(expected) + "\n"
