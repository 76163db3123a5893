"""Secret deals: Drachenhort's party cards and a generic hidden deck, as pure logic.

Randomness comes in as ``rng``; every deal turns into JSON and back, so a power cut never
re-deals (the rules of the deal: docs/INTERNALS.md).
"""

from micropython import const

from wyrm import letters
from wyrm.lang import t

# The seven adventurers (index 0..6); the same tuple as the Drachenhort rules'
# ``wyrm.games.drachenhort_colours`` (a core module imports no game).
DEFAULT_COLOURS = ("green", "red", "white", "blue", "orange", "yellow", "purple")

NAME_MAX = const(10)  # a name must fit one line in the double-size font (128 px / 12 px)
PARTY_CARDS = const(7)
CARD_SIZE = const(3)
MIN_PLAYERS = const(2)
MAX_PLAYERS = const(7)

# Fano plane: points = non-zero vectors 1..7 of GF(2)^3, lines = {a, b, a xor b};
# adventurer i is the point i + 1. Card 0 is {green, red, white}.
DEFAULT_CARD_INDICES = (
    (0, 1, 2),
    (0, 3, 4),
    (0, 5, 6),
    (1, 3, 5),
    (1, 4, 6),
    (2, 3, 6),
    (2, 4, 5),
)



def distinct_indices(seq, n):
    """True when ``seq`` (read from a save) is a list of different ints 0..n-1: the
    cards of a deal, the adventurers of a card."""
    if not isinstance(seq, list):
        return False
    for v in seq:
        if type(v) is not int or not 0 <= v < n or seq.count(v) != 1:
            return False
    return True


def default_cards(colours=DEFAULT_COLOURS):
    """The Fano-plane card list as colour names over the given seven colours."""
    return [[colours[i] for i in card] for card in DEFAULT_CARD_INDICES]


def default_config():
    """A fresh settings object with the default colours and cards."""
    return {"colours": list(DEFAULT_COLOURS), "cards": default_cards()}


def _name_problem(label, name):
    """None if ``name`` can be shown as a colour name, else a short reason."""
    if not isinstance(name, str):
        return t("%s is not a name", "%s ist kein Name") % label
    if not name:
        return t("%s is empty", "%s ist leer") % label
    if len(name) > NAME_MAX:
        return t("%s is too long (max %d)", "%s ist zu lang (max. %d)") % (label, NAME_MAX)
    if not letters.shows(name):
        return "%s: %s" % (label, t(letters.SHOWN, letters.SHOWN_DE))
    return None


def validate_colours(obj, defaults=DEFAULT_COLOURS):
    """Check a list of colour names; returns (colours, problems).

    The list must hold exactly ``len(defaults)`` distinct names (case-insensitive),
    each 1..NAME_MAX characters the font shows (printable ASCII, the German
    letters; outer spaces are trimmed).
    ``None`` means "not set" and gives the defaults without a problem; anything
    invalid gives the defaults and a list of reasons ending in "Using default
    colours".
    """
    want = len(defaults)
    if obj is None:
        return list(defaults), []
    if not isinstance(obj, list):
        return list(defaults), [
            t("Colours must be a list", "Farben müssen eine Liste sein"),
            t("Using default colours", "Die üblichen Farben gelten"),
        ]
    problems = []
    if len(obj) != want:
        problems.append(t("Need %d colours, got %d",
                          "%d Farben nötig, da sind %d") % (want, len(obj)))
    names = []
    seen = []
    for i, raw in enumerate(obj):
        label = t("Colour %d", "Farbe %d") % (i + 1)
        name = raw.strip() if isinstance(raw, str) else raw
        why = _name_problem(label, name)
        if why:
            problems.append(why)
            continue
        low = name.lower()
        if low in seen:
            problems.append(t("%s repeats %s", "%s wiederholt %s") % (label, name))
        seen.append(low)
        names.append(name)
    if problems:
        problems.append(t("Using default colours", "Die üblichen Farben gelten"))
        return list(defaults), problems
    return names, []


