"""Drachenhort on Wyrm: the save, the game menu and the entry.

A turn starts on "Roll the die" (the roll screen passes on and rolls for the next
player, and takes gems and the dragon's capture: ``drachenhort_roll``); the oldest
player begins.
"""
from micropython import const

from wyrm import deal, dice_roll_ui, gamekit, plain, players, ui
from wyrm.games import (
    drachenhort,
    drachenhort_end,
    drachenhort_party,
    drachenhort_play,
    drachenhort_ref,
    drachenhort_roll,
)
from wyrm.games.drachenhort_colours import colour_name
from wyrm.lang import t
from wyrm.spinner import Spinner

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


class Game(gamekit.SavedGame):
    # The save: {"v", "rules": the rules' game as saved (players, mode, events),
    # "cards", "screen", "arg", "turn", "deal" (dealt games)}; ``hoard`` is the rules'
    # game on state["rules"], which keeps its events there.

    store_name = "drachenhort"
    version = _VERSION
    ref = drachenhort_ref
    at_key = "arg"  # what the screen shows (a player, the escape's order ...)

    cards = plain.field("cards")  # per player: [a, b, c] entered at the reveal, or None
    screen = plain.field("screen")
    arg = plain.field("arg")

    def __init__(self, app):
        super().__init__(app)
        self._of = None  # the state["rules"] ``hoard`` is on
        self._hoard = None
        self._cfg = None
        self._dealt = None  # the dealt cards, once read at the reveal
        self._read = 0  # the saved deal deal_state() last read (0: none yet) ...
        self._said = None  # ... and what it said
        self.starting = False  # a new dealt game: who begins once the cards are seen

    @property
    def hoard(self):
        # the rules' game (drachenhort.Game) on state["rules"], None: no game yet
        st = self.state
        if st is None:
            return None
        obj = st["rules"]
        if obj is not self._of:
            self._hoard = drachenhort.Game.load(obj)
            self._of = obj
        return self._hoard

    @property
    def deal(self):
        # the party-card deal as saved (drachenhort_party): dealt games, else None
        st = self.state
        return st.get("deal") if st else None

    def after_open(self, app):
        self.config()  # colour names; a problem with the settings file shows on top

    # settings: colour names and the configured cards
    def config(self):
        if self._cfg is None:
            self._cfg = drachenhort_party.config(self.app)
        return self._cfg

    def name(self, a):
        return colour_name(self.config()["colours"], a)

    # the kit's hooks (wyrm.gamekit)
    def seats(self):
        g = self.hoard
        return g.players if g is not None else 0

    def keep_deal(self, obj):
        """Save the deal (None: drop it) with the game (drachenhort_party's ``home``)."""
        self.state["deal"] = obj
        self._dealt = None
        self.save()

    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        where = self.screen
        if self.deal_state() == "unseen":
            menu.continue_deal(app)
        elif where in ("choice", "reveal", "all", "ranking"):
            if self.g().finished:
                drachenhort_end.resume(app, self, where, self.arg)
        elif where != "menu":  # capture, escape, order, board, gems (drachenhort_play)
            drachenhort_play.resume(app, self)

    def valid(self, raw):
        # A save of this version: the rules' game replayed, its cards checked; a field
        # missing (cards, turn, arg, a dealt game's deal) is a damaged save
        obj = raw["rules"]
        hoard = drachenhort.Game.load(obj)
        n = hoard.players
        cards = raw["cards"]
        if not isinstance(cards, list) or len(cards) != n:
            return False
        for c in cards:
            if c is not None and not _valid_card(c):
                return False
        if "turn" not in raw or "arg" not in raw:
            return False
        if raw.get("screen") not in _SCREENS:
            raw["screen"] = "menu"
        if hoard.mode != "dealt":
            raw.pop("deal", None)
        elif "deal" not in raw:
            return False
        self._hoard = hoard  # (``hoard`` once the kit keeps this save)
        self._of = obj
        return True

    # the game
    def new_game(self, players, mode, deal=None):
        """Start afresh, with its deal (``deal``, dealt games) in the same save: the
        old game and its party cards are replaced in one atomic save."""
        self._dealt = None
        fields = {"rules": drachenhort.Game(players, mode).to_json(), "cards": [None] * players,
                  "arg": None}
        if mode == "dealt":
            fields["deal"] = deal
        self.state = self.begin(fields)  # (written once the key's frame is out)

    def g(self):
        """The rules' game (only called while there is one)."""
        g = self.hoard
        if g is None:
            raise ValueError("no game")
        return g

    def apply(self, ev):
        why = self.g().apply(ev)
        if why is None:
            self.pass_stands()  # something was entered
            self.save()
        return why

    def undo(self):
        # the last event taken back; if it ended a turn (a capture, an escape), that
        # turn comes back with it (the kit's ``undone``)
        g = self.g()
        at = len(g.events)
        ev = g.undo()
        self.undone(at)
        self.save()
        return ev

    # party cards
    def deal_state(self):
        """None (printed cards), "ok", "missing" (no usable deal) or "unseen"."""
        g = self.hoard
        if g is None or g.mode != "dealt":
            return None
        obj = self.deal
        if self._read is not obj:  # a deal is read once, not per frame
            d = self._deal()
            self._said = "missing" if d is None else "ok" if d.all_seen() else "unseen"
            self._read = obj
        return self._said

    def _deal(self):
        """The saved deal (kept in this game's save), if it fits this game."""
        obj = self.deal
        if obj is None:
            return None
        try:
            d = deal.PartyDeal.load(obj)
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
            out = self._read_dealt()
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
        return [sorted(drachenhort_party.card_adventurers(app, d.card_of(j), self))
                for j in range(n)]

    def all_cards(self):
        """Every player's card, or None while one is missing."""
        out = []
        for k in range(self.g().players):
            c = self.card_of(k)
            if c is None:
                return None
            out.append(c)
        return out

    def describe(self):
        return self.g().describe(-1, self.config()["colours"], players.namer(self.app))


