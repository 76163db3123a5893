"""Every text fits where it is drawn, on every screen, with the longest names the table allows.

The walk (tests/support/fit.py: ``walk(board, names, prepare)``) presses every key on every
screen of 128x64 and 128x32 boards with 7 players of 6 wide letters, and plays DrachenSchatten
to its winner page; each frame is checked for a text off the panel, drawn over, cut with an
ellipsis, a toast of more lines than it shows, and a toast over a result. The three-button
board is walked too: its panel is the four-button one's, but its hints are its own ("Hold OK
to leave", "OK +1 hold OK: <next name>").
"""
import pytest
from drive import Driver, to_row
from fit import BOARDS, WIDE, Checker, walk

from host_tools.sim import core
from wyrm.store import Store


@pytest.mark.parametrize("board", BOARDS)
def test_every_text_fits_on_every_screen(board):
    """No line on any screen is cut off or covered, and no toast covers a winner, with the
    longest names at the table, on a 128x64 and a 128x32 panel, and with three buttons."""
    assert walk(board) == []


def _german(folder):
    Store(folder).save("settings", {"lang": 1})


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-128x32"])
def test_every_text_fits_in_german(board):
    """The same walk from power-on in German (settings "lang": 1): no German text (longer
    words than the English ones: Einstellungen, Verdeckte Karten, Stechen, Zählung) is cut
    off or covered on any screen, the five games' own included, on a 128x64 and a 128x32
    panel, with the longest names."""
    assert walk(board, prepare=_german) == []


def _checked(tmp_path, board, names, keys, seed=1):
    """(checker, frames) of ``keys`` from power-on with ``names`` at the table."""
    c, run = _session(tmp_path, board, names, seed)
    return c, run(keys)


def _session(tmp_path, board, names, seed=1):
    """(checker, run): ``run(keys)`` presses on from where the last keys left off and
    returns their frames, each checked."""
    d = Driver(tmp_path, seed=seed, board=board)
    Store(str(tmp_path)).save("table", names)
    d.reboot()
    w, h, _k = core.board_geometry(d.board)
    c = Checker(board, w, h, names)

    def run(keys):
        steps = core.timeline(core.parse_script(keys, d.nkeys))
        frames = d.dev.run(steps, start=d.t, on_frame=lambda f: c.frame(d.app, f))
        d.t = (d.t + len(steps) * core.STEP_MS) & 0x3FFFFFFF
        assert d.errors() == []
        return frames

    return c, run


def _drawn(frame):
    """The texts of a frame: {text: colour} (0: inverted)."""
    return {s: col for (_x, _y, s, col, _sc) in frame.log}


def _lit(frame, x, y):
    return frame.data[(y >> 3) * 128 + x] >> (y & 7) & 1


# Dice > Roll-off with the table's seven: seed 3 ties on 6 in round 1 (all but Wmwmwy and
# Wmmwwy), and again in round 2
ROLLOFF = to_row("Dice") + ",down*5,ok,ok,wait:400"


def test_a_tied_row_of_the_rolloff_shows_a_name_whole(tmp_path):
    """128x64, seven long names: a tied row is inverted whole, with the tail of its g, p, q
    or y inside the bar (a bar as tall as a menu's row), two columns of four."""
    c, frames = _checked(tmp_path, "pico-ssd1306-4btn", WIDE, ROLLOFF, seed=3)
    drawn = _drawn(frames[-1])
    assert [n for n in WIDE if drawn.get(n) == 0] == [WIDE[i] for i in (1, 2, 3, 5, 6)]
    assert drawn["Wmwmwy"] == 1 and "Tie on 6: roll again" in drawn
    assert c.problems == []


def test_the_rolloff_of_seven_long_names_scrolls_on_32px(tmp_path):
    """128x32, seven names of six letters (three columns do not fit): two a row, three rows
    with the result under them and a mark for the row below; DOWN shows the seventh,
    DOWN again stays; UP at the top goes back a round (its last rows), DOWN past its
    last row comes back to the latest round."""
    c, run = _session(tmp_path, "pico-ssd1306-128x32", WIDE, seed=3)
    f = run(ROLLOFF)[-1]
    shown = [n for n in WIDE if n in _drawn(f)]
    assert shown == WIDE[:6] and "Tie on 6: roll again" in _drawn(f)
    assert _lit(f, 124, 23) and not _lit(f, 124, 0)  # more below, none above
    for keys in ("down", "down"):  # (a frame the same as the last is not sent again)
        f = (run(keys) or [f])[-1]
        assert [n for n in WIDE if n in _drawn(f)] == WIDE[2:]
        assert _lit(f, 124, 0) and not _lit(f, 124, 23)
    f = run("up")[-1]
    assert [n for n in WIDE if n in _drawn(f)] == WIDE[:6]
    f = run("ok,wait:400")[-1]  # round 2: the two who rolled 1 and 2 are out
    assert "-" in _drawn(f) and WIDE[0] in _drawn(f)
    f = run("up")[-1]  # round 1, its last rows
    assert [n for n in WIDE if n in _drawn(f)] == WIDE[2:] and "-" not in _drawn(f)
    f = run("down")[-1]  # round 2 again, from the top
    assert WIDE[0] in _drawn(f) and "-" in _drawn(f)
    assert c.problems == []


