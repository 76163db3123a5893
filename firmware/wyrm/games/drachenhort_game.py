"""Drachenhort on Wyrm: the die, both escapes, gems, undo and the final reveal.

Screens (``open`` pushes the game menu):

- the game menu. Its first entry is always "Roll the die"; it opens on the entry
  below, the game's next step ("Capture" during an escape, "Start escape 2",
  "Final reveal"; then "See my card" in a dealt game), so the die is one UP
  away (and UP+DOWN together rolls it from any screen). The title bar is the
  status line:
  "Escape 1 / next token 4", "Escape 1 over", "Game over";
- new game: 2-7 players; party cards dealt by Wyrm (``drachenhort_party.start_deal``)
  or printed cards (each player enters theirs at the reveal);
- capture: the adventurers still in the dungeon with the token each would get
  ("red -> silver 3"); the penultimate capture ends the escape by itself;
- escape: who left the dungeon (gets 8), then the others one by one, farthest
  from the dragon first, each with the value it gets; a review, OK saves;
- the board: all seven adventurers with silver, gold and their sum;
- gems: per player, UP +1 / DOWN -1 (a refused change shows the reason);
- undo: names the last event and asks before undoing it (any number of times);
- start escape 2 (confirmed); the final reveal after the second escape: one
  by one (each player's card, tokens, gems, total) or all at once (a table),
  then the ranking (equal totals share the win). Those screens live in
  ``drachenhort_end`` and are loaded only then; capture, escape, board and
  gems live in ``drachenhort_play``, loaded while one of them is open.

RAM: the dealer (``drachenhort_party`` with ``peek``) and ``wyrm.deal`` are imported
only for a call and dropped again; the die's modules (``wyrm.dice_roll_ui``, not
the whole Dice menu) and ``drachenhort_play`` are dropped when the game menu
shows again. Colour names and cards come from ``drachenhort_party.config`` (the
settings file), read once.

Saved after every event and every change of screen as "drachenhort"::

    {"v": 1, "game": Game.to_json(), "cards": [null | [a, b, c], ...],
     "screen": "menu", "arg": null, "deal": null | {the party-card deal}}

``deal`` (dealt games only) is the party-card deal (``drachenhort_party``), kept in
the game's own file: a new dealt game and its deal are one save, so a power cut
boots into the old game or the new one with its cards, never a new game without a
deal (docs/FAULTS.md). A save from before, without ``deal``, takes the deal from its own
old save ("party"), and the next save keeps it here.
``cards`` holds the printed cards entered at the reveal; ``screen``/``arg``
bring the players back to where they were after a power cut (an unfinished
escape order keeps its picks). A save that cannot be read gives a message and
a fresh start.
"""
from micropython import const

from wyrm import buttons, gamekit, ui

NAME = "drachenhort"
_PARTY = "party"  # the deal's own store name in saves from before it moved into the game's
_VERSION = const(1)
_ADV = const(7)
_SCREENS = (
    "menu",
    "board",
    "capture",
    "escape",
    "order",
    "gems",
    "gems_p",
    "choice",
    "reveal",
    "all",
    "ranking",
)

_PARTY_UI = "wyrm.games.drachenhort_party"  # the dealer (with peek): large, loaded per call
_DEAL = "wyrm.deal"
_PLAY = "wyrm.games.drachenhort_play"
_END = "wyrm.games.drachenhort_end"
# the module each row of the game menu opens its screens from
_ROW_CODE = {
    "Roll the die": "wyrm.dice_roll_ui", "Deal the cards": _PARTY_UI,
    "Continue dealing": _PARTY_UI, "See my card": _PARTY_UI, "Capture": _PLAY,
    "Escape": _PLAY, "Start escape 2": _PLAY, "Board": _PLAY, "Gems": _PLAY, "Undo": _PLAY,
    "Final reveal": _END, "Ranking": _END,
}


def _rules():
    # The rules (with their tables): a saved game reads them before the menu's first
    # frame; a menu with no game yet draws without them.
    from wyrm.games import drachenhort

    return drachenhort


def _load_dealer(app):
    # the dealer and its screens, as app.call(_PARTY_UI) would load them
    __import__(_PARTY_UI)


def _drop_party(app):
    # an older save's deal: no game refers to it once the new game is written
    st = app.store
    if not st.failing and st.exists(_PARTY):
        st.remove(_PARTY)


