"""The buttons' edge ring (wyrm.pins.Keys) with a fake interrupt: every change of the
button levels between two steps reaches the app in order, with its own time.

The pins are the fake machine's (tests/support/fake_machine.py, ``irq=True``): a level driven
at a chosen time calls the ring's handler then, as the RP2040's edge interrupt does.
The app stand-in hands what it is fed to the real debouncer (wyrm.buttons), so the
tests count presses as the user would; the loop is the shell's own (wyrm.shell.run).
"""

import json
import os

from fake_machine import FakeMachine, FakeTime, TimeUp

from wyrm import shell
from wyrm.board import load_profile
from wyrm.buttons import KIND_NAMES, NAMES, Buttons
from wyrm.pins import Keys, Led
from wyrm.ticks import ticks_diff

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UP, DOWN, OK, BACK = 2, 3, 6, 7  # the pins of boards/pico-ssd1306-4btn.json (to GND)
DOWN_BIT, OK_BIT = 2, 4
PRESSED, RELEASED = 0, 1


class Sink:
    """Stands in for wyrm.app.App: ``feed`` debounces with the real Buttons and keeps the
    events; ``step`` feeds the step's levels, then takes ``slow[n]`` ms (a game loading)
    at its n-th call, during which the fake interrupts go on."""

    def __init__(self, clock, slow=None):
        self.clock = clock
        self.slow = slow or {}
        self.now = 0
        self.power = 0
        self.buttons = Buttons(4)
        self.fed = []  # (t, levels) in the order fed
        self.events = []  # (t, kind, key)
        self.steps = []

    def feed(self, t, levels):
        self.fed.append((t, levels))
        self.now = t
        for i in range(self.buttons.update(t, levels)):
            e = self.buttons.queue[i]
            self.events.append((t, KIND_NAMES[e >> 4], NAMES[e & 15]))

    def step(self, now, levels):
        self.steps.append(now)
        self.feed(now, levels)
        ms = self.slow.get(len(self.steps))
        if ms:
            self.clock.sleep_ms(ms)
        return 0

    def presses(self, key):
        return [t for t, kind, k in self.events if kind == "PRESS" and k == key]


