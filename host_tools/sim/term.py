"""The simulator in a terminal: Unicode half blocks, plain ANSI codes, works over SSH and tmux.

A terminal sees no key release, so holds have keys of their own (docs/TOOLS.md).
"""
import contextlib
import io
import os
import select
import signal
import sys
import time

from host_tools.sim import core
from host_tools.sim.live import BACK, DOWN, OK, STEP_S, TAP_MS, UP, Session, TapKeys, brightness

UPPER = "\u2580"  # upper half block
LOWER = "\u2584"  # lower half block
FULL = "\u2588"  # full block
GLYPHS = (" ", UPPER, LOWER, FULL)  # index: top bit | bottom bit << 1

HELP_ROWS = 2  # key help + status under the box
ESC_WAIT_S = 0.05  # a lone ESC with nothing after it for this long is the Esc key

CSI = "\x1b["
ALT_ON = CSI + "?1049h" + CSI + "?25l" + CSI + "2J" + CSI + "H"
ALT_OFF = CSI + "0m" + CSI + "?25h" + CSI + "?1049l"
PANEL_BG = CSI + "48;5;233m"
RESET = CSI + "0m"
FRAME_FG = CSI + "38;5;240m"


# -- pure parts: pixels -> text -------------------------------------------
HALF = "half"  # 1 x 2 pixels per character: the full-size view
BRAILLE = "braille"  # 2 x 4 pixels per character: fits an 80x24 terminal
MODES = (HALF, BRAILLE)
_CELL = {HALF: (1, 2), BRAILLE: (2, 4)}
# Braille dot bits for pixel (dx, dy) inside a 2x4 cell (Unicode U+2800 block).
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def _px(data, w, h, x, y):
    if x >= w or y >= h:
        return 0
    return (data[(y >> 3) * w + x] >> (y & 7)) & 1


def frame_lines(data, w, h):
    """The MONO_VLSB page buffer as h/2 lines of w half-block characters."""
    lines = []
    for y in range(0, h, 2):
        page = (y >> 3) * w
        bit = y & 7  # even, so bit + 1 is in the same page
        row = []
        for x in range(w):
            b = data[page + x] >> bit
            if y + 1 >= h:
                b &= 1
            row.append(GLYPHS[b & 3])
        lines.append("".join(row))
    return lines


def braille_lines(data, w, h):
    """The page buffer as h/4 lines of w/2 Braille characters (2x4 pixels each)."""
    lines = []
    for y in range(0, h, 4):
        row = []
        for x in range(0, w, 2):
            v = 0
            for dx in (0, 1):
                for dy in range(4):
                    if _px(data, w, h, x + dx, y + dy):
                        v |= _DOTS[dx][dy]
            row.append(chr(0x2800 + v) if v else " ")
        lines.append("".join(row))
    return lines


def body_size(w, h, mode=HALF):
    """(columns, rows) of characters the panel itself takes in ``mode``."""
    cw, ch = _CELL[mode]
    return (w + cw - 1) // cw, (h + ch - 1) // ch


# The key help and status texts in the panel's language (the setting "lang", as wyrm.lang:
# 0 English, 1 Deutsch); UP/DOWN/OK/BACK are the names printed on the device.
WORDS = {
    "held": ("[OK HELD: h lets go]", "[OK GEHALTEN: h lässt los]"),
    "move": ("Up/Down/k/j: move", "Auf/Ab/k/j: bewegen"),
    "ok": ("Enter/Space: OK", "Enter/Leer: OK"),
    "back": ("Bksp/b: back", "Rücktaste/b: BACK"),
    "long_ok": ("L: long OK", "L: OK lang"),
    "long_back": ("B: long back", "B: BACK lang"),
    "back3": ("Bksp/b or L: back (= long OK)", "Rücktaste/b/L: BACK (OK lang)"),
    "hold": ("h: hold OK", "h: OK halten"),
    "chord": ("r: UP+DOWN", "r: UP+DOWN"),
    "quit": ("q: quit", "q: Ende"),
    "off": ("display off (screen saver) - any key wakes it",
            "Anzeige aus (Bildschirmschoner) - jede Taste weckt sie"),
    "dim": ("display dimmed (screen saver) - a key acts and brightens it",
            "Anzeige gedimmt (Bildschirmschoner) - Taste wirkt und hellt auf"),
    "errors": ("%d firmware error(s), listed on exit", "%d Firmware-Fehler, beim Beenden genannt"),
    "small": (" small view - full size needs a %dx%d terminal ",
              " kleine Ansicht - volle Größe braucht ein %dx%d-Terminal "),
}
LANGS = (0, 1)


