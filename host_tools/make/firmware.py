"""Wyrm's own firmware: MicroPython v1.28.0 for the Pico (RP2040) with the wyrm package frozen.

    make firmware [MICROPYTHON_SRC=path/to/micropython]
    python -m host_tools.make.firmware [--src DIR] [--force]

Built from ../shared/micropython/mp-src-v1.28.0.tar.xz (unpacked once into build/micropython/)
or a MicroPython checkout at v1.28.0 with its submodules (MICROPYTHON_SRC), with the board
definition boards/micropython/WYRM_PICO. The result is cached by a hash of its inputs; the size
check and the steps are in docs/TOOLS.md.
"""

import argparse
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time

from host_tools import paths

ROOT = paths.ROOT
BOARD_DIR = os.path.join(ROOT, "boards", "micropython", "WYRM_PICO")
TARBALL = os.path.join(os.path.dirname(ROOT), "shared", "micropython", "mp-src-v1.28.0.tar.xz")
OUT = os.path.join(ROOT, "build", "firmware")
SOURCES = os.path.join(ROOT, "build", "micropython")
FROZEN = os.path.join(ROOT, "firmware", "wyrm")  # what the board's manifest freezes
VERSION = (1, 28, 0)
PACKAGES = (
    "gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake "
    "build-essential"
)
FLASH_BASE = 0x10000000
FLASH_SIZE = 2 * 1024 * 1024
KEEP_FREE = 64 * 1024  # what stays free before the filesystem, for what comes next
FAMILY_RP2040 = "0xe48bff56"
# Part of the cache key: raise it when a change here changes what is built.
RECIPE = 1


class FirmwareError(Exception):
    """A failure to report to the user: str() is the whole message."""


def say(msg):
    print(msg, flush=True)


def rel(path):
    path = os.path.abspath(path)
    return os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path


# -- toolchain -------------------------------------------------------------------
def missing_tools():
    """Names of the build tools that are not installed (empty: the build can run)."""
    missing = [t for t in ("arm-none-eabi-gcc", "cmake", "make", "cc") if not shutil.which(t)]
    if "arm-none-eabi-gcc" not in missing:
        for lib, name in (("libc.a", "newlib"), ("libstdc++.a", "libstdc++ (newlib)")):
            out = subprocess.run(
                ["arm-none-eabi-gcc", "-print-file-name=" + lib], capture_output=True, text=True
            ).stdout.strip()
            if not os.path.isabs(out):
                missing.append(name)
    return missing


def toolchain_error(missing):
    return (
        "make firmware needs the ARM toolchain (missing: %s): install the Debian packages %s"
        % (", ".join(missing), PACKAGES)
    )


# -- the board definition ---------------------------------------------------------
def storage_bytes(board_dir=BOARD_DIR):
    """MICROPY_HW_FLASH_STORAGE_BYTES of the board's mpconfigboard.h (the filesystem's size)."""
    with open(os.path.join(board_dir, "mpconfigboard.h")) as f:
        text = f.read()
    m = re.search(r"#define\s+MICROPY_HW_FLASH_STORAGE_BYTES\s+\(?([0-9\s*]+)\)?", text)
    if not m:
        raise FirmwareError("%s/mpconfigboard.h sets no MICROPY_HW_FLASH_STORAGE_BYTES"
                            % rel(board_dir))
    n = 1
    for factor in m.group(1).split("*"):
        n *= int(factor)
    return n


def fs_offset(board_dir=BOARD_DIR):
    """Flash offset where the filesystem starts: the firmware must end before it."""
    return FLASH_SIZE - storage_bytes(board_dir)


def size_check(size, board_dir=BOARD_DIR):
    """(ok, one line): does a firmware.bin of ``size`` bytes leave 64 KB before the filesystem?"""
    start = fs_offset(board_dir)
    room = start - size
    line = "Firmware %s B; the filesystem starts at 0x%08X (%s B in): %s B (%.1f KB) left, %s." % (
        format(size, ","),
        FLASH_BASE + start,
        format(start, ","),
        format(room, ","),
        room / 1024.0,
        "at least 64 KB must stay free" if room < KEEP_FREE else "64 KB must stay free",
    )
    if room < 0:
        line = "Too big: the firmware would reach into the filesystem. " + line
    elif room < KEEP_FREE:
        line = "Too big: less than 64 KB left before the filesystem. " + line
    return room >= KEEP_FREE, line


# -- the source ---------------------------------------------------------------------
def source_version(src):
    """(major, minor, micro) of the MicroPython tree at ``src``."""
    with open(os.path.join(src, "py", "mpconfig.h")) as f:
        text = f.read()
    parts = []
    for name in ("MAJOR", "MINOR", "MICRO"):
        m = re.search(r"#define MICROPY_VERSION_%s \(?(\d+)" % name, text)
        parts.append(int(m.group(1)) if m else -1)
    return tuple(parts)


