"""Make firmware/ and the CPython shims importable (host tools only)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(ROOT, "host_tools", "sim", "shims")
BOARDS = os.path.join(ROOT, "boards")


def setup():
    for path in (FIRMWARE, SHIMS):
        if path not in sys.path:
            sys.path.insert(0, path)


setup()
