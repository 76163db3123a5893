"""Drachenhort's screens past the menu: capture, escape (and its order), board, gems.

Also the menu's Start escape 2 and Undo, the table drawing the reveal shares, and the
resume into these screens after a power cut.
"""
from micropython import const

from wyrm import buttons, font, gamekit, gamekit_ui, plain, players, ui
from wyrm.app import Screen
from wyrm.games import drachenhort
from wyrm.lang import t

_ADV = const(7)
_DENSE = const(8)  # row height of the board
# right edges of the board's columns
_X_S = const(84)
_X_G = const(102)
_X_T = const(122)


def _token_label(s, a, value):
    name = s.name(a)
    tail = "%s %d" % (metal(s), value)
    text = name + " -> " + tail
    return text if len(text) <= font.CHARS else ui.fit(name + " " + tail)


# -- shared drawing (the reveal's tables too: drachenhort_end) --------------------
def rtext(fb, s, right, y, c=1):
    """Text whose last column ends at ``right``."""
    font.text(fb, s, right - font.width(s), y, c)


def dense_bar(fb, left):
    """An 8 px inverted header for the full-screen tables."""
    fb.fill_rect(0, 0, fb.width, _DENSE, 1)
    font.text(fb, left, 2, 0, 0)


def marks(app, fb, first, shown, total, top):
    x = fb.width - 3
    if first > 0:
        for i in range(3):
            fb.hline(x - i, top + 1 + i, 2 * i + 1, 1)
    if first + shown < total:
        for i in range(3):
            fb.hline(x - i, app.height - 2 - i, 2 * i + 1, 1)


def draw_rows(app, fb, rows, first, inverted=-1):
    """[left, right] rows under a title bar; row ``inverted`` drawn inverted."""
    shown = ui.rows(app)
    pad = " " if len(rows) > shown else ""  # room for the scroll arrows
    for r in range(min(shown, len(rows) - first)):
        i = first + r
        right = rows[i][1]
        ui.draw_row(fb, r, rows[i][0], i == inverted, right + pad if right else None)
    ui.scroll_marks(fb, first, shown, len(rows))


# -- tokens --------------------------------------------------------------------------
def metal(s):
    """The token metal of the escape under way ("silver", "gold"; in German "Silber")."""
    return drachenhort.metal_name(s.g().escape)


def left_values(s):
    """The token values still left in this escape."""
    g = s.g()
    used = [g.token(g.escape, a) for a in range(_ADV)]
    return [v for v in drachenhort.VALUES if v not in used]


# -- the game menu's in-game actions (drachenhort_game.GameMenu) ------------------------
def next_escape(menu, app):
    # The row is the confirmation: Undo takes it back (the gems of escape 1 with it).
    why = menu.game.apply(["next_escape"])
    app.toast(why or t("Escape 2: gold tokens", "Flucht 2: Goldplättchen"))
    menu.refresh()
    menu.sel = 0  # the next player's roll


def undo(menu, app):
    s = menu.game
    if not s.hoard.events:
        app.toast(t("Nothing to undo", "Nichts zurückzunehmen"))
        return
    what = s.describe()

    def yes(app):
        s.undo()
        menu.refresh()
        app.toast(t("Undone: ", "Zurückgenommen: ") + what)

    app.push(ui.Confirm(t("Undo: %s?", "Rückgängig: %s?") % what, yes))


# -- capture and escape ------------------------------------------------------------
class CaptureMenu(ui.Menu):
    """Who the dragon captured, with the token each gets. A capture ends the turn: the
    OK that records it passes the turn on (opened from the roll screen: ``roll_on``
    rolls for the next player)."""

    def __init__(self, s, roll_on=None):
        super().__init__(lambda a: t("Who was captured?", "Wer wurde gefangen?"), [])
        self.game = s
        self.roll_on = roll_on
        v = s.hoard.next_value()
        for a in s.hoard.in_dungeon():
            self.items.append([_token_label(s, a, v), self._pick(a)])

    def on_open(self, app):
        self.game.at("capture")

    def _pick(self, a):
        def run(app):
            s = self.game
            g = s.hoard
            value = g.next_value()
            # The capture and the way back to the game menu are one save: a power cut
            # between two saves resumed this list with the capture already recorded.
            s.screen = "menu"
            s.arg = None
            why = s.apply(["capture", a])
            if why:
                app.pop(self)
                app.toast(why)
                return
            said = "%s: %s %d" % (s.name(a), metal(s), value)
            ends = len(g.events)  # (its Undo gives this turn back)
            if not g.escape_over:
                s.end_turn(app, ends)
                if self.roll_on:
                    self.roll_on(app)  # the next run: the next player's roll
                app.toast(said)
                return
            top = drachenhort.ESCAPE_VALUE
            last = [x for x in range(_ADV) if g.token(g.escape, x) == top][0]
            if g.escape == 1:
                nxt = t("Next: Start escape 2", "Dann: Flucht 2 beginnen")
            else:
                nxt = t("Next: Final reveal", "Dann: Aufdecken")
            s.end_turn(app, ends)  # the result's OK: on the menu, on its next step
            last_in = "%s: %s 8" % (s.name(last), metal(s))
            lines = [said, last_in, t("(the last one in)", "(der Letzte drin)"), nxt]
            app.push(ui.Message(t("Escape %d over", "Flucht %d vorbei") % g.escape, lines))

        return run


