"""A printable case drawn from a board profile: ``make case BOARD=...`` -> build/case/.

    make case BOARD=pico-ssd1306-4btn [CASE_ARGS=--battery]
    python -m host_tools.make.case --board NAME_OR_JSON [--battery] [--out DIR] [--preview FILE]

The layout, the parts and how they fit: docs/TOOLS.md.
"""
import argparse
import math
import os
import shutil
import subprocess
import sys

from host_tools import paths

OUT = os.path.join(paths.ROOT, "build", "case")

# -- the parts, from their datasheets (mm) -----------------------------------------------
# Raspberry Pi Pico datasheet, "Mechanical specification": board 51 x 21 x 1 mm, 20 pins a
# side at 2.54 mm, the two rows 17.78 mm apart; the micro-USB receptacle overhangs the board
# edge by 1.3 mm. Micro-B receptacle (USB 2.0 Micro-USB spec, typical parts): 7.5 wide,
# 2.7 high above the board. The cable's plug: its overmould is at most about 11 x 7 mm on
# common cables. Male pin headers (2.54 mm): the plastic spacer is 2.5 mm, the long pins 6 mm.
# The display module stands on two spacers (its header's and a spare one slid onto the pins
# below it), so its glass is near the lid and the window can be read from 45 degrees off axis.
# OLED modules: the common 4-pin I2C boards. 0.96" SSD1306: board 27.3 x 27.8 mm, panel
# glass 26.7 x 19.26 x 1.45 mm, active area 21.74 x 10.86 mm (UG-2864HSWEG01 panel drawing).
# 1.3" SH1106: board 35.4 x 33.5 mm, glass 34.5 x 23.0 x 1.6 mm, active area 29.42 x 14.7 mm.
# 0.91" SSD1306 128x32: board 38.0 x 12.0 mm, header on the short left edge, glass
# 30.0 x 11.5 x 1.2 mm, active area 22.38 x 5.58 mm. Boards from different sellers differ by
# about 0.5 mm: the window has 1.5 mm to spare on each side.
# 6 x 6 mm through-hole tactile switch (e.g. C&K PTS645 / generic TS-665 series): body
# 6.0 x 6.0 x 3.5 mm, round plunger 3.5 mm across, legs 6.5 x 4.5 mm apart (on the perfboard
# they go 3 x 2 holes apart, 7.62 x 5.08 mm, bent out slightly), overall heights (body + plunger)
# sold as 4.3, 5, 7, 8, 9.5, 11, 13, 15 and 17 mm: the case picks the shortest that stands
# at least 1 mm above the lid.
# AAA cell (IEC LR03 / HR03): 10.5 mm across, 44.5 mm long. An open 3 x AAA holder (three
# cells side by side) is about 51 x 35 x 12 mm. SS12D00 mini slide switch: body
# 8.6 x 3.6 x 3.5 mm, lever 1.5 x 1.5 mm standing 4 mm out, 1.5 mm travel.
# 1N5817 Schottky diode (DO-41): body 5.2 mm long, 2.7 mm across; its leads bend to 4 holes.
DIMS = {
    "pitch": 2.54,
    "perfboard_t": 1.6,
    "pico": {"l": 51.0, "w": 21.0, "t": 1.0, "row_gap": 17.78, "spacer": 2.5, "parts_h": 1.6,
             "usb_w": 7.5, "usb_h": 2.7, "usb_d": 5.5, "usb_over": 1.3},
    "plug": {"w": 11.0, "h": 7.0, "l": 14.0},
    "oled": {
        "ssd1306-64": {"label": '0.96" SSD1306', "pcb": (27.3, 27.8), "t": 1.2,
                       "header": ((13.65, 26.2), "x"), "glass": (0.3, 4.84, 26.7, 19.26),
                       "glass_t": 1.45, "active": (2.78, 11.24, 21.74, 10.86)},
        "sh1106-64": {"label": '1.3" SH1106', "pcb": (35.4, 33.5), "t": 1.2,
                      "header": ((17.7, 31.9), "x"), "glass": (0.45, 5.5, 34.5, 23.0),
                      "glass_t": 1.6, "active": (2.99, 11.7, 29.42, 14.7)},
        "ssd1306-32": {"label": '0.91" SSD1306', "pcb": (38.0, 12.0), "t": 1.2,
                       "header": ((1.6, 6.0), "y"), "glass": (6.5, 0.25, 30.0, 11.5),
                       "glass_t": 1.2, "active": (10.31, 3.21, 22.38, 5.58)},
    },
    "tape": 0.2,  # the double-sided tape under a module's glass
    "switch": {"body": 6.0, "body_h": 3.5, "plunger_d": 3.5,
               "heights": (4.3, 5.0, 7.0, 8.0, 9.5, 11.0, 13.0, 15.0, 17.0), "legs": (3, 2)},
    "battery": {"holder": (51.0, 35.0, 12.0), "cell": (10.5, 44.5)},
    "slide": {"body": (3.5, 8.6, 3.6), "lever": 1.5, "lever_out": 4.0, "travel": 1.5},
    "diode": {"l": 5.2, "d": 2.7, "holes": 4},
    # what is left of the pins and legs under the perfboard once trimmed, with the solder
    "stub": 2.0,
    "case": {"wall": 2.0, "top": 1.6, "floor": 1.6, "under": 3.0, "clear": 0.5,
             "window_margin": 2.0, "lip": 1.5, "pillar_d": 5.0, "tray_pillar_d": 7.0,
             "screw_d": 2.4,
             "pilot_d": 1.8, "pilot_depth": 7.0, "head_d": 4.4, "screw_grip": 3.0,
             "protrude": 1.0},
}

