"""The Players screens: enter the table's names once (main menu > Players).

The names are kept by ``wyrm.players`` (store key
"table"). First time: how many (2-7), then a name for each seat in turn. A seat's
screen is one ring round the cursor: the names it offers (the next colour and the
next name after the seat before's; OK takes one), then the twelve first letters most
names start with, the most used nearest, and the other letters behind one item
(OTHERS, in alphabetical order, opening on N). After a letter the ring holds the next
letters - those that continue a known name first, then those names put after that
letter - and whole names: those no other name goes on with by their next letter, or
all once six or fewer match. Two lines under the name show every
letter of the ring, DOWN's way and UP's way, nearest first: which way a letter lies
is on the screen.
Afterwards the Players menu lists the seats (OK: change that name), the count
and "Clear the names".
"""
from micropython import const

from wyrm import buttons, font, players, store_lines, ui
from wyrm.app import Screen
from wyrm.lang import t
from wyrm.plain import seat as seat_name
from wyrm.spinner import Spinner

COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Orange", "Purple")
NAMES_FILE = "names.txt"  # beside this module: common first names, most common first
# the letters by how often the names in NAMES_FILE use them (first letters, the rest)
FIRST = "MJLESAHRTDBKPINOGCFUWZVYÖÜXQÄ"  # (X Q Ä: no name starts so)
REST = "aeinlrotshumdyckvgbfzjpöwxüäqß-"
_TOP = const(12)  # first letters of the seat's ring; FIRST's others are behind MORE
OTHERS = "CFGINOPQUVWXYZÄÖÜ"  # FIRST[_TOP:] in alphabetical order
_OTHERS_AT = const(4)  # the cursor's start among them: N, the fewest presses to their names
MORE = "+"  # the seat ring's item that opens OTHERS ("CFGINO+" under the cursor)
NO_NAME = "-"  # the ring's item for a seat without a name
BULLET = "\x08"  # the font's bullet: a whole name on a ring line of letters
_OFFER = const(6)  # whole names join the ring once this many or fewer match
_CHECK_AT = const(4)  # where the check mark joins the ring's order: two UPs (-2)
_MAX_BYTES = const(4096)  # of NAMES_FILE


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

    app.push(Spinner(t("How many players?", "Wie viele Spieler?"), n, players.MIN, players.MAX,
                     done,
                     hint=t("%d-%d  OK: names", "%d-%d  OK: Namen") % (players.MIN, players.MAX)))


def pick(app, seat, chain=False, text=None):
    """The name screen for ``seat``; ``chain``: the next seat's follows; ``text``: the
    names already read (``known()``) by the seat before."""
    app.push(NamePick(seat, chain, app, text))


def _set(app, seat, s, chain, text):
    lst = list(players.names(app))
    if seat < len(lst):
        lst[seat] = s
        players.save(app, lst)
    if chain and seat + 1 < len(lst):
        pick(app, seat + 1, True, text)


def known():
    """The colours and the names of NAMES_FILE as UTF-8 bytes, a name a line, with a
    line break before and after each (b"\nRed\n...\nAnna\n..."): read while a name
    screen is open (bytes: finding and indexing take no walk through the text)."""
    f = __file__
    # beside this module; a frozen build has it at the filesystem's root
    t = (store_lines.read(f[:f.rfind("/") + 1] + NAMES_FILE, _MAX_BYTES)
         or store_lines.read(NAMES_FILE, _MAX_BYTES))
    head = ("\n%s\n" % "\n".join(COLOURS)).encode()
    return head + t + (b"" if t.endswith(b"\n") else b"\n")


def words():
    """The colours and the names of NAMES_FILE (a list, for the host's tools)."""
    return [w for w in known().decode().split("\n") if w]


def _code(t, i):
    """A number for the letter whose UTF-8 bytes start at t[i] (one or two bytes)."""
    b = t[i]
    return b if b < 0xC0 else b << 8 | t[i + 1]


def ring(prio, last=None):
    """``prio`` (most likely first) laid round the cursor: at 0, +1, -1, +2, -2 ...
    (UP is -1); ``last``, when given, at -1 (one UP) and the rest moved on."""
    n = len(prio) + (1 if last else 0)
    out = [""] * n
    if last:
        out[n - 1] = last
    j = 0
    for item in prio:
        while True:
            p = (j + 1) // 2 if j & 1 else (n - j // 2) % n
            j += 1
            if not out[p]:
                break
        out[p] = item
    return out


def _free(text, i, taken):
    """The first name of ``text`` after the line break at ``i`` that nobody has."""
    while True:
        j = text.find(b"\n", i + 1)
        if j < 0:
            return ""
        w = text[i + 1:j].decode()
        if w and w not in taken and w not in COLOURS:
            return w
        i = j