def help_parts(keys, ok_held=False, lang=0):
    """The key help's parts in language ``lang`` (0 English, 1 Deutsch). While h holds OK a
    note says so first; the German note (it says that h lets go) stands in for
    "h: OK halten", so the longer German line still fits the full-size view's width."""
    parts = ["held"] if ok_held else []
    parts += ["move", "ok"]
    if keys >= 4:
        parts += ["back", "long_ok", "long_back"]
    else:
        parts.append("back3")
    if not (ok_held and lang):
        parts.append("hold")
    parts += ["chord", "quit"]
    return [WORDS[p][lang] for p in parts]


def help_lines(keys, ok_held, cols, lang=0):
    """The key help wrapped to ``cols`` (one line in the full-size view)."""
    lines = []
    cur = ""
    for p in help_parts(keys, ok_held, lang):
        if cur and len(cur) + 2 + len(p) > cols:
            lines.append(cur)
            cur = p
        else:
            cur = cur + "  " + p if cur else p
    lines.append(cur)
    return lines


def help_line(keys, ok_held=False, lang=0):
    return "  ".join(help_parts(keys, ok_held, lang))


def _help_rows(w, h, keys, mode):
    # the most the help takes in either language: the view keeps its size when it changes
    cols = body_size(w, h, mode)[0] + 2
    return max(len(help_lines(keys, held, cols, lang)) for held in (True, False) for lang in LANGS)


def needed_size(w, h, keys=4, mode=HALF):
    """(columns, rows) the terminal view needs for a w x h panel in ``mode``."""
    bc, br = body_size(w, h, mode)
    return bc + 2, br + 2 + _help_rows(w, h, keys, mode) + 1


def pick_mode(w, h, keys, size):
    """The largest view that fits a terminal of ``size`` (columns, rows), or None."""
    for mode in MODES:
        cols, rows = needed_size(w, h, keys, mode)
        if size[0] >= cols and size[1] >= rows:
            return mode
    return None


def status_line(on, level, errors=0, note="", lang=0):
    parts = []
    if not on:
        parts.append(WORDS["off"][lang])
    elif level <= 1:
        parts.append(WORDS["dim"][lang])
    if errors:
        parts.append(WORDS["errors"][lang] % errors)
    if note and not parts:
        parts.append(note)
    return "  ".join(parts)


def _fit(s, cols):
    return s if len(s) <= cols else s[: max(0, cols - 3)] + "..."


