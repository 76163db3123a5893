"""The battery gauge and its warnings: VSYS readings to volts and percent.

The shell hands it each reading; saves stop below the safe voltage (docs/INTERNALS.md).
"""

from micropython import const

from wyrm.power_words import say
from wyrm.store_mend import resume

# The cells' voltage (mV) to percent, full to empty, per kind of cells (the "battery"
# setting: 3x alkaline, 3x NiMH, 1x LiPo) at Wyrm's light load (10-40 mA). Alkaline:
# 1.55 V a cell fresh, 0.9 V at the end; NiMH: a flat 1.2 V plateau, 1.0 V empty; LiPo:
# 4.2 V full, 3.3 V empty (its protection cuts off below).
CURVES = (
    (4650, 100, 4200, 85, 3900, 65, 3750, 50, 3600, 35, 3450, 22, 3300, 12, 3000, 5, 2700, 0),
    (4200, 100, 3900, 90, 3750, 70, 3600, 40, 3450, 20, 3300, 10, 3000, 0),
    (4200, 100, 4100, 90, 3950, 70, 3850, 50, 3750, 30, 3700, 20, 3600, 10, 3500, 5, 3300, 0),
)

# The Schottky diode between the cells and VSYS (docs/BUILD.md: a 1N5817) drops this much
# at the 50-60 mA the Pico draws awake, when it reads VSYS: the 1N5817's typical forward
# characteristic at 25 C (LTspice's model of it: Is 31.7 uA, N 1.373, Rs 0.051 ohm; onsemi's
# datasheet gives at most 0.32 V at 0.1 A). The cells' voltage is VSYS plus this.
DIODE_MV = const(260)
_WARN_PCT = const(10)  # the low-battery note comes once at this level
_REARM_PCT = const(20)  # ... and again only once the cells were above this (new cells)
_STOP_MV = const(2100)  # VSYS (the Pico's own limit, whatever the cells) below: no flash writes
_RESUME_MV = const(2400)  # saves start again above this (or on USB)


def millivolts(raw):
    """VSYS in mV from ADC3's ``read_u16`` (VSYS/3 against the 3.3 V reference)."""
    return raw * 9900 // 65535


def smooth(avg, mv):
    """The running average after a reading (``avg`` None: the first one): each
    reading moves it a quarter of the way."""
    return mv if avg is None else avg + (mv - avg) // 4


def percent(mv, kind):
    """Charge left (0-100) at ``mv`` across the cells (VSYS + ``DIODE_MV``) for cells of
    kind ``kind`` (0, 1, 2)."""
    c = CURVES[kind if 0 <= kind < 3 else 0]
    if mv >= c[0]:
        return 100
    for i in range(2, len(c), 2):
        lo = c[i]
        if mv >= lo:
            hi = c[i - 2]
            return c[i + 1] + ((mv - lo) * (c[i - 1] - c[i + 1]) + (hi - lo) // 2) // (hi - lo)
    return 0


def steady(shown, pct):
    """The percent to show: it moves only by 2 or more, or to 0 or 100 (no flicker)."""
    if shown is None or pct in (0, 100) or abs(pct - shown) >= 2:
        return pct
    return shown


def bars(pct):
    """Bars of the main menu's battery symbol (0-4, 25 % each); None before a reading."""
    return None if pct is None else (pct + 24) // 25


def title(width, usb, pct):
    """The main menu's title: on batteries with the battery symbol (wyrm.font's BATT0..4)
    at the right end of a ``width`` px title bar."""
    if usb:
        return _NAME
    pad = " " * ((width - 2) // 6 - len(_NAME) - 1)
    return _NAME + pad + "\x0b\x0c\x0f\x10\x1e"[(pct + 24) // 25]


_NAME = "Wyrm"


# ``app.batt`` is a plain list (nothing of this module stays on the heap):
# [mV averaged, percent shown, on USB, low note shown, saves stopped]
def update(app, raw, usb):
    """A reading: average it, warn once at 10 %, stop saves near the Pico's limit."""
    g = app.batt
    if g is None:
        g = app.batt = [None, None, False, False, False]
    usb = bool(usb)
    mv = millivolts(raw)
    g[0] = mv if usb != g[2] else smooth(g[0], mv)  # a new source starts afresh
    before = (g[2], bars(g[1]))
    g[2] = usb
    g[1] = steady(g[1], percent(g[0] + DIODE_MV, app.settings.get("battery", 0)))
    if (usb, bars(g[1])) != before:  # the main menu's symbol changed
        app.stack[0].title = title(app.width, usb, g[1])
        if len(app.stack) == 1:
            app.redraw()
    store = app.store
    if usb or g[0] >= _RESUME_MV:
        if g[4]:
            g[4] = False
            resume(store)  # what was held back while empty: removed and written now
            _say(app, 1)
    elif g[0] < _STOP_MV and not g[4]:
        app.save_due()  # what the last key changed: written while it still may be
        g[4] = store.halted = True
        _say(app, 2)
        return
    if usb or g[1] >= _REARM_PCT:
        g[3] = False
    elif g[1] <= _WARN_PCT and not g[3] and not g[4]:
        g[3] = True
        app.save_due()
        _say(app, 0, g[1])


def _say(app, i, pct=0):
    say(app, i, pct)  # (wyrm.power_words)
