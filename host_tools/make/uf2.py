"""One file to drag onto a Pico: MicroPython followed by Wyrm's filesystem, as UF2.

    make uf2 BOARD=pico-ssd1306-4btn                  # Wyrm's own firmware, and the update
    make uf2 BOARD=pico-ssd1306-4btn FIRMWARE=stock [PICO_FW=path/to/RPI_PICO-v1.28.0.uf2]
    python -m host_tools.make.uf2 --board pico-ssd1306-4btn [--firmware stock --micropython FW]
    python -m host_tools.make.uf2 --info build/wyrm-pico-ssd1306-4btn.uf2

With Wyrm's own firmware (make firmware, the default) a second file, the update, carries the
firmware alone: copied onto a Pico it leaves the filesystem and the saved games on it alone.
With the official MicroPython (--firmware stock) Wyrm goes onto the filesystem as .mpy files.

The format, the boot ROM's erase rule and which blocks go in: docs/TOOLS.md.
"""

import argparse
import os
import struct
import sys

from host_tools import paths
from host_tools.make import deploy, fsimage

MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x00002000
FLAG_NOT_MAIN_FLASH = 0x00000001
FAMILY_RP2040 = 0xE48BFF56
BLOCK = 512
PAGE = 256
SECTOR = 4096
FLASH_BASE = 0x10000000
FLASH_SIZE = 2 * 1024 * 1024
FS_BASE = FLASH_BASE + fsimage.FS_OFFSET
FS_SIZE = fsimage.BLOCK_SIZE * fsimage.BLOCK_COUNT
DEFAULT_MICROPYTHON = os.path.join(
    os.path.dirname(paths.ROOT), "shared", "pico", "RPI_PICO-v1.28.0.uf2"
)
FAMILIES = {
    0xE48BFF56: "RP2040 (Pico, Pico H, Pico W)",
    0xE48BFF59: "RP2350 ARM (Pico 2)",
    0xE48BFF5A: "RP2350 RISC-V (Pico 2)",
    0x00FF6919: "ESP32",
    0xADA52840: "nRF52840",
}
_HEADER = struct.Struct("<8I")


STOCK_INSTEAD = (
    "Without Wyrm's own firmware: make uf2 FIRMWARE=stock BOARD=... puts Wyrm on the official "
    "MicroPython (PICO_FW), no ARM toolchain needed."
)


class UF2Error(Exception):
    """A UF2 that cannot be used; str() is the whole message."""


def _where(name):
    return " (%s)" % name if name else ""


