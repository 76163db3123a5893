"""Where the emulated Pico's time goes on batteries, and the average current that makes.

    python -m host_tools.bench.power_split               # game night (10 min, scaled), standby
    python -m host_tools.bench.power_split --minutes 120   # the whole 2-hour game night, unscaled
    python -m host_tools.bench.power_split --vbus          # the same with VBUS present: no sleep
    python -m host_tools.bench.power_split --write         # all four runs: bench/power.json and
                                                           # docs/BENCHMARKS.md's battery tables
"""
import argparse
import json
import os

from host_tools import paths
from host_tools.bench.figures import put_between
from host_tools.emu import pico
from host_tools.sim.menu import to_row

BOARD = "pico-ssd1306-4btn"
VSYS = 3.9  # mid-discharge 3x alkaline (1.3 V a cell)
EFFICIENCY = 0.9  # the Pico's RT6150B buck-boost, VSYS to 3.3 V (assumed)

# Board current at VSYS = 5 V (mA) per state of the split. Wyrm runs the RP2040 at 200 MHz
# with the core at 1.15 V (wyrm.startup.start, first thing); the measurements are at 125 MHz and
# 1.10 V, so the PLL states are scaled by the clock and the square of the core voltage
# (the core's switching power; scaling the whole board's current makes them upper bounds).
FAST = 200.0 / 125.0 * (1.15 / 1.10) ** 2
STATES = {
    "run_fast": 23.0 * FAST,  # MicroPython executing on the PLL (23 mA measured at 125 MHz)
    "wait_fast": 19.0 * FAST,  # WFE/WFI with every clock on (time.sleep_ms; 19 mA at 125 MHz)
    "run_slow": 3.0,  # executing from the 12 MHz crystal or the ring oscillator (sleep entry/exit)
    "deep": 0.99,  # machine.lightsleep: clk_sys on the crystal, PLLs off, clocks gated
}
PANEL_MA = (1.444, 0.054124)  # SSD1306 128x64 at 3.3 V: mA = a + b * percent of pixels lit
PANEL_OFF_MA = 0.010  # display off (sleep): at most 10 uA
DIVIDER_MA = VSYS / 300.0  # the Pico's VSYS/3 divider (200k + 100k)
CELLS_MAH = {"3x AAA": 1000, "3x AA": 2500}


def _split(p):
    """{state: seconds} from the harness's power reply."""
    out = {"run_fast": 0.0, "wait_fast": 0.0, "run_slow": 0.0, "deep": p["deep_ns"] / 1e9}
    # (the wake from lightsleep runs about 0.4 ms at 125 MHz before the clock is 200 again:
    # counted at the 200 MHz current)
    for mhz, ns in p["run_ns"].items():
        out["run_fast" if int(mhz) >= 100 else "run_slow"] += ns / 1e9
    for mhz, ns in p["wait_ns"].items():
        out["wait_fast" if int(mhz) >= 100 else "run_slow"] += ns / 1e9  # (waits on a slow clock)
    return out


def battery_ma(split, panel_ma):
    """Average current from the cells (mA) for a split and the panel's average current."""
    total = sum(split.values())
    board = sum(STATES[k] * s for k, s in split.items()) / total  # mA at 5 V
    return board * 5.0 / VSYS + (panel_ma * 3.3 / EFFICIENCY) / VSYS + DIVIDER_MA


def lit_percent(frame):
    return 100.0 * sum(bin(b).count("1") for b in frame) / (len(frame) * 8)


VBUS = [False]  # --vbus: VBUS present (the firmware never sleeps), currents still from cells


def boot_on_batteries():
    dev = pico.Pico(BOARD)
    dev.supply(vsys=VSYS, vbus=VBUS[0])
    if not dev.run_until(30000, connected=True):
        raise pico.PicoError("USB CDC did not enumerate")
    dev.settle(min_ms=100)
    return dev


