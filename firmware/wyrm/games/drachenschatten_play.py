"""DrachenSchatten's screens past its menu: who starts, a player's cards, trades, the end.

``drachenschatten_game`` (the game menu, the save) is what opening the game needs for
its first frame; this module and the rules (``drachenschatten``) load right after
that frame (``drachenschatten_game._play``) and leave with the game.
"""

from micropython import const

from wyrm import buttons, font, gamekit_ui, ui
from wyrm.games import drachenschatten

_ROWS = const(14)  # 10 objects, beasts, treasures, take one away, lost battle
_BEASTS_ROW = const(10)
_TREASURES_ROW = const(11)
_TAKE_ROW = const(12)
_LOST_ROW = const(13)
_MID_ROW = const(4)  # Gem: where a player's list opens the first time

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


_TAKE_HINT = "OK: -1"  # the title while the next OK takes one away
_WIN_MARK = " " + font.RIGHT  # beside a winner's name


# -- who starts --------------------------------------------------------------------
class Starter(ui.Page):
    def __init__(self, game):
        self.game = game

    def draw(self, app, fb):
        ui.title(fb, "Who starts?")
        who = self.game.pname(self.game.state["start"])
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
            self.game.pname(self.player),
            LABELS[self.sel].lower(),
            "+1" if delta > 0 else "-1",
        )
        try:
            g.apply(label, drachenschatten.adjust, self.player, self._what(self.sel), delta)
        except ValueError as e:
            app.toast(str(e))
            return
        g.changed(app)  # the win is announced on top of this list

    def _lost(self, app):
        g = self.game
        who = self.game.pname(self.player)

        def yes(app):
            g.apply(who + " lost battle", drachenschatten.defeated, self.player)
            g.changed(app)

        q = "%s lost a battle: all of %s's cards leave the game?" % (who, who)
        app.push(ui.Confirm(q, yes))

    def draw(self, app, fb):
        p = self._p()
        right = _TAKE_HINT if self.minus else "%d kinds" % drachenschatten.kinds(p)
        ui.title(fb, self.game.pname(self.player) + " cards", right)
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


def trade(app, game):
    players = game.players()
    root = []  # the first chooser: popping it closes the whole chain

    def giver(app, p):
        objs = _held(players[p])
        if not objs:
            app.toast("%s has no objects" % game.pname(p))
            return
        app.push(gamekit_ui.Chooser(game.pname(p) + " gives", objs,
                                    lambda app, o: partner(app, p, o)))

    def partner(app, p, o):
        others = [(game.pname(q), q) for q in range(len(players)) if q != p]
        app.push(gamekit_ui.Chooser("Trade with", others, lambda app, q: taken(app, p, o, q)))

    def taken(app, p, o, q):
        objs = _held(players[q])
        if not objs:
            app.toast("%s has no objects" % game.pname(q))
            return
        app.push(gamekit_ui.Chooser(game.pname(p) + " gets", objs,
                                    lambda app, o2: done(app, p, o, q, o2)))

    def done(app, p, o, q, o2):
        app.pop(root[0])
        label = "trade %s-%s" % (game.pname(p), game.pname(q))
        try:
            game.apply(label, drachenschatten.trade, p, o, q, o2)
        except ValueError as e:
            app.toast(str(e))
            return
        if not game.changed(app):
            app.toast("%s got %s; %s got %s"
                      % (game.pname(p), LABELS[o2], game.pname(q), LABELS[o]))

    who = [(game.pname(i), i) for i in range(len(players))]
    root.append(app.push(gamekit_ui.Chooser("Who trades?", who, giver)))


# -- the win ---------------------------------------------------------------------------
class Win(ui.Page):
    def __init__(self, game):
        w = game.winners()
        names = [game.pname(i) for i, _r in w]
        if len(names) == 1:
            self.head = names[0] + " wins!"
        else:
            self.head = "+".join(names) + " win!"
        lines = []
        for i, reasons in w:
            short = [_SHORT.get(r, r) for r in reasons]
            lines += ui.wrap("%s: %s" % (game.pname(i), ", ".join(short)))
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
            head = self.game.pname(r["winners"][0]) + " wins!"
        tall = app.tall
        font.center(fb, head, 13, 1, 2 if tall else 1)
        if not tall:
            return
        counts = r["counts"]
        y = 31
        for i in range(len(counts)):
            mark = _WIN_MARK if i in r["winners"] else ""
            c = counts[i]
            line = ui.pad(self.game.pname(i) + mark, "%d card%s" % (c, "" if c == 1 else "s"), 14)
            font.center(fb, line, y)
            y += 8
