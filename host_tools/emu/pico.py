"""Wyrm on an emulated Pico: Wyrm's own firmware (make firmware) on rp2040js, in the tests
and the bench.

    dev = pico.boot("pico-ssd1306-4btn")      # power on, run until the main menu is drawn
    dev.play("down,down,ok"); dev.frame(); dev.heap(); dev.close()

The firmware is Wyrm's own (MicroPython v1.28.0 with the wyrm package frozen, built and cached
by host_tools.make.firmware) with the filesystem make uf2 FIRMWARE=own puts beside it; PICO_FW
names another one (the stock RPI_PICO UF2, which gets make deploy's files). Emulated time is
exact, so latencies and byte counts may be asserted (docs/PICO.md).
"""

import atexit
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading

from host_tools import paths
from host_tools.make import fsimage

SHARED = os.path.normpath(os.path.join(paths.ROOT, "..", "shared", "pico"))
# The stock MicroPython build, for comparison (PICO_FW) and the tests of the stock path
STOCK_FW = os.path.join(SHARED, "RPI_PICO-v1.28.0.uf2")
DEFAULT_FW = STOCK_FW  # the name tests/device/test_uf2_update.py reads
BOOTROM_NAME = "bootrom-rp2040-b1.bin"
EMU = os.path.join(paths.ROOT, "host_tools", "emu", "rp2040.mjs")
BUILD = os.path.join(paths.ROOT, "build", "pico")
FLASH_SIZE = 2 * 1024 * 1024
FS_BASE = fsimage.FS_OFFSET  # 0xA0000
PROBE_PIN = 15
KEY_NAMES = ("UP", "DOWN", "OK", "BACK")  # mask order, as core.KEYS

PROBE_SRC = """\
# Added by host_tools/emu/pico.py for the emulated Pico only: GP15 low -> heap on the console.
import gc
gc.collect()
_wyrm_cost = gc.mem_alloc()


def _wyrm_heap(_):
    import gc
    gc.collect()
    print("HEAP %d %d %d" % (gc.mem_free(), gc.mem_alloc(), _wyrm_cost))


def _wyrm_irq(_pin):
    import micropython
    micropython.schedule(_wyrm_heap, 0)


import machine
machine.Pin(15, machine.Pin.IN, machine.Pin.PULL_UP).irq(_wyrm_irq, machine.Pin.IRQ_FALLING)
del machine
gc.collect()
_wyrm_cost = gc.mem_alloc() - _wyrm_cost
"""


class PicoError(RuntimeError):
    pass


_OWN = {}  # the own firmware's path, built once per process
_OWN_LOCK = threading.Lock()


def own_firmware():
    """Path of Wyrm's own firmware UF2, built if its inputs changed (host_tools.make.firmware's
    cache); PicoError with the build's message if it cannot be built."""
    from host_tools.make import firmware

    with _OWN_LOCK:
        if "uf2" not in _OWN:
            try:
                _OWN["uf2"] = firmware.build(log=lambda msg: None)["uf2"]
            except firmware.FirmwareError as exc:
                raise PicoError(str(exc)) from None
        return _OWN["uf2"]


def firmware_path():
    """The firmware the emulated Pico runs: PICO_FW, else Wyrm's own (built if needed)."""
    return os.environ.get("PICO_FW") or own_firmware()


def stock_firmware_path():
    """The stock MicroPython UF2 (for the tests of the stock path): PICO_FW when it names a
    firmware without Wyrm frozen in, else ../shared/pico's."""
    env = os.environ.get("PICO_FW")
    if env and os.path.exists(env) and not is_frozen(env):
        return env
    return STOCK_FW


_FROZEN = {}


