"""Benchmark sessions: key scripts through every game, and their run under CPython.

The screenshot scripts plus scripts opening every entry of every game's menu; each leaves its
game again, and the same steps are replayed inside MicroPython (docs/TOOLS.md).
"""
import shutil
import tempfile

from host_tools import paths
from host_tools.make import shots
from host_tools.sim import core, menu

PRE = 5  # idle steps after power-on before the script (first frame drawn)
IDLE_PRE = 200  # 2 s: toasts (1.5 s) and settle animations end
IDLE_N = 300  # 3 s of idle steps checked (twice: measured, then under heap_lock)
MAX_BACKS = 12
TAIL = 20  # idle steps at the main menu after leaving a game
DEFAULT_BOARD = "pico-ssd1306-4btn"


def games():
    """[(index in the main menu, label, module)] from wyrm.registry.GAMES."""
    paths.setup()
    from wyrm import registry

    return [(i, row[0], row[1]) for i, row in enumerate(registry.GAMES)]


class Session:
    def __init__(self, name, script, seed=1, board=DEFAULT_BOARD, kind="shot", idle=True,
                 parts=None):
        self.name = name
        self.script = script
        self.parts = parts if parts is not None else [script]
        self.seed = seed
        self.board_name = board
        self.board = core.load_board(board)
        self.w, self.h, self.keys = core.board_geometry(self.board)
        self.kind = kind
        self.idle = idle
        self.segments = []  # filled by run_cpython
        self.leave_ok = True
        self.game = None  # label of the first game opened in the session (None: none)
        self.marks = []  # (game label, step index after the part, back at the main menu)

    def steps_of(self, script):
        if not script.strip():
            return []
        return core.timeline(core.parse_script(script, self.keys))

    def script_steps(self):
        return [0] * PRE + self.steps_of(self.script)

    def back_steps(self):
        return core.timeline(core.parse_script("back", self.keys))

    def confirm_steps(self):
        return core.timeline(core.parse_script("up,ok", self.keys))

    def all_levels(self):
        """Per step: (levels, segment index) with idle segments expanded."""
        out = []
        for si, seg in enumerate(self.segments):
            if seg[0] == "steps":
                out += [(lv, si) for lv in seg[1]]
            else:
                out += [(0, si)] * (seg[1] + 2 * seg[2])
        return out


class CountingI2C:
    """Stands in for machine.I2C: counts bytes and write transactions."""

    def __init__(self):
        self.n = 0
        self.writes = 0

    def writeto(self, addr, buf):
        self.n += len(buf)
        self.writes += 1


def _full_frame_class():
    from wyrm.oled import Oled

    class FullFrameOled(Oled):
        """The naive driver: any change sends the whole frame (bench only)."""

        def send(self, mask):
            if mask:
                mask = (1 << self.pages) - 1
            return Oled.send(self, mask)

    return FullFrameOled


def screen_name(app):
    top = app.top()
    if top is None:
        return "-"
    name = type(top).__name__
    t = getattr(top, "title", None)
    if callable(t):
        try:
            t = t(app)
        except Exception:  # noqa: BLE001 - a label is only a hint
            t = None
    if isinstance(t, str) and t:
        return "%s %r" % (name, t)
    return name