PIN_COLS = 20  # the Pico's pins per side
BUTTON_PITCH = 5  # holes between the centres of two buttons in a column


def oled_kind(prof):
    d = prof["display"]
    if d["controller"] == "sh1106":
        return "sh1106-64"
    return "ssd1306-64" if d["height"] > 32 else "ssd1306-32"


class Box:
    """An axis-aligned box (mm) with a name, in the perfboard's frame: x right, y up (seen
    from above, USB on the right), z up from the perfboard's top face."""

    def __init__(self, name, x0, y0, z0, x1, y1, z1, kind="part"):
        self.name = name
        self.lo = (min(x0, x1), min(y0, y1), min(z0, z1))
        self.hi = (max(x0, x1), max(y0, y1), max(z0, z1))
        self.kind = kind

    def grown(self, d, name=None):
        return Box(name or self.name, *(v - d for v in self.lo), *(v + d for v in self.hi),
                   kind=self.kind)

    def overlaps_xy(self, other, gap=0.0):
        return all(self.lo[i] < other.hi[i] + gap and other.lo[i] < self.hi[i] + gap
                   for i in (0, 1))

    def __repr__(self):
        return "Box(%s %s..%s)" % (self.name, self.lo, self.hi)


def _hole(i, j):
    p = DIMS["pitch"]
    return (p / 2 + i * p, p / 2 + j * p)


