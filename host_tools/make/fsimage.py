"""Wyrm as a LittleFS image: the Pico's filesystem, built on the host.

    python -m host_tools.make.fsimage --board pico-ssd1306-4btn --out build/fs.img

The files ``make deploy`` copies, with the rp2 port's filesystem parameters (docs/TOOLS.md).
"""

import argparse
import os
import sys

from host_tools import paths
from host_tools.make import deploy

FS_OFFSET = 0xA0000  # flash offset of the filesystem on an RPI_PICO build
BLOCK_SIZE = 4096
BLOCK_COUNT = 352
PROG_SIZE = 256
READ_SIZE = 256  # not a disk parameter; only how littlefs-python reads the image


def _littlefs():
    from littlefs import LittleFS

    return LittleFS(
        block_size=BLOCK_SIZE,
        block_count=BLOCK_COUNT,
        prog_size=PROG_SIZE,
        read_size=READ_SIZE,
    )


def mount(context):
    """The LittleFS held by ``context`` (a littlefs ``UserContext``: its buffer is the
    image), mounted with the rp2 port's parameters."""
    from littlefs import LittleFS

    fs = LittleFS(
        context=context,
        mount=False,
        block_size=BLOCK_SIZE,
        block_count=BLOCK_COUNT,
        prog_size=PROG_SIZE,
        read_size=READ_SIZE,
    )
    fs.mount()
    return fs


def build_files(board, out_dir=None, firmware_dir=paths.FIRMWARE):
    """Build as deploy does; return (out_dir, [device paths]) in deploy's copy order."""
    out_dir = out_dir or os.path.join(paths.ROOT, "build", "fs-" + board_name(board))
    _prof, data = deploy.check_board(deploy.board_path(board))
    built = deploy.build(out_dir, data, firmware_dir)
    return out_dir, deploy.copy_order([name for name, _size in built])


def image_from_dir(out_dir, names):
    """A LittleFS image (bytes) holding ``names`` (device paths) from ``out_dir``."""
    fs = _littlefs()
    made = set()
    for name in names:
        parts = name.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d not in made:
                fs.mkdir(d)
                made.add(d)
        with open(os.path.join(out_dir, name), "rb") as src:
            data = src.read()
        with fs.open(name, "wb") as dst:
            dst.write(data)
    return bytes(fs.context.buffer)


def build_image(board, out_dir=None, firmware_dir=paths.FIRMWARE):
    """(image bytes, out_dir, names): Wyrm for ``board`` as a filesystem image."""
    out_dir, names = build_files(board, out_dir, firmware_dir)
    return image_from_dir(out_dir, names), out_dir, names


def read_image(image):
    """{device path: bytes} of every file in a LittleFS image (for checks)."""
    from littlefs import UserContext

    fs = mount(UserContext(buffer=bytearray(image)))
    out = {}
    for root, _dirs, files in fs.walk("/"):
        for fname in files:
            p = (root.rstrip("/") + "/" + fname).lstrip("/")
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    return out


def board_name(board):
    base = os.path.basename(board)
    return base[:-5] if base.endswith(".json") else base


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.make.fsimage", description=__doc__)
    p.add_argument("--board", default="pico-ssd1306-4btn")
    p.add_argument("--out", required=True, help="image file to write")
    args = p.parse_args(argv)
    try:
        image, _dir, names = build_image(args.board)
    except deploy.DeployError as exc:
        print(exc, file=sys.stderr)
        return 1
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(image)
    print("Wrote %s: %d files, %d bytes" % (args.out, len(names), len(image)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
