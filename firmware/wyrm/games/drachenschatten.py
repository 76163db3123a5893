"""DrachenSchatten's rules: card collections, the instant wins and the final count (pure).

A state is {"players": [{"objects": [10 counts], "beasts": 0, "treasures": 0}, ...]}.
7 different objects, 3 slain beasts or 3 treasures win at once (everyone who reaches
one, so a trade can make two winners); with the piles empty the most cards win. A
change that breaks a rule raises ValueError with a short message for the screen.
"""

from micropython import const

from wyrm.lang import t
from wyrm.plain import whole

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(4)
TREASURES_TOTAL = const(7)
CARDS_TOTAL = const(64)
WIN_OBJECTS = const(7)
WIN_BEASTS = const(3)
WIN_TREASURES = const(3)

OBJECTS = (
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
)
N_OBJECTS = const(10)
SWORD = const(3)
POTION = const(9)


# Win reasons, in the order they are checked and reported (names: the screen says them
# in the language in use, drachenschatten_play).
WIN_BY_OBJECTS = "7 different objects"
WIN_BY_BEASTS = "3 slain beasts"
WIN_BY_TREASURES = "3 treasures"


def new_game(n_players):
    """A fresh game: every player with an empty collection."""
    if not whole(n_players, MIN_PLAYERS, MAX_PLAYERS):
        raise ValueError("2 to 4 players")
    return {"players": [{"objects": [0] * N_OBJECTS, "beasts": 0, "treasures": 0}
                        for _ in range(n_players)]}


def validate(state):
    """Problems with a state (e.g. one loaded from storage), as short strings."""
    errors = []
    players = state.get("players") if isinstance(state, dict) else None
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return ["2 to 4 players"]
    treasures = 0
    cards = 0
    for p in players:
        objs = p.get("objects") if isinstance(p, dict) else None
        if not isinstance(objs, list) or len(objs) != N_OBJECTS:
            errors.append("bad player entry")
            continue
        values = objs + [p.get("beasts"), p.get("treasures")]
        bad = False
        for v in values:
            if type(v) is not int:
                bad = True
        if bad:
            errors.append("bad count")
            continue
        if min(values) < 0:
            errors.append("count below 0")
            continue
        treasures += p["treasures"]
        cards += card_count(p)
    if treasures > TREASURES_TOTAL:
        errors.append("Only 7 treasures")
    if cards > CARDS_TOTAL:
        errors.append("Only 64 cards")
    return errors


def kinds(player):
    """How many different object types the player holds."""
    n = 0
    for c in player["objects"]:
        if c > 0:
            n += 1
    return n


def card_count(player):
    """All cards in the player's collection: objects + beasts + treasures."""
    return sum(player["objects"]) + player["beasts"] + player["treasures"]


def _totals(state):
    t = 0
    c = 0
    for p in state["players"]:
        t += p["treasures"]
        c += card_count(p)
    return t, c


def _obj_index(obj):
    if isinstance(obj, str):
        for i in range(N_OBJECTS):
            if OBJECTS[i] == obj:
                return i
        raise ValueError("unknown object")
    if not whole(obj, 0, N_OBJECTS - 1):
        raise ValueError("unknown object")
    return obj


def _player(state, p):
    if not whole(p, 0, len(state["players"]) - 1):
        raise ValueError("no such player")
    return state["players"][p]


def adjust(state, p, what, delta):
    """Add ``delta`` (may be negative) to player p's count of ``what``.

    ``what`` is an object (index or name), "beasts" or "treasures". Refuses
    counts below 0, more than 7 treasures or 64 cards in play. Returns the new
    count.
    """
    player = _player(state, p)
    if type(delta) is not int:
        raise ValueError("bad count")
    treasures, cards = _totals(state)
    if what == "beasts" or what == "treasures":
        new = player[what] + delta
    else:
        i = _obj_index(what)
        new = player["objects"][i] + delta
    if new < 0:
        raise ValueError(t("Count below 0", "Nicht unter 0"))
    if what == "treasures" and treasures + delta > TREASURES_TOTAL:
        raise ValueError(t("Only 7 treasures", "Nur 7 Schätze"))
    if cards + delta > CARDS_TOTAL:
        raise ValueError(t("Only 64 cards", "Nur 64 Karten"))
    if what == "beasts" or what == "treasures":
        player[what] = new
    else:
        player["objects"][i] = new
    return new


def trade(state, p, p_obj, q, q_obj):
    """Player p gives one ``p_obj`` to q and takes one ``q_obj`` from q."""
    a = _player(state, p)
    b = _player(state, q)
    if p == q:
        raise ValueError(t("Trade with another", "Mit anderen tauschen"))
    i = _obj_index(p_obj)
    j = _obj_index(q_obj)
    if a["objects"][i] < 1 or b["objects"][j] < 1:
        raise ValueError(t("Object not there", "Objekt nicht da"))
    a["objects"][i] -= 1
    b["objects"][i] += 1
    b["objects"][j] -= 1
    a["objects"][j] += 1


def steal(state, p, q, obj):
    """Player p takes one ``obj`` from player q."""
    a = _player(state, p)
    b = _player(state, q)
    if p == q:
        raise ValueError(t("Steal from another", "Von anderen stehlen"))
    i = _obj_index(obj)
    if b["objects"][i] < 1:
        raise ValueError(t("Object not there", "Objekt nicht da"))
    b["objects"][i] -= 1
    a["objects"][i] += 1


def defeated(state, p):
    """A beast beat player p: the whole collection leaves the game."""
    player = _player(state, p)
    player["objects"] = [0] * N_OBJECTS
    player["beasts"] = 0
    player["treasures"] = 0


def win_reasons(player):
    """The instant-win conditions this player meets (list of texts, maybe empty)."""
    out = []
    if kinds(player) >= WIN_OBJECTS:
        out.append(WIN_BY_OBJECTS)
    if player["beasts"] >= WIN_BEASTS:
        out.append(WIN_BY_BEASTS)
    if player["treasures"] >= WIN_TREASURES:
        out.append(WIN_BY_TREASURES)
    return out


def winners(state):
    """Instant winners: [(player index, [reasons])], in seat order; [] if none."""
    out = []
    players = state["players"]
    for i in range(len(players)):
        reasons = win_reasons(players[i])
        if reasons:
            out.append((i, reasons))
    return out


def end_count(state):
    """Final count when village and caves are empty.

    Returns {"counts": [cards per player], "most": highest count,
    "winners": [indices with the most], "draw": True if several share it}.
    """
    counts = [card_count(p) for p in state["players"]]
    most = max(counts)
    top = [i for i in range(len(counts)) if counts[i] == most]
    return {"counts": counts, "most": most, "winners": top, "draw": len(top) > 1}
