# Wyrm's boot file: make deploy installs it as it is, a frozen build copies it (manifest.py).
try:
    import wyrm_finder  # Wyrm's modules found without flash lookups (make deploy installs it)
except ImportError:
    pass  # a frozen build: the modules are in the firmware, not on the flash
from wyrm.shell import main

main()
