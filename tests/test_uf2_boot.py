"""The one-file UF2 alone boots Wyrm on the emulated Pico to the simulator's main menu.

The UF2 (MicroPython + Wyrm's filesystem, host_tools/make/uf2.py) is written onto
the emulated Pico's flash the way the RP2040 boot ROM writes a dragged file
(erase per sector group, nothing else), over blank flash for one board and
over a used Pico's flash (an older filesystem, garbage) for the other. Then the
real MicroPython rp2 firmware boots on rp2040js (host_tools/emu/pico.py) and the
panel must show the main menu byte for byte as the simulator draws it.
"""

import os

import pytest
from pico_support import same_frame

from host_tools.emu import pico
from host_tools.make import fsimage, uf2
from host_tools.sim import core as simcore

CASES = [("pico-ssd1306-4btn", "blank"), ("pico-sh1106-4btn", "used")]


def _why_not():
    why = pico.unavailable()
    if why:
        return why
    if not pico.firmware_path().endswith(".uf2"):
        return "PICO_FW is not a .uf2: make uf2 needs MicroPython as a UF2"
    return None


pytestmark = pytest.mark.skipif(bool(_why_not()), reason=_why_not() or "")


def used_flash():
    """2 MB as a used Pico holds them: random firmware-area bytes, an older filesystem."""
    import random

    fs = fsimage._littlefs()
    fs.mkdir("wyrm")
    for i in range(200):
        with fs.open("wyrm/app.mpy", "wb") as f:
            f.write(b"an older Wyrm %d " % i * 50)
        with fs.open("settings.json", "wb") as f:
            f.write(b'{"n": %d}' % i)
    rnd = random.Random(3)
    head = bytes(rnd.getrandbits(8) for _ in range(uf2.FS_BASE - uf2.FLASH_BASE))
    return bytearray(head) + bytearray(fs.context.buffer)


@pytest.mark.parametrize("board,start", CASES)
def test_the_uf2_alone_boots_to_the_main_menu(board, start, tmp_path):
    out, _stats, _names = uf2.build(board, pico.firmware_path(), str(tmp_path / "w.uf2"))
    with open(out, "rb") as f:
        data = f.read()
    flash = bytearray(b"\xff" * uf2.FLASH_SIZE) if start == "blank" else used_flash()
    uf2.write_like_bootrom(flash, data)
    flash_file = tmp_path / "flash.bin"
    flash_file.write_bytes(bytes(flash))

    frames, _w, _h, errors = simcore.run_script("", board)
    assert errors == [] and "Drachenhort" in frames[-1].text()
    want = frames[-1].data
    dev = pico.boot(board, flash=str(flash_file), probe=False)
    try:
        assert dev.errors() == [], dev.console()
        same_frame(dev, want, "%s flashed with %s" % (board, os.path.basename(out)))
    finally:
        dev.close()
    assert os.path.getsize(out) < 2 * 1024 * 1024
