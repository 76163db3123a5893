"""The Pico shell (wyrm.shell, run by firmware/main.py) with a fake machine, a fake clock and a
model OLED."""

import importlib
import json
import os
import runpy
import sys

import pytest
from fake_machine import FakeMachine, FakeTime, TimeUp
from panel_model import Panel, framebuffer_pixels

from wyrm import pins, shell, trouble
from wyrm.board import load_file, load_profile
from wyrm.canvas import Canvas
from wyrm.oled import Oled
from wyrm.startup import SAFE_MODE_LINE
from wyrm.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = os.path.join(ROOT, "boards")
NO_DISPLAY = "Wyrm: no display at I2C0 0x3C (SDA GP4, SCL GP5) - check wiring; retrying"


def profile_data(name):
    with open(os.path.join(BOARDS, name + ".json")) as f:
        return json.load(f)


class FakeApp:
    """Stands in for wyrm.home's app: records steps, draws, fails on request."""

    def __init__(self, kw, fail_at=None, exc=None, animate=False, contrast_each_step=False):
        self.kw = kw
        self.fb = kw["fb"]
        self.steps = []
        self.fail_at = fail_at
        self.exc = exc
        self.animate = animate
        self.contrast_each_step = contrast_each_step
        self.power = 0

    def step(self, now, levels):
        self.steps.append([now, levels])
        if self.fail_at is not None and len(self.steps) >= self.fail_at:
            raise self.exc
        if self.contrast_each_step:
            self.kw["panel"].contrast(100)
        fb = self.fb
        if len(self.steps) == 1 or self.animate:
            fb.fill(0)
            fb.fill_rect(len(self.steps) % 120, 0, 8, 8, 1)
            fb.fill_rect(10, 30, 20, 20, 1)
            return fb.dirty()
        return 0  # like the real app: nothing redrawn, nothing to send


def app_factory(**opts):
    made = []

    def make_app(**kw):
        app = FakeApp(kw, **opts)
        made.append(app)
        return app

    make_app.made = made
    return make_app


def oled_class(clock):
    """The real driver, recording when it was built and which page masks it was sent."""

    class RecOled(Oled):
        built = []  # clock time of every construction attempt
        sent = []

        def __init__(self, *a, **k):
            RecOled.built.append(clock.now)
            super().__init__(*a, **k)

        def send(self, mask):
            RecOled.sent.append(mask)
            return super().send(mask)

    RecOled.built = []
    RecOled.sent = []
    return RecOled


class Boot:
    pass


def boot(
    tmp_path,
    profile="pico-ssd1306-4btn",
    data=None,
    text=None,
    levels=None,
    devices=(0x3C,),
    limit=3000,
    app=None,
    write_board=True,
    hooks=(),
    setup=None,
):
    """Run shell.main() until it returns or the fake clock passes ``limit``. ``setup(b)``:
    called with the fake machine made, before the shell starts."""
    b = Boot()
    b.clock = FakeTime(limit)
    b.m = FakeMachine(b.clock)
    if setup is not None:
        setup(b)
    b.m.devices = list(devices)
    disp = (data or profile_data(profile))["display"]
    b.m.panel = Panel(disp["controller"], 128, disp.get("height", 64))
    b.m.level.update(levels or {})
    for at, fn in hooks:
        b.clock.at(at, (lambda f: lambda: f(b))(fn))
    b.path = str(tmp_path / "board.json")
    if write_board:
        with open(b.path, "w") as f:
            f.write(text if text is not None else json.dumps(data or profile_data(profile)))
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    b.state = str(state)
    b.make_app = app or app_factory()
    b.Oled = oled_class(b.clock)
    try:
        b.ret = shell.main(
            machine=b.m,
            time=b.clock,
            board_path=b.path,
            store_root=b.state,
            Oled=b.Oled,
            make_app=b.make_app,
        )
        b.timeup = False
    except TimeUp:
        b.timeup = True
    b.app = b.make_app.made[0] if getattr(b.make_app, "made", None) else None
    return b


