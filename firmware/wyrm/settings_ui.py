"""Settings, the button test and About (main menu > Settings)."""
import gc
import sys

from wyrm import buttons, font, registry, ui
from wyrm.app import Screen
from wyrm.lang import t
from wyrm.spinner import Spinner


def _secs(s):
    if s == 0:
        return t("never", "nie")
    if s % 60 == 0:
        return "%d min" % (s // 60)
    return "%d s" % s


DIM_CHOICES = (0, 15, 30, 60, 120, 300)
OFF_CHOICES = (0, 60, 120, 300, 600, 1800)
PEEK_CHOICES = (3, 5, 10, 20, 30)
BATTERIES = ("3x alkaline", "3x NiMH", "1x LiPo")  # as wyrm.power.KINDS
BATTERIES_DE = ("3x Alkali", "3x NiMH", "1x LiPo")
LANGUAGES = ("English", "Deutsch")  # as wyrm.lang: each in its own language


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

    app.push(Spinner(t("Contrast", "Kontrast"), app.settings["contrast"], 1, 5, done))


def _flip(app):
    app.settings["flip"] = not app.settings["flip"]
    app.save_settings(soon=True)


def settings_menu(app, version):
    """The Settings menu; its About screen names Wyrm's release ``version``."""
    s = app.settings
    return ui.Menu(
        lambda a: t("Settings", "Einstellungen"),
        [
            [lambda a: t("Contrast: %d/5", "Kontrast: %d/5") % s["contrast"], _set_contrast],
            [lambda a: t("Flip 180: %s", "Drehen 180: %s") % (
                (t("on", "an") if s["flip"] else t("off", "aus"))), _flip],
            [lambda a: t("Dim after: ", "Dimmen nach: ") + _secs(s["dim_s"]),
             _cycle("dim_s", DIM_CHOICES)],
            [lambda a: t("Screen off: ", "Anzeige aus: ") + _secs(s["off_s"]),
             _cycle("off_s", OFF_CHOICES)],
            [lambda a: t("Peek hides: ", "Verdecken nach: ") + _secs(s["peek_s"]),
             _cycle("peek_s", PEEK_CHOICES)],
            [lambda a: t("Button test", "Tastentest"), lambda a: a.push(ButtonTest())],
            [lambda a: t("Cells: ", "Zellen: ") + t(BATTERIES, BATTERIES_DE)[s["battery"] % 3],
             _cycle("battery", (0, 1, 2))],
            # the language by its own name (a player lost in the other one finds it)
            [lambda a: t("Language: ", "Sprache: ") + LANGUAGES[s["lang"] & 1],
             _cycle("lang", (0, 1))],
            [lambda a: t("About", "Über Wyrm"), lambda a: a.push(about(a, version))],
        ],
    )


def ask_language(app):
    """The very first power-on (a fresh Wyrm holds the note "first" in its store): Deutsch or
    English, above the main menu. The answer is saved as the setting and the note goes, so
    it is asked once; BACK keeps English."""

    def pick(n):
        def run(app):
            app.settings["lang"] = n
            app.save_settings(soon=True)
            app.save_soon("first", None)
            app.pop(menu)

        return run

    menu = ui.Menu("Sprache / Language", [["Deutsch", pick(1)], ["English", pick(0)]],
                   on_back=pick(0))
    app.push(menu)


class ButtonTest(Screen):
    """Shows each key live; hold BACK (OK on three-button boards) to leave."""

    hold_ok = True

    def __init__(self):
        self.last = t("press a key", "eine Taste drücken")

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
        ui.title(fb, t("Button test", "Tastentest"))
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
            font.text(fb, t("Hold %s to leave", "%s halten: zurück") % (
                "BACK" if app.keys >= 4 else "OK"), 2, 54)


def _free_mem():
    gc.collect()
    f = getattr(gc, "mem_free", None)
    return (t("%d KB free", "%d KB frei") % (f() // 1024)) if f else t(
        "free: n/a (host)", "frei: ? (Host)")


def _supply(app):
    g = app.batt  # wyrm.power: [mV averaged, percent, on USB, ...]
    if g is None:  # the device reads nothing more while on USB from power-on
        return t("Power: USB", "Strom: USB") if sys.platform == "rp2" else t(
            "Power: (simulator)", "Strom: (Simulator)")
    v = "%d.%02d V" % (g[0] // 1000, g[0] % 1000 // 10)
    return (t("Power: USB, ", "Strom: USB, ") + v) if g[2] else t(
        "Battery: %s %d%%", "Batterie: %s %d%%") % (v, g[1])


def _games():
    # "five dragon games.": the registry's entries with a save are the games
    n = 0
    for row in registry.GAMES:
        if row[3]:
            n += 1
    words = t(("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
              ("kein", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"))
    return t("%s dragon games.", "%s Drachenspiele.") % (words[n] if n < len(words) else n)


def about(app, version):
    disp = app.board.get("display", {})
    lines = [
        "Wyrm " + version,
        t("Table companion for", "Tischhelfer für"),
        _games(),
        t("In a game, UP+DOWN", "UP+DOWN im Spiel:"),
        t("together: quick roll", "schnell würfeln"),
        _free_mem(),
        _supply(app),
        t("Board: %s", "Platine: %s") % app.board.get("name", t("simulator", "Simulator")),
        "Display: %s %dx%d" % (disp.get("controller", "sim"), app.width, app.height),
        t("Keys: %d", "Tasten: %d") % app.keys,
    ]
    return ui.Message(t("About", "Über Wyrm"), lines)


