"""Drachenfels' screens past its menu: setup, a knight, the castle check, the winner."""

from micropython import const

from wyrm import buttons, font, gamekit, gamekit_ui, ui
from wyrm.app import Screen
from wyrm.games import drachenfels
from wyrm.ticks import ticks_diff

# Peek states
_WAIT = const(0)  # not looked yet
_SHOW = const(1)  # OK held: the secret is on screen
_HIDDEN = const(2)  # held too long: hidden again
_DONE = const(3)  # looked and let go


def give_armour(app, game, k):
    # The knight reached the royal castle: its armour, and the turn is over.
    drachenfels.give_armour(game.board(), k)
    game.end_turn(app)
    app.toast("%s: armour. %s's turn" % (game.name(k), game.name(game.turn())))


def rainbows(app, game):
    links = drachenfels.rainbow_links(game.board())
    app.push(ui.Message("Rainbows may link", links, wrap_lines=False))


# -- setup -----------------------------------------------------------------------------
class KnightPick(Screen):
    """Fewer than four players: which knights (colours) play."""

    def __init__(self, n, on_done):
        self.n = n
        self.on_done = on_done
        self.chosen = [c < n for c in range(drachenfels.CASTLES)]
        self.sel = drachenfels.CASTLES  # "Start game": the first n colours are ticked

    def count(self):
        return sum(1 for c in self.chosen if c)

    def on_event(self, app, kind, key):
        rows = drachenfels.CASTLES + 1
        if ui.is_up(kind, key):
            self.sel = (self.sel - 1) % rows
        elif ui.is_down(kind, key):
            self.sel = (self.sel + 1) % rows
        elif ui.is_ok(kind, key):
            if self.sel < drachenfels.CASTLES:
                self.chosen[self.sel] = not self.chosen[self.sel]
            elif self.count() != self.n:
                app.toast("Pick %d knights" % self.n)
            else:
                app.pop(self)
                self.on_done(app, [c for c in range(drachenfels.CASTLES) if self.chosen[c]])
        else:
            return False
        app.redraw()
        return True

    def draw(self, app, fb):
        ui.title(fb, "Knights in play", "%d/%d" % (self.count(), self.n))
        shown = ui.rows(app)
        first = 0 if self.sel < shown else self.sel - shown + 1
        for r in range(min(shown, drachenfels.CASTLES + 1 - first)):
            i = first + r
            if i < drachenfels.CASTLES:
                mark = font.CHECK if self.chosen[i] else "-"
                ui.draw_row(fb, r, drachenfels.COLOURS[i], i == self.sel, mark + " ")
            else:
                ui.draw_row(fb, r, "Start game", i == self.sel)


class SetupInfo(Screen):
    """Deck size, removed cards, hand size, draw pile; OK: the princesses note."""

    def __init__(self, n):
        self.n = n

    def on_event(self, app, kind, key):
        if ui.is_ok(kind, key):
            app.pop(self)
            app.push(
                ui.Message(
                    "Princesses",
                    "Wyrm has hidden the 4 princesses. Rock castle 1 is the one nearest "
                    "the player who begins; number the others 2-4 clockwise from it. Do "
                    "not lift the pieces: use Castle check.",
                )
            )
            return True
        return False

    def draw(self, app, fb):
        n = self.n
        ui.title(fb, "Setup", "%d players" % n)
        size = drachenfels.deck_size(n)
        pile = drachenfels.draw_pile_size(n)
        tall = app.tall
        font.center(fb, "%d cards" % size, 12, 1, 2 if tall else 1)
        if not tall:
            font.center(fb, "7 each, pile %d" % pile, 22)
            return
        if n < drachenfels.MAX_PLAYERS:
            font.center(fb, "Take out one each of", 30)
            font.center(fb, "point cards 1 to 5.", 38)
        else:
            font.center(fb, "All cards are used.", 34)
        font.center(fb, "Deal 7 cards each;", 47)
        font.center(fb, "draw pile: %d cards" % pile, 55)


