"""The benchmark's side inside real MicroPython: boot the app as main.py does, one step per exec.

Each call starts with ``gc.collect()`` and reads ``gc.mem_alloc()``: the heap the app retains.
"""
import json

from host_tools.sim import core

# Kept small: it is on the measured heap too (reported as the baseline).
HARNESS = """
import gc, micropython, sys, time


class _BI2C:
    def __init__(self):
        self.n = 0
        self.w = 0

    def writeto(self, addr, buf):
        self.n += len(buf)
        self.w += 1


def _b_adv(t):
    return t + %(step)d if t < %(wrap_at)d else t - %(wrap_at)d


def _b_boot(board, seed):
    global _b_i2c, _b_oled, _b_app, _b_t, _b_main, _b_pins
    from wyrm import pins as _b_pins  # the shell's code is on the Pico's heap too
    from wyrm import shell as _b_main
    from wyrm import font
    from wyrm.home import make_app
    from wyrm.oled import Oled
    from wyrm.rng import Rng
    from wyrm.store import Store
    font.LOG = None
    d = board['display']
    _b_i2c = _BI2C()
    _b_oled = Oled(_b_i2c, d['width'], d['height'], d['addr'], d['controller'],
                   d['col_offset'], d['rotate'])
    gc.collect()
    _b_app = make_app(fb=_b_oled, panel=_b_oled, store=Store('/state'), rng=Rng(seed=seed),
                      keys=board['keys'], board=board)
    _b_t = %(start)d
    print(_b_i2c.n, _b_i2c.w)


def _b_s(n, levels):
    # n steps with the same key levels (n = 1: one step per call); the heap is
    # read first, after the garbage of the previous call is collected
    global _b_t
    gc.collect()
    h = gc.mem_alloc()
    i2c = _b_i2c
    app = _b_app
    oled = _b_oled
    b = i2c.n
    w = i2c.w
    t = _b_t
    mm = 0
    i = 0
    while i < n:
        m = app.step(t, levels)
        if m:
            oled.send(m)
            mm |= m
        t = _b_adv(t)
        i += 1
    _b_t = t
    print(h, mm, i2c.n - b, i2c.w - w, gc.mem_alloc() - h)


def _b_run(n, lock):
    # n idle steps (no key) in one call; returns [steps done, bytes, bytes allocated, MemoryError]
    global _b_t
    app = _b_app
    oled = _b_oled
    i2c = _b_i2c
    t = _b_t
    n0 = i2c.n
    err = 0
    i = 0
    gc.collect()
    a = gc.mem_alloc()
    if lock:
        micropython.heap_lock()
    try:
        while i < n:
            m = app.step(t, 0)
            if m:
                oled.send(m)
            t = _b_adv(t)
            i += 1
    except MemoryError:
        err = 1
    if lock:
        micropython.heap_unlock()
    b = gc.mem_alloc()
    _b_t = t
    print(i, i2c.n - n0, b - a, err)


def _b_heap():
    gc.collect()
    print(gc.mem_alloc())


def _b_qstr():
    micropython.qstr_info()
"""

# Which part of an idle step allocates: wraps the app's hooks with counters.
WHERE = """
def _b_where(n):
    app = _b_app
    rec = {}

    def wrap(name, fn, nargs):
        def w0():
            x = gc.mem_alloc()
            r = fn()
            d = gc.mem_alloc() - x
            if d:
                rec[name] = rec.get(name, 0) + d
            return r

        def w1(a):
            x = gc.mem_alloc()
            r = fn(a)
            d = gc.mem_alloc() - x
            if d:
                rec[name] = rec.get(name, 0) + d
            return r

        def w2(a, b):
            x = gc.mem_alloc()
            r = fn(a, b)
            d = gc.mem_alloc() - x
            if d:
                rec[name] = rec.get(name, 0) + d
            return r

        return (w0, w1, w2)[nargs]

    top = app.top()
    tname = type(top).__name__
    app.buttons.update = wrap('Buttons.update', app.buttons.update, 2)
    top.tick = wrap(tname + '.tick', top.tick, 2)
    app._saver = wrap('App._saver', app._saver, 1)
    app.render = wrap('App.render (%s.draw)' % tname, app.render, 0)
    app.fb.dirty = wrap('Canvas.dirty', app.fb.dirty, 0)
    whole = 0
    t = _b_t
    for i in range(n):
        x = gc.mem_alloc()
        m = app.step(t, 0)
        if m:
            _b_oled.send(m)
        whole += gc.mem_alloc() - x
        t = _b_adv(t)
    print(json.dumps({'whole': whole, 'parts': rec}))
"""

