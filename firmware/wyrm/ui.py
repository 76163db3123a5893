"""Widgets every game screen builds on.

Layout (128x64): a 10 px title bar, then rows of ``ROW`` (9) px - six rows on
a 64 px panel, two on a 32 px one. The selected row is drawn inverted; the
simulator's text view marks it with ``> ``. All widgets take the app in their
hooks and draw their whole picture in ``draw``.
"""
from micropython import const

from wyrm import buttons, font
from wyrm.app import Screen, use_widgets
from wyrm.canvas import clear
from wyrm.confirm import Confirm  # noqa: F401 - ui.Confirm: a yes/no question
from wyrm.font import wrap
from wyrm.lang import t

TITLE_H = const(10)
ROW = const(9)


def rows(app):
    return (app.height - TITLE_H) // ROW


def title(fb, text, right=None):
    """Inverted title bar across the top; optional right-aligned note (e.g. 3/7)."""
    w = fb.width
    fb.fill_rect(0, 0, w, TITLE_H - 1, 1)
    font.text(fb, text, 2, 1, 0)
    if right:
        font.text(fb, right, w - 1 - font.width(right), 1, 0)


def fit(s, n=font.CHARS):
    """``s`` cut to ``n`` characters, the last one an ellipsis when it had to be cut."""
    return s if len(s) <= n else s[: n - 1] + font.ELLIPSIS


def pad(left, right, width=font.CHARS - 1):
    """``left`` and ``right`` on one line of ``width`` characters (at least one space
    between). The default leaves a menu row's last character to its scroll mark."""
    gap = width - len(left) - len(right)
    return left + " " * (gap if gap > 0 else 1) + right


def row_y(i):
    return TITLE_H + i * ROW


def draw_row(fb, i, text, selected=False, right=None):
    y = row_y(i)
    w = fb.width
    c = 1
    if selected:
        fb.fill_rect(0, y, w, ROW, 1)
        c = 0
    font.text(fb, text, 2, y + 1, c)
    if right:
        font.text(fb, right, w - 2 - font.width(right), y + 1, c)


def mark_move(screen, app, old):
    """The cursor of a list drawn from row ``screen.first`` went from row ``old`` to
    ``screen.sel``: mark the two rows in ``screen._rows`` (bit r: row r on show), or
    every row when the list scrolls as draw() would, for the screen's draw_part. The
    marks add up until drawn: several moves may come before a frame. ``old`` -1: every
    row on show (a toast over them went)."""
    first = screen.first
    new = screen.sel
    shown = rows(app)
    if not first <= new < first + shown:  # as draw() would scroll it
        screen.first = new if new < first else new - shown + 1
        old = -1
    if old < 0:
        screen._rows = (1 << shown) - 1
    else:
        screen._rows |= (1 << (old - first)) | (1 << (new - first))
    app.touch()


def scroll_marks(fb, first, shown, total):
    """Small arrows at the right edge when there is more above or below."""
    w = fb.width
    if first > 0:
        arrow(fb, w - 4, TITLE_H + 1, -1)
    if first + shown < total:
        arrow(fb, w - 4, fb.height - 2, 1)


def arrow(fb, x, y, d):
    """A small up (d=-1) or down (d=1) triangle, 5 px wide, with its tip at x, y."""
    fb.pixel(x, y, 1)
    fb.hline(x - 1, y - d, 3, 1)
    fb.hline(x - 2, y - 2 * d, 5, 1)


def scroll_event(screen, app, kind, key, total, shown, on_ok=None):
    """UP/DOWN move ``screen.first`` through ``total`` rows shown ``shown`` at a
    time; OK runs ``on_ok(app)`` or closes the screen. True when the key was used."""
    if is_up(kind, key):
        screen.first = max(0, screen.first - 1)
    elif is_down(kind, key):
        screen.first = max(0, min(total - shown, screen.first + 1))
    elif is_ok(kind, key):
        if on_ok is None:
            app.pop(screen)
        else:
            on_ok(app)
        app.redraw()
        return True
    else:
        return False
    app.touch()  # a scroll: a screen may draw it in place (draw_part)
    return True


def draw_toast(fb, text):
    lines = wrap(text, 19)[:3]
    h = len(lines) * 9 + 5
    y = (fb.height - h) // 2
    fb.fill_rect(4, y, fb.width - 8, h, 0)
    fb.rect(4, y, fb.width - 8, h, 1)
    fb.rect(5, y + 1, fb.width - 10, h - 2, 1)
    for i, line in enumerate(lines):
        font.center(fb, line, y + 3 + i * 9)


# UP and DOWN act on the press (and its repeats), not on the release: a
# menu moves as soon as the key is down.
def is_up(kind, key):
    return key == buttons.UP and (kind == buttons.PRESS or kind == buttons.REPEAT)


def is_down(kind, key):
    return key == buttons.DOWN and (kind == buttons.PRESS or kind == buttons.REPEAT)


def is_ok(kind, key):
    return key == buttons.OK and kind == buttons.CLICK


