"""The real port: latency, bus bytes and heap of Wyrm on the emulated Pico (``make bench``):
Wyrm's own firmware, or the one PICO_FW names (host_tools/emu/pico.py).

    .venv/bin/python -m host_tools.bench.on_pico [--board pico-ssd1306-4btn] [--json out.json]

One boot, keys tapped at the simulator's rhythm, each press timed to its last byte.
"""
import argparse
import json
import sys
import time

from host_tools.emu import pico
from host_tools.sim import menu

# The keys in an entry after opening it and the keys back, where they are not "ok" and
# "back,back": Drachenhort's first screen, Drakskatten's New game (the roll-off, settled),
# and Dice, last, stays open ("ok": the Drachenhort die screen, where the rolls are).
_INSIDE = {
    "Drachenhort": ("ok,wait:1000", "back,back"),
    "Drakskatten": ("ok,wait:1000", "back,back"),
    "Dice": ("ok", ""),
}


def _tour():
    """(label, moves on the main menu to the entry, keys in it after opening it, keys back)
    for every entry of wyrm.registry in the menu's order, Dice last. The main menu keeps its
    cursor, so each entry's moves start from the previous entry."""
    from wyrm import registry

    order = [r[0] for r in registry.GAMES if r[0] != "Dice"] + ["Dice"]
    out = []
    at = 0
    for label in order:
        row = menu.index(label)
        inside, back = _INSIDE.get(label, ("ok", "back,back"))
        out.append((label, menu.moves(row - at), inside, back))
        at = row
    return tuple(out)


TOUR = _tour()
ROLLS = 5  # die rolls on the Dice screen at the end of the tour


def press_stats(dev, presses, end_ns):
    """Per press: press/release -> last byte ms and bytes, of the traffic up to the next press."""
    txns = [t for t in dev.txns() if t.ack and t.addr == dev.addr]
    out = []
    for i, p in enumerate(presses):
        stop = presses[i + 1].edge_ns if i + 1 < len(presses) else end_ns
        mine = [t for t in txns if p.edge_ns <= t.start_ns < stop]
        if not mine:
            out.append(None)
            continue
        last = mine[-1].end_ns
        out.append({
            "press_ms": (last - p.edge_ns) / 1e6,
            "release_ms": (last - p.release_ns) / 1e6,
            "bytes": sum(len(t.data) for t in mine),
        })
    return out


class Recorder:
    def __init__(self, dev):
        self.dev = dev
        self.kinds = {}  # kind -> [stats]

    def keys(self, script, kind=None):
        """Play ``script`` paced; with ``kind``, every press in it is a sample of that kind."""
        dev = self.dev
        presses = dev.play(script, paced=True) if script else []
        dev.wait_idle()
        dev.settle(quiet_ms=200)
        if kind:
            for s in press_stats(dev, presses, dev.t_ns):
                if s is not None:
                    self.kinds.setdefault(kind, []).append(s)

    def heap(self):
        free, alloc = self.dev.heap()
        return alloc - self.dev.probe_cost


def measure(board="pico-ssd1306-4btn", log=print):
    """Run the bench on one boot; a JSON-able dict."""
    wall0 = time.time()
    dev = pico.boot(board)
    try:
        res = {"board": board, "firmware": pico.firmware_label()}
        boot_txns = [t for t in dev.txns() if t.ack and t.addr == dev.addr]
        res["boot"] = {"ms": dev.boot_ms, "bytes": sum(len(t.data) for t in boot_txns)}
        rec = Recorder(dev)
        heap = [("after boot (main menu)", rec.heap())]
        res["probe_bytes"] = dev.probe_cost
        rec.keys("down,down,down,up,up,up", "menu move")
        rec.keys("up")  # to Settings (the menu wraps)
        for _ in range(3):
            # OK imports wyrm.settings_ui (it leaves the heap with its screens); BACK
            # shows the main menu again: a click that changes to a screen already loaded
            rec.keys("ok", "open Settings")
            rec.keys("back", "click on a loaded screen")
        rec.keys("ok,down,down")  # in Settings, on "Dim after"
        rec.keys("ok,ok", "click on a loaded screen")  # the value changes in place
        rec.keys("up,up,back")
        rec.keys("down")  # back to Drachenhort
        for label, moves, inside, back in TOUR:
            rec.keys(moves, "menu move")
            rec.keys("ok", "open a game" if label != "Dice" else "open Dice")
            rec.keys(inside)
            heap.append(("in " + label, rec.heap()))
            rec.keys(back)
        rec.keys(",".join(["ok"] * ROLLS), "die roll")
        rec.keys("down")  # the die statistics
        heap.append(("after the tour (die statistics)", rec.heap()))
        res["errors"] = dev.errors()
        res["kinds"] = rec.kinds
        res["heap"] = heap
        res["emulated_s"] = dev.t_ms / 1000
        res["wall_s"] = time.time() - wall0
    finally:
        dev.close()
    return res


def _median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def report(res, out=print):
    out("")
    out("Real port: %s on the emulated Pico (%s, rp2040js; emulated time, exact)" % (
        res["board"], res["firmware"]))
    out("| action                   |  n | press -> last byte ms | release -> last byte ms"
        " | bytes (median) |")
    out("|--------------------------|---:|-----------------------|-------------------------"
        "|---------------:|")
    b = res["boot"]
    out("| %-24s | %2d | %21s | %23s | %14d |" % (
        "boot (power-on)", 1, "%.0f" % b["ms"], "-", b["bytes"]))
    order = ("menu move", "click on a loaded screen", "open Settings", "open a game", "open Dice",
             "die roll")
    for kind in order:
        rows = res["kinds"].get(kind, [])
        if not rows:
            continue
        p = [r["press_ms"] for r in rows]
        r_ = [r["release_ms"] for r in rows]
        by = [r["bytes"] for r in rows]
        out("| %-24s | %2d | %21s | %23s | %14d |" % (
            kind, len(rows), "%.0f (max %.0f)" % (_median(p), max(p)),
            "%.0f (max %.0f)" % (_median(r_), max(r_)), _median(by)))
    out("")
    out("| heap on the device (gc.mem_alloc, probe subtracted) | bytes |")
    out("|------------------------------------------------------|------:|")
    for label, alloc in res["heap"]:
        out("| %-52s | %s |" % (label, format(alloc, ",")))
    if res["errors"]:
        out("console errors: %s" % res["errors"])
    out("(%.1f s emulated, %.0f s wall)" % (res["emulated_s"], res["wall_s"]))


def run_and_report(board="pico-ssd1306-4btn", out=print):
    """For host_tools/bench/suite.py: the table, or one line why it cannot run; the results."""
    why = pico.unavailable()
    if why:
        out("Real port (emulated Pico): skipped - " + why)
        return None
    res = measure(board)
    report(res, out)
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench.on_pico", description=__doc__)
    ap.add_argument("--board", default="pico-ssd1306-4btn")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args(argv)
    res = run_and_report(args.board)
    if res is None:
        return 1
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
