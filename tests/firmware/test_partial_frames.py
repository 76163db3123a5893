"""Frames drawn in place (App.touch / draw_part: menu moves, dice tumble frames, a
scrolled statistics screen, DrachenSchatten's list of cards) are byte for byte the frames a
full redraw gives. The simulator always draws whole frames (its text log needs every
string), so this compares the two ways step by step, on the same steps."""
import json
import os
import shutil
import tempfile

import pytest

from host_tools.sim import core as simcore
from host_tools.sim.menu import to_row
from wyrm import font

SCRIPTS = [
    "down*9,up*3,down",  # main menu: moves inside the window and scrolling ones
    "up,ok,down*3,ok,down,wait:300",  # Settings: moves, a value cycled
    to_row("Dice") + ",wait:300,ok,wait:1500,ok,wait:100,ok,wait:1500,ok*3,wait:1500,down",  # dice
    to_row("Dice") + ",down,ok,wait:1500,ok,wait:900,up,back,ok,wait:200",  # 2d6: tumble, history
    "ok,wait:300,ok,wait:300,ok,wait:1500,ok,wait:100",  # a die screen's first roll ("OK: roll")
    to_row("Dice") + ",up,ok,down*9,up*4,down,up*7,ok",  # Dice > Your own dice: a text scrolled
    "up,ok,up,ok,down*2,up,down*9,up*9",  # Settings > About
    # 2d6 statistics
    to_row("Dice") + ",down*2,ok,wait:2000,ok,wait:2000,down,wait:300,down*9,up*7",
    # DrachenSchatten: a player's cards, moved in the window, scrolled, wrapped both ways,
    # a count added (the toast over the list), moved again
    "down*2,ok,wait:500,ok,wait:500,ok,wait:500,ok,wait:500,down*2,up*3,down*9,up*14,ok,"
    "wait:2000,up,down*3",
]


def frames(script, log, board="pico-ssd1306-4btn", note=None, files=None):
    """Every step's frame; ``note``: (a toast's text or None, then a script played under
    it); ``files``: name -> text put in the flash folder first (a dice.json)."""
    board = simcore.load_board(board)
    state = tempfile.mkdtemp(prefix="wyrm-part-")
    try:
        for name, text in (files or {}).items():
            with open(os.path.join(state, name), "w") as f:
                f.write(text)
        dev = simcore.CPythonDevice(board, state, seed=3)
        out = []
        t = simcore.START_TICKS
        scripts = [script] + ([note[1]] if note is not None else [])
        for k, part in enumerate(scripts):
            if k and note[0]:
                dev.app.toast(note[0], 400)
            for levels in simcore.timeline(simcore.parse_script(part, dev.keys)):
                font.LOG = [] if log else None
                dev.app.step(t, levels)
                out.append(bytes(dev.canvas.buffer))
                t = (t + simcore.STEP_MS) & 0x3FFFFFFF
        assert dev.app.errors == []
        return out
    finally:
        font.LOG = None
        shutil.rmtree(state, ignore_errors=True)


@pytest.mark.parametrize("script", SCRIPTS)
def test_frames_drawn_in_place_equal_whole_frames(script):
    whole = frames(script, True)
    part = frames(script, False)
    assert len(whole) == len(part)
    for i, (a, b) in enumerate(zip(whole, part, strict=True)):
        assert a == b, "step %d of %r differs" % (i, script)


@pytest.mark.parametrize("board", ["pico-ssd1306-128x32", "pico-ssd1306-3btn"])
@pytest.mark.parametrize("script", [
    "down*9,up*3,down,up*2",  # the main menu
    "up,ok,up,ok,down*12,up*3,down,up*12",  # Settings > About: a text scrolled
], ids=["menu", "text"])
def test_a_scrolling_list_drawn_in_place_equals_whole_frames_on_other_boards(board, script):
    """Two rows on show (128x32) scroll at nearly every move; three buttons scroll with
    UP/DOWN the same way."""
    whole = frames(script, True, board)
    part = frames(script, False, board)
    assert len(whole) == len(part)
    for i, (a, b) in enumerate(zip(whole, part, strict=True)):
        assert a == b, "step %d of %r on %s differs" % (i, script, board)


_CARDS = "down*2,ok,wait:500,ok,wait:500,ok,wait:500,ok,wait:500"  # DrachenSchatten: P1's cards


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-128x32"])
@pytest.mark.parametrize("script,then", [
    ("down*3", "wait:600,down,up"),  # the main menu: the note times out
    ("down*3", "wait:50,down*4,up"),  # a move takes it away, one scrolls
    ("up,ok,up,ok,down", "wait:600,down"),  # Settings > About: a text
    ("up,ok,up,ok,down", "wait:50,down,up"),
    (_CARDS, "wait:600,down"),  # DrachenSchatten's list of cards
    (_CARDS + ",down*3", "wait:50,up*4"),  # from the row at the top: the list wraps round
    (_CARDS, "wait:50,ok"),  # OK takes the note away, then adds a card (the next note)
], ids=["menu-time", "menu-move", "text-time", "text-move", "cards-time", "cards-wrap",
        "cards-ok"])
