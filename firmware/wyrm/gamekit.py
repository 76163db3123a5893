"""The game kit: a game's save, its menu, the turn flow, entry and resume.

A game is four modules under ``wyrm.games`` (docs/DEVELOPING.md): ``<game>.py`` the
rules, ``<game>_game.py`` its ``Game(SavedGame)``, ``GameMenu`` and
``enter = gamekit.entry(Game)``, ``<game>_play.py`` the screens past the menu,
``<game>_ref.py`` the quick reference. ``<game>_game.py`` imports the others.
"""
from wyrm import buttons, font, gamekit_ui, players
from wyrm.app import Screen
from wyrm.lang import t
from wyrm.plain import whole
from wyrm.ui import TITLE_H, Confirm, Menu, error


class SavedGame:
    # A game's saved state plus the app; every screen of the game shares one.
    #
    # ``state`` is the plain JSON the store keeps (None: no game yet): the game's one
    # save object. A game checks a save in ``valid`` (which may also set a bad field to
    # its default, in place); its rules objects are views of the state's own dicts
    # (``plain.field``: an attribute that is a state key), so ``to_json`` / ``take`` are
    # the kit's, for every game. A new game's save is made by ``begin``. Where the players
    # are is kept in the state as ``screen`` and ``at_key`` (an index: the player, the
    # knight) so that ``resume`` can go back there: a screen past the menu says where it
    # is with ``at`` as it opens, the menu says "menu" as it shows again.

    store_name = ""
    version = 1
    ref = None  # ``wyrm.games.<game>_ref``: PAGES, PAGES_DE [(title, lines)], "Quick reference"
    at_key = "player"

    def __init__(self, app, state=None):
        self.app = app
        self.state = state
        self.menu_screen = None  # the game menu, once open
        self.passed = None  # whose turn it was before a pass the menu's row can still undo

    def after_open(self, app):
        # Right after the menu's first frame: work the game puts off until it is out.
        pass

    # -- the save --
    def has_game(self):
        return self.state is not None

    def to_json(self):
        return self.state

    def valid(self, obj):
        return True

    def turn_ok(self):
        # True when the state names seats that exist as whose turn and who starts.
        st = self.state
        if not isinstance(st, dict):
            return True
        n = self.seats()
        for key in ("turn", "start"):
            if key in st and not whole(st[key], 0, n - 1 if n else 0):
                return False
        ends = st.get("ends", [])  # (``end_turn``: [undo place, seat] each)
        if not isinstance(ends, list):
            return False
        for e in ends:
            if not isinstance(e, list) or len(e) != 2 or not whole(e[0], 1, 1 << 30) \
                    or not whole(e[1], 0, n - 1 if n else 0):
                return False
        return True

    def begin(self, fields):
        # A new game: its save is ``fields`` plus the kit's "v" (this version), "screen"
        # ("menu"), "turn" (seat 1) and ``at_key`` (0), checked as a save read back is
        # (``valid`` and the seats: a ValueError if it fails, a bug). The state from now
        # on, written once the key's frame is out; a pass of the old game is forgotten.
        st = {"v": self.version, "screen": "menu", "turn": 0, self.at_key: 0}
        for k in fields:
            st[k] = fields[k]
        old = self.state
        self.state = st
        if not (self.valid(st) and self.turn_ok()):
            self.state = old
            raise ValueError("new save")
        self.pass_stands()
        self.save()
        return st

    def take(self, raw):
        # Take a save read from the store (a dict of this version); False when it has
        # the wrong shape. A KeyError, TypeError ... raised here counts as False.
        if not self.valid(raw):
            return False
        self.state = raw
        return True

    def save(self):
        # Written once the key's frame is out, before the next key acts (App.save_soon):
        # the players see the change first. False: no game.
        if not self.has_game():
            return False
        self.app.save_soon(self.store_name, self.to_json())
        return True

    def at(self, screen, index=None):
        # Remember the screen the players are on (and whose), saved for resume.
        st = self.state
        if st is None:
            return
        key = self.at_key
        if index is None:
            index = st[key]
        if st["screen"] != screen or st[key] != index:
            st["screen"] = screen
            st[key] = index
            self.save()

    # -- turns: a game that goes round the table (GameMenu.turns) --
    def seats(self):
        # how many take turns (the game's players)
        return 0

    def turn(self):
        # whose turn it is: "turn" in the state, seeded by "start" (who starts)
        st = self.state
        n = self.seats()
        return (st.get("turn", st.get("start", 0)) % n) if st and n else 0

    def next_seat(self):
        # whose turn comes after this one's (round the table)
        n = self.seats()
        return (self.turn() + 1) % n if n else 0

    def put_turn(self, seat):
        # Keep whose turn it is: "turn" in the state.
        st = self.state
        if st is not None:
            st["turn"] = seat

    def pass_turn(self):
        # The next seat's turn. Until something else is chosen or entered, the game menu's
        # last row takes it back ("Undo pass to Ben": ``undo_pass``); BACK never does.
        if self.has_game() and self.seats():
            self.passed = self.turn()
            self.put_turn(self.next_seat())
            self.save()

    def pass_stands(self):
        # Something else was chosen or entered: the last pass stands ("Undo pass" goes).
        self.passed = None

    def undo_pass(self):
        # Back to the turn before the last pass: True when there was one to undo.
        seat = self.passed
        self.pass_stands()
        if seat is None or not self.has_game() or seat >= self.seats():
            return False
        self.put_turn(seat)
        self.save()
        return True

    def set_start(self, seat):
        # Who begins (the rulebook's way, chosen at New game): it is their turn.
        st = self.state
        if st is not None:
            st["start"] = seat
            self.put_turn(seat)
            self.pass_stands()
            self.save()

    def end_turn(self, app, undo_at=0):
        # A result screen's OK when its action ends the turn: pass it on, back on the
        # game menu with the cursor on the row a turn begins with. ``undo_at``: the
        # action's place in the game's undo list (the list's length with it; 0: it cannot
        # be undone): its undo gives this turn back (``undone``).
        st = self.state
        if undo_at and st is not None and self.seats():
            st.setdefault("ends", []).append([undo_at, self.turn()])
        self.pass_turn()
        menu = self.menu_screen
        stack = app.stack
        if menu is not None and menu in stack:
            i = stack.index(menu)
            if i + 1 < len(stack):
                app.pop(stack[i + 1])  # the screens above the menu close
            menu.offer_turn()

    def undone(self, at):
        # The game's undo took back the action at ``at`` (its undo list's length before):
        # if that action ended a turn, the turn is given back with it. True then.
        st = self.state
        ends = st.get("ends") if st is not None else None
        back = None
        while ends and ends[-1][0] >= at:
            e = ends.pop()
            if e[0] == at:
                back = e[1]
        if back is None:
            return False
        self.pass_stands()
        self.put_turn(back)
        self.save()
        return True

    def who(self, app, i):
        # a player's name for the title bar: the table's (main menu > Players), else P3
        return players.short(app, i)

    def names(self):
        # every seat's name, as the title bar shows it
        return [self.who(self.app, i) for i in range(self.seats())]

    def table_count(self, n, lo, hi):
        # a new game's player count: the table's (main menu > Players), else ``n``
        return players.count_or(self.app, n, lo, hi)

    def who_begins(self, app, title_text, anyone=False):
        # "Who begins?" at New game, the rulebook's way in the title ("Oldest begins"):
        # the seats by name, seat 1 under the cursor (one OK); ``anyone``: "Random" too.
        gamekit_ui.who_begins(app, self, title_text, anyone)

    def next_label(self, app):
        # the row that passes the turn on: "Next turn: Ben"
        return t("Next turn: ", "Nächster Zug: ") + self.who(app, self.next_seat())

    def draw_turn(self, app, fb):
        # whose turn, right in the title bar; returns where its box begins
        name = self.who(app, self.turn())
        x = fb.width - 1 - font.width(name)
        fb.fill_rect(x - 4, 0, fb.width - x + 4, 9, 1)
        font.text(fb, name, x, 1, 0)
        return x - 4

    # -- the screens --
    def menu(self):
        raise NotImplementedError

    def resume(self, app, menu):
        # After a power cut, with a good save: push the screen the players were on.
        pass

    def reference(self, app):
        # The reference pages in the language in use (the module ``ref``: PAGES and
        # PAGES_DE; GameMenu offers the row only with one).
        ref = self.ref
        if ref is not None:
            app.push(gamekit_ui.reference_menu(t(ref.PAGES, ref.PAGES_DE)))


