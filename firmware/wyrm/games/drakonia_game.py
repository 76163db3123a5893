"""Der Weg nach Drakonia on Wyrm: setup, the final count and the result.

Screens (pushed by ``open``):

- the game menu: setup, final count, result, "Next turn: P2", quick reference,
  new game; the title bar names whose turn it is (gamekit's turns: seat 1, the
  rulebook's youngest player, begins; OK on "Next turn" passes it on);
- setup: the number of players (2-6) with the heroes-in-play limit for that
  count and, at six players, the teams A, B, C;
- the final count: one compact grid per player, 2 rows x 7 columns: healthy
  heroes on spaces 0-6 and wounded heroes beside spaces 0-5 (no hero lies
  wounded beside Drakonia). The grid opens on the Woods (5), where heroes
  gather for the last step; UP/DOWN walk round the grid like a ring - DOWN
  along the healthy row towards the City and back out along the wounded row,
  UP the other way: Drakonia, then the "-1" cell under it ("take one away":
  the next OK takes one instead; BACK: no), then the wounded row from the
  Woods. OK adds a hero to the cell at once and the cursor stays. BACK (hold
  OK on three keys) goes on to the next player's grid, after the last player
  to the result. "Final count" opens the first player's grid while the count
  is empty, else the list of players (on the first without heroes). A change
  that breaks a rule (more heroes in play than the limit) is refused with the
  reason from ``drakonia.check``;
- the result: the winner, the rule that decided ("tie broken: hero in the
  Woods"), the ranking with points (halves as .5), each player's points and
  the team totals at six players.

Saved after every change as "drakonia"::

    {"v": 1, "n": 3, "tallies": [tally, ...], "screen": "menu", "player": 0, "turn": 0}

``screen`` ("menu", "count", "grid", "result") and ``player`` let a power
cut bring the players back to where they were; ``turn`` is whose turn it is.
"""
from micropython import const

from wyrm import gamekit, ui

NAME = "drakonia"
_VERSION = const(1)
_SCREENS = ("menu", "count", "grid", "result")


def _play():
    # The screens past the menu and the rules: loaded right after the menu's first
    # frame (enter), with the game's code; only a resume needs them before it.
    from wyrm.games import drakonia_play

    return drakonia_play


# -- saved state ---------------------------------------------------------------
class Game(gamekit.SavedGame):
    store_name = NAME
    version = _VERSION
    label = "Drakonia"
    ref = "wyrm.games.drakonia_ref"

    def valid(self, obj):
        from wyrm.games import drakonia  # the rules (a saved game only)

        n = obj["n"]
        if type(n) is not int:
            return False
        if n < drakonia.MIN_PLAYERS or n > drakonia.MAX_PLAYERS:
            return False
        tallies = obj["tallies"]
        if not isinstance(tallies, list) or len(tallies) != n:
            return False
        errors, _w = drakonia.check(tallies)
        if errors:
            return False
        if obj["screen"] not in _SCREENS:
            return False
        for key in ("player", "turn"):
            p = obj.get(key, 0)  # "turn": saves from before it count from seat 1
            if type(p) is not int or not 0 <= p < n:
                return False
        return True

    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        where = self.state["screen"]
        if where in ("count", "grid"):
            count = app.push(_play().CountMenu(self, menu))
            if where == "grid":
                count.open_grid(app, self.state["player"])
        elif where == "result":
            menu.show_result(app)

    def names(self):
        return _names(self.app, self.state["n"])

    def seats(self):
        return self.state["n"]

    def has_entries(self):
        return self.state is not None and _play().has_entries(self.state)

    def start(self, n):
        self.state = _play().new_state(n, _VERSION)
        self.save()


# -- game menu -------------------------------------------------------------------
class GameMenu(gamekit.GameMenu):
    new_question = "Start a new game? The count so far is lost."
    title_text = "Drakonia"
    turns = True  # whose turn in the title bar, "Next turn: P2" after Result
    turn_title = "Drakonia"

    def rows(self):
        return [
            [_setup_label(self.game), self.setup],
            ["Final count", self.count],
            ["Result", self.show_result],
        ]

    def ask(self, app):
        g = self.game
        play = _play()
        rules = play.drakonia
        n = _count(app, g.state["n"] if g.state else 3, rules.MIN_PLAYERS, rules.MAX_PLAYERS)
        app.push(play.Setup(n, self._started))

    def _started(self, app, n):
        self.game.start(n)
        self.refresh()
        self.sel = 1  # "Final count"

    def setup(self, app):
        g = self.game

        def done(app, n):
            if n == g.state["n"]:
                return
            if g.has_entries():

                def yes(app):
                    self._started(app, n)

                app.push(ui.Confirm("Change to %d players? The count so far is cleared." % n, yes))
            else:
                self._started(app, n)

        app.push(_play().Setup(g.state["n"], done))

    def count(self, app):
        # An empty count starts in the first player's grid; later the list of players
        # opens on the first player without heroes (or on "Show result").
        g = self.game
        play = _play()
        hub = app.push(play.CountMenu(g, self))
        g.at("count")
        if g.has_entries():
            hub.sel = play.first_empty(g.state)
        else:
            hub.open_grid(app, 0)

    def show_result(self, app):
        g = self.game
        play = _play()
        errors = play.result_errors(g)
        if errors:
            ui.error(app, "The count cannot be scored: " + "; ".join(errors), "Result")
            return
        app.push(play.Result(g))
        g.at("result")


def _setup_label(g):
    n = g.state["n"]
    return "Setup: %d players" % n


def _short(app, i):
    from wyrm import players

    return players.short(app, i)


def _count(app, n, lo, hi):
    # a new game's player count: the table's (main menu > Players), else ``n``
    from wyrm import players

    return players.count_or(app, n, lo, hi)


def _names(app, n):
    # the table's names (main menu > Players); "P3" where none was given
    return [_short(app, i) for i in range(n)]


# What the menu's first frame imports (the main menu loads it while OK is held on the
# game's row): with a game saved, without one (see home.Home.on_event)
SOON = (NAME, ("wyrm.games.drakonia", "wyrm.players"), ())


def enter(app, resume=False):
    # The main menu opens the game here: its menu first, the rest right after that frame.
    gamekit.enter(app, Game(app), resume)
    app.after_frame(lambda a: _play())
