"""Generate firmware/wyrm/fontdata.py: Wyrm's fonts as ``bytes``.

    python host_tools/make/fontgen.py                 # rewrite firmware/wyrm/fontdata.py
    python host_tools/make/fontgen.py --check         # exit 1 if fontdata.py is stale
    python host_tools/make/fontgen.py --sheet docs/font.png   # also draw the sample sheet
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "firmware", "wyrm", "fontdata.py")
TTF = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

GLYPH_W = 5  # drawn columns; the cell adds one blank column
GLYPH_H = 8

# UI symbols on control codes (strings stay ASCII, so they stay cheap on
# MicroPython). name, code, Unicode characters that draw the same glyph.
SYMBOLS = [
    ("UP", 0x01, "\u2191"),  # arrow up
    ("DOWN", 0x02, "\u2193"),  # arrow down
    ("RIGHT", 0x03, "\u25b6\u25ba"),  # right-pointing triangle: selection marker
    ("LEFT", 0x04, "\u25c0\u25c4"),  # left-pointing triangle
    ("CHECK", 0x05, "\u2713\u2714"),  # check mark
    ("CROSS", 0x06, "\u2717\u2718"),  # ballot x
    ("DEGREE", 0x07, "\u00b0"),  # degree sign / small ring
    ("BULLET", 0x08, "\u2022"),  # bullet
    ("BATT0", 0x0B, ""),  # a battery with 0-4 bars of charge (the main menu's title bar;
    ("BATT1", 0x0C, ""),  # tab, newline and CR keep drawing as '?')
    ("BATT2", 0x0F, ""),
    ("BATT3", 0x10, ""),
    ("BATT4", 0x1E, ""),
    ("ELLIPSIS", 0x0E, "\u2026"),  # ... in one cell, for cut-off names
    ("DIE1", 0x11, "\u2680"),  # die faces: white pips on a solid 5x7 die
    ("DIE2", 0x12, "\u2681"),
    ("DIE3", 0x13, "\u2682"),
    ("DIE4", 0x14, "\u2683"),
    ("DIE5", 0x15, "\u2684"),
    ("DIE6", 0x16, "\u2685"),
    # German letters, so colour and card names such as gr\u00fcn, wei\u00df or J\u00f6rg show
    ("a_UMLAUT", 0x17, "\u00e4"),
    ("o_UMLAUT", 0x18, "\u00f6"),
    ("u_UMLAUT", 0x19, "\u00fc"),
    ("SHARP_S", 0x1A, "\u00df"),
    ("A_UMLAUT", 0x1B, "\u00c4"),
    ("O_UMLAUT", 0x1C, "\u00d6"),
    ("U_UMLAUT", 0x1D, "\u00dc"),
]

# Each band: the characters, then 8 rows of their glyphs side by side
# ('#' = lit, '.' = dark, one space between glyphs).
SMALL_ART = [
    (" !\"#$%&'", """
..... ..#.. .#.#. .#.#. ..#.. ##... .##.. ..#..
..... ..#.. .#.#. .#.#. .#### ##..# #..#. ..#..
..... ..#.. ..... ##### #.#.. ...#. #.#.. .#...
..... ..#.. ..... .#.#. .###. ..#.. .#... .....
..... ..#.. ..... ##### ..#.# .#... #.#.# .....
..... ..... ..... .#.#. ####. #..## #..#. .....
..... ..#.. ..... .#.#. ..#.. ...## .##.# .....
..... ..... ..... ..... ..... ..... ..... .....
"""),
    ("()*+,-./", """
...#. .#... ..... ..... ..... ..... ..... .....
..#.. ..#.. ..#.. ..#.. ..... ..... ..... ....#
.#... ...#. #.#.# ..#.. ..... ..... ..... ...#.
.#... ...#. .###. ##### ..... ##### ..... ..#..
.#... ...#. #.#.# ..#.. ..... ..... ..... .#...
..#.. ..#.. ..#.. ..#.. .##.. ..... .##.. #....
...#. .#... ..... ..... .##.. ..... .##.. .....
..... ..... ..... ..... .#... ..... ..... .....
"""),
    ("01234567", """
