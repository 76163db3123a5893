"""Who starts and the Drakskatten roll-off (everyone rolls 1d6, only the tied highest
roll again): the logic (``RollOff``) and the tumbling screens behind
``wyrm.dice_ui.who_starts_screen`` and ``rolloff_screen``.

The logic has no randomness of its own (``roll(rng)`` takes the caller's rng).
"""

from wyrm import buttons, dice, dice_roll_ui, font, players, ui
from wyrm.dice import D6
from wyrm.dice_draw_ui import Tumbling, caption, skip_key, spin
from wyrm.lang import t
from wyrm.spinner import Spinner


class RollOff:
    """Drakskatten start: everyone rolls 1d6; only the tied highest roll again.

    ``players`` is a player count (players 0..n-1) or a list of player ids.
    ``still_in`` lists who rolls next; ``rounds`` holds every round as a list of
    (player, roll); ``winner`` is None until one player is left.
    Use ``roll(rng)`` to roll for everybody still in, or ``enter(rolls)`` with
    real dice (one 1..6 per player in ``still_in``, same order).
    """

    def __init__(self, players):
        if type(players) is int:
            players = list(range(players))
        else:
            players = list(players)
        if len(players) < 1:
            raise ValueError("roll-off needs players")
        self.still_in = players
        self.rounds = []
        self.winner = players[0] if len(players) == 1 else None

    def done(self):
        return self.winner is not None

    def enter(self, rolls):
        """Record one round of rolls; returns that round [(player, roll), ...]."""
        if self.winner is not None:
            raise ValueError("roll-off is over")
        if len(rolls) != len(self.still_in):
            raise ValueError("one roll per player still in")
        best = 0
        for r in rolls:
            if type(r) is not int or r < 1 or r > 6:
                raise ValueError("a d6 shows 1..6")
            if r > best:
                best = r
        rnd = []
        top = []
        for i in range(len(rolls)):
            rnd.append((self.still_in[i], rolls[i]))
            if rolls[i] == best:
                top.append(self.still_in[i])
        self.rounds.append(rnd)
        self.still_in = top
        if len(top) == 1:
            self.winner = top[0]
        return rnd

    def roll(self, rng):
        """Roll 1d6 for each player still in; returns the round."""
        return self.enter([D6.roll(rng)[0] for _ in self.still_in])


# -- who starts -----------------------------------------------------------------------
class PlayersSpinner(Spinner):
    """How many players? (starts at the last count used); OK opens ``make(n)``."""

    def __init__(self, title_text, make, lo, hi):
        self.make = make
        self.book = dice_roll_ui.Book()  # the player count is kept with the dice counts
        super().__init__(
            title_text,
            4,
            lo,
            hi,
            self._done,
            hint=t("%d-%d players  OK: go", "%d-%d Spieler  OK: los") % (lo, hi),
        )

    def on_open(self, app):
        self.book.load(app)
        # the table's count (main menu > Players) first, else the last count used
        self.value = players.count_or(app, self.book.players, self.lo, self.hi)
        self.book.show_problems(app)

    def _done(self, app, n):
        if self.book.players != n:
            self.book.players = n
            self.book.save(app)
        app.push(self.make(n))