def validate_cards(obj):
    """Check a Drachenhort settings object; returns (config, problems).

    ``obj`` is ``{"colours": [7 names], "cards": [[3 names] x 7]}``, either key
    optional. ``config`` has the same shape and is always usable: invalid colours
    fall back to the default colours and cards; valid colours with invalid cards
    keep the colours and fall back to the Fano cards over them. Card entries match
    colour names case-insensitively and come back spelled as in the colour list.
    ``problems`` is a list of short plain-language strings (empty when all is well).
    """
    if obj is None:
        return default_config(), []
    if not isinstance(obj, dict):
        return default_config(), [
            t("Settings not readable", "Einstellung nicht lesbar"),
            t("Using default cards", "Die üblichen Karten gelten"),
        ]
    colours, problems = validate_colours(obj.get("colours"))
    if problems:
        return default_config(), problems + [t("Using default cards", "Die üblichen Karten gelten")]
    cards_obj = obj.get("cards")
    if cards_obj is None:
        return {"colours": colours, "cards": default_cards(colours)}, []
    lower = [c.lower() for c in colours]
    problems = []
    cards = []
    keys = []
    if not isinstance(cards_obj, list):
        problems.append(t("Cards must be a list", "Karten müssen eine Liste sein"))
        cards_obj = []
    elif len(cards_obj) != PARTY_CARDS:
        problems.append(t("Need %d cards, got %d",
                          "%d Karten nötig, da sind %d") % (PARTY_CARDS, len(cards_obj)))
    for i, card in enumerate(cards_obj):
        label = t("Card %d", "Karte %d") % (i + 1)
        if not isinstance(card, list) or len(card) != CARD_SIZE:
            problems.append(t("%s needs %d colours", "%s braucht %d Farben") % (label, CARD_SIZE))
            continue
        idx = []
        ok = True
        for name in card:
            key = name.strip().lower() if isinstance(name, str) else None
            if key not in lower:
                problems.append(t("%s: unknown colour %s",
                                  "%s: unbekannte Farbe %s") % (label, name))
                ok = False
                continue
            j = lower.index(key)
            if j in idx:
                problems.append(t("%s repeats %s", "%s wiederholt %s") % (label, colours[j]))
                ok = False
            idx.append(j)
        if not ok:
            continue
        idx.sort()
        key = tuple(idx)
        if key in keys:
            problems.append(t("%s same as card %d",
                              "%s gleich wie Karte %d") % (label, keys.index(key) + 1))
            continue
        keys.append(key)
        cards.append([colours[j] for j in idx])
    if problems:
        problems.append(t("Using default cards", "Die üblichen Karten gelten"))
        return {"colours": colours, "cards": default_cards(colours)}, problems
    return {"colours": colours, "cards": cards}, []


def card_indices(config):
    """The config's cards as sorted adventurer-index triples (for scoring)."""
    lower = [c.lower() for c in config["colours"]]
    out = []
    for card in config["cards"]:
        idx = [lower.index(name.lower()) for name in card]
        idx.sort()
        out.append(tuple(idx))
    return out


# ---------------------------------------------------------------- party cards


class PartyDeal:
    """Who holds which Drachenhort party card; made by ``deal_party``/``load``.

    The card list is private: use ``card_of(k)`` only while player k peeks.
    """

    def __init__(self, cards, seen):
        self._cards = list(cards)
        self._seen = [bool(s) for s in seen]

    @property
    def players(self):
        return len(self._cards)

    def card_of(self, k):
        """Player k's card index (0..6). Call ONLY while player k is peeking."""
        return self._cards[k]

    def mark_seen(self, k):
        self._seen[k] = True

    def is_seen(self, k):
        return self._seen[k]

    def all_seen(self):
        for s in self._seen:
            if not s:
                return False
        return True

    def to_json(self):
        return {"cards": list(self._cards), "seen": [1 if s else 0 for s in self._seen]}

    @staticmethod
    def load(obj):
        """Rebuild a deal saved by ``to_json``; ValueError if the data is damaged."""
        try:
            cards = obj["cards"]
            seen = obj["seen"]
        except (KeyError, TypeError):
            raise ValueError(t("Saved deal is damaged",
                               "Gespeicherte Verteilung beschädigt")) from None
        if not distinct_indices(cards, PARTY_CARDS) or not isinstance(seen, list):
            raise ValueError(t("Saved deal is damaged", "Gespeicherte Verteilung beschädigt"))
        if not MIN_PLAYERS <= len(cards) <= MAX_PLAYERS or len(seen) != len(cards):
            raise ValueError(t("Saved deal is damaged", "Gespeicherte Verteilung beschädigt"))
        for s in seen:
            if s not in (0, 1):
                raise ValueError(t("Saved deal is damaged", "Gespeicherte Verteilung beschädigt"))
        return PartyDeal(cards, seen)