def led_ons(b, start=0, end=None):
    """Times the LED went from off to on in [start, end)."""
    log = []
    last = 0
    for t, v in b.m.led_log:
        if v and not last and t >= start and (end is None or t < end):
            log.append(t)
        last = v
    return log


def unplug(b):
    b.m.devices = []


def replug(b):
    b.m.devices = [0x3C]
    b.m.panel = Panel("ssd1306", 128, 64, seed=7)  # power-cycled: random RAM


# -- import -------------------------------------------------------------------------


def test_import_does_not_start(monkeypatch, capsys):
    """Importing the shell (tests, tools) touches no hardware and prints nothing."""
    monkeypatch.delitem(sys.modules, "machine", raising=False)
    importlib.reload(shell)
    importlib.reload(pins)
    assert "machine" not in sys.modules
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("finder", [True, False], ids=["deployed", "frozen-build"])
def test_boot_file_is_a_stub_that_starts_the_shell(finder, tmp_path, monkeypatch, capsys):
    """firmware/main.py, run as MicroPython runs it at power-up, starts the shell with the
    real machine and time modules (here fakes of both, BACK held: safe mode), with the
    finder deploy installs or without it (a frozen build has none)."""
    if not finder:
        monkeypatch.setitem(sys.modules, "wyrm_finder", None)  # import raises ImportError
    path = os.path.join(ROOT, "firmware", "main.py")
    with open(path) as f:
        assert len(f.read().splitlines()) <= 10
    clock = FakeTime(1000)
    m = FakeMachine(clock)
    m.level[7] = 0  # BACK held
    monkeypatch.setitem(sys.modules, "machine", m)
    monkeypatch.setitem(sys.modules, "time", clock)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.json").write_text(json.dumps(profile_data("pico-ssd1306-4btn")))
    runpy.run_path(path, run_name="__main__")
    assert capsys.readouterr().out.splitlines()[-1] == SAFE_MODE_LINE
    assert m.pin(7) is not None and clock.now == 30  # BACK read twice, 30 ms apart


def test_uses_machine_from_sys_modules(tmp_path, monkeypatch, capsys):
    """Called without arguments, main() uses the `machine` module (a fake one here)."""
    clock = FakeTime(1000)
    m = FakeMachine(clock).install()
    monkeypatch.setitem(sys.modules, "machine", m)
    m.level[7] = 0  # BACK held: safe mode, returns at once
    path = tmp_path / "board.json"
    path.write_text(json.dumps(profile_data("pico-ssd1306-4btn")))
    shell.main(time=clock, board_path=str(path))
    assert m.pin(7) is not None
    assert SAFE_MODE_LINE in capsys.readouterr().out


# -- safe mode -----------------------------------------------------------------------


def test_safe_mode_back_held(tmp_path, capsys):
    """BACK held at power-up: no app, the display untouched, the REPL free."""
    b = boot(tmp_path, levels={7: 0})
    assert not b.timeup and b.ret is None
    assert capsys.readouterr().out.splitlines()[-1] == "Wyrm safe mode: app not started, REPL free"
    assert b.m.buses == [] and b.Oled.built == [] and b.make_app.made == []


def test_safe_mode_three_button_board_uses_ok(tmp_path, capsys):
    """On a three-button board OK held at power-up gives safe mode."""
    b = boot(tmp_path, profile="pico-ssd1306-3btn", levels={6: 0})
    assert not b.timeup
    assert "Wyrm safe mode: app not started, REPL free" in capsys.readouterr().out
    assert b.make_app.made == []


def test_ok_held_on_four_button_board_starts_app(tmp_path, capsys):
    """With BACK present, OK held at power-up is not safe mode: the app starts."""
    b = boot(tmp_path, levels={6: 0}, limit=200)
    assert b.timeup
    assert SAFE_MODE_LINE not in capsys.readouterr().out
    assert len(b.make_app.made) == 1


