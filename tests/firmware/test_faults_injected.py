"""Faults an independent fault-injection run found, one test (or a few) each.

Each goes through the public surface: key scripts on the real app (tests/support/drive.py), the
store's own file format, the fault-injecting file system (tests/support/faultfs.py).
"""

import os

import pytest
from drive import Driver, to_row
from faultfs import FaultFS
from test_drachenschatten_ui import NEXT, TORCH, TREASURES, moves, skip_deal, track

from host_tools.sim import menu
from wyrm import buttons as B
from wyrm.app import AWAKE
from wyrm.games.drachenfels import COLOURS
from wyrm.settings import DEFAULTS as DEFAULT_SETTINGS
from wyrm.store import Store

BOARDS4 = ["pico-ssd1306-4btn", "pico-ssd1306-128x32", "pico-sh1106-4btn"]
ALL_BOARDS = BOARDS4 + ["pico-ssd1306-3btn"]


def flat(d):
    return d.text().replace("\n", " ")


def texts(frames):
    return [f.text() for f in frames if f is not None]


def names_on(text):
    """The knight (shoe) colour names on a frame, as the castle check writes them."""
    up = text.upper()
    return [c for c in COLOURS if c.upper() in up.split()]


# -- 1. the castle check hides the shoe colour when OK was let go elsewhere -------------
# Drachenfels, 2 knights, Red in armour, Red's castle check at rock castle 1, then "Hold
# OK to look" (seed 3: Red's princess sits in castle 1); %s: on a 32 px panel the OK of
# the princesses' own page.
TO_CASTLE = "down*3,ok,ok,ok,ok,ok%s,down*2,ok,ok,down*2,ok,ok"


@pytest.mark.parametrize("board", ALL_BOARDS)
def test_castle_check_hides_the_shoes_after_a_quick_roll_while_ok_was_held(tmp_path, board):
    """Hold OK on the castle check, roll with UP+DOWN, let go of every key, close the
    roll: the shoe colour is gone from the panel, at once and for good (the secret shows
    only while the knight's own hold lasts)."""
    d = Driver(tmp_path, seed=3, board=board)
    d.keys(TO_CASTLE % ("" if d.h > 32 else ",ok"))
    assert "Hold OK to look" in flat(d) or "Hold OK" in flat(d), d.text()
    n = len(d.frames)
    # (one script: keys still down at the end of a script are let go before the next)
    d.keys("press:ok,wait:300,press:up,press:down,wait:200,"
           "release:up,release:down,release:ok,wait:300")
    assert any("RED" in t.upper() for t in texts(d.frames[n:]))  # the hold showed it
    n = len(d.frames)
    close = "back" if d.nkeys == 4 else "chord:up+down"
    d.keys(close + ",wait:1000")
    assert not d.app.buttons.held(B.OK)
    for t in texts(d.frames[n:]):
        assert "shoes" not in t.lower() and names_on(t) == [], t
    assert d.errors() == []


# -- 2. dice statistics keep the quick roll's rolls --------------------------------------
def d6_rolls(state_dir):
    st = Store(str(state_dir)).load("dice_stats", None)
    return sum(st["dice"]["d6"]["c"]) if st and "d6" in st["dice"] else 0


def test_quick_roll_over_a_roll_screen_keeps_every_roll(tmp_path):
    """d6's roll screen (it rolls as it opens) and 3 rolls more, a quick roll (1) and 3
    more on it, close it: the screen below shows all 8, so do the saved counts after
    leaving and the statistics after a power cut."""
    d = Driver(tmp_path, seed=1)
    d.keys(to_row("Dice") + ",down,ok,wait:500")  # Dice, d6: its roll screen, rolled once
    d.keys("ok,wait:500,ok,wait:500,ok,wait:500")
    assert d6_rolls(tmp_path) == 4
    d.keys("chord:up+down,wait:500,ok,wait:500,ok,wait:500,ok,wait:500")
    assert d6_rolls(tmp_path) == 8
    d.keys("chord:up+down,wait:500")  # back on d6's own roll screen
    d.keys("down")  # its statistics
    assert "8 rolls" in d.text().splitlines()[0]
    d.keys("back,back,back")
    assert d6_rolls(tmp_path) == 8
    d.reboot()
    d.keys("ok,ok,wait:500,down")  # the main menu is on Dice, Dice on d6; it rolls once more
    assert "9 rolls" in d.text().splitlines()[0]
    assert d.errors() == []


