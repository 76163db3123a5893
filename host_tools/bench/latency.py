"""A latency map of the whole interface on the emulated Pico (``make latency``).

    .venv/bin/python -m host_tools.bench.latency [--board B ...] [--json build/latency.json]
                                                 [--md docs/LATENCY.md] [--max-presses N]

A tour in the simulator tries every key on every screen; the Pico replays it and times each
press against ``BUDGETS`` (docs/TOOLS.md).
"""
import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections import deque

from host_tools import paths
from host_tools.sim import core

BOARDS = ("pico-ssd1306-4btn", "pico-ssd1306-3btn")
TAP_MS = 80
GAP_MS = 20  # then the bus must be quiet QUIET_MS before the next key
LONG_MS = 900  # a long press (the three-button BACK), as sim.core
LONG_AT_MS = 600  # buttons.Buttons.long_ms: when a long press acts
QUIET_MS = 100  # the next key only after this much quiet on the panel bus
GAP_NS = 3_000_000  # a panel update is a burst of writes; 3 ms of silence ends it
MAX_PRESSES = 3000
SEED = 1  # the tour's random numbers, drawn on the Pico too (pico.fs_image(seed=...))
MAX_RESETS = 30
# The bounded tour (tests/device/test_pico_latency.py, --bounded): a menu's selected row counts
# as a screen of its own only this deep in the screen stack (main menu 1, a game's menu 2)
BOUNDED = {"pico-ssd1306-4btn": 2, "pico-ssd1306-3btn": 1}
SEGMENT = 400  # the tour powers on afresh at the main menu after this many keys
MAX_ORIGIN = 80  # a screen first reached in more keys after power-on is not gone back to
# Rows whose OK the tour leaves alone: the language stays the one it powered on in (a
# switch would make every later screen a new one and the tour twice as long; a German
# tour powers on in German: tour(setup=...))
LEFT_ALONE = ("[Language: ", "[Sprache: ")
BUDGETS = {"open": 100.0, "back": 50.0, "change": 50.0, "move": 30.0, "tumble": 40.0}
MEDIAN_BUDGET = 30.0  # the median of the transitions ("open" and "back")
TRANSITIONS = ("open", "back")
KIND_WORDS = {
    "open": "transition to another screen",
    "back": "back to a screen open below (loaded)",
    "change": "within a screen (a value, a tick)",
    "move": "a move in a list (scrolling included)",
    "tumble": "first tumble frame of a roll",
}
# attributes of a screen that only say where the selection is (a move changes no other)
_CURSOR = {"sel", "first", "_rows", "top", "row", "col", "pos", "cur", "page", "scroll",
           "_first", "_sel", "cursor", "line", "i"}


def keys_for(nkeys):
    """The keys tried on every screen: taps, and on three buttons the long OK (BACK)."""
    if nkeys >= 4:
        return ("down", "up", "ok", "back")
    return ("down", "up", "ok", "long:ok")


def segments(key, nkeys):
    """(levels, ms) of one key: pressed, then released for GAP_MS."""
    if key.startswith("long:"):
        bit = core.key_bit(key[5:], nkeys)
        return [(bit, LONG_MS), (0, GAP_MS)]
    return [(core.key_bit(key, nkeys), TAP_MS), (0, GAP_MS)]


def _norm(s):
    return re.sub(r"[-+]?\d+", "#", s)


_NAMES = []


def _names(s):
    """``s`` with the players' names and colours as NAME."""
    if not _NAMES:
        paths.setup()
        from wyrm import players_ui

        words = sorted(set(players_ui.words()), key=len, reverse=True)
        _NAMES.append(re.compile(r"\b(%s|P\d+|Player \d+)\b" % "|".join(words), re.I))
    return _NAMES[0].sub("NAME", s)


def _state(screen):
    out = {}
    for k, v in getattr(screen, "__dict__", {}).items():
        if isinstance(v, (int, str, bool, float, type(None))):
            out[k] = v
        elif isinstance(v, (list, tuple)) and len(v) < 64:
            out[k] = repr(v)
    return out


