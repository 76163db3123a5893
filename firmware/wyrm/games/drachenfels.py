"""Drachenfels: the deck, the hidden princesses and each knight's progress (pure rules).

Deck (36 cards): point cards 5 each of 1, 2, 3, 4 and 2 of 5; magic cards
rainbow 4, bridge 3, dragon 5, teleport 1, great cloud 1. With fewer than 4
players one set of point cards 1-5 is removed (31 cards). Each player is
dealt 7 cards; the rest is the draw pile. Card kinds are indices into
``KINDS`` (0-4 = point cards 1-5, then the magic cards).

The device holds the secret of the four rock castles: ``new_game`` shuffles
the four princesses (one per knight colour, always all four, whatever the
number of players) into castles 0-3. A knight with armour that reaches a
castle peeks (``visit_castle``) and learns the shoe colour there; its own
colour wins.

State (plain JSON-able dict)::

    {"knights": [{"name": "Knight 1", "colour": 0, "armour": False,
                  "castle": False, "visited": 0}, ...],
     "castles": [colour of the princess in castle 0..3],   # secret
     "rainbow_rule": False, "winner": None}

``visited`` is a bit mask of the castles that knight has looked into;
``castle`` is True once it has entered any rock castle (from then on it may
move the single or double value of a point card); ``rainbow_rule`` turns True
at the first failed castle visit by any knight (from then on rainbows may
also link rainbow rocks and rock castles); ``winner`` is the index of the
knight that found its princess.

Errors for the player raise ValueError with a short message.
"""

from micropython import const

from wyrm.lang import t
from wyrm.plain import whole
from wyrm.rng import shuffle

# Knight (and shoe) colours, by colour index 0-3. The rulebook does not name
# them; these are the names shown on screen (``colour_name``).
COLOURS = ("Red", "Yellow", "Green", "Blue")
COLOURS_DE = ("Rot", "Gelb", "Grün", "Blau")

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(4)
CASTLES = const(4)
HAND_SIZE = const(7)
POINT_KINDS = const(5)  # kinds 0..4 are the point cards 1..5

# Cards per kind in the full (4-player) deck: kinds 0..9 are the point cards 1..5, rainbow,
# bridge, dragon, teleport, great cloud.
_FULL_DECK = b"\x05\x05\x05\x05\x02\x04\x03\x05\x01\x01"


def colour_name(c):
    """Colour ``c`` (0-3) in the language in use: "Red", "Rot"."""
    return t(COLOURS, COLOURS_DE)[c]


def _check_players(n):
    if not whole(n, MIN_PLAYERS, MAX_PLAYERS):
        raise ValueError("2 to 4 players")


def deck_counts(n_players):
    """Cards per kind (list in KINDS order) for the given number of players."""
    _check_players(n_players)
    counts = list(_FULL_DECK)
    if n_players < 4:
        for k in range(POINT_KINDS):
            counts[k] -= 1
    return counts


def deck_size(n_players):
    """36 cards for 4 players, 31 for fewer."""
    return sum(deck_counts(n_players))


def draw_pile_size(n_players):
    """Cards left in the draw pile after dealing 7 to each player."""
    return deck_size(n_players) - HAND_SIZE * n_players


def build_deck(n_players):
    """The unshuffled deck as a list of kinds."""
    deck = []
    counts = deck_counts(n_players)
    for k in range(len(counts)):
        for _ in range(counts[k]):
            deck.append(k)
    return deck


def deal(n_players, rng):
    """Shuffle with ``rng`` and deal: returns (hands, draw_pile), lists of kinds."""
    deck = shuffle(build_deck(n_players), rng)
    hands = []
    for p in range(n_players):
        hands.append(deck[p * HAND_SIZE : (p + 1) * HAND_SIZE])
    return hands, deck[n_players * HAND_SIZE :]


