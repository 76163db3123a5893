"""Drachenfels on Wyrm: setup, the knights' progress and the secret princesses.

Screens (pushed by ``open``):

- the game menu: one row per knight, castle check, rainbows, setup, quick
  reference, new game;
- setup: players (2-4), which knights play (fewer than four), then the deck
  (36 or 31 cards), "7 cards each" and the draw pile;
- a knight: armour received (phase two), moving with a point card (single,
  or single or double once the knight has entered a rock castle), the castle
  check;
- the castle check: the knight and the castle are chosen in the open, then
  Wyrm goes to that player: "Hold OK to look". The shoe colour is drawn only
  while OK is held (between its PRESS and RELEASE) and hides by itself after
  ``app.settings["peek_s"]`` seconds of holding. Every other screen looks the
  same whatever the princesses' places; the secret is never toasted or
  printed. After the first failed visit Wyrm reminds everyone that rainbows
  may now link rainbow rocks and rock castles.

Saved after every change as "drachenfels" (the castles' secret is part of the
rules state)::

    {"v": 1, "game": drachenfels state, "screen": "menu" | "knight",
     "knight": 0}
"""
from micropython import const

from wyrm import gamekit, ui

NAME = "drachenfels"
_VERSION = const(1)
_SCREENS = ("menu", "knight")

def _play():
    # The screens past the menu and the rules: loaded right after the menu's first
    # frame (enter), with the game's code; only a resume needs them before it.
    from wyrm.games import drachenfels_play

    return drachenfels_play


# -- saved state ---------------------------------------------------------------------
class Game(gamekit.SavedGame):
    store_name = NAME
    version = _VERSION
    label = "Drachenfels"
    ref = "wyrm.games.drachenfels_ref"
    at_key = "knight"

    def valid(self, obj):
        from wyrm.games import drachenfels  # the rules (a saved game only)

        drachenfels.load(obj["game"])
        n = len(obj["game"]["knights"])
        k = obj["knight"]
        if type(k) is not int or not 0 <= k < n:
            return False
        if obj["screen"] not in _SCREENS:
            return False
        return True

    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        if self.state["screen"] == "knight":
            app.push(_play().KnightMenu(self, self.state["knight"]))

    def rules(self):
        return self.state["game"]

    def knights(self):
        return self.state["game"]["knights"]

    def name(self, k):
        return self.knights()[k]["name"]

    def seats(self):
        return len(self.knights())

    def who(self, app, k):
        return self.name(k)

    def start(self, colours, rng):
        rules = _play().drachenfels
        names = [rules.COLOURS[c] for c in colours]
        game = rules.new_game(len(colours), rng, colours, names)
        self.state = {"v": _VERSION, "game": game, "screen": "menu", "knight": 0}
        self.save()


# -- game menu -----------------------------------------------------------------------
class GameMenu(gamekit.GameMenu):
    new_question = "Start a new game? The princesses are hidden anew."
    title_text = "Drachenfels"
    turns = True
    turn_title = "Drachenfels"

    def has_top(self):
        return self.game.rules()["winner"] is not None

    def rows(self):
        g = self.game
        items = []
        if self.has_top():
            items.append([self._winner_label, lambda app: app.push(_play().Win(g))])
        for k in range(len(g.knights())):
            items.append([_knight_label(g, k), gamekit.opener(g, _knight, "knight", k)])
        items.append(["Castle check", self.castle_check])
        items.append([self._rainbow_label, self.rainbows])
        items.append([lambda app: "Setup: %d players" % len(g.knights()), self.setup])
        return items

    def _winner_label(self, app):
        return "Winner: " + self.game.name(self.game.rules()["winner"])

    def _rainbow_label(self, app):
        if self.game.rules()["rainbow_rule"]:
            return "Rainbows: + castles"
        return "Rainbows"

    def rainbows(self, app):
        _play().rainbows(app, self.game)

    def setup(self, app):
        app.push(_play().SetupInfo(len(self.game.knights())))

    def castle_check(self, app):
        _play().castle_check(app, self.game)

    def ask(self, app):
        n = len(self.game.knights()) if self.game.state else 2
        rules = _play().drachenfels
        lo, hi = rules.MIN_PLAYERS, rules.MAX_PLAYERS
        n = _players(app).count_or(app, n, lo, hi)  # the table's count first
        app.push(ui.Spinner("Players", n, lo, hi, self._players))

    def _players(self, app, n):
        play = _play()
        if n == play.drachenfels.MAX_PLAYERS:
            self._start(app, [0, 1, 2, 3])
        else:
            app.push(play.KnightPick(n, self._start))

    def _start(self, app, colours):
        self.game.start(colours, app.rng)
        self.refresh()
        self.sel = 0
        app.push(_play().SetupInfo(len(colours)))


def _knight_label(g, k):
    def lab(app):
        kn = g.knights()[k]
        if not kn["armour"]:
            what = "no armour"
        elif kn["castle"]:
            what = "armour, x2"
        else:
            what = "armour"
        return "%s: %s" % (kn["name"], what)

    return lab


def _knight(g, k):
    # a knight's row opens its screen (gamekit.opener remembers it for resume)
    return _play().KnightMenu(g, k)


def _players(app):
    from wyrm import players

    return players


# What the menu's first frame imports (the main menu loads it while OK is held on the
# game's row): with a game saved, without one (see home.Home.on_event)
SOON = (NAME, ("wyrm.games.drachenfels",), ())


def enter(app, resume=False):
    # The main menu opens the game here: its menu first, the rest right after that frame.
    gamekit.enter(app, Game(app), resume)
    app.after_frame(lambda a: _play())
