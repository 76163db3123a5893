"""The faults found under fault injection and by a new user, one test each.

Every test goes through the public surface: key scripts on the real app
(tests/support/drive.py), the store, main() with the fake machine, the simulator's
command line. Fault injection (full flash, EIO, power cuts) is tests/support/faultfs.py.
"""

import json
import os
import subprocess
import sys

import pytest
from drive import Driver
from faultfs import FaultFS
from test_drachenhort_ui import NEW_DEALT_4, NEW_PRINTED_4, PEEK_ROUND_4, board_rows
from test_main import boot, led_ons, profile_data

from host_tools.sim import core as simcore
from wyrm import buttons as B
from wyrm import store as S
from wyrm.app import AWAKE, App
from wyrm.board import BoardError, load_file
from wyrm.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CAPTURE_WHITE = "down,ok,down*2,ok"  # game menu (on Roll the die): Capture, [white]
INTERNAL = ("file", ".json", ".bak", ".bad", ".tmp")


def flat(d):
    return d.text().replace("\n", " ")


def all_text(d, since=0):
    return " ".join(f.text().replace("\n", " ") for f in d.frames[since:] if f is not None)


def saved(d, name):
    return Store(d.state_dir).load(name)


def no_internal_words(text):
    low = text.lower()
    return [w for w in INTERNAL if w in low]


# -- 1. a restored copy opens on the game menu ----------------------------------------
def test_restored_copy_opens_on_the_game_menu_and_says_what_was_lost(tmp_path):
    """Drachenhort at the capture list, its save truncated: the copy before is used, the
    players are told the last change was lost, and no boot ever lands on the capture
    list where one OK would record a capture nobody chose."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + "," + CAPTURE_WHITE)  # white captured, back on the game menu
    d.keys("down,ok")  # Capture again: the list is open (the save before says "capture")
    assert d.text().startswith("== Who was captured? ==")
    d.keys("back")
    path = tmp_path / "drachenhort.json"
    path.write_bytes(path.read_bytes()[:80])
    d.reboot()
    d.wait(100)
    t = flat(d)
    assert "The last change was lost: check the board." in t
    assert no_internal_words(t) == []
    assert "Who was captured?" not in t
    d.keys("ok")  # close the message: the game menu
    assert "Roll the die" in d.text() and "Capture" in d.text()
    for _ in range(2):  # the next boots come back quietly, on the game menu
        d.reboot()
        d.wait(100)
        assert "== Esc 1 ==" in d.text() and "> Roll the die" in d.text()
        assert "Who was captured?" not in d.text()
    d.keys("down,ok")  # the menu's OK only opens the list: nothing was recorded
    assert d.text().startswith("== Who was captured? ==")
    assert len(saved(d, "drachenhort")["rules"]["events"]) == 1
    d.keys("back,back")
    d.keys("back,ok")  # leave, open again from the main menu: an ordinary open
    d.keys("down")  # (its note is written after the first key in the game)
    assert saved(d, "open") == ["wyrm.games.drachenhort_game", "Drachenhort"]
    assert d.errors() == []


# -- 2. the escape order resumed under a boot message ---------------------------------
def test_order_screen_resumed_under_a_boot_message(tmp_path):
    """Power cut in the escape order, settings damaged: closing the boot message leaves
    the players on the order with their picks, no "Oops"."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + "," + CAPTURE_WHITE)
    d.keys("down*2,ok,down*2,ok,down,ok")  # Escape: blue out, red farthest
    assert "Next farthest" in d.text()
    d.app.settings["contrast"] = 4
    d.app.save_settings()
    (tmp_path / "settings.json").write_bytes(b"WYRM 1 00000000 3\n{}}")
    d.reboot()
    d.wait(100)
    assert "settings" in flat(d) and "Oops" not in flat(d)
    d.keys("ok")  # close the message
    t = d.text()
    assert "Next farthest" in t and "Oops" not in t
    assert d.errors() == []
    d.keys("ok,ok,ok,ok")  # place the rest, save; the escape is over
    assert "Oops" not in all_text(d) and d.errors() == []


