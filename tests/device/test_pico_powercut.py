"""Power cuts on the real firmware: before and half-way through every flash operation of a save.

For a Drachenhort capture, a Drakskatten fight and a party-card deal: the emulated Pico
plays up to the press that saves, then records the filesystem before each flash
operation of that press and as it would be if the power failed half-way through it
(erase: the first half of the block erased; program: the first half of the bytes
written). Each of those filesystems is booted on a fresh Pico. Every boot must come up
without an exception or error line, show the screen of the old or of the new state (the
game resumes after a power cut), load every saved file as its old or its new value, and show
the screen that goes with the data it loaded. A cut between the store's two renames leaves the
old copy whole as the backup: Wyrm restores it, says so ("... was cut off. The last change was
lost: ...", the simulator's note for the same files, pixel for pixel), and OK leads onto the
game's menu with the old data (never a list where the next press records an event).
"""
import hashlib
import json
import os
import shutil
import tempfile

import pytest
from pico_support import ascii_art, parallel

from host_tools.emu import pico
from host_tools.make import fsimage
from host_tools.sim import core as simcore

STATE_CODE = """
import os
from wyrm.store import Store
from wyrm.store_pack import encode
def _names():
    out = set()
    for f in os.listdir():
        for ext in ('.json', '.bak', '.tmp'):
            if f.endswith(ext):
                try:
                    with open(f, 'rb') as h:
                        if h.read(5) == b'WYRM ':
                            out.add(f[:-len(ext)])
                except OSError:
                    pass
    return sorted(out)
_s = Store('')
for _n in _names():
    _v = encode(_s.load(_n, None))
    print('S', _n, _v.decode() if isinstance(_v, bytes) else _v)
print('P', len(_s.problems))
"""

# name -> (board, key script to the screen, the press that saves)
# drachenhort-capture: a new printed game, green captured, then blue (the press: silver 2).
# (Until the game menu opened on Capture, a script one DOWN longer did this; after that it
# picked an escape order instead, which records no event, and the case checked no capture.)
SCENARIOS = {
    "drachenhort-capture": (
        "pico-ssd1306-4btn",
        "ok,down,ok,ok,down,ok,ok,wait:1600,down,ok,ok,wait:1600,down,ok,down*2", "ok"),
    "drakskatten-fight": (
        "pico-ssd1306-4btn",
        "down,ok,down,ok,up,ok,down*3,ok,ok,back,back,down*2,ok,down,ok,up,ok,up*2,ok", "ok"),
    "party-card-deal": ("pico-ssd1306-4btn", "ok,down,ok,down*5,up*2,ok", "ok"),
}


def boot_state(board, flash_file, expected=(), then=None):
    """Boot a whole-flash file: (frame, errors, {store name: JSON}, problems, notice).

    If the first screen is none of ``expected`` (e.g. a note that a saved game was
    restored from its backup), it is kept as ``notice`` and OK is pressed once: ``frame``
    is the screen after that."""
    notice = None
    with pico.boot(board, flash=flash_file) as dev:
        dev.wait_idle()
        dev.settle(quiet_ms=300)
        frame = dev.frame()
        if then:
            dev.play(then, paced=True)
            dev.settle(quiet_ms=300)
            frame = dev.frame()
        if expected and frame not in expected:
            notice = frame
            dev.play("ok", paced=True)
            dev.settle(quiet_ms=300)
            frame = dev.frame()
        errors = dev.errors()
        dev.repl()
        out = dev.exec(STATE_CODE)
    state = {}
    problems = None
    for line in out.splitlines():
        if line.startswith("S "):
            _s, name, value = line.split(" ", 2)
            state[name] = value
        elif line.startswith("P "):
            problems = int(line[2:])
    return frame, errors, state, problems, notice


def _saved(state):
    """The names that load as something (a leftover tmp file alone loads as null)."""
    return {k: v for k, v in state.items() if v != "null"}


def _data(state):
    """The saved games without where they resume (screen, its argument, the open note's
    third field): a restored copy resumes on its game's menu on purpose."""
    out = {}
    for key, text in state.items():
        value = json.loads(text)
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if k not in ("screen", "arg")}
        elif key == "open" and isinstance(value, list):
            value = value[:2]
        out[key] = value
    return out


def record(name, tmp):
    """Play a scenario; the filesystem snapshots of its save as [(label, path)]."""
    board, setup, action = SCENARIOS[name]
    snaps = []
    with pico.boot(board) as dev:
        dev.play(setup, paced=True)
        dev.settle(quiet_ms=300)
        n0 = dev.flash_op_count
        dev.record_flash(tmp)
        dev.play(action, paced=True)
        dev.settle(quiet_ms=300)
        dev.record_flash(None)
        ops = dev.flash_ops(n0)
        assert not dev.errors()
        final = os.path.join(tmp, "after.bin")
        dev.save_flash(final, fs_only=True)
    for i, op in enumerate(ops):
        what = "%s 0x%X +%d" % (op["kind"], op["addr"], op["len"])
        snaps.append(("cut before op %d (%s)" % (i, what),
                      os.path.join(tmp, "before_%d.bin" % (n0 + i))))
        snaps.append(("cut half-way through op %d (%s)" % (i, what),
                      os.path.join(tmp, "torn_%d.bin" % (n0 + i))))
    snaps.append(("after the save", final))
    return board, ops, snaps


