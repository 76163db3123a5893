"""Pictures of the case from its STL files: flat-shaded triangles drawn with Pillow.

No OpenGL and no display needed (OpenSCAD's own PNG export wants one), so the
preview is drawn the same on every machine. ``preview`` shows the closed case
from above (with the battery bay, from its left side too: the switch's slot) and the
opened case: the lid turned over as it prints, the tray with the parts in it (boxes from
the layout) beside it. The STLs lie as they print; ``case.assembled`` puts them back
together. The parts are drawn in the closed case too, so the display shows in its window
and the plungers stand out of the lid.
"""
import math

import numpy as np

BG = (246, 246, 242)
TRAY = (90, 140, 200)
LID = (235, 160, 60)
PART_COLOURS = {
    "Pico": (40, 150, 70), "USB socket": (190, 190, 195), "display board": (30, 70, 160),
    "display glass": (25, 25, 30), "battery holder": (40, 40, 40),
    "slide switch": (200, 200, 205), "diode": (60, 60, 60), "perfboard": (205, 170, 95),
}
BUTTON = (60, 60, 65)
LIGHT = np.array([-0.3, 0.45, 0.85])  # in view space: from above, a little left


def _rot(az, el):
    """World -> view: turn by ``az`` about z, then tilt by ``el`` (degrees)."""
    a, e = math.radians(az), math.radians(el)
    rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(e), -math.sin(e)], [0, math.sin(e), math.cos(e)]])
    return rx @ rz


def box_mesh(lo, hi):
    import trimesh

    size = [b - a for a, b in zip(lo, hi, strict=True)]
    m = trimesh.creation.box(extents=size)
    m.apply_translation([(a + b) / 2 for a, b in zip(lo, hi, strict=True)])
    return m


def draw(meshes, size=(900, 640), az=-30, el=-55, pad=24, ss=2):
    """Render [(trimesh, rgb)] to a Pillow image: orthographic, flat shading, a depth buffer."""
    from PIL import Image

    rot = _rot(az, el)
    light = LIGHT / np.linalg.norm(LIGHT)
    tris, cols = [], []
    for mesh, rgb in meshes:
        v = np.asarray(mesh.vertices, dtype=float) @ rot.T
        f = np.asarray(mesh.faces)
        n = np.asarray(mesh.face_normals, dtype=float) @ rot.T
        keep = n[:, 2] > 1e-6  # facing the viewer (who looks down -z)
        shade = 0.45 + 0.55 * np.clip(n[keep] @ light, 0, 1)
        tris.append(v[f[keep]])
        cols.append(np.clip(np.outer(shade, rgb), 0, 255))
    tri = np.concatenate(tris)
    col = np.concatenate(cols).astype(np.uint8)
    pts = tri.reshape(-1, 3)
    lo, hi = pts[:, :2].min(axis=0), pts[:, :2].max(axis=0)
    w, h = size[0] * ss, size[1] * ss
    pad *= ss
    scale = min((w - 2 * pad) / (hi[0] - lo[0]), (h - 2 * pad) / (hi[1] - lo[1]))
    off = np.array([(w - scale * (hi[0] - lo[0])) / 2, (h - scale * (hi[1] - lo[1])) / 2])
    xy = (tri[:, :, :2] - lo) * scale + off
    xy[:, :, 1] = h - xy[:, :, 1]  # y up on screen
    zs = tri[:, :, 2]
    img = np.empty((h, w, 3), np.uint8)
    img[:] = BG
    zbuf = np.full((h, w), -np.inf)
    for k in range(len(tri)):
        (x0, y0), (x1, y1), (x2, y2) = xy[k]
        area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        if abs(area) < 1e-9:
            continue
        bx0, bx1 = max(int(min(x0, x1, x2)), 0), min(int(max(x0, x1, x2)) + 1, w)
        by0, by1 = max(int(min(y0, y1, y2)), 0), min(int(max(y0, y1, y2)) + 1, h)
        if bx0 >= bx1 or by0 >= by1:
            continue
        gx, gy = np.meshgrid(np.arange(bx0, bx1) + 0.5, np.arange(by0, by1) + 0.5)
        w0 = ((x1 - gx) * (y2 - gy) - (x2 - gx) * (y1 - gy)) / area
        w1 = ((x2 - gx) * (y0 - gy) - (x0 - gx) * (y2 - gy)) / area
        w2 = 1 - w0 - w1
        inside = (w0 >= -1e-6) & (w1 >= -1e-6) & (w2 >= -1e-6)
        if not inside.any():
            continue
        z = w0 * zs[k, 0] + w1 * zs[k, 1] + w2 * zs[k, 2]
        sub = zbuf[by0:by1, bx0:bx1]
        win = inside & (z > sub)
        sub[win] = z[win]
        img[by0:by1, bx0:bx1][win] = col[k]
    return Image.fromarray(img).resize(size, Image.LANCZOS)


