"""Wiring pictures drawn from the board profiles: ``make wiring`` -> docs/wiring-<board>.png.

    python -m host_tools.make.wiring [--board NAME_OR_JSON] [--out FILE]

``plan(profile)`` is the scene, ``render(scene)`` draws it (layout rules: docs/TOOLS.md).
"""

import argparse
import functools
import itertools
import os
import sys

from host_tools import paths

DOCS = os.path.join(paths.ROOT, "docs")

# -- the Pico's header (Raspberry Pi Pico datasheet, pinout) ---------------------
_LEFT = [0, 1, "GND", 2, 3, 4, 5, "GND", 6, 7, 8, 9, "GND", 10, 11, 12, 13, "GND", 14, 15]
_RIGHT = [
    16, 17, "GND", 18, 19, 20, 21, "GND", 22, "RUN",
    26, 27, "GND", 28, "ADC_VREF", "3V3", "3V3_EN", "GND", "VSYS", "VBUS",
]  # fmt: skip


def pin_name(phys):
    """'GP4', 'GND', '3V3'... of physical pin 1-40."""
    v = _LEFT[phys - 1] if phys <= 20 else _RIGHT[phys - 21]
    return "GP%d" % v if isinstance(v, int) else v


def phys_pin(gp):
    """Physical pin (1-40) of GPn on the header."""
    for i, v in enumerate(_LEFT + _RIGHT):
        if v == gp:
            return i + 1
    raise ValueError("GP%d is not on the Pico's header" % gp)


def gnd_pins():
    return [p for p in range(1, 41) if pin_name(p) == "GND"]


PIN_3V3 = 36
PIN_BATTERY_GND = 38  # the battery's minus (docs/BUILD.md), next to VSYS: no part takes it


def gnd_plan(prof):
    """{part: GND pin} for every part with a wire to GND ("display", and each button, LED or
    buzzer whose other leg goes to GND): the one set every picture and table shows. The
    display's is the GND pin nearest 3V3 (pin 36); the others take the GND pins nearest
    their GP pins along the header (the same side first; the sum of the distances the
    least). Pin 38 stays free for the battery's minus."""
    free = [p for p in gnd_pins() if p != PIN_BATTERY_GND]
    disp = min(free, key=lambda p: (abs(_header_row(p) - _header_row(PIN_3V3))
                                    + (0 if pad_side(p) == "R" else 1000), p))
    free.remove(disp)
    parts = [(name, phys_pin(gp)) for name, gp, _kind, common in side_parts(prof)
             if common == "GND"]

    def cost(gp_pin, pin):
        return abs(_header_row(pin) - _header_row(gp_pin)) + (
            0 if pad_side(pin) == pad_side(gp_pin) else 1000)

    best, best_cost = (), None
    for perm in itertools.permutations(free, len(parts)):
        c = sum(cost(g, p) for (_n, g), p in zip(parts, perm, strict=True))
        if best_cost is None or c < best_cost:
            best, best_cost = perm, c
    out = {"display": disp}
    out.update((name, p) for (name, _g), p in zip(parts, best, strict=True))
    return out


def _header_row(phys):
    """The row of pin ``phys`` on the header (0 at the USB end; pins 1 and 40 share it)."""
    return phys - 1 if phys <= 20 else 40 - phys


def side_parts(prof):
    """(name, GP, kind, where the other leg goes) for the buttons, an external LED, a buzzer."""
    out = []
    for key in ("UP", "DOWN", "OK", "BACK"):
        b = prof["buttons"].get(key)
        if b is not None:
            out.append((key, b["pin"], "button", "GND" if b["active"] == "low" else "3V3"))
    if isinstance(prof.get("led"), int) and prof["led"] != 25:
        out.append(("LED", prof["led"], "led", "GND"))
    if isinstance(prof.get("buzzer"), int):
        out.append(("BUZZER", prof["buzzer"], "buzzer", "GND"))
    return out

