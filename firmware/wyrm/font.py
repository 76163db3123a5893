"""Text for the OLED: a 5x7 font in 6x8 cells, scaled text and big digits for dice.

Drawing is transparent, clipped and allocates nothing; the symbol codes are listed in
docs/INTERNALS.md. ``LOG`` (a list) records every call for the simulator and tests.
"""
from struct import pack_into

import framebuf
from micropython import const

from wyrm import fontdata

LOG = None

LINE = const(8)  # line height (px)
CELL = const(6)  # cell width (px) at scale 1
CHARS = const(21)  # characters per 128 px line at scale 1
BIG_H = fontdata.BIG_H
BIG_GAP = fontdata.BIG_GAP

UP = "\x01"
DOWN = "\x02"
RIGHT = "\x03"
CHECK = "\x05"
ELLIPSIS = "\x0e"
DIE = ("", "\x11", "\x12", "\x13", "\x14", "\x15", "\x16")  # DIE[n]: face n

_Q = const(63)  # '?'
_SPACE = const(32)
_GW = const(5)  # drawn columns of a small glyph
_SCRATCH = const(27)  # bytes of a string text() copies in one go ("27s" below)
_SMALL = fontdata.SMALL
UNI = fontdata.UNI  # the non-ASCII characters drawn: UNI[i] as glyph UNI_CODE[i] (wyrm.letters)
_UNI_CODE = fontdata.UNI_CODE
_BIG_CHARS = fontdata.BIG_CHARS
_BIG_W = fontdata.BIG_W
_BIG_X = fontdata.BIG_X
_BIG_ROWS = fontdata.BIG_ROWS
_BIG_Q = fontdata.BIG_CHARS.find("?")
_SMALL = bytearray(_SMALL)  # the small glyph strip's own buffer (a FrameBuffer needs one)
try:  # glyphs written as bytes into a Canvas's pages (viper on the Pico)
    from wyrm.glyphs import draw as _draw
except (ImportError, SyntaxError, ValueError):  # a MicroPython that runs no machine code
    _draw = None  # (compiling it: SyntaxError; its .mpy: ValueError)


def _glyph(fb, data, i, ncols, nbytes, x, y, s, c):
    """Draw ncols columns of nbytes bytes each, starting at data[i], scale s.

    Bit r of a column (LSB of its first byte = row 0) lights row r; each run
    of lit rows is one fill_rect of width s.
    """
    for _ in range(ncols):
        y0 = -1  # first row of the open run, or -1
        r = 0
        for _ in range(nbytes):
            b = data[i]
            i += 1
            rb = r
            r += 8
            while b:
                if b & 1:
                    if y0 < 0:
                        y0 = rb
                elif y0 >= 0:
                    fb.fill_rect(x, y + y0 * s, s, (rb - y0) * s, c)
                    y0 = -1
                b >>= 1
                rb += 1
            if y0 >= 0 and rb < r:  # the byte's top bits were dark
                fb.fill_rect(x, y + y0 * s, s, (rb - y0) * s, c)
                y0 = -1
        if y0 >= 0:
            fb.fill_rect(x, y + y0 * s, s, (r - y0) * s, c)
        x += s


_MONO = framebuf.MONO_VLSB
_BIG_CELL = const(20)  # widest big glyph (19) and then some
_small = None  # (strip, row, cell FrameBuffers, the cell's buffer, pack_into): first text()
_big_fb = None  # (strip, cell, x of each glyph in the strip), made at the first big()
_pal = None  # palette for colour 0: lit -> 0, dark -> 1 (the key)


def _palette():
    global _pal
    if _pal is None:
        _pal = framebuf.FrameBuffer(bytearray(2), 2, 1, _MONO)
        _pal.pixel(0, 0, 1)
    return _pal