def check_source(src):
    """FirmwareError unless ``src`` is MicroPython v1.28.0 with the submodules the build reads."""
    if not os.path.isfile(os.path.join(src, "py", "mpconfig.h")):
        raise FirmwareError("MICROPYTHON_SRC=%s is not a MicroPython source tree (no "
                            "py/mpconfig.h)." % src)
    version = source_version(src)
    if version != VERSION:
        raise FirmwareError(
            "MICROPYTHON_SRC=%s is MicroPython %s; Wyrm's firmware is built from v1.28.0 "
            "(git checkout v1.28.0)." % (src, ".".join(str(v) for v in version))
        )
    for sub in ("lib/pico-sdk/src", "lib/tinyusb/src", "lib/micropython-lib/micropython"):
        if not os.path.isdir(os.path.join(src, sub)):
            raise FirmwareError(
                "MICROPYTHON_SRC=%s has no %s: fetch the submodules with "
                "make -C %s/ports/rp2 BOARD=RPI_PICO submodules" % (src, sub, src)
            )


def _sha(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def no_source(tarball=TARBALL):
    return (
        "No MicroPython source: %s is missing. Set MICROPYTHON_SRC to a MicroPython checkout "
        "at v1.28.0 with its submodules (README: Wyrm's own firmware)." % tarball
    )


def unpacked(tarball=TARBALL):
    """(source dir, id): the tarball unpacked into build/micropython/ (once per tarball)."""
    if not os.path.isfile(tarball):
        raise FirmwareError(no_source(tarball))
    digest = _sha(tarball)
    dest = os.path.join(SOURCES, digest[:16])
    with tarfile.open(tarball) as tf:
        top = tf.getnames()[0].split("/")[0]
        src = os.path.join(dest, top)
        if not os.path.isfile(os.path.join(dest, ".unpacked")):
            say("Unpacking %s into %s ..." % (rel(tarball), rel(dest)))
            shutil.rmtree(dest, ignore_errors=True)
            tmp = dest + ".tmp"
            shutil.rmtree(tmp, ignore_errors=True)
            os.makedirs(tmp)
            if hasattr(tarfile, "data_filter"):
                tf.extractall(tmp, filter="data")
            else:  # Python < 3.12 without the backport
                tf.extractall(tmp)
            os.rename(tmp, dest)
            with open(os.path.join(dest, ".unpacked"), "w") as f:
                f.write(tarball + "\n")
    return src, "tarball " + digest


def checkout_id(src):
    """What identifies a checkout: its commit, its submodules' commits and local changes."""
    def git(*args):
        proc = subprocess.run(["git", "-C", src] + list(args), capture_output=True, text=True)
        return proc.stdout if proc.returncode == 0 else ""

    head = git("rev-parse", "HEAD").strip()
    if not head:
        return "dir %s" % os.path.abspath(src)  # not a git checkout: its path only
    return "git %s\n%s\n%s" % (head, git("submodule", "status", "--recursive"),
                               git("status", "--porcelain", "--untracked-files=no"))


# -- inputs and cache ----------------------------------------------------------------
def input_files(board_dir=BOARD_DIR, frozen=FROZEN):
    """[(label, path)] of every file the firmware is made from, besides MicroPython itself."""
    out = []
    for base, label in ((board_dir, "board"), (frozen, "wyrm")):
        for here, dirs, names in os.walk(base):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            for name in sorted(names):
                if label == "wyrm" and not name.endswith(".py"):
                    continue  # package() freezes .py files only
                p = os.path.join(here, name)
                out.append((label + "/" + os.path.relpath(p, base).replace(os.sep, "/"), p))
    return out


def inputs_hash(source_id, board_dir=BOARD_DIR, frozen=FROZEN):
    h = hashlib.sha256()
    h.update(("recipe %d\n%s\n" % (RECIPE, source_id)).encode())
    for label, path in input_files(board_dir, frozen):
        with open(path, "rb") as f:
            data = f.read()
        h.update(("%s %d\n" % (label, len(data))).encode())
        h.update(data)
    return h.hexdigest()[:16]


# -- build ------------------------------------------------------------------------------
def _run(cmd, log, env=None, cwd=None):
    with open(log, "w") as f:
        proc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if proc.returncode != 0:
        with open(log) as f:
            tail = f.read().splitlines()[-40:]
        raise FirmwareError("%s failed (%s):\n%s" % (" ".join(cmd[:3]), rel(log), "\n".join(tail)))


def build(src=None, force=False, jobs=None, log=say):
    """Build (or find in the cache) the firmware; a dict with 'uf2', 'bin', 'size', 'room',
    'line' (the size check's line), 'cached' and 'seconds'. FirmwareError on any failure."""
    t0 = time.time()
    src = src or os.environ.get("MICROPYTHON_SRC") or None
    if src:
        src = os.path.abspath(src)
        check_source(src)
        source_id = checkout_id(src)
    elif os.path.isfile(TARBALL):
        source_id = "tarball " + _sha(TARBALL)
    else:
        raise FirmwareError(no_source())
    key = inputs_hash(source_id)
    entry = os.path.join(OUT, key)
    result = {"uf2": os.path.join(entry, "firmware.uf2"),
              "bin": os.path.join(entry, "firmware.bin"), "key": key}
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time (make and a test may race)
        if not force and os.path.isfile(result["uf2"]) and os.path.isfile(result["bin"]):
            result["cached"] = True
        else:
            missing = missing_tools()
            if missing:
                raise FirmwareError(toolchain_error(missing))
            if not src:
                src, _id = unpacked()
            _compile(src, entry, key, jobs or os.cpu_count() or 2, log)
            result["cached"] = False
        size = os.path.getsize(result["bin"])
        ok, line = size_check(size)
        result.update(size=size, room=fs_offset() - size, line=line, ok=ok,
                      seconds=time.time() - t0)
        if not ok:
            raise FirmwareError(line)
        for name in ("firmware.uf2", "firmware.bin"):  # the latest build, at a fixed path
            shutil.copyfile(os.path.join(entry, name), os.path.join(OUT, name))
    return result


def _compile(src, entry, key, jobs, log):
    """mpy-cross, then the rp2 port with the board definition; firmware.bin/.uf2 into ``entry``
    only when the size check passes (a failed build leaves no cache entry)."""
    work = os.path.join(OUT, "obj-" + hashlib.sha256(src.encode()).hexdigest()[:8])
    os.makedirs(work, exist_ok=True)
    log("Building mpy-cross (%s) ..." % rel(os.path.join(src, "mpy-cross")))
    _run(["make", "-C", os.path.join(src, "mpy-cross"), "-j%d" % jobs],
         os.path.join(work, "mpy-cross.log"))
    log("Building the firmware (BOARD_DIR=%s; a few minutes the first time) ..." % rel(BOARD_DIR))
    env = dict(os.environ)
    env["CMAKE_ARGS"] = (env.get("CMAKE_ARGS", "") + " -DPICO_NO_PICOTOOL=1").strip()
    env.pop("MAKEFLAGS", None)  # make firmware's own flags are not the port's
    env.pop("MFLAGS", None)
    rp2 = os.path.join(work, "rp2")
    _run(["make", "-C", os.path.join(src, "ports", "rp2"), "BOARD_DIR=" + BOARD_DIR,
          "BUILD=" + rp2, "-j%d" % jobs], os.path.join(work, "firmware.log"), env=env)
    binary = os.path.join(rp2, "firmware.bin")
    ok, line = size_check(os.path.getsize(binary))
    if not ok:
        raise FirmwareError(line)
    tmp = entry + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    shutil.copyfile(binary, os.path.join(tmp, "firmware.bin"))
    _run([sys.executable, os.path.join(src, "tools", "uf2conv.py"), "-c", "-b", hex(FLASH_BASE),
          "-f", FAMILY_RP2040, "-o", os.path.join(tmp, "firmware.uf2"),
          os.path.join(tmp, "firmware.bin")], os.path.join(work, "uf2conv.log"))
    shutil.rmtree(entry, ignore_errors=True)
    os.rename(tmp, entry)


# -- the filesystem beside it ----------------------------------------------------------
def filesystem_files(board):
    """[(device path, bytes)]: what the filesystem holds beside this firmware - main.py, the
    board profile as board.json and the wyrm package's data files (names.txt) at the root,
    where the frozen modules look for them (deploy.frozen_files: make deploy copies the same
    onto a Pico that runs this firmware)."""
    from host_tools.make import deploy

    _prof, data = deploy.check_board(deploy.board_path(board))
    return deploy.frozen_files(data)


def filesystem_image(board, extra=()):
    """A LittleFS image (bytes, the rp2 port's parameters) of ``filesystem_files(board)`` and
    ``extra`` ([(device path, bytes)], e.g. a boot.py)."""
    from host_tools.make import fsimage

    files = list(extra) + filesystem_files(board)
    out_dir = os.path.join(OUT, "fs-" + fsimage.board_name(board))
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    for name, data in files:
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
    return fsimage.image_from_dir(out_dir, [name for name, _data in files])


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.make.firmware",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--src", help="a MicroPython checkout at v1.28.0 (default: MICROPYTHON_SRC, "
                   "else the shared tarball)")
    p.add_argument("--force", action="store_true", help="build even if the cache has it")
    p.add_argument("--jobs", type=int, help="parallel compile jobs (default: the CPU count)")
    args = p.parse_args(argv)
    try:
        r = build(args.src, force=args.force, jobs=args.jobs)
    except FirmwareError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    say(r["line"])
    say("%s %s (%s; %s)" % (
        "Up to date:" if r["cached"] else "Built",
        rel(os.path.join(OUT, "firmware.uf2")),
        rel(r["uf2"]),
        "cached, inputs unchanged" if r["cached"] else "%.0f s" % r["seconds"],
    ))
    return 0


if __name__ == "__main__":
    sys.exit(main())
