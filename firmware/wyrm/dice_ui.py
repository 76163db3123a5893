"""Dice screens: the Dice menu, custom dice, who starts, the roll-off.

Games use the public screen builders (import the module inside a function):

    from wyrm import dice_roll_ui
    app.push(dice_roll_ui.roll_screen("dh"))        # one die (built-in or "c:<name>")
    from wyrm import dice_ui
    app.push(dice_ui.who_starts_screen())        # asks the player count, picks one
    app.push(dice_ui.rolloff_screen(hi=6))       # Drakskatten roll-off, round by round

The roll screen of a die, its history and statistics and the saved counts live
in ``wyrm.dice_roll_ui`` (a game that only rolls loads just that, and the roll-off
of a known number of players does not load it); ``dice_ui.roll_screen`` hands
over to it. Custom dice come from ``dice.json`` in the store's folder (format:
see ``wyrm.dice_custom.parse_custom``).
"""

from wyrm import buttons, dice, dice_rolloff, font, players, ui
from wyrm.dice_draw_ui import Tumbling, caption, skip_key, spin

_HELP = (
    "Add your own dice: put a file dice.json on Wyrm (next to the saved "
    'games), e.g. {"dice": [{"name": "d20", "sides": 20}, {"name": "Weather", '
    '"faces": ["Sun", "Rain", "Storm"]}]}. "count": 2 rolls two at once. '
    "Faces are numbers or words of up to 8 letters."
)


class StatsMenu(ui.Menu):
    """Every die with its number of rolls; OK opens its statistics."""

    def __init__(self, dice_list, book):
        self.book = book
        self.dice_list = dice_list
        items = []
        for d in dice_list:
            items.append([self._label(d), self._opener(d)])
        super().__init__("Statistics", items)

    def _label(self, d):
        def lab(app):
            n = str(self.book.rolls(d))
            name = ui.fit(d.name, font.CHARS - 2 - len(n))
            return name + " " * (font.CHARS - 1 - len(name) - len(n)) + n

        return lab

    def _opener(self, d):
        def run(app):
            from wyrm import dice_roll_ui

            app.push(dice_roll_ui.StatsScreen(d, self.book))

        return run


# -- who starts -----------------------------------------------------------------------
class PlayersSpinner(ui.Spinner):
    """How many players? (starts at the last count used); OK opens ``make(n)``."""

    def __init__(self, title_text, make, lo, hi):
        from wyrm import dice_roll_ui  # the player count is kept with the dice counts

        self.make = make
        self.book = dice_roll_ui.Book()
        super().__init__(title_text, 4, lo, hi, self._done, hint="%d-%d players  OK: go" % (lo, hi))

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
            ui.title(fb, "Who starts?", "of %d" % self.n)
        y = ui.TITLE_H + 3 if tall else 2
        p = self.shown if self.t0 is not None else self.pick
        if tall:
            font.big_center(fb, str(p), y)
        else:
            font.big(fb, str(p), 4, y)
        if self.t0 is not None:
            return
        if tall:
            caption(fb, "%s starts" % players.name(app, p - 1), 44, True)
            if not players.given(app, p - 1):
                font.center(fb, "1 = you, clockwise", 56)
        else:
            font.text(fb, players.name(app, p - 1), 30, 4)
            font.text(fb, "starts", 30, 14)


