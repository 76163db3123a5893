"""Drakskatten assistant screens: players, fights, turn helpers, win, tables.

The rules live in ``drakskatten.py`` (pure); this module keeps the game state,
draws it and saves it (``app.store.save("drakskatten", ...)``) after every
change. ``open(app, resume)`` pushes the game menu; after a power cut it also
re-opens the fight or win screen the players were on.

Game menu (first entry selected): "Fight: DEF 8 ATT 2" opens the fight screen
with the monster values of the current player's fight (a Crystal Ball look,
a fight still going on, or else the last monster anyone fought); OK there
rolls the attack. A repeat fight: Fight [OK], OK (attack) -> HIT and treasure,
or MISS and OK (the monster's attack) -> its result: at most three presses.

Saved state (plain JSON): {"v": 1, "players": [Player.to_json() plus
"fight": [DEF, ATT] while a fight goes on and "look": [DEF, ATT, cards] after a
Crystal Ball look], "cur", "own" (my own dice), "last": [DEF, ATT], "screen"
("menu", "fight", "win"), "fight" (the result on the fight screen:
{"ph": "miss"/"loot"/"end", "v": {...}}), "winner"}.
"""
from micropython import const

from wyrm import buttons as B
from wyrm import font, ui
from wyrm.app import Screen
from wyrm.games import drakskatten as R
from wyrm.ticks import ticks_add, ticks_diff

SAVE = "drakskatten"
_VERSION = const(1)

COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Orange", "Purple")

DEF_LO = const(0)
DEF_HI = const(15)
ATT_LO = const(-5)
ATT_HI = const(9)
_SILVER_MAX = const(99990)
_CARDS_MAX = const(99)

_ROLL_MS = const(180)  # dice tumble before a result shows
_TUMBLE_MS = const(40)

_SCREENS = ("menu", "fight", "win")


# ----- game state -------------------------------------------------------------------


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _pair(v):
    """[DEF, ATT] from the save, or None."""
    if not isinstance(v, list) or len(v) < 2:
        return None
    d = v[0]
    a = v[1]
    if not _is_int(d) or not _is_int(a):
        return None
    if d < DEF_LO or d > DEF_HI or a < ATT_LO or a > ATT_HI:
        return None
    return [d, a]


def _look(v):
    """[DEF, ATT, cards] from the save, or None."""
    p = _pair(v)
    if p is None or len(v) < 3 or not _is_int(v[2]) or v[2] < 0 or v[2] > 4:
        return None
    return [p[0], p[1], v[2]]


def _strs(v):
    if not isinstance(v, list):
        return None
    for s in v:
        if not isinstance(s, str):
            return None
    return v