def _place(prof, bottom, left):
    """Parts for a board whose Pico has its pin 21 in hole (left, bottom)."""
    p = DIMS["pitch"]
    pico = DIMS["pico"]
    c = DIMS["case"]
    clear = c["clear"]
    rows = round(pico["row_gap"] / p)  # 7
    pb = {"pico_pins": {}, "header": {}, "buttons": {}}
    # the Pico: pins 1-20 along the upper row (pin 1 at the right, next to USB),
    # pins 21-40 along the lower row (pin 40 at the right)
    for k in range(PIN_COLS):
        pb["pico_pins"][1 + k] = (left + PIN_COLS - 1 - k, bottom + rows)
        pb["pico_pins"][21 + k] = (left + k, bottom)
    x0 = _hole(left, 0)[0] - (pico["l"] - (PIN_COLS - 1) * p) / 2
    ymid = (_hole(0, bottom)[1] + _hole(0, bottom + rows)[1]) / 2
    z_pcb = pico["spacer"]
    parts = [Box("Pico", x0, ymid - pico["w"] / 2, z_pcb, x0 + pico["l"], ymid + pico["w"] / 2,
                 z_pcb + pico["t"] + pico["parts_h"])]
    ux = x0 + pico["l"] + pico["usb_over"]
    z_usb = z_pcb + pico["t"]
    parts.append(Box("USB socket", ux - pico["usb_d"], ymid - pico["usb_w"] / 2, z_usb, ux,
                     ymid + pico["usb_w"] / 2, z_usb + pico["usb_h"]))
    pico_top = ymid + pico["w"] / 2

    # the display module above the Pico, its header on the grid, centred on the Pico
    kind = oled_kind(prof)
    m = DIMS["oled"][kind]
    (hu, hv), axis = m["header"]
    cx = x0 + pico["l"] / 2
    if axis == "x":  # four pins in a row along the top edge: GND VCC SCL SDA
        col0 = left + (PIN_COLS - 4) // 2
        u0 = _hole(col0, 0)[0] + 1.5 * p - hu
        first = math.ceil((pico_top + clear + hv - p / 2) / p - 1e-9)
        row = first
        for k, net in enumerate(("GND", "VCC", "SCL", "SDA")):
            pb["header"][net] = (col0 + k, row)
        v0 = _hole(0, row)[1] - hv
    else:  # four pins in a column along the left edge, GND at the top
        col = round((cx - m["pcb"][0] / 2 + hu - p / 2) / p)
        u0 = _hole(col, 0)[0] - hu
        low = hv - 1.5 * p  # the lowest pin (SDA) above the module's bottom edge
        row = math.ceil((pico_top + clear + low - p / 2) / p - 1e-9)
        for k, net in enumerate(("SDA", "SCL", "VCC", "GND")):
            pb["header"][net] = (col, row + k)
        v0 = _hole(0, row)[1] - low
    z_mod = DIMS["pico"]["spacer"] * 2  # the header's spacer and a spare one
    w, h = m["pcb"]
    parts.append(Box("display board", u0, v0, z_mod, u0 + w, v0 + h, z_mod + m["t"]))
    gu, gv, gw, gh = m["glass"]
    zg = z_mod + m["t"] + DIMS["tape"]
    parts.append(Box("display glass", u0 + gu, v0 + gv, zg, u0 + gu + gw, v0 + gv + gh,
                     zg + m["glass_t"]))
    au, av, aw, ah = m["active"]
    active = Box("active area", u0 + au, v0 + av, zg + m["glass_t"], u0 + au + aw,
                 v0 + av + ah, zg + m["glass_t"], kind="area")

    # buttons: UP over DOWN left of the display, OK over BACK right of it
    sw = DIMS["switch"]
    lc, lr = sw["legs"]  # pitches between the legs, across and along
    half = sw["body"] / 2
    lo_center_y = pico_top + clear + half
    lo_j = math.ceil((lo_center_y - p / 2) / p - lr / 2 - 1e-9)
    left_x = u0 - clear - half
    right_x = u0 + w + clear + half
    li = math.floor((left_x - p / 2) / p - lc / 2 + 1e-9)
    ri = math.ceil((right_x - p / 2) / p - lc / 2 - 1e-9)
    spots = {"UP": (li, lo_j + BUTTON_PITCH), "DOWN": (li, lo_j),
             "OK": (ri, lo_j + BUTTON_PITCH), "BACK": (ri, lo_j)}
    for name in ("UP", "DOWN", "OK", "BACK"):
        if name not in prof["buttons"]:
            continue
        i, j = spots[name]
        pb["buttons"][name] = [(i, j), (i + lc, j), (i, j + lr), (i + lc, j + lr)]
        bx, by = _hole(i + lc / 2, j + lr / 2)
        parts.append(Box("button " + name, bx - half, by - half, 0, bx + half, by + half,
                         sw["body_h"]))
    parts += pin_stubs(pb)
    return parts, active, pb


def pin_stubs(pb, holes=None):
    """The trimmed pins and legs under the perfboard, one box per row of soldered holes."""
    z0 = -DIMS["perfboard_t"] - DIMS["stub"]
    z1 = -DIMS["perfboard_t"]
    groups = {"Pico": list(pb["pico_pins"].values()), "display": list(pb["header"].values())}
    for name, legs in pb["buttons"].items():
        groups["button " + name] = legs
    if holes:
        groups.update(holes)
    out = []
    for name, hs in groups.items():
        rows = {}
        for i, j in hs:
            rows.setdefault(j, []).append(i)
        for j, cols in sorted(rows.items()):
            (xa, y), (xb, _y) = _hole(min(cols), j), _hole(max(cols), j)
            out.append(Box("pins under " + name, xa - 0.6, y - 0.6, z0, xb + 0.6, y + 0.6, z1))
    return out


def _switch_height(z_top):
    sw = DIMS["switch"]
    need = z_top + DIMS["case"]["protrude"]
    for hgt in sw["heights"]:
        if hgt >= need:
            return hgt
    raise ValueError("no 6 x 6 mm switch is tall enough for a %.1f mm lid" % z_top)


