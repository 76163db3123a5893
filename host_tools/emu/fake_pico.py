"""A fake Pico on a pseudo-terminal, for testing deploy with the real mpremote.

    python -m host_tools.emu.fake_pico          # prints its port; try `make deploy PORT=...`

It speaks MicroPython's REPL protocol and runs the code in real MicroPython (docs/TOOLS.md).
"""

import os
import re
import select
import signal
import struct
import sys
import threading
import time
import tty

from host_tools.mp.runner import MicroPython, MicroPythonError, RunnerError

FLASH = "/flash"
BANNER = (
    b"MicroPython v1.28.0 on 2026-04-06 (Wyrm fake Pico); Raspberry Pi Pico with RP2040\r\n"
    b'Type "help()" for more information.\r\n'
)
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
GARBAGE = b"\xfe\x00 Arduino sensor v2 temp=21.5 hum=40\r\n"
PASTE_WINDOW = 128  # bytes, as the rp2 port announces

# emscripten errno -> (the Pico's errno, name)
_ERRNO = {
    44: (2, "ENOENT"),
    20: (17, "EEXIST"),
    54: (20, "ENOTDIR"),
    31: (21, "EISDIR"),
    28: (22, "EINVAL"),
    55: (39, "ENOTEMPTY"),
    51: (28, "ENOSPC"),
    2: (13, "EACCES"),
    63: (1, "EPERM"),
    29: (5, "EIO"),
    8: (9, "EBADF"),
}
_OSERROR = re.compile(r"^OSError: (\d+)$", re.MULTILINE)

# The WebAssembly build has no ``machine``: a stand-in whose reset() ends the
# running code with an exception the fake recognises (the board reboots).
_MACHINE = """
import sys
class WyrmFakeHardReset(BaseException):
    pass
class _WyrmFakeMachine:
    Reset = WyrmFakeHardReset
    def reset(self):
        raise self.Reset()
sys.modules['machine'] = _WyrmFakeMachine()
del sys, WyrmFakeHardReset, _WyrmFakeMachine
"""
_RESET_EXC = "WyrmFakeHardReset"

_SOFT_RESET = """
def _wyrm_soft_reset():
    import os, sys
    os.chdir(%r)
    for k in list(sys.modules):
        f = getattr(sys.modules[k], '__file__', '')
        if f and f.startswith(%r):
            del sys.modules[k]
    g = globals()
    for k in list(g):
        if not k.startswith('__'):
            del g[k]
_wyrm_soft_reset()
""" % (FLASH, FLASH + "/")


def pico_traceback(text):
    """MicroPython traceback text with emscripten errno values shown as the Pico shows them."""

    def fix(m):
        code = int(m.group(1))
        if code in _ERRNO:
            return "OSError: [Errno %d] %s" % _ERRNO[code]
        return m.group(0)

    return _OSERROR.sub(fix, text)


def _crlf(data):
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


