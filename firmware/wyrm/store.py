"""Saved state: small checksummed JSON files that survive power cuts and a damaged flash.

``Store(root).save(name, obj)`` / ``load(name, default)``; the format and the rules of a safe
save are in docs/INTERNALS.md.
"""

import json
import os

from micropython import const

from wyrm.lang import t
from wyrm.store_pack import encode

VERSION = const(1)
_MOD = const(65521)
_BLOCK = const(256)  # bytes between reductions: a, b stay small ints
_DEPTH = const(32)  # deepest nesting a save may have (Wyrm's own go 5 deep)

_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"


def _adler(data):
    """Adler-32 halves (a, b) of a bytes-like object, using small ints only.

    Reduced every 256 bytes: a < 65521 + 256 * 255 and b < 2 ** 25, well inside
    MicroPython's 31-bit small ints (no heap allocation per byte).
    """
    a = 1
    b = 0
    n = len(data)
    i = 0
    while i < n:
        end = i + _BLOCK
        if end > n:
            end = n
        while i < end:
            a += data[i]
            b += a
            i += 1
        a %= _MOD
        b %= _MOD
    return a, b


def _checksum_hex(data):
    """The checksum as 8 lowercase hex digits, formatted from its halves."""
    a, b = _adler(data)
    return "%04x%04x" % (b, a)


def frame(body):
    """The complete file contents for the JSON bytes ``body``: header line + body."""
    return ("WYRM %d %s %d\n" % (VERSION, _checksum_hex(body), len(body))).encode() + body


# Why a file could not be used (internal codes; messages are built in _say).
_OK = const(0)
_DAMAGED = const(1)
_OTHER_VERSION = const(2)  # a save from another format or game version
_UNREAD = const(3)  # the flash keeps failing to read it (every copy is kept)
_CUT = const(-1)  # no .json, a .bak: a save stopped between its two renames (store_mend)
_TRIES = const(3)  # reads of a file before an error counts as lasting
_EIO = const(5)


def unpack(data):
    """(status, obj) for file contents: status _OK, _DAMAGED or _OTHER_VERSION."""
    nl = data.find(b"\n")
    if nl < 0 or nl > 40:
        return _DAMAGED, None
    try:
        head = data[:nl].decode()
    except ValueError:  # UnicodeError is a ValueError on both runtimes
        return _DAMAGED, None
    parts = head.split(" ")
    if len(parts) != 4 or parts[0] != "WYRM":
        return _DAMAGED, None
    if parts[1] != str(VERSION):
        # A well-formed header from another format version.
        if _is_digits(parts[1]):
            return _OTHER_VERSION, None
        return _DAMAGED, None
    if len(parts[2]) != 8 or not _is_digits(parts[3]):
        return _DAMAGED, None
    body = data[nl + 1 :]
    if len(body) != int(parts[3]):
        return _DAMAGED, None
    if _checksum_hex(body) != parts[2].lower():
        return _DAMAGED, None
    if _too_deep(body):
        return _DAMAGED, None
    try:
        return _OK, json.loads(body.decode())
    except (ValueError, RuntimeError, MemoryError):
        # RuntimeError: RecursionError (CPython) on thousands of nested brackets
        return _DAMAGED, None


def _too_deep(body):
    """True if brackets nest deeper than any save of Wyrm's (``_DEPTH``).

    Thousands of levels would overflow CPython's parser (RecursionError) and
    MicroPython's recursive printing and encoding later, so they count as damage."""
    depth = 0
    in_str = False
    esc = False
    for c in body:
        if in_str:
            if esc:
                esc = False
            elif c == 92:  # backslash
                esc = True
            elif c == 34:  # quote
                in_str = False
        elif c == 34:
            in_str = True
        elif c == 91 or c == 123:  # [ {
            depth += 1
            if depth > _DEPTH:
                return True
        elif c == 93 or c == 125:  # ] }
            depth -= 1
    return False


def _is_digits(s):
    if not s:
        return False
    for ch in s:
        if ch < "0" or ch > "9":
            return False
    return True