def layout(prof, battery=False):
    """Where every part sits, the perfboard's size and the case's dimensions (a dict)."""
    p = DIMS["pitch"]
    c = DIMS["case"]
    clear = c["clear"]
    pbt = DIMS["perfboard_t"]
    pr = c["pillar_d"] / 2
    margins = [1, 1, 3, 3]  # left, right (USB side), bottom, top - in holes
    for _ in range(40):
        left, bottom = margins[0], margins[2]
        parts, active, pb = _place(prof, bottom, left)
        cols = [ij[0] for ij in all_holes(pb)]
        rows = [ij[1] for ij in all_holes(pb)]
        # the board covers every part; the USB end of the Pico may overhang the last hole
        xs = [b.lo[0] for b in parts] + [b.hi[0] for b in parts if b.name != "USB socket"]
        ys = [b.lo[1] for b in parts] + [b.hi[1] for b in parts]
        nx = max(max(cols) + margins[1] + 1, math.ceil(max(xs) / p - 1e-9))
        ny = max(max(rows) + margins[3] + 1, math.ceil(max(ys) / p - 1e-9))
        if min(xs) < clear:
            margins[0] += 1
            continue
        if min(ys) < clear:
            margins[2] += 1
            continue
        corners = {"bl": (1, 1), "br": (nx - 2, 1), "tl": (1, ny - 2), "tr": (nx - 2, ny - 2)}
        holder = None
        if battery:
            holder = _holder_box(nx * p, ny * p, pbt, c)
        grow = None
        tr = c["tray_pillar_d"] / 2  # under the board: wider, round the screw head's bore
        for key, (i, j) in corners.items():
            x, y = _hole(i, j)
            pil = Box("pillar", x - pr, y - pr, -99, x + pr, y + pr, 99)
            low = Box("pillar", x - tr, y - tr, -99, x + tr, y + tr, 99)
            for b in parts:
                if pil.overlaps_xy(b, clear):
                    grow = key
            if holder is not None and low.overlaps_xy(holder, clear):
                grow = key
            if grow:
                break
            if grow:
                break
        if grow:  # move that corner's pillar away: one more row at its edge
            margins[2 if grow[0] == "b" else 3] += 1
            continue
        break
    else:  # pragma: no cover - the margins always converge for the modules in DIMS
        raise RuntimeError("no layout found")
    w_pb, h_pb = nx * p, ny * p
    inner = (-clear, -clear, w_pb + clear, h_pb + clear)
    top_parts = max(b.hi[2] for b in parts if not b.name.startswith("button"))
    usb = next(b for b in parts if b.name == "USB socket")
    plug = DIMS["plug"]
    usb_cz = (usb.lo[2] + usb.hi[2]) / 2
    usb_cy = (usb.lo[1] + usb.hi[1]) / 2
    opening = (plug["w"] + 2 * clear, plug["h"] + 2 * clear)
    under_top = max(top_parts + clear, usb_cz + opening[1] / 2 + 1.0)
    z_top = under_top + c["top"]
    hgt = _switch_height(z_top)
    z_floor = -pbt - c["under"]
    if battery:
        z_floor -= DIMS["battery"]["holder"][2] + clear
    lay = {
        "board": prof["name"], "oled": oled_kind(prof), "battery": battery,
        "parts": parts, "active": active, "perfboard": pb, "holes": (nx, ny),
        "perfboard_size": (w_pb, h_pb), "inner": inner, "z_top": z_top,
        "z_under": under_top, "z_floor": z_floor, "z_split": -pbt, "switch_h": hgt,
        "usb": {"cy": usb_cy, "cz": usb_cz, "w": opening[0], "h": opening[1],
                "face": usb.hi[0]},
        "pillars": [_hole(i, j) for i, j in ((1, 1), (nx - 2, 1), (1, ny - 2), (nx - 2, ny - 2))],
        "pillar_holes": [(1, 1), (nx - 2, 1), (1, ny - 2), (nx - 2, ny - 2)],
    }
    # buttons reach through the lid: the plunger on top of the body
    sw = DIMS["switch"]
    lay["plungers"] = []
    for b in parts:
        if b.name.startswith("button"):
            cxb = (b.lo[0] + b.hi[0]) / 2
            cyb = (b.lo[1] + b.hi[1]) / 2
            lay["plungers"].append((b.name[7:], cxb, cyb))
    lay["plunger_top"] = hgt
    lay["plunger_d"] = sw["plunger_d"]
    lay["window"] = (active.lo[0] - c["window_margin"], active.lo[1] - c["window_margin"],
                     active.hi[0] + c["window_margin"], active.hi[1] + c["window_margin"])
    if battery:
        lay["holder"] = _holder_box(w_pb, h_pb, pbt, c)
        lay["parts"].append(lay["holder"])
        sl = DIMS["slide"]
        bx, by, bz = sl["body"]
        zc = (lay["holder"].lo[2] + lay["holder"].hi[2]) / 2
        yc = h_pb / 2
        sx = inner[0] + clear  # its lever through the slot in the left wall
        lay["slide"] = Box("slide switch", sx, yc - by / 2, zc - bz / 2, sx + bx,
                           yc + by / 2, zc + bz / 2)
        lay["parts"].append(lay["slide"])
        lay["lever"] = (sl["lever"], sl["lever_out"])  # its thickness, how far it stands out
        lay["slide_slot"] = (yc, zc, sl["lever"] + sl["travel"] + 2 * clear,
                             sl["lever"] + 2 * clear)
        d = DIMS["diode"]
        pin39 = pb["pico_pins"][39]
        # the diode on the row under the Pico, band (cathode) at the right, towards VSYS
        j = pin39[1] - 2
        cath = (pin39[0] - 1, j)
        anode = (cath[0] - d["holes"], j)
        pb["diode"] = {"anode": anode, "cathode": cath}
        (xa, ya), (xc, _yc) = _hole(*anode), _hole(*cath)
        xm = (xa + xc) / 2
        lay["parts"].append(Box("diode", xm - d["l"] / 2, ya - d["d"] / 2, 0, xm + d["l"] / 2,
                                ya + d["d"] / 2, d["d"]))
        lay["parts"] += [b for b in pin_stubs({"pico_pins": {}, "header": {}, "buttons": {}},
                                              {"diode": [anode, cath]})]
    return lay


