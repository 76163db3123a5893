"""The game skeleton's screens; ``wyrm.gamekit`` is its saved state and entry."""
#
# The game menu, a stepper, a screen of counts, a chooser and the reference pages,
# loaded with a game that uses them.
from wyrm import buttons
from wyrm.app import Screen
from wyrm.ui import Confirm, Menu, Message, is_down, is_ok, is_up


class Chooser(Menu):
    # Pick one of ``options`` [(label, value)]; OK runs ``on_pick(app, value)``.

    def __init__(self, title_text, options, on_pick):
        super().__init__(title_text, [[label, _picker(on_pick, value)] for label, value in options])


def _picker(on_pick, value):
    def run(app):
        on_pick(app, value)

    return run


def reference_menu(pages, title_text="Quick reference"):
    # A menu of reference pages [(title, lines)]; each opens as a scrolling page.
    return Menu(title_text, [[t, _page_opener(t, lines)] for t, lines in pages])


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


def opener(game, screen, where, index):
    # A menu row's action: open ``screen(game, index)`` and remember it for resume.

    def run(app):
        app.push(screen(game, index))
        game.at(where, index)

    return run


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
            self.sel = (self.sel + (-1 if up else 1)) % self.cells
        elif is_ok(kind, key):
            self.ok(app)
        else:
            return False
        app.redraw()
        return True


class GameMenu(Menu):
    # A game's menu, rebuilt after every change: the game's own ``rows()``, then
    # "Quick reference" (if the game has a ``ref``) and "New game"; with no game yet
    # only "New game" and "Quick reference". "New game" asks ``new_question`` first
    # when a game would be lost, then ``ask(app)`` (how many play, ...). While
    # ``has_top()`` (a winner to show in the first row) changes, the selection goes
    # back to the first row.

    title_text = ""
    new_question = "Start a new game?"
    # ``turns``: the game goes round the table. While a game runs (no winner yet) the
    # title bar names whose turn it is (beside ``turn_title``) and a row after the
    # game's own, "Next turn: <name>", passes the turn on with one OK (the menu's
    # cursor stays there for the next turn).
    turns = False
    turn_title = ""

    def __init__(self, game):
        super().__init__(self.title_text, [])
        self.game = game
        self._top = False
        self.refresh()

    def rows(self):
        return []

    def has_top(self):
        return False

    def refresh(self):
        g = self.game
        ref = [["Quick reference", g.reference]] if g.ref else []
        if g.has_game():
            turn = [[self._next_label, self._pass]] if self._turning() else []
            items = self.rows() + turn + ref + [["New game", self.new_game]]
        else:
            items = [["New game", self.new_game]] + ref
        top = g.has_game() and self.has_top()
        if self.sel >= len(items) or top != self._top:
            self.sel = 0  # rows moved: start at the top (the winner, if any)
        self._top = top
        self.items = items

    def on_show(self, app):
        self.refresh()
        self.game.at("menu")

    def _turning(self):
        g = self.game
        return self.turns and g.has_game() and g.seats() > 1 and not self.has_top()

    def _next_label(self, app):
        return self.game.next_label(app)

    def _pass(self, app):
        self.game.pass_turn()

    def _title(self, app):
        return self.turn_title if self._turning() else super()._title(app)

    def draw(self, app, fb):
        super().draw(app, fb)
        if self._turning():  # whose turn, right in the title bar
            self.game.draw_turn(app, fb)

    def new_game(self, app):
        if self.game.has_game():
            app.push(Confirm(self.new_question, self.ask))
        else:
            self.ask(app)

    def ask(self, app):
        # Ask what a new game needs, then start it.
        pass
