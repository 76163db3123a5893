"""The host framebuf (host_tools/sim/shims/framebuf.py) is byte-identical to MicroPython's.

Seeded random cases (edge-heavy coordinates, many buffer sizes and strides,
random starting contents) run through the same driver twice: under CPython with
the shim and inside real MicroPython 1.28 (WebAssembly) with the C framebuf.
The resulting buffers and pixel() reads must match byte for byte. One exec call
per primitive group keeps the whole file to a couple of seconds.
"""

import binascii
import json
import os
import random

import framebuf as host_framebuf
import pytest

SHIM = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "host_tools",
    "sim",
    "shims",
    "framebuf.py",
)

# Runs unchanged under CPython (shim) and MicroPython (real framebuf).
# A case is [w, h, stride, init_hex, ops]; the output is, per case, the bytes
# of every pixel() read (255 for None) followed by the final buffer.
DRIVER = """
import binascii
import framebuf

def _fb(w, h, stride, hexdata):
    buf = bytearray(binascii.unhexlify(hexdata))
    return buf, framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB, stride)

def run_cases(cases):
    out = bytearray()
    for w, h, stride, init, ops in cases:
        buf, fb = _fb(w, h, stride, init)
        for op in ops:
            name = op[0]
            a = op[1:]
            if name == "fill":
                fb.fill(a[0])
            elif name == "pixel":
                fb.pixel(a[0], a[1], a[2])
            elif name == "get":
                v = fb.pixel(a[0], a[1])
                out.append(255 if v is None else v)
            elif name == "hline":
                fb.hline(a[0], a[1], a[2], a[3])
            elif name == "vline":
                fb.vline(a[0], a[1], a[2], a[3])
            elif name == "rect":
                if a[5] is None:
                    fb.rect(a[0], a[1], a[2], a[3], a[4])
                else:
                    fb.rect(a[0], a[1], a[2], a[3], a[4], a[5])
            elif name == "fill_rect":
                fb.fill_rect(a[0], a[1], a[2], a[3], a[4])
            elif name == "line":
                fb.line(a[0], a[1], a[2], a[3], a[4])
            elif name == "scroll":
                fb.scroll(a[0], a[1])
            elif name == "blit":
                sw, sh, sstride, shex, x, y, key, pal = a
                sbuf, src = _fb(sw, sh, sstride, shex)
                if pal is not None:
                    pbuf, pfb = _fb(pal[0], pal[1], pal[0], pal[2])
                    fb.blit(src, x, y, key, pfb)
                elif key is None:
                    fb.blit(src, x, y)
                else:
                    fb.blit(src, x, y, key)
            else:
                raise ValueError(name)
        out.extend(buf)
    return out
"""

SIZES = [(128, 64), (128, 32), (13, 11), (1, 1), (8, 8), (7, 9), (16, 17), (3, 1), (1, 20), (9, 16)]
COLORS = [0, 1, 0, 1, 0, 1, 2, -1]  # any non-zero colour sets a pixel


def _rand_hex(rng, n):
    return binascii.hexlify(bytes(rng.getrandbits(8) for _ in range(n))).decode()


def _size(rng):
    if rng.random() < 0.6:
        return rng.choice(SIZES)
    return rng.randint(1, 40), rng.randint(1, 40)


def _coord(rng, size):
    """A coordinate biased to the edges: far outside, just outside, on the edge, inside."""
    return rng.choice(
        [
            -1000,
            -size - 1,
            -size,
            -size + 1,
            -2,
            -1,
            0,
            1,
            2,
            size - 2,
            size - 1,
            size,
            size + 1,
            1000,
        ]
        + [rng.randint(-size - 3, size + 3)] * 6
    )


def _length(rng, size):
    return rng.choice(
        [-5, -1, 0, 1, 2, size - 1, size, size + 1, 2 * size + 3] + [rng.randint(0, size + 3)] * 4
    )


