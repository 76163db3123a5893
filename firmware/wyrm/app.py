"""The step-driven core: ``App.step(now_ms, levels)`` returns the mask of changed pages.

No sleeping, pins or files here: time, levels, store and randomness come in from the caller
(docs/INTERNALS.md).
"""
import sys

from micropython import const

from wyrm import buttons, font, lang
from wyrm.canvas import clear
from wyrm.rng import Rng
from wyrm.settings import read
from wyrm.ticks import ticks_add, ticks_diff

AWAKE = const(0)
DIM = const(1)
OFF = const(2)

CONTRAST_LEVELS = (1, 40, 100, 170, 255)

# The core knows no widget: wyrm.ui registers these two when it loads.
#   draw_toast(fb, text)          a short note drawn over the picture
#   crash_screen(exc, on_ok)      the screen that says something went wrong
_widgets = [None, None]


def use_widgets(draw_toast, crash_screen):
    _widgets[0] = draw_toast
    _widgets[1] = crash_screen


_DIM_CONTRAST = const(1)
_CHORD = const(3)  # UP and DOWN held together: ``app.chord`` (the quick roll)
# A step more than 2**29 ms after the one before reads as a negative tick
# distance; it is taken as this long (3 days: every timer has run out).
_LONG_GAP = const(0x10000000)
_NOT_SAVED_MS = const(4000)
_ENOSPC = const(28)
_ERRORS_KEPT = const(4)  # app.errors holds the last few: a screen failing on and on fills no heap


class Screen:
    """Base class. Override what you need; every hook gets the app."""

    # True: the screen may use a key held long itself (hold-to-peek screens, the button
    # test): it gets the LONG (OK's is not BACK on three-button boards). A LONG its
    # on_event returns False for is a slow press, as on any other screen: a click on
    # the release.
    hold_ok = False

    def on_open(self, app):
        pass

    def on_close(self, app):
        pass

    def on_show(self, app):
        """Became the top screen again after the one above it closed."""

    def on_event(self, app, kind, key):
        """Return True when handled. An unhandled BACK click closes the screen."""
        return False

    def tick(self, app, now):
        """Called every step (animations, timeouts). Call app.redraw() on change."""

    def draw(self, app, fb):
        pass

    def draw_part(self, app, fb):
        """Bring the last frame up to date in place after ``app.touch()``: draw
        only what changed. By default the whole picture is drawn again."""
        clear(fb)
        self.draw(app, fb)