.###. ..#.. .###. .###. ...#. ##### ..##. #####
#...# .##.. #...# #...# ..##. #.... .#... ....#
#..## ..#.. ....# ....# .#.#. ####. #.... ...#.
#.#.# ..#.. ...#. ..##. #..#. ....# ####. ..#..
##..# ..#.. ..#.. ....# ##### ....# #...# .#...
#...# ..#.. .#... #...# ...#. #...# #...# .#...
.###. .###. ##### .###. ...#. .###. .###. .#...
..... ..... ..... ..... ..... ..... ..... .....
"""),
    ("89:;<=>?", """
.###. .###. ..... ..... ...#. ..... .#... .###.
#...# #...# .##.. .##.. ..#.. ..... ..#.. #...#
#...# #...# .##.. .##.. .#... ##### ...#. ....#
.###. .#### ..... ..... #.... ..... ....# ...#.
#...# ....# ..... ..... .#... ##### ...#. ..#..
#...# ...#. .##.. .##.. ..#.. ..... ..#.. .....
.###. .##.. .##.. .##.. ...#. ..... .#... ..#..
..... ..... ..... .#... ..... ..... ..... .....
"""),
    ("@ABCDEFG", """
.###. .###. ####. .###. ###.. ##### ##### .###.
#...# #...# #...# #...# #..#. #.... #.... #...#
#.### #...# #...# #.... #...# #.... #.... #....
#.#.# ##### ####. #.... #...# ####. ####. #.###
#.### #...# #...# #.... #...# #.... #.... #...#
#.... #...# #...# #...# #..#. #.... #.... #...#
.#### #...# ####. .###. ###.. ##### #.... .####
..... ..... ..... ..... ..... ..... ..... .....
"""),
    ("HIJKLMNO", """
#...# .###. ..### #...# #.... #...# #...# .###.
#...# ..#.. ...#. #..#. #.... ##.## #...# #...#
#...# ..#.. ...#. #.#.. #.... #.#.# ##..# #...#
##### ..#.. ...#. ##... #.... #.#.# #.#.# #...#
#...# ..#.. ...#. #.#.. #.... #...# #..## #...#
#...# ..#.. #..#. #..#. #.... #...# #...# #...#
#...# .###. .##.. #...# ##### #...# #...# .###.
..... ..... ..... ..... ..... ..... ..... .....
"""),
    ("PQRSTUVW", """
####. .###. ####. .#### ##### #...# #...# #...#
#...# #...# #...# #.... ..#.. #...# #...# #...#
#...# #...# #...# #.... ..#.. #...# #...# #...#
####. #...# ####. .###. ..#.. #...# #...# #.#.#
#.... #.#.# #.#.. ....# ..#.. #...# #...# #.#.#
#.... #..#. #..#. ....# ..#.. #...# .#.#. #.#.#
#.... .##.# #...# ####. ..#.. .###. ..#.. .#.#.
..... ..... ..... ..... ..... ..... ..... .....
"""),
    ("XYZ[\\]^_", """
#...# #...# ##### .###. ..... .###. ..#.. .....
#...# #...# ....# .#... #.... ...#. .#.#. .....
.#.#. .#.#. ...#. .#... .#... ...#. #...# .....
..#.. ..#.. ..#.. .#... ..#.. ...#. ..... .....
.#.#. ..#.. .#... .#... ...#. ...#. ..... .....
#...# ..#.. #.... .#... ....# ...#. ..... .....
#...# ..#.. ##### .###. ..... .###. ..... .....
..... ..... ..... ..... ..... ..... ..... #####
"""),
    ("`abcdefg", """