def test_the_rolloff_keeps_three_columns_on_32px_while_they_fit(tmp_path):
    """128x32, seven players: with the seventh's name one letter short of six, three
    columns fit (every name and the result at once, nothing to scroll)."""
    names = WIDE[:6] + ["Wmwwm"]
    c, frames = _checked(tmp_path, "pico-ssd1306-128x32", names, ROLLOFF, seed=3)
    drawn = _drawn(frames[-1])
    assert all(n in drawn for n in names) and "Tie on 6: roll again" in drawn
    assert not _lit(frames[-1], 124, 23) and not _lit(frames[-1], 124, 0)
    assert c.problems == []


def test_drakskattens_rolloff_of_six_long_names_fits_on_32px(tmp_path):
    """Drakskatten with six long names on 128x32: every name, each roll and who starts,
    the tail of a name's last letter clear of the result under it."""
    c, frames = _checked(tmp_path, "pico-ssd1306-128x32", WIDE[:6], "down,ok,ok,wait:600")
    drawn = _drawn(frames[-1])
    assert all(n in drawn for n in WIDE[:6]) and "Mwmwmg starts!" in drawn
    assert c.problems == []


def test_drakskattens_move_and_fight_dice_fit_on_32px(tmp_path):
    """128x32: the move's roll under its title (half the big digits' size) and a fight's
    tumbling dice, both within the panel."""
    c, frames = _checked(tmp_path, "pico-ssd1306-128x32", WIDE[:2], "down,ok,ok,wait:600,ok,ok")
    assert frames[-1].text().startswith("== Move 1d6 ==")
    assert [(s, sc) for (_x, _y, s, _c, sc) in frames[-1].log][1:] == [("1", 2)]
    assert c.problems == []
    (tmp_path / "fight").mkdir()
    c, frames = _checked(tmp_path / "fight", "pico-ssd1306-128x32", WIDE[:2],
                         "down,ok,ok,wait:600,ok,down,ok,ok")
    rolling = [f for f in frames if f.text().startswith("== Rolling... ==")]
    assert rolling and all(len(f.log) == 3 for f in rolling)  # the title, two dice
    assert c.problems == []


# DrachenSchatten, two players, the first player's list (on Treasures): a treasure each as
# the village card (each passed on by itself), then two more for the first player
SCHATTEN = "down*2,ok,ok,ok,ok,ok,ok,ok,up*7,ok"


def test_the_winner_page_has_no_toast_over_it(tmp_path):
    """DrachenSchatten's third treasure opens "Game over" with the winner and no note over
    it (the count's note is said only when nobody has won)."""
    c, frames = _checked(tmp_path, "pico-ssd1306-4btn", ["Anna", "Ben"], SCHATTEN)
    assert "Anna wins!" in frames[-1].text()
    assert "Treasures: 3" not in "\n".join(f.text() for f in frames)
    assert "Treasures: 2" in "\n".join(f.text() for f in frames)  # no win: the note is said
    assert c.problems == []


def test_the_undo_row_fits_with_long_names(tmp_path):
    """DrachenSchatten's undo row says what it undoes within the row: "Undo Wmwmwy torch +1"
    fits (20 characters) and keeps the name; with "magic potion" the name is left out."""
    base = "down*2,ok,ok,ok,ok,"  # the first player's list, on Treasures
    for keys, row in (("up*5,ok,back", "Undo Wmwmwy torch +1"),
                      ("down*5,ok,back", "Undo magic potion +1")):
        folder = tmp_path / row.split()[1]
        folder.mkdir()
        c, frames = _checked(folder, "pico-ssd1306-4btn", WIDE[:2], base + keys)
        assert row in frames[-1].text().splitlines(), frames[-1].text()
        assert c.problems == []


def test_the_checker_finds_a_line_off_the_panel_and_one_drawn_over():
    """The check itself: a 22-character line runs off a 128 px panel, a scroll mark over a
    line's last letter covers it, a line of 21 fits."""
    import framebuf

    from wyrm import font, ui

    class App:
        _toast = None

        def __init__(self, fb):
            self.fb = fb

        def top(self):
            return self

    def frame(draw):
        fb = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
        font.LOG = []
        try:
            draw(fb)
            f = core.Frame(0, 0, bytearray(fb.buf) if hasattr(fb, "buf") else _buf(fb),
                           font.LOG)
        finally:
            font.LOG = None
        c = Checker("b", 128, 64)
        c.frame(App(fb), f)
        return c.problems

    assert frame(lambda fb: font.text(fb, "W" * 21, 1, 20)) == []
    assert "off the panel" in frame(lambda fb: font.text(fb, "W" * 22, 1, 20))[0]
    assert "drawn over" in frame(
        lambda fb: (font.text(fb, "W" * 21, 1, 20), ui.arrow(fb, 124, 22, -1)))[0]


def _buf(fb):
    out = bytearray(128 * 8)
    for y in range(64):
        for x in range(128):
            if fb.pixel(x, y):
                out[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return out
