# Wyrm's own MicroPython for the Raspberry Pi Pico (RP2040): host_tools/make/firmware.py builds
# it with BOARD_DIR=boards/micropython/WYRM_PICO (make firmware).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# What is frozen: this folder's manifest.py (Wyrm and the port's boot modules, nothing else).
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
