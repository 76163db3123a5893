"""The interactive simulator: the real app on a real clock, in a window or a terminal.

The parts both views share: the clock, the devices, the tap/hold key model, start-up and
exit (docs/TOOLS.md).
"""
import contextlib
import io
import os
import sys
import time

from host_tools.sim import core

MASK = 0x3FFFFFFF  # ticks wrap at 2**30, as on the Pico
STEP_S = core.STEP_MS / 1000.0

UP, DOWN, OK, BACK = 0, 1, 2, 3

# Terminal taps: how long a key is "down", and the released gap a following
# tap of the same key waits for (the firmware debounces 10 ms).
TAP_MS = core.TAP_MS
LONG_MS = core.LONG_MS
TAP_GAP_MS = 50
MAX_QUEUED = 2  # a held (auto-repeating) terminal key must not pile up a backlog


class Clock:
    """Milliseconds from ``time.monotonic``, wrapped at 2**30 like ``ticks_ms``.

    It starts at ``start`` (default: a few seconds before the wrap, as the
    scripted runs do) so every session crosses the wrap early.
    """

    def __init__(self, start=core.START_TICKS, source=time.monotonic):
        self._source = source
        self._t0 = source()
        self._start = start

    def now(self):
        return (self._start + int((self._source() - self._t0) * 1000)) & MASK


def ticks_diff(a, b):
    """a - b on the 2**30 ring, like wyrm.ticks.ticks_diff."""
    d = (a - b) & MASK
    return d - (MASK + 1) if d & (1 << 29) else d


class TapKeys:
    """Button levels from key events that have no release (a terminal).

    - ``tap(key)``: the button goes down for TAP_MS, then up.
    - ``long(key)``: down for LONG_MS (a long press).
    - ``toggle_hold(key)``: down until toggled again (hold-to-peek).
    Taps of one key queue up (each separated by a released gap, so the
    firmware sees separate presses); each phase starts when ``levels(now)``
    first observes it, so a slow loop cannot swallow a press.
    """

    def __init__(self):
        self.held = 0  # bits toggled down by toggle_hold
        self._queue = {}  # key -> [duration_ms, ...]
        self._phase = {}  # key -> (is_down, until_ms)

    def tap(self, key, ms=TAP_MS):
        q = self._queue.setdefault(key, [])
        if len(q) >= MAX_QUEUED:
            return False
        q.append(ms)
        return True

    def long(self, key):
        return self.tap(key, LONG_MS)

    def toggle_hold(self, key):
        self.held ^= 1 << key
        return bool(self.held & (1 << key))

    def is_held(self, key):
        return bool(self.held & (1 << key))

    def busy(self):
        """True while a tap is still playing or queued."""
        return bool(self._phase) or any(self._queue.values())

    def levels(self, now):
        out = self.held
        for key in list(self._queue) + [k for k in self._phase if k not in self._queue]:
            while True:
                ph = self._phase.get(key)
                if ph is None:
                    q = self._queue.get(key)
                    if not q:
                        break
                    self._phase[key] = (True, (now + q.pop(0)) & MASK)
                    continue
                down, until = ph
                if ticks_diff(now, until) < 0:
                    if down:
                        out |= 1 << key
                    break
                if down:
                    self._phase[key] = (False, (now + TAP_GAP_MS) & MASK)
                else:
                    del self._phase[key]
            if not self._queue.get(key):
                self._queue.pop(key, None)
        return out


class Device:
    """The firmware app under CPython, stepped live (wraps core.CPythonDevice)."""

    def __init__(self, board, state_dir, seed=None):
        self.dev = core.CPythonDevice(board, state_dir, seed)
        self.dev.font.LOG = None  # no text log: a live session would grow it forever
        self.app = self.dev.app
        self.canvas = self.dev.canvas
        self.panel = self.dev.panel
        self.width = self.canvas.width
        self.height = self.canvas.height
        self.keys = self.dev.keys

    @property
    def buffer(self):
        return self.canvas.buffer

    def step(self, now, levels):
        return self.app.step(now, levels)

    def panel_state(self):
        """(on, contrast level): a change of either needs a redraw."""
        return (bool(self.panel.on), int(self.panel.level))

    def errors(self):
        return [repr(e) for e in self.app.errors]

    def lang(self):
        """The panel's language setting (0 English, 1 Deutsch): the view's help follows it."""
        return self.app.settings["lang"]


_MP_SETUP = """
import json
from wyrm import font
from wyrm.canvas import Canvas
from wyrm.home import make_app
from wyrm.rng import Rng
from wyrm.store import Store

from simpanel import SimPanel

font.LOG = None
panel = SimPanel()
canvas = Canvas(%(w)d, %(h)d)
app = make_app(canvas, Store('/state'), Rng(seed=%(seed)r), %(keys)d, panel, json.loads(%(board)r))
_ps = None
_ne = 0
_lg = -1

def _hex(b):
    return b.hex() if hasattr(b, 'hex') else ''.join('%%02x' %% x for x in b)

def _step(t, lv):
    global _ps, _ne, _lg
    m = app.step(t, lv)
    if m:
        print('F', _hex(canvas.buffer))
    if app.settings['lang'] != _lg:
        _lg = app.settings['lang']
        print('L', _lg)
    ps = (panel.on, panel.level)
    if ps != _ps:
        _ps = ps
        print('P', int(panel.on), panel.level)
    if _ne < app.caught:  # app.errors keeps the last few: those of them caught since
        for e in app.errors[max(0, len(app.errors) - (app.caught - _ne)):]:
            print('E', repr(e))
        _ne = app.caught
"""


