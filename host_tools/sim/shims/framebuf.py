"""CPython stand-in for MicroPython's ``framebuf`` (host only, never deployed).

MONO_VLSB and GS8 only, step by step as the C code; tests/tools/test_framebuf_diff.py proves it
byte-identical to the real one. Anything else raises.
"""

MONO_VLSB = 0
MONO_VLSB_NAME = "MONO_VLSB"
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in (MONO_VLSB, GS8):
            raise ValueError("host framebuf: only MONO_VLSB and GS8 are implemented")
        if stride is None:
            stride = width
        if width < 1 or height < 1 or stride < width:
            raise ValueError("invalid framebuffer size")
        need = (((height + 7) >> 3) if format == MONO_VLSB else height) * stride
        if len(buffer) < need:
            raise ValueError("buffer too small")
        self._buf = buffer
        self._w = width
        self._h = height
        self._stride = stride
        if format == GS8:
            self._set = self._gs8_set
            self._get = self._gs8_get
            self._fill_rect_clipped = self._gs8_fill_rect

    # -- GS8 (gs8_* in modframebuf.c): a byte a pixel ---------------------------
    def _gs8_set(self, x, y, c):
        self._buf[y * self._stride + x] = c & 0xFF

    def _gs8_get(self, x, y):
        return self._buf[y * self._stride + x]

    def _gs8_fill_rect(self, x, y, w, h, c):
        for row in range(y, y + h):
            start = row * self._stride + x
            self._buf[start : start + w] = bytes([c & 0xFF]) * w

    # -- format-level helpers (mono_vlsb_* in modframebuf.c) ----------------
    def _set(self, x, y, c):
        buf = self._buf
        i = (y >> 3) * self._stride + x
        bit = 1 << (y & 7)
        if c:
            buf[i] |= bit
        else:
            buf[i] &= ~bit & 0xFF

    def _get(self, x, y):
        return (self._buf[(y >> 3) * self._stride + x] >> (y & 7)) & 1

    def _fill_rect_clipped(self, x, y, w, h, c):
        buf = self._buf
        stride = self._stride
        yend = y + h
        while y < yend:
            page = y >> 3
            page_end = min(yend, (page + 1) << 3)
            mask = 0
            for row in range(y, page_end):
                mask |= 1 << (row & 7)
            start = page * stride + x
            end = start + w
            if mask == 0xFF:
                buf[start:end] = (b"\xff" if c else b"\x00") * w
            elif c:
                for i in range(start, end):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(start, end):
                    buf[i] &= keep
            y = page_end

    # -- public API ----------------------------------------------------------
    def fill(self, c):
        self._fill_rect_clipped(0, 0, self._w, self._h, c)

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect_clipped(x, y, xend - x, yend - y, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._w and 0 <= y < self._h:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        w = self._w
        h = self._h
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        src = fbuf
        if x >= self._w or y >= self._h or -x >= src._w or -y >= src._h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + src._w)
        y0end = min(self._h, y + src._h)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def scroll(self, xstep, ystep):
        if xstep < 0:
            sx = 0
            xend = self._w + xstep
            if xend <= 0:
                return
            dx = 1
        else:
            sx = self._w - 1
            xend = xstep - 1
            if xend >= sx:
                return
            dx = -1
        if ystep < 0:
            y = 0
            yend = self._h + ystep
            if yend <= 0:
                return
            dy = 1
        else:
            y = self._h - 1
            yend = ystep - 1
            if yend >= y:
                return
            dy = -1
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x, y, c=1):
        raise NotImplementedError("firmware draws text with wyrm.font, not framebuf.text")