class EscapeMenu(ui.Menu):
    def __init__(self, s):
        super().__init__(lambda a: t("Who escaped?", "Wer ist entkommen?"), [])
        self.game = s
        for a in s.hoard.in_dungeon():
            self.items.append([_token_label(s, a, drachenhort.ESCAPE_VALUE), self._pick(a)])

    def on_open(self, app):
        self.game.at("escape")

    def on_show(self, app):
        self.game.at("escape")

    def _pick(self, a):
        def run(app):
            app.push(OrderScreen(self.game, self, a, []))

        return run


class OrderScreen(ui.Menu):
    """The adventurers still in the dungeon, one by one, farthest from the dragon first,
    each row with the token it gets; the pick that leaves one saves the escape (the last
    one takes the last token by itself). BACK takes the last pick back."""

    def __init__(self, s, parent, a, order):
        super().__init__(self._title_text, [])
        self.game = s
        self.parent = parent
        self.a = a
        self.order = order
        self.fill()

    def _title_text(self, app):
        if not self.order:
            return t("Farthest from dragon", "Am weitesten weg")
        return t("Next farthest", "Danach am weitesten")

    def values(self):
        vals = [v for v in left_values(self.game) if v != drachenhort.ESCAPE_VALUE]
        vals.reverse()
        return vals

    def rest(self):
        return [x for x in self.game.hoard.in_dungeon() if x != self.a and x not in self.order]

    def fill(self):
        v = self.values()[len(self.order)]
        self.items = [[_token_label(self.game, x, v), self._pick(x)] for x in self.rest()]
        self.sel = 0
        self.first = 0

    def on_open(self, app):
        if len(self.rest()) <= 1:
            self.commit(app)
        else:
            self.keep()

    def keep(self):
        # saved for resume: the adventurer who escapes and the order picked so far
        self.game.at("order", {"adventurer": self.a, "order": list(self.order)})

    def _pick(self, x):
        def run(app):
            self.order.append(x)
            if len(self.rest()) <= 1:
                self.commit(app)
                return
            self.fill()
            self.keep()

        return run

    def on_event(self, app, kind, key):
        if kind == buttons.CLICK and key == buttons.BACK and self.order:
            self.order.pop()
            self.fill()
            self.keep()
            app.redraw()
            return True
        return super().on_event(app, kind, key)

    def commit(self, app):
        # the escape ends the turn: on the game menu, the next player's turn, the
        # cursor on the game's next step
        s = self.game
        g = s.hoard
        self.order += self.rest()  # the last one in takes the last token
        why = s.apply(["escape", self.a, list(self.order)])
        if why:
            app.pop(self.parent)
            app.toast(why)
        else:
            s.end_turn(app, len(g.events))  # (its Undo gives this turn back)
            app.toast(t("Escape %d over", "Flucht %d vorbei") % g.escape)


