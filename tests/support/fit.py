"""Does every text fit where it is drawn? A walk through every screen, checked frame by frame.

    from fit import walk
    problems = walk("pico-ssd1306-4btn")          # [] when every text fits
    problems = walk(board, prepare=set_language)  # prepare(folder): more on the flash

``walk`` powers the simulator on with the longest names the table allows (``WIDE``: 7
players of 6 letters, each letter one whose ink fills its cell) and lets the latency tour
(host_tools/bench/latency.py) press every key on every screen; then it plays each of
``ENDINGS`` (a game to its result, with as many players as the game allows) and tours on
from there. Every frame drawn is checked (``Checker``): each text the firmware drew
(``font.LOG``: x, y, string, colour, scale) is drawn again on its own and compared with
the frame, so a text

- whose ink leaves the panel (a line too long, a name too wide for a title),
- drawn over, or drawn over something: another text, a scroll mark, a frame line
  (a label running into its value, a title into its note),
- of a toast that wraps to more than the three lines a toast shows,

is a problem, and so is a toast over a result (``RESULTS``: a game's winner page). Each
problem is a line: board, screen, what, the text.
"""
import re
import shutil
import tempfile

from drive import Driver

from host_tools.bench import latency
from host_tools.sim import core
from wyrm import font
from wyrm.store import Store

# 7 players, 6 letters each (wyrm.players.MAX, LEN): capitals whose ink fills the cell's
# five columns, and at the end a letter that also reaches the cell's lowest row
WIDE = ["Wmwmwy", "Mwmwmg", "Wwmmwp", "Mmwwmq", "Wmmwwy", "Mwwmmg", "Wmwwmp"]
# the three-button board: the same panel as the four-button one, its own hints
BOARDS = ("pico-ssd1306-4btn", "pico-ssd1306-128x32", "pico-ssd1306-3btn")
PRESSES = 4000  # the first tour's keys at most (it ends by itself before)
END_PRESSES = 150  # keys of a tour from a game's result
# a game's winner page: a toast must never cover it (module.class of the screen)
RESULTS = {
    "wyrm.games.drachenfels_play.Win",
    "wyrm.games.drachenhort_end.Ranking",
    "wyrm.games.drachenschatten_play.Win",
    "wyrm.games.drachenschatten_play.EndCount",
    "wyrm.games.drakonia_play.Result",
    "wyrm.games.drakskatten_play.Win",
}
TOAST_LINES = 3  # wyrm.ui.draw_toast shows this many lines of 19 characters
TOAST_CHARS = 19


def _columns(data, w, h):
    """The frame as one integer a column, bit y = row y."""
    pages = h // 8
    return [int.from_bytes(bytes(data[p * w + x] for p in range(pages)), "little")
            for x in range(w)]