# -- reading -------------------------------------------------------------------
def read_blocks(data, name=""):
    """[(block dict)] of a UF2 file's bytes; UF2Error for anything malformed."""
    if not data:
        raise UF2Error("%s is empty, not a UF2 file." % (name or "The file"))
    if len(data) % BLOCK:
        raise UF2Error(
            "%s is %d bytes, not a whole number of 512-byte UF2 blocks: not a UF2 file "
            "(or a truncated download)." % (name or "The file", len(data))
        )
    out = []
    for i in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, no, count, family = _HEADER.unpack_from(data, i)
        (end,) = struct.unpack_from("<I", data, i + BLOCK - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise UF2Error(
                "Block %d of %s has no UF2 magic numbers: not a UF2 file."
                % (i // BLOCK, name or "the file")
            )
        if size > 476:
            raise UF2Error(
                "Block %d%s claims %d payload bytes (at most 476)."
                % (i // BLOCK, _where(name), size)
            )
        out.append(
            {
                "flags": flags,
                "addr": addr,
                "size": size,
                "no": no,
                "count": count,
                "family": family if flags & FLAG_FAMILY else None,
                "payload": bytes(data[i + 32 : i + 32 + size]),
            }
        )
    return out


def flash_pages(blocks):
    """{address: 256 bytes} of the main-flash blocks (later blocks win, as on the device)."""
    pages = {}
    for b in blocks:
        if b["flags"] & FLAG_NOT_MAIN_FLASH:
            continue
        pages[b["addr"]] = b["payload"]
    return pages


def check_firmware(blocks, name=""):
    """Check that ``blocks`` are an RP2040 MicroPython that leaves the filesystem free."""
    fams = set(b["family"] for b in blocks)
    if fams != {FAMILY_RP2040}:
        seen = ", ".join(
            FAMILIES.get(f, "0x%08X" % f) if f is not None else "no family id"
            for f in sorted(fams, key=str)
        )
        raise UF2Error(
            "%s is not firmware for the Pico's RP2040 (family: %s). Use MicroPython's "
            "RPI_PICO build from %s." % (name or "The UF2", seen, deploy.MICROPYTHON_URL)
        )
    for b in blocks:
        if b["flags"] & FLAG_NOT_MAIN_FLASH:
            continue
        if b["size"] != PAGE or b["addr"] % PAGE:
            raise UF2Error(
                "%s has a block of %d bytes at 0x%08X; the Pico's boot ROM takes only 256-byte "
                "blocks on 256-byte boundaries." % (name or "The UF2", b["size"], b["addr"])
            )
        if not FLASH_BASE <= b["addr"] < FS_BASE:
            raise UF2Error(
                "%s writes flash at 0x%08X, inside the filesystem area (0x%08X-0x%08X) of the "
                "plain Pico's MicroPython: is it a Pico W or another board's build? Use "
                "MicroPython's RPI_PICO build from %s, or put Wyrm on with make deploy."
                % (
                    name or "The UF2",
                    b["addr"],
                    FS_BASE,
                    FS_BASE + FS_SIZE - 1,
                    deploy.MICROPYTHON_URL,
                )
            )


# -- writing -------------------------------------------------------------------
def encode(pages, family=FAMILY_RP2040):
    """UF2 bytes: one block per page of ``pages`` ({address: 256 bytes}), in address order."""
    addrs = sorted(pages)
    out = bytearray()
    for no, addr in enumerate(addrs):
        payload = pages[addr]
        if len(payload) != PAGE or addr % PAGE:
            raise ValueError("page at 0x%08X: %d bytes" % (addr, len(payload)))
        out += _HEADER.pack(
            MAGIC_START0, MAGIC_START1, FLAG_FAMILY, addr, PAGE, no, len(addrs), family
        )
        out += payload
        out += bytes(476 - PAGE)
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def whole_sectors(pages):
    """``pages`` with every touched 4 KB sector completed by 0xFF pages (see the docstring)."""
    out = dict(pages)
    blank = b"\xff" * PAGE
    for sector in set(a - a % SECTOR for a in pages):
        for a in range(sector, sector + SECTOR, PAGE):
            out.setdefault(a, blank)
    return out


def used_blocks(image):
    """Block numbers LittleFS reads when mounting ``image`` and reading every file in it."""
    from littlefs import UserContext

    seen = set()

    class Tracking(UserContext):
        def read(self, cfg, block, off, size):
            seen.add(block)
            return super().read(cfg, block, off, size)

    fs = fsimage.mount(Tracking(buffer=bytearray(image)))
    for root, _dirs, files in fs.walk("/"):
        for fname in files:
            with fs.open(root.rstrip("/") + "/" + fname, "rb") as f:
                f.read()
    return seen


def combine(firmware, image, full=False, name=""):
    """(UF2 bytes, stats) of MicroPython (UF2 bytes) followed by a LittleFS image at FS_BASE."""
    if len(image) != FS_SIZE:
        raise UF2Error("filesystem image is %d bytes, expected %d" % (len(image), FS_SIZE))
    blocks = read_blocks(firmware, name)
    check_firmware(blocks, name)
    pages = whole_sectors(flash_pages(blocks))
    fw_pages = len(pages)
    chosen = range(fsimage.BLOCK_COUNT) if full else sorted(used_blocks(image))
    for blk in chosen:
        base = blk * fsimage.BLOCK_SIZE
        for off in range(0, fsimage.BLOCK_SIZE, PAGE):
            pages[FS_BASE + base + off] = bytes(image[base + off : base + off + PAGE])
    data = encode(pages)
    stats = {"firmware_blocks": fw_pages, "fs_blocks": len(chosen), "uf2_blocks": len(pages)}
    return data, stats


def update(firmware, name=""):
    """UF2 bytes of the firmware alone (UF2 bytes): whole sectors below the filesystem, so the
    boot ROM erases and writes nothing of it and the saved games stay."""
    blocks = read_blocks(firmware, name)
    check_firmware(blocks, name)
    return encode(whole_sectors(flash_pages(blocks)))


def write_like_bootrom(flash, uf2, base=FLASH_BASE):
    """Apply UF2 bytes to ``flash`` (bytearray from ``base``) as the RP2040 boot ROM does.

    Before writing a block, the sector of its address is erased when no block
    of its group (block number // 16) was written before; nothing else is
    erased. Blocks are taken in file order, as a drag-and-drop copy sends them.
    """
    cleared = set()
    for b in read_blocks(uf2):
        group = b["no"] * PAGE // SECTOR
        off = b["addr"] - base
        if group not in cleared:
            cleared.add(group)
            start = off - off % SECTOR
            flash[start : start + SECTOR] = b"\xff" * SECTOR
        flash[off : off + PAGE] = b["payload"]
    return flash


def describe(data, name=""):
    """Lines describing a UF2 file: size, families, address ranges, Wyrm's filesystem."""
    blocks = read_blocks(data, name)
    lines = ["%s: %d blocks, %s" % (name or "UF2", len(blocks), deploy.kb(len(data)))]
    fams = sorted(set(b["family"] for b in blocks), key=str)
    lines.append(
        "family: %s"
        % ", ".join(FAMILIES.get(f, "0x%08X" % f) if f is not None else "none" for f in fams)
    )
    pages = flash_pages(blocks)
    runs = []
    for a in sorted(pages):
        if runs and runs[-1][1] == a:
            runs[-1][1] = a + PAGE
        else:
            runs.append([a, a + PAGE])
    for lo, hi in runs:
        lines.append("  0x%08X-0x%08X  %s" % (lo, hi - 1, deploy.kb(hi - lo)))
    fs_pages = {a: p for a, p in pages.items() if FS_BASE <= a < FS_BASE + FS_SIZE}
    if fs_pages:
        files = read_filesystem(pages)
        lines.append(
            "filesystem at 0x%08X: %d of %d blocks written, %d files, %s"
            % (
                FS_BASE,
                len(set((a - FS_BASE) // fsimage.BLOCK_SIZE for a in fs_pages)),
                fsimage.BLOCK_COUNT,
                len(files),
                deploy.kb(sum(len(v) for v in files.values())),
            )
        )
    return lines


def read_filesystem(pages):
    """{path: bytes} of the LittleFS a UF2's pages put at FS_BASE (free blocks as erased)."""
    image = bytearray(b"\xff" * FS_SIZE)
    for a, p in pages.items():
        if FS_BASE <= a < FS_BASE + FS_SIZE:
            image[a - FS_BASE : a - FS_BASE + PAGE] = p
    return fsimage.read_image(bytes(image))


# -- command line --------------------------------------------------------------
def missing_micropython(path):
    return (
        "No MicroPython UF2 at %s.\n"
        "Download the official one for the Raspberry Pi Pico (the RPI_PICO build, v1.22 or "
        "newer - not the Pico W or Pico 2 one) from %s\n"
        "and pass it: make uf2 FIRMWARE=stock BOARD=... PICO_FW=path/to/RPI_PICO-....uf2"
        % (deploy.rel(path), deploy.MICROPYTHON_URL)
    )


def first_note():
    """(device path, bytes) of the store's note "first": a Pico flashed with make uf2's file
    asks Deutsch / English at its first power-on (home.make_app), then deletes the note."""
    import tempfile

    from wyrm.store import Store

    with tempfile.TemporaryDirectory() as d:
        Store(d).save("first", 1)
        with open(os.path.join(d, "first.json"), "rb") as f:
            return "first.json", f.read()


def build(board, micropython, out=None, full=False, frozen=False):
    """Write build/wyrm-<board>.uf2 (or ``out``); return (path, stats, names).

    ``frozen``: ``micropython`` is Wyrm's own firmware (make firmware), so the filesystem
    holds main.py, board.json and the data files only (firmware.filesystem_files), and the
    note that makes a fresh Wyrm ask its language once (``first_note``)."""
    if not os.path.isfile(micropython):
        raise UF2Error(missing_micropython(micropython))
    with open(micropython, "rb") as f:
        firmware = f.read()
    board_name = fsimage.board_name(board)
    if frozen:
        from host_tools.make import firmware as own

        note = first_note()
        image = own.filesystem_image(board, [note])
        names = [n for n, _data in own.filesystem_files(board)] + [note[0]]
    else:
        image, _dir, names = fsimage.build_image(board)
    data, stats = combine(firmware, image, full=full, name=deploy.rel(micropython))
    out = out or os.path.join(paths.ROOT, "build", "wyrm-%s.uf2" % board_name)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "wb") as f:
        f.write(data)
    stats["bytes"] = len(data)
    return out, stats, names


def build_update(micropython, out=None):
    """Write build/wyrm-update.uf2 (or ``out``): ``update`` of the firmware; return the path."""
    with open(micropython, "rb") as f:
        data = update(f.read(), deploy.rel(micropython))
    out = out or os.path.join(paths.ROOT, "build", "wyrm-update.uf2")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "wb") as f:
        f.write(data)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python -m host_tools.make.uf2", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--board", default="pico-ssd1306-4btn", help="name in boards/ or a .json file")
    p.add_argument("--firmware", choices=("own", "stock"), default="own",
                   help="own: Wyrm's own firmware (make firmware; built if needed) and the "
                   "update UF2 beside; stock: the official MicroPython (--micropython)")
    p.add_argument("--micropython", default=DEFAULT_MICROPYTHON,
                   help="MicroPython RPI_PICO .uf2 (with --firmware stock)")
    p.add_argument("--out", help="output file (default build/wyrm-<board>.uf2)")
    p.add_argument("--full", action="store_true", help="write all 352 filesystem blocks")
    p.add_argument("--info", metavar="UF2", help="describe a UF2 file and stop")
    p.add_argument("--update-out", help="the update's file (default build/wyrm-update.uf2)")
    args = p.parse_args(argv)
    from host_tools.make import firmware as own

    update_out = None
    try:
        if args.info:
            with open(args.info, "rb") as f:
                print("\n".join(describe(f.read(), deploy.rel(args.info))))
            return 0
        micropython = args.micropython or DEFAULT_MICROPYTHON
        frozen = args.firmware == "own"
        if frozen:
            built = own.build()
            print(built["line"])
            micropython = built["uf2"]
            args.micropython = os.path.join(own.OUT, "firmware.uf2")
        out, stats, names = build(args.board, micropython, args.out, args.full, frozen)
        if frozen:
            update_out = build_update(micropython, args.update_out)
    except own.FirmwareError as exc:
        print(str(exc), file=sys.stderr)
        print(STOCK_INSTEAD, file=sys.stderr)
        return 1
    except (UF2Error, deploy.DeployError, OSError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(
        "Wrote %s (%s): %s from %s, then Wyrm's filesystem (%d files, %d of %d "
        "blocks) at 0x%08X."
        % (
            deploy.rel(out),
            deploy.kb(stats["bytes"]),
            "Wyrm's own firmware" if update_out else "MicroPython",
            deploy.rel(args.micropython),
            len(names),
            stats["fs_blocks"],
            fsimage.BLOCK_COUNT,
            FS_BASE,
        )
    )
    print(
        "Flash it: hold BOOTSEL while plugging the Pico in, then copy the file onto the RPI-RP2 "
        "drive. It replaces everything on the Pico, saved games too (%s keeps them)."
        % (deploy.rel(update_out) if update_out else "make deploy")
    )
    if update_out:
        print(
            "Wrote %s: Wyrm's firmware alone. To update a Pico that has Wyrm on it (on this "
            "firmware or the stock MicroPython), copy it the same way: the saved games and the "
            "board profile stay."
            % deploy.rel(update_out)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
