"""Board profiles: shipped ones are valid; every mistake is named by file and field."""

import copy
import glob
import json
import os

import pytest

from wyrm import board
from wyrm.board import BoardError, load_file, load_profile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROFILES = sorted(glob.glob(os.path.join(ROOT, "boards", "*.json")))
NAME = "boards/t.json"

# RP2040 datasheet, GPIO function table (F3 = I2C), header pins only.
I2C_PINS = {
    (0, "sda"): [0, 4, 8, 12, 16, 20, 28],
    (0, "scl"): [1, 5, 9, 13, 17, 21],
    (1, "sda"): [2, 6, 10, 14, 18, 22, 26],
    (1, "scl"): [3, 7, 11, 15, 19, 27],
}


def base():
    with open(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")) as f:
        return json.load(f)


def err(data):
    with pytest.raises(BoardError) as e:
        load_profile(data, NAME)
    return str(e.value)


# -- shipped profiles --------------------------------------------------------------


def test_shipped_profiles_exist():
    """The four documented wirings ship as profiles."""
    names = sorted(os.path.basename(p) for p in PROFILES)
    for want in (
        "pico-ssd1306-4btn.json",
        "pico-ssd1306-3btn.json",
        "pico-sh1106-4btn.json",
        "pico-ssd1306-128x32.json",
    ):
        assert want in names


@pytest.mark.parametrize("path", PROFILES, ids=os.path.basename)
def test_shipped_profile_validates(path):
    """Every profile in boards/ loads, and its name matches its file name."""
    prof = load_file(path)
    assert prof["name"] + ".json" == os.path.basename(path)


def test_default_profile_wiring():
    """Default build: SSD1306 0x3C, I2C0 GP4/GP5 400 kHz; UP GP2 DOWN GP3 OK GP6 BACK GP7 to GND."""
    p = load_file(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json"))
    assert p["i2c"] == {"id": 0, "sda": 4, "scl": 5, "freq": 400000}
    assert p["display"] == {
        "controller": "ssd1306",
        "width": 128,
        "height": 64,
        "addr": 0x3C,
        "col_offset": 0,
        "rotate": False,
    }
    assert [p["buttons"][k]["pin"] for k in ("UP", "DOWN", "OK", "BACK")] == [2, 3, 6, 7]
    for k in ("UP", "DOWN", "OK", "BACK"):
        assert p["buttons"][k]["pull"] == "up" and p["buttons"][k]["active"] == "low"
    assert p["led"] == "LED"
    assert p["keys"] == 4


def test_other_shipped_profiles_differ_where_documented():
    """3btn has no BACK; sh1106 has column offset 2; 128x32 is 32 rows high."""
    d = os.path.join(ROOT, "boards")
    three = load_file(os.path.join(d, "pico-ssd1306-3btn.json"))
    assert "BACK" not in three["buttons"] and three["keys"] == 3
    sh = load_file(os.path.join(d, "pico-sh1106-4btn.json"))
    assert sh["display"]["controller"] == "sh1106" and sh["display"]["col_offset"] == 2
    small = load_file(os.path.join(d, "pico-ssd1306-128x32.json"))
    assert small["display"]["height"] == 32


def test_builtin_default_equals_shipped_default():
    """The profile used when board.json is missing is the shipped default profile."""
    assert board.DEFAULT == base()


# -- normalization -----------------------------------------------------------------


def test_optional_fields_get_defaults():
    """Omitted optional fields get defaults: 400 kHz, 0x3C, pull up, active low, no LED."""
    data = {
        "name": "minimal",
        "i2c": {"id": 1, "sda": 26, "scl": 27},
        "display": {"controller": "sh1106"},
        "buttons": {"UP": {"pin": 10}, "DOWN": {"pin": 11}, "OK": {"pin": 12}},
    }
    p = load_profile(data, NAME)
    assert p["i2c"]["freq"] == 400000
    assert p["display"] == {
        "controller": "sh1106",
        "width": 128,
        "height": 64,
        "addr": 0x3C,
        "col_offset": 2,
        "rotate": False,
    }
    assert p["buttons"]["OK"] == {"pin": 12, "pull": "up", "active": "low"}
    assert p["led"] is None and "buzzer" not in p and p["keys"] == 3
    assert "BACK" not in p["buttons"]


def test_ssd1306_default_offset_zero():
    """An SSD1306 without col_offset gets 0 (only SH1106 panels sit at column 2)."""
    d = base()
    del d["display"]["col_offset"]
    assert load_profile(d, NAME)["display"]["col_offset"] == 0


@pytest.mark.parametrize("given,want", [("0x3C", 60), ("0x3d", 61), (60, 60), (61, 61)])
def test_address_forms(given, want):
    """The display address may be written "0x3C"/"0x3D" or as a number; it becomes a number."""
    d = base()
    d["display"]["addr"] = given
    assert load_profile(d, NAME)["display"]["addr"] == want


@pytest.mark.parametrize(
    "field,value",
    [
        ("freq", 100000),
        ("freq", 1000000),
        ("col_offset", 0),
        ("col_offset", 4),
    ],
)
def test_range_boundaries_accepted(field, value):
    """Both ends of the I2C frequency and column offset ranges are accepted."""
    d = base()
    (d["i2c"] if field == "freq" else d["display"])[field] = value
    p = load_profile(d, NAME)
    assert (p["i2c"] if field == "freq" else p["display"])[field] == value


def test_active_high_buttons_with_pull_down():
    """Buttons wired to 3V3 (pull down, active high) and externally pulled ones are accepted."""
    d = base()
    d["buttons"]["UP"] = {"pin": 2, "pull": "down", "active": "high"}
    d["buttons"]["DOWN"] = {"pin": 3, "pull": "none", "active": "high"}
    d["buttons"]["OK"] = {"pin": 6, "pull": "none", "active": "low"}
    p = load_profile(d, NAME)
    assert p["buttons"]["UP"] == {"pin": 2, "pull": "down", "active": "high"}
    assert p["buttons"]["DOWN"]["pull"] == "none"


@pytest.mark.parametrize("led", [25, 22, 0, "LED", None])
def test_led_choices(led):
    """The LED may be the on-board one ("LED" or GP25 on a plain Pico), a header pin, or none."""
    d = base()
    d["led"] = led
    assert load_profile(d, NAME)["led"] == led


def _free_pins(used, n):
    return [p for p in range(29) if p not in used and p not in (23, 24, 25)][:n]


@pytest.mark.parametrize("bus", [0, 1])
@pytest.mark.parametrize("role", ["sda", "scl"])
def test_i2c_pin_table(bus, role):
    """For each bus and line, exactly the RP2040's I2C pins on the header are accepted."""
    other = "scl" if role == "sda" else "sda"
    partner = I2C_PINS[(bus, other)][0]
    for pin in range(32):
        d = base()
        d["i2c"] = {"id": bus, role: pin, other: partner}
        btn = _free_pins((pin, partner), 4)
        for k, p in zip(("UP", "DOWN", "OK", "BACK"), btn, strict=True):
            d["buttons"][k]["pin"] = p
        if pin in I2C_PINS[(bus, role)]:
            assert load_profile(d, NAME)["i2c"][role] == pin
        else:
            with pytest.raises(BoardError) as e:
                load_profile(d, NAME)
            assert str(e.value).startswith("%s: i2c.%s: " % (NAME, role)), str(e.value)


# -- every field, every kind of mistake -------------------------------------------


def _set(path, value):
    """A mutation setting data[path...] = value (None-less: use _DEL to delete)."""

    def f(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        if value is _DEL:
            del node[path[-1]]
        else:
            node[path[-1]] = value
        return d

    return f


_DEL = object()
_KNOWN_TOP = "(expected one of: name, notes, i2c, display, buttons, led)"

BAD = [
    # field path, mutation, exact message after "boards/t.json: "
    ("name", _set(["name"], _DEL), "name: missing"),
    ("name", _set(["name"], 5), "name: must be a short text, not 5"),
    ("name", _set(["name"], ""), 'name: must be a short text, not ""'),
    ("notes", _set(["notes"], ["a"]), "notes: must be a text, not a list"),
    ("top", _set(["colour"], "red"), "colour: unknown setting " + _KNOWN_TOP),
    ("i2c", _set(["i2c"], _DEL), "i2c: missing"),
    ("i2c", _set(["i2c"], 0), "i2c: must be an object {...}"),
    (
        "i2c",
        _set(["i2c", "speed"], 1),
        "i2c.speed: unknown setting (expected one of: id, sda, scl, freq)",
    ),
    ("i2c.id", _set(["i2c", "id"], 2), "i2c.id: must be 0 or 1, not 2"),
    ("i2c.id", _set(["i2c", "id"], True), "i2c.id: must be 0 or 1, not true"),
    ("i2c.id", _set(["i2c", "id"], _DEL), "i2c.id: missing"),
    ("i2c.sda", _set(["i2c", "sda"], 40), "i2c.sda: pin 40 does not exist on the Pico"),
    ("i2c.sda", _set(["i2c", "sda"], -1), "i2c.sda: pin -1 does not exist on the Pico"),
    ("i2c.sda", _set(["i2c", "sda"], "GP4"), 'i2c.sda: pin must be a GP number like 4, not "GP4"'),
    (
        "i2c.sda",
        _set(["i2c", "sda"], 3),
        "i2c.sda: GP3 is not an I2C0 SDA pin (it is I2C1 SCL); "
        "I2C0 SDA pins: GP0 GP4 GP8 GP12 GP16 GP20 GP28",
    ),
    (
        "i2c.sda",
        _set(["i2c", "sda"], 24),
        "i2c.sda: pin 24 is used inside the Pico (USB sense), not on its header",
    ),
    ("i2c.sda", _set(["i2c", "sda"], _DEL), "i2c.sda: missing"),
    (
        "i2c.scl",
        _set(["i2c", "scl"], 4),
        "i2c.scl: GP4 is not an I2C0 SCL pin (it is I2C0 SDA); "
        "I2C0 SCL pins: GP1 GP5 GP9 GP13 GP17 GP21",
    ),
    (
        "i2c.scl",
        _set(["i2c", "scl"], 7),
        "i2c.scl: GP7 is not an I2C0 SCL pin (it is I2C1 SCL); "
        "I2C0 SCL pins: GP1 GP5 GP9 GP13 GP17 GP21",
    ),
    ("i2c.scl", _set(["i2c", "scl"], 30), "i2c.scl: pin 30 does not exist on the Pico"),
    (
        "i2c.scl",
        _set(["i2c", "scl"], 25),
        "i2c.scl: pin 25 is used inside the Pico (on-board LED), not on its header",
    ),
    (
        "i2c.freq",
        _set(["i2c", "freq"], 99999),
        "i2c.freq: must be 100000 to 1000000 (Hz), not 99999",
    ),
    (
        "i2c.freq",
        _set(["i2c", "freq"], 1000001),
        "i2c.freq: must be 100000 to 1000000 (Hz), not 1000001",
    ),
    ("i2c.freq", _set(["i2c", "freq"], "fast"), 'i2c.freq: must be a whole number, not "fast"'),
    ("display", _set(["display"], _DEL), "display: missing"),
    ("display", _set(["display"], []), "display: must be an object {...}"),
    (
        "display",
        _set(["display", "colour"], 1),
        "display.colour: unknown setting "
        "(expected one of: controller, width, height, addr, col_offset, rotate)",
    ),
    (
        "display.controller",
        _set(["display", "controller"], "ssd1309"),
        'display.controller: must be "ssd1306" or "sh1106", not "ssd1309"',
    ),
    ("display.controller", _set(["display", "controller"], _DEL), "display.controller: missing"),
    ("display.width", _set(["display", "width"], 96), "display.width: must be 128, not 96"),
    ("display.height", _set(["display", "height"], 48), "display.height: must be 64 or 32, not 48"),
    (
        "display.height",
        _set(["display", "height"], 64.0),
        "display.height: must be 64 or 32, not 64.0",
    ),
    (
        "display.addr",
        _set(["display", "addr"], "0x3E"),
        'display.addr: must be "0x3C" or "0x3D" (60 or 61), not "0x3E"',
    ),
    (
        "display.addr",
        _set(["display", "addr"], 62),
        'display.addr: must be "0x3C" or "0x3D" (60 or 61), not 62',
    ),
    (
        "display.addr",
        _set(["display", "addr"], 60.0),
        'display.addr: must be "0x3C" or "0x3D" (60 or 61), not 60.0',
    ),
    (
        "display.col_offset",
        _set(["display", "col_offset"], 5),
        "display.col_offset: must be 0 to 4, not 5",
    ),
    (
        "display.col_offset",
        _set(["display", "col_offset"], -1),
        "display.col_offset: must be 0 to 4, not -1",
    ),
    (
        "display.col_offset",
        _set(["display", "col_offset"], "2"),
        'display.col_offset: must be a whole number, not "2"',
    ),
    (
        "display.rotate",
        _set(["display", "rotate"], "yes"),
        'display.rotate: must be true or false, not "yes"',
    ),
    (
        "display.rotate",
        _set(["display", "rotate"], 1),
        "display.rotate: must be true or false, not 1",
    ),
    ("buttons", _set(["buttons"], _DEL), "buttons: missing"),
    ("buttons", _set(["buttons"], "UP"), "buttons: must be an object {...}"),
    (
        "buttons",
        _set(["buttons", "LEFT"], {"pin": 10}),
        "buttons.LEFT: unknown setting (expected one of: UP, DOWN, OK, BACK)",
    ),
    (
        "buttons.UP",
        _set(["buttons", "UP"], _DEL),
        "buttons.UP: missing (UP, DOWN and OK are needed)",
    ),
    (
        "buttons.DOWN",
        _set(["buttons", "DOWN"], _DEL),
        "buttons.DOWN: missing (UP, DOWN and OK are needed)",
    ),
    (
        "buttons.OK",
        _set(["buttons", "OK"], _DEL),
        "buttons.OK: missing (UP, DOWN and OK are needed)",
    ),
    ("buttons.OK", _set(["buttons", "OK"], 6), "buttons.OK: must be an object {...}"),
    (
        "buttons.OK",
        _set(["buttons", "OK", "pin"], 40),
        "buttons.OK: pin 40 does not exist on the Pico",
    ),
    ("buttons.OK", _set(["buttons", "OK", "pin"], _DEL), "buttons.OK.pin: missing"),
    (
        "buttons.OK",
        _set(["buttons", "OK", "pin"], 6.0),
        "buttons.OK: pin must be a GP number like 4, not 6.0",
    ),
    (
        "buttons.OK",
        _set(["buttons", "OK", "pin"], 23),
        "buttons.OK: pin 23 is used inside the Pico (power supply), not on its header",
    ),
    (
        "buttons.OK",
        _set(["buttons", "OK", "pin"], 25),
        "buttons.OK: pin 25 is used inside the Pico (on-board LED), not on its header",
    ),
    (
        "buttons.OK",
        _set(["buttons", "OK", "pin"], 29),
        "buttons.OK: pin 29 is used inside the Pico (VSYS sense), not on its header",
    ),
    (
        "buttons.OK",
        _set(["buttons", "OK", "pin"], 4),
        "buttons.OK: pin 4 is already used by i2c.sda",
    ),
    (
        "buttons.DOWN",
        _set(["buttons", "DOWN", "pin"], 2),
        "buttons.DOWN: pin 2 is already used by buttons.UP",
    ),
    (
        "buttons.OK",
        _set(["buttons", "OK", "colour"], "red"),
        "buttons.OK.colour: unknown setting (expected one of: pin, pull, active)",
    ),
    (
        "buttons.OK.pull",
        _set(["buttons", "OK", "pull"], "sideways"),
        'buttons.OK.pull: must be "up", "down" or "none", not "sideways"',
    ),
    (
        "buttons.OK.pull",
        _set(["buttons", "OK", "pull"], None),
        'buttons.OK.pull: must be "up", "down" or "none", not null',
    ),
    (
        "buttons.OK.active",
        _set(["buttons", "OK", "active"], "on"),
        'buttons.OK.active: must be "low" or "high", not "on"',
    ),
    (
        "buttons.BACK",
        _set(["buttons", "BACK", "active"], "high"),
        "buttons.BACK: pull up with active high would always read pressed "
        "(a button to GND is active low; to 3V3 needs pull down)",
    ),
    (
        "buttons.UP",
        _set(["buttons", "UP", "pull"], "down"),
        "buttons.UP: pull down with active low would always read pressed "
        "(a button to 3V3 is active high; to GND needs pull up)",
    ),
    (
        "led",
        _set(["led"], "GP25"),
        'led: must be a GP number, "LED" (the on-board LED) or null, not "GP25"',
    ),
    ("led", _set(["led"], 40), "led: pin 40 does not exist on the Pico"),
    (
        "led",
        _set(["led"], 24),
        "led: pin 24 is used inside the Pico (USB sense), not on its header",
    ),
    ("led", _set(["led"], 7), "led: pin 7 is already used by buttons.BACK"),
    ("led", _set(["led"], True), "led: pin must be a GP number like 4, not true"),
]


@pytest.mark.parametrize(
    "field,mutate,message", BAD, ids=["%s-%d" % (b[0], i) for i, b in enumerate(BAD)]
)
def test_bad_value_names_file_and_field(field, mutate, message):
    """A wrong value is reported as '<file>: <field path>: <what is wrong>'."""
    assert err(mutate(base())) == NAME + ": " + message


def test_every_field_has_a_bad_value_case():
    """The table above covers every field of a profile (top level, i2c, display, buttons)."""
    covered = {b[0].split(".")[0] if b[0].startswith("buttons") else b[0] for b in BAD}
    for f in (
        "name",
        "notes",
        "i2c",
        "i2c.id",
        "i2c.sda",
        "i2c.scl",
        "i2c.freq",
        "display",
        "display.controller",
        "display.width",
        "display.height",
        "display.addr",
        "display.col_offset",
        "display.rotate",
        "buttons",
        "led",
    ):
        assert f in covered, f
    button_fields = {b[0] for b in BAD if b[0].startswith("buttons.")}
    for k in ("UP", "DOWN", "OK", "BACK"):
        assert any(f.startswith("buttons." + k) for f in button_fields), k
    for sub in ("pull", "active"):
        assert "buttons.OK." + sub in button_fields


def test_a_buzzer_is_not_a_setting():
    """Wyrm drives no buzzer: a profile naming one gets the unknown-setting message."""
    d = base()
    d["buzzer"] = 15
    assert err(d) == NAME + ": buzzer: unknown setting " + _KNOWN_TOP


def test_top_level_must_be_object():
    """A profile that is not a JSON object says so, naming the file."""
    assert err([1, 2]) == NAME + ": must be an object {...}"


def test_unknown_keys_reported_in_sorted_order():
    """Several unknown settings: the first alphabetically is named (the same on every runtime)."""
    d = base()
    d["zeta"] = 1
    d["alpha"] = 2
    assert err(d).startswith(NAME + ": alpha: unknown setting")


def test_input_is_not_modified():
    """Validation does not change the dict it was given."""
    d = base()
    before = copy.deepcopy(d)
    load_profile(d, NAME)
    assert d == before


# -- files -------------------------------------------------------------------------


def test_load_file_bad_json(tmp_path):
    """A profile file that is not JSON is reported with its path."""
    p = tmp_path / "x.json"
    p.write_text('{"name": "x",}')
    with pytest.raises(BoardError) as e:
        load_file(str(p))
    assert str(e.value) == "%s: not valid JSON (check commas, quotes and brackets)" % p


def test_load_file_missing(tmp_path):
    """A missing profile file is reported with its path."""
    p = str(tmp_path / "nope.json")
    with pytest.raises(BoardError) as e:
        load_file(p)
    assert str(e.value) == "%s: cannot be read (missing?)" % p


def test_load_file_uses_path_in_field_messages(tmp_path):
    """Field errors from load_file carry the file path it was given."""
    d = base()
    d["buttons"]["OK"]["pin"] = 40
    p = tmp_path / "b.json"
    p.write_text(json.dumps(d))
    with pytest.raises(BoardError) as e:
        load_file(str(p))
    assert str(e.value) == "%s: buttons.OK: pin 40 does not exist on the Pico" % p


# -- the same under real MicroPython ------------------------------------------------

_MP_BOARD = r"""
import json
from wyrm.board import BoardError, load_profile, load_file
from wyrm.store_pack import encode
for text in %(texts)r:
    try:
        print("OK " + encode(load_profile(json.loads(text), %(name)r)).decode())
    except BoardError as e:
        print("ERR " + str(e))
"""


def _cpython_line(data):
    from wyrm.store_pack import encode

    try:
        return "OK " + encode(load_profile(data, NAME)).decode()
    except BoardError as e:
        return "ERR " + str(e)


def test_micropython_gives_same_results(mp):
    """MicroPython normalizes shipped profiles and words every bad-value message the same."""
    cases = [base() for _ in range(1)]
    for path in PROFILES:
        with open(path) as f:
            cases.append(json.load(f))
    cases += [mutate(base()) for _, mutate, _ in BAD]
    extra = base()
    extra["zeta"] = 1
    extra["alpha"] = 2
    cases.append(extra)
    texts = [json.dumps(c) for c in cases]
    out = mp.exec(_MP_BOARD % {"texts": texts, "name": NAME}).splitlines()
    assert out == [_cpython_line(json.loads(t)) for t in texts]
    assert sum(1 for line in out if line.startswith("ERR")) == len(BAD) + 1
