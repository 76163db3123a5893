"""The interactive simulator: terminal view, key handling, window, and a real tmux session."""
import os
import shutil
import subprocess
import sys
import time
import types

import pytest

from host_tools.sim import core as simcore
from host_tools.sim import live as sim_live
from host_tools.sim import term as sim_term
from host_tools.sim.live import BACK, DOWN, OK, UP, Clock, Session, TapKeys
from wyrm import buttons as B
from wyrm.canvas import Canvas

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WRAP = 1 << 30
BOARD4 = simcore.load_board("pico-ssd1306-4btn")
BOARD3 = simcore.load_board("pico-ssd1306-3btn")


# -- rendering ------------------------------------------------------------------
def test_half_blocks_map_pixel_pairs():
    """Each character shows two stacked pixels: upper half, lower half, full block or blank."""
    c = Canvas(8, 16)
    c.pixel(0, 0, 1)  # row 0 top only
    c.pixel(1, 1, 1)  # row 0 bottom only
    c.pixel(2, 0, 1)
    c.pixel(2, 1, 1)  # row 0 both
    c.pixel(3, 7, 1)  # row 3 bottom: last row of page 0
    c.pixel(3, 8, 1)  # row 4 top: first row of page 1
    c.pixel(7, 15, 1)  # last pixel of the panel
    lines = sim_term.frame_lines(c.buffer, 8, 16)
    up, lo, full = "\u2580", "\u2584", "\u2588"
    assert lines == [
        up + lo + full + "     ",
        "        ",
        "        ",
        "   " + lo + "    ",
        "   " + up + "    ",
        "        ",
        "        ",
        "       " + lo,
    ]


def test_blank_and_full_panel():
    """A dark panel is all spaces; a fully lit 128x64 panel is 32 rows of 128 full blocks."""
    assert sim_term.frame_lines(bytes(1024), 128, 64) == [" " * 128] * 32
    assert sim_term.frame_lines(b"\xff" * 1024, 128, 64) == ["\u2588" * 128] * 32


def test_screen_is_a_box_with_help_below():
    """The view is the panel in a box exactly w+2 wide, then the key help and a status line."""
    c = Canvas(128, 64)
    c.fill_rect(10, 10, 20, 20, 1)
    lines = sim_term.screen_lines(c.buffer, 128, 64, 4)
    assert len(lines) == 32 + 2 + 2
    assert all(len(line) <= 130 for line in lines)
    assert all(len(line) == 130 for line in lines[:34])
    assert lines[0][0] == "\u250c" and lines[0][-1] == "\u2510"
    assert lines[33] == "\u2514" + "\u2500" * 128 + "\u2518"
    assert all(line[0] == "\u2502" == line[-1] for line in lines[1:33])
    assert lines[1 + 5][1 + 10 : 1 + 30] == "\u2588" * 20  # rows 10..11 of the rectangle
    assert "q: quit" in lines[34] and "Enter/Space: OK" in lines[34]
    assert "OK HELD" not in lines[34]


def test_help_line_shows_ok_held_and_board_keys():
    """'OK HELD' shows while h holds OK; three-button boards explain that back is a long OK."""
    held = sim_term.screen_lines(bytes(1024), 128, 64, 4, ok_held=True)
    assert "OK HELD" in held[34]
    three = sim_term.screen_lines(bytes(1024), 128, 64, 3)
    assert "long OK" in three[34] and "B: long back" not in three[34]
    assert len(three[34]) <= 130


def test_display_off_shows_no_pixels_and_says_so():
    """Panel off (screen saver): the box is empty and the status line says a key wakes it."""
    lines = sim_term.screen_lines(b"\xff" * 1024, 128, 64, 4, on=False, level=255)
    assert all(set(line[1:-1]) == {" "} for line in lines[1:33])
    assert "off" in lines[35] and "wakes" in lines[35]
    dim = sim_term.screen_lines(b"\xff" * 1024, 128, 64, 4, on=True, level=1)
    assert "dimmed" in dim[35]
    assert sim_term.screen_lines(bytes(1024), 128, 64, 4, level=100)[35] == ""