def outside(lay):
    """The closed case's outside (mm): width (along the Pico), depth, height."""
    x0, y0, x1, y1 = lay["inner"]
    c = DIMS["case"]
    return (x1 - x0 + 2 * c["wall"], y1 - y0 + 2 * c["wall"],
            lay["z_top"] - (lay["z_floor"] - c["floor"]))


def _holder_box(w_pb, h_pb, pbt, c):
    """The 3 x AAA holder under the perfboard, centred, cells along y (between the pillars)."""
    hl, hw, hh = DIMS["battery"]["holder"]
    z1 = -pbt - c["under"]
    cx, cy = w_pb / 2, h_pb / 2
    return Box("battery holder", cx - hw / 2, cy - hl / 2, z1 - hh, cx + hw / 2, cy + hl / 2, z1)


def all_holes(pb):
    out = list(pb["pico_pins"].values()) + list(pb["header"].values())
    for legs in pb["buttons"].values():
        out += legs
    return out


# -- OpenSCAD --------------------------------------------------------------------------
def _f(v):
    return ("%.3f" % v).rstrip("0").rstrip(".")


def _v(*vals):
    return "[" + ", ".join(_f(v) for v in vals) + "]"


def scad(lay):
    """OpenSCAD source for both parts; ``part`` ("tray", "lid" or "both") picks one."""
    c = DIMS["case"]
    x0, y0, x1, y1 = lay["inner"]
    wall = c["wall"]
    lines = [
        "// Wyrm case for board profile %s (%s display%s)." % (
            lay["board"], DIMS["oled"][lay["oled"]]["label"],
            ", 3 x AAA battery bay" if lay["battery"] else ""),
        "// Generated by host_tools/make/case.py from the profile and the parts' datasheet",
        "// dimensions (the table DIMS there). Alone, each part lies as it prints (the lid",
        "// top down); print both flat side down, no supports.",
        "// Screws: 4 x M2 x 10 from below. Buttons: 6 x 6 mm switches %s mm tall." % _f(
            lay["switch_h"]),
        'part = "both"; // "tray", "lid" or "both"',
        "$fn = 40;",
        "inner = %s; // the cavity: x0, y0, x1, y1 (perfboard + clearance)" % _v(x0, y0, x1, y1),
        "wall = %s; inner_r = %s;" % (_f(wall), _f(c["clear"])),
        "z_floor = %s; z_split = %s; z_top = %s; top_t = %s; floor_t = %s;" % (
            _f(lay["z_floor"]), _f(lay["z_split"]), _f(lay["z_top"]), _f(c["top"]),
            _f(c["floor"])),
        "lip = %s; lip_t = 1.0; fit = 0.2;" % _f(c["lip"]),
        "pillars = [%s];" % ", ".join(_v(*xy) for xy in lay["pillars"]),
        "pillar_d = %s; tray_pillar_d = %s; screw_d = %s; pilot_d = %s; pilot_depth = %s;" % (
            _f(c["pillar_d"]), _f(c["tray_pillar_d"]), _f(c["screw_d"]), _f(c["pilot_d"]),
            _f(c["pilot_depth"])),
        "head_d = %s; // the M2 screw head's bore from below" % _f(c["head_d"]),
        "screw_grip = %s; perfboard_t = %s;" % (_f(c["screw_grip"]), _f(DIMS["perfboard_t"])),
        "window = %s; // over the display's active area" % _v(*lay["window"]),
        "buttons = [%s]; button_d = %s;" % (
            ", ".join(_v(x, y) for _n, x, y in lay["plungers"]),
            _f(lay["plunger_d"] + 2 * c["clear"])),
        "usb = %s; // centre y, centre z, width, height of the cable's opening" % _v(
            lay["usb"]["cy"], lay["usb"]["cz"], lay["usb"]["w"], lay["usb"]["h"]),
    ]
    if lay["battery"]:
        lines.append("slide = %s; // the slide switch's lever slot: centre y, centre z, "
                     "length, height" % _v(*lay["slide_slot"]))
    lines.append(_SCAD_BODY)
    lines.append(_SCAD_SLIDE if lay["battery"] else "module tray_cuts() {}")
    lines.append(_SCAD_MAIN)
    return "\n".join(lines) + "\n"


