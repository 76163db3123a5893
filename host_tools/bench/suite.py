"""``make bench``: heap, display traffic, idle cost, step cost and size of the firmware.

    .venv/bin/python -m host_tools.bench            # everything, writes build/bench/results.json
    .venv/bin/python -m host_tools.bench --quick    # main menu and game menus only

What each section measures and how: docs/TOOLS.md; ``make bench-save`` keeps the results.
"""
import argparse
import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from host_tools import paths
from host_tools.bench import heapwalk, in_micropython
from host_tools.bench import sessions as bench_sessions
from host_tools.bench import size as bench_size
from host_tools.sim import core

BUILD = os.path.join(paths.ROOT, "build", "bench")
RESULTS = os.path.join(BUILD, "results.json")  # make bench-save copies it to bench/

KB = 1024
TARGET_BOOT = 48 * KB
TARGET_GAME = 96 * KB
TARGET_RETURN = 1 * KB
TARGET_MEDIAN_PAGES = 2  # "256 bytes (two pages)" of pixel data
BUS_HZ = (400_000, 1_000_000)


# -- I2C time ------------------------------------------------------------------------
def bus_ms(nbytes, writes, hz):
    """Milliseconds on the bus: 9 bit times per byte (8 data + ACK), per write
    transaction one address byte (9) plus START and STOP (about 2 bit times)."""
    bits = 9 * (nbytes + writes) + 2 * writes
    return 1000.0 * bits / hz