# Step cost: many repetitions in one call (ticks_us has 1 ms resolution here).
TIMING = """
def _b_time(n, tap):
    app = _b_app
    oled = _b_oled
    t = _b_t
    td = time.ticks_diff
    us = time.ticks_us
    # the bench loop itself (counted out of the step times)
    i = 0
    t0 = us()
    while i < n:
        t = _b_adv(t)
        i += 1
    loop = td(us(), t0)
    # idle steps (under a minute of them: the screen saver would dim the panel)
    app.now = t
    app.keep_awake()
    i = 0
    t0 = us()
    while i < n:
        m = app.step(t, 0)
        if m:
            oled.send(m)
        t = _b_adv(t)
        i += 1
    idle = td(us(), t0)
    # key taps: the simulator's timeline of one tap, repeated
    app.now = t
    app.keep_awake()
    k = n // len(tap)
    frames = 0
    sent = _b_i2c.n
    i = 0
    t0 = us()
    while i < k:
        for lv in tap:
            m = app.step(t, lv)
            if m:
                oled.send(m)
                frames += 1
            t = _b_adv(t)
        i += 1
    taps = td(us(), t0)
    sent = _b_i2c.n - sent
    # full redraws of the same screen
    r = n // 20
    i = 0
    t0 = us()
    while i < r:
        app.redraw()
        app.render()
        i += 1
    redraw = td(us(), t0)
    # full redraw as on the device: draw, find changed pages, send all pages
    pages = (1 << oled.pages) - 1
    i = 0
    t0 = us()
    while i < r:
        app.render()
        oled.forget()
        oled.send(oled.dirty() | pages)
        i += 1
    frame = td(us(), t0)
    _b_set_t(t)
    print(json.dumps([n, loop, idle, k, len(tap), taps, frames, sent, r, redraw, frame]))


def _b_set_t(t):
    global _b_t
    _b_t = t
"""

WRAP_AT = (1 << 30) - core.STEP_MS  # t + STEP_MS stays a small int below this


def _last_ints(out):
    """The numbers on the last line printed (the app may print tracebacks before it)."""
    lines = [ln for ln in out.splitlines() if ln.strip()]
    return tuple(int(x) for x in lines[-1].split())


class MpSession:
    """One booted app inside a fresh MicroPython; one step per exec call."""

    def __init__(self, mp, board, seed):
        self.mp = mp
        mp.reset()
        mp.exec("import os\ntry:\n    os.mkdir('/state')\nexcept OSError:\n    pass\n")
        self.empty = int(mp.exec("import gc\ngc.collect()\nprint(gc.mem_alloc())"))
        mp.exec(
            HARNESS
            % {"step": core.STEP_MS, "wrap_at": WRAP_AT, "start": core.START_TICKS}
        )
        self.baseline = int(mp.exec("import json\n_b_heap()"))
        out = mp.exec("_b_boot(json.loads(%r), %r)" % (json.dumps(board), seed))
        self.init_bytes, self.init_writes = _last_ints(out)
        self.errors = []

    def step(self, levels, n=1):
        """(heap before the step, mask, bytes sent, I2C writes, bytes allocated in the step).

        n > 1: n steps with the same levels in one call (masks OR-ed, sums).
        """
        out = self.mp.exec("_b_s(%d, %d)" % (n, levels))
        return _last_ints(out)

    def run_idle(self, n, lock):
        """n idle steps in one call: (steps done, bytes sent, bytes allocated, MemoryError)."""
        out = self.mp.exec("_b_run(%d, %d)" % (n, 1 if lock else 0))
        return _last_ints(out)

    def where(self, n):
        self.mp.exec(WHERE)  # loaded only now: it is not on the measured heap
        return json.loads(self.mp.exec("_b_where(%d)" % n).strip().splitlines()[-1])

    def heap(self):
        return _last_ints(self.mp.exec("_b_heap()"))[0]

    def qstr_bytes(self):
        """Bytes of MicroPython's interned-string pools (they never shrink)."""
        out = self.mp.exec("_b_qstr()")
        for part in out.replace(",", " ").split():
            if part.startswith("n_total_bytes="):
                return int(part.split("=")[1])
        return None

    def app_errors(self):
        out = self.mp.exec("for _e in _b_app.errors:\n    print(repr(_e))")
        return [line for line in out.splitlines() if line.strip()]

    def timing(self, n, tap):
        self.mp.exec(TIMING)
        out = self.mp.exec("_b_time(%d, %r)" % (n, list(tap)), timeout=300)
        return json.loads(out.strip().splitlines()[-1])