# -- board -------------------------------------------------------------------------
class BoardScreen(Screen):
    """All seven adventurers: silver, gold and their sum ("-": still in the dungeon)."""

    def __init__(self, s):
        self.game = s
        self.first = 0

    def on_open(self, app):
        self.game.at("board")

    def on_event(self, app, kind, key):
        return ui.scroll_event(self, app, kind, key, _ADV, (app.height - _DENSE) // _DENSE)

    def draw(self, app, fb):
        s = self.game
        g = s.hoard
        dense_bar(fb, t("Board", "Punktetafel"))
        rtext(fb, "S", _X_S, 0, 0)
        rtext(fb, "G", _X_G, 0, 0)
        rtext(fb, t("VP", "SP"), _X_T, 0, 0)
        shown = (app.height - _DENSE) // _DENSE
        for r in range(min(shown, _ADV - self.first)):
            a = self.first + r
            y = _DENSE + r * _DENSE
            font.text(fb, ui.fit(s.name(a), 12), 2, y)
            rtext(fb, _tok(g, 1, a), _X_S, y)
            rtext(fb, _tok(g, 2, a), _X_G, y)
            rtext(fb, str(g.adventurer_total(a)), _X_T, y)
        marks(app, fb, self.first, shown, _ADV, _DENSE)


def _tok(g, escape, a):
    v = g.token(escape, a)
    if v:
        return str(v)
    return "-" if escape == g.escape else ""


# -- gems --------------------------------------------------------------------------
class GemsMenu(gamekit.NoteMenu):
    def __init__(self, s):
        super().__init__(self._title_text, [])
        self.game = s
        self.note = self._left
        for p in range(s.hoard.players):
            self.items.append([self._label(p), self._open(p)])
        # a gem goes to whose turn it is; once the escape is over, to who moved last
        # (the escape or the last capture passed the turn on)
        g = s.hoard
        self.sel = s.turn() if not g.escape_over else (s.turn() - 1) % g.players

    def _title_text(self, app):
        # (in German the escape has no room beside the note: escape 2's rows say "Summe")
        return t("Gems escape %d" % self.game.hoard.escape, "Edelsteine")

    def _left(self, app):
        # (German: "noch 12", no letter below the line in the small title bar)
        return t("%d left", "noch %d") % self.game.hoard.gems_left()

    def _label(self, p):
        def lab(app):
            g = self.game.hoard
            now = g.gems_in(g.escape, p)
            if g.escape == 1:
                return ui.pad(players.name(app, p), str(now), 20)
            # (German: the seat's short name, "P1" where none, leaves room for "Summe")
            both = t("%d (all %d)", "%d (Summe %d)") % (now, g.gems(p))
            return ui.pad(t(players.name, players.short)(app, p), both, 20)

        return lab

    def _open(self, p):
        def run(app):
            app.push(GemScreen(self.game, p))

        return run

    def on_open(self, app):
        self.game.at("gems")

    def on_show(self, app):
        self.game.at("gems")


class GemScreen(gamekit_ui.Stepper):
    """One player's gems of this escape: UP +1, DOWN -1, OK done."""

    def __init__(self, s, p):
        self.game = s
        self.p = p
        self.mine = None  # number of events after this screen's last change

    def on_open(self, app):
        self.game.at("gems_p", self.p)

    def bump(self, app, d):
        s = self.game
        g = s.hoard
        why = g.refusal(["gems", self.p, d])
        if why:
            app.toast(why)
            return
        ev = g.events[-1] if g.events else [""]
        if self.mine == len(g.events) and ev[0] == "gems" and ev[1] == self.p:
            total = ev[2] + d
            g.undo()
            if total:
                g.apply(["gems", self.p, total])
                self.mine = len(g.events)
            else:
                self.mine = None
        else:
            g.apply(["gems", self.p, d])
            self.mine = len(g.events)
        s.save()


    def draw(self, app, fb):
        g = self.game.hoard
        name = players.name(app, self.p)
        head = t(("%s gems" % name, "esc. %d" % g.escape), ("Edelsteine", name))
        ui.title(fb, head[0], head[1])
        n = str(g.gems_in(g.escape, self.p))
        if app.tall:
            font.big_center(fb, n, ui.TITLE_H + 3)
            left = g.gems_left()
            info = t("%d left" % left, "Flucht %d: %d übrig" % (g.escape, left))
            if g.escape == 2:
                info = t("all %d, %d left", "Summe %d, %d übrig") % (g.gems(self.p), left)
            font.center(fb, info, 44)
            font.center(fb, "UP +1  DOWN -1  OK", 56)
        else:
            font.center(fb, n, ui.TITLE_H + 2, 1, 2)
            font.text(fb, "+", fb.width - 8, ui.TITLE_H + 2)
            font.text(fb, "-", fb.width - 8, app.height - 8)


# -- resume ---------------------------------------------------------------------------
def _saved_order(g, arg):
    """The picks of an unfinished escape order saved as {"adventurer": a, "order": [...]},
    or None."""
    if not isinstance(arg, dict):
        return None
    a = arg.get("adventurer")
    order = arg.get("order")
    inside = g.in_dungeon()
    if a not in inside or not isinstance(order, list):
        return None
    if len(order) > len(inside) - 2:
        return None  # one adventurer must be left to place by itself
    for x in order:
        if x not in inside or x == a or order.count(x) != 1:
            return None
    return list(order)


def resume(app, s):
    """After a power cut: the in-game screen the players were on (``Game.resume``)."""
    g = s.hoard
    where = s.screen
    arg = s.arg
    if where == "board":
        app.push(BoardScreen(s))
    elif where == "capture" and not g.escape_over:
        app.push(CaptureMenu(s))
    elif where in ("escape", "order") and not g.escape_over:
        esc = app.push(EscapeMenu(s))
        order = _saved_order(g, arg) if where == "order" else None
        if order is not None:
            a = arg["adventurer"]
            esc.sel = g.in_dungeon().index(a)
            app.push(OrderScreen(s, esc, a, order))
    elif where in ("gems", "gems_p") and not g.finished:
        gm = app.push(GemsMenu(s))
        if where == "gems_p" and plain.whole(arg, 0, g.players - 1):
            gm.sel = arg
            app.push(GemScreen(s, arg))
