"""The main menu and ``make_app`` that wires the app (settings: ``wyrm.settings_ui``).

Each game is a module named in ``wyrm.registry.GAMES``, imported when it is opened. What a
row's screens import (a game and its modules, Players, Settings) leaves the module table when the
main menu shows again: a module's functions and classes are on the heap while it is
imported, even with its code in flash. While a game is open its module name is kept in the
store ("open", from the first key in it on), so after a power cut Wyrm comes back into it.
"""

import sys

from wyrm import buttons, registry, ui
from wyrm.app import App
from wyrm.lang import t

VERSION = "0.1.0"  # Wyrm's release (the About screen shows it)


class Home(ui.Menu):
    def __init__(self):
        # the registry's rows (its order), then Players and Settings
        items = [[row[0], _open_selected] for row in registry.GAMES]
        items.append(["Players", _players])
        items.append(["Settings", _settings])
        super().__init__("Wyrm", items)
        self.playing = False  # a game's screens are open above the main menu
        self.saved_sel = 0  # the position kept in the store ("menu")
        self.before = None  # the module names before a row's screens opened (keep())

    def label(self, app, i):
        # in the language in use when drawn (Settings may have changed it)
        g = registry.GAMES
        if i < len(g):
            return t(g[i][0], g[i][5] or g[i][0])
        return t("Players", "Spieler") if i == len(g) else t("Settings", "Einstellungen")

    def on_open(self, app):
        s = app.store.load("menu", 0) if app.store else 0
        if type(s) is int and 0 <= s < len(self.items):
            self.sel = self.saved_sel = s

    def on_event(self, app, kind, key):
        if key == buttons.BACK and kind == buttons.CLICK:
            return True  # the root menu stays (a long OK on three buttons comes as BACK)
        if ui.is_ok(kind, key):
            self.keep()
        return super().on_event(app, kind, key)

    def keep(self):
        # From now on what is imported belongs to the row's screens (see on_show).
        if self.before is None:
            self.before = list(sys.modules)

    def on_show(self, app):
        # A row's screens have all closed: what they imported leaves the module table and
        # its package, so that its functions and classes leave the heap.
        before = self.before
        if before is not None:
            self.before = None
            for name in list(sys.modules):
                if name not in before:
                    del sys.modules[name]
                    dot = name.rfind(".")
                    parent = sys.modules.get(name[:dot]) if dot > 0 else None
                    if parent is not None and name[dot + 1:] in parent.__dict__:
                        delattr(parent, name[dot + 1:])
        # A game's screens have all closed: the main menu is the players' again.
        if self.playing:
            self.playing = False
            app.game_module = None
            app.chord = None
            # the note goes once the main menu is on the panel (a flash write takes a
            # frame's time); it replaces a note still put off (a game that closed in
            # the step it opened)
            app.save_soon("open", None)


# The rows' modules are imported when a row is chosen (Home.keep: they leave again).
def _settings(app):
    from wyrm import settings_ui  # (when chosen: the boot heap)

    app.push(settings_ui.settings_menu(app, VERSION))


def _open_selected(app):
    # One action for every game row (no closure per row: RAM at the main menu).
    row = registry.GAMES[app.stack[0].sel]
    open_game(app, row[1], row[0])


def _players(app):
    from wyrm import players_ui  # (when chosen: the boot heap)

    players_ui.open_players(app)


def _quick(app):
    # UP+DOWN in a game: the quick roll
    from wyrm import quick  # (when asked: the boot heap)

    quick.chord(app)


def open_game(app, mod, label, resume=False, on_menu=False):
    # the game's module by its name in the registry (the name the store's "open" keeps)
    home = app.stack[0]
    home.keep()  # (a game resumed at power-on is opened by no row)
    __import__(mod)
    module = sys.modules[mod]
    home.playing = True
    app.game_module = mod
    app.chord = _quick
    store = app.store
    # Written once the players' next key is on the panel (nothing reads them before): the
    # opening itself writes nothing. A power cut before that key comes back to the main
    # menu, every game as it was saved: one OK from where they were.
    if not resume and not on_menu:
        app.save_later("open", [mod, label])
    if home.sel != home.saved_sel:  # power-on starts where the last game was chosen
        home.saved_sel = home.sel
        app.save_later("menu", home.sel)
    trouble = store.trouble
    module.enter(app, resume)
    if resume and store.trouble != trouble:
        # The game's save was damaged or cut off and an older copy (or nothing)
        # is used: the screen it names may be half an action. Until the game is
        # opened again from the main menu, it comes back on its own menu.
        store.save("open", [mod, label, "menu"])


def resume_game(app):
    """After a power cut: go back into the game that was open (onto its menu
    only, if its save had to be restored from the copy before)."""
    saved = app.store.load("open", None)
    if isinstance(saved, list) and 2 <= len(saved) <= 3:
        for row in registry.GAMES:
            if row[1] == saved[0]:
                open_game(app, row[1], row[0], len(saved) == 2, len(saved) == 3)
                return


def make_app(fb, store, rng, keys=4, panel=None, board=None):
    """Build the app at the main menu; report damaged saves; resume a game."""
    app = App(fb, store, rng, keys, panel, board)
    app.push(Home())
    problems = store.take_problems()
    try:
        resume_game(app)
    except Exception as exc:  # noqa: BLE001 - a broken save must not stop the boot
        app.fail(exc)
    problems += store.take_problems()
    if problems:
        app.push(ui.Message(t("Saved data", "Gespeicherte Daten"), " ".join(problems)))
    if store.exists("first"):  # the very first power-on: the language is asked once
        app.stack[0].keep()  # (the question's module leaves the heap once it is answered)
        from wyrm import settings_ui

        settings_ui.ask_language(app)
    return app