def _errno(exc):
    n = exc.args[0] if exc.args else 0
    return n if type(n) is int and n else 5  # EIO when the error names none


class Store:
    halted = False  # True: the battery is too low for a safe flash write (wyrm.power)
    _gone = ()  # names whose removal waits for saving to start again (see remove)

    def __init__(self, root=""):
        if root and not root.endswith("/"):
            root += "/"
        self.root = root
        self.problems = []
        self.trouble = 0  # problems ever queued (a restored copy was used, ...)
        self.failing = 0  # errno of the last failed save; 0 once a save works
        self.failed = 0  # saves the flash refused
        self._pending = {}  # name -> object whose save the flash refused
        self._enoent = None  # the runtime's "no such file" number, once needed

    # -- paths ---------------------------------------------------------------
    def _path(self, name, ext):
        if not isinstance(name, str) or not name or len(name) > 24:
            raise ValueError("store: bad name %r" % (name,))
        for ch in name:
            if ch not in _NAME_CHARS:
                raise ValueError("store: bad name %r" % (name,))
        return self.root + name + ext

    def _missing(self, exc):
        # True when exc says "no such file"; any other error is a read error (retried).
        # The number is known per runtime, never learnt from the flash: a failing flash
        # answers a probe with its I/O error, and that taken for "missing" hides good files.
        m = self._enoent
        if m is None:
            import errno
            import sys

            # emscripten's ENOENT is 44 (its errno module still says 2)
            m = self._enoent = 44 if sys.platform == "webassembly" else errno.ENOENT
        return (exc.args[0] if exc.args else 0) == m

    def _has(self, path):
        """True/False; OSError(EIO) when the flash keeps failing to say."""
        for _ in range(_TRIES):
            try:
                os.stat(path)
                return True
            except OSError as exc:
                if self._missing(exc):
                    return False
        raise OSError(_EIO)

    def _read(self, path, check=None):
        """(status, obj); a file that does not decode, or that ``check`` cannot use,
        counts as damaged (or as another version). OSError(EIO): the flash keeps
        failing to read it."""
        for _ in range(_TRIES):
            try:
                with open(path, "rb") as f:
                    data = f.read()
                break
            except OSError as exc:
                if self._missing(exc):
                    return _DAMAGED, None  # gone between stat and open
        else:
            raise OSError(_EIO)
        status, obj = unpack(data)
        if status == _OK and check is not None:
            try:
                status = check(obj)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                status = _DAMAGED
        return status, obj

    def _restore(self, bak, path):
        """The backup becomes the file again (not while saving is stopped)."""
        if not self.halted:
            try:
                os.rename(bak, path)
            except OSError:
                pass

    def _set_aside(self, path, bad):
        """Rename a damaged file out of the way, replacing an older copy (not while
        saving is stopped: then the flash does not change at all)."""
        if self.halted:
            return
        try:
            if self._has(bad):
                os.remove(bad)
            os.rename(path, bad)
        except OSError:
            pass

    def _say(self, name, status, fallback):
        # The sentences are a module of their own: rarely needed, never at boot.
        from wyrm.store_words import words

        self.trouble += 1
        self.problems.append(words(name, status, fallback))

    # -- public --------------------------------------------------------------
    def load(self, name, default=None, check=None):
        """The saved object for name, else the backup, else default. Never raises
        on a bad or missing file; problems are queued in self.problems. An
        object the flash refused is still the newest: it is returned.

        ``check(obj)`` (optional) says whether the caller can use a file that
        decoded: _OK (0), _DAMAGED (1) or _OTHER_VERSION (2); raising KeyError,
        TypeError ... counts as damaged. A file it refuses is set aside like a
        damaged one and the backup is tried with the same check."""
        if name in self._pending:  # (written by Wyrm itself: check only takes it)
            obj = self._pending[name]
            return obj if check is None or check(obj) == _OK else default
        if name in self._gone:
            return default
        path = self._path(name, ".json")
        try:
            if self._has(path):
                status, obj = self._read(path, check)
                if status == _OK:
                    return obj
            elif self._has(self._path(name, ".bak")):
                status = _CUT
            else:
                return default
        except OSError:  # the flash keeps failing to read: every copy stays as it is
            status = _UNREAD
        # Something is wrong: what to do about it is wyrm.store_mend.
        from wyrm.store_mend import mend  # (here: wyrm.store_mend imports this module)

        return mend(self, name, status, check, default)

    def save(self, name, obj):
        """Write obj atomically. True if written; False if the flash refused
        (full or failing): the previous files stay as they were, and obj is
        written with the next save that works (saving resumes by itself)."""
        return self._save(name, obj, encode)  # (the JSON encoder: wyrm.store_pack)

    def _save(self, name, obj, encode):
        data = frame(encode(obj))  # encode first: a TypeError leaves the files untouched
        self._pending.pop(name, None)
        if not self._try(name, data):
            self._pending[name] = obj
            return False
        for other in list(self._pending):  # room again: what could not be saved
            if not self._try(other, frame(encode(self._pending[other]))):
                return True
            del self._pending[other]
        return True

    def _try(self, name, data):
        if self.halted:  # kept in _pending, written by the first save after it
            return False
        tmp = self._path(name, ".tmp")
        try:
            self._write(name, tmp, data)
        except OSError as exc:
            self.failed += 1
            self.failing = _errno(exc)
            try:  # a half-written tmp only takes room
                os.remove(tmp)
            except OSError:
                pass
            return False
        self.failing = 0
        return True

    def _write(self, name, tmp, data):
        path = self._path(name, ".json")
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
        sync = getattr(os, "sync", None)
        if sync is not None:
            sync()
        if self._has(path):
            # Only a good file may replace the backup; a damaged one is set
            # aside so the backup (perhaps the last good state) survives.
            status, _ = self._read(path)  # (an EIO here refuses the save: the file stays)
            if status == _OK:
                os.rename(path, self._path(name, ".bak"))
            else:
                self._set_aside(path, self._path(name, ".bad"))
        os.rename(tmp, path)
        if sync is not None:
            sync()

    def exists(self, name):
        """True if something was saved under name (the file or its backup); a
        file the flash cannot say anything about counts as there."""
        if name in self._pending:
            return True
        if name in self._gone:
            return False
        try:
            return self._has(self._path(name, ".json")) or self._has(self._path(name, ".bak"))
        except OSError:
            return True

    def remove(self, name):
        """Forget name: its file, backup and leftover tmp. Set-aside ``.bad``
        copies stay (they are never deleted). Never raises on a failing flash.

        While saving is stopped (``halted``) the files stay: name reads as gone, and
        its files are removed once saving starts again (store_mend.resume)."""
        self._pending.pop(name, None)
        if self.halted:
            if name not in self._gone:
                self._gone += (name,)
            return

        # The backup goes first: a power cut half-way leaves the newest copy,
        # never an older one to come back as the saved state.
        for ext in (".bak", ".tmp", ".json"):
            p = self._path(name, ext)
            try:
                if self._has(p):
                    os.remove(p)
            except OSError:
                pass

    def read_user(self, filename, max_bytes):
        """A JSON file the player put on the device (deck.json, dice.json, ...), never
        a save: (obj, problem). No file: (None, None). A file over ``max_bytes``, not
        UTF-8 text or not JSON: (None, a sentence that names the file)."""
        try:
            with open(self.root + filename, "rb") as f:
                data = f.read(max_bytes + 1)
        except OSError:
            return None, None
        if len(data) > max_bytes:
            return None, t("%s is longer than %d bytes", "%s ist länger als %d Bytes") % (
                filename, max_bytes)
        try:
            text = data.decode()
        except UnicodeError:
            return None, t("%s is not plain text (UTF-8)",
                           "%s ist kein reiner Text (UTF-8)") % filename
        if not _too_deep(data):
            try:
                return json.loads(text), None
            except (ValueError, MemoryError):
                pass
        return None, t("%s is not valid JSON", "%s ist kein gültiges JSON") % filename

    def take_problems(self):
        """The queued problem messages (oldest first); the queue is emptied."""
        out = self.problems
        self.problems = []
        return out
