# Wyrm's boot file, run by MicroPython at power-up: make deploy copies it as it is, and Wyrm's
# own firmware (make firmware, Wyrm frozen in) uses it too, with a wyrm_finder of its own.
try:
    import wyrm_finder  # noqa: F401 - Wyrm's modules found without flash lookups
except ImportError:
    pass  # no finder: imports ask the flash
from wyrm.shell import main

main()
