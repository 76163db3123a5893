"""Helpers for tests/test_pico_*.py: boots in parallel, simulator counterparts."""
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

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


def own_firmware():
    """Wyrm's own firmware, built (or taken from the build cache): firmware.build()'s dict.
    Without the ARM toolchain the test skips with the line naming the packages, and fails on
    CI (.ci/run installs them); a failed build fails it."""
    from host_tools.make import firmware

    missing = firmware.missing_tools()
    if missing:
        why = firmware.toolchain_error(missing)
        if os.environ.get("CI"):
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    try:
        return firmware.build(log=lambda msg: None)
    except firmware.FirmwareError as exc:
        pytest.fail(str(exc), pytrace=False)
