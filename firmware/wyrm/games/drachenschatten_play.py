"""DrachenSchatten's screens past its menu: a player's cards, a trade, the win, the end count."""

from micropython import const

from wyrm import buttons, font, gamekit, gamekit_ui, ui
from wyrm.games import drachenschatten
from wyrm.lang import t

# A player's list opens on Treasures, and what a turned-over card can bring lies round it
# (the list wraps): five objects above and five below, "Beasts slain" six below and "Lost
# to a beast" six above (round the top). The pass comes right after "Beasts slain" (the
# cursor goes there after a change), then an object's uses a move or three below it
# (trade, steal, destroy) and "Take one away".
_LOST_ROW = const(0)
_OBJ_ROW = const(1)  # the first object (the first five: rows 1-5)
_TREASURES_ROW = const(6)  # where the list opens
_OBJ2_ROW = const(7)  # the sixth object (the last five: rows 7-11)
_BEASTS_ROW = const(12)
_PASS_ROW = const(13)
_TRADE_ROW = const(14)
_STEAL_ROW = const(15)
_DESTROY_ROW = const(16)
_TAKE_ROW = const(17)
_ROWS = const(18)
_COUNT_CELLS = const(19)  # a row with a count: 19 cells, the count ending in the last
_ROW_CHARS = const(20)  # a menu row leaves its last cell to the scroll mark

LABELS = (
    "Lost to a beast",
    "Torch",
    "Boots",
    "Magic wand",
    "Sword",
    "Gem",
    "Treasures",
    "Spell book",
    "Key",
    "Shield",
    "Helmet",
    "Magic potion",
    "Beasts slain",
    "",
    "Trade objects",
    "Steal an object",
    "Destroy an object",
    "Take one away",
)
LABELS_DE = (
    "Kampf verloren",
    "Fackel",
    "Stiefel",
    "Zauberstab",
    "Schwert",
    "Edelstein",
    "Schätze",
    "Zauberbuch",
    "Schlüssel",
    "Schild",
    "Helm",
    "Zaubertrank",
    "Erlegte Bestien",
    "",
    "Objekte tauschen",
    "Objekt stehlen",
    "Objekt zerstören",
    "Eine wegnehmen",
)

_TAKE_HINT = "OK: -1"  # the title while the next OK takes one away
_WIN_MARK = " " + font.RIGHT  # beside a winner's name


def row_text(row):
    """The text of a row of a player's list (an object: its name), in the language in use."""
    return t(LABELS, LABELS_DE)[row]


def object_row(o):
    """The row of object ``o`` (0-9, drachenschatten.OBJECTS) in a player's list."""
    return _OBJ_ROW + o if o < 5 else _OBJ2_ROW + o - 5


def _object(row):
    # the object of a row of the list (-1: not an object)
    if _OBJ_ROW <= row < _TREASURES_ROW:
        return row - _OBJ_ROW
    if _OBJ2_ROW <= row < _BEASTS_ROW:
        return row - _OBJ2_ROW + 5
    return -1


def _object_label(o):
    return row_text(object_row(o))


def _lower(row):
    # an object or count inside a sentence: small in English, a noun in German
    return t(LABELS[row].lower(), LABELS_DE[row])


def cards(n):
    """ "1 card", "3 cards" in the language in use."""
    return "%d %s" % (n, t("card" if n == 1 else "cards", "Karte" if n == 1 else "Karten"))


def reason(r):
    """A win reason (drachenschatten.WIN_BY_*) as one short line's words."""
    if r == drachenschatten.WIN_BY_OBJECTS:
        return t("7 object types", "7 Objektarten")
    if r == drachenschatten.WIN_BY_BEASTS:
        return t("3 slain beasts", "3 erlegte Bestien")
    return t("3 treasures", "3 Schätze")


