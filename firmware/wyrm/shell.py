"""Wyrm on the Pico: read board.json, start the display and buttons, run the app.

MicroPython runs this file at boot. It is the only place besides the OLED
driver that touches ``machine``, and it is kept thin: read the button levels,
``app.step(now, levels)``, send the changed pages, sleep 5 ms.

What the user sees when something is wrong (the LED blinks a code):
- hold BACK (OK on three-button boards) while powering up: safe mode, the app
  does not start and the USB REPL is free;
- no display answering: 3 short blinks, a console line naming bus, address
  and pins, a retry every 2 s (never a crash loop);
- board.json wrong: 5 short blinks and the exact problem on the console;
- a crash in the app: the traceback on the console, "Wyrm error - press OK
  to restart" on the panel, slow blinking; OK resets the Pico.

The functions take the ``machine`` and ``time`` modules as arguments, so the
tests drive them with fakes (tests/fake_machine.py).
"""

import gc
import sys

from micropython import const

_LOOP_MS = const(5)
_RING = const(16)  # latched button edges between two steps
_OK_BIT = const(4)  # bit 2 of the level mask
_SENSE_MS = const(10000)  # the supply is read this often (and on waking from standby)
_DOZE_AFTER = const(500)  # on batteries, no key edge and no frame this long: doze
_DOZE_MS = const(50)  # one lightsleep between two steps while the panel is on
_STANDBY_MS = const(60000)  # one lightsleep while the panel is off
_OFF = const(2)  # wyrm.app.OFF: the screen saver turned the panel off


def print_exc(exc):
    pe = getattr(sys, "print_exception", None)
    if pe is not None:
        pe(exc)
    else:  # CPython (tests): the type and message are enough there
        print("%s: %s" % (type(exc).__name__, exc))


# -- LED and buttons -----------------------------------------------------------
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
        from wyrm.board import BUTTONS

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
            app.feed(t, self._prev)  # the level before the edge, up to the edge
            self._prev = self._lv[i]
            app.feed(t, self._prev)
            r += 1
            self._r = r
        return self._prev


# -- display ---------------------------------------------------------------------
def where(prof):
    from wyrm.trouble import where

    return where(prof)


def reconnect(time, prof, oled, app, led):
    """The display stopped answering: re-initialise it every second, then redraw."""
    from wyrm.trouble import reconnect

    reconnect(time, prof, oled, app, led, blink)


def crashed(machine, time, exc, oled, keys, led):
    """The traceback on the console, the crash screen, slow blinking until OK resets."""
    print_exc(exc)
    print("Wyrm: stopped by %s; press OK on the device to restart" % type(exc).__name__)
    try:
        from wyrm.trouble import show_crash

        show_crash(oled)
    except Exception:  # noqa: BLE001 - (no heap left for it): the console says it all
        pass
    wait_ok_then_reset(machine, time, keys, led)


def wait_ok_then_reset(machine, time, keys, led):
    """Blink slowly until OK is pressed (after being released), then reset."""
    released = False
    held = 0
    t = 0
    while True:
        if keys.levels() & _OK_BIT:
            if released:
                held += 1
                if held >= 3:  # 60 ms of steady press
                    machine.reset()
                    return  # only a fake machine returns
        else:
            released = True
            held = 0
        led.set((t // 25) & 1)
        t += 1
        time.sleep_ms(20)


def run(machine, time, prof, keys, led, oled, app):
    """The loop. Power: the supply is read for the app's gauge (wyrm.power) every
    few seconds.
    On batteries, once no key edge and no frame came for half a second, the loop
    sleeps between its steps (``machine.lightsleep``: clk_sys on the crystal, most
    clocks stopped) and a button's edge interrupt wakes the core at once; with the
    panel off it sleeps until that edge. Interrupts are off from the last look at
    the edge ring until the core sleeps, and a pending one still wakes it: a press
    racing the switch into sleep is never lost."""
    from wyrm.app import forget
    from wyrm.ticks import ticks_diff

    keys.latch(machine, time)
    buttons = getattr(app, "buttons", None)  # (the tests' fake apps have none)
    adc = machine.ADC(29) if buttons is not None and hasattr(machine, "ADC") else None
    bat = False  # on batteries: no VBUS on GP24 at the last reading
    busy = due = time.ticks_ms()  # the last key edge or frame; the next reading
    while True:
        try:
            if keys._w != keys._r:
                busy = time.ticks_ms()
            levels = keys.drain(app, ticks_diff)
            now = time.ticks_ms()
            if adc and ticks_diff(now, due) >= 0:  # ADC3: VSYS/3
                due = now + _SENSE_MS
                bat = not machine.Pin(24, machine.Pin.IN).value()
                if bat or app.batt:  # (on USB from power-on: nothing to measure)
                    __import__("wyrm.power")  # for this reading only: gauge and warnings
                    app._guard(sys.modules["wyrm.power"].update, adc.read_u16(), not bat)
                    forget("wyrm.power")
            mask = app.step(now, levels)
        except OSError as exc:
            # Contrast/power commands inside step go to the panel: a display
            # that stopped answering lands here. Anything else is a crash.
            from wyrm.trouble import display_fails

            if display_fails(oled):
                reconnect(time, prof, oled, app, led)
                continue
            crashed(machine, time, exc, oled, keys, led)
            return
        except Exception as exc:  # noqa: BLE001 - show it, never a crash loop
            crashed(machine, time, exc, oled, keys, led)
            return
        if mask:
            busy = now
            try:
                oled.send(mask)
            except OSError:
                reconnect(time, prof, oled, app, led)
        if bat and keys.latched:
            if app.power == _OFF or not levels and ticks_diff(time.ticks_ms(), busy) >= _DOZE_AFTER:
                st = machine.disable_irq()
                if keys._w == keys._r:
                    machine.lightsleep(_STANDBY_MS if app.power == _OFF else _DOZE_MS)
                machine.enable_irq(st)
                continue
        # A press waiting out its debounce is taken the moment it may be.
        wait = buttons.due(time.ticks_ms()) if buttons is not None else -1
        keys.nap(time, _LOOP_MS if wait < 0 or wait > _LOOP_MS else (wait or 1))


def main(machine=None, time=None, board_path="board.json", store_root="", Oled=None, make_app=None):
    if machine is None:
        import machine
    if time is None:
        import time
    from wyrm import startup

    booted = startup.start(machine, time, board_path, Oled, Led, Keys, blink, where)
    startup = None
    from wyrm.app import forget

    forget("wyrm.startup")  # the boot-only part of the shell
    forget("wyrm.board")  # 6 KB of profile checks, needed only until here
    if booted is None:  # safe mode
        return
    prof, led, keys, oled = booted
    try:
        if make_app is None:
            from wyrm.home import make_app
        from wyrm.store import Store

        gc.collect()
        app = make_app(  # rng None: the app loads the system's randomness at the first draw
            fb=oled, panel=oled, store=Store(store_root), rng=None, keys=prof["keys"], board=prof
        )
    except Exception as exc:  # noqa: BLE001 - e.g. a module that fails to import
        crashed(machine, time, exc, oled, keys, led)
        return
    run(machine, time, prof, keys, led, oled, app)


if __name__ == "__main__":
    main()