def _offers(seat, lst, text):
    """The names the seat's screen offers first: its own, the next colour and the
    next name after the seat before's (nobody else's); a known name first after one."""
    mine = lst[seat] if seat < len(lst) else ""
    prev = lst[seat - 1] if 0 < seat <= len(lst) else ""
    taken = [s for i, s in enumerate(lst) if s and i != seat]
    colour = ""
    k = COLOURS.index(prev) if prev in COLOURS else -1
    for i in range(len(COLOURS)):
        c = COLOURS[(k + 1 + i) % len(COLOURS)]
        if c not in taken:
            colour = c
            break
    last = COLOURS[-1]  # the names start after the last colour's line
    name = _free(text, text.find(("\n%s\n" % last).encode()) + len(last) + 1, taken)
    was = False  # the seat before's name is a known one
    if prev and prev not in COLOURS:
        key = ("\n%s\n" % prev).encode()
        i = text.find(key)
        if i >= 0:
            was = True
            name = _free(text, i + len(key) - 1, taken) or name
    out = [mine] if mine else []
    pair = (name, colour) if was else (colour, name)
    for s in pair:
        if s and s not in out:
            out.append(s)
    return out


class NamePick(Screen):
    """A seat's name: UP/DOWN turn the ring, OK takes the item under the cursor - a
    whole name, a letter (the ring turns to the next letters), MORE (the other first
    letters, alphabetical), the check mark (the name as spelled) or "-" (no name).
    BACK rubs the last letter out (on an empty name: leaves; among the other letters:
    back to the seat's ring)."""

    def __init__(self, seat, chain, app, text=None):
        self.seat = seat
        self.chain = chain
        self.lst = list(players.names(app))
        self.done = ""  # letters taken
        self.text = text or known()
        self.rest = list(REST)
        self.codes = [_code(c.encode(), 0) for c in REST]
        self.offers = _offers(seat, self.lst, self.text)
        self.more = False  # the ring is OTHERS
        self._turn()
        self._view(app)

    def _turn(self):
        """The ring for the letters taken so far; the cursor on its first item."""
        self.cur = 0
        p = self.done
        if not p:
            self.items = ring(self.offers + [MORE] + list(FIRST[:_TOP]) + [NO_NAME])
            return
        taken = self.lst
        t = self.text
        counts = {}  # the next letter of the names that start with p (by _code)
        after = {}  # the letters that follow p's last letter anywhere in a name
        match = []  # the names that start with p (nobody else's), while few
        many = 0  # how many names start with p and are longer
        whole = False
        key = ("\n" + p).encode()
        n = len(key)
        i = t.find(key)
        while i >= 0:
            j = t.find(b"\n", i + 1)  # the end of this name
            if j == i + n:
                whole = True
            else:
                c = _code(t, i + n)
                counts[c] = counts.get(c, 0) + 1
                many += 1
                if many <= _OFFER:
                    w = t[i + 1:j].decode()
                    if w not in taken and w not in match:
                        match.append(w)
            i = t.find(key, j)
        longer = many > 0
        if many > _OFFER:  # many: the names no other goes on with their next letter
            match = []
            i = t.find(key)
            while i >= 0:
                j = t.find(b"\n", i + 1)
                if j > i + n and counts[_code(t, i + n)] == 1:
                    w = t[i + 1:j].decode()
                    if w not in taken:
                        match.append(w)
                i = t.find(key, j)
        else:
            for w in match:  # offered whole: their letters weigh less
                c = _code(w.encode(), len(key) - 1)
                counts[c] -= 1
        last = p[-1].lower().encode()
        k = len(last)
        i = t.find(last)
        while i >= 0:
            if t[i + k] != 10:  # not the end of the name
                c = _code(t, i + k)
                after[c] = after.get(c, 0) + 1
            i = t.find(last, i + 1)
        codes = self.codes
        order = sorted(range(len(codes)), key=lambda k: k - 32 * (
            after.get(codes[k], 0) + 512 * counts.get(codes[k], 0)))
        rest = self.rest
        # the letters more names go on with, then the names, then the other letters
        prio = [rest[k] for k in order if counts.get(codes[k], 0) > 1]
        prio += match
        prio += [rest[k] for k in order if counts.get(codes[k], 0) < 2]
        if whole and not longer:  # a known name, nothing longer: done is first
            prio.insert(0, font.CHECK)
        else:
            prio.insert(_CHECK_AT, font.CHECK)
        self.items = ring(prio)

    def _take(self, app, s):
        app.pop(self)
        _set(app, self.seat, s, self.chain, self.text)

    def on_event(self, app, kind, key):
        n = len(self.items)
        if ui.is_up(kind, key):
            self.cur = (self.cur - 1) % n
        elif ui.is_down(kind, key):
            self.cur = (self.cur + 1) % n
        elif ui.is_ok(kind, key):
            item = self.items[self.cur]
            if item == font.CHECK:
                self._take(app, self.done)
                return True
            if item == NO_NAME and not self.done:
                self._take(app, "")
                return True
            if item == MORE:
                self.more = True
                self.items = list(OTHERS)
                self.cur = _OTHERS_AT
            elif len(item) > 1:  # a whole name
                self._take(app, item)
                return True
            else:
                self.more = False
                self.done += item
                if len(self.done) >= players.LEN:
                    self._take(app, self.done)
                    return True
                self._turn()
        elif kind == buttons.CLICK and key == buttons.BACK:
            if self.more:
                self.more = False
                self._turn()
                self.cur = self.items.index(MORE)
            elif not self.done:
                app.pop(self)
                return True
            else:
                self.done = self.done[:-1]
                self._turn()
        else:
            return False
        self._view(app)
        app.redraw()
        return True

    def _view(self, app):
        """What the screen shows (made here, once a key has changed it: draw() makes
        nothing): the item under the cursor, big (a whole name with the check mark
        after it: OK ends the name there), and the ring's letters both ways."""
        item = self.items[self.cur]
        if item == NO_NAME and not self.done:
            big = t("No name (%s)", "nur %s") % seat_name(self.seat)
        elif item == MORE:
            big = OTHERS[:6] + MORE
        elif len(item) > 1:
            big = item + font.CHECK
        else:
            big = self.done + item
        self.big = big
        items = self.items
        n = len(items)
        cur = self.cur
        down = [items[(cur + k) % n] for k in range(1, n // 2 + 1)]
        up = [items[(cur - k) % n] for k in range(1, (n + 1) // 2)]
        self.down = font.DOWN + _letters(down)
        self.up = font.UP + _letters(up)

    def draw(self, app, fb):
        right = "%d/%d" % (len(self.done), players.LEN) if self.done else None
        if not app.tall:  # 128x32: the item in the title bar, the letters under it
            ui.title(fb, t("Seat %d: %s", "Platz %d: %s") % (self.seat + 1, self.big), right)
            font.text(fb, self.down, 0, ui.TITLE_H + 2, 1)
            font.text(fb, self.up, 0, ui.TITLE_H + 12, 1)
            return
        ui.title(fb, t("Seat %d: name?", "Platz %d: Name?") % (self.seat + 1), right)
        y = ui.TITLE_H + 2
        s = self.big
        item = self.items[self.cur]
        if item == NO_NAME and not self.done:  # "No name (P1)": small
            font.center(fb, s, y + 4)
        else:
            x = (fb.width - font.width(s, 2)) // 2
            font.text(fb, s, x, y, 1, 2)
            if len(item) == 1 and item != MORE:
                # the cursor under the letter being chosen
                fb.fill_rect(x + font.width(self.done, 2), y + 16, 10, 2, 1)
        font.text(fb, self.down, 0, y + 20, 1)
        font.text(fb, self.up, 0, y + 29, 1)
        rub = t("BACK: rub out", "BACK: löschen") if app.keys >= 4 else t(
            "Hold OK: rub out", "OK halten: löschen")
        font.center(fb, rub, app.height - 8)


def _letters(items):
    """``items`` of the ring, nearest first, for a line after its arrow: spaced, whole
    names too (MORE as "CFG+"), while that fits; else a character an item (a name: a bullet), run
    together when needed - every letter is on the line, as many steps away as its place."""
    s = " ".join([OTHERS[:3] + MORE if c == MORE else c for c in items])  # CFG+
    if len(s) < font.CHARS:
        return s
    s = [c if len(c) == 1 else BULLET for c in items]
    return (" " if len(s) < font.CHARS // 2 else "").join(s)


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
            app.push(ui.Message(t("Saved names", "Gespeicherte Namen"), said))

    def _fill(self, app):
        items = []
        for i in range(players.count(app)):
            items.append([_seat_label(i), _seat_opener(i)])
        items.append([lambda a: t("How many: %d", "Wie viele: %d") % players.count(a), ask_count])
        if players.count(app):
            items.append([t("Clear the names", "Namen löschen"), _clear])
        self.items = items
        self.sel = min(self.sel, len(items) - 1)


def _title(app):
    n = players.count(app)
    return t("Players (%d)", "Spieler (%d)") % n if n else t("Players", "Spieler")


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

    app.push(ui.Confirm(t("Forget all the names?", "Alle Namen vergessen?"), yes))
