"""Run the simulator's key script inside real MicroPython (WebAssembly build).

The firmware tree is loaded into MicroPython's file system by the runner; the
state folder is copied in as /state and copied back afterwards, so saved games
carry across runs exactly as under CPython. Frames come back as hex page bytes
plus the text log, and are compared byte for byte by the tests.
"""
import json
import os

from host_tools.sim import core

_DRIVER = """
import gc, json, sys
from wyrm import font
from wyrm.canvas import Canvas
from wyrm.home import make_app
from wyrm.rng import Rng
from wyrm.store import Store
from simpanel import SimPanel

board = json.loads(%(board)r)
steps = json.loads(%(steps)r)
seed = %(seed)r
canvas = Canvas(%(w)d, %(h)d)
font.LOG = []
panel = SimPanel()
app = make_app(canvas, Store('/state'), Rng(seed=seed), %(keys)d, panel, board)
t = %(start)d
n = 0
for i in range(len(steps)):
    font.LOG = []
    mask = app.step(t, steps[i])
    if mask:
        print('F', i * %(step_ms)d, canvas.buffer.hex() if hasattr(canvas.buffer, 'hex')
              else ''.join('%%02x' %% b for b in canvas.buffer), json.dumps(font.LOG))
        n += 1
    t = (t + %(step_ms)d) & 0x3FFFFFFF
font.LOG = None
for e in app.errors:
    print('E', repr(e))
print('P', int(panel.on), panel.level)
"""


def install_panel(mp):
    """Copy host_tools/sim/simpanel.py into the runner as the module ``simpanel``."""
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "simpanel.py"), "rb") as f:
        mp.write_file("/flash/simpanel.py", f.read())


def _steps_compact(steps):
    return json.dumps(steps, separators=(",", ":"))


def run(board, steps, state_dir, seed, panel=None):
    """Frames and errors of the run; ``panel`` (a dict) gets the panel's end state."""
    from host_tools.mp.runner import MicroPython

    w, h, keys = core.board_geometry(board)
    frames = []
    errors = []
    with MicroPython() as mp:
        install_panel(mp)
        mp.exec("import os\ntry:\n    os.mkdir('/state')\nexcept OSError:\n    pass\n")
        for name in sorted(os.listdir(state_dir)):
            p = os.path.join(state_dir, name)
            if os.path.isfile(p):
                with open(p, "rb") as f:
                    mp.write_file("/state/" + name, f.read())
        code = _DRIVER % {
            "board": json.dumps(board),
            "steps": _steps_compact(steps),
            "seed": seed,
            "w": w,
            "h": h,
            "keys": keys,
            "start": core.START_TICKS,
            "step_ms": core.STEP_MS,
        }
        out = mp.exec(code)
        for line in out.splitlines():
            if line.startswith("F "):
                _, t, hexdata, log = line.split(" ", 3)
                entries = [tuple(e) for e in json.loads(log)]
                frames.append(core.Frame(len(frames), int(t), bytes.fromhex(hexdata), entries))
            elif line.startswith("E "):
                errors.append(line[2:])
            elif line.startswith("P "):
                _, on, level = line.split()
                if panel is not None:
                    panel["on"] = on == "1"
                    panel["level"] = int(level)
            elif line.strip():
                errors.append("console: " + line)
        names = json.loads(mp.exec("import os, json\nprint(json.dumps(os.listdir('/state')))"))
        for name in names:
            data = mp.read_file("/state/" + name)
            if data is not None:
                with open(os.path.join(state_dir, name), "wb") as f:
                    f.write(data)
        for name in os.listdir(state_dir):
            if name not in names and os.path.isfile(os.path.join(state_dir, name)):
                os.remove(os.path.join(state_dir, name))
    return frames, errors
