"""The battery gauge's pure parts (wyrm.power) and its warnings, on the host."""
import types

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


def test_low_battery_note_comes_once_and_again_only_after_new_cells(tmp_path):
    """At 10 % one note (after the pending saves were written); not again at 9 %,
    8 %...; after cells above 20 % and down to 10 % again, a new note."""
    app = _App(tmp_path)
    power.update(app, _raw(3300), False)  # 12 %: no note
    assert app.toasts == [] and app.batt[1] == 12
    for _ in range(12):
        power.update(app, _raw(3180), False)
    assert len(app.toasts) == 1 and "Battery low" in app.toasts[0] and app.saved_due == 1
    power.update(app, _raw(4600), True)  # USB: fresh average, re-armed
    power.update(app, _raw(4200), False)
    power.update(app, _raw(3000), False)  # a fresh average after USB: 85 % -> falls slowly
    for _ in range(20):
        power.update(app, _raw(3150), False)
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
    power.update(app, _raw(3750), False)  # 50 %: two bars
    home = app.stack[0]
    assert home.title.startswith("Wyrm ") and home.title[-1] == "\x0f"
    assert 2 + font.width(home.title) - 1 <= 128  # (the last cell's gap column is blank)
    n = app.redraws
    power.update(app, _raw(3740), False)
    assert app.redraws == n
    power.update(app, _raw(4700), True)
    assert app.redraws == n + 1 and home.title == "Wyrm"


def test_the_symbol_has_a_bar_per_quarter():
    """0 % empty, 1-25 % one bar ... 76-100 % four bars."""
    assert [power.bars(p) for p in (0, 1, 25, 26, 75, 76, 100)] == [0, 1, 1, 2, 3, 4, 4]