# -- what an undo step undoes -----------------------------------------------------------
# An undo step's label is kept in the save as a code, put into words when shown (in the
# language in use, with the names the table has now): "a <player> <row> <1: +1, 0: -1>"
# a count changed, "v <player> <row>" a player's village card of the opening round (it
# passed the turn on), "l <player>" a battle lost, "t", "s", "d <player> <other>" a
# trade, a steal, a destroyed object.
def code_ok(code, n):
    """True when ``code`` is an undo label of a game of ``n`` players."""
    if not isinstance(code, str):
        return False
    parts = code.split(" ")
    kind = parts[0]
    want = {"a": 3, "v": 2, "l": 1, "t": 2, "s": 2, "d": 2}.get(kind)
    if want is None or len(parts) != want + 1:
        return False
    for x in parts[1:]:
        if not x.isdigit():
            return False
    nums = [int(x) for x in parts[1:]]
    if nums[0] >= n:
        return False
    if kind == "a" or kind == "v":
        return _OBJ_ROW <= nums[1] <= _BEASTS_ROW and (kind == "v" or nums[2] <= 1)
    return kind == "l" or (nums[1] < n and nums[1] != nums[0])


def said(app, game, code, length=0):
    """The words of undo label ``code``: "Anna torch +1", "trade Anna-Ben". ``length``:
    at most that many characters if it can be said shorter (without the name, then
    without the change: "torch +1", "trade", "torch")."""
    parts = code.split(" ")
    kind = parts[0]
    who = game.who(app, int(parts[1]))
    if kind == "a" or kind == "v":
        row = int(parts[2])
        what = _lower(row)
        step = "-1" if kind == "a" and parts[3] == "0" else "+1"
        text = "%s %s %s" % (who, what, step)
        if length and len(text) > length:
            text = "%s %s" % (what, step)
            if len(text) > length:
                text = what
        return text
    if kind == "l":
        text = t("%s lost battle", "%s Kampf verloren") % who
        if length and len(text) > length:
            text = t("lost battle", "Kampf verloren")
        return text
    if kind == "t":
        act = t("trade", "Tausch")
    elif kind == "s":
        act = t("steal", "Diebstahl")
    else:
        act = t("destroy", "Zerstörung")
    text = "%s %s-%s" % (act, who, game.who(app, int(parts[2])))
    if length and len(text) > length:
        text = act
    return text


def undo_row(app, game, code):
    """The menu row that undoes ``code``: "Undo Anna torch +1" (shorter if it must)."""
    head = t("Undo ", "Zurück: ")
    return head + said(app, game, code, _ROW_CHARS - len(head))


