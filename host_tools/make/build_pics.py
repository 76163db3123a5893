"""Pictures of the build, drawn from the board profile and the case layout.

    python -m host_tools.make.build_pics [--board NAME_OR_JSON]   (make wiring draws them too)

The device, the perfboard (both sides) and the battery wiring, into docs/.
"""
import argparse
import os
import sys

from host_tools import paths
from host_tools.make import case, wiring

DOCS = wiring.DOCS
HOLE = 30  # pixels per 2.54 mm on the perfboard picture
INK = (25, 25, 25)


def _font(size):
    return wiring.label_font(size)


def _text(d, xy, s, size, fill=INK, anchor="la", bold=False):
    wiring.draw_text(d, xy, s, size, fill=fill, anchor=anchor, bold=bold)


# -- the wiring on the perfboard -------------------------------------------------------
def perfboard_plan(prof, battery=True):
    """Every wire on the perfboard: {net, part, a: hole, b: hole, pin: phys, path: [(col,
    row)...]} with paths on the half-grid (between holes) except where they enter a hole."""
    for name, btn in prof["buttons"].items():
        if btn["active"] != "low":
            raise ValueError("perfboard picture: %s goes to 3V3 (active high); only buttons "
                             "to GND are drawn - see the wiring picture" % name)
    if (isinstance(prof.get("led"), int) and prof["led"] != 25) or "buzzer" in prof:
        raise ValueError("perfboard picture: an external LED or buzzer is not drawn - see the "
                         "wiring picture")
    lay = case.layout(prof, battery)
    pb = lay["perfboard"]
    pins = pb["pico_pins"]
    wires = []
    bus = prof["i2c"]
    hdr = pb["header"]
    wires.append({"net": "SDA", "part": "display", "a": hdr["SDA"],
                  "pin": wiring.phys_pin(bus["sda"])})
    wires.append({"net": "SCL", "part": "display", "a": hdr["SCL"],
                  "pin": wiring.phys_pin(bus["scl"])})
    wires.append({"net": "3V3", "part": "display", "a": hdr["VCC"], "pin": wiring.PIN_3V3})
    gnd_needs = [("display", hdr["GND"])]
    for name in ("UP", "DOWN", "OK", "BACK"):
        b = prof["buttons"].get(name)
        if b is None:
            continue
        legs = pb["buttons"][name]  # (i,j) (i+3,j) (i,j+2) (i+3,j+2): diagonals 0-3, 1-2
        gp = wiring.phys_pin(b["pin"])
        gx, gy = pins[gp]
        # the leg nearer the GP pin takes it; the diagonally opposite leg goes to GND
        near = min((0, 3), key=lambda k: abs(legs[k][0] - gx) + abs(legs[k][1] - gy))
        wires.append({"net": name, "part": name, "a": legs[near], "pin": gp})
        gnd_needs.append((name, legs[3 - near]))
    gnd = wiring.gnd_plan(prof)  # the wiring picture's GND pins (pin 38: the battery's)
    for part, hole in gnd_needs:
        wires.append({"net": "GND", "part": part, "a": hole, "pin": gnd[part]})
    if battery:
        dio = pb["diode"]
        wires.append({"net": "VSYS", "part": "diode", "a": dio["cathode"], "pin": 39})
    for w in wires:
        w["b"] = pins[w["pin"]]
    _route(wires, lay)
    return {"layout": lay, "wires": wires, "battery": battery, "prof": prof}


def _segments(path):
    return list(zip(path, path[1:], strict=False))


def _on(pt, seg):
    (x0, y0), (x1, y1) = seg
    x, y = pt
    return (min(x0, x1) - 1e-9 <= x <= max(x0, x1) + 1e-9
            and min(y0, y1) - 1e-9 <= y <= max(y0, y1) + 1e-9
            and abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) < 1e-9)