class Game:
    """Everything that is saved: players, whose turn, monster values, dice mode."""

    def __init__(self):
        self.players = []
        self.fights = []  # per player: [DEF, ATT] while a fight goes on, else None
        self.looks = []  # per player: [DEF, ATT, cards] from the Crystal Ball, else None
        self.cur = 0
        self.own = False  # "my own dice": numbers are typed in
        self.last = [7, 0]  # the last monster's DEFENCE and ATTACK
        self.screen = "menu"
        self.fight = None  # the fight screen's result, for resuming
        self.winner = -1

    # -- players --
    def player(self):
        return self.players[self.cur]

    def name(self, i=None):
        return self.players[self.cur if i is None else i].name

    def free_colour(self, after=None):
        used = [p.colour for p in self.players]
        start = COLOURS.index(after) + 1 if after in COLOURS else 0
        for k in range(len(COLOURS)):
            c = COLOURS[(start + k) % len(COLOURS)]
            if c not in used:
                return c
        return None

    def add_player(self):
        c = self.free_colour()
        if c is None or len(self.players) >= R.MAX_PLAYERS:
            return None
        p = R.Player(c, c, len(self.players) % R.STAIRCASES + 1)
        self.players.append(p)
        self.fights.append(None)
        self.looks.append(None)
        return p

    def remove_player(self, i):
        del self.players[i]
        del self.fights[i]
        del self.looks[i]
        if self.winner == i:
            self.winner = -1
        elif self.winner > i:
            self.winner -= 1
        if self.cur >= len(self.players) or self.cur > i:
            self.cur = max(0, self.cur - 1)

    def new(self, n):
        own = self.own
        self.__init__()
        self.own = own
        for _ in range(n):
            self.add_player()

    # -- the monster the current player faces --
    def monster(self):
        """(DEF, ATT, cards seen in the Crystal Ball or None)."""
        i = self.cur
        lk = self.looks[i]
        if lk:
            return lk[0], lk[1], lk[2]
        f = self.fights[i]
        if f:
            return f[0], f[1], None
        return self.last[0], self.last[1], None

    def end_fight(self):
        self.fights[self.cur] = None
        self.looks[self.cur] = None

    # -- saving --
    def to_json(self):
        ps = []
        for i in range(len(self.players)):
            d = self.players[i].to_json()
            if self.fights[i]:
                d["fight"] = self.fights[i]
            if self.looks[i]:
                d["look"] = self.looks[i]
            ps.append(d)
        return {
            "v": _VERSION,
            "players": ps,
            "cur": self.cur,
            "own": self.own,
            "last": self.last,
            "screen": self.screen,
            "fight": self.fight,
            "winner": self.winner,
        }

    def save(self, app):
        app.store.save(SAVE, self.to_json())

    def load(self, obj):
        """Take the saved object; False when it is damaged or unexpected."""
        if not isinstance(obj, dict) or obj.get("v") != _VERSION:
            return False
        raw = obj.get("players")
        if not isinstance(raw, list) or len(raw) < 1 or len(raw) > R.MAX_PLAYERS:
            return False
        for d in raw:
            if not isinstance(d, dict):
                return False
            p = R.Player.from_json(d)
            if p.colour not in COLOURS or p.colour in [q.colour for q in self.players]:
                p.colour = self.free_colour() or COLOURS[0]
            p.name = p.colour
            self.players.append(p)
            self.fights.append(_pair(d.get("fight")))
            self.looks.append(_look(d.get("look")))
        n = len(self.players)
        self.cur = _index(obj.get("cur"), n, 0)
        self.own = obj.get("own") is True
        self.last = _pair(obj.get("last")) or [7, 0]
        s = obj.get("screen")
        self.screen = s if s in _SCREENS else "menu"
        f = obj.get("fight")
        self.fight = f if isinstance(f, dict) else None
        self.winner = _index(obj.get("winner"), n, -1)
        return True


def _index(v, n, default):
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n:
        return v
    return default


def load_game(obj):
    """A Game from the saved object, or None when it is damaged or unexpected."""
    g = Game()
    return g if g.load(obj) else None


# ----- small texts -------------------------------------------------------------------


def _signed(v):
    return "+%d" % v if v > 0 else str(v)


def move_label(p):
    dice, squares = R.movement(p.injury, p.has(R.CARPET))
    if dice == 2:
        return "Move: 2d6 (carpet)"
    if dice == 1:
        return "Move: roll 1d6"
    return "Move: %d squares" % squares


def _roll_2d6(app):
    return app.rng.below(6) + app.rng.below(6) + 2


def _roll_d6(app):
    return app.rng.below(6) + 1


def _info_lines(game):
    """What is in play for the current player's fight (header of the fight screen)."""
    p = game.player()
    out = []
    sw = p.has(R.SWORD)
    am = p.has(R.AMULET)
    if sw and am:
        out.append("Sword -1, Amulet -1")
    elif sw:
        out.append("Sword: -1 your roll")
    elif am:
        out.append("Amulet: -1 its roll")
    lk = game.looks[game.cur]
    if lk:
        n = lk[2]
        cards = "no card" if n == 0 else ("1 card" if n == 1 else "%d cards" % n)
        out.append("Crystal: " + cards)
    if p.has(R.STICKY):
        out.append("Sticky: it can't hit")
    if p.injury:
        out.append("%s: %s" % (p.name, R.RESULT_NAMES[p.injury]))
    if not out:
        out.append("No magic items")
    return out[:2]


# ----- drawing helpers ---------------------------------------------------------------