class WhoScreen(Tumbling):
    """A random starting player among n, with a short tumble of numbers."""

    def __init__(self, n):
        super().__init__(7)
        self.n = n
        self.pick = 1
        self.shown = 1

    def on_open(self, app):
        self.go(app)

    def go(self, app):
        self.pick = dice.random_player(app.rng, self.n) + 1
        self.start_tumble(app)

    def next_face(self, app):
        s = self.seed % self.n + 1
        self.shown = s if s != self.shown else s % self.n + 1

    def on_event(self, app, kind, key):
        if skip_key(self, app, kind, key):
            return True
        if kind == buttons.PRESS:
            return False
        if ui.is_ok(kind, key):
            self.go(app)
            return True
        return False

    def draw(self, app, fb):
        tall = app.tall
        if tall:
            ui.title(fb, t("Who starts?", "Wer beginnt?"), t("of %d", "von %d") % self.n)
        y = ui.TITLE_H + 3 if tall else 2
        p = self.shown if self.t0 is not None else self.pick
        if tall:
            font.big_center(fb, str(p), y)
        else:
            font.big(fb, str(p), 4, y)
        if self.t0 is not None:
            return
        if tall:
            caption(fb, t("%s starts", "%s beginnt") % players.name(app, p - 1), 44, True)
            if not players.given(app, p - 1):
                font.center(fb, t("1 = you, clockwise", "1 = du, im Uhrzeigersinn"), 56)
        else:
            font.text(fb, players.name(app, p - 1), 30, 4)
            font.text(fb, t("starts", "beginnt"), 30, 14)


