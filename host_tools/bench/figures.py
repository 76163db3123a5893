"""The measured figures in docs/BENCHMARKS.md, written from the bench's saved results.

    .venv/bin/python -m host_tools.bench.figures           # the figures from bench/results.json
    .venv/bin/python -m host_tools.bench.figures --check   # exit 1 if the doc does not show them

``make bench-save`` runs it after copying build/bench/results.json to bench/results.json.
"""
import argparse
import json
import os
import sys

from host_tools import paths

RESULTS = os.path.join(paths.ROOT, "bench", "results.json")
DOC = os.path.join(paths.ROOT, "docs", "BENCHMARKS.md")
BEGIN = "<!-- figures: written by make bench-save from bench/results.json; do not edit -->"
END = "<!-- end of figures -->"
KB = 1024

# The real port's press kinds in the order the table shows them.
KINDS = ("menu move", "click on a loaded screen", "open Settings", "open a game", "open Dice",
         "die roll")


def _median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def _pico(res, out):
    out("### The real port on the emulated Pico")
    out("")
    out("%s, %s, %.1f s emulated. Milliseconds from the press (or the release) to the last byte"
        % (res["board"], res["firmware"], res["emulated_s"]))
    out("the press sent; bytes after the address byte.")
    out("")
    out("| action | n | press -> last byte ms | release -> last byte ms | bytes (median) |")
    out("|---|---:|---:|---:|---:|")
    b = res["boot"]
    out("| boot (power-on to the menu's last byte) | 1 | %.0f | - | %s |" % (
        b["ms"], format(b["bytes"], ",")))
    for kind in KINDS:
        rows = res["kinds"].get(kind) or []
        if not rows:
            continue
        p = [r["press_ms"] for r in rows]
        r_ = [r["release_ms"] for r in rows]
        rel = ("- (done before the release)" if max(r_) < 0
               else "%.0f (max %.0f)" % (_median(r_), max(r_)))
        out("| %s | %d | %.0f (max %.0f) | %s | %s |" % (
            kind, len(rows), _median(p), max(p), rel,
            format(int(_median([r["bytes"] for r in rows])), ",")))
    out("")
    out("| heap on the device (`gc.mem_alloc()` after `gc.collect()`, probe subtracted) | bytes |")
    out("|---|---:|")
    for label, alloc in res["heap"]:
        out("| %s | %s |" % (label, format(alloc, ",")))
    if res["errors"]:
        out("")
        out("Console errors: %s" % "; ".join(res["errors"]))


def _host(results, out):
    out("### CPython and the WebAssembly MicroPython")
    out("")
    sessions = results.get("sessions") or []
    t = results["summary"].get("traffic") or {}
    agree = sum(1 for e in sessions if e.get("agree") and all(e["agree"].values()))
    out("%d sessions, %s key presses; CPython and MicroPython sent the same bytes in %d of them."
        % (len(sessions), format(t.get("presses", 0), ","), agree))
    out("")
    out("| target | result | figure |")
    out("|---|---|---|")
    for x in results["targets"]:
        out("| %s | %s | %s |" % (x["target"], "PASS" if x["pass"] else "MISS",
                                  x["detail"].replace("|", "/")))
    ms = t.get("ms") or {}
    if "400000" in ms and "1000000" in ms:
        a, b = ms["400000"], ms["1000000"]
        out("")
        out("Bus time at 400 kHz: median press %.1f ms, whole frame %.1f ms (at 1 MHz: %.1f ms "
            "and %.1f ms)." % (a["median"], a["full_frame"], b["median"], b["full_frame"]))
        out("Sending whole frames instead would cost %sx the traffic." % t["ratio_total"])
    size = results.get("size")
    if size:
        tot = size["totals"]
        out("")
        out("Size (%s): %.1f KB of `.mpy` from %.0f KB of source (%.1f KB on the Pico with "
            "`main.py` as source)." % (size["mpy_cross"], tot["mpy"] / KB, tot["source"] / KB,
                                      tot["on_device"] / KB))
    sc = results.get("step_cost")
    if sc and sc.get("screens"):
        out("")
        out("Step cost under MicroPython (%s, WebAssembly on the bench's PC: compare the ratios):"
            % sc["variant"])
        out("")
        out("| screen | idle step us | key step us | full redraw us | idle/redraw | key/redraw |")
        out("|---|---:|---:|---:|---:|---:|")
        for r in sc["screens"]:
            out("| %s | %.1f | %.1f | %.1f | %.4f | %.3f |" % (
                r["screen"], r["idle_step_us"], r["key_step_us"], r["full_redraw_us"],
                r["idle_ratio"] or 0, r["key_ratio"] or 0))


def _web(res, out):
    out("### The browser page")
    out("")
    if "skipped" in res:
        out("Skipped: %s" % res["skipped"])
        return
    t = res["transfer"]
    out("Transfer: %d KB gzip (%d KB raw; the .py bundle %d KB gzip)." % (
        round(t["gzip"] / KB), round(t["raw"] / KB), round(res["transfer_py_gzip"] / KB)))
    for v, f in sorted(res["first_frame_ms"].items()):
        out("First frame after navigation, .%s bundle: median %d ms (min %d, max %d)." % (
            v, f["median"], f["min"], f["max"]))
    s = res["step"]
    out("Main menu step: idle median %.1f us, full redraw median %.1f us." % (
        s["idle"]["median_us"], s["redraw"]["median_us"]))


def render(results):
    """The figures section (between BEGIN and END) for a results dict."""
    lines = []
    out = lines.append
    if results.get("commit"):
        out("Saved from a `make bench` on commit `%s`." % results["commit"])
        out("")
    if results.get("pico"):
        _pico(results["pico"], out)
        out("")
    _host(results, out)
    if results.get("web"):
        out("")
        _web(results["web"], out)
    if results.get("failed"):
        out("")
        out("Failed sessions: %s" % ", ".join(f["session"] for f in results["failed"]))
    return "\n".join(lines) + "\n"


def section(text):
    """The figures section of a doc's text, or None when it has no markers."""
    if BEGIN not in text or END not in text:
        return None
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"


def put_between(text, begin, end, body):
    """``text`` with what stands between the markers ``begin`` and ``end`` replaced by
    ``body`` (ending in a newline): every generated section of the docs is written so."""
    head, rest = text.split(begin, 1)
    return head + begin + "\n" + body + end + rest.split(end, 1)[1]


def update(text, results):
    return put_between(text, BEGIN, END, render(results))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default=RESULTS)
    ap.add_argument("--check", action="store_true", help="exit 1 if the doc is out of date")
    args = ap.parse_args(argv)
    with open(args.results) as f:
        results = json.load(f)
    with open(DOC) as f:
        text = f.read()
    if section(text) is None:
        print("%s has no figures markers" % os.path.relpath(DOC, paths.ROOT))
        return 1
    new = update(text, results)
    if args.check:
        if new != text:
            print("docs/BENCHMARKS.md does not show %s: run make bench-save" % args.results)
            return 1
        return 0
    with open(DOC, "w") as f:
        f.write(new)
    print("wrote", os.path.relpath(DOC, paths.ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
