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

from wyrm import buttons, font, gamekit, gamekit_ui, ui
from wyrm.games import drachenschatten

NAME = "drachenschatten"
_VERSION = const(1)
_UNDO_MAX = const(8)
_ROWS = const(14)  # 10 objects, beasts, treasures, take one away, lost battle
_BEASTS_ROW = const(10)
_TREASURES_ROW = const(11)
_TAKE_ROW = const(12)
_LOST_ROW = const(13)
_MID_ROW = const(4)  # Gem: where a player's list opens the first time
_SCREENS = ("menu", "player", "end")

LABELS = (
    "Torch",
    "Boots",
    "Magic wand",
    "Sword",
    "Gem",
    "Spell book",
    "Key",
    "Shield",
    "Helmet",
    "Magic potion",
    "Beasts slain",
    "Treasures",
    "Take one away",
    "Lost to a beast",
)


# The win reasons as one short line each ("P1: 7 object types").
_SHORT = {drachenschatten.WIN_BY_OBJECTS: "7 object types"}


_NAMES = []  # the table's names (main menu > Players), read when the game opens


def _pname(i):
    return (_NAMES[i] if i < len(_NAMES) else "") or "P%d" % (i + 1)


_TAKE_HINT = "OK: -1"  # the title while the next OK takes one away
_WIN_MARK = " " + font.RIGHT  # beside a winner's name


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
        if not isinstance(objs, list) or len(objs) != drachenschatten.N_OBJECTS:
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

    def valid(self, obj):
        game = obj["game"]
        if drachenschatten.validate(game):
            return False
        n = len(game["players"])
        for key in ("start", "player"):
            v = obj[key]
            if type(v) is not int or not 0 <= v < n:
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
            app.push(Tracker(self, self.state["player"]))
        elif where == "end":
            app.push(EndCount(self))

    def players(self):
        return self.state["game"]["players"]

    def n(self):
        return len(self.players())

    def seats(self):
        return self.n()

    def who(self, app, i):
        return _pname(i)

    def start(self, n, first):
        self.last_row = {}
        self.state = {
            "v": _VERSION,
            "game": drachenschatten.new_game(n),
            "start": first,
            "turn": first,
            "end": False,
            "won": [],
            "undo": [],
            "screen": "menu",
            "player": 0,
        }
        self.save()

    def remember(self, label):
        """Keep the state before a change so it can be undone."""
        undo = self.state["undo"]
        undo.append([label, _snapshot(self.state["game"])])
        while len(undo) > _UNDO_MAX:
            undo.pop(0)

    def undo(self):
        label, snap = self.state["undo"].pop()
        _restore(self.state["game"], snap)
        return label

    def winners(self):
        return drachenschatten.winners(self.state["game"])

    def changed(self, app):
        """Save; announce players who have just reached a winning condition (-> True)."""
        st = self.state
        now = [i for i, _r in self.winners()]
        new = [i for i in now if i not in st["won"]]
        st["won"] = now
        self.save()
        if new:
            app.push(Win(self))
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
            items.append([self._won_label, lambda app: app.push(Win(g))])
        for i in range(g.n()):
            items.append([self._player_label(i), gamekit_ui.opener(g, Tracker, "player", i)])
        items.append(["Trade objects", self.trade])
        if not self.has_top():
            items.append(["Piles empty: count", self.piles_empty])
        if g.state["undo"]:
            items.append([self._undo_label, self.undo])
        items.append([lambda app: "Who starts: " + _pname(g.state["start"]), self.who_starts])
        return items

    def _won_label(self, app):
        w = self.game.winners()
        return "Won: " + "+".join(_pname(i) for i, _r in w)

    def _player_label(self, i):
        def lab(app):
            p = self.game.players()[i]
            k = drachenschatten.kinds(p)
            c = drachenschatten.card_count(p)
            s = "%s: %d card%s, %d kind%s" % (
                _pname(i), c, "" if c == 1 else "s", k, "" if k == 1 else "s"
            )
            if len(s) > font.CHARS - 1:  # a long name: kinds out of the 7 that win
                s = "%s: %d card%s %d/%d" % (
                    _pname(i), c, "" if c == 1 else "s", k, drachenschatten.WIN_OBJECTS)
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
        lo, hi = drachenschatten.MIN_PLAYERS, drachenschatten.MAX_PLAYERS
        n = _NAMES and min(max(len(_NAMES), lo), hi) or n  # the table's count first
        app.push(ui.Spinner("Players", n, lo, hi, self._started))

    def _started(self, app, n):
        from wyrm import dice

        first = dice.random_player(app.rng, n)
        self.game.start(n, first)
        self.refresh()
        self.sel = 0
        app.push(Starter(self.game))

    def who_starts(self, app):
        app.push(Starter(self.game))

    def trade(self, app):
        _trade(app, self.game)

    def piles_empty(self, app):
        g = self.game

        def yes(app):
            g.state["end"] = True
            g.save()
            app.push(EndCount(g))

        if g.state["end"]:
            yes(app)
        else:
            app.push(ui.Confirm("Village and caves empty? Then the most cards win.", yes))