def pct(values, p):
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    v = sorted(values)
    if not v:
        return 0
    k = max(0, min(len(v) - 1, -(-p * len(v) // 100) - 1))
    return v[int(k)]


def median(values):
    v = sorted(values)
    if not v:
        return 0
    n = len(v)
    m = v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2
    return int(m) if m == int(m) else m


def popcount(x):
    return bin(x).count("1")


# -- key presses ---------------------------------------------------------------------
KEY_NAMES = ("up", "down", "ok", "back")


def presses(session, masks, nbytes, writes, recs=None):
    """Split a session's steps into key presses.

    A press starts on the step a key goes down and lasts until the next key goes
    down (or the session ends): its release, animations and toasts count to it.
    The idle-check segment is left out (it belongs to no press). ``recs`` (the
    CPython step records) name the screen the press acted on and the game.
    """
    out = []
    cur = None
    prev = 0
    levels = session.all_levels()
    for i, (lv, si) in enumerate(levels):
        seg = session.segments[si]
        down = lv & ~prev
        prev = lv
        if seg[0] != "steps":
            cur = None
            continue
        if down:
            key = KEY_NAMES[popcount((down - 1) & ~down)] if down & (down - 1) == 0 else "keys"
            before = recs[i - 1] if recs and i else None
            cur = {"key": key, "step": i, "bytes": 0, "writes": 0, "pages": 0, "frames": 0,
                   "max_step_bytes": 0, "screen": before.screen if before else None,
                   "game": before.game if before else None}
            out.append(cur)
        if cur is not None:
            cur["bytes"] += nbytes[i]
            cur["writes"] += writes[i]
            cur["pages"] += popcount(masks[i])
            if masks[i]:
                cur["frames"] += 1
            cur["max_step_bytes"] = max(cur["max_step_bytes"], nbytes[i])
            if recs and not cur["game"] and recs[i].game:
                cur["game"] = recs[i].game
            if recs:
                cur["new_screen"] = recs[i].screen != cur["screen"]
    return out


# -- MicroPython runs ----------------------------------------------------------------
class Interpreters:
    """One MicroPython per (worker thread, firmware variant), reset per session."""

    def __init__(self, dirs):
        self.dirs = dirs
        self.local = threading.local()
        self.all = []
        self.lock = threading.Lock()

    def get(self, variant):
        from host_tools.mp.runner import MicroPython

        d = getattr(self.local, "mps", None)
        if d is None:
            d = self.local.mps = {}
        if variant not in d:
            mp = MicroPython(firmware_dir=self.dirs[variant], guard=False, timeout=300)
            d[variant] = mp
            with self.lock:
                self.all.append(mp)
        return d[variant]

    def close(self):
        for mp in self.all:
            mp.close()


def run_mp_session(interps, variant, session, cpy, batch=True, stop_at=None):
    """Heap per step, traffic per step and the idle check, inside MicroPython.

    stop_at: replay exactly the same calls up to that step index, then walk the
    heap there (before that step) and return the walk.
    """
    mp = interps.get(variant)
    s = in_micropython.MpSession(mp, session.board, session.seed)
    res = {"empty": s.empty, "baseline": s.baseline, "init_bytes": s.init_bytes, "heap": [],
           "mask": [], "bytes": [], "writes": [], "alloc": [], "idle": None, "qstr": {}}
    want_q = {bench_sessions.PRE} | {m[1] for m in session.marks}

    def add(h, m, b, w, a):
        for key, val in (("heap", h), ("mask", m), ("bytes", b), ("writes", w), ("alloc", a)):
            res[key].append(val)

    # Steps that dispatch no button event and send nothing (under CPython) run
    # in batches of equal levels: their retained heap is the one before them.
    must = want_q | {i for i, r in enumerate(cpy.steps) if r.events or r.mask or r.bytes}
    i = 0
    for seg in session.segments:
        if seg[0] == "steps":
            lvs = seg[1]
            k = 0
            while k < len(lvs):
                if i == stop_at:
                    return heapwalk.analyse(heapwalk.dump(mp))
                if i in want_q:
                    res["qstr"][i] = s.qstr_bytes()
                n = 1
                if batch and i not in must:
                    while (k + n < len(lvs) and lvs[k + n] == lvs[k] and i + n not in must
                           and n < 1000):
                        n += 1
                h, m, b, w, a = s.step(lvs[k], n)
                add(h, m, b, w, a)
                for _ in range(n - 1):
                    add(None, None, None, None, None)
                k += n
                i += n
        else:
            _, pre, n = seg
            if i == stop_at:
                return heapwalk.analyse(heapwalk.dump(mp))
            s.run_idle(pre, False)
            done, sent, alloc, err = s.run_idle(n, False)
            idle = {"steps": n, "bytes": sent, "alloc": alloc, "locked": None, "where": None}
            if sent == 0 and alloc == 0:
                done, sent2, alloc2, err = s.run_idle(n, True)
                idle["locked"] = "ok" if not err and done == n else (
                    "MemoryError after %d steps" % done)
                idle["bytes"] += sent2
            elif alloc:
                idle["where"] = s.where(n)
            else:
                s.run_idle(n, False)
            res["idle"] = idle
            # steps of the idle segment have no per-step record
            for _ in range(pre + 2 * n):
                add(None, None, None, None, None)
            i += pre + 2 * n
    if stop_at is not None:
        return heapwalk.analyse(heapwalk.dump(mp))
    res["final_heap"] = s.heap()
    res["qstr"][len(res["heap"])] = s.qstr_bytes()
    res["errors"] = s.app_errors()
    res["walk"] = None
    grew = res["final_heap"] - res["heap"][bench_sessions.PRE]
    q0 = res["qstr"].get(bench_sessions.PRE)
    q1 = res["qstr"][len(res["heap"])]
    if q0 is not None and q1 is not None:
        grew -= q1 - q0  # growth the interned names explain needs no walk
    if session.kind in ("boot", "tour") or grew > TARGET_RETURN:
        # Last thing in the session: the walk allocates and would move later blocks.
        res["walk"] = heapwalk.analyse(heapwalk.dump(mp))
    return res


def run_mp_session_safe(interps, variant, session, cpy):
    try:
        return run_mp_session(interps, variant, session, cpy)
    except Exception as exc:  # noqa: BLE001 - one broken session must not stop the bench
        return {"failed": "%s: %s" % (type(exc).__name__, str(exc).strip().splitlines()[-1:])}


def heap_summary(session, cpy, mpres):
    """Boot heap, the largest retained heap (per game), and the heap after leaving each game."""
    heap = mpres["heap"] + [mpres["final_heap"]]
    boot = heap[bench_sessions.PRE]
    top = (0, None)
    games = {}  # label -> [max heap while it is open, screen, step index where it is read]
    for i, rec in enumerate(cpy.steps):
        h = heap[i + 1]  # retained after step i
        if h is None:
            continue
        if h > top[0]:
            top = (h, rec.screen)
        if rec.game:
            g = games.setdefault(rec.game, [0, None, None])
            if h > g[0]:
                g[0], g[1], g[2] = h, rec.screen, i + 1
    q0 = mpres["qstr"].get(bench_sessions.PRE)
    marks = []
    for label, idx, home in session.marks:
        q = mpres["qstr"].get(idx)
        marks.append({"game": label, "heap": heap[idx], "at_main_menu": home,
                      "vs_boot": heap[idx] - boot,
                      "qstr_growth": (q - q0) if q is not None and q0 is not None else None})
    allocs = [a for a in mpres["alloc"] if a is not None]
    return {
        "empty": mpres["empty"],
        "baseline": mpres["baseline"],
        "boot": boot,
        "max": top[0],
        "max_screen": top[1],
        "games": games,
        "after_leaving": marks,
        "final": mpres["final_heap"],
        "walk": mpres["walk"],
        "max_walks": mpres.get("max_walks", {}),
        "max_step_alloc": max(allocs) if allocs else 0,
    }


# -- step cost -----------------------------------------------------------------------
def step_cost(interps, variant, name, script, board=bench_sessions.DEFAULT_BOARD, n=5000):
    sess = bench_sessions.Session(name, script, board=board, idle=False)
    mp = interps.get(variant)
    s = in_micropython.MpSession(mp, sess.board, sess.seed)
    for lv in sess.script_steps():
        s.step(lv)
    s.run_idle(bench_sessions.IDLE_PRE, False)
    tap = core.timeline(core.parse_script("down", sess.keys))[:20]
    # tap = 8 steps held + 12 released: trim the settle the parser adds
    (n, loop, idle, k, tap_len, taps, frames, sent, r, redraw, frame) = s.timing(n, tap)
    idle_us = max(0.0, (idle - loop) / n)
    key_us = max(0.0, taps / k - (tap_len - 1) * (idle / n))
    redraw_us = redraw / r
    frame_us = frame / r
    return {
        "screen": name,
        "idle_step_us": round(idle_us, 1),
        "key_step_us": round(key_us, 1),
        "full_redraw_us": round(redraw_us, 1),
        "full_frame_us": round(frame_us, 1),
        "idle_ratio": round(idle_us / redraw_us, 4) if redraw_us else None,
        "key_ratio": round(key_us / redraw_us, 3) if redraw_us else None,
        "taps": k,
        "frames_per_tap": round(frames / k, 2),
        "bytes_per_tap": round(sent / k, 1),
        "reps": {"idle_steps": n, "taps": k, "redraws": r},
    }


# -- the run ---------------------------------------------------------------------------
def run(sessions=None, variants=("py", "mpy"), timing=True, jobs=2, log=print,
        quick=False):
    """Run the benchmark; returns the results dict (what results.json holds)."""
    t_start = time.time()
    paths.setup()
    if sessions is None:
        sessions = bench_sessions.build_sessions(
            with_shots=not quick, with_entries=not quick
        )
    results = {"failed": []}

    # 5. size (and the .mpy tree for the heap run)
    rows = bench_size.compile_tree(os.path.join(BUILD, "mpy"))
    results["size"] = {"modules": rows, "totals": bench_size.totals(rows),
                       "mpy_cross": bench_size.version()}
    dirs = {"py": paths.FIRMWARE, "mpy": os.path.join(BUILD, "mpy")}
    bad = [r["module"] for r in rows if r["error"]]
    if bad and "mpy" in variants:
        log("mpy-cross failed on %s; the .mpy run misses them" % ", ".join(bad))

    # CPython (traffic with both drivers, the BACK presses that leave each game),
    # then the same steps in MicroPython: each session is handed to the workers
    # as soon as its CPython run is done. Longest sessions first.
    log("%d sessions: CPython, then MicroPython (%s) on %d workers" % (
        len(sessions), "+".join(variants), jobs))
    cpy = {}
    futs = {}
    interps = Interpreters(dirs)
    t_cpy = 0.0
    try:
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            for s in sorted(sessions, key=lambda s: -len(s.script)):
                t0 = time.time()
                try:
                    cpy[s.name] = bench_sessions.run_cpython(s)
                except Exception as exc:  # noqa: BLE001 - report it, go on
                    results["failed"].append({"session": s.name, "runtime": "cpython",
                                              "error": "%s: %s" % (type(exc).__name__, exc)})
                    continue
                finally:
                    t_cpy += time.time() - t0
                for v in variants:
                    futs[(v, s.name)] = ex.submit(run_mp_session_safe, interps, v, s,
                                                  cpy[s.name])
            mp = {key: f.result() for key, f in futs.items()}
            # Replay the session that holds each game's largest heap up to that
            # step and walk the heap there: what is that heap made of?
            variant = "mpy" if "mpy" in variants else variants[0]
            best = {}
            for s in sessions:
                m = mp.get((variant, s.name))
                if not m or "failed" in m or s.kind == "tour":
                    continue
                for g, (mx, _scr, at) in heap_summary(s, cpy[s.name], m)["games"].items():
                    if g not in best or mx > best[g][0]:
                        best[g] = (mx, s, at)
            replays = {g: ex.submit(run_mp_session, interps, variant, s, cpy[s.name],
                                    stop_at=at) for g, (_mx, s, at) in best.items()}
            for g, f in replays.items():
                try:
                    walk = f.result()
                except Exception:  # noqa: BLE001 - the walk only explains a figure
                    continue
                mp[(variant, best[g][1].name)].setdefault("max_walks", {})[g] = walk
        results["timings"] = {"cpython_s": round(t_cpy, 1),
                              "sessions_s": round(time.time() - t_start, 1)}
        if timing:
            t_tm = time.time()
            variant = "mpy" if "mpy" in variants else variants[0]
            cost = [step_cost(interps, variant, "main menu", "")]
            for index, label, _mod in bench_sessions.games():
                if not quick:
                    cost.append(step_cost(
                        interps, variant, "%s: menu" % label,
                        "down*%d,ok" % index if index else "ok"))
            results["step_cost"] = {"variant": variant, "screens": cost}
            results["timings"]["step_cost_s"] = round(time.time() - t_tm, 1)
    finally:
        interps.close()

    results["sessions"] = []
    for s in sessions:
        if s.name not in cpy:
            continue
        entry = session_entry(s, cpy[s.name], {v: mp[(v, s.name)] for v in variants})
        for v in variants:
            if entry.get("failed_" + v):
                results["failed"].append({"session": s.name, "runtime": "micropython " + v,
                                          "error": entry["failed_" + v]})
        results["sessions"].append(entry)
    results["timings"]["total_s"] = round(time.time() - t_start, 1)
    summarize(results, variants)
    return results


def session_entry(s, c, mps):
    """One session's figures (what results.json keeps of it)."""
    masks = [r.mask for r in c.steps]
    nb = [r.bytes for r in c.steps]
    nw = [r.writes for r in c.steps]
    real = presses(s, masks, nb, nw, c.steps)
    full = presses(s, [f[0] for f in c.full_steps], [f[1] for f in c.full_steps],
                   [f[2] for f in c.full_steps])
    for p, f in zip(real, full, strict=True):
        p["full_bytes"] = f["bytes"]
        p["full_writes"] = f["writes"]
    script_end = len(s.segments[0][1]) - 1
    entry = {
        "name": s.name, "kind": s.kind, "script": s.script, "seed": s.seed,
        "board": s.board_name, "game": s.game, "left_to_main_menu": s.leave_ok,
        "steps": len(c.steps), "cpython_errors": c.errors,
        # boot traffic: driver init, panel settings, first frame
        "boot_bytes": c.init_bytes + c.steps[0].bytes,
        "final_screen": c.steps[script_end].screen,
        "presses": real, "idle": {}, "heap": {}, "agree": {},
        "frame_bytes": (s.h // 8) * (5 + s.w),
    }
    for v, m in mps.items():
        if "failed" in m:
            entry["failed_" + v] = m["failed"]
            continue
        entry["heap"][v] = heap_summary(s, c, m)
        entry["idle"][v] = m["idle"]
        entry["mp_errors_" + v] = m["errors"]
        same = all(m["mask"][i] is None or (m["mask"][i] == masks[i] and m["bytes"][i] == nb[i])
                   for i in range(len(masks)))
        entry["agree"][v] = same and m["init_bytes"] == c.init_bytes
    if s.idle:
        entry["idle"]["cpython_bytes"] = sum(r.bytes for r in c.steps if r.seg == 1)
    return entry


# -- summary and targets --------------------------------------------------------------
def growth_split(h, ref):
    """Heap growth at the end of a session against the boot walk, by cause (or None)."""
    w = h.get("walk")
    if not w or not ref:
        return None
    q = h["after_leaving"][-1]["qstr_growth"] if h["after_leaving"] else None
    return {
        "raw": h["final"] - h["boot"],
        "precise": w["precise"] - ref["precise"],  # held by the firmware's objects
        "false": w["false"] - ref["false"],  # held only by look-alike words in binary data
        "qstr": q,  # interned names (permanent in MicroPython)
        "other": w["other"] - ref["other"] - (q or 0),  # interpreter state, C stack
        "false_holders": w["false_holders"],
    }


def _new_game():
    return {"max": 0, "screen": None, "max_session": None, "max_step": None, "max_walk": None,
            "tour_max": None, "tour_screen": None, "sessions": 0,
            "return_worst": None, "return_session": None, "qstr_growth": None,
            "false_worst": 0, "firmware_worst": None, "not_left": []}


def heap_stats(sess, v):
    ok = [e for e in sess if v in e["heap"]]
    if not ok:
        return None
    ref = next((e["heap"][v]["walk"] for e in ok
                if e["kind"] == "boot" and e["heap"][v].get("walk")), None)
    per_game = {}
    for e in ok:
        h = e["heap"][v]
        for g, (mx, screen, at) in h["games"].items():
            pg = per_game.setdefault(g, _new_game())
            if e["kind"] == "tour":
                if pg["tour_max"] is None or mx > pg["tour_max"]:
                    pg["tour_max"], pg["tour_screen"] = mx, screen
                continue
            pg["sessions"] += 1
            if mx > pg["max"]:
                pg["max"], pg["screen"] = mx, "%s / %s" % (e["name"], screen)
                pg["max_session"], pg["max_step"] = e["name"], at
                pg["max_walk"] = h.get("max_walks", {}).get(g)
        if e["kind"] == "tour":
            continue  # a tour leaves several games: reported on its own
        split = growth_split(h, ref)
        for m in h["after_leaving"]:
            pg = per_game.get(m["game"]) if m["game"] else None
            if pg is None:
                continue
            if not m["at_main_menu"]:
                pg["not_left"].append(e["name"])
                continue
            if pg["return_worst"] is None or m["vs_boot"] > pg["return_worst"]:
                pg["return_worst"], pg["return_session"] = m["vs_boot"], e["name"]
                pg["qstr_growth"] = m["qstr_growth"]
            # held by the firmware's own objects (precise reachability); without a
            # walk (growth explained by interned names) the rest stands in for it
            if split:
                fw = split["precise"]
                pg["false_worst"] = max(pg["false_worst"], split["false"])
            else:
                fw = m["vs_boot"] - (m["qstr_growth"] or 0)
            if pg["firmware_worst"] is None or fw > pg["firmware_worst"]:
                pg["firmware_worst"] = fw
    top = max(ok, key=lambda e: e["heap"][v]["max"])
    first = [e for e in ok if e["kind"] != "tour"]
    top1 = max(first, key=lambda e: e["heap"][v]["max"]) if first else top
    tour = next((e for e in ok if e["kind"] == "tour"), None)
    boots = [e["heap"][v]["boot"] for e in ok]
    return {
        "empty": min(e["heap"][v]["empty"] for e in ok),
        "baseline": min(e["heap"][v]["baseline"] for e in ok),
        "boot": max(boots),
        "boot_min": min(boots),
        "boot_walk": ref,
        "max": top["heap"][v]["max"],
        "max_where": "%s / %s" % (top["name"], top["heap"][v]["max_screen"]),
        "max_first_visit": top1["heap"][v]["max"],
        "max_first_visit_where": "%s / %s" % (top1["name"], top1["heap"][v]["max_screen"]),
        "games": per_game,
        "tour": [
            {"game": m["game"], "vs_boot": m["vs_boot"], "qstr_growth": m["qstr_growth"]}
            for m in tour["heap"][v]["after_leaving"]] if tour else [],
        "tour_split": growth_split(tour["heap"][v], ref) if tour else None,
    }


def traffic_stats(presses_list, frame_bytes):
    if not presses_list:
        return None
    real = [p["bytes"] for p in presses_list]
    full = [p["full_bytes"] for p in presses_list]
    pages = [p["pages"] for p in presses_list]
    writes = [p["writes"] for p in presses_list]
    fwrites = [p["full_writes"] for p in presses_list]
    out = {
        "presses": len(presses_list),
        "real": {"median": median(real), "p95": pct(real, 95), "max": max(real),
                 "total": sum(real)},
        "full": {"median": median(full), "p95": pct(full, 95), "max": max(full),
                 "total": sum(full)},
        "pages": {"median": median(pages), "p95": pct(pages, 95), "max": max(pages)},
        "ratio_total": round(sum(full) / sum(real), 2) if sum(real) else None,
        "ratio_median": round(median(full) / median(real), 2) if median(real) else None,
        "max_single_step": max(p["max_step_bytes"] for p in presses_list),
        "ms": {},
    }
    for hz in BUS_HZ:
        out["ms"][str(hz)] = {
            "median": round(bus_ms(median(real), median(writes), hz), 2),
            "p95": round(bus_ms(pct(real, 95), pct(writes, 95), hz), 2),
            "max": round(bus_ms(max(real), max(writes), hz), 2),
            "full_median": round(bus_ms(median(full), median(fwrites), hz), 2),
            "full_frame": round(bus_ms(frame_bytes, 2 * (frame_bytes // 133), hz), 2),
        }
    return out


def summarize(results, variants):
    sess = results["sessions"]
    summ = {}
    for v in variants:
        summ["heap_" + v] = heap_stats(sess, v)
    # 2. traffic: all presses, and per game
    frame = max([e["frame_bytes"] for e in sess] or [1064])
    allp = [p for e in sess for p in e["presses"]]
    summ["traffic"] = traffic_stats(allp, frame)
    if summ["traffic"]:
        worst = []
        for e in sess:
            for p in e["presses"]:
                worst.append((p["bytes"], e["name"], p))
        worst.sort(key=lambda x: -x[0])
        b, name, p = worst[0]
        summ["traffic"]["max_press"] = {"session": name, "key": p["key"], "bytes": b,
                                        "frames": p["frames"], "screen": p["screen"]}
        summ["traffic"]["full_frame_bytes"] = frame
        boot = next((e for e in sess if e["kind"] == "boot"), None)
        summ["traffic"]["boot_bytes"] = boot["boot_bytes"] if boot else None
        wake = next((e for e in sess if e["kind"] == "wake" and e["presses"]), None)
        summ["traffic"]["wake_press_bytes"] = wake["presses"][0]["bytes"] if wake else None
        summ["traffic"]["over_one_frame"] = [
            {"session": e["name"], "key": p["key"], "screen": p["screen"], "bytes": p["bytes"],
             "frames": p["frames"], "max_step_bytes": p["max_step_bytes"]}
            for e in sess for p in e["presses"] if p["bytes"] > e["frame_bytes"]]
        for label, flag in (("same_screen", False), ("new_screen", True)):
            ps = [p for p in allp if p.get("new_screen") is flag]
            summ["traffic"][label] = {
                "presses": len(ps), "median_pages": median([p["pages"] for p in ps]),
                "median_bytes": median([p["bytes"] for p in ps])}
        by_screen = {}
        for e in sess:
            for p in e["presses"]:
                by_screen.setdefault((p["screen"] or "-").split(" ")[0], []).append(p)
        rows = []
        for scr, ps in by_screen.items():
            pages = [p["pages"] for p in ps]
            rows.append({"screen": scr, "presses": len(ps), "median_pages": median(pages),
                         "max_bytes": max(p["bytes"] for p in ps),
                         "over_one_frame": sum(1 for p in ps if p["bytes"] > frame)})
        rows.sort(key=lambda r: -r["presses"])
        summ["traffic_by_screen"] = rows
        by_game = {}
        for e in sess:
            for p in e["presses"]:
                by_game.setdefault(p["game"] or "main menu & settings", []).append(p)
        summ["traffic_by_game"] = {g: traffic_stats(ps, frame) for g, ps in by_game.items()}
    # 3. idle
    idle = []
    for e in sess:
        for v in variants:
            i = e["idle"].get(v)
            if i:
                idle.append(dict(i, session=e["name"], kind=e["kind"], variant=v,
                                 screen=e["final_screen"]))
    summ["idle"] = idle
    results["summary"] = summ
    results["targets"] = targets(results, variants)


def targets(results, variants):
    summ = results["summary"]
    v = "mpy" if "mpy" in variants else variants[0]
    h = summ.get("heap_" + v)
    out = []

    def add(name, ok, value, detail=""):
        out.append({"target": name, "pass": bool(ok), "value": value, "detail": detail})

    if h:
        # The bench harness (the counting bus, the step functions) is not on the
        # Pico: it is measured before the firmware loads and left out here.
        hn = h["baseline"] - h["empty"]
        boot = h["boot"] - hn
        add("heap after boot <= 48 KB (%s)" % v, boot <= TARGET_BOOT, boot,
            "%.1f KB: %.1f KB measured (main.py compiled from source as on the Pico, empty "
            "interpreter %.1f KB) less the bench harness %.1f KB" % (
                boot / KB, h["boot"] / KB, h["empty"] / KB, hn / KB))
        wg = max(h["games"].values(), key=lambda d: d["max"], default=None)
        w = (wg or {}).get("max_walk")
        first = h["max_first_visit"] - hn
        add("heap in any game <= 96 KB, first visit after power-on (%s)" % v,
            first <= TARGET_GAME, first,
            "%.1f KB at %s (less the harness); heap walk there: objects %s KB, interned "
            "names + VM %s KB, false pointers %s KB" % (
                first / KB, h["max_first_visit_where"], kb(w and w["precise"] - hn),
                kb(w and w["other"]), kb(w and w["false"])))
        ts = h["tour_split"]
        tour_max = max([d["tour_max"] for d in h["games"].values() if d["tour_max"]] or [0])
        if ts:
            tour_max -= hn
            tg = max(h["games"].items(), key=lambda kv: kv[1]["tour_max"] or 0)
            est = max((d["max"] - hn + (ts["qstr"] or 0) - (d["qstr_growth"] or 0), g)
                      for g, d in h["games"].items())
            add("heap in any game <= 96 KB, after every game was visited (%s)" % v,
                tour_max <= TARGET_GAME and est[0] <= TARGET_GAME, tour_max,
                "%.1f KB at %s's menu after a tour of all games (+%.1f KB of interned names "
                "stay); estimated deepest screen after the tour: %.1f KB (%s: first-visit "
                "peak + the other games' names)" % (tour_max / KB, tg[0], (ts["qstr"] or 0) / KB,
                                                     est[0] / KB, est[1]))
        bad = []
        worst = (0, None)
        for g, d in sorted(h["games"].items()):
            if d["not_left"]:
                bad.append("%s: BACK did not reach the main menu in %s" % (
                    g, ", ".join(d["not_left"])))
            r = d["return_worst"]
            if r is not None:
                if r > worst[0]:
                    worst = (r, g)
                if r > TARGET_RETURN:
                    bad.append("%s %+.1f KB (names %+.1f, false ptr %+.1f, firmware %+.2f)" % (
                        g, r / KB, (d["qstr_growth"] or 0) / KB, d["false_worst"] / KB,
                        (d["firmware_worst"] or 0) / KB))
        add("back to the boot heap (within 1 KB) after leaving a game (%s)" % v, not bad,
            worst[0], "; ".join(bad) or "worst %+d bytes (%s)" % worst)
        fw = [(d["firmware_worst"], g) for g, d in h["games"].items()
              if d["firmware_worst"] is not None]
        fworst = max(fw) if fw else (0, "-")
        add("... counting only what the firmware's objects hold (%s)" % v,
            fworst[0] <= TARGET_RETURN, fworst[0],
            "worst %+d bytes (%s): a precise walk of the heap; interned names and false "
            "pointers left out" % fworst)
    t = summ.get("traffic")
    if t:
        add("median key press <= 256 bytes (two pages)",
            t["pages"]["median"] <= TARGET_MEDIAN_PAGES, t["pages"]["median"],
            "median %s pages = %s bytes on the bus (%d presses; a page is 128 pixel bytes, "
            "133 with its addressing)" % (t["pages"]["median"], t["real"]["median"],
                                           t["presses"]))
        over = t["over_one_frame"]
        add("no key press sends more than one full frame", not over, t["real"]["max"],
            "max %d bytes: %s in %s [%s], %d frames; %d of %d presses over one frame (%d bytes)"
            % (t["real"]["max"], t["max_press"]["key"], t["max_press"]["session"],
               t["max_press"]["screen"], t["max_press"]["frames"], len(over), t["presses"],
               t["full_frame_bytes"]))
    menus = [i for i in summ["idle"] if i["kind"] in ("boot", "menu") and i["variant"] == v]
    badi = [i for i in menus if i["bytes"] or i["alloc"] or i["locked"] != "ok"]
    add("idle at the main menu and every game menu: 0 bytes, 0 allocations (heap_lock, %s)" % v,
        bool(menus) and not badi, len(menus) - len(badi), "%d/%d screens clean%s" % (
            len(menus) - len(badi), len(menus),
            "".join("; %s: %d bytes, %d bytes allocated" % (i["session"], i["bytes"], i["alloc"])
                    for i in badi)))
    return out


# -- report ---------------------------------------------------------------------------
def kb(x):
    return "-" if x is None else "%.1f" % (x / KB)


def skb(x):
    return "-" if x is None else "%+.1f" % (x / KB)


def wrapped(out, head, items, width=96, sep=", ", indent="     "):
    line = head
    for i, item in enumerate(items):
        cell = item + (sep if i + 1 < len(items) else "")
        if len(line) + len(cell) > width and line.strip():
            out(line.rstrip())
            line = indent
        line += cell
    out(line.rstrip())


def report(results, out=print):
    """The benchmark in words: each numbered section of the text below its own function."""
    summ = results["summary"]
    variants = [k[5:] for k in summ if k.startswith("heap_") and summ[k]]
    for section in (_report_head, _report_heap, _report_traffic, _report_idle, _report_steps,
                    _report_size, _report_targets):
        section(results, summ, variants, out)


def _report_head(results, summ, variants, out):
    sess = results["sessions"]
    tm = results["timings"]
    out("")
    out("Wyrm benchmark: %d sessions in %.0f s (CPython %.0f s; sessions done at %.0f s)" % (
        len(sess), tm["total_s"], tm.get("cpython_s", 0), tm.get("sessions_s", 0)))
    for f in results["failed"]:
        out("  FAILED %s (%s): %s" % (f["session"], f["runtime"], f["error"]))
    differ = [e["name"] for e in sess if not all(e["agree"].values())]
    out("  CPython and MicroPython sent the same bytes in %d/%d sessions%s" % (
        len(sess) - len(differ), len(sess), (" (differ: %s)" % ", ".join(differ)) if differ
        else ""))
    for e in sess:
        errs = e["cpython_errors"] + sum((e.get("mp_errors_" + v, []) for v in variants), [])
        if errs:
            out("  app errors in %s: %s" % (e["name"], "; ".join(sorted(set(errs)))[:300]))



def _report_heap(results, summ, variants, out):
    out("")
    out("1. Heap retained between steps, KB (MicroPython: gc.collect(), then gc.mem_alloc())")
    hs = {v: summ["heap_" + v] for v in variants}
    out("   %-34s %s" % ("", "".join("%8s" % ("." + v) for v in variants)))
    for label, key in (("empty interpreter", "empty"), ("+ bench harness", "baseline"),
                       ("after boot (main menu)", "boot")):
        out("   %-34s %s" % (label, "".join("%8s" % kb(hs[v][key]) for v in variants)))
    out("   %-34s %s" % ("after boot less the harness", "".join(
        "%8s" % kb(hs[v]["boot"] - hs[v]["baseline"] + hs[v]["empty"]) for v in variants)))
    games = []
    for v in variants:
        games += [g for g in hs[v]["games"] if g not in games]
    out("   largest while a game is open (as measured, harness included): first visit after")
    out("   power-on; (.%s) at its menu after every game was visited (tour); and what the" %
        variants[-1])
    out("   first-visit peak is made of (heap walk):")
    out("   %-34s %s %8s %8s %7s %7s  %s" % ("", "".join("%8s" % ("." + v) for v in variants),
                                          "tour", "objects", "n+VM", "false", "screen"))
    for g in games:
        cells = []
        for v in variants:
            d = hs[v]["games"].get(g)
            cells.append("%8s" % (kb(d["max"]) if d else "-"))
        last = hs[variants[-1]]["games"].get(g) or {}
        w = last.get("max_walk") or {}
        out("     %-32s %s %8s %8s %7s %7s  %s" % (
            g[:32], "".join(cells), kb(last.get("tour_max")), kb(w.get("precise")),
            kb(w.get("other")), kb(w.get("false")), (last.get("screen") or "").split(" / ")[-1]))
    out("   objects = reachable from the firmware (and the bench harness); n+VM = interned names,")
    out("   interpreter state; false = kept only by false pointers (see below)")
    for v in variants:
        out("   largest seen (%s): %s KB at %s" % (v, kb(hs[v]["max"]), hs[v]["max_where"]))
    peak = max(hs[variants[-1]]["games"].values(), key=lambda d: d["max"], default=None)
    if peak and peak.get("max_walk"):
        sizes = {r["module"][:-3].replace("/", "."): r["mpy"] for r in results["size"]["modules"]}
        mods = [m for m in peak["max_walk"]["modules"] if m.startswith("wyrm.")]
        wrapped(out, "   modules loaded at that peak (.mpy bytes): ", [
            "%s %s" % (m[5:], sizes.get(m, sizes.get(m + ".__init__", "?"))) for m in mods])
    v = variants[-1]
    out("   after leaving a game, vs boot (%s, worst session), KB:" % v)
    out("     %-28s %7s %7s %7s %9s" % ("", "total", "names", "false", "firmware"))
    for g in games:
        d = hs[v]["games"].get(g)
        if not d:
            continue
        out("     %-28s %7s %7s %7s %9s%s" % (
            g[:28], skb(d["return_worst"]), skb(d["qstr_growth"]), skb(d["false_worst"]),
            skb(d["firmware_worst"]), "  (BACK did not leave: %s)" % ", ".join(d["not_left"])
            if d["not_left"] else ""))
    ts = hs[v]["tour_split"]
    if ts:
        out("     %-28s %7s %7s %7s %9s" % ("every game twice (tour)", skb(ts["raw"]),
                                           skb(ts["qstr"]), skb(ts["false"]),
                                           skb(ts["precise"])))
        wrapped(out, "     tour, after each game: ", [
            "%s %s" % ((m["game"] or "-").split(" ")[0][:11], skb(m["vs_boot"]))
            for m in hs[v]["tour"]])
    out("   names = MicroPython's interned-string (qstr) pool, which never shrinks; false = held")
    out("   only by words in binary data (font bitmaps, bytecode) that look like heap addresses")
    out("   (conservative GC; common in WebAssembly, rarer on the Pico); firmware = what the")
    out("   app's own objects still reference (heap walk with binary data not read as pointers)")


def _report_traffic(results, summ, variants, out):
    t = summ.get("traffic")
    if t:
        out("")
        out("2. Display traffic per key press (%d presses: from a key going down until the next;"
            % t["presses"])
        out("   release, animations and toasts included), bytes on the I2C bus")
        out("   %-24s %8s %8s %8s %10s" % ("", "median", "p95", "max", "total"))
        for label, key in (("changed pages (Wyrm)", "real"), ("whole frame per change", "full")):
            r = t[key]
            out("   %-24s %8s %8s %8s %10d" % (label, r["median"], r["p95"], r["max"],
                                               r["total"]))
        out("   %-24s %8s %8s %8s" % ("pages (Wyrm)", t["pages"]["median"], t["pages"]["p95"],
                                      t["pages"]["max"]))
        out("   whole frame / changed pages: %sx in total, %sx at the median" % (
            t["ratio_total"], t["ratio_median"]))
        for hz in BUS_HZ:
            m = t["ms"][str(hz)]
            out("   at %4d kHz: median %.2f ms, p95 %.2f ms, max %.2f ms (whole frame %.2f ms)"
                % (hz // 1000, m["median"], m["p95"], m["max"], m["full_frame"]))
        out("   ms = (9 x (bytes + writes) + 2 x writes) / clock: 8 bits + ACK per byte, an")
        out("   address byte and START/STOP per write; a page is 2 writes (4 + 129 bytes)")
        mp_ = t["max_press"]
        out("   power-on: %s bytes (panel init, contrast and rotation, first frame); a press that"
            % t["boot_bytes"])
        out("   wakes the dimmed panel: %s bytes" % t["wake_press_bytes"])
        out("   largest press: %d bytes, %s on %s in %s, %d frames; largest single update %d"
            % (mp_["bytes"], mp_["key"], mp_["screen"], mp_["session"], mp_["frames"],
               t["max_single_step"]))
        out("   %-26s %7s %7s %7s %7s %7s" % ("per game", "presses", "median", "p95", "max",
                                              "ratio"))
        for g, st in sorted(summ["traffic_by_game"].items()):
            out("   %-26s %7d %7s %7s %7s %6sx" % (g[:26], st["presses"], st["real"]["median"],
                                                  st["real"]["p95"], st["real"]["max"],
                                                  st["ratio_total"]))

        out("   presses that stay on their screen: %d, median %s pages (%s bytes); that open"
            % (t["same_screen"]["presses"], t["same_screen"]["median_pages"],
               t["same_screen"]["median_bytes"]))
        out("   another screen: %d, median %s pages (%s bytes)" % (
            t["new_screen"]["presses"], t["new_screen"]["median_pages"],
            t["new_screen"]["median_bytes"]))
        out("   by screen the key was pressed on (the %d most pressed):" % min(
            12, len(summ["traffic_by_screen"])))
        out("   %-26s %7s %13s %9s %12s" % ("", "presses", "median pages", "max bytes",
                                             "over 1 frame"))
        for r in summ["traffic_by_screen"][:12]:
            out("   %-26s %7d %13s %9d %12d" % (r["screen"][:26], r["presses"],
                                                r["median_pages"], r["max_bytes"],
                                                r["over_one_frame"]))


def _report_idle(results, summ, variants, out):
    out("")
    out("3. Idle cost: %d idle steps after %d settling steps, then %d more under "
        "micropython.heap_lock()" % (bench_sessions.IDLE_N, bench_sessions.IDLE_PRE,
                                     bench_sessions.IDLE_N))
    rows = {}
    for i in summ["idle"]:
        rows.setdefault((i["session"], i["screen"], i["kind"]), {})[i["variant"]] = i
    nclean = 0
    for (sname, screen, kind), by_v in rows.items():
        clean = all(x["bytes"] == 0 and x["alloc"] == 0 and x["locked"] == "ok"
                    for x in by_v.values())
        nclean += clean
        if kind in ("boot", "menu") or not clean:
            cells = []
            for v in variants:
                x = by_v.get(v)
                if x is None:
                    continue
                if x["bytes"] == 0 and x["alloc"] == 0:
                    cells.append("%s %s" % (v, "0 B, 0 alloc, lock ok" if x["locked"] == "ok"
                                            else x["locked"]))
                else:
                    parts = (x.get("where") or {}).get("parts") or {}
                    cells.append("%s %d B sent, %d B alloc%s" % (
                        v, x["bytes"], x["alloc"],
                        (" (" + ", ".join("%s %d" % kv for kv in parts.items()) + ")")
                        if parts else ""))
            out("   %-40s %s" % (("%s [%s]" % (sname, screen))[:40], "; ".join(cells)))
    out("   %d/%d screens idle-clean (menus and any problem listed)" % (nclean, len(rows)))


def _report_steps(results, summ, variants, out):
    sc = results.get("step_cost")
    if sc:
        out("")
        out("4. Step cost under MicroPython (%s, WebAssembly on this PC: compare the ratios)"
            % sc["variant"])
        out("   %-26s %8s %8s %10s %8s %8s" % ("screen", "idle us", "key us", "redraw us",
                                              "idle/rd", "key/rd"))
        for r in sc["screens"]:
            out("   %-26s %8.1f %8.1f %10.1f %8.4f %8.3f" % (
                r["screen"][:26], r["idle_step_us"], r["key_step_us"], r["full_redraw_us"],
                r["idle_ratio"], r["key_ratio"]))
        out("   redraw = app.redraw(); app.render(). key = one DOWN tap (20 steps) less 19 idle")
        out("   steps. Each figure is a mean over thousands of repetitions in one call.")


def _report_size(results, summ, variants, out):
    size = results["size"]
    tot = size["totals"]
    out("")
    out("5. Size (%s)" % size["mpy_cross"])
    out("   %-36s %8s %8s" % ("module", "source", ".mpy"))
    for r in size["modules"]:
        out("   %-36s %8d %8s" % (r["module"], r["source"], r["mpy"] if r["mpy"] is not None
                                  else ("ERROR" if r["error"] else "source")))
    out("   %-36s %8d %8d   (with main.py as source: %d on the Pico)" % (
        "total", tot["source"], tot["mpy"], tot["on_device"]))


def _report_targets(results, summ, variants, out):
    out("")
    out("Targets:")
    for t in results["targets"]:
        out("   %-4s %s" % ("PASS" if t["pass"] else "MISS", t["target"]))
        wrapped(out, "        ", t["detail"].split(" "), sep=" ", indent="        ")
    out("")


def for_json(results):
    """results.json: the summary, targets and per-session figures (no per-press lists)."""
    slim = dict(results)
    sessions = []
    for e in results["sessions"]:
        e = dict(e)
        ps = e.pop("presses")
        st = traffic_stats(ps, e["frame_bytes"])
        e["traffic"] = None if st is None else {
            k: st[k] for k in ("presses", "real", "full", "pages", "ratio_total")}
        sessions.append(e)
    slim["sessions"] = sessions
    summ = dict(results["summary"])
    t = summ.get("traffic")
    if t:
        t = dict(t)
        over = sorted(t["over_one_frame"], key=lambda o: -o["bytes"])
        t["over_one_frame_count"] = len(over)
        t["over_one_frame"] = over[:20]  # the largest; the count says how many
        summ["traffic"] = t
    summ["idle"] = [i for i in summ["idle"] if i["kind"] in ("boot", "menu") or i["bytes"]
                    or i["alloc"] or i["locked"] != "ok"]
    slim["summary"] = summ
    return slim


def commit():
    """The commit the bench ran on (``git describe --always --dirty``), or None without git."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=paths.ROOT,
                             capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    return out.stdout.strip() or None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="main menu and game menus only")
    ap.add_argument("--no-mpy", action="store_true", help="skip the .mpy heap run")
    ap.add_argument("--no-timing", action="store_true", help="skip the step cost")
    ap.add_argument("--jobs", type=int, default=max(1, min(4, os.cpu_count() or 1)),
                    help="MicroPython interpreters in parallel")
    ap.add_argument("--out", default=RESULTS,
                    help="JSON results (default build/bench/results.json)")
    args = ap.parse_args(argv)
    variants = ("py",) if args.no_mpy else ("py", "mpy")
    res = run(variants=variants, timing=not args.no_timing, jobs=args.jobs,
              log=lambda s: print(s, flush=True), quick=args.quick)
    report(res)
    from host_tools.bench import in_browser  # the page in headless Chromium (docs/WEB.md)
    in_browser.report(res.setdefault("web", in_browser.measure(log=print)))
    from host_tools.bench import presses as press_table  # 6. presses at the table
    press_table.section()
    from host_tools.bench import on_pico  # the real port, on the emulated Pico

    res["pico"] = on_pico.run_and_report()
    res["commit"] = commit()
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w") as f:
            json.dump(for_json(res), f, indent=1, sort_keys=True)
            f.write("\n")
        print("wrote", os.path.relpath(args.out, paths.ROOT))
        if os.path.abspath(args.out) == RESULTS:
            print("make bench-save keeps it: bench/results.json and docs/BENCHMARKS.md's figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