def _new_case(rng, ops):
    w, h = _size(rng)
    stride = w if rng.random() < 0.7 else w + rng.randint(1, 5)
    init = _rand_hex(rng, ((h + 7) // 8) * stride)
    return [w, h, stride, init, ops(rng, w, h)]


def _gets(rng, w, h, n=3):
    return [["get", _coord(rng, w), _coord(rng, h)] for _ in range(n)]


# -- case generators, one per primitive group --------------------------------
def gen_fill(rng, w, h):
    return [["fill", rng.choice(COLORS)]] + _gets(rng, w, h)


def gen_pixel(rng, w, h):
    ops = [["pixel", _coord(rng, w), _coord(rng, h), rng.choice(COLORS)] for _ in range(8)]
    return ops + _gets(rng, w, h, 8)


def gen_hvline(rng, w, h):
    ops = []
    for _ in range(4):
        if rng.random() < 0.5:
            ops.append(
                ["hline", _coord(rng, w), _coord(rng, h), _length(rng, w), rng.choice(COLORS)]
            )
        else:
            ops.append(
                ["vline", _coord(rng, w), _coord(rng, h), _length(rng, h), rng.choice(COLORS)]
            )
    return ops


def gen_rect(rng, w, h):
    ops = []
    for _ in range(3):
        fill = rng.choice([None, False, True, 0, 1])
        ops.append(
            [
                "rect",
                _coord(rng, w),
                _coord(rng, h),
                _length(rng, w),
                _length(rng, h),
                rng.choice(COLORS),
                fill,
            ]
        )
    return ops


def gen_fill_rect(rng, w, h):
    return [
        [
            "fill_rect",
            _coord(rng, w),
            _coord(rng, h),
            _length(rng, w),
            _length(rng, h),
            rng.choice(COLORS),
        ]
        for _ in range(3)
    ]


def gen_line(rng, w, h):
    ops = []
    for _ in range(3):
        x1, y1 = _coord(rng, w), _coord(rng, h)
        kind = rng.randrange(4)
        if kind == 0:  # zero length
            x2, y2 = x1, y1
        elif kind == 1:  # one of the 8 octants / axes / diagonals from x1,y1
            d = rng.randint(0, max(w, h) + 5)
            e = rng.randint(0, d)
            dx, dy = rng.choice([(d, e), (e, d), (d, d), (d, 0), (0, d)])
            x2, y2 = x1 + rng.choice([1, -1]) * dx, y1 + rng.choice([1, -1]) * dy
        elif kind == 2:  # far off-screen endpoints
            x2, y2 = rng.randint(-300, 300), rng.randint(-300, 300)
        else:
            x2, y2 = _coord(rng, w), _coord(rng, h)
        ops.append(["line", x1, y1, x2, y2, rng.choice(COLORS)])
    return ops


def gen_blit(rng, w, h):
    ops = []
    for _ in range(2):
        sw, sh = rng.choice(
            [(1, 1), (3, 5), (7, 9), (13, 11), (8, 8), (w, h), (w + 3, h + 2)] + [_size(rng)]
        )
        sstride = sw if rng.random() < 0.8 else sw + rng.randint(1, 3)
        shex = _rand_hex(rng, ((sh + 7) // 8) * sstride)
        # x/y from "entirely off the left/top" through every edge to "off the right/bottom"
        x = rng.choice(
            [-sw - 1, -sw, -sw + 1, -1, 0, 1, w - sw, w - 1, w, w + 1, rng.randint(-sw - 2, w + 2)]
        )
        y = rng.choice(
            [-sh - 1, -sh, -sh + 1, -1, 0, 1, h - sh, h - 1, h, h + 1, rng.randint(-sh - 2, h + 2)]
        )
        key = rng.choice([None, -1, 0, 1, 2])
        pal = None
        if key is not None and rng.random() < 0.3:
            pw, ph = rng.randint(2, 4), rng.randint(1, 3)  # palette index col reads (col, 0)
            pal = [pw, ph, _rand_hex(rng, ((ph + 7) // 8) * pw)]
        ops.append(["blit", sw, sh, sstride, shex, x, y, key, pal])
    return ops + _gets(rng, w, h)


def gen_scroll(rng, w, h):
    ops = []
    for _ in range(2):
        xs = rng.choice(
            [0, 1, -1, 2, -2, w - 1, -(w - 1), w, -w, w + 1, -w - 1, rng.randint(-w - 2, w + 2)]
        )
        ys = rng.choice(
            [
                0,
                1,
                -1,
                7,
                -7,
                8,
                -8,
                h - 1,
                -(h - 1),
                h,
                -h,
                h + 1,
                -h - 1,
                rng.randint(-h - 2, h + 2),
            ]
        )
        ops.append(["scroll", xs, ys])
    return ops


GROUPS = {
    "fill": (gen_fill, 150),
    "pixel": (gen_pixel, 200),
    "hline_vline": (gen_hvline, 300),
    "rect": (gen_rect, 300),
    "fill_rect": (gen_fill_rect, 300),
    "line": (gen_line, 500),
    "blit": (gen_blit, 400),
    "scroll": (gen_scroll, 400),
}


def _cases(group):
    gen, count = GROUPS[group]
    rng = random.Random("framebuf-diff-%s" % group)  # seeded: the same cases every run
    cases = [_new_case(rng, gen) for _ in range(count)]
    # Always include the panel sizes with every generator at least a few times.
    for w, h in [(128, 64), (128, 32), (13, 11)]:
        for _ in range(5):
            cases.append([w, h, w, _rand_hex(rng, ((h + 7) // 8) * w), gen(rng, w, h)])
    return cases


def _run_host(cases):
    ns = {}
    exec(DRIVER, ns)
    return bytes(ns["run_cases"](cases))


def _run_real(mp, cases):
    mp.write_file("/tmp/fb_cases.json", json.dumps(cases).encode())
    mp.exec(
        DRIVER
        + "\nimport json\n"
        + "with open('/tmp/fb_cases.json') as f:\n    _c = json.load(f)\n"
        + "with open('/tmp/fb_out.bin', 'wb') as f:\n    f.write(run_cases(_c))\n"
        + "del _c\n"
    )
    return mp.read_file("/tmp/fb_out.bin")


def _split(cases, blob):
    """Cut the output blob into one chunk per case, to name the first case that differs."""
    chunks = []
    pos = 0
    for _w, h, stride, _init, ops in cases:
        n = sum(1 for op in ops if op[0] == "get") + ((h + 7) // 8) * stride
        chunks.append(blob[pos : pos + n])
        pos += n
    assert pos == len(blob), "output length does not match the cases"
    return chunks


def test_host_framebuf_is_the_shim():
    """The CPython tests draw with host_tools/sim/shims/framebuf.py, the module proven here."""
    assert os.path.samefile(host_framebuf.__file__, SHIM)


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_framebuf_matches_real_micropython(mp, group):
    """Every drawing primitive leaves the same bytes as MicroPython's own framebuf."""
    cases = _cases(group)
    real = _run_real(mp, cases)
    host = _run_host(cases)
    if host == real:
        return
    for case, h_chunk, r_chunk in zip(cases, _split(cases, host), _split(cases, real), strict=True):
        if h_chunk != r_chunk:
            w, h, stride, init, ops = case
            nget = len(h_chunk) - ((h + 7) // 8) * stride
            i = next(i for i in range(len(h_chunk)) if h_chunk[i] != r_chunk[i])
            where = (
                "pixel() read #%d" % i
                if i < nget
                else "page %d column %d" % divmod(i - nget, stride)
            )
            pytest.fail(
                "first differing %s case: %dx%d stride %d; "
                "first difference at %s (host %02x, real %02x)\n"
                "ops %r\ninit %s\nhost %s\nreal %s"
                % (
                    group,
                    w,
                    h,
                    stride,
                    where,
                    h_chunk[i],
                    r_chunk[i],
                    ops,
                    init,
                    h_chunk.hex(),
                    r_chunk.hex(),
                )
            )
    pytest.fail("outputs differ but no single case does (driver bug)")


# GS8 (a byte a pixel): wyrm.font copies a glyph's column bytes into its cell with a
# GS8 blit. The shim's GS8 pixel, fill_rect and blit (key included) against the real one.
GS8_DRIVER = """
import binascii
import framebuf

def run_gs8(cases):
    out = bytearray()
    for dw, dh, dinit, sw, sh, sinit, ops in cases:
        dbuf = bytearray(binascii.unhexlify(dinit))
        dst = framebuf.FrameBuffer(dbuf, dw, dh, framebuf.GS8)
        src = framebuf.FrameBuffer(bytearray(binascii.unhexlify(sinit)), sw, sh, framebuf.GS8)
        for op in ops:
            if op[0] == "blit":
                if op[3] is None:
                    dst.blit(src, op[1], op[2])
                else:
                    dst.blit(src, op[1], op[2], op[3])
            elif op[0] == "fill_rect":
                dst.fill_rect(op[1], op[2], op[3], op[4], op[5])
            elif op[0] == "pixel":
                dst.pixel(op[1], op[2], op[3])
            else:
                v = dst.pixel(op[1], op[2])
                out.append(255 if v is None else v)
        out += dbuf
    return out
"""


def _gs8_cases():
    rng = random.Random(8)
    cases = []
    for dw, dh, sw, sh in [(5, 1, 5, 40), (13, 3, 5, 7), (7, 5, 9, 4), (128, 1, 5, 120)]:
        for _ in range(6):
            ops = []
            for _ in range(12):
                kind = rng.choice(["blit", "blit", "blit", "fill_rect", "pixel", "get"])
                x = rng.randint(-sw - 2, dw + 2)
                y = rng.randint(-sh - 2, dh + 2)
                if kind == "blit":
                    ops.append(["blit", x, y, rng.choice([None, -1, 0, rng.randrange(256)])])
                elif kind == "fill_rect":
                    ops.append(["fill_rect", x, y, rng.randint(-1, dw), rng.randint(-1, dh),
                                rng.randrange(256)])
                elif kind == "pixel":
                    ops.append(["pixel", x, y, rng.randrange(256)])
                else:
                    ops.append(["get", x, y])
            cases.append([dw, dh, _rand_hex(rng, dw * dh), sw, sh, _rand_hex(rng, sw * sh), ops])
    return cases


def test_gs8_matches_real_micropython(mp):
    cases = _gs8_cases()
    mp.write_file("/tmp/gs8_cases.json", json.dumps(cases).encode())
    mp.exec(
        GS8_DRIVER
        + "\nimport json\n"
        + "with open('/tmp/gs8_cases.json') as f:\n    _c = json.load(f)\n"
        + "with open('/tmp/gs8_out.bin', 'wb') as f:\n    f.write(run_gs8(_c))\n"
        + "del _c\n"
    )
    real = mp.read_file("/tmp/gs8_out.bin")
    ns = {}
    exec(GS8_DRIVER, ns)
    assert bytes(ns["run_gs8"](cases)) == real
