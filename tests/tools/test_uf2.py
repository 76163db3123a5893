"""make uf2 (host_tools/make/uf2.py): MicroPython + Wyrm's filesystem in one drag-and-drop file.

Read back block by block, replayed the way the RP2040 boot ROM writes a UF2
(onto blank flash and onto flash still holding an older filesystem and
garbage), and mounted with littlefs-python: every file byte-equal to the
build ``make deploy`` copies. Without ../shared/pico the firmware part is a
stand-in with the official build's layout (1,327 pages from 0x10000000).
"""

import os
import random
import struct
import subprocess
import sys

import pytest

from host_tools.make import deploy, fsimage, uf2

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = ["pico-ssd1306-4btn", "pico-ssd1306-3btn"]


def stand_in_firmware(pages=1327, family=uf2.FAMILY_RP2040, base=uf2.FLASH_BASE):
    rnd = random.Random(14)
    out = bytearray()
    for no in range(pages):
        out += struct.pack(
            "<8I",
            uf2.MAGIC_START0,
            uf2.MAGIC_START1,
            uf2.FLAG_FAMILY,
            base + no * 256,
            256,
            no,
            pages,
            family,
        )
        out += bytes(rnd.getrandbits(8) for _ in range(256)) + bytes(220)
        out += struct.pack("<I", uf2.MAGIC_END)
    return bytes(out)


@pytest.fixture(scope="module")
def firmware():
    if os.path.isfile(uf2.DEFAULT_MICROPYTHON):
        with open(uf2.DEFAULT_MICROPYTHON, "rb") as f:
            return f.read()
    return stand_in_firmware()


@pytest.fixture(scope="module", params=BOARDS)
def built(request, firmware, tmp_path_factory):
    board = request.param
    out_dir = str(tmp_path_factory.mktemp("fs-" + board))
    image, out_dir, names = fsimage.build_image(board, out_dir)
    data, stats = uf2.combine(firmware, image)
    files = {}
    for n in names:
        with open(os.path.join(out_dir, n), "rb") as f:
            files[n] = f.read()
    return {"board": board, "uf2": data, "files": files, "stats": stats, "image": image}


def test_every_block_is_a_256_byte_rp2040_block_numbered_in_order(built):
    data = built["uf2"]
    assert len(data) % 512 == 0
    blocks = uf2.read_blocks(data)
    n = len(blocks)
    assert [b["no"] for b in blocks] == list(range(n))
    assert all(b["count"] == n for b in blocks)
    assert all(b["family"] == uf2.FAMILY_RP2040 and b["size"] == 256 for b in blocks)
    addrs = [b["addr"] for b in blocks]
    assert addrs == sorted(set(addrs)), "one block per page, in address order"
    assert all(
        a % 256 == 0 and uf2.FLASH_BASE <= a < uf2.FLASH_BASE + uf2.FLASH_SIZE for a in addrs
    )


