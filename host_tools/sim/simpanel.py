"""The OLED's controls (contrast, flip, power) as the simulator's panel.

Plain Python that runs under CPython and inside the WebAssembly MicroPython
(``core.install_panel`` copies this file into the runner), so both runtimes
use the same stand-in.
"""


class SimPanel:
    def __init__(self):
        self.level = 255
        self.on = True
        self.flipped = False

    def contrast(self, v):
        self.level = v

    def rotate(self, flag):
        self.flipped = bool(flag)

    def invert(self, flag):
        pass

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True
