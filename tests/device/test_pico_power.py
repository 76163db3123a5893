"""On batteries, on the emulated Pico: the gauge, its warnings, and sleep around key presses.

The harness sets VSYS (ADC3 reads VSYS/3) and VBUS (GP24); at power-on the emulated Pico is on
USB. The main menu's battery symbol is a glyph at the title bar's right end (wyrm.power.title).
Emulated time is exact and the same on every run, so a boot repeated with the same inputs
reaches its first deep sleep at the same nanosecond: a press can be placed just before it.
"""
import pytest
from pico_support import parallel, sim_frame

from host_tools.emu import pico
from wyrm import fontdata

BOARD = "pico-ssd1306-4btn"
SYMBOLS = {0x0B: 0, 0x0C: 1, 0x0F: 2, 0x10: 3, 0x1E: 4}  # glyph code -> bars
SYMBOL_X = 122  # its cell on a 128 px title bar: "Wyrm" + 16 spaces, 6 px a character


def boot_on(vsys, vbus=False):
    """Power on with this supply (VSYS volts; VBUS present or not) and run to the menu."""
    dev = pico.Pico(BOARD)
    try:
        dev.supply(vsys=vsys, vbus=vbus)
        if not dev.run_until(30000, connected=True):
            raise pico.PicoError("USB CDC did not enumerate")
        dev.settle(min_ms=100)
    except BaseException:
        dev.close()
        raise
    return dev


def symbol(frame):
    """Bars of the battery symbol in the title bar (0-4), None if there is none."""
    cols = frame[SYMBOL_X:SYMBOL_X + 5]  # page 0: the inverted title bar, text from row 1
    if cols == b"\xff" * 5:
        return None
    for code, bars in SYMBOLS.items():
        g = fontdata.SMALL[code * 5:code * 5 + 5]
        if cols == bytes(0xFF & ~(c << 1) for c in g):
            return bars
    raise AssertionError("not a battery symbol: %s" % cols.hex())


def menu_rows_like_simulator(frame, script=""):
    """The main menu below its title bar is the simulator's (nothing else changed)."""
    want, _text = sim_frame(script)
    return frame[128:] == want[128:]


def panel_bursts(dev, since_ns):
    """Panel writes with page data (a redraw, a toast) that started after ``since_ns``."""
    return [t for t in dev.txns() if t.addr == dev.addr and t.start_ns > since_ns
            and t.data[:1] == b"\x40"]


@pytest.mark.parametrize("vsys, bars", [(4.6, 4), (3.49, 2), (3.19, 1)])
def test_the_gauge_shows_the_charge_at_several_vsys_levels(vsys, bars):
    """3x alkaline (the default), VSYS 0.26 V below the cells behind the Schottky diode:
    VSYS 4.6 V is full (four bars), 3.49 V cells at 3.75 V, 50 % (two), 3.19 V cells at
    3.45 V, 22 % (one); the menu itself is the simulator's."""
    with boot_on(vsys) as dev:
        f = dev.frame()
        assert symbol(f) == bars
        assert menu_rows_like_simulator(f)
        assert dev.errors() == []


def test_on_usb_the_title_is_plain_unplugging_shows_the_battery_and_back():
    """Powered on USB the main menu is the simulator's to the pixel; on batteries (VBUS
    gone) the symbol appears within one reading (10 s); on USB again it goes."""
    with pico.boot(BOARD) as dev:
        want, _ = sim_frame("")
        assert dev.frame() == want
        dev.supply(vsys=3.49, vbus=False)  # cells at 3.75 V behind the diode: 50 %
        dev.run(10500)
        assert symbol(dev.frame()) == 2
        dev.supply(vsys=4.7, vbus=True)
        dev.run(10500)
        assert dev.frame() == want
        assert dev.errors() == []


def test_the_low_battery_note_comes_once():
    """At 10 % or below (alkaline cells at 3.18 V, 9 %: VSYS 2.92 V behind the diode) a
    note covers the menu at power-on and is gone after 4 s; four more readings at the same
    level draw nothing more on the panel."""
    with boot_on(2.92) as dev:
        first = dev.frame()
        dev.run(4500)
        dev.settle()
        quiet = dev.frame()
        assert first != quiet and symbol(quiet) == 1 and menu_rows_like_simulator(quiet)
        t = dev.t_ns
        dev.run(41000)
        assert panel_bursts(dev, t) == []
        assert dev.frame() == quiet
        assert dev.errors() == []


def test_saves_stop_on_an_empty_battery_and_start_again_on_usb():
    """At 2.0 V the screen says the battery is empty: opening a game and a key in it then
    write nothing to flash (the key would save the open game's note); on USB the held save is
    written at the next reading."""
    with boot_on(2.0) as dev:
        assert not menu_rows_like_simulator(dev.frame())  # the "Battery empty" message
        ops = dev.flash_op_count
        dev.play("ok")  # the message closes: the main menu
        assert menu_rows_like_simulator(dev.frame())
        dev.play("ok,wait:2000,down,wait:500")  # Drachenhort, a key in it: its note is due
        assert dev.flash_op_count == ops
        dev.supply(vsys=4.7, vbus=True)
        dev.run(10500)
        assert dev.flash_op_count > ops
        assert dev.errors() == []


