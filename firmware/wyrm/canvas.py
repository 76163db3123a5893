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
        # Views of each page of the drawing and of the shadow, made once:
        # comparing and copying a page is then one C call that allocates nothing.
        self._buf_pages = self._page_views(self.buffer)
        self._shadow_pages = self._page_views(self.shadow)

    def _page_views(self, buf):
        mv = memoryview(buf)
        w = self.width
        return [mv[p * w:(p + 1) * w] for p in range(self.pages)]

    def forget(self):
        """The panel's content is unknown (reset, power cycle): resend all."""
        self._known = False

    def dirty(self):
        """Bit mask of pages that differ from the shadow; the shadow is updated.

        A page is compared and copied as a whole through its memoryview (C
        loops, nothing allocated per frame).
        """
        bp = self._buf_pages
        sp = self._shadow_pages
        known = self._known
        mask = 0
        for p in range(self.pages):
            if not known or bp[p] != sp[p]:
                sp[p][:] = bp[p]
                mask |= 1 << p
        self._known = True
        return mask
