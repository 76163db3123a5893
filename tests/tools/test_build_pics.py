"""Pictures of the build (host_tools/make/build_pics.py): the perfboard's wires follow the profile,
run between the holes and end where they should; the pictures in docs/ are up to date."""
import copy
import json
import os

import pytest
from PIL import Image

from host_tools.make import build_pics, case, wiring

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = wiring.board_names()


def expected(prof):
    want = {("display", "GP%d" % prof["i2c"]["sda"]), ("display", "GP%d" % prof["i2c"]["scl"]),
            ("display", "3V3"), ("diode", "VSYS")}
    for key, b in prof["buttons"].items():
        want.add((key, "GP%d" % b["pin"]))
    return want, sorted(["display"] + list(prof["buttons"]))


@pytest.mark.parametrize("board", BOARDS)
def test_perfboard_wires_are_the_profiles_connections(board):
    """One wire per connection the profile asks for (display SDA/SCL/3V3, each button's GP
    pin, and a GND each), the diode's band to VSYS (pin 39); every GND wire on its own GND
    pin, pin 38 left for the battery's minus; no two wires share a hole."""
    prof = wiring.load(board)
    plan = build_pics.perfboard_plan(prof)
    want, gnd_parts = expected(prof)
    wires = plan["wires"]
    got = {(w["part"], wiring.pin_name(w["pin"])) for w in wires if w["net"] != "GND"}
    assert got == want
    gnd = [w for w in wires if w["net"] == "GND"]
    assert sorted(w["part"] for w in gnd) == gnd_parts
    assert all(wiring.pin_name(w["pin"]) == "GND" for w in gnd)
    assert 38 not in [w["pin"] for w in wires]
    pb = plan["layout"]["perfboard"]
    vsys = [w for w in wires if w["net"] == "VSYS"]
    assert [w["a"] for w in vsys] == [pb["diode"]["cathode"]]
    ends = [tuple(w["a"]) for w in wires] + [tuple(w["b"]) for w in wires]
    assert len(ends) == len(set(ends))
    for w in wires:  # the Pico end is the hole of that pin
        assert tuple(w["b"]) == pb["pico_pins"][w["pin"]]
    hdr = pb["header"]
    by = {(w["part"], w["net"]): w["a"] for w in wires}
    assert by[("display", "SDA")] == hdr["SDA"] and by[("display", "SCL")] == hdr["SCL"]
    assert by[("display", "3V3")] == hdr["VCC"] and by[("display", "GND")] == hdr["GND"]
    for key in prof["buttons"]:  # a button's two wires on diagonally opposite legs
        legs = pb["buttons"][key]
        pair = {tuple(by[(key, key)]), tuple(by[(key, "GND")])}
        assert pair in ({legs[0], legs[3]}, {legs[1], legs[2]}), key


@pytest.mark.parametrize("board", BOARDS)
def test_wires_run_between_the_holes_and_never_touch(board):
    """Each path goes at right angles from its hole to the other; apart from the half step
    into a hole it runs between the holes, over no soldered hole but its ends, inside the
    board; no wire touches another's corner or runs along it."""
    plan = build_pics.perfboard_plan(wiring.load(board))
    lay = plan["layout"]
    nx, ny = lay["holes"]
    holes = set(case.all_holes(lay["perfboard"]))
    for w in plan["wires"]:
        path = w["path"]
        assert path[0] == tuple(w["a"]) and path[-1] == tuple(w["b"])
        for (x0, y0), (x1, y1) in zip(path, path[1:], strict=False):
            assert x0 == x1 or y0 == y1
        for x, y in path[1:-1]:
            assert x % 1 == 0.5 or y % 1 == 0.5, (w["net"], path)
            assert 0 <= x <= nx - 1 and 0 <= y <= ny - 1
        segs = build_pics._segments(path)
        for h in holes - {tuple(w["a"]), tuple(w["b"])}:
            assert not any(build_pics._on(h, s) for s in segs), (w["net"], h)
    wires = plan["wires"]
    for i, a in enumerate(wires):
        for b in wires[i + 1:]:
            assert build_pics._fits(a["path"], [b["path"]], set()), (a["net"], b["net"])


def _hole_pixel(im, plan, hole):
    ny = plan["layout"]["holes"][1]
    x, y = build_pics._hole_px(hole[0], hole[1], ny, 60, 90)
    return im.getpixel((int(x), int(y)))


