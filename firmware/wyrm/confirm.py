"""A yes/no question (``wyrm.ui.Confirm``)."""
from wyrm import buttons, font
from wyrm.app import Screen
from wyrm.font import wrap
from wyrm.lang import t


class Confirm(Screen):
    """A yes/no question. Starts on "No" so a stray OK never destroys anything."""

    def __init__(self, question, on_yes, on_no=None, yes=None, no=None, default_yes=False):
        self.lines = wrap(question)
        self.on_yes = on_yes
        self.on_no = on_no
        self.labels = (no or t("No", "Nein"), yes or t("Yes", "Ja"))
        self.sel = 1 if default_yes else 0

    def on_event(self, app, kind, key):
        # ui.is_up/is_down/is_ok spelt out: wyrm.ui imports this module, so it cannot import
        # them back
        if key <= buttons.DOWN and (kind == buttons.PRESS or kind == buttons.REPEAT):
            self.sel ^= 1  # UP or DOWN: the other answer
        elif key == buttons.OK and kind == buttons.CLICK:
            app.pop(self)
            if self.sel:
                self.on_yes(app)
            elif self.on_no:
                self.on_no(app)
        else:
            return False
        app.redraw()
        return True

    def draw(self, app, fb):
        avail = (app.height - 12) // 9
        for i, line in enumerate(self.lines[:avail]):
            font.text(fb, line, 2, 1 + i * 9)
        y = app.height - 11
        w = fb.width // 2
        for i in (1, 0):  # yes on the left, no on the right
            x = 0 if i else w
            lab = self.labels[i]
            if self.sel == i:
                fb.fill_rect(x + 2, y, w - 4, 11, 1)
                font.text(fb, lab, x + (w - font.width(lab)) // 2, y + 2, 0)
            else:
                fb.rect(x + 2, y, w - 4, 11, 1)
                font.text(fb, lab, x + (w - font.width(lab)) // 2, y + 2, 1)