def test_safe_mode_ignores_a_glitch(tmp_path, capsys):
    """BACK read pressed for a moment only (a glitch) does not give safe mode."""
    b = boot(tmp_path, levels={7: lambda t: 0 if t < 10 else 1}, limit=200)
    assert b.timeup and len(b.make_app.made) == 1
    assert SAFE_MODE_LINE not in capsys.readouterr().out


def test_safe_mode_active_high_button(tmp_path, capsys):
    """Safe mode honours an active-high BACK button (pressed = 1)."""
    data = profile_data("pico-ssd1306-4btn")
    data["buttons"]["BACK"] = {"pin": 7, "pull": "down", "active": "high"}
    b = boot(tmp_path, data=data, levels={7: 1})
    assert not b.timeup
    assert SAFE_MODE_LINE in capsys.readouterr().out


# -- button levels ---------------------------------------------------------------------


def keys_for(data, m):
    return pins.Keys(m, load_profile(data, "t")["buttons"])


RP2040 = "Raspberry Pi Pico with RP2040"


def test_on_an_rp2040_the_core_goes_to_1v15_then_the_clock_to_200_mhz_then_the_bus(
        tmp_path, monkeypatch):
    """At power-up on an RP2040 (125 MHz, core at 1.10 V): the core regulator goes to 1.15 V
    (VSEL 0xC, left on), only then the clock to 200 MHz, and only then is the panel's bus
    made (its divider follows the clock of that moment)."""
    monkeypatch.setattr(sys.implementation, "_machine", RP2040, raising=False)
    b = boot(tmp_path, limit=50)
    assert b.m.order[:3] == [("vreg", 0xC1), ("freq", 200_000_000), ("i2c", 0)]


@pytest.mark.parametrize("chip, vreg, hz, order", [
    (RP2040, 0xD1, 125_000_000, [("freq", 200_000_000)]),  # a higher voltage stays
    (RP2040, 0x00, 125_000_000, [("freq", 200_000_000)]),  # reads as off: never written
    (RP2040, 0xB1, 200_000_000, []),  # already at 200 MHz
    ("Raspberry Pi Pico2 with RP2350", 0xB1, 150_000_000, []),
    ("", 0xB1, 125_000_000, []),  # a port that names no chip
], ids=["1v20", "vreg-off", "fast", "rp2350", "unnamed"])
def test_the_clock_and_the_core_voltage_are_only_ever_raised_on_an_rp2040(
        tmp_path, monkeypatch, chip, vreg, hz, order):
    """A core already above 1.15 V keeps its voltage; a regulator register that reads with
    its enable bit clear (an emulator) is never written (that could switch the core's supply
    off); a clock already at 200 MHz, and any other chip, are left as they are."""
    monkeypatch.setattr(sys.implementation, "_machine", chip, raising=False)

    def machine_as(b):
        b.m.vreg, b.m.hz = vreg, hz

    b = boot(tmp_path, limit=50, setup=machine_as)
    assert b.m.order[: len(order) + 1] == order + [("i2c", 0)]


def test_levels_active_low_with_pull_ups():
    """Buttons to GND: inputs with pull-ups; a low pin is a pressed key (bit 0 UP .. 3 BACK)."""
    m = FakeMachine()
    k = keys_for(profile_data("pico-ssd1306-4btn"), m)
    for pin in (2, 3, 6, 7):
        p = m.pin(pin)
        assert p.mode == m.Pin.IN and p.pull == m.Pin.PULL_UP
    assert k.levels() == 0  # nothing pressed: the pull-ups hold every pin high
    m.level.update({2: 1, 3: 0, 6: 1, 7: 0})
    assert k.levels() == 0b1010  # DOWN and BACK
    m.level.update({2: 0, 3: 1, 6: 0, 7: 1})
    assert k.levels() == 0b0101  # UP and OK