# -- 3. a full flash (or EIO) ---------------------------------------------------------
@pytest.mark.parametrize("errno_name", ["full", "eio"])
def test_games_open_and_play_on_a_full_flash(tmp_path, monkeypatch, errno_name):
    """Nothing can be written: every game, Dice and the hidden deck still open; a move
    is kept in memory; the panel says changes are not being saved; saving resumes."""
    d = Driver(tmp_path)
    fs = FaultFS()
    fs.install(monkeypatch)
    if errno_name == "full":
        fs.full = True
        words = "Storage is full:"
    else:
        fs.eio = 1.0
        words = "Storage fails:"
    for i in range(7):  # every game, Dice and the hidden deck
        d.reboot()
        n = len(d.frames)
        d.keys("down*%d,ok" % i if i else "ok")
        t = all_text(d, n)
        assert "Oops" not in t and "went wrong" not in t
        assert "== Wyrm ==" not in d.text() and "Settings" not in d.text()  # it opened
        d.keys("down")  # (the opening writes nothing: the first key in the game does)
        t = all_text(d, n)
        assert words in t  # and says that nothing is being saved
    assert d.errors() == []
    d.reboot()
    d.keys("ok,down,ok,ok,down,ok,ok")  # Drachenhort: new game, 4 players, printed, P1
    n = len(d.frames)
    d.keys(CAPTURE_WHITE)
    t = all_text(d, n)
    assert words in t and "changes are not" in t and "being saved." in t
    d.keys("down*3,ok,wait:4500")  # Board: the capture is there (memory)
    assert board_rows(d.text())["white"][0] == "1"
    assert fs.faults > 0
    fs.full = False
    fs.eio = 0.0
    n = len(d.frames)
    d.keys("back,up*2,ok,ok")  # Capture: green
    t = all_text(d, n)
    assert "Storage works" in t and "again: changes are" in t
    d.reboot()
    d.wait(100)
    d.keys("down*3,ok")  # Board after the power cut (the menu opens on Roll the die)
    rows = board_rows(d.text())
    assert rows["white"][0] == "1" and rows["green"][0] == "2"
    assert d.errors() == []


def test_store_save_on_a_full_flash_keeps_the_old_files(tmp_path, monkeypatch):
    """save() says False, leaves the saved state and no tmp; it works again with room."""
    s = Store(str(tmp_path))
    s.save("g", "old")
    s.save("g", "older?")
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.full = True
    assert s.save("g", "new" * 100) is False
    assert s.failing == 28 and s.failed == 1
    assert sorted(os.listdir(tmp_path)) == ["g.bak", "g.json"]
    assert Store(str(tmp_path)).load("g") == "older?"
    fs.full = False
    assert s.save("g", "new") is True and s.failing == 0
    assert Store(str(tmp_path)).load("g") == "new"


# -- 4. a new game removes nothing before it is written -------------------------------
def test_new_game_on_a_full_flash_keeps_the_dealt_cards(tmp_path, monkeypatch):
    d = Driver(tmp_path, seed=4)
    d.keys(NEW_DEALT_4 + "," + PEEK_ROUND_4)
    game = saved(d, "drachenhort")
    deal = game["deal"]  # the deal is kept in the game's own save
    assert deal is not None and all(deal["seen"])
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.full = True
    d.keys("up,ok,up,ok,ok,down,ok,ok")  # New game, Yes, 4 players, Printed cards, P1
    assert "Oops" not in all_text(d) and d.errors() == []
    assert saved(d, "drachenhort") == game and saved(d, "drachenhort")["deal"] == deal
    monkeypatch.undo()
    d.reboot()
    d.wait(100)
    assert "See my card" in d.text() or "See my card" in "".join(
        d.app.top().label(d.app, i) for i in range(len(d.app.top().items))
    )


def test_new_game_with_room_drops_the_old_deal(tmp_path):
    """The other side: with room, a new game with printed cards forgets the old deal."""
    d = Driver(tmp_path, seed=4)
    d.keys(NEW_DEALT_4 + "," + PEEK_ROUND_4)
    assert saved(d, "drachenhort")["deal"] is not None
    d.keys("up,ok,up,ok,ok,down,ok,ok")
    assert saved(d, "drachenhort")["rules"]["mode"] == "printed"
    assert "deal" not in saved(d, "drachenhort") and saved(d, "party") is None


# -- 5. board.json that is not UTF-8 --------------------------------------------------
def test_board_json_not_utf8_is_a_named_problem_with_five_blinks(tmp_path, capsys):
    text = json.dumps(profile_data("pico-ssd1306-4btn")).replace("four", "f\udcffur")
    b = boot(tmp_path, write_board=False, limit=6500)
    capsys.readouterr()
    with open(b.path, "wb") as f:
        f.write(text.encode("utf-8", "surrogateescape"))
    b = boot(tmp_path, write_board=False, limit=6500)
    assert b.timeup
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Wyrm: %s: not UTF-8 text (save it as UTF-8 from a plain text editor)" % (
        b.path
    )
    assert b.make_app.made == []
    for start in (0, 3000):
        assert len(led_ons(b, start, start + 3000)) == 5