def _small_fbs():
    global _small
    if _small is None:
        # The glyphs as a GS8 picture, one glyph a row (a pixel is a byte: a
        # column of the glyph); a glyph is copied into the cell as one such row.
        strip = framebuf.FrameBuffer(_SMALL, _GW, len(_SMALL) // _GW, framebuf.GS8)
        # The cell's buffer holds the cell (5 bytes) and then the bytes of the
        # string being drawn, copied there by pack_into (see text()).
        buf = bytearray(_GW + _SCRATCH)
        row = framebuf.FrameBuffer(buf, _GW, 1, framebuf.GS8)
        pack = pack_into
        try:
            pack_into("1s", buf, _GW, "a")  # MicroPython: a str is a buffer of its UTF-8
        except Exception:  # noqa: BLE001 - CPython: "s" takes bytes only (struct.error)
            # (a default argument, not a closure: a closure's cell is made at every call)
            pack = lambda f, b, i, s, p=pack_into: p(f, b, i, s.encode())

        _small = (strip, row, framebuf.FrameBuffer(buf, _GW, 8, _MONO), buf, pack)
    return _small


def _big_fbs():
    """The big glyphs as one 32-row strip (4 pages), glyph i at x ofs[i]. The generated
    data is the strip already: one copy (a FrameBuffer needs a bytearray)."""
    global _big_fb
    if _big_fb is None:
        data = fontdata.BIG
        strip = framebuf.FrameBuffer(bytearray(data), len(data) // _BIG_ROWS, _BIG_ROWS * 8, _MONO)
        cell = framebuf.FrameBuffer(
            bytearray(_BIG_CELL * _BIG_ROWS), _BIG_CELL, _BIG_ROWS * 8, _MONO
        )
        _big_fb = (strip, cell, _BIG_X)
    return _big_fb


def text(fb, s, x, y, c=1, scale=1):
    """Draw s with its top-left at x, y; return the x after the last cell."""
    if LOG is not None:
        LOG.append((x, y, s, c, scale))
    if scale != 1:
        step = CELL * scale
        for ch in s:
            _glyph(fb, _SMALL, _code(ch) * _GW, _GW, 1, x, y, scale, c)
            x += step
        return x
    sm = _small or _small_fbs()
    buf = sm[3]
    # Iterating a str makes a one-character string per character (a search of
    # the interned strings each), so an ASCII string's
    # bytes are copied behind the cell in one C call and read back as ints.
    # Past them a zero byte stays (pack_into pads): there a string with a letter
    # of more than one byte still has its own.
    n = len(s)
    sm[4]("27s", buf, _GW, s)
    plain = n < _SCRATCH and not buf[_GW + n]  # ASCII, its bytes in buf
    if not plain and n < _SCRATCH:
        # a letter of more than one byte (ä, ß ...): the glyph codes into buf one by one,
        # then drawn in one go as an ASCII string's are
        i = _GW
        for ch in s:
            buf[i] = _code(ch)
            i += 1
        plain = True
    if plain and _draw is not None and type(fb) is not framebuf.FrameBuffer \
            and -64 <= x < 192 and -64 <= y < 192:  # a Canvas: draw() reads the cell's bytes
        buf[0] = fb.width
        buf[1] = fb.pages
        buf[2] = n
        buf[3] = x + 64
        buf[4] = y + 64
        _draw(fb.buffer, _SMALL, buf, c)
        return x + n * CELL
    # A glyph's dark pixels are never drawn (in either colour), so a space draws
    # nothing and is skipped: a blit costs by the pixels of the cell.
    strip, row, cell = sm[0], sm[1], sm[2]
    key = 0
    pal = None
    if not c:
        key = 1
        pal = _palette()
    if plain:
        for i in range(_GW, _GW + n):
            g = buf[i]
            if g != _SPACE:
                row.blit(strip, 0, -g)
                fb.blit(cell, x, y, key, pal)
            x += CELL
    else:
        for ch in s:
            if ch != " ":
                row.blit(strip, 0, -_code(ch))
                fb.blit(cell, x, y, key, pal)
            x += CELL
    return x


def _code(ch):
    o = ord(ch)
    if o > 127:
        o = UNI.find(ch)
        o = _UNI_CODE[o] if o >= 0 else _Q
    return o


def width(s, scale=1):
    """Pixel width of s in the small font, gap column of the last cell included."""
    return len(s) * CELL * scale


def center(fb, s, y, c=1, scale=1, w=128):
    """Draw s centred (by its ink, not its trailing gap) in a w px wide area."""
    return text(fb, s, (w - width(s, scale) + scale) // 2, y, c, scale)


def _big_index(ch):
    i = _BIG_CHARS.find(ch)
    return i if i >= 0 else _BIG_Q


# The big glyphs made now, not in the first big(): for a screen whose first frame has
# none, but whose next one must be quick.
load_big = _big_fbs


def big(fb, s, x, y, c=1):
    """Draw s in big digits, top-left x, y; return x + big_width(s)."""
    if LOG is not None:
        LOG.append((x, y, s, c, 0))
    strip, cell, ofs = _big_fbs()
    key = 0
    pal = None
    if not c:
        key = 1
        pal = _palette()
    gap = 0
    for ch in s:
        i = _big_index(ch)
        x += gap
        w = _BIG_W[i]
        cell.blit(strip, -ofs[i], 0)
        cell.fill_rect(w, 0, _BIG_CELL - w, _BIG_ROWS * 8, 0)
        fb.blit(cell, x, y, key, pal)
        x += w
        gap = BIG_GAP
    return x


def big_width(s):
    """Pixel width of s in big digits: glyphs plus the gaps between them."""
    w = 0
    for ch in s:
        w += _BIG_W[_big_index(ch)] + BIG_GAP
    return w - BIG_GAP if w else 0


def big_center(fb, s, y, w=128, c=1):
    """Draw s in big digits centred in a w px wide area."""
    return big(fb, s, (w - big_width(s)) // 2, y, c)


def wrap(text, width=21):
    """Split text into lines of at most ``width`` characters at spaces ('\\n' forces)."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out
