"""The update UF2 (make uf2 with Wyrm's own firmware): the firmware alone, the saves stay.

The full UF2 carries the frozen firmware and a filesystem of main.py, board.json and
names.txt; the update carries only the firmware's sectors, all below the filesystem, so the
Pico's boot ROM (which erases only the sectors a file writes) leaves the saved games alone.
On the emulated Pico: the full UF2 onto blank flash, a game in progress (a die rolled), the
update UF2 copied over it, and the Pico comes back where it was with every save intact. The
same from the stock MicroPython with Wyrm as .mpy files on its filesystem (what make deploy
puts there): the update cannot remove those files, and the frozen package runs in their place.
"""

import os

import pytest
from pico_support import own_firmware, same_frame, sim_frame

from host_tools.emu import pico
from host_tools.make import firmware, fsimage, uf2
from host_tools.sim.menu import to_row

BOARD = "pico-ssd1306-4btn"
STOCK = os.path.join(os.path.dirname(pico.DEFAULT_FW), "RPI_PICO-v1.28.0.uf2")


def _saves_image():
    """A filesystem as a Pico that has been played holds it (a save among the files)."""
    fs = fsimage._littlefs()
    for name, data in firmware.filesystem_files(BOARD):
        with fs.open(name, "wb") as f:
            f.write(data)
    with fs.open("open.json", "wb") as f:
        f.write(b'{"game": "dice"}')
    return bytes(fs.context.buffer)


