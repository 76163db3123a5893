"""SSD1306 / SH1106 over I2C: the driver is the Canvas the app draws into.

``send(dirty())`` sends only the changed pages and columns and allocates nothing; addressing, column
offset and rotation: docs/INTERNALS.md.
"""
import framebuf
from micropython import const

from wyrm import oled_init
from wyrm.canvas import Canvas

_SET_LOW_COL = const(0x00)
_SET_HIGH_COL = const(0x10)
_SET_CONTRAST = const(0x81)
_SET_SEG_REMAP = const(0xA0)
_SET_DISP = const(0xAE)
_SET_PAGE = const(0xB0)
_SET_COM_OUT_DIR = const(0xC0)

_CTRL_CMD_STREAM = const(0x00)
_CTRL_DATA_STREAM = const(0x40)
_CTRL_CMD_SINGLE = const(0x80)

_SSD1306_COLUMNS = const(128)
_SH1106_COLUMNS = const(132)
_SPAN = const(8)  # a page's changed columns go out rounded up to a multiple of this


class Oled(Canvas):
    def __init__(self, i2c, width=128, height=64, addr=0x3C, controller="ssd1306",
                 col_offset=None, rotate=False, external_vcc=False):
        if controller == "ssd1306":
            self.sh1106 = False
            self.ram_columns = _SSD1306_COLUMNS
        elif controller == "sh1106":
            self.sh1106 = True
            self.ram_columns = _SH1106_COLUMNS
        else:
            raise ValueError("unknown display controller: %s" % controller)
        if col_offset is None:
            col_offset = 2 if self.sh1106 else 0
        if height & 7 or height < 16 or height > 64:
            raise ValueError("display height must be 16..64, a multiple of 8")
        if width < 1 or col_offset < 0 or col_offset + width > self.ram_columns:
            raise ValueError("display width and column offset exceed the RAM")
        self.i2c = i2c
        self.addr = addr
        self.col_offset = col_offset
        self.external_vcc = external_vcc
        self.rotated = bool(rotate)
        self.bytes_sent = 0
        self._contrast = 0xCF
        super().__init__(width, height)
        # One-time buffers: a single command with its control byte, the
        # page/column command stream, and control byte + one page of data.
        self._cmd = bytearray(2)
        self._cmd[0] = _CTRL_CMD_SINGLE
        self._win = bytearray(4)
        self._win[0] = _CTRL_CMD_STREAM
        self._page = bytearray(1 + width)
        self._page[0] = _CTRL_DATA_STREAM
        # The drawing seen a byte a pixel (row p is page p), and the send buffer
        # so too: one blit copies a page's columns a.. to the front of it.
        self._rows = framebuf.FrameBuffer(self.buffer, width, self.pages, framebuf.GS8)
        self._out = framebuf.FrameBuffer(self._page, 1 + width, 1, framebuf.GS8)
        # Views of the send buffer's first 1 + 8k bytes, made at their first use
        self._lens: list = [None] * ((width - 1) // _SPAN)
        self._col = 0  # RAM column of the picture's left edge
        self._set_window_columns()
        self.init_display()

    # -- low level -----------------------------------------------------------
    def _write(self, buf):
        self.i2c.writeto(self.addr, buf)
        self.bytes_sent += len(buf)

    def write_cmd(self, cmd):
        """Send one command byte (control byte 0x80)."""
        self._cmd[1] = cmd
        self._write(self._cmd)

    def _set_window_columns(self):
        col = self.col_offset
        if self.rotated:
            col = self.ram_columns - self.width - col
        self._col = col

    def _window(self, page, x):
        """Data from now on goes to ``page`` from the picture's column ``x``."""
        col = self._col + x
        win = self._win
        win[1] = _SET_PAGE | page
        win[2] = _SET_LOW_COL | (col & 0x0F)
        win[3] = _SET_HIGH_COL | (col >> 4)
        self._write(win)

    def _send_pages(self, mask, rows):
        """Send the pages in ``mask`` of ``rows`` (a GS8 view of a page buffer, row p
        = page p), each its noted columns; afterwards each is whole again."""
        w = self.width
        out = self._page
        win = self._win
        i2c = self.i2c
        addr = self.addr
        lo = self.lo
        hi = self.hi
        n = 0
        p = 0
        pages = self.pages
        while mask and p < pages:
            if mask & 1:
                a = lo[p]
                k = (hi[p] - a + _SPAN - 1) // _SPAN
                ln = k * _SPAN
                if ln >= w:
                    a = 0
                    ln = w
                    view = out
                else:
                    if a + ln > w:
                        a = w - ln  # rounded up past the right edge: start earlier
                    view = self._lens[k - 1]
                    if view is None:
                        view = self._lens[k - 1] = memoryview(out)[: 1 + ln]
                lo[p] = 0
                hi[p] = w
                a += self._col
                win[1] = _SET_PAGE | p
                win[2] = _SET_LOW_COL | (a & 0x0F)
                win[3] = _SET_HIGH_COL | (a >> 4)
                i2c.writeto(addr, win)
                self._out.blit(rows, 1 + self._col - a, -p)  # the columns to out[1:]
                out[0] = _CTRL_DATA_STREAM
                i2c.writeto(addr, view)
                n += 5 + ln
            mask >>= 1
            p += 1
        self.bytes_sent += n
        return n

    def _orientation_cmds(self):
        if self.rotated:
            return (_SET_SEG_REMAP, _SET_COM_OUT_DIR)
        return (_SET_SEG_REMAP | 1, _SET_COM_OUT_DIR | 8)

    # -- public API ------------------------------------------------------------
    def init_display(self):
        """Configure the controller, clear its RAM, switch the display on.

        Restores the last contrast and rotation. The app's drawing
        is kept: the shadow is forgotten, so the next frame sends every page
        (wyrm.oled_init).
        """
        oled_init.init(self)

    def send(self, mask):
        """Send exactly the pages whose bit is set in ``mask``; returns bytes sent."""
        return self._send_pages(mask, self._rows)

    def poweroff(self):
        """Display off (sleep); RAM and settings are kept."""
        self.write_cmd(_SET_DISP)

    def poweron(self):
        """Display on again."""
        self.write_cmd(_SET_DISP | 1)

    def contrast(self, value):
        """Set the contrast 0..255 (values outside are clamped)."""
        if value < 0:
            value = 0
        elif value > 255:
            value = 255
        self._contrast = value
        self.write_cmd(_SET_CONTRAST)
        self.write_cmd(value)

    def rotate(self, flag):
        """Turn the picture by 180 degrees (True) or back to normal (False).

        Sends segment remap + COM scan direction, then rewrites the panel RAM
        with what it showed before (the shadow) at the new column offset.
        Returns the bytes sent: 0 when the orientation is already right (the
        app re-applies its settings on every wake).
        """
        if bool(flag) == self.rotated:
            return 0
        return oled_init.turn(self, bool(flag))
