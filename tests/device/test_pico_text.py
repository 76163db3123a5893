"""Text on the real firmware: wyrm.glyphs (viper, machine code on the Pico) against blits.

On the emulated Pico font.text() writes a Canvas's glyphs as bytes; these tests hold those
pixels to FrameBuffer blits' (the path a plain FrameBuffer takes) for every glyph, both
colours, every shift within a page and every edge, and time a menu row both ways in emulated
time (exact: the same on every run).
"""
import pytest

from host_tools.emu import pico

CHECK = r"""
import time, framebuf
from wyrm import font
from wyrm.canvas import Canvas
print("viper", font._draw is not None)
codes = "".join(chr(i) for i in range(1, 127))
bad = []
for c in (1, 0):
    for y in range(-9, 66):
        for x in (-7, -3, 0, 61, 123, 128):
            cv = Canvas(128, 64)
            buf = bytearray((i * 37 + 11) & 0xFF for i in range(1024))
            cv.buffer[:] = buf
            fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
            for k in range(0, len(codes), 20):
                if font.text(cv, codes[k:k + 20], x, y + k // 20, c) != \
                        font.text(fb, codes[k:k + 20], x, y + k // 20, c):
                    bad.append(("end", c, x, y))
            if cv.buffer != buf:
                bad.append((c, x, y))
print("bad", bad)
cv = Canvas(128, 64)
fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
def best(f):
    t = 10 ** 9
    for _ in range(3):
        t0 = time.ticks_us()
        f()
        t = min(t, time.ticks_diff(time.ticks_us(), t0))
    return t
row = "Remove player  3"
print("us", best(lambda: font.text(cv, row, 2, 29)), best(lambda: font.text(fb, row, 2, 29)))
"""


@pytest.fixture(scope="module")
def out():
    with pico.boot("pico-ssd1306-4btn", probe=False) as dev:
        dev.repl()
        return dev.exec(CHECK, max_ms=600_000).split("\n")


def test_the_pico_writes_glyphs_with_viper(out):
    assert out[0] == "viper True"


def test_viper_glyphs_match_the_blits_at_every_shift_and_edge(out):
    """Every glyph, lit and dark, every y from -9 to 65 and x over both edges, over a
    background of lit and dark pixels: the same bytes and the same end as blits."""
    assert out[1] == "bad []"


def test_a_menu_row_draws_at_least_twice_as_fast(out):
    """A menu row's text (15 glyphs) in emulated microseconds, bytes against blits."""
    fast, slow = (int(v) for v in out[2].split()[1:])
    assert fast * 2 <= slow, (fast, slow)