.#... ..... #.... ..... ....# ..... ..##. .....
..#.. ..... #.... ..... ....# ..... .#..# .....
...#. .###. #.##. .###. .##.# .###. .#... .####
..... ....# ##..# #.... #..## #...# ###.. #...#
..... .#### #...# #.... #...# ##### .#... #...#
..... #...# #...# #...# #...# #.... .#... .####
..... .#### ####. .###. .#### .###. .#... ....#
..... ..... ..... ..... ..... ..... ..... .###.
"""),
    ("hijklmno", """
#.... ..#.. ...#. #.... .##.. ..... ..... .....
#.... ..... ..... #.... ..#.. ..... ..... .....
#.##. .##.. ..##. #..#. ..#.. ##.#. #.##. .###.
##..# ..#.. ...#. #.#.. ..#.. #.#.# ##..# #...#
#...# ..#.. ...#. ##... ..#.. #.#.# #...# #...#
#...# ..#.. ...#. #.#.. ..#.. #.#.# #...# #...#
#...# .###. #..#. #..#. .###. #.#.# #...# .###.
..... ..... .##.. ..... ..... ..... ..... .....
"""),
    ("pqrstuvw", """
..... ..... ..... ..... .#... ..... ..... .....
..... ..... ..... ..... .#... ..... ..... .....
####. .#### #.##. .#### ###.. #...# #...# #...#
#...# #...# ##..# #.... .#... #...# #...# #...#
#...# #...# #.... .###. .#... #...# #...# #.#.#
####. .#### #.... ....# .#..# #..## .#.#. #.#.#
#.... ....# #.... ####. ..##. .##.# ..#.. .#.#.
#.... ....# ..... ..... ..... ..... ..... .....
"""),
    ("xyz{|}~", """
..... ..... ..... ...#. ..#.. .#... .....
..... ..... ..... ..#.. ..#.. ..#.. .....
#...# #...# ##### ..#.. ..#.. ..#.. .#...
.#.#. #...# ...#. .#... ..#.. ...#. #.#.#
..#.. #...# ..#.. ..#.. ..#.. ..#.. ...#.
.#.#. .#### .#... ..#.. ..#.. ..#.. .....
#...# ....# ##### ...#. ..#.. .#... .....
..... .###. ..... ..... ..... ..... .....
"""),
    # UP DOWN RIGHT LEFT CHECK CROSS DEGREE BULLET
    ("\x01\x02\x03\x04\x05\x06\x07\x08", """
..#.. ..#.. #.... ...#. ..... ..... .##.. .....
.###. ..#.. ##... ..##. ....# #...# #..#. .....
#.#.# ..#.. ###.. .###. ...## .#.#. #..#. .###.
..#.. ..#.. ####. ####. #.##. ..#.. .##.. .###.
..#.. #.#.# ###.. .###. ###.. .#.#. ..... .###.
..#.. .###. ##... ..##. .#... #...# ..... .....
..#.. ..#.. #.... ...#. ..... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... .....
"""),
    # BATT0 .. BATT4
    ("\x0b\x0c\x0f\x10\x1e", """
.###. .###. .###. .###. .###.
##### ##### ##### ##### #####
#...# #...# #...# #...# #####
#...# #...# #...# ##### #####
#...# #...# ##### ##### #####
#...# ##### ##### ##### #####
##### ##### ##### ##### #####
..... ..... ..... ..... .....
"""),
    # ELLIPSIS DIE1 .. DIE6
    ("\x0e\x11\x12\x13\x14\x15\x16", """
..... ##### ##### ##### ##### ##### #####
..... ##### ###.# ###.# #.#.# #.#.# #.#.#
..... ##### ##### ##### ##### ##### #####
..... ##.## ##### ##.## ##### ##.## #.#.#
..... ##### ##### ##### ##### ##### #####
..... ##### #.### #.### #.#.# #.#.# #.#.#
#.#.# ##### ##### ##### ##### ##### #####
..... ..... ..... ..... ..... ..... .....
"""),
    # a o u with two dots, sharp s, A O U with two dots (capitals: the dots in the
    # corners of row 0, the letter one row shorter)
    ("\x17\x18\x19\x1a\x1b\x1c\x1d", """
