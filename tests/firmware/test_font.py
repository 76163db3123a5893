"""The OLED fonts: hand-drawn 5x7 small font, x2/x3 medium, big dice digits, and the text log."""
import os

import framebuf
import pytest

from host_tools.make import fontgen
from wyrm import font, fontdata

W, H = 128, 64
ART = fontgen.small_glyphs()
PRINTABLE = [chr(c) for c in range(32, 127)]
SYMBOL_CODES = [code for _name, code, _uni in fontgen.SYMBOLS]


def make_fb(w=W, h=H):
    buf = bytearray(((h + 7) // 8) * w)
    return framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB), buf


def lit(buf, w, h):
    """Set of (x, y) lit pixels, read straight from the VLSB bytes."""
    return {(x, y) for y in range(h) for x in range(w) if buf[(y >> 3) * w + x] >> (y & 7) & 1}


def drawn(s, x=0, y=0, scale=1, w=W, h=H):
    fb, buf = make_fb(w, h)
    font.text(fb, s, x, y, 1, scale)
    return lit(buf, w, h)


def art_pixels(code, x=0, y=0, scale=1):
    """Pixels the ASCII art in the generator says glyph `code` lights."""
    return {
        (x + gx * scale + dx, y + gy * scale + dy)
        for gy, row in enumerate(ART[code])
        for gx, cell in enumerate(row)
        if cell == "#"
        for dx in range(scale)
        for dy in range(scale)
    }


def big_drawn(s, x=0, y=0, w=W, h=H):
    fb, buf = make_fb(w, h)
    font.big(fb, s, x, y)
    return lit(buf, w, h)


@pytest.fixture
def log(monkeypatch):
    entries = []
    monkeypatch.setattr(font, "LOG", entries)
    return entries


# --- small font ----------------------------------------------------------


def test_every_printable_glyph_is_drawn_except_space():
    """Every printable ASCII character shows pixels; only space is blank."""
    assert drawn(" ") == set()
    for ch in PRINTABLE[1:]:
        assert drawn(ch), "glyph %r is empty" % ch


def test_glyphs_are_pairwise_distinct():
    """No two characters or UI symbols look the same."""
    chars = PRINTABLE[1:] + [chr(c) for c in SYMBOL_CODES]
    seen = {}
    for ch in chars:
        key = frozenset(drawn(ch))
        assert key not in seen, "%r looks like %r" % (ch, seen.get(key))
        seen[key] = ch


def test_letter_a_lands_on_its_ascii_art():
    """'A' drawn at (7, 11) lights exactly the pixels of its ASCII art, shifted to (7, 11)."""
    assert drawn("A", 7, 11) == art_pixels(ord("A"), 7, 11)
    assert len(art_pixels(ord("A"))) > 10


@pytest.mark.parametrize("code", list(range(32, 127)) + SYMBOL_CODES)
def test_each_glyph_matches_its_art(code):
    """Every glyph's pixels are its ASCII art, and the 6th cell column stays dark."""
    got = drawn(chr(code), 3, 5)
    assert got == art_pixels(code, 3, 5)
    assert not any(x == 3 + 5 for x, _y in got)


@pytest.mark.parametrize("scale", [2, 3])
def test_scaled_glyphs_are_pixel_blocks(scale):
    """At scale 2 and 3 each pixel of the art becomes a scale x scale block."""
    for ch in "AgM?":
        assert drawn(ch, 4, 2, scale) == art_pixels(ord(ch), 4, 2, scale)


def test_descenders_use_row_seven_capitals_stop_at_baseline():
    """g j p q y reach row 7 of the cell; capitals and digits stay in rows 0-6."""
    for ch in "gjpqy":
        assert max(y for _x, y in drawn(ch)) == 7, ch
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        ys = [y for _x, y in drawn(ch)]
        assert min(ys) == 0 and max(ys) == 6, ch


def test_text_advances_six_px_per_char_and_returns_end():
    """text() returns x + 6 * len * scale, the same as width()."""
    fb, _buf = make_fb()
    assert font.text(fb, "Hello", 10, 0) == 10 + 30
    assert font.text(fb, "Hi", 0, 20, 1, 2) == 24
    assert font.text(fb, "", 5, 0) == 5
    assert font.width("Hello") == 30
    assert font.width("HIT", 2) == 36
    assert font.width("ab", 3) == 36
    assert font.width("") == 0


def test_21_chars_fit_a_line_22_do_not():
    """CHARS = 21 characters fit in 128 px and are all fully drawn; a 22nd would not fit."""
    assert font.CHARS == 21 and font.LINE == 8
    assert font.width("W" * font.CHARS) <= W < font.width("W" * (font.CHARS + 1))
    one = len(drawn("W"))
    got = drawn("W" * 21)
    assert len(got) == 21 * one
    assert max(x for x, _y in got) <= W - 1


def test_string_draws_each_char_in_its_own_cell():
    """A string's pixels are each glyph's art shifted by 6 px per position."""
    s = "Ab3,"
    want = set()
    for i, ch in enumerate(s):
        want |= art_pixels(ord(ch), 2 + 6 * i, 9)
    assert drawn(s, 2, 9) == want


def test_unknown_characters_draw_as_question_mark():
    """Characters outside the font (accents, controls, emoji) draw as '?'."""
    q = drawn("?")
    for ch in ("\x00", "\n", "\x7f", "\u00e9", "\u20ac", "\U0001f409"):
        assert drawn(ch) == q, repr(ch)


def test_unicode_symbols_alias_the_control_codes():
    """U+2191 etc. draw the same glyphs as the documented control codes."""
    pairs = [("\u2191", font.UP), ("\u2193", font.DOWN), ("\u25b6", font.RIGHT),
             ("\u25c0", "\x04"), ("\u2713", font.CHECK), ("\u2717", "\x06"),
             ("\u00b0", "\x07"),
             ("\u2022", "\x08"), ("\u2026", font.ELLIPSIS), ("\u2680", font.DIE[1]),
             ("\u2685", font.DIE[6])]
    for uni, code in pairs:
        assert drawn(uni) == drawn(code) != drawn("?"), repr(uni)
    assert font.DIE[3] == "\x13"


def test_colour_zero_clears_only_glyph_pixels():
    """c=0 draws dark pixels on a lit background (inverted title bars) and nothing else."""
    fb, buf = make_fb()
    fb.fill(1)
    font.text(fb, "Ok", 0, 0, 0)
    dark = {(x, y) for y in range(H) for x in range(W)} - lit(buf, W, H)
    assert dark == drawn("Ok")


def test_center_balances_the_ink():
    """center() leaves equal margins (within 1 px) left and right of the ink."""
    for s, scale in (("HIT", 2), ("MISS", 2), ("Hi", 1), ("W" * 21, 1), ("ok", 3)):
        fb, buf = make_fb()
        font.center(fb, s, 10, 1, scale)
        xs = [x for x, _y in lit(buf, W, H)]
        # the ink box of s is the cell box minus the trailing gap column
        left = min(xs)
        right = W - 1 - (left + font.width(s, scale) - scale - 1)
        assert abs(left - right) <= 1, (s, left, right)


def test_center_in_a_narrow_area():
    """center(w=60) centres inside 0..59."""
    fb, buf = make_fb()
    end = font.center(fb, "ab", 0, 1, 1, 60)
    xs = [x for x, _y in lit(buf, W, H)]
    assert min(xs) == (60 - 11) // 2 and end == min(xs) + 12


# --- clipping ----------------------------------------------------------------

MARGIN = 40


def reference(draw):
    """What a draw call lights on the visible 128x64, computed on a bigger canvas."""
    fb, buf = make_fb(W + 2 * MARGIN, H + 2 * MARGIN)
    draw(fb, MARGIN, MARGIN)
    return {(x - MARGIN, y - MARGIN) for x, y in lit(buf, W + 2 * MARGIN, H + 2 * MARGIN)
            if MARGIN <= x < MARGIN + W and MARGIN <= y < MARGIN + H}


POSITIONS = [(-3, 10), (-20, 0), (120, 10), (126, 60), (10, -5), (10, -30), (0, 60), (50, 63),
             (-7, -7), (125, 61)]


@pytest.mark.parametrize("x,y", POSITIONS)
@pytest.mark.parametrize("scale", [1, 2, 3])
def test_text_clips_at_every_edge(x, y, scale):
    """Text hanging over any edge draws its visible part exactly, without raising."""
    def draw(fb, ox, oy):
        font.text(fb, "Wg@|", x + ox, y + oy, 1, scale)
    fb, buf = make_fb()
    draw(fb, 0, 0)
    assert lit(buf, W, H) == reference(draw)


@pytest.mark.parametrize("x,y", POSITIONS + [(100, 40), (-25, 20)])
def test_big_clips_at_every_edge(x, y):
    """Big digits hanging over any edge draw their visible part exactly, without raising."""
    def draw(fb, ox, oy):
        font.big(fb, "80", x + ox, y + oy)
    fb, buf = make_fb()
    draw(fb, 0, 0)
    assert lit(buf, W, H) == reference(draw)


def test_far_off_screen_draws_nothing():
    """Text and big digits far outside the screen draw nothing and do not raise."""
    for x, y in ((-1000, 0), (1000, 0), (0, -1000), (0, 1000), (-200, -200)):
        fb, buf = make_fb()
        font.text(fb, "Hello", x, y, 1, 3)
        font.big(fb, "12", x, y)
        assert not any(buf)


def _canvas_and_plain(background):
    from wyrm.canvas import Canvas

    cv = Canvas(W, H)
    buf = bytearray(background)
    cv.buffer[:] = buf
    return cv, framebuf.FrameBuffer(buf, W, H, framebuf.MONO_VLSB), buf


# every shift within a page, and hanging over every edge
CANVAS_SPOTS = [(x, y) for y in range(-9, 66, 1) for x in (-7, -3, 0, 2, 50, 117, 123, 127, 128)]


@pytest.mark.parametrize("c", [1, 0])
def test_a_canvas_gets_the_same_pixels_as_a_blit(c):
    """On a Canvas (the app's frame) glyphs are written as bytes (wyrm.glyphs, viper on the
    Pico): lit pixels in colour c, dark ones untouched, clipped at every edge - the same
    frame as the FrameBuffer blits, over a background with lit and dark pixels."""
    assert font._draw is not None  # CPython takes the byte path too
    bg = bytes((i * 37 + 11) & 0xFF for i in range(W * H // 8))
    codes = "".join(chr(i) for i in range(1, 127))
    for x, y in CANVAS_SPOTS:
        cv, fb, buf = _canvas_and_plain(bg)
        for k in range(0, len(codes), 20):  # each call at most 26 characters (the byte path)
            assert font.text(cv, codes[k:k + 20], x, y + k // 20, c) == \
                font.text(fb, codes[k:k + 20], x, y + k // 20, c)
        assert cv.buffer == buf, (x, y)


def test_a_canvas_draws_letters_beyond_ascii_in_one_go(monkeypatch):
    """A German line (ä, ü, ß: letters of more than one byte) is drawn on a Canvas by the
    one byte-path call an ASCII line takes (the glyph codes copied one by one first), with
    the pixels of the FrameBuffer blits; a line longer than 26 letters takes the blits."""
    calls = []
    draw = font._draw

    def counted(*a):
        calls.append(1)
        return draw(*a)

    monkeypatch.setattr(font, "_draw", counted)
    for s, one_go in (("N\u00e4chster Zug: Gr\u00fcn \u00df", True), ("caf\u00e9 \u2191", True),
                      ("A line of more than 27 letters: yes", False)):
        del calls[:]
        cv, fb, buf = _canvas_and_plain(bytes(W * H // 8))
        assert font.text(cv, s, 3, 13) == font.text(fb, s, 3, 13)
        assert cv.buffer == buf
        assert any(buf)
        assert len(calls) == (1 if one_go else 0), s


# --- big digits -----------------------------------------------------------


def test_big_digits_are_at_least_24_px_tall():
    """Every big digit is at least 24 px tall and fits in BIG_H rows."""
    assert font.BIG_H >= 24
    for d in "0123456789":
        ys = [y for _x, y in big_drawn(d, 0, 5)]
        assert max(ys) - min(ys) + 1 >= 24, d
        assert min(ys) >= 5 and max(ys) < 5 + font.BIG_H, d


def test_big_glyphs_are_distinct_and_not_empty():
    """The big digits and signs are all different and non-empty; big space is blank."""
    seen = {}
    for ch in "0123456789+-=?/":
        key = frozenset(big_drawn(ch))
        assert key and key not in seen, (ch, seen.get(key))
        seen[key] = ch
    assert big_drawn(" ") == set()


def test_big_widths_are_proportional_and_measured():
    """big_width sums glyph widths plus gaps; '1' is narrower than '0'; big() returns x + width."""
    w0, w1 = font.big_width("0"), font.big_width("1")
    assert w1 < w0
    assert font.big_width("10") == w1 + font.BIG_GAP + w0
    assert font.big_width("") == 0
    fb, _buf = make_fb()
    assert font.big(fb, "10", 4, 0) == 4 + font.big_width("10")
    for d in "0123456789+-=?/":
        xs = [x for x, _y in big_drawn(d)]
        assert min(xs) == 0 and max(xs) + 1 == font.big_width(d), d


def test_big_string_places_glyphs_with_gaps():
    """"12" in big digits is '1' followed, after BIG_GAP, by '2'."""
    one = big_drawn("1")
    two = {(x + font.big_width("1") + font.BIG_GAP, y) for x, y in big_drawn("2")}
    assert big_drawn("12") == one | two


def test_big_unknown_draws_question_mark():
    """Characters without a big glyph draw as the big '?'."""
    assert big_drawn("x") == big_drawn("?") == big_drawn("\u00e9")
    assert font.big_width("x") == font.big_width("?")


def test_dice_sum_fits_the_screen():
    """A two-dice sum like "6+6=12" fits across 128 px in big digits."""
    assert font.big_width("6+6=12") <= W


def test_big_center_centres():
    """big_center leaves equal margins (within 1 px) around the ink."""
    for s in ("7", "12", "3+4=7"):
        fb, buf = make_fb()
        font.big_center(fb, s, 10)
        xs = [x for x, _y in lit(buf, W, H)]
        assert abs(min(xs) - (W - 1 - max(xs))) <= 1, s


# --- log --------------------------------------------------------------------


def test_log_records_text_and_big_calls(log):
    """With LOG a list, text/center/big calls are logged as (x, y, s, c, scale); big as scale 0."""
    fb, _buf = make_fb()
    font.text(fb, "Hi", 3, 4)
    font.text(fb, "HIT", 1, 20, 0, 2)
    font.big(fb, "12", 5, 30)
    font.center(fb, "ab", 50)
    font.big_center(fb, "7", 9)
    assert log[:3] == [(3, 4, "Hi", 1, 1), (1, 20, "HIT", 0, 2), (5, 30, "12", 1, 0)]
    assert log[3] == ((W - 11) // 2, 50, "ab", 1, 1)
    assert log[4] == ((W - font.big_width("7")) // 2, 9, "7", 1, 0)
    assert len(log) == 5


def test_log_none_records_nothing():
    """With LOG None (the device), drawing records nothing and keeps LOG None."""
    assert font.LOG is None
    fb, _buf = make_fb()
    font.text(fb, "x", 0, 0)
    font.big(fb, "1", 0, 0)
    assert font.LOG is None


# --- generated data -------------------------------------------------------


def test_small_data_matches_the_ascii_art():
    """fontdata.SMALL is exactly what the generator builds from its ASCII art."""
    assert fontdata.SMALL == fontgen.small_table()
    assert len(fontdata.SMALL) == 128 * 5


@pytest.mark.skipif(not os.path.exists(fontgen.TTF), reason="DejaVu Sans Bold not installed")
def test_fontdata_is_up_to_date(tmp_path):
    """Re-generating fontdata.py gives the committed file byte for byte."""
    out = tmp_path / "fontdata.py"
    assert fontgen.main(["--out", str(out)]) == 0
    with open(fontgen.OUT, "rb") as f:
        assert out.read_bytes() == f.read()
    assert fontgen.main(["--out", str(out), "--check"]) == 0
    out.write_text("stale")
    assert fontgen.main(["--out", str(out), "--check"]) == 1


def test_generator_rejects_bad_art(monkeypatch):
    """A glyph with a wrong row width is refused by the generator, not silently stored."""
    bad = [("A", "\n" + "\n".join([".#.#"] + ["....."] * 7) + "\n")]
    monkeypatch.setattr(fontgen, "SMALL_ART", bad)
    with pytest.raises(ValueError):
        fontgen.small_glyphs()


# --- real MicroPython -----------------------------------------------------

# Runs unchanged under CPython (host framebuf shim) and MicroPython 1.28 (C framebuf).
SAMPLE = """
import framebuf
from wyrm import font

def font_sample():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.fill_rect(0, 0, 128, 9, 1)
    ends = [font.text(fb, "Roll 2d6 \\x01\\x02", 2, 1, 0)]
    ends.append(font.text(fb, "gjpq, \\u2713 caf\\u00e9 \\x11\\x16", -4, 10))
    ends.append(font.big_center(fb, "3+4=7", 20))
    ends.append(font.big(fb, "12?", 90, 50))
    ends.append(font.center(fb, "MISS", 50, 1, 2))
    ends.append(font.text(fb, "Wyrm", 110, -5, 1, 3))
    # longer than the 27 bytes text() copies at once; a letter of two bytes after them
    ends.append(font.text(fb, "A line of more than 27 letters: \u00e4\u00df!", -60, 40, 1))
    font.LOG = []
    font.text(fb, "ok", 1, 2, 0, 2)
    font.big(fb, "9", 3, 4)
    log = font.LOG
    font.LOG = None
    return "".join("%02x" % b for b in buf), ends, [list(e) for e in log]
"""

ALLOC = """
import gc
def font_alloc():
    font.LOG = None
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    def draw():
        font.text(fb, "Hello, World 123 gjpq", 0, 0)
        font.text(fb, "\\u2191 caf\\u00e9 \\x03", -3, 60, 1, 2)
        font.text(fb, "A line of more than 27 letters: \\u00e4\\u00df!", -60, 40, 0)
        font.big(fb, "3+4=7", 0, 20)
        font.center(fb, "HIT", 40, 1, 3)
    draw()
    worst = 0
    for _ in range(3):
        a = gc.mem_alloc()
        draw()
        worst = max(worst, gc.mem_alloc() - a)
    return worst
"""


def test_micropython_draws_the_same_bytes(mp):
    """Under real MicroPython the same text and big digits give the same framebuffer and log."""
    env = {}
    exec(SAMPLE, env)
    want_hex, want_ends, want_log = env["font_sample"]()
    out = mp.exec(SAMPLE + "h, e, l = font_sample()\nprint(h)\nprint(e)\nprint(l)\n")
    got_hex, got_ends, got_log = out.split("\n")[:3]
    assert got_hex == want_hex
    assert got_ends == str(want_ends)
    assert got_log == str(want_log)
    assert want_log == [[1, 2, "ok", 0, 2], [3, 4, "9", 1, 0]]
    assert want_hex.strip("0")  # the sample drew something


def test_micropython_drawing_allocates_nothing(mp):
    """On MicroPython, drawing text and big digits (LOG off) allocates no heap memory."""
    out = mp.exec(SAMPLE + ALLOC + "print(font_alloc())\n")
    assert out.strip() == "0"
