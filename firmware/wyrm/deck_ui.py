"""The hidden deck (main menu): cards dealt or drawn that only their holders see.

Saved after every change as "hdeck" (docs/USING.md describes the screens).
"""


from micropython import const

from wyrm import deal, letters, peek, players, ui
from wyrm.spinner import Spinner

_STORE = "hdeck"  # not "deck": deck.json is the user's label file
LABELS_FILE = "deck.json"
_MAX_BYTES = const(4096)
MAX_CARDS = const(200)
MAX_PLAYERS = const(8)
_LABEL_MAX = const(21)
_DEFAULT_COUNT = const(52)


_HELP = (
    "Wyrm holds a shuffled deck. Deal cards: each player then holds OK to see "
    "only their own cards. Draw one: one card to one player. Reshuffle puts every "
    "card back. Own card names: put deck.json next to the saved games, e.g. "
    '{"cards": ["Ace", "King", "Queen"]} (up to 200 cards, 21 letters each).'
)


# -- labels file ------------------------------------------------------------------
def parse_labels(obj):
    """(labels, problems) for a decoded deck.json."""
    if isinstance(obj, dict):
        obj = obj.get("cards")
    if not isinstance(obj, list):
        return None, ['deck.json needs a list of cards: {"cards": ["Ace", ...]}']
    if not obj:
        return None, ["deck.json has no cards"]
    if len(obj) > MAX_CARDS:
        return None, ["deck.json: at most %d cards, got %d" % (MAX_CARDS, len(obj))]
    out = []
    for i, lab in enumerate(obj):
        where = "deck.json card %d" % (i + 1)
        if not isinstance(lab, str):
            return None, [where + " is not text"]
        lab = lab.strip()
        if not lab:
            return None, [where + " is empty"]
        if len(lab) > _LABEL_MAX:
            return None, [where + " is too long (max %d)" % _LABEL_MAX]
        if not letters.shows(lab):
            return None, [where + ": " + letters.SHOWN]
        out.append(lab)
    return out, []


def read_labels(app):
    """(labels or None, problems). No file: (None, [])."""
    obj, problem = app.store.read_user(LABELS_FILE, _MAX_BYTES)
    if problem:
        return None, [problem]
    if obj is None:
        return None, []
    return parse_labels(obj)


# -- state ------------------------------------------------------------------------
class State:
    """The deck, how many players have hands, and an unfinished pass round."""

    def __init__(self):
        self.problem = None  # a damaged save: the message to show
        self.deck = None
        self.players = 0  # players 0..players-1 may hold cards
        self.pending = None  # {"kind": "deal"/"draw", "players": [k...], "label": str}

    def to_json(self):
        return {
            "deck": self.deck.to_json() if self.deck is not None else None,
            "players": self.players,
            "pending": self.pending,
        }

    def save(self, app):
        # once the key's frame is out, before the next key acts: a card is only ever
        # shown on a key, so it is saved before anyone sees it
        app.save_soon(_STORE, self.to_json())

    @staticmethod
    def load(app):
        st = State()

        def check(obj):  # ValueError & co.: the store sets the file aside
            if obj.get("v", 1) != 1:
                return 2  # the store's "from another Wyrm version"
            st.deck = None
            if obj.get("deck") is not None:
                st.deck = deal.Deck.load(obj["deck"])
            players = obj.get("players", 0)
            if type(players) is not int or not 0 <= players <= MAX_PLAYERS:
                raise ValueError("players")
            st.players = players
            st.pending = _check_pending(obj.get("pending"), st)
            return 0

        if app.store.load(_STORE, None, check) is None:
            st = State()
        st.problem = " ".join(app.store.take_problems()) or None
        return st


def _check_pending(p, st):
    if p is None:
        return None
    if not isinstance(p, dict) or st.deck is None:
        raise ValueError("pending")
    kind = p.get("kind")
    players = p.get("players")
    if kind not in ("deal", "draw") or not isinstance(players, list) or not players:
        raise ValueError("pending")
    for k in players:
        if type(k) is not int or not 0 <= k < st.players:
            raise ValueError("pending")
    if kind == "draw":
        lab = p.get("label")
        if len(players) != 1 or not isinstance(lab, str) or lab not in st.deck.hand(players[0]):
            raise ValueError("pending")
    return p


# -- showing cards ----------------------------------------------------------------
def pack(labels):
    """Card labels as screen lines: large (10 a line, 3 lines) when they fit."""
    if not labels:
        return ["No cards"]
    for width, most in ((10, 3), (21, 0)):
        lines = []
        line = ""
        for lab in labels:
            if not line:
                line = lab
            elif len(line) + 2 + len(lab) <= width:
                line = line + ", " + lab
            else:
                lines.append(line + ",")
                line = lab
        lines.append(line)
        fits = True
        for s in lines:
            if len(s) > width:
                fits = False
        if fits and (not most or len(lines) <= most):
            return lines
    return lines


def _hand_lines(st):
    def lines(app, k):
        return pack(st.deck.hand(k))

    return lines


def _drawn_lines(label):
    def lines(app, k):
        return [label]

    return lines


def _run_pending(app, st):
    p = st.pending
    if p is None:
        return
    def seen(app, k):
        if k in p["players"]:
            p["players"].remove(k)
        if not p["players"]:
            st.pending = None
        st.save(app)

    def done(app):
        st.pending = None
        st.save(app)
        app.redraw()

    if p["kind"] == "draw":
        peek.peek_flow(
            app,
            list(p["players"]),
            _drawn_lines(p["label"]),
            done,
            None,
            "You drew",
            seen,
            "Draw one",
            "your card",
            "",
        )
    else:
        peek.peek_flow(
            app,
            list(p["players"]),
            _hand_lines(st),
            done,
            None,
            "Your cards",
            seen,
            "Hidden deck",
            "your cards",
            "All cards dealt",
            st.players,
        )


