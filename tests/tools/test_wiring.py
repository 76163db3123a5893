"""make wiring (host_tools/make/wiring.py): the wiring pictures follow the board profiles."""

import copy
import json
import os

import pytest
from PIL import Image

from host_tools.make import deploy, wiring

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = wiring.board_names()


def test_the_pico_header_as_in_the_datasheet():
    assert [wiring.phys_pin(gp) for gp in (0, 1, 2, 3, 4, 5, 6, 7)] == [1, 2, 4, 5, 6, 7, 9, 10]
    assert [wiring.phys_pin(gp) for gp in (14, 15, 16, 17, 21, 22, 26, 27, 28)] == [
        19, 20, 21, 22, 27, 29, 31, 32, 34,
    ]  # fmt: skip
    assert wiring.gnd_pins() == [3, 8, 13, 18, 23, 28, 33, 38]
    names = {p: wiring.pin_name(p) for p in (30, 35, 36, 37, 39, 40)}
    assert names == {30: "RUN", 35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 39: "VSYS", 40: "VBUS"}
    for gp in (23, 24, 25, 29):  # inside the Pico, not on the header
        with pytest.raises(ValueError):
            wiring.phys_pin(gp)


def expected_wires(prof):
    """(part, pin name) the profile asks for; GND wires separately (any free GND pin)."""
    want = {
        ("display", "GP%d" % prof["i2c"]["sda"]),
        ("display", "GP%d" % prof["i2c"]["scl"]),
        ("display", "3V3"),
    }
    gnd_parts = ["display"]
    for key, b in prof["buttons"].items():
        want.add((key, "GP%d" % b["pin"]))
        if b["active"] == "low":
            gnd_parts.append(key)
        else:
            want.add((key, "3V3"))
    return want, sorted(gnd_parts)


@pytest.mark.parametrize("board", BOARDS)
def test_the_wires_drawn_are_the_profiles_pins(board):
    prof = wiring.load(board)
    scene = wiring.plan(prof)
    wires = scene["wires"]
    want, gnd_parts = expected_wires(prof)
    got = {(w["part"], wiring.pin_name(w["pin"])) for w in wires if w["net"] != "GND"}
    assert got == want
    gnd = [w for w in wires if w["net"] == "GND"]
    assert sorted(w["part"] for w in gnd) == gnd_parts
    assert all(wiring.pin_name(w["pin"]) == "GND" for w in gnd)
    pins = [w["pin"] for w in wires]
    assert len(pins) == len(set(pins)), "one wire per pin"
    for w in wires:  # each path runs from the part's terminal to the pin, at right angles
        path = w["path"]
        assert path[0] == w["term"] and path[-1] == wiring.pad_xy(w["pin"])
        assert all(a[0] == b[0] or a[1] == b[1] for a, b in zip(path, path[1:], strict=False))
    legend = wiring.connection_lines(scene)
    sda = "display SDA -> GP%d (pin %d)" % (prof["i2c"]["sda"], wiring.phys_pin(prof["i2c"]["sda"]))
    assert sda in legend
    for key, b in prof["buttons"].items():
        line = "%s button, one leg -> GP%d (pin %d)" % (key, b["pin"], wiring.phys_pin(b["pin"]))
        assert line in legend


def pixel(im, phys):
    return im.getpixel(wiring.pad_xy(phys))


def test_moving_a_button_moves_its_wire_in_the_picture(tmp_path):
    data = json.load(open(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")))
    before = wiring.render(
        wiring.plan(wiring.load(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")))
    )
    orange = wiring.COLOURS["OK"]
    assert pixel(before, 9) == orange  # OK on GP6 = pin 9
    assert pixel(before, 11) != orange
    moved = copy.deepcopy(data)
    moved["buttons"]["OK"]["pin"] = 8  # GP8 = pin 11
    path = tmp_path / "moved.json"
    path.write_text(json.dumps(moved))
    after = wiring.render(wiring.plan(wiring.load(str(path))))
    assert pixel(after, 11) == orange
    assert pixel(after, 9) != orange
    # the wire reaches the new pad from outside the board
    x, y = wiring.pad_xy(11)
    assert after.getpixel((wiring.BOARD_X0 - 6, y)) == orange
    assert before.getpixel((wiring.BOARD_X0 - 6, y)) != orange


def test_a_profile_with_buttons_right_and_an_external_led_is_drawn(tmp_path):
    data = json.load(open(os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")))
    data["i2c"] = {"id": 1, "sda": 18, "scl": 19, "freq": 400000}
    data["buttons"]["OK"]["pin"] = 16
    data["buttons"]["BACK"] = {"pin": 21, "pull": "down", "active": "high"}
    data["led"] = 15
    path = tmp_path / "right.json"
    path.write_text(json.dumps(data))
    scene = wiring.plan(wiring.load(str(path)))
    parts = {p.get("name"): p for p in scene["parts"]}
    assert parts["OK"]["side"] == "R" and parts["UP"]["side"] == "L"
    assert parts["LED"]["kind"] == "led"
    lines = wiring.connection_lines(scene)
    assert "BACK button, other leg -> 3V3 (pin 36)" in lines  # pulled down: to 3V3, not GND
    assert "LED + -> GP15 (pin 20)" in lines
    assert "display SDA -> GP18 (pin 24)" in lines
    im = wiring.render(scene)
    assert pixel(im, 24) == wiring.COLOURS["SDA"] and pixel(im, 20) == wiring.COLOURS["LED"]


@pytest.mark.parametrize("board", BOARDS)
def test_the_committed_picture_is_up_to_date(board):
    path = os.path.join(ROOT, "docs", "wiring-%s.png" % board)
    assert os.path.isfile(path), "no %s: run make wiring" % deploy.rel(path)
    fresh = wiring.render(wiring.plan(wiring.load(board)))
    committed = Image.open(path).convert("RGB")
    assert committed.size == fresh.size and committed.tobytes() == fresh.tobytes(), (
        "%s does not match boards/%s.json: run make wiring" % (deploy.rel(path), board)
    )


def test_the_readme_names_every_profile_and_links_its_picture():
    readme = open(os.path.join(ROOT, "README.md")).read()
    for board in BOARDS:
        assert "| `%s`" % board in readme, "%s missing from the README's profile table" % board
        assert "docs/wiring-%s.png" % board in readme, "README does not link %s's wiring" % board