# -- geometry --------------------------------------------------------------------
W = 1240
PITCH = 28
ROW0 = 480  # y of pins 1 and 40
BOARD_X0, BOARD_X1 = 490, 750
BOARD_Y0, BOARD_Y1 = ROW0 - 92, ROW0 + 19 * PITCH + 88
PAD_L, PAD_R = BOARD_X0 + 15, BOARD_X1 - 15
CHANNEL = {"L": (330, BOARD_X0 - 14), "R": (BOARD_X1 + 14, 910)}
LEG_X = {"L": 300, "R": 940}
OLED_CX, OLED_PIN_Y = (BOARD_X0 + BOARD_X1) // 2, 112
ALTITUDES = (34, 50, 66, 82)

COLOURS = {
    "3V3": (214, 39, 40),
    "GND": (30, 30, 30),
    "SDA": (31, 119, 220),
    "SCL": (235, 170, 0),
    "UP": (44, 160, 44),
    "DOWN": (148, 80, 200),
    "OK": (255, 110, 0),
    "BACK": (0, 170, 190),
    "LED": (230, 60, 150),
    "BUZZER": (120, 120, 120),
}


def pad_xy(phys):
    if phys <= 20:
        return PAD_L, ROW0 + (phys - 1) * PITCH
    return PAD_R, ROW0 + (40 - phys) * PITCH


def pad_side(phys):
    return "L" if phys <= 20 else "R"


# -- planning --------------------------------------------------------------------
def module_label(prof):
    d = prof["display"]
    size = {"sh1106": '1.3"', "ssd1306": '0.96"' if d["height"] == 64 else '0.91"'}
    return "%s %s OLED %dx%d, I2C 0x%02X" % (
        size.get(d["controller"], ""),
        d["controller"].upper(),
        d["width"],
        d["height"],
        d["addr"],
    )


def plan(prof):
    """The scene for a checked profile (``wyrm.board.load_profile`` output)."""
    wires = []  # dicts: net, colour, pin, term (x, y), exit, part
    parts = []

    # The display module above the Pico: header pins left to right.
    header = ["GND", "VCC", "SCL", "SDA"]
    hx = {n: OLED_CX + int((i - 1.5) * 46) for i, n in enumerate(header)}
    parts.append({"kind": "oled", "label": module_label(prof), "prof": prof, "pins": hx})
    bus = prof["i2c"]
    for net, gp in (("SDA", bus["sda"]), ("SCL", bus["scl"])):
        wires.append(
            {
                "net": net,
                "label": "%s: GP%d" % (net, gp),
                "pin": phys_pin(gp),
                "term": (hx[net], OLED_PIN_Y),
                "exit": "up",
                "part": "display",
            }
        )
    wires.append(
        {
            "net": "3V3",
            "label": "VCC: 3V3",
            "pin": PIN_3V3,
            "term": (hx["VCC"], OLED_PIN_Y),
            "exit": "up",
            "part": "display",
        }
    )
    needs_gnd = [("display", (hx["GND"], OLED_PIN_Y), "up")]

    # Buttons (and an external LED or buzzer) beside their pins.
    stacks = {"L": [], "R": []}
    for name, gp, kind, common in side_parts(prof):
        phys = phys_pin(gp)
        stacks[pad_side(phys)].append((pad_xy(phys)[1], name, gp, phys, kind, common))
    for side, items in stacks.items():
        items.sort()
        y_next = ROW0 - 6
        for want_y, name, gp, phys, kind, common in items:
            y = max(want_y, y_next)
            y_next = y + PITCH + 56
            legs = (y, y + PITCH)
            parts.append({"kind": kind, "name": name, "side": side, "legs": legs, "common": common})
            wires.append(
                {
                    "net": name,
                    "label": "%s: GP%d" % (name, gp),
                    "pin": phys,
                    "term": (LEG_X[side], legs[0]),
                    "exit": "L" if side == "R" else "R",
                    "part": name,
                }
            )
            if common == "GND":
                needs_gnd.append((name, (LEG_X[side], legs[1]), wires[-1]["exit"]))
            else:
                wires.append(
                    {
                        "net": "3V3",
                        "label": "%s: 3V3" % name,
                        "pin": PIN_3V3,
                        "term": (LEG_X[side], legs[1]),
                        "exit": wires[-1]["exit"],
                        "part": name,
                    }
                )

    gnd = gnd_plan(prof)
    for part, term, ex in needs_gnd:
        pin = gnd[part]
        wires.append(
            {"net": "GND", "label": "%s: GND" % part, "pin": pin, "term": term, "exit": ex}
        )
        wires[-1]["part"] = part
    swap_legs(wires)
    for w in wires:
        w["colour"] = COLOURS[w["net"]]
    route(wires)
    return {"name": prof["name"], "notes": prof.get("notes", ""), "parts": parts, "wires": wires,
            "prof": prof}  # fmt: skip