def game_night(minutes):
    """Dice open, OK (a roll) every 10 s for ``minutes``: the split and the panel's fill."""
    with boot_on_batteries() as dev:
        dev.play(to_row("Dice") + ",wait:1500", paced=True)  # Dice, its first roll done
        dev.power(reset=True)
        lit = []
        t0 = dev.t_ms
        for i in range(int(minutes * 6)):
            dev.run_to(t0 + i * 10000)
            dev.tap("ok")
            dev.run(2000)
            lit.append(lit_percent(dev.frame()))
        dev.run_to(t0 + minutes * 60000)
        split = _split(dev.power())
        errors = dev.errors()
    return split, sum(lit) / len(lit), errors


def standby(minutes):
    """Screen off after 60 s (Settings), then ``minutes`` with the panel off: the split."""
    with boot_on_batteries() as dev:
        dev.play("up,ok,down*3,ok*4,back", paced=True)
        for _ in range(30):
            dev.run(5000)
            if not dev.panel()["on"]:
                break
        if dev.panel()["on"]:
            raise pico.PicoError("the panel did not turn off")
        dev.power(reset=True)
        dev.run(minutes * 60000)
        split = _split(dev.power())
        errors = dev.errors()
    return split, errors


def report(minutes=10, standby_minutes=60):
    night, lit, e1 = game_night(minutes)
    off, e2 = standby(standby_minutes)
    panel_on = PANEL_MA[0] + PANEL_MA[1] * lit
    out = {
        "game_night": {"minutes": minutes, "split_s": night, "panel_lit_pct": lit,
                       "panel_ma": panel_on, "battery_ma": battery_ma(night, panel_on)},
        "standby": {"minutes": standby_minutes, "split_s": off, "panel_ma": PANEL_OFF_MA,
                    "battery_ma": battery_ma(off, PANEL_OFF_MA)},
        "errors": e1 + e2,
    }
    n = out["game_night"]
    n["4h_mah"] = n["battery_ma"] * 4
    n["4h_pct_of"] = {k: 100.0 * n["4h_mah"] / v for k, v in CELLS_MAH.items()}
    s = out["standby"]
    s["days_on"] = {k: v / s["battery_ma"] / 24 for k, v in CELLS_MAH.items()}
    return out


# --write: the four runs the battery tables show, kept in bench/power.json (tracked)
RUNS = {"batteries": (False, 10, 60), "vbus": (True, 2, 10)}  # (VBUS, night min, standby min)
SAVED = os.path.join(paths.ROOT, "bench", "power.json")
DOC = os.path.join(paths.ROOT, "docs", "BENCHMARKS.md")
BEGIN = "<!-- battery: written by python -m host_tools.bench.power_split --write; do not edit -->"
END = "<!-- end of battery -->"
_ORDER = ("run_fast", "wait_fast", "run_slow", "deep")


def measure_all():
    out = {}
    for name, (vbus, night, off) in RUNS.items():
        VBUS[0] = vbus
        out[name] = report(night, off)
    VBUS[0] = False
    return out


def _cells(split):
    total = sum(split.values())
    return " | ".join(_share(100.0 * split[k] / total) for k in _ORDER)


def _share(pct):
    if pct == 0:
        return "0 %"
    return ("%.4f %%" if pct < 0.01 else "%.3f %%" if pct < 0.1 else "%.2f %%") % pct


