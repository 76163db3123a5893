"""DrachenSchatten: the save, the game menu and the entry.

The menu lists the players' cards, whose turn first; a pass opens the next player's
cards. The last player to have slain a dragon begins (chosen, or at random). In the
opening round ("deal": everyone draws a village card) a player's card passes the turn on
by itself, until it is the first player's again. Saved as {"v", "rules", "start", "turn",
"deal", "end", "won", "undo": [[label, snapshot]], "screen", "player"}
(an undo label is a code the screens put into words: drachenschatten_play.said).
"""
from micropython import const

from wyrm import gamekit, plain, ui
from wyrm.games import drachenschatten, drachenschatten_play, drachenschatten_ref
from wyrm.lang import t
from wyrm.spinner import Spinner

_VERSION = const(1)
_UNDO_MAX = const(8)
_SCREENS = ("menu", "player", "end")


def _snapshot(game_state):
    return [[p["objects"][:], p["beasts"], p["treasures"]] for p in game_state["players"]]


def _restore(game_state, snap):
    players = game_state["players"]
    for i in range(len(players)):
        objs, beasts, treasures = snap[i]
        players[i]["objects"] = list(objs)
        players[i]["beasts"] = beasts
        players[i]["treasures"] = treasures


def _counts_ok(objs, more, n_objects, most):
    # a collection read from a save: n_objects object counts, then beasts and treasures
    if not isinstance(objs, list) or len(objs) != n_objects:
        return False
    for v in objs + more:
        if not plain.whole(v, 0, most):
            return False
    return True


class Game(gamekit.SavedGame):
    store_name = "drachenschatten"
    version = _VERSION
    ref = drachenschatten_ref

    def __init__(self, app, state=None):
        super().__init__(app, state)
        self.last_row = {}  # player -> the row of their list changed last (in memory only)
        self.dealt = False  # the last pass ended the opening round (until it stands)

    def valid(self, obj):
        rules = drachenschatten
        game = obj["rules"]
        players = game["players"]
        if not isinstance(players, list):
            return False
        k, most = rules.N_OBJECTS, rules.CARDS_TOTAL
        for p in players:
            if not _counts_ok(p["objects"], [p["beasts"], p["treasures"]], k, most):
                return False
        if rules.validate(game):
            return False
        n = len(players)
        if not plain.whole(obj["start"], 0, n - 1) or not plain.whole(obj["player"], 0, n - 1):
            return False
        if not isinstance(obj["end"], bool) or not isinstance(obj["deal"], bool) \
                or obj["screen"] not in _SCREENS:
            return False
        won = obj["won"]
        if not isinstance(won, list):
            return False
        for v in won:
            if not plain.whole(v, 0, n - 1):
                return False
        undo = obj["undo"]
        if not isinstance(undo, list):
            return False
        for entry in undo:
            if not isinstance(entry, list) or len(entry) != 2 \
                    or not drachenschatten_play.code_ok(entry[0], n):
                return False
            snap = entry[1]
            if not isinstance(snap, list) or len(snap) != n:
                return False
            for row in snap:
                if not isinstance(row, list) or len(row) != 3:
                    return False
                if not _counts_ok(row[0], [row[1], row[2]], k, most):
                    return False
        return True

    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        where = self.state["screen"]
        if where == "player":
            app.push(drachenschatten_play.Tracker(self, self.state["player"]))
        elif where == "end":
            app.push(drachenschatten_play.EndCount(self))

    def players(self):
        return self.state["rules"]["players"]

    def seats(self):
        return len(self.players())

    def start(self, n):
        self.last_row = {}
        self.state = self.begin({"rules": drachenschatten.new_game(n), "start": 0, "end": False,
                                 "deal": True, "won": [], "undo": []})

    def pass_turn(self):
        # the pass that brings the turn back to the first player ends the opening round
        super().pass_turn()
        st = self.state
        self.dealt = False
        if st is not None and st["deal"] and self.turn() == st["start"]:
            st["deal"] = False
            self.dealt = True
            self.save()

    def undo_pass(self):
        # taking back the pass that ended the opening round opens it again
        dealt = self.dealt
        self.dealt = False
        if not super().undo_pass():
            return False
        if dealt:
            self.state["deal"] = True
            self.save()
        return True

    def apply(self, label, change, *args):
        """``change(game state, *args)``, kept so it can be undone. A change the rules
        refuse (ValueError) leaves the game and its undo steps as they were."""
        game = self.state["rules"]
        snap = _snapshot(game)
        try:
            change(game, *args)
        except ValueError:
            _restore(game, snap)
            raise
        self.pass_stands()  # something was entered
        undo = self.state["undo"]
        undo.append([label, snap])
        while len(undo) > _UNDO_MAX:
            undo.pop(0)

    def undo(self):
        label, snap = self.state["undo"].pop()
        _restore(self.state["rules"], snap)
        return label

    def winners(self):
        return drachenschatten.winners(self.state["rules"])

    def changed(self, app):
        """Save; announce players who have just reached a winning condition (-> True)."""
        st = self.state
        now = [i for i, _r in self.winners()]
        new = [i for i in now if i not in st["won"]]
        st["won"] = now
        self.save()
        if new:
            app.push(drachenschatten_play.Win(self))
        return bool(new)

    def open_cards(self, app, i):
        # a player's list of cards (remembered for resume)
        screen = app.push(drachenschatten_play.Tracker(self, i))
        self.at("player", i)
        return screen


