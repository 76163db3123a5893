"""DrachenSchatten on Wyrm: a card tracker that announces the win.

Screens (pushed by ``open``):

- the game menu: one row per player, trade, "Piles empty" (final count),
  undo, who starts, quick reference, new game;
- a player's cards: ten object types, slain beasts and treasures. UP/DOWN
  pick a row (the list wraps), OK adds one at once and stays there. The list
  opens on the row changed last (the first time on Gem, the middle object: every
  object is at most five moves away). "Take one away" makes the next OK take one
  instead (BACK: no); the last row records a lost battle (the whole collection
  leaves the game);
- trade: giver, object, partner, object - both sides change at once, so a
  trade that gives two players 7 different objects makes both winners;
- the win: as soon as a player has 7 different objects, 3 slain beasts or
  3 treasures, Wyrm says so (all players who reached it together);
- the end of the piles: most cards wins, equal most is a draw;
- who starts: drawn at random when the game is set up.

Every change can be undone from the menu (the last eight). Saved after every
change as "drachenschatten"::

    {"v": 1, "game": drachenschatten state, "start": 0, "end": False,
     "won": [players already announced], "undo": [[label, snapshot], ...],
     "screen": "menu" | "player" | "end", "player": 0}
"""
from micropython import const

from wyrm import font, gamekit, ui

NAME = "drachenschatten"
_VERSION = const(1)
_UNDO_MAX = const(8)
_SCREENS = ("menu", "player", "end")

def _rules():
    # The rules: a saved game's check and its menu rows need them before the first
    # frame; else they load right after it, with the screens past the menu (_play).
    from wyrm.games import drachenschatten

    return drachenschatten


def _play():
    # The screens past the menu: loaded right after the menu's first frame (enter),
    # with the game's code; only a resume needs them before it.
    from wyrm.games import drachenschatten_play

    return drachenschatten_play


# -- saved state -----------------------------------------------------------------
def _snapshot(game_state):
    return [[p["objects"][:], p["beasts"], p["treasures"]] for p in game_state["players"]]


def _restore(game_state, snap):
    players = game_state["players"]
    for i in range(len(players)):
        objs, beasts, treasures = snap[i]
        players[i]["objects"] = list(objs)
        players[i]["beasts"] = beasts
        players[i]["treasures"] = treasures


def _snap_ok(snap, n):
    if not isinstance(snap, list) or len(snap) != n:
        return False
    for row in snap:
        if not isinstance(row, list) or len(row) != 3:
            return False
        objs = row[0]
        if not isinstance(objs, list) or len(objs) != _rules().N_OBJECTS:
            return False
        for v in objs + [row[1], row[2]]:
            if type(v) is not int or v < 0:
                return False
    return True


class Game(gamekit.SavedGame):
    store_name = NAME
    version = _VERSION
    label = "DrachenSchatten"
    ref = "wyrm.games.drachenschatten_ref"

    def __init__(self, app):
        super().__init__(app)
        self.last_row = {}  # player -> the row changed last (in memory only)
        self.names = []  # the table's names (read_names)

    def valid(self, obj):
        game = obj["game"]
        if _rules().validate(game):
            return False
        n = len(game["players"])
        for key in ("start", "player"):
            if not gamekit.whole(obj[key], 0, n - 1):
                return False
        if not isinstance(obj["end"], bool) or obj["screen"] not in _SCREENS:
            return False
        won = obj["won"]
        if not isinstance(won, list):
            return False
        for v in won:
            if type(v) is not int or not 0 <= v < n:
                return False
        undo = obj["undo"]
        if not isinstance(undo, list):
            return False
        for entry in undo:
            if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], str):
                return False
            if not _snap_ok(entry[1], n):
                return False
        return True

    def menu(self):
        return GameMenu(self)

    def resume(self, app, menu):
        where = self.state["screen"]
        if where == "player":
            app.push(_play().Tracker(self, self.state["player"]))
        elif where == "end":
            app.push(_play().EndCount(self))

    def players(self):
        return self.state["game"]["players"]

    def n(self):
        return len(self.players())

    def seats(self):
        return self.n()

    def who(self, app, i):
        return self.pname(i)

    def pname(self, i):
        # a player's name: the table's (main menu > Players, read as the game opens), else P3
        names = self.names
        return (names[i] if i < len(names) else "") or "P%d" % (i + 1)

    def read_names(self, app):
        from wyrm import players

        self.names = players.names(app)

    def start(self, n, first):
        self.last_row = {}
        self.state = {
            "v": _VERSION,
            "game": _rules().new_game(n),
            "start": first,
            "turn": first,
            "end": False,
            "won": [],
            "undo": [],
            "screen": "menu",
            "player": 0,
        }
        self.save()

    def apply(self, label, change, *args):
        """``change(game state, *args)``, kept so it can be undone. A change the rules
        refuse (ValueError) leaves the game and its undo steps as they were."""
        game = self.state["game"]
        snap = _snapshot(game)
        try:
            change(game, *args)
        except ValueError:
            _restore(game, snap)
            raise
        undo = self.state["undo"]
        undo.append([label, snap])
        while len(undo) > _UNDO_MAX:
            undo.pop(0)

    def undo(self):
        label, snap = self.state["undo"].pop()
        _restore(self.state["game"], snap)
        return label

    def winners(self):
        return _rules().winners(self.state["game"])

    def changed(self, app):
        """Save; announce players who have just reached a winning condition (-> True)."""
        st = self.state
        now = [i for i, _r in self.winners()]
        new = [i for i in now if i not in st["won"]]
        st["won"] = now
        self.save()
        if new:
            app.push(_play().Win(self))
        return bool(new)


