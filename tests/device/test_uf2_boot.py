"""The one-file UF2 alone boots Wyrm on the emulated Pico to the simulator's main menu.

The UF2 (MicroPython + Wyrm's filesystem, host_tools/make/uf2.py) is written onto
the emulated Pico's flash the way the RP2040 boot ROM writes a dragged file
(erase per sector group, nothing else), over blank flash for one board and
over a used Pico's flash (an older filesystem, garbage) for the other: Wyrm's own
firmware (make uf2) for the one, the stock MicroPython (make uf2 FIRMWARE=stock) for
the other. Then it boots on rp2040js (host_tools/emu/pico.py) and the panel must show
the main menu byte for byte as the simulator draws it. Wyrm's own firmware's file also
holds the note "first": its first power-on asks the language (Deutsch / English) above the
main menu, once.
"""

import os

import pytest
from pico_support import own_firmware, same_frame

from host_tools.emu import pico
from host_tools.make import fsimage, uf2
from host_tools.sim import core as simcore

CASES = [("pico-ssd1306-4btn", "blank", "own"), ("pico-sh1106-4btn", "used", "stock")]
STOCK = os.path.join(os.path.dirname(pico.DEFAULT_FW), "RPI_PICO-v1.28.0.uf2")


def micropython(kind):
    """The firmware UF2 make uf2 puts in: Wyrm's own (built if needed) or the stock one."""
    if kind == "stock":
        if not os.path.exists(STOCK):
            pytest.skip("no %s" % STOCK)
        return STOCK
    return own_firmware()["uf2"]


pytestmark = pytest.mark.skipif(bool(pico.unavailable()), reason=pico.unavailable() or "")


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


@pytest.mark.parametrize("board,start,kind", CASES)
def test_the_uf2_alone_boots_to_the_main_menu(board, start, kind, tmp_path):
    """make uf2's file (Wyrm's own firmware, or FIRMWARE=stock) copied onto blank or used
    flash boots to the main menu as the simulator draws it, with no error; on Wyrm's own
    firmware the language is asked first (Deutsch / English), and English chosen, the main
    menu follows."""
    out, _stats, _names = uf2.build(board, micropython(kind), str(tmp_path / "w.uf2"),
                                    frozen=kind == "own")
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
        if kind == "own":  # the note make uf2 writes: the language is asked once
            state = tmp_path / "sim"
            state.mkdir()
            name, note = uf2.first_note()
            (state / name).write_bytes(note)
            asked, _w, _h, errors = simcore.run_script("", board, state=str(state))
            assert errors == [] and "Sprache / Language" in asked[-1].text()
            same_frame(dev, asked[-1].data, "the language question")
            dev.play("down,ok")  # English
            dev.settle()
        same_frame(dev, want, "%s flashed with %s" % (board, os.path.basename(out)))
    finally:
        dev.close()
    assert os.path.getsize(out) < 2 * 1024 * 1024
