"""Spinners: pick a number with UP/DOWN. Not on the heap at the main menu: what asks a
number imports this (a game lists it in ``asks``: it loads while OK is down on New game)."""
import sys

from wyrm import buttons, font, ui
from wyrm.app import Screen


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
        hint = self.hint or ("%d..%d  OK: set" % (self.lo, self.hi))
        if app.tall:
            font.center(fb, hint, app.height - 8)
        if self.value < self.hi:
            ui.arrow(fb, fb.width - 6, ui.TITLE_H + 4, -1)
        if self.value > self.lo:
            ui.arrow(fb, fb.width - 6, app.height - 10 if app.tall else app.height - 2, 1)


class OkLoads(Spinner):
    """A spinner whose OK opens code that is not loaded yet (``loads``, module names): while
    OK is down they load a module a step (as a menu row's code), so the click finds them.
    They then belong to the screen below, as if its action had loaded them, and leave
    with what they opened."""

    soon = None
    scope: list | None = None  # (App.load's note of the modules before: a list once set)

    def __init__(self, title_text, value, lo, hi, on_done, loads, hint=None):
        super().__init__(title_text, value, lo, hi, on_done, 1, None, hint)
        self.loads = loads

    def tick(self, app, now):
        soon = self.soon
        if soon and app.buttons.stable & (1 << buttons.OK):
            app.load(soon.pop(0))

    def on_event(self, app, kind, key):
        if key == buttons.OK and kind == buttons.PRESS:
            self.soon = list(self.loads)
        if not ui.is_ok(kind, key):
            return super().on_event(app, kind, key)
        keep = self.scope  # the modules before the press loaded any
        self.scope = None  # (so that closing the spinner keeps what it loaded)
        below = app.stack[-2]
        super().on_event(app, kind, key)  # the spinner closes, what follows opens
        if keep is not None and below in app.stack:
            below.scope = [m for m in keep if m in sys.modules]
        return True
