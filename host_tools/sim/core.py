"""The simulator's engine: key scripts, a simulated clock, frames, text and PNGs.

The same app runs under CPython or inside real MicroPython (the WebAssembly build);
both return a list of ``Frame`` objects (page bytes plus the text drawn on them), so
their outputs can be compared byte for byte.
"""
import json
import os
import shutil
import tempfile

from host_tools import paths
from host_tools.sim.simpanel import SimPanel

STEP_MS = 10  # one app step per 10 ms of simulated time
# Start just before the 2**30 tick wrap, so every scripted run crosses it.
START_TICKS = (1 << 30) - 3000
TAP_MS = 80
GAP_MS = 120
LONG_MS = 900
EDGE_MS = 60
SETTLE_MS = 600  # after the script: let animations (dice tumble) finish

KEYS = {"up": 0, "down": 1, "ok": 2, "back": 3}


class ScriptError(ValueError):
    pass


def key_bit(name, keys):
    k = KEYS.get(name)
    if k is None or k >= keys:
        raise ScriptError("unknown key %r (keys: %s)" % (name, ", ".join(list(KEYS)[:keys])))
    return 1 << k


def tokens(script):
    """The tokens of a key script as (raw text, parts split at ':', repeat count)."""
    for raw in script.split(","):
        tok = raw.strip().lower()
        if not tok:
            continue
        times = 1
        if "*" in tok:
            tok, _, n = tok.partition("*")
            if not n.isdigit() or int(n) < 1:
                raise ScriptError("bad repeat count in %r" % raw)
            times = int(n)
        yield raw, tok.split(":"), times


def parse_script(script, keys=4):
    """Turn 'down,ok,long:ok,hold:ok:1500,chord:up+down,wait:500,ok*3' into [(levels, ms), ...]."""
    out = []
    levels = 0
    for raw, parts, times in tokens(script):
        for _ in range(times):
            head = parts[0]
            if head in KEYS and len(parts) == 1:
                if head == "back" and keys < 4:
                    out += [(levels | key_bit("ok", keys), LONG_MS), (levels, GAP_MS)]
                else:
                    bit = key_bit(head, keys)
                    out += [(levels | bit, TAP_MS), (levels, GAP_MS)]
            elif head == "long" and len(parts) == 2:
                bit = key_bit(parts[1], keys)
                out += [(levels | bit, LONG_MS), (levels, GAP_MS)]
            elif head == "hold" and len(parts) == 3 and parts[2].isdigit():
                bit = key_bit(parts[1], keys)
                out += [(levels | bit, int(parts[2])), (levels, GAP_MS)]
            elif head == "chord" and len(parts) == 2:
                # several keys pressed together and let go together: "chord:up+down"
                bits = 0
                for name in parts[1].split("+"):
                    bits |= key_bit(name, keys)
                out += [(levels | bits, 2 * TAP_MS), (levels, GAP_MS)]
            elif head == "press" and len(parts) == 2:
                levels |= key_bit(parts[1], keys)
                out.append((levels, EDGE_MS))
            elif head == "release" and len(parts) == 2:
                levels &= ~key_bit(parts[1], keys)
                out.append((levels, EDGE_MS))
            elif head == "wait" and len(parts) == 2 and parts[1].isdigit():
                out.append((levels, int(parts[1])))
            else:
                raise ScriptError("cannot read %r in the key script" % raw)
    out.append((levels, SETTLE_MS))
    return out


