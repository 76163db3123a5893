"""Wyrm in the browser, measured: first frame, transfer size and step time in headless Chromium.

    .venv/bin/python -m host_tools.bench.in_browser [--runs N]
"""
import argparse
import gzip
import os
import shutil
import statistics
import sys
import time

from host_tools import paths
from host_tools.sim import core
from host_tools.web import build, serve

OUT = os.path.join(paths.ROOT, "build", "bench-web")
CHROMIUM = os.environ.get("WYRM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SAMPLES = 200
BATCH = 20


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, max(0, int(round(p / 100.0 * len(v) + 0.5)) - 1))]


def summary(ms_list):
    return {"median_us": round(statistics.median(ms_list) * 1000, 1),
            "p95_us": round(pct(ms_list, 95) * 1000, 1)}


def cpython_steps(samples=SAMPLES, batch=BATCH):
    """The same steps under CPython (the simulator's app and framebuf shim)."""
    import tempfile

    state = tempfile.mkdtemp(prefix="wyrm-bench-web-")
    try:
        dev = core.CPythonDevice(core.load_board("pico-ssd1306-4btn"), state, seed=1)
        app = dev.app
        t = core.START_TICKS
        for _ in range(10):
            app.step(t, 0)
            t += 10
        out = {}
        for kind in ("idle", "redraw"):
            times = []
            for _ in range(samples):
                a = time.perf_counter()
                for _ in range(batch):
                    if kind == "redraw":
                        app.redraw()
                        dev.canvas.forget()
                    app.step(t & 0x3FFFFFFF, 0)
                    t += 10
                times.append((time.perf_counter() - a) * 1000 / batch)
            out[kind] = summary(times)
        return out
    finally:
        shutil.rmtree(state, ignore_errors=True)


def transfer(site):
    files = {}
    for name in sorted(os.listdir(site)):
        p = os.path.join(site, name)
        if os.path.isfile(p):
            with open(p, "rb") as f:
                data = f.read()
            files[name] = {"raw": len(data), "gzip": len(gzip.compress(data, 6))}
    return {"files": files, "raw": sum(f["raw"] for f in files.values()),
            "gzip": sum(f["gzip"] for f in files.values())}


def first_frames(browser, url, runs):
    res = []
    for _ in range(runs):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url + "?seed=1&nosw")
        page.wait_for_function("window.wyrm && window.wyrm.firstFrameMs !== null")
        res.append(page.evaluate("wyrm.firstFrameMs"))
        ctx.close()
    return res


def page_steps(browser, url):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url + "?manual&seed=1&nosw")
    page.evaluate("wyrm.ready")
    page.evaluate("wyrm.runSteps(new Array(10).fill(0), %d, 10)" % core.START_TICKS)
    out = {}
    for kind in ("idle", "redraw"):
        times = page.evaluate("([n, b, r, t]) => wyrm.timeSteps(n, b, r, t)",
                              [SAMPLES, BATCH, kind == "redraw", core.START_TICKS + 100])
        out[kind] = summary(times)
    ctx.close()
    return out


def measure(runs=7, log=print):
    """The figures (a dict); {'skipped': reason} without chromium or Playwright."""
    if not os.path.exists(CHROMIUM):
        return {"skipped": "no chromium (Debian: apt-get install chromium)"}
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"skipped": "Playwright is not installed"}
    log("Web: building the site (.mpy and .py), %d loads each in headless Chromium" % runs)
    sites = {}
    for variant in ("mpy", "py"):
        sites[variant] = os.path.join(OUT, variant)
        build.build(sites[variant], source=(variant == "py"))
    res = {"transfer": transfer(sites["mpy"]), "first_frame_ms": {},
           "transfer_py_gzip": transfer(sites["py"])["gzip"]}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        servers = {v: serve.start(site) for v, site in sites.items()}
        try:
            ff = {v: [] for v in sites}
            for _ in range(runs):  # alternate, so a busy moment hits both variants
                for v, (_srv, url) in servers.items():
                    ff[v] += first_frames(browser, url, 1)
            for v, times in ff.items():
                res["first_frame_ms"][v] = {"median": round(statistics.median(times)),
                                            "min": round(min(times)), "max": round(max(times))}
            res["step"] = page_steps(browser, servers["mpy"][1])
        finally:
            for srv, _url in servers.values():
                serve.stop(srv)
            browser.close()
    cpy = cpython_steps()
    res["cpython_step"] = cpy
    res["ratio"] = {k: round(res["step"][k]["median_us"] / cpy[k]["median_us"], 2)
                    for k in ("idle", "redraw")}
    res["chromium"] = CHROMIUM
    return res


def report(res, out=print):
    out("")
    out("Web (Wyrm in the browser, headless Chromium; docs/WEB.md)")
    if "skipped" in res:
        out("   skipped: %s" % res["skipped"])
        return
    t = res["transfer"]
    out("   transfer: %d KB gzip (%d KB raw): %s" % (
        round(t["gzip"] / 1024), round(t["raw"] / 1024),
        ", ".join("%s %d KB" % (n, round(f["gzip"] / 1024)) for n, f in t["files"].items())))
    out("   (the .py bundle: %d KB gzip in all)" % round(res["transfer_py_gzip"] / 1024))
    for v, f in res["first_frame_ms"].items():
        out("   first frame after navigation, .%-3s bundle: median %d ms (min %d, max %d)" % (
            v, f["median"], f["min"], f["max"]))
    out("   %-28s %12s %12s %14s %8s" % ("step (main menu)", "median us", "p95 us",
                                         "CPython med.", "ratio"))
    for k, label in (("idle", "idle step"), ("redraw", "full redraw")):
        s = res["step"][k]
        out("   %-28s %12.1f %12.1f %14.1f %8.2f" % (
            label, s["median_us"], s["p95_us"], res["cpython_step"][k]["median_us"],
            res["ratio"][k]))
    out("   step = proxy call into App.step + framebuffer copy + canvas draw when pages")
    out("   changed; each sample is the mean of %d steps, %d samples." % (BATCH, SAMPLES))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="page loads per bundle variant")
    args = ap.parse_args(argv)
    report(measure(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
