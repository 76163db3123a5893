"""Wyrm's own firmware: the modules are frozen, there is nothing to find.

main.py imports wyrm_finder before anything of Wyrm. On the stock MicroPython, make deploy
installs the real one (firmware/wyrm_finder.py) as wyrm_finder.mpy; on this firmware this
frozen module is imported in its place (_boot.py puts the frozen modules first), so a
wyrm_finder.mpy left on the flash never mounts itself in front of the frozen package.

The frozen modules read the data files (names.txt) at the filesystem's root; a flash set up
by make deploy on the stock MicroPython holds it in wyrm/: it is moved to the root once.
"""

import os

try:
    os.stat("names.txt")
except OSError:
    try:
        os.rename("wyrm/names.txt", "names.txt")
    except OSError:
        pass
