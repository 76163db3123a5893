"""The device shell in trouble: the display stopped answering, or the app crashed.

Imported by the shell (wyrm.shell) only then.
"""

from micropython import const

from wyrm.pins import blink

_BLINKS_NO_DISPLAY = const(3)
_RECONNECT_MS = const(1000)
_REPEAT_EVERY = const(15)  # console lines are repeated every 15 retries (about 30 s)


def where(prof):
    bus = prof["i2c"]
    return "I2C%d 0x%02X (SDA GP%d, SCL GP%d)" % (
        bus["id"],
        prof["display"]["addr"],
        bus["sda"],
        bus["scl"],
    )


def reconnect(time, prof, oled, app, led):
    """The display stopped answering: re-initialise it every second, then redraw."""
    print("Wyrm: display at %s stopped answering - check wiring; retrying" % where(prof))
    tries = 0
    while True:
        oled.forget()
        blink(led, time, _BLINKS_NO_DISPLAY, _RECONNECT_MS)
        try:
            oled.init_display()
            refresh(oled, app)
            print("Wyrm: display back")
            return
        except OSError:
            tries += 1
            if tries % (_REPEAT_EVERY * 2) == 0:
                print("Wyrm: still no display at %s; retrying" % where(prof))


def refresh(oled, app):
    """After a re-init (which restores contrast and rotation): resend every page."""
    oled.forget()
    pages = oled.height >> 3
    oled.send((1 << pages) - 1)
    from wyrm.app import OFF  # (not at the top: the crash screen works without wyrm.app)

    if getattr(app, "power", 0) == OFF:  # the screen saver had it off
        oled.poweroff()


# -- crash screen ----------------------------------------------------------------
# A 3x5 capital font drawn with fill_rect only: it needs no module that might be
# the one that failed. Each glyph: five rows of three bits (4 = left column).
# Glyph i of _GLYPH_CHARS is rows _GLYPH_ROWS[5i:5i+5]; anything else draws blank.
_GLYPH_CHARS = "AEKMOPRSTWY:FHLNU"
_GLYPH_ROWS = (
    b"\x02\x05\x07\x05\x05"  # A
    b"\x07\x04\x06\x04\x07"  # E
    b"\x05\x05\x06\x05\x05"  # K
    b"\x05\x07\x07\x05\x05"  # M
    b"\x07\x05\x05\x05\x07"  # O
    b"\x06\x05\x06\x04\x04"  # P
    b"\x06\x05\x06\x05\x05"  # R
    b"\x03\x04\x02\x01\x06"  # S
    b"\x07\x02\x02\x02\x02"  # T
    b"\x05\x05\x07\x07\x05"  # W
    b"\x05\x05\x02\x02\x02"  # Y
    b"\x00\x02\x00\x02\x00"  # :
    b"\x07\x04\x06\x04\x04"  # F (the German lines' letters)
    b"\x05\x05\x07\x05\x05"  # H
    b"\x04\x04\x04\x04\x07"  # L
    b"\x06\x05\x05\x05\x05"  # N
    b"\x05\x05\x05\x05\x07"  # U
)


def draw_words(fb, text, x, y, scale):
    for ch in text:
        g = _GLYPH_CHARS.find(ch)
        for r in range(5):
            bits = _GLYPH_ROWS[g * 5 + r] if g >= 0 else 0
            for c in range(3):
                if bits & (4 >> c):
                    fb.fill_rect(x + c * scale, y + r * scale, scale, scale, 1)
        x += 4 * scale


def crash_lines(height):
    try:  # the panel's language (wyrm.lang: a module with no import of its own)
        from wyrm.lang import CUR
    except Exception:  # noqa: BLE001 - English, then
        CUR = 0
    if CUR:
        return (
            ("WYRM FEHLER", "OK:", "NEUSTART") if height >= 64 else ("WYRM FEHLER", "OK: NEUSTART")
        )
    return (
        ("WYRM ERROR", "PRESS OK", "TO RESTART") if height >= 64 else ("WYRM ERROR", "OK: RESTART")
    )


def draw_crash(fb, width, height):
    """'Wyrm error - press OK to restart' in a frame, with fill/fill_rect/rect only."""
    fb.fill(0)
    fb.rect(0, 0, width, height, 1)
    lines = crash_lines(height)
    step = 14  # 10 px glyphs (scale 2) + 4 px gap
    y = (height - (len(lines) * step - 4)) // 2
    for line in lines:
        w = len(line) * 8 - 2
        draw_words(fb, line, (width - w) // 2, y, 2)
        y += step


def show_crash(oled):
    try:
        draw_crash(oled, oled.width, oled.height)
        oled.forget()
        oled.poweron()
        oled.send((1 << (oled.height >> 3)) - 1)
    except Exception:  # noqa: BLE001 - the console already has the traceback
        pass


def display_fails(oled):
    """True if the display no longer answers an init (used after an OSError)."""
    try:
        oled.init_display()
        return False
    except OSError:
        return True
