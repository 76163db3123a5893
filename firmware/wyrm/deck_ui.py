"""The hidden deck (main menu): cards dealt or drawn that only their holders see.

Saved after every change as "hdeck" (docs/USING.md describes the screens).
"""

from micropython import const

from wyrm import deal, letters, peek, players, ui
from wyrm.lang import t
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
_HELP_DE = (
    "Wyrm hält einen gemischten Stapel. Karten geben: jeder hält dann OK und sieht "
    "nur die eigenen Karten. Eine ziehen: eine Karte für einen Spieler. Neu mischen "
    "legt alle Karten zurück. Eigene Kartennamen: deck.json neben die gespeicherten "
    'Spiele legen, z.B. {"cards": ["Ass", "König", "Dame"]} (bis 200 Karten, je 21 '
    "Buchstaben)."
)


# -- labels file ------------------------------------------------------------------
def parse_labels(obj):
    """(labels, problems) for a decoded deck.json."""
    if isinstance(obj, dict):
        obj = obj.get("cards")
    if not isinstance(obj, list):
        return None, [
            t(
                'deck.json needs a list of cards: {"cards": ["Ace", ...]}',
                'deck.json braucht eine Kartenliste: {"cards": ["Ass", ...]}',
            )
        ]
    if not obj:
        return None, [t("deck.json has no cards", "deck.json hat keine Karten")]
    if len(obj) > MAX_CARDS:
        return None, [
            t("deck.json: at most %d cards, got %d", "deck.json: höchstens %d Karten, da sind %d")
            % (MAX_CARDS, len(obj))
        ]
    out = []
    for i, lab in enumerate(obj):
        where = t("deck.json card %d", "deck.json Karte %d") % (i + 1)
        if not isinstance(lab, str):
            return None, [where + t(" is not text", " ist kein Text")]
        lab = lab.strip()
        if not lab:
            return None, [where + t(" is empty", " ist leer")]
        if len(lab) > _LABEL_MAX:
            return None, [where + t(" is too long (max %d)", " ist zu lang (max. %d)") % _LABEL_MAX]
        if not letters.shows(lab):
            return None, [where + ": " + t(letters.SHOWN, letters.SHOWN_DE)]
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
        return [t("No cards", "Keine Karten")]
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
            t("You drew", "Du hast gezogen"),
            seen,
            t("Draw one", "Eine ziehen"),
            t("your card", "deine Karte"),
            "",
        )
    else:
        peek.peek_flow(
            app,
            list(p["players"]),
            _hand_lines(st),
            done,
            None,
            t("Your cards", "Deine Karten"),
            seen,
            t("Hidden deck", "Verdeckte Karten"),
            t("your cards", "deine Karten"),
            t("All cards dealt", "Alle Karten verteilt"),
            st.players,
        )


# -- menu actions -----------------------------------------------------------------
def _need_deck(app, st):
    if st.deck is None:
        ui.error(
            app,
            t("No deck yet. Choose New deck first.", "Noch kein Stapel. Erst Neuer Stapel wählen."),
            t("Hidden deck", "Verdeckte Karten"),
        )
        return False
    return True


def _make(app, st, cards):
    st.deck = deal.Deck(cards)
    st.players = 0
    st.pending = None
    st.save(app)
    app.toast(t("New deck: %d cards", "Neuer Stapel: %d Karten") % len(st.deck))


def _numbered(app, st):
    def done(app, n):
        _make(app, st, n)

    app.push(
        Spinner(
            t("How many cards?", "Wie viele Karten?"),
            _DEFAULT_COUNT,
            2,
            MAX_CARDS,
            done,
            1,
            None,
            t("cards  OK: set", "Karten  OK: fertig"),
        )
    )


def _define(app, st):
    labels, problems = read_labels(app)
    if problems or labels is None:
        _numbered(app, st)
        if problems:  # shown on top of the spinner
            ui.error(
                app, problems + [t("Using numbered cards.", "Nummerierte Karten.")], "deck.json"
            )
        return

    def from_file(app):
        app.pop(menu)
        _make(app, st, labels)

    def numbered(app):
        app.pop(menu)
        _numbered(app, st)

    menu = ui.Menu(
        t("New deck", "Neuer Stapel"),
        [
            [t("deck.json: %d cards", "deck.json: %d Karten") % len(labels), from_file],
            [t("Numbered 1..N", "Nummeriert 1..N"), numbered],
        ],
    )
    app.push(menu)


def _new(app, st):
    if st.deck is not None:
        app.push(
            ui.Confirm(
                t(
                    "New deck? The old deck and all hands are lost.",
                    "Neuer Stapel? Der alte und alle Hände gehen verloren.",
                ),
                lambda a: _define(a, st),
            )
        )
    else:
        _define(app, st)