def _doze_entry(delta_us):
    """Boot on batteries, idle 2 s (dozing), find the next deep sleep's start T, then on a
    second identical boot press DOWN ``delta_us`` before T. (frame, T, latency ms, T again)."""
    with boot_on(3.9) as a:
        a.run(2000)
        assert a.run_until_deep_sleep(1000)
        t_sleep = a.t_ns
    with boot_on(3.9) as b:
        b.run(2000)
        b.run_to((t_sleep - delta_us * 1000) / 1e6)
        again = None
        if delta_us == 0:
            assert b.run_until_deep_sleep(1000)
            again = b.t_ns
        edge = b.t_ns
        b.press("down")
        b.run(80)
        b.release("down")
        b.settle()
        burst = panel_bursts(b, edge)
        lat = (burst[-1].end_ns - edge) / 1e6 if burst else None
        return b.frame(), t_sleep, lat, again, b.errors()


@pytest.fixture(scope="module")
def doze_presses():
    deltas = (0, 5, 50, 300, 2000)
    return dict(zip(deltas, parallel(_doze_entry, deltas), strict=True))


def test_a_press_as_the_core_falls_asleep_is_not_lost(doze_presses):
    """A press at the very instant the core enters deep sleep, and 5 us, 50 us, 300 us and
    2 ms before it (inside lightsleep's switch, before it, in the loop): every one moves the
    menu, as the simulator's DOWN does, within the menu's 30 ms budget."""
    want, _ = sim_frame("down")
    for delta, (frame, t_sleep, lat, again, errors) in sorted(doze_presses.items()):
        assert errors == [], delta
        assert frame[128:] == want[128:], delta
        assert lat is not None and lat <= 30, (delta, lat)
        if again is not None:
            assert again == t_sleep  # the repeated boot met the same instant


@pytest.fixture(scope="module")
def standby():
    """Boot on batteries, Screen off after 60 s (Settings), back on the main menu; run until
    the panel is off; then the time split of the next 20 s; then a DOWN at a deep sleep's start."""
    with boot_on(3.9) as dev:
        dev.play("up,ok,down*3,ok*4,back", paced=True)
        dev.settle()
        before = dev.frame()
        for _ in range(30):
            dev.run(5000)
            if not dev.panel()["on"]:
                break
        off = not dev.panel()["on"]
        dev.power(reset=True)
        dev.run(20000)
        split = dev.power()
        slept = dev.run_until_deep_sleep(70000)
        dev.press("down")
        dev.run(80)
        dev.release("down")
        dev.settle()
        return {"before": before, "off": off, "split": split, "slept": slept,
                "on": dev.panel()["on"], "after": dev.frame(), "errors": dev.errors()}


def test_standby_sleeps_deeply_once_the_panel_is_off(standby):
    """Screen off after 60 s: the panel goes off, then the core is in deep sleep (WFI with
    SLEEPDEEP, machine.lightsleep) for at least 99.9 % of the next 20 s, in one sleep."""
    assert standby["errors"] == []
    assert standby["off"]
    s = standby["split"]
    total = 20e9
    assert s["deep_ns"] >= 0.999 * total, s
    assert s["deep_entries"] <= 1, s


def test_a_press_in_standby_only_wakes_even_at_the_switch_into_sleep(standby):
    """A DOWN pressed as the core enters deep sleep wakes the panel and does nothing else:
    the main menu is as it was before the panel went off (the cursor stayed)."""
    assert standby["slept"] and standby["on"]
    assert standby["after"] == standby["before"]
    assert symbol(standby["after"]) == 4  # VSYS 3.9 V: cells at 4.16 V behind the diode, 84 %


def test_the_core_runs_at_200_mhz_and_the_panel_bus_at_400_khz_also_after_a_doze():
    """Wyrm runs the RP2040 at 200 MHz (wyrm.startup.start). lightsleep wakes at the
    firmware's 125 MHz: the loop puts the clock back, and with it the panel's bus rate, so
    a press after a doze is worked at 200 MHz and its frame goes out at 400 kHz (9 bits a
    byte: 22.5 us; at a slower peripheral clock the bytes would take 36 us)."""
    with boot_on(3.9) as dev:
        dev.run(2000)
        assert dev.run_until_deep_sleep(1000)
        dev.power(reset=True)
        edge = dev.t_ns
        dev.tap("down")
        dev.settle()
        split = dev.power()
        burst = panel_bursts(dev, edge)
        assert burst and dev.errors() == []
        us_a_byte = sum(t.end_ns - t.start_ns for t in burst) / 1e3 / sum(
            len(t.data) for t in burst)
        assert 22.5 <= us_a_byte <= 23.5, us_a_byte
        run = {int(mhz): ns for mhz, ns in split["run_ns"].items()}
        assert run[200] > 10 * run.get(125, 0), run