def test_levels_active_high_with_pull_downs():
    """Buttons to 3V3: pull-downs, a high pin is a pressed key."""
    data = profile_data("pico-ssd1306-4btn")
    for name in ("UP", "DOWN", "OK", "BACK"):
        data["buttons"][name]["pull"] = "down"
        data["buttons"][name]["active"] = "high"
    m = FakeMachine()
    k = keys_for(data, m)
    assert m.pin(6).pull == m.Pin.PULL_DOWN
    assert k.levels() == 0
    m.level[6] = 1
    assert k.levels() == 0b0100
    m.level.update({2: 1, 3: 1, 7: 1})
    assert k.levels() == 0b1111


def test_levels_external_pulls_and_mixed():
    """pull "none" asks for no internal pull; each pin honours its own active level."""
    data = profile_data("pico-ssd1306-4btn")
    data["buttons"]["UP"] = {"pin": 2, "pull": "none", "active": "high"}
    data["buttons"]["DOWN"] = {"pin": 3, "pull": "none", "active": "low"}
    m = FakeMachine()
    k = keys_for(data, m)
    assert m.pin(2).pull is None and m.pin(3).pull is None
    m.level.update({2: 1, 3: 1, 6: 1, 7: 1})
    assert k.levels() == 0b0001
    m.level.update({2: 0, 3: 0})
    assert k.levels() == 0b0010


def test_levels_three_buttons():
    """A three-button board reports three bits; no pin is made for BACK."""
    m = FakeMachine()
    k = keys_for(profile_data("pico-ssd1306-3btn"), m)
    assert m.pin(7) is None
    m.level.update({2: 0, 3: 0, 6: 0})
    assert k.levels() == 0b0111


def test_app_receives_levels(tmp_path):
    """Each loop passes the current key levels and the tick time to app.step, every 5 ms."""
    b = boot(tmp_path, levels={3: lambda t: 0 if 100 <= t < 200 else 1}, limit=300)
    steps = b.app.steps
    assert [s[0] for s in steps[:4]] == [0, 5, 10, 15]
    for t, lv in steps:
        assert lv == (0b10 if 100 <= t < 200 else 0)


# -- board.json ----------------------------------------------------------------------


def test_bad_profile_prints_message_and_blinks(tmp_path, capsys):
    """A wrong board.json: the exact problem on the console, 5 blinks every 3 s, no crash."""
    data = profile_data("pico-ssd1306-4btn")
    data["buttons"]["OK"]["pin"] = 40
    b = boot(tmp_path, data=data, limit=9500)
    assert b.timeup
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Wyrm: %s: buttons.OK: pin 40 does not exist on the Pico" % b.path
    assert len(out) == 1  # not repeated within 30 s
    assert b.m.buses == [] and b.make_app.made == []
    assert b.m.pin("LED").mode == b.m.Pin.OUT
    for start in (0, 3000, 6000):
        assert len(led_ons(b, start, start + 3000)) == 5


def test_bad_profile_message_repeats_for_late_terminal(tmp_path, capsys):
    """The board.json message is printed again every 30 s, for a terminal opened later."""
    b = boot(tmp_path, text="{", limit=61000)
    out = capsys.readouterr().out.splitlines()
    assert out == ["Wyrm: %s: not valid JSON (check commas, quotes and brackets)" % b.path] * 3


def test_missing_board_json_uses_default(tmp_path, capsys):
    """No board.json on the device: the default wiring is used and the console says so."""
    b = boot(tmp_path, write_board=False, limit=100)
    out = capsys.readouterr().out
    assert "Wyrm: no %s; using the built-in pico-ssd1306-4btn wiring" % b.path in out
    bus = b.m.buses[0]
    assert (bus.id, bus.sda.id, bus.scl.id, bus.freq) == (0, 4, 5, 400000)
    assert b.make_app.made[0].kw["keys"] == 4