def simulated_restore(board, snapshot):
    """The simulator booted on a power-cut snapshot's saved files: (its first screen, that
    screen's text, the screen after OK). The device must show the same."""
    with open(snapshot, "rb") as f:
        files = fsimage.read_image(f.read())
    state = tempfile.mkdtemp(prefix="wyrm-cut-")
    try:
        for path, data in files.items():
            if "/" not in path and not path.endswith(".py"):
                with open(os.path.join(state, path), "wb") as f:
                    f.write(data)
        frames, _w, _h, errors = simcore.run_script("wait:400,ok,wait:400", board, state=state)
    finally:
        shutil.rmtree(state, ignore_errors=True)
    assert not errors, errors
    first = [f for f in frames if f.t < 400][-1]
    return first.data, first.text(), frames[-1].data


# Found by this test: "Dealt by Wyrm" saved the new game (mode "dealt") and then the deal, two
# files; a cut between the two booted into a new game without a deal. Now the deal is kept in
# the game's own file and a new dealt game is one save ("party-card-deal" checks it).
# Found by it too: a Drachenhort capture saved the event (still on the capture list), then the
# way back to the game menu - a cut between the two resumed on "Who was captured?" with the
# capture already recorded, one press from a second one (this test's OK did record it). Now the
# capture and the menu are one save: the game has the capture, or it lacks it and says so.
@pytest.mark.parametrize("name", SCENARIOS)
def test_power_cut_at_every_flash_operation_keeps_old_or_new_state(name, tmp_path):
    board, ops, snaps = record(name, str(tmp_path))
    assert ops, "the press saved nothing"

    def digest_of(path):
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()

    # one boot per distinct filesystem
    flashes = {}
    for _label, path in snaps:
        flashes.setdefault(digest_of(path), pico.flash_with_fs(path, out=path + ".flash"))

    ends = [digest_of(snaps[0][1]), digest_of(snaps[-1][1])]
    results = dict(zip(ends, parallel(lambda d: boot_state(board, flashes[d]), ends), strict=True))
    expected = (results[ends[0]][0], results[ends[1]][0])
    rest = [d for d in flashes if d not in results]
    results.update(zip(rest, parallel(lambda d: boot_state(board, flashes[d], expected), rest),
                       strict=True))

    def of(path):
        return results[digest_of(path)]

    old, new = of(snaps[0][1]), of(snaps[-1][1])
    assert old[2] != new[2], "the action changed no saved state"
    assert old[4] is None and new[4] is None
    # A cut between the store's renames leaves the old copy whole in its backup: Wyrm restores
    # it, says the last change was lost, and opens the game on its menu
    # (never on a list where the next press records an event). That menu with the old saved
    # data is the old state too: the same screen as BACK from the old screen, the note before
    # it the simulator's for the same files.
    old_menu = boot_state(board, flashes[ends[0]], then="back")[0]
    bad = []
    notices = []  # cuts after which a note (e.g. "restored from the backup") came first
    for label, path in snaps:
        frame, errors, state, problems, notice = of(path)
        if errors:
            bad.append("%s: console errors %s" % (label, errors))
        restored = False
        if notice is not None:
            notices.append(label)
            note, text, after = simulated_restore(board, path)
            text = " ".join(text.split())
            if notice != note or "The last change was lost" not in text:
                bad.append("%s: the note is not the simulator's %r:\n%s" % (
                    label, text, ascii_art(notice, 128, 64)))
            elif frame != after or frame != old_menu:
                bad.append("%s: after the note (%s) not the game's menu:\n%s\nmenu:\n%s" % (
                    label, text, ascii_art(frame, 128, 64), ascii_art(old_menu, 128, 64)))
            elif _data(state) != _data(old[2]):
                bad.append("%s: the restored copy is not the old data: %s" % (label, state))
            restored = True
        elif old[0] != new[0] and frame in (old[0], new[0]):
            # the screen goes with the data: the old screen with the old data, the new with new
            want = old[2] if frame == old[0] else new[2]
            if _saved(state) != _saved(want):
                bad.append("%s: the %s screen with other data: %s" % (
                    label, "old" if want is old[2] else "new", state))
        if frame not in (old[0], new[0]) and not restored:
            bad.append("%s: the panel shows neither the old nor the new state:\n%s\n"
                       "old:\n%s\nnew:\n%s\nsaved: %s" % (
                           label, ascii_art(frame, 128, 64), ascii_art(old[0], 128, 64),
                           ascii_art(new[0], 128, 64), state))
        for key in set(old[2]) | set(new[2]) | set(state):
            if restored:
                continue  # compared above, the resume position aside
            got = state.get(key, "null")
            if got not in (old[2].get(key, "null"), new[2].get(key, "null")):
                bad.append("%s: %s loads as %s" % (label, key, got[:80]))
        if problems is None:
            bad.append("%s: the state check did not run" % label)
    assert not bad, "\n".join(bad)
    print("%s: %d flash operations, %d cuts booted, %d with a note first: %s" % (
        name, len(ops), len(snaps), len(notices), notices))