def test_rolling_again_below_a_closed_quick_roll_adds_to_its_rolls(tmp_path):
    """After a quick roll over a roll screen, a roll on the screen below counts on top of
    the quick roll's: 3 + 2 + 1 = 6, not the 4 the screen below knew."""
    d = Driver(tmp_path, seed=1)
    d.keys(to_row("Dice") + ",down,ok,wait:500,ok,wait:500,ok,wait:500")
    assert d6_rolls(tmp_path) == 3
    d.keys("chord:up+down,wait:500,ok,wait:500,chord:up+down,wait:500")
    d.keys("ok,wait:500")
    assert d6_rolls(tmp_path) == 6
    assert d.errors() == []


# -- 3. a save the game cannot use is set aside, never deleted ----------------------------
# name -> (keys that make a game from the main menu, keys that open it)
_IN_GAME = {  # save name -> keys in the game once open
    "drachenhort": ",down,ok,ok,down,ok,ok",  # 4 players, printed cards, P1
    "drachenschatten": ",ok,ok,ok",  # 2 players, P1 begins
    "drachenfels": ",ok,up*2,ok,down*2,ok,ok,ok",  # 3 knights (Green ticked), Red begins
    "drakonia": ",ok,ok",  # 3 players (P1 begins)
    "drakskatten": ",ok",  # 2 players
}
GAMES = {save: (to_row(label) + _IN_GAME[save], to_row(label))
         for label, _mod, save, _words in menu.games()}
LABELS = {save: words for _label, _mod, save, words in menu.games()}  # the players' words


def made(tmp_path, name):
    """A game saved by keys (its .json), and a second save so a good .bak exists."""
    d = Driver(tmp_path)
    make, open_keys = GAMES[name]
    d.keys(make)
    d.keys("back*4," + open_keys + ",back*4")  # open again (a save), leave for the main menu
    good = Store(str(tmp_path)).load(name, None)
    assert good is not None, "the script made no %s game:\n%s" % (name, d.text())
    Store(str(tmp_path)).remove("menu")  # the next boot's main menu starts at the top
    return good, open_keys


def playing(d):
    """The top screen is a game's menu with a game in it (the copy before came back)."""
    top = d.app.top()
    game = getattr(top, "game", None) or getattr(top, "s", None)
    return game is not None and game.has_game()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("wrong", ["version", "list", "number", "shape"])
def test_a_save_the_game_cannot_use_is_set_aside_and_its_backup_used(tmp_path, name, wrong):
    """A checksum-valid save from another version, or of the wrong type or shape, is set
    aside as .bad (never deleted) and the good copy before it is used; the players are
    told in their words."""
    good, open_keys = made(tmp_path, name)
    Store(str(tmp_path)).save(name, good)  # the good state as .bak too
    bad = {"version": dict(good, v=2), "list": [good], "number": 7,
           "shape": {"v": good.get("v", 1)}}[wrong]
    Store(str(tmp_path)).save(name, bad)
    assert (tmp_path / (name + ".bak")).exists()
    d = Driver(tmp_path)
    d.keys(open_keys)
    t = flat(d)
    assert "The saved %s game" % LABELS[name] in t
    assert ("came from another Wyrm version" if wrong == "version" else "was damaged") in t
    assert "The last change was lost" in t
    assert (tmp_path / (name + ".bad")).exists()
    assert Store(str(tmp_path)).load(name, None) == good
    assert d.errors() == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_unusable_save_without_a_backup_is_kept_as_bad(tmp_path, name):
    """No copy before: a new game starts, and the unusable file stays on the flash as .bad."""
    good, open_keys = made(tmp_path, name)
    for ext in (".json", ".bak"):
        p = tmp_path / (name + ext)
        if p.exists():
            p.unlink()
    Store(str(tmp_path)).save(name, dict(good, v=2))
    d = Driver(tmp_path)
    d.keys(open_keys)
    assert "came from another Wyrm version. A new game starts." in flat(d)
    assert (tmp_path / (name + ".bad")).exists()
    assert d.errors() == []


