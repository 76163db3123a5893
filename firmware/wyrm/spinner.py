"""Spinners: pick a number with UP/DOWN."""
from wyrm import font, ui
from wyrm.app import Screen
from wyrm.lang import t


class Spinner(Screen):
    """Pick a number between lo and hi; UP/DOWN (held: repeats), OK confirms.

    ``on_done(app, value)`` runs on OK (the spinner closes first); BACK cancels.
    ``fmt(value) -> str`` shows values as words if wanted.
    """

    def __init__(self, title_text, value, lo, hi, on_done, step=1, fmt=None, hint=None):
        self.title = title_text
        self.value = min(max(value, lo), hi)
        self.lo = lo
        self.hi = hi
        self.step = step
        self.on_done = on_done
        self.fmt = fmt
        self.hint = hint

    def on_event(self, app, kind, key):
        if ui.is_up(kind, key):
            self.value = min(self.hi, self.value + self.step)
        elif ui.is_down(kind, key):
            self.value = max(self.lo, self.value - self.step)
        elif ui.is_ok(kind, key):
            app.pop(self)
            self.on_done(app, self.value)
        else:
            return False
        app.redraw()
        return True

    def draw(self, app, fb):
        ui.title(fb, self.title)
        text = self.fmt(self.value) if self.fmt else str(self.value)
        big_ok = self.fmt is None and app.tall
        if big_ok:
            font.big_center(fb, text, ui.TITLE_H + 4)
        else:
            font.center(fb, text, ui.TITLE_H + 4, 1, 2 if font.width(text, 2) <= fb.width else 1)
        hint = self.hint or (t("%d..%d  OK: set", "%d..%d  OK: fertig") % (self.lo, self.hi))
        if app.tall:
            font.center(fb, hint, app.height - 8)
        if self.value < self.hi:
            ui.arrow(fb, fb.width - 6, ui.TITLE_H + 4, -1)
        if self.value > self.lo:
            ui.arrow(fb, fb.width - 6, app.height - 10 if app.tall else app.height - 2, 1)
