# Wyrm frozen into your own MicroPython build for the Raspberry Pi Pico.
#
#   cd micropython/ports/rp2
#   make BOARD=RPI_PICO submodules
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/wyrm/manifest.py
#
# then flash build-RPI_PICO/firmware.uf2 (BOOTSEL, drag onto RPI-RP2) and copy the files
# that stay on the filesystem: mpremote cp firmware/main.py :main.py + cp boards/<BOARD>.json
# :board.json. main.py is the same few-line stub make deploy installs: it starts wyrm.shell.
# Frozen modules run from flash, so their code and names take no RAM.
# A frozen build copies firmware/wyrm/names.txt to :names.txt too (the first names the name
# screens know).
# Relative paths below are relative to this file (MicroPython's manifest rules).
# Do not put a wyrm/ folder or wyrm_finder.mpy (make deploy's) on the filesystem as well:
# they would be imported instead.

# Everything the stock RPI_PICO firmware freezes (asyncio, the rp2 and onewire helpers, ...).
include("$(PORT_DIR)/boards/manifest.py")

# The whole wyrm package (firmware/wyrm/**.py, the shell too) as frozen bytecode. main.py is
# not frozen: MicroPython starts main.py from the filesystem.
package("wyrm", base_path="firmware")
