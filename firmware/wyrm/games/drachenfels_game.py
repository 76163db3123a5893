"""Drachenfels: the save, the game menu and the entry.

The game menu: whose turn, the turn's knight and the next one (armour, then the castle
check), every knight, rainbows, setup. The princesses' places are part of the rules state.
Saved as {"v", "rules": drachenfels state, "screen": "menu" | "knight", "knight", "turn"}.
"""
from micropython import const

from wyrm import gamekit, plain, players
from wyrm.games import drachenfels, drachenfels_play, drachenfels_ref
from wyrm.lang import t

_VERSION = const(1)
_SCREENS = ("menu", "knight")


# -- saved state ---------------------------------------------------------------------
class Game(gamekit.SavedGame):
    store_name = "drachenfels"
    version = _VERSION
    ref = drachenfels_ref
    at_key = "knight"

    def valid(self, obj):
        drachenfels.load(obj["rules"])
        n = len(obj["rules"]["knights"])
        return plain.whole(obj["knight"], 0, n - 1) and obj["screen"] in _SCREENS

    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        if self.state["screen"] == "knight":
            app.push(drachenfels_play.KnightMenu(self, self.state["knight"]))

    def board(self):
        # the rules' state: the knights, the princesses' castles, the winner
        return self.state["rules"]

    def knights(self):
        return self.state["rules"]["knights"]

    def name(self, k):
        # the player's name from the table (main menu > Players), else the knight's colour
        return players.given(self.app, k) or self.colour(k)

    def colour(self, k):
        # the knight's colour in the language in use
        return drachenfels.colour_name(self.knights()[k]["colour"])

    def seats(self):
        return len(self.knights())

    def who(self, app, k):
        return self.name(k)

    def start(self, colours, rng):
        rules = drachenfels
        names = [rules.COLOURS[c] for c in colours]
        game = rules.new_game(len(colours), rng, colours, names)
        self.state = self.begin({"rules": game})


# -- game menu -----------------------------------------------------------------------
class GameMenu(gamekit.GameMenu):
    @property
    def new_question(self):
        return t("Start a new game? The princesses are hidden anew.",
                 "Neues Spiel beginnen? Die Prinzessinnen werden neu versteckt.")

    title_text = "Drachenfels"
    turns = True
    turn_title = "Drachenfels"
    # Most turns are played with the cards alone and need no press: the cursor waits on the
    # knight's castle row (what ends a turn on the device), "Next turn" right above it and
    # the next knight's row right under it (its turn came after one with the cards alone).
    turn_first = True
    turn_row = 1

    def has_top(self):
        return self.game.board()["winner"] is not None

    def rows(self):
        g = self.game
        items = []
        if self.has_top():
            items.append([self._winner_label, lambda app: app.push(drachenfels_play.Win(g))])
        else:  # the turn's knight, right under "Next turn": what ends its turn at the castles
            items.append([self._turn_label, self.turn_action])
            items.append([self._next_label, self.next_action])
        for k in range(len(g.knights())):
            items.append([_knight_label(g, k), gamekit.opener(g, _knight, "knight", k)])
        items.append([self._rainbow_label, self.rainbows])
        items.append([lambda app: t("Setup: %d players", "Aufbau: %d Spieler") % len(g.knights()),
                      self.setup])
        return items

    def _winner_label(self, app):
        return t("Winner: ", "Sieger: ") + self.game.name(self.game.board()["winner"])

    def _turn_label(self, app):
        return _action_label(self.game, self.game.turn())

    def _next_label(self, app):
        return _action_label(self.game, self.game.next_seat())

    def turn_action(self, app):
        _action(app, self.game, self.game.turn())

    def next_action(self, app):
        _action(app, self.game, self.game.next_seat())

    def _rainbow_label(self, app):
        if self.game.board()["rainbow_rule"]:
            return t("Rainbows: + castles", "Regenbögen: + Burgen")
        return t("Rainbows", "Regenbögen")

    def rainbows(self, app):
        drachenfels_play.rainbows(app, self.game)

    def setup(self, app):
        app.push(drachenfels_play.SetupInfo(len(self.game.knights())))

    def ask(self, app):
        # which knights play (their number is the players'): the table's count ticked
        g = self.game
        n = len(g.knights()) if g.state else 2
        rules = drachenfels
        n = g.table_count(n, rules.MIN_PLAYERS, rules.MAX_PLAYERS)
        app.push(drachenfels_play.KnightPick(n, self._start))

    def _start(self, app, colours):
        g = self.game
        g.start(colours, app.rng)
        self.refresh()
        app.push(drachenfels_play.SetupInfo(len(colours)))
        # the rulebook: "for example the youngest" begins (asked first, the setup then)
        g.who_begins(app, t("Youngest begins", "Der Jüngste beginnt"))


def _action_label(g, k):
    # what ends knight k's turn on the device: its armour, then castle checks
    if g.knights()[k]["armour"]:
        return t("Castle check: ", "Felsenburg: ") + g.name(k)
    return t("Armour: ", "Rüstung: ") + g.name(k)


def _action(app, g, k):
    # Phase one: knight k reached the royal castle and takes its armour; phase two: it
    # reached a rock castle. Either ends its turn.
    if g.knights()[k]["armour"]:
        drachenfels_play.castle_check(app, g, k)
    else:
        drachenfels_play.give_armour(app, g, k)


def _knight_label(g, k):
    def lab(app):
        kn = g.knights()[k]
        if not kn["armour"]:
            what = t("no armour", "ohne Rüstung")
        elif kn["castle"]:
            what = t("armour, x2", "Rüstung, x2")
        else:
            what = t("armour", "Rüstung")
        return "%s: %s" % (g.name(k), what)

    return lab


def _knight(g, k):
    # a knight's row opens its screen (gamekit.opener remembers it for resume)
    return drachenfels_play.KnightMenu(g, k)


enter = gamekit.entry(Game)