class RollOffScreen(Tumbling):
    """Everyone rolls 1d6; only the tied highest roll again - round by round.

    OK rolls the next round (a new roll-off once someone has won); UP/DOWN
    look back at earlier rounds.
    """

    def __init__(self, n, names=None, on_win=None):
        super().__init__(3)
        self.n = n
        self.names = names  # a game's own names (Drakskatten); else the table's
        self.on_win = on_win  # on_win(app, player): the game's first turn
        self.ro = dice_rolloff.RollOff(n)
        self.view = 0
        self.spin = None

    def on_open(self, app):
        self.start(app)

    def start(self, app):
        self.ro = dice_rolloff.RollOff(self.n)
        self.next_round(app)

    def next_round(self, app):
        self.ro.roll(app.rng)
        if self.ro.done() and self.on_win:
            self.on_win(app, self.ro.winner)
        self.view = len(self.ro.rounds) - 1
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
                app.redraw()
            elif self.ro.done():
                self.start(app)
            else:
                self.next_round(app)
            return True
        if ui.is_up(kind, key):
            self.view = max(0, self.view - 1)
        elif ui.is_down(kind, key):
            self.view = min(last, self.view + 1)
        else:
            return False
        app.redraw()
        return True

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
        right = "round %d" % (self.view + 1)
        if len(rounds) > 1:
            right = "round %d/%d" % (self.view + 1, len(rounds))
        if tall:
            ui.title(fb, "Roll-off", right)
        # every player (a name of up to 6 letters): rolled this round (value, top
        # ones inverted) or out. 64 px: two columns of up to four under the title;
        # 32 px: no title, three columns of three rows of 8 px (each as wide as its
        # longest name, the spare width between them), so all seven players and the
        # result show.
        rolled = {}
        for p, r in rnd:
            rolled[p] = r
        per_col = (self.n + 1) // 2 if tall else 3
        seed = self.spin or 1
        gap = sp = 0
        if not tall:  # the spare width: a space before each roll, the rest between
            spare = fb.width
            for col in range(3):
                spare -= self._col_w(app, col)
            sp = 4 if spare >= 14 else 2
            gap = max(1, min(8, (spare - 3 * sp) // 2))
        x = 0
        for p in range(self.n):
            col = p // per_col
            row = p % per_col
            if tall:
                x = col * 64 + 2
                y = ui.TITLE_H + 1 + row * 9
                vx = x + 44
            else:
                if row == 0 and col:
                    x += self._col_w(app, col - 1) + sp + gap
                y = row * 8
                vx = x + self._col_w(app, col) + sp - 5
            r = rolled.get(p)
            inv = r is not None and r == best and not rolling
            if inv:
                # 64 px: the row, 8 of 9 rows (tied rows stay apart); 32 px: the roll
                if tall:
                    fb.fill_rect(x, y, 60, 8, 1)
                else:
                    fb.fill_rect(vx - 1, y, 7, 8, 1)
            ty = y + 1
            c = 0 if inv and tall else 1
            font.text(fb, self._name(app, p, True), x + (2 if tall else 0), ty, c)
            if r is None:
                font.text(fb, "out" if tall else "-", vx - 4 if tall else vx, ty)
                continue
            if rolling:
                seed = spin(seed)
                r = seed % 6 + 1
            font.text(fb, str(r), vx, ty, 0 if inv else 1)
        if rolling:
            return
        y = 47 if tall else 24
        if tied == 1:
            winner = rnd[0][0]
            for p, r in rnd:
                if r == best:
                    winner = p
            caption(fb, "%s starts!" % self._name(app, winner, False), y, False)
            hint = "OK: new roll-off"
        else:
            caption(fb, "Tie on %d: roll again" % best, y, False)
            hint = "OK: next round"
        if not tall:
            return
        if not last:
            hint = "OK: latest round"
        font.center(fb, hint, 56)

    def _col_w(self, app, col):
        # a 32 px column: its longest name and the roll (the space between: sp)
        w = 0
        for p in range(col * 3, min(self.n, col * 3 + 3)):
            w = max(w, font.width(self._name(app, p, True)))
        return w + 5

    def _name(self, app, p, short_form):
        if self.names and p < len(self.names):
            return self.names[p]
        return players.short(app, p) if short_form else players.name(app, p)


# -- public builders and the Dice menu ---------------------------------------------------
def roll_screen(die, roll_now=False):
    """The roll screen of a die: ``wyrm.dice_roll_ui.roll_screen`` (a game that only
    rolls imports that module instead)."""
    from wyrm import dice_roll_ui

    return dice_roll_ui.roll_screen(die, roll_now)


def who_starts_screen(n=None, lo=dice.PLAYERS_MIN, hi=dice.PLAYERS_MAX):
    """Pick a random starting player; asks for the player count unless ``n`` is given."""
    if n is not None:
        return WhoScreen(n)
    return PlayersSpinner("Who starts?", WhoScreen, lo, hi)


def rolloff_screen(n=None, lo=dice.PLAYERS_MIN, hi=dice.PLAYERS_MAX, names=None, on_win=None):
    """The Drakskatten roll-off for n players (asks for n when not given); ``names``:
    the game's own (default: the table's, main menu > Players); ``on_win(app, k)``
    when player k has won it (the game's first turn)."""
    if n is not None:
        return RollOffScreen(n, names, on_win)
    return PlayersSpinner("Roll-off", RollOffScreen, lo, hi)


def _name_of(dice_list, die_id):
    for d in dice_list:
        if d.id == die_id:
            return d.name
    return None


class DiceMenu(ui.Menu):
    """Built-in dice, custom dice, who starts, roll-off, statistics, help."""

    def __init__(self):
        super().__init__("Dice", [])
        self.book = None
        self.dice_list = []

    def on_open(self, app):
        from wyrm import dice_roll_ui

        custom, problems = dice_roll_ui.load_custom(app)
        self.dice_list = list(dice.BUILTIN) + custom
        items = []
        for d in dice.BUILTIN:
            items.append([d.name, self._roller(d)])
        items.append(["Who starts?", lambda a: a.push(who_starts_screen())])
        items.append(["Roll-off (all 1d6)", lambda a: a.push(rolloff_screen())])
        for d in custom:  # your own dice after the built-in entries
            items.append([d.name, self._roller(d)])
        items.append(["Statistics", self._stats])
        items.append(["Your own dice", lambda a: a.push(ui.Message("Your own dice", _HELP))])
        self.items = items
        last = dice_roll_ui.last_die(app)  # the menu starts on the die rolled last
        for i in range(len(items)):
            if items[i][0] == _name_of(self.dice_list, last):
                self.sel = i
        if problems:
            text = ["The file dice.json has problems; the other dice work."]
            head = "dice.json: "  # the file is named in the first line already
            for p in problems:
                text.append(p[len(head):] if p.startswith(head) else p)
            ui.error(app, text, "dice.json")

    def _stats(self, app):
        from wyrm import dice_roll_ui

        book = dice_roll_ui.Book(app)
        app.push(StatsMenu(self.dice_list, book))
        book.show_problems(app)

    def _roller(self, d):
        def run(app):
            from wyrm import dice_roll_ui

            app.push(dice_roll_ui.RollScreen(d, roll_now=True, remember=True))

        return run


def enter(app, resume=False):
    """Push the Dice menu; after a power cut also the roll screen that was open."""
    menu = app.push(DiceMenu())
    if not resume:
        return
    from wyrm import dice_roll_ui

    book = dice_roll_ui.Book(app)
    for d in menu.dice_list:
        if d.id == book.open:
            app.push(dice_roll_ui.RollScreen(d, remember=True, book=book))
            return
    book.show_problems(app)
