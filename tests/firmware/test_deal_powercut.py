"""A new Drachenhort game with party cards "Dealt by Wyrm": a power cut at
every file operation, and at every byte of every write, of the press that starts it.

The old game (4 players, dealt cards all seen) must come back, or the new one (5
players) with its deal, resuming the pass round - never a new game without its cards
(the bug the emulated Pico found: the game and the deal were two saves). Through the
real app (tests/support/drive.py) and the store's fault injector (tests/support/faultfs.py).
"""

import os
import shutil

import faultfs
import pytest
from drive import Driver
from faultfs import FaultFS, PowerCut
from test_drachenhort_ui import NEW_DEALT_4, PEEK_ROUND_4

from wyrm.store import Store

NEW_DEALT_5 = "up,ok,up,ok,up,ok"  # New game, Yes, 5 players; then OK = Dealt by Wyrm


def menu_labels(d):
    top = d.app.top()
    items = getattr(top, "items", None) or []
    return [top.label(d.app, i) for i in range(len(items))]


@pytest.fixture(scope="module")
def old_game(tmp_path_factory):
    """The flash folder with the old game; the ops and writes of the new game's press."""
    base = str(tmp_path_factory.mktemp("old"))
    d = Driver(base, seed=4)
    d.keys(NEW_DEALT_4 + "," + PEEK_ROUND_4)
    old = Store(base).load("drachenhort")
    assert old["rules"]["players"] == 4 and all(old["deal"]["seen"])
    return base, old


def press_new_game(tmp, base, mp, cut_at=None, cut_byte=None):
    """Copy the old flash, boot, choose a new dealt 5-player game, arm a cut, press OK.
    (driver, fault fs, ops before the press, True if the power was cut)."""
    state = os.path.join(tmp, "flash")
    if os.path.exists(state):
        shutil.rmtree(state)
    shutil.copytree(base, state)
    d = Driver(state, seed=5)
    d.keys(NEW_DEALT_5)
    assert "Dealt by Wyrm" in d.text()
    fs = FaultFS()
    fs.install(mp)
    writes = []  # (operation number, bytes) of every write
    real_write = faultfs._File.write

    def write(self, data):
        writes.append((self.fs.ops + 1, len(data)))
        return real_write(self, data)

    mp.setattr(faultfs._File, "write", write)
    if cut_at is not None:
        fs.cut_at = cut_at
        fs.cut_byte = cut_byte
    cut = False
    try:
        d.keys("ok")
    except PowerCut:
        cut = True
    return d, fs, writes, cut


def check_boot(d, old):
    """After the cut: the old game with its seen deal, or the new one with its deal."""
    d.reboot()
    d.wait(100)
    saved = Store(d.state_dir).load("drachenhort")
    assert not Store(d.state_dir).exists("party")
    text = d.text()
    if "cut off" in text.replace("\n", " "):  # the backup was used: a note first
        d.keys("ok")
        text = d.text()
    assert d.app.errors == []
    if saved == old:
        assert "See my card" in menu_labels(d), text
        return "old"
    assert saved["rules"] == {"events": [], "mode": "dealt", "players": 5}, saved
    deal = saved["deal"]
    assert deal is not None and len(deal["cards"]) == 5 and not any(deal["seen"])
    assert "Pass to" in text, text  # the pass round resumes, same cards
    return "new"


def test_new_dealt_game_is_one_save(tmp_path, monkeypatch, old_game):
    base, old = old_game
    d, fs, writes, cut = press_new_game(str(tmp_path), base, monkeypatch)
    assert not cut
    assert [os.path.splitext(f)[0] for f in sorted(os.listdir(d.state_dir))
            if f.endswith(".json") and f != "board.json"] == ["drachenhort", "open"]
    assert len(writes) == 1  # the game and its deal: one file written
    assert "Pass to" in d.text()
    monkeypatch.undo()
    assert check_boot(d, old) == "new"


@pytest.mark.slow  # a boot per cut: about 250 boots
def test_power_cut_at_every_operation_and_byte_of_a_new_dealt_game(tmp_path, monkeypatch,
                                                                    old_game):
    base, old = old_game
    with monkeypatch.context() as mp:
        d, fs, writes, cut = press_new_game(str(tmp_path), base, mp)
        total = fs.ops
        assert not cut and total >= 3 and writes
        seen = {"old": 0, "new": 0}
        seen[check_boot(d, old)] += 1  # no cut: the new game
    cuts = []
    for op in range(1, total + 1):
        size = dict(writes).get(op)
        # a write: cut after every byte of it (0 .. all but the last); else before the op.
        # A cut after the last operation is the uncut end (above).
        for byte in range(size) if size is not None else [None]:
            cuts.append((op, byte))
    for op, byte in cuts:
        with monkeypatch.context() as mp:
            d, fs, _w, cut = press_new_game(str(tmp_path), base, mp, op, byte)
            assert cut, (op, byte)
            fs.cut_at = None
            try:
                seen[check_boot(d, old)] += 1
            except AssertionError as exc:
                raise AssertionError("cut at op %d byte %s: %s" % (op, byte, exc)) from None
    assert seen["old"] and seen["new"], seen
    print("%d cuts over %d file operations: %s" % (len(cuts), total, seen))
