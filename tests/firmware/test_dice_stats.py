"""Dice statistics: chi-square maths, verdicts, and 10^6-roll fairness runs."""

import json
import math

import pytest

from wyrm import dice, stats
from wyrm.rng import Rng

D6_PROBS = [(1, 6)] * 6


def chi2_sf(x, df):
    """Chi-square upper tail for whole df (closed forms, independent of stats.py)."""
    if df % 2 == 0:
        term = math.exp(-x / 2)
        total = term
        for i in range(1, df // 2):
            term *= (x / 2) / i
            total += term
        return total
    q = math.erfc(math.sqrt(x / 2))  # df = 1
    k = 1
    while k < df:
        q += math.exp((k / 2) * math.log(x / 2) - x / 2 - math.lgamma(k / 2 + 1))
        k += 2
    return q


# ----- the maths ------------------------------------------------------------------


def test_chi2_sf_sanity():
    """The reference tail function gives the textbook 5% points (3.841 at df 1, 11.070 at df 5)."""
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=2e-5)
    assert chi2_sf(11.070, 5) == pytest.approx(0.05, abs=2e-5)
    assert chi2_sf(5.991, 2) == pytest.approx(0.05, abs=2e-5)


@pytest.mark.parametrize("df", range(1, 21))
def test_critical_table_is_the_0_001_point(df):
    """Each tabled critical value (df 1..20) is exceeded by a fair die with probability 0.001."""
    assert chi2_sf(stats.critical_value(df), df) == pytest.approx(stats.ALPHA, rel=1e-3)


@pytest.mark.parametrize("df", [21, 22, 30, 50, 99, 200])
def test_critical_beyond_table_close_to_alpha(df):
    """Beyond df 20 the approximation keeps the false alarm rate between 0.00095 and 0.001."""
    p = chi2_sf(stats.critical_value(df), df)
    assert 0.00095 <= p <= 0.001


def test_critical_value_rejects_df_0():
    """There is no test with fewer than 2 faces (df 0)."""
    with pytest.raises(ValueError):
        stats.critical_value(0)


def test_chi_square_by_hand():
    """X2 for 10 heads and 20 tails of a fair coin is (5^2 + 5^2)/15 = 10/3."""
    assert stats.chi_square([10, 20], [(1, 2), (1, 2)]) == pytest.approx(10 / 3)


def test_chi_square_unequal_probabilities():
    """X2 uses each face's own chance: Drachenhort counts 10,20,10,10,10 (n=60) fit exactly."""
    probs = dice.DRACHENHORT.stat_probs()
    assert stats.chi_square([10, 20, 10, 10, 10], probs) == 0.0
    # Moving 6 rolls from face 2 to face 1: (6^2)/10 + (6^2)/20 = 5.4
    assert stats.chi_square([16, 14, 10, 10, 10], probs) == pytest.approx(5.4)


def test_chi_square_no_rolls_and_mismatch():
    """No rolls gives X2 = 0; counts that do not match the faces are an error."""
    assert stats.chi_square([0] * 6, D6_PROBS) == 0.0
    with pytest.raises(ValueError):
        stats.chi_square([1, 2], D6_PROBS)


def test_too_few_rolls_boundary():
    """A d6 needs 30 rolls (5 expected per face) before any verdict: 29 is too few."""
    assert stats.verdict([5, 5, 5, 5, 5, 4], D6_PROBS) == (stats.TOO_FEW, None)
    code, x2 = stats.verdict([5] * 6, D6_PROBS)
    assert code == stats.FAIR and x2 == 0.0
    # Drachenhort: the rarest faces are 1/6 too, so 30 rolls is also its threshold
    assert not stats.enough_rolls(29, dice.DRACHENHORT.stat_probs())
    assert stats.enough_rolls(30, dice.DRACHENHORT.stat_probs())
    # 2d6: a 2 or a 12 is 1/36, so 180 rolls are needed
    assert not stats.enough_rolls(179, dice.TWO_D6.stat_probs())
    assert stats.enough_rolls(180, dice.TWO_D6.stat_probs())


