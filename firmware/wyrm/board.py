"""Board profiles: which pins the display and buttons use, checked field by field.

``load_file(path)`` / ``load_profile(data, name)`` give a normalized profile or raise
``BoardError`` naming the file and field (pin rules: docs/INTERNALS.md).
"""

import json

from micropython import const

_MAX_GPIO = const(29)
INTERNAL = (23, 24, 25, 29)
_INTERNAL_USE = {23: "power supply", 24: "USB sense", 25: "on-board LED", 29: "VSYS sense"}
BUTTONS = ("UP", "DOWN", "OK", "BACK")  # bit order of the level mask
_TOP_KEYS = ("name", "notes", "i2c", "display", "buttons", "led")
_I2C_KEYS = ("id", "sda", "scl", "freq")
_DISPLAY_KEYS = ("controller", "width", "height", "addr", "col_offset", "rotate")
_BUTTON_KEYS = ("pin", "pull", "active")

# The default build, also used when a device has no board.json at all.
# tests/firmware/test_board.py checks it equals boards/pico-ssd1306-4btn.json.
DEFAULT = {
    "name": "pico-ssd1306-4btn",
    "notes": "0.96in SSD1306 on I2C0 (SDA GP4, SCL GP5); four buttons to GND",
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
    "display": {
        "controller": "ssd1306",
        "width": 128,
        "height": 64,
        "addr": "0x3C",
        "col_offset": 0,
        "rotate": False,
    },
    "buttons": {
        "UP": {"pin": 2, "pull": "up", "active": "low"},
        "DOWN": {"pin": 3, "pull": "up", "active": "low"},
        "OK": {"pin": 6, "pull": "up", "active": "low"},
        "BACK": {"pin": 7, "pull": "up", "active": "low"},
    },
    "led": "LED",
}


class BoardError(Exception):
    """A board profile that cannot be used; str() is the message to print."""


class _Check:
    def __init__(self, name):
        self.name = name
        self.used = []  # [pin, field] in the order they were claimed

    def fail(self, field, msg):
        if field:
            raise BoardError("%s: %s: %s" % (self.name, field, msg))
        raise BoardError("%s: %s" % (self.name, msg))

    def obj(self, data, field, known):
        if not isinstance(data, dict):
            self.fail(field, "must be an object {...}")
        unknown = [k for k in data if k not in known]
        if unknown:
            unknown.sort(key=str)
            k = unknown[0]
            self.fail(
                _join(field, str(k)), "unknown setting (expected one of: %s)" % ", ".join(known)
            )
        return data

    def need(self, data, key, field):
        if key not in data:
            self.fail(_join(field, key), "missing")
        return data[key]

    def integer(self, v, field):
        if type(v) is not int:
            self.fail(field, "must be a whole number, not %s" % _show(v))
        return v

    def choice(self, v, field, options):
        for o in options:  # same type too: 64.0 or true are not 64 or 1
            if type(o) is type(v) and o == v:
                return v
        self.fail(field, "must be %s, not %s" % (_either(options), _show(v)))

    def gpio(self, v, field, header_only=True):
        if type(v) is not int:
            self.fail(field, "pin must be a GP number like 4, not %s" % _show(v))
        if v < 0 or v > _MAX_GPIO:
            self.fail(field, "pin %d does not exist on the Pico" % v)
        if header_only and v in INTERNAL:
            self.fail(
                field,
                "pin %d is used inside the Pico (%s), not on its header" % (v, _INTERNAL_USE[v]),
            )
        return v

    def claim(self, pin, field):
        for p, other in self.used:
            if p == pin:
                self.fail(field, "pin %d is already used by %s" % (pin, other))
        self.used.append([pin, field])


def _join(field, key):
    return field + "." + key if field else key


def _show(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, str):
        return '"%s"' % v
    if isinstance(v, (int, float)):
        return str(v)
    return "a list" if isinstance(v, list) else "an object"


def _either(options):
    shown = [_show(o) for o in options]
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def i2c_role(pin):
    """(block, "sda"|"scl") the RP2040 offers on GPIO ``pin``."""
    return (pin >> 1) & 1, ("scl" if pin & 1 else "sda")


def _i2c_pins(block, role):
    return [p for p in range(_MAX_GPIO + 1) if p not in INTERNAL and i2c_role(p) == (block, role)]


def load_profile(data, name="board.json"):
    """Validate a parsed profile; return a normalized dict or raise BoardError."""
    c = _Check(name)
    c.obj(data, "", _TOP_KEYS)
    out = {}
    pname = c.need(data, "name", "")
    if not isinstance(pname, str) or not pname:
        c.fail("name", "must be a short text, not %s" % _show(pname))
    out["name"] = pname
    notes = data.get("notes", "")
    if not isinstance(notes, str):
        c.fail("notes", "must be a text, not %s" % _show(notes))
    out["notes"] = notes
    out["i2c"] = _i2c(c, c.need(data, "i2c", ""))
    out["display"] = _display(c, c.need(data, "display", ""))
    keys = _buttons(c, c.need(data, "buttons", ""))
    out["buttons"] = keys
    out["keys"] = len(keys)
    out["led"] = _led(c, data.get("led", None))
    return out


