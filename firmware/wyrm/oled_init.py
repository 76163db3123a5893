"""Start an SSD1306 / SH1106 (wyrm.oled's ``init_display``: the command sequence, the RAM
cleared, the panel lit) and turn its picture (``rotate``)."""
import framebuf
from micropython import const

_SET_MEM_ADDR = const(0x20)
_DEACTIVATE_SCROLL = const(0x2E)
_SET_START_LINE = const(0x40)
_SET_CHARGE_PUMP = const(0x8D)
_SET_ENTIRE_ON = const(0xA4)
_SET_MUX_RATIO = const(0xA8)
_SET_DCDC = const(0xAD)
_SET_DISP_OFFSET = const(0xD3)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_COM_PIN_CFG = const(0xDA)
_SET_VCOM_DESEL = const(0xDB)
_PAGE_MODE = const(0x02)
_SET_CONTRAST = const(0x81)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_CTRL_CMD_STREAM = const(0x00)


def init(oled):
    h = oled.height
    seg, com = oled._orientation_cmds()
    # 128x32 glasses are wired to COM0..31 in sequence; 64-row ones to the
    # alternating (left/right interleaved) COM pins.
    com_pins = 0x02 if oled.width > 2 * h else 0x12
    seq = [_CTRL_CMD_STREAM, _SET_DISP,
           _SET_DISP_CLK_DIV, 0x80,
           _SET_MUX_RATIO, h - 1,
           _SET_DISP_OFFSET, 0x00,
           _SET_START_LINE | 0]
    if oled.sh1106:
        # DC-DC converter: 0x8B on, 0x8A off (external VPP).
        seq += [_SET_DCDC, 0x8A if oled.external_vcc else 0x8B,
                _SET_PRECHARGE, 0x22 if oled.external_vcc else 0xF1,
                _SET_VCOM_DESEL, 0x35]
    else:
        seq += [_SET_CHARGE_PUMP, 0x10 if oled.external_vcc else 0x14,
                _SET_MEM_ADDR, _PAGE_MODE,
                _DEACTIVATE_SCROLL,
                _SET_PRECHARGE, 0x22 if oled.external_vcc else 0xF1,
                _SET_VCOM_DESEL, 0x30]
    seq += [seg, com,
            _SET_COM_PIN_CFG, com_pins,
            _SET_CONTRAST, oled._contrast,
            _SET_ENTIRE_ON,
            _SET_NORM_INV]
    oled._write(bytes(seq))
    # Clear the visible RAM before lighting the panel (no power-on noise);
    # the shadow mirrors the panel, so it is cleared too.
    out = oled._page
    for i in range(1, len(out)):
        out[i] = 0
    sh = oled.shadow
    for i in range(len(sh)):
        sh[i] = 0
    for p in range(oled.pages):
        oled._window(p, 0)
        oled._write(out)
    oled.forget()
    oled.write_cmd(_SET_DISP | 1)


def turn(oled, flag):
    # segment remap + COM scan direction, then the panel RAM rewritten with what it
    # showed before (the shadow) at the new column offset; the bytes sent
    before = oled.bytes_sent
    oled.rotated = flag
    oled._set_window_columns()
    seg, com = oled._orientation_cmds()
    oled.write_cmd(seg)
    oled.write_cmd(com)
    oled.whole()
    shown = framebuf.FrameBuffer(oled.shadow, oled.width, oled.pages, framebuf.GS8)
    try:
        oled._send_pages((1 << oled.pages) - 1, shown)
    except OSError:
        oled.forget()
        raise
    return oled.bytes_sent - before