class Menu(Screen):
    """A scrolling list. ``items``: list of [label, action].

    ``label`` is a string or a function(app) -> string (live values such as
    "Contrast: 3"); ``action`` is a function(app) run on OK. ``on_back``
    (optional) runs instead of closing the menu.
    """

    def __init__(self, title_text, items, on_back=None, sel=0):
        self.title = title_text
        self.items = items
        self.sel = sel
        self.first = 0
        self.on_back = on_back
        self._rows = 0  # bit r: row r needs drawing again (draw_part)
        self._texts: list | None = None  # the labels as the last full draw made them (by item)

    def label(self, app, i):
        lab = self.items[i][0]
        return lab if isinstance(lab, str) else lab(app)

    def on_event(self, app, kind, key):
        n = len(self.items)
        up = is_up(kind, key)
        if (up or is_down(kind, key)) and n:
            # Within the rows on show only the two rows that change are drawn again
            # (draw_part); when the list scrolls, its rows but not the title (a move
            # changes nothing it shows). A subclass that draws its own picture draws
            # it all, unless what its draw() adds is in the title bar only (it sets
            # ``title_extras``: whose turn, a note).
            old = self.sel
            self.sel = (old + (-1 if up else 1)) % n
            if type(self).draw is Menu.draw or getattr(self, "title_extras", False):
                mark_move(self, app, old)
            else:
                app.redraw()
            return True
        elif is_ok(kind, key) and n:
            self.items[self.sel][1](app)
        elif kind == buttons.CLICK and key == buttons.BACK and self.on_back:
            self.on_back(app)
        else:
            return False
        app.redraw()
        return True

    def draw_part(self, app, fb):
        """Bring the frame up to date after moves: the marked rows only. A label is
        made once between two full draws (a move changes none: what changes one
        redraws the menu), so a scroll makes only the row that comes into view."""
        shown = rows(app)
        n = len(self.items)
        texts: list | None = self._texts
        if texts is None or len(texts) != n:
            texts = self._texts = [None] * n
        w = fb.width
        marked = self._rows
        self._rows = 0
        every = (1 << shown) - 1
        if marked == every:  # the list scrolled: clear it in one go
            clear(fb, row_y(0))
        for r in range(shown):
            if marked & (1 << r):
                if marked != every:
                    fb.fill_rect(0, row_y(r), w, ROW, 0)
                i = self.first + r
                if i < n:
                    t = texts[i]
                    if t is None:
                        t = texts[i] = self.label(app, i)
                    draw_row(fb, r, t, i == self.sel)
        scroll_marks(fb, self.first, shown, n)

    def draw(self, app, fb):
        self._rows = 0
        title(fb, self._title(app))
        shown = rows(app)
        n = len(self.items)
        if self.sel < self.first:
            self.first = self.sel
        elif self.sel >= self.first + shown:
            self.first = self.sel - shown + 1
        texts: list = [None] * n
        self._texts = texts
        for r in range(min(shown, n - self.first)):
            i = self.first + r
            t = texts[i] = self.label(app, i)
            draw_row(fb, r, t, i == self.sel)
        scroll_marks(fb, self.first, shown, n)

    def _title(self, app):
        t = self.title
        return t if isinstance(t, str) else t(app)


class Message(Screen):
    """A titled text (message or error). UP/DOWN scroll, OK or BACK closes.

    ``on_ok(app)`` runs after closing. ``text`` is a string or a list of
    paragraphs, wrapped to the screen; ``wrap_lines=False`` shows a list of
    lines exactly as given.
    """

    def __init__(self, title_text, text, on_ok=None, wrap_lines=True):
        self.title = title_text
        if isinstance(text, str):
            text = [text]
        # A text that scrolls is wrapped again one cell narrower on its first draw or key:
        # its last cell is where the scroll marks go.
        self._paras = text if wrap_lines else None
        if wrap_lines:
            self.lines = self._wrap(font.CHARS)
        else:  # already laid out (reference pages keep their indents)
            self.lines = list(text)
        self.on_ok = on_ok
        self.first = 0

    def _wrap(self, width):
        lines = []
        for part in self._paras or ():
            lines += wrap(part, width)
        return lines

    def _fit(self, app):
        if self._paras is not None:
            if len(self.lines) > rows(app):
                self.lines = self._wrap(font.CHARS - 1)
            self._paras = None

    def on_event(self, app, kind, key):
        self._fit(app)
        if kind == buttons.CLICK and key == buttons.BACK:
            key = buttons.OK  # BACK closes a message just like OK
        return scroll_event(self, app, kind, key, len(self.lines), rows(app), self._close)

    def _close(self, app):
        app.pop(self)
        if self.on_ok:
            self.on_ok(app)

    def draw_part(self, app, fb):
        clear(fb, TITLE_H)  # a scroll: the title stays
        self._text(app, fb)

    def draw(self, app, fb):
        title(fb, self.title)
        self._text(app, fb)

    def _text(self, app, fb):
        self._fit(app)
        shown = rows(app)
        lines = self.lines
        for r in range(min(shown, len(lines) - self.first)):
            font.text(fb, lines[self.first + r], 2, row_y(r) + 1)
        scroll_marks(fb, self.first, shown, len(lines))


def error(app, text, title_text=None):
    """Show a plain-language problem; never a traceback."""
    return app.push(Message(title_text or t("Problem", "Problem"), text))


def _crash_screen(exc, on_ok):
    return Message(
        t("Oops", "Hoppla"),
        t("Something went wrong (%s). Saved games are safe. OK: back to the menu.",
          "Etwas ist schiefgegangen (%s). Gespeicherte Spiele sind sicher. OK: zurück"
          " zum Menü.") % type(exc).__name__,
        on_ok=on_ok,
    )


use_widgets(draw_toast, _crash_screen)