_SCAD_BODY = """
// the cavity's outline grown by "grow"; the corners concentric (inner_r inside: centred on
// the perfboard's corners, so its square corners keep their clearance)
module outline(grow) {
    offset(r = inner_r + grow) offset(delta = -inner_r)
        translate([inner[0], inner[1]]) square([inner[2] - inner[0], inner[3] - inner[1]]);
}
module shell(z0, z1, grow) { translate([0, 0, z0]) linear_extrude(z1 - z0) outline(grow); }

module tray() {
    difference() {
        union() {
            difference() {
                shell(z_floor - floor_t, z_split, wall);
                shell(z_floor, z_split + 1, 0);
            }
            // the lip that centres the lid: the inner part of the wall, raised
            difference() {
                shell(z_split - 1, z_split + lip, lip_t);
                shell(z_split - 2, z_split + lip + 1, 0);
            }
            for (p = pillars) translate([p[0], p[1], z_floor - 0.01])
                cylinder(d = tray_pillar_d, h = z_split - z_floor + 0.01);
        }
        for (p = pillars) translate([p[0], p[1], z_floor - floor_t - 1]) {
            cylinder(d = screw_d, h = z_split - z_floor + floor_t + 2);
            cylinder(d = head_d, h = z_split - screw_grip - (z_floor - floor_t) + 1);
        }
        tray_cuts();
    }
}

module lid() {
    difference() {
        union() {
            difference() {
                shell(z_split, z_top, wall);
                shell(z_split - 1, z_top - top_t, 0);
                // room for the tray's lip
                shell(z_split - 1, z_split + lip + fit, lip_t + fit);
            }
            for (p = pillars) translate([p[0], p[1], 0])
                cylinder(d = pillar_d, h = z_top - top_t + 0.01);
        }
        for (p = pillars) translate([p[0], p[1], -1]) cylinder(d = pilot_d, h = pilot_depth + 1);
        // the window, its walls at 45 degrees (wider outside): the panel reads from the side
        hull() {
            translate([window[0] + 0.5, window[1] + 0.5, z_top - top_t - 0.5])
                cube([window[2] - window[0] - 1, window[3] - window[1] - 1, 0.01]);
            translate([window[0] - top_t - 0.5, window[1] - top_t - 0.5, z_top + 0.5])
                cube([window[2] - window[0] + 2 * top_t + 1, window[3] - window[1] + 2 * top_t + 1,
                      0.01]);
        }
        for (b = buttons) translate([b[0], b[1], z_top - top_t - 1])
            cylinder(d = button_d, h = top_t + 2);
        translate([inner[2] - 1, usb[0] - usb[2] / 2, usb[1] - usb[3] / 2])
            cube([wall + 2, usb[2], usb[3]]);
    }
}
"""

