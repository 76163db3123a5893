"""make soak: the fault storm of storm.py run long, under CPython and MicroPython.

    make soak                                          # 1e5 CPython key tokens, 1e4 MicroPython
    SOAK_EVENTS=20000 SOAK_MP_EVENTS=0 make soak       # shorter; 0 leaves a runtime out
    .venv/bin/python -m pytest -q -s tests/support/soak.py   # what make soak runs (SOAK_SEED too)

CPython: the storm of ``make test`` (random keys on every board profile, power
cuts at random file operations and bytes, ENOSPC and EIO, malformed files) for
``SOAK_EVENTS`` key tokens in all. MicroPython (the WebAssembly runner): random
key steps in runs of 50-300 tokens, each run one boot that ends at a random
step (the flash folder is all that survives); a boot's reads may meet EIO
two or three times in a row at every stat and open (counted as faults; after
it a name never saved must read as missing); in a run the store's writes may
be refused (ENOSPC/EIO, counted as faults) and the power may be cut at a
random write and byte (counted as cuts); between runs, now and then, a saved
or user file is replaced by malformed bytes (counted as faults too); the
heap in use (``gc.mem_alloc()`` after a collect) is sampled every 200 steps:
the table shows it after the first run, the highest sample, and after the
last run (the whole MicroPython heap of the runner: firmware modules, the
run's step list and the app). Each runtime is one test that prints its table
and fails on any failure. Not named test_*.py, so ``make test`` leaves it out.
"""

import json
import os
import random
import shutil
import tempfile
import time

import pytest
from storm import BAD_BYTES, BOARDS, SAVED, TOKENS, UNUSABLE, USER_FILES, storm

from host_tools.mp.runner import MicroPython
from host_tools.sim import core
from wyrm.store import frame
from wyrm.store_pack import encode

EVENTS = int(os.environ.get("SOAK_EVENTS", "100000"))  # CPython key tokens in all
MP_EVENTS = int(os.environ.get("SOAK_MP_EVENTS", "10000"))  # MicroPython key tokens in all
SEED = int(os.environ.get("SOAK_SEED", "1"))

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

_burst = {'n': %(burst)d, 'run': 0}

def read_fault():
    # the boot's reads: each stat or read-open fails n times in a row, then one answers
    if _burst['run'] < _burst['n']:
        _burst['run'] += 1
        _fault['faults'] += 1
        raise OSError(5)
    _burst['run'] = 0

class BurstOs:
    def stat(self, path):
        read_fault()
        return _real_os.stat(path)
    def __getattr__(self, name):
        return getattr(_real_os, name)

def fault_open(path, mode='r'):
    if 'w' not in mode:
        read_fault()
    f = _real_open(path, mode)
    return FaultFile(f) if 'w' in mode else f

import os as _real_os
S.os = BurstOs()
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
        if i == 20:  # the boot and its first loads are over: the flash reads again
            _burst['n'] = 0
            if app.store.exists('soaknone'):
                print('M a name never saved reads as there after read errors at boot')
        app.step(t, steps[i])
        t = (t + 10) & 0x3FFFFFFF
        if i %% 200 == 0:
            gc.collect()
            high = max(high, gc.mem_alloc())
except Cut:
    print('C')
S.open = _real_open
S.os = _real_os
gc.collect()
print('H', high, gc.mem_alloc())
print('X', _fault['faults'])
if app is not None:
    for e in app.errors:
        print('E', repr(e))
"""


def cpython(events, seed, monkeypatch):
    rows = []
    per = max(1, events // len(BOARDS))
    for i, board in enumerate(BOARDS):
        tmp = tempfile.mkdtemp(prefix="wyrm-soak-")
        t0 = time.monotonic()
        try:
            st = storm(seed * 100 + i, per, board, tmp, monkeypatch)
        finally:
            monkeypatch.undo()
            shutil.rmtree(tmp, ignore_errors=True)
        rows.append(("CPython " + board, st["events"], st["cuts"], st["faults"],
                     len(st["failures"]), "-", time.monotonic() - t0))
        for f in st["failures"][:5]:
            print("FAIL", f)
    return rows


def micropython(events, seed):
    malformed = BAD_BYTES + [frame(encode(x)) for x in UNUSABLE]  # the latter: valid checksums

    rnd = random.Random(seed)
    rows = []
    per = max(1, events // len(BOARDS))
    for board_name in BOARDS:
        board = core.load_board(board_name)
        w, h, keys = core.board_geometry(board)
        tokens = TOKENS if keys == 4 else [t for t in TOKENS if "back" not in t]
        done = cuts = faults = failures = 0
        heap = []
        t0 = time.monotonic()
        with MicroPython() as mp:
            core.install_panel(mp)
            mp.exec("import os\ntry:\n    os.mkdir('/state')\nexcept OSError:\n    pass\n")
            while done < per:
                n = min(per - done, rnd.randint(50, 300))
                # each boot first opens a game, Dice or the deck (from the main menu)
                script = "back,back,back," + "down," * rnd.randint(0, 6) + "ok,"
                script += ",".join(rnd.choice(tokens) for _ in range(n))
                steps = core.timeline(core.parse_script(script, keys))
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
                    # the boot's reads: none, or two or three EIOs in a row at each
                    "burst": 0 if rnd.random() < 0.7 else rnd.choice([2, 3]),
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


def table(rows):
    """Print the rows and their total; returns the number of failures."""
    head = ("run", "events", "cuts", "faults", "failures", "heap first/max/last (B)", "s")
    print()
    print("%-34s %8s %6s %7s %9s %25s %6s" % head)
    for r in rows:
        print("%-34s %8d %6d %7d %9d %25s %6.0f" % r)
    tot = [sum(r[i] for r in rows) for i in (1, 2, 3, 4)]
    print("%-34s %8d %6d %7d %9d" % ("total", tot[0], tot[1], tot[2], tot[3]))
    return tot[3]


def test_storm_under_cpython(monkeypatch):
    """SOAK_EVENTS random key tokens over every profile, with power cuts and refused and
    malformed files: the storm's checks (no crash, saves intact, no secret shown) never fail."""
    if not EVENTS:
        pytest.skip("SOAK_EVENTS=0")
    assert table(cpython(EVENTS, SEED, monkeypatch)) == 0


def test_storm_under_micropython():
    """SOAK_MP_EVENTS random key steps in real MicroPython, boots cut mid-way, a boot's reads
    failing two or three times in a row, writes refused or cut at a random byte, saved files
    replaced by malformed bytes: no firmware error, a name never saved reads as missing."""
    if not MP_EVENTS:
        pytest.skip("SOAK_MP_EVENTS=0")
    assert table(micropython(MP_EVENTS, SEED)) == 0
