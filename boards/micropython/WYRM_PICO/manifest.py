# What Wyrm's own firmware freezes (make firmware; mpconfigboard.cmake names this file).
# Relative paths are relative to this file (MicroPython's manifest rules).

# The port's own modules: _boot.py mounts the filesystem, rp2.py is what it imports.
# The stock firmware's other frozen modules (asyncio, onewire, ds18x20, dht, neopixel) are
# left out: nothing of Wyrm imports them.
freeze("$(PORT_DIR)/modules")

# The whole wyrm package (firmware/wyrm/**.py, the shell too) as frozen bytecode: it runs from
# flash, so its code and names take no RAM. main.py is not frozen: MicroPython starts main.py
# from the filesystem, which holds only main.py, board.json and data files (names.txt) - a
# wyrm/ folder or wyrm_finder.mpy there would be imported in place of the frozen package.
package("wyrm", base_path="../../../firmware")