def ansi256(r, g, b):
    """Nearest colour in the xterm 6x6x6 cube."""
    def q(v):
        return 0 if v < 48 else (1 if v < 115 else (v - 35) // 40)

    return 16 + 36 * q(r) + 6 * q(g) + q(b)


def pixel_colour(on, level):
    k = brightness(on, level)
    r, g, b = core.OLED_ON
    return ansi256(int(r * k), int(g * k), int(b * k))


def screen_lines(data, w, h, keys, on=True, level=255, ok_held=False, errors=0, title="Wyrm",
                 mode=HALF, lang=0):
    """Every line of the terminal view, without colour codes (what a user reads); the help
    and status in language ``lang`` (the panel's setting: 0 English, 1 Deutsch)."""
    bc, br = body_size(w, h, mode)
    if not on:
        body = [" " * bc] * br
    elif mode == HALF:
        body = frame_lines(data, w, h)
    else:
        body = braille_lines(data, w, h)
    label = _fit(" %s " % title, bc - 2)
    top = "\u250c\u2500" + label + "\u2500" * max(0, bc - len(label) - 1) + "\u2510"
    out = [top]
    out += ["\u2502" + row + "\u2502" for row in body]
    note = ""
    if mode != HALF:  # on the bottom edge, so a dimmed-screen status cannot hide it
        note = _fit(WORDS["small"][lang] % needed_size(w, h, keys, HALF), bc - 2)
    out.append("\u2514\u2500" + note + "\u2500" * max(0, bc - len(note) - 1) + "\u2518")
    cols = bc + 2
    helps = help_lines(keys, ok_held, cols, lang)
    helps += [""] * (_help_rows(w, h, keys, mode) - len(helps))
    out += [_fit(x, cols) for x in helps]
    out.append(_fit(status_line(on, level, errors, lang=lang), cols))
    return out


def colourise(lines, body_rows, on=True, level=255):
    """Add ANSI colours: grey box, panel on a near-black ground, pixels pale blue."""
    rows = body_rows
    fg = CSI + "38;5;%dm" % pixel_colour(on, level)
    out = [FRAME_FG + lines[0] + RESET]
    for line in lines[1 : 1 + rows]:
        out.append(FRAME_FG + line[0] + PANEL_BG + fg + line[1:-1] + RESET + FRAME_FG
                   + line[-1] + RESET)
    out.append(FRAME_FG + lines[1 + rows] + RESET)
    for line in lines[2 + rows :]:
        if line.startswith(("[OK HELD", "[OK GEHALTEN")):
            end = line.index("]") + 1
            line = CSI + "1;30;43m" + line[:end] + RESET + line[end:]
        out.append(line)
    return out


# -- pure parts: key bytes -> events ----------------------------------------
_PLAIN = {
    "k": "up", "j": "down",
    "\r": "ok", "\n": "ok", " ": "ok",
    "\x7f": "back", "\x08": "back", "b": "back",
    "L": "long_ok", "B": "long_back", "h": "hold_ok", "r": "chord",
    "q": "quit", "Q": "quit", "\x03": "quit", "\x04": "quit",
}


def decode(data, final=False):
    """Key bytes -> (events, rest). ``rest`` is an unfinished escape sequence.

    Events: up, down, ok, back, long_ok, long_back, hold_ok, chord, quit. Arrow keys
    come as ESC [ A / ESC O A (with or without modifiers); a lone ESC is the
    Esc key (BACK) - it is held back in ``rest`` until ``final`` says nothing
    followed it. Other keys are ignored.
    """
    s = data.decode("utf-8", "replace") if isinstance(data, (bytes, bytearray)) else data
    events = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c == "\x1b":
            if i + 1 >= n:
                if final:
                    events.append("back")
                    i += 1
                    continue
                return events, s[i:].encode()
            nxt = s[i + 1]
            if nxt in "[O":
                j = i + 2
                while j < n and not ("@" <= s[j] <= "~"):  # parameters, up to the final byte
                    j += 1
                if j >= n:
                    if final:
                        return events, b""
                    return events, s[i:].encode()
                fin = s[j]
                if fin == "A":
                    events.append("up")
                elif fin == "B":
                    events.append("down")
                i = j + 1
                continue
            events.append("back")  # ESC then something else: the Esc key
            i += 1
            continue
        if c == "\r" and i + 1 < n and s[i + 1] == "\n":
            i += 1  # CR LF is one Enter
        ev = _PLAIN.get(c)
        if ev:
            events.append(ev)
        i += 1
    return events, b""


def apply_event(ev, taps, keys):
    """Turn one event into button activity on ``taps``; True means quit."""
    if ev == "quit":
        return True
    if ev == "up":
        taps.tap(UP)
    elif ev == "down":
        taps.tap(DOWN)
    elif ev == "ok":
        taps.tap(OK)
    elif ev == "long_ok":
        taps.long(OK)
    elif ev in ("back", "long_back"):
        if keys >= 4:
            if ev == "back":
                taps.tap(BACK)
            else:
                taps.long(BACK)
        else:
            taps.long(OK)  # three buttons: a long OK is BACK
    elif ev == "hold_ok":
        taps.toggle_hold(OK)
    elif ev == "chord":  # UP and DOWN down together, as the scripts' chord:up+down
        taps.tap(UP, 2 * TAP_MS)
        taps.tap(DOWN, 2 * TAP_MS)
    return False


# -- the terminal -------------------------------------------------------------
def _size():
    try:
        sz = os.get_terminal_size(sys.__stdout__.fileno())
        return sz.columns, sz.lines
    except (OSError, ValueError, AttributeError):
        return None


def check_terminal(board, size=None, interactive=None):
    """A one-line problem when this terminal cannot show the view, else None."""
    w, h, keys = core.board_geometry(board)
    if interactive is None:
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if not interactive:
        return ("no display and no interactive terminal: run it in a terminal, or use "
                "--keys SCRIPT --png FILE for a scripted run")
    size = size or _size()
    if size is None:
        return "cannot read the terminal size"
    if pick_mode(w, h, keys, size) is None:
        return ("terminal is %dx%d, too small for the %dx%d panel: enlarge it to %dx%d "
                "(full size) or at least %dx%d (small view)"
                % ((size[0], size[1], w, h) + needed_size(w, h, keys, HALF)
                   + needed_size(w, h, keys, BRAILLE)))
    return None


class _Term:
    """cbreak mode + alternate screen, restored however we leave."""

    def __init__(self, fd_in, out):
        self.fd = fd_in
        self.out = out
        self.saved = None

    def enter(self):
        import termios
        import tty

        if self.saved is None:
            self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        self.write(ALT_ON)

    def leave(self):
        import termios

        try:
            self.write(ALT_OFF)
        except OSError:  # the terminal is gone (SSH hung up)
            pass
        if self.saved is not None:
            try:
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
            except (OSError, termios.error):
                pass

    def write(self, s):
        data = s.encode("utf-8")
        fd = self.out.fileno()
        while data:
            try:
                n = os.write(fd, data)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            data = data[n:]


class _Quit(Exception):
    pass


def run(device, args, fd_in=None, out=None):
    """The interactive loop. Returns an exit status."""
    fd_in = sys.stdin.fileno() if fd_in is None else fd_in
    out = out or sys.__stdout__
    w, h, keys = device.width, device.height, device.keys
    term = _Term(fd_in, out)
    session = Session(device)
    taps = TapKeys()
    title = "Wyrm  %s" % args.board
    # shown: lines now on the terminal (None: unknown, draw all); redraw: draw soon
    state = {"shown": None, "redraw": True, "mode": HALF}
    old = _signals(term, state)
    captured = io.StringIO()  # firmware prints / tracebacks must not garble the view
    pending = b""
    pending_at = 0.0
    quitting = False
    size_check = 0.0
    try:
        term.enter()
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            next_t = time.monotonic()
            while True:
                wait = max(0.0, next_t - time.monotonic())
                ready, _, _ = select.select([fd_in], [], [], wait)
                if ready:
                    try:
                        data = os.read(fd_in, 1024)
                    except (BlockingIOError, InterruptedError):
                        data = None
                    if data == b"":
                        break  # end of input (the terminal went away)
                    if data:
                        events, pending = decode(pending + data)
                        pending_at = time.monotonic()
                        for ev in events:
                            if quitting:
                                break
                            if apply_event(ev, taps, keys):
                                quitting = True  # after the keys typed before q have played
                            elif ev == "hold_ok":
                                state["redraw"] = True
                if quitting and not taps.busy():
                    break
                if pending and time.monotonic() - pending_at > ESC_WAIT_S:
                    events, pending = decode(pending, final=True)
                    for ev in events:
                        apply_event(ev, taps, keys)
                t = time.monotonic()
                if t < next_t:
                    continue
                next_t += STEP_S
                if next_t < t - 0.1:  # fell far behind (suspended, slow host): no burst
                    next_t = t + STEP_S
                if session.step(taps.levels(session.clock.now())) or session.new_errors():
                    state["redraw"] = True
                if t >= size_check:
                    size_check = t + 0.25
                    _check_size(term, state, w, h, keys)
                if state["redraw"] and state["mode"] is not None:
                    state["redraw"] = False
                    _draw(term, state, device, keys, taps.is_held(OK), title)
    except (_Quit, KeyboardInterrupt):
        pass
    finally:
        for sig, fn in old.items():
            signal.signal(sig, fn)
        term.leave()
        text = captured.getvalue()
        if text.strip():
            print("Firmware output during the session:", file=sys.stderr)
            print(text.rstrip(), file=sys.stderr)
    return 0


def _signals(term, state):
    """Quit on SIGTERM/SIGHUP; Ctrl-Z gives the terminal back and SIGCONT takes it again.
    Returns the handlers they replace."""

    def on_signal(signum, frame):
        raise _Quit()

    def on_stop(signum, frame):  # Ctrl-Z: give the terminal back, then stop
        term.leave()
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)

    def on_cont(signum, frame):
        signal.signal(signal.SIGTSTP, on_stop)
        term.enter()
        state["shown"] = None
        state["redraw"] = True

    old = {}
    for sig, fn in ((signal.SIGTERM, on_signal), (signal.SIGHUP, on_signal),
                    (signal.SIGTSTP, on_stop), (signal.SIGCONT, on_cont)):
        old[sig] = signal.signal(sig, fn)
    return old


