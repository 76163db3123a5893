"""The main menu and ``make_app`` that wires the app (settings: ``wyrm.settings_ui``).

Each game lives in its own module, loaded with ``app.load`` when chosen: it
belongs to the main menu's scope and leaves the heap when the main menu shows
again, so RAM holds the platform plus one game. While a game is open its module
name is kept in the store ("open"), so after a power cut Wyrm comes back into it.
"""

from micropython import const

from wyrm import buttons, ui
from wyrm.app import App

VERSION = "0.1.0"  # Wyrm's release (the About screen shows it)

# (label, module) - order is the menu order. A game is one line here and a module
# with ``enter(app, resume)`` (see docs/DEVELOPING.md).
GAMES = (
    ("Drachenhort", "wyrm.games.drachenhort_game"),
    ("Drakskatten", "wyrm.games.drakskatten_game"),
    ("DrachenSchatten", "wyrm.games.drachenschatten_game"),
    ("Drachenfels", "wyrm.games.drachenfels_game"),
    ("Der Weg n. Drakonia", "wyrm.games.drakonia_game"),
    ("Dice", "wyrm.dice_ui"),
    ("Hidden deck", "wyrm.deck_ui"),
)
_KIT_ROWS = const(5)  # GAMES' first rows: the games, built on wyrm.gamekit


class Home(ui.Menu):
    def __init__(self):
        items = [[label, _open_selected] for label, _mod in GAMES]
        items.append(["Players", _players])
        items.append(["Settings", _settings])
        super().__init__("Wyrm", items)
        self.playing = False  # a game's screens are open above the main menu
        self.saved_sel = 0  # the position kept in the store ("menu")

    def on_open(self, app):
        s = app.store.load("menu", 0) if app.store else 0
        if type(s) is int and 0 <= s < len(self.items):
            self.sel = self.saved_sel = s

    def needs(self, app, i):
        # The row's code loads while the finger is on OK (so the click finds it there);
        # then, a module a step while OK stays down, what its first frame imports (the
        # module's ``soon(store)``); the release waits for one import at most.
        if i < _KIT_ROWS:  # a game: its kit first, outside the main menu's scope (it stays)
            __import__("wyrm.gamekit")
        soon = getattr(app.load(_row_module(i)), "soon", None)
        return list(soon(app.store)) if soon is not None else None

    def on_event(self, app, kind, key):
        if key == buttons.OK:
            if kind == buttons.PRESS:
                super().on_event(app, kind, key)  # (needs: the row's code)
                return True
        elif key == buttons.BACK and kind == buttons.CLICK:
            # The root menu stays (a long OK on three buttons comes as BACK).
            app.unload(self)
            return True
        return super().on_event(app, kind, key)

    def on_show(self, app):
        # A game's screens have all closed (its code has left with them): forget it.
        if self.playing:
            self.playing = False
            app.game = None
            app.chord = None
            # the note goes once the main menu is on the panel (a flash write takes a
            # frame's time); it replaces a note still put off (a game that closed in
            # the step it opened)
            app.save_soon("open", None)


def _row_module(i):
    """The module row ``i`` of the main menu opens."""
    if i < len(GAMES):
        return GAMES[i][1]
    return "wyrm.players_ui" if i == len(GAMES) else "wyrm.settings_ui"


def _settings(app):
    # Settings, the button test and About: their own module, loaded while open.
    app.push(app.load("wyrm.settings_ui").settings_menu(app, VERSION))


def _open_selected(app):
    # One action for every game row (no closure per row: RAM at the main menu).
    label, mod = GAMES[app.stack[0].sel]
    open_game(app, mod, label)


def _players(app):
    # The table's names (wyrm.players_ui): loaded while its screens are open.
    app.load("wyrm.players_ui").open_players(app)


def _quick(app):
    # UP+DOWN in a game: loaded for the screen on top, it leaves with the quick roll's screens
    app.call("wyrm.quick", lambda quick: quick.chord(app))


def open_game(app, mod, label, resume=False, on_menu=False):
    module = app.load(mod)
    home = app.stack[0]
    home.playing = True
    app.game = mod
    app.chord = _quick
    store = app.store
    # Written after the game's first frame reached the panel (nothing reads them before).
    if not resume and not on_menu:
        app.save_soon("open", [mod, label])
    if home.sel != home.saved_sel:  # power-on starts where the last game was chosen
        home.saved_sel = home.sel
        app.save_soon("menu", home.sel)
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
        for label, mod in GAMES:
            if mod == saved[0]:
                open_game(app, mod, label, len(saved) == 2, len(saved) == 3)
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
        app.push(ui.Message("Saved data", " ".join(problems)))
    return app