# -- 6. set-aside damaged copies are kept ---------------------------------------------
def test_leaving_a_game_keeps_the_damaged_copies(tmp_path):
    """open.bad and the game's .bad stay when a game is left (never deleted); a newer
    damaged copy replaces the older one, so they stay bounded."""
    for name in ("open", "drachenhort"):
        (tmp_path / (name + ".json")).write_bytes(b"WYRM 1 00000000 2\n[]x")
    d = Driver(tmp_path)
    d.keys("ok,ok")  # the boot message; open Drachenhort (its damage message)
    d.keys("ok,back")  # leave the game
    have = sorted(f for f in os.listdir(tmp_path) if f.endswith(".bad"))
    assert have == ["drachenhort.bad", "open.bad"]
    (tmp_path / "open.json").write_bytes(b"newer junk")
    d.reboot()
    assert (tmp_path / "open.bad").read_bytes() == b"newer junk"
    assert len([f for f in os.listdir(tmp_path) if f.endswith(".bad")]) == 2


# -- 7. three buttons: the dealer's round can be left after a look ---------------------
def test_three_button_round_leaves_with_up_after_a_look(tmp_path):
    """Three buttons, after Player 1's look: UP steps back to Player 1's "Hold OK", then to
    Player 1's pass screen, where UP asks to stop; Yes keeps the deal (Continue dealing)."""
    d = Driver(tmp_path, seed=2, board="pico-ssd1306-3btn")
    d.keys("ok,down,ok,ok,ok")  # Drachenhort, New game, 4 players, Dealt by Wyrm
    d.keys("ok,hold:ok:300")  # player 1: ready, peek; letting go passes on
    assert "Pass to" in d.text() and "Player 2" in d.text()
    d.keys("up,up")  # this board's way back: Player 1's "Hold OK", Player 1's pass screen
    assert "Pass to" in d.text() and "Player 1" in d.text()
    d.keys("up")
    assert "Stop passing round?" in flat(d)
    d.keys("up,ok")  # Yes: the deal stays, the game menu
    assert "Continue dealing" in d.text() and d.errors() == []


# -- 8. deeply nested JSON -----------------------------------------------------------
DEEP = "[" * 5000 + "]" * 5000


def test_deeply_nested_save_is_damaged_not_a_crash(tmp_path):
    body = DEEP.encode()
    head = "WYRM 1 %s %d\n" % (S._checksum_hex(body), len(body))
    for root in (tmp_path / "a", tmp_path / "b"):
        root.mkdir()
        (root / "drachenhort.json").write_bytes(head.encode() + body)
    s = Store(str(tmp_path / "a"))
    assert s.load("drachenhort", "D") == "D"
    assert "was damaged" in s.take_problems()[0]
    d = Driver(tmp_path / "b")
    d.keys("ok")
    assert "A new game starts" in flat(d) and d.errors() == []


def test_deeply_nested_board_file_is_a_board_error(tmp_path):
    p = tmp_path / "board.json"
    p.write_text(DEEP)
    with pytest.raises(BoardError, match="not valid JSON"):
        load_file(str(p))


def test_deeply_nested_user_files_are_reported(tmp_path):
    """The card settings and the deck's labels: a message, the defaults, no error."""
    (tmp_path / "party_cards.json").write_text(DEEP[:1000] + DEEP[-1000:])
    (tmp_path / "deck.json").write_text(DEEP[:1000] + DEEP[-1000:])
    d = Driver(tmp_path, seed=3)
    d.keys(NEW_DEALT_4)
    assert "not valid JSON" in all_text(d)
    d.keys("back*6,down*6,ok")  # the hidden deck
    assert d.errors() == []


