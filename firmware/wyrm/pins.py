"""The Pico's pins as the shell uses them: the status LED and its blink codes, and the
buttons with their edge ring (a hard interrupt latches every edge between two steps)."""

from micropython import const

from wyrm.board import BUTTONS

_RING = const(16)  # latched button edges between two steps


class Led:
    """The status LED; a missing or unusable LED is simply silent."""

    def __init__(self, machine, spec):
        self.pin = None
        if spec is None:
            return
        try:
            self.pin = machine.Pin(spec, machine.Pin.OUT)
        except (ValueError, TypeError, OSError):
            self.pin = None

    def set(self, on):
        if self.pin is not None:
            self.pin.value(1 if on else 0)


def blink(led, time, count, total_ms):
    """``count`` short flashes, then dark until ``total_ms`` have passed."""
    for _ in range(count):
        led.set(True)
        time.sleep_ms(120)
        led.set(False)
        time.sleep_ms(200)
    rest = total_ms - count * 320
    if rest > 0:
        time.sleep_ms(rest)


def _no_clock():
    return 0


class Keys:
    """Button pins in mask order (bit 0 UP, 1 DOWN, 2 OK, 3 BACK); 1 = pressed.

    ``latch()`` adds a hard interrupt on both edges of every button pin that
    notes (time, levels) in a small preallocated ring; ``drain(app)`` hands
    those edges to ``app.feed`` in order between steps. A tap that starts and
    ends while the app is busy (a game loading, a save) is therefore never
    lost. Without interrupts (the test fakes) the pins are polled each step.
    """

    def __init__(self, machine, buttons):
        pulls = {"up": machine.Pin.PULL_UP, "down": machine.Pin.PULL_DOWN, "none": None}
        self.pins = []
        self.active = []
        for name in BUTTONS:
            spec = buttons.get(name)
            if spec is None:  # only BACK may be missing, and it is last
                break
            self.pins.append(machine.Pin(spec["pin"], machine.Pin.IN, pulls[spec["pull"]]))
            self.active.append(1 if spec["active"] == "high" else 0)

        self.latched = False
        self._t = [0] * _RING  # tick of each latched edge
        self._lv = bytearray(_RING)  # levels just after it
        self._w = 0  # edges written (by the interrupt)
        self._r = 0  # edges handed to the app
        self._prev = 0  # levels after the last edge handed on
        self._ticks = _no_clock  # time.ticks_ms once latched

    def levels(self):
        mask = 0
        for i in range(len(self.pins)):
            if self.pins[i].value() == self.active[i]:
                mask |= 1 << i
        return mask

    def latch(self, machine, time):
        """Latch button edges in a hard interrupt; False if the pins cannot."""
        self._ticks = time.ticks_ms
        self._prev = self.levels()
        handler = self._edge  # one bound method, made here, not in the interrupt
        try:
            trig = machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING
            for p in self.pins:
                p.irq(handler=handler, trigger=trig, hard=True)
        except (AttributeError, TypeError, ValueError, OSError):
            return False
        self.latched = True
        return True

    def _edge(self, _pin):
        # Hard interrupt: no allocation. A full ring keeps the newest level. An
        # interrupt that finds the levels as the last entry left them (a repeat, a
        # bounce already settled, several pins' interrupts for one edge) adds nothing:
        # the ring holds changes only, so a slow step does not fill it with repeats
        # and overwrite a tap (a press was once lost that way at 40/40 while a game loaded).
        lv = self.levels()
        i = self._w
        if lv == (self._lv[(i - 1) % _RING] if i != self._r else self._prev):
            return
        if i - self._r >= _RING:
            i -= 1
        else:
            self._w = i + 1
        i %= _RING
        self._t[i] = self._ticks()
        self._lv[i] = lv

    def nap(self, time, ms):
        """Sleep ``ms``, or less: a latched edge ends the nap within a millisecond."""
        if not self.latched:
            time.sleep_ms(ms)
            return
        while ms > 0 and self._w == self._r:
            time.sleep_ms(1)
            ms -= 1

    def drain(self, app, ticks_diff):
        """Feed the latched edges to ``app`` in order; return the levels now."""
        if not self.latched:
            return self.levels()
        r = self._r
        while r != self._w:
            i = r % _RING
            t = self._t[i]
            if ticks_diff(t, app.now) < 0:
                t = app.now  # never step back in time
            if self._prev or app.buttons.stable:
                # a key down: the level before the edge runs up to the edge (a LONG, a
                # repeat, a release waiting out its bounce may fall due before it); from
                # every key up and settled the edge alone is fed (nothing falls due)
                app.feed(t, self._prev)
            self._prev = self._lv[i]
            app.feed(t, self._prev)
            r += 1
            self._r = r
        return self._prev
