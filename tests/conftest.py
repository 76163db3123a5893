"""Shared fixtures. `mp`: one real MicroPython (WebAssembly, under Node) for the whole session.

The test support modules (tests/support/) are imported by their own names: ``from drive
import Driver``."""
import os
import sys

import pytest

from host_tools.mp import runner as mprun

# tests/ in folders by what they test: firmware/ (the app and its games, on the host and in
# the WebAssembly MicroPython), device/ (the emulated Pico), tools/ (host_tools: simulator,
# builds, checks, docs), support/ (what they share). The firmware tests' shared scripts and
# data are imported by name too (``from test_drachenhort_ui import NEW_DEALT_4``).
_HERE = os.path.dirname(os.path.abspath(__file__))
SUPPORT = os.path.join(_HERE, "support")
for _d in (os.path.join(_HERE, "firmware"), SUPPORT):
    if _d not in sys.path:
        sys.path.insert(0, _d)


@pytest.fixture(autouse=True)
def _english():
    """Every test starts in English, as a fresh Wyrm does: the language in use is one
    module-wide value (wyrm.lang.CUR) a test in German would otherwise leave on."""
    from host_tools import paths

    paths.setup()
    from wyrm import lang

    lang.use(0)


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
    """Named on the command line, the modules are collected anyway: deselect their tests.
    On a worker of a parallel run, the slowest modules first (see SLOW_FIRST)."""
    if _PICO_WHY:
        pico_items = [i for i in items if i.path.name.startswith("test_pico_")]
        if pico_items:
            config.hook.pytest_deselected(items=pico_items)
            items[:] = [i for i in items if not i.path.name.startswith("test_pico_")]
    if os.environ.get("PYTEST_XDIST_WORKER"):
        rank = {name: n for n, name in enumerate(SLOW_FIRST)}
        items.sort(key=lambda i: rank.get(i.path.name, len(rank)))  # stable: modules stay whole


# -- parallel workers (make test: pytest -n 2 --dist loadfile --no-loadscope-reorder) ---------
# Each module runs whole on one worker, so its module fixtures (a tour, a set of boots) are
# made once; the slowest go first so the two workers finish together; modules that write the
# same files under build/ (a board's filesystem for a UF2) run on one worker, one after the
# other (pytest_xdist_make_scheduler below: xdist's own loadgroup cannot rename pytest 9's ids).
SLOW_FIRST = (
    "test_pico_latency.py", "test_pico_speed.py", "test_pico_deploy.py", "test_pico_text.py",
    "test_pico_screens.py", "test_pico_powercut.py", "test_pico_power.py", "test_uf2_update.py",
    "test_pico_boot.py", "test_pico_heap.py", "test_uf2_boot.py", "test_firmware.py",
)
SAME_WORKER = {name: "uf2-builds" for name in (
    "test_firmware.py", "test_uf2.py", "test_uf2_boot.py", "test_uf2_update.py")}


def unit_of(nodeid):
    """The unit of work a test belongs to: its module, or its SAME_WORKER group."""
    name = nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
    return SAME_WORKER.get(name, name)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class ByModule(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return unit_of(nodeid)

    return ByModule(config, log)


def pytest_terminal_summary(terminalreporter):
    if _PICO_WHY:
        terminalreporter.write_line("emulated Pico tests skipped: " + _PICO_WHY)