@pytest.mark.parametrize("bad", [{"v": 2}, [1, 2], 5, {"deck": 3, "players": 1}])
def test_an_unusable_hidden_deck_is_set_aside_and_its_backup_used(tmp_path, bad):
    """The hidden deck too: a save it cannot use goes aside as .bad, the copy before is the
    deck again."""
    d = Driver(tmp_path, seed=2)
    d.keys(to_row("Hidden deck") + ",ok,ok,back*3")  # the hidden deck: New deck, 52 cards; leave
    good = Store(str(tmp_path)).load("hdeck", None)
    assert good is not None, d.text()
    Store(str(tmp_path)).remove("menu")
    Store(str(tmp_path)).save("hdeck", good)
    Store(str(tmp_path)).save("hdeck", bad)
    d = Driver(tmp_path, seed=2)
    d.keys(to_row("Hidden deck"))
    t = flat(d)
    said = "came from another Wyrm version" if bad == {"v": 2} else "was damaged"
    assert "The saved hidden deck " + said in t and "The last change was lost" in t
    assert (tmp_path / "hdeck.bad").exists()
    assert Store(str(tmp_path)).load("hdeck", None) == good
    assert d.errors() == []


# -- 4. a "turn" that is not a seat ----------------------------------------------------------
@pytest.mark.parametrize("name", ["drachenschatten", "drachenfels", "drakonia", "drachenhort"])
@pytest.mark.parametrize("turn", ["x", 1.5, None, [1], True, -1, "seats"])
def test_a_turn_that_is_not_a_seat_is_a_damaged_save_not_a_crash(tmp_path, name, turn):
    """Whose turn must be a seat number from 0 to seats-1: anything else (a string, a
    float, null, a list, a bool, -1, the number of seats) is a damaged save - a message
    and the copy before - and the game menu opens."""
    good, open_keys = made(tmp_path, name)
    Store(str(tmp_path)).save(name, good)
    seats = {"drachenschatten": lambda g: len(g["rules"]["players"]),
             "drachenfels": lambda g: len(g["rules"]["knights"]),
             "drakonia": lambda g: len(g["tallies"]) if "tallies" in g else g["n"],
             "drachenhort": lambda g: g["rules"]["players"]}[name](good)
    Store(str(tmp_path)).save(name, dict(good, turn=seats if turn == "seats" else turn))
    d = Driver(tmp_path)
    d.keys(open_keys)
    assert "was damaged" in flat(d)
    d.keys("ok")
    assert "Oops" not in flat(d) and playing(d)
    assert d.errors() == []


@pytest.mark.parametrize("name", ["drachenschatten", "drachenfels"])
def test_the_last_seat_is_a_good_turn(tmp_path, name):
    """The boundary inside: turn = seats - 1 is read as it is, without a message."""
    good, open_keys = made(tmp_path, name)
    seats = len(good["rules"]["players"] if name == "drachenschatten" else good["rules"]["knights"])
    Store(str(tmp_path)).save(name, dict(good, turn=seats - 1))
    d = Driver(tmp_path)
    d.keys(open_keys)
    assert "was damaged" not in flat(d) and playing(d)
    assert Store(str(tmp_path)).load(name, None)["turn"] == seats - 1
    assert d.errors() == []