class App:
    batt = None  # the supply as wyrm.power keeps it, once main.py read it on batteries

    def __init__(self, fb, store, rng, keys=4, panel=None, board=None):
        self.fb = fb
        self.width = fb.width
        self.height = fb.height
        self.tall = fb.height >= 64  # 128x64: room for a hint line below the rows (not 128x32)
        self.store = store
        self._rng = rng  # None: the system's randomness, loaded at the first draw
        self.keys = keys
        self.panel = panel
        self.board = board or {}
        self.buttons = buttons.Buttons(keys)
        self.stack = []
        self.now = 0
        self.errors = []  # the last exceptions caught in screens (the simulator reports them)
        self.caught = 0  # how many were caught since power-on
        self._redraw = True
        self._part = False  # the top screen updates the frame in place (touch)
        self._due = {}  # name -> object: saves written at the start of the next step
        self._later = {}  # name -> object: saves written after the next key's frame
        self._jobs = []  # after_frame: functions run at the start of the next step
        self._framed = True  # the last step's frame is out: put-off work may run
        self._toast = None
        self._toast_until = 0
        self._last_input = 0
        self._started = False
        self.power = AWAKE
        self._swallow = False
        self._slow = 0  # bit per key: a slow press (held past LONG), a click on its release
        self.game_module = None  # the open game's module name (home.open_game), for the quick roll
        self.chord = None  # fn(app) for UP+DOWN held together: the quick roll in a game (home)
        self.table = None  # the players' names, once wyrm.players has read them
        self._tick = 0  # the caller's tick time at the last step
        self._skew = 0  # app time - caller time, after a clamped gap
        self._failed = 0  # saves the flash refused, as last shown
        self._unsaved = False  # the players were told changes are not saved
        lang.use(0)  # a damaged settings file is reported in English: its language is unknown
        self.settings, wrong = read(store.load("settings", None) if store else None)
        lang.use(self.settings["lang"])  # (what is said from here on is in it)
        if wrong:  # said once: the usual values are saved in their place after the frame
            from wyrm.store_words import settings_words  # (optional: only a wrong file)

            store.problems.append(settings_words(wrong))
            self.save_soon("settings", self.settings)
        self.apply_panel_settings()

    # -- settings -------------------------------------------------------------
    def save_settings(self, soon=False):
        """Apply the settings and save them; ``soon``: write them at the start of
        the next step, so the key's answer reaches the panel before the flash write."""
        self.apply_panel_settings()
        if soon:
            self.save_soon("settings", self.settings)
        else:
            self.store.save("settings", self.settings)

    def save_soon(self, name, obj):
        """Save ``obj`` as ``name`` in the store when the next input or step comes: after
        the panel update this step makes (a flash write takes a frame's time or more).
        Only for names nothing reads back before then. ``obj`` None: the file goes."""
        self._due[name] = obj
        self._framed = False
        if self._later:
            self._later.pop(name, None)  # (this newer save replaces one put off further)

    def save_later(self, name, obj):
        """Save ``obj`` as ``name`` once the players' next key is out on the panel (then as
        ``save_soon``), or at ``save_due``: for what a power cut before any key may lose
        because nothing was entered (where the players are, a new game's defaults). A save
        of ``name`` already due waits with it."""
        self._due.pop(name, None)
        self._later[name] = obj

    def _keyed(self):
        # a key came (or everything must be written): the saves put off for it are due
        later = self._later
        self._later = {}
        later.update(self._due)  # (a name is never in both: the newer one is kept)
        self._due = later
        self._framed = False

    def save_due(self):
        """Write the saves put off with ``save_soon`` and ``save_later`` now."""
        if self._later:
            self._keyed()
        self._write_due()

    def _write_due(self):
        due = self._due
        self._due = {}
        for name in due:
            obj = due[name]
            if obj is None:
                self.store.remove(name)
            else:
                self.store.save(name, obj)

    @property
    def rng(self):
        # the system's source, made at the first draw (dice, deals and games draw)
        if self._rng is None:
            self._rng = Rng()
        return self._rng

    def after_frame(self, fn):
        """Run ``fn(app)`` once the next frame is out, or before the next key events if
        they come first: work a screen needs soon but not for its first frame."""
        self._jobs.append(fn)
        self._framed = False

    def _deferred(self):
        # the saves and the after_frame work put off until the frame was out
        if self._due:
            self._write_due()
        if self._jobs:
            jobs = self._jobs
            self._jobs = []
            for fn in jobs:
                self._guard(fn)

    def apply_panel_settings(self):
        lang.use(self.settings["lang"])  # (0..1: wyrm.settings.read keeps it there)
        p = self.panel
        if p is None:
            return
        # the level is 1..5: wyrm.settings.read and the Contrast spinner keep it there
        p.contrast(CONTRAST_LEVELS[self.settings["contrast"] - 1])
        p.rotate(self.settings["flip"])

    # -- screen stack ---------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen):
        self.stack.append(screen)
        self._guard(screen.on_open)
        self._redraw = True
        return screen

    def pop(self, screen=None):
        """Close the top screen (or ``screen`` and everything above it)."""
        if screen is not None and screen in self.stack:
            while self.stack and self.stack[-1] is not screen:
                self._close_top()
        if len(self.stack) > 1:
            self._close_top()
            self._shown(self.stack[-1])
        self._redraw = True

    def replace(self, screen):
        if self.stack:
            self._close_top()
        return self.push(screen)

    def _close_top(self):
        s = self.stack.pop()
        self._guard(s.on_close)

    def _shown(self, s):
        """``s`` is on top again: the screens above it have closed."""
        self._guard(s.on_show)

    def redraw(self):
        self._redraw = True

    def touch(self):
        """Like redraw(), but the top screen's draw_part() may update the
        last frame in place instead of drawing it all (a menu move: two rows).
        The simulator (font.LOG set) and any pending redraw() draw it all."""
        self._part = True

    def toast(self, text, ms=1500):
        """A short note over the current screen, gone after ``ms``."""
        self._toast = text
        self._toast_until = ticks_add(self.now, ms)
        self._redraw = True

    # -- errors: never a traceback on the OLED ------------------------------
    def _guard(self, fn, *args):
        try:
            fn(self, *args)
        except Exception as exc:  # noqa: BLE001 - the device must keep going
            self.fail(exc)

    def fail(self, exc):
        self.caught += 1
        errors = self.errors
        if len(errors) >= _ERRORS_KEPT:
            errors.pop(0)
        errors.append(exc)
        pe = getattr(sys, "print_exception", None)
        if pe:  # MicroPython: the traceback goes to the serial console only
            pe(exc)
        else:  # CPython: the simulator and tests report app.errors themselves
            print("Wyrm error:", repr(exc))
        crash_screen = _widgets[1]
        if crash_screen is not None:
            self.stack.append(crash_screen(exc, _back_home))
        self._redraw = True
        # The rest of the press that hit the bug must not dismiss the message.
        self._swallow = self.buttons.stable != 0
        self._slow = 0

    # -- the step -------------------------------------------------------------
    def step(self, now, levels):
        """Advance to ``now`` (ms ticks) with button ``levels``; return dirty pages."""
        self.feed(now, levels)
        now = self.now  # (a gap too long for tick arithmetic is clamped)
        top = self.top()
        if top is not None:
            try:
                top.tick(self, now)
            except Exception as exc:  # noqa: BLE001
                self.fail(exc)
        if self._toast is not None and ticks_diff(now, self._toast_until) >= 0:
            self._toast = None
            self._redraw = True
        self._saver(now)
        self._storage()
        if (self._redraw or self._part) and self.power != OFF:
            top = self.top()
            full = self._redraw or self._toast is not None or font.LOG is not None
            self._redraw = False
            self._part = False
            if full or top is None:
                self.render()
            else:
                try:
                    top.draw_part(self, self.fb)
                except Exception as exc:  # noqa: BLE001
                    self.fail(exc)
                    self._redraw = False
                    self.render()
            mask = self.fb.dirty()
        else:
            mask = 0
        self._framed = True  # put-off work may run from the next feed on
        return mask

    def feed(self, now, levels):
        """Button levels seen at ``now``: debounce them and act on the events.

        ``step`` starts with this; the Pico also calls it for every button edge
        its interrupt latched between two steps (in order, with the edge's
        time), so a press and release that both fall inside one long step -
        a game loading, a save - still count. Nothing is drawn here.
        Saves put off with ``save_soon`` and ``after_frame`` work run once the
        frame of the step that made them is out, or before the next key events,
        whichever comes first (an edge fed between two steps must not make the
        work jump ahead of the frame it was put off for).
        """
        if self._framed and (self._due or self._jobs):
            self._deferred()
        if not self._started:
            # The first step draws the boot frame; keys count from the next one
            # (a key is taken on its edge: no press shares the boot frame).
            self._started = True
            self._last_input = now
            self._tick = now
            self.now = now
            return
        else:
            # The app's clock follows the caller's, except that a gap too long
            # for tick arithmetic is clamped: timers see it as long, never negative.
            raw = now
            if ticks_diff(raw, self._tick) < 0:
                self._skew = ticks_diff(ticks_add(self.now, _LONG_GAP), raw)
            self._tick = raw
            if self._skew:
                now = ticks_add(raw, self._skew)
        self.now = now
        n = self.buttons.update(now, levels)
        if levels or n:
            self._last_input = now
        if n and (self._due or self._jobs):
            self._deferred()  # before these events: no key acts on half-loaded work
        if n and self._later:
            self._keyed()  # written once this key's frame is out (its own saves replace them)
        if n:
            if self.power != AWAKE:
                # A dimmed panel is readable: its press acts. Only a panel that
                # is off takes a press to wake (nobody saw what it would do).
                if self.power == OFF:
                    self._swallow = True
                self._wake()
            q = self.buttons.queue
            if (
                self.buttons.stable & _CHORD == _CHORD
                and not self._swallow
                and self.chord is not None
            ):
                # UP+DOWN together: the quick roll. The rest of this press
                # (the other key's events, both clicks) does nothing else.
                self._swallow = True
                self._guard(self.chord)
            if self._swallow:
                # A swallowed press (it woke a dark panel, or was a chord)
                # does nothing else: drop its events up to the
                # step in which every key is up again (its CLICK included).
                self._slow = 0  # (a slow press among them clicks nothing either)
                if self.buttons.stable == 0:
                    self._swallow = False
            else:
                for i in range(n):
                    if self._swallow:
                        break
                    e = q[i]
                    self._dispatch(e >> 4, e & 15)

    def _dispatch(self, kind, key):
        top = self.top()
        if top is None:
            return
        if self._toast is not None and kind == buttons.PRESS:
            # A press takes the toast away: on a 128x64 panel it leaves the title bar
            # alone, and a screen that can draw what was under it again in place (its
            # ``uncover(app)``: a list's rows) does so; any other is drawn again.
            self._toast = None
            f = getattr(top, "uncover", None) if self.tall else None
            if f is None:
                self._redraw = True
            else:
                f(self)
        if kind == buttons.LONG and not top.hold_ok:
            if self.keys < 4 and key == buttons.OK:
                kind = buttons.CLICK
                key = buttons.BACK
            else:  # a slow press: it acts as a press, on the release
                self._slow |= 1 << key
                return
        try:
            handled = top.on_event(self, kind, key)
        except Exception as exc:  # noqa: BLE001
            self.fail(exc)
            return
        if not handled:
            if kind == buttons.CLICK and key == buttons.BACK:
                self.pop()
            elif kind == buttons.LONG:  # a hold this screen has no use for here
                self._slow |= 1 << key
        if kind == buttons.RELEASE and self._slow & (1 << key):
            self._slow ^= 1 << key
            self._dispatch(buttons.CLICK, key)

    def render(self):
        fb = self.fb
        clear(fb)
        top = self.top()
        if top is not None:
            try:
                top.draw(self, fb)
            except Exception as exc:  # noqa: BLE001
                self.fail(exc)
                clear(fb)
                self.stack[-1].draw(self, fb)
        if self._toast is not None and _widgets[0] is not None:
            _widgets[0](fb, self._toast)

    # -- a flash that refuses writes -------------------------------------------
    def _storage(self):
        """Say in words when saving fails (full flash, EIO) and when it works again.

        The game goes on in memory; the store tries again at every change."""
        st = self.store
        failed = getattr(st, "failed", 0)
        if failed != self._failed:
            self._failed = failed
            self._unsaved = True
            self.toast(_storage_words(0 if st.failing == _ENOSPC else 1), _NOT_SAVED_MS)
        elif self._unsaved and not st.failing:
            self._unsaved = False
            self.toast(_storage_words(2), _NOT_SAVED_MS)

    # -- screen saver ---------------------------------------------------------
    def _saver(self, now):
        idle = ticks_diff(now, self._last_input)
        st = self.settings
        if self.power == AWAKE and st["dim_s"] and idle >= st["dim_s"] * 1000:
            self.power = DIM
            if self.panel is not None:
                self.panel.contrast(_DIM_CONTRAST)
        if self.power != OFF and st["off_s"] and idle >= st["off_s"] * 1000:
            self.power = OFF
            if self.panel is not None:
                self.panel.poweroff()

    def _wake(self):
        if self.power == OFF and self.panel is not None:
            self.panel.poweron()
        self.power = AWAKE
        self.apply_panel_settings()
        self._redraw = True

    def keep_awake(self):
        """Animations and timers call this so the saver does not cut them off."""
        self._last_input = self.now


def _storage_words(i):
    from wyrm.store_words import storage  # (optional: only when the flash fails)

    return storage(i)


def _back_home(app):
    while len(app.stack) > 1:
        app._close_top()
    app._shown(app.stack[0])
    app.redraw()
