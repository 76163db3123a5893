"""Fault injection under ``wyrm.store``: a full flash, EIO, power cuts at any byte.

    fs = FaultFS()              # counts every file operation the store makes
    fs.install(monkeypatch)     # wyrm.store's ``os`` and ``open`` go through it
    fs.full = True              # every write and rename now fails with ENOSPC
    fs.eio = 0.2                # ...or 20 % of them fail with EIO
    fs.cut_at = fs.ops + 3      # the power fails at the 3rd operation from now
    fs.fail_reads = 1           # the next stat or read-open of a save fails with EIO
    fs.eio_reads = 0.1          # ...or 10 % of them do
    fs.burst = 2                # every stat or read-open of any name fails twice in a row,
                                # then one answers (the flash behind every name fails)
    fs.log = []                 # each operation that changes the flash: (what, path)

A power cut raises ``PowerCut`` (a BaseException, like the real loss of power:
no ``except Exception`` in the firmware can carry on after it). A cut inside a
write keeps only the first ``cut_byte`` bytes of that write. Injected errors
are counted in ``faults``; cuts in ``cuts``.
"""

import errno
import os
import random

from wyrm import store as S


class PowerCut(BaseException):
    """The power failed here (the test reboots the app)."""


class _OsProxy:
    def __init__(self, fs):
        self._fs = fs

    def __getattr__(self, name):
        return getattr(os, name)

    def stat(self, path):
        self._fs.read_op(path)
        return os.stat(path)

    def rename(self, a, b):
        self._fs.op("rename", True, a)
        os.rename(a, b)

    def remove(self, path):
        self._fs.op("remove", False, path)
        os.remove(path)


class _File:
    def __init__(self, fs, f, path):
        self.fs = fs
        self.f = f
        self.path = path

    def write(self, data):
        fs = self.fs
        fs.ops += 1
        if fs.log is not None:
            fs.log.append(("write", self.path))
        if fs.cut_at is not None and fs.ops >= fs.cut_at:
            n = fs.cut_byte if fs.cut_byte is not None else fs.rnd.randint(0, len(data))
            self.f.write(data[: min(n, len(data))])
            self.f.flush()
            fs.fire()
        fs.inject("write", True)
        return self.f.write(data)

    def read(self, *a):
        return self.f.read(*a)

    def flush(self):
        self.f.flush()

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


class FaultFS:
    def __init__(self, seed=0):
        self.rnd = random.Random(seed)
        self.ops = 0
        self.cut_at = None  # operation number at which the power fails
        self.cut_byte = None  # bytes of the cut write that reach the flash (None: random)
        self.full = False  # ENOSPC on every write and rename
        self.eio = 0.0  # probability of EIO per write, rename or remove
        self.fail_reads = 0  # the next n stats / read-opens of a save fail with EIO
        self.eio_reads = 0.0  # probability of EIO per stat or read-open of a save
        self.read_faults = 0  # EIO injected on reads
        self.read_name = ""  # only the files of this save name fail ("": every save)
        self.read_skip = 0  # reads let through before fail_reads starts failing
        self.burst = 0  # each stat or read-open of any name: this many EIOs in a row, then one ok
        self.burst_run = 0  # EIOs of the current burst so far (a test may start it part-way)
        self.log = None  # a list: each operation that changes the flash is appended
        self.cuts = 0
        self.faults = 0

    def install(self, monkeypatch):
        monkeypatch.setattr(S, "os", _OsProxy(self))
        monkeypatch.setattr(S, "open", self.open, raising=False)

    def fire(self):
        self.cut_at = None
        self.cuts += 1
        raise PowerCut()

    def inject(self, what, grows):
        if self.full and grows:
            self.faults += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        if self.eio and self.rnd.random() < self.eio:
            self.faults += 1
            raise OSError(errno.EIO, "I/O error")

    def op(self, what, grows, path):
        self.ops += 1
        if self.log is not None:
            self.log.append((what, path))
        if self.cut_at is not None and self.ops >= self.cut_at:
            self.fire()
        self.inject(what, grows)

    def read_op(self, path):
        """EIO on a stat or a read: a ``burst`` at every name; ``fail_reads`` and
        ``eio_reads`` only at a save's (or a user's) file."""
        if self.burst:
            if self.burst_run < self.burst:
                self.burst_run += 1
                self.read_faults += 1
                raise OSError(errno.EIO, "I/O error")
            self.burst_run = 0
        if path.rsplit(".", 1)[-1] not in ("json", "bak", "tmp", "bad"):
            return
        if self.read_name and not os.path.basename(path).startswith(self.read_name + "."):
            return
        if self.read_skip > 0:
            self.read_skip -= 1
            return
        if self.fail_reads > 0 or (self.eio_reads and self.rnd.random() < self.eio_reads):
            self.fail_reads = max(0, self.fail_reads - 1)
            self.read_faults += 1
            raise OSError(errno.EIO, "I/O error")

    def open(self, path, mode="r", *a, **k):
        if "w" in mode:
            self.op("open", False, path)
            return _File(self, open(path, mode, *a, **k), path)
        self.read_op(path)
        return open(path, mode, *a, **k)