@pytest.mark.skipif(not os.path.exists(STOCK), reason="no %s" % STOCK)
def test_update_writes_below_the_filesystem_only_and_keeps_it_byte_for_byte():
    """Every block of the update lies below 0x100A0000, in whole sectors; copied like the boot
    ROM onto a played Pico it leaves the filesystem region byte for byte as it was, where the
    full UF2 replaces it."""
    with open(STOCK, "rb") as f:
        fw = f.read()
    data = uf2.update(fw, "stock")
    blocks = uf2.read_blocks(data)
    assert blocks and all(b["addr"] + b["size"] <= uf2.FS_BASE for b in blocks)
    assert len(blocks) % (uf2.SECTOR // uf2.PAGE) == 0
    assert [b["no"] for b in blocks] == list(range(len(blocks)))
    image = _saves_image()
    flash = bytearray(b"\x00" * (uf2.FS_BASE - uf2.FLASH_BASE)) + bytearray(image)
    flash += b"\xff" * (uf2.FLASH_SIZE - len(flash))
    uf2.write_like_bootrom(flash, data)
    fs_start = uf2.FS_BASE - uf2.FLASH_BASE
    assert bytes(flash[fs_start:fs_start + uf2.FS_SIZE]) == image
    assert fsimage.read_image(bytes(flash[fs_start:fs_start + uf2.FS_SIZE]))["open.json"]
    # the firmware is the new one, page for page
    for addr, page in uf2.flash_pages(uf2.read_blocks(fw)).items():
        assert bytes(flash[addr - uf2.FLASH_BASE:addr - uf2.FLASH_BASE + uf2.PAGE]) == page
    full, _stats = uf2.combine(fw, fsimage._littlefs().context.buffer, name="stock")
    uf2.write_like_bootrom(flash, full)
    assert bytes(flash[fs_start:fs_start + uf2.FS_SIZE]) != image  # the full one does not keep


def test_update_refuses_a_firmware_that_reaches_the_filesystem():
    """A firmware with a block inside the filesystem area is refused: as an update it would
    erase the sector of a save."""
    page = b"\x01" * uf2.PAGE
    bad = uf2.encode({uf2.FLASH_BASE: page, uf2.FS_BASE: page})
    with pytest.raises(uf2.UF2Error, match="inside the filesystem area"):
        uf2.update(bad, "big.uf2")
    ok = uf2.encode({uf2.FLASH_BASE: page, uf2.FS_BASE - uf2.PAGE: page})
    assert len(uf2.read_blocks(uf2.update(ok))) == 2 * uf2.SECTOR // uf2.PAGE


# -- on the emulated Pico, with Wyrm's own firmware -------------------------------------------
@pytest.fixture(scope="module")
def frozen_uf2s(tmp_path_factory):
    built = own_firmware()
    why = pico.unavailable()
    if why:
        pytest.skip(why)
    d = tmp_path_factory.mktemp("uf2")
    full, _stats, names = uf2.build(BOARD, built["uf2"], str(d / "full.uf2"), frozen=True)
    assert sorted(names) == ["board.json", "first.json", "main.py", "names.txt"]
    return full, uf2.build_update(built["uf2"], str(d / "update.uf2"))


def _power_up(flash_file):
    dev = pico.Pico(BOARD, flash=flash_file, probe=False)
    assert dev.run_until(30000, connected=True), "USB CDC did not come up"
    dev.settle(quiet_ms=300, max_ms=30000, min_ms=400)
    return dev


def _rolled(uf2_file, tmp_path, first_screen=None):
    """A blank Pico with ``uf2_file`` copied like the boot ROM, powered up (``first_screen(dev)``
    checks what it shows), a die rolled in Dice (a save): the flash file after it."""
    with open(uf2_file, "rb") as f:
        flash = uf2.write_like_bootrom(bytearray(b"\xff" * uf2.FLASH_SIZE), f.read())
    first = tmp_path / "first.flash"
    first.write_bytes(bytes(flash))
    dev = _power_up(str(first))
    try:
        if first_screen:
            first_screen(dev)
        dev.play(to_row("Dice") + ",ok,wait:800")  # Dice (the main menu's last entry), roll: a save
        dev.settle()
        played = tmp_path / "played.flash"
        dev.save_flash(str(played))
    finally:
        dev.close()
    return played


def test_update_uf2_resumes_the_game_in_progress(frozen_uf2s, tmp_path):
    """The full UF2 on a blank Pico boots to the main menu (the language asked first); a die
    rolled (a game in progress,
    saved); the update UF2 copied like the boot ROM: at power-up the Pico shows the same
    screen as before the update, and every file of the filesystem is as it was."""
    full, update = frozen_uf2s
    want, _text = sim_frame("wait:100")

    def answered(dev):  # the full UF2 asks the language once: English
        dev.play("down,ok")
        dev.settle()
        same_frame(dev, want, "the full UF2's main menu")

    played = _rolled(full, tmp_path, answered)
    dev = _power_up(str(played))  # what the Pico shows at power-up with this save
    try:
        screen = dev.frame()
        assert any(screen) and screen != want, "the game, not the main menu"
    finally:
        dev.close()
    flash = bytearray(played.read_bytes())
    fs_start = uf2.FS_BASE - uf2.FLASH_BASE
    before = fsimage.read_image(bytes(flash[fs_start:fs_start + uf2.FS_SIZE]))
    assert set(before) > {"main.py", "board.json", "names.txt"}, sorted(before)
    with open(update, "rb") as f:
        uf2.write_like_bootrom(flash, f.read())
    updated = tmp_path / "updated.flash"
    updated.write_bytes(bytes(flash))
    assert fsimage.read_image(bytes(flash[fs_start:fs_start + uf2.FS_SIZE])) == before
    dev = _power_up(str(updated))
    try:
        assert dev.frame() == screen
        assert dev.errors() == [], dev.console()
    finally:
        dev.close()


@pytest.mark.skipif(not os.path.exists(STOCK), reason="no %s" % STOCK)
def test_update_from_the_stock_firmware_runs_the_frozen_package_and_resumes(frozen_uf2s,
                                                                             tmp_path):
    """A Pico on the stock MicroPython with Wyrm as .mpy files (the wyrm/ folder and
    wyrm_finder.mpy of make deploy) and a die rolled; the update UF2 copied like the boot ROM:
    at power-up it shows the same screen as before, with no error, and the code running is
    the frozen package (wyrm.shell and wyrm_finder from .frozen, nothing mounted in front of
    it), not the files left on the flash; names.txt is moved to the root, where the frozen
    modules read it, and the saves are as they were."""
    _full, update = frozen_uf2s
    stock, _stats, names = uf2.build(BOARD, STOCK, str(tmp_path / "stock.uf2"))
    assert "wyrm_finder.mpy" in names and "wyrm/shell.mpy" in names  # make deploy's files
    played = _rolled(stock, tmp_path)
    dev = _power_up(str(played))
    try:
        screen = dev.frame()  # what the stock firmware shows at power-up with this save
        assert any(screen), "a blank panel proves nothing"
    finally:
        dev.close()
    flash = bytearray(played.read_bytes())
    fs_start = uf2.FS_BASE - uf2.FLASH_BASE
    before = fsimage.read_image(bytes(flash[fs_start:fs_start + uf2.FS_SIZE]))
    assert "open.json" in before and "wyrm/names.txt" in before, sorted(before)
    with open(update, "rb") as f:
        uf2.write_like_bootrom(flash, f.read())
    updated = tmp_path / "updated.flash"
    updated.write_bytes(bytes(flash))
    dev = _power_up(str(updated))
    try:
        assert dev.frame() == screen
        assert dev.errors() == [], dev.console()
        dev.repl()
        ran = dev.exec("import sys, wyrm, wyrm.shell, wyrm_finder\n"
                       "print(wyrm.__path__, wyrm.shell.__file__, wyrm_finder.__file__, "
                       "sys.path)\n")
        after = tmp_path / "after.bin"
        dev.save_flash(str(after), fs_only=True)
    finally:
        dev.close()
    package, shell, finder, path = ran.split(" ", 3)
    assert (package, shell, finder) == (".frozen/wyrm", "wyrm/shell.py", "wyrm_finder.py"), ran
    assert path.startswith("['.frozen', ''") and "/f" not in path, ran
    files = fsimage.read_image(after.read_bytes())
    assert files["names.txt"] == before["wyrm/names.txt"] and "wyrm/names.txt" not in files
    for name, data in before.items():
        if name.endswith(".json"):
            assert files[name] == data, name
