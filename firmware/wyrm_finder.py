"""Wyrm's modules found without asking the flash three times each.

The device's main.py imports this before anything of Wyrm. MicroPython's import
asks the filesystem four times for every module: is ``wyrm/games/x`` a package
folder, is there an ``x.py``, an ``x.mpy``; then it opens the file. Each question
is a LittleFS lookup that walks the folders from the root, 2-6 ms on the RP2040
(emulated, at 125 MHz; a real board's flash adds to it), so a module cost 10-15 ms
before a byte of it was read.

``make deploy`` installs Wyrm's packages as .mpy files only and removes anything
else in them, so the first three answers are known. This module is itself a
read-only filesystem (``mount``, ``stat``, ``open``), mounted at ``/f`` and put
first on ``sys.path``: it answers those questions for Wyrm's package folders from
that knowledge and opens the real file for the fourth. Anything outside them (a
REPL user's own module) it leaves to the flash, and a module that is not there is
the usual ImportError.
"""

import io
import os
import sys

# Wyrm's package folders on the device (tests/device/test_pico_finder.py checks them against
# what make deploy installs).
PACKAGES = ("/wyrm", "/wyrm/games")


# The filesystem protocol, as functions of this module: the module itself is mounted.
def mount(readonly, mkfs):
    pass


def stat(path):
    if path in PACKAGES:
        return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    # a module of a package: Wyrm's packages are namespace packages (no __init__)
    if path.endswith(".mpy") and path[: path.rfind("/")] in PACKAGES and "__init__" not in path:
        return (0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    raise OSError(2)  # ENOENT: import goes on to the next entry of sys.path


def open(path, mode):  # noqa: A001 - the protocol's name
    try:
        return io.open(path, mode)
    except OSError:
        raise ImportError("no module " + path) from None


try:
    os.mount(sys.modules[__name__], "/f")
    sys.path.insert(0, "/f")
except (AttributeError, KeyError, OSError, TypeError):
    pass  # this port cannot: imports ask the flash