def deal_party(players, rng):
    """Shuffle the seven party cards and give one to each of ``players`` (2..7)."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError("2 to 7 players")
    order = list(range(PARTY_CARDS))
    rng.shuffle(order)
    return PartyDeal(order[:players], [False] * players)


# ----------------------------------------------------------------- generic deck

_PILE = const(-1)
_TABLE = const(-3)


class Deck:
    """A hidden deck dealt without replacement. See the module docstring."""

    def __init__(self, cards):
        if type(cards) is int:
            if cards < 1:
                raise ValueError(t("Need at least 1 card", "Mindestens 1 Karte nötig"))
            self.count = cards
            self.labels = [str(i + 1) for i in range(cards)]
        elif isinstance(cards, list) and cards:
            for lab in cards:
                if not isinstance(lab, str):
                    raise ValueError(t("Card labels must be text", "Kartennamen müssen Text sein"))
            self.count = None
            self.labels = list(cards)
        else:
            raise ValueError(t("Need at least 1 card", "Mindestens 1 Karte nötig"))
        # where each card is: a player index >= 0, or _PILE / _TABLE
        self._loc = [_PILE] * len(self.labels)

    def __len__(self):
        return len(self.labels)

    def remaining(self):
        """How many cards are in the draw pile."""
        return self._loc.count(_PILE)

    def _take(self, rng, where):
        pile = [i for i, loc in enumerate(self._loc) if loc == _PILE]
        i = pile[rng.below(len(pile))]
        self._loc[i] = where
        return i

    def _short(self, want):
        have = self.remaining()
        if want > have:
            if have == 0:
                raise ValueError(t("No cards left", "Keine Karten mehr"))
            if have == 1:
                raise ValueError(t("Only 1 card left", "Nur noch 1 Karte"))
            raise ValueError(t("Only %d cards left", "Nur noch %d Karten") % have)

    def deal(self, rng, players, each):
        """Give ``each`` cards to each of ``players`` players; returns their new cards.

        The result is a list (one per player) of label lists. Nothing is dealt
        if the pile is too small (ValueError).
        """
        if type(players) is not int or players < 1 or type(each) is not int or each < 1:
            raise ValueError(t("Nothing to deal", "Nichts zu verteilen"))
        self._short(players * each)
        hands = [[] for _ in range(players)]
        for _ in range(each):
            for p in range(players):
                hands[p].append(self.labels[self._take(rng, p)])
        return hands

    def draw(self, rng, player=None):
        """Draw one card, to ``player``'s hand or (None) onto the table; its label."""
        if player is not None and (type(player) is not int or player < 0):
            raise ValueError(t("Unknown player", "Unbekannter Spieler"))
        self._short(1)
        return self.labels[self._take(rng, _TABLE if player is None else player)]

    def hand(self, player):
        """Labels in ``player``'s hand (deck order). Only while that player peeks."""
        return [self.labels[i] for i, loc in enumerate(self._loc) if loc == player]

    def table(self):
        """Labels drawn onto the table (until a reshuffle)."""
        return [self.labels[i] for i, loc in enumerate(self._loc) if loc == _TABLE]

    def reshuffle(self):
        """Put every card back into the draw pile."""
        for i in range(len(self._loc)):
            self._loc[i] = _PILE

    def to_json(self):
        if self.count is None:
            return {"loc": list(self._loc), "labels": list(self.labels)}
        return {"loc": list(self._loc), "count": self.count}

    @staticmethod
    def load(obj):
        try:
            cards = obj["labels"] if "labels" in obj else obj["count"]
            loc = obj["loc"]
            deck = Deck(cards)
        except (KeyError, TypeError, ValueError):
            raise ValueError(t("Saved deck is damaged",
                               "Gespeicherter Stapel beschädigt")) from None
        if not isinstance(loc, list) or len(loc) != len(deck.labels):
            raise ValueError(t("Saved deck is damaged", "Gespeicherter Stapel beschädigt"))
        for x in loc:
            if type(x) is not int or x < _TABLE:
                raise ValueError(t("Saved deck is damaged", "Gespeicherter Stapel beschädigt"))
        deck._loc = list(loc)
        return deck
