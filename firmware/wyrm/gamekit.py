"""Pieces the games' screens share but the main menu does not need.

Kept out of ``wyrm.ui`` so they load with a game and leave with it: the heap
at the main menu stays small.
"""
from wyrm.ui import Menu, Message


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
    """A game's saved state (None: no game yet) plus the app; every screen of
    the game shares one. Subclasses set ``store_name``."""

    store_name = ""

    def __init__(self, app, state):
        self.app = app
        self.state = state

    def save(self):
        if self.state is not None:
            self.app.store.save(self.store_name, self.state)


def load_saved(app, name, valid, label):
    """A game's save: (state or None, problem text or None).

    ``valid(raw)`` checks the shape. The store's own problems (a damaged file
    set aside) and a save of the wrong shape become one plain message; an
    unusable save is removed so the next start is clean.
    """
    raw = app.store.load(name, None)
    problems = app.store.take_problems()
    state = None
    if raw is not None:
        if valid(raw):
            state = raw
        else:
            problems.append("The saved %s game could not be read." % label)
    if not problems:
        return state, None
    if state is None:
        if raw is not None:
            app.store.remove(name)
        problems.append("A new game starts.")
    return state, " ".join(problems)