.#.#. .#.#. .#.#. .##.. #...# #...# #...#
..... ..... ..... #..#. .###. .###. .....
.###. .###. #...# #.#.. #...# #...# #...#
....# #...# #...# #.##. #...# #...# #...#
.#### #...# #...# #...# ##### #...# #...#
#...# #...# #..## #...# #...# #...# #...#
.#### .###. .##.# #.##. #...# .###. .###.
..... ..... ..... ..... ..... ..... .....
"""),
]

BIG_CHARS = "0123456789+-=?/ "
BIG_H = 28  # rows: the digits' height, top of '0' to the baseline
BIG_XSCALE = 0.85  # squeeze: 18x28 digits instead of 22x28
BIG_GAP = 3  # blank columns between big glyphs
BIG_SPACE = 8  # width of ' '
_SUPER = 400  # render size (px) before scaling down


def small_glyphs():
    """{code: [8 row strings]} from SMALL_ART, checked strictly."""
    glyphs = {}
    for chars, art in SMALL_ART:
        rows = art.strip("\n").split("\n")
        if len(rows) != GLYPH_H:
            raise ValueError("band %r: %d rows, want %d" % (chars, len(rows), GLYPH_H))
        cells = [row.split(" ") for row in rows]
        for r, row in enumerate(cells):
            if len(row) != len(chars):
                raise ValueError(
                    "band %r row %d: %d glyphs, want %d" % (chars, r, len(row), len(chars)))
        for i, ch in enumerate(chars):
            g = [cells[r][i] for r in range(GLYPH_H)]
            for line in g:
                if len(line) != GLYPH_W or set(line) - set(".#"):
                    raise ValueError("glyph %r: bad row %r" % (ch, line))
            if ord(ch) in glyphs:
                raise ValueError("glyph %r drawn twice" % ch)
            glyphs[ord(ch)] = g
    missing = [chr(c) for c in range(32, 127) if c not in glyphs]
    if missing:
        raise ValueError("no glyph for %r" % "".join(missing))
    for _name, code, _uni in SYMBOLS:
        if code not in glyphs:
            raise ValueError("no glyph for symbol code %d" % code)
    return glyphs


def columns(rows):
    """Column bytes of a glyph given as row strings: bit r of byte x = rows[r][x]."""
    out = bytearray()
    for x in range(len(rows[0])):
        b = 0
        for r, line in enumerate(rows):
            if line[x] == "#":
                b |= 1 << (r & 7)
            if (r & 7) == 7 or r == len(rows) - 1:
                out.append(b)
                b = 0
    return bytes(out)


def small_table():
    """640 bytes: 5 column bytes for each code 0-127; codes without a glyph get '?'."""
    glyphs = small_glyphs()
    q = glyphs[ord("?")]
    out = bytearray()
    for code in range(128):
        out += columns(glyphs.get(code, q))
    return bytes(out)


def big_glyphs():
    """[(char, rows)] for BIG_CHARS, rows = BIG_H strings of '#'/'.' (ink-cropped width)."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(TTF, _SUPER)
    boxes = [font.getbbox(d) for d in "0123456789"]
    top = min(b[1] for b in boxes)
    base = max(b[3] for b in boxes)
    k = BIG_H / (base - top)
    out = []
    for ch in BIG_CHARS:
        if ch == " ":
            out.append((ch, ["." * BIG_SPACE] * BIG_H))
            continue
        left, _t, right, _b = font.getbbox(ch)
        im = Image.new("L", (right - left + 4, base - top), 0)
        ImageDraw.Draw(im).text((2 - left, -top), ch, font=font, fill=255)
        w = max(1, round(im.width * k * BIG_XSCALE))
        im = im.resize((w, BIG_H), Image.BOX)
        px = im.load()
        rows = ["".join("#" if px[x, y] >= 128 else "." for x in range(w)) for y in range(BIG_H)]
        used = [x for x in range(w) if any(r[x] == "#" for r in rows)]
        rows = [r[used[0]:used[-1] + 1] for r in rows]
        out.append((ch, rows))
    return out