def test_unusual_just_past_critical_value():
    """A coin is called unusual once X2 passes 10.828 (df 1) and fair just below it."""
    # n = 10000 fair coin: X2 = (2d)^2 / n for a shift of d from 5000
    fair = stats.verdict([5164, 4836], [(1, 2), (1, 2)])  # X2 = 10.7584
    odd = stats.verdict([5165, 4835], [(1, 2), (1, 2)])  # X2 = 10.89
    assert fair[0] == stats.FAIR and fair[1] < 10.828
    assert odd[0] == stats.UNUSUAL and odd[1] > 10.828


def test_verdict_texts():
    """The verdicts read "Looks fair", "Too few rolls to tell" and "Unusual: keep rolling"."""
    assert stats.verdict_text(stats.FAIR) == "Looks fair"
    assert stats.verdict_text(stats.TOO_FEW) == "Too few rolls to tell"
    assert stats.verdict_text(stats.UNUSUAL) == "Unusual: keep rolling"
    for t in stats.VERDICT_TEXT:
        assert len(t) <= 22


def test_loaded_die_is_caught():
    """A d6 loaded to show 6 three times as often as 1 is flagged after 20000 rolls."""
    loaded = dice.Die("x", "loaded", (1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6))
    rng = Rng(seed=99)
    t = stats.Tally(dice.D6)
    for _ in range(20000):
        t.add(loaded.roll(rng))
    assert t.verdict()[0] == stats.UNUSUAL
    assert t.verdict_text() == "Unusual: keep rolling"


# ----- Tally -----------------------------------------------------------------------


def test_tally_counts_and_rows():
    """The tally counts each face and shows observed vs expected per mille."""
    t = stats.Tally(dice.DRACHENHORT)
    for v in (2, 2, 1, 6):
        t.add([v])
    assert t.n == 4 and t.counts == [1, 2, 0, 0, 1]
    rows = t.rows()
    assert rows[1] == (2, 2, 500, 333)
    assert rows[0] == (1, 1, 250, 167)
    assert t.verdict() == (stats.TOO_FEW, None)
    with pytest.raises(ValueError):
        t.add([5])  # the Drachenhort die has no 5
    t.clear()
    assert t.n == 0 and t.counts == [0] * 5 and t.rows()[0][2] == 0


def test_tally_2d6_counts_sums():
    """For 2d6 the tally counts the sum of the two dice."""
    t = stats.Tally(dice.TWO_D6)
    t.add([6, 6])
    t.add([1, 2])
    assert t.labels[0] == 2 and t.counts[10] == 1 and t.counts[1] == 1 and t.n == 2


def test_tally_json_round_trip():
    """Saved counts come back; counts saved for another die or damaged are dropped."""
    t = stats.Tally(dice.D6)
    for v in (1, 1, 6):
        t.add([v])
    back = stats.Tally.from_json(dice.D6, t.to_json())
    assert back.counts == [2, 0, 0, 0, 0, 1] and back.n == 3
    assert stats.Tally.from_json(dice.DOOR, t.to_json()).n == 0
    assert stats.Tally.from_json(dice.D6, {"id": "d6", "counts": [1, 2]}).n == 0
    assert stats.Tally.from_json(dice.D6, {"id": "d6", "counts": ["a"] * 6}).n == 0
    assert stats.Tally.from_json(dice.D6, None).n == 0


def test_count_helper():
    """stats.count turns a list of rolls into per-face counts."""
    assert stats.count(dice.D6, [[1], [3], [3]]) == [1, 0, 2, 0, 0, 0]


# ----- a million rolls of every built-in die -------------------------------------------

MILLION = 10 ** 6