def test_colours_darken_with_contrast():
    """Dimmed pixels are darker than normal ones; a panel that is off is black."""
    b = sim_live.brightness
    assert b(False, 255) == 0
    assert 0 < b(True, 1) < b(True, 40) < b(True, 100) < b(True, 170) < b(True, 255) == 1
    assert sim_term.pixel_colour(True, 1) != sim_term.pixel_colour(True, 255)


def test_colourised_lines_read_the_same_without_codes():
    """The colour codes only add colour: stripped of them the lines are the plain view."""
    import re

    c = Canvas(128, 32)
    c.fill_rect(3, 3, 9, 5, 1)
    plain = sim_term.screen_lines(c.buffer, 128, 32, 4, ok_held=True)
    coloured = sim_term.colourise(plain, 16)
    assert [re.sub(r"\x1b\[[0-9;]*m", "", s) for s in coloured] == plain


def test_braille_cells_map_2x4_pixels():
    """The small view packs 2x4 pixels into one Braille character (Unicode dots 1-8)."""
    c = Canvas(8, 8)
    c.pixel(0, 0, 1)  # dot 1
    c.pixel(1, 3, 1)  # dot 8
    c.pixel(2, 1, 1)  # second cell: dot 2
    c.pixel(3, 2, 1)  # second cell: dot 6
    c.fill_rect(4, 4, 2, 4, 1)  # a full cell in the second row
    lines = sim_term.braille_lines(c.buffer, 8, 8)
    assert lines == ["\u2881\u2822  ", "  \u28ff "]


def test_small_view_fits_an_80x24_terminal():
    """Small view: every line fits 66 columns; the help wraps and says how to get full size."""
    lines = sim_term.screen_lines(b"\xff" * 1024, 128, 64, 4, mode=sim_term.BRAILLE)
    assert (len(lines[0]), len(lines)) == sim_term.needed_size(128, 64, 4, sim_term.BRAILLE)
    assert len(lines) <= 24 and all(len(line) <= 66 for line in lines)
    assert all(line[1:-1] == "\u28ff" * 64 for line in lines[1:17])
    helps = " ".join(lines[18:-1])
    for key in ("Enter/Space: OK", "Bksp/b: back", "L: long OK", "h: hold OK", "q: quit"):
        assert key in helps
    assert "130x36" in lines[17] and lines[17].startswith("\u2514")  # on the bottom edge


@pytest.mark.parametrize(
    "size, mode",
    [
        ((130, 36), sim_term.HALF),
        ((200, 60), sim_term.HALF),
        ((129, 36), sim_term.BRAILLE),
        ((130, 35), sim_term.BRAILLE),
        ((80, 24), sim_term.BRAILLE),
        ((66, 22), sim_term.BRAILLE),
        ((65, 22), None),
        ((66, 21), None),
    ],
)
def test_view_follows_terminal_size(size, mode):
    """Full size needs 130x36, the small view 66x22; smaller gives a one-line reason naming both."""
    assert sim_term.pick_mode(128, 64, 4, size) == mode
    problem = sim_term.check_terminal(BOARD4, size=size, interactive=True)
    if mode:
        assert problem is None
    else:
        assert "130x36" in problem and "66x22" in problem and "%dx%d" % size in problem
        assert "\n" not in problem


def test_no_terminal_is_reported():
    """Without a terminal (piped, cron) the simulator says what to do instead of garbling."""
    assert "--keys" in sim_term.check_terminal(BOARD4, size=(200, 60), interactive=False)


# -- key bytes -> events ------------------------------------------------------------
@pytest.mark.parametrize(
    "data, events",
    [
        (b"\x1b[A\x1b[B", ["up", "down"]),
        (b"\x1bOA\x1bOB", ["up", "down"]),  # application cursor mode (tmux, some xterms)
        (b"\x1b[1;5B", ["down"]),  # with a modifier
        (b"kj", ["up", "down"]),
        (b"\r \n", ["ok", "ok", "ok"]),
        (b"\r\n", ["ok"]),
        (b"\x7f\x08b", ["back", "back", "back"]),
        (b"LBh", ["long_ok", "long_back", "hold_ok"]),
        (b"xyz\x1b[C\x1b[D", []),  # other keys and left/right do nothing
        (b"q", ["quit"]),
        (b"\x03", ["quit"]),
    ],
)
def test_decode_keys(data, events):
    """Terminal key bytes become button events; unknown keys are ignored."""
    assert sim_term.decode(data) == (events, b"")


