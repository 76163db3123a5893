"""Glue that runs inside the page's MicroPython (WebAssembly): boot and step the app.

The host functions come from the JS module ``wyrm_host``: ``random_byte()``,
``panel(level, on)`` (docs/TOOLS.md). The page asks ``lang()`` at boot and whenever
``step()`` says files changed (a changed setting is saved) and shows its own texts in it.
"""
import gc

import uctypes
import wyrm_host
from simpanel import SimPanel

from wyrm import board as wboard
from wyrm import lang as wlang
from wyrm.canvas import Canvas
from wyrm.home import make_app
from wyrm.rng import Rng
from wyrm.store import Store

STATE = "/state"
_STORE_CHANGED = 0x100  # bit above the 8 page bits in step()'s answer


class WebStore(Store):
    """The firmware's store; remembers that files changed so the page saves them."""

    changed = False

    def save(self, name, obj):
        try:
            Store.save(self, name, obj)
        finally:
            self.changed = True

    def remove(self, name):
        try:
            Store.remove(self, name)
        finally:
            self.changed = True

    def load(self, name, default=None, check=None):
        n = len(self.problems)
        try:
            return Store.load(self, name, default, check)
        finally:
            if len(self.problems) != n:  # a damaged file was set aside or renamed
                self.changed = True


class WebPanel(SimPanel):
    """The OLED's controls, reported to the page (it dims or blanks the canvas).

    ``rotate`` is remembered but never shown: the page is never upside down.
    """

    def _send(self):
        wyrm_host.panel(self.level, self.on)

    def contrast(self, v):
        SimPanel.contrast(self, v)
        self._send()

    def poweroff(self):
        SimPanel.poweroff(self)
        self._send()

    def poweron(self):
        SimPanel.poweron(self)
        self._send()


def _browser_source(n):
    """n random bytes from crypto.getRandomValues (one byte per host call)."""
    out = bytearray(n)
    rb = wyrm_host.random_byte
    for i in range(n):
        out[i] = rb()
    return out


app = None
canvas = None
store = None


def boot(board_path, seed):
    """Start the app for the profile file ``board_path``; seed < 0: browser dice.

    Returns 'w h keys addr' (addr: the framebuffer's address in wasm memory).
    """
    global app, canvas, store
    prof = wboard.load_file(board_path)
    disp = prof.get("display", {})
    w = disp.get("width", 128)
    h = disp.get("height", 64)
    keys = 4 if "BACK" in prof.get("buttons", {}) else 3
    canvas = Canvas(w, h)
    store = WebStore(STATE)
    rng = Rng(seed=seed) if seed >= 0 else Rng(_browser_source)
    app = make_app(canvas, store, rng, keys, WebPanel(), prof)
    gc.collect()
    return "%d %d %d %d" % (w, h, keys, uctypes.addressof(canvas.buffer))


def step(now, levels):
    """One App.step; bits 0-7 the changed pages, bit 8: saved files changed."""
    mask = app.step(now, levels)
    if store.changed:
        store.changed = False
        mask |= _STORE_CHANGED
    return mask


def lang():
    """The panel's language now (0 English, 1 Deutsch): the page's own texts follow it."""
    return wlang.CUR


def force_redraw():
    """Benchmark: make the next step redraw the whole screen."""
    app.redraw()
    canvas.forget()