def swap_legs(wires):
    """A switch's two legs are alike: put the one whose pin is higher up on top."""
    by_part = {}
    for w in wires:
        if w["part"] in ("UP", "DOWN", "OK", "BACK"):
            by_part.setdefault(w["part"], []).append(w)
    for pair in by_part.values():
        if len(pair) == 2:
            a, b = sorted(pair, key=lambda w: w["term"][1])
            if pad_xy(a["pin"])[1] > pad_xy(b["pin"])[1]:
                a["term"], b["term"] = b["term"], a["term"]


def _path(w, lane, altitude):
    px, py = pad_xy(w["pin"])
    tx, ty = w["term"]
    if w["exit"] == "up":
        return [(tx, ty), (tx, altitude), (lane, altitude), (lane, py), (px, py)]
    return [(tx, ty), (lane, ty), (lane, py), (px, py)]


def _segments(path):
    return list(zip(path, path[1:], strict=False))


def _cross(a, b):
    (ax0, ay0), (ax1, ay1) = a
    (bx0, by0), (bx1, by1) = b
    if (ax0 == ax1) == (bx0 == bx1):  # parallel: overlap counts as a crossing
        if ax0 == ax1 == bx0:
            lo, hi = max(min(ay0, ay1), min(by0, by1)), min(max(ay0, ay1), max(by0, by1))
            return hi > lo
        if ay0 == ay1 == by0:
            lo, hi = max(min(ax0, ax1), min(bx0, bx1)), min(max(ax0, ax1), max(bx0, bx1))
            return hi > lo
        return False
    if ax0 == ax1:
        a, b = b, a
        (ax0, ay0), (ax1, ay1) = a
        (bx0, by0), (bx1, by1) = b
    # a horizontal, b vertical
    return min(ax0, ax1) < bx0 < max(ax0, ax1) and min(by0, by1) < ay0 < max(by0, by1)


@functools.lru_cache(maxsize=None)
def _pair_crossings(p, q):
    return sum(1 for a in _segments(p) for b in _segments(q) if _cross(a, b))


def crossings(paths):
    paths = [tuple(p) for p in paths]
    return sum(
        _pair_crossings(paths[i], paths[j])
        for i in range(len(paths))
        for j in range(i + 1, len(paths))
    )


