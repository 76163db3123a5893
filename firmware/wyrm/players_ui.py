"""The Players screens: enter the table's names once (main menu > Players).

Loaded while they are open. The names are kept by ``wyrm.players`` (store key
"table"). First time: how many (2-7), then a name for each seat in turn - the
list starts on the first colour nobody has yet (OK: take it), has common short
names after the colours, and "Spell a name" (a letter spinner) at the top.
Afterwards the Players menu lists the seats (OK: change that name), the count
and "Clear the names".
"""
from micropython import const

from wyrm import buttons, font, players, ui
from wyrm.app import Screen

COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Orange", "Purple")
NAMES = (
    "Anna", "Ben", "Clara", "David", "Elias", "Emma", "Eva", "Felix", "Finn", "Hanna",
    "Ida", "Jan", "Jonas", "Julia", "Jörg", "Lara", "Laura", "Lea", "Lena", "Leon",
    "Lisa", "Luca", "Lukas", "Marie", "Max", "Mia", "Nina", "Noah", "Paul", "Sarah",
    "Sophie", "Sören", "Tim", "Tom", "Ute", "Uwe",
)
_SPELL = const(1)  # rows before the colours: "Spell a name"
_FIRST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ\xc4\xd6\xdc"
_REST = "abcdefghijklmnopqrstuvwxyz\xe4\xf6\xfc\xdf-" + font.CHECK  # last: done


def open_players(app):
    """Main menu > Players: the list, or the first entry when there is none."""
    app.push(PlayersMenu())
    if not players.count(app):
        ask_count(app)


def ask_count(app):
    n = players.count(app) or 4

    def done(app, k):
        old = list(players.names(app))
        new = (old + [""] * k)[:k]
        players.save(app, new)
        if not old:
            pick(app, 0, True)  # first time: a name for every seat in turn

    app.push(ui.Spinner("How many players?", n, players.MIN, players.MAX, done,
                        hint="%d-%d  OK: names" % (players.MIN, players.MAX)))


def pick(app, seat, chain=False):
    """The name list for ``seat``; ``chain``: the next seat's list follows."""
    app.push(NamePick(seat, chain))


def _set(app, seat, s, chain):
    lst = list(players.names(app))
    if seat < len(lst):
        lst[seat] = s
        players.save(app, lst)
    if chain and seat + 1 < len(lst):
        pick(app, seat + 1, True)


class NamePick(ui.Menu):
    def __init__(self, seat, chain):
        self.seat = seat
        self.chain = chain
        choices = COLOURS + NAMES
        items = [["Spell a name", self._spell]]
        for s in choices:
            items.append([s, self._taker(s)])
        items.append(["No name (P%d)" % (seat + 1), self._taker("")])
        super().__init__("Seat %d: name?" % (seat + 1), items)
        self.choices = choices

    def on_open(self, app):
        lst = players.names(app)
        mine = players.given(app, self.seat)
        if mine in self.choices:
            self.sel = self.choices.index(mine) + _SPELL
            return
        if mine:
            return  # a spelled name: start on "Spell a name"
        prev = players.given(app, self.seat - 1) if self.seat else ""
        if prev in self.choices:  # the row after the seat before's (Anna, then Ben)
            i = self.choices.index(prev) + 1
            if i < len(self.choices) and self.choices[i] not in lst:
                self.sel = i + _SPELL
                return
        for i, c in enumerate(self.choices):
            if c not in lst:
                self.sel = i + _SPELL
                return

    def _taker(self, s):
        def take(app):
            app.pop(self)
            _set(app, self.seat, s, self.chain)

        return take

    def _spell(self, app):
        app.pop(self)
        app.push(Speller(self.seat, self.chain, players.given(app, self.seat)))


class Speller(Screen):
    """Spell a name of up to 6 letters: UP/DOWN change the letter under the cursor,
    OK takes it and moves on; the check mark (UP from "a") ends the name. BACK takes
    the last letter away (on an empty name: leaves)."""

    def __init__(self, seat, chain, start=""):
        self.seat = seat
        self.chain = chain
        self.done = start  # letters taken
        self.cur = 0  # index into the alphabet of the letter under the cursor

    def _abc(self):
        return _REST if self.done else _FIRST

    def on_event(self, app, kind, key):
        abc = self._abc()
        if ui.is_up(kind, key):
            self.cur = (self.cur - 1) % len(abc)
        elif ui.is_down(kind, key):
            self.cur = (self.cur + 1) % len(abc)
        elif ui.is_ok(kind, key):
            ch = abc[self.cur]
            if ch == font.CHECK:
                self._finish(app)
                return True
            self.done += ch
            self.cur = 0
            if len(self.done) >= players.LEN:
                self._finish(app)
                return True
        elif kind == buttons.CLICK and key == buttons.BACK:
            if not self.done:
                app.pop(self)
                return True
            self.done = self.done[:-1]
            self.cur = 0
        else:
            return False
        app.redraw()
        return True

    def _finish(self, app):
        app.pop(self)
        _set(app, self.seat, self.done, self.chain)

    def draw(self, app, fb):
        ui.title(fb, "Seat %d: spell" % (self.seat + 1), "%d/%d" % (len(self.done), players.LEN))
        ch = self._abc()[self.cur]
        s = self.done + ch
        y = ui.TITLE_H + 4 if app.tall else ui.TITLE_H + 2
        x = (fb.width - font.width(s, 2)) // 2
        font.text(fb, s, x, y, 1, 2)
        cx = x + font.width(self.done, 2)
        fb.fill_rect(cx, y + 16, 10, 2, 1)  # the cursor under the letter being chosen
        if app.tall:
            font.center(fb, "OK: next  %s: done" % font.CHECK, app.height - 18)
            rub = "BACK: rub out" if app.keys >= 4 else "Hold OK: rub out"
            font.center(fb, rub, app.height - 8)


class PlayersMenu(ui.Menu):
    """The seats (OK: change the name), how many, clear all."""

    def __init__(self):
        super().__init__(_title, [])

    def on_show(self, app):
        self._fill(app)

    def on_open(self, app):
        self._fill(app)
        said = players.take_problem(app)
        if said:
            app.push(ui.Message("Saved names", said))

    def _fill(self, app):
        items = []
        for i in range(players.count(app)):
            items.append([_seat_label(i), _seat_opener(i)])
        items.append([lambda a: "How many: %d" % players.count(a), ask_count])
        if players.count(app):
            items.append(["Clear the names", _clear])
        self.items = items
        self.sel = min(self.sel, len(items) - 1)


def _title(app):
    n = players.count(app)
    return "Players (%d)" % n if n else "Players"


def _seat_label(i):
    return lambda a: "%d  %s" % (i + 1, players.name(a, i))


def _seat_opener(i):
    return lambda a: pick(a, i)


def _clear(app):
    def yes(app):
        players.save(app, [])
        top = app.top()
        if isinstance(top, PlayersMenu):
            top.sel = 0
            top._fill(app)

    app.push(ui.Confirm("Forget all the names?", yes))
