# Wyrm's boot file, run by MicroPython at power-up: make deploy copies it as it is, and Wyrm's
# own firmware (make firmware, Wyrm frozen in) uses it too: its filesystem has no finder.
try:
    import wyrm_finder  # noqa: F401 - Wyrm's modules found without flash lookups
except ImportError:
    pass  # a frozen build: no finder, the modules are in the firmware
from wyrm.shell import main

main()
