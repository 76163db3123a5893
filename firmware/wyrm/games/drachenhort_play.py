"""Drachenhort's in-game screens: capture, escape (order and review), board, gems.

Loaded only while one of them is open (``drachenhort_ui._play``) and dropped
again when the game menu shows, so the menu, the die and the dealer run without
them. Shared drawing helpers and the saved game (``Session``) live in
``drachenhort_ui``.
"""
from micropython import const

from wyrm import buttons, font, gamekit_ui, players, ui
from wyrm.app import Screen
from wyrm.games import drachenhort, drachenhort_ui

_ADV = const(7)
_DENSE = const(8)  # row height of the board
# right edges of the board's columns
_X_S = const(84)
_X_G = const(102)
_X_T = const(122)


def _token_label(s, a, value):
    name = s.name(a)
    tail = "%s %d" % (s.metal(), value)
    text = name + " -> " + tail
    return text if len(text) <= font.CHARS else ui.fit(name + " " + tail)


# -- capture and escape ------------------------------------------------------------
class CaptureMenu(ui.Menu):
    def __init__(self, s):
        super().__init__("Who was captured?", [])
        self.s = s
        v = s.game.next_value()
        for a in s.game.in_dungeon():
            self.items.append([_token_label(s, a, v), self._pick(a)])

    def on_open(self, app):
        self.s.at("capture")

    def _pick(self, a):
        def run(app):
            s = self.s
            g = s.game
            value = g.next_value()
            # The capture and the way back to the game menu are one save: a power cut
            # between two saves resumed this list with the capture already recorded.
            s.screen = "menu"
            s.arg = None
            why = s.apply(["capture", a])
            app.pop(self)
            if why:
                app.toast(why)
                return
            if g.escape_over:
                top = drachenhort.ESCAPE_VALUE
                last = [x for x in range(_ADV) if g.token(g.escape, x) == top][0]
                metal = s.metal()
                nxt = "Next: gems, then "
                nxt += "Start escape 2." if g.escape == 1 else "the final reveal."
                app.push(
                    ui.Message(
                        "Escape %d over" % g.escape,
                        [
                            "%s: %s %d" % (s.name(a), metal, value),
                            "%s: %s 8 (last one in)" % (s.name(last), metal),
                            nxt,
                        ],
                    )
                )
            else:
                app.toast("%s: %s %d" % (s.name(a), s.metal(), value))

        return run


class EscapeMenu(ui.Menu):
    def __init__(self, s):
        super().__init__("Who escaped?", [])
        self.s = s
        for a in s.game.in_dungeon():
            self.items.append([_token_label(s, a, drachenhort.ESCAPE_VALUE), self._pick(a)])

    def on_open(self, app):
        self.s.at("escape")

    def on_show(self, app):
        self.s.at("escape")

    def _pick(self, a):
        def run(app):
            app.push(OrderScreen(self.s, self, a, []))

        return run


class OrderScreen(ui.Menu):
    """The adventurers still in the dungeon, one by one, farthest from the dragon first."""

    def __init__(self, s, parent, a, order):
        super().__init__(self._title_text, [])
        self.s = s
        self.parent = parent
        self.a = a
        self.order = order
        self.reviewing = False  # the review is open above this list
        self.fill()

    def _title_text(self, app):
        return "Farthest from dragon" if not self.order else "Next farthest"

    def values(self):
        vals = [v for v in self.s.left_values() if v != drachenhort.ESCAPE_VALUE]
        vals.reverse()
        return vals

    def rest(self):
        return [x for x in self.s.game.in_dungeon() if x != self.a and x not in self.order]

    def fill(self):
        v = self.values()[len(self.order)]
        self.items = [[_token_label(self.s, x, v), self._pick(x)] for x in self.rest()]
        self.sel = 0
        self.first = 0

    def on_open(self, app):
        if len(self.rest()) <= 1:
            self._review(app)
        else:
            self.s.at("order", {"a": self.a, "o": list(self.order)})

    def on_show(self, app):
        if not self.reviewing:
            return  # a message (e.g. at boot) closed above the list: nothing to undo
        self.reviewing = False
        # back from the review: the last one was placed by itself, take it back
        # together with the last pick
        self.order.pop()
        if self.order:
            self.order.pop()
        elif len(self.rest()) <= 1:
            app.pop(self)
            return
        self.fill()
        self.s.at("order", {"a": self.a, "o": list(self.order)})

    def _pick(self, x):
        def run(app):
            self.order.append(x)
            if len(self.rest()) <= 1:
                self._review(app)
                return
            self.fill()
            self.s.at("order", {"a": self.a, "o": list(self.order)})

        return run

    def _review(self, app):
        self.reviewing = True
        self.order += self.rest()
        app.push(Review(self.s, self))

    def on_event(self, app, kind, key):
        if kind == buttons.CLICK and key == buttons.BACK and self.order:
            self.order.pop()
            self.fill()
            self.s.at("order", {"a": self.a, "o": list(self.order)})
            app.redraw()
            return True
        return super().on_event(app, kind, key)

    def commit(self, app):
        s = self.s
        g = s.game
        why = s.apply(["escape", self.a, list(self.order)])
        app.pop(self.parent)
        if why:
            app.toast(why)
        else:
            app.toast("Escape %d over" % g.escape)