def load(app, game):
    # Read the game's save into ``game``: None, or a problem text for the players.
    #
    # A save the game cannot use (another version, the wrong shape, a turn that is
    # not a seat) is set aside by the store like a damaged one, and its backup is
    # tried; the store's sentence says what was lost.
    def check(raw):
        if not isinstance(raw, dict):
            return 1  # the store's "damaged"
        if not whole(raw.get("v"), game.version, game.version):
            return 2  # "from another Wyrm version"
        return 0 if game.take(raw) and game.turn_ok() else 1

    store = app.store
    if store.load(game.store_name, None, check) is None:
        game.state = None
    said = store.take_problems()
    return " ".join(said) if said else None


def entry(game_class):
    # A game module's ``enter(app, resume)`` for its SavedGame class:
    # ``enter = gamekit.entry(Game)``.

    def enter_game(app, resume=False):
        game = game_class(app)
        enter(app, game, resume)
        app.after_frame(game.after_open)

    return enter_game


def enter(app, game, resume=False):
    # The game's entry point: its menu, the screen the players were on after a
    # power cut (``resume``), and what was wrong with the save, if anything.
    problem = load(app, game)
    menu = app.push(game.menu())
    game.menu_screen = menu
    if problem is None and game.has_game():
        if resume:
            game.resume(app, menu)
        else:
            game.at("menu")  # opened from the main menu: the players are on its menu
    if problem:
        error(app, problem, t("Saved game", "Gespeichertes Spiel"))
    return menu