# -- game menu ---------------------------------------------------------------------
class GameMenu(gamekit.GameMenu):
    new_question = "Start a new game? All cards entered are lost."
    title_text = "DrachenSchatten"
    turns = True
    turn_title = "Schatten"  # beside the name of whose turn it is

    def has_top(self):
        return bool(self.game.winners())

    def rows(self):
        g = self.game
        items = []
        if self.has_top():
            items.append([self._won_label, lambda app: app.push(_play().Win(g))])
        for i in range(g.n()):
            items.append([self._player_label(i), gamekit.opener(g, _tracker, "player", i)])
        items.append(["Trade objects", self.trade])
        if not self.has_top():
            items.append(["Piles empty: count", self.piles_empty])
        if g.state["undo"]:
            items.append([self._undo_label, self.undo])
        items.append([lambda app: "Who starts: " + g.pname(g.state["start"]), self.who_starts])
        return items

    def _won_label(self, app):
        w = self.game.winners()
        return "Won: " + "+".join(self.game.pname(i) for i, _r in w)

    def _player_label(self, i):
        def lab(app):
            p = self.game.players()[i]
            rules = _rules()
            k = rules.kinds(p)
            c = rules.card_count(p)
            s = "%s: %d card%s, %d kind%s" % (
                self.game.pname(i), c, "" if c == 1 else "s", k, "" if k == 1 else "s"
            )
            if len(s) > font.CHARS - 1:  # a long name: kinds out of the 7 that win
                s = "%s: %d card%s %d/%d" % (
                    self.game.pname(i), c, "" if c == 1 else "s", k, rules.WIN_OBJECTS)
            return s

        return lab

    def _undo_label(self, app):
        return "Undo " + self.game.state["undo"][-1][0]

    def undo(self, app):
        g = self.game
        label = g.undo()
        st = g.state
        st["won"] = [i for i, _r in g.winners()]
        g.save()
        self.refresh()
        app.toast("Undone: " + label)

    def ask(self, app):
        n = self.game.n() if self.game.state else 2
        rules = _rules()
        lo, hi = rules.MIN_PLAYERS, rules.MAX_PLAYERS
        names = self.game.names
        n = names and min(max(len(names), lo), hi) or n  # the table's count first
        app.push(ui.Spinner("Players", n, lo, hi, self._started))

    def _started(self, app, n):
        from wyrm import dice

        first = dice.random_player(app.rng, n)
        self.game.start(n, first)
        self.refresh()
        self.sel = 0
        app.push(_play().Starter(self.game))

    def who_starts(self, app):
        app.push(_play().Starter(self.game))

    def trade(self, app):
        _play().trade(app, self.game)

    def piles_empty(self, app):
        g = self.game

        def yes(app):
            g.state["end"] = True
            g.save()
            app.push(_play().EndCount(g))

        if g.state["end"]:
            yes(app)
        else:
            app.push(ui.Confirm("Village and caves empty? Then the most cards win.", yes))


def _tracker(g, i):
    # a player's row opens the tracker (gamekit.opener remembers it for resume)
    return _play().Tracker(g, i)


# What the menu's first frame imports (the main menu loads it while OK is held on the
# game's row): with a game saved, without one (see home.Home.on_event)
SOON = (NAME, ("wyrm.games.drachenschatten", "wyrm.players"), ())


def enter(app, resume=False):
    # The main menu opens the game here: its menu first; the table's names before it
    # only when a game's rows show them, the rest right after that frame.
    game = Game(app)
    gamekit.enter(app, game, resume)  # (nothing is drawn before this returns)
    if game.has_game():
        game.read_names(app)
    else:
        app.after_frame(game.read_names)
    app.after_frame(lambda a: _play())
