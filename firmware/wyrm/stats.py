"""Dice statistics: per-face counts and a chi-square fairness verdict (``math`` only).

The test, its significance level and the verdicts: docs/INTERNALS.md.
"""

import math

from micropython import const

from wyrm.lang import t

ALPHA = 0.001
MIN_EXPECTED = const(5)

# Chi-square critical values, upper tail 0.001, df = 1..20 (index 0 is df 1).
CRITICAL_001 = (
    10.828, 13.816, 16.266, 18.467, 20.515,
    22.458, 24.322, 26.124, 27.877, 29.588,
    31.264, 32.909, 34.528, 36.123, 37.697,
    39.252, 40.790, 42.312, 43.820, 45.315,
)
_Z_999 = 3.090232306

FAIR = const(0)
TOO_FEW = const(1)
UNUSUAL = const(2)

VERDICT_TEXT = ("Looks fair", "Too few rolls to tell", "Unusual: keep rolling")
VERDICT_DE = ("Wirkt fair", "Noch zu früh", "Seltsam: mehr Würfe")  # (no g, p, q or y: the
# verdict is the panel's lowest line)


def critical_value(df):
    """Chi-square value exceeded with probability ALPHA by a fair die."""
    if df < 1:
        raise ValueError("df must be >= 1")
    if df <= len(CRITICAL_001):
        return CRITICAL_001[df - 1]
    h = 2.0 / (9.0 * df)
    return df * (1.0 - h + _Z_999 * math.sqrt(h)) ** 3


def total(counts):
    n = 0
    for c in counts:
        n += c
    return n


def chi_square(counts, probs):
    """Pearson's X2 of observed ``counts`` against exact ``probs`` [(num, den)]."""
    if len(counts) != len(probs):
        raise ValueError("one count per face")
    n = total(counts)
    if n == 0:
        return 0.0
    x2 = 0.0
    for i in range(len(counts)):
        num, den = probs[i]
        d = counts[i] * den - n * num
        x2 += (d * d) / (n * num * den)
    return x2


def enough_rolls(n, probs):
    """True when every face's expected count n*p is at least 5."""
    for num, den in probs:
        if n * num < MIN_EXPECTED * den:
            return False
    return True


def verdict(counts, probs):
    """(code, x2): code FAIR, TOO_FEW or UNUSUAL; x2 is None when TOO_FEW."""
    n = total(counts)
    if len(probs) < 2:
        return FAIR, 0.0
    if not enough_rolls(n, probs):
        return TOO_FEW, None
    x2 = chi_square(counts, probs)
    if x2 > critical_value(len(probs) - 1):
        return UNUSUAL, x2
    return FAIR, x2


def verdict_text(code):
    return t(VERDICT_TEXT, VERDICT_DE)[code]


def count(die, results):
    """Counts per ``die.stat_labels()`` for an iterable of roll results."""
    t = Tally(die)
    for r in results:
        t.add(r)
    return t.counts


class Tally:
    """Running counts for one die (what the statistics screen keeps).

    ``labels`` / ``probs`` come from the die; ``counts[i]`` counts ``labels[i]``;
    ``n`` is the number of observations (rolls, or dice for per-face counting).
    """

    def __init__(self, die, counts=None):
        self.die = die
        self.labels = die.stat_labels()
        self.probs = die.stat_probs()
        self._index = {}
        for i in range(len(self.labels)):
            self._index[self.labels[i]] = i
        k = len(self.labels)
        if counts is not None and len(counts) == k:
            self.counts = [int(c) if c and c > 0 else 0 for c in counts]
        else:
            self.counts = [0] * k
        self.n = total(self.counts)

    def add(self, result):
        """Count one roll result (as returned by ``die.roll``)."""
        for v in self.die.stat_values(result):
            i = self._index.get(v)
            if i is None:
                raise ValueError("not a face of this die: %r" % (v,))
            self.counts[i] += 1
            self.n += 1

    def clear(self):
        self.counts = [0] * len(self.labels)
        self.n = 0

    def verdict(self):
        return verdict(self.counts, self.probs)

    def verdict_text(self):
        return verdict_text(self.verdict()[0])

    def rows(self):
        """Per face: (label, count, observed per mille, expected per mille)."""
        out = []
        n = self.n
        for i in range(len(self.labels)):
            num, den = self.probs[i]
            obs = (self.counts[i] * 1000 + n // 2) // n if n else 0
            exp = (num * 1000 + den // 2) // den
            out.append((self.labels[i], self.counts[i], obs, exp))
        return out

    def to_json(self):
        return {"id": self.die.id, "counts": list(self.counts)}

    @staticmethod
    def from_json(die, obj):
        """Rebuild from ``to_json()``; bad or mismatched data gives empty counts."""
        counts = None
        if isinstance(obj, dict) and obj.get("id") == die.id:
            c = obj.get("counts")
            if isinstance(c, list):
                ok = True
                for v in c:
                    if type(v) is not int:
                        ok = False
                        break
                if ok:
                    counts = c
        return Tally(die, counts)