def test_app_is_wired_from_the_profile(tmp_path, capsys):
    """make_app gets the display as fb and panel, the store, randomness, key count and profile."""
    b = boot(tmp_path, profile="pico-ssd1306-3btn", limit=50)
    kw = b.app.kw
    assert isinstance(kw["fb"], Oled) and kw["panel"] is kw["fb"]
    assert isinstance(kw["store"], Store) and kw["store"].root == b.state + "/"
    assert kw["rng"] is None  # the system's randomness, loaded by the app at the first draw
    assert kw["keys"] == 3
    assert kw["board"] == load_file(b.path)
    assert (
        "Wyrm: board pico-ssd1306-3btn; hold OK at power-up for safe mode"
        in capsys.readouterr().out
    )


def test_display_built_from_profile(tmp_path):
    """The I2C bus and the driver follow the profile: SH1106 at column 2 on I2C1 GP26/GP27, 0x3D."""
    data = profile_data("pico-sh1106-4btn")
    data["i2c"] = {"id": 1, "sda": 26, "scl": 27, "freq": 1000000}
    data["display"]["addr"] = "0x3D"
    b = boot(tmp_path, data=data, devices=(0x3D,), limit=50)
    bus = b.m.buses[0]
    assert (bus.id, bus.sda.id, bus.scl.id, bus.freq) == (1, 26, 27, 1000000)
    oled = b.app.kw["fb"]
    assert (oled.sh1106, oled.addr, oled.col_offset) == (True, 0x3D, 2)


# -- missing or failing display -------------------------------------------------------


def test_missing_display_retries_every_2s(tmp_path, capsys):
    """No display: one clear console line, 3 short blinks and a retry every 2 s, never a crash."""
    b = boot(tmp_path, devices=(), limit=10000)
    assert b.timeup
    out = capsys.readouterr().out.splitlines()
    assert out.count(NO_DISPLAY) == 1
    assert b.Oled.built == [0, 2000, 4000, 6000, 8000, 10000]
    for a, z in zip(b.Oled.built, b.Oled.built[1:], strict=False):
        assert len(led_ons(b, a, z)) == 3
    assert b.make_app.made == []


def test_missing_display_line_repeats_every_30s(tmp_path, capsys):
    """The no-display line comes again every 30 s (15 retries), not at every retry."""
    boot(tmp_path, devices=(), limit=65000)
    assert capsys.readouterr().out.splitlines().count(NO_DISPLAY) == 3


def test_display_at_other_address_is_named(tmp_path, capsys):
    """Something answers at 0x3D but the profile says 0x3C: the line says what to change."""
    boot(tmp_path, devices=(0x3D,), limit=100)
    assert (
        "Wyrm: no display at I2C0 0x3C (SDA GP4, SCL GP5) - the bus answers at 0x3D: "
        "set display.addr in board.json; retrying"
    ) in capsys.readouterr().out


def test_display_plugged_in_later(tmp_path, capsys):
    """A display connected while waiting is found at the next retry and the app starts."""
    b = boot(tmp_path, devices=(), limit=6000, hooks=[(3000, replug)])
    out = capsys.readouterr().out.splitlines()
    assert NO_DISPLAY in out and "Wyrm: display found" in out
    assert b.Oled.built == [0, 2000, 4000]
    assert b.app is not None and b.app.steps[0][0] == 4000
    assert b.m.panel.image() == framebuffer_pixels(b.app.fb, 128, 64)


def test_display_unplugged_while_running(tmp_path, capsys):
    """Display lost mid-game: the app pauses, init is retried each second, every page resent."""
    app = app_factory(animate=True)

    def replug_still(b):
        replug(b)
        b.make_app.made[0].animate = False  # nothing new is drawn after the re-init

    b = boot(tmp_path, app=app, limit=6000, hooks=[(1000, unplug), (3500, replug_still)])
    out = capsys.readouterr().out.splitlines()
    assert (
        out.count(
            "Wyrm: display at I2C0 0x3C (SDA GP4, SCL GP5) stopped answering - "
            "check wiring; retrying"
        )
        == 1
    )
    assert out.count("Wyrm: display back") == 1
    times = [s[0] for s in b.app.steps]
    assert not [t for t in times if 1005 < t < 3500]  # paused while the display was away
    assert times[-1] > 5900  # and running again
    assert 255 in b.Oled.sent  # the whole frame after the re-init
    # The freshly powered panel shows exactly what the app drew.
    assert b.m.panel.image() == framebuffer_pixels(b.app.fb, 128, 64)