# -- a knight --------------------------------------------------------------------------
class KnightMenu(ui.Menu):
    def __init__(self, game, k):
        self.game = game
        self.k = k
        items = [
            [self._armour_label, self.armour],
            ["Move: point card", lambda app: app.push(Move(game, k))],
            ["Castle check", lambda app: castle_check(app, game, k)],
            [self._seen_label, self.seen],
        ]
        name = game.name(k)
        colour = game.colour(k)
        title = colour + " knight" if name == colour else "%s (%s)" % (name, colour)
        super().__init__(title, items)

    def on_show(self, app):
        self.game.at("knight", self.k)

    def kn(self):
        return self.game.knights()[self.k]

    def _armour_label(self, app):
        return "Armour: " + ("yes" if self.kn()["armour"] else "no")

    def armour(self, app):
        kn = self.kn()
        if kn["armour"]:
            kn["armour"] = False
        else:
            drachenfels.give_armour(self.game.board(), self.k)
        self.game.save()

    def _seen_label(self, app):
        seen = [str(c + 1) for c in range(drachenfels.CASTLES) if self.kn()["visited"] & (1 << c)]
        return "Castles seen: " + (", ".join(seen) if seen else "none")

    def seen(self, app):
        app.toast("Rock castles this knight has looked into")


class Move(gamekit_ui.Stepper):
    """Point card value (UP/DOWN) and the fields the knight may move."""

    def __init__(self, game, k):
        self.game = game
        self.k = k
        self.value = 1

    def bump(self, app, delta):
        self.value = min(5, max(1, self.value + delta))

    def draw(self, app, fb):
        g = self.game
        ui.title(fb, g.name(self.k) + " moves")
        opts = drachenfels.move_options(g.board(), self.k, self.value)
        tall = app.tall
        font.center(fb, "Point card: %d" % self.value, 12)
        if self.value < 5:
            ui.arrow(fb, fb.width - 3, 12, -1)
        if self.value > 1:
            ui.arrow(fb, fb.width - 3, 19, 1)
        if not tall:
            font.center(fb, " or ".join(str(v) for v in opts) + " fields", 22)
            return
        if len(opts) == 1:
            font.big_center(fb, str(opts[0]), 22)
            caption = "(x2 after a castle)"
        else:
            a = str(opts[0])
            b = str(opts[1])
            wa = font.big_width(a)
            wb = font.big_width(b)
            gap = 24
            x = (fb.width - wa - gap - wb) // 2
            font.big(fb, a, x, 22)
            font.text(fb, "or", x + wa + 6, 32)
            font.big(fb, b, x + wa + gap, 22)
            caption = "fields: single/double"
        font.center(fb, caption, 55)


# -- the castle check -------------------------------------------------------------------
def castle_check(app, game, k):
    rules = game.board()
    name = game.name(k)
    if rules["winner"] is not None:
        app.toast("The game is over")
        return
    if not game.knights()[k]["armour"]:
        app.toast("%s needs armour first" % name)
        return
    options = [("Rock castle %d" % (c + 1), c) for c in range(drachenfels.CASTLES)]
    root = []

    def picked(app, c):
        app.pop(root[0])
        app.push(Peek(game, k, c))

    root.append(app.push(gamekit_ui.Chooser(name + ": which castle?", options, picked)))


