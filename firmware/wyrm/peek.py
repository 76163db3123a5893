"""Pass-and-peek: show each player a secret that only they ever see.

``peek_flow(app, players, lines_of, ...)`` walks the round, ``peek_one`` a later re-peek; the
secrecy rule is in docs/INTERNALS.md.
"""

from micropython import const

from wyrm import buttons, font, players, ui
from wyrm.app import Screen
from wyrm.lang import t
from wyrm.ticks import ticks_diff

_PASS = const(0)
_READY = const(1)
_SEEN = const(2)

_BIG_CHARS = const(10)  # characters per line at scale 2 (12 px cells)
_BIG_ROW = const(17)  # line pitch at scale 2


def player_name(k):
    return t("Player %d", "Spieler %d") % (k + 1)


def _namer(app):
    # the table's names (main menu > Players); "Player 3" where none was given
    return players.namer(app)


class PeekScreen(Screen):
    """The pass-and-peek round for ``players`` (or one re-peek: ``single``).

    ``let_go`` (always in a round; a subclass may set it for a single look): a look ends
    as OK is let go (or is cut short), with no "Seen it?" step and no hold to look again;
    in a round the next player's pass screen follows, where BACK gives the previous player
    another look. A subclass may set ``look(app)``, run as OK goes down to look."""

    hold_ok = True
    let_go = False

    def __init__(
        self,
        players,
        secret_lines,
        on_done=None,
        who=None,
        title=None,
        on_seen=None,
        single=False,
        heading=None,
        what=None,
        done_text=None,
        total=None,
    ):
        self.total = total  # players in the game: the pass screen shows k/total
        self.players = list(players)
        self.secret_lines = secret_lines
        self.on_done = on_done
        self.who = who or player_name
        self.title = title or t("Your card", "Deine Karte")
        self.on_seen = on_seen
        self.single = single
        if not single:
            self.let_go = True  # the look's release passes on
        self.heading = heading or t("Secret deal", "Geheim verteilt")
        self.what = what or t("your card", "deine Karte")
        # the toast as the round ends ("" none)
        self.done_text = (
            t("All cards dealt", "Alle Karten verteilt") if done_text is None else done_text
        )
        self.i = 0
        self.state = _READY if single else _PASS
        self.holding = False  # OK went down on this screen and is still down
        self.press_state = -1  # the state in which OK last went down
        self.shown_at = 0
        self.timed_out = False
        self.first = 0  # scroll position of a long secret
        self.showing = False  # the last draw() drew the secret

    # -- what the tests and callers may read ------------------------------------
    @property
    def owner(self):
        """The player whose turn it is (None when the round is over)."""
        if self.i < len(self.players):
            return self.players[self.i]
        return None

    # -- hooks ------------------------------------------------------------------
    def on_open(self, app):
        self._hide(app)

    def on_show(self, app):
        self._hide(app)  # something covered us: whatever OK did meanwhile was not ours

    def _hide(self, app):
        self._stop_look()
        self.press_state = -1
        app.redraw()

    def _stop_look(self):
        # the secret goes off the panel; a ``let_go`` look is over (seen) then
        if self.holding and self.let_go and self.state == _READY:
            self.state = _SEEN
        self.holding = False

    def look(self, app):
        """OK went down to look: False when there is nothing to show (the screen is gone)."""
        return True

    def _show(self, app):
        self.holding = True
        self.timed_out = False
        self.shown_at = app.now
        self.first = 0
        app.redraw()

    def tick(self, app, now):
        if not self.holding:
            return
        if not app.buttons.held(buttons.OK):  # a release we did not hear: hide
            self._stop_look()
            app.redraw()
        elif not self.timed_out and ticks_diff(now, self.shown_at) >= app.settings["peek_s"] * 1000:
            self.timed_out = True
            app.redraw()

    def on_event(self, app, kind, key):
        if key == buttons.OK:
            return self._ok(app, kind)
        elif self.holding:
            # While the secret is up only UP/DOWN (scrolling) do anything.
            if ui.is_up(kind, key):
                self.first = max(0, self.first - 1)
                app.redraw()
            elif ui.is_down(kind, key):
                self.first += 1
                app.redraw()
        elif kind == buttons.CLICK and (
            key == buttons.BACK or (app.keys < 4 and key == buttons.UP)
        ):
            self._back(app)
        # nothing else reaches the screens below during a peek (a held BACK: a slow press)
        return kind != buttons.LONG

    def _ok(self, app, kind):
        """OK: held shows the secret (PRESS to RELEASE); a click moves on."""
        st = self.state
        three = app.keys < 4
        if kind == buttons.PRESS:
            self.press_state = st
            if st == _READY and self.look(app):
                self._show(app)
        elif kind == buttons.RELEASE:
            if self.holding:
                self.holding = False
                if st == _READY:
                    self.state = _SEEN
                app.redraw()
        elif kind == buttons.LONG:
            if st == _SEEN and self.press_state == _SEEN and not self.let_go:
                self._show(app)
            elif st == _PASS and three:
                self._back(app)
            else:
                return False  # no hold here: a slow press, a click on the release
        elif kind == buttons.CLICK:
            if st == _PASS:
                self.state = _READY
                app.redraw()
            elif st == _SEEN and (self.press_state == _SEEN
                                  or self.let_go and self.press_state == _READY):
                self._next(app)  # (``let_go``: the look's own click, its release seen)
        return True

    def _back(self, app):
        """BACK (UP on three buttons): a step back (on a pass screen: the previous player's
        look again), or stop the round."""
        st = self.state
        if st == _PASS:
            if self.i > 0:  # already seen and saved: looking again changes nothing
                self.i -= 1
                self.state = _READY
                app.redraw()
            else:
                self._ask_stop(app)
        elif st == _READY:
            if self.single:
                app.pop(self)
            else:
                self.state = _PASS
                app.redraw()
        elif st == _SEEN:  # (a long OK shows it again)
            if self.single:
                self._finish(app)
            else:
                self._ask_stop(app)

    # -- moving on --------------------------------------------------------------
    def _next(self, app):
        k = self.owner
        if self.on_seen is not None:
            self.on_seen(app, k)
        self.i += 1
        self.press_state = -1
        if self.i >= len(self.players):
            if not self.single and self.done_text:
                app.toast(self.done_text)  # (before on_done: a toast of its own wins)
            self._finish(app)
            return
        self.state = _PASS
        app.redraw()

    def _finish(self, app):
        app.pop(self)
        if self.on_done is not None:
            self.on_done(app)

    def _ask_stop(self, app):
        def stop(app):
            app.pop(self)

        app.push(
            ui.Confirm(
                t(
                    "Stop passing round? Cards stay dealt; go on later from the menu.",
                    "Weitergeben beenden? Die Karten bleiben verteilt; später im Menü weiter.",
                ),
                stop,
            )
        )

    # -- drawing ----------------------------------------------------------------
    def draw(self, app, fb):
        self.showing = False
        tall = app.tall
        if self.holding and app.buttons.held(buttons.OK):
            if self.timed_out:
                self._draw_hidden(app, fb, tall)
            else:
                self._draw_secret(app, fb, tall)
            return
        st = self.state
        if st == _PASS:
            self._draw_pass(app, fb, tall)
        elif st == _READY:
            self._draw_ready(app, fb, tall)
        else:
            self._draw_seen(app, fb, tall)

    def _draw_secret(self, app, fb, tall):
        lines = self.secret_lines(app, self.owner)
        self.showing = True
        big = tall and len(lines) <= 3
        if big:
            for line in lines:
                if len(line) > _BIG_CHARS:
                    big = False
        if big:
            ui.title(fb, self.title)
            for i, line in enumerate(lines):
                font.center(fb, line, ui.TITLE_H + 2 + i * _BIG_ROW, 1, 2)
            return
        out = []
        for line in lines:
            out += ui.wrap(line)
        if tall:
            ui.title(fb, self.title)
            top = ui.TITLE_H
            shown = ui.rows(app)
            pitch = ui.ROW
        else:  # 128x32: no title bar, four lines
            top = 0
            shown = app.height // font.LINE
            pitch = font.LINE
        self.first = max(0, min(self.first, len(out) - shown))
        for r in range(min(shown, len(out) - self.first)):
            font.text(fb, out[self.first + r], 2, top + r * pitch + (1 if tall else 0))
        ui.scroll_marks(fb, self.first, shown, len(out))

    def _draw_hidden(self, app, fb, tall):
        ui.title(fb, self.who(self.owner))
        if tall:
            font.center(fb, t("Hidden", "Verdeckt"), 20, 1, 2)
            font.center(fb, t("Release OK", "OK loslassen"), 44)
        else:
            font.center(fb, t("Hidden - release OK", "Verdeckt: OK loslassen"), 16)

    def _name(self, fb, name, y):
        scale = 2 if font.width(name, 2) <= fb.width else 1
        font.center(fb, name, y, 1, scale)

    def _draw_pass(self, app, fb, tall):
        k = self.owner
        if k is None:  # the round is over
            return
        n = len(self.players)
        if self.total:
            right = "%d/%d" % (k + 1, self.total)
        else:
            right = None if n < 2 else "%d/%d" % (self.i + 1, n)
        name = self.who(k)
        if tall:
            ui.title(fb, self.heading, right)
            font.center(fb, t("Pass to", "Gib an"), 12)
            self._name(fb, name, 21)
            for i, line in enumerate(
                ui.wrap(t("OK when only you can see the screen.",
                          "OK, wenn nur du den Bildschirm siehst."))
            ):
                font.text(fb, line, 2, 39 + i * 8)
            if self.i > 0:  # (no room on a 128x32 panel)
                font.center(fb, t("UP: look again", "UP: nochmal sehen") if app.keys < 4
                            else t("BACK: look again", "BACK: nochmal sehen"), 56)
        else:
            ui.title(fb, t("Pass to ", "Gib an ") + name, right)
            font.text(fb, t("OK when only you", "OK, wenn nur du den"), 2, 12)
            font.text(fb, t("can see the screen.", "Bildschirm siehst."), 2, 21)

    def _back_hint(self, app):
        if app.keys < 4:
            return t("UP: back", "UP: zurück")
        return t("BACK: back", "BACK: zurück")

    def _draw_ready(self, app, fb, tall):
        ui.title(fb, self.who(self.owner))
        if tall:
            font.center(fb, t("Hold OK", "OK halten"), 16, 1, 2)
            font.center(fb, t("to see ", "zeigt ") + self.what, 36)
            font.center(fb, self._back_hint(app), 54)
        else:
            font.text(fb, t("Hold OK", "OK halten"), 2, 12)
            font.text(fb, t("to see ", "zeigt ") + self.what, 2, 21)

    def _ok_line(self):
        if self.single:
            return t("OK: done", "OK: fertig")
        if self.i + 1 >= len(self.players):
            return t("OK: finish", "OK: beenden")
        return t("OK: pass on", "OK: weiter")

    def _draw_seen(self, app, fb, tall):
        ui.title(fb, self.who(self.owner))
        if tall:
            font.center(fb, t("Seen it?", "Gesehen?"), 14, 1, 2)
            font.center(fb, self._ok_line(), 38)
            if not self.let_go:
                font.center(fb, t("Hold OK: see again", "OK halten: nochmal"), 50)
        else:
            font.text(fb, t("Seen it? ", "Gesehen? ") + self._ok_line(), 2, 12)
            if not self.let_go:
                font.text(fb, t("Hold OK: see again", "OK halten: nochmal"), 2, 21)


