"""Fakes for the Pico's ``machine`` and ``time`` modules (host tests only).

``FakeMachine()`` is a module-like object with ``Pin``, ``I2C`` and ``reset``;
tests pass it to ``main.main(machine=...)`` or put it in ``sys.modules``.
The electrical level of an input pin is ``m.level[pin]`` (an int, or a
function of the fake time in ms); without an entry a pin reads its pull
(up -> 1, otherwise 0). I2C devices answer at the addresses in
``m.devices`` unless ``m.i2c_fail`` is set; writes that are answered are kept
in each bus's ``writes`` and fed to ``m.panel`` (a tests/panel_model.Panel)
when one is attached.

``FakeMachine(clock, irq=True)`` gives the pins ``irq(handler, trigger, hard)``
as the rp2 port has it: ``m.drive(pin, level)`` sets a level and, when it changes
in a direction the pin's trigger names, calls the handler at once (as a hard
interrupt would, unless ``machine.disable_irq()`` holds it until
``enable_irq``); ``m.drive_at(ms, pin, level)`` does that at a chosen time. Without
``irq=True`` the pins have no ``irq`` (a port that cannot latch edges).

``FakeTime(limit_ms)`` has ``ticks_ms``/``sleep_ms``/``ticks_diff``/``ticks_add``;
sleeping is instant and advances the clock, running each hook (``at``) due on
the way with the clock at its time, and passing ``limit_ms`` raises
``TimeUp`` (a BaseException, like KeyboardInterrupt, so the firmware's
``except Exception`` cannot swallow it): every endless loop ends in tests.
"""

import sys
import types

_MASK = 0x3FFFFFFF


class TimeUp(BaseException):
    """The test's time budget ran out (the loop under test was still running)."""


class FakeTime:
    def __init__(self, limit_ms=60000):
        self.now = 0
        self.limit = limit_ms
        self.sleeps = 0
        self.hooks = []  # [at_ms, fn]: fn() runs once when the clock reaches at_ms

    def at(self, ms, fn):
        self.hooks.append([ms, fn])

    def ticks_ms(self):
        return self.now & _MASK

    def sleep_ms(self, ms):
        self.sleeps += 1
        end = self.now + ms
        while True:  # the hooks due by ``end``, earliest first, each at its own time
            due = [h for h in self.hooks if h[0] <= end]
            if not due:
                break
            hook = min(due, key=lambda h: h[0])  # (the first added among equal times)
            self.hooks.remove(hook)
            self.now = max(self.now, hook[0])
            hook[1]()
        self.now = end
        if self.now > self.limit:
            raise TimeUp()

    def sleep(self, s):
        self.sleep_ms(int(s * 1000))

    def ticks_diff(self, end, start):
        return ((end - start + 0x20000000) & _MASK) - 0x20000000

    def ticks_add(self, t, d):
        return (t + d) & _MASK


VREG = 0x40064000  # the RP2040's core regulator register (machine.mem32)


class FakeMachine(types.ModuleType):
    def __init__(self, clock=None, irq=False):
        super().__init__("machine")
        self.clock = clock
        self.irq_on = True  # False between disable_irq() and enable_irq()
        self.held = []  # pins whose interrupt came while interrupts were off
        self.level = {}
        self.pins = []  # every Pin made, in order
        self.buses = []  # every I2C made
        self.devices = [0x3C]
        self.i2c_fail = False
        self.panel = None
        self.resets = 0
        self.led_log = []  # [time, value] of writes to output pins
        self.hz = 125_000_000  # the CPU clock (machine.freq)
        self.vreg = 0xB1  # the RP2040's VREG register at reset: VSEL 0xB (1.10 V), on
        self.order = []  # ("vreg", value), ("freq", hz) and ("i2c", id), as done
        machine = self

        class Mem32:
            def __getitem__(self, addr):
                return machine.vreg if addr == VREG else 0

            def __setitem__(self, addr, value):
                if addr == VREG:
                    machine.vreg = value
                    machine.order.append(("vreg", value))

        self.mem32 = Mem32()

        class Pin:
            IN = 0
            OUT = 1
            OPEN_DRAIN = 2
            PULL_UP = 1
            PULL_DOWN = 2
            IRQ_FALLING = 4  # the rp2 port's values
            IRQ_RISING = 8

            def __init__(self, id, mode=-1, pull=-1):
                if id != "LED" and not (isinstance(id, int) and 0 <= id <= 29):
                    raise ValueError("invalid pin")
                self.id = id
                self.mode = mode
                self.pull = pull
                self.out = 0
                self.handler = None
                self.trigger = 0
                machine.pins.append(self)

            def _irq(self, handler=None, trigger=12, hard=False):
                self.handler = handler
                self.trigger = trigger

            def value(self, v=None):
                if v is not None:
                    self.out = 1 if v else 0
                    t = machine.clock.now if machine.clock else 0
                    machine.led_log.append([t, self.out])
                    return None
                if self.mode == Pin.OUT:
                    return self.out
                lv = machine.level.get(self.id)
                if lv is None:
                    return 1 if self.pull == Pin.PULL_UP else 0
                if callable(lv):
                    return lv(machine.clock.now if machine.clock else 0)
                return lv

            def on(self):
                self.value(1)

            def off(self):
                self.value(0)

        class I2C:
            def __init__(self, id, sda=None, scl=None, freq=400000):
                self.id = id
                self.sda = sda
                self.scl = scl
                self.freq = freq
                self.writes = []
                machine.buses.append(self)
                machine.order.append(("i2c", id))

            def _check(self, addr):
                if machine.i2c_fail or addr not in machine.devices:
                    raise OSError(5)  # EIO: no ACK

            def scan(self):
                return [] if machine.i2c_fail else list(machine.devices)

            def writeto(self, addr, buf, stop=True):
                self._check(addr)
                data = bytes(buf)  # drivers reuse their buffers: copy now
                self.writes.append([addr, data])
                if machine.panel is not None:
                    machine.panel.write(addr, data)
                return len(data)

        if irq:
            Pin.irq = Pin._irq
        self.Pin = Pin
        self.I2C = I2C

    def drive(self, id, level):
        """Set input pin ``id`` to ``level`` (0/1); a change its trigger names interrupts."""
        p = self.pin(id)
        before = p.value() if p is not None else None
        self.level[id] = level
        if p is None or p.handler is None or before == level:
            return
        if p.trigger & (p.IRQ_RISING if level else p.IRQ_FALLING):
            if self.irq_on:
                p.handler(p)
            elif p not in self.held:  # the RP2040 keeps one pending flag per pin and edge
                self.held.append(p)

    def drive_at(self, ms, id, level):
        """``drive(id, level)`` when the fake clock reaches ``ms``."""
        self.clock.at(ms, lambda: self.drive(id, level))

    def freq(self, hz=None):
        if hz is None:
            return self.hz
        self.hz = hz
        self.order.append(("freq", hz))
        return None

    def disable_irq(self):
        state = self.irq_on
        self.irq_on = False
        return state

    def enable_irq(self, state=True):
        self.irq_on = state
        while self.irq_on and self.held:
            p = self.held.pop(0)
            p.handler(p)

    def reset(self):
        self.resets += 1

    def pin(self, id):
        """The last Pin object made for ``id``."""
        for p in reversed(self.pins):
            if p.id == id:
                return p
        return None

    def install(self):
        sys.modules["machine"] = self
        return self
