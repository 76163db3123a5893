"""wyrm_finder on the emulated Pico with the STOCK MicroPython firmware and make deploy's
files (the finder exists for that path only: Wyrm's own firmware has the package frozen in):
Wyrm's modules load through it, and imports still behave as MicroPython's own (a missing
module is an ImportError, a REPL user's module at the root is found).
"""
import os

import pytest
import wyrm_finder  # firmware/ is on the path (host_tools.paths); CPython cannot mount it

from host_tools.emu import pico
from host_tools.make import deploy


def test_the_finder_knows_every_package_folder_deploy_installs(tmp_path):
    out = os.path.join(str(tmp_path), "out")
    _prof, data = deploy.check_board(deploy.board_path("pico-ssd1306-4btn"))
    names = [n for n, _size in deploy.build(out, data)]
    packages = ["/" + d for d in deploy.device_dirs(names)]
    assert sorted(wyrm_finder.PACKAGES) == sorted(packages)
    # ... and their modules are .mpy files only, which is what the finder answers from
    # (a data file beside them, the first names, is opened by the store, never imported)
    inside = [n for n in names if n.count("/")]
    data_files = [n for n in inside if not n.endswith(".mpy")]
    assert inside and data_files == ["wyrm/names.txt"], data_files


_CHECKS = """
import sys
print("PATH", sys.path[0])
print("FILE", sys.modules["wyrm.app"].__file__)
try:
    import wyrm.no_such_module
    print("MISSING imported")
except ImportError:
    print("MISSING ImportError")
with open("mine.py", "w") as f:
    f.write("X = 42\\n")
import mine
print("MINE", mine.X)
import wyrm.games.drachenhort_colours as c
print("GAMES", c.__file__, len(c.DEFAULT_COLOURS))
"""


@pytest.fixture(scope="module")
def checked():
    why = pico.stock_unavailable()
    if why:
        pytest.skip(why)
    dev = pico.boot("pico-ssd1306-4btn", fw=pico.stock_firmware_path())
    assert not dev.frozen
    try:
        dev.repl()
        out = dev.exec(_CHECKS)
    finally:
        dev.close()
    return dict(ln.split(" ", 1) for ln in out.strip().splitlines())


def test_wyrm_loads_through_the_finder_on_the_device(checked):
    assert checked["PATH"] == "/f"
    assert checked["FILE"] == "/f/wyrm/app.mpy"
    assert checked["GAMES"] == "/f/wyrm/games/drachenhort_colours.mpy 7"


def test_a_missing_module_is_an_import_error(checked):
    assert checked["MISSING"] == "ImportError"


def test_a_module_outside_wyrm_is_still_found_on_the_flash(checked):
    assert checked["MINE"] == "42"
