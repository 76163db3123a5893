"""Tumble timing and small drawing helpers shared by the dice screens.

The roll screen (``wyrm.dice_roll_ui``) and the who-starts and roll-off screens
(``wyrm.dice_ui``) use them; a module of its own so that either can be loaded
without the other.
"""
from micropython import const

from wyrm import buttons, font, ui
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