# -- a player's cards -----------------------------------------------------------------
class Tracker(gamekit_ui.Counts):
    """Rows of counts; OK adds one to the row at once ("Take one away": the next OK
    takes one instead), then the cursor goes to "Next turn" (one OK passes). Opens on
    Treasures, in the middle of the objects, every time: each card sits where it sat
    the turn before. In the opening round a village card passes the turn on by itself."""

    cells = _ROWS
    first = -1  # the top row shown (-1: centre the cursor at the first draw)
    _rows = 0  # bit r: row r on show needs drawing again (draw_part, ui.mark_move)

    def __init__(self, game, player):
        super().__init__(game, player)
        self.sel = _TREASURES_ROW
        self.minus = False  # the next OK takes one away

    def on_event(self, app, kind, key):
        if kind == buttons.CLICK and key == buttons.BACK and self.minus:
            self.minus = False  # BACK only leaves "take one away"
            app.redraw()
            return True
        return super().on_event(app, kind, key)

    def _p(self):
        return self.game.players()[self.player]

    def value(self, row, p=None):
        p = p or self._p()
        o = _object(row)
        if o >= 0:
            return p["objects"][o]
        if row == _BEASTS_ROW:
            return p["beasts"]
        if row == _TREASURES_ROW:
            return p["treasures"]
        return None

    def label(self, app, row):
        if row == _PASS_ROW:
            g = self.game
            return g.next_label(app) if not g.winners() else t("Game menu", "Spielmenü")
        return row_text(row)

    def ok(self, app):
        sel = self.sel
        if sel == _PASS_ROW:
            self.minus = False
            g = self.game
            if g.winners():
                app.pop(self)
            else:
                g.end_turn(app)
        elif sel == _LOST_ROW:
            self.minus = False
            self._lost(app)
        elif sel == _TRADE_ROW:
            self.minus = False
            trade(app, self.game, self.player, self.done)
        elif sel == _STEAL_ROW or sel == _DESTROY_ROW:
            self.minus = False
            take(app, self.game, self.player, sel == _STEAL_ROW, self.done)
        elif sel == _TAKE_ROW:
            self.minus = not self.minus
        else:
            delta = -1 if self.minus else 1
            self.minus = False
            self.game.last_row[self.player] = sel
            self.change(app, delta)

    def done(self):
        # a change was entered: the cursor on "Next turn", so one OK passes
        self.sel = _PASS_ROW

    def _what(self, row):
        o = _object(row)
        if o >= 0:
            return o
        return "beasts" if row == _BEASTS_ROW else "treasures"

    def change(self, app, delta):
        if delta < 0 and self.value(self.sel) == 0:
            app.toast(t("No %s to take away", "%s: schon 0") % _lower(self.sel))
            return
        g = self.game
        p = self.player
        row = self.sel
        # the opening round: the village card of the player whose turn it is passes on
        deal = delta > 0 and g.state["deal"] and p == g.turn()
        if deal:
            label = "v %d %d" % (p, row)
        else:
            label = "a %d %d %d" % (p, row, 1 if delta > 0 else 0)
        try:
            g.apply(label, drachenschatten.adjust, p, self._what(row), delta)
        except ValueError as e:
            app.toast(str(e))
            return
        note = "%s: %d" % (row_text(row), self.value(row))
        self.done()  # the cursor on "Next turn": the new count is said
        if g.changed(app):  # a win is announced on top of this list, with no note on it
            return
        if deal:  # the next player's list opens; the note names whose card it was
            note = "%s: %s" % (g.who(app, p), row_text(row))
            g.end_turn(app)
        app.toast(note)

    def _lost(self, app):
        g = self.game
        who = g.who(app, self.player)

        def yes(app):
            g.apply("l %d" % self.player, drachenschatten.defeated, self.player)
            self.done()
            if g.changed(app) or g.winners() or self.player != g.turn():
                return
            # the rulebook: a lost battle ends the turn; the next player's cards open
            g.end_turn(app)
            app.toast(t("%s lost every card", "%s: alle Karten weg") % who)

        q = t("%s lost a battle: all of %s's cards leave the game?",
              "%s hat den Kampf verloren: alle Karten von %s aus dem Spiel?") % (who, who)
        app.push(ui.Confirm(q, yes, default_yes=True))

    def moved(self, app, old):
        # a move changes no count and no title: two rows, or the rows when it scrolls
        if self.first < 0:
            app.redraw()
        else:
            ui.mark_move(self, app, old)

    def uncover(self, app):
        self.moved(app, -1)  # a press took a toast over the rows away (App)

    def draw_part(self, app, fb):
        shown = ui.rows(app)
        marks = self._rows
        self._rows = 0
        if marks == (1 << shown) - 1:
            ui.clear(fb, ui.row_y(0))
            self._list(app, fb, shown)
        else:
            w = fb.width
            p = self._p()
            for r in range(shown):
                if marks & (1 << r):
                    fb.fill_rect(0, ui.row_y(r), w, ui.ROW, 0)
                    self._row(app, fb, r, p)
            ui.scroll_marks(fb, self.first, shown, _ROWS)

    def draw(self, app, fb):
        self._rows = 0
        if self.minus:
            right = _TAKE_HINT
        elif self.game.state["deal"]:
            right = t("village", "Dorf")  # (the opening round: a card passes on)
        else:
            k = drachenschatten.kinds(self._p())
            right = "%d %s" % (k, t("kind" if k == 1 else "kinds", "Art" if k == 1 else "Arten"))
        name = self.game.who(app, self.player)
        head = t("%s cards", "%s Karten") % name
        if font.width(head) + font.width(right) + 4 > fb.width:
            head = name  # ("Wmwmwy Karten  10 Arten": the name alone)
        ui.title(fb, head, right)
        shown = ui.rows(app)
        if self.first < 0:  # the first draw: the cursor in the middle of the window
            self.first = max(0, min(self.sel - shown // 2, _ROWS - shown))
        if self.sel < self.first:
            self.first = self.sel
        elif self.sel >= self.first + shown:
            self.first = self.sel - shown + 1
        self._list(app, fb, shown)

    def _list(self, app, fb, shown):
        p = self._p()
        for r in range(min(shown, _ROWS - self.first)):
            self._row(app, fb, r, p)
        ui.scroll_marks(fb, self.first, shown, _ROWS)

    def _row(self, app, fb, r, p):
        # one text a row, the count in the column left of the scroll marks: every
        # call on a key's path counts on the Pico (docs/SPEED.md)
        i = self.first + r
        v = self.value(i, p)
        if v is None:
            text = self.label(app, i)
        else:
            text = ui.pad(row_text(i), str(v) if v else "-", _COUNT_CELLS)
        ui.draw_row(fb, r, text, i == self.sel)


# -- trade, steal, destroy --------------------------------------------------------------
def _held(player):
    return [(_object_label(i), i) for i in range(drachenschatten.N_OBJECTS)
            if player["objects"][i] > 0]


def _holders(app, game, p):
    # the other players who hold an object, in seat order: [(name, seat)]; [] with a
    # toast when there are none
    players = game.players()
    out = [(game.who(app, q), q) for q in range(len(players))
           if q != p and _held(players[q])]
    if not out:
        if len(players) == 2:
            app.toast(t("%s has no objects", "%s hat keine Objekte") % game.who(app, 1 - p))
        else:
            app.toast(t("No one else has objects", "Sonst hat niemand Objekte"))
    return out


def _choose(app, root, title_text, options, pick, opens=-1):
    # One choice of a trade, a steal or a destroy: with a single option there is nothing
    # to choose (it is taken at once), else a chooser, on the option whose value is
    # ``opens`` if there is one. ``root``: the first chooser pushed (popping it closes
    # the chain)
    if len(options) == 1:
        pick(app, options[0][1])
        return
    ch = app.push(gamekit_ui.Chooser(title_text, options, pick))
    for k in range(len(options)):
        if options[k][1] == opens:
            ch.sel = k
    if not root:
        root.append(ch)


def trade(app, game, p, after):
    # p trades one of their objects for one of another player's: what p gives, whom with,
    # what p gets; ``after()`` once it is entered. A choice with one option is not asked
    players = game.players()
    objs = _held(players[p])
    if not objs:
        app.toast(t("%s has no objects", "%s hat keine Objekte") % game.who(app, p))
        return
    root = []  # the first chooser pushed: popping it closes the chain

    def partner(app, o):
        others = _holders(app, game, p)
        if others:
            _choose(app, root, t("Trade with", "Tauschen mit"), others,
                    lambda app, q: taken(app, o, q))

    def taken(app, o, q):
        _choose(app, root, t("%s gets", "%s bekommt") % game.who(app, p), _held(players[q]),
                lambda app, o2: done(app, o, q, o2))

    def done(app, o, q, o2):
        if root:
            app.pop(root[0])
        label = "t %d %d" % (p, q)
        try:
            game.apply(label, drachenschatten.trade, p, o, q, o2)
        except ValueError as e:
            app.toast(str(e))
            return
        after()
        if not game.changed(app):
            app.toast(t("%s got %s; %s got %s", "%s bekam %s; %s bekam %s") % (
                game.who(app, p), _object_label(o2), game.who(app, q), _object_label(o)))

    _choose(app, root, t("%s gives", "%s gibt") % game.who(app, p), objs, partner)


def take(app, game, p, steal, after):
    # p steals (``steal``) or destroys one object of another player's: whose (only those
    # who hold one), which; ``after()`` once it is entered. A choice with one option is
    # not asked; the objects open on the one that player changed last (the one just
    # used, most likely)
    players = game.players()
    if steal:
        verb = t("%s steals", "%s stiehlt")
    else:
        verb = t("%s destroys", "%s zerstört")
    root = []  # the first chooser pushed: popping it closes the chain

    def whose(app, q):
        _choose(app, root, verb % game.who(app, p), _held(players[q]),
                lambda app, o: done(app, q, o), _object(game.last_row.get(q, 0)))

    def done(app, q, o):
        if root:
            app.pop(root[0])
        who = game.who(app, q)
        label = "%s %d %d" % ("s" if steal else "d", p, q)
        try:
            if steal:
                game.apply(label, drachenschatten.steal, p, q, o)
            else:
                game.apply(label, drachenschatten.adjust, q, o, -1)
        except ValueError as e:
            app.toast(str(e))
            return
        after()
        if not game.changed(app):
            if steal:
                note = t("%s stole %s's %s", "%s stahl von %s: %s")
            else:
                note = t("%s destroyed %s's %s", "%s zerstörte von %s: %s")
            app.toast(note % (game.who(app, p), who, _lower(object_row(o))))

    others = _holders(app, game, p)
    if not others:
        return
    if steal:
        head = t("Steal from", "Stehlen von")
    else:
        head = t("Destroy whose", "Zerstören bei")
    _choose(app, root, head, others, whose)


# -- the win ---------------------------------------------------------------------------
class Win(gamekit.Page):
    def __init__(self, game):
        self.game = game
        app = game.app
        w = game.winners()
        names = [game.who(app, i) for i, _r in w]
        if len(names) == 1:
            self.head = t("%s wins!", "%s gewinnt!") % names[0]
        else:
            self.head = t("%s win!", "%s gewinnen!") % "+".join(names)
        lines = []
        for i, reasons in w:
            short = [reason(r) for r in reasons]
            lines += ui.wrap("%s: %s" % (game.who(app, i), ", ".join(short)))
        lines.append(t("Wrong entry? Undo it.", "Falsch? Zurücknehmen."))
        self.lines = lines

    def draw(self, app, fb):
        ui.title(fb, t("Game over", "Spielende"))
        tall = app.tall
        scale = 2 if tall and font.width(self.head, 2) <= fb.width else 1
        font.center(fb, self.head, 13, 1, scale)
        if not tall:
            return
        for r in range(min(4, len(self.lines))):
            font.text(fb, self.lines[r], 1, 31 + r * 8)


# -- end of the piles ----------------------------------------------------------------
class EndCount(gamekit.Page):
    def __init__(self, game):
        self.game = game

    def on_show(self, app):
        self.game.at("end")

    def on_open(self, app):
        self.game.at("end")

    def draw(self, app, fb):
        g = self.game
        r = drachenschatten.end_count(g.state["rules"])
        ui.title(fb, t("End: most cards", "Ende: meiste Karten"))
        if r["draw"]:
            head = t("Draw!", "Unentschieden!")
        else:
            head = t("%s wins!", "%s gewinnt!") % g.who(app, r["winners"][0])
        tall = app.tall
        font.center(fb, head, 13, 1, 2 if tall and font.width(head, 2) <= fb.width else 1)
        if not tall:
            return
        counts = r["counts"]
        y = 31
        for i in range(len(counts)):
            mark = _WIN_MARK if i in r["winners"] else ""
            line = ui.pad(g.who(app, i) + mark, cards(counts[i]), 14)
            font.center(fb, line, y)
            y += 8