# -- 5. settings out of range -------------------------------------------------------------
RANGES = [
    ("off_s", -1, False), ("off_s", 0, True), ("off_s", 9, False), ("off_s", 10, True),
    ("off_s", 7200, True), ("off_s", 7201, False),
    ("dim_s", -5, False), ("dim_s", 0, True), ("dim_s", 4, False), ("dim_s", 5, True),
    ("dim_s", 3600, True), ("dim_s", 3601, False),
    ("peek_s", 0, False), ("peek_s", 1, True), ("peek_s", 120, True), ("peek_s", 121, False),
    ("contrast", 0, False), ("contrast", 1, True), ("contrast", 5, True),
    ("contrast", 6, False), ("contrast", True, False), ("flip", 1, False),
    ("battery", -1, False), ("battery", 0, True), ("battery", 2, True), ("battery", 3, False),
]


@pytest.mark.parametrize("key,value,usable", RANGES)
def test_a_setting_out_of_range_falls_back_and_is_said_once(tmp_path, key, value, usable):
    """Each saved setting is used only inside its range (both sides of each bound); outside
    it the default is used, the boot says so once, and the usual value is saved back."""
    Store(str(tmp_path)).save("settings", dict(DEFAULT_SETTINGS, **{key: value}))
    d = Driver(tmp_path)
    d.wait(500)
    said = "Some saved settings could not be used" in flat(d)
    assert said is not usable
    assert d.app.settings[key] == (value if usable else DEFAULT_SETTINGS[key])
    d.keys("ok")
    d.reboot()
    d.wait(200)
    assert "Some saved settings could not be used" not in flat(d)
    assert d.app.settings[key] == (value if usable else DEFAULT_SETTINGS[key])
    assert d.errors() == []


def test_screen_off_minus_one_does_not_switch_the_panel_off(tmp_path):
    """"off_s": -1 once switched the panel off at every step; now the panel stays on."""
    Store(str(tmp_path)).save("settings", dict(DEFAULT_SETTINGS, off_s=-1, dim_s=-1))
    d = Driver(tmp_path)
    d.wait(2000)
    assert d.app.power == AWAKE
    assert "Screen off" in flat(d) and "Dim after" in flat(d)
    assert d.errors() == []


# -- 6. the note after a cut names only real games ------------------------------------------
def test_a_cut_while_the_menu_place_is_saved_says_so_in_plain_words(tmp_path):
    """The main menu's place cut between its two renames: the note names the menu's place,
    not a "Menu game"."""
    s = Store(str(tmp_path))
    s.save("menu", 3)
    os.rename(str(tmp_path / "menu.json"), str(tmp_path / "menu.bak"))
    d = Driver(tmp_path)
    d.wait(200)
    t = flat(d)
    assert "Menu game" not in t and "game" not in t.lower().replace("a new game", "")
    assert "Saving the place in the main menu was cut off." in t
    assert d.errors() == []


def test_a_name_wyrm_does_not_save_is_never_called_a_game():
    """Store words for a name that is no game of Wyrm's do not invent one."""
    from wyrm.store_words import words

    for status in (0, 1, 2, 3):
        for fallback in (False, True):
            assert "game" not in words("menu2", status, fallback)
            assert "Menu" not in words("menu", status, fallback)


