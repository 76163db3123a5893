"""``make web``: the static site for Wyrm in the browser, into build/web/.

    .venv/bin/python -m host_tools.web.build [--out DIR] [--source]

The files and the bundle format: docs/TOOLS.md.
"""
import argparse
import hashlib
import os
import shutil
import struct
import subprocess
import sys

from host_tools import paths

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(paths.ROOT, "build", "web")
NPM = os.path.join(paths.ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
MAGIC = b"WYRMPACK1\n"
PAGE_FILES = ("index.html", "wyrm.js", "manifest.webmanifest")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
GLUE = "webmain.py"
PANEL = "simpanel.py"  # the panel stand-in the simulator uses; WebPanel builds on it
# machine code for the Pico (viper) that the WebAssembly port cannot compile or load: the
# browser goes without it (wyrm.font then draws text with blits)
PICO_ONLY = ("wyrm/glyphs.py",)


class BuildError(Exception):
    pass


def _firmware_sources():
    """[(bundle path, host path)]: firmware/wyrm/**.py and its .txt data but PICO_ONLY
    (main.py is the Pico's shell)."""
    out = []
    base = os.path.join(paths.FIRMWARE, "wyrm")
    for here, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".txt")):
                host = os.path.join(here, name)
                rel = os.path.relpath(host, paths.FIRMWARE).replace(os.sep, "/")
                if rel not in PICO_ONLY:
                    out.append((rel, host))
    out.append((GLUE, os.path.join(HERE, GLUE)))
    out.append((PANEL, os.path.join(paths.ROOT, "host_tools", "sim", PANEL)))
    return sorted(out)


def _mpy_cross():
    from host_tools.make.deploy import mpy_cross_binary

    return mpy_cross_binary()


def _compile(tool, rel, host, tmp):
    dst = os.path.join(tmp, rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    proc = subprocess.run([tool, "-s", rel, "-o", dst, host], capture_output=True, text=True)
    if proc.returncode != 0 or not os.path.isfile(dst):
        raise BuildError("mpy-cross could not compile %s:\n%s" % (rel, proc.stdout + proc.stderr))
    with open(dst, "rb") as f:
        return f.read()


def bundle_entries(source=False, tmp=None):
    """[(bundle path, bytes)] of everything the page writes into /flash."""
    entries = []
    tool = None if source else _mpy_cross()
    for rel, host in _firmware_sources():
        if source or not rel.endswith(".py"):
            with open(host, "rb") as f:
                entries.append((rel, f.read()))
        else:
            entries.append((rel[:-3] + ".mpy", _compile(tool, rel, host, tmp)))
    for name in sorted(os.listdir(paths.BOARDS)):
        if name.endswith(".json"):
            with open(os.path.join(paths.BOARDS, name), "rb") as f:
                entries.append(("boards/" + name, f.read()))
    return entries


def pack(entries):
    out = bytearray(MAGIC)
    for rel, data in entries:
        name = rel.encode()
        out += struct.pack("<H", len(name)) + name + struct.pack("<I", len(data)) + data
    return bytes(out)


def unpack(blob):
    """The inverse of pack (tests and tools)."""
    if not blob.startswith(MAGIC):
        raise BuildError("not a Wyrm bundle")
    i = len(MAGIC)
    out = []
    while i < len(blob):
        (n,) = struct.unpack_from("<H", blob, i)
        name = blob[i + 2 : i + 2 + n].decode()
        i += 2 + n
        (size,) = struct.unpack_from("<I", blob, i)
        i += 4
        out.append((name, blob[i : i + size]))
        i += size
    return out


def _icon(path, size=192):
    """The home-screen icon: the Drachenhort die's 6 in the firmware's own 28 px digits."""
    from PIL import Image

    paths.setup()
    from wyrm import font
    from wyrm.canvas import Canvas

    c = Canvas(32, 32)
    font.big_center(c, "6", 2, w=32)
    img = Image.new("RGB", (size, size), (16, 19, 26))
    px = img.load()
    k = size // 32
    for y in range(32):
        for x in range(32):
            if (c.buffer[(y >> 3) * 32 + x] >> (y & 7)) & 1:
                for dy in range(k):
                    for dx in range(k):
                        px[x * k + dx, y * k + dy] = (170, 225, 255)
    img.save(path)


def build(out=OUT, source=False):
    """Build the site into ``out``; returns {file name: size}."""
    if not os.path.isdir(NPM):
        raise BuildError("MicroPython's npm package is missing (%s): run `make deps`" % NPM)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    tmp = os.path.join(out, ".mpy-tmp")
    files = {}
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(out, name))
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(NPM, name), os.path.join(out, name))
    blob = pack(bundle_entries(source, tmp))
    shutil.rmtree(tmp, ignore_errors=True)
    with open(os.path.join(out, "firmware.bin"), "wb") as f:
        f.write(blob)
    _icon(os.path.join(out, "icon.png"))
    cached = list(PAGE_FILES) + list(RUNTIME_FILES) + ["firmware.bin", "icon.png"]
    digest = hashlib.sha256()
    for name in cached:
        with open(os.path.join(out, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    with open(os.path.join(HERE, "sw.js")) as f:
        sw = f.read()
    sw = sw.replace("__CACHE__", "wyrm-" + digest.hexdigest()[:16])
    sw = sw.replace('"__FILES__"', ", ".join('"./%s"' % n for n in ["", *cached]))
    with open(os.path.join(out, "sw.js"), "w") as f:
        f.write(sw)
    for name in sorted(os.listdir(out)):
        files[name] = os.path.getsize(os.path.join(out, name))
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT, help="output folder (default build/web)")
    ap.add_argument("--source", action="store_true", help="bundle .py sources, not .mpy")
    args = ap.parse_args(argv)
    try:
        files = build(args.out, args.source)
    except BuildError as exc:
        print("make web: %s" % exc, file=sys.stderr)
        return 1
    total = sum(files.values())
    print("Built %s: %s (%d KB)" % (os.path.relpath(args.out), ", ".join(sorted(files)),
                                     (total + 1023) // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