def _deal(app, st):
    if not _need_deck(app, st):
        return
    left = st.deck.remaining()
    if left == 0:
        ui.error(
            app,
            t("No cards left. Reshuffle first.", "Keine Karten mehr. Erst neu mischen."),
            t("Deal cards", "Karten geben"),
        )
        return

    def got_players(app, n):
        each_max = left // n
        if each_max < 1:
            ui.error(
                app,
                t(
                    "Only %d cards left: not one for each player.",
                    "Nur noch %d Karten: nicht eine für jeden.",
                )
                % left,
                t("Deal cards", "Karten geben"),
            )
            return
        app.push(
            Spinner(
                t("Cards each", "Karten je"),
                1,
                1,
                each_max,
                lambda a, k: _do_deal(a, st, n, k),
                1,
                None,
                t("1..%d each  OK: deal", "1..%d je  OK: geben") % each_max,
            )
        )

    app.push(
        Spinner(
            t("How many players?", "Wie viele Spieler?"),
            max(st.players, 2) if st.players else players.count_or(app, 2, 1, MAX_PLAYERS),
            1,
            MAX_PLAYERS,
            got_players,
            1,
            None,
            t("1..%d  OK: set", "1..%d  OK: fertig") % MAX_PLAYERS,
        )
    )


def _do_deal(app, st, n, each):
    try:
        st.deck.deal(app.rng, n, each)
    except ValueError as exc:
        ui.error(app, str(exc), t("Deal cards", "Karten geben"))
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
        items[-1][0] += t(" (new)", " (neu)")
    menu = ui.Menu(title_text, items)
    app.push(menu)


def _draw(app, st):
    if not _need_deck(app, st):
        return
    if st.deck.remaining() == 0:
        ui.error(
            app,
            t("No cards left. Reshuffle first.", "Keine Karten mehr. Erst neu mischen."),
            t("Draw one", "Eine ziehen"),
        )
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
        _choose_player(app, t("Who draws?", "Wer zieht?"), MAX_PLAYERS, go)
    else:
        _choose_player(
            app, t("Who draws?", "Wer zieht?"), min(n + 1, MAX_PLAYERS), go, n < MAX_PLAYERS
        )


def _see(app, st):
    if not _need_deck(app, st):
        return
    if st.players == 0:
        ui.error(
            app,
            t("Nobody holds cards yet.", "Noch hat niemand Karten."),
            t("See a hand", "Hand ansehen"),
        )
        return

    def go(app, k):
        peek.peek_one(
            app,
            k,
            _hand_lines(st),
            None,
            t("Your cards", "Deine Karten"),
            t("your cards", "deine Karten"),
        )

    _choose_player(app, t("Whose hand?", "Wessen Hand?"), st.players, go)


def _reshuffle(app, st):
    if not _need_deck(app, st):
        return

    def yes(app):
        st.deck.reshuffle()
        st.pending = None
        st.save(app)
        app.toast(
            t("All %d cards are back in the deck", "Alle %d Karten sind wieder im Stapel")
            % len(st.deck)
        )

    app.push(
        ui.Confirm(
            t(
                "Reshuffle? Every card goes back into the deck.",
                "Neu mischen? Jede Karte kommt zurück in den Stapel.",
            ),
            yes,
        )
    )


def _title(st):
    def title(app):
        if st.deck is None:
            return t("Hidden deck", "Verdeckte Karten")
        return t("Deck: %d of %d left", "Stapel: %d/%d übrig") % (st.deck.remaining(), len(st.deck))

    return title


def enter(app, resume=False):
    st = State.load(app)
    menu = ui.Menu(
        _title(st),
        [
            [t("New deck", "Neuer Stapel"), lambda a: _new(a, st)],
            [t("Deal cards", "Karten geben"), lambda a: _deal(a, st)],
            [t("Draw one", "Eine ziehen"), lambda a: _draw(a, st)],
            [t("See a hand", "Hand ansehen"), lambda a: _see(a, st)],
            [t("Reshuffle", "Neu mischen"), lambda a: _reshuffle(a, st)],
            [
                t("Help", "Hilfe"),
                lambda a: a.push(
                    ui.Message(t("Hidden deck", "Verdeckte Karten"), t(_HELP, _HELP_DE))
                ),
            ],
        ],
    )
    app.push(menu)
    if st.problem:
        ui.error(app, st.problem, t("Hidden deck", "Verdeckte Karten"))
    if resume and st.pending is not None:
        _run_pending(app, st)
    return menu