def opener(game, screen, where, index):
    # A menu row's action: open ``screen(game, index)`` and remember it for resume.

    def run(app):
        app.push(screen(game, index))
        game.at(where, index)

    return run


class GameMenu(Menu):
    # A game's menu, rebuilt after every change: the game's own ``rows()``, then
    # "Quick reference" (if the game has a ``ref``) and "New game"; with no game yet
    # only "New game" and "Quick reference". "New game" asks ``new_question`` first
    # when a game would be lost, then ``ask(app)`` (how many play, ...). While
    # ``has_top()`` (a winner to show in the first row) changes, the selection goes
    # back to the first row.

    title_text = ""
    title_extras = True  # draw() adds whose turn it is to the title bar only
    new_question = None  # None: "Start a new game?"
    # ``turns``: the game goes round the table. While a game runs (no winner yet) the
    # title bar names whose turn it is (beside ``turn_title``) and a row after the
    # game's own, "Next turn: <name>", passes the turn on with one OK (``more_rows`` come
    # right after it); the cursor then
    # goes to row ``turn_row`` (where a turn begins; -1: "Next turn" itself, for a game
    # whose turns happen at the table). Right after any pass the last row, "Undo pass
    # to <name>" (one UP from the top: the list wraps), takes it back; another choice
    # or entry lets the pass stand, and BACK only ever leaves the menu.
    turns = False
    turn_title = ""
    turn_row = 0
    turn_first = False  # "Next turn" above the game's own rows (the row most used)

    def __init__(self, game):
        super().__init__(self.title_text, [])
        self.game = game
        self._top = False
        self._unpass = None  # the row "Undo pass to <name>" while it is on the list
        self.refresh()
        if self.turns and game.has_game():
            self.turn_cursor()  # opened on a game: the cursor where a turn begins

    def rows(self):
        return []

    def more_rows(self):
        # the game's rows after "Next turn" (before "Quick reference")
        return []

    def has_top(self):
        return False

    def refresh(self):
        g = self.game
        ref = [[t("Quick reference", "Kurzregeln"), g.reference]] if g.ref else []
        if g.has_game():
            turn = [[g.next_label, self._pass]] if self._turning() else []
            if self.turn_first:
                items = turn + self.rows()
            else:
                items = self.rows() + turn
            items += self.more_rows() + ref + [[t("New game", "Neues Spiel"), self.new_game]]
        else:
            items = [[t("New game", "Neues Spiel"), self.new_game]] + ref
        self._unpass = None
        if g.passed is not None and self._turning():  # (the last row: one UP from the top)
            self._unpass = [self._unpass_label, self._undo_pass]
            items.append(self._unpass)
        top = g.has_game() and self.has_top()
        if self.sel >= len(items) or top != self._top:
            self.sel = 0  # rows moved: start at the top (the winner, if any)
        self._top = top
        self.items = items

    def on_show(self, app):
        self.refresh()
        self.game.at("menu")

    def on_event(self, app, kind, key):
        row = self._unpass
        if kind == buttons.CLICK and key == buttons.OK and row is not None \
                and self.items[self.sel] is not row:
            self.game.pass_stands()  # any other choice: the pass stands, its row goes
            if self.items[-1] is row:
                self.items.pop()
            self._unpass = None
        return super().on_event(app, kind, key)

    def _unpass_label(self, app):
        g = self.game
        return t("Undo pass to ", "Zurück zu ") + g.who(app, g.turn())

    def _undo_pass(self, app):
        # the row "Undo pass to Ben": the turn before the pass again
        g = self.game
        if g.undo_pass():
            app.toast(t("Back to ", "Zurück zu ") + g.who(app, g.turn()))
            self.pass_undone(app)
        else:
            self.refresh()

    def pass_undone(self, app):
        # after "Undo pass": the cursor on "Next turn", where a pass is made again
        self.offer_pass()

    def _turning(self):
        g = self.game
        return self.turns and g.has_game() and g.seats() > 1 and not self.has_top()

    def _pass(self, app):
        g = self.game
        g.pass_turn()
        self.offer_turn()

    def offer_turn(self):
        # the next turn begins: the cursor where it begins (a game may open its screen)
        self.turn_cursor()

    def turn_cursor(self):
        # the cursor on the row a turn begins with
        if self.turn_row < 0:
            self.offer_pass()
            return
        self.refresh()
        if self.game.has_game() and self.turn_row < len(self.items):
            self.sel = self.turn_row

    def offer_pass(self):
        # the cursor on "Next turn": an action on the menu that ends the turn was
        # entered, one OK passes it
        self.refresh()
        if self._turning():
            self.sel = 0 if self.turn_first else len(self.rows())

    def _title(self, app):
        return self.turn_title if self._turning() else super()._title(app)

    def draw(self, app, fb):
        super().draw(app, fb)
        if self._turning():  # whose turn, right in the title bar
            self.game.draw_turn(app, fb)

    def new_game(self, app):
        if self.game.has_game():
            app.push(Confirm(self.new_question or t("Start a new game?", "Neues Spiel beginnen?"),
                             self.ask))
        else:
            self.ask(app)

    def ask(self, app):
        # Ask what a new game needs, then start it.
        pass


def title_note(fb, note, right=None):
    # A note at the right of the title bar (or ending at ``right``), in a dark box
    # that keeps it apart.
    if right is None:
        right = fb.width
    x = right - font.width(note)
    fb.fill_rect(x - 2, 1, right - x + 1, TITLE_H - 3, 0)
    font.text(fb, note, x, 1, 1)


class NoteMenu(Menu):
    # A menu with an optional note at the right of the title bar: ``note(app)``.

    note = None
    title_extras = True  # (the note: a move redraws the title too)

    def draw(self, app, fb):
        super().draw(app, fb)
        note = self.note(app) if self.note else None
        if note:
            title_note(fb, note)


class Page(Screen):
    """A page the players read: OK (or BACK) closes it."""

    def on_event(self, app, kind, key):
        if kind == buttons.CLICK and (key == buttons.OK or key == buttons.BACK):
            app.pop(self)
            return True
        return False