def _candidates(a, b, nx, ny):
    """Paths from hole a to hole b, on the half-grid between the holes."""
    (ca, ra), (cb, rb) = a, b
    lanes = [k + 0.5 for k in range(ny - 1)]
    halfc = [k + 0.5 for k in range(nx - 1)]
    out = []
    for xa in (ca - 0.5, ca + 0.5):
        for xb in (cb - 0.5, cb + 0.5):
            if xa in halfc and xb in halfc:
                for lane in lanes:  # out sideways, along, across, along, in sideways
                    out.append([(ca, ra), (xa, ra), (xa, lane), (xb, lane), (xb, rb), (cb, rb)])
        for yb in (rb - 0.5, rb + 0.5):  # ... and in from above or below
            if xa in halfc and yb in lanes:
                out.append([(ca, ra), (xa, ra), (xa, yb), (cb, yb), (cb, rb)])
    for ya in (ra - 0.5, ra + 0.5):  # out upwards or downwards first
        for xb in (cb - 0.5, cb + 0.5):
            if ya in lanes and xb in halfc:
                out.append([(ca, ra), (ca, ya), (xb, ya), (xb, rb), (cb, rb)])
    out = [[q for k, q in enumerate(p) if k == 0 or q != p[k - 1]] for p in out]

    def cost(p):
        return sum(abs(u[0] - v[0]) + abs(u[1] - v[1]) for u, v in _segments(p)) + 2 * len(p)

    return sorted(out, key=cost)


def _fits(path, placed, blocked):
    segs = _segments(path)
    for q in blocked:  # other parts' holes: never on a wire
        if any(_on(q, sg) for sg in segs):
            return False
    for other in placed:
        osegs = _segments(other)
        for q in other:
            if any(_on(q, sg) for sg in segs):
                return False
        for q in path:
            if any(_on(q, sg) for sg in osegs):
                return False
        for s1 in segs:  # no two collinear pieces overlap
            for s2 in osegs:
                if (_on(s2[0], s1) and _on(s2[1], s1)) or (_on(s1[0], s2) and _on(s1[1], s2)):
                    return False
    return True


def _route(wires, lay):
    """Manhattan paths on the half-grid (between the holes, so a wire passes over no joint
    but its own two): a half step out of each hole, along, across, along, in. No wire
    touches another's corner or runs along it; wires may cross (insulated, underneath).
    Wires are laid one by one; an order that leaves one without a path is tried again in
    another (fixed) order."""
    import random

    nx, ny = lay["holes"]
    holes = set(case.all_holes(lay["perfboard"]))
    dio = lay["perfboard"].get("diode")
    if dio:
        holes |= {dio["anode"], dio["cathode"]}
    cands = {id(w): _candidates(w["a"], w["b"], nx, ny) for w in wires}
    order = sorted(wires, key=lambda w: len(_segments(cands[id(w)][0])))
    rng = random.Random(7)
    for _attempt in range(200):
        placed = []
        done = True
        for w in order:
            blocked = holes - {tuple(w["a"]), tuple(w["b"])}
            for path in cands[id(w)]:
                if _fits(path, placed, blocked):
                    w["path"] = path
                    placed.append(path)
                    break
            else:
                done = False
                break
        if done:
            return
        order = order[:]
        rng.shuffle(order)
    raise RuntimeError("no wiring found for %s" % lay["board"])  # pragma: no cover


# -- pictures ---------------------------------------------------------------------------
def _hole_px(col, row, ny, ox, oy):
    return ox + (col + 0.5) * HOLE, oy + (ny - row - 0.5) * HOLE


NET_COLOURS = dict(wiring.COLOURS, VSYS=(200, 30, 30))