@pytest.mark.slow
@pytest.mark.parametrize("die", [d for d in dice.BUILTIN if d.count == 1], ids=lambda d: d.id)
def test_million_rolls_look_fair(die):
    """10^6 seeded rolls of each single built-in die pass the chi-square test at alpha = 0.001."""
    rng = Rng(seed=20261129)
    t = stats.Tally(die)
    roll = die.roll
    add = t.add
    for _ in range(MILLION):
        add(roll(rng))
    assert t.n == MILLION
    code, x2 = t.verdict()
    assert code == stats.FAIR, (die.id, x2, t.counts)


@pytest.mark.slow
def test_million_2d6_sums_follow_the_triangle():
    """10^6 seeded 2d6 rolls: sums fit 1..6..1/36 and each of the two dice is a fair d6."""
    die = dice.TWO_D6
    assert [d for d in dice.BUILTIN if d.count > 1] == [die]
    rng = Rng(seed=4242)
    t = stats.Tally(die)
    first = [0] * 7
    second = [0] * 7
    for _ in range(MILLION):
        r = die.roll(rng)
        first[r[0]] += 1
        second[r[1]] += 1
        t.add(r)
    assert t.n == MILLION and t.labels == list(range(2, 13))
    assert t.verdict()[0] == stats.FAIR
    tri = [(6 - abs(s - 7), 36) for s in range(2, 13)]
    assert stats.verdict(t.counts, tri)[0] == stats.FAIR
    assert stats.verdict(first[1:], D6_PROBS)[0] == stats.FAIR
    assert stats.verdict(second[1:], D6_PROBS)[0] == stats.FAIR
    # and the sums really are triangular, not flat: a flat 11-way split is rejected
    flat = [(1, 11)] * 11
    assert stats.verdict(t.counts, flat)[0] == stats.UNUSUAL


# ----- real MicroPython ---------------------------------------------------------------

MP_ROLLS = 10 ** 5


@pytest.mark.slow
@pytest.mark.parametrize("die_id", ["dh", "d6"])
def test_micropython_rolls_look_fair(mp, die_id):
    """10^5 rolls run inside real MicroPython pass the same chi-square test as on the host."""
    src = (
        "import json\n"
        "from wyrm import dice, stats\n"
        "from wyrm.rng import Rng\n"
        "def _mp_fair(die_id, n):\n"
        "    die = dice.find(die_id)\n"
        "    t = stats.Tally(die)\n"
        "    rng = Rng(seed=31337)\n"
        "    for _ in range(n):\n"
        "        t.add(die.roll(rng))\n"
        "    code, x2 = t.verdict()\n"
        "    return {'counts': t.counts, 'code': code}\n"
        "print(json.dumps(_mp_fair(%r, %d)))\n" % (die_id, MP_ROLLS)
    )
    got = json.loads(mp.exec(src))
    die = dice.find(die_id)
    assert sum(got["counts"]) == MP_ROLLS
    # judged on the host with the host's statistics, and MicroPython's own verdict agrees
    assert stats.verdict(got["counts"], die.stat_probs())[0] == stats.FAIR
    assert got["code"] == stats.FAIR
    # and the counts are exactly what the same seeded Rng gives under CPython
    t = stats.Tally(die)
    rng = Rng(seed=31337)
    for _ in range(MP_ROLLS):
        t.add(die.roll(rng))
    assert t.counts == got["counts"]


def test_micropython_chi_square_numbers_match(mp):
    """MicroPython computes the same X2 and critical values as CPython (float maths agree)."""
    expr = ("[stats.chi_square([16, 14, 10, 10, 10], [(1, 6), (1, 3), (1, 6), (1, 6), (1, 6)]),"
            " stats.chi_square([5165, 4835], [(1, 2), (1, 2)])]"
            " + [stats.critical_value(df) for df in (1, 5, 20, 21, 50, 99)]")
    got = json.loads(mp.exec("import json\nfrom wyrm import stats\nprint(json.dumps(%s))\n" % expr))
    want = eval(expr, {"stats": stats})
    assert len(got) == 8
    assert got == pytest.approx(want, rel=1e-9)
