"""Helpers for tests/test_pico_*.py: boots in parallel, simulator counterparts."""
from concurrent.futures import ThreadPoolExecutor

from host_tools.emu import pico
from host_tools.sim import core as simcore

BOARDS = ("pico-ssd1306-4btn", "pico-sh1106-4btn", "pico-ssd1306-3btn", "pico-ssd1306-128x32")
WORKERS = 2  # node processes at once (CI has two cores)


def parallel(fn, items, workers=WORKERS):
    """[fn(item) for item in items], run in ``workers`` threads (each drives its own node)."""
    with ThreadPoolExecutor(max_workers=workers) as ex:
        return list(ex.map(fn, items))


def sim_frame(script, board="pico-ssd1306-4btn", seed=1):
    """The simulator's last frame after ``script`` from power-on, and its text."""
    frames, _w, _h, errors = simcore.run_script(script, board, "cpython", seed)
    assert not errors, errors
    return frames[-1].data, frames[-1].text()


def ascii_art(data, w, h):
    return "\n".join(
        "".join("#" if v else "." for v in row) for row in simcore.pixels(data, w, h))


def same_frame(dev, want, what):
    """Assert the device's panel shows exactly ``want``; the message shows both."""
    got = dev.frame()
    if got != want:
        raise AssertionError("%s: the device's panel differs from the simulator\n"
                             "device:\n%s\nsimulator:\n%s\nconsole tail: %r" % (
                                 what, ascii_art(got, dev.width, dev.height),
                                 ascii_art(want, dev.width, dev.height), dev.console()[-300:]))


def boot(board, **kw):
    return pico.boot(board, **kw)