def perfboard_picture(prof, battery=True, underside=False):
    """The perfboard seen from the parts' side, every wire drawn over it; ``underside``: seen
    from the solder side (the board turned over left to right), where the wires are."""
    from PIL import Image, ImageDraw

    plan = perfboard_plan(prof, battery)
    lay = plan["layout"]
    nx, ny = lay["holes"]
    ox, oy = 60, 90
    legend_w = 460
    W = ox + nx * HOLE + 40 + legend_w
    H = max(oy + ny * HOLE + 80, 760)
    im = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(im, "RGBA")
    p = case.DIMS["pitch"]
    mm = HOLE / p

    def px(x, y):  # mm on the board -> pixel
        return ox + ((nx * p - x) if underside else x) * mm, oy + (ny * p - y) * mm

    def hp(c, r):  # a hole -> pixel
        return _hole_px(nx - 1 - c if underside else c, r, ny, ox, oy)

    other = " (other side)" if underside else ""

    d.rectangle((ox, oy, ox + nx * HOLE, oy + ny * HOLE), fill=(214, 178, 110),
                outline=(150, 110, 50), width=2)
    labels = []  # drawn last, over the wires: (xy, text, size, colour, anchor)
    # the parts' outlines (seen from above)
    for b in lay["parts"]:
        if b.name in ("battery holder", "slide switch", "USB socket") or b.lo[2] < 0:
            continue
        (xa, y0), (xb, y1) = px(b.lo[0], b.hi[1]), px(b.hi[0], b.lo[1])
        x0, x1 = min(xa, xb), max(xa, xb)
        if b.name == "Pico":
            d.rectangle((x0, y0, x1, y1), fill=(30, 140, 70, 70), outline=(20, 110, 50), width=3)
            labels.append((((x0 + x1) / 2, (y0 + y1) / 2 + 14),
                           "Pico" + (other or " (on its headers)"), 17, (10, 80, 30), "mm"))
            if underside:
                labels.append(((x0 + 6, (y0 + y1) / 2 - 14), "< USB", 14, (10, 80, 30), "lm"))
            else:
                labels.append(((x1 - 6, (y0 + y1) / 2 - 14), "USB >", 14, (10, 80, 30), "rm"))
        elif b.name == "display board":
            d.rectangle((x0, y0, x1, y1), fill=(30, 70, 160, 45), outline=(30, 70, 160), width=3)
            labels.append((((x0 + x1) / 2, y0 + 52), DIMS_LABEL(lay) + " display", 14,
                           (20, 40, 120), "mm"))
            labels.append((((x0 + x1) / 2, y0 + 70), other.strip() or "(over the wires)", 12,
                           (20, 40, 120), "mm"))
        elif b.name == "display glass":
            d.rectangle((x0, y0, x1, y1), outline=(30, 70, 160), width=1)
        elif b.name.startswith("button"):
            d.rectangle((x0, y0, x1, y1), fill=(70, 70, 70, 90), outline=(40, 40, 40), width=2)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            r = case.DIMS["switch"]["plunger_d"] / 2 * mm
            d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(40, 40, 40), width=2)
            labels.append(((cx, cy), b.name[7:], 13, (0, 0, 0), "mm"))
        elif b.name == "diode":
            d.rectangle((x0, y0, x1, y1), fill=(40, 40, 40), outline=(0, 0, 0))
            bw = 0.8 * mm  # the band, at the cathode's end
            xc = hp(*lay["perfboard"]["diode"]["cathode"])[0]
            xband = x1 - 2 * bw if xc > x0 else x0 + bw
            d.rectangle((xband, y0, xband + bw, y1), fill=(220, 220, 220))
            labels.append((((x0 + x1) / 2, y1 + 10), "1N5817, band to VSYS", 12, INK, "mt"))
    # holes
    used = {}
    for w in plan["wires"]:
        used[tuple(w["a"])] = w
        used[tuple(w["b"])] = w
    occupied = set(case.all_holes(lay["perfboard"]))
    if battery:
        occupied |= {lay["perfboard"]["diode"]["anode"], lay["perfboard"]["diode"]["cathode"]}
    for i in range(nx):
        for j in range(ny):
            x, y = hp(i, j)
            if (i, j) in lay["pillar_holes"]:
                d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=(255, 255, 255), outline=(0, 0, 0),
                          width=2)  # drilled out to 2.4 mm for the case's screw
                continue
            r = 5 if (i, j) in occupied else 3
            d.ellipse((x - r, y - r, x + r, y + r), fill=(120, 80, 30) if r == 3 else (60, 60, 60))
    # wires
    for w in plan["wires"]:
        pts = [hp(c, r) for c, r in w["path"]]
        col = NET_COLOURS[w["net"]]
        d.line(pts, fill=(255, 255, 255), width=8, joint="curve")
        d.line(pts, fill=col, width=4, joint="curve")
        for c, r in (w["a"], w["b"]):
            x, y = hp(c, r)
            d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=col, outline=(255, 255, 255), width=2)
    if battery:  # the battery's two wires come up from the holder under the board
        dio = lay["perfboard"]["diode"]
        for hole, net, text, dxy, anchor in (
                (dio["anode"], "VSYS", "battery + (from the switch)",
                 (12, 0) if underside else (-12, 0), "lm" if underside else "rm"),
                (lay["perfboard"]["pico_pins"][wiring.PIN_BATTERY_GND], "GND", "battery -",
                 (0, 12), "mt")):
            x, y = hp(*hole)
            d.ellipse((x - 7, y - 7, x + 7, y + 7), outline=NET_COLOURS[net], width=3)
            labels.append(((x + dxy[0], y + dxy[1]), text, 12, NET_COLOURS[net], anchor))
    for net, (c, r) in lay["perfboard"]["header"].items():  # the display's pin names
        x, y = hp(c, r)
        if lay["oled"] == "ssd1306-32":  # a column of pins: the names inside the module
            sgn = -1 if underside else 1
            labels.append(((x + 10 * sgn, y), net, 11, (20, 40, 120), "lm" if sgn > 0 else "rm"))
        else:
            labels.append(((x, y - 10), net, 11, (20, 40, 120), "mb"))
    # pin labels on the Pico rows that carry a wire
    for w in plan["wires"]:
        c, r = w["b"]
        x, y = hp(c, r)
        upper = r > min(rr for _c, rr in lay["perfboard"]["pico_pins"].values())
        _text(d, (x, y + (16 if upper else -16)), "%d" % w["pin"], 11, fill=(0, 0, 0),
              anchor="mt" if upper else "mb")
    for xy, text, size, col, anchor in labels:
        box = d.textbbox(xy, text, font=_font(size), anchor=anchor)
        d.rectangle((box[0] - 3, box[1] - 2, box[2] + 3, box[3] + 2), fill=(255, 255, 255, 210))
        _text(d, xy, text, size, fill=col, anchor=anchor, bold=True)
    # the grid's numbers
    for i in range(0, nx, 5):
        x, _y = hp(i, ny - 1)
        _text(d, (x, oy - 8), str(i + 1), 12, anchor="mb")
    for j in range(0, ny, 5):
        _x, y = hp(0, j)
        _text(d, (ox - 10, y), str(j + 1), 12, anchor="rm")
    side = "the solder side (turned over left to right)" if underside else "the parts' side"
    _text(d, (ox, 18), "Perfboard for %s: %d x %d holes (2.54 mm), %.1f x %.1f mm, seen from %s"
          % (prof["name"], nx, ny, nx * p, ny * p, side), 19, bold=True)
    _text(d, (ox, 44), "The wires run on the underside; a dot is a soldered hole, a white "
          "ring a corner hole drilled to 2.4 mm for a case screw.", 14)
    _legend(d, plan, ox + nx * HOLE + 40, oy)
    return im