def peek_flow(
    app,
    players,
    secret_lines,
    on_done=None,
    who=None,
    title=None,
    on_seen=None,
    heading=None,
    what=None,
    done_text=None,
    total=None,
):
    """Push the pass-and-peek round for ``players`` (player indices, in order).

    ``on_seen(app, k)`` runs when player k has seen their secret and passes on
    (save it: a power cut then resumes with the next player). Letting go of OK after
    a look passes on; BACK on the next pass screen gives the previous player another
    look. After the last look the toast "All cards dealt" (``done_text``; "" none) and
    ``on_done(app)``: the screen below follows. ``total``: the number of players in the
    game, so that a round resumed after a power cut still says "3/4" (default: position
    in ``players``). Returns the screen (None for no players: ``on_done`` at once).
    """
    if not players:
        if on_done is not None:
            on_done(app)
        return None
    return app.push(
        PeekScreen(
            players,
            secret_lines,
            on_done,
            who or _namer(app),
            title,
            on_seen,
            False,
            heading,
            what,
            done_text,
            total,
        )
    )


def peek_one(app, k, secret_lines, who=None, title=None, what=None, on_done=None, ask=True):
    """A later peek by player k: "Only Player k should look. Continue?" then hold OK.
    ``ask=False`` goes straight to "Hold OK" (its title names the player; BACK leaves)."""
    who = who or _namer(app)
    name = who(k)

    def go(app):
        app.push(PeekScreen([k], secret_lines, on_done, who, title, None, True, name, what))

    if not ask:
        go(app)
        return None
    return app.push(
        ui.Confirm(t("Only %s should look. Continue?", "Nur %s darf schauen. Weiter?") % name, go)
    )
