"""Der Weg nach Drakonia: hero limits, final scoring and the tie-break (pure rules).

Board: spaces 0 (the City, "Stadt") to 6 (Drakonia); 5 is the Woods. The
rulebook also names the Swamp, the Oasis and the Caravanserai, but gives no
numbers for them (the short-way variant only shows they are three spaces in a
row), so spaces 1-4 are called "space N" here.

Final count, per player (a *tally*, a plain JSON-able dict)::

    {"healthy": [c0, c1, ..., c6], "wounded": [w0, w1, ..., w6]}

``healthy[s]`` heroes stand on space s; ``wounded[s]`` wounded heroes lie
beside space s. A healthy hero is worth s points, a wounded one s/2 (2.5
beside the Woods); dead heroes and heroes not in play are not entered (worth
0). Points are kept as integer *half-points* (no floats) and shown by
``format_points`` ("12.5").

Readings (docs/RULES.md, Der Weg nach Drakonia):

- Heroes in the City (healthy or wounded beside it) are worth 0 but count
  toward the heroes-in-play limit, so they may be entered. A healthy hero in
  the City also takes part in the tie-break (see below).
- No hero can lie wounded beside Drakonia: cards are never played there, and
  the game ends as soon as a hero enters it. ``wounded[6]`` must be 0.
- One card moves at most two heroes forward, so at most two heroes (of any
  players) can stand in Drakonia at the end, and normally at least one does.
  Both are *warnings* only (players may have stopped early): they never block
  the count.
- Tie-break: among sides with equal points, each side's healthy heroes are
  listed from the highest space down and compared position by position; the
  first higher hero wins. If one list runs out first, the side with the extra
  hero wins (the rulebook: a draw "only when the same amount of heroes stand
  on identical spaces"), even when that hero is in the City. Wounded heroes
  take no part. Equal lists are a draw.
- Six players: three teams of two. Seats are numbered 1-6 clockwise in the
  order of play; partners sit opposite each other, so team A = seats 1 + 4,
  B = 2 + 5, C = 3 + 6 and turns alternate A, B, C, A, B, C (the rulebook's
  seating diagram is not available; this is the usual team seating). The
  data is ``TEAM_SEATS`` (0-based player indices). A team's points are the sum
  of both members' points; its tie-break uses both members' healthy heroes
  together.

Results are deterministic: sides that remain equal keep seat order.
"""

from micropython import const

from wyrm import lang
from wyrm.lang import t
from wyrm.plain import seat, whole

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(6)
HEROES_EACH = const(12)
SPACES = const(7)  # 0 (City) .. 6 (Drakonia)
DRAKONIA = const(6)
WOODS = const(5)
CITY = const(0)
MAX_IN_DRAKONIA = const(2)

# Team play with six players: partners by 0-based seat index (seat 1 = index 0).
TEAM_NAMES = ("A", "B", "C")
TEAM_SEATS = ((0, 3), (1, 4), (2, 5))


def hero_limit(n_players):
    """Heroes one player may have in play at once (healthy and wounded)."""
    _check_players(n_players)
    if n_players == 2:
        return 6
    if n_players <= 4:
        return 5
    return 4


def is_team_game(n_players):
    """True when the players score as teams (six players)."""
    return n_players == 6


def _where(space):
    # "in the Woods", "on space 3"
    if space == CITY:
        return t("in the City", "in der Stadt")
    if space == WOODS:
        return t("in the Woods", "im Wald")
    if space == DRAKONIA:
        return t("in Drakonia", "in Drakonia")
    return t("on space %d", "auf Feld %d") % space


def new_tally():
    """An empty final count for one player."""
    return {"healthy": [0] * SPACES, "wounded": [0] * SPACES}


def default_names(n_players):
    return [seat(i) for i in range(n_players)]


def _check_players(n):
    if not whole(n, MIN_PLAYERS, MAX_PLAYERS):
        raise ValueError("2 to 6 players")


def _counts_ok(row):
    if not isinstance(row, list) or len(row) != SPACES:
        return False
    for v in row:
        if type(v) is not int:
            return False
    return True


def half_points(tally):
    """Points of one tally in half-points: 2*s per healthy hero, s per wounded one."""
    h = tally["healthy"]
    w = tally["wounded"]
    total = 0
    for s in range(SPACES):
        total += 2 * s * h[s] + s * w[s]
    return total


