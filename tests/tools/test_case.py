"""The printable case: every profile's STLs are closed solids and every part fits inside.

The fit is checked with exact mesh booleans (trimesh + manifold3d) between the
STL files openscad wrote and the parts placed from the dimension table
``case.DIMS``: a part grown by its clearance must not touch the case; the
display's active area must be seen through the window, each plunger must stand
out of its hole, the USB plug must reach its socket.
"""
import math
import os
import shutil

import pytest

from host_tools.make import case
from host_tools.sim import core as simcore

pytest.importorskip("trimesh", reason="trimesh is in requirements-dev.txt: make deps")
pytest.importorskip("manifold3d", reason="manifold3d is in requirements-dev.txt: make deps")
if shutil.which("openscad") is None:
    pytest.skip("openscad is not installed (Debian: apt-get install openscad; .ci/run does it)",
                allow_module_level=True)

import numpy as np  # trimesh's own dependency
import trimesh

BOARDS = case.board_names()
VARIANTS = [(b, bat) for b in BOARDS for bat in (False, True)]
CLEAR = case.DIMS["case"]["clear"]
EPS = 0.02  # below the printer's resolution: two faces this close count as touching


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("case")
    res = {}
    for b, bat in VARIANTS:
        r = case.build(b, bat, str(out))
        r["printed"] = {k: trimesh.load(v, force="mesh") for k, v in r["stl"].items()}
        # the fit is checked with the case closed: each part back from its print pose
        r["mesh"] = {k: case.assembled(r["layout"], k, m) for k, m in r["printed"].items()}
        res[(b, bat)] = r
    return res


def box(lo, hi):
    from host_tools.make.case_render import box_mesh

    return box_mesh(lo, hi)


def cylinder(x, y, z0, z1, d):
    m = trimesh.creation.cylinder(radius=d / 2, height=z1 - z0, sections=48)
    m.apply_translation((x, y, (z0 + z1) / 2))
    return m


def touches(mesh, solid):
    """Volume (mm^3) the solid shares with the case part."""
    inter = trimesh.boolean.intersection([mesh, solid], engine="manifold")
    return inter.volume if len(inter.faces) else 0.0


def hits(r, solid):
    """{case part: shared volume} for the parts of the case the solid runs into."""
    vols = {k: touches(m, solid) for k, m in r["mesh"].items()}
    return {k: round(v, 3) for k, v in vols.items() if v > 1e-3}


@pytest.mark.parametrize("board, battery", VARIANTS)
def test_stls_are_closed_solids_and_the_preview_exists(built, board, battery):
    """Both parts of every profile's case (with and without the battery bay) are watertight,
    consistently wound solids of positive volume, and a preview PNG was drawn."""
    r = built[(board, battery)]
    for part, mesh in r["mesh"].items():
        assert mesh.is_watertight, (board, part)
        assert mesh.is_winding_consistent and mesh.is_volume, (board, part)
        assert mesh.volume > 1000, (board, part)
    from PIL import Image

    with Image.open(r["png"]) as im:
        assert im.size[0] > 1000 and len(im.getcolors(1 << 20)) > 50  # a picture, not a blank


def largest_flat_face(mesh):
    """(area, normal, z range) of the mesh's largest flat face: the triangles in one plane,
    facing one way, with the most area between them."""
    planes = {}
    for k, (n, area) in enumerate(zip(mesh.face_normals, mesh.area_faces, strict=True)):
        v = mesh.vertices[mesh.faces[k][0]]
        key = tuple(np.round(n, 4)) + (round(float(np.dot(n, v)), 3),)
        planes.setdefault(key, [0.0, []])
        planes[key][0] += area
        planes[key][1].append(k)
    area, faces = max(planes.values(), key=lambda p: p[0])
    zs = mesh.vertices[mesh.faces[faces]][:, :, 2]
    return area, mesh.face_normals[faces[0]], (zs.min(), zs.max())


@pytest.mark.parametrize("board, battery", VARIANTS)
def test_each_stl_lies_as_it_prints(built, board, battery):
    """docs/BUILD.md says to print both parts as they lie: each STL's largest flat face - the
    tray's floor, the lid's top - faces down at z = 0, with nothing below it; so the lid
    prints top down and the window's sloped walls widen upwards, without supports."""
    r = built[(board, battery)]
    for part, mesh in r["printed"].items():
        _area, normal, (z0, z1) = largest_flat_face(mesh)
        assert normal[2] < -0.999 and abs(z0) < 1e-6 and abs(z1) < 1e-6, (part, normal, z0)
        assert abs(mesh.bounds[0][2]) < 1e-6, part
    # and turned back, the lid's top is the case's top: it is the face that lay on the bed
    lid = r["mesh"]["lid"]
    _area, normal, (z0, _z1) = largest_flat_face(lid)
    assert normal[2] > 0.999 and abs(z0 - r["layout"]["z_top"]) < 1e-6