def DIMS_LABEL(lay):
    return case.DIMS["oled"][lay["oled"]]["label"]


def connection_lines(plan):
    """'UP: leg at 3/18 -> GP2 (pin 4)' per wire: column/row counted from 1, bottom left."""
    out = []
    for w in plan["wires"]:
        (ca, ra), (cb, rb) = w["a"], w["b"]
        pin = wiring.pin_name(w["pin"])
        what = {"display": "display %s" % _header_name(plan, w["a"]), "diode": "diode band"}.get(
            w["part"], "%s button" % w["part"])
        out.append((w["net"], "%s (%d/%d) -> %s, pin %d (%d/%d)" % (
            what, ca + 1, ra + 1, pin, w["pin"], cb + 1, rb + 1)))
    return out


def _header_name(plan, hole):
    for n, h in plan["layout"]["perfboard"]["header"].items():
        if h == hole:
            return n
    return "?"


def _legend(d, plan, x, y):
    _text(d, (x, y), "Wires (column/row as numbered on the grid)", 16, bold=True)
    y += 28
    for net, line in connection_lines(plan):
        d.line((x, y + 8, x + 26, y + 8), fill=NET_COLOURS[net], width=5)
        _text(d, (x + 34, y), line, 13)
        y += 22
    y += 12
    lay = plan["layout"]
    for s in ("Parts on the board:",
              "  Pico on two 20-pin headers (2.5 mm spacer)",
              "  %s on its 4-pin header and a spare spacer" % DIMS_LABEL(lay),
              "  6 x 6 mm switches, %g mm tall, legs 3 x 2 holes apart" % lay["switch_h"]):
        _text(d, (x, y), s, 13)
        y += 20
    if plan["battery"]:
        for s in ("Battery (optional, see battery-wiring.png):",
                  "  1N5817 diode, band towards VSYS (pin 39)",
                  "  holder - to GND (pin %d), + via the switch to the diode"
                  % wiring.PIN_BATTERY_GND):
            _text(d, (x, y), s, 13)
            y += 20