def new_game(n_players, rng, colours=None, names=None):
    """Start a game: knights (one per player) and the princesses hidden by ``rng``.

    ``colours`` are the knights' colour indices 0-3 (default 0, 1, ...),
    different for every player.
    """
    _check_players(n_players)
    if colours is None:
        colours = list(range(n_players))
    if names is None:
        names = ["Knight %d" % (c + 1) for c in colours]
    if len(colours) != n_players or len(names) != n_players:
        raise ValueError("one knight each")
    for c in colours:
        if not whole(c, 0, CASTLES - 1) or colours.count(c) > 1:
            raise ValueError("pick 4 colours once")
    knights = []
    for i in range(n_players):
        knights.append(
            {"name": names[i], "colour": colours[i], "armour": False, "castle": False, "visited": 0}
        )
    return {
        "knights": knights,
        "castles": shuffle(list(range(CASTLES)), rng),
        "rainbow_rule": False,
        "winner": None,
    }


def _valid(obj):
    knights = obj["knights"]
    castles = obj["castles"]
    if not isinstance(knights, list) or not MIN_PLAYERS <= len(knights) <= MAX_PLAYERS:
        return False
    if not isinstance(castles, list) or sorted(castles) != list(range(CASTLES)):
        return False
    seen = []
    for k in knights:
        c = k["colour"]
        if not whole(c, 0, CASTLES - 1) or c in seen:
            return False
        seen.append(c)
        if not isinstance(k["name"], str) or not whole(k["visited"], 0, (1 << CASTLES) - 1):
            return False
        if not isinstance(k["armour"], bool) or not isinstance(k["castle"], bool):
            return False
    if not isinstance(obj["rainbow_rule"], bool):
        return False
    w = obj["winner"]
    if w is not None and not whole(w, 0, len(knights) - 1):
        return False
    return True


def load(obj):
    """Check a stored state and return it; ValueError if it is not a valid game."""
    try:
        ok = _valid(obj)
    except (KeyError, TypeError, ValueError, IndexError):
        ok = False
    if not ok:
        raise ValueError("saved game damaged")
    return obj


def _knight(state, k):
    if not whole(k, 0, len(state["knights"]) - 1):
        raise ValueError("no such knight")
    return state["knights"][k]


def give_armour(state, k):
    """Knight k received its armour at the royal castle."""
    _knight(state, k)["armour"] = True


def visit_castle(state, k, castle):
    """Knight k enters rock castle ``castle`` (0-3) and peeks at the princess.

    Returns {"colour": shoe colour found, "won": bool, "rule_changed": bool}.
    ``rule_changed`` is True when this failed visit is the first one of the
    game (rainbows may now link rainbow rocks and rock castles).
    """
    knight = _knight(state, k)
    if state["winner"] is not None:
        raise ValueError(t("Game is over", "Das Spiel ist vorbei"))
    if not whole(castle, 0, CASTLES - 1):
        raise ValueError("no such castle")
    if not knight["armour"]:
        raise ValueError(t("Needs armour first", "Erst die Rüstung holen"))
    colour = state["castles"][castle]
    knight["castle"] = True
    knight["visited"] |= 1 << castle
    won = colour == knight["colour"]
    changed = False
    if won:
        state["winner"] = k
    elif not state["rainbow_rule"]:
        state["rainbow_rule"] = True
        changed = True
    return {"colour": colour, "won": won, "rule_changed": changed}


def move_options(state, k, value):
    """Fields knight k may move with a point card of ``value`` (1-5).

    [value] normally; [value, 2 * value] once the knight has entered a rock
    castle (found or not).
    """
    knight = _knight(state, k)
    if not whole(value, 1, 5):
        raise ValueError("point card 1 to 5")
    if knight["castle"]:
        return [value, 2 * value]
    return [value]


def rainbow_links(state):
    """What a rainbow may link now, as short lines (<= 21 chars)."""
    lines = [t("Rainbow rock to the", "Regenbogenfelsen mit"), t("royal castle", "der Burg")]
    if state["rainbow_rule"]:
        lines += [t("or rainbow rock to", "oder Regenbogenfelsen"),
                  t("a rock castle", "mit einer Felsenburg")]
    return lines