def test_a_toast_gone_leaves_the_frame_a_whole_redraw_gives(board, script, then):
    """A press that takes a toast away leaves a screen with ``uncover`` (DrachenSchatten's list
    of cards) drawing its rows again in place on a 128x64 panel; any other way (the note's
    time up, a menu, a text, a 128x32 panel where a toast can cover the title bar) draws the
    screen whole. Either way each step's frame is the whole frame's, and the note leaves no
    trace."""
    whole = frames(script, True, board, ("Saved for later", then))
    part = frames(script, False, board, ("Saved for later", then))
    bare = frames(script, True, board, (None, then))
    assert len(whole) == len(part) == len(bare)
    for i, (a, b) in enumerate(zip(whole, part, strict=True)):
        assert a == b, "step %d of %r then %r on %s differs" % (i, script, then, board)
    n = len(frames(script, True, board))
    assert whole[n] != bare[n]  # the note was on show ...
    if not then.endswith("ok"):
        assert whole[-1] == bare[-1]  # ... and went without a trace


@pytest.mark.parametrize("extra,taps", [("", "DD"), (",down*2", "DU")],
                         ids=["in-window", "scroll-back"])
def test_moves_fed_before_one_step_draw_the_list_of_cards_as_a_whole_frame(extra, taps):
    """On the Pico every latched edge is fed before the next step, so several taps can come
    before one frame (a slow step). DrachenSchatten's list of cards, drawn in place, shows what
    a whole frame shows: two moves inside the window (only the last row selected), and a move
    that scrolls followed by one back inside the new window (every row drawn again)."""
    script = "down*2,ok,wait:500,ok,wait:500,ok,wait:500,ok,wait:500" + extra
    out = []
    for log in (True, False):
        board = simcore.load_board("pico-ssd1306-4btn")
        state = tempfile.mkdtemp(prefix="wyrm-part-")
        try:
            dev = simcore.CPythonDevice(board, state, seed=3)
            t = simcore.START_TICKS
            for levels in simcore.timeline(simcore.parse_script(script, dev.keys)):
                font.LOG = [] if log else None
                dev.app.step(t, levels)
                t += simcore.STEP_MS
            font.LOG = [] if log else None
            for k, key in enumerate(taps):  # taps of 30 ms, fed between two steps
                dev.app.feed(t + 60 * k, 1 << (1 if key == "D" else 0))
                dev.app.feed(t + 60 * k + 30, 0)
            dev.app.step(t + 60 * len(taps), 0)
            assert dev.app.errors == []
            assert type(dev.app.top()).__name__ == "Tracker"
            out.append(bytes(dev.canvas.buffer))
        finally:
            font.LOG = None
            shutil.rmtree(state, ignore_errors=True)
    assert out[0] == out[1]


# Dice: a die rolled once, then its statistics scrolled with UP and DOWN (a die with fewer
# faces than rows scrolls nothing, but each key draws the rows in place all the same)
_STATS_KEYS = ",wait:500,down,wait:100,down,up,down*3,up*2,down"


def _own_die(entry):
    """A dice.json with one die of the player's own, and the keys to its statistics (Dice:
    the row above Statistics and "Your own dice")."""
    return {"dice.json": json.dumps({"dice": [entry]})}, to_row("Dice") + ",up*3,ok" + _STATS_KEYS


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn",
                                   "pico-ssd1306-128x32"])
@pytest.mark.parametrize("die", ["dh", "coin", "d3", "d5", "d6", "d7", "2d6"])
def test_die_statistics_scrolled_in_place_equal_whole_frames(board, die):
    """The statistics of any die, UP and DOWN pressed on them: the frames drawn in place are
    the whole frames, so a die with fewer faces than rows (the Drachenhort die's five, a coin,
    a d3, a d5 on 128x64) keeps its "OK: reset counts" line below the faces; a d6 fills the
    rows and has none; a d7 and 2d6 scroll. On 128x32 (two rows) every die scrolls."""
    files = None
    if die == "dh":
        script = to_row("Dice") + ",ok" + _STATS_KEYS
    elif die == "d6":
        script = to_row("Dice") + ",down,ok" + _STATS_KEYS
    elif die == "2d6":
        script = to_row("Dice") + ",down*2,ok" + _STATS_KEYS
    elif die == "coin":
        files, script = _own_die({"name": "Coin", "faces": ["heads", "tails"]})
    else:
        files, script = _own_die({"name": die, "sides": int(die[1:])})
    whole = frames(script, True, board, files=files)
    part = frames(script, False, board, files=files)
    assert len(whole) == len(part)
    for i, (a, b) in enumerate(zip(whole, part, strict=True)):
        assert a == b, "step %d of the %s statistics on %s differs" % (i, die, board)