# -- 7. DrachenSchatten keeps every undo step when a change is refused ----------------------
def test_a_refused_change_keeps_all_eight_undo_steps(tmp_path):
    """Eight changes (the undo limit: 6 treasures for P1-P3, P4 a torch and a treasure),
    then one the rules refuse (an eighth treasure): all eight undo steps are still there,
    and the game in memory equals its save."""
    d = Driver(tmp_path)
    d.keys("down*2,ok,ok,up*2,ok,ok" + skip_deal(4))  # DrachenSchatten, 4 players, P1
    # begins, the opening round passed on without village cards: P1's list
    for _p in range(3):
        d.keys(track({TREASURES: 2}, back=False) + ",ok")  # two treasures, the pass
    d.keys(track({TORCH: 1, TREASURES: 1}, back=False))
    game = d.app.top().game
    before = [u[0] for u in game.state["undo"]]
    assert len(before) == 8
    n = len(d.frames)
    d.keys(",".join(moves(NEXT, TREASURES) + ["ok"]))  # an eighth treasure
    assert any("Only 7 treasures" in t.replace("\n", " ") for t in texts(d.frames[n:]))
    assert [u[0] for u in game.state["undo"]] == before
    assert Store(str(tmp_path)).load("drachenschatten", None) == game.state
    assert d.errors() == []


# -- 8. a read error is retried and leaves both copies as they are --------------------------
def two_copies(tmp_path):
    s = Store(str(tmp_path))
    s.save("drakskatten", {"v": 1, "n": "older"})
    s.save("drakskatten", {"v": 1, "n": "newest"})
    return {f: (tmp_path / f).read_bytes() for f in sorted(os.listdir(str(tmp_path)))}


@pytest.mark.parametrize("fails", [1, 2])
def test_a_passing_read_error_at_stat_or_open_still_loads_the_newest(tmp_path, monkeypatch, fails):
    """One or two EIOs on the stat or the open of a save: retried, the newest copy loads,
    nothing is renamed and nothing is said."""
    before = two_copies(tmp_path)
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.fail_reads = fails
    s = Store(str(tmp_path))
    assert s.load("drakskatten", None) == {"v": 1, "n": "newest"}
    assert fs.read_faults == fails
    assert s.take_problems() == []
    assert {f: (tmp_path / f).read_bytes() for f in sorted(os.listdir(str(tmp_path)))} == before


def test_a_lasting_read_error_keeps_both_copies_and_says_so(tmp_path, monkeypatch):
    """The flash keeps failing: the default comes back with a plain note, and both copies
    stay as they were, so the next boot that can read them has the newest."""
    before = two_copies(tmp_path)
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.fail_reads = 100
    s = Store(str(tmp_path))
    assert s.load("drakskatten", "D") == "D"
    assert s.take_problems() == [
        "The saved Drakskatten game could not be read: the storage failed. It is kept as it"
        " was; switch Wyrm off and on to try again."
    ]
    fs.fail_reads = 0
    assert {f: (tmp_path / f).read_bytes() for f in sorted(os.listdir(str(tmp_path)))} == before
    assert Store(str(tmp_path)).load("drakskatten", None) == {"v": 1, "n": "newest"}


def test_a_lasting_read_error_during_a_save_keeps_the_good_file(tmp_path, monkeypatch):
    """A save while the flash cannot read the current file: the save is refused (the
    store says the storage fails), the current file is not set aside as damaged."""
    before = two_copies(tmp_path)
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.fail_reads = 100
    s = Store(str(tmp_path))
    assert s.save("drakskatten", {"v": 1, "n": "third"}) is False
    assert s.failing
    fs.fail_reads = 0
    assert {f: (tmp_path / f).read_bytes() for f in sorted(os.listdir(str(tmp_path)))} == before


def test_one_read_error_at_boot_keeps_the_newest_drakskatten(tmp_path, monkeypatch):
    """The case found: one EIO on a stat at boot once renamed the older .bak over the
    newest save. Now the game comes back as it was last saved."""
    d = Driver(tmp_path)
    d.keys(GAMES["drakskatten"][0])
    d.keys("back*3,ok,down")  # leave, open again (the main menu stays on Drakskatten), a key in it
    newest = Store(str(tmp_path)).load("drakskatten", None)
    Store(str(tmp_path)).save("drakskatten", dict(newest, cur=1))  # one change older
    Store(str(tmp_path)).save("drakskatten", newest)
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.read_name = "drakskatten"
    for k in range(2):  # one EIO at the stat (0), then at the open (1) of the save
        fs.read_skip, fs.fail_reads = k, 1
        d.reboot()  # the boot goes back into the open game: its save is read
        assert fs.fail_reads == 0, "the EIO was injected"
        assert "Drakskatten" in d.text() and "Saved" not in d.text()
        assert Store(str(tmp_path)).load("drakskatten", None) == newest
        assert not (tmp_path / "drakskatten.bad").exists()
    assert d.errors() == []