class Review(Screen):
    """What the escape hands out; OK saves it, BACK changes the order."""

    def __init__(self, s, order_screen):
        self.s = s
        self.o = order_screen
        self.first = 0

    def on_open(self, app):
        # resume comes back to the order screen with every pick but the automatic last
        self.s.at("order", {"a": self.o.a, "o": self.o.order[:-1]})

    def rows(self):
        s = self.s
        m = s.metal()
        out = [[s.name(self.o.a), "%s 8 (out)" % m]]
        vals = self.o.values()
        for i, x in enumerate(self.o.order):
            out.append([s.name(x), "%s %d" % (m, vals[i])])
        return out

    def on_event(self, app, kind, key):
        # OK commits: that closes this review with the order and escape screens.
        return ui.scroll_event(self, app, kind, key, len(self.rows()), ui.rows(app), self.o.commit)

    def draw(self, app, fb):
        name = self.s.name(self.o.a)
        head = name[:1].upper() + name[1:]
        if len(head) <= 4:
            head += " escapes"
        elif len(head) <= 8:
            head += " out"
        ui.title(fb, head)
        drachenhort_ui._note(fb, "OK: save")
        drachenhort_ui._draw_rows(app, fb, self.rows(), self.first)


# -- board -------------------------------------------------------------------------
class BoardScreen(Screen):
    """All seven adventurers: silver, gold and their sum ("-": still in the dungeon)."""

    def __init__(self, s):
        self.s = s
        self.first = 0

    def on_open(self, app):
        self.s.at("board")

    def on_event(self, app, kind, key):
        return ui.scroll_event(self, app, kind, key, _ADV, (app.height - _DENSE) // _DENSE)

    def draw(self, app, fb):
        s = self.s
        g = s.game
        drachenhort_ui._dense_bar(fb, "Board")
        drachenhort_ui._rtext(fb, "S", _X_S, 0, 0)
        drachenhort_ui._rtext(fb, "G", _X_G, 0, 0)
        drachenhort_ui._rtext(fb, "VP", _X_T, 0, 0)
        shown = (app.height - _DENSE) // _DENSE
        for r in range(min(shown, _ADV - self.first)):
            a = self.first + r
            y = _DENSE + r * _DENSE
            font.text(fb, ui.fit(s.name(a), 12), 2, y)
            drachenhort_ui._rtext(fb, _tok(g, 1, a), _X_S, y)
            drachenhort_ui._rtext(fb, _tok(g, 2, a), _X_G, y)
            drachenhort_ui._rtext(fb, str(g.adventurer_total(a)), _X_T, y)
        drachenhort_ui._marks(app, fb, self.first, shown, _ADV, _DENSE)


def _tok(g, escape, a):
    v = g.token(escape, a)
    if v:
        return str(v)
    return "-" if escape == g.escape else ""


# -- gems --------------------------------------------------------------------------
class GemsMenu(drachenhort_ui._Menu):
    def __init__(self, s):
        super().__init__(self._title_text, [])
        self.s = s
        self.note = self._left
        for p in range(s.game.players):
            self.items.append([self._label(p), self._open(p)])
        self.sel = s.turn()  # a gem goes to whose turn it is

    def _title_text(self, app):
        return "Gems escape %d" % self.s.game.escape

    def _left(self, app):
        return "%d left" % self.s.game.gems_left()

    def _label(self, p):
        def lab(app):
            g = self.s.game
            now = g.gems_in(g.escape, p)
            if g.escape == 1:
                return ui.pad(players.name(app, p), str(now), 20)
            return ui.pad(players.name(app, p), "%d (all %d)" % (now, g.gems(p)), 20)

        return lab

    def _open(self, p):
        def run(app):
            app.push(GemScreen(self.s, p))

        return run

    def on_open(self, app):
        self.s.at("gems")

    def on_show(self, app):
        self.s.at("gems")


class GemScreen(gamekit_ui.Stepper):
    """One player's gems of this escape: UP +1, DOWN -1, OK done."""

    def __init__(self, s, p):
        self.s = s
        self.p = p
        self.mine = None  # number of events after this screen's last change

    def on_open(self, app):
        self.s.at("gems_p", self.p)

    def bump(self, app, d):
        s = self.s
        g = s.game
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
        g = self.s.game
        ui.title(fb, "%s gems" % players.name(app, self.p), "esc. %d" % g.escape)
        n = str(g.gems_in(g.escape, self.p))
        if app.tall:
            font.big_center(fb, n, ui.TITLE_H + 3)
            info = "%d left" % g.gems_left()
            if g.escape == 2:
                info = "all %d, %s" % (g.gems(self.p), info)
            font.center(fb, info, 44)
            font.center(fb, "UP +1  DOWN -1  OK", 56)
        else:
            font.center(fb, n, ui.TITLE_H + 2, 1, 2)
            font.text(fb, "+", fb.width - 8, ui.TITLE_H + 2)
            font.text(fb, "-", fb.width - 8, app.height - 8)