def device_picture(prof, battery=False):
    """The finished device from above: the lid, the main menu in the window, the buttons."""
    from PIL import Image, ImageDraw

    lay = case.layout(prof, battery)
    c = case.DIMS["case"]
    x0, y0, x1, y1 = lay["inner"]
    g = c["wall"]
    mm = 9.0
    pad = 40
    Wmm, Hmm, Zmm = case.outside(lay)
    W, H = int(Wmm * mm + 2 * pad + 260), int(Hmm * mm + 2 * pad + 50)
    im = Image.new("RGB", (W, H), (250, 250, 247))
    d = ImageDraw.Draw(im)

    def px(x, y):
        return pad + (x - x0 + g) * mm, pad + 40 + (y1 + g - y) * mm

    # shadow, lid, the USB opening on the right edge
    a, b = px(x0 - g, y1 + g), px(x1 + g, y0 - g)
    d.rounded_rectangle((a[0] + 8, a[1] + 10, b[0] + 8, b[1] + 10), int((c["clear"] + g) * mm),
                        fill=(210, 210, 205))
    d.rounded_rectangle((*a, *b), int((c["clear"] + g) * mm), fill=(236, 160, 62),
                        outline=(170, 100, 30), width=3)
    u = lay["usb"]
    ua, ub = px(x1 + g - 0.6, u["cy"] + u["w"] / 2), px(x1 + g + 0.4, u["cy"] - u["w"] / 2)
    d.rectangle((*ua, *ub), fill=(90, 60, 20))
    _text(d, (ub[0] + 10, (ua[1] + ub[1]) / 2), "USB", 16, anchor="lm", bold=True)
    # the window with the screen
    wx0, wy0, wx1, wy1 = lay["window"]
    t = c["top"]  # the window's walls slope out at 45 degrees through the lid
    ca, cb = px(wx0 - t, wy1 + t), px(wx1 + t, wy0 - t)
    d.rectangle((*ca, *cb), fill=(196, 126, 44))
    wa, wb = px(wx0, wy1), px(wx1, wy0)
    d.rectangle((*wa, *wb), fill=(8, 10, 16), outline=(150, 90, 25), width=2)
    act = lay["active"]
    aa, ab = px(act.lo[0], act.hi[1]), px(act.hi[0], act.lo[1])
    shot = wiring.screen_shot(prof)
    if shot is not None:
        im.paste(shot.resize((int(ab[0] - aa[0]), int(ab[1] - aa[1])), Image.LANCZOS),
                 (int(aa[0]), int(aa[1])))
    # buttons: the plunger, and its name on the lid
    r = lay["plunger_d"] / 2 * mm
    hole_r = (lay["plunger_d"] / 2 + c["clear"]) * mm
    for name, bx, by in lay["plungers"]:
        cx, cy = px(bx, by)
        d.ellipse((cx - hole_r, cy - hole_r, cx + hole_r, cy + hole_r), fill=(120, 70, 20))
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(45, 45, 48), outline=(10, 10, 10))
        _text(d, (cx, cy + hole_r + 6), name, 15, fill=(60, 30, 0), anchor="mt", bold=True)
        if name == "OK" and "BACK" not in prof["buttons"]:
            _text(d, (cx, cy + hole_r + 26), "hold: BACK", 13, fill=(60, 30, 0), anchor="mt")
    # the screws are underneath; say what is where
    _text(d, (pad, 14), "Wyrm (%s) in its case, seen from above - %.0f x %.0f x %.0f mm"
          % (prof["name"], Wmm, Hmm, Zmm), 18, bold=True)
    tx = int(b[0]) + 70
    ty = int(a[1]) + 10
    for s in ("%s display" % DIMS_LABEL(lay),
              "%d buttons (6 x 6 mm, %g mm tall)" % (len(lay["plungers"]), lay["switch_h"]),
              "USB on the right edge",
              "four M2 x 10 screws from below",
              "3 x AAA bay and switch" if battery else "USB powered (or see",
              "" if battery else "the battery bay: make case)"):
        _text(d, (tx, ty), s, 14)
        ty += 22
    return im