@pytest.mark.parametrize("board, battery", VARIANTS)
def test_every_part_fits_with_its_clearance(built, board, battery):
    """Each part (Pico, USB socket, display board and glass, switches, holder, slide switch,
    diode, the trimmed pins under the board) grown by the clearance touches neither the tray
    nor the lid."""
    r = built[(board, battery)]
    lay = r["layout"]
    names = [b.name for b in lay["parts"]]
    assert "Pico" in names and "display glass" in names
    assert ("battery holder" in names) == battery
    for b in lay["parts"]:
        g = b.grown(CLEAR - EPS)
        assert hits(r, box(g.lo, g.hi)) == {}, b


@pytest.mark.parametrize("board, battery", VARIANTS)
def test_no_two_parts_overlap(board, battery):
    """No two parts of the layout share space (the USB socket is part of the Pico), and the
    slide switch's lever is long enough to come out through the wall."""
    lay = case.layout(simcore.load_board(board), battery)
    parts = lay["parts"]
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            if {a.name, b.name} == {"Pico", "USB socket"}:
                continue
            inter = [min(a.hi[k], b.hi[k]) - max(a.lo[k], b.lo[k]) for k in range(3)]
            assert min(inter) <= 0, (a, b)
    if battery:
        sl = case.DIMS["slide"]
        out = lay["slide"].lo[0] - sl["lever_out"]
        assert out < lay["inner"][0] - case.DIMS["case"]["wall"] - 0.5


@pytest.mark.parametrize("board, battery", VARIANTS)
def test_the_perfboard_is_held_without_play(built, board, battery):
    """The perfboard clears the walls by the clearance but no more than 0.3 mm beyond it, and
    is clamped: a hair thicker, it runs into the pillars of the tray and the lid."""
    r = built[(board, battery)]
    w, h = r["layout"]["perfboard_size"]
    t = case.DIMS["perfboard_t"]
    # the board grown by the clearance along its edges (its square corners meet the rounded
    # ones of the cavity later), shrunk a hair in z so the pillars it rests on do not count
    g = CLEAR - EPS
    assert hits(r, box((-g, 0, -t + EPS), (w + g, h, -EPS))) == {}
    assert hits(r, box((0, -g, -t + EPS), (w, h + g, -EPS))) == {}
    wider = box((-CLEAR - 0.3, -CLEAR - 0.3, -t + EPS), (w + CLEAR + 0.3, h + CLEAR + 0.3, -EPS))
    assert hits(r, wider)  # the lip stops it from sliding
    thicker = box((0, 0, -t - 0.1), (w, h, 0.1))
    got = hits(r, thicker)
    assert "tray" in got and "lid" in got, got


@pytest.mark.parametrize("board, battery", VARIANTS)
def test_display_buttons_and_usb_are_reachable_from_outside(built, board, battery):
    """The active area is seen through the window (nothing over it up to the sky); every
    plunger goes through its hole with the clearance all round and stands at least 1 mm
    above the lid; the USB cable's plug (with its overmould) reaches the socket's face."""
    r = built[(board, battery)]
    lay = r["layout"]
    a = lay["active"]
    assert hits(r, box((a.lo[0], a.lo[1], a.hi[2] + 0.01), (a.hi[0], a.hi[1], 100))) == {}
    sw = case.DIMS["switch"]
    for _name, x, y in lay["plungers"]:
        d = sw["plunger_d"] + 2 * (CLEAR - EPS)
        assert hits(r, cylinder(x, y, sw["body_h"], lay["plunger_top"], d)) == {}
        # and the hole is no bigger than that: a millimetre wider cylinder meets the lid
        assert "lid" in hits(r, cylinder(x, y, sw["body_h"], lay["plunger_top"], d + 1.0))
    assert lay["plunger_top"] >= lay["z_top"] + case.DIMS["case"]["protrude"]
    assert lay["plunger_top"] in sw["heights"]
    u = lay["usb"]
    plug = case.DIMS["plug"]
    g = CLEAR - EPS
    face = u["face"]
    assert hits(r, box((face, u["cy"] - plug["w"] / 2 - g, u["cz"] - plug["h"] / 2 - g),
                       (face + 40, u["cy"] + plug["w"] / 2 + g,
                        u["cz"] + plug["h"] / 2 + g))) == {}
    if battery:  # the slide switch's lever moves in its slot
        sl = case.DIMS["slide"]
        yc, zc, ln, ht = lay["slide_slot"]
        x0 = lay["slide"].lo[0]
        lever = box((x0 - 10, yc - (sl["lever"] + sl["travel"]) / 2 - g, zc - sl["lever"] / 2 - g),
                    (x0, yc + (sl["lever"] + sl["travel"]) / 2 + g, zc + sl["lever"] / 2 + g))
        assert hits(r, lever) == {}


