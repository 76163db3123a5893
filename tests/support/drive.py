"""Test harness: drive the real app through ``step`` with key scripts.

    d = Driver(tmp_path, seed=3)
    d.keys("down,ok")            # same script language as the simulator
    d.keys(to_row("Dice"))       # a main menu row by its label: "down*5,ok"
    assert "Drachenhort" in d.text()
    d.reboot()                   # power cut: a new app on the same flash folder

Every frame the app sent is kept in ``d.frames`` (page bytes + text log), so
tests can check what was on screen at any moment, not only at the end.
"""
import pytest

from host_tools.mp import runner as mprun
from host_tools.sim import core as simcore
from host_tools.sim import menu

# The keys from the main menu's top that open a row, by its label ("down*5,ok" for Dice):
# key scripts name a row, never its place, so a game added to wyrm.registry moves none.
to_row = menu.to_row


class Driver:
    def __init__(self, state_dir, seed=1, board="pico-ssd1306-4btn"):
        self.state_dir = str(state_dir)
        self.seed = seed
        self.board = simcore.load_board(board)
        self.w, self.h, self.nkeys = simcore.board_geometry(self.board)
        self.frames = []
        self.t = simcore.START_TICKS
        self.boot()

    def boot(self):
        self.dev = simcore.CPythonDevice(self.board, self.state_dir, self.seed)
        self.app = self.dev.app
        self.frames.append(None)  # marks a boot in the frame list
        self._run([0, 0])

    def reboot(self):
        """Simulate pulling the battery: nothing but the flash folder survives."""
        self.boot()

    def _run(self, steps):
        new = self.dev.run(steps, start=self.t)
        self.t = (self.t + len(steps) * simcore.STEP_MS) & 0x3FFFFFFF
        self.frames += new
        return new

    def keys(self, script):
        """Run a key script (ends with a short settle time)."""
        return self._run(simcore.timeline(simcore.parse_script(script, self.nkeys)))

    def run(self, segments):
        """Hold button levels: ``segments`` of (levels, ms), nothing added after them."""
        return self._run(simcore.timeline(segments))

    def wait(self, ms):
        return self._run([0] * (ms // simcore.STEP_MS))

    def last(self):
        for f in reversed(self.frames):
            if f is not None:
                return f
        return None

    def text(self):
        """Text of the screen as it is now."""
        return self.last().text()

    def title(self):
        """The title bar as text: "== Title ==  note"."""
        return self.text().splitlines()[0]

    def data(self):
        return self.last().data

    def errors(self):
        return list(self.app.errors)


# Key scripts from the main menu that leave a game in progress (saved), on the four-button
# board: each opens its row by its label (to_row), then the game's own keys
GAME_IN_PROGRESS = {
    "Drachenhort": to_row("Drachenhort") + ",down,ok,ok,down,ok,ok",  # printed party cards,
    # the oldest begins
    "Drakskatten": to_row("Drakskatten") + ",ok",  # two players
    "DrachenSchatten": to_row("DrachenSchatten") + ",ok,ok,ok",  # two players, P1 begins:
    # their cards
    "Drachenfels": to_row("Drachenfels") + ",ok,ok,ok,ok",  # two knights: Start game, Red
    # begins, the setup page
    "Der Weg nach Drakonia": to_row("Drakonia") + ",ok,ok",  # three players (P1 begins)
    "Hidden deck": to_row("Hidden deck") + ",ok,ok",  # a deck of 52
}


def same_frames(script, seed, board="pico-ssd1306-4btn", state=None):
    """Run ``script`` under CPython and under real MicroPython; both must run without a
    firmware error and send byte-identical frames. Returns the CPython frames.

    ``state`` (optional): a function ``state(runtime) -> folder`` giving each run its own
    flash folder (prepared by the test, e.g. with a dice.json).
    """
    try:
        mprun.check_installed()
    except mprun.RunnerError as e:
        pytest.fail(str(e), pytrace=False)
    out = {}
    for runtime in ("cpython", "micropython"):
        folder = state(runtime) if state else None
        frames, _w, _h, errors = simcore.run_script(
            script, board_name=board, runtime=runtime, seed=seed, state=folder
        )
        assert errors == [], "%s: %r" % (runtime, errors)
        out[runtime] = frames
    cp = out["cpython"]
    assert len(cp) == len(out["micropython"])
    assert [f.data for f in out["micropython"]] == [f.data for f in cp]
    return cp
