"""Drakskatten: the save and the game menu (a turn: move, fight, door search).

The rules are ``drakskatten``; the move and door rolls and the win ``drakskatten_play``;
the fight screen ``drakskatten_fight`` and the players' screens ``drakskatten_players``.
"""

from micropython import const

from wyrm import gamekit, letters, plain, players, ui
from wyrm.games import (
    drakskatten,
    drakskatten_fight,
    drakskatten_play,
    drakskatten_players,
    drakskatten_ref,
)
from wyrm.lang import t
from wyrm.spinner import Spinner

_VERSION = const(1)
_SCREENS = ("menu", "fight", "win")

COLOURS = drakskatten_players.COLOURS
colour_name = drakskatten_players.colour_name


class Game(gamekit.SavedGame):
    # The save: {"v", "players": [drakskatten.Player records], "turn", "own", "last", "met",
    # "screen", "fight", "winner"}; ``players`` are the rules' views of its records.
    store_name = "drakskatten"
    version = _VERSION
    ref = drakskatten_ref
    at_key = "turn"  # a screen is the current player's

    own = plain.field("own")  # "my own dice": numbers are typed in
    last = plain.field("last")  # the last monster's [DEFENCE, ATTACK]
    met = plain.field("met")  # the monster cards met: [how many, DEFENCE sum, ATTACK sum]
    screen = plain.field("screen")
    fight = plain.field("fight")  # the fight screen's result, for resuming
    winner = plain.field("winner")  # -1: none yet

    def __init__(self, app):
        super().__init__(app)
        self._of = None  # the records ``players`` views
        self._ps = []

    @property
    def players(self):
        # the rules.Player views of state["players"] (rebuilt with a new state)
        st = self.state
        recs = st["players"] if st else ()
        if recs is not self._of:
            self._of = recs
            self._ps = [drakskatten.Player(state=d) for d in recs]
        return self._ps

    # -- players and turns --
    @property
    def cur(self):
        # whose turn: state["turn"], a seat (checked as a save is read, moved as players leave)
        return self.state["turn"]

    def player(self):
        return self.players[self.state["turn"]]

    def name(self, i=None):
        return self.players[self.cur if i is None else i].name

    def who(self, app, i):
        ps = self.players
        return ps[i].name if i < len(ps) else plain.seat(i)

    def seats(self):
        st = self.state
        return len(st["players"]) if st else 0

    def next_hint(self, app):
        # the hint of a screen whose OK passes the turn on: "OK: Ben's turn"
        return t("OK: %s's turn", "OK: %s ist dran") % self.who(app, self.next_seat())

    def free_colour(self, after=None, used=None):
        if used is None:
            used = [p.colour for p in self.players]
        start = COLOURS.index(after) + 1 if after in COLOURS else 0
        for k in range(len(COLOURS)):
            c = COLOURS[(start + k) % len(COLOURS)]
            if c not in used:
                return c
        return None

    def add_player(self, name=""):
        c = self.free_colour()
        rules = drakskatten
        ps = self.players
        if c is None or len(ps) >= drakskatten.MAX_PLAYERS:
            return None
        p = rules.Player(name or colour_name(c), c, len(ps) % rules.STAIRCASES + 1)
        self.state["players"].append(p.state)
        ps.append(p)
        return p

    def remove_player(self, i):
        st = self.state
        del self.players[i]
        del st["players"][i]
        self.pass_stands()
        if self.winner == i:
            self.winner = -1
        elif self.winner > i:
            self.winner -= 1
        t = st["turn"]
        if t > i:
            st["turn"] = t - 1  # (the same player, one seat lower)
        elif t >= len(self.players):
            st["turn"] = 0  # whose turn it was left from the last seat: round to seat 1
        st.pop("start", None)  # (who started may be gone)

    def new(self, n):
        # the table's names (main menu > Players), else colours; each a staircase in turn
        st = self.state
        rules = drakskatten
        recs = [rules.Player(players.given(self.app, i) or colour_name(COLOURS[i]), COLOURS[i],
                             i % rules.STAIRCASES + 1).state for i in range(n)]
        self.state = self.begin({"players": recs, "own": bool(st and st["own"]),
                                 "last": [7, 0], "met": [0, 0, 0], "fight": None,
                                 "winner": -1})

    # -- the monster the current player faces --
    def monster(self):
        # (DEF, ATT, cards seen in the Crystal Ball or None)
        p = self.player()
        lk = p.look
        if lk:
            return lk[0], lk[1], lk[2]
        f = p.fight
        if f:
            return f[0], f[1], None
        return self.last[0], self.last[1], None

    def likely(self):
        # a new monster card's (DEFENCE, ATTACK) as it likely is: the average of the cards
        # met so far, to the nearest (none yet: the last monster's)
        n, sd, sa = self.met
        if not n:
            return self.last[0], self.last[1]
        rules = drakskatten
        d = min(max((2 * sd + n) // (2 * n), rules.DEF_LO), rules.DEF_HI)
        return d, min(max((2 * sa + n) // (2 * n), rules.ATT_LO), rules.ATT_HI)

    def meet(self, d, a):
        # a monster card's values entered: the last monster, and one more card met
        self.last = [d, a]
        m = self.met
        self.met = [m[0] + 1, m[1] + d, m[2] + a]

    def end_fight(self):
        p = self.player()
        p.fight = None
        p.look = None

    # -- the save --
    def valid(self, raw):
        # A save of this version: its records normalised in place (a bad field: its
        # default); False when it is not a Drakskatten game.
        recs = raw.get("players")
        if not isinstance(recs, list) or not 1 <= len(recs) <= drakskatten.MAX_PLAYERS:
            return False
        rules = drakskatten
        used = []
        for d in recs:
            if not isinstance(d, dict) or not rules.cards_ok(d.get("cards")):
                return False  # (each card's silver is the treasure: no guess)
            p = rules.Player.from_json(d)
            if p.colour not in COLOURS or p.colour in used:
                p.colour = self.free_colour(None, used) or COLOURS[0]
            if not _fair_name(p.name):
                p.name = colour_name(p.colour)
            used.append(p.colour)
        n = len(recs)
        if not plain.whole(raw.get("turn"), 0, n - 1):
            return False  # whose turn is no seat (or missing): damaged
        raw["own"] = raw.get("own") is True
        raw["last"] = rules.pair(raw.get("last")) or [7, 0]
        m = raw.get("met")
        if not (isinstance(m, list) and len(m) == 3 and plain.whole(m[0], 0, 99999)
                and plain.whole(m[1], 0, 99999 * rules.DEF_HI)
                and plain.whole(m[2], 99999 * rules.ATT_LO, 99999 * rules.ATT_HI)):
            raw["met"] = [0, 0, 0]  # (only where a new card's values open)
        s = raw.get("screen")
        raw["screen"] = s if s in _SCREENS else "menu"
        f = raw.get("fight")
        raw["fight"] = f if isinstance(f, dict) else None
        w = raw.get("winner")
        raw["winner"] = w if plain.whole(w, 0, n - 1) else -1
        return True

    # -- the screens --
    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        if self.screen == "fight":
            f = drakskatten_fight.Fight(self)
            f.restore(self.fight)
            app.push(f)
        elif self.screen == "win" and self.winner >= 0:
            app.push(drakskatten_play.Win(self))


class GameMenu(gamekit.GameMenu):
    # The player's silver, then a turn's rows in the order a turn uses them (move,
    # fight, a new monster, door), "Next turn", the rest. No game yet: how many play
    # is asked at once.
    title_text = "Drakskatten"
    turns = True
    turn_title = "Drakskatten"
    turn_row = 1  # "Move": where a turn begins

    def __init__(self, game):
        super().__init__(game)
        if game.has_game() and not self.has_top():
            self.offer_turn()  # opened on a game: the cursor where the turn begins

    @property
    def new_question(self):
        return t("Start a new game? All players and treasure are cleared.",
                 "Neues Spiel beginnen? Alle Spieler und Schätze werden gelöscht.")

    def on_open(self, app):
        if not self.game.has_game():  # a new game: how many play comes first
            app.after_frame(self._two_players)
            self.ask(app)

    def _two_players(self, app):
        # a fresh game's two players, right after the question's first frame (BACK finds
        # them), saved with the players' next key: a power cut on the question asks again
        g = self.game
        if not g.has_game():
            g.new(2)
            app.save_later(g.store_name, g.to_json())
            self.refresh()

    def has_top(self):
        return self.game.winner >= 0

    def rows(self):
        g = self.game
        rules = drakskatten
        out = []
        if g.winner >= 0:
            out.append([lambda a: t("%s won!", "%s hat gewonnen!") % g.name(g.winner),
                        lambda a: a.push(drakskatten_play.Win(g))])
        out += [
            [lambda a: t("%s: %d silver", "%s: %d Silber") % (g.name(), g.player().silver),
             lambda a: a.push(drakskatten_players.player_menu(a, g, g.cur))],
            [lambda a: _move_label(rules, g.player()), lambda a: drakskatten_play.open_move(a, g)],
            [lambda a: t("Fight: DEF %d ATT %d", "Kampf: Abw %d Angr %d") % g.monster()[:2],
             self.fight],
        ]
        if g.player().fight:  # the fight goes on: fight on (the row above) or flee
            out.append([lambda a: drakskatten_fight.flee_label(),
                        lambda a: drakskatten_fight.flee(a, g)])
        out += [
            [lambda a: t("New monster", "Neues Monster"), self.new_monster],
            [lambda a: t("Door search", "Türsuche"), lambda a: drakskatten_play.open_door(a, g)],
        ]
        if g.player().has(rules.CRYSTAL):
            out.append([lambda a: t("Crystal Ball", "Kristallkugel"),
                        lambda a: drakskatten_play.open_crystal(a, g)])
        return out

    def more_rows(self):
        # the rows after "Next turn"
        g = self.game
        rules = drakskatten
        out = []
        if g.winner < 0 and rules.rich_enough(g.player()):
            out.append([lambda a: t("Back at staircase", "Zurück an der Treppe"),
                        lambda a: drakskatten_play.back_home(a, g)])
        out += [
            [lambda a: (t("My own dice: on", "Eigene Würfel: an") if g.own
                        else t("My own dice: off", "Eigene Würfel: aus")), self.toggle_own],
            [lambda a: t("Players (%d)", "Spieler (%d)") % len(g.players),
             lambda a: a.push(drakskatten_players.players_menu(a, g))],
        ]
        return out

    def offer(self, label):
        # the cursor on the row whose label starts with ``label``
        self.refresh()
        for i in range(len(self.items)):
            lab = self.items[i][0]
            if not isinstance(lab, str):
                lab = lab(self.game.app)
            if lab.startswith(label):
                self.sel = i
                return

    def offer_turn(self):
        super().offer_turn()
        if self.game.has_game() and self.game.player().fight:
            self.offer(t("Fight", "Kampf"))  # the fight goes on (or the player flees)

    def offer_next(self):
        # back from a move: the row the turn likely goes on with
        g = self.game
        if g.winner < 0 and drakskatten.rich_enough(g.player()):
            self.offer(t("Back at", "Zurück an"))
        elif g.player().fight or g.player().look:
            self.offer(t("Fight", "Kampf"))
        else:
            self.offer(t("New monster", "Neues Monster"))

    def on_event(self, app, kind, key):
        handled = super().on_event(app, kind, key)
        if handled and app.top() is self and not (ui.is_up(kind, key) or ui.is_down(kind, key)):
            # (a move changes no row: only what was done may have)
            keep = self.sel
            self.refresh()
            self.sel = min(keep, len(self.items) - 1)
        return handled

    def fight(self, app):
        # a fight that goes on attacks at once (Fight.goes_on); else the fight's list
        app.push(drakskatten_fight.Fight(self.game, quick=True))

    def new_monster(self, app):
        # the monster card's DEFENCE and ATTACK, then the fight's first attack at once
        app.push(drakskatten_fight.Fight(self.game, True))

    def toggle_own(self, app):
        self.game.own = not self.game.own
        self.game.save()

    def ask(self, app):
        g = self.game
        hi = drakskatten.MAX_PLAYERS
        n = players.count_or(app, len(g.players) or 2, 1, hi)  # the table's count first
        app.push(Spinner(t("How many players?", "Wie viele Spieler?"), n, 1, hi, self._start,
                         hint=t("1..6  OK: start", "1..6  OK: Start")))

    def _start(self, app, n):
        g = self.game
        g.new(n)  # (saved)
        self.offer_turn()
        if n > 1:  # the rulebook: everyone rolls 1d6, the highest begins
            app.push(drakskatten_players.start_rolloff(g))


def _move_label(rules, p):
    dice, squares = rules.movement(p.injury, p.has(rules.CARPET))
    if dice == 2:
        return t("Move: 2d6 (carpet)", "Ziehen: 2W6 Teppich")
    if dice == 1:
        return t("Move: roll 1d6", "Ziehen: 1W6 würfeln")
    return t("Move: %d squares", "Ziehen: %d Felder") % squares


def _fair_name(s):
    # a saved name the screen can show: 1-7 letters of the font ("Schwarz")
    return isinstance(s, str) and 0 < len(s) <= 7 and letters.shows(s)


enter = gamekit.entry(Game)