def _bytes_lines(data, per_line, indent="    "):
    lines = []
    for i in range(0, len(data), per_line):
        chunk = data[i:i + per_line]
        lines.append('%sb"%s"' % (indent, "".join("\\x%02x" % b for b in chunk)))
    return lines


def _py_str(s):
    """A source literal for s using only ASCII (\\xNN / \\uNNNN escapes)."""
    out = []
    for ch in s:
        o = ord(ch)
        if 32 <= o < 127 and ch not in "\\\"":
            out.append(ch)
        elif o < 256:
            out.append("\\x%02x" % o)
        else:
            out.append("\\u%04x" % o)
    return '"%s"' % "".join(out)


def source():
    """The text of fontdata.py."""
    small = small_table()
    big = big_glyphs()
    rows_per_col = (BIG_H + 7) // 8
    names = {c: n for n, c, _u in SYMBOLS}
    lines = [
        '"""GENERATED by host_tools/make/fontgen.py - do not edit: change the generator and run',
        "`python host_tools/make/fontgen.py`. tests/firmware/test_font.py checks this file is",
        "current.",
        "",
        "SMALL: 5 column bytes per code 0-127 (LSB = top row; 6x8 cell, baseline row 6);",
        "codes without a glyph hold '?'. BIG: the big glyphs side by side as a MONO_VLSB",
        "strip BIG_ROWS pages tall (page after page, LSB of a byte = its top row; a FrameBuffer",
        "as it is), glyph i of BIG_CHARS at x BIG_X[i] and BIG_W[i] columns wide.",
        "UNI[i] (a non-ASCII character) draws as code UNI_CODE[i].",
        '"""',
        "from micropython import const",
        "",
        "BIG_H = const(%d)" % BIG_H,
        "BIG_ROWS = const(%d)" % rows_per_col,
        "BIG_GAP = const(%d)" % BIG_GAP,
        "",
        "SMALL = (",
    ]
    for code in range(128):
        chunk = small[code * 5:code * 5 + 5]
        label = repr(chr(code)) if 32 <= code < 127 else names.get(code, "(no glyph: '?')")
        lines += [line + "  # 0x%02x %s" % (code, label) for line in _bytes_lines(chunk, 5)]
    lines.append(")")
    lines.append("")
    uni = "".join(u for _n, _c, us in SYMBOLS for u in us)
    uni_code = bytes(c for _n, c, us in SYMBOLS for _u in us)
    lines.append("UNI = " + _py_str(uni))
    lines.append('UNI_CODE = b"%s"' % "".join("\\x%02x" % b for b in uni_code))
    lines.append("")
    lines.append("BIG_CHARS = " + _py_str(BIG_CHARS))
    widths = bytes(len(rows[0]) for _ch, rows in big)
    lines.append('BIG_W = b"%s"' % "".join("\\x%02x" % b for b in widths))
    xs = bytearray()
    glyphs = []
    for _ch, rows in big:
        xs.append(sum(len(r[0]) for _c, r in big[: len(xs)]))
        glyphs.append(columns(rows))  # BIG_ROWS bytes per column
    assert sum(widths) < 256  # BIG_X holds bytes
    lines.append('BIG_X = b"%s"' % "".join("\\x%02x" % b for b in xs))
    lines.append("BIG = (")
    for page in range(rows_per_col):
        lines.append("    # page %d" % page)
        lines += _bytes_lines(b"".join(g[page::rows_per_col] for g in glyphs), 16)
    lines.append(")")
    return "\n".join(lines) + "\n"