# -- 9. no catching up after a stall; huge gaps clamped --------------------------------
def test_held_down_through_a_stall_repeats_at_the_normal_rate():
    b = B.Buttons()
    t = 0
    reps = []

    def run(until, levels):
        nonlocal t
        while t < until:
            t += 5
            n = b.update(t, levels)
            reps.extend(t for i in range(n) if b.queue[i] >> 4 == B.REPEAT)

    run(1000, 1 << B.DOWN)
    before = len(reps)
    t += 5000  # the loop stalls for 5 s with DOWN held
    run(t + 1000, 1 << B.DOWN)
    after = len(reps) - before
    assert 8 <= after <= 11  # 110 ms apart: about 9, not 54
    run(t + 1000, 1 << B.DOWN)
    steady = [b2 - a for a, b2 in zip(reps[-8:-1], reps[-7:], strict=True)]
    assert all(105 <= x <= 115 for x in steady)  # and the normal pace goes on


class _Fb:
    width, height = 128, 64

    def fill(self, c):
        pass

    def dirty(self):
        return 0


class _Panel:
    def __init__(self):
        self.log = []

    def contrast(self, v):
        self.log.append(("contrast", v))

    def rotate(self, f):
        pass

    def poweroff(self):
        self.log.append(("off",))

    def poweron(self):
        self.log.append(("on",))


@pytest.mark.parametrize("gap", [(1 << 29) + 1000, (1 << 30) - 10])
def test_a_gap_longer_than_half_the_tick_range_still_runs_the_timers(tmp_path, gap):
    """A step 2**29+ ms after the one before reads as a negative tick distance; the app
    clamps it: the screen saver still turns the panel off."""
    p = _Panel()
    app = App(_Fb(), Store(str(tmp_path)), None, 4, p)
    app.step(1000, 0)
    assert app.power == AWAKE
    app.step((1000 + gap) & 0x3FFFFFFF, 0)
    assert ("off",) in p.log
    # and the clock keeps going from there
    for dt in (10, 50, 100, 200):  # a press wakes it
        app.step((1000 + gap + dt) & 0x3FFFFFFF, 1)
    assert app.power == AWAKE


def test_a_held_secret_hides_after_a_huge_gap(tmp_path):
    from wyrm.games import drachenhort_party

    d = Driver(tmp_path, seed=9)
    drachenhort_party.start_deal(d.app, 3)
    d.keys("ok,press:ok,wait:200")
    top = d.app.top()
    assert top.showing
    t = (d.t + (1 << 29) + 5000) & 0x3FFFFFFF
    d.frames += d.dev.run([1 << B.OK] * 3, start=t)
    d.t = (t + 30) & 0x3FFFFFFF
    assert "Hidden" in d.text() and not top.showing


# -- 10. words --------------------------------------------------------------------------
def test_recovery_messages_use_the_players_words(tmp_path):
    for name in ("open", "settings", "drachenhort"):
        Store(str(tmp_path)).save(name, ["wyrm.games.drachenhort_game", "Drachenhort"])
        Store(str(tmp_path)).save(name, ["wyrm.games.drachenhort_game", "Drachenhort"])
        (tmp_path / (name + ".json")).write_bytes(b"junk")
    d = Driver(tmp_path)
    text = " ".join(f.text().replace("\n", " ") for f in d.frames if f is not None)
    d.keys("down*20")
    text += " " + all_text(d)
    assert "was damaged" in text
    assert no_internal_words(text.replace("Open", "")) == []


def sim(*args):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.sim", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_sim_with_a_broken_profile_prints_one_line(tmp_path):
    data = profile_data("pico-ssd1306-4btn")
    data["buttons"]["OK"]["pin"] = 40
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(data))
    r = sim("--board", str(p), "--keys", "ok", "--text")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "sim: board profile error: %s: buttons.OK: pin 40 does not exist on the Pico" % p
    ]


def test_sim_accepts_a_path_and_says_what_is_unusual(tmp_path):
    data = profile_data("pico-ssd1306-4btn")
    del data["buttons"]["BACK"]
    p = tmp_path / "my-board.json"
    p.write_text(json.dumps(data))
    r = sim("--board", str(p), "--keys", "ok", "--text")
    assert r.returncode == 0, r.stderr
    assert "== Drachenhort ==" in r.stdout
    err = r.stderr
    assert "has no BACK button: it runs as a three-button board (a long OK is BACK)" in err
    assert "is named 'pico-ssd1306-4btn' inside: the name differs from the file name" in err
    ok = sim("--board", "pico-ssd1306-4btn", "--keys", "ok", "--text")
    assert ok.stderr == ""  # a shipped four-button profile: nothing to say


def test_load_board_names_the_problem_in_one_line(tmp_path):
    p = tmp_path / "x.json"
    p.write_bytes(b"\xff\xfe{")
    with pytest.raises(simcore.ScriptError) as e:
        simcore.load_board(str(p))
    assert "\n" not in str(e.value) and "not UTF-8" in str(e.value)