def _check_size(term, state, w, h, keys):
    """Pick the drawing mode for the terminal's size now; say so when it is too small."""
    sz = _size()
    mode = state["mode"] if sz is None else pick_mode(w, h, keys, sz)
    if mode != state["mode"] or (mode is None and state["shown"] is None):
        state["mode"] = mode
        state["shown"] = None
        state["redraw"] = True
        if mode is None:
            cols, rows = needed_size(w, h, keys, BRAILLE)
            term.write(CSI + "0m" + CSI + "2J" + CSI + "H" + _fit(
                "Terminal too small: need %dx%d, have %dx%d - enlarge it, "
                "or press q to quit." % (cols, rows, sz[0], sz[1]), sz[0]))
            state["shown"] = ["small"]


def _draw(term, state, device, keys, ok_held, title):
    on, level = device.panel_state()
    w, h = device.width, device.height
    mode = state["mode"]
    plain = screen_lines(bytes(device.buffer), w, h, keys, on, level, ok_held,
                         len(device.errors()), title, mode, device.lang())
    lines = colourise(plain, body_size(w, h, mode)[1], on, level)
    shown = state["shown"]
    parts = []
    if shown is None or len(shown) != len(lines):
        parts.append(CSI + "0m" + CSI + "2J")
        shown = [None] * len(lines)
    for i, line in enumerate(lines):
        if shown[i] != line:
            parts.append(CSI + "%d;1H" % (i + 1) + line + RESET + CSI + "K")
    if parts:
        term.write("".join(parts))
    state["shown"] = lines