def write_sheet(path, scale=4):
    """Draw every glyph with the firmware renderer, white on black, scaled up."""
    from PIL import Image

    for sub in ("firmware", os.path.join("host_tools", "sim", "shims")):
        p = os.path.join(ROOT, sub)
        if p not in sys.path:
            sys.path.insert(0, p)
    import framebuf

    for name in ("wyrm.font", "wyrm.fontdata"):
        sys.modules.pop(name, None)
    from wyrm import font

    def panel(w, h, draw):
        buf = bytearray(((h + 7) // 8) * w)
        fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
        draw(fb)
        im = Image.new("L", (w, h), 0)
        px = im.load()
        for y in range(h):
            for x in range(w):
                if buf[(y >> 3) * w + x] >> (y & 7) & 1:
                    px[x, y] = 255
        return im

    def grid(fb):
        codes = [c for c in range(32, 127)] + [c for _n, c, _u in SYMBOLS]
        for i, code in enumerate(codes):
            font.text(fb, chr(code), 2 + (i % 16) * 9, 2 + (i // 16) * 11)

    def samples(fb):
        y = 0
        for line in ("The quick brown fox jumps", "over the lazy dog.", "gjpqy, (x); [a_b] {c}",
                     "0O 1lI| 5S 8B 2Z 6b 9g", "HP:12/20  +3 -1  45%  #7",
                     "\x03 Drachenfels \x05  \x01\x02 \x04",
                     "gr\u00fcn wei\u00df J\u00f6rg \u00c4\u00d6\u00dc\u00e4"):
            font.text(fb, line, 0, y)
            y += font.LINE
        font.text(fb, "HIT MISS 2x", 0, y + 2, 1, 2)
        font.text(fb, "x3 ok", 0, y + 20, 1, 3)

    def bigs(fb):
        font.big(fb, "0123456789", 0, 0)
        font.big(fb, "+-=?/ 12", 0, font.BIG_H + 4)

    def screen(fb):
        fb.fill_rect(0, 0, 128, 9, 1)
        font.text(fb, "Roll 2d6", 2, 1, 0)
        font.text(fb, "\x01\x02", 128 - 1 - font.width("\x01\x02"), 1, 0)
        font.big_center(fb, "3+4=7", 12)
        font.center(fb, "HIT", 42, 1, 2)
        font.text(fb, "\x11\x12\x13\x14\x15\x16 OK\x03", 0, 56)

    ncodes = 127 - 32 + len(SYMBOLS)
    parts = [panel(146, 2 + ((ncodes + 15) // 16) * 11, grid), panel(160, 98, samples),
             panel(200, 2 * font.BIG_H + 4, bigs), panel(128, 64, screen)]
    gap = 6
    width = max(p.width for p in parts) + 2 * gap
    height = sum(p.height + gap for p in parts) + gap
    sheet = Image.new("L", (width, height), 40)
    y = gap
    for p in parts:
        sheet.paste(p, (gap, y))
        y += p.height + gap
    sheet = sheet.resize((width * scale, height * scale), Image.NEAREST)
    sheet.save(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT, help="file to write (default: firmware/wyrm/fontdata.py)")
    ap.add_argument("--check", action="store_true",
                    help="only compare with --out; exit 1 if it differs")
    ap.add_argument("--sheet", metavar="PNG", help="also draw a sample sheet (e.g. docs/font.png)")
    args = ap.parse_args(argv)
    text = source()
    if args.check:
        try:
            with open(args.out) as f:
                same = f.read() == text
        except OSError:
            same = False
        print("%s is %s" % (args.out, "up to date" if same
                            else "STALE: run host_tools/make/fontgen.py"))
        return 0 if same else 1
    with open(args.out, "w") as f:
        f.write(text)
    if args.sheet:
        write_sheet(args.sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