# -- the saved game ----------------------------------------------------------------
class Session(gamekit.SavedGame):
    """The game, the entered cards and where the players are; shared by all screens."""

    store_name = NAME
    version = _VERSION
    label = "Drachenhort"

    def __init__(self, app):
        super().__init__(app)
        self.game = None
        self.cards = None  # per player: [a, b, c] entered at the reveal, or None
        self.screen = "menu"
        self.arg = None
        self.game_menu = None
        self._cfg = None
        self._dealt = None  # the dealt cards, once read at the reveal
        self.deal = None  # the party-card deal as saved (drachenhort_party), dealt games

    # settings: colour names and the configured cards
    def config(self):
        if self._cfg is None:
            app = self.app
            self._cfg = app.call(_PARTY_UI, lambda p: p.config(app))
        return self._cfg

    @property
    def names(self):
        return self.config()["colours"]

    # the skeleton's hooks (wyrm.gamekit)
    def has_game(self):
        return self.game is not None

    def seats(self):
        # turns (gamekit): the players take turns; ``state`` holds only {"turn": k}
        return self.game.players if self.game is not None else 0

    def to_json(self):
        out = {
            "v": _VERSION,
            "game": self.g().to_json(),
            "cards": self.cards,
            "screen": self.screen,
            "arg": self.arg,
            "turn": self.turn(),
        }
        if self.g().mode == "dealt":
            out["deal"] = self.deal
        return out

    def keep_deal(self, obj):
        """Save the deal (None: drop it) with the game (drachenhort_party's ``home``)."""
        self.deal = obj
        self._dealt = None
        self.save()


    def menu(self):
        self.game_menu = GameMenu(self)
        return self.game_menu

    def resume(self, app, menu):
        where = self.screen
        if self.deal_state() == "unseen":
            menu.continue_deal(app)
        elif where in ("choice", "reveal", "all", "ranking"):
            if self.g().finished:
                _end(app).resume(app, self, where, self.arg)
        elif where != "menu":  # capture, escape, order, board, gems (drachenhort_play)
            _play(self).resume(app, self)

    def at(self, screen, arg=None):
        """Remember the screen the players are on (for resume after a power cut)."""
        if self.game is None:
            return
        if screen != self.screen or arg != self.arg:
            self.screen = screen
            self.arg = arg
            self.save()

    def take(self, raw):
        game = _rules().Game.load(raw["game"])
        cards = raw.get("cards")
        if cards is None:
            cards = [None] * game.players
        if not isinstance(cards, list) or len(cards) != game.players:
            raise ValueError("cards")
        for c in cards:
            if c is not None and not _valid_card(c):
                raise ValueError("card")
        turn = raw.get("turn", 0)  # saves from before turns: seat 1
        if type(turn) is not int or not 0 <= turn < game.players:
            raise ValueError("turn")
        screen = raw.get("screen")
        self.state = {"turn": turn}
        self.game = game
        self.cards = cards
        self.screen = screen if screen in _SCREENS else "menu"
        self.arg = raw.get("arg")
        if game.mode != "dealt":
            self.deal = None
        elif "deal" in raw:
            self.deal = raw["deal"]
        else:  # saved before the deal moved into the game's file
            self.deal = self.app.store.load(_PARTY, None)
        return True

    # the game
    def new_game(self, players, mode, deal=None):
        """Start afresh, with its deal (``deal``, dealt games) in the same save: the
        old game and its party cards are replaced in one atomic save."""
        app = self.app
        self._dealt = None
        self.game = _rules().Game(players, mode)
        self.state = {"turn": 0}  # seat 1: "The oldest player begins"
        self.deal = deal
        self.cards = [None] * players
        self.screen = "menu"
        self.arg = None
        self.save()  # (once the key's frame is out, before any key acts)
        app.after_frame(_drop_party)  # after that save

    def g(self):
        """The game (only called while there is one)."""
        g = self.game
        if g is None:
            raise ValueError("no game")
        return g

    def apply(self, ev):
        why = self.g().apply(ev)
        if why is None:
            self.save()
        return why

    def undo(self):
        ev = self.g().undo()
        self.save()
        return ev

    # party cards
    def deal_state(self):
        """None (printed cards), "ok", "missing" (no usable deal) or "unseen"."""
        g = self.game
        if g is None or g.mode != "dealt":
            return None
        d = self._deal()
        if d is None:
            return "missing"
        return "ok" if d.all_seen() else "unseen"

    def _deal(self):
        """The saved deal (kept in this game's save), if it fits this game."""
        obj = self.deal
        if obj is None:
            return None
        try:
            d = self.app.call(_DEAL, lambda m: m.PartyDeal.load(obj))
        except (ValueError, TypeError, AttributeError):
            return None
        return d if d.players == self.g().players else None

    def card_of(self, k):
        """Player k's three adventurers, or None if not known (printed, not entered).

        Dealt cards are read from the saved deal only here, i.e. only at the
        final reveal, and kept for the rest of it.
        """
        if self.g().mode == "printed":
            cards = self.cards
            return cards[k] if cards is not None else None
        out = self._dealt
        if out is None:
            # wyrm.deal stays loaded for the whole read, so the dealer shares it
            out = self.app.call(_DEAL, lambda m: self._read_dealt())
            if out is None:
                return None
            self._dealt = out
        return out[k]

    def _read_dealt(self):
        """Every player's dealt card (adventurer indices), or None without a usable deal."""
        d = self._deal()
        if d is None:
            return None
        app = self.app
        n = d.players
        return app.call(
            _PARTY_UI,
            lambda p: [sorted(p.card_adventurers(app, d.card_of(j), self)) for j in range(n)],
        )

    def all_cards(self):
        """Every player's card, or None while one is missing."""
        out = []
        for k in range(self.g().players):
            c = self.card_of(k)
            if c is None:
                return None
            out.append(c)
        return out

    # names
    def name(self, a):
        return self.names[a]

    def describe(self):
        return self.g().describe(-1, self.names, _players(self.app).namer(self.app))