class RollOffScreen(Tumbling):
    """Everyone rolls 1d6; only the tied highest roll again - round by round.

    OK rolls the next round (a new roll-off once someone has won); UP/DOWN
    look back at earlier rounds.
    """

    done_hint = None  # "OK: new roll-off" (a game's roll-off goes on into the game)

    def __init__(self, n, names=None, on_win=None):
        super().__init__(3)
        self.n = n
        self.names = names  # a game's own names (Drakskatten); else the table's
        self.on_win = on_win  # on_win(app, player): the game's first turn
        self.ro = RollOff(n)
        self.view = 0
        self.first = 0  # 32 px, two a row: the first row shown
        self.spin = None

    def on_open(self, app):
        self.start(app)

    def start(self, app):
        self.ro = RollOff(self.n)
        self.next_round(app)

    def next_round(self, app):
        self.ro.roll(app.rng)
        if self.ro.done() and self.on_win:
            self.on_win(app, self.ro.winner)
        self.view = len(self.ro.rounds) - 1
        self.first = 0
        self.start_tumble(app)

    def next_face(self, app):
        self.spin = self.seed

    def on_event(self, app, kind, key):
        if skip_key(self, app, kind, key):
            return True
        if kind == buttons.PRESS and key != buttons.UP and key != buttons.DOWN:
            return False
        last = len(self.ro.rounds) - 1
        if ui.is_ok(kind, key):
            if self.view != last:
                self.view = last
                self.first = 0
                app.redraw()
            elif self.ro.done():
                self.start(app)
            else:
                self.next_round(app)
            return True
        # UP/DOWN: the rounds one after the other, each as tall as its rows (on 32 px with
        # seven long names its rows scroll first, then the next round shows)
        most = self._most(app)
        if ui.is_up(kind, key):
            if self.first > 0:
                self.first -= 1
            elif self.view > 0:
                self.view -= 1
                self.first = most
        elif ui.is_down(kind, key):
            if self.first < most:
                self.first += 1
            elif self.view < last:
                self.view += 1
                self.first = 0
        else:
            return False
        app.redraw()
        return True

    def _spare(self, app):
        # 32 px, three columns of three: the width left over (below 0: they do not fit)
        spare = app.width - 4  # two gaps of 2 px between columns
        for col in range((self.n + 2) // 3):
            spare -= self._col_w(app, col) + 7  # the name, a roll's box
        return spare

    def _most(self, app):
        # the last first row: 32 px, two players a row (three columns do not fit), three
        # rows shown
        if app.tall or self._spare(app) >= 0:
            return 0
        return max(0, (self.n + 1) // 2 - 3)

    def draw(self, app, fb):
        rounds = self.ro.rounds
        rnd = rounds[self.view]
        last = self.view == len(rounds) - 1
        rolling = self.t0 is not None and last
        best = 0
        for _p, r in rnd:
            best = max(best, r)
        tied = 0
        for _p, r in rnd:
            if r == best:
                tied += 1
        tall = app.tall
        right = t("round %d", "Runde %d") % (self.view + 1)
        if len(rounds) > 1:
            right = t("round %d/%d", "Runde %d/%d") % (self.view + 1, len(rounds))
        if tall:
            ui.title(fb, t("Roll-off", "Stechen"), right)
        # every player (a name of up to 6 letters): rolled this round (value, top ones
        # inverted) or out. 64 px: two columns of up to four under the title, a top row
        # inverted whole (9 px, a name's tail within). 32 px: no title, three rows of 8 px
        # above the result, a top roll in a box: three columns of three (each as wide as
        # its longest name, the spare width between them) when they fit, else two players
        # a row, UP/DOWN scroll the rows.
        rolled = {}
        for p, r in rnd:
            rolled[p] = r
        per_col = (self.n + 1) // 2 if tall else 3
        spare = -1 if tall else self._spare(app)
        first = 0
        sp = gap = 0
        if spare >= 0:  # a space before each roll, the rest between the columns
            sp = min(4, spare // 3)
            gap = 2 + min(6, (spare - 3 * sp) // 2)
        elif not tall:
            per_col = 0  # two a row
            first = min(self.first, self._most(app))
        seed = self.spin or 1
        x = 0
        for p in range(self.n):
            if per_col:
                col = p // per_col
                row = p % per_col
            else:
                col = p & 1
                row = (p >> 1) - first
                if row < 0 or row > 2:
                    continue
            if tall:
                x = col * 64 + 2
                y = ui.TITLE_H + row * 9
                vx = x + 44
            else:
                if not per_col:  # a name of six letters, a space, the roll
                    x = col * 64
                    vx = x + 41
                else:
                    if row == 0 and col:
                        x += self._col_w(app, col - 1) + 7 + sp + gap
                    vx = x + self._col_w(app, col) + sp + 1
                y = row * 8
            r = rolled.get(p)
            inv = r is not None and r == best and not rolling
            if inv:  # 64 px: the row; 32 px: the roll
                if tall:
                    fb.fill_rect(x, y, 60, 9, 1)
                else:
                    fb.fill_rect(vx - 1, y - 1, 7, 9, 1)
            ty = y + 1 if tall else y
            c = 0 if inv and tall else 1
            font.text(fb, self._name(app, p, True), x + (2 if tall else 0), ty, c)
            if r is None:
                font.text(fb, t("out", "aus") if tall else "-", vx - 4 if tall else vx, ty)
                continue
            if rolling:
                seed = spin(seed)
                r = seed % 6 + 1
            font.text(fb, str(r), vx, ty, 0 if inv else 1)
        if not (tall or per_col):  # marks beside the rows when more are above or below
            if first > 0:
                ui.arrow(fb, fb.width - 4, 0, -1)
            if first < self._most(app):
                ui.arrow(fb, fb.width - 4, 23, 1)
        if rolling:
            return
        y = 47 if tall else 24
        if tied == 1:
            winner = rnd[0][0]
            for p, r in rnd:
                if r == best:
                    winner = p
            caption(fb, t("%s starts!", "%s beginnt!") % self._name(app, winner, False), y, False)
            hint = self.done_hint or t("OK: new roll-off", "OK: neues Stechen")
        else:
            caption(fb, t("Tie on %d: roll again", "Gleich mit %d: nochmal") % best, y, False)
            hint = t("OK: next round", "OK: nächste Runde")
        if not tall:
            return
        if not last:
            hint = t("OK: latest round", "OK: letzte Runde")
        font.center(fb, hint, 56)

    def _col_w(self, app, col):
        # a 32 px column of three: its longest name
        w = 0
        for p in range(col * 3, min(self.n, col * 3 + 3)):
            w = max(w, font.width(self._name(app, p, True)))
        return w

    def _name(self, app, p, short_form):
        if self.names and p < len(self.names):
            return self.names[p]
        return players.short(app, p) if short_form else players.name(app, p)
