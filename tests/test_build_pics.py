"""Pictures of the build (host_tools/make/build_pics.py): the perfboard's wires follow the profile,
run between the holes and end where they should; the pictures in docs/ are up to date."""
import copy
import json
import os

import pytest
from PIL import Image

from host_tools.make import build_pics, case, wiring

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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