@pytest.mark.parametrize("board, battery", VARIANTS)
def test_the_display_reads_from_40_degrees_off_axis(built, board, battery):
    """Looking 40 degrees from straight on, from the left, right, front or back, the whole
    active area is still seen: the window's edges hide none of it."""
    r = built[(board, battery)]
    a = r["layout"]["active"]
    z = a.hi[2] + 0.01
    k = math.tan(math.radians(40))
    for sx, sy in ((k, 0), (-k, 0), (0, k), (0, -k)):
        ray = box((a.lo[0], a.lo[1], z), (a.hi[0], a.hi[1], z + 30))
        shear = np.eye(4)  # x += sx * (height above the glass), y likewise
        shear[0, 2], shear[1, 2], shear[0, 3], shear[1, 3] = sx, sy, -sx * z, -sy * z
        ray.apply_transform(shear)
        assert hits(r, ray) == {}, (sx, sy)
    # and at 60 degrees the edge does hide some of it (the check can tell)
    ray = box((a.lo[0], a.lo[1], z), (a.hi[0], a.hi[1], z + 30))
    shear = np.eye(4)
    shear[0, 2], shear[0, 3] = math.tan(math.radians(60)), -math.tan(math.radians(60)) * z
    ray.apply_transform(shear)
    assert "lid" in hits(r, ray)


def test_holes_follow_the_profile(built):
    """The lid has a hole where the profile has a button and none where it has not: the
    three-button lid is solid where the four-button one has BACK."""
    four = built[("pico-ssd1306-4btn", False)]
    three = built[("pico-ssd1306-3btn", False)]
    back = [(x, y) for n, x, y in four["layout"]["plungers"] if n == "BACK"]
    assert len(back) == 1
    x, y = back[0]
    z = four["layout"]["z_top"]
    probe = cylinder(x, y, z - 1.0, z + 1.0, 2.0)
    assert hits(four, probe) == {}
    assert "lid" in hits(three, probe)
    assert [n for n, _x, _y in three["layout"]["plungers"]] == ["UP", "DOWN", "OK"]


def test_layout_follows_the_display_module():
    """The window and the case grow with the module: the 1.3" SH1106's window is wider than
    the 0.96" one's, the 128x32 one's lower; each window covers its panel's active area."""
    lays = {b: case.layout(simcore.load_board(b)) for b in BOARDS}
    win = {b: lay["window"] for b, lay in lays.items()}

    def size(w):
        return w[2] - w[0], w[3] - w[1]

    assert size(win["pico-sh1106-4btn"])[0] > size(win["pico-ssd1306-4btn"])[0] + 5
    assert size(win["pico-ssd1306-128x32"])[1] < size(win["pico-ssd1306-4btn"])[1] - 4
    for b, lay in lays.items():
        m = case.DIMS["oled"][lay["oled"]]
        aw, ah = m["active"][2], m["active"][3]
        wx, wy = size(lay["window"])
        assert wx >= aw and wy >= ah, b


def test_make_case_writes_stls_and_a_preview(tmp_path):
    """`make case BOARD=...` is the command the README gives: it names the STLs and preview
    it wrote into build/case/."""
    import subprocess
    import sys

    out = tmp_path / "c"
    r = subprocess.run([sys.executable, "-m", "host_tools.make.case", "--board",
                        "pico-ssd1306-3btn", "--out", str(out)],
                       capture_output=True, text=True, cwd=case.paths.ROOT)
    assert r.returncode == 0, r.stderr
    names = sorted(os.listdir(out))
    assert names == ["pico-ssd1306-3btn-lid.stl", "pico-ssd1306-3btn-tray.stl",
                     "pico-ssd1306-3btn.png", "pico-ssd1306-3btn.scad"]
    assert "perfboard" in r.stdout and "13 mm" in r.stdout
    make = subprocess.run(["make", "-n", "-s", "case", "BOARD=pico-sh1106-4btn"],
                          capture_output=True, text=True, cwd=case.paths.ROOT)
    assert "-m host_tools.make.case --board pico-sh1106-4btn --both" in make.stdout, make.stderr