# -- game menu ---------------------------------------------------------------------
class GameMenu(gamekit.GameMenu):
    title_text = "DrachenSchatten"
    turns = True
    turn_title = "Schatten"  # beside the name of whose turn it is
    turn_row = 0  # whose turn it is: their cards, first

    def has_top(self):
        return bool(self.game.winners())

    def rows(self):
        g = self.game
        items = []
        if self.has_top():
            items.append([self._won_label, lambda app: app.push(drachenschatten_play.Win(g))])
        n = g.seats()
        turn = g.turn()
        for k in range(n):  # in turn order, whose turn it is first
            items.append([self._player_label((turn + k) % n), self._cards((turn + k) % n)])
        if not self.has_top():
            items.append([lambda app: t("Piles empty: count", "Stapel leer: zählen"),
                          self.piles_empty])
        if g.state["undo"]:
            items.append([self._undo_label, self.undo])
        return items

    @property
    def new_question(self):  # (asked by the kit's "New game" over a game)
        return t("Start a new game? All cards entered are lost.",
                 "Neues Spiel beginnen? Alle eingegebenen Karten gehen verloren.")

    def _cards(self, i):
        def run(app):
            self.game.open_cards(app, i)

        return run

    def _won_label(self, app):
        g = self.game
        return t("Won: ", "Sieg: ") + "+".join(g.who(app, i) for i, _r in g.winners())

    def _player_label(self, i):
        def lab(app):
            g = self.game
            rules = drachenschatten
            p = g.players()[i]
            c = rules.card_count(p)
            k = rules.kinds(p)
            right = "%s %d/%d" % (drachenschatten_play.cards(c), k, rules.WIN_OBJECTS)
            return ui.pad(g.who(app, i), right)

        return lab

    def _undo_label(self, app):
        # "Undo Walter magic potion +1" is too long: "Undo magic potion +1"
        g = self.game
        return drachenschatten_play.undo_row(app, g, g.state["undo"][-1][0])

    def undo(self, app):
        g = self.game
        code = g.undo()
        deal = code[0] == "v"
        if deal:  # a village card: the opening round again, on that player's turn
            g.state["deal"] = True
            g.pass_stands()
            g.put_turn(int(code.split(" ")[1]))
        g.state["won"] = [i for i, _r in g.winners()]
        g.save()
        if deal:
            self.turn_cursor()  # (on that player's row: one OK opens their list)
        else:
            self.refresh()
        app.toast(t("Undone: ", "Zurückgenommen: ") + drachenschatten_play.said(app, g, code))

    def offer_turn(self):
        # whose turn it is now: their cards open at once (their row under the list)
        super().offer_turn()
        g = self.game
        if g.has_game() and self._turning():
            g.open_cards(g.app, g.turn())

    def pass_undone(self, app):
        # "Undo pass": back in the list the pass was made from, on "Next turn"
        super().pass_undone(app)
        g = self.game
        g.open_cards(app, g.turn()).done()  # (the cursor on its "Next turn")

    def ask(self, app):
        g = self.game
        rules = drachenschatten
        n = g.table_count(g.seats() if g.state else 2, rules.MIN_PLAYERS, rules.MAX_PLAYERS)
        app.push(Spinner(t("Players", "Spieler"), n, rules.MIN_PLAYERS, rules.MAX_PLAYERS,
                         self._started))

    def _started(self, app, n):
        self.game.start(n)
        self.refresh()
        # the rulebook: the last player to have slain a dragon begins
        self.game.who_begins(app, t("Last dragon slayer", "Letzter Drachentöter"), anyone=True)

    def piles_empty(self, app):
        g = self.game

        def yes(app):
            g.state["end"] = True
            g.save()
            app.push(drachenschatten_play.EndCount(g))

        if g.state["end"]:
            yes(app)
        else:
            app.push(ui.Confirm(t("Village and caves empty? Then the most cards win.",
                                  "Dorf und Höhlen leer? Dann gewinnen die meisten Karten."),
                                yes, default_yes=True))


enter = gamekit.entry(Game)