class CpyDevice:
    """The app under CPython as on the Pico: real driver, counting bus."""

    def __init__(self, session, state_dir, full=False):
        paths.setup()
        from wyrm import font
        from wyrm.home import make_app
        from wyrm.oled import Oled
        from wyrm.rng import Rng
        from wyrm.store import Store
        from wyrm.ticks import ticks_add

        self.ticks_add = ticks_add
        font.LOG = None
        cls = _full_frame_class() if full else Oled
        d = session.board["display"]
        self.i2c = CountingI2C()
        self.oled = cls(
            self.i2c, d["width"], d["height"], d["addr"], d["controller"], d["col_offset"],
            d["rotate"],
        )
        self.app = make_app(
            fb=self.oled, panel=self.oled, store=Store(state_dir), rng=Rng(seed=session.seed),
            keys=session.keys, board=session.board,
        )
        # driver init plus the panel settings make_app applies (contrast, rotation)
        self.init_bytes = self.i2c.n
        self.init_writes = self.i2c.writes
        self.t = core.START_TICKS
        self.store = self.app.store
        self._game = None

    def step(self, levels):
        i2c = self.i2c
        n = i2c.n
        w = i2c.writes
        mask = self.app.step(self.t, levels)
        if mask:
            self.oled.send(mask)
        self.t = self.ticks_add(self.t, core.STEP_MS)
        return mask, i2c.n - n, i2c.writes - w

    def game_open(self):
        home = self.app.stack[0] if self.app.stack else None
        return home is not None and getattr(home, "playing", False)

    def game_label(self):
        """Label of the open game (its module, ``app.game_module``, in the main menu's list), found
        once per game. (The store's "open" record is written a step after the opening.)"""
        if not self.game_open():
            self._game = None
            return None
        game = self.app.game_module
        if self._game is None or self._game[0] != game:
            from wyrm import registry

            label = None
            for row in registry.GAMES:
                if row[1] == game:
                    label = row[0]
            self._game = (game, label)
        return self._game[1]

    def asks(self):
        # (by name: wyrm.confirm loads when a question is asked and may leave again)
        return type(self.app.top()).__name__ == "Confirm"

    def at_home(self):
        return len(self.app.stack) == 1 and not self.game_open()


class StepRec:
    __slots__ = ("levels", "seg", "mask", "bytes", "writes", "screen", "game", "events")

    def __init__(self, levels, seg, mask, nbytes, writes, screen, game, events):
        self.events = events  # button events the step dispatched
        self.levels = levels
        self.seg = seg
        self.mask = mask
        self.bytes = nbytes
        self.writes = writes
        self.screen = screen
        self.game = game


class CpyResult:
    def __init__(self):
        self.steps = []
        self.errors = []
        self.init_bytes = 0
        self.init_writes = 0
        self.full_steps = []  # (mask, bytes, writes) with the whole-frame driver


def _run_steps(dev, res, levels_list, seg):
    for lv in levels_list:
        mask, nb, nw = dev.step(lv)
        scr = screen_name(dev.app)
        res.steps.append(
            StepRec(lv, seg, mask, nb, nw, scr, dev.game_label(), dev.app.buttons.count)
        )


def run_cpython(session):
    """Run the session under CPython, fixing its segments (incl. the BACK presses).

    Each part of the session: its script from where the last part left off
    (PRE idle steps first, from power-on), the idle check (if the session has
    one), BACK until the main menu, and TAIL idle steps. ``session.marks`` gets
    (game label, index of the first step after the part): the heap there is
    the heap after leaving that game.
    """
    state = tempfile.mkdtemp(prefix="wyrm-bench-")
    res = CpyResult()
    try:
        dev = CpyDevice(session, state)
        res.init_bytes, res.init_writes = dev.init_bytes, dev.init_writes
        segs = []
        marks = []
        session.leave_ok = True
        for pi, script in enumerate(session.parts):
            steps = ([0] * PRE if pi == 0 else []) + session.steps_of(script)
            segs.append(("steps", steps))
            _run_steps(dev, res, steps, len(segs) - 1)
            if session.idle:
                segs.append(("idle", IDLE_PRE, IDLE_N))
                _run_steps(dev, res, [0] * (IDLE_PRE + 2 * IDLE_N), len(segs) - 1)
            label = None
            for r in res.steps[::-1]:
                if r.game:
                    label = r.game
                    break
            backs = []
            tries = 0
            while not dev.at_home() and tries < MAX_BACKS:
                # BACK; a question asked on the way out ("Stop dealing?") is
                # answered Yes (questions start on No: UP moves to Yes)
                b = session.confirm_steps() if dev.asks() else session.back_steps()
                _run_steps(dev, res, b, len(segs))
                backs += b
                tries += 1
            if backs:
                segs.append(("steps", backs))
            # a few idle steps at the main menu, then the heap is read again
            tail = [0] * TAIL
            segs.append(("steps", tail))
            _run_steps(dev, res, tail, len(segs) - 1)
            if not dev.at_home():
                session.leave_ok = False
            marks.append((label, len(res.steps), dev.at_home()))
        session.segments = segs
        session.marks = marks
        games_seen = [r.game for r in res.steps if r.game]
        session.game = games_seen[0] if games_seen else None
        res.errors = [repr(e) for e in dev.app.errors]
    finally:
        shutil.rmtree(state, ignore_errors=True)
    # The same steps with the whole-frame driver.
    state = tempfile.mkdtemp(prefix="wyrm-bench-")
    try:
        dev = CpyDevice(session, state, full=True)
        for lv, _seg in session.all_levels():
            res.full_steps.append(dev.step(lv))
    finally:
        shutil.rmtree(state, ignore_errors=True)
    return res


