"""Dice: the built-in dice, NdM and custom dice, and who-starts helpers.

Pure logic: no I/O, no UI, no randomness of its own. Every face is drawn with
``rng.below(len(faces))`` (``wyrm.rng.Rng`` does the rejection sampling), so a
die with faces (1, 2, 2, 3, 4, 6) shows a 2 with probability exactly 1/3.

A die is one small ``Die`` object holding a tuple of faces (numbers or words of
at most 8 characters) and a count (how many of those dice are rolled at once).
Nothing is stored per face and the statistics tables are computed on demand.

Statistics: ``stat_labels()`` / ``stat_probs()`` / ``stat_values(result)`` say
what ``wyrm.stats`` counts for a die. A single die counts its faces. Several
numeric dice count their sum (2d6: 2..12, the triangle 1..6..1 / 36) as long as
there are at most 1296 equally likely outcomes (e.g. up to 4d6 or 2d36);
otherwise, and for word dice, every die's face counts on its own (each roll adds
``count`` observations, all independent).
"""

from micropython import const

KIND_PLAIN = "plain"
KIND_DRACHENHORT = "drachenhort"
KIND_DOOR = "door"

STAT_FACE = "face"
STAT_SUM = "sum"

NAME_MAX = const(21)
FACE_MAX = const(8)
SIDES_MIN = const(2)
SIDES_MAX = const(100)
COUNT_MAX = const(10)
CUSTOM_MAX = const(20)
PLAYERS_MIN = const(2)
PLAYERS_MAX = const(7)
_SUM_STATS_MAX = const(1296)


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def _reduce(num, den):
    g = _gcd(num, den)
    return (num // g, den // g)


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class Die:
    """One kind of roll: ``count`` dice, each showing one of ``faces``.

    Attributes: ``id`` (short key, e.g. "d6", "2d6", "c:Weather"), ``name``
    (display name, <= 21 chars), ``faces`` (tuple; duplicates allowed),
    ``count`` (dice per roll), ``kind`` (KIND_*), ``numeric`` (all faces ints).
    """

    def __init__(self, die_id, name, faces, count=1, kind=KIND_PLAIN):
        faces = tuple(faces)
        if len(faces) < 1:
            raise ValueError("a die needs faces")
        if count < 1:
            raise ValueError("count must be >= 1")
        self.id = die_id
        self.name = name
        self.faces = faces
        self.count = count
        self.kind = kind
        numeric = True
        for f in faces:
            if not _is_int(f):
                numeric = False
                break
        self.numeric = numeric

    def __repr__(self):
        return "Die(%r)" % (self.id,)

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
                return "2 - any adventurer"
            return "%d - start/lit only" % v
        if self.kind == KIND_DOOR:
            v = result[0]
            if door_found(v):
                return "%d - door FOUND" % v
            return "%d - not found" % v
        parts = [str(v) for v in result]
        if len(parts) == 1:
            return parts[0][:NAME_MAX]
        if self.numeric:
            s = "+".join(parts) + " = " + str(self.total(result))
            if len(s) > NAME_MAX:
                s = "total " + str(self.total(result))
            return s
        s = " ".join(parts)
        if len(s) > NAME_MAX:
            s = s[: NAME_MAX - 2] + ".."
        return s


def door_found(value):
    """Drakskatten secret door search: a 1d6 of 1, 2 or 3 finds the door."""
    return 1 <= value <= 3


def make_ndm(count, sides, name=None):
    """``count`` dice with faces 1..sides, id like "2d8"."""
    die_id = "%dd%d" % (count, sides) if count > 1 else "d%d" % sides
    return Die(die_id, name or die_id, range(1, sides + 1), count)


DRACHENHORT = Die("dh", "Drachenhort die", (1, 2, 2, 3, 4, 6), 1, KIND_DRACHENHORT)
D6 = Die("d6", "d6", (1, 2, 3, 4, 5, 6))
TWO_D6 = Die("2d6", "2d6", (1, 2, 3, 4, 5, 6), 2)
DOOR = Die("door", "Door search (1d6)", (1, 2, 3, 4, 5, 6), 1, KIND_DOOR)

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


# ----- custom dice (dice.json) ---------------------------------------------------


def _parse_entry(entry):
    """One dice.json entry -> (Die, None) or (None, problem text)."""
    if not isinstance(entry, dict):
        return None, "not a {...} entry"
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, "needs a name"
    name = name.strip()
    if len(name) > NAME_MAX:
        return None, "name longer than %d chars" % NAME_MAX
    count = entry.get("count", 1)
    if not _is_int(count) or count < 1 or count > COUNT_MAX:
        return None, "count must be 1..%d" % COUNT_MAX
    has_sides = "sides" in entry
    has_faces = "faces" in entry
    if has_sides and has_faces:
        return None, "give sides or faces, not both"
    if has_sides:
        sides = entry["sides"]
        if not _is_int(sides) or sides < SIDES_MIN or sides > SIDES_MAX:
            return None, "sides must be %d..%d" % (SIDES_MIN, SIDES_MAX)
        faces = tuple(range(1, sides + 1))
    elif has_faces:
        raw = entry["faces"]
        if not isinstance(raw, list):
            return None, "faces must be a list"
        if len(raw) < SIDES_MIN or len(raw) > SIDES_MAX:
            return None, "needs %d..%d faces" % (SIDES_MIN, SIDES_MAX)
        faces = []
        for i in range(len(raw)):
            f = raw[i]
            if _is_int(f):
                if len(str(f)) > FACE_MAX:
                    return None, "face %d longer than %d chars" % (i + 1, FACE_MAX)
            elif isinstance(f, str):
                f = f.strip()
                if not f:
                    return None, "face %d is empty" % (i + 1)
                if len(f) > FACE_MAX:
                    return None, "face %d longer than %d chars" % (i + 1, FACE_MAX)
            else:
                return None, "face %d must be a whole number or a word" % (i + 1)
            faces.append(f)
        distinct = []
        for f in faces:
            if f not in distinct:
                distinct.append(f)
        if len(distinct) < 2:
            return None, "needs 2 different faces"
        faces = tuple(faces)
    else:
        return None, "needs sides or faces"
    return Die("c:" + name, name, faces, count), None


def parse_custom(data):
    """dice.json text (str/bytes) or parsed object -> (dice, problems).

    Format: {"dice": [{"name": "d20", "sides": 20},
                      {"name": "2d8", "count": 2, "sides": 8},
                      {"name": "Weather", "faces": ["Sun", "Rain", "Storm"]}]}
    A bare list of entries is accepted too. Bad entries are skipped and named in
    ``problems`` ("dice.json: die 2: sides must be 2..100"); good ones are kept.
    Custom ids are "c:" + name; names must be unique (ignoring case).
    """
    problems = []
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode()
        except UnicodeError:
            return [], ["dice.json: not valid text (UTF-8)"]
    if isinstance(data, str):
        import json

        try:
            data = json.loads(data)
        except ValueError:
            return [], ["dice.json: not valid JSON"]
    if isinstance(data, dict):
        entries = data.get("dice")
    else:
        entries = data
    if not isinstance(entries, list):
        return [], ['dice.json: needs a "dice" list']
    dice = []
    seen = []
    for i in range(len(entries)):
        if i >= CUSTOM_MAX:
            problems.append("dice.json: only the first %d dice are used" % CUSTOM_MAX)
            break
        die, problem = _parse_entry(entries[i])
        if die is not None:
            key = die.name.lower()
            if key in seen:
                die = None
                problem = "name used twice"
            else:
                seen.append(key)
        if die is None:
            problems.append("dice.json: die %d: %s" % (i + 1, problem))
        else:
            dice.append(die)
    return dice, problems


# ----- who starts ---------------------------------------------------------------


def random_player(rng, n):
    """A uniformly chosen starting player, 0-based, for 2..7 players."""
    if not _is_int(n) or n < PLAYERS_MIN or n > PLAYERS_MAX:
        raise ValueError("players must be %d..%d" % (PLAYERS_MIN, PLAYERS_MAX))
    return rng.below(n)


class RollOff:
    """Drakskatten start: everyone rolls 1d6; only the tied highest roll again.

    ``players`` is a player count (players 0..n-1) or a list of player ids.
    ``still_in`` lists who rolls next; ``rounds`` holds every round as a list of
    (player, roll); ``winner`` is None until one player is left.
    Use ``roll(rng)`` to roll for everybody still in, or ``enter(rolls)`` with
    real dice (one 1..6 per player in ``still_in``, same order).
    """

    def __init__(self, players):
        if _is_int(players):
            players = list(range(players))
        else:
            players = list(players)
        if len(players) < 1:
            raise ValueError("roll-off needs players")
        self.still_in = players
        self.rounds = []
        self.winner = players[0] if len(players) == 1 else None

    def done(self):
        return self.winner is not None

    def enter(self, rolls):
        """Record one round of rolls; returns that round [(player, roll), ...]."""
        if self.winner is not None:
            raise ValueError("roll-off is over")
        if len(rolls) != len(self.still_in):
            raise ValueError("one roll per player still in")
        best = 0
        for r in rolls:
            if not _is_int(r) or r < 1 or r > 6:
                raise ValueError("a d6 shows 1..6")
            if r > best:
                best = r
        rnd = []
        top = []
        for i in range(len(rolls)):
            rnd.append((self.still_in[i], rolls[i]))
            if rolls[i] == best:
                top.append(self.still_in[i])
        self.rounds.append(rnd)
        self.still_in = top
        if len(top) == 1:
            self.winner = top[0]
        return rnd

    def roll(self, rng):
        """Roll 1d6 for each player still in; returns the round."""
        return self.enter([D6.roll(rng)[0] for _ in self.still_in])


def roll_off(rng, players):
    """Run a whole roll-off; returns (winner, rounds)."""
    r = RollOff(players)
    while r.winner is None:
        r.roll(rng)
    return r.winner, r.rounds
