"""A model of an SSD1306 / SH1106 OLED module on I2C, for testing drivers.

``Panel`` decodes the byte stream a driver writes (``write(addr, bytes)`` per
I2C transaction) the way the controller does, keeps the display RAM and the
registers, and ``image()`` returns what a person looking at the module sees:
``height`` rows of ``width`` ints (1 = lit).

Decoding, after the datasheets (SSD1306 rev 1.1 section 8.1.5 / 10, SH1106
V2.3 I2C interface and command table):

* Each transaction starts with a control byte ``Co D/C# 0 0 0 0 0 0``.
  Co=0: every following byte of the transaction is a command (D/C#=0, 0x00) or
  RAM data (D/C#=1, 0x40). Co=1 (0x80 command, 0xC0 data): exactly one byte
  follows, then another control byte. Other bits set -> ``PanelError``.
* Multi-byte commands take their arguments as further command bytes, which may
  come in later control bytes or transactions (0x80 0x81, 0x80 0x7F is legal).
  A data byte while a command still waits for an argument is an error.
* Unknown commands, commands this model does not implement (scrolling,
  read-modify-write), arguments out of range and page-mode-only commands in
  horizontal/vertical mode (or the reverse) raise ``PanelError``, so a driver
  that sends a wrong stream fails loudly instead of "working" in the model.

Memory:

* SSD1306: 128 x 8 pages. Addressing modes page (reset default), horizontal
  and vertical with the 0x21/0x22 windows. The segment remap (A0/A1) "only
  affects subsequent data input" (datasheet 10.1.8), so RAM is stored by
  segment, remapped at write time. In page mode the column pointer wraps from
  127 back to the page-mode start column, page unchanged.
* SH1106: 132 x 8 pages, page addressing only. The column counter advances on
  each data byte and the page never changes; past column 131 the model wraps it
  to 0 (the datasheet says only that it counts "until address 132 is
  accessed"; correct drivers never get there). The segment remap (ADC) maps
  RAM columns to segments at display time.

The module (glass) is described by the controller, its ``width`` x ``height``
and ``col_offset`` - the RAM column shown in the leftmost pixel when the chip
is set up the usual way (segment remap A1, COM scan C8, multiplex height-1,
COM pins 0x12, or 0x02 for glasses wider than twice their height). Other
settings show mirrored, shifted, interleaved or missing rows/columns, the way
the real glass would. Start RAM holds seeded random garbage, as after power-up.
"""
import random

SSD1306 = "ssd1306"
SH1106 = "sh1106"


class PanelError(Exception):
    """The byte stream is not something the controller understands."""


# Commands with arguments: opcode -> number of argument bytes.
_ARGS_COMMON = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1}
_ARGS_SSD1306 = {0x20: 1, 0x21: 2, 0x22: 2, 0x8D: 1}


