"""The drawing surface: a MONO_VLSB FrameBuffer that knows which pages changed.

A 128x64 panel has 8 pages of 8 pixel rows; each page is ``width`` bytes of the
buffer. ``Canvas`` keeps a shadow of what was last handed to the panel and
``dirty()`` reports (and accepts) the pages whose bytes differ. The OLED driver
subclasses it and sends exactly those pages; the simulator uses it as is.
Both buffers are allocated once.
"""
import framebuf


class Canvas(framebuf.FrameBuffer):
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.pages = height >> 3
        self.buffer = bytearray(self.pages * width)
        self.shadow = bytearray(self.pages * width)
        # Shadow starts "unknown": the first dirty() reports every page.
        self._known = False
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)

    def forget(self):
        """The panel's content is unknown (reset, power cycle): resend all."""
        self._known = False

    def dirty(self):
        """Bit mask of pages that differ from the shadow; the shadow is updated.

        Plain index loops: no slices, so nothing is allocated per frame.
        """
        w = self.width
        buf = self.buffer
        sh = self.shadow
        known = self._known
        mask = 0
        for p in range(self.pages):
            a = p * w
            b = a + w
            i = a
            if known:
                while i < b and buf[i] == sh[i]:
                    i += 1
            if i < b:
                for j in range(i, b):
                    sh[j] = buf[j]
                mask |= 1 << p
        self._known = True
        return mask