def test_panel_command_failing_inside_step_reconnects(tmp_path, capsys):
    """An OSError from a panel command inside app.step (display gone): reconnect, not crash."""
    app = app_factory(contrast_each_step=True)
    b = boot(tmp_path, app=app, limit=5000, hooks=[(1000, unplug), (2500, replug)])
    out = capsys.readouterr().out
    assert "stopped answering" in out and "Wyrm: display back" in out
    assert "Wyrm: stopped by" not in out
    assert b.m.resets == 0 and b.app.steps[-1][0] > 4900


def test_panel_shows_screen_saver_off_after_reconnect(tmp_path):
    """If the screen saver had the panel off, it stays off after a reconnect."""
    app = app_factory(animate=True)

    def saver_off(b):
        a = b.make_app.made[0]
        a.power = 2  # wyrm.app.OFF
        a.fb.poweroff()

    def replug_after(b):
        replug(b)
        b.make_app.made[0].animate = False

    b = boot(
        tmp_path,
        app=app,
        limit=4000,
        hooks=[(900, saver_off), (1000, unplug), (2500, replug_after)],
    )
    assert b.m.panel.display_on is False


# -- crashes -----------------------------------------------------------------------------


def _ok_from(t0):
    return {6: lambda t: 0 if t >= t0 else 1}


def test_crash_prints_traceback_shows_error_and_resets_on_ok(tmp_path, capsys):
    """An exception in app.step: traceback on the console, error screen, reset on OK."""
    app = app_factory(fail_at=3, exc=ZeroDivisionError("boom"))
    b = boot(tmp_path, app=app, levels=_ok_from(1000), limit=5000)
    assert not b.timeup and b.m.resets == 1
    assert 1000 <= b.clock.now <= 1100  # reset soon after OK went down, not before
    cap = capsys.readouterr()
    assert "ZeroDivisionError: boom" in cap.out
    assert "Wyrm: stopped by ZeroDivisionError; press OK on the device to restart" in cap.out
    oled = b.app.fb
    expect = Canvas(128, 64)
    trouble.draw_crash(expect, 128, 64)
    assert bytes(oled.buffer) == bytes(expect.buffer)
    assert b.m.panel.image() == framebuffer_pixels(expect, 128, 64)


def test_crash_waits_for_ok_release(tmp_path):
    """OK already held when the app fails does not reset: it must be released and pressed again."""
    app = app_factory(fail_at=2, exc=ValueError("x"))
    held = {6: lambda t: 0 if (t < 1000 or t >= 2000) else 1}
    b = boot(tmp_path, app=app, levels=held, limit=5000)
    assert b.m.resets == 1
    assert 2000 <= b.clock.now <= 2100


def test_crash_ignores_a_bounce_on_ok(tmp_path):
    """A single 20 ms blip on OK (a bounce or noise) does not reset the device."""
    app = app_factory(fail_at=1, exc=KeyError("k"))
    b = boot(tmp_path, app=app, levels={6: lambda t: 0 if 1000 <= t < 1020 else 1}, limit=3000)
    assert b.timeup and b.m.resets == 0


def test_crash_blinks_until_ok(tmp_path):
    """While the error screen waits, the LED blinks slowly and nothing resets."""
    app = app_factory(fail_at=1, exc=KeyError("k"))
    b = boot(tmp_path, app=app, limit=3000)
    assert b.timeup and b.m.resets == 0
    assert len(led_ons(b)) == 3  # on 500 ms of every second


