"""The game skeleton: saved state, the game menu, resume and reference pages.

Every game module builds on it the same way (docs/DEVELOPING.md)::

    class Game(gamekit.SavedGame):
        store_name = "mygame"          # the save's name in the store
        label = "My Game"              # in messages: "The saved My Game game ..."
        ref = "wyrm.games.mygame_ref"  # a module with PAGES [(title, lines)], or None

        def valid(self, raw): ...      # True when a save has the expected shape
        def menu(self): ...            # the game menu screen
        def resume(self, app, menu):   # after a power cut: the screen they were on

    def enter(app, resume=False):      # the one entry point the main menu calls
        gamekit.enter(app, Game(app), resume)

Kept out of ``wyrm.ui`` so it loads with a game and leaves with it: the heap at
the main menu stays small.
"""
from wyrm.ui import Menu, Message, error


class Chooser(Menu):
    """Pick one of ``options`` [(label, value)]; OK runs ``on_pick(app, value)``."""

    def __init__(self, title_text, options, on_pick):
        super().__init__(title_text, [[label, _picker(on_pick, value)] for label, value in options])


def _picker(on_pick, value):
    def run(app):
        on_pick(app, value)

    return run


def reference_menu(pages, title_text="Quick reference"):
    """A menu of reference pages [(title, lines)]; each opens as a scrolling page."""
    return Menu(title_text, [[t, _page_opener(t, lines)] for t, lines in pages])


def _page_opener(title_text, lines):
    def run(app):
        app.push(Message(title_text, lines, wrap_lines=False))

    return run


class SavedGame:
    """A game's saved state plus the app; every screen of the game shares one.

    ``state`` is the plain JSON the store keeps (None: no game yet). A game whose
    state lives in objects overrides ``to_json`` / ``take`` / ``has_game``. Where
    the players are is kept in the state as ``screen`` and ``at_key`` (an index:
    the player, the knight) so that ``resume`` can go back there.
    """

    store_name = ""
    label = ""
    ref = None
    at_key = "player"

    def __init__(self, app, state=None):
        self.app = app
        self.state = state

    # -- the save --
    def has_game(self):
        return self.state is not None

    def to_json(self):
        return self.state

    def valid(self, raw):
        return True

    def take(self, raw):
        """Take a save read from the store; False when it has the wrong shape."""
        if not self.valid(raw):
            return False
        self.state = raw
        return True

    def save(self):
        """True once written (False: no game, or the flash refused it)."""
        if not self.has_game():
            return False
        return self.app.store.save(self.store_name, self.to_json())

    def at(self, screen, index=None):
        """Remember the screen the players are on (and whose), saved for resume."""
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

    # -- the screens --
    def menu(self):
        raise NotImplementedError

    def resume(self, app, menu):
        """After a power cut, with a good save: push the screen the players were on."""

    def reference(self, app):
        """The reference pages (the module ``ref``, loaded while they are open)."""
        app.push(reference_menu(app.load(self.ref).PAGES))


def load(app, game):
    """Read the game's save into ``game``: None, or a problem text for the players.

    The store's own problems with the file (a damaged copy set aside) and a save of
    the wrong shape become one plain message; an unusable save is removed so the
    next start is clean.
    """
    store = app.store
    queue = store.problems
    n = len(queue)
    raw = store.load(game.store_name, None)
    problems = queue[n:]  # this file's problems: said here, not at boot
    del queue[n:]
    if raw is not None:
        try:
            ok = game.take(raw)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            ok = False
        if not ok:
            game.state = None
            problems.append("The saved %s game could not be read." % game.label)
            store.remove(game.store_name)
    if not problems:
        return None
    if not game.has_game():
        problems.append("A new game starts.")
    return " ".join(problems)


def enter(app, game, resume=False):
    """The game's entry point: its menu, the screen the players were on after a
    power cut (``resume``), and what was wrong with the save, if anything."""
    problem = load(app, game)
    menu = app.push(game.menu())
    if resume and problem is None and game.has_game():
        game.resume(app, menu)
    if problem:
        error(app, problem, "Saved game")
    return menu
