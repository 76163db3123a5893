"""The boot part of the shell (wyrm.shell): the board profile, safe mode and the
display search."""

import os
import sys

from micropython import const

from wyrm import board
from wyrm.pins import Keys, Led, blink

SAFE_MODE_LINE = "Wyrm safe mode: app not started, REPL free"
_BLINKS_NO_DISPLAY = const(3)
_BLINKS_BAD_BOARD = const(5)
_RETRY_MS = const(2000)
_REPEAT_EVERY = const(15)  # console lines are repeated every 15 retries (about 30 s)
_OK_BIT = const(4)  # bit 2 of the level mask
_BACK_BIT = const(8)  # bit 3
_VREG = const(0x40064000)  # the RP2040's VREG register: VSEL in bits 7:4
_VSEL_1V15 = const(0xC)
_FAST_HZ = const(200000000)


def start(machine, time, board_path, Oled=None):
    """(profile, led, keys, oled) once the display answers; None in safe mode. A wrong
    board.json never returns: its problem on the console, 5 blinks, again and again."""
    # The RP2040 at 200 MHz, certified with its core regulator at 1.15 V or more (pico-sdk
    # 2.1.1): the voltage first (VSEL, bits 7:4; only a regulator that reads as on), then the
    # clock; the panel's bus is made after it, so its 400 kHz holds. Other chips: as they are.
    if "RP2040" in getattr(sys.implementation, "_machine", "") and machine.freq() < _FAST_HZ:
        v = machine.mem32[_VREG]
        if v & 1 and (v >> 4) & 15 < _VSEL_1V15:
            machine.mem32[_VREG] = (v & ~0xF0) | (_VSEL_1V15 << 4)
            time.sleep_ms(1)  # the regulator settles
        machine.freq(_FAST_HZ)
    prof, err = read_board(board_path)
    if err is not None:
        led = Led(machine, "LED")
        n = 0
        while True:
            if n % 10 == 0:  # again every 30 s, for a terminal opened later
                print("Wyrm: " + err)
            n += 1
            blink(led, time, _BLINKS_BAD_BOARD, 3000)
    assert prof is not None  # read_board gives a profile whenever err is None
    led = Led(machine, prof["led"])
    keys = Keys(machine, prof["buttons"])
    if safe_mode_requested(time, keys):
        print(SAFE_MODE_LINE)
        return None
    print(
        "Wyrm: board %s; hold %s at power-up for safe mode"
        % (prof["name"], "BACK" if prof["keys"] >= 4 else "OK")
    )
    if Oled is None:
        from wyrm.oled import Oled  # (optional: the tests bring their own driver)
    oled = start_display(time, prof, make_bus(machine, prof), led, Oled)
    return prof, led, keys, oled


def read_board(path="board.json"):
    """(profile, None) or (None, message). No board.json: the built-in default."""
    try:
        os.stat(path)
    except OSError:
        print("Wyrm: no %s; using the built-in %s wiring" % (path, board.DEFAULT["name"]))
        return board.load_profile(board.DEFAULT, "built-in profile"), None
    try:
        return board.load_file(path), None
    except board.BoardError as exc:
        return None, str(exc)


def safe_mode_requested(time, keys):
    """BACK (OK without BACK) held at power-up, still held 30 ms later."""
    bit = _BACK_BIT if len(keys.pins) >= 4 else _OK_BIT
    if not keys.levels() & bit:
        return False
    time.sleep_ms(30)
    return bool(keys.levels() & bit)


def make_bus(machine, prof):
    bus = prof["i2c"]
    return machine.I2C(
        bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]), freq=bus["freq"]
    )


def no_display_line(prof, i2c):
    """One console line saying where the display was expected (and what answered)."""
    from wyrm.trouble import where  # (optional: only without a display)

    found = []
    try:
        found = [a for a in i2c.scan() if a != prof["display"]["addr"]]
    except Exception:  # noqa: BLE001 - a scan is only a hint
        found = []
    line = "Wyrm: no display at %s - " % where(prof)
    if found:
        line += "the bus answers at %s: set display.addr in board.json" % " ".join(
            ["0x%02X" % a for a in found]
        )
    else:
        line += "check wiring"
    return line + "; retrying"


def start_display(time, prof, i2c, led, Oled):
    """Build the driver (which initialises the panel), retrying every 2 s until it answers."""
    d = prof["display"]
    tries = 0
    while True:
        try:
            oled = Oled(
                i2c,
                d["width"],
                d["height"],
                d["addr"],
                d["controller"],
                d["col_offset"],
                d["rotate"],
            )
            if tries:
                print("Wyrm: display found")
            return oled
        except OSError:
            if tries % _REPEAT_EVERY == 0:
                print(no_display_line(prof, i2c))
            tries += 1
            blink(led, time, _BLINKS_NO_DISPLAY, _RETRY_MS)