def test_oserror_with_working_display_is_a_crash(tmp_path, capsys):
    """An OSError from the app while the display answers is a crash, not a reconnect loop."""
    app = app_factory(fail_at=2, exc=OSError(28, "no space"))
    b = boot(tmp_path, app=app, levels=_ok_from(500), limit=5000)
    out = capsys.readouterr().out
    assert "Wyrm: stopped by OSError" in out and "stopped answering" not in out
    assert b.m.resets == 1


def test_make_app_failure_is_a_crash(tmp_path, capsys):
    """The app failing to start (e.g. a module that will not import) shows the error screen."""

    def make_app(**kw):
        raise ImportError("no module named 'wyrm.games.x'")

    make_app.made = []
    b = boot(tmp_path, app=make_app, levels=_ok_from(300), limit=5000)
    cap = capsys.readouterr()
    assert "ImportError: no module" in cap.out and "Wyrm: stopped by ImportError" in cap.out
    assert b.m.resets == 1
    assert b.m.panel.display_on and any(any(r) for r in b.m.panel.image())


# -- the error screen ----------------------------------------------------------------------


class RectOnly:
    """A surface with only fill / fill_rect / rect: the error screen needs nothing else."""

    def __init__(self, w, h):
        self.c = Canvas(w, h)

    def fill(self, c):
        self.c.fill(c)

    def fill_rect(self, x, y, w, h, c):
        self.c.fill_rect(x, y, w, h, c)

    def rect(self, x, y, w, h, c):
        self.c.rect(x, y, w, h, c)


@pytest.mark.parametrize("height", [64, 32])
def test_error_screen_needs_only_rects_and_fits(height):
    """The error screen draws with fill/rect only, in a frame, and no letter touches the frame."""
    fb = RectOnly(128, height)
    trouble.draw_crash(fb, 128, height)
    px = framebuffer_pixels(fb.c, 128, height)
    assert all(px[0]) and all(px[-1]) and all(r[0] and r[-1] for r in px)  # the frame
    inner = [(x, y) for y in range(1, height - 1) for x in range(1, 127) if px[y][x]]
    assert inner
    assert min(x for x, y in inner) >= 3 and max(x for x, y in inner) <= 124
    assert min(y for x, y in inner) >= 2 and max(y for x, y in inner) <= height - 3


@pytest.mark.parametrize("height", [64, 32])
def test_error_screen_text_has_every_letter(height):
    """Every character of the error text has its own glyph (none drawn as a blank)."""
    rows = trouble._GLYPH_ROWS
    glyphs = {ch: bytes(rows[5 * i:5 * i + 5]) for i, ch in enumerate(trouble._GLYPH_CHARS)}
    assert len(rows) == 5 * len(glyphs)
    for line in trouble.crash_lines(height):
        for ch in line:
            if ch != " ":
                assert ch in glyphs, ch
                assert any(glyphs[ch]), ch
    shapes = list(glyphs.values())
    assert len(set(shapes)) == len(shapes)  # no two letters look the same


def test_error_screen_says_press_ok():
    """The error text names the error and the OK key to restart."""
    assert " ".join(trouble.crash_lines(64)) == "WYRM ERROR PRESS OK TO RESTART"
    assert " ".join(trouble.crash_lines(32)) == "WYRM ERROR OK: RESTART"


# -- with the real app ---------------------------------------------------------------------


def test_boots_real_app_onto_the_panel(tmp_path, capsys):
    """The real app (wyrm.home) and driver start from board.json and light the panel."""
    clock = FakeTime(1500)
    m = FakeMachine(clock)
    m.panel = Panel("ssd1306", 128, 64)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(profile_data("pico-ssd1306-4btn")))
    with pytest.raises(TimeUp):
        shell.main(machine=m, time=clock, board_path=str(path), store_root=str(tmp_path))
    out = capsys.readouterr().out
    assert "stopped by" not in out and "no display" not in out
    img = m.panel.image()
    assert m.panel.display_on and sum(map(sum, img)) > 100


# -- the same under real MicroPython ----------------------------------------------------