# -- the same under real MicroPython ----------------------------------------------------
_MP_FULL = r"""
import os
from wyrm import store as S
try:
    os.mkdir('/flash/full16')
except OSError:
    pass
s = S.Store('/flash/full16')
s.save('g', 'old')
real_open = open
class Full:
    def __init__(self, f):
        self.f = f
    def write(self, data):
        raise OSError(28)
    def flush(self):
        pass
    def __enter__(self):
        return self
    def __exit__(self, *a):
        self.f.close()
def full_open(path, mode='r'):
    f = real_open(path, mode)
    return Full(f) if 'w' in mode else f
S.open = full_open
r1 = s.save('g', 'new')
on_flash = S.Store('/flash/full16').load('g', None)
mem = s.load('g', None)
S.open = real_open
r2 = s.save('h', 1)
print(r1, s.failed, on_flash, mem, r2, s.failing, S.Store('/flash/full16').load('g', None))
body = b'[' * 3000 + b']' * 3000
head = 'WYRM 1 %s %d\n' % (S._checksum_hex(body), len(body))
with open('/flash/full16/deep.json', 'wb') as f:
    f.write(head.encode() + body)
print(S.Store('/flash/full16').load('deep', 'D'))
"""


def test_micropython_full_flash_and_deep_nesting(mp):
    """Under MicroPython too: a refused save keeps the old file and the new object in
    memory, written by the next save that works; a deeply nested save is damage."""
    out = mp.exec(_MP_FULL).strip().splitlines()
    assert out[0] == "False 1 old new True 0 new"
    assert out[1] == "D"


def test_micropython_repeats_do_not_catch_up(mp):
    out = mp.exec(
        "from wyrm import buttons as B\n"
        "b = B.Buttons()\n"
        "t = 0\n"
        "def run(until):\n"
        "    global t\n"
        "    n = 0\n"
        "    while t < until:\n"
        "        t += 5\n"
        "        c = b.update(t, 2)\n"
        "        for i in range(c):\n"
        "            if b.queue[i] >> 4 == B.REPEAT:\n"
        "                n += 1\n"
        "    return n\n"
        "run(1000)\n"
        "t += 5000\n"
        "print(run(t + 1000))\n"
    )
    assert 8 <= int(out.strip()) <= 11


def test_micropython_deep_board_file_is_a_board_error(mp):
    mp.write_file("/flash/deep16.json", ('{"name": ' + DEEP + "}").encode())
    out = mp.exec(
        "from wyrm.board import load_file, BoardError\n"
        "try:\n"
        "    load_file('/flash/deep16.json')\n"
        "    print('loaded')\n"
        "except BoardError as e:\n"
        "    print('BoardError')\n"
    )
    assert out.strip() == "BoardError"


_MP_BURST = r"""
import os
from wyrm import store as S
try:
    os.mkdir('/flash/burst40')
except OSError:
    pass
s = S.Store('/flash/burst40')
s.save('g', 'older')
s.save('g', 'newest')
real_open = open
run = [0]
def burst():
    # every stat and read-open fails twice in a row (EIO), then one answers
    if run[0] < 2:
        run[0] += 1
        raise OSError(5)
    run[0] = 0
class Os:
    def stat(self, path):
        burst()
        return os.stat(path)
    def __getattr__(self, name):
        return getattr(os, name)
def burst_open(path, mode='r'):
    if 'w' not in mode:
        burst()
    return real_open(path, mode)
S.os = Os()
S.open = burst_open
b = S.Store('/flash/burst40')
print(b.load('g', None), b.load('h', 'H'), len(b.take_problems()), b.exists('h'))
S.os = os
S.open = real_open
print(b.exists('h'), b.save('h', 1), b.failing, sorted(os.listdir('/flash/burst40')))
"""


def test_micropython_read_errors_in_a_row_teach_the_store_nothing(mp):
    """Under the real WebAssembly MicroPython (whose "no such file" is 44, not its errno
    module's 2): two EIOs in a row at every stat and open, from the store's first read on,
    still load the newest save and a missing name quietly; once the flash answers, a
    missing name is missing and saves work."""
    out = mp.exec(_MP_BURST).strip().splitlines()
    assert out == ["newest H 0 False", "False True 0 ['g.bak', 'g.json', 'h.json']"]