def _i2c(c, i2c):
    """The I2C bus: a block, its SDA and SCL pins (pins of that block), the clock."""
    i2c = c.obj(i2c, "i2c", _I2C_KEYS)
    block = c.choice(c.need(i2c, "id", "i2c"), "i2c.id", (0, 1))
    bus = {"id": block}
    for role in ("sda", "scl"):
        field = "i2c." + role
        pin = c.gpio(c.need(i2c, role, "i2c"), field, header_only=False)
        if i2c_role(pin) != (block, role):
            blk, r = i2c_role(pin)
            c.fail(
                field,
                "GP%d is not an I2C%d %s pin (it is I2C%d %s); I2C%d %s pins: %s"
                % (
                    pin,
                    block,
                    role.upper(),
                    blk,
                    r.upper(),
                    block,
                    role.upper(),
                    " ".join(["GP%d" % p for p in _i2c_pins(block, role)]),
                ),
            )
        if pin in INTERNAL:
            c.gpio(pin, field)  # reports the internal pin
        c.claim(pin, field)
        bus[role] = pin
    freq = c.integer(i2c.get("freq", 400000), "i2c.freq")
    if freq < 100000 or freq > 1000000:
        c.fail("i2c.freq", "must be 100000 to 1000000 (Hz), not %d" % freq)
    bus["freq"] = freq
    return bus


def _display(c, d):
    """The panel: controller, size, address, column offset, rotation."""
    d = c.obj(d, "display", _DISPLAY_KEYS)
    ctl = c.choice(c.need(d, "controller", "display"), "display.controller", ("ssd1306", "sh1106"))
    width = c.choice(d.get("width", 128), "display.width", (128,))
    height = c.choice(d.get("height", 64), "display.height", (64, 32))
    addr = d.get("addr", 0x3C)
    if isinstance(addr, str):
        addr = {"0x3c": 0x3C, "0x3d": 0x3D}.get(addr.lower(), addr)
    if type(addr) is not int or addr not in (0x3C, 0x3D):
        c.fail("display.addr", 'must be "0x3C" or "0x3D" (60 or 61), not %s' % _show(addr))
    off = c.integer(d.get("col_offset", 2 if ctl == "sh1106" else 0), "display.col_offset")
    if off < 0 or off > 4:
        c.fail("display.col_offset", "must be 0 to 4, not %d" % off)
    rot = d.get("rotate", False)
    if rot is not True and rot is not False:
        c.fail("display.rotate", "must be true or false, not %s" % _show(rot))
    return {
        "controller": ctl,
        "width": width,
        "height": height,
        "addr": addr,
        "col_offset": off,
        "rotate": rot,
    }


def _buttons(c, b):
    """The keys: UP, DOWN, OK (BACK optional), each a pin with its pull and level."""
    b = c.obj(b, "buttons", BUTTONS)
    keys = {}
    for key in BUTTONS:
        field = "buttons." + key
        if key not in b:
            if key == "BACK":
                continue
            c.fail(field, "missing (UP, DOWN and OK are needed)")
        spec = c.obj(b[key], field, _BUTTON_KEYS)
        pin = c.gpio(c.need(spec, "pin", field), field)
        c.claim(pin, field)
        pull = c.choice(spec.get("pull", "up"), field + ".pull", ("up", "down", "none"))
        active = c.choice(spec.get("active", "low"), field + ".active", ("low", "high"))
        if pull == "up" and active == "high":
            c.fail(
                field,
                "pull up with active high would always read pressed "
                "(a button to GND is active low; to 3V3 needs pull down)",
            )
        if pull == "down" and active == "low":
            c.fail(
                field,
                "pull down with active low would always read pressed "
                "(a button to 3V3 is active high; to GND needs pull up)",
            )
        keys[key] = {"pin": pin, "pull": pull, "active": active}
    return keys


def _led(c, led):
    """The status LED: a header pin, "LED" (the on-board one) or None."""
    if led is not None and led != "LED":
        if isinstance(led, str):
            c.fail(
                "led", 'must be a GP number, "LED" (the on-board LED) or null, not %s' % _show(led)
            )
        # GP25 is the on-board LED of a plain Pico: allowed here only.
        c.gpio(led, "led", header_only=(led != 25))
        c.claim(led, "led")
    return led


def load_file(path):
    """Read, parse and check a profile file; every failure is a BoardError."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        raise BoardError("%s: cannot be read (missing?)" % path) from None
    try:
        text = raw.decode()
    except ValueError:  # UnicodeError is a ValueError on both runtimes
        raise BoardError(
            "%s: not UTF-8 text (save it as UTF-8 from a plain text editor)" % path
        ) from None
    try:
        data = json.loads(text)
    except (ValueError, RuntimeError, MemoryError):
        # RuntimeError: RecursionError (CPython) on thousands of nested brackets
        raise BoardError("%s: not valid JSON (check commas, quotes and brackets)" % path) from None
    try:
        return load_profile(data, path)
    except (RuntimeError, MemoryError):  # MicroPython parses deep nesting, then recurses
        raise BoardError("%s: nested far too deep to be a board profile" % path) from None