class Peek(Screen):
    """Hand-over screen: the shoe colour shows only while OK is held."""

    hold_ok = True

    def __init__(self, game, k, castle):
        self.game = game
        self.k = k
        self.castle = castle
        self.state = _WAIT
        self.since = 0
        self.result = None
        self.held = False  # OK held past a long press while looking

    def on_event(self, app, kind, key):
        if key == buttons.OK:
            if kind == buttons.PRESS and self.state == _WAIT:
                if self.result is None:
                    try:
                        rules = self.game.board()
                        self.result = drachenfels.visit_castle(rules, self.k, self.castle)
                    except ValueError as e:
                        app.pop(self)
                        app.toast(str(e))
                        return True
                    self.game.save()
                self.state = _SHOW
                self.since = app.now
            elif kind == buttons.LONG:
                if self.state not in (_SHOW, _HIDDEN):
                    return False  # no look under way: a slow press, a click on the release
                self.held = True  # (its release brings no CLICK)
            elif kind == buttons.RELEASE and self.state in (_SHOW, _HIDDEN):
                # Letting go ends the look: the turn passes, back on the game menu. A
                # short hold ends in a CLICK in this step: that CLICK ends it, so it
                # cannot act on the menu too.
                self.state = _DONE
                if self.held:
                    self._finish(app)
                    return True
            elif kind == buttons.CLICK and self.state == _DONE:
                self._finish(app)  # (the look's own CLICK, or OK on "Done looking?")
            app.redraw()
            return True
        if kind == buttons.CLICK and (key == buttons.BACK or (app.keys < 4 and key == buttons.UP)):
            if self.state == _WAIT:
                app.pop(self)  # cancelled before looking
            elif self.state == _DONE:
                self._finish(app)
        return kind != buttons.LONG  # (a held BACK: a slow press)

    def on_show(self, app):
        # Something covered this screen (the quick roll): OK's release went there.
        self._stop(app)

    def _stop(self, app):
        if self.state in (_SHOW, _HIDDEN):
            self.state = _DONE
            app.redraw()

    def tick(self, app, now):
        if self.state == _SHOW:
            if not app.buttons.held(buttons.OK):  # a release this screen did not hear
                self._stop(app)
                return
            app.keep_awake()
            if ticks_diff(now, self.since) >= app.settings["peek_s"] * 1000:
                self.state = _HIDDEN
                app.redraw()

    def _finish(self, app):
        app.pop(self)
        r = self.result
        if r is None:
            return
        if r["won"]:
            app.push(Win(self.game))
            return
        self.game.end_turn(app)  # not the princess: the turn is over
        if r["rule_changed"]:
            lines = ["First castle missed.", "From now on:"] + list(drachenfels.RAINBOW_RULE_LINES)
            app.push(ui.Message("Rainbows", lines, wrap_lines=False))

    def draw(self, app, fb):
        g = self.game
        ui.title(fb, "Rock castle %d" % (self.castle + 1))
        tall = app.tall
        s = self.state
        r = self.result
        if s == _SHOW and r is not None:
            colour = drachenfels.COLOURS[r["colour"]].upper()
            if not tall:
                font.center(fb, "Shoes: " + colour, 12)
                font.center(fb, "YOU WIN!" if r["won"] else "Not yours", 22)
                return
            font.center(fb, "The shoes are", 13)
            font.center(fb, colour, 23, 1, 2)
            if r["won"]:
                font.center(fb, "Your princess -", 44)
                font.center(fb, "you win!", 53)
            else:
                font.center(fb, "Not yours. Let go", 44)
                font.center(fb, "of OK.", 53)
            return
        if s == _WAIT:
            lines = (
                "Hand Wyrm to %s." % g.name(self.k),
                "Others look away.",
                "Hold OK to look",
                "BACK: cancel" if app.keys >= 4 else "UP: cancel",
            )
        elif s == _HIDDEN:
            lines = ("Hidden again.", "", "Let go of OK.", "")
        else:
            lines = ("Done looking?", "Hand Wyrm back.", "", "OK: continue")
        if not tall:
            font.center(fb, lines[0], 12)
            font.center(fb, lines[2] or lines[1], 22)
            return
        for i in range(4):
            if lines[i]:
                font.center(fb, lines[i], 15 + i * 12 if i < 3 else 55)


class Win(gamekit.Page):
    def __init__(self, game):
        self.game = game

    def draw(self, app, fb):
        g = self.game
        k = g.board()["winner"]
        ui.title(fb, "Game over")
        name = g.name(k)
        tall = app.tall
        head = name + " wins!"
        font.center(fb, head, 14, 1, 2 if tall and font.width(head, 2) <= fb.width else 1)
        if tall:
            font.center(fb, "%s found the" % name, 38)
            font.center(fb, "princess!", 47)