def _draw_view(app, fb, view, first=0):
    """A result: title, lines above, a big word, lines below.

    128x32: the word comes first (inverted), then the lines; UP/DOWN scroll.
    """
    ui.title(fb, view["t"])
    w = view["w"]
    hint = view.get("h")
    if app.height < 64:
        lines = ([w] if w else []) + view["a"] + view["b"] + ([hint] if hint else [])
        shown = ui.rows(app)
        n = len(lines)
        for r in range(min(shown, n - first)):
            y = ui.row_y(r)
            inv = w and first + r == 0
            if inv:
                fb.fill_rect(0, y, fb.width, ui.ROW, 1)
            font.center(fb, lines[first + r], y + 1, 0 if inv else 1)
        ui.scroll_marks(fb, first, shown, n)
        return
    items = []
    for s in view["a"]:
        items.append((s, 1))
    if w:
        items.append((w, 2 if font.width(w, 2) <= fb.width else 0))
    for s in view["b"]:
        items.append((s, 1))
    h = 0
    for _s, sc in items:
        h += 17 if sc == 2 else (12 if sc == 0 else 9)
    if hint and h + 10 <= app.height - ui.TITLE_H - 1:
        items.append((hint, 1))
        h += 9
    y = ui.TITLE_H + 1 + max(0, (app.height - ui.TITLE_H - 1 - h) // 2)
    for s, sc in items:
        if sc == 2:
            font.center(fb, s, y + 1, 1, 2)
            y += 17
        elif sc == 0:
            fb.fill_rect(0, y, fb.width, 11, 1)
            font.center(fb, s, y + 2, 0)
            y += 12
        else:
            font.center(fb, s, y)
            y += 9


def _view_len(view):
    return len(view["a"]) + (1 if view["w"] else 0) + len(view["b"]) + (1 if view.get("h") else 0)


def _valid_view(v):
    if not isinstance(v, dict):
        return False
    if not isinstance(v.get("t"), str) or not isinstance(v.get("w"), str):
        return False
    if not isinstance(v.get("h", ""), str):
        return False
    return _strs(v.get("a")) is not None and _strs(v.get("b")) is not None


def _tumble(fb, now, count, y):
    """Dice faces changing every few ms while a roll 'tumbles'."""
    k = (now // _TUMBLE_MS) & 0xFFFF
    x = (fb.width - (count * 30 - 6)) // 2
    for i in range(count):
        face = (k * (5 + 2 * i) + 3 * i) % 6 + 1
        font.text(fb, font.DIE[face], x + i * 30, y, 1, 4)


# ----- the fight --------------------------------------------------------------------


class Fight(Screen):
    """Set up and run one fight round for the current player.

    Phases: "setup" (a list: fight, new monster, items, flee), "roll" (dice
    tumble), "miss" (the player missed: OK lets the monster strike back),
    "loot" (won with my own dice: OK asks for the treasure die) and "end"
    (a result: OK or BACK closes). BACK in "miss"/"loot" returns to the list
    (a mistyped roll): nothing has been applied at that point.
    """

    def __init__(self, game):
        self.g = game
        self.ph = "setup"
        self.view = None
        self.next_ph = None
        self.ndice = 2
        self.until = 0
        self.sel = 0
        self.first = 0
        self.items = []
        self.build()

    # -- life cycle --
    def on_open(self, app):
        self.g.screen = "fight"
        self._save(app)

    def on_close(self, app):
        self.g.screen = "menu"
        self.g.fight = None
        self.g.save(app)

    def on_show(self, app):
        if self.ph == "setup":
            self.build()

    def _save(self, app):
        g = self.g
        if self.ph == "setup":
            g.fight = None
        else:
            ph = self.next_ph if self.ph == "roll" else self.ph
            g.fight = {"ph": ph, "v": self.view}
        g.save(app)

    def restore(self, saved):
        """Back to a saved result after a power cut (else the setup list)."""
        if not isinstance(saved, dict):
            return
        ph = saved.get("ph")
        v = saved.get("v")
        if ph in ("miss", "loot", "end") and _valid_view(v):
            self.ph = ph
            self.view = v

    # -- the setup list --
    def build(self):
        g = self.g
        p = g.player()
        d, a, _ = g.monster()
        items = [["go", "Fight! DEF %d ATT %d" % (d, a)], ["new", "New monster"]]
        if p.has(R.POISON):
            items.append(["poison", "Poison Powder"])
        if p.has(R.STICKY):
            items.append(["sticky", "Sticky: take treasure"])
        if p.has(R.POTION):
            items.append(["potion", "Healing Potion"])
        if g.looks[g.cur]:
            items.append(["drop", "Forget crystal look"])
        if g.fights[g.cur]:
            items.append(["flee", "Flee (roll to leave)"])
        self.items = items
        if self.sel >= len(items):
            self.sel = 0

    def _head(self, app):
        return _info_lines(self.g) if app.height >= 64 else []

    def on_event(self, app, kind, key):
        ph = self.ph
        if ph == "roll":
            if kind == B.CLICK:  # a press during the tumble only ends it
                self._land(app)
                return True
            return False
        if ph == "setup":
            n = len(self.items)
            if ui.is_up(kind, key):
                self.sel = (self.sel - 1) % n
            elif ui.is_down(kind, key):
                self.sel = (self.sel + 1) % n
            elif ui.is_ok(kind, key):
                self.act(app, self.items[self.sel][0])
            else:
                return False
            app.redraw()
            return True
        if ui.is_up(kind, key):
            self.first = max(0, self.first - 1)
        elif ui.is_down(kind, key):
            shown = ui.rows(app)
            self.first = max(0, min(_view_len(self.view) - shown, self.first + 1))
        elif ui.is_ok(kind, key):
            if ph == "miss":
                self.strike(app)
            elif ph == "loot":
                app.push(ui.Spinner("Treasure: your 1d6", 3, 1, 6, self.loot))
            else:
                app.pop(self)
        elif kind == B.CLICK and key == B.BACK:
            if ph == "miss" or ph == "loot":
                # Typed the wrong roll? Back to the list; nothing was applied yet.
                self.ph = "setup"
                self.view = None
                self.build()
                self._save(app)
            else:
                app.pop(self)
        else:
            return False
        app.redraw()
        return True

    def act(self, app, what):
        g = self.g
        p = g.player()
        if what == "go":
            if g.own:
                app.push(ui.Spinner("%s: your 2d6" % p.name, 7, 2, 12, self.attack))
            else:
                self.attack(app, None)
        elif what == "new":
            self.new_monster(app)
        elif what == "poison":
            self.victory(app, "%s wins" % p.name, ["Poison Powder thrown:", "it always hits"],
                         "DEFEATED", poison=True)
        elif what == "sticky":
            self.victory(app, "Sticky Floor", ["The monster is stuck", "and cannot attack"],
                         "STUCK")
        elif what == "potion":
            R.use_potion(p)
            g.save(app)
            self.build()
            app.toast("%s is healed. Potion used up." % p.name)
        elif what == "drop":
            g.looks[g.cur] = None
            g.save(app)
            self.build()
        elif what == "flee":
            g.end_fight()
            g.save(app)
            app.pop(self)
            open_move(app, g, "Flee")

    def new_monster(self, app):
        """DEFENCE spinner, then ATTACK spinner; BACK in either changes nothing."""
        g = self.g
        d, a, _ = g.monster()
        picked = [d]

        def set_att(app, v):
            g.last = [picked[0], v]
            i = g.cur
            g.looks[i] = None
            if g.fights[i]:
                g.fights[i] = [picked[0], v]
            self.sel = 0
            self.build()
            g.save(app)

        def set_def(app, v):
            picked[0] = v
            app.push(ui.Spinner("Monster ATTACK", a, ATT_LO, ATT_HI, set_att))

        app.push(ui.Spinner("Monster DEFENCE", d, DEF_LO, DEF_HI, set_def))

    # -- rounds --
    def _roll(self, app, next_ph, ndice=2):
        """Show ``ndice`` tumbling, then ``self.view`` in phase ``next_ph``."""
        self.ph = "roll"
        self.ndice = ndice
        self.next_ph = next_ph
        self.until = ticks_add(app.now, _ROLL_MS)
        self.first = 0
        self._save(app)
        app.keep_awake()
        app.redraw()

    def _show(self, app, ph):
        self.ph = ph
        self.first = 0
        self._save(app)
        app.redraw()

    def _land(self, app):
        self.ph = self.next_ph
        self.next_ph = None
        app.redraw()

    def tick(self, app, now):
        if self.ph != "roll":
            return
        app.keep_awake()
        if ticks_diff(now, self.until) >= 0:
            self._land(app)
        elif (now % _TUMBLE_MS) < 10:
            app.redraw()

    def attack(self, app, roll):
        """The player's 2d6 attack (rolled here when ``roll`` is None)."""
        g = self.g
        p = g.player()
        rolled = roll is None
        if rolled:
            roll = _roll_2d6(app)
        d, a, _ = g.monster()
        g.last = [d, a]
        sword = p.has(R.SWORD)
        eff = roll - 1 if sword else roll
        line = "Roll %d -1 sword = %d" % (roll, eff) if sword else "Roll %d" % roll
        if R.player_attack(p, roll, d):
            above = [line, "%d <= DEFENCE %d" % (eff, d)]
            self.victory(app, "%s attacks" % p.name, above, "HIT", rolled)
            return
        above = [line, "%d > DEFENCE %d" % (eff, d)]
        hint = "OK: end of turn"
        if p.has(R.STICKY):
            g.fights[g.cur] = [d, a]  # the fight goes on next turn
            below = ["Sticky Floor: it", "cannot attack you"]
            ph = "end"
        else:
            below = ["The monster strikes", "OK: enter its 2d6" if g.own else "OK: roll its attack"]
            hint = ""
            ph = "miss"
        self.view = {"t": "%s attacks" % p.name, "a": above, "w": "MISS", "b": below, "h": hint}
        if rolled:
            self._roll(app, ph)
        else:
            self._show(app, ph)

    def victory(self, app, title, above, word, rolled=False, poison=False):
        """The monster is beaten (or stuck): treasure, then the fight is over.

        With my own dice the result shows first and OK asks for the treasure
        die ("loot"); nothing is applied before that roll is entered.
        """
        g = self.g
        d, a, seen = g.monster()
        g.last = [d, a]
        self.view = {"t": title, "a": above, "w": word, "b": [], "h": "", "p": poison}
        if seen is None and g.own:
            self.view["b"] = ["Roll 1d6 for treasure", "OK: enter it"]
            if rolled:
                self._roll(app, "loot")
            else:
                self._show(app, "loot")
            return
        r = 0 if seen is not None else _roll_d6(app)
        self.loot(app, r, 2 if rolled else (1 if seen is None else 0))

    def loot(self, app, r, ndice=0):
        """Treasure for the victory in ``self.view`` (``r``: the 1d6)."""
        g = self.g
        p = g.player()
        d, a, seen = g.monster()
        v = self.view
        if v is None:
            return
        if v.get("p"):
            R.use_poison(p)
            v["p"] = False
        if seen is None:
            n = R.treasure_cards(r, a)
            tline = "1d6 %d + ATT %d = %d" % (r, a, r + a)
        else:
            n = seen
            tline = "Crystal Ball said:"
        R.add_treasure(p, n)
        g.end_fight()
        v["b"] = [tline, R.treasure_text(n)]
        v["h"] = "OK: done"
        if ndice:
            self._roll(app, "end", ndice)
        else:
            self._show(app, "end")

    def strike(self, app, roll=None):
        """The monster strikes back; the result is applied to the player."""
        g = self.g
        p = g.player()
        if roll is None and g.own:
            app.push(ui.Spinner("Monster's 2d6", 7, 2, 12, self.strike))
            return
        rolled = roll is None
        if rolled:
            roll = _roll_2d6(app)
        d, a, _ = g.monster()
        amulet = p.has(R.AMULET)
        code = R.monster_attack_on(p, roll, a)
        above = []
        if a > 0:
            s = "Roll %d + ATT %d" % (roll, a)
            if not amulet:
                s += " = %d" % (roll + a)
            above.append(s)
        elif a == 0:
            above.append("Roll %d + ATT 0 = %d" % (roll, roll))
        else:
            above.append("Roll %d (ATT %d: +0)" % (roll, a))
        if amulet:
            above.append("-1 amulet = %d" % R.monster_total(roll, a, True))
        out = R.take_hit(p, code)
        lines = R.hit_lines(out, p.has(R.CARPET))
        hint = "OK: end of turn"
        if out[3] == R.DEATH:
            g.end_fight()
            hint = "OK: done"
        else:
            g.fights[g.cur] = [d, a]  # the fight goes on next turn
        title = "Monster attacks %s" % p.name
        if len(title) > font.CHARS:
            title = "Monster vs %s" % p.name
        self.view = {"t": title, "a": above, "w": lines[0],
                     "b": lines[1:], "h": hint}
        if rolled:
            self._roll(app, "end")
        else:
            self._show(app, "end")

    # -- drawing --
    def draw(self, app, fb):
        ph = self.ph
        if ph == "roll":
            ui.title(fb, "Rolling...")
            _tumble(fb, app.now, self.ndice, ui.TITLE_H + 12)
            return
        if ph != "setup":
            _draw_view(app, fb, self.view, self.first)
            return
        g = self.g
        ui.title(fb, "%s fights" % g.name(), "again" if g.fights[g.cur] else None)
        head = self._head(app)
        for i in range(len(head)):
            font.text(fb, head[i], 2, ui.row_y(i) + 1)
        shown = ui.rows(app) - len(head)
        n = len(self.items)
        if self.sel < self.first:
            self.first = self.sel
        elif self.sel >= self.first + shown:
            self.first = self.sel - shown + 1
        for r in range(min(shown, n - self.first)):
            i = self.first + r
            ui.draw_row(fb, r + len(head), self.items[i][1], i == self.sel)
        ui.scroll_marks(fb, self.first, shown, n)


# ----- turn helpers -----------------------------------------------------------------


class Fixed(ui.BigView):
    """A number that needs no roll (injured movement, a typed roll); OK closes."""

    def on_event(self, app, kind, key):
        if ui.is_ok(kind, key):
            app.pop(self)
            return True
        return False


def roll_screen(die_id):
    """The shared dice screen (wyrm.dice_ui), rolled as it opens: "d6", "2d6", "door"."""
    from wyrm import dice_ui

    return dice_ui.roll_screen(die_id, True)


def open_move(app, game, title="Move"):
    p = game.player()
    dice, squares = R.movement(p.injury, p.has(R.CARPET))
    if dice == 0:
        app.push(Fixed(title, str(squares), "%s injury: no roll" % R.INJURY_NAMES[p.injury]))
        return
    if game.own:
        if dice == 2:
            txt = "Flying Carpet: roll 2 dice (injuries do not matter) and move up to their total."
        else:
            txt = "Roll 1 die and move up to that many squares."
        app.push(ui.Message(title, txt))
        return
    app.push(roll_screen("2d6" if dice == 2 else "d6"))


def _door_says(t):
    return "%d: door FOUND!" % t if R.door_found(t) else "%d: not found" % t


def open_door(app, game):
    if game.own:

        def typed(app, v):
            app.push(Fixed("Door search", str(v), _door_says(v)))

        app.push(ui.Spinner("Door search: 1d6", 3, 1, 6, typed, hint="1-3 finds it  OK: set"))
        return
    app.push(roll_screen("door"))


def open_crystal(app, game):
    """Crystal Ball: enter the monster behind the door; its treasure is rolled now."""
    p = game.player()
    i = game.cur

    def keep(app, d, a, r):
        n = R.treasure_cards(r, a)
        game.looks[i] = [d, a, n]
        game.last = [d, a]
        game.save(app)
        lines = [
            "Behind the door:",
            "DEFENCE %d ATTACK %d" % (d, a),
            "1d6 %d + ATT %d = %d" % (r, a, r + a),
            "Win: " + R.treasure_text(n),
            "Next turn Fight uses",
            "these values.",
        ]
        app.push(ui.Message("Crystal Ball", lines))

    picked = [game.last[0]]

    def set_att(app, a):
        d = picked[0]
        if game.own:
            app.push(ui.Spinner("Treasure: your 1d6", 3, 1, 6, lambda app, r: keep(app, d, a, r)))
        else:
            keep(app, d, a, _roll_d6(app))

    def set_def(app, d):
        picked[0] = d
        app.push(ui.Spinner("Seen: ATTACK", game.last[1], ATT_LO, ATT_HI, set_att))

    if not p.has(R.CRYSTAL):
        ui.error(app, "%s has no Crystal Ball. Tick it in %s's items first." % (p.name, p.name),
                 "Crystal Ball")
        return
    app.push(ui.Spinner("Seen: DEFENCE", game.last[0], DEF_LO, DEF_HI, set_def))


# ----- players ------------------------------------------------------------------------


class Silver(Screen):
    """Silver gained or lost: UP/DOWN steps of 10 (held: 50), OK adds it."""

    def __init__(self, game, i):
        self.g = game
        self.i = i
        self.delta = 0

    def on_event(self, app, kind, key):
        p = self.g.players[self.i]
        step = 50 if kind == B.REPEAT else 10
        if ui.is_up(kind, key):
            self.delta = min(_SILVER_MAX - p.silver, self.delta + step)
        elif ui.is_down(kind, key):
            self.delta = max(-p.silver, self.delta - step)
        elif ui.is_ok(kind, key):
            app.pop(self)
            rich = R.rich_enough(p)
            p.silver += self.delta
            self.g.save(app)
            if not rich and R.rich_enough(p):
                _tell_rich(app, self.g, p)
        else:
            return False
        app.redraw()
        return True

    def draw(self, app, fb):
        p = self.g.players[self.i]
        ui.title(fb, "%s: silver" % p.name, str(p.silver))
        s = _signed(self.delta) if self.delta else "0"
        if app.height >= 64:
            font.big_center(fb, s, ui.TITLE_H + 3)
            font.center(fb, "%d -> %d silver" % (p.silver, p.silver + self.delta), app.height - 19)
            font.center(fb, "10 a press, 50 held", app.height - 9)
        else:
            font.center(fb, "%s = %d" % (s, p.silver + self.delta), ui.TITLE_H + 3, 1, 1)


def _tell_rich(app, game, p):
    app.push(ui.Message("1,500 silver!", [
        "%s has %d silver." % (p.name, p.silver),
        "Go back to staircase %d with the treasure," % p.staircase,
        "then choose 'Back at staircase'.",
    ]))


def player_menu(app, game, i):
    p = game.players[i]

    def set_cards(app, v):
        p.cards = v
        game.save(app)

    def set_injury(app, v):
        p.injury = v
        game.save(app)

    def stair(app):
        p.staircase = p.staircase % R.STAIRCASES + 1
        game.save(app)

    def colour(app):
        c = game.free_colour(p.colour)
        if c is not None:
            p.colour = c
            p.name = c
            game.save(app)

    def potion(app):
        if R.use_potion(p):
            game.save(app)
            app.toast("%s is healed. Potion used up." % p.name)
        else:
            app.toast("%s has no Healing Potion." % p.name)

    def remove(app):
        def yes(app):
            game.remove_player(i)
            game.save(app)
            app.pop(menu)

        if len(game.players) < 2:
            app.toast("The last player stays.")
            return
        app.push(ui.Confirm("Remove %s from the game?" % p.name, yes))

    items = [
        [lambda a: "Silver: %d" % p.silver, lambda a: a.push(Silver(game, i))],
        [lambda a: "Treasure cards: %d" % p.cards,
         lambda a: a.push(ui.Spinner("%s: cards" % p.name, p.cards, 0, _CARDS_MAX, set_cards))],
        [lambda a: "Injury: %s" % R.INJURY_NAMES[p.injury],
         lambda a: a.push(ui.Spinner("%s: injury" % p.name, p.injury, R.NONE, R.SEVERE,
                                     set_injury, fmt=lambda v: R.INJURY_NAMES[v],
                                     hint="OK: set"))],
        [lambda a: "Magic items: %d" % len(p.items), lambda a: a.push(items_menu(game, i))],
        [lambda a: "Staircase: %d" % p.staircase, stair],
        [lambda a: "Colour: %s" % p.colour, colour],
        ["Drink Healing Potion", potion],
        ["Remove player", remove],
    ]
    menu = ui.Menu(lambda a: p.name, items)
    return menu


def items_menu(game, i):
    p = game.players[i]

    def toggle(k):
        def run(app):
            item = R.ITEM_IDS[k]
            if not p.take(item):
                p.give(item)
            game.save(app)

        return run

    def label(k):
        return lambda a: ("%s %s" % (font.CHECK if p.has(R.ITEM_IDS[k]) else " ",
                                     R.ITEM_NAMES[k]))

    items = [[label(k), toggle(k)] for k in range(len(R.ITEM_IDS))]
    return ui.Menu(lambda a: "%s: items" % p.name, items)


def players_menu(app, game):
    def label(k):
        def lab(a):
            if k >= len(game.players):
                return ""
            p = game.players[k]
            return "%s: %ds %dc" % (p.name, p.silver, p.cards)

        return lab

    def open_player(k):
        return lambda a: a.push(player_menu(a, game, k))

    def add(app):
        if game.add_player() is None:
            app.toast("6 players at most.")
            return
        game.save(app)
        app.pop(menu)
        app.push(players_menu(app, game))

    def rolloff(app):
        from wyrm import dice_ui

        app.push(dice_ui.rolloff_screen(len(game.players)))

    items = [[label(k), open_player(k)] for k in range(len(game.players))]
    if len(game.players) < R.MAX_PLAYERS:
        items.append(["Add player", add])
    if len(game.players) > 1:
        items.append(["Who starts: roll-off", rolloff])
    menu = PlayersMenu(game, items)
    return menu


class PlayersMenu(ui.Menu):
    def __init__(self, game, items):
        super().__init__("Players", items)
        self.g = game
        self.n = len(game.players)

    def on_show(self, app):
        if len(self.g.players) != self.n:  # one was removed: rebuild the list
            app.replace(players_menu(app, self.g))


# ----- win -----------------------------------------------------------------------------


class Win(Screen):
    def __init__(self, game):
        self.g = game

    def on_open(self, app):
        self.g.screen = "win"
        self.g.save(app)

    def on_close(self, app):
        self.g.screen = "menu"
        self.g.save(app)

    def on_event(self, app, kind, key):
        if ui.is_ok(kind, key):
            app.pop(self)
            return True
        return False

    def draw(self, app, fb):
        g = self.g
        w = g.winner if g.winner >= 0 else g.cur
        p = g.players[w]
        fb.rect(0, 0, fb.width, app.height, 1)
        fb.rect(2, 2, fb.width - 4, app.height - 4, 1)
        name = p.name.upper()
        if app.height >= 64:
            sc = 3 if font.width(name, 3) <= fb.width - 8 else 2
            font.center(fb, name, 6, 1, sc)
            font.center(fb, "WINS!", 30, 1, 2)
            font.center(fb, "%d silver" % p.silver, 50)
        else:
            font.center(fb, name + " WINS!", 8, 1, 1)
            font.center(fb, "%d silver" % p.silver, 18)


def _back_home(app, game):
    p = game.player()

    def yes(app):
        game.winner = game.cur
        game.save(app)
        app.push(Win(game))

    app.push(ui.Confirm(
        "Is %s back at staircase %d with %d silver?" % (p.name, p.staircase, p.silver), yes))


# ----- game menu ---------------------------------------------------------------------


class GameMenu(ui.Menu):
    def __init__(self, game):
        super().__init__(self._head, [])
        self.g = game
        self.keys = []
        self.refresh()

    def _head(self, app):
        return "Drakskatten"

    def draw(self, app, fb):
        super().draw(app, fb)
        name = self.g.name()
        font.text(fb, name, fb.width - 1 - font.width(name), 1, 0)

    def refresh(self):
        g = self.g
        p = g.player()
        keep = self.keys[self.sel] if self.sel < len(self.keys) else None
        its = []
        keys = []

        def add(key, label, action):
            keys.append(key)
            its.append([label, action])

        def fight_label(a):
            d, at, _ = g.monster()
            return "Fight: DEF %d ATT %d" % (d, at)

        add("fight", fight_label, lambda a: a.push(Fight(g)))
        add("player", lambda a: "Player: %s" % g.name(), self.next_player)
        if g.winner >= 0:
            add("won", lambda a: "%s won!" % g.name(g.winner), lambda a: a.push(Win(g)))
        elif R.rich_enough(p):
            add("home", "Back at staircase", lambda a: _back_home(a, g))
        add("info", lambda a: "%s: %d silver" % (p.name, p.silver),
            lambda a: a.push(player_menu(a, g, g.cur)))
        add("move", lambda a: move_label(p), lambda a: open_move(a, g))
        add("door", "Door search", lambda a: open_door(a, g))
        if p.has(R.CRYSTAL):
            add("crystal", "Crystal Ball", lambda a: open_crystal(a, g))
        add("2d6", "Roll 2d6", lambda a: a.push(roll_screen("2d6")))
        add("own", lambda a: "My own dice: %s" % ("on" if g.own else "off"), self.toggle_own)
        add("players", lambda a: "Players (%d)" % len(g.players),
            lambda a: a.push(players_menu(a, g)))
        add("ref", "Tables & items", _open_ref)
        add("new", "New game", self.new_game)
        self.items = its
        self.keys = keys
        self.sel = keys.index(keep) if keep in keys else min(self.sel, len(keys) - 1)

    def on_event(self, app, kind, key):
        handled = super().on_event(app, kind, key)
        if handled and app.top() is self:
            self.refresh()
        return handled

    def on_show(self, app):
        self.refresh()

    def next_player(self, app):
        g = self.g
        if len(g.players) < 2:
            app.toast("Add players under Players.")
            return
        g.cur = (g.cur + 1) % len(g.players)
        g.save(app)

    def toggle_own(self, app):
        self.g.own = not self.g.own
        self.g.save(app)

    def new_game(self, app):
        app.push(ui.Confirm("Start a new game? All players and treasure are cleared.",
                            lambda a: ask_players(a, self.g)))


def ask_players(app, game):
    def start(app, n):
        game.new(n)
        game.save(app)
        top = app.top()
        if isinstance(top, GameMenu):
            top.sel = 0
            top.refresh()

    app.push(ui.Spinner("How many players?", len(game.players) or 2, 1, R.MAX_PLAYERS, start,
                        hint="1..6  OK: start"))


def _open_ref(app):
    from wyrm.games import drakskatten_ref

    app.push(drakskatten_ref.menu())


# ----- entry point ---------------------------------------------------------------------


def open(app, resume=False):
    """Push the game menu (and, after a power cut, the screen the game was on)."""
    store = app.store
    problems = getattr(store, "problems", None)
    n0 = len(problems) if isinstance(problems, list) else 0
    raw = store.load(SAVE, None)
    said = []
    if isinstance(problems, list) and len(problems) > n0:
        said = problems[n0:]
        del problems[n0:]
    game = load_game(raw) if raw is not None else None
    fresh = game is None
    if fresh:
        game = Game()
        game.new(2)
        game.save(app)
    menu = GameMenu(game)
    app.push(menu)
    if fresh:
        ask_players(app, game)
        if raw is not None:
            said.append("The saved Drakskatten game could not be read. A new game is started.")
    elif resume:
        if game.screen == "fight":
            f = Fight(game)
            f.restore(game.fight)
            app.push(f)
        elif game.screen == "win" and game.winner >= 0:
            app.push(Win(game))
    if said:
        ui.error(app, " ".join(said), "Drakskatten")