def battery_picture():
    """3 x AAA holder -> slide switch -> Schottky diode (band towards VSYS) -> VSYS; - to GND."""
    from PIL import Image, ImageDraw

    W, H = 1100, 600
    im = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(im)
    red, black, lead = (210, 30, 30), (30, 30, 30), (150, 150, 150)
    _text(d, (30, 18), "Battery wiring: 3 x AAA, a switch and a Schottky diode to VSYS", 20,
          bold=True)
    # the holder: three cells in series (each the other way round), + top right, - bottom left
    hx, hy = 60, 150
    d.rounded_rectangle((hx, hy, hx + 300, hy + 210), 10, fill=(45, 45, 45), outline=(0, 0, 0),
                        width=2)
    for k in range(3):
        cy = hy + 20 + k * 62
        d.rounded_rectangle((hx + 30, cy, hx + 270, cy + 48), 12, fill=(230, 190, 40),
                            outline=(120, 90, 0), width=2)
        plus_right = k % 2 == 0
        nub = hx + 270 if plus_right else hx + 22
        d.rectangle((nub, cy + 16, nub + 8, cy + 32), fill=(200, 200, 200))
        _text(d, (hx + 250, cy + 24), "+" if plus_right else "-", 20, anchor="mm", bold=True)
        _text(d, (hx + 50, cy + 24), "-" if plus_right else "+", 20, anchor="mm", bold=True)
        _text(d, (hx + 150, cy + 24), "AAA 1.5 V", 16, anchor="mm")
    for x, y0 in ((hx + 12, hy + 44), (hx + 284, hy + 106)):  # the holder's series links
        d.line((x, y0, x, y0 + 62), fill=(200, 200, 200), width=4)
    _text(d, (hx + 150, hy + 222), "3 x AAA holder: 4.5 V alkaline, 3.6 V NiMH", 15,
          anchor="mt")
    _text(d, (hx + 150, hy + 244), "(never 4 alkaline cells: 6 V is over VSYS's 5.5 V)", 13,
          anchor="mt")
    plus = (hx + 300, hy + 44)
    minus = (hx, hy + 168)
    # the slide switch: its middle leg and one outer leg
    sx, sy = 450, 120
    _text(d, (sx + 60, sy - 44), "slide switch (SS12D00)", 14, anchor="mb", bold=True)
    _text(d, (sx + 60, sy - 26), "middle leg and one outer leg", 13, anchor="mb")
    d.rectangle((sx, sy, sx + 120, sy + 44), fill=(215, 215, 220), outline=(0, 0, 0), width=2)
    d.rectangle((sx + 30, sy - 18, sx + 50, sy), fill=(90, 90, 90))
    legs = [(sx + 20 + 40 * k, sy + 60) for k in range(3)]
    for lx, ly in legs:
        d.rectangle((lx - 3, sy + 44, lx + 3, ly), fill=lead)
    # the diode, band at the VSYS end
    dx, dy = 650, 230
    d.line((610, dy, dx, dy), fill=lead, width=4)
    d.line((dx + 110, dy, 830, dy), fill=lead, width=4)
    d.rounded_rectangle((dx, dy - 16, dx + 110, dy + 16), 6, fill=(35, 35, 35), outline=(0, 0, 0))
    d.rectangle((dx + 86, dy - 16, dx + 98, dy + 16), fill=(225, 225, 225))
    _text(d, (dx + 55, dy - 26), "1N5817 Schottky", 15, anchor="mb", bold=True)
    _text(d, (dx + 55, dy + 26), "band (cathode) towards VSYS", 14, anchor="mt")
    # the Pico's pins
    px0, py0 = 860, 150
    d.rounded_rectangle((px0, py0, px0 + 210, py0 + 210), 10, fill=(22, 120, 60),
                        outline=(10, 70, 30), width=2)
    _text(d, (px0 + 105, py0 + 24), "Pico", 20, fill=(255, 255, 255), anchor="mm", bold=True)
    vs = (px0 + 30, dy)
    gn = (px0 + 30, hy + 290 - 100)
    for (x, y), name in ((vs, "VSYS, pin 39"), (gn, "GND, pin %d" % wiring.PIN_BATTERY_GND)):
        d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=(210, 180, 80), outline=(120, 90, 20))
        _text(d, (x + 18, y), name, 16, fill=(255, 255, 255), anchor="lm", bold=True)
    _text(d, (px0 + 105, py0 + 120), "USB (VBUS) has its own", 12, fill=(220, 240, 220),
          anchor="mm")
    _text(d, (px0 + 105, py0 + 136), "diode to VSYS on the Pico", 12, fill=(220, 240, 220),
          anchor="mm")
    # wires
    d.line([plus, (legs[1][0], plus[1]), (legs[1][0], legs[1][1])], fill=red, width=5,
           joint="curve")
    d.line([(legs[2][0], legs[2][1]), (legs[2][0], dy), (610, dy)], fill=red, width=5,
           joint="curve")
    d.line([(830, dy), vs], fill=red, width=5)
    low = hy + 290
    d.line([minus, (hx - 20, minus[1]), (hx - 20, low), (800, low), (800, gn[1]), gn],
           fill=black, width=5, joint="curve")
    _text(d, (plus[0] + 8, plus[1] - 8), "+ (red)", 14, fill=red, anchor="lb", bold=True)
    _text(d, (hx + 10, low + 8), "- (black)", 14, anchor="lt", bold=True)
    from wyrm.power import DIODE_MV

    notes = ("With USB plugged in, the Pico's own diode and this one let the higher source power "
             "the Pico;", "neither pushes current into the other: USB never charges the cells. "
             "A Schottky drops only about %.2f V (the gauge adds it back)." % (DIODE_MV / 1000),
             "On the perfboard the diode sits below the Pico, its band at the hole next to pin 39 "
             "(see the perfboard picture).")
    y = 490
    for s in notes:
        _text(d, (30, y), s, 15)
        y += 24
    return im