def test_moving_a_button_moves_its_wire(tmp_path):
    """OK on GP8 instead of GP6: its orange wire now ends on pin 11's hole, not pin 9's."""
    data = json.load(open(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")))
    before_plan = build_pics.perfboard_plan(wiring.load("pico-ssd1306-4btn"))
    before = build_pics.perfboard_picture(wiring.load("pico-ssd1306-4btn"))
    pins = before_plan["layout"]["perfboard"]["pico_pins"]
    orange = build_pics.NET_COLOURS["OK"]
    assert _hole_pixel(before, before_plan, pins[9]) == orange
    assert _hole_pixel(before, before_plan, pins[11]) != orange
    moved = copy.deepcopy(data)
    moved["buttons"]["OK"]["pin"] = 8
    path = tmp_path / "moved.json"
    path.write_text(json.dumps(moved))
    prof = wiring.load(str(path))
    plan = build_pics.perfboard_plan(prof)
    after = build_pics.perfboard_picture(prof)
    assert _hole_pixel(after, plan, pins[11]) == orange
    assert _hole_pixel(after, plan, pins[9]) != orange


def test_an_active_high_button_is_refused_with_a_reason(tmp_path):
    """A button wired to 3V3 is not drawn on the perfboard: the tool says why, naming it."""
    data = json.load(open(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")))
    data["buttons"]["BACK"] = {"pin": 7, "pull": "down", "active": "high"}
    path = tmp_path / "high.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="BACK goes to 3V3"):
        build_pics.perfboard_plan(wiring.load(str(path)))


@pytest.mark.parametrize("board", BOARDS)
def test_device_picture_shows_the_screen_and_every_button(board):
    """The finished device: the main menu's lit pixels inside the window over the active
    area, a plunger where each of the profile's buttons is."""
    prof = wiring.load(board)
    im = build_pics.device_picture(prof)
    lay = case.layout(prof)
    assert len(lay["plungers"]) == len(prof["buttons"])
    colours = {c for _n, c in im.getcolors(1 << 20)}
    lit = [c for c in colours if c[2] > 200 and c[1] > 180 and c[0] < 200]  # pale blue
    assert lit, "no screen in the window"


@pytest.mark.parametrize("board", BOARDS)
def test_the_underside_is_the_board_turned_over(board):
    """Seen from the solder side, every wire's two ends are in the mirrored holes (column
    counted from the other edge, same row), in the wire's colour."""
    prof = wiring.load(board)
    plan = build_pics.perfboard_plan(prof)
    nx = plan["layout"]["holes"][0]
    top = build_pics.perfboard_picture(prof)
    under = build_pics.perfboard_picture(prof, underside=True)
    for w in plan["wires"]:
        col = build_pics.NET_COLOURS[w["net"]]
        for c, r in (w["a"], w["b"]):
            assert _hole_pixel(top, plan, (c, r)) == col
            assert _hole_pixel(under, plan, (nx - 1 - c, r)) == col, (w["net"], c, r)


@pytest.mark.parametrize("name", ["device-%s.png" % b for b in BOARDS]
                         + ["perfboard-%s.png" % b for b in BOARDS]
                         + ["perfboard-%s-underside.png" % b for b in BOARDS]
                         + ["battery-wiring.png"])
def test_the_committed_build_pictures_are_up_to_date(name):
    """docs/ holds every build picture as the code draws it now (make wiring redraws them)."""
    path = os.path.join(ROOT, "docs", name)
    assert os.path.isfile(path), "no docs/%s: run make wiring" % name
    if name == "battery-wiring.png":
        fresh = build_pics.battery_picture()
    else:
        kind, board = name[:-4].split("-", 1)
        under = board.endswith("-underside")
        prof = wiring.load(board[:-len("-underside")] if under else board)
        if kind == "device":
            fresh = build_pics.device_picture(prof)
        else:
            fresh = build_pics.perfboard_picture(prof, underside=under)
    committed = Image.open(path).convert("RGB")
    assert committed.size == fresh.size and committed.tobytes() == fresh.tobytes(), (
        "docs/%s is out of date: run make wiring" % name)


def test_the_build_doc_and_readme_link_the_pictures():
    """docs/BUILD.md shows every build picture and the case preview; the README links it."""
    doc = open(os.path.join(ROOT, "docs", "BUILD.md")).read()
    for b in BOARDS:
        assert "perfboard-%s.png" % b in doc and "device-%s.png" % b in doc
        assert "perfboard-%s-underside.png" % b in doc
    assert "battery-wiring.png" in doc and "make case" in doc
    readme = open(os.path.join(ROOT, "README.md")).read()
    assert "docs/BUILD.md" in readme and "docs/device-pico-ssd1306-4btn.png" in readme


def _pins(wires):
    """{(part, net): Pico pin} of a plan's wires."""
    return {(w["part"], w["net"]): w["pin"] for w in wires}


@pytest.mark.parametrize("board", BOARDS)
def test_one_set_of_connections_in_every_picture(board):
    """The wiring picture and the perfboard picture (with or without the battery) join each
    part to the same Pico pins, GND pins included - the profile's one set (wiring.gnd_plan) -
    and none of them takes pin 38, the battery's minus."""
    prof = wiring.load(board)
    drawn = _pins(wiring.plan(prof)["wires"])
    for battery in (True, False):
        board_wires = _pins(build_pics.perfboard_plan(prof, battery)["wires"])
        board_wires.pop(("diode", "VSYS"), None)
        assert board_wires == drawn, (battery, board_wires, drawn)
    gnd = {part: pin for (part, net), pin in drawn.items() if net == "GND"}
    assert gnd == wiring.gnd_plan(prof)
    assert wiring.PIN_BATTERY_GND not in drawn.values()


def test_the_readme_wiring_table_is_the_pictures():
    """The README's table for the default profile names the pins its picture draws."""
    readme = open(os.path.join(ROOT, "README.md")).read()
    wires = _pins(wiring.plan(wiring.load("pico-ssd1306-4btn"))["wires"])

    def pin(part, net):
        p = wires[(part, net)]
        return "%s (pin %d)" % (wiring.pin_name(p), p)

    assert "| display VCC / GND | %s / %s |" % (pin("display", "3V3"), pin("display", "GND")) \
        in readme
    assert "| display SDA / SCL | %s / %s " % (pin("display", "SDA"), pin("display", "SCL")) \
        in readme
    keys = ("UP", "DOWN", "OK", "BACK")
    row = "| UP, DOWN, OK, BACK | %s; other legs to GND (pins %s) |" % (
        ", ".join(pin(k, k) for k in keys), ", ".join(str(wires[(k, "GND")]) for k in keys))
    assert row in readme
    assert "GND pin %d is left free for a battery's minus" % wiring.PIN_BATTERY_GND in readme


def test_the_sizes_in_the_build_doc_are_the_case_code():
    """docs/BUILD.md's Sizes - each profile's perfboard in holes and mm, the case's outside
    with and without the battery bay, the switches' height, the holder's room - are the block
    build_pics writes from case.py (make wiring), word for word."""
    doc = open(os.path.join(ROOT, "docs", "BUILD.md")).read()
    assert build_pics.sizes_block() in doc, "docs/BUILD.md's Sizes are out of date: make wiring"
    lay = case.layout(wiring.load("pico-ssd1306-4btn"), battery=True)
    assert "%.0f mm" % case.outside(lay)[2] in build_pics.sizes_block()


def test_the_build_doc_figures_are_the_code():
    """The figures in docs/BUILD.md's prose are the ones the case, the perfboard and the
    gauge are made with (case.DIMS, wyrm.power): a change there fails here until the doc
    follows."""
    from wyrm import power

    d = case.DIMS
    c = d["case"]
    doc = " ".join(open(os.path.join(ROOT, "docs", "BUILD.md")).read().split())
    for phrase in (
        "corner holes to %g mm" % c["screw_d"],
        "the case leaves %g mm under the board" % c["under"],
        "to about %g mm" % d["stub"],
        "legs go %d x %d holes apart" % d["switch"]["legs"],
        "on the two spacers (%g mm)" % (2 * d["pico"]["spacer"]),
        "body %g mm + plunger" % d["switch"]["body_h"],
        "at least %g mm out of the lid" % c["protrude"],
        "%g mm to spare each side" % c["window_margin"],
        "the plunger with %g mm all round" % c["clear"],
        "with %g mm to spare all round" % c["clear"],
        "the diode's drop: %.2f V" % (power.DIODE_MV / 1000),
        "adds the %.2f V back" % (power.DIODE_MV / 1000),
        "below %g V on VSYS itself" % (power._STOP_MV / 1000),
    ):
        assert phrase in doc, phrase


def test_the_docs_say_aaa_for_the_bay_and_aa_only_outside_it():
    """The printed bay takes a 3 x AAA holder: no doc offers AA cells as if they fitted it."""
    import re

    for name in ("README.md", "docs/USING.md", "docs/BUILD.md"):
        text = " ".join(open(os.path.join(ROOT, name)).read().split())
        assert "AAA or AA" not in text and "(or AA)" not in text, name
        for m in re.finditer(r"\bAA cells", text):  # where AA cells are offered: not in the bay
            assert "outside" in text[m.start() - 150:m.end() + 150], (name, m.start())
