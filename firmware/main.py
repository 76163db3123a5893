# Wyrm's boot file, run by MicroPython at power-up: make deploy copies it as it is, and a
# build with Wyrm frozen in (manifest.py) uses it too.
try:
    import wyrm_finder  # noqa: F401 - Wyrm's modules found without flash lookups
except ImportError:
    pass  # a frozen build: no finder, the modules are in the firmware
from wyrm.shell import main

main()
