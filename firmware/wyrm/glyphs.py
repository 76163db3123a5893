"""Small-font glyphs straight into a MONO_VLSB page buffer (wyrm.font's text(), 1x).

On the Pico ``draw`` is viper (machine code): a glyph costs a fraction of two FrameBuffer
blits. The same code runs under CPython (the host's micropython
shim makes the viper cast ptr8 a builtin that returns the buffer itself); a MicroPython
without the native emitter cannot import this module and font draws with blits.
tests/firmware/test_font.py and tests/device/test_pico_text.py hold the pixels to the blits'
(both colours, every shift, clipped at every edge).
"""
# pyright: reportUndefinedVariable=false
# (ptr8 is a viper cast, known to the compiler, not a name)
import micropython


@micropython.viper
def draw(dst, font, src, c: int):
    """Draw ``src[2]`` glyph codes from ``src[5:]`` (space: nothing) at ``src[3] - 64``,
    ``src[4] - 64`` into ``dst``, ``src[0]`` px wide and ``src[1]`` pages high: lit pixels
    of colour ``c``, dark ones untouched; ``font`` holds 5 column bytes a glyph (bit 0 on
    top)."""
    d = ptr8(dst)  # noqa: F821
    f = ptr8(font)  # noqa: F821
    s = ptr8(src)  # noqa: F821
    w = int(s[0])
    pages = int(s[1])
    n = int(s[2])
    x = int(s[3]) - 64
    y = int(s[4]) - 64
    p = y >> 3
    sh = y & 7
    lo = -1  # the offsets of the glyph's upper and lower page (-1: off the panel)
    if p >= 0 and p < pages:
        lo = p * w
    hi = -1
    if sh and p + 1 >= 0 and p + 1 < pages:
        hi = (p + 1) * w
    m = 0 if c else 0xFF  # colour 0: a lit pixel goes dark (set it, then flip it)
    i = 0
    while i < n:
        k = int(s[5 + i]) * 5
        if k != 160:  # (160: a space; a glyph off either edge has no columns left below)
            j = 0
            if x < 0:
                j = -x
            e = 5
            if x + 5 > w:
                e = w - x
            while j < e:
                b = int(f[k + j])
                if b:
                    if lo >= 0:
                        v = (b << sh) & 0xFF
                        d[lo + x + j] = (int(d[lo + x + j]) | v) ^ (v & m)
                    if hi >= 0:
                        v = b >> (8 - sh)
                        d[hi + x + j] = (int(d[hi + x + j]) | v) ^ (v & m)
                j += 1
        x += 6
        i += 1