def _valid_card(c):
    if not isinstance(c, list) or len(c) != 3:
        return False
    for a in c:
        if type(a) is not int or not 0 <= a < _ADV or c.count(a) != 1:
            return False
    return True


# -- entry point -------------------------------------------------------------------
# What the menu's first frame imports (the main menu loads it while OK is held on the
# game's row): with a game saved, without one (see home.Home.on_event)
SOON = (NAME, ("wyrm.games.drachenhort", "wyrm.players"), ())


def enter(app, resume=False):
    s = Session(app)
    gamekit.enter(app, s, resume)
    # Colour names (read when needed, too); a problem with the settings file shows on
    # top. After the menu's first frame: it loads the dealer's code.
    app.after_frame(lambda a: s.config())


# -- game menu ---------------------------------------------------------------------
class GameMenu(gamekit.NoteMenu):
    def __init__(self, s):
        super().__init__(self._status, [])
        self.s = s
        self.note = self._note
        self.refresh(None)

    def _status(self, app):
        g = self.s.game
        if g is None:
            return "Drachenhort"
        if g.finished:
            return "Final reveal"
        if g.game_over:
            return "Game over"
        if g.escape_over:
            return "Escape %d over" % g.escape
        return "Esc %d" % g.escape  # short: the next token and whose turn follow

    def _note(self, app):
        g = self.s.game
        if g is None or g.escape_over:
            return None
        return "token %d" % g.next_value()

    def on_event(self, app, kind, key):
        if kind == buttons.PRESS and key == buttons.OK and self.sel < len(self.items):
            # the row's code loads while OK is down: the click finds it (it stays until
            # this menu shows again, as when the row loads it)
            mod = _ROW_CODE.get(self.items[self.sel][0])
            if mod is not None:
                app.load(mod)
        return super().on_event(app, kind, key)

    def _turning(self):
        # the turn goes round the table until the second escape is over
        g = self.s.game
        return g is not None and not g.game_over

    def draw(self, app, fb):
        ui.Menu.draw(self, app, fb)
        right = None
        if self._turning():  # "Esc 1 [token 4] Anna"
            right = self.s.draw_turn(app, fb)
        note = self._note(app)
        if note:
            gamekit.title_note(fb, note, right)

    def refresh(self, app):
        s = self.s
        g = s.game
        old = self.label(app, self.sel) if self.items and self.sel < len(self.items) else None
        items = [["Roll the die", _roll]]
        if g is None:
            items.append(["New game", self.new_game])
        else:
            ds = s.deal_state() if app is not None else None
            if ds == "missing" and not g.finished:
                items.append(["Deal the cards", self.deal_again])
            elif ds == "unseen":
                items.append(["Continue dealing", self.continue_deal])
            # the game's next step (where the menu opens), then "See my card" under it
            see = ["See my card", self.peek_again] if ds == "ok" and not g.finished else None
            if not g.escape_over:
                items.append(["Capture", lambda a: a.push(_play(s).CaptureMenu(s))])
                if see:
                    items.append(see)
                items.append(["Escape", lambda a: a.push(_play(s).EscapeMenu(s))])
            elif not g.game_over:
                items.append(["Start escape 2", self.next_escape])
                if see:
                    items.append(see)
            else:
                items.append(["Final reveal", self.reveal])
                if g.finished and s.all_cards() is not None:
                    items.append(["Ranking", lambda a: a.push(_end(a).Ranking(s))])
            items.append(["Board", lambda a: a.push(_play(s).BoardScreen(s))])
            if not g.finished:
                items.append(["Gems", lambda a: a.push(_play(s).GemsMenu(s))])
            items.append(["Undo", self.undo])
            if self._turning():  # OK passes the turn on; the cursor stays for the next
                items.append([s.next_label, self.pass_turn])
            items.append(["New game", self.new_game])
        items.append(["Rules notes", _notes])
        self.items = items
        sel = None
        for i, it in enumerate(items):
            if it[0] == old:
                sel = i
        if sel is None:
            sel = min(self.sel, len(items) - 1)
        self.sel = sel

    def on_show(self, app):
        self.refresh(app)
        self.s.at("menu")

    def on_open(self, app):
        self.refresh(app)
        self.sel = self.start_row()

    def start_row(self):
        """The menu opens on the game's next step ("Capture" during an escape), the die
        one UP above it; with no game on "Roll the die"."""
        return 1 if self.s.game is not None and len(self.items) > 1 else 0

    # new game
    def new_game(self, app):
        if self.s.game is None:
            self._ask_players(app)
            return
        app.push(ui.Confirm("Start a new game? This game is lost.", self._ask_players))

    def _ask_players(self, app):
        g = self.s.game
        n = g.players if g is not None else 4
        rules = _rules()
        lo, hi = rules.MIN_PLAYERS, rules.MAX_PLAYERS
        n = _players(app).count_or(app, n, lo, hi)  # the table's count first
        app.push(ui.Spinner("Players", n, lo, hi, self._ask_cards))

    def _ask_cards(self, app, n):
        def begin(obj):  # the new game and its deal: one save
            self.s.new_game(n, "dealt", obj)
            self.refresh(app)
            self.sel = self.start_row()

        def dealt(app):
            app.pop(m)
            s = self.s
            app.call(_PARTY_UI, lambda p: p.start_deal(app, n, self._deal_done, None, s, begin))

        def printed(app):
            app.pop(m)
            self.s.new_game(n, "printed")
            self.refresh(app)
            self.sel = self.start_row()
            app.toast("Escape 1: good luck!")

        m = ui.Menu("Party cards", [["Dealt by Wyrm", dealt], ["Printed cards", printed]])
        app.push(m)
        app.after_frame(_load_dealer)  # "Dealt by Wyrm" then finds it loaded

    def _deal_done(self, app):
        self.s._dealt = None
        self.refresh(app)
        app.redraw()

    def deal_again(self, app):
        self.s._dealt = None
        n = self.s.game.players
        s = self.s
        app.call(_PARTY_UI, lambda p: p.start_deal(app, n, self._deal_done, None, s))

    def continue_deal(self, app):
        s = self.s
        app.call(_PARTY_UI, lambda p: p.resume_flow(app, self._deal_done, None, s))

    def peek_again(self, app):
        s = self.s
        app.call(_PARTY_UI, lambda p: p.peek_again(app, None, s))

    # during the game (drachenhort_play, the reveal drachenhort_end: loaded when chosen)
    def pass_turn(self, app):
        self.s.pass_turn()

    def next_escape(self, app):
        _play(self.s).next_escape(self, app)

    def undo(self, app):
        _play(self.s).undo(self, app)

    def reveal(self, app):
        _end(app).reveal(self, app)


def _roll(app):
    app.push(app.load("wyrm.dice_roll_ui").roll_screen("dh"))


def _players(app):
    # the table's names and count (wyrm.players), loaded when needed
    from wyrm import players

    return players


def _play(s):
    """The in-game screens (capture, escape, board, gems): their own module, loaded
    while one of them is open."""
    return s.app.load(_PLAY)


def _end(app):
    """The final reveal's screens (their own module: loaded only at the end)."""
    return app.load("wyrm.games.drachenhort_end")


def _notes(app):
    app.push(ui.Message("Rules notes", list(_rules().NOTES)))