class FakePico:
    """A pseudo-terminal whose far end behaves like a Pico running MicroPython 1.28.

    ``port``: the path to give mpremote. ``events``: what happened, in order
    ("raw-repl", "soft-reset", "hard-reset"); ``execs`` counts code blocks run
    and ``raw_pastes`` those sent in raw-paste mode. Read the
    device's files with ``listdir``/``read``/``tree`` while no tool is talking
    to it. ``mode``: "micropython" (default), "garbage" or "silent".
    """

    def __init__(self, mode="micropython", raw_paste=True, heapsize=2 * 1024 * 1024, log=None):
        if mode not in ("micropython", "garbage", "silent"):
            raise ValueError("mode must be micropython, garbage or silent")
        self.mode = mode
        self.raw_paste = raw_paste
        self.events = []
        self.execs = 0  # code blocks run
        self.raw_pastes = 0  # of them sent in raw-paste mode
        self._log = log  # a binary file: every byte in ("<") and out (">"), for debugging
        self.lock = threading.RLock()  # held while the interpreter runs device code
        self.mp = None
        if mode == "micropython":
            self.mp = MicroPython(heapsize=heapsize, firmware_dir=None)
            self.mp.exec(_MACHINE)
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo or line editing before a client configures it
        self.port = os.ttyname(self._slave)
        os.set_blocking(self._master, False)  # a full buffer must not hang close()
        self._state = "friendly"
        self._line = bytearray()
        self._paste_count = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="fakepico", daemon=True)
        self._thread.start()

    # -- life cycle ------------------------------------------------------------
    def close(self):
        self._stop.set()
        self._thread.join(timeout=5)
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.mp is not None:
            self.mp.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the device's file system, seen from the host ---------------------------
    @staticmethod
    def _path(path):
        path = path.strip("/")
        return FLASH + "/" + path if path else FLASH

    def listdir(self, path=""):
        """Sorted names in a device folder ("" = the root), or None if it is missing."""
        with self.lock:
            return self.mp.listdir(self._path(path))

    def read(self, path):
        """Bytes of a device file, or None."""
        with self.lock:
            return self.mp.read_file(self._path(path))

    def write(self, path, data):
        """Put a file on the device (parent folders are created)."""
        with self.lock:
            self.mp.write_file(self._path(path), data)

    def tree(self, path=""):
        """Every file below a device folder, as sorted 'dir/name' paths."""
        out = []
        for name in self.listdir(path) or []:
            rel = path + "/" + name if path else name
            try:
                out += self.tree(rel) if self.listdir(rel) is not None else [rel]
            except RunnerError:  # "not a folder": a file
                out.append(rel)
        return sorted(out)

    # -- the serial line ---------------------------------------------------------
    def _send(self, data):
        if self._log is not None:
            self._log.write(b"\n> " + repr(bytes(data)).encode())
        view = memoryview(bytes(data))
        while view and not self._stop.is_set():
            try:
                n = os.write(self._master, view)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            view = view[n:]

    def _serve(self):
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._master], [], [], 0.05)
            except (OSError, ValueError):
                return
            if not ready:
                continue
            try:
                data = os.read(self._master, 4096)
            except BlockingIOError:
                continue
            except OSError:
                return
            if not data:
                continue
            if self._log is not None:
                self._log.write(b"\n< " + repr(data).encode())
                self._log.flush()
            if self.mode == "silent":
                continue
            if self.mode == "garbage":
                self._send(GARBAGE)
                continue
            for b in data:
                self._byte(b)

    # -- the REPL protocol (pyexec.c) ------------------------------------------
    def _byte(self, b):
        state = self._state
        if state == "friendly":
            if b == 0x01:  # Ctrl-A: raw REPL
                self._enter_raw()
            elif b == 0x02:  # Ctrl-B: banner
                self._send(b"\r\n" + BANNER + b">>> ")
            elif b == 0x03:  # Ctrl-C
                self._send(b"\r\n>>> ")
            elif b == 0x04:  # Ctrl-D: soft reset
                self._soft_reset()
                self._send(b"MPY: soft reboot\r\n" + BANNER + b">>> ")
            elif b in (0x0D, 0x0A):
                self._send(b"\r\n>>> ")
            elif 0x20 <= b < 0x7F:
                self._send(bytes([b]))  # echo; the fake runs no friendly-REPL lines
        elif state == "raw":
            line = self._line
            if b == 0x01:
                if len(line) == 2 and line[0] == 0x05:  # "\x05A\x01": raw-paste request
                    if self.raw_paste and line[1] == ord("A"):
                        self.raw_pastes += 1
                        self._send(b"R\x01" + struct.pack("<H", PASTE_WINDOW))
                        self._state = "paste"
                        self._paste_count = 0
                        del line[:]
                    else:
                        self._send(b"R\x00")  # understood, not supported
                        del line[:]
                else:
                    self._enter_raw()
            elif b == 0x02:  # Ctrl-B: friendly REPL
                self._state = "friendly"
                del line[:]
                self._send(b"\r\n" + BANNER + b">>> ")
            elif b == 0x03:  # Ctrl-C: clear the line
                del line[:]
            elif b == 0x04:  # Ctrl-D: run, or soft reset on an empty line
                self._send(b"OK")
                if not line:
                    self._soft_reset()
                    self._send(b"\r\nMPY: soft reboot\r\n" + RAW_BANNER + b">")
                else:
                    code = bytes(line)
                    del line[:]
                    self._run(code)
            else:
                line.append(b)
        elif state == "paste":
            line = self._line
            if b == 0x04:  # end of data
                self._send(b"\x04")
                code = bytes(line)
                del line[:]
                self._state = "raw"
                self._run(code)
            elif b == 0x03:  # abort
                del line[:]
                self._state = "raw"
                self._send(b"\x04\x04>")
            else:
                line.append(b)
                self._paste_count += 1
                if self._paste_count % PASTE_WINDOW == 0:
                    self._send(b"\x01")  # room for another window

    def _enter_raw(self):
        self._state = "raw"
        del self._line[:]
        self.events.append("raw-repl")
        self._send(RAW_BANNER + b">")

    def _soft_reset(self):
        self.events.append("soft-reset")
        self._reboot()

    def _reboot(self):
        """What a reset does to the running code; the flash stays as it is."""
        with self.lock:
            self.mp.exec(_SOFT_RESET)
        del self._line[:]

    def _run(self, code):
        self.execs += 1
        err = ""
        with self.lock:
            try:
                out = self.mp.exec(code.decode("utf-8", "replace"))
            except MicroPythonError as exc:
                if exc.exc_type == _RESET_EXC:  # machine.reset(): no end of output, a reboot
                    self._send(_crlf(exc.stdout.encode("utf-8")))
                    self.events.append("hard-reset")
                    self._reboot()
                    self._state = "friendly"  # a fresh boot (main.py is not run here)
                    return
                out = exc.stdout
                err = pico_traceback(exc.traceback)
                if not err.endswith("\n"):
                    err += "\n"
            except RunnerError as exc:
                out = ""
                err = "fake Pico: the MicroPython runner failed: %s\n" % exc
        self._send(_crlf(out.encode("utf-8")) + b"\x04" + _crlf(err.encode("utf-8")) + b"\x04>")


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(
        prog="python -m host_tools.emu.fake_pico",
        description="Run a fake Pico (real MicroPython, empty flash) on a pseudo-terminal "
        "until Ctrl-C; then list its files.",
    )
    p.add_argument("--mode", default="micropython", choices=("micropython", "garbage", "silent"))
    p.add_argument("--no-raw-paste", action="store_true", help="refuse raw-paste mode")
    args = p.parse_args(argv)

    def stop(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)  # `kill PID` also lists the files
    with FakePico(mode=args.mode, raw_paste=not args.no_raw_paste) as pico:
        print("Fake Pico (%s) at %s - Ctrl-C to stop" % (args.mode, pico.port), flush=True)
        print("  try: make deploy PORT=%s" % pico.port, flush=True)
        try:
            while True:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        print()
        if pico.mp is not None:
            files = pico.tree()
            print("Files on the fake Pico (%d):" % len(files))
            for name in files:
                print("  " + name)
        print("Events: " + " ".join(pico.events))
    return 0


if __name__ == "__main__":
    sys.exit(main())