# -- 9. read errors in a row at every name, the store's first ones at boot -----------------
def on_flash(tmp_path):
    return {f: (tmp_path / f).read_bytes() for f in sorted(os.listdir(str(tmp_path)))}


@pytest.mark.parametrize("phase", [0, 1, 2])
def test_two_read_errors_in_a_row_at_every_read_keep_the_newest_drakonia(
        tmp_path, monkeypatch, phase):
    """The case found: a boot whose every read met two EIOs in a row (the store's very
    first reads among them) took good saves for missing or damaged: the open game was not
    resumed, a good file was set aside, missing files read as a failing flash. Now (with
    the bursts falling at each place in the boot's reads) the boot goes back into the
    Drakonia game as last saved, nothing is said or renamed, and once the flash answers a
    name never saved reads as missing and a new save is written."""
    d = Driver(tmp_path)
    d.keys(GAMES["drakonia"][0])
    d.keys("back*3,ok,down")  # leave, open again (the main menu stays on Drakonia), a key in it
    newest = Store(str(tmp_path)).load("drakonia", None)
    Store(str(tmp_path)).save("drakonia", dict(newest, turn=1))  # one change older
    Store(str(tmp_path)).save("drakonia", newest)
    before = on_flash(tmp_path)
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.burst, fs.burst_run = 2, phase
    d.reboot()  # the boot goes back into the open game: its save is read
    fs.burst = 0
    assert fs.read_faults >= 4, "the EIOs were injected"
    assert playing(d) and "Saved" not in d.text(), d.text()
    assert on_flash(tmp_path) == before
    assert d.app.store.load("drakonia", None) == newest
    st = d.app.store
    assert not st.exists("drachenfels") and st.save("drachenfels", {"v": 1}) is True
    assert st.failing == 0 and st.take_problems() == []
    assert d.errors() == []


@pytest.mark.parametrize("burst", [1, 2])
def test_passing_read_errors_at_every_name_teach_the_store_nothing(tmp_path, monkeypatch, burst):
    """One or two EIOs in a row at every stat and open, from the store's first read on:
    the newest copy loads, nothing is said or renamed; afterwards a name never saved is
    missing (not a failing flash) and saves work."""
    before = two_copies(tmp_path)
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.burst = burst
    s = Store(str(tmp_path))
    assert s.load("drakskatten", None) == {"v": 1, "n": "newest"}
    assert s.load("drakonia", "D") == "D"  # never saved: missing, said nothing
    assert s.take_problems() == []
    assert on_flash(tmp_path) == before
    fs.burst = 0
    assert s.exists("drakonia") is False
    assert s.save("drakonia", {"v": 1}) is True and s.failing == 0


def test_three_read_errors_in_a_row_at_every_name_keep_every_copy(tmp_path, monkeypatch):
    """Three EIOs in a row outlast the store's three reads: the save cannot be read now,
    the panel says so, both copies stay as they are, and the next boot (the flash
    answering) has the newest."""
    before = two_copies(tmp_path)
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.burst = 3
    s = Store(str(tmp_path))
    assert s.load("drakskatten", "D") == "D"
    assert [p.split(":")[0] for p in s.take_problems()] == [
        "The saved Drakskatten game could not be read"]
    assert on_flash(tmp_path) == before
    fs.burst = 0
    assert Store(str(tmp_path)).load("drakskatten", None) == {"v": 1, "n": "newest"}
    assert on_flash(tmp_path) == before