def make_keys(limit=2000, irq=True):
    clock = FakeTime(limit)
    m = FakeMachine(clock, irq=irq)
    with open(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")) as f:
        prof = load_profile(json.load(f), "t")
    return m, clock, Keys(m, prof["buttons"])


def run(m, clock, keys, app):
    """The shell's loop until the fake clock runs out."""
    try:
        shell.run(m, clock, {}, keys, Led(m, None), None, app)
    except TimeUp:
        pass
    return app


def tap(m, pin, down_at, up_at, bounce=0):
    """A press at ``down_at`` and its release at ``up_at``; with ``bounce``, each edge is
    followed by ``bounce`` contact bounces 1 ms apart (so it settles 2*bounce ms later)."""
    for t, level in ((down_at, PRESSED), (up_at, RELEASED)):
        m.drive_at(t, pin, level)
        for i in range(bounce):
            m.drive_at(t + 2 * i + 1, pin, 1 - level)
            m.drive_at(t + 2 * i + 2, pin, level)


def assert_time_runs_forward(app):
    times = [t for t, _lv in app.fed]
    assert all(ticks_diff(b, a) >= 0 for a, b in zip(times, times[1:], strict=False)), times


# -- between two steps ---------------------------------------------------------------


def test_a_tap_between_two_steps_is_handed_on_with_its_times():
    """A tap that starts and ends while nobody looks reaches the app at drain: each edge
    at its own time, and the level before it up to the edge while a key is down (from
    every key up and settled the press edge comes alone: nothing falls due before it)."""
    m, clock, keys = make_keys()
    assert keys.latch(m, clock)
    tap(m, OK, 100, 140)
    clock.sleep_ms(200)
    app = Sink(clock)
    assert keys.drain(app, ticks_diff) == 0  # released again by now
    assert app.fed == [(100, OK_BIT), (140, OK_BIT), (140, 0)]
    assert app.events == [(100, "PRESS", "OK"), (140, "RELEASE", "OK"), (140, "CLICK", "OK")]
    assert keys.drain(app, ticks_diff) == 0 and len(app.fed) == 3  # handed on once only


def test_a_key_still_held_at_drain_is_reported_held():
    """The levels drain returns are the pins' levels after the last edge: a key pressed
    since the last step and still down is down."""
    m, clock, keys = make_keys()
    keys.latch(m, clock)
    m.drive_at(30, DOWN, PRESSED)
    clock.sleep_ms(50)
    app = Sink(clock)
    assert keys.drain(app, ticks_diff) == DOWN_BIT
    assert app.presses("DOWN") == [30]


def test_a_latched_edge_ends_the_nap_within_a_millisecond():
    """The loop's 5 ms sleep is cut short by an edge, so a press is taken at once; with no
    edge, or without interrupts (the pins polled), the nap is the whole time."""
    m, clock, keys = make_keys()
    keys.latch(m, clock)
    m.drive_at(7, OK, PRESSED)
    keys.nap(clock, 50)
    assert clock.now == 7
    keys.drain(Sink(clock), ticks_diff)
    keys.nap(clock, 50)
    assert clock.now == 57
    m, clock, keys = make_keys(irq=False)
    assert not keys.latch(m, clock)
    m.drive_at(7, OK, PRESSED)
    keys.nap(clock, 50)
    assert clock.now == 50


# -- contact bounce ------------------------------------------------------------------


def test_contact_bounce_gives_one_press_per_tap():
    """Each edge of two taps of OK bounces twice within 4 ms (20 changes in all, more than
    the ring holds, so it wraps around): the user gets one press and one click per tap,
    each at its first edge."""
    m, clock, keys = make_keys(limit=600)
    tap(m, OK, 100, 200, bounce=2)
    tap(m, OK, 300, 400, bounce=2)
    app = run(m, clock, keys, Sink(clock))
    assert app.events == [
        (100, "PRESS", "OK"),
        (200, "RELEASE", "OK"),
        (200, "CLICK", "OK"),
        (300, "PRESS", "OK"),
        (400, "RELEASE", "OK"),
        (400, "CLICK", "OK"),
    ]
    assert len(app.fed) > 2 * 20  # every bounce was handed on (the debouncer merged them)
    assert_time_runs_forward(app)


def test_interrupts_that_find_no_change_add_nothing():
    """An interrupt that finds the levels as the ring last left them (noise, several pins
    for one edge, a bounce already settled) adds nothing: forty of them during a slow
    step do not fill the ring and push out a tap that came before them."""
    m, clock, keys = make_keys(limit=1000)
    tap(m, OK, 100, 150)
    pin = m.pin(OK)
    for i in range(40):
        clock.at(200 + 5 * i, lambda: pin.handler(pin))
    tap(m, UP, 500, 550)
    app = run(m, clock, keys, Sink(clock, slow={2: 700}))
    assert app.presses("OK") == [100] and app.presses("UP") == [500]
    assert [k for _t, kind, k in app.events if kind == "CLICK"] == ["OK", "UP"]


# -- a slow step ---------------------------------------------------------------------


def _four_taps(m):
    tap(m, UP, 50, 90)
    tap(m, DOWN, 150, 200)
    tap(m, OK, 250, 330)
    tap(m, BACK, 340, 500)  # still held when the step ends at 405


def test_edges_during_a_slow_step_are_all_kept_in_order():
    """Four taps on four keys while one step takes 400 ms (a game loading): every press,
    release and click reaches the app, in the order made, at the times made."""
    m, clock, keys = make_keys(limit=800)
    _four_taps(m)
    app = run(m, clock, keys, Sink(clock, slow={2: 400}))
    assert app.steps[:3] == [0, 5, 405]  # the slow step really was one step
    assert app.events == [
        (50, "PRESS", "UP"),
        (90, "RELEASE", "UP"),
        (90, "CLICK", "UP"),
        (150, "PRESS", "DOWN"),
        (200, "RELEASE", "DOWN"),
        (200, "CLICK", "DOWN"),
        (250, "PRESS", "OK"),
        (330, "RELEASE", "OK"),
        (330, "CLICK", "OK"),
        (340, "PRESS", "BACK"),
        (500, "RELEASE", "BACK"),
        (500, "CLICK", "BACK"),
    ]
    assert_time_runs_forward(app)


def test_without_interrupts_a_slow_step_loses_its_taps():
    """The same taps on pins that cannot interrupt (polled each step): only the key still
    held when the step ends is seen - what the ring is there to prevent."""
    m, clock, keys = make_keys(limit=800, irq=False)
    _four_taps(m)
    app = run(m, clock, keys, Sink(clock, slow={2: 400}))
    assert [k for _t, kind, k in app.events if kind == "PRESS"] == ["BACK"]


# -- more edges than the ring holds --------------------------------------------------


def test_ring_overflow_keeps_the_first_edges_and_the_last_levels():
    """Three taps of OK that bounce (30 changes) and then a press of DOWN held past the
    step, all inside one 800 ms step: more than the ring's 16. The first edges reach the
    app exactly; the rest merge into the newest levels, so every press the app sees is one
    the user made, each is released, and DOWN is held when the step ends."""
    m, clock, keys = make_keys(limit=1400)
    real_ok = (100, 250, 400)
    for t in real_ok:
        tap(m, OK, t, t + 60, bounce=2)
    m.drive_at(600, DOWN, PRESSED)
    m.drive_at(1200, DOWN, RELEASED)
    app = run(m, clock, keys, Sink(clock, slow={2: 800}))
    assert app.steps[:3] == [0, 5, 805]
    ok = app.presses("OK")
    assert ok[:1] == [100] and set(ok) <= set(real_ok)  # none invented
    assert app.events[:3] == [(100, "PRESS", "OK"), (160, "RELEASE", "OK"), (160, "CLICK", "OK")]
    kinds = [kind for _t, kind, k in app.events if k == "OK"]
    assert kinds.count("RELEASE") == len(ok) and "LONG" not in kinds
    assert app.presses("DOWN") == [600]  # the newest edge survives the full ring
    after = [e for e in app.events if e[0] > 805]
    assert (1050, "REPEAT", "DOWN") in after  # held through the step, so it repeats
    assert after[-1] == (1200, "RELEASE", "DOWN")
    assert_time_runs_forward(app)


def test_the_ring_works_again_after_an_overflow():
    """After an overflow the next taps are handed on exactly, as before it."""
    m, clock, keys = make_keys(limit=1400)
    for i in range(12):  # 24 changes inside one step
        tap(m, UP, 20 + 40 * i, 40 + 40 * i)
    tap(m, OK, 1000, 1050)
    tap(m, BACK, 1100, 1150)
    app = run(m, clock, keys, Sink(clock, slow={2: 600}))
    assert app.presses("OK") == [1000] and app.presses("BACK") == [1100]
    assert app.events[-6:] == [
        (1000, "PRESS", "OK"),
        (1050, "RELEASE", "OK"),
        (1050, "CLICK", "OK"),
        (1100, "PRESS", "BACK"),
        (1150, "RELEASE", "BACK"),
        (1150, "CLICK", "BACK"),
    ]
    assert 1 <= len(app.presses("UP")) <= 12 and keys.levels() == 0


# -- on real MicroPython -------------------------------------------------------------

_MP_EDGES = r"""
import micropython
from wyrm.pins import Keys

class _Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    def __init__(self, id, mode=-1, pull=-1):
        self.v = 1
    def value(self, v=None):
        return self.v
    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler

class _M:
    Pin = _Pin

class _T:
    def __init__(self):
        self.t = 1000
    def ticks_ms(self):
        return self.t

_clock = _T()
_keys = Keys(_M, %r)
print(_keys.latch(_M, _clock))
_ok = _keys.pins[2]
micropython.heap_lock()
try:
    for _i in range(40):  # more than the ring holds: the full-ring path too
        _clock.t += 3
        _ok.v = _i & 1
        _ok.handler(_ok)
        _ok.handler(_ok)  # a repeat: nothing to add
finally:
    micropython.heap_unlock()
print(_keys._w - _keys._r, _keys._lv[(_keys._w - 1) %% 16], _keys._t[(_keys._w - 1) %% 16])
"""


def test_the_interrupt_handler_allocates_nothing_on_micropython(mp):
    """The handler runs as a hard interrupt, where allocating fails: under real
    MicroPython with the heap locked, 80 interrupts (40 changes, a full ring, repeats)
    raise nothing, and the ring ends full with the newest levels and time."""
    with open(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")) as f:
        buttons = load_profile(json.load(f), "t")["buttons"]
    out = mp.exec(_MP_EDGES % (buttons,)).split()
    assert out == ["True", "16", "0", str(1000 + 3 * 40)]  # OK released at the last
