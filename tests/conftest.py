"""Shared fixtures. `mp`: one real MicroPython (WebAssembly, under Node) for the whole session.

The test support modules (tests/support/) are imported by their own names: ``from drive
import Driver``."""
import os
import sys

import pytest

from host_tools.mp import runner as mprun

SUPPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "support")
if SUPPORT not in sys.path:
    sys.path.insert(0, SUPPORT)


@pytest.fixture(scope="session")
def mp():
    """Real MicroPython with firmware/ at /flash and the Pico import guard.

    Shared by every test in the session: __main__ globals and files persist
    between tests, so use fresh names, or call mp.reset() for a new interpreter.
    Never skipped: a missing Node or node_modules fails with the fix to run.
    """
    try:
        mprun.check_installed()
    except mprun.RunnerError as e:
        pytest.fail(str(e), pytrace=False)
    with mprun.MicroPython() as interpreter:
        yield interpreter


# -- the emulated Pico (tests/test_pico_*.py) --------------------------------------------
# Where the emulated Pico cannot run (no ARM toolchain to build Wyrm's firmware, no node...)
# those modules are not collected, and the run ends with one line saying why; on CI a missing
# toolchain fails them instead (pico.must_run).
from host_tools.emu import pico as _pico  # noqa: E402

_PICO_WHY = None if _pico.must_run() else _pico.unavailable()
collect_ignore_glob = ["test_pico_*.py"] if _PICO_WHY else []


def pytest_collection_modifyitems(config, items):
    """Named on the command line, the modules are collected anyway: deselect their tests."""
    if not _PICO_WHY:
        return
    pico_items = [i for i in items if i.path.name.startswith("test_pico_")]
    if pico_items:
        config.hook.pytest_deselected(items=pico_items)
        items[:] = [i for i in items if not i.path.name.startswith("test_pico_")]


def pytest_terminal_summary(terminalreporter):
    if _PICO_WHY:
        terminalreporter.write_line("emulated Pico tests skipped: " + _PICO_WHY)