def render(runs):
    """The battery tables of docs/BENCHMARKS.md from ``measure_all()``'s result."""
    b, v = runs["batteries"], runs["vbus"]
    bn, bs, vn, vs = b["game_night"], b["standby"], v["game_night"], v["standby"]
    lines = [
        "| | running 200 MHz | waiting 200 MHz | slow clock | deep sleep | panel "
        "| from the cells |",
        "|---|---:|---:|---:|---:|---|---:|",
        "| game night, on batteries | %s | on, %.1f %% of pixels lit: %.2f mA | **%.2f mA** |" % (
            _cells(bn["split_s"]), bn["panel_lit_pct"], bn["panel_ma"], bn["battery_ma"]),
        "| standby (panel off %g h) | %s | off: %.2f mA | **%.2f mA** |" % (
            bs["minutes"] / 60, _cells(bs["split_s"]), bs["panel_ma"], bs["battery_ma"]),
        "| game night, never sleeping (`--vbus`, %g min) | %s | on, %.1f %%: %.2f mA "
        "| %.1f mA |" % (
            vn["minutes"], _cells(vn["split_s"]), vn["panel_lit_pct"], vn["panel_ma"],
            vn["battery_ma"]),
        "| panel off, never sleeping (`--vbus`, %g min) | %s | off | %.1f mA |" % (
            vs["minutes"], _cells(vs["split_s"]), vs["battery_ma"]),
        "",
        "The last two rows are the same firmware with VBUS present, where it does not sleep: what",
        "Wyrm would draw on batteries without sleeping (a 4-hour game night %.1f %% of 3x AAA, "
        "standby" % vn["4h_pct_of"]["3x AAA"],
        "%.1f days on 3x AAA, %.1f days on 3x AA)." % (
            vs["days_on"]["3x AAA"], vs["days_on"]["3x AA"]),
        "",
        "| | 3x AAA (1,000 mAh) | 3x AA (2,500 mAh) | target |",
        "|---|---:|---:|---|",
        "| a 4-hour game night | %.1f mAh = **%.1f %%** | %.1f %% | <= 10 %% of 3x AAA: %s |" % (
            bn["4h_mah"], bn["4h_pct_of"]["3x AAA"], bn["4h_pct_of"]["3x AA"],
            "met" if bn["4h_pct_of"]["3x AAA"] <= 10 else "NOT met"),
        "| standby | **%.0f days** | **%.0f days** | <= 2.5 mA, >= 30 days on 3x AA: %s |" % (
            bs["days_on"]["3x AAA"], bs["days_on"]["3x AA"],
            "met" if bs["battery_ma"] <= 2.5 and bs["days_on"]["3x AA"] >= 30 else "NOT met"),
    ]
    if b["errors"] or v["errors"]:
        lines += ["", "Errors on the device during the runs: %r" % (b["errors"] + v["errors"])]
    return "\n".join(lines) + "\n"


def write(runs, doc=DOC, saved=SAVED):
    """Keep ``runs`` in ``saved`` and their tables in ``doc``; the tables."""
    body = render(runs)
    with open(saved, "w") as f:
        json.dump(runs, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(doc) as f:
        text = f.read()
    with open(doc, "w") as f:
        f.write(put_between(text, BEGIN, END, body))
    return body


def _pct(split):
    total = sum(split.values())
    return ", ".join("%s %.2f %%" % (k, 100 * v / total) for k, v in split.items())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=10, help="game night emulated (scaled)")
    ap.add_argument("--standby-minutes", type=float, default=60)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--vbus", action="store_true", help="VBUS present: no sleep (a baseline)")
    ap.add_argument("--write", action="store_true",
                    help="all four runs: bench/power.json and docs/BENCHMARKS.md's tables")
    a = ap.parse_args(argv)
    if a.write:
        print(write(measure_all()))
        return
    VBUS[0] = a.vbus
    out = report(a.minutes, a.standby_minutes)
    if a.json:
        print(json.dumps(out, indent=1, sort_keys=True))
        return
    n, s = out["game_night"], out["standby"]
    print("game night (%g min emulated): %s" % (n["minutes"], _pct(n["split_s"])))
    print("  panel %.1f %% lit, %.2f mA; from the cells %.2f mA; 4 h: %.0f mAh = %s" % (
        n["panel_lit_pct"], n["panel_ma"], n["battery_ma"], n["4h_mah"],
        ", ".join("%.1f %% of %s" % (v, k) for k, v in n["4h_pct_of"].items())))
    print("standby (%g min emulated): %s" % (s["minutes"], _pct(s["split_s"])))
    print("  from the cells %.3f mA: %s" % (s["battery_ma"], ", ".join(
        "%.0f days on %s" % (v, k) for k, v in s["days_on"].items())))
    if out["errors"]:
        print("errors:", out["errors"])


if __name__ == "__main__":
    main()