def _valid_card(c):
    if not isinstance(c, list) or len(c) != 3:
        return False
    for a in c:
        if not plain.whole(a, 0, _ADV - 1) or c.count(a) != 1:
            return False
    return True


# -- game menu ---------------------------------------------------------------------
class GameMenu(gamekit.GameMenu):
    # Roll the die, [the deal], the escape's rows ([See my card], Capture, Escape)
    # or the next step (Start escape 2, Final reveal), Board, Gems, Undo, Next turn.
    title_text = "Drachenhort"
    turns = True
    _opened = False  # the deal is read once the menu's first frame is out (_deal_rows)
    # where ``rows`` put the game's next step (a turn begins there: the deal to finish,
    # Start escape 2, Final reveal; 0: the roll) and Escape (-1: none)
    turn_row = 0
    escape_at = -1

    @property
    def new_question(self):
        return t("Start a new game? This game is lost.",
                 "Neues Spiel beginnen? Dieses Spiel geht verloren.")

    def has_top(self):
        # the turns go round the table until the second escape is over
        g = self.game.hoard
        return g is not None and g.game_over

    def _title(self, app):
        g = self.game.hoard
        if g is None:
            return "Drachenhort"
        if g.finished:
            return t("Final reveal", "Aufdecken")
        if g.game_over:
            return t("Game over", "Spielende")
        if g.escape_over:
            return t("Escape %d over", "Flucht %d vorbei") % g.escape
        # short: the next token and whose turn follow
        return t("Esc %d", "Flucht %d") % g.escape

    def _note(self, app):
        g = self.game.hoard
        if g is None or g.escape_over:
            return None
        return t("token %d", "Wert %d") % g.next_value()

    def draw(self, app, fb):
        ui.Menu.draw(self, app, fb)
        right = None
        if self._turning():  # "Esc 1 [token 4] Anna"
            right = self.game.draw_turn(app, fb)
        note = self._note(app)
        if note:
            gamekit.title_note(fb, note, right)

    def rows(self):
        s = self.game
        g = s.hoard
        play = drachenhort_play
        items = [[t("Roll the die", "Würfeln"), self.roll]]
        self.turn_row = 0
        self.escape_at = -1
        ds = s.deal_state() if self._opened else None
        if ds == "missing" and not g.finished:
            self.turn_row = len(items)
            items.append([t("Deal the cards", "Karten verteilen"), self.deal_again])
        elif ds == "unseen":
            self.turn_row = len(items)
            items.append([t("Continue dealing", "Weiter verteilen"), self.continue_deal])
        see = None
        if ds == "ok" and not g.finished:
            see = [t("See my card", "Meine Karte ansehen"), self.peek_again]
        if not g.escape_over:
            if see:  # (a capture is entered on the roll screen)
                items.append(see)
            items.append([t("Capture", "Gefangen"), lambda a: a.push(play.CaptureMenu(s))])
            self.escape_at = len(items)
            items.append([t("Escape", "Flucht"), lambda a: a.push(play.EscapeMenu(s))])
        elif not g.game_over:
            self.turn_row = self.turn_row or len(items)
            items.append([t("Start escape 2", "Flucht 2 beginnen"), self.next_escape])
            if see:
                items.append(see)
        else:
            self.turn_row = self.turn_row or len(items)
            items.append([t("Final reveal", "Aufdecken"), self.reveal])
            if g.finished and s.all_cards() is not None:
                items.append([t("Ranking", "Rangliste"),
                              lambda a: a.push(drachenhort_end.Ranking(s))])
        items.append([t("Board", "Punktetafel"), lambda a: a.push(play.BoardScreen(s))])
        if not g.finished:
            items.append([t("Gems", "Edelsteine"), lambda a: a.push(play.GemsMenu(s))])
        items.append([t("Undo", "Rückgängig"), self.undo])
        return items

    def refresh(self):
        old = self.items[self.sel][0] if self.sel < len(self.items) else None
        super().refresh()
        if not self.game.has_game():
            self.items.insert(0, [t("Roll the die", "Würfeln"), self.roll])
        for i in range(len(self.items)):
            if self.items[i][0] == old:
                self.sel = i

    def on_open(self, app):
        # the menu opens where a turn begins (with no game: on "Roll the die"); a dealt
        # game's row for its cards comes once the first frame is out
        self.offer_turn()
        app.after_frame(self._deal_rows)

    def _deal_rows(self, app):
        # the deal is read now, before any key acts; a dealt game's row ("Continue
        # dealing", "See my card") then shows
        self._opened = True
        if self.game.deal_state() is not None:
            self.offer_turn()
            app.redraw()

    # new game
    def ask(self, app):
        s = self.game  # (``s``: the SavedGame; ``g``: the rules' game, as everywhere here)
        rules = drachenhort
        lo, hi = rules.MIN_PLAYERS, rules.MAX_PLAYERS
        n = s.table_count(s.hoard.players if s.hoard is not None else 4, lo, hi)
        app.push(Spinner(t("Players", "Spieler"), n, lo, hi, self._ask_cards))

    def _ask_cards(self, app, n):
        s = self.game

        def begin(obj):  # the new game and its deal: one save
            s.new_game(n, "dealt", obj)
            s.starting = True
            self.offer_turn()  # (if the round stops early: on "Continue dealing")

        def dealt(app):
            app.pop(m)
            drachenhort_party.start_deal(app, n, self._deal_done, None, s, begin)

        def printed(app):
            app.pop(m)
            s.new_game(n, "printed")
            self.refresh()
            s.who_begins(app, t("Oldest begins", "Der Älteste beginnt"))

        m = ui.Menu(t("Party cards", "Gruppenkarten"),
                    [[t("Dealt by Wyrm", "Wyrm verteilt"), dealt],
                     [t("Printed cards", "Gedruckte Karten"), printed]])
        app.push(m)

    def _deal_done(self, app):
        s = self.game
        s._dealt = None
        self.refresh()
        if s.starting:  # every card seen: the oldest begins
            s.starting = False
            s.who_begins(app, t("Oldest begins", "Der Älteste beginnt"))
        else:
            self.offer_turn()
        app.redraw()

    def deal_again(self, app):
        s = self.game
        s._dealt = None
        n = s.hoard.players
        drachenhort_party.start_deal(app, n, self._deal_done, None, s)

    def continue_deal(self, app):
        s = self.game
        drachenhort_party.resume_flow(app, self._deal_done, None, s)

    def peek_again(self, app):
        s = self.game
        drachenhort_party.peek_again(app, None, s)

    # during the game (the roll screen, drachenhort_play; the reveal drachenhort_end)
    def roll(self, app):
        g = self.game.hoard
        if g is None or g.escape_over:
            app.push(dice_roll_ui.roll_screen("dh"))
        else:
            app.push(drachenhort_roll.TurnRoll(self.game))

    def next_escape(self, app):
        # the escape's first turn begins with it: the next player's roll
        drachenhort_play.next_escape(self, app)
        if not self.game.hoard.escape_over:
            self.roll(app)

    def undo(self, app):
        drachenhort_play.undo(self, app)

    def reveal(self, app):
        drachenhort_end.reveal(self, app)


enter = gamekit.entry(Game)
