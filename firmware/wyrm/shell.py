"""Wyrm on the Pico: read board.json, start the display and buttons, run the app.

firmware/main.py runs ``main()`` at boot. The shell and what it starts (wyrm.startup,
wyrm.pins, wyrm.trouble, the OLED driver) are the only code that touches ``machine``,
and the loop is kept thin: read the button levels, ``app.step(now, levels)``, send the
changed pages, sleep 5 ms (50 ms once nothing happened for half a second; a button's edge
ends a sleep within a millisecond).

What the user sees when something is wrong (the LED blinks a code):
- hold BACK (OK on three-button boards) while powering up: safe mode, the app
  does not start and the USB REPL is free;
- no display answering: 3 short blinks, a console line naming bus, address
  and pins, a retry every 2 s (never a crash loop);
- board.json wrong: 5 short blinks and the exact problem on the console;
- a crash in the app: the traceback on the console, "Wyrm error - press OK
  to restart" on the panel, slow blinking; OK resets the Pico.

The functions take the ``machine`` and ``time`` modules as arguments, so the
tests drive them with fakes (tests/support/fake_machine.py).
"""

import gc
import sys

from micropython import const

from wyrm import startup
from wyrm.ticks import ticks_diff

_LOOP_MS = const(5)
_OK_BIT = const(4)  # bit 2 of the level mask
_SENSE_MS = const(10000)  # the supply is read this often (and on waking from standby)
_DOZE_AFTER = const(500)  # on batteries, no key edge and no frame this long: doze
_DOZE_MS = const(50)  # one lightsleep between two steps while the panel is on
_STANDBY_MS = const(60000)  # one lightsleep while the panel is off
_OFF = const(2)  # wyrm.app.OFF: the screen saver turned the panel off
_TIDY_MS = const(50)  # no key edge and no frame this long: the heap is tidied, once ...
_TIDY_BYTES = const(8192)  # ... if this much was allocated since the last collection
_HZ = const(200000000)  # the clock wyrm.startup set (on a Pico: the RP2040)


def print_exc(exc):
    pe = getattr(sys, "print_exception", None)
    if pe is not None:
        pe(exc)
    else:  # CPython (tests): the type and message are enough there
        print("%s: %s" % (type(exc).__name__, exc))


# -- trouble ---------------------------------------------------------------------
def crashed(machine, time, exc, oled, keys, led):
    """The traceback on the console, the crash screen, slow blinking until OK resets."""
    print_exc(exc)
    print("Wyrm: stopped by %s; press OK on the device to restart" % type(exc).__name__)
    try:
        from wyrm.trouble import show_crash  # (optional: only when something fails)

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
    racing the switch into sleep is never lost.
    Once the table has been quiet for a moment after a key or a frame, the heap is
    collected if much was allocated since the last time: a collection (which takes a
    while) then seldom falls inside a key's step, where it would add to the key's latency."""
    keys.latch(machine, time)
    buttons = getattr(app, "buttons", None)  # (the tests' fake apps have none)
    adc = machine.ADC(29) if buttons is not None and hasattr(machine, "ADC") else None
    bat = False  # on batteries: no VBUS on GP24 at the last reading
    busy = due = time.ticks_ms()  # the last key edge or frame; the next reading
    alloc = getattr(gc, "mem_alloc", None)  # (MicroPython's; the host tests run without)
    tidy = False  # a key edge or a frame since the last look at the heap
    tidied = alloc() if alloc else 0  # the heap in use after the last collection
    while True:
        try:
            if keys._w != keys._r:
                busy = time.ticks_ms()
                tidy = True
            levels = keys.drain(app, ticks_diff)
            now = time.ticks_ms()
            if adc and ticks_diff(now, due) >= 0:  # ADC3: VSYS/3
                due = now + _SENSE_MS
                bat = not machine.Pin(24, machine.Pin.IN).value()
                if bat or app.batt:  # (on USB from power-on: nothing to measure)
                    from wyrm import power  # (optional: only on batteries)

                    app._guard(power.update, adc.read_u16(), not bat)  # gauge and warnings
            mask = app.step(now, levels)
        except OSError as exc:
            # Contrast/power commands inside step go to the panel: a display
            # that stopped answering lands here. Anything else is a crash.
            from wyrm.trouble import display_fails, reconnect  # (optional: a failing display)

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
            tidy = True
            try:
                oled.send(mask)
            except OSError:
                from wyrm.trouble import reconnect  # (optional: a failing display)

                reconnect(time, prof, oled, app, led)
        elif tidy and alloc and not levels and ticks_diff(time.ticks_ms(), busy) >= _TIDY_MS:
            tidy = False  # (mem_alloc walks the heap's table: once a quiet spell)
            if alloc() - tidied >= _TIDY_BYTES:
                gc.collect()
                tidied = alloc()
        if bat and keys.latched:
            if app.power == _OFF or not levels and ticks_diff(time.ticks_ms(), busy) >= _DOZE_AFTER:
                st = machine.disable_irq()
                if keys._w == keys._r:
                    machine.lightsleep(_STANDBY_MS if app.power == _OFF else _DOZE_MS)
                    machine.freq(_HZ)  # it wakes at 125 MHz, the panel's bus at 250 kHz
                machine.enable_irq(st)
                continue
        # A press waiting out its debounce is taken the moment it may be. Quiet as for a
        # doze (on USB, where the core must stay awake for it): one step a _DOZE_MS, a
        # latched edge still ends the nap within a millisecond.
        now = time.ticks_ms()
        wait = buttons.due(now) if buttons is not None else -1
        if wait < 0 and keys.latched and not levels and ticks_diff(now, busy) >= _DOZE_AFTER:
            wait = _DOZE_MS
        elif wait < 0 or wait > _LOOP_MS:
            wait = _LOOP_MS
        keys.nap(time, wait or 1)


def main(machine=None, time=None, board_path="board.json", store_root="", Oled=None, make_app=None):
    if machine is None:
        import machine
    if time is None:
        import time
    booted = startup.start(machine, time, board_path, Oled)
    if booted is None:  # safe mode
        return
    prof, led, keys, oled = booted
    try:
        # (imported here: a module that fails to import shows the crash screen)
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