class Panel:
    def __init__(self, controller=SSD1306, width=128, height=64, addr=0x3C,
                 col_offset=None, external_vcc=False, seed=1):
        if controller not in (SSD1306, SH1106):
            raise ValueError(controller)
        self.controller = controller
        self.sh1106 = controller == SH1106
        self.ram_columns = 132 if self.sh1106 else 128
        if col_offset is None:
            col_offset = 2 if self.sh1106 else 0
        assert 0 <= col_offset and col_offset + width <= self.ram_columns
        assert height % 8 == 0 and 8 <= height <= 64
        self.width = width
        self.height = height
        self.addr = addr
        self.col_offset = col_offset
        self.external_vcc = external_vcc
        rng = random.Random(seed)
        self.ram = [bytearray(rng.getrandbits(8) for _ in range(self.ram_columns))
                    for _ in range(8)]
        self.reset()
        # The glass: which segment drives viewer column x and which COM pad
        # drives viewer row y, fixed by the module's usual set-up.
        self.glass_seg = [self.ram_columns - 1 - col_offset - x for x in range(width)]
        canon_pins = 0x02 if width > 2 * height else 0x12
        self.glass_pad = [self._pad(y, height - 1, 0, True, canon_pins) for y in range(height)]
        self.transactions = 0
        self.bytes_in = 0
        self.data_bytes_per_page = [0] * 8
        self.commands = []

    def reset(self):
        """Register values after a hardware reset (datasheet defaults)."""
        self.display_on = False
        self.contrast = 0x80 if self.sh1106 else 0x7F
        self.inverse = False
        self.entire_on = False
        self.seg_remap = False
        self.com_remap = False
        self.mux = 63
        self.display_offset = 0
        self.start_line = 0
        self.com_pins = 0x12
        self.clock = 0x50 if self.sh1106 else 0x80
        self.precharge = 0x22
        self.vcomh = 0x35 if self.sh1106 else 0x20
        # SSD1306 charge pump is off after reset; SH1106 DC-DC is on (0x8B).
        self.pump = self.sh1106
        self.pump_voltage = 2
        self.iref = 0
        self.mode = 2  # page addressing
        self.col = 0
        self.page = 0
        self.page_mode_col = 0
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self._pending = None
        self._args = []

    # -- I2C -------------------------------------------------------------------
    def feed(self, writes):
        """Decode a list of (addr, bytes) I2C writes."""
        for addr, data in writes:
            self.write(addr, data)

    def write(self, addr, data):
        """One I2C write transaction; other addresses are other chips' business."""
        if addr != self.addr:
            return
        data = bytes(data)
        self.transactions += 1
        self.bytes_in += len(data)
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                raise PanelError("control byte 0x%02X has reserved bits set" % ctrl)
            is_data = bool(ctrl & 0x40)
            if ctrl & 0x80:
                if i >= n:
                    raise PanelError("transaction ends right after a Co=1 control byte")
                self._byte(data[i], is_data)
                i += 1
            else:
                while i < n:
                    self._byte(data[i], is_data)
                    i += 1

    def _byte(self, b, is_data):
        if is_data:
            if self._pending is not None:
                raise PanelError("RAM data while command 0x%02X waits for arguments"
                                 % self._pending)
            self._data(b)
        elif self._pending is not None:
            self._args.append(b)
            if len(self._args) == self._nargs:
                op, args = self._pending, self._args
                self._pending = None
                self._args = []
                self._execute(op, args)
        else:
            n = _ARGS_COMMON.get(b)
            if n is None and not self.sh1106:
                n = _ARGS_SSD1306.get(b)
            if n:
                self._pending = b
                self._nargs = n
                self._args = []
            else:
                self._execute(b, [])

    # -- commands --------------------------------------------------------------
    def _need_page_mode(self, op):
        if not self.sh1106 and self.mode != 2:
            raise PanelError("command 0x%02X is for page addressing mode only" % op)

    def _need_hv_mode(self, op):
        if self.mode == 2:
            raise PanelError("command 0x%02X is for horizontal/vertical mode only" % op)

    def _execute(self, op, args):
        self.commands.append((op, tuple(args)))
        a = args[0] if args else None
        sh = self.sh1106
        if op <= 0x0F:
            self._need_page_mode(op)
            self._set_page_col((self.page_mode_col & 0xF0) | op)
        elif op <= 0x1F:
            self._need_page_mode(op)
            self._set_page_col(((op & 0x0F) << 4) | (self.page_mode_col & 0x0F))
        elif op == 0x20 and not sh:
            if a & 3 == 3:
                raise PanelError("memory addressing mode 3 is invalid")
            self.mode = a & 3
        elif op == 0x21 and not sh:
            self._need_hv_mode(op)
            if args[0] > 127 or args[1] > 127:
                raise PanelError("column address out of range")
            self.col_start, self.col_end, self.col = args[0], args[1], args[0]
        elif op == 0x22 and not sh:
            self._need_hv_mode(op)
            if args[0] > 7 or args[1] > 7:
                raise PanelError("page address out of range")
            self.page_start, self.page_end, self.page = args[0], args[1], args[0]
        elif op == 0x2E and not sh:
            pass  # deactivate scroll: scrolling is never active in this model
        elif 0x30 <= op <= 0x33 and sh:
            self.pump_voltage = op & 3
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        elif op == 0x81:
            self.contrast = a
        elif op == 0x8D and not sh:
            if a not in (0x10, 0x14):
                raise PanelError("charge pump argument 0x%02X" % a)
            self.pump = a == 0x14
        elif op == 0xAD:
            if sh:
                if a not in (0x8A, 0x8B):
                    raise PanelError("DC-DC argument 0x%02X" % a)
                self.pump = a == 0x8B
            else:
                if a & 0xCF:
                    raise PanelError("IREF argument 0x%02X" % a)
                self.iref = a
        elif op in (0xA0, 0xA1):
            self.seg_remap = op == 0xA1
        elif op in (0xA4, 0xA5):
            self.entire_on = op == 0xA5
        elif op in (0xA6, 0xA7):
            self.inverse = op == 0xA7
        elif op == 0xA8:
            if a > 63 or (not sh and a < 15):
                raise PanelError("multiplex ratio argument %d" % a)
            self.mux = a
        elif op in (0xAE, 0xAF):
            self.display_on = op == 0xAF
        elif 0xB0 <= op <= 0xB7:
            self._need_page_mode(op)
            self.page = op & 7
        elif op in (0xC0, 0xC8) or (sh and 0xC0 <= op <= 0xCF):
            self.com_remap = bool(op & 0x08)
        elif op == 0xD3:
            if a > 63:
                raise PanelError("display offset %d" % a)
            self.display_offset = a
        elif op == 0xD5:
            self.clock = a
        elif op == 0xD9:
            if a & 0x0F == 0 or a >> 4 == 0:
                raise PanelError("precharge periods must not be 0 (0x%02X)" % a)
            self.precharge = a
        elif op == 0xDA:
            if (a & 0xCF) != 0x02 or (sh and a & 0x20):
                raise PanelError("COM pins argument 0x%02X" % a)
            self.com_pins = a
        elif op == 0xDB:
            self.vcomh = a
        elif op == 0xE3:
            pass  # NOP
        else:
            raise PanelError("unknown or unmodelled %s command 0x%02X"
                             % (self.controller, op))

    def _set_page_col(self, col):
        if col >= self.ram_columns:
            raise PanelError("column %d beyond the RAM" % col)
        self.page_mode_col = col
        self.col = col

    # -- RAM -------------------------------------------------------------------
    def _data(self, b):
        self.data_bytes_per_page[self.page] += 1
        if self.sh1106:
            self.ram[self.page][self.col] = b
            self.col = 0 if self.col >= 131 else self.col + 1
            return
        seg = 127 - self.col if self.seg_remap else self.col
        self.ram[self.page][seg] = b
        if self.mode == 2:
            self.col = self.page_mode_col if self.col >= 127 else self.col + 1
        elif self.mode == 0:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        else:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1

    # -- what the viewer sees --------------------------------------------------
    @staticmethod
    def _pad(r, mux, offset, com_remap, com_pins):
        """COM pad driven by display line r (0..mux) under these settings."""
        c = (r - offset) % 64
        if com_remap:
            c = (mux - c) % 64
        if com_pins & 0x10:  # alternative: rows alternate between the two pad halves
            pad = (c >> 1) + (32 if c & 1 else 0)
        else:
            pad = c
        if com_pins & 0x20:  # left/right remap
            pad = (pad + 32) % 64
        return pad

    def lit(self):
        """True when the panel can light at all (display on and VPP present)."""
        return self.display_on and (self.pump or self.external_vcc)

    def image(self):
        """Rows of 0/1 as seen on the glass (1 = lit)."""
        h, w = self.height, self.width
        dark = [[0] * w for _ in range(h)]
        if not self.lit():
            return dark
        line_of_pad = {}
        for r in range(self.mux + 1):
            line_of_pad[self._pad(r, self.mux, self.display_offset, self.com_remap,
                                  self.com_pins)] = r
        out = dark
        for y in range(h):
            r = line_of_pad.get(self.glass_pad[y])
            if r is None:
                continue  # this glass row's COM is not scanned
            row = (r + self.start_line) % 64
            page = self.ram[row >> 3]
            bit = row & 7
            line = out[y]
            for x in range(w):
                seg = self.glass_seg[x]
                if self.sh1106:
                    col = 131 - seg if self.seg_remap else seg
                else:
                    col = seg
                v = (page[col] >> bit) & 1
                if self.entire_on:
                    v = 1
                elif self.inverse:
                    v ^= 1
                line[x] = v
        return out


class RecordingI2C:
    """Stand-in for machine.I2C: records every writeto and can feed a Panel.

    ``fail`` set to True makes writeto raise OSError (a loose wire); with
    ``fail_after=n`` the first n writes succeed and the rest fail.
    """

    def __init__(self, panel=None):
        self.panel = panel
        self.writes = []
        self.fail = False
        self.fail_after = None

    def writeto(self, addr, buf, stop=True):
        if self.fail or (self.fail_after is not None and len(self.writes) >= self.fail_after):
            raise OSError(5, "EIO")
        data = bytes(buf)  # the driver reuses its buffers: copy now
        self.writes.append((addr, data))
        if self.panel is not None:
            self.panel.write(addr, data)
        return len(data)

    def scan(self):
        return [self.panel.addr] if self.panel is not None else []

    def take(self):
        """Writes recorded since the last take()."""
        out = self.writes
        self.writes = []
        return out


def framebuffer_pixels(fb, width, height):
    """Rows of 0/1 read back from a FrameBuffer with pixel()."""
    return [[fb.pixel(x, y) for x in range(width)] for y in range(height)]


def rotate180(rows):
    return [list(reversed(r)) for r in reversed(rows)]