class Checker:
    """Checks frames of a ``w`` x ``h`` panel; ``problems`` collects what it found, once
    each (board, screen, what, text)."""

    def __init__(self, board, w, h, names=()):
        self.board = board
        self.names = names
        self.w = w
        self.h = h
        self.problems = []  # lines, in the order found
        self._seen = set()
        self.screens = set()  # module.class of every screen seen
        self._ink = {}  # (text, scale) -> runs (see _runs)
        self.frames = 0

    def _runs(self, s, scale):
        """The ink of ``s`` drawn at 0, 0: for each run of characters between spaces,
        (x0, x1, y0, y1, columns): its box (x1, y1 the last column and row with ink)
        and the ink of each column from x0 as bits, row 0 the lowest bit."""
        key = (s, scale)
        got = self._ink.get(key)
        if got is not None:
            return got
        import framebuf

        cell = font.CELL * scale
        w = max(1, len(s) * cell)
        h = 8 * scale
        fb = framebuf.FrameBuffer(bytearray(w * ((h + 7) // 8)), w, h, framebuf.MONO_VLSB)
        log, font.LOG = font.LOG, None
        try:
            font.text(fb, s, 0, 0, 1, scale)
        finally:
            font.LOG = log
        buf = bytearray(w * ((h + 7) // 8))
        fb2 = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
        fb2.blit(fb, 0, 0)
        cols = _columns(buf, w, h)
        runs = []
        i = 0
        while i < len(s):
            if s[i] == " ":
                i += 1
                continue
            j = i
            while j < len(s) and s[j] != " ":
                j += 1
            ink = cols[i * cell:j * cell]
            lit = [k for k, c in enumerate(ink) if c]
            if lit:
                x0, x1 = i * cell + lit[0], i * cell + lit[-1]
                bits = 0
                for c in ink:
                    bits |= c
                y0 = (bits & -bits).bit_length() - 1
                y1 = bits.bit_length() - 1
                runs.append((x0, x1, y0, y1, cols[x0:x1 + 1]))
            i = j
        self._ink[key] = runs
        return runs

    def _watch(self, fb, log):
        """The dark rectangles filled since ``log`` began (i, x, y, x2, y2: after the i-th
        text), from the next frame on: fb.fill_rect is watched from the first frame."""
        got = getattr(fb, "_fit_fills", None)
        if got is None:
            got = fb._fit_fills = [None, []]
            fill = fb.fill_rect

            def watched(x, y, w, h, c):
                now = font.LOG
                if now is not None:
                    if got[0] is not now:
                        got[0] = now
                        got[1] = []
                    got[1].append((len(now) - 1, x, y, x + w, y + h))
                fill(x, y, w, h, c)

            fb.fill_rect = watched
        return got[1] if got[0] is log else ()

    def _add(self, where, what, s):
        """A problem, once for each screen and text (counts and names left out)."""
        key = "%s %s %r" % (where.split()[0], what, s)
        for name in self.names:
            key = key.replace(name, "NAME")
        key = latency._norm(latency._names(key))
        key = re.sub(r"#( #)+", "#", key)
        if key not in self._seen:
            self._seen.add(key)
            self.problems.append("%s | %s | %s: %r" % (self.board, where, what, s))

    def frame(self, app, f):
        """Check frame ``f`` as the app drew it (its toast, its top screen)."""
        self.frames += 1
        log = f.log
        fills = self._watch(app.fb, log)
        top = app.top()
        cls = type(top)
        self.screens.add("%s.%s" % (cls.__module__, cls.__name__))
        where = "%s %s" % (cls.__name__, f.text().split("\n", 1)[0])
        toast = app._toast
        n_toast = 0
        box = None
        if toast is not None:
            lines = font.wrap(toast, TOAST_CHARS)
            if len(lines) > TOAST_LINES:
                self._add(where, "toast of %d lines" % len(lines), toast)
            n_toast = min(len(lines), TOAST_LINES)
            th = n_toast * 9 + 5
            box = (4, (self.h - th) // 2, self.w - 5, (self.h - th) // 2 + th - 1)
            fills = [r for r in fills if r[1:] != (4, box[1], self.w - 4, box[3] + 1)]
        cols = None
        screen = log[:len(log) - n_toast]
        result = "%s.%s" % (cls.__module__, cls.__name__) in RESULTS
        for k, (x, y, s, c, scale) in enumerate(log):
            if scale == 0:  # big digits: their box
                if x < 0 or y < 0 or x + font.big_width(s) > self.w or y + font.BIG_H > self.h:
                    self._add(where, "off the panel", s)
                continue
            on_top = k >= len(screen)  # a line of the toast
            if any(i >= k and fx <= x and fy <= y and fx2 >= x + font.width(s, scale)
                   and fy2 >= y + 8 * scale for i, fx, fy, fx2, fy2 in fills):
                continue  # rubbed out whole (the screen draws that part afresh)
            for x0, x1, y0, y1, ink in self._runs(s, scale):
                x0 += x
                x1 += x
                if x0 < 0 or y + y0 < 0 or x1 >= self.w or y + y1 >= self.h:
                    self._add(where, "off the panel", s)
                    break
                if box is not None and not on_top:
                    if x0 <= box[2] and x1 >= box[0] and y + y0 <= box[3] and y + y1 >= box[1]:
                        if result:
                            self._add(where, "a toast over the result", toast)
                    continue  # (drawn again without the toast when it goes)
                if cols is None:
                    cols = _columns(f.data, self.w, self.h)
                mask = ((1 << (y1 - y0 + 1)) - 1) << y0
                wrong = 0
                shows = 0
                for i, want in enumerate(ink):
                    have = (cols[x0 + i] >> y) & mask
                    if not c:
                        have ^= mask
                    wrong |= have ^ want
                    shows |= have
                # wholly blank: rubbed out on purpose (the screen drew over it afresh)
                if wrong and shows:
                    self._add(where, "drawn over", s)
                    break
            if s.rstrip().endswith(font.ELLIPSIS) and not on_top:  # ui.fit cut it
                self._add(where, "shortened", s)


def _table(names):
    def setup(folder):
        Store(folder).save("table", list(names))
    return setup


# Each ending: (what, number of players, keys from the main menu to the game's result)
# with the table's first names. The keys leave the result on show: its save resumes it.
ENDINGS = [
    # DrachenSchatten (four play): a treasure each as the village card (each passed on by
    # itself), then the first player's second and third (their list opens on Treasures)
    ("DrachenSchatten", 7, "down*2,ok,ok,ok,ok" + ",ok" * 4 + ",ok,up*7,ok"),
]


def _tour(board, checker, setup, presses):
    return latency.tour(board, max_presses=presses, setup=setup, on_frame=checker.frame)


def walk(board, names=WIDE, prepare=None, presses=PRESSES, endings=True):
    """Every screen of ``board`` with ``names`` at the table: the problems found (lines).
    ``prepare(folder)``, optional, puts more on the flash before each power-on (a
    language, a setting)."""
    paths = []

    def setup(folder):
        _table(names)(folder)
        if prepare:
            prepare(folder)

    prof = core.load_board(board)
    w, h, _keys = core.board_geometry(prof)
    checker = Checker(board, w, h, names)
    _tour(board, checker, setup, presses)
    if endings:
        for _what, n, keys in ENDINGS:
            folder = tempfile.mkdtemp(prefix="wyrm-fit-")
            paths.append(folder)
            _table(names[:n])(folder)
            if prepare:
                prepare(folder)
            d = Driver(folder, board=board)
            d._run = _checked_run(d, checker)
            d.keys(keys)

            def copy(dst, src=folder):
                shutil.rmtree(dst)
                shutil.copytree(src, dst)

            _tour(board, checker, copy, END_PRESSES)
    for p in paths:
        shutil.rmtree(p, ignore_errors=True)
    return list(checker.problems)


def _checked_run(d, checker):
    def run(steps):
        new = d.dev.run(steps, start=d.t, on_frame=lambda f: checker.frame(d.app, f))
        d.t = (d.t + len(steps) * core.STEP_MS) & 0x3FFFFFFF
        d.frames += new
        return new
    return run


if __name__ == "__main__":  # a look at the problems: python tests/support/fit.py [board]
    import sys
    import time

    for b in sys.argv[1:] or BOARDS:
        t = time.time()
        found = walk(b)
        print("%s: %d problems, %.1f s" % (b, len(found), time.time() - t))
        for line in found:
            print("  " + line)