def route(wires):
    """Give each wire a lane (and the display's wires an altitude): fewest crossings."""
    sides = {"L": [], "R": []}
    for i, w in enumerate(wires):
        sides[pad_side(w["pin"])].append(i)
    top = [i for i, w in enumerate(wires) if w["exit"] == "up"]
    lanes = {}
    for side, idx in sides.items():
        lo, hi = CHANNEL[side]
        step = (hi - lo) / max(len(idx), 1)
        lanes[side] = [int(lo + step * (k + 0.5)) for k in range(len(idx))]

    def paths_for(order, alt):
        lane_of = {}
        for side in "LR":
            for k, i in enumerate(order[side]):
                lane_of[i] = lanes[side][k]
        alt_of = dict(zip(top, alt, strict=False))
        return [_path(w, lane_of[i], alt_of.get(i, 0)) for i, w in enumerate(wires)]

    best = None
    for alt in itertools.permutations(ALTITUDES[: len(top)]):
        order = {s: sorted(sides[s], key=lambda i: pad_xy(wires[i]["pin"])[1]) for s in "LR"}
        cost = crossings(paths_for(order, alt))
        improved = True
        while improved and cost:
            improved = False
            for s in "LR":
                for a in range(len(order[s])):
                    for b in range(a + 1, len(order[s])):
                        o = dict(order)
                        o[s] = list(order[s])
                        o[s][a], o[s][b] = o[s][b], o[s][a]
                        c = crossings(paths_for(o, alt))
                        if c < cost:
                            order, cost, improved = o, c, True
        if best is None or cost < best[0]:
            best = (cost, order, alt)
    _cost, order, alt = best
    for w, p in zip(wires, paths_for(order, alt), strict=True):
        w["path"] = p


# -- drawing ---------------------------------------------------------------------
def label_font(size):
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def draw_text(d, xy, s, size, fill=(20, 20, 20), anchor="la", bold=False):
    d.text(xy, s, font=label_font(size), fill=fill, anchor=anchor, stroke_width=1 if bold else 0,
           stroke_fill=fill)  # fmt: skip


def screen_shot(prof):
    from PIL import Image

    name = "main-menu.png" if prof["display"]["height"] == 64 else "main-menu-128x32.png"
    path = os.path.join(DOCS, name)
    if not os.path.isfile(path):
        return None
    im = Image.open(path).convert("RGB")
    return im.crop((4, 4, im.width - 4, im.height - 4))


def _draw_oled(d, im, part):
    prof = part["prof"]
    big = prof["display"]["controller"] == "sh1106"
    short = prof["display"]["height"] == 32
    w = 320 if big else 280
    h = 110 if short else (205 if big else 180)
    x0, y0 = OLED_CX - w // 2, OLED_PIN_Y + 8
    d.rounded_rectangle(
        (x0, y0, x0 + w, y0 + h), 10, fill=(24, 64, 140), outline=(10, 30, 80), width=2
    )
    for n, x in part["pins"].items():
        d.rectangle((x - 6, OLED_PIN_Y - 8, x + 6, OLED_PIN_Y + 14), fill=(205, 170, 60),
                    outline=(120, 90, 20))  # fmt: skip
        draw_text(d, (x, OLED_PIN_Y + 20), n, 15, fill=(255, 255, 255), anchor="mt", bold=True)
    sw = w - 40
    sh = sw // 2 if not short else sw // 4
    sx0, sy0 = OLED_CX - sw // 2, y0 + 44
    d.rectangle((sx0 - 4, sy0 - 4, sx0 + sw + 4, sy0 + sh + 4), fill=(0, 0, 0))
    shot = screen_shot(prof)
    if shot is not None:
        im.paste(shot.resize((sw, sh)), (sx0, sy0))
    draw_text(d, (OLED_CX, y0 + h + 8), part["label"], 17, anchor="mt", bold=True)


def _draw_button(d, part):
    side, (y1, y2) = part["side"], part["legs"]
    x_leg = LEG_X[side]
    body = (x_leg - 130, y1 - 18, x_leg - 20, y2 + 18) if side == "L" else (
        x_leg + 20, y1 - 18, x_leg + 130, y2 + 18)  # fmt: skip
    kind = part["kind"]
    colour = COLOURS[part["name"]]
    for y in (y1, y2):
        xa, xb = (body[2], x_leg) if side == "L" else (x_leg, body[0])
        d.line((xa, y, xb, y), fill=(150, 150, 150), width=4)
    d.rounded_rectangle(body, 6, fill=(60, 60, 60) if kind == "button" else (245, 245, 245),
                        outline=(30, 30, 30), width=2)  # fmt: skip
    cx, cy = (body[0] + body[2]) // 2, (body[1] + body[3]) // 2
    if kind == "button":
        d.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=colour, outline=(20, 20, 20), width=2)
        draw_text(d, (cx, cy), part["name"], 15, fill=(255, 255, 255), anchor="mm", bold=True)
    else:
        what = "LED + 330 R" if kind == "led" else "buzzer"
        draw_text(d, (cx, cy), what, 15, anchor="mm", bold=True)
    inner = body[2] - 8 if side == "L" else body[0] + 8
    anchor = "rm" if side == "L" else "lm"
    first = "+" if kind != "button" else ""
    if first:
        draw_text(d, (inner, y1), first, 14,
                  fill=(255, 255, 255) if kind == "button" else (0, 0, 0), anchor=anchor)


