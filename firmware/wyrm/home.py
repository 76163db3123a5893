"""Main menu, settings, button test and about - and ``make_app`` that wires them.

Each game lives in its own module, loaded with ``app.load`` when chosen: it
belongs to the main menu's scope and leaves the heap when the main menu shows
again, so RAM holds the platform plus one game. While a game is open its module
name is kept in the store ("open"), so after a power cut Wyrm comes back into it.
"""
import gc

from wyrm import buttons, font, ui
from wyrm.app import App, Screen

# (label, module) - order is the menu order. A game is one line here and a module
# with ``enter(app, resume)`` (see docs/DEVELOPING.md).
GAMES = (
    ("Drachenhort", "wyrm.games.drachenhort_ui"),
    ("Drakskatten", "wyrm.games.drakskatten_ui"),
    ("DrachenSchatten", "wyrm.games.drachenschatten_ui"),
    ("Drachenfels", "wyrm.games.drachenfels_ui"),
    ("Der Weg n. Drakonia", "wyrm.games.drakonia_ui"),
    ("Dice", "wyrm.dice_ui"),
    ("Hidden deck", "wyrm.deck_ui"),
)


class Home(ui.Menu):
    def __init__(self):
        items = [[label, _opener(mod, label)] for label, mod in GAMES]
        items.append(["Settings", lambda app: app.push(settings_menu(app))])
        super().__init__("Wyrm", items)
        self.playing = False  # a game's screens are open above the main menu
        self.saved_sel = 0  # the position kept in the store ("menu")

    def on_open(self, app):
        s = app.store.load("menu", 0) if app.store else 0
        if type(s) is int and 0 <= s < len(self.items):
            self.sel = self.saved_sel = s

    def on_event(self, app, kind, key):
        if kind == buttons.CLICK and key == buttons.BACK:
            return True  # the root menu stays
        return super().on_event(app, kind, key)

    def on_show(self, app):
        # A game's screens have all closed (its code has left with them): forget it.
        if self.playing:
            self.playing = False
            app.game = None
            app.store.remove("open")


def _opener(mod, label):
    def run(app):
        open_game(app, mod, label)

    return run


def open_game(app, mod, label, resume=False, on_menu=False):
    module = app.load(mod)
    home = app.stack[0]
    home.playing = True
    app.game = mod
    store = app.store
    if not resume and not on_menu:
        store.save("open", [mod, label])
    if home.sel != home.saved_sel:  # power-on starts where the last game was chosen
        home.saved_sel = home.sel
        store.save("menu", home.sel)
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


# -- settings -------------------------------------------------------------
def _secs(s):
    if s == 0:
        return "never"
    if s % 60 == 0:
        return "%d min" % (s // 60)
    return "%d s" % s


DIM_CHOICES = (0, 15, 30, 60, 120, 300)
OFF_CHOICES = (0, 60, 120, 300, 600, 1800)
PEEK_CHOICES = (3, 5, 10, 20, 30)


def _cycle(key, choices):
    def run(app):
        cur = app.settings[key]
        i = choices.index(cur) if cur in choices else -1
        app.settings[key] = choices[(i + 1) % len(choices)]
        app.save_settings()

    return run


def _set_contrast(app):
    def done(app, v):
        app.settings["contrast"] = v
        app.save_settings()

    app.push(ui.Spinner("Contrast", app.settings["contrast"], 1, 5, done))


def _flip(app):
    app.settings["flip"] = not app.settings["flip"]
    app.save_settings()


def settings_menu(app):
    s = app.settings
    return ui.Menu(
        "Settings",
        [
            [lambda a: "Contrast: %d/5" % s["contrast"], _set_contrast],
            [lambda a: "Flip 180: %s" % ("on" if s["flip"] else "off"), _flip],
            [lambda a: "Dim after: " + _secs(s["dim_s"]), _cycle("dim_s", DIM_CHOICES)],
            [lambda a: "Screen off: " + _secs(s["off_s"]), _cycle("off_s", OFF_CHOICES)],
            [lambda a: "Peek hides: " + _secs(s["peek_s"]), _cycle("peek_s", PEEK_CHOICES)],
            ["Button test", lambda a: a.push(ButtonTest())],
            ["About", lambda a: a.push(about(a))],
        ],
    )


class ButtonTest(Screen):
    """Shows each key live; hold BACK (OK on three-button boards) to leave."""

    hold_ok = True

    def __init__(self):
        self.last = "press a key"

    def on_event(self, app, kind, key):
        exit_key = buttons.BACK if app.keys >= 4 else buttons.OK
        if kind == buttons.LONG and key == exit_key:
            app.pop(self)
            return True
        self.last = "%s %s" % (buttons.NAMES[key], buttons.KIND_NAMES[kind])
        app.redraw()
        return True

    def tick(self, app, now):
        if app.buttons.stable != getattr(self, "_shown", -1):
            self._shown = app.buttons.stable
            app.redraw()

    def draw(self, app, fb):
        ui.title(fb, "Button test")
        for k in range(app.keys):
            x = 2 + k * 31
            held = app.buttons.held(k)
            fb.rect(x, ui.TITLE_H + 2, 29, 14, 1)
            if held:
                fb.fill_rect(x, ui.TITLE_H + 2, 29, 14, 1)
            name = buttons.NAMES[k]
            font.text(fb, name, x + (29 - font.width(name)) // 2, ui.TITLE_H + 5, 0 if held else 1)
        if app.tall:
            font.text(fb, self.last, 2, 40)
            font.text(fb, "Hold %s to leave" % ("BACK" if app.keys >= 4 else "OK"), 2, 54)


def _free_mem():
    gc.collect()
    f = getattr(gc, "mem_free", None)
    return ("%d KB free" % (f() // 1024)) if f else "free: n/a (host)"


def about(app):
    from wyrm import VERSION

    disp = app.board.get("display", {})
    lines = [
        "Wyrm " + VERSION,
        "Table companion for",
        "five dragon games.",
        "In a game, UP+DOWN",
        "together: quick roll.",
        _free_mem(),
        "Board: %s" % app.board.get("name", "simulator"),
        "Display: %s %dx%d" % (disp.get("controller", "sim"), app.width, app.height),
        "Keys: %d" % app.keys,
    ]
    return ui.Message("About", lines)


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