# -- who starts --------------------------------------------------------------------
class Starter(ui.Page):
    def __init__(self, game):
        self.game = game

    def draw(self, app, fb):
        ui.title(fb, "Who starts?")
        who = _pname(self.game.state["start"])
        if not app.tall:
            font.center(fb, who + " starts (random)", 14)
            return
        font.center(fb, who, 13, 1, 3)
        font.center(fb, "starts (at random)", 40)
        font.center(fb, "OK: play", 54)


# -- a player's cards -----------------------------------------------------------------
class Tracker(gamekit_ui.Counts):
    """Rows of counts; OK adds one to the row at once ("Take one away": the next OK
    takes one instead). Opens on the row this player changed last."""

    cells = _ROWS
    first = -1  # the top row shown (-1: centre the cursor at the first draw)

    def __init__(self, game, player):
        super().__init__(game, player)
        self.sel = game.last_row.get(player, _MID_ROW)
        self.minus = False  # the next OK takes one away

    def on_event(self, app, kind, key):
        if self.minus and kind == buttons.CLICK and key == buttons.BACK:
            self.minus = False  # BACK only leaves "take one away"
            app.redraw()
            return True
        return super().on_event(app, kind, key)

    def _p(self):
        return self.game.players()[self.player]

    def value(self, row):
        p = self._p()
        if row < drachenschatten.N_OBJECTS:
            return p["objects"][row]
        if row == _BEASTS_ROW:
            return p["beasts"]
        if row == _TREASURES_ROW:
            return p["treasures"]
        return None

    def ok(self, app):
        if self.sel == _LOST_ROW:
            self.minus = False
            self._lost(app)
        elif self.sel == _TAKE_ROW:
            self.minus = not self.minus
        else:
            delta = -1 if self.minus else 1
            self.minus = False
            self.game.last_row[self.player] = self.sel
            self.change(app, delta)

    def _what(self, row):
        if row < drachenschatten.N_OBJECTS:
            return row
        return "beasts" if row == _BEASTS_ROW else "treasures"

    def change(self, app, delta):
        if delta < 0 and self.value(self.sel) == 0:
            app.toast("No %s to take away" % LABELS[self.sel].lower())
            return
        g = self.game
        label = "%s %s %s" % (
            _pname(self.player),
            LABELS[self.sel].lower(),
            "+1" if delta > 0 else "-1",
        )
        g.remember(label)
        try:
            drachenschatten.adjust(g.state["game"], self.player, self._what(self.sel), delta)
        except ValueError as e:
            g.state["undo"].pop()
            app.toast(str(e))
            return
        g.changed(app)  # the win is announced on top of this list

    def _lost(self, app):
        g = self.game
        who = _pname(self.player)

        def yes(app):
            g.remember(who + " lost battle")
            drachenschatten.defeated(g.state["game"], self.player)
            g.changed(app)

        q = "%s lost a battle: all of %s's cards leave the game?" % (who, who)
        app.push(ui.Confirm(q, yes))

    def draw(self, app, fb):
        p = self._p()
        right = _TAKE_HINT if self.minus else "%d kinds" % drachenschatten.kinds(p)
        ui.title(fb, _pname(self.player) + " cards", right)
        shown = ui.rows(app)
        if self.first < 0:  # the first draw: the cursor in the middle of the window
            self.first = max(0, min(self.sel - shown // 2, _ROWS - shown))
        if self.sel < self.first:
            self.first = self.sel
        elif self.sel >= self.first + shown:
            self.first = self.sel - shown + 1
        for r in range(min(shown, _ROWS - self.first)):
            i = self.first + r
            v = self.value(i)
            sel = i == self.sel
            if v is None:
                txt = ""
            else:
                txt = (str(v) if v else "-") + " "
            ui.draw_row(fb, r, LABELS[i], sel, txt)
        ui.scroll_marks(fb, self.first, shown, _ROWS)


# -- trade ---------------------------------------------------------------------------
def _held(player):
    return [(LABELS[i], i) for i in range(drachenschatten.N_OBJECTS) if player["objects"][i] > 0]


def _trade(app, game):
    players = game.players()
    root = []  # the first chooser: popping it closes the whole chain

    def giver(app, p):
        objs = _held(players[p])
        if not objs:
            app.toast("%s has no objects" % _pname(p))
            return
        app.push(gamekit_ui.Chooser(_pname(p) + " gives", objs, lambda app, o: partner(app, p, o)))

    def partner(app, p, o):
        others = [(_pname(q), q) for q in range(len(players)) if q != p]
        app.push(gamekit_ui.Chooser("Trade with", others, lambda app, q: taken(app, p, o, q)))

    def taken(app, p, o, q):
        objs = _held(players[q])
        if not objs:
            app.toast("%s has no objects" % _pname(q))
            return
        app.push(gamekit_ui.Chooser(_pname(p) + " gets", objs,
                                    lambda app, o2: done(app, p, o, q, o2)))

    def done(app, p, o, q, o2):
        app.pop(root[0])
        label = "trade %s-%s" % (_pname(p), _pname(q))
        game.remember(label)
        try:
            drachenschatten.trade(game.state["game"], p, o, q, o2)
        except ValueError as e:
            game.state["undo"].pop()
            app.toast(str(e))
            return
        if not game.changed(app):
            app.toast("%s got %s; %s got %s" % (_pname(p), LABELS[o2], _pname(q), LABELS[o]))

    who = [(_pname(i), i) for i in range(len(players))]
    root.append(app.push(gamekit_ui.Chooser("Who trades?", who, giver)))


# -- the win ---------------------------------------------------------------------------
class Win(ui.Page):
    def __init__(self, game):
        w = game.winners()
        names = [_pname(i) for i, _r in w]
        if len(names) == 1:
            self.head = names[0] + " wins!"
        else:
            self.head = "+".join(names) + " win!"
        lines = []
        for i, reasons in w:
            short = [_SHORT.get(r, r) for r in reasons]
            lines += ui.wrap("%s: %s" % (_pname(i), ", ".join(short)))
        lines.append("Wrong entry? Undo it.")
        self.lines = lines

    def draw(self, app, fb):
        ui.title(fb, "Game over")
        tall = app.tall
        scale = 2 if tall and font.width(self.head, 2) <= fb.width else 1
        font.center(fb, self.head, 13, 1, scale)
        if not tall:
            return
        for r in range(min(4, len(self.lines))):
            font.text(fb, self.lines[r], 1, 31 + r * 8)


# -- end of the piles ----------------------------------------------------------------
class EndCount(ui.Page):
    def __init__(self, game):
        self.game = game

    def on_show(self, app):
        self.game.at("end")

    def on_open(self, app):
        self.game.at("end")

    def draw(self, app, fb):
        r = drachenschatten.end_count(self.game.state["game"])
        ui.title(fb, "End: most cards")
        if r["draw"]:
            head = "Draw!"
        else:
            head = _pname(r["winners"][0]) + " wins!"
        tall = app.tall
        font.center(fb, head, 13, 1, 2 if tall else 1)
        if not tall:
            return
        counts = r["counts"]
        y = 31
        for i in range(len(counts)):
            mark = _WIN_MARK if i in r["winners"] else ""
            c = counts[i]
            line = ui.pad(_pname(i) + mark, "%d card%s" % (c, "" if c == 1 else "s"), 14)
            font.center(fb, line, y)
            y += 8


def enter(app, resume=False):
    # the main menu opens the game here, with the table's names
    from wyrm import players

    _NAMES[:] = players.names(app)
    gamekit.enter(app, Game(app), resume)
