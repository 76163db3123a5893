"""The battery gauge's pure parts (wyrm.power) and its warnings, on the host."""
import os
import types

import pytest

from wyrm import font, power
from wyrm.store import Store


def test_millivolts_from_the_adc_is_three_times_the_pin():
    """ADC3 reads VSYS/3 against 3.3 V: full scale is 9.9 V, half scale 4.95 V."""
    assert power.millivolts(65535) == 9900
    assert power.millivolts(0) == 0
    assert abs(power.millivolts(65535 // 2) - 4950) <= 1


def test_percent_follows_each_kind_of_cells_with_both_ends_clamped():
    """Above full is 100 %, below empty 0 %; between points it is interpolated; 3.6 V
    is half-empty alkaline but only 10 % of a LiPo."""
    assert power.percent(5000, 0) == 100 and power.percent(4650, 0) == 100
    assert power.percent(2600, 0) == 0 and power.percent(2700, 0) == 0
    assert power.percent(3600, 0) == 35
    assert power.percent(3675, 0) == 43  # half way between 35 % and 50 %
    assert power.percent(3600, 2) == 10
    assert power.percent(3600, 1) == 40
    assert power.percent(3299, 2) == 0
    assert power.percent(3600, 7) == power.percent(3600, 0)  # an unknown kind: alkaline


def test_smoothing_and_steady_figure_do_not_flicker():
    """The average moves a quarter of the way per reading; a 1 % wobble is not shown,
    2 % is, and 0 % or 100 % always are."""
    assert power.smooth(None, 3700) == 3700
    assert power.smooth(4000, 3600) == 3900
    assert power.steady(50, 51) == 50 and power.steady(50, 49) == 50
    assert power.steady(50, 52) == 52 and power.steady(1, 0) == 0 and power.steady(None, 7) == 7


class _App:
    def __init__(self, tmp_path):
        self.batt = None
        self.settings = {"battery": 0}
        self.stack = [types.SimpleNamespace(title="Wyrm")]
        self.width = 128
        self.store = Store(str(tmp_path))
        self.toasts = []
        self.pushed = []
        self.saved_due = 0
        self.redraws = 0

    def toast(self, text, ms=1500):
        self.toasts.append(text)

    def push(self, screen):
        self.pushed.append(screen)

    def save_due(self):
        self.saved_due += 1

    def redraw(self):
        self.redraws += 1


def _raw(mv):
    return mv * 65535 // 9900 + 1


def _cells(mv):
    """ADC3's reading with the cells at ``mv`` behind the Schottky diode (VSYS is lower)."""
    return _raw(mv - power.DIODE_MV)


def test_low_battery_note_comes_once_and_again_only_after_new_cells(tmp_path):
    """At 10 % one note (after the pending saves were written); not again at 9 %,
    8 %...; after cells above 20 % and down to 10 % again, a new note."""
    app = _App(tmp_path)
    power.update(app, _cells(3300), False)  # 12 %: no note
    assert app.toasts == [] and app.batt[1] == 12
    for _ in range(12):
        power.update(app, _cells(3180), False)
    assert len(app.toasts) == 1 and "Battery low" in app.toasts[0] and app.saved_due == 1
    power.update(app, _raw(4600), True)  # USB: fresh average, re-armed
    power.update(app, _cells(4200), False)
    power.update(app, _cells(3000), False)  # a fresh average after USB: 85 % -> falls slowly
    for _ in range(20):
        power.update(app, _cells(3150), False)
    assert len(app.toasts) == 2


def test_saves_stop_near_the_picos_limit_and_start_again(tmp_path):
    """Below 2.1 V: pending saves written first, the store refuses flash writes (the
    object stays readable), a message says so; on USB the held save is written."""
    app = _App(tmp_path)
    power.update(app, _raw(2150), False)  # 0 %: the low note, saves go on
    assert not app.store.halted and app.pushed == [] and app.saved_due == 1
    app.batt[0] = 2050
    power.update(app, _raw(2050), False)
    assert app.store.halted and app.saved_due == 2 and len(app.pushed) == 1
    assert app.store.save("menu", 3) is False
    assert app.store.load("menu", 0) == 3 and not (tmp_path / "menu.json").exists()
    assert app.store.failed == 0  # not a flash fault: no "not saved" note
    power.update(app, _raw(4700), True)
    assert not app.store.halted and (tmp_path / "menu.json").exists()
    assert app.toasts[-1] == "Saving again"


def test_the_main_menu_redraws_only_when_its_symbol_changes(tmp_path):
    """A new bar (25 % steps) or USB/battery retitles and redraws the main menu; a small
    move does not. The symbol ends the 128 px title bar; on USB the title is plain."""
    app = _App(tmp_path)
    power.update(app, _cells(3750), False)  # 50 %: two bars
    home = app.stack[0]
    assert home.title.startswith("Wyrm ") and home.title[-1] == "\x0f"
    assert 2 + font.width(home.title) - 1 <= 128  # (the last cell's gap column is blank)
    n = app.redraws
    power.update(app, _cells(3740), False)
    assert app.redraws == n
    power.update(app, _raw(4700), True)
    assert app.redraws == n + 1 and home.title == "Wyrm"


def test_the_symbol_has_a_bar_per_quarter():
    """0 % empty, 1-25 % one bar ... 76-100 % four bars."""
    assert [power.bars(p) for p in (0, 1, 25, 26, 75, 76, 100)] == [0, 1, 1, 2, 3, 4, 4]


def _discharge(tmp_path, kind, stop_mv):
    """The cells of ``kind`` run down from full in 5 mV steps (readings enough at each for
    the average to settle): the shown percent at each step, and the cells' mV at the note."""
    app = _App(tmp_path)
    app.settings["battery"] = kind
    shown, note = [], None
    mv = power.CURVES[kind][0]
    while mv >= stop_mv:
        for _ in range(12):
            power.update(app, _cells(mv), False)
        shown.append((mv, app.batt[1]))
        if app.toasts and note is None:
            note = mv
        mv -= 5
    return shown, note


def test_the_gauge_reads_the_cells_behind_the_diode(tmp_path):
    """Each kind of cells, run down through the Schottky diode (VSYS 0.26 V below the
    cells): full cells show 100 %, every point of the curve shows its own percent (not
    the lower one VSYS alone would give), and the low-battery note comes at the cells'
    10 % - not at half charge - and not a step before."""
    for kind, ten in ((0, 3214), (1, 3300), (2, 3600)):  # the cells' mV at 10 % (CURVES)
        c = power.CURVES[kind]
        shown, note = _discharge(tmp_path / str(kind), kind, c[-2])
        at = dict(shown)
        assert at[c[0]] == 100, (kind, shown[:3])
        for i in range(0, len(c), 2):
            if c[i] in at:
                assert abs(at[c[i]] - c[i + 1]) <= 1, (kind, c[i], at[c[i]])
        # (within 25 mV: the percent is rounded, and shown only once it moved by 2)
        assert note is not None and ten - 25 <= note <= ten + 25, (kind, note)
        assert all(p > 10 for mv, p in shown if mv > note), kind
        assert power.percent(note, kind) <= 10 < power.percent(note + 30, kind)


# -- what the battery's notes say about saves, and saving stopped (issue 40) -----------------
def _full(app, monkeypatch, *names):
    """The flash turns full and each of ``names`` gets a change it refuses."""
    from faultfs import FaultFS

    fs = FaultFS()
    fs.install(monkeypatch)
    fs.full = True
    for name in names:
        assert app.store.save(name, {"v": 1}) is False
    return fs


def _message(app):
    assert len(app.pushed) == 1 and app.pushed[0].title == "Battery empty"
    return " ".join(app.pushed[0].lines)


def test_battery_empty_on_a_full_flash_names_the_change_that_is_not_saved(tmp_path, monkeypatch):
    """The flash is full and the last Drakonia change is only in memory when the battery
    runs empty: the message says that change is not saved (and why), never "All is saved"."""
    app = _App(tmp_path)
    _full(app, monkeypatch, "drakonia")
    power.update(app, _raw(2050), False)
    assert app.store.halted
    text = _message(app)
    assert "All is saved" not in text
    assert text.startswith("Not saved (the storage is full): the Drakonia game. Saving has"
                           " stopped until")


def test_battery_empty_with_every_change_written_says_all_is_saved(tmp_path):
    """The other side: nothing held back, the message says all is saved."""
    app = _App(tmp_path)
    power.update(app, _raw(2050), False)
    assert _message(app).startswith("All is saved. Saving has stopped until new cells")


def test_the_low_battery_note_says_all_is_saved_only_when_it_is(tmp_path, monkeypatch):
    """At 10 %: "All is saved." with nothing held back; one change the full flash refused is
    named; more than the note's three lines hold: "Some changes are not saved."."""
    from wyrm import power_words

    app = _App(tmp_path)
    power_words.say(app, 0, 10)
    assert app.toasts == ["Battery low: 10%. All is saved."]
    _full(app, monkeypatch, "drakonia")
    power_words.say(app, 0, 9)
    assert app.toasts[-1] == "Battery low: 9%. Not saved: the Drakonia game."
    assert app.store.save("table", ["Ann"]) is False
    power_words.say(app, 0, 9)
    assert app.toasts[-1] == "Battery low: 9%. Some changes are not saved."


def test_nothing_on_the_flash_changes_while_saving_is_stopped(tmp_path, monkeypatch):
    """Battery empty: leaving a game and clearing the names are held back with every save
    (no write, rename or remove reaches the flash) and read as done; with USB they are done,
    the held-back save written after them."""
    from faultfs import FaultFS

    app = _App(tmp_path)
    st = app.store
    st.save("open", {"g": "drakonia"})
    st.save("table", ["Ann", "Bo"])
    st.save("table", ["Ann", "Bo", "Cy"])
    fs = FaultFS()
    fs.install(monkeypatch)
    fs.log = []
    power.update(app, _raw(2050), False)
    assert st.halted
    st.remove("open")
    st.remove("table")
    assert st.save("menu", 4) is False
    assert fs.log == []
    assert sorted(os.listdir(str(tmp_path))) == ["open.json", "table.bak", "table.json"]
    assert st.load("open", None) is None and st.load("table", None) is None
    assert st.load("menu", None) == 4
    power.update(app, _raw(4700), True)
    assert not st.halted and app.toasts[-1] == "Saving again"
    assert sorted(os.listdir(str(tmp_path))) == ["menu.json"]
    assert [w for w, _ in fs.log[:5]] == ["remove", "remove", "remove", "open", "write"]


@pytest.mark.parametrize("usb", [True, False])
def test_names_cleared_while_saving_is_stopped(tmp_path, usb):
    """"Clear the names" with the battery empty: the names are gone on the screen at once
    and stay gone once USB is plugged in (the removal is done then). Switched off before
    that, the flash still has them (saving had stopped, as the message said): they are
    back after new cells, never half of them or an empty list with the names lost."""
    from drive import Driver

    from wyrm import players

    d = Driver(tmp_path)
    players.save(d.app, ["Ann", "Bo", "Cy"])
    d.wait(100)
    power.update(d.app, _raw(2050), False)
    d.wait(100)
    assert d.app.store.halted and "Battery empty" in d.text()
    d.keys("ok")  # the message read
    players.save(d.app, [])
    d.wait(100)
    assert players.names(d.app) == [] and (tmp_path / "table.json").exists()
    if usb:
        power.update(d.app, _raw(4700), True)
        assert not (tmp_path / "table.json").exists()
    d.reboot()
    assert players.names(d.app) == ([] if usb else ["Ann", "Bo", "Cy"])
    assert d.errors() == []


# -- a pulled battery right after a game opens ------------------------------------------
def _files(folder):
    """{name: bytes} of every file in the flash folder."""
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


def _in_progress(tmp_path):
    """A Driver with every game in progress (each made and left, its key script from
    drive.GAME_IN_PROGRESS), back on the main menu with every key up."""
    from drive import GAME_IN_PROGRESS, Driver

    d = Driver(tmp_path)
    for script in GAME_IN_PROGRESS.values():
        d.keys(script + ",back*4,wait:300")
        _to_top(d)
    return d


def _rows(text):
    """The screen's lines without the cursor's "> " (where it rests after a boot may
    differ: the game's menu puts it where a turn begins)."""
    return [ln[2:] if ln.startswith("> ") else ln for ln in text.splitlines()]


def _to_top(d):
    """DOWN on the main menu until its first row is selected (to_row counts from there)."""
    for _ in range(len(d.app.stack[0].items)):
        if not d.app.stack[0].sel:
            return
        d.keys("down")
    raise AssertionError("the main menu never came back to its first row")


@pytest.mark.parametrize("label", ["Drachenhort", "Drakskatten", "DrachenSchatten",
                                   "Drachenfels", "Drakonia", "Dice", "Hidden deck"])
def test_opening_a_game_writes_nothing_until_the_next_key(tmp_path, label):
    """Opening any game (or Dice, the hidden deck) with a game in progress changes no byte
    on the flash, however long the players look at it: after a pulled battery Wyrm starts
    on the main menu and the game opens again onto the same screen, nothing lost. Their
    next key is on the panel first; after that, the open game and the main menu's row are
    on the flash: a pulled battery then comes back into the game."""
    from drive import to_row

    d = _in_progress(tmp_path)
    before = _files(str(tmp_path))
    d.keys(to_row(label) + ",wait:2000")
    opened = d.text()
    assert _files(str(tmp_path)) == before
    d.reboot()
    d.wait(300)
    assert d.title().startswith("== Wyrm")  # the main menu
    _to_top(d)
    d.keys(to_row(label) + ",wait:600")
    assert d.text() == opened
    d.keys("down")  # the next key: after its frame the notes are written
    moved = d.text()
    assert _files(str(tmp_path)) != before
    d.reboot()
    d.wait(300)
    assert _rows(d.text()) == _rows(moved)  # back in the game, on the same screen
    assert d.errors() == []


def test_a_fresh_drakskatten_writes_its_two_players_only_after_the_next_key(tmp_path):
    """Drakskatten with no game asks how many play and sets up two players behind the
    question. A pulled battery on the question loses nothing: Wyrm starts on the main menu
    and opening Drakskatten asks again. BACK instead leaves the two players on its menu,
    written after BACK's frame: a pulled battery then comes back to that menu."""
    from drive import Driver, to_row

    d = Driver(tmp_path)
    d.keys(to_row("Drakskatten") + ",wait:600")
    assert d.title() == "== How many players? =="
    d.reboot()
    d.wait(300)
    assert d.title().startswith("== Wyrm")
    assert not os.path.exists(str(tmp_path / "drakskatten.json"))
    _to_top(d)
    d.keys(to_row("Drakskatten") + ",wait:600")
    assert d.title() == "== How many players? =="
    d.keys("back,wait:300")
    menu = d.text()
    assert "Next turn" in menu
    d.reboot()
    d.wait(300)
    assert _rows(d.text()) == _rows(menu)
    assert d.errors() == []
