"""DrachenSchatten's screens past its menu: a player's cards, a trade, the win, the end count."""

from micropython import const

from wyrm import buttons, font, gamekit, gamekit_ui, ui
from wyrm.games import drachenschatten
from wyrm.plain import plural

# A player's list: the pass first, the ten objects, beasts, treasures, then the rarer
# rows (the list wraps: an object's use is a move or three up from the pass, where the
# cursor goes after a card: trade, steal, destroy)
_PASS_ROW = const(0)
_OBJ_ROW = const(1)  # the first object
_BEASTS_ROW = const(11)
_TREASURES_ROW = const(12)
_TAKE_ROW = const(13)
_LOST_ROW = const(14)
_DESTROY_ROW = const(15)
_STEAL_ROW = const(16)
_TRADE_ROW = const(17)
_ROWS = const(18)
_MID_ROW = const(5)  # Gem: where a player's list opens the first time
_COUNT_CELLS = const(19)  # a row with a count: 19 cells, the count ending in the last

LABELS = (
    "",
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
    "Destroy an object",
    "Steal an object",
    "Trade objects",
)

# The win reasons as one short line each ("Anna: 7 object types").
_SHORT = {drachenschatten.WIN_BY_OBJECTS: "7 object types"}

_TAKE_HINT = "OK: -1"  # the title while the next OK takes one away
_WIN_MARK = " " + font.RIGHT  # beside a winner's name


def _object_label(o):
    return LABELS[_OBJ_ROW + o]


