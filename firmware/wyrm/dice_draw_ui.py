"""Tumble timing and small drawing helpers shared by the dice screens.

The roll screen (``wyrm.dice_roll_ui``) and the who-starts and roll-off screens
(``wyrm.dice_ui``) use them; a module of its own so that either can be loaded
without the other.
"""
from micropython import const

from wyrm import buttons, font, ui
from wyrm.app import Screen
from wyrm.ticks import ticks_diff

TUMBLE_MS = const(360)  # the roll animation; any key ends it early
FLIP_MS = const(60)  # a new face this often while tumbling


def caption(fb, s, y, inverted=False):
    s = ui.fit(s)
    if inverted:
        w = font.width(s)
        x = (fb.width - w) // 2
        fb.fill_rect(x - 2, y - 1, w + 3, 9, 1)
        font.text(fb, s, x, y, 0)
    else:
        font.center(fb, s, y)


def tumble(screen, app, now):
    """Advance the tumble a screen started at ``screen.t0``.

    Returns -1 when the tumble has just ended (``t0`` is cleared), 1 when the
    next face is due (``screen.flip`` advanced), else 0.
    """
    if screen.t0 is None:
        return 0
    el = ticks_diff(now, screen.t0)
    if el >= TUMBLE_MS:
        screen.t0 = None
        return -1
    app.keep_awake()
    k = el // FLIP_MS
    if k == screen.flip:
        return 0
    screen.flip = k
    return 1


class Tumbling(Screen):
    """A screen whose result shows after a short tumble (any key ends it early).

    ``start_tumble`` starts it; while it runs ``next_face`` is called for every new
    face (``seed`` just advanced), and ``tumbled`` once it is over. A screen whose
    ``draw_part`` draws a tumble frame over the last one sets ``part_frames``."""

    part_frames = False

    def __init__(self, seed):
        self.t0 = None  # tumble start (ticks) or None
        self.flip = -1
        self.seed = seed
        self.eat = -1  # key whose press ended the tumble: its release/click is used up

    def start_tumble(self, app, part=False):
        """``part``: the first frame may be drawn over the last one (draw_part)."""
        self.t0 = app.now
        self.flip = -1
        if part:
            app.touch()
        else:
            app.redraw()

    def tick(self, app, now):
        step = tumble(self, app, now)
        if step < 0:
            self.tumbled(app)
        elif step:
            self.seed = spin(self.seed)
            self.next_face(app)
            if self.part_frames:
                app.touch()  # a tumble frame changes only the faces (draw_part)
                return
        if step:
            app.redraw()

    def next_face(self, app):
        pass

    def tumbled(self, app):
        pass


def skip_key(screen, app, kind, key):
    """A key pressed during the tumble only shows the result.

    True when the event is used up that way: the PRESS that ends a running
    tumble (``screen.t0``), and the rest of that press (RELEASE, CLICK, ...).
    """
    if kind == buttons.PRESS:
        screen.eat = -1
        if screen.t0 is not None:
            screen.t0 = None
            screen.eat = key
            app.redraw()
            return True
        return False
    return key == screen.eat


def spin(seed):
    """Next value of a cheap 16-bit generator (tumble faces only, never results)."""
    return (seed * 75 + 74) % 65537