def format_points(half):
    """Half-points as shown to players: 25 -> "12.5" ("12,5" in German), 24 -> "12"."""
    if half < 0:
        return "-" + format_points(-half)
    text = str(half // 2)
    if half % 2:
        text += t(".5", ",5")
    return text


def heroes_on_board(tally):
    """Healthy plus wounded heroes in play."""
    return sum(tally["healthy"]) + sum(tally["wounded"])


def _spaces_desc(counts):
    out = []
    s = SPACES - 1
    while s >= 0:
        for _ in range(counts[s]):
            out.append(s)
        s -= 1
    return out


def check(tallies, names=None):
    """Validate a final count. Returns (errors, warnings), lists of short strings.

    Errors block scoring: a malformed row, a negative count, more than 12
    heroes, more heroes in play than the limit, a wounded hero beside
    Drakonia. Warnings do not: no hero in Drakonia, more than two there.
    """
    _check_players(len(tallies))
    if names is None:
        names = default_names(len(tallies))
    limit = hero_limit(len(tallies))
    errors = []
    warnings = []
    in_drakonia = 0
    for i in range(len(tallies)):
        tally = tallies[i]
        who = names[i]
        if (
            not isinstance(tally, dict)
            or not _counts_ok(tally.get("healthy"))
            or not _counts_ok(tally.get("wounded"))
        ):
            errors.append(t("%s: bad count", "%s: Zählung fehlerhaft") % who)
            continue
        if min(tally["healthy"]) < 0 or min(tally["wounded"]) < 0:
            errors.append(t("%s: count below 0", "%s: Anzahl unter 0") % who)
            continue
        n = heroes_on_board(tally)
        if n > HEROES_EACH:
            errors.append(t("%s: %d heroes, max %d", "%s: %d Helden, max. %d")
                          % (who, n, HEROES_EACH))
        elif n > limit:
            errors.append(t("%s: %d in play, max %d", "%s: %d im Spiel, max. %d") % (who, n, limit))
        if tally["wounded"][DRAKONIA]:
            errors.append(t("%s: wounded beside 6", "%s: verletzt neben 6") % who)
        in_drakonia += tally["healthy"][DRAKONIA]
    if not errors:
        if in_drakonia == 0:
            warnings.append(t("No hero in Drakonia", "Kein Held in Drakonia"))
        elif in_drakonia > MAX_IN_DRAKONIA:
            warnings.append(t(
                "More than 2 heroes in Drakonia: one card moves at most 2 there. Check the"
                " count.", "Mehr als 2 Helden in Drakonia: eine Karte bringt höchstens 2"
                " dorthin. Zählung prüfen."))
    return errors, warnings


def sides(n_players, names=None):
    """The scoring sides: [(name, [member indices]), ...] in seat order.

    One side per player, or the three teams "Team A", "Team B", "Team C" with
    six players.
    """
    _check_players(n_players)
    if names is None:
        names = default_names(n_players)
    if is_team_game(n_players):
        return [("Team " + TEAM_NAMES[i], list(TEAM_SEATS[i])) for i in range(len(TEAM_SEATS))]
    return [(names[i], [i]) for i in range(n_players)]


def _ordinal(n):
    if lang.CUR:
        return "%d." % n  # German: "2."
    if n % 100 in (11, 12, 13):
        suffix = "th"
    else:
        suffix = ("th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th")[n % 10]
    return "%d%s" % (n, suffix)


def compare(a, b):
    """Compare two scored sides (dicts with "half" and "heroes").

    Returns (sign, depth): sign is 1 if ``a`` ranks above ``b``, -1 if below,
    0 for a draw. depth is None when points decide, otherwise the 0-based
    position in the healthy-hero lists that decided (or their common length
    for a draw).
    """
    if a["half"] != b["half"]:
        return (1 if a["half"] > b["half"] else -1), None
    ha = a["heroes"]
    hb = b["heroes"]
    i = 0
    while True:
        if i >= len(ha) and i >= len(hb):
            return 0, i
        if i >= len(ha):
            return -1, i
        if i >= len(hb):
            return 1, i
        if ha[i] != hb[i]:
            return (1 if ha[i] > hb[i] else -1), i
        i += 1


def tie_text(depth, space):
    """Why a tie was broken: "tie broken: hero in the Woods", "... 2nd hero on space 3"."""
    hero = t("hero", "Held")
    which = hero if depth == 0 else _ordinal(depth + 1) + " " + hero
    return t("tie broken: %s %s", "Gleichstand: %s %s entscheidet") % (which, _where(space))


def score(tallies, names=None):
    """Score a final count; raises ValueError with the first error of check().

    Returns a dict:
      "sides":   ranked list, best first, of dicts
                 {"name", "members" (0-based seats), "half" (half-points),
                  "points" (text, "12.5"), "heroes" (healthy spaces, high
                  first), "rank" (1 = winner; equal sides share a rank)}
      "winners": names of the rank-1 sides (several only for a draw)
      "draw":    True if more than one side shares first place
      "code":    "points" | "tie" | "draw" - what decided first place
      "reason":  the same in words: "most points",
                 "tie broken: hero in the Woods", "draw: heroes on same spaces"
      "warnings": the warnings of check()
    """
    errors, warnings = check(tallies, names)
    if errors:
        raise ValueError(errors[0])
    ranked = _ranked(_scored(tallies, names))
    winners = [s["name"] for s in ranked if s["rank"] == 1]
    sign, depth = compare(ranked[0], ranked[1])
    if sign == 0:
        code, reason = "draw", t("draw: heroes on same spaces",
                                  "Gleichstand: Helden auf gleichen Feldern")
    elif depth is None:
        code, reason = "points", t("most points", "meiste Punkte")
    else:
        code, reason = "tie", tie_text(depth, ranked[0]["heroes"][depth])
    return {
        "sides": ranked,
        "winners": winners,
        "draw": len(winners) > 1,
        "code": code,
        "reason": reason,
        "warnings": warnings,
    }


def _scored(tallies, names):
    """Each side's points and healthy heroes (high first), in seat order."""
    scored = []
    for name, members in sides(len(tallies), names):
        half = 0
        healthy = [0] * SPACES
        for m in members:
            half += half_points(tallies[m])
            row = tallies[m]["healthy"]
            for s in range(SPACES):
                healthy[s] += row[s]
        scored.append(
            {
                "name": name,
                "members": members,
                "half": half,
                "points": format_points(half),
                "heroes": _spaces_desc(healthy),
                "rank": 0,
            }
        )
    return scored


def _ranked(scored):
    """The sides best first, each with its rank (equal sides share one)."""
    # Stable insertion sort, best first: equal sides keep seat order.
    ranked = []
    for side in scored:
        j = len(ranked)
        while j > 0 and compare(side, ranked[j - 1])[0] > 0:
            j -= 1
        ranked.insert(j, side)
    for j in range(len(ranked)):
        if j > 0 and compare(ranked[j - 1], ranked[j])[0] == 0:
            ranked[j]["rank"] = ranked[j - 1]["rank"]
        else:
            ranked[j]["rank"] = j + 1
    return ranked