def is_frozen(fw):
    """True if the firmware file (.uf2 or flash .bin) has Wyrm frozen in (make firmware's):
    its filesystem then holds main.py, board.json and names.txt, not make deploy's files."""
    st = os.stat(fw)
    key = (os.path.abspath(fw), st.st_mtime_ns, st.st_size)
    if key not in _FROZEN:
        with open(fw, "rb") as f:
            data = f.read()
        if fw.endswith(".uf2"):
            data = b"".join(data[o + 32:o + 32 + int.from_bytes(data[o + 16:o + 20], "little")]
                            for o in range(0, len(data) - 511, 512))
        _FROZEN[key] = b"wyrm/app.py" in data
    return _FROZEN[key]


def firmware_label():
    """What the emulated Pico runs, in words for reports."""
    fw = firmware_path()
    if is_frozen(fw):
        return "Wyrm's own firmware (make firmware) and the files make uf2 FIRMWARE=own writes"
    return "%s and the files make deploy installs" % os.path.basename(fw)


def bootrom_path():
    env = os.environ.get("PICO_BOOTROM")
    if env:
        return env
    fw = os.environ.get("PICO_FW")
    beside = os.path.join(os.path.dirname(os.path.abspath(fw)), BOOTROM_NAME) if fw else ""
    if beside and os.path.exists(beside):
        return beside
    return os.path.join(SHARED, BOOTROM_NAME)


def unavailable():
    """None if the emulated Pico can run here, else one line saying why not. Quick: it does
    not build Wyrm's firmware, only checks that it can be built (the toolchain, the source)."""
    fw = os.environ.get("PICO_FW")
    if fw:
        if not os.path.exists(fw):
            return "PICO_FW=%s does not exist" % fw
    else:
        why = own_unbuildable()
        if why:
            return why
    return _emulator_missing(os.path.exists(bootrom_path()))


def _emulator_missing(has_bootrom):
    """None if the emulator itself can run (the bootrom, node, rp2040js), else one line."""
    if not has_bootrom:
        return "no RP2040 bootrom (%s): set PICO_BOOTROM" % BOOTROM_NAME
    if shutil.which("node") is None:
        return "node is not installed"
    if not os.path.isdir(os.path.join(paths.ROOT, "node_modules", "rp2040js")):
        return "rp2040js is not installed (make deps)"
    return None


def own_unbuildable():
    """None if Wyrm's own firmware can be built here (the toolchain, the source), else one
    line why not."""
    from host_tools.make import firmware

    missing = firmware.missing_tools()
    if missing:
        return firmware.toolchain_error(missing)
    if not (os.environ.get("MICROPYTHON_SRC") or os.path.isfile(firmware.TARBALL)):
        return firmware.no_source()
    return None


def must_run():
    """On CI (CI=true) the emulated Pico's tests fail rather than skip when Wyrm's firmware
    cannot be built (.ci/run installs the toolchain), as tests/device/test_firmware.py's do."""
    return bool(os.environ.get("CI")) and not os.environ.get("PICO_FW") and bool(own_unbuildable())


def stock_unavailable():
    """None if the stock firmware can run on the emulated Pico here, else one line why not."""
    if not os.path.exists(STOCK_FW):
        return "no stock MicroPython firmware: %s missing" % os.path.relpath(STOCK_FW)
    return _emulator_missing(os.path.exists(os.path.join(SHARED, BOOTROM_NAME))
                             or bool(os.environ.get("PICO_BOOTROM")))


def board_profile(board):
    """The checked profile (firmware's own loader) of a boards/ name or a .json path."""
    from host_tools.make import deploy

    prof, _data = deploy.check_board(deploy.board_path(board))
    return prof


def board_name(board):
    base = os.path.basename(board)
    return base[:-5] if base.endswith(".json") else base


_IMAGES = {}
_IMAGES_LOCK = threading.Lock()


# With a seed (a replay of the simulator's presses): the device draws the simulator's numbers
SEED_SRC = """\
# Added by host_tools/emu/pico.py for a replay: the simulator's random numbers (Rng(seed=%d)).
import wyrm.rng
wyrm.rng._system_source = lambda: wyrm.rng.Xorshift(%d)
"""