_MP_FAKES = r"""
import os, sys, json
from wyrm import shell

class TimeUp(BaseException):
    pass

class FakeTime:
    def __init__(self, limit):
        self.now = 0
        self.limit = limit
    def ticks_ms(self):
        return self.now & 0x3FFFFFFF
    def sleep_ms(self, ms):
        self.now += ms
        if self.now > self.limit:
            raise TimeUp()

class Machine:
    def __init__(self, devices, levels):
        m = self
        self.sent = 0
        self.resets = 0
        class Pin:
            IN = 0
            OUT = 1
            PULL_UP = 1
            PULL_DOWN = 2
            def __init__(self, id, mode=-1, pull=-1):
                self.id = id
                self.mode = mode
                self.pull = pull
            def value(self, v=None):
                if v is not None:
                    return None
                return levels.get(self.id, 1 if self.pull == 1 else 0)
        class I2C:
            def __init__(self, id, sda=None, scl=None, freq=400000):
                pass
            def scan(self):
                return list(devices)
            def writeto(self, addr, buf, stop=True):
                if addr not in devices:
                    raise OSError(5)
                m.sent += len(buf)
        self.Pin = Pin
        self.I2C = I2C
    def reset(self):
        self.resets += 1

def boot(name, board_text, devices=(0x3C,), levels=None, limit=1500):
    d = "/flash/" + name
    try:
        os.mkdir(d)
    except OSError:
        pass
    if board_text is not None:
        with open(d + "/board.json", "w") as f:
            f.write(board_text)
    m = Machine(devices, levels or {})
    try:
        shell.main(machine=m, time=FakeTime(limit), board_path=d + "/board.json", store_root=d)
        print("RETURNED resets=%d" % m.resets)
    except TimeUp:
        print("TIMEUP sent=%d" % (m.sent > 1024))
"""


def _board_text(name="pico-ssd1306-4btn", **change):
    data = profile_data(name)
    for k, v in change.items():
        data[k] = v
    return json.dumps(data)


def test_micropython_boots_real_app(mp):
    """Under real MicroPython the shell boots the real app and driver and keeps sending frames."""
    out = mp.exec(_MP_FAKES + "boot('mpm_ok', %r)\n" % _board_text()).splitlines()
    assert out == [
        "Wyrm: board pico-ssd1306-4btn; hold BACK at power-up for safe mode",
        "TIMEUP sent=1",
    ]


def test_micropython_safe_mode_missing_display_bad_board(mp):
    """Real MicroPython: safe mode, no-display line and bad-profile message as on CPython."""
    bad = json.loads(_board_text())
    bad["buttons"]["OK"]["pin"] = 40
    code = _MP_FAKES + (
        "boot('mpm_safe', %r, levels={7: 0})\n"
        "boot('mpm_nodisp', %r, devices=(), limit=5000)\n"
        "boot('mpm_bad', %r, limit=4000)\n"
    ) % (_board_text(), _board_text(), json.dumps(bad))
    out = mp.exec(code).splitlines()
    assert out == [
        SAFE_MODE_LINE,
        "RETURNED resets=0",
        "Wyrm: board pico-ssd1306-4btn; hold BACK at power-up for safe mode",
        NO_DISPLAY,
        "TIMEUP sent=0",
        "Wyrm: /flash/mpm_bad/board.json: buttons.OK: pin 40 does not exist on the Pico",
        "TIMEUP sent=0",
    ]


def test_micropython_crash_screen_identical(mp):
    """The error screen is the same bytes drawn by MicroPython's framebuf and the host one."""
    out = mp.exec(
        "from wyrm import trouble\nfrom wyrm.canvas import Canvas\n"
        "for h in (64, 32):\n"
        "    c = Canvas(128, h)\n"
        "    trouble.draw_crash(c, 128, h)\n"
        "    print(bytes(c.buffer).hex())\n"
    ).split()
    for h, text in zip((64, 32), out, strict=True):
        c = Canvas(128, h)
        trouble.draw_crash(c, 128, h)
        assert text == bytes(c.buffer).hex()
    assert len(out) == 2