def _draw_board(d, used):
    d.rounded_rectangle((BOARD_X0, BOARD_Y0, BOARD_X1, BOARD_Y1), 12, fill=(22, 120, 60),
                        outline=(10, 70, 30), width=2)  # fmt: skip
    cx = (BOARD_X0 + BOARD_X1) // 2
    d.rounded_rectangle((cx - 34, BOARD_Y0 - 20, cx + 34, BOARD_Y0 + 26), 5, fill=(190, 190, 195),
                        outline=(90, 90, 90), width=2)  # fmt: skip
    draw_text(d, (cx, BOARD_Y0 + 4), "USB", 14, anchor="mm", bold=True)
    # the BOOTSEL button and the on-board LED (GP25) near the USB end
    d.ellipse(
        (cx + 44, BOARD_Y0 + 30, cx + 70, BOARD_Y0 + 56), fill=(240, 240, 240), outline=(0, 0, 0)
    )
    draw_text(d, (cx + 57, BOARD_Y0 + 62), "BOOTSEL", 12, fill=(255, 255, 255), anchor="mt")
    d.rectangle((cx - 64, BOARD_Y0 + 38, cx - 50, BOARD_Y0 + 48), fill=(120, 255, 120))
    draw_text(d, (cx - 57, BOARD_Y0 + 62), "LED", 12, fill=(255, 255, 255), anchor="mt")
    draw_text(d, (cx, BOARD_Y1 - 62), "Raspberry Pi", 16, fill=(255, 255, 255), anchor="mm")
    draw_text(d, (cx, BOARD_Y1 - 40), "Pico", 20, fill=(255, 255, 255), anchor="mm", bold=True)
    draw_text(d, (cx, BOARD_Y1 - 18), "top view, USB up", 12, fill=(200, 230, 200), anchor="mm")
    for phys in range(1, 41):
        x, y = pad_xy(phys)
        name = pin_name(phys)
        wire = used.get(phys)
        if wire:
            d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=wire, outline=(255, 255, 255), width=2)
        else:
            d.ellipse((x - 8, y - 8, x + 8, y + 8), fill=(210, 180, 80), outline=(120, 90, 20))
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=(30, 30, 30))
        txt = (255, 255, 255) if wire else (170, 210, 180)
        if name in ("GND", "3V3") and not wire:
            txt = (220, 235, 220)
        if phys <= 20:
            draw_text(d, (x + 14, y), str(phys), 12, fill=(255, 235, 120), anchor="lm")
            draw_text(d, (x + 38, y), name, 15, fill=txt, anchor="lm", bold=bool(wire))
        else:
            draw_text(d, (x - 14, y), str(phys), 12, fill=(255, 235, 120), anchor="rm")
            draw_text(d, (x - 38, y), name, 15, fill=txt, anchor="rm", bold=bool(wire))


def render(scene):
    from PIL import Image, ImageDraw

    rows = (len(scene["wires"]) + 1) // 2
    im = Image.new("RGB", (W, BOARD_Y1 + 200 + rows * 22), (255, 255, 255))
    d = ImageDraw.Draw(im)
    used = {w["pin"]: w["colour"] for w in scene["wires"]}
    _draw_board(d, used)
    for part in scene["parts"]:
        if part["kind"] == "oled":
            _draw_oled(d, im, part)
        else:
            _draw_button(d, part)
    for w in scene["wires"]:
        d.line(w["path"], fill=(255, 255, 255), width=11, joint="curve")
        d.line(w["path"], fill=w["colour"], width=5, joint="curve")
    for w in scene["wires"]:  # the pads on top of the wire ends
        x, y = pad_xy(w["pin"])
        d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=w["colour"], outline=(255, 255, 255), width=2)
        tx, ty = w["term"]
        d.ellipse((tx - 5, ty - 5, tx + 5, ty + 5), fill=w["colour"])
    _legend(d, scene)
    return im


