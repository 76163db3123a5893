"""Settings, the button test and About (main menu > Settings)."""
import gc
import sys

from wyrm import buttons, font, ui
from wyrm.app import Screen
from wyrm.spinner import Spinner


def _secs(s):
    if s == 0:
        return "never"
    if s % 60 == 0:
        return "%d min" % (s // 60)
    return "%d s" % s


DIM_CHOICES = (0, 15, 30, 60, 120, 300)
OFF_CHOICES = (0, 60, 120, 300, 600, 1800)
PEEK_CHOICES = (3, 5, 10, 20, 30)
BATTERIES = ("3x alkaline", "3x NiMH", "1x LiPo")  # as wyrm.power.KINDS


def _cycle(key, choices):
    def run(app):
        cur = app.settings[key]
        i = choices.index(cur) if cur in choices else -1
        app.settings[key] = choices[(i + 1) % len(choices)]
        app.save_settings(soon=True)

    return run


def _set_contrast(app):
    def done(app, v):
        app.settings["contrast"] = v
        app.save_settings(soon=True)

    app.push(Spinner("Contrast", app.settings["contrast"], 1, 5, done))


def _flip(app):
    app.settings["flip"] = not app.settings["flip"]
    app.save_settings(soon=True)


def settings_menu(app, version):
    """The Settings menu; its About screen names Wyrm's release ``version``."""
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
            [lambda a: "Cells: " + BATTERIES[s["battery"] % 3], _cycle("battery", (0, 1, 2))],
            ["About", lambda a: a.push(about(a, version))],
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


def _supply(app):
    g = app.batt  # wyrm.power: [mV averaged, percent, on USB, ...]
    if g is None:  # the device reads nothing more while on USB from power-on
        return "Power: USB" if sys.platform == "rp2" else "Power: (simulator)"
    v = "%d.%02d V" % (g[0] // 1000, g[0] % 1000 // 10)
    return ("Power: USB, " + v) if g[2] else "Battery: %s %d%%" % (v, g[1])


def about(app, version):
    disp = app.board.get("display", {})
    lines = [
        "Wyrm " + version,
        "Table companion for",
        "five dragon games.",
        "In a game, UP+DOWN",
        "together: quick roll",
        _free_mem(),
        _supply(app),
        "Board: %s" % app.board.get("name", "simulator"),
        "Display: %s %dx%d" % (disp.get("controller", "sim"), app.width, app.height),
        "Keys: %d" % app.keys,
    ]
    return ui.Message("About", lines)