# -- menu actions -----------------------------------------------------------------
def _need_deck(app, st):
    if st.deck is None:
        ui.error(app, "No deck yet. Choose New deck first.", "Hidden deck")
        return False
    return True


def _make(app, st, cards):
    st.deck = deal.Deck(cards)
    st.players = 0
    st.pending = None
    st.save(app)
    app.toast("New deck: %d cards" % len(st.deck))


def _numbered(app, st):
    def done(app, n):
        _make(app, st, n)

    app.push(
        Spinner("How many cards?", _DEFAULT_COUNT, 2, MAX_CARDS, done, 1, None, "cards  OK: set")
    )


def _define(app, st):
    labels, problems = read_labels(app)
    if problems or labels is None:
        _numbered(app, st)
        if problems:  # shown on top of the spinner
            ui.error(app, problems + ["Using numbered cards."], "deck.json")
        return

    def from_file(app):
        app.pop(menu)
        _make(app, st, labels)

    def numbered(app):
        app.pop(menu)
        _numbered(app, st)

    menu = ui.Menu(
        "New deck",
        [["deck.json: %d cards" % len(labels), from_file], ["Numbered 1..N", numbered]],
    )
    app.push(menu)


def _new(app, st):
    if st.deck is not None:
        app.push(
            ui.Confirm("New deck? The old deck and all hands are lost.", lambda a: _define(a, st))
        )
    else:
        _define(app, st)


def _deal(app, st):
    if not _need_deck(app, st):
        return
    left = st.deck.remaining()
    if left == 0:
        ui.error(app, "No cards left. Reshuffle first.", "Deal cards")
        return

    def got_players(app, n):
        each_max = left // n
        if each_max < 1:
            ui.error(app, "Only %d cards left: not one for each player." % left, "Deal cards")
            return
        app.push(
            Spinner(
                "Cards each",
                1,
                1,
                each_max,
                lambda a, k: _do_deal(a, st, n, k),
                1,
                None,
                "1..%d each  OK: deal" % each_max,
            )
        )

    app.push(
        Spinner(
            "How many players?",
            max(st.players, 2) if st.players else players.count_or(app, 2, 1, MAX_PLAYERS),
            1,
            MAX_PLAYERS,
            got_players,
            1,
            None,
            "1..%d  OK: set" % MAX_PLAYERS,
        )
    )


def _do_deal(app, st, n, each):
    try:
        st.deck.deal(app.rng, n, each)
    except ValueError as exc:
        ui.error(app, str(exc), "Deal cards")
        return
    st.players = max(st.players, n)
    st.pending = {"kind": "deal", "players": list(range(n))}
    st.save(app)  # before any key acts
    _run_pending(app, st)


def _choose_player(app, title_text, count, then, new=False):
    """A menu of players 1..count; ``new``: the last one joins now ("(new)")."""

    def pick(k):
        def run(app):
            app.pop(menu)
            then(app, k)

        return run

    items = [[players.name(app, k), pick(k)] for k in range(count)]
    if new:
        items[-1][0] += " (new)"
    menu = ui.Menu(title_text, items)
    app.push(menu)


def _draw(app, st):
    if not _need_deck(app, st):
        return
    if st.deck.remaining() == 0:
        ui.error(app, "No cards left. Reshuffle first.", "Draw one")
        return

    def go(app, k):
        label = st.deck.draw(app.rng, k)
        st.players = max(st.players, k + 1)
        st.pending = {"kind": "draw", "players": [k], "label": label}
        st.save(app)  # before any key acts
        _run_pending(app, st)

    # the players dealt to, and one more who joins (all eight before any deal)
    n = st.players
    if n == 0:
        _choose_player(app, "Who draws?", MAX_PLAYERS, go)
    else:
        _choose_player(app, "Who draws?", min(n + 1, MAX_PLAYERS), go, n < MAX_PLAYERS)


def _see(app, st):
    if not _need_deck(app, st):
        return
    if st.players == 0:
        ui.error(app, "Nobody holds cards yet.", "See a hand")
        return

    def go(app, k):
        peek.peek_one(app, k, _hand_lines(st), None, "Your cards", "your cards")

    _choose_player(app, "Whose hand?", st.players, go)


def _reshuffle(app, st):
    if not _need_deck(app, st):
        return

    def yes(app):
        st.deck.reshuffle()
        st.pending = None
        st.save(app)
        app.toast("All %d cards are back in the deck" % len(st.deck))

    app.push(ui.Confirm("Reshuffle? Every card goes back into the deck.", yes))


def _title(st):
    def title(app):
        if st.deck is None:
            return "Hidden deck"
        return "Deck: %d of %d left" % (st.deck.remaining(), len(st.deck))

    return title


def enter(app, resume=False):
    st = State.load(app)
    menu = ui.Menu(
        _title(st),
        [
            ["New deck", lambda a: _new(a, st)],
            ["Deal cards", lambda a: _deal(a, st)],
            ["Draw one", lambda a: _draw(a, st)],
            ["See a hand", lambda a: _see(a, st)],
            ["Reshuffle", lambda a: _reshuffle(a, st)],
            ["Help", lambda a: a.push(ui.Message("Hidden deck", _HELP))],
        ],
    )
    app.push(menu)
    if st.problem:
        ui.error(app, st.problem, "Hidden deck")
    if resume and st.pending is not None:
        _run_pending(app, st)
    return menu