# -- the session list -----------------------------------------------------------
def _open_game_script(index):
    return ("down*%d,ok" % index) if index else "ok"


def menu_entries(index, board=DEFAULT_BOARD):
    """Labels of the game's first screen if it is a menu (under CPython), else []."""
    from wyrm import ui

    s = Session("probe", _open_game_script(index), board=board, idle=False)
    state = tempfile.mkdtemp(prefix="wyrm-bench-")
    try:
        dev = CpyDevice(s, state)
        for lv in s.script_steps():
            dev.step(lv)
        top = dev.app.top()
        if not dev.game_open() or not isinstance(top, ui.Menu):
            return []
        out = []
        for i in range(len(top.items)):
            try:
                out.append(str(top.label(dev.app, i)))
            except Exception:  # noqa: BLE001
                out.append("entry %d" % (i + 1))
        return out
    finally:
        shutil.rmtree(state, ignore_errors=True)


def build_sessions(only_games=None, with_shots=True, with_entries=True):
    """The benchmark's sessions: boot, every game's menu and entries, deeper screens,
    the tour and the screenshots."""
    sessions = [
        Session("main menu", "wait:1000", kind="boot"),
        # the panel dims after 60 s without a key; the next press only wakes it
        Session("wake from dim", "wait:61000,down", kind="wake", idle=False),
    ]
    for index, label, _mod in games():
        if only_games is not None and label not in only_games:
            continue
        sessions.append(Session("%s: menu" % label, _open_game_script(index), kind="menu"))
        if with_entries:
            for j, entry in enumerate(menu_entries(index)):
                script = _open_game_script(index) + ("," + "down*%d" % j if j else "") + (
                    ",ok,wait:1000"
                )
                sessions.append(Session("%s: %s" % (label, entry), script, kind="entry"))
    # Deeper screens that load extra modules on top of a game (dice in a game).
    deep = [
        ("Drachenhort", "die statistics", "ok,ok,ok,wait:600,down,wait:500"),
        ("Drakskatten", "2d6 statistics",
         menu.to_row("Drakskatten") + ",ok,down*5,ok,ok,wait:600,down,wait:500"),
        ("Drakskatten", "door search", menu.to_row("Drakskatten") + ",ok,down*4,ok,ok,wait:600"),
    ]
    for label, what, script in deep:
        if only_games is None or label in only_games:
            sessions.append(Session("%s: %s" % (label, what), script, kind="entry"))
    present = [(i, label) for i, label, _m in games()]
    if only_games is not None:
        present = [x for x in present if x[1] in only_games]
    if len(present) > 1 or with_entries:
        # every game in turn, twice, in one power-on: does the heap settle?
        parts = []
        cur = 0  # the main menu keeps its selection on the game just left
        for i, _label in present * 2:
            move = "" if i == cur else ("down*%d," % (i - cur) if i > cur else "up*%d," % (cur - i))
            parts.append(move + "ok")
            cur = i
        sessions.append(Session("tour: every game twice", "", kind="tour", idle=False,
                                parts=parts))
    if with_shots:
        for name, (script, seed, board, _shows) in sorted(shots.all_shots().items()):
            sessions.append(Session("shot " + name, script, seed, board, kind="shot"))
    return sessions