def connection_lines(scene):
    """'UP button -> GP2 (pin 4)' lines, one per wire, in the order a maker solders them."""
    out = []
    for w in scene["wires"]:
        part = w["part"]
        what = {"display": "display", "LED": "LED", "BUZZER": "buzzer"}.get(part, part + " button")
        end = {"SDA": "SDA", "SCL": "SCL"}.get(w["net"], "")
        if part == "display":
            end = {"3V3": "VCC", "GND": "GND"}.get(w["net"], end)
            src = "display %s" % end
        elif w["net"] in ("GND", "3V3"):
            src = "%s, other leg" % what if part not in ("LED", "BUZZER") else "%s -" % what
        else:
            src = "%s, one leg" % what if part not in ("LED", "BUZZER") else "%s +" % what
        out.append("%s -> %s (pin %d)" % (src, pin_name(w["pin"]), w["pin"]))
    return out


def _legend(d, scene):
    prof = scene["prof"]
    y = BOARD_Y1 + 26
    draw_text(d, (40, y), "Wyrm wiring: %s" % scene["name"], 24, bold=True)
    draw_text(d, (40, y + 34), "boards/%s.json - %s" % (scene["name"], scene["notes"]), 15,
              fill=(70, 70, 70))  # fmt: skip
    lines = connection_lines(scene)
    col = (len(lines) + 1) // 2
    for i, (line, w) in enumerate(zip(lines, scene["wires"], strict=True)):
        x = 40 + (i // col) * 600
        yy = y + 66 + (i % col) * 22
        d.line((x, yy + 8, x + 28, yy + 8), fill=w["colour"], width=6)
        draw_text(d, (x + 38, yy), line, 15)
    notes = [
        "Pin order on display modules differs (VCC and GND swapped on some): follow the labels "
        "printed on yours.",
        "A tactile switch with four legs: use two diagonally opposite legs.",
        "GND pin %d is left for a battery's minus (docs/BUILD.md)." % PIN_BATTERY_GND,
    ]
    if prof["keys"] == 3:
        notes.append("Three buttons: a long press of OK is BACK.")
    if prof.get("led") == "LED":
        notes.append("Status LED: the Pico's own LED (blinks a code when the display is missing).")
    yy = y + 66 + col * 22 + 8
    for n in notes:
        draw_text(d, (40, yy), n, 14, fill=(70, 70, 70))
        yy += 20


# -- command line ----------------------------------------------------------------
def load(board):
    from host_tools.make import deploy

    path = deploy.board_path(board)
    prof, _data = deploy.check_board(path)
    return prof


def write(board, out=None):
    prof = load(board)
    scene = plan(prof)
    out = out or os.path.join(DOCS, "wiring-%s.png" % prof["name"])
    render(scene).save(out, optimize=True)
    return out, scene


def board_names():
    return sorted(n[:-5] for n in os.listdir(paths.BOARDS) if n.endswith(".json"))


def main(argv=None):
    from host_tools.make import deploy

    p = argparse.ArgumentParser(
        prog="python -m host_tools.make.wiring", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--board", help="one profile (name in boards/ or a .json file); default: all")
    p.add_argument("--out", help="output PNG (with --board)")
    args = p.parse_args(argv)
    try:
        for board in [args.board] if args.board else board_names():
            out, scene = write(board, args.out if args.board else None)
            print("Wrote %s (%d wires)" % (deploy.rel(out), len(scene["wires"])))
    except (deploy.DeployError, ValueError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