def test_split_escape_sequence_waits_for_the_rest():
    """An arrow key split across two reads is still one arrow, not Esc plus letters."""
    ev, rest = sim_term.decode(b"j\x1b[")
    assert ev == ["down"] and rest == b"\x1b["
    assert sim_term.decode(rest + b"A") == (["up"], b"")


def test_lone_escape_is_back():
    """Esc on its own (nothing follows) is BACK."""
    ev, rest = sim_term.decode(b"\x1b")
    assert ev == [] and rest == b"\x1b"
    assert sim_term.decode(rest, final=True) == (["back"], b"")


# -- taps and holds against the real button logic -------------------------------
def feed(events, keys=4, ms=3000, start=WRAP - 700, step=10, every=1):
    """Apply terminal events at t=start, run the firmware's Buttons; return [(ms, kind, key)]."""
    taps = TapKeys()
    btn = B.Buttons(keys)
    quit_ = False
    for ev in events:
        quit_ = sim_term.apply_event(ev, taps, keys) or quit_
    out = []
    for i in range(0, ms // step):
        t = (start + i * step) & sim_live.MASK
        if i % every:
            continue
        n = btn.update(t, taps.levels(t))
        for j in range(n):
            e = btn.queue[j]
            out.append((i * step, e >> 4, e & 15))
    return out, taps, quit_


def clicks(out, key):
    return sum(1 for _, k, kk in out if k == B.CLICK and kk == key)


def test_a_key_is_a_short_tap():
    """Enter gives one OK click (press then release) - a terminal has no key release."""
    out, _, _ = feed(["ok"])
    assert [(k, kk) for _, k, kk in out] == [(B.PRESS, OK), (B.RELEASE, OK), (B.CLICK, OK)]
    press, release = out[0][0], out[1][0]
    assert 60 <= release - press <= 120


def test_taps_typed_together_are_separate_presses():
    """Two Down keys arriving in one read move two rows, not one long press."""
    out, _, _ = feed(["down", "down"])
    assert clicks(out, DOWN) == 2


def test_key_autorepeat_does_not_pile_up():
    """Holding an arrow in a terminal (auto-repeat floods keys) queues at most a couple of taps."""
    out, _, _ = feed(["down"] * 30)
    assert clicks(out, DOWN) == sim_live.MAX_QUEUED


def test_long_ok_and_long_back():
    """L and B press OK / BACK long enough for a LONG event (and no click)."""
    out, _, _ = feed(["long_ok", "long_back"])
    assert (B.LONG, OK) in [(k, kk) for _, k, kk in out]
    assert (B.LONG, BACK) in [(k, kk) for _, k, kk in out]
    assert clicks(out, OK) == 0 and clicks(out, BACK) == 0


def test_back_on_three_buttons_is_long_ok():
    """On a three-button board Backspace/b/B send a long OK (the board's BACK)."""
    for ev in ("back", "long_back"):
        out, _, _ = feed([ev], keys=3)
        assert [(k, kk) for _, k, kk in out if k == B.LONG] == [(B.LONG, OK)]


def test_small_view_names_the_full_size_even_while_dimmed():
    """At 120 columns (small view) the bottom edge says which terminal shows the full view,
    also while the status line is busy saying the panel is dimmed; the full view has no note."""
    assert sim_term.pick_mode(128, 64, 4, (120, 40)) == sim_term.BRAILLE
    small = sim_term.screen_lines(bytes(1024), 128, 64, 4, level=1, mode=sim_term.BRAILLE)
    assert "full size needs a 130x36 terminal" in small[17]
    assert "dimmed" in small[-1]
    full = sim_term.screen_lines(bytes(1024), 128, 64, 4)
    assert full[33] == "\u2514" + "\u2500" * 128 + "\u2518"


ENGLISH_HELP = ("move", "Space", "back", "long", "hold", "quit", "display", "screen saver",
                "small view", "terminal ")


@pytest.mark.parametrize("keys", [4, 3])
@pytest.mark.parametrize("mode", [sim_term.HALF, sim_term.BRAILLE])
def test_key_help_and_status_follow_the_language(keys, mode):
    """With the panel in German ("lang": 1) the key help, the screen-saver status and the
    small view's note are German, with no English word left, in the same number of lines and
    within the same width as the English view (the terminal keeps its size when the setting
    changes); UP/DOWN/OK/BACK keep their printed names. "lang": 0 is the English view."""
    size = sim_term.needed_size(128, 64, keys, mode)
    for held in (False, True):
        for on, level in ((True, 255), (True, 1), (False, 255)):
            en = sim_term.screen_lines(bytes(1024), 128, 64, keys, on, level, held, mode=mode)
            de = sim_term.screen_lines(bytes(1024), 128, 64, keys, on, level, held, mode=mode,
                                       lang=1)
            assert (len(de[0]), len(de)) == (len(en[0]), len(en)) == size
            assert all(len(line) <= size[0] and not line.endswith("...") for line in de)
            text = " ".join(de[16 if mode == sim_term.BRAILLE else 32:])
            assert "q: Ende" in text and "Enter/Leer: OK" in text and "r: UP+DOWN" in text
            assert ("[OK GEHALTEN: h lässt los]" in text) == held
            assert ("h: OK halten" in text) != held  # the held note says how to let go
            assert "BACK" in text
            assert not [w for w in ENGLISH_HELP if w in text], text
            if not on:
                assert "Anzeige aus (Bildschirmschoner) - jede Taste weckt sie" in text
            elif level <= 1:
                assert "Anzeige gedimmt (Bildschirmschoner)" in text
            if mode == sim_term.BRAILLE:
                assert "volle Größe braucht ein %dx%d-Terminal" % sim_term.needed_size(
                    128, 64, keys) in de[17]
            english = " ".join(en)
            assert "q: quit" in english and "q: Ende" not in english


def _to_language(dev, t, script):
    steps = simcore.timeline(simcore.parse_script(script, 4))
    for levels in steps:
        dev.step(t, levels)
        t = (t + simcore.STEP_MS) & sim_live.MASK
    return t


class _Screen:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s


def test_the_terminal_view_speaks_the_panels_language(tmp_path):
    """Settings > Language switched with the keys: the terminal view's help turns German at
    once, and English again when it is switched back; a session started with German saved is
    German from its first picture."""
    from host_tools.sim.menu import to_row

    dev = sim_live.Device(BOARD4, str(tmp_path), seed=1)

    def shown():
        screen = _Screen()
        sim_term._draw(screen, {"shown": None, "mode": sim_term.HALF}, dev, 4, False, "Wyrm")
        return screen.text

    assert dev.lang() == 0 and "q: quit" in shown()
    t = _to_language(dev, simcore.START_TICKS, to_row("Settings") + ",up*2,ok,wait:200")
    assert dev.lang() == 1
    assert "q: Ende" in shown() and "q: quit" not in shown()
    _to_language(dev, t, "ok,wait:200")
    assert dev.lang() == 0 and "q: quit" in shown()
    dev.app.settings["lang"] = 1
    dev.app.save_settings()
    again = sim_live.Device(BOARD4, str(tmp_path), seed=1)
    assert again.lang() == 1
    dev = again
    assert "q: Ende" in shown()
    assert dev.errors() == []


def test_live_micropython_device_reports_the_language(tmp_path):
    """Played live in real MicroPython, the device reports the panel's language as the
    CPython one does: German from the first step when saved, English after switching back."""
    from host_tools.mp import runner as mprun
    from host_tools.sim.menu import to_row
    from wyrm.store import Store

    try:
        mprun.check_installed()
    except mprun.RunnerError as exc:
        pytest.skip(str(exc))
    Store(str(tmp_path)).save("settings", {"lang": 1})
    mp = sim_live.MicroPythonDevice(BOARD4, str(tmp_path), seed=1)
    try:
        t = _to_language(mp, simcore.START_TICKS, "wait:100")
        assert mp.lang() == 1
        _to_language(mp, t, to_row("Settings") + ",up*2,ok,wait:200")
        assert mp.lang() == 0
        assert mp.errors() == []
    finally:
        mp.close()


def test_r_is_up_and_down_together_the_quick_roll(tmp_path):
    """r presses UP and DOWN together: inside a game it opens the quick roll (the die rolls
    over the game menu) and moves no cursor; in the main menu it does nothing."""
    dev = simcore.CPythonDevice(BOARD4, str(tmp_path), seed=1)
    t = [simcore.START_TICKS]

    def play(events, ms=1500):
        taps = TapKeys()
        for ev in events:
            sim_term.apply_event(ev, taps, 4)
        dev.font.LOG = []
        log = []
        for _ in range(ms // 10):
            dev.font.LOG = []
            if dev.app.step(t[0], taps.levels(t[0])):
                log = dev.font.LOG
            t[0] = (t[0] + 10) & sim_live.MASK
        return simcore.frame_text(log)

    menu = play([], 800)
    assert play(["chord"]) in ("", menu)  # the main menu has no quick roll: nothing changes
    game = play(["ok"])  # Drachenhort's menu
    rolled = play(["chord"])
    assert rolled.startswith("== Drachenhort die ==") and game.startswith("== Drachenhort ==")
    assert sim_term.decode(b"r") == (["chord"], b"")
    back = play(["chord"])  # UP+DOWN again: back to exactly that screen
    assert back == game
    dev.font.LOG = None


def test_h_toggles_ok_held():
    """h holds OK down until h again: a PRESS, no RELEASE while held, then RELEASE."""
    taps = TapKeys()
    btn = B.Buttons(4)
    sim_term.apply_event("hold_ok", taps, 4)
    assert taps.is_held(OK)
    seen = []
    t = WRAP - 1000
    for i in range(300):
        if i == 200:
            sim_term.apply_event("hold_ok", taps, 4)
        n = btn.update(t, taps.levels(t))
        seen += [(i, btn.queue[j] >> 4) for j in range(n)]
        t = (t + 10) & sim_live.MASK
    kinds = [k for _, k in seen]
    assert kinds[0] == B.PRESS and kinds.count(B.RELEASE) == 1
    assert [i for i, k in seen if k == B.RELEASE][0] >= 200
    assert not taps.is_held(OK)


def test_a_slow_loop_still_sees_every_tap():
    """Even if the loop only looks every 40 ms, a tap is held long enough to count."""
    out, _, _ = feed(["up", "ok"], every=4)
    assert clicks(out, UP) == 1 and clicks(out, OK) == 1


def test_q_quits():
    """q asks to quit and presses nothing."""
    out, taps, quit_ = feed(sim_term.decode(b"q")[0])
    assert quit_ and out == [] and not taps.busy()


# -- clock and session ------------------------------------------------------------
def test_clock_is_monotonic_ms_wrapped_like_ticks():
    """The live clock counts real milliseconds and wraps at 2**30 like ticks_ms."""
    now = [100.0]
    c = Clock(start=WRAP - 5, source=lambda: now[0])
    assert c.now() == WRAP - 5
    now[0] += 0.004
    assert c.now() == WRAP - 1
    now[0] += 0.010
    assert c.now() == 9


class FakeDevice:
    def __init__(self):
        self.masks = []
        self.on, self.level = True, 255
        self.calls = []

    def step(self, now, levels):
        self.calls.append((now, levels))
        return self.masks.pop(0) if self.masks else 0

    def panel_state(self):
        return (self.on, self.level)

    def errors(self):
        return []


def test_session_redraws_on_pages_or_panel_changes():
    """The view redraws when pages changed, or the panel dimmed / went off, and not otherwise."""
    dev = FakeDevice()
    s = Session(dev, Clock(start=0, source=lambda: 0.0))
    dev.masks = [0xFF]
    assert s.step(0) is True  # first frame
    assert s.step(0) is False  # idle
    dev.level = 1
    assert s.step(0) is True  # dimmed: no page changed, but the look did
    dev.on = False
    assert s.step(0) is True
    assert s.step(4) is False
    assert dev.calls[-1] == (0, 4)


def test_window_wanted_only_with_a_display():
    """A window needs DISPLAY or WAYLAND_DISPLAY and no --terminal; else the terminal view."""
    args = types.SimpleNamespace(terminal=False)
    assert sim_live.want_window(args, {}) is False
    assert sim_live.want_window(types.SimpleNamespace(terminal=True), {"DISPLAY": ":0"}) is False
    pytest.importorskip("pygame")
    assert sim_live.want_window(args, {"DISPLAY": ":0"}) is True
    assert sim_live.want_window(args, {"WAYLAND_DISPLAY": "wayland-0"}) is True


# -- the pygame window (dummy video driver) -----------------------------------------
def test_window_keys_press_and_release():
    """In the window a key down holds the button and key up lets it go; BACK keys need 4 buttons."""
    from host_tools.sim import window as sim_window

    pg = pytest.importorskip("pygame")
    m4 = sim_window.key_map(pg, 4)
    down, up = pg.KEYDOWN, pg.KEYUP
    lv = sim_window.levels_after(0, down, pg.K_DOWN, m4, down, up)
    assert lv == 1 << DOWN
    lv = sim_window.levels_after(lv, down, pg.K_RETURN, m4, down, up)
    assert lv == (1 << DOWN) | (1 << OK)
    lv = sim_window.levels_after(lv, up, pg.K_DOWN, m4, down, up)
    assert lv == 1 << OK
    assert sim_window.levels_after(0, down, pg.K_SPACE, m4, down, up) == 1 << OK
    assert sim_window.levels_after(0, down, pg.K_BACKSPACE, m4, down, up) == 1 << BACK
    assert sim_window.levels_after(0, down, pg.K_ESCAPE, m4, down, up) == 1 << BACK
    assert sim_window.levels_after(0, down, pg.K_UP, m4, down, up) == 1 << UP
    m3 = sim_window.key_map(pg, 3)
    assert sim_window.levels_after(0, down, pg.K_BACKSPACE, m3, down, up) == 0
    assert sim_window.levels_after(0, down, pg.K_x, m4, down, up) == 0


def test_window_starts_and_draws(tmp_path, monkeypatch):
    """The window opens (dummy video) and draws the menu as lit dots; contrast darkens them."""
    pg = pytest.importorskip("pygame")
    from host_tools.sim import window as sim_window

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    dev = sim_live.Device(BOARD4, str(tmp_path), seed=1)
    shots = []
    args = types.SimpleNamespace(board="pico-ssd1306-4btn", scale=4)
    sim_window.run(dev, args, max_steps=10,
                   on_frame=lambda s: shots.append(pg.image.tobytes(s, "RGB")))
    assert shots, "nothing was drawn"
    (px, py, _pw, _ph), _, (win_w, _win_h) = sim_window.layout(128, 64, 4)
    rgb = shots[-1]
    pix = simcore.pixels(dev.buffer, 128, 64)
    assert sum(map(sum, pix)) > 200  # the menu lit a fair number of pixels

    def at(x, y):  # centre of OLED pixel (x, y) in the window
        wx, wy = px + 8 + x * 4 + 1, py + 8 + y * 4 + 1
        i = (wy * win_w + wx) * 3
        return tuple(rgb[i : i + 3])

    lit = [(x, y) for y in range(64) for x in range(128) if pix[y][x]]
    dark = [(x, y) for y in range(64) for x in range(128) if not pix[y][x]]
    on, level = dev.panel_state()
    assert all(at(x, y) == sim_window.pixel_rgb(on, level) for x, y in lit[::37])
    assert all(at(x, y) == simcore.OLED_OFF for x, y in dark[::37])
    assert sim_window.pixel_rgb(True, 1) < sim_window.pixel_rgb(True, 255)
    assert sim_window.pixel_rgb(False, 255) == (0, 0, 0)


# -- whole program ---------------------------------------------------------------------
def test_without_a_terminal_it_explains_and_exits(tmp_path):
    """Run with no display and stdin/stdout not a terminal: a clear message and exit code 2."""
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    r = subprocess.run([sys.executable, "-m", "host_tools.sim", "--state", str(tmp_path / "s")],
                       cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2
    assert "terminal" in r.stderr and "--keys" in r.stderr
    assert "Traceback" not in r.stderr


def _tmux(sock, *cmd):
    return subprocess.run(["tmux", "-L", sock, *cmd], capture_output=True, text=True, timeout=10)


def _pane(sock):
    return _tmux(sock, "capture-pane", "-p", "-J", "-t", "sim").stdout


def _wait(sock, cond, timeout=15.0):
    end = time.monotonic() + timeout
    text = _pane(sock)
    while not cond(text) and time.monotonic() < end:
        time.sleep(0.1)
        text = _pane(sock)
    return text


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_terminal_simulator_in_tmux(tmp_path):
    """In tmux: the panel shows in half blocks with key help; Down, Enter change it; q exits."""
    sock = "wyrm-test-%d" % os.getpid()
    state = tmp_path / "flash"
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    cmd = "cd %s && %s -m host_tools.sim --terminal --state %s; echo EXIT=$?; sleep 30" % (
        ROOT, sys.executable, state)
    r = subprocess.run(["tmux", "-L", sock, "-u", "new-session", "-d", "-s", "sim",
                        "-x", "140", "-y", "45", cmd], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    try:
        first = _wait(sock, lambda t: "q: quit" in t and "\u2588" in t)
        lines = first.splitlines()
        top = [i for i, s in enumerate(lines) if s.startswith("\u250c")]
        assert top, first
        box = lines[top[0] : top[0] + 34]
        assert box[-1].startswith("\u2514") and len(box[-1]) == 130
        art = "".join(box[1:-1])
        assert "\u2580" in art and "\u2584" in art  # half blocks: text is drawn
        assert "q: quit" in lines[top[0] + 34]

        _tmux(sock, "send-keys", "-t", "sim", "Down")
        second = _wait(sock, lambda t: t != first)
        assert second != first and "q: quit" in second

        _tmux(sock, "send-keys", "-t", "sim", "Enter")
        third = _wait(sock, lambda t: t != second)
        assert third != second and "\u2588" in third

        _tmux(sock, "send-keys", "-t", "sim", "q")
        done = _wait(sock, lambda t: "EXIT=" in t)
        assert "EXIT=0" in done
        assert str(state) in done  # where the saved games are
        assert "\u2502" not in done  # the alternate screen is gone: the shell is back as it was
    finally:
        _tmux(sock, "kill-server")


def test_live_micropython_device_matches_cpython(tmp_path):
    """Played live in real MicroPython, the panel shows exactly what the CPython app shows."""
    from host_tools.mp import runner as mprun

    try:
        mprun.check_installed()
    except mprun.RunnerError as exc:
        pytest.skip(str(exc))
    steps = simcore.timeline(simcore.parse_script("down,up*2,ok,wait:200,down,back", 4))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    cp = sim_live.Device(BOARD4, str(tmp_path / "a"), seed=3)
    mp = sim_live.MicroPythonDevice(BOARD4, str(tmp_path / "b"), seed=3)
    try:
        t = simcore.START_TICKS
        frames = 0
        for levels in steps:
            a = bool(cp.step(t, levels))
            b = bool(mp.step(t, levels))
            assert a == b
            if a:
                frames += 1
                assert bytes(mp.buffer) == bytes(cp.buffer)
            assert mp.panel_state() == cp.panel_state()
            t = (t + simcore.STEP_MS) & sim_live.MASK
        assert frames >= 4
        assert mp.errors() == [] and cp.errors() == []
    finally:
        mp.close()