# -- a player's cards -----------------------------------------------------------------
class Tracker(gamekit_ui.Counts):
    """Rows of counts; OK adds one to the row at once ("Take one away": the next OK
    takes one instead), then the cursor goes to "Next turn" (one OK passes). Opens on
    the row this player changed last."""

    cells = _ROWS
    first = -1  # the top row shown (-1: centre the cursor at the first draw)
    _rows = 0  # bit r: row r on show needs drawing again (draw_part, ui.mark_move)

    def __init__(self, game, player):
        super().__init__(game, player)
        self.sel = game.last_row.get(player, _MID_ROW)
        self.minus = False  # the next OK takes one away

    def on_event(self, app, kind, key):
        if kind == buttons.CLICK and key == buttons.BACK and self.minus:
            self.minus = False  # BACK only leaves "take one away"
            app.redraw()
            return True
        return super().on_event(app, kind, key)

    def _p(self):
        return self.game.players()[self.player]

    def value(self, row, p=None):
        p = p or self._p()
        if _OBJ_ROW <= row < _BEASTS_ROW:
            return p["objects"][row - _OBJ_ROW]
        if row == _BEASTS_ROW:
            return p["beasts"]
        if row == _TREASURES_ROW:
            return p["treasures"]
        return None

    def label(self, app, row):
        if row == _PASS_ROW:
            g = self.game
            return g.next_label(app) if not g.winners() else "Game menu"
        return LABELS[row]

    def ok(self, app):
        sel = self.sel
        if sel == _PASS_ROW:
            self.minus = False
            g = self.game
            if g.winners():
                app.pop(self)
            else:
                g.end_turn(app)
        elif sel == _LOST_ROW:
            self.minus = False
            self._lost(app)
        elif sel == _TRADE_ROW:
            self.minus = False
            trade(app, self.game, self.player, self.done)
        elif sel == _STEAL_ROW or sel == _DESTROY_ROW:
            self.minus = False
            take(app, self.game, self.player, sel == _STEAL_ROW, self.done)
        elif sel == _TAKE_ROW:
            self.minus = not self.minus
        else:
            delta = -1 if self.minus else 1
            self.minus = False
            self.game.last_row[self.player] = sel
            self.change(app, delta)

    def done(self):
        # a change was entered: the cursor on "Next turn", so one OK passes
        self.sel = _PASS_ROW

    def _what(self, row):
        if row < _BEASTS_ROW:
            return row - _OBJ_ROW
        return "beasts" if row == _BEASTS_ROW else "treasures"

    def change(self, app, delta):
        if delta < 0 and self.value(self.sel) == 0:
            app.toast("No %s to take away" % LABELS[self.sel].lower())
            return
        g = self.game
        label = "%s %s %s" % (
            g.who(app, self.player),
            LABELS[self.sel].lower(),
            "+1" if delta > 0 else "-1",
        )
        try:
            g.apply(label, drachenschatten.adjust, self.player, self._what(self.sel), delta)
        except ValueError as e:
            app.toast(str(e))
            return
        said = "%s: %d" % (LABELS[self.sel], self.value(self.sel))
        self.done()  # the list goes to its top: the new count is said
        if not g.changed(app):  # a win is announced on top of this list, with no note on it
            app.toast(said)

    def _lost(self, app):
        g = self.game
        who = g.who(app, self.player)

        def yes(app):
            g.apply(who + " lost battle", drachenschatten.defeated, self.player)
            self.done()
            g.changed(app)

        q = "%s lost a battle: all of %s's cards leave the game?" % (who, who)
        app.push(ui.Confirm(q, yes, default_yes=True))

    def moved(self, app, old):
        # a move changes no count and no title: two rows, or the rows when it scrolls
        if self.first < 0:
            app.redraw()
        else:
            ui.mark_move(self, app, old)

    def uncover(self, app):
        self.moved(app, -1)  # a press took a toast over the rows away (App)

    def draw_part(self, app, fb):
        shown = ui.rows(app)
        marks = self._rows
        self._rows = 0
        if marks == (1 << shown) - 1:
            ui.clear(fb, ui.row_y(0))
            self._list(app, fb, shown)
        else:
            w = fb.width
            p = self._p()
            for r in range(shown):
                if marks & (1 << r):
                    fb.fill_rect(0, ui.row_y(r), w, ui.ROW, 0)
                    self._row(app, fb, r, p)
            ui.scroll_marks(fb, self.first, shown, _ROWS)

    def draw(self, app, fb):
        self._rows = 0
        right = _TAKE_HINT if self.minus else plural(drachenschatten.kinds(self._p()), "kind")
        ui.title(fb, self.game.who(app, self.player) + " cards", right)
        shown = ui.rows(app)
        if self.first < 0:  # the first draw: the cursor in the middle of the window
            self.first = max(0, min(self.sel - shown // 2, _ROWS - shown))
        if self.sel < self.first:
            self.first = self.sel
        elif self.sel >= self.first + shown:
            self.first = self.sel - shown + 1
        self._list(app, fb, shown)

    def _list(self, app, fb, shown):
        p = self._p()
        for r in range(min(shown, _ROWS - self.first)):
            self._row(app, fb, r, p)
        ui.scroll_marks(fb, self.first, shown, _ROWS)

    def _row(self, app, fb, r, p):
        # one text a row, the count in the column left of the scroll marks: every
        # call on a key's path counts on the Pico (docs/SPEED.md)
        i = self.first + r
        v = self.value(i, p)
        if v is None:
            t = self.label(app, i)
        else:
            t = ui.pad(LABELS[i], str(v) if v else "-", _COUNT_CELLS)
        ui.draw_row(fb, r, t, i == self.sel)


# -- trade ---------------------------------------------------------------------------
def _held(player):
    return [(_object_label(i), i) for i in range(drachenschatten.N_OBJECTS)
            if player["objects"][i] > 0]


def trade(app, game, p, after):
    # p trades one of their objects for one of another player's: who gives, whom with,
    # what p gets; ``after()`` once it is entered
    players = game.players()
    objs = _held(players[p])
    if not objs:
        app.toast("%s has no objects" % game.who(app, p))
        return
    root = []  # the first chooser: popping it closes the whole chain

    def partner(app, o):
        others = [(game.who(app, q), q) for q in range(len(players)) if q != p]
        app.push(gamekit_ui.Chooser("Trade with", others, lambda app, q: taken(app, o, q)))

    def taken(app, o, q):
        objs = _held(players[q])
        if not objs:
            app.toast("%s has no objects" % game.who(app, q))
            return
        app.push(gamekit_ui.Chooser(game.who(app, p) + " gets", objs,
                                    lambda app, o2: done(app, o, q, o2)))

    def done(app, o, q, o2):
        app.pop(root[0])
        label = "trade %s-%s" % (game.who(app, p), game.who(app, q))
        try:
            game.apply(label, drachenschatten.trade, p, o, q, o2)
        except ValueError as e:
            app.toast(str(e))
            return
        after()
        if not game.changed(app):
            app.toast("%s got %s; %s got %s" % (game.who(app, p), _object_label(o2),
                                                game.who(app, q), _object_label(o)))

    root.append(app.push(gamekit_ui.Chooser(game.who(app, p) + " gives", objs, partner)))


def take(app, game, p, steal, after):
    # p steals (``steal``) or destroys one object of another player's: whose, which;
    # ``after()`` once it is entered. The objects open on the one that player changed
    # last (the one just used, most likely)
    players = game.players()
    verb = "steals" if steal else "destroys"
    root = []  # the first chooser: popping it closes both

    def whose(app, q):
        objs = _held(players[q])
        if not objs:
            app.toast("%s has no objects" % game.who(app, q))
            return
        pick = app.push(gamekit_ui.Chooser("%s %s" % (game.who(app, p), verb), objs,
                                           lambda app, o: done(app, q, o)))
        last = game.last_row.get(q, 0) - _OBJ_ROW
        for k in range(len(objs)):
            if objs[k][1] == last:
                pick.sel = k

    def done(app, q, o):
        app.pop(root[0])
        who = game.who(app, q)
        label = "%s %s-%s" % ("steal" if steal else "destroy", game.who(app, p), who)
        try:
            if steal:
                game.apply(label, drachenschatten.steal, p, q, o)
            else:
                game.apply(label, drachenschatten.adjust, q, o, -1)
        except ValueError as e:
            app.toast(str(e))
            return
        after()
        if not game.changed(app):
            app.toast("%s %s %s's %s" % (game.who(app, p), "stole" if steal else "destroyed",
                                         who, _object_label(o).lower()))

    others = [(game.who(app, q), q) for q in range(len(players)) if q != p]
    root.append(app.push(gamekit_ui.Chooser("Steal from" if steal else "Destroy whose",
                                            others, whose)))


# -- the win ---------------------------------------------------------------------------
class Win(gamekit.Page):
    def __init__(self, game):
        self.game = game
        app = game.app
        w = game.winners()
        names = [game.who(app, i) for i, _r in w]
        if len(names) == 1:
            self.head = names[0] + " wins!"
        else:
            self.head = "+".join(names) + " win!"
        lines = []
        for i, reasons in w:
            short = [_SHORT.get(r, r) for r in reasons]
            lines += ui.wrap("%s: %s" % (game.who(app, i), ", ".join(short)))
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
class EndCount(gamekit.Page):
    def __init__(self, game):
        self.game = game

    def on_show(self, app):
        self.game.at("end")

    def on_open(self, app):
        self.game.at("end")

    def draw(self, app, fb):
        g = self.game
        r = drachenschatten.end_count(g.state["game"])
        ui.title(fb, "End: most cards")
        if r["draw"]:
            head = "Draw!"
        else:
            head = g.who(app, r["winners"][0]) + " wins!"
        tall = app.tall
        font.center(fb, head, 13, 1, 2 if tall and font.width(head, 2) <= fb.width else 1)
        if not tall:
            return
        counts = r["counts"]
        y = 31
        for i in range(len(counts)):
            mark = _WIN_MARK if i in r["winners"] else ""
            line = ui.pad(g.who(app, i) + mark, plural(counts[i], "card"), 14)
            font.center(fb, line, y)
            y += 8