IN_TRAY = ("battery holder", "slide switch")  # these stay in the tray when the board is lifted


def part_meshes(lay, dz=0.0):
    """The parts of the layout as coloured boxes (plungers as boxes too); the perfboard and
    what is on it lifted by ``dz``."""
    out = []
    w, h = lay["perfboard_size"]
    out.append((box_mesh((0, 0, -1.6 + dz), (w, h, dz)), PART_COLOURS["perfboard"]))
    for b in lay["parts"]:
        rgb = PART_COLOURS.get(b.name, BUTTON)
        lift = 0 if b.name in IN_TRAY else dz
        lo = (b.lo[0], b.lo[1], b.lo[2] + lift)
        hi = (b.hi[0], b.hi[1], b.hi[2] + lift)
        out.append((box_mesh(lo, hi), rgb))
    r = lay["plunger_d"] / 2
    for _n, x, y in lay["plungers"]:
        out.append((box_mesh((x - r, y - r, 3.5 + dz), (x + r, y + r, lay["plunger_top"] + dz)),
                    BUTTON))
    a = lay["active"]
    out.append((box_mesh((a.lo[0], a.lo[1], a.lo[2] + dz), (a.hi[0], a.hi[1], a.hi[2] + 0.05
                                                               + dz)), (70, 110, 150)))
    if lay["battery"]:  # the slide switch's lever, out through its slot in the left wall
        s, (lever, stand) = lay["slide"], lay["lever"]
        r = lever / 2
        yc, zc = (s.lo[1] + s.hi[1]) / 2, (s.lo[2] + s.hi[2]) / 2
        out.append((box_mesh((s.lo[0] - stand, yc - r, zc - r),
                             (s.lo[0], yc + r, zc + r)), BUTTON))
    return out


def preview(lay, stls, path, assembled):
    """The closed case (left) and the opened one (right) in one PNG. ``assembled(lay, part,
    mesh)`` puts a printed part back into the closed case (host_tools.make.case's)."""
    import trimesh
    from PIL import Image, ImageDraw

    printed = trimesh.load(stls["tray"], force="mesh"), trimesh.load(stls["lid"], force="mesh")
    tray = assembled(lay, "tray", printed[0])
    lid = assembled(lay, "lid", printed[1])
    shut = [(tray, TRAY), (lid, LID)] + part_meshes(lay)
    closed = draw(shut, size=(560, 520))
    # with the battery bay, the closed case from the other side too: the switch's slot
    left = draw(shut, size=(460, 520), az=80, el=-75) if lay["battery"] else None
    # opened: the tray with its parts; the lid beside it as it prints (turned over, inside up)
    x0, _y0, x1, _y1 = lay["inner"]
    flip = printed[1].copy()
    flip.apply_translation([2 * (x1 - x0) + 30 - (x0 + x1), 0, 0])
    lift = 30.0 if lay["battery"] else 0.0  # show the battery bay under the board
    opened = draw([(tray, TRAY)] + part_meshes(lay, lift) + [(flip, LID)], size=(880, 520))
    x = 560 + (460 if left else 0)  # where the opened case starts
    img = Image.new("RGB", (x + 880, 560), BG)
    img.paste(closed, (0, 40))
    if left:
        img.paste(left, (560, 40))
    img.paste(opened, (x, 40))
    d = ImageDraw.Draw(img)
    from host_tools.make.wiring import label_font

    f = label_font(18)
    d.text((16, 12), "%s: closed" % lay["board"], fill=(30, 30, 30), font=f)
    if left:
        d.text((576, 12), "left side: the switch's lever in its slot", fill=(30, 30, 30),
               font=f)
    d.text((x + 16, 12), "opened: tray (blue) with the parts%s, lid as it prints (orange)" % (
        ", the perfboard lifted off the battery bay" if lay["battery"] else ""),
        fill=(30, 30, 30), font=f)
    img.save(path, optimize=True)
    return path