_SCAD_SLIDE = """
module tray_cuts() {
    translate([inner[0] - wall - 1, slide[0] - slide[2] / 2, slide[1] - slide[3] / 2])
        cube([wall + 2, slide[2], slide[3]]);
}
"""

# Each part alone is placed as it prints (its STL): the tray on its floor, the lid turned
# over (about the y axis, in its own footprint) on its top; "both" is the closed case.
_SCAD_MAIN = """
if (part == "tray") translate([0, 0, floor_t - z_floor]) tray();
if (part == "lid") translate([inner[0] + inner[2], 0, z_top]) rotate([0, 180, 0]) lid();
if (part == "both") { tray(); lid(); }
"""


def print_pose(lay, part):
    """The 4 x 4 matrix (nested lists) from the closed case's frame to ``part``'s STL, which
    lies as it prints: the tray on its floor, the lid top down, both on z = 0. The lid's
    matrix is its own inverse (a half turn)."""
    if part == "tray":
        dz = DIMS["case"]["floor"] - lay["z_floor"]
        return [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, dz], [0, 0, 0, 1]]
    x0, _y0, x1, _y1 = lay["inner"]
    return [[-1, 0, 0, x0 + x1], [0, 1, 0, 0], [0, 0, -1, lay["z_top"]], [0, 0, 0, 1]]


def assembled(lay, part, mesh):
    """A copy of ``part``'s STL mesh (trimesh) moved back into the closed case's frame."""
    import numpy as np

    m = mesh.copy()
    m.apply_transform(np.linalg.inv(np.array(print_pose(lay, part), dtype=float)))
    return m


# -- building -------------------------------------------------------------------------
def openscad():
    return shutil.which("openscad")


def build(board, battery=False, out=OUT, preview=None):
    """Write <out>/<name>.scad, <name>-tray.stl, <name>-lid.stl, <name>.png; returns paths."""
    from host_tools.sim import core

    prof = core.load_board(board)
    lay = layout(prof, battery)
    tool = openscad()
    if tool is None:
        raise SystemExit("case: openscad is not installed (Debian: apt-get install openscad)")
    os.makedirs(out, exist_ok=True)
    name = prof["name"] + ("-battery" if battery else "")
    src = os.path.join(out, name + ".scad")
    with open(src, "w") as f:
        f.write(scad(lay))
    stls = {}
    for part in ("tray", "lid"):
        stl = os.path.join(out, "%s-%s.stl" % (name, part))
        r = subprocess.run([tool, "-o", stl, "-D", 'part="%s"' % part, src],
                           capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(stl):
            raise SystemExit("case: openscad failed on %s:\n%s" % (src, r.stderr[-2000:]))
        stls[part] = stl
    png = preview or os.path.join(out, name + ".png")
    from host_tools.make import case_render

    case_render.preview(lay, stls, png, assembled)
    return {"scad": src, "stl": stls, "png": png, "layout": lay}


def board_names():
    return sorted(f[:-5] for f in os.listdir(paths.BOARDS) if f.endswith(".json"))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.make.case", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", default=None, help="a profile in boards/ or a .json path "
                    "(default: every profile in boards/)")
    ap.add_argument("--battery", action="store_true", help="with the 3 x AAA battery bay")
    ap.add_argument("--both", action="store_true", help="with and without the battery bay")
    ap.add_argument("--out", default=OUT, help="output folder (default build/case)")
    args = ap.parse_args(argv)
    paths.setup()
    boards = [args.board] if args.board else board_names()
    variants = (False, True) if args.both else (args.battery,)
    for b in boards:
        for bat in variants:
            res = build(b, bat, args.out)
            lay = res["layout"]
            print("case: %s: %s, %s, %s (perfboard %d x %d holes, 6x6 switches %s mm tall)" % (
                b, paths_rel(res["stl"]["tray"]), paths_rel(res["stl"]["lid"]),
                paths_rel(res["png"]), lay["holes"][0], lay["holes"][1], _f(lay["switch_h"])))
    return 0


def paths_rel(p):
    return os.path.relpath(p, paths.ROOT)


if __name__ == "__main__":
    sys.exit(main())