def test_firmware_blocks_are_untouched(built, firmware):
    fw = uf2.flash_pages(uf2.read_blocks(firmware))
    out = uf2.flash_pages(uf2.read_blocks(built["uf2"]))
    for addr, payload in fw.items():
        assert out[addr] == payload, "firmware page 0x%08X changed" % addr
    extra = [a for a in out if a < uf2.FS_BASE and a not in fw]
    # Only erased pages completing the firmware's last 4 KB sector are added.
    assert all(out[a] == b"\xff" * 256 for a in extra)
    assert all(a // 4096 == max(fw) // 4096 for a in extra)


def test_the_filesystem_mounts_and_holds_exactly_the_deploy_build(built):
    pages = uf2.flash_pages(uf2.read_blocks(built["uf2"]))
    assert min(a for a in pages if a >= uf2.FS_BASE) == uf2.FS_BASE == 0x100A0000
    got = uf2.read_filesystem(pages)
    assert set(got) == set(built["files"])
    for name, data in built["files"].items():
        assert got[name] == data, name
    assert "main.py" in got and "wyrm/app.mpy" in got
    assert (
        got["board.json"]
        == open(os.path.join(ROOT, "boards", built["board"] + ".json"), "rb").read()
    )


def test_every_sector_written_is_whole_so_the_boot_rom_erases_it_first(built):
    blocks = uf2.read_blocks(built["uf2"])
    for i in range(0, len(blocks), 16):
        group = blocks[i : i + 16]
        assert len(group) == 16
        assert group[0]["addr"] % 4096 == 0
        assert [b["addr"] for b in group] == [group[0]["addr"] + 256 * k for k in range(16)]


def old_filesystem_and_garbage():
    """Flash from 0x10000000 as a used Pico might hold it: another Wyrm's filesystem
    (hundreds of saves, so high revision counts) and random bytes in its free blocks."""
    fs = fsimage._littlefs()
    fs.mkdir("wyrm")
    for i in range(300):
        with fs.open("wyrm/app.mpy", "wb") as f:
            f.write(b"old build %d " % i * 90)
        with fs.open("drachenhort.json", "wb") as f:
            f.write(b'{"save": %d}' % i)
    old = bytearray(fs.context.buffer)
    rnd = random.Random(5)
    for blk in range(fsimage.BLOCK_COUNT):
        chunk = old[blk * 4096 : (blk + 1) * 4096]
        if chunk == b"\xff" * 4096:
            old[blk * 4096 : (blk + 1) * 4096] = bytes(rnd.getrandbits(8) for _ in range(4096))
    firmware_area = bytes(rnd.getrandbits(8) for _ in range(uf2.FS_BASE - uf2.FLASH_BASE))
    return bytearray(firmware_area) + old


@pytest.mark.parametrize("start", ["blank", "used"])
def test_written_like_the_boot_rom_the_pico_has_the_firmware_and_the_files(built, firmware, start):
    if start == "blank":
        flash = bytearray(b"\xff" * uf2.FLASH_SIZE)
    else:
        flash = old_filesystem_and_garbage()
        assert len(flash) == uf2.FLASH_SIZE
    uf2.write_like_bootrom(flash, built["uf2"])
    for addr, payload in uf2.flash_pages(uf2.read_blocks(firmware)).items():
        off = addr - uf2.FLASH_BASE
        assert flash[off : off + 256] == payload
    fs_area = bytes(flash[uf2.FS_BASE - uf2.FLASH_BASE :])
    got = fsimage.read_image(fs_area)
    assert got == built["files"]


def test_the_boot_rom_model_loses_a_page_when_a_sector_straddles_block_groups():
    # The model the test above relies on: blocks 0-15 are one erase group. A
    # file whose block 15 starts a new sector gets that sector erased again by
    # block 16 - the page block 15 wrote is gone (why uf2.py pads sectors).
    pages = {uf2.FLASH_BASE + 256 * k: bytes([k]) * 256 for k in range(15)}
    pages[0x10001000] = b"A" * 256
    pages[0x10001100] = b"B" * 256
    flash = bytearray(b"\x00" * 0x2000)
    uf2.write_like_bootrom(flash, uf2.encode(pages))
    assert flash[0x1100:0x1200] == b"B" * 256
    assert flash[0x1000:0x1100] == b"\xff" * 256
    assert flash[0:256] == bytes(256)


def test_only_used_filesystem_blocks_are_written_unless_full(built, firmware):
    used = uf2.used_blocks(built["image"])
    assert {0, 1} <= used, "both superblocks"
    assert built["stats"]["fs_blocks"] == len(used) < fsimage.BLOCK_COUNT // 2
    pages = uf2.flash_pages(uf2.read_blocks(built["uf2"]))
    written = set((a - uf2.FS_BASE) // 4096 for a in pages if a >= uf2.FS_BASE)
    assert written == used
    # Every block holding any byte of the image is among them.
    img = built["image"]
    assert all(
        img[b * 4096 : (b + 1) * 4096] == b"\xff" * 4096
        for b in range(fsimage.BLOCK_COUNT)
        if b not in used
    )
    full, stats = uf2.combine(firmware, img, full=True)
    fpages = uf2.flash_pages(uf2.read_blocks(full))
    assert stats["fs_blocks"] == 352
    assert sum(1 for a in fpages if a >= uf2.FS_BASE) == 352 * 16
    assert len(built["uf2"]) < len(full) / 2


def test_not_a_pico_firmware_is_refused_with_a_reason(built):
    image = built["image"]
    with pytest.raises(uf2.UF2Error, match="RP2350 ARM"):
        uf2.combine(stand_in_firmware(4, family=0xE48BFF59), image)
    with pytest.raises(uf2.UF2Error, match="inside the filesystem area.*Pico W"):
        uf2.combine(stand_in_firmware(0x0A0000 // 256 + 1), image)
    with pytest.raises(uf2.UF2Error, match="not a whole number of 512-byte"):
        uf2.combine(b"\x7fELF" + bytes(600), image)
    with pytest.raises(uf2.UF2Error, match="no UF2 magic"):
        uf2.combine(bytes(1024), image)


def test_make_uf2_writes_the_file_and_says_how_to_flash_it(tmp_path, firmware):
    fw = tmp_path / "RPI_PICO.uf2"
    fw.write_bytes(firmware)
    out = tmp_path / "w.uf2"
    cmd = [sys.executable, "-m", "host_tools.make.uf2", "--board", "pico-sh1106-4btn",
           "--firmware", "stock"]
    proc = subprocess.run(
        cmd + ["--micropython", str(fw), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "BOOTSEL" in proc.stdout and "saved games" in proc.stdout
    files = uf2.read_filesystem(uf2.flash_pages(uf2.read_blocks(out.read_bytes())))
    assert b'"sh1106"' in files["board.json"]
    info = subprocess.run(
        [sys.executable, "-m", "host_tools.make.uf2", "--info", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert "filesystem at 0x100A0000" in info.stdout and "files" in info.stdout


def test_without_micropython_it_says_where_to_get_it(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "host_tools.make.uf2", "--firmware", "stock", "--micropython",
         str(tmp_path / "none.uf2")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert deploy.MICROPYTHON_URL in proc.stderr
    assert "make uf2 FIRMWARE=stock BOARD=... PICO_FW=" in proc.stderr


def test_after_flashing_a_used_pico_new_saves_land_on_old_blocks_and_read_back(built):
    # Blocks the UF2 leaves out still hold the old filesystem and garbage; LittleFS
    # erases a block before it uses it, so saving must still work across all of them.
    # The flash is modelled as NOR flash: programming can only clear bits, so a block
    # written without an erase would read back wrong.
    from littlefs import UserContext

    class NorFlash(UserContext):
        def prog(self, cfg, block, off, data):
            start = block * cfg.block_size + off
            for i, v in enumerate(data):
                self.buffer[start + i] &= v
            return 0

    flash = old_filesystem_and_garbage()
    uf2.write_like_bootrom(flash, built["uf2"])
    fs = fsimage.mount(NorFlash(buffer=bytearray(flash[uf2.FS_BASE - uf2.FLASH_BASE :])))
    saves = {"save%03d.json" % i: (b'{"game": %d}' % i) * (40 + i) for i in range(150)}
    for name, data in saves.items():
        with fs.open(name, "wb") as f:
            f.write(data)
    for _ in range(50):  # settings rewritten over and over, as a game's save is
        with fs.open("settings.json", "wb") as f:
            f.write(b'{"peek_s": 10}')
    used = fs.used_block_count
    assert used > len(uf2.used_blocks(built["image"])) + 100, "saves went onto left-out blocks"
    fs.unmount()
    got = fsimage.read_image(bytes(fs.context.buffer))
    assert got == dict(built["files"], **saves, **{"settings.json": b'{"peek_s": 10}'})


def test_make_uf2_takes_the_firmware_by_the_one_name_the_pico_tests_read(monkeypatch):
    """`make uf2` takes MicroPython as PICO_FW - on the command line or from the environment,
    the same variable the emulated-Pico tests read - and has no second name for it."""
    cmd = ["make", "-n", "-s", "uf2", "BOARD=pico-ssd1306-3btn"]
    arg = subprocess.run(cmd + ["PICO_FW=/tmp/mine.uf2"], cwd=ROOT, capture_output=True,
                         text=True)
    assert "--micropython /tmp/mine.uf2" in arg.stdout, arg.stdout + arg.stderr
    env = dict(os.environ, PICO_FW="/tmp/env.uf2")
    envd = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    assert "--micropython /tmp/env.uf2" in envd.stdout
    from host_tools.emu import pico

    monkeypatch.setenv("PICO_FW", "/tmp/env.uf2")
    assert pico.firmware_path() == "/tmp/env.uf2"
    with open(os.path.join(ROOT, "Makefile")) as f:
        assert "MICROPYTHON_UF2" not in f.read()


def test_make_uf2_is_wyrms_own_firmware_unless_firmware_stock():
    """`make uf2` alone builds Wyrm's own firmware (and its update); FIRMWARE=stock takes the
    official MicroPython; another FIRMWARE value is refused by name."""
    cmd = ["make", "-n", "-s", "-o", ".venv/.stamp", "-o", "node_modules/.stamp", "uf2"]
    own = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True).stdout
    assert "--firmware own" in own, own
    stock = subprocess.run(cmd + ["FIRMWARE=stock"], cwd=ROOT, capture_output=True, text=True)
    assert "--firmware stock" in stock.stdout, stock.stdout
    bad = subprocess.run([sys.executable, "-m", "host_tools.make.uf2", "--firmware", "mine"],
                         cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "'own', 'stock'" in bad.stderr, bad.stderr


def test_make_uf2_writes_the_full_file_and_the_update(tmp_path, monkeypatch, capsys, firmware):
    """By default the file holds Wyrm's own firmware with main.py, board.json and names.txt,
    and a second file, the update, holds the firmware's sectors only (below the filesystem);
    the output says which keeps the saved games."""
    from host_tools.make import firmware as own

    fw = tmp_path / "own.uf2"
    fw.write_bytes(firmware)
    monkeypatch.setattr(own, "build", lambda: {"uf2": str(fw), "line": "Firmware ok."})
    full, update = tmp_path / "w.uf2", tmp_path / "u.uf2"
    assert uf2.main(["--board", "pico-ssd1306-3btn", "--out", str(full),
                     "--update-out", str(update)]) == 0
    out = capsys.readouterr().out
    files = uf2.read_filesystem(uf2.flash_pages(uf2.read_blocks(full.read_bytes())))
    # the full file: the firmware's files and the note that asks the language at first boot
    assert sorted(files) == ["board.json", "first.json", "main.py", "names.txt"]
    assert files["first.json"] == uf2.first_note()[1]
    blocks = uf2.read_blocks(update.read_bytes())
    assert blocks and all(b["addr"] < uf2.FS_BASE for b in blocks)
    assert "Firmware ok." in out and "replaces everything" in out
    assert "To update a Pico that has Wyrm on it" in out and "saved games" in out


def test_without_the_toolchain_make_uf2_names_firmware_stock(monkeypatch, capsys):
    """When Wyrm's own firmware cannot be built (no ARM toolchain), make uf2 says why and that
    FIRMWARE=stock needs no toolchain."""
    from host_tools.make import firmware as own

    def fail():
        raise own.FirmwareError(own.toolchain_error(["arm-none-eabi-gcc"]))

    monkeypatch.setattr(own, "build", fail)
    assert uf2.main(["--board", "pico-ssd1306-4btn", "--out", "/nonexistent/x.uf2"]) == 1
    err = capsys.readouterr().err
    assert "gcc-arm-none-eabi" in err and "make uf2 FIRMWARE=stock BOARD=" in err, err
