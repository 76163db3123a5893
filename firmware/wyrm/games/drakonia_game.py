"""Der Weg nach Drakonia: the save, the game menu and the entry.

The game menu: setup, the final count, the result, whose turn (seat 1 begins: the
turns are played at the table, the menu opens on the final count). Saved as {"v", "n",
"tallies", "screen", "player", "turn"}, every field required.
"""
from micropython import const

from wyrm import gamekit, plain, ui
from wyrm.games import drakonia, drakonia_play, drakonia_ref
from wyrm.lang import t

_VERSION = const(1)
_SCREENS = ("menu", "count", "grid", "result")


class Game(gamekit.SavedGame):
    store_name = "drakonia"
    version = _VERSION
    ref = drakonia_ref

    def valid(self, obj):
        n = obj["n"]
        if not plain.whole(n, drakonia.MIN_PLAYERS, drakonia.MAX_PLAYERS):
            return False
        tallies = obj["tallies"]
        if not isinstance(tallies, list) or len(tallies) != n:
            return False
        errors, _w = drakonia.check(tallies)
        if errors:
            return False
        if obj["screen"] not in _SCREENS:
            return False
        # every field is required: a save without one (whose turn, whose grid) is damaged
        return plain.whole(obj["player"], 0, n - 1) and plain.whole(obj["turn"], 0, n - 1)

    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        where = self.state["screen"]
        if where in ("count", "grid"):
            count = app.push(drakonia_play.CountMenu(self, menu))
            if where == "grid":
                count.open_grid(app, self.state["player"])
        elif where == "result":
            menu.show_result(app)

    def seats(self):
        return self.state["n"]

    def has_entries(self):
        return self.state is not None and drakonia_play.has_entries(self.state)

    def start(self, n):
        # whose turn: seat 1 begins (the table seats its youngest there, or passes)
        self.state = self.begin({"n": n, "tallies": [drakonia.new_tally() for _ in range(n)]})


# -- game menu -------------------------------------------------------------------
class GameMenu(gamekit.GameMenu):
    @property
    def new_question(self):
        return t("Start a new game? The count so far is lost.",
                 "Neues Spiel beginnen? Die bisherige Zählung geht verloren.")

    title_text = "Drakonia"
    turns = True  # whose turn in the title bar, "Next turn: P2" above the final count
    turn_title = "Drakonia"
    # The turns happen at the table: the menu opens on "Final count" (what Wyrm is for);
    # after a pass the cursor stays on "Next turn", the first row.
    turn_row = 1
    turn_first = True

    def offer_turn(self):
        self.offer_pass()

    def rows(self):
        return [
            [t("Final count", "Schlusswertung"), self.count],
            [t("Result", "Ergebnis"), self.show_result],
            [_setup_label(self.game), self.setup],
        ]

    def ask(self, app):
        g = self.game
        rules = drakonia
        n = g.table_count(g.state["n"] if g.state else 3, rules.MIN_PLAYERS, rules.MAX_PLAYERS)
        app.push(drakonia_play.Setup(n, self._started))

    def _started(self, app, n):
        self.game.start(n)
        self.turn_cursor()  # on "Final count"

    def setup(self, app):
        g = self.game

        def done(app, n):
            if n == g.state["n"]:
                return
            if g.has_entries():

                def yes(app):
                    self._started(app, n)

                app.push(ui.Confirm(t("Change to %d players? The count so far is cleared.",
                                      "Auf %d Spieler ändern? Die bisherige Zählung wird"
                                      " gelöscht.") % n, yes))
            else:
                self._started(app, n)

        app.push(drakonia_play.Setup(g.state["n"], done))

    def count(self, app):
        # An empty count starts in the first player's grid; later the list of players
        # opens on the first player without heroes (or on "Show result").
        g = self.game
        play = drakonia_play
        hub = app.push(play.CountMenu(g, self))
        g.at("count")
        if g.has_entries():
            hub.sel = play.first_empty(g.state)
        else:
            hub.open_grid(app, 0)

    def show_result(self, app):
        g = self.game
        play = drakonia_play
        errors = play.result_errors(g)
        if errors:
            ui.error(app, t("The count cannot be scored: ", "Die Zählung ist nicht auswertbar: ")
                     + "; ".join(errors), t("Result", "Ergebnis"))
            return
        app.push(play.Result(g))
        g.at("result")


def _setup_label(g):
    n = g.state["n"]
    return t("Setup: %d players", "Aufbau: %d Spieler") % n


enter = gamekit.entry(Game)