def timeline(segments):
    """Expand segments into per-step button levels."""
    steps = []
    for levels, ms in segments:
        steps += [levels] * max(1, ms // STEP_MS)
    return steps


class Frame:
    def __init__(self, index, t, data, log):
        self.index = index
        self.t = t  # ms since the start of the run
        self.data = bytes(data)
        self.log = log  # [(x, y, text, colour, scale)]

    def text(self, title_h=10):
        return frame_text(self.log, title_h)


def frame_text(log, title_h=10):
    """Text on a frame, line by line from the top; inverted text gets '> '.

    The inverted title bar is shown as '== Title ==' (its right-hand note
    after it) so it is not mistaken for a selection.
    """
    rows = {}
    for x, y, s, c, _scale in log:
        rows.setdefault(y, []).append((x, s, c))
    lines = []
    for y in sorted(rows):
        parts = []
        title = []
        for _x, s, c in sorted(rows[y]):
            s = s.strip()
            if not s:
                continue
            if y < title_h and c == 0:
                title.append(s)  # the inverted title bar (its left and right parts)
            elif c == 0:
                parts.append("> " + s)
            else:
                parts.append(s)
        if title:  # "== Title ==" then the bar's right-hand note, if any
            parts[:0] = ["== %s ==" % title[0]] + title[1:]
        if parts:
            lines.append("  ".join(parts))
    return "\n".join(lines)


def board_path(name):
    """boards/<name>.json, or ``name`` itself when it names a .json file (as deploy)."""
    if name.endswith(".json") or os.sep in name or "/" in name:
        if not os.path.isfile(name):
            raise ScriptError("board profile %s: no such file" % name)
        return name
    path = os.path.join(paths.BOARDS, name + ".json")
    if not os.path.exists(path):
        names = sorted(f[:-5] for f in os.listdir(paths.BOARDS) if f.endswith(".json"))
        raise ScriptError(
            "no board profile %r (have: %s; or give the path of a .json file)"
            % (name, ", ".join(names))
        )
    return path


def load_board(name):
    """The checked profile for a board name or .json path; ScriptError (one line) if broken."""
    path = board_path(name)
    paths.setup()
    from wyrm.board import BoardError, load_file

    try:
        return load_file(path)
    except BoardError as exc:
        raise ScriptError("board profile error: %s" % exc) from None


def board_notes(prof, path):
    """Things about a valid profile the user should know (one line each)."""
    notes = []
    stem = os.path.splitext(os.path.basename(path))[0]
    if prof.get("name") != stem:
        notes.append(
            "board profile %s is named %r inside: the name differs from the file name"
            % (os.path.basename(path), prof.get("name"))
        )
    if prof.get("keys", 4) < 4:
        notes.append(
            "board %s has no BACK button: it runs as a three-button board "
            "(a long OK is BACK)" % prof.get("name")
        )
    return notes


def board_geometry(board):
    disp = board.get("display", {})
    keys = 4 if "BACK" in board.get("buttons", {"BACK": 1}) else 3
    return disp.get("width", 128), disp.get("height", 64), keys


class CPythonDevice:
    """The firmware app under CPython with a host framebuf and a state folder."""

    def __init__(self, board, state_dir, seed=None):
        paths.setup()
        from wyrm import font
        from wyrm.canvas import Canvas
        from wyrm.home import make_app
        from wyrm.rng import Rng
        from wyrm.store import Store

        self.font = font
        w, h, keys = board_geometry(board)
        self.keys = keys
        self.canvas = Canvas(w, h)
        self.panel = SimPanel()
        font.LOG = []
        self.app = make_app(
            self.canvas, Store(state_dir), Rng(seed=seed), keys, self.panel, board
        )

    def panel_state(self):
        """(on, contrast level) of the panel now."""
        return self.panel.on, self.panel.level

    def run(self, steps, start=START_TICKS, on_frame=None):
        frames = []
        font = self.font
        t = start
        try:
            for i, levels in enumerate(steps):
                font.LOG = []
                mask = self.app.step(t, levels)
                if mask:
                    f = Frame(len(frames), i * STEP_MS, self.canvas.buffer, font.LOG)
                    frames.append(f)
                    if on_frame:
                        on_frame(f)
                t = (t + STEP_MS) & 0x3FFFFFFF
        finally:
            font.LOG = None
        return frames


# -- inside real MicroPython -----------------------------------------------
# The firmware tree is loaded into MicroPython's file system by the runner; the state
# folder is copied in as /state and copied back afterwards, so saved games carry across
# runs exactly as under CPython. Frames come back as hex page bytes plus the text log.
_MP_DRIVER = """
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


def run_micropython(board, steps, state_dir, seed, panel=None):
    """Frames and errors of ``steps`` inside real MicroPython; ``panel`` (a dict) gets the
    panel's end state."""
    from host_tools.mp.runner import MicroPython

    w, h, keys = board_geometry(board)
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
        code = _MP_DRIVER % {
            "board": json.dumps(board),
            "steps": _steps_compact(steps),
            "seed": seed,
            "w": w,
            "h": h,
            "keys": keys,
            "start": START_TICKS,
            "step_ms": STEP_MS,
        }
        out = mp.exec(code)
        for line in out.splitlines():
            if line.startswith("F "):
                _, t, hexdata, log = line.split(" ", 3)
                entries = [tuple(e) for e in json.loads(log)]
                frames.append(Frame(len(frames), int(t), bytes.fromhex(hexdata), entries))
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


def run_script(script, board_name="pico-ssd1306-4btn", runtime="cpython", seed=None, state=None,
               panel=None):
    """Run a key script; returns (frames, width, height, errors).

    ``panel``, a dict, receives the panel's state at the end: ``on`` and ``level``
    (the contrast), so a picture of the last frame can show a dimmed or dark screen.
    """
    board = load_board(board_name)
    w, h, keys = board_geometry(board)
    steps = timeline(parse_script(script, keys))
    tmp = None
    if state is None:
        tmp = tempfile.mkdtemp(prefix="wyrm-state-")
        state = tmp
    os.makedirs(state, exist_ok=True)
    try:
        if runtime == "cpython":
            dev = CPythonDevice(board, state, seed)
            frames = dev.run(steps)
            errors = [repr(e) for e in dev.app.errors]
            on, level = dev.panel_state()
        elif runtime == "micropython":
            end = {}
            frames, errors = run_micropython(board, steps, state, seed, end)
            on, level = end.get("on", True), end.get("level", 255)
        else:
            raise ScriptError("runtime must be cpython or micropython")
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if panel is not None:
        panel["on"] = on
        panel["level"] = level
    return frames, w, h, errors


# -- pictures -------------------------------------------------------------
OLED_ON = (170, 225, 255)
OLED_OFF = (6, 8, 14)
OLED_DIM = (96, 100, 104)  # the screen saver's dimmed panel: grey dots
DIM_LEVEL = 1  # the contrast the screen saver sets (and the lowest setting)


def lit_rgb(on=True, level=255):
    """The colour of a lit pixel in a picture: pale blue, grey when the panel is dimmed
    (contrast at the saver's level), None when it is off (a dark screen)."""
    if not on:
        return None
    return OLED_DIM if level <= DIM_LEVEL else OLED_ON


def pixels(data, w, h):
    """Rows of 0/1 from MONO_VLSB page bytes."""
    return [[(data[(y >> 3) * w + x] >> (y & 7)) & 1 for x in range(w)] for y in range(h)]


def write_png(path, data, w, h, scale=4, on=True, level=255):
    """The frame as an OLED-looking PNG: lit pixels as dots with a fine gap.

    ``on`` and ``level`` are the panel's power and contrast (see ``lit_rgb``):
    a dimmed panel draws grey dots, a panel that is off none.
    """
    from PIL import Image

    img = Image.new("RGB", (w * scale + 2 * scale, h * scale + 2 * scale), OLED_OFF)
    px = img.load()
    dot = scale - 1 if scale >= 3 else scale
    colour = lit_rgb(on, level)
    for y, row in enumerate(pixels(data, w, h)):
        if colour is None:
            break
        for x, v in enumerate(row):
            if v:
                x0 = (x + 1) * scale
                y0 = (y + 1) * scale
                for dy in range(dot):
                    for dx in range(dot):
                        px[x0 + dx, y0 + dy] = colour
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    img.save(path, optimize=False)
