"""make soak: the fault storm of tests/storm.py run long, under CPython and MicroPython.

    python -m host_tools.soak [--events 100000] [--mp-events 10000] [--seed 1]

Prints events, cuts, faults and failures (exit status 1 if any failure).
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
import gc, json, random
from wyrm import font
from wyrm import store as S
from wyrm.canvas import Canvas
from wyrm.home import make_app
from wyrm.rng import Rng
from simpanel import SimPanel

class Cut(SystemExit):  # a BaseException: no except Exception in the firmware stops it
    pass

_real_open = open
_fault = {'rate': %(rate)r, 'cut': %(cut)d, 'n': 0, 'faults': 0}
random.seed(%(seed)d)

class FaultFile:
    def __init__(self, f):
        self.f = f
    def write(self, data):
        _fault['n'] += 1
        if _fault['cut'] and _fault['n'] >= _fault['cut']:
            self.f.write(data[:random.getrandbits(8) %% (len(data) + 1)])
            self.f.close()
            raise Cut()
        if _fault['rate'] and random.getrandbits(10) < _fault['rate']:
            _fault['faults'] += 1
            raise OSError(28 if random.getrandbits(1) else 5)
        return self.f.write(data)
    def flush(self):
        self.f.flush()
    def __enter__(self):
        return self
    def __exit__(self, *a):
        self.f.close()

def fault_open(path, mode='r'):
    f = _real_open(path, mode)
    return FaultFile(f) if 'w' in mode else f

S.open = fault_open
board = json.loads(%(board)r)
steps = json.loads(%(steps)r)
canvas = Canvas(%(w)d, %(h)d)
font.LOG = None
high = 0
app = None
try:
    app = make_app(canvas, S.Store('/state'), Rng(seed=%(seed)d), %(keys)d, SimPanel(), board)
    t = %(start)d
    for i in range(len(steps)):
        app.step(t, steps[i])
        t = (t + 10) & 0x3FFFFFFF
        if i %% 200 == 0:
            gc.collect()
            high = max(high, gc.mem_alloc())
except Cut:
    print('C')
S.open = _real_open
gc.collect()
print('H', high, gc.mem_alloc())
print('X', _fault['faults'])
if app is not None:
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
    from storm import BAD_BYTES, BOARDS, SAVED, TOKENS, UNUSABLE, USER_FILES

    from wyrm.store_pack import pack

    malformed = BAD_BYTES + [pack(x) for x in UNUSABLE]  # the latter: valid checksums

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
                # each boot first opens a game, Dice or the deck (from the main menu)
                script = "back,back,back," + "down," * rnd.randint(0, 6) + "ok,"
                script += ",".join(rnd.choice(tokens) for _ in range(n))
                steps = simcore.timeline(simcore.parse_script(script, keys))
                steps = steps[: rnd.randint(len(steps) // 2, len(steps))]  # cut mid-way
                r = rnd.random()
                code = _MP_DRIVER % {
                    "board": json.dumps(board), "steps": json.dumps(steps),
                    "seed": rnd.randint(0, 10**6), "w": w, "h": h, "keys": keys,
                    "start": rnd.randint(0, (1 << 30) - 1),
                    # per 1024 writes: none, some or all refused (ENOSPC or EIO)
                    "rate": 0 if r < 0.4 else rnd.choice([100, 400, 1024]),
                    # a power cut at the n-th write, at a random byte (0: none)
                    "cut": rnd.randint(1, 6) if rnd.random() < 0.5 else 0,
                }
                out = mp.exec(code)
                for line in out.splitlines():
                    if line.startswith("C"):
                        cuts += 1
                    elif line.startswith("X "):
                        faults += int(line.split()[1])
                    elif line.startswith("H "):
                        heap.append([int(x) for x in line.split()[1:]])
                    elif line.startswith("E ") or (line.strip() and not line.startswith("Wyrm")):
                        failures += 1
                        print("FAIL MicroPython %s: %s" % (board_name, line))
                done += n
                if rnd.random() < 0.2:
                    name = rnd.choice(USER_FILES + SAVED)
                    fname = name if "." in name else name + ".json"
                    mp.write_file("/state/" + fname, rnd.choice(malformed))
                    faults += 1
        rows.append(("MicroPython " + board_name, done, cuts, faults, failures,
                     "%d/%d/%d" % (heap[0][1], max(x[0] for x in heap), heap[-1][1])
                     if heap else "-",
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
    head = ("run", "events", "cuts", "faults", "failures", "heap first/max/last (B)", "s")
    print("%-34s %8s %6s %7s %9s %25s %6s" % head)
    for r in rows:
        print("%-34s %8d %6d %7d %9d %25s %6.0f" % r)
    tot = [sum(r[i] for r in rows) for i in (1, 2, 3, 4)]
    print("%-34s %8d %6d %7d %9d" % ("total", tot[0], tot[1], tot[2], tot[3]))
    return 1 if tot[3] else 0


if __name__ == "__main__":
    sys.exit(main())
