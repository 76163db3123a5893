"""Smoke test of `make bench` on a tiny session: sane numbers, no timing asserted.

Speed and memory figures are measured by `make bench`; this only checks that
the bench's pieces produce plausible results, and keeps one behaviour in
`make test`: the idle loop at the main menu sends nothing and allocates
nothing under real MicroPython (checked with micropython.heap_lock()).
"""
import copy
import json
import os
import struct

import pytest

from host_tools import paths
from host_tools.bench import figures as bench_docs
from host_tools.bench import heapwalk as bench_heapwalk
from host_tools.bench import sessions as bench_sessions
from host_tools.bench import suite as bench


@pytest.fixture(scope="module")
def interps():
    it = bench.Interpreters({"py": paths.FIRMWARE})
    yield it
    it.close()


@pytest.fixture(scope="module")
def main_menu_run(interps):
    s = bench_sessions.Session("smoke", "down", kind="boot", idle=True)
    c = bench_sessions.run_cpython(s)
    m = bench.run_mp_session(interps, "py", s, c)
    return s, c, m


def test_idle_main_menu_sends_nothing_and_allocates_nothing(main_menu_run):
    """Idle steps at the main menu send 0 bytes and allocate nothing, even under heap_lock."""
    s, c, m = main_menu_run
    assert m["idle"]["bytes"] == 0
    assert m["idle"]["alloc"] == 0
    assert m["idle"]["locked"] == "ok"
    assert sum(r.bytes for r in c.steps if r.seg == 1) == 0  # and under CPython


def test_key_press_sends_between_one_byte_and_one_frame(main_menu_run):
    """A DOWN press in the main menu sends something, but at most one whole frame."""
    s, c, m = main_menu_run
    ps = bench.presses(s, [r.mask for r in c.steps], [r.bytes for r in c.steps],
                       [r.writes for r in c.steps], c.steps)
    assert [p["key"] for p in ps] == ["down"]
    assert 1 <= ps[0]["bytes"] <= 1064
    assert ps[0]["screen"].startswith("Home")


def test_heap_and_traffic_are_plausible_and_agree(main_menu_run):
    """The retained heap is positive and below the runner's heap; both runtimes send the same."""
    s, c, m = main_menu_run
    h = bench.heap_summary(s, c, m)
    assert 0 < h["empty"] < h["baseline"] < h["boot"] < 1024 * 1024
    assert h["boot"] <= h["max"]
    assert m["init_bytes"] == c.init_bytes > 1064  # init clears the whole panel RAM
    assert [x for x in m["bytes"] if x is not None] == [
        r.bytes for r, x in zip(c.steps, m["bytes"], strict=True) if x is not None]


def test_presses_split_at_each_key_going_down():
    """Each key going down starts a press; its release and later frames count to it."""
    s = bench_sessions.Session("split", "", idle=False)
    s.segments = [("steps", [0, 2, 2, 0, 0, 0, 4, 0, 0])]
    masks = [1, 0, 0, 3, 0, 4, 0, 0, 128]
    nbytes = [133, 0, 0, 266, 0, 133, 0, 0, 133]
    writes = [2, 0, 0, 4, 0, 2, 0, 0, 2]
    ps = bench.presses(s, masks, nbytes, writes)
    assert [(p["key"], p["bytes"], p["pages"], p["frames"]) for p in ps] == [
        ("down", 399, 3, 2), ("ok", 133, 1, 1)]


def test_bus_time_of_a_whole_frame_at_400_khz():
    """A whole 128x64 frame (1064 bytes in 16 writes) takes about 23-25 ms at 400 kHz."""
    ms = bench.bus_ms(1064, 16, 400_000)
    assert 23 <= ms <= 25
    assert bench.bus_ms(1064, 16, 1_000_000) == pytest.approx(ms * 0.4)


def _heap(kinds, blocks, roots):
    """A synthetic heap dump: 16-byte blocks at 0x1000, words given per block."""
    mem = b""
    for words in blocks:
        mem += struct.pack("<4I", *(list(words) + [0] * (4 - len(words))))
    return {"base": 0x1000, "kinds": kinds, "mem": mem, "roots": roots}


def test_heap_walk_tells_false_pointers_from_real_references():
    """A block kept only by a word inside string data is a false pointer, not firmware-held."""
    # 0: str object -> its data in 1; data holds a look-alike of block 2's address;
    # 3: an unreachable block (held by no known root)
    d = _heap("Shhh", [[0, 0, 4, 0x1010], [0x1020, 7], [0, 0], [0, 0]], roots=[0x1000])
    a = bench_heapwalk.analyse(d)
    assert (a["precise"], a["false"], a["other"], a["allocated"]) == (32, 16, 16, 64)
    # the same block also referenced by a plain object: really held
    d = _heap("Shhh", [[0, 0, 4, 0x1010], [0x1020, 7], [0, 0], [0x1020]], roots=[0x1000, 0x1030])
    a = bench_heapwalk.analyse(d)
    assert (a["precise"], a["false"], a["other"]) == (64, 0, 0)


def test_leaving_a_game_is_found_with_back_presses():
    """The bench leaves the first game again with BACK and ends at the main menu."""
    _index, label, _mod = bench_sessions.games()[0]
    s = bench_sessions.Session("leave", "ok", idle=False)
    bench_sessions.run_cpython(s)
    assert s.leave_ok
    assert s.game == label
    assert [m[0] for m in s.marks] == [label]


