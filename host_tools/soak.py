"""make soak: the fault storm of tests/storm.py run long, under CPython and MicroPython.

    python -m host_tools.soak [--events 100000] [--mp-events 10000] [--seed 1]

CPython: the storm of ``make test`` (random keys on every board profile, power
cuts at random file operations and bytes, ENOSPC and EIO, malformed files) for
``--events`` key tokens in all. MicroPython (the WebAssembly runner): random
key steps in runs of a few hundred tokens, each run one boot; between runs
the power is cut (the flash folder is all that survives) and now and then a
saved or user file is replaced by malformed bytes (counted as faults); the
heap in use (``gc.mem_alloc()`` after a collect) is sampled every 200 steps
and its maximum shown. Prints a table: events, cuts, faults, failures
(exit status 1 if any failure).
"""

import argparse
import os
import random
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_MP_DRIVER = """
import gc, json
from wyrm import font
from wyrm.canvas import Canvas
from wyrm.home import make_app
from wyrm.rng import Rng
from wyrm.store import Store
from simpanel import SimPanel
board = json.loads(%(board)r)
steps = json.loads(%(steps)r)
canvas = Canvas(%(w)d, %(h)d)
font.LOG = None
app = make_app(canvas, Store('/state'), Rng(seed=%(seed)d), %(keys)d, SimPanel(), board)
t = %(start)d
high = 0
for i in range(len(steps)):
    app.step(t, steps[i])
    t = (t + 10) & 0x3FFFFFFF
    if i %% 200 == 0:
        gc.collect()
        high = max(high, gc.mem_alloc())
gc.collect()
print('H', high, gc.mem_alloc())
for e in app.errors:
    print('E', repr(e))
"""


class _Patch:
    """A tiny stand-in for pytest's monkeypatch (setattr + undo)."""

    def __init__(self):
        self.saved = []

    def setattr(self, obj, name, value, raising=True):
        self.saved.append((obj, name, obj.__dict__.get(name, _Patch)))
        setattr(obj, name, value)

    def undo(self):
        for obj, name, old in reversed(self.saved):
            if old is _Patch:
                delattr(obj, name)
            else:
                setattr(obj, name, old)
        self.saved = []


def cpython(events, seed):
    sys.path[:0] = [os.path.join(ROOT, "tests")]
    from storm import BOARDS, storm

    rows = []
    per = max(1, events // len(BOARDS))
    for i, board in enumerate(BOARDS):
        tmp = tempfile.mkdtemp(prefix="wyrm-soak-")
        patch = _Patch()
        t0 = time.monotonic()
        try:
            st = storm(seed * 100 + i, per, board, tmp, patch)
        finally:
            patch.undo()
            shutil.rmtree(tmp, ignore_errors=True)
        rows.append(("CPython " + board, st["events"], st["cuts"], st["faults"],
                     len(st["failures"]), "-", time.monotonic() - t0))
        for f in st["failures"][:5]:
            print("FAIL", f)
    return rows


def micropython(events, seed):
    from host_tools import simcore
    from host_tools.mprun import MicroPython
    from host_tools.simmp import install_panel

    sys.path[:0] = [os.path.join(ROOT, "tests")]
    from storm import BAD_BYTES, BOARDS, SAVED, TOKENS, USER_FILES

    rnd = random.Random(seed)
    rows = []
    per = max(1, events // len(BOARDS))
    import json

    for board_name in BOARDS:
        board = simcore.load_board(board_name)
        w, h, keys = simcore.board_geometry(board)
        tokens = TOKENS if keys == 4 else [t for t in TOKENS if "back" not in t]
        done = cuts = faults = failures = 0
        heap = []
        t0 = time.monotonic()
        with MicroPython() as mp:
            install_panel(mp)
            mp.exec("import os\ntry:\n    os.mkdir('/state')\nexcept OSError:\n    pass\n")
            while done < per:
                n = min(per - done, rnd.randint(50, 300))
                script = ",".join(rnd.choice(tokens) for _ in range(n))
                steps = simcore.timeline(simcore.parse_script(script, keys))
                steps = steps[: rnd.randint(len(steps) // 2, len(steps))]  # cut mid-way
                code = _MP_DRIVER % {
                    "board": json.dumps(board), "steps": json.dumps(steps),
                    "seed": rnd.randint(0, 10**6), "w": w, "h": h, "keys": keys,
                    "start": rnd.randint(0, (1 << 30) - 1),
                }
                out = mp.exec(code)
                for line in out.splitlines():
                    if line.startswith("H "):
                        heap.append(int(line.split()[1]))
                    elif line.startswith("E ") or (line.strip() and not line.startswith("Wyrm")):
                        failures += 1
                        print("FAIL MicroPython %s: %s" % (board_name, line))
                done += n
                cuts += 1
                if rnd.random() < 0.2:
                    name = rnd.choice(USER_FILES + SAVED)
                    fname = name if "." in name else name + ".json"
                    mp.write_file("/state/" + fname, rnd.choice(BAD_BYTES))
                    faults += 1
        rows.append(("MicroPython " + board_name, done, cuts, faults, failures,
                     "%d" % max(heap) if heap else "-",
                     time.monotonic() - t0))
    return rows


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python -m host_tools.soak", description=__doc__.split("\n")[0]
    )
    p.add_argument("--events", type=int, default=100000, help="CPython key tokens in all")
    p.add_argument("--mp-events", type=int, default=10000, help="MicroPython key tokens in all")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    from host_tools import paths

    paths.setup()
    rows = []
    if args.events:
        rows += cpython(args.events, args.seed)
    if args.mp_events:
        rows += micropython(args.mp_events, args.seed)
    head = ("run", "events", "cuts", "faults", "failures", "max heap (B)", "s")
    print("%-34s %8s %6s %7s %9s %15s %7s" % head)
    for r in rows:
        print("%-34s %8d %6d %7d %9d %15s %7.0f" % r)
    tot = [sum(r[i] for r in rows) for i in (1, 2, 3, 4)]
    print("%-34s %8d %6d %7d %9d" % ("total", tot[0], tot[1], tot[2], tot[3]))
    return 1 if tot[3] else 0


if __name__ == "__main__":
    sys.exit(main())
