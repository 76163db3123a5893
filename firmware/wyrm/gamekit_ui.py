"""The game skeleton's screens; ``wyrm.gamekit`` is its saved state, menu and entry."""
#
# A stepper, a screen of counts, a chooser and the reference pages.
from wyrm import buttons
from wyrm.app import Screen
from wyrm.lang import t
from wyrm.ui import Menu, Message, is_down, is_ok, is_up


class Chooser(Menu):
    # Pick one of ``options`` [(label, value)]; OK runs ``on_pick(app, value)``.

    def __init__(self, title_text, options, on_pick):
        super().__init__(title_text, [[label, _picker(on_pick, value)] for label, value in options])


def _picker(on_pick, value):
    def run(app):
        on_pick(app, value)

    return run


def who_begins(app, game, title_text, anyone=False):
    # The start player: one of the seats, or (``anyone``) "Random"; their turn then.
    n = game.seats()
    options = [(game.who(app, i), i) for i in range(n)]
    if anyone:
        options.append((t("Random", "Zufall"), -1))

    def pick(app, seat):
        if seat < 0:
            seat = app.rng.below(n)
            app.toast(game.who(app, seat) + t(" begins", " beginnt"))
        app.pop()
        game.set_start(seat)
        menu = game.menu_screen
        if menu is not None:
            menu.offer_turn()

    app.push(Chooser(title_text, options, pick))


def reference_menu(pages, title_text=None):
    # A menu of reference pages [(title, lines)]; each opens as a scrolling page.
    return Menu(title_text or t("Quick reference", "Kurzregeln"),
                [[head, _page_opener(head, lines)] for head, lines in pages])


def _page_opener(title_text, lines):
    def run(app):
        app.push(Message(title_text, lines, wrap_lines=False))

    return run


class Stepper(Screen):
    # A value to step: UP/DOWN change it by one (``bump(app, +1 or -1)``), OK closes.

    def bump(self, app, delta):
        pass

    def on_event(self, app, kind, key):
        if is_up(kind, key):
            self.bump(app, 1)
        elif is_down(kind, key):
            self.bump(app, -1)
        elif is_ok(kind, key):
            app.pop(self)
        else:
            return False
        app.redraw()
        return True


class Counts(Screen):
    # A player's counts to change, one per row or cell: UP/DOWN move ``sel`` round the
    # ``cells``, OK edits the one selected (``ok``), then UP/DOWN change it by one
    # (``change(app, +1 or -1)``) until OK or BACK.

    cells = 1

    def __init__(self, game, player):
        self.game = game
        self.player = player  # whose counts
        self.sel = 0
        self.edit = False

    def ok(self, app):
        self.edit = True

    def change(self, app, delta):
        pass

    def moved(self, app, old):
        # the cursor went from ``old`` to ``sel``: a screen that can draw only what
        # changed marks it and calls app.touch() (draw_part)
        app.redraw()

    def on_event(self, app, kind, key):
        up = is_up(kind, key)
        down = is_down(kind, key)
        if self.edit:
            if up or down:
                self.change(app, 1 if up else -1)
            elif kind == buttons.CLICK and (key == buttons.OK or key == buttons.BACK):
                self.edit = False
            else:
                return False
        elif up or down:
            old = self.sel
            self.sel = (old + (-1 if up else 1)) % self.cells
            self.moved(app, old)
            return True
        elif is_ok(kind, key):
            self.ok(app)
        else:
            return False
        app.redraw()
        return True


def upper(s):
    # s in capitals, umlauts included ("Grün" -> "GRÜN"): MicroPython's str.upper() changes
    # only ASCII letters, CPython's every letter; the panel must show the same on both
    return s.upper().replace("ä", "Ä").replace("ö", "Ö").replace("ü", "Ü")
