# What Wyrm's own firmware freezes (make firmware; mpconfigboard.cmake names this file).
# Relative paths are relative to this file (MicroPython's manifest rules).

# The port's rp2.py (what _boot.py imports). The port's _boot.py is replaced by this
# folder's: it mounts the filesystem the same way and then puts the frozen modules first on
# sys.path. The stock firmware's other frozen modules (asyncio, onewire, ds18x20, dht,
# neopixel) are left out: nothing of Wyrm imports them.
module("rp2.py", base_path="$(PORT_DIR)/modules")
module("_boot.py")

# Wyrm's own wyrm_finder, which finds nothing (the modules are frozen): main.py imports it,
# and it stands in front of a wyrm_finder.mpy that make deploy left on the flash under the
# stock MicroPython.
module("wyrm_finder.py")

# The whole wyrm package (firmware/wyrm/**.py, the shell too) as frozen bytecode: it runs from
# flash, so its code and names take no RAM. main.py is not frozen: MicroPython starts main.py
# from the filesystem, which holds only main.py, board.json and data files (names.txt).
package("wyrm", base_path="../../../firmware")