def fs_image(board, probe=True, seed=None, frozen=None, lang=0):
    """Path of Wyrm's LittleFS image for ``board`` (built once per process). ``seed``: the
    device's random numbers are ``wyrm.rng.Rng(seed=seed)``'s, as in the simulator;
    ``lang``: 1, the settings file says Deutsch (``boot(fs=...)`` boots it).
    ``frozen`` (default: the firmware_path() has Wyrm frozen in): the files make uf2
    FIRMWARE=own puts beside Wyrm's own firmware (main.py, board.json, names.txt), else make
    deploy's (the stock firmware); then the probe's and the seed's boot.py."""
    if frozen is None:
        frozen = is_frozen(firmware_path())
    with _IMAGES_LOCK:
        return _fs_image(board, probe, seed, frozen, lang)


def _own_files(board, out_dir):
    """firmware.filesystem_files(board) written into ``out_dir``: (out_dir, names)."""
    from host_tools.make import firmware

    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    names = []
    for name, data in firmware.filesystem_files(board):
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
        names.append(name)
    return out_dir, names


def _fs_image(board, probe, seed=None, frozen=False, lang=0):
    key = (board, probe, seed, frozen) + ((lang,) if lang else ())
    if key in _IMAGES and os.path.exists(_IMAGES[key]):
        return _IMAGES[key]
    name = ("own-" if frozen else "") + board_name(board) + ("" if probe else "-noprobe")
    if seed is not None:
        name += "-seed%d" % seed
    if lang:
        name += "-lang%d" % lang
    # this process's own files: test workers in parallel (pytest -n) never share one
    name += "-%d" % os.getpid()
    out_dir = os.path.join(BUILD, "fs-" + name)
    if frozen:
        out_dir, names = _own_files(board, out_dir)
    else:
        out_dir, names = fsimage.build_files(board, out_dir)
    if probe or seed is not None:
        boot = os.path.join(out_dir, "boot.py")
        old = ""
        if "boot.py" in names:
            with open(boot) as f:
                old = f.read() + "\n"
        with open(boot, "w") as f:
            f.write(old + (PROBE_SRC if probe else "")
                    + (SEED_SRC % (seed, seed) if seed is not None else ""))
        if "boot.py" not in names:
            names = ["boot.py"] + names
    if lang:
        paths.setup()
        from wyrm.store import Store

        before = set(os.listdir(out_dir))
        Store(out_dir).save("settings", {"lang": lang})
        names = names + sorted(set(os.listdir(out_dir)) - before)
    image = fsimage.image_from_dir(out_dir, names)
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(BUILD, exist_ok=True)
    path = os.path.join(BUILD, name + ".img")
    with open(path, "wb") as f:
        f.write(image)
    if not _IMAGES:
        atexit.register(_remove_images)
    _IMAGES[key] = path
    return path


def _remove_images():
    """At exit: this process's filesystem images (``_IMAGES``) go."""
    for path in list(_IMAGES.values()):
        try:
            os.remove(path)
        except OSError:
            pass


class Txn:
    """One I2C transaction: address, emulated start/end (ns since power-on), the bytes
    after the address byte, and whether the address was acknowledged."""

    __slots__ = ("addr", "start_ns", "end_ns", "data", "ack")

    def __init__(self, addr, start_ns, end_ns, data, ack):
        self.addr = addr
        self.start_ns = start_ns
        self.end_ns = end_ns
        self.data = data
        self.ack = ack

    @property
    def start_ms(self):
        return self.start_ns / 1e6

    @property
    def end_ms(self):
        return self.end_ns / 1e6

    def __repr__(self):
        return "Txn(0x%02X, %.3f-%.3f ms, %d B%s)" % (
            self.addr, self.start_ms, self.end_ms, len(self.data), "" if self.ack else ", NACK")