class SimTour:
    """The simulator driven one key at a time (CPython, 10 ms steps). ``setup(folder)``
    (optional) fills the flash folder before each power-on; ``on_frame(app, frame)`` sees
    every frame drawn (tests/support/fit.py)."""

    def __init__(self, board, seed=1, setup=None, on_frame=None):
        self.board_name = board
        self.seed = seed
        self.setup = setup
        self._frame = (lambda f: on_frame(self.app, f)) if on_frame else None
        self.prof = core.load_board(board)
        self.w, self.h, self.nkeys = core.board_geometry(self.prof)
        self.state_dir = None
        self.errors = []
        self.reset()

    def reset(self):
        """Power on with no saves (a fresh flash)."""
        if self.state_dir is not None:
            self.errors += [repr(e) for e in self.app.errors]
            self.close()
        self.state_dir = tempfile.mkdtemp(prefix="wyrm-latency-")
        if self.setup:
            self.setup(self.state_dir)
        self.dev = core.CPythonDevice(self.prof, self.state_dir, self.seed)
        self.app = self.dev.app
        self.t = core.START_TICKS
        self.last = None
        self._run([0, 0])
        self._settle()

    def close(self):
        shutil.rmtree(self.state_dir, ignore_errors=True)

    def _run(self, steps):
        frames = self.dev.run(steps, start=self.t, on_frame=self._frame)
        self.t = (self.t + len(steps) * core.STEP_MS) & 0x3FFFFFFF
        if frames:
            self.last = frames[-1]
        return frames

    def _settle(self, offset=0):
        """Run until no frame for QUIET_MS (at most 5 s); frames with their time."""
        out = []
        quiet = 0
        ran = 0
        step = core.STEP_MS
        while quiet < QUIET_MS and ran < 5000:
            fr = self._run([0])
            ran += step
            if fr:
                out += [(offset + ran - step, f) for f in fr]
                quiet = 0
            else:
                quiet += step
        return out, ran

    def screen(self, rows=True, cap=9, depth=None):
        """(key, label) of what is on show. The label: screen class, title, selected
        row. The key leaves out digits and names (a count, whose turn it is) and
        names the selected row by its place, on a menu only (ui.Menu, where each row's
        OK leads elsewhere; from the 10th on, one place). ``rows``: the selected row
        of any screen (its label, without the value column) is in the key too;
        ``depth``: the selected row counts only that deep in the screen stack (the
        main menu is 1, a game's menu 2)."""
        top = self.app.top()
        text = self.last.text() if self.last else ""
        lines = text.splitlines()
        # the title bar, or on a screen without one (a question) its first line
        title = lines[0] if lines else ""
        sel = next((ln for ln in lines[1:] if ln.startswith("> ")), "")
        sel = sel[2:].split("  ")[0]
        cls = type(top).__name__ if top is not None else "-"
        label = cls + (" " + title if title else "") + (" [" + sel + "]" if sel else "")
        key = _norm(cls + (" " + _names(title) if title else ""))
        sel_i = getattr(top, "sel", None)
        if type(sel_i) is int and (depth is None or len(self.app.stack) <= depth):
            # a menu, a confirmation, a grid of counts
            key += " @%d" % min(sel_i, cap)
        elif rows and sel:
            key += " [" + _norm(_names(sel)) + "]"
        return key, label

    def press(self, key):
        """Play one key; what it did: kind, the edge it acts on, the screen after."""
        from wyrm import ui

        top0 = self.app.top()
        depth0 = len(self.app.stack)
        below = self.app.stack[:-1]
        st0 = _state(top0)
        errors0 = self.app.caught
        frames = []
        t = 0
        for levels, ms in segments(key, self.nkeys):
            steps = [levels] * (ms // core.STEP_MS)
            fr = self.dev.run(steps, start=self.t, on_frame=self._frame)
            self.t = (self.t + len(steps) * core.STEP_MS) & 0x3FFFFFFF
            frames += [(t + f.t, f) for f in fr]
            if fr:
                self.last = fr[-1]
            t += ms
        more, ran = self._settle(t)
        frames += more
        down = segments(key, self.nkeys)[0][1]
        if not frames:
            acts, kind = "release", "none"
        else:
            # the edge the key acts on: UP/DOWN and a held OK (a secret) on the press, if
            # the key drew while down (three buttons' UP on a card is BACK: a click);
            # a long press 600 ms in; a click on the release (a frame while it was down,
            # a note going, does not count when the release brings one too)
            t0 = frames[0][0]
            after = [t for t, _f in frames if t >= down]
            held_ok = key == "ok" and getattr(top0, "hold_ok", False)
            if key.startswith("long:") and LONG_AT_MS <= t0 < down:
                acts = "long"
            elif t0 < down and (key in ("up", "down") or held_ok or not after):
                acts = "press"
            else:
                acts = "release"
            top1 = self.app.top()
            if top1 is top0 and len(self.app.stack) == depth0:
                st1 = _state(top1)
                changed = {k for k in set(st0) | set(st1) if st0.get(k) != st1.get(k)}
                animated = len(frames) >= 3 and frames[2][0] - frames[0][0] <= 200
                if animated:
                    kind = "tumble"
                elif key in ("up", "down") and changed and (
                        changed <= _CURSOR or (isinstance(top1, ui.Menu) and "sel" in changed)):
                    kind = "move"
                else:
                    kind = "change"
            elif any(top1 is b for b in below):
                kind = "back"  # to a screen that was open below (loaded, drawn before)
            else:
                kind = "open"
        return {
            "key": key, "acts": acts, "kind": kind, "frames": len(frames),
            "wait_ms": ran, "errors": self.app.caught - errors0,
            "title": self.title(),
        }

    def title(self):
        return bytes(self.last.data[: self.w]).hex() if self.last else ""


def tour(board, seed=1, max_presses=MAX_PRESSES, log=None, rows=False, cap=9,
         max_resets=MAX_RESETS, depth=None, segment=None, setup=None, on_frame=None):
    """Walk the whole interface in the simulator; the list of presses (dicts).

    ``rows``: every selected row makes a screen of its own (else only on menus);
    ``setup``, ``on_frame``: as SimTour's."""
    sim = SimTour(board, seed, setup, on_frame)
    try:
        keys = keys_for(sim.nkeys)
        edges = {}  # screen -> {key: screen after}
        labels = {}
        steps = []
        cur, lab = sim.screen(rows, cap, depth)
        labels[cur] = lab
        escapes = ("long:back", "long:ok") if sim.nkeys >= 4 else ("long:ok",)
        lost = 0  # presses since the tour last knew a way
        resets = 0
        cut = False
        since = []  # the keys since power-on (the last reset)
        origin = {cur: []}  # screen -> the keys from power-on that first reached it
        script = []  # keys to play from a reset, to a screen left with keys untried
        given_up = set()
        stuck_at = -1  # keys tried when the tour last powered on afresh for want of a way
        while len(steps) < max_presses:
            tried = edges.setdefault(cur, {})
            todo = [k for k in keys if k not in tried]
            if (segment and not script and len(since) >= segment and len(sim.app.stack) == 1
                    and any(any(k not in out for k in keys) for out in edges.values())):
                # at the main menu after ``segment`` keys: power on afresh, so the tour
                # is in parts the Pico can play side by side
                prev = cur
                sim.reset()
                since = []
                cur, lab = sim.screen(rows, cap, depth)
                labels[cur] = lab
                steps.append({"key": "reset", "screen": prev, "label": labels[prev],
                              "to": cur, "to_label": lab, "first": False, "kind": "reset",
                              "acts": "-", "frames": 0, "wait_ms": 0, "errors": 0,
                              "title": sim.title()})
                continue
            if script:
                key = script.pop(0)
            elif todo:
                key = todo[0]
                lost = 0
                if key == "ok" and any(w in labels[cur] for w in LEFT_ALONE):
                    tried[key] = cur
                    continue
            else:
                key = _way(edges, cur, keys, given_up)
                if key is None:
                    # no known way on (what is left needs another state of the games):
                    # a long press once each, BACK a few times, then power on afresh
                    # and play the keys that first reached a screen with keys left
                    key = next((k for k in escapes if k not in tried), None)
                    if key is None:
                        lost += 1
                        if lost > 4:
                            left = [n for n, out in edges.items() if n not in given_up
                                    and n in origin and any(k not in out for k in keys)]
                            done = sum(len(out) for out in edges.values())
                            if not left and done == stuck_at:
                                break  # every key tried on every screen reachable
                            if resets >= max_resets:
                                cut = True
                                break
                            if left:
                                target = min(left, key=lambda n: len(origin[n]))
                                given_up.add(target)
                                script = list(origin[target])
                            else:
                                # stuck where the map of screens (which merges alike
                                # screens of two games) knows no way on: power on afresh,
                                # the main menu has one to what is left
                                stuck_at = done
                            resets += 1
                            lost = 0
                            sim.reset()
                            since = []
                            prev = cur
                            cur, lab = sim.screen(rows, cap, depth)
                            labels[cur] = lab
                            steps.append({"key": "reset", "screen": prev, "label": labels[prev],
                                          "to": cur, "to_label": lab, "first": False,
                                          "kind": "reset", "acts": "-", "frames": 0,
                                          "wait_ms": 0, "errors": 0, "title": sim.title()})
                            continue
                        key = "back" if sim.nkeys >= 4 else "long:ok"
                else:
                    lost = 0
            res = sim.press(key)
            nxt, lab = sim.screen(rows, cap, depth)
            labels[nxt] = lab
            since.append(key)
            if nxt not in origin and len(since) <= MAX_ORIGIN:
                origin[nxt] = list(since)
            measured = key not in tried
            tried[key] = nxt
            res.update({"screen": cur, "label": labels[cur], "to": nxt, "to_label": lab,
                        "first": measured})
            steps.append(res)
            cur = nxt
            if log and len(steps) % 200 == 0:
                log("  %s: %d presses, %d screens" % (board, len(steps), len(edges)))
        return {"board": board, "keys": sim.nkeys, "steps": steps,
                "screens": sorted(labels.values()),
                "complete": len(steps) < max_presses and not cut,
                "pending": sorted(n for n, out in edges.items()
                                  if any(k not in out for k in keys)),
                "errors": sim.errors + [repr(e) for e in sim.app.errors]}
    finally:
        sim.close()


def scripted(board, keys, seed=1):
    """The presses of a given list of keys (as ``tour``'s steps), from power-on."""
    sim = SimTour(board, seed)
    try:
        steps = []
        cur, lab = sim.screen()
        for key in keys:
            res = sim.press(key)
            nxt, nlab = sim.screen()
            res.update({"screen": cur, "label": lab, "to": nxt, "to_label": nlab,
                        "first": True})
            steps.append(res)
            cur, lab = nxt, nlab
        return steps
    finally:
        sim.close()


def _way(edges, cur, keys, skip=()):
    """The first key of the shortest known way from ``cur`` to a screen with a key not
    tried yet (None: there is none)."""
    seen = {cur}
    q = deque()
    for k, n in edges.get(cur, {}).items():
        if n not in seen:
            seen.add(n)
            q.append((n, k))
    while q:
        node, first = q.popleft()
        out = edges.get(node)
        if out is None or (node not in skip and any(k not in out for k in keys)):
            return first
        for n in out.values():
            if n not in seen:
                seen.add(n)
                q.append((n, first))
    return None


# -- the emulated Pico --------------------------------------------------------------------
_BITS_REVERSED = bytes(int("{:08b}".format(b)[::-1], 2) for b in range(256))


def shown_title(frame, width):
    """The title bar's page as the glass shows it: the first page, or with the picture
    turned 180 degrees (Settings > Flip 180) the last page read backwards, each column's
    bits upside down. Either, as hex."""
    last = frame[len(frame) - width:]
    return (frame[:width].hex(), bytes(_BITS_REVERSED[b] for b in reversed(last)).hex())


def first_update(txns, addr, t_ns, stop_ns):
    """(start, end, bytes) of the first panel burst with page data (0x40) starting at or
    after ``t_ns`` and before ``stop_ns``; end in ns. None if there is none."""
    burst = None
    for t in txns:
        if t.addr != addr or not t.ack or t.start_ns < t_ns:
            continue
        if burst is None:
            if t.start_ns >= stop_ns:
                return None
            if t.data[:1] == b"\x40":
                burst = [t.start_ns, t.end_ns, len(t.data)]
        elif t.start_ns - burst[1] < GAP_NS:
            burst[1] = t.end_ns
            burst[2] += len(t.data)
        else:
            break
    return burst


def parts(steps):
    """The tour cut at its resets: lists of presses, each from a fresh power-on."""
    out = [[]]
    for s in steps:
        if s["kind"] == "reset":
            out.append([])
        else:
            out[-1].append(s)
    return [p for p in out if p]


def _replay_part(board, steps, log, seed, lang=0):
    """Play one part of the tour (see ``parts``) on its own boot of the emulated Pico; each
    press gets ``ms`` (latency from the edge it acts on to the last byte of its first panel
    update; None when nothing was drawn), ``bytes`` and ``same_title`` (the title bar is
    the simulator's afterwards). The device draws the tour's random numbers (``seed``, as
    the tour's): a roll-off picks the same start player."""
    from host_tools.emu import pico

    if lang:
        dev = pico.boot(board, fs=pico.fs_image(board, seed=seed, lang=lang))
    else:
        dev = pico.boot(board, seed=seed)
    try:
        out = []
        for i, s in enumerate(steps):
            n0 = dev.txn_count
            edge = dev.t_ns
            segs = segments(s["key"], dev.keys)
            for levels, ms in segs:
                dev.set_levels(levels)
                dev.run(ms)
            release = edge + segs[0][1] * 1_000_000
            dev.wait_idle()
            dev.settle(quiet_ms=QUIET_MS)
            ref = {"press": edge, "release": release,
                   "long": edge + LONG_AT_MS * 1_000_000}[s["acts"]]
            b = first_update(dev.txns(n0), dev.addr, ref, dev.t_ns)
            r = dict(s)
            if b is not None and s["kind"] != "none":
                r["ms"] = round((b[1] - ref) / 1e6, 2)
                r["bytes"] = b[2]
            else:
                r["ms"] = None
                r["bytes"] = 0 if b is None else b[2]
            r["same_title"] = s["title"] in shown_title(dev.frame(), dev.width)
            out.append(r)
            if log and (i + 1) % 200 == 0:
                log("  %s: %d/%d presses of a part on the Pico (%.0f s emulated)" % (
                    board, i + 1, len(steps), dev.t_ms / 1000))
        return out, dev.errors()
    finally:
        dev.close()


# -- the map ---------------------------------------------------------------------------------
def _median(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return None
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def over_budget(rows):
    """The measured presses over their kind's budget."""
    return [r for r in rows if r.get("ms") is not None and r["kind"] in BUDGETS
            and r["ms"] > BUDGETS[r["kind"]]]


def median_transition(rows):
    """The median latency of the transitions (``open`` and ``back``)."""
    return _median([r["ms"] for r in rows if r["kind"] in TRANSITIONS and r.get("ms") is not None])


def summary(rows):
    """Per kind: n, median, max; and the median of the transitions."""
    out = {}
    for kind in BUDGETS:
        xs = [r["ms"] for r in rows if r["kind"] == kind and r.get("ms") is not None]
        if xs:
            out[kind] = {"n": len(xs), "median": _median(xs), "max": max(xs),
                         "budget": BUDGETS[kind]}
    return out


def _settings(lang):
    """The simulator's setup (SimTour): a settings file in language ``lang`` (1 Deutsch)."""
    def setup(folder):
        paths.setup()
        from wyrm.store import Store

        Store(folder).save("settings", {"lang": lang})

    return setup if lang else None


def measure(boards=BOARDS, depth=None, segment=SEGMENT, max_presses=MAX_PRESSES,
            workers=2, log=print, lang=0):
    """Tour each board in the simulator, then play every part of every tour on the
    emulated Pico, ``workers`` at a time. ``depth``: a number, or {board: number}
    (see SimTour.screen); ``lang``: 1, both power on in German. One result dict per
    board, presses with their latency."""
    from concurrent.futures import ThreadPoolExecutor

    from host_tools.emu import pico

    wall = time.time()
    tours = []
    jobs = []
    for b in boards:
        d = depth.get(b) if isinstance(depth, dict) else depth
        t = tour(b, seed=SEED, max_presses=max_presses, depth=d, segment=segment,
                 setup=_settings(lang))
        t["depth"] = d
        log("%s: tour of %d presses over %d screens (simulator)" % (
            b, len(t["steps"]), len(t["screens"])))
        pico.fs_image(b, seed=SEED, lang=lang)
        tours.append(t)
        jobs += [(b, p) for p in parts(t["steps"])]
    jobs.sort(key=lambda j: -len(j[1]))  # the longest parts first
    with ThreadPoolExecutor(max_workers=workers) as ex:
        done = list(ex.map(lambda j: (j[0], _replay_part(j[0], j[1], log, SEED, lang)), jobs))
    for t in tours:
        t["steps"] = []
        t["pico_errors"] = []
        for b, (rows, errors) in done:
            if b == t["board"]:
                t["steps"] += rows
                t["pico_errors"] += errors
        t["wall_s"] = round(time.time() - wall)
    return tours


BUCKETS = (10, 20, 30, 40, 50, 60, 80, 100, 150)


def _hist(xs):
    counts = []
    lo = 0
    for hi in BUCKETS:
        counts.append(("%d-%d" % (lo, hi), sum(1 for x in xs if lo < x <= hi or x == lo == 0)))
        lo = hi
    counts.append((">%d" % BUCKETS[-1], sum(1 for x in xs if x > BUCKETS[-1])))
    return counts


def markdown(results):
    """docs/LATENCY.md from the runs' results."""
    from host_tools.emu import pico

    out = ["# Latency map: every key on every screen, on the emulated Pico", ""]
    out.append("Generated by `python -m host_tools.bench.latency` (`make latency`: the whole map; "
               "`--bounded`: the test's tour) from a run on "
               "the emulated Pico (%s, emulated time: "
               "the same figures on every run). Do not edit by hand." % pico.firmware_label())
    out.append("")
    out.append("The tour walks the interface in the simulator: on every screen reached "
               "(screen class, title and selected row) each key is pressed once, and the "
               "tour goes back by known ways to screens with keys left; the Pico then plays "
               "the same presses (taps of 80 ms; the three-button BACK a "
               "900 ms OK), each after %d ms of quiet on the panel bus. A latency runs from "
               "the edge the key acts on (the press for UP/DOWN, the release for a click, "
               "600 ms into a long press) to the last byte of the first panel update after "
               "it. `tests/device/test_pico_latency.py` asserts the budgets." % QUIET_MS)
    out.append("")
    out.append("| budget | limit |")
    out.append("|---|---:|")
    for kind, ms in BUDGETS.items():
        out.append("| %s | %.0f ms |" % (KIND_WORDS[kind], ms))
    out.append("| median of the transitions | %.0f ms |" % MEDIAN_BUDGET)
    out.append("")
    for res in results:
        rows = res["steps"]
        meas = [r for r in rows if r.get("ms") is not None]
        out.append("## %s" % res["board"])
        out.append("")
        if res.get("depth"):
            out.append("The bounded tour (`--bounded`, as in the test): a menu's selected row "
                       "makes a screen of its own only %d deep in the screen stack; deeper "
                       "screens count by class and title." % res["depth"])
        else:
            out.append("The whole map: every menu row makes a screen of its own.")
        out.append("")
        out.append("%d presses (%d of them the first of their key on their screen) over %d "
                   "screens%s; %d drew nothing; the title bar matched the simulator's after "
                   "%d of %d." % (
                       len(rows), sum(1 for r in rows if r["first"]), len(res["screens"]),
                       "" if res["complete"] else " (tour cut short)",
                       sum(1 for r in rows if r["kind"] == "none"),
                       sum(1 for r in rows if r["same_title"]), len(rows)))
        out.append("")
        out.append("| kind | n | median ms | max ms | budget ms | over |")
        out.append("|---|---:|---:|---:|---:|---:|")
        over = over_budget(rows)
        for kind, s in summary(rows).items():
            out.append("| %s | %d | %.1f | %.1f | %.0f | %d |" % (
                KIND_WORDS[kind], s["n"], s["median"], s["max"], s["budget"],
                sum(1 for r in over if r["kind"] == kind)))
        out.append("")
        out.append("Median of the transitions: %.1f ms (budget %.0f)." % (
            median_transition(rows), MEDIAN_BUDGET))
        out.append("")
        out.append("Distribution (all measured presses, ms):")
        out.append("")
        hist = _hist([r["ms"] for r in meas])
        out.append("| " + " | ".join(h for h, _ in hist) + " |")
        out.append("|" + "---:|" * len(hist))
        out.append("| " + " | ".join(str(n) for _, n in hist) + " |")
        out.append("")
        out.append("The worst 20 (each screen and key once; the share of its budget):")
        out.append("")
        out.append("| ms | budget | kind | key | on | to |")
        out.append("|---:|---:|---|---|---|---|")
        worst = {}
        for r in meas:
            if r["kind"] not in BUDGETS:
                continue
            k = (r["screen"], r["key"])
            if k not in worst or r["ms"] > worst[k]["ms"]:
                worst[k] = r
        ranked = sorted(worst.values(), key=lambda r: -r["ms"] / BUDGETS[r["kind"]])[:20]
        for r in ranked:
            out.append("| %.1f | %.0f | %s | %s | %s | %s |" % (
                r["ms"], BUDGETS[r["kind"]], r["kind"], r["key"].upper(),
                _md(r["label"]), _md(r["to_label"])))
        out.append("")
    return "\n".join(out) + "\n"


def _md(s):
    return s.replace("|", "/").replace("==", "").strip()


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bench.latency", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", action="append", help="board profile (default: %s)" % (
        ", ".join(BOARDS)))
    ap.add_argument("--json", default=os.path.join(paths.ROOT, "build", "latency.json"))
    ap.add_argument("--md", default=os.path.join(paths.ROOT, "docs", "LATENCY.md"))
    ap.add_argument("--max-presses", type=int, default=MAX_PRESSES)
    ap.add_argument("--workers", type=int, default=2, help="emulated Picos at once")
    ap.add_argument("--bounded", action="store_true",
                    help="the tests' bounded tour (BOUNDED) instead of the whole map")
    ap.add_argument("--tour-only", action="store_true", help="the simulator's tour only")
    ap.add_argument("--german", action="store_true",
                    help="power on in German (the figures printed; docs/LATENCY.md only with --md)")
    args = ap.parse_args(argv)
    boards = args.board or list(BOARDS)
    depth = BOUNDED if args.bounded else None
    if args.tour_only:
        for b in boards:
            t = tour(b, max_presses=args.max_presses, log=print,
                     depth=depth.get(b) if depth else None)
            kinds = {}
            for s in t["steps"]:
                kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
            print(b, len(t["steps"]), "presses", len(t["screens"]), "screens", kinds,
                  "complete" if t["complete"] else "CUT SHORT", t["errors"])
            for s in t["screens"]:
                print("   ", s)
        return 0
    from host_tools.emu import pico

    why = pico.unavailable()
    if why:
        print("latency map: skipped - " + why)
        return 1
    results = measure(boards, depth=depth, max_presses=args.max_presses, workers=args.workers,
                      lang=1 if args.german else 0)
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(results, f, indent=1)
    wrote = [args.json]
    if not args.german or "--md" in (argv if argv is not None else sys.argv[1:]):
        with open(args.md, "w") as f:
            f.write(markdown(results))
        wrote.append(args.md)
    bad = 0
    for res in results:
        over = over_budget(res["steps"])
        med = median_transition(res["steps"])
        bad += len(over) + (med > MEDIAN_BUDGET)
        print("%s: %d presses, %d over budget, median transition %.1f ms, %d s wall" % (
            res["board"], len(res["steps"]), len(over), med, res["wall_s"]))
        for r in over:
            print("   %.1f ms (%s, %s) %s on %s -> %s" % (
                r["ms"], r["kind"], r["acts"], r["key"], r["label"], r["to_label"]))
    print("wrote", " and ".join(wrote))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
