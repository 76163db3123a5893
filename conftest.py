"""Test-wide set-up: firmware/ and the host shims are importable under CPython."""
import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
for sub in ("firmware", os.path.join("host_tools", "sim", "shims")):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)