class Press:
    """A key press played by ``play``/``tap``: mask, press edge and release (ns)."""

    __slots__ = ("mask", "edge_ns", "release_ns")

    def __init__(self, mask, edge_ns, release_ns=None):
        self.mask = mask
        self.edge_ns = edge_ns
        self.release_ns = release_ns

    def __repr__(self):
        return "Press(%d, %.1f-%s ms)" % (
            self.mask, self.edge_ns / 1e6,
            "?" if self.release_ns is None else "%.1f" % (self.release_ns / 1e6))


class Pico:
    """One emulated Pico (a node process). ``boot()`` below is the usual way to get one."""

    def __init__(self, board="pico-ssd1306-4btn", fw=None, fs=None, flash=None, probe=True,
                 seed=None):
        why = unavailable() if fw is None else None
        if why:
            raise PicoError(why)
        fw = fw or firmware_path()
        self.fw = fw
        self.frozen = is_frozen(fw)  # Wyrm's own firmware (the wyrm package frozen in)
        self.board = board
        self.prof = board_profile(board)
        d = self.prof["display"]
        self.width = d["width"]
        self.height = d["height"]
        self.addr = d["addr"]
        self.buttons = []  # (pin, pressed level, released level) in mask order
        for name in KEY_NAMES:
            spec = self.prof["buttons"].get(name)
            if spec is None:
                break
            active = 1 if spec["active"] == "high" else 0
            self.buttons.append((spec["pin"], active, 1 - active))
        self.keys = len(self.buttons)
        self.levels = 0
        self.probe = probe
        bus = self.prof["i2c"]
        pins = {str(p): rel for p, _act, rel in self.buttons}
        pins[str(PROBE_PIN)] = 1
        init = {
            "cmd": "init",
            "bootrom": bootrom_path(),
            "fw": fw,
            "fs_base": FS_BASE,
            "panel": {
                "controller": d["controller"], "width": d["width"], "height": d["height"],
                "addr": d["addr"], "col_offset": d["col_offset"],
                "bus": bus["id"], "sda": bus["sda"], "scl": bus["scl"],
            },
            "pins": pins,
        }
        if flash is not None:
            init["flash"] = flash
        else:
            init["fs"] = fs if fs is not None else fs_image(board, probe, seed, self.frozen)
        self._proc = subprocess.Popen(
            ["node", EMU], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            cwd=paths.ROOT, text=True, bufsize=1)
        self._state = self._call(init)
        self.presses = []
        self.probe_cost = None  # bytes the heap probe itself holds (known after heap())
        self.boot_ms = None  # emulated ms at which the boot's first screen was complete

    # -- plumbing ------------------------------------------------------------
    def _call(self, cmd):
        if self._proc is None:
            raise PicoError("this Pico is closed")
        self._proc.stdin.write(json.dumps(cmd) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise PicoError("the emulator exited (command %s)" % cmd.get("cmd"))
        reply = json.loads(line)
        if not reply.pop("ok"):
            raise PicoError(reply["error"])
        if "connected" in reply:  # a machine-state reply
            self._state = reply
        return reply

    def close(self):
        """Power off. A Pico from ``boot()`` that can be parked (see ``_park``) is restored to
        its after-boot snapshot and kept for the next ``boot()`` with the same arguments."""
        if self._proc is not None and getattr(self, "_boot_key", None) is not None:
            _park(self)
        self._quit()

    def _quit(self):
        if self._proc is not None:
            try:
                self._proc.stdin.write('{"cmd":"quit"}\n')
                self._proc.stdin.flush()
                self._proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
                self._proc.wait()
            self._proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self._quit()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    # -- time ------------------------------------------------------------------
    @property
    def t_ns(self):
        return self._state["t_ns"]

    @property
    def t_ms(self):
        return self._state["t_ns"] / 1e6

    def run(self, ms):
        """Run for ``ms`` emulated milliseconds."""
        return self._call({"cmd": "run", "t_ns": self.t_ns + round(ms * 1e6)})

    def run_to(self, t_ms):
        """Run to the absolute emulated time ``t_ms`` (ms since power-on)."""
        t = round(t_ms * 1e6)
        if t > self.t_ns:
            self._call({"cmd": "run", "t_ns": t})
        return self._state

    def run_until(self, max_ms, **until):
        """Run until a condition holds (or ``max_ms`` pass); True if it held.

        Conditions: console="text" (new output only), connected=True,
        quiet_ms=N (panel bus silent N ms; with min_ms), flash_ops=N,
        idle_ms=N (the core slept at least half of an N ms window: the app is
        back in its 5 ms input loop, not loading or computing).
        """
        if "console" in until:
            until.setdefault("console_from", self._state["console"])
        r = self._call({"cmd": "run", "t_ns": self.t_ns + round(max_ms * 1e6), "until": until})
        return r["met"]

    def settle(self, quiet_ms=300, max_ms=20000, min_ms=0):
        """Run until the panel bus has been quiet for ``quiet_ms``; raises if it never is."""
        if not self.run_until(max_ms, quiet_ms=quiet_ms, min_ms=min_ms):
            raise PicoError("panel bus not quiet for %d ms within %d ms" % (quiet_ms, max_ms))

    def wait_idle(self, idle_ms=20, max_ms=20000):
        """Run until the app is back in its input loop (see run_until idle_ms)."""
        if not self.run_until(max_ms, idle_ms=idle_ms):
            raise PicoError("the device stayed busy for %d ms" % max_ms)

    # -- keys ------------------------------------------------------------------
    def set_levels(self, mask):
        """Drive the buttons: bit i of ``mask`` pressed (UP, DOWN, OK, BACK)."""
        pins = {}
        for i, (pin, act, rel) in enumerate(self.buttons):
            pins[str(pin)] = act if mask & (1 << i) else rel
        self._call({"cmd": "pins", "set": pins})
        if mask & ~self.levels:
            self.presses.append(Press(mask, self.t_ns))
        if self.levels and not mask and self.presses and self.presses[-1].release_ns is None:
            self.presses[-1].release_ns = self.t_ns
        self.levels = mask

    def _bit(self, key):
        from host_tools.sim import core

        return core.key_bit(key.lower(), self.keys)

    def press(self, key, at_ms=None):
        if at_ms is not None:
            self.run_to(at_ms)
        self.set_levels(self.levels | self._bit(key))

    def release(self, key, at_ms=None):
        if at_ms is not None:
            self.run_to(at_ms)
        self.set_levels(self.levels & ~self._bit(key))

    def tap(self, key, down_ms=80, up_ms=120):
        self.press(key)
        self.run(down_ms)
        self.release(key)
        self.run(up_ms)
        return self.presses[-1]

    def play(self, script, paced=False):
        """Play a simulator key script (core.parse_script) from now; returns its presses.

        The script's trailing 600 ms settle is played too, as in the simulator.
        ``paced``: after every segment with no key held, also wait until the app is
        back in its input loop (wait_idle), so no press lands while a screen loads.
        """
        from host_tools.sim import core

        n0 = len(self.presses)
        for levels, ms in core.parse_script(script, self.keys):
            if levels != self.levels:
                self.set_levels(levels)
            self.run(ms)
            if paced and not levels:
                self.wait_idle()
        return self.presses[n0:]

    def pin(self, pin, level):
        """Drive any GPIO input level (0/1)."""
        self._call({"cmd": "pins", "set": {str(pin): int(level)}})

    # -- what the device shows and says -------------------------------------------
    def frame(self):
        """The glass as MONO_VLSB bytes (width x height/8), as the app's FrameBuffer."""
        return bytes.fromhex(self._call({"cmd": "frame"})["hex"])

    def panel(self):
        """Panel state: on, contrast, invert, unknown commands."""
        r = self._call({"cmd": "frame"})
        r.pop("hex")
        return r

    def txns(self, since=0):
        """I2C transactions from index ``since`` (all addresses; ``ack`` False = NACKed)."""
        return [Txn(a, t0, t1, bytes.fromhex(h), ack)
                for a, t0, t1, h, ack in self._call({"cmd": "txns", "since": since})["txns"]]

    @property
    def txn_count(self):
        return self._state["txns"]

    def console(self, since=0):
        """USB CDC output since offset ``since`` (output before enumeration is lost)."""
        return self._call({"cmd": "console", "since": since})["text"]

    @property
    def console_len(self):
        return self._state["console"]

    def send(self, text):
        """Type into the USB CDC console."""
        self._call({"cmd": "send", "data": text})

    def repl(self, max_ms=5000):
        """Stop main.py with Ctrl-C and wait for the REPL prompt (the app is gone after this)."""
        start = self.console_len
        self.send("\r\x03\x03")
        if not self.run_until(max_ms, console=">>> ", console_from=start):
            raise PicoError("no REPL prompt after Ctrl-C: %r" % self.console(start)[-200:])

    def exec(self, code, max_ms=20000):
        """Run ``code`` over the raw REPL (call repl() first); its output, or PicoError
        with the device's traceback."""
        start = self.console_len
        self.send("\x01")
        if not self.run_until(max_ms, console="raw REPL; CTRL-B to exit\r\n>", console_from=start):
            raise PicoError("no raw REPL: %r" % self.console(start)[-200:])
        start = look = self.console_len
        self.send(code + "\x04")
        while True:
            if not self.run_until(max_ms, console="\x04>", console_from=look):
                raise PicoError("raw REPL did not finish: %r" % self.console(start)[-300:])
            m = re.search(r"OK([\s\S]*?)\x04([\s\S]*?)\x04>", self.console(start))
            if m:
                break
            look = self.console_len - 1
        self.send("\x02")
        if m.group(2):
            raise PicoError("MicroPython error: " + m.group(2).strip())
        return m.group(1).replace("\r\n", "\n")

    def errors(self):
        """Tracebacks and Wyrm error lines on the console so far."""
        text = self.console()
        found = re.findall(
            r"Traceback[\s\S]*?\n\w*(?:Error|Exception)[^\n]*|MemoryError[^\n]*", text)
        lines = re.findall(r"Wyrm: [^\r\n]*", text)
        found += [ln for ln in lines if not ln.startswith("Wyrm: board ")]
        return found

    # -- heap -------------------------------------------------------------------------
    def heap(self, max_ms=3000):
        """(free, alloc) in bytes after gc.collect(), measured on the device by the probe.

        ``alloc`` includes the probe's own objects; ``self.probe_cost`` is their size as
        boot.py measured it (gc.mem_alloc() after minus before installing the probe)."""
        if not self.probe:
            raise PicoError("booted without the heap probe")
        start = self.console_len
        self.pin(PROBE_PIN, 0)
        ok = self.run_until(max_ms, console="\n", console_from=start)
        text = self.console(start)
        if ok and "HEAP" in text and not re.search(r"HEAP \d+ \d+ \d+\r?\n", text):
            self.run_until(max_ms, console="\n", console_from=start + text.index("HEAP"))
            text = self.console(start)
        self.pin(PROBE_PIN, 1)
        self.run(5)
        m = re.search(r"HEAP (\d+) (\d+) (\d+)", text)
        if not m:
            raise PicoError("no heap answer on the console: %r" % text[-200:])
        self.probe_cost = int(m.group(3))
        return int(m.group(1)), int(m.group(2))

    # -- flash --------------------------------------------------------------------------
    def flash_ops(self, since=0):
        """Flash operations so far: dicts with kind ('erase'/'program'), addr (flash
        offset), len and t (emulated ns)."""
        return self._call({"cmd": "flash_ops", "since": since})["ops"]

    @property
    def flash_op_count(self):
        return self._state["flash_ops"]

    def record_flash(self, directory, torn=True):
        """From now on write the filesystem region before each flash op (before_N.bin) and,
        with ``torn``, as if the power failed half-way through it (torn_N.bin); N is the
        op's index in flash_ops(). ``directory=None`` stops recording."""
        self._call({"cmd": "record_flash", "dir": directory, "torn": torn})

    def save_flash(self, path, fs_only=False):
        """Write the whole 2 MB flash (or only the filesystem region) to ``path``."""
        self._call({"cmd": "save_flash", "path": path, "fs_only": fs_only})

    def stats(self):
        """Instructions executed and emulated ns spent asleep (WFI/WFE)."""
        return self._call({"cmd": "stats"})

    def trace(self, ms, step_ms=1):
        """Run ``ms`` in steps of ``step_ms``: [(t_ns, sleep_ns)], one after each step (the
        same run as run(ms): emulated time does not depend on the steps)."""
        out = []
        for _ in range(int(round(ms / step_ms))):
            self.run(step_ms)
            st = self.stats()
            out.append((st["t_ns"], st["sleep_ns"]))
        return out


    # -- power supply and the time split (docs/PICO.md "Power") ----------------------
    def supply(self, vsys=None, vbus=None):
        """Set VSYS in volts (ADC3 reads VSYS/3) and/or VBUS present (GP24); None keeps it.
        At power-on the emulated Pico is on USB: VSYS 4.7 V, VBUS present."""
        return self._call({"cmd": "power", "vsys": vsys, "vbus": vbus})

    def power(self, reset=False):
        """The time split since the last reset: ``run_ns`` and ``wait_ns`` (dicts keyed by
        clk_sys in MHz, as strings), ``deep_ns`` (WFI with SLEEPDEEP: machine.lightsleep),
        ``deep_entries``; also ``clk_sys_hz`` now. ``reset``: start a new split."""
        return self._call({"cmd": "power", "reset": reset})

    def run_until_deep_sleep(self, max_ms):
        """Run until the core enters deep sleep (stops at the WFI, before any sleep time)."""
        return self.run_until(max_ms, deep_sleep=True)


# -- booted Picos kept for the next boot() ----------------------------------------------------
# Emulated time is exact and the emulator has no other input than the commands it is sent, so
# a Pico put back to the moment its boot ended (the emulator's snapshot/restore) goes on exactly
# as a Pico powered on afresh. boot() with the default filesystem hands out such a Pico when
# one was closed before with the same arguments: a test pays for a boot once, not each time.
# PICO_FRESH_BOOT=1: every boot() powers on anew.
PARK_MAX = 2  # Picos kept per set of boot() arguments (tests/support/pico_support.WORKERS)
PARK_TOTAL = 8  # Picos kept in all (a node process each); the one parked longest ago goes
_PARKED = {}  # boot key -> [Pico at its after-boot snapshot], oldest first
_PARK_LOCK = threading.Lock()
_PARK_ORDER = itertools.count()


def _boot_key(board, fw, probe, seed, quiet_ms, max_ms):
    """What a boot() with the default filesystem depends on; None when boots are not kept."""
    if os.environ.get("PICO_FRESH_BOOT"):
        return None
    fw = os.path.abspath(fw or firmware_path())
    image = fs_image(board, probe, seed, is_frozen(fw))
    files = tuple((os.stat(f).st_mtime_ns, os.stat(f).st_size) for f in (fw, image))
    return (board, fw, image, files, probe, seed, quiet_ms, max_ms)


def _park(dev):
    """Restore ``dev``'s emulator to its after-boot snapshot and keep it (as a new Pico
    object: ``dev`` itself is closed) for the next boot() with the same key."""
    key = dev._boot_key
    dev._boot_key = None
    with _PARK_LOCK:
        if len(_PARKED.get(key, ())) >= PARK_MAX:
            return
    try:
        dev._call({"cmd": "restore"})
    except (PicoError, OSError, ValueError):
        return
    twin = object.__new__(Pico)
    twin.__dict__.update(dev.__dict__)
    twin.presses = []
    twin.levels = 0
    twin.probe_cost = None
    twin.boot_ms = dev._boot_ms
    dev._proc = None
    twin._parked_at = next(_PARK_ORDER)
    with _PARK_LOCK:
        _PARKED.setdefault(key, []).append(twin)
        parked = [(d._parked_at, k) for k, ds in _PARKED.items() for d in ds]
        evict = []
        if len(parked) > PARK_TOTAL:
            _at, k = min(parked)
            evict.append(_PARKED[k].pop(0))
    for d in evict:
        d._quit()


def _unpark(key):
    with _PARK_LOCK:
        parked = _PARKED.get(key)
        dev = parked.pop() if parked else None
    if dev is not None:
        dev._boot_key = key
    return dev


@atexit.register
def _quit_parked():
    with _PARK_LOCK:
        devs = [d for ds in _PARKED.values() for d in ds]
        _PARKED.clear()
    for d in devs:
        d._quit()


def boot(board="pico-ssd1306-4btn", fw=None, fs=None, flash=None, probe=True,
         quiet_ms=300, max_ms=30000, seed=None):
    """Power on and run until main.py's first screen is on the panel and the bus is quiet.

    ``fs``: another filesystem image file; ``flash``: a whole 2 MB flash file (e.g. a
    power-cut snapshot); ``seed``: the simulator's random numbers (``fs_image``).
    ``dev.boot_ms`` is when the boot's last panel write ended. With the default filesystem
    the Pico may be one booted before and restored to that moment (see PARK_MAX above).
    """
    key = None
    if fs is None and flash is None and (fw is not None or not unavailable()):
        key = _boot_key(board, fw, probe, seed, quiet_ms, max_ms)
        dev = _unpark(key) if key is not None else None
        if dev is not None:
            return dev
    dev = Pico(board, fw=fw, fs=fs, flash=flash, probe=probe, seed=seed)
    try:
        if not dev.run_until(max_ms, connected=True):
            raise PicoError("USB CDC did not enumerate within %d ms" % max_ms)
        dev.settle(quiet_ms=quiet_ms, max_ms=max_ms, min_ms=100)
        drawn = [t for t in dev.txns() if t.ack and t.addr == dev.addr]
        dev.boot_ms = drawn[-1].end_ms if drawn else None
        if key is not None:
            dev._call({"cmd": "snapshot"})
            dev._boot_ms = dev.boot_ms
            dev._boot_key = key
    except BaseException:
        dev.close()
        raise
    return dev


def flash_with_fs(fs_region, fw=None, out=None):
    """A whole-flash file: the firmware plus ``fs_region`` (bytes or a file) at FS_BASE."""
    fw = fw or firmware_path()
    flash = bytearray(b"\xff" * FLASH_SIZE)
    with open(fw, "rb") as f:
        u = f.read()
    if fw.endswith(".uf2"):
        for o in range(0, len(u) - 511, 512):
            addr = int.from_bytes(u[o + 12:o + 16], "little")
            n = int.from_bytes(u[o + 16:o + 20], "little")
            if 0x10000000 <= addr < 0x10000000 + FLASH_SIZE:
                a = addr - 0x10000000
                flash[a:a + n] = u[o + 32:o + 32 + n]
    else:
        flash[:len(u)] = u[:FLASH_SIZE]
    if isinstance(fs_region, str):
        with open(fs_region, "rb") as f:
            fs_region = f.read()
    flash[FS_BASE:FS_BASE + len(fs_region)] = fs_region
    if out is None:
        fd, out = tempfile.mkstemp(prefix="wyrm-flash-", suffix=".bin")
        os.close(fd)
    with open(out, "wb") as f:
        f.write(flash)
    return out


def busy_ms(start, trace):
    """CPU time (ms, not asleep) from ``start`` ((t_ns, sleep_ns), e.g. stats() at a press
    edge) to the end of the last step of ``trace`` the core spent mostly awake: the work a
    press caused until the app waits in its input loop again (its polls included)."""
    t0, s0 = start
    total = last = 0
    for t, slept in trace:
        step = t - t0
        awake = step - (slept - s0)
        total += awake
        if awake * 2 > step:
            last = total
        t0, s0 = t, slept
    return last / 1e6
