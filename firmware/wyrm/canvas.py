"""The drawing surface: a MONO_VLSB FrameBuffer that knows which pages (and columns) changed.

``dirty()`` reports them against a shadow of the panel; all buffers are allocated once.
"""
import framebuf


def clear(fb, y=0):
    """``fb`` dark from row ``y`` down: a Canvas's whole pages as C copies of a dark page
    (0.14 ms a frame), anything else, and a page's rows below ``y``, by ``fill_rect``,
    which sets the pixels one by one (0.8 ms for the 8,192 of a frame on the Pico)."""
    pages = getattr(fb, "_buf_pages", None)
    if pages is None:
        if y:
            fb.fill_rect(0, y, fb.width, fb.height - y, 0)
        else:
            fb.fill(0)
        return
    p = (y + 7) >> 3  # the first whole page
    if y & 7:
        fb.fill_rect(0, y, fb.width, (p << 3) - y, 0)
    blank = fb._blank
    for i in range(p, len(pages)):
        pages[i][:] = blank


class Canvas(framebuf.FrameBuffer):
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.pages = height >> 3
        self.buffer = bytearray(self.pages * width)
        self.shadow = bytearray(self.pages * width)
        # Columns [lo, hi) of each page to send next: whole pages unless dirty()
        # narrowed them (a driver makes a page whole again once it is sent).
        self.lo = bytearray(self.pages)
        self.hi = bytearray(self.pages)
        # Shadow starts "unknown": the first dirty() reports every page.
        self.forget()
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        # Views of each page of the drawing and of the shadow, made once:
        # comparing and copying a page is then one C call that allocates nothing.
        self._buf_pages = self._page_views(self.buffer)
        self._shadow_pages = self._page_views(self.shadow)
        self._blank = bytes(width)  # a dark page (clear)

    def _page_views(self, buf):
        mv = memoryview(buf)
        w = self.width
        return [mv[p * w:(p + 1) * w] for p in range(self.pages)]

    def forget(self):
        """The panel's content is unknown (reset, power cycle): resend all."""
        self._known = False
        self.whole()

    def whole(self):
        """Every page's span is the whole page."""
        for p in range(self.pages):
            self.lo[p] = 0
            self.hi[p] = self.width

    def dirty(self):
        """Bit mask of pages that differ from the shadow; the shadow is updated.

        A page is compared and copied as a whole through its memoryview (C
        loops); a changed one's columns are scanned from both ends a byte at
        a time. Nothing is allocated per frame.
        """
        bp = self._buf_pages
        sp = self._shadow_pages
        lo = self.lo
        hi = self.hi
        known = self._known
        last = self.width - 1
        mask = 0
        for p in range(self.pages):
            b = bp[p]
            s = sp[p]
            if not known:
                lo[p] = 0
                hi[p] = last + 1
            elif b != s:
                i = 0
                while b[i] == s[i]:
                    i += 1
                j = last
                while b[j] == s[j]:
                    j -= 1
                lo[p] = i
                hi[p] = j + 1
            else:
                continue
            s[:] = b
            mask |= 1 << p
        self._known = True
        return mask
