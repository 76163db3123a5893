"""Dice: the built-in dice, NdM and custom dice, and what their statistics count.

Pure logic but for two small store reads the Dice menu needs (``load_custom``, ``last_die``);
every face is drawn with ``rng.below`` (docs/INTERNALS.md).
"""

from micropython import const

from wyrm import dice_custom
from wyrm.lang import t

KIND_PLAIN = "plain"
KIND_DRACHENHORT = "drachenhort"
KIND_DOOR = "door"

STAT_FACE = "face"
STAT_SUM = "sum"

NAME_MAX = const(21)  # a roll's text fills one line of the small font at most
PLAYERS_MIN = const(2)
PLAYERS_MAX = const(7)
_SUM_STATS_MAX = const(1296)

STATS_FILE = "dice_stats"  # store name of the counts (not "dice": that would be dice.json)
_CUSTOM_FILE = "dice.json"
_CUSTOM_MAX_BYTES = const(4096)


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def _reduce(num, den):
    g = _gcd(num, den)
    return (num // g, den // g)


class Die:
    """One kind of roll: ``count`` dice, each showing one of ``faces``.

    Attributes: ``id`` (short key, e.g. "d6", "2d6", "c:Weather"), ``name``
    (display name, <= 21 chars), ``faces`` (tuple; duplicates allowed),
    ``count`` (dice per roll), ``kind`` (KIND_*), ``numeric`` (all faces ints).
    ``de``: the name in German (a built-in die's; your own dice keep theirs).
    """

    def __init__(self, die_id, name, faces, count=1, kind=KIND_PLAIN, de=None):
        faces = tuple(faces)
        if len(faces) < 1:
            raise ValueError("a die needs faces")
        if count < 1:
            raise ValueError("count must be >= 1")
        self.id = die_id
        self.en = name
        self.de = de or name
        self.faces = faces
        self.count = count
        self.kind = kind
        numeric = True
        for f in faces:
            if type(f) is not int:
                numeric = False
                break
        self.numeric = numeric

    def __repr__(self):
        return "Die(%r)" % (self.id,)

    @property
    def name(self):
        """The name in the language in use."""
        return t(self.en, self.de)

    def roll(self, rng):
        """Roll: a list with one face value per die."""
        faces = self.faces
        n = len(faces)
        out = []
        for _ in range(self.count):
            out.append(faces[rng.below(n)])
        return out

    def total(self, result):
        """Sum of a numeric result; None for word dice."""
        if not self.numeric:
            return None
        s = 0
        for v in result:
            s += v
        return s

    # ----- statistics -------------------------------------------------------

    def stat_mode(self):
        """STAT_SUM (count the total) or STAT_FACE (count every die's face)."""
        if self.count > 1 and self.numeric and len(self.faces) ** self.count <= _SUM_STATS_MAX:
            return STAT_SUM
        return STAT_FACE

    def face_labels(self):
        """Distinct faces of one die: numbers ascending, words in face order."""
        out = []
        for f in self.faces:
            if f not in out:
                out.append(f)
        if self.numeric:
            out.sort()
        return out

    def stat_labels(self):
        """The categories the statistics count, in display order."""
        if self.stat_mode() == STAT_SUM:
            lo = 0
            hi = 0
            for _ in range(self.count):
                lo += min(self.faces)
                hi += max(self.faces)
            dist = self._sum_counts()
            return [lo + i for i in range(hi - lo + 1) if dist[i]]
        return self.face_labels()

    def _sum_counts(self):
        # Ways to reach each sum (offset by the lowest sum), by convolution.
        lo = min(self.faces)
        width = max(self.faces) - lo
        ways = [1]
        for _ in range(self.count):
            nxt = [0] * (len(ways) + width)
            for i in range(len(ways)):
                w = ways[i]
                if w:
                    for f in self.faces:
                        nxt[i + f - lo] += w
            ways = nxt
        return ways

    def stat_probs(self):
        """Exact probabilities of ``stat_labels()``: list of (num, den), reduced."""
        if self.stat_mode() == STAT_SUM:
            den = len(self.faces) ** self.count
            return [_reduce(w, den) for w in self._sum_counts() if w]
        n = len(self.faces)
        out = []
        for label in self.face_labels():
            out.append(_reduce(self.faces.count(label), n))
        return out

    def stat_values(self, result):
        """What one roll adds to the statistics: a list of labels."""
        if self.stat_mode() == STAT_SUM:
            return [self.total(result)]
        return list(result)

    # ----- text ---------------------------------------------------------------

    def text(self, result):
        """One short line (<= 21 chars) describing a roll."""
        if self.kind == KIND_DRACHENHORT:
            v = result[0]
            if v == 2:
                return t("2 - any adventurer", "2 - jeder Abenteurer")
            return t("%d - start/lit only", "%d - nur Start/Licht") % v
        if self.kind == KIND_DOOR:
            v = result[0]
            if door_found(v):
                return t("%d - door FOUND", "%d - Tür GEFUNDEN") % v
            return t("%d - not found", "%d - nicht gefunden") % v
        parts = [str(v) for v in result]
        if len(parts) == 1:
            return parts[0][:NAME_MAX]
        if self.numeric:
            s = "+".join(parts) + " = " + str(self.total(result))
            if len(s) > NAME_MAX:
                s = t("total ", "Summe ") + str(self.total(result))
            return s
        s = " ".join(parts)
        if len(s) > NAME_MAX:
            s = s[: NAME_MAX - 2] + ".."
        return s


def door_found(value):
    """Drakskatten secret door search: a 1d6 of 1, 2 or 3 finds the door."""
    return 1 <= value <= 3


DRACHENHORT = Die(
    "dh", "Drachenhort die", (1, 2, 2, 3, 4, 6), 1, KIND_DRACHENHORT, "Drachenhort-Würfel"
)
D6 = Die("d6", "d6", (1, 2, 3, 4, 5, 6), de="W6")
TWO_D6 = Die("2d6", "2d6", (1, 2, 3, 4, 5, 6), 2, de="2W6")
DOOR = Die("door", "Door search (1d6)", (1, 2, 3, 4, 5, 6), 1, KIND_DOOR, "Türsuche (1W6)")

# Built-in dice in their fixed menu order.
BUILTIN = [DRACHENHORT, D6, TWO_D6, DOOR]


def find(die_id, extra=None):
    """The built-in (or ``extra``) die with this id, or None."""
    for d in BUILTIN:
        if d.id == die_id:
            return d
    if extra:
        for d in extra:
            if d.id == die_id:
                return d
    return None


# ----- who starts ---------------------------------------------------------------


def random_player(rng, n):
    """A uniformly chosen starting player, 0-based, for 2..7 players."""
    if type(n) is not int or n < PLAYERS_MIN or n > PLAYERS_MAX:
        raise ValueError("players must be %d..%d" % (PLAYERS_MIN, PLAYERS_MAX))
    return rng.below(n)


# -- custom dice ----------------------------------------------------------------
def load_custom(app):
    """Custom dice from dice.json: (dice, problems). No file: ([], [])."""
    obj, problem = app.store.read_user(_CUSTOM_FILE, _CUSTOM_MAX_BYTES)
    if problem:
        return [], [problem]
    if obj is None:
        return [], []
    return dice_custom.parse_custom(obj, Die)


def last_die(app):
    """Id of the die rolled last, or None. A damaged file's message stays queued in
    the store for the Book that reads it next (the roll screen shows it)."""
    data = app.store.load(STATS_FILE, None)
    o = data.get("last") if isinstance(data, dict) else None
    return o if isinstance(o, str) else None