SIZES_START = "<!-- sizes: written by make wiring (host_tools/make/build_pics.py) from case.py; " \
    "do not edit -->"
SIZES_END = "<!-- end of sizes -->"
BUILD_DOC = os.path.join(DOCS, "BUILD.md")


def sizes_block(boards=None):
    """docs/BUILD.md's table of sizes, from the case's layout and its table of parts (DIMS)."""
    rows = ["| Profile | perfboard, cut from a larger board | case (W x D x H) | "
            "with the 3 x AAA bay | switches |", "|---|---|---|---|---|"]
    for b in boards or wiring.board_names():
        prof = wiring.load(b)
        lay, bay = case.layout(prof), case.layout(prof, battery=True)
        nx, ny = lay["holes"]
        w, h = lay["perfboard_size"]
        rows.append("| `%s` | %d x %d holes: %.1f x %.1f mm | %s | %s | %g mm tall |" % (
            prof["name"], nx, ny, w, h, _mm(case.outside(lay)), _mm(case.outside(bay)),
            lay["switch_h"]))
    hl, hw, hh = case.DIMS["battery"]["holder"]
    cd, cl = case.DIMS["battery"]["cell"]
    rows.append("")
    rows.append("The bay, under the perfboard, takes an open 3 x AAA holder of at most "
                "%g x %g x %g mm (three cells side by side; an AAA cell is %g mm across and %g mm "
                "long)." % (hl, hw, hh, cd, cl))
    return "\n".join([SIZES_START] + rows + [SIZES_END])


def _mm(size):
    return "%.0f x %.0f x %.0f mm" % size


def write_sizes(path=BUILD_DOC):
    with open(path) as f:
        doc = f.read()
    i, j = doc.index(SIZES_START), doc.index(SIZES_END) + len(SIZES_END)
    new = doc[:i] + sizes_block() + doc[j:]
    if new != doc:
        with open(path, "w") as f:
            f.write(new)
    return path


def write_all(boards=None):
    out = []
    for b in boards or wiring.board_names():
        prof = wiring.load(b)
        for name, im in (("device-%s.png" % prof["name"], device_picture(prof)),
                         ("perfboard-%s.png" % prof["name"], perfboard_picture(prof)),
                         ("perfboard-%s-underside.png" % prof["name"],
                          perfboard_picture(prof, underside=True))):
            path = os.path.join(DOCS, name)
            im.save(path, optimize=True)
            out.append(path)
    path = os.path.join(DOCS, "battery-wiring.png")
    battery_picture().save(path, optimize=True)
    out.append(path)
    if boards is None:
        out.append(write_sizes())
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.make.build_pics",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", help="one profile (default: every profile in boards/)")
    args = ap.parse_args(argv)
    paths.setup()
    try:
        for p in write_all([args.board] if args.board else None):
            print("Wrote %s" % os.path.relpath(p, paths.ROOT))
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