def test_make_bench_writes_under_build_and_only_bench_save_updates_the_tracked_copy():
    """`make bench` leaves tracked files alone; `make bench-save` copies and rewrites the doc."""
    build = os.path.join(paths.ROOT, "build") + os.sep
    assert bench.RESULTS.startswith(build)
    with open(os.path.join(paths.ROOT, "Makefile")) as f:
        targets = f.read().split("\n\n")
    rule = {t.split(":", 1)[0].strip(): t for t in targets if ":" in t}
    assert "bench/results.json" not in rule["bench"].replace("build/bench/results.json", "")
    assert "cp build/bench/results.json bench/results.json" in rule["bench-save"]
    assert "host_tools.bench.figures" in rule["bench-save"]


def _saved():
    with open(bench_docs.RESULTS) as f:
        return json.load(f)


def test_benchmarks_doc_shows_the_saved_results():
    """docs/BENCHMARKS.md's figures are exactly what bench/results.json holds (make bench-save)."""
    with open(bench_docs.DOC) as f:
        shown = bench_docs.section(f.read())
    assert shown is not None, "docs/BENCHMARKS.md lost its figures markers"
    assert shown == bench_docs.render(_saved()), "run make bench-save"


def test_bench_docs_rewrites_the_figures_and_nothing_else():
    """A new result changes the figures section; the text around it stays as written."""
    res = _saved()
    text = "intro\n" + bench_docs.BEGIN + "\nSTALE FIGURE\n" + bench_docs.END + "\noutro\n"
    new = bench_docs.update(text, res)
    assert new.startswith("intro\n" + bench_docs.BEGIN + "\n")
    assert new.endswith(bench_docs.END + "\noutro\n")
    assert "STALE FIGURE" not in bench_docs.section(new)
    later = copy.deepcopy(res)
    later["pico"]["heap"][0] = ["after boot (main menu)", 12345]
    assert "| after boot (main menu) | 12,345 |" in bench_docs.render(later)
    assert bench_docs.render(later) != bench_docs.render(res)
    assert bench_docs.section("no markers here") is None
    later["commit"] = "abc1234"
    assert "commit `abc1234`" in bench_docs.render(later)


def test_battery_tables_are_the_saved_power_runs():
    """docs/BENCHMARKS.md's battery tables are exactly what bench/power.json holds
    (``python -m host_tools.bench.power_split --write``), and the targets' verdicts follow
    the figures: a game night over 10 % of 3x AAA reads "NOT met"."""
    from host_tools.bench import power_split

    with open(power_split.SAVED) as f:
        runs = json.load(f)
    with open(power_split.DOC) as f:
        text = f.read()
    shown = text.split(power_split.BEGIN, 1)[1].split(power_split.END, 1)[0]
    assert shown == "\n" + power_split.render(runs), "run power_split --write"
    hungry = copy.deepcopy(runs)
    hungry["batteries"]["game_night"]["4h_pct_of"]["3x AAA"] = 10.5
    assert "<= 10 % of 3x AAA: NOT met" in power_split.render(hungry)
    assert "<= 10 % of 3x AAA: met" in power_split.render(runs) or runs["batteries"][
        "game_night"]["4h_pct_of"]["3x AAA"] > 10


def test_the_latency_tour_reads_the_title_bar_upright_or_turned():
    """The tour compares the device's title bar with the simulator's as the glass shows it:
    the first page of an upright picture, and the same bar from a picture turned 180 degrees
    (Settings > Flip 180), turned here pixel by pixel; another picture's bar matches neither."""
    import random

    from host_tools.bench import latency

    w, h = 128, 64
    rnd = random.Random(7)
    picture = bytes(rnd.randrange(256) for _ in range(w * h // 8))

    def lit(fb, x, y):
        return fb[(y // 8) * w + x] >> (y % 8) & 1

    turned = bytearray(len(picture))
    for y in range(h):
        for x in range(w):
            if lit(picture, x, y):
                tx, ty = w - 1 - x, h - 1 - y
                turned[(ty // 8) * w + tx] |= 1 << (ty % 8)
    title = picture[:w].hex()
    assert title in latency.shown_title(picture, w)
    assert title in latency.shown_title(bytes(turned), w)
    other = bytes(rnd.randrange(256) for _ in range(w * h // 8))
    assert title not in latency.shown_title(other, w)


def test_the_latency_tour_times_each_key_from_the_edge_it_acts_on():
    """On three buttons UP on a card being passed round is BACK (a click): it is timed from
    its release, as a click is; a move in a menu from its press, OK on a row from its
    release, and a long OK from 600 ms in."""
    from host_tools.bench import latency

    # Hidden deck: a new deck, Draw one for Player 1 (a card passed round), UP: stop?
    keys = "down,down,down,down,down,down,ok,ok,ok,down,down,ok,ok,up,down,ok,down,long:ok"
    keys = keys.split(",")
    steps = latency.scripted("pico-ssd1306-3btn", keys)
    acts = [(s["key"], s["label"].split(" == ")[0], s["to_label"].split(" == ")[0], s["acts"])
            for s in steps]
    assert ("down", "Home", "Home", "press") in acts
    assert ("ok", "Home", "Menu", "release") in acts
    assert ("up", "PeekScreen", "Confirm Stop passing round?", "release") in acts, acts
    assert ("down", "Confirm Stop passing round?", "Confirm Stop passing round? [Yes]",
            "press") in acts, acts
    assert any(k == "long:ok" and a == "long" for k, _f, _t, a in acts), acts