class MicroPythonDevice:
    """The same app inside real MicroPython (WebAssembly under Node), stepped live.

    The state folder is copied in at the start, copied back half a second after
    the screen changed, and at the end (Ctrl-C also stops the Node process, so
    after Ctrl-C the last half-second copy is what remains).
    """

    SYNC_S = 0.5

    def __init__(self, board, state_dir, seed=None):
        from host_tools.mp.runner import MicroPython

        self.state_dir = state_dir
        self.width, self.height, self.keys = core.board_geometry(board)
        self.buffer = bytearray(self.width * self.height // 8)
        self._panel = (True, 255)
        self._lang = 0
        self._errors = []
        self._dirty_at = None
        self.mp = MicroPython()
        core.install_panel(self.mp)
        self.mp.exec("import os\ntry:\n    os.mkdir('/state')\nexcept OSError:\n    pass\n")
        for name in sorted(os.listdir(state_dir)):
            p = os.path.join(state_dir, name)
            if os.path.isfile(p):
                with open(p, "rb") as f:
                    self.mp.write_file("/state/" + name, f.read())
        import json

        self._read(self.mp.exec(_MP_SETUP % {
            "w": self.width, "h": self.height, "seed": seed, "keys": self.keys,
            "board": json.dumps(board)}))

    def _read(self, out):
        for line in out.splitlines():
            if line.startswith("F "):
                self.buffer[:] = bytes.fromhex(line[2:])
            elif line.startswith("P "):
                _, on, level = line.split()
                self._panel = (on == "1", int(level))
            elif line.startswith("E "):
                self._errors.append(line[2:])
            elif line.startswith("L "):
                self._lang = int(line[2:])
            elif line.strip():
                print(line)  # the firmware's own output (tracebacks): shown after the session

    def step(self, now, levels):
        out = self.mp.exec("_step(%d,%d)" % (now, levels))
        self._read(out)
        frame = out.startswith("F ") or "\nF " in out
        t = time.monotonic()
        if frame and self._dirty_at is None:
            self._dirty_at = t
        if self._dirty_at is not None and t - self._dirty_at >= self.SYNC_S:
            self.sync()
        return 0xFF if frame else 0

    def sync(self):
        """Copy MicroPython's /state back into the host folder."""
        self._dirty_at = None
        names = self.mp.listdir("/state") or []
        for name in names:
            data = self.mp.read_file("/state/" + name)
            if data is not None:
                with open(os.path.join(self.state_dir, name), "wb") as f:
                    f.write(data)
        for name in os.listdir(self.state_dir):
            if name not in names and os.path.isfile(os.path.join(self.state_dir, name)):
                os.remove(os.path.join(self.state_dir, name))

    def close(self):
        from host_tools.mp.runner import RunnerError

        try:
            self.sync()
        except RunnerError:
            print("sim: MicroPython had already stopped (Ctrl-C stops it too); saved games "
                  "are as of its last copy, at most %.1f s before the end." % self.SYNC_S,
                  file=sys.stderr)
        finally:
            self.mp.close()

    def panel_state(self):
        return self._panel

    def errors(self):
        return list(self._errors)

    def lang(self):
        """The panel's language setting, as the last step reported it."""
        return self._lang


class Session:
    """Clock + device + the step loop's bookkeeping, shared by both views."""

    def __init__(self, device, clock=None):
        self.device = device
        self.clock = clock or Clock()
        self.frames = 0
        self._panel = None
        self._errors = 0

    def step(self, levels):
        """One app step at the clock's time. Returns True when the view must redraw."""
        mask = self.device.step(self.clock.now(), levels)
        ps = self.device.panel_state()
        changed = bool(mask) or ps != self._panel
        self._panel = ps
        if changed:
            self.frames += 1
        return changed

    def new_errors(self):
        errs = self.device.errors()
        new = errs[self._errors:]
        self._errors = len(errs)
        return new


def brightness(on, level):
    """0..1: how bright lit pixels look at contrast ``level`` (0..255); 0 when off."""
    if not on:
        return 0.0
    level = min(max(level, 0), 255)
    return 0.45 + 0.55 * (level / 255.0) ** 0.5


def want_window(args, environ=None):
    """A pygame window when not --terminal, a display is present and pygame imports."""
    env = os.environ if environ is None else environ
    if getattr(args, "terminal", False):
        return False
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return False
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            import pygame  # noqa: F401
    except Exception:  # noqa: BLE001 - missing or broken pygame: use the terminal
        return False
    return True


def state_note(state_dir, kept):
    if kept:
        return "Saved games and settings are in %s (use --state %s to come back to them)." % (
            state_dir, state_dir)
    return ("This session used a temporary folder for the Pico's flash, now deleted; "
            "pass --state DIR to keep saved games between runs.")
