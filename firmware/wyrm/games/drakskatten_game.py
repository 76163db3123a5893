"""Drakskatten assistant screens: players, fights, turn helpers, win, tables.

The rules live in ``drakskatten.py`` (pure); this module keeps the game state,
draws it and saves it (``app.store.save("drakskatten", ...)``) after every
change. ``enter(app, resume)`` pushes the game menu; after a power cut it also
re-opens the fight or win screen the players were on.

RAM: the fight screen (``drakskatten_fight``), the players' screens
(``drakskatten_players``), the dice (``wyrm.dice_roll_ui``, the roll-off in
``wyrm.dice_ui``) and the tables (``drakskatten_ref``) are loaded when opened
and dropped again when the game menu shows.

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

from wyrm import font, gamekit, ui

SAVE = "drakskatten"
_VERSION = const(1)

COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Orange", "Purple")

MAX_PLAYERS = const(6)  # drakskatten.MAX_PLAYERS (the fresh game's first frame asks it)


_SCREENS = ("menu", "fight", "win")


def _rules():
    # The rules: a saved game needs them before the menu's first frame (its players);
    # a fresh one right after it (Game.menu), with the screens past the menu (_play).
    from wyrm.games import drakskatten

    return drakskatten


def _play():
    # The turn helpers and the win screen: loaded right after the menu's first frame
    # (enter), with the game's code.
    from wyrm.games import drakskatten_play

    return drakskatten_play


# ----- game state -------------------------------------------------------------------


def _pair(v):
    """[DEF, ATT] from the save, or None."""
    r = _rules()
    if not isinstance(v, list) or len(v) < 2:
        return None
    if not (gamekit.whole(v[0], r.DEF_LO, r.DEF_HI) and gamekit.whole(v[1], r.ATT_LO, r.ATT_HI)):
        return None
    return [v[0], v[1]]


def _look(v):
    """[DEF, ATT, cards] from the save, or None."""
    p = _pair(v)
    if p is None or len(v) < 3 or not gamekit.whole(v[2], 0, 4):
        return None
    return [p[0], p[1], v[2]]


class Game(gamekit.SavedGame):
    """Everything that is saved: players, whose turn, monster values, dice mode."""

    store_name = SAVE
    version = _VERSION
    label = "Drakskatten"
    ref = "wyrm.games.drakskatten_ref"

    def __init__(self, app):
        super().__init__(app)
        self.fresh = False  # no saved game: the menu asks how many play
        self._clear()

    def _clear(self):
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

    def names(self):
        return [p.name for p in self.players]

    def free_colour(self, after=None):
        used = [p.colour for p in self.players]
        start = COLOURS.index(after) + 1 if after in COLOURS else 0
        for k in range(len(COLOURS)):
            c = COLOURS[(start + k) % len(COLOURS)]
            if c not in used:
                return c
        return None

    def add_player(self, name=""):
        c = self.free_colour()
        rules = _rules()
        if c is None or len(self.players) >= MAX_PLAYERS:
            return None
        p = rules.Player(name or c, c, len(self.players) % rules.STAIRCASES + 1)
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
        self._clear()
        self.own = own
        from wyrm import players  # the table's names (main menu > Players), else colours

        for i in range(n):
            self.add_player(players.given(self.app, i))

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

    # -- the skeleton's hooks (wyrm.gamekit) --
    def has_game(self):
        return bool(self.players)

    def take(self, raw):
        if self._read(raw):
            return True
        self._clear()
        return False

    def menu(self):
        # No game (or an unusable one): how many play is asked first, and two players
        # are set up right after that first frame (GameMenu.on_open).
        self.fresh = not self.players
        return GameMenu(self)

    def resume(self, app, menu):
        if self.screen == "fight":
            f = _fight(app).Fight(self)
            f.restore(self.fight)
            app.push(f)
        elif self.screen == "win" and self.winner >= 0:
            app.push(_play().Win(self))

    def reference(self, app):
        app.push(app.load(self.ref).menu())

    def _read(self, obj):
        """Take the saved object (a dict of this version); False when it is damaged."""
        raw = obj.get("players")
        if not isinstance(raw, list) or len(raw) < 1 or len(raw) > MAX_PLAYERS:
            return False
        rules = _rules()
        for d in raw:
            if not isinstance(d, dict):
                return False
            p = rules.Player.from_json(d)
            if p.colour not in COLOURS or p.colour in [q.colour for q in self.players]:
                p.colour = self.free_colour() or COLOURS[0]
            if not _fair_name(p.name):
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
    if type(v) is int and 0 <= v < n:
        return v
    return default


# ----- small texts -------------------------------------------------------------------


def move_label(p):
    rules = _rules()
    dice, squares = rules.movement(p.injury, p.has(rules.CARPET))
    if dice == 2:
        return "Move: 2d6 (carpet)"
    if dice == 1:
        return "Move: roll 1d6"
    return "Move: %d squares" % squares


# ----- game menu ---------------------------------------------------------------------


class GameMenu(ui.Menu):
    title_extras = True  # the player's name in the title bar

    def __init__(self, game):
        super().__init__(self._head, [])
        self.g = game
        self.keys = []
        if not game.fresh:
            self.refresh()

    def _head(self, app):
        return "Drakskatten"

    def on_open(self, app):
        if self.g.fresh:  # a new game: how many play comes first
            self.g.fresh = False
            app.after_frame(self._two_players)
            ask_players(app, self.g)

    def _two_players(self, app):
        # a fresh game's two players, saved, right after the question's first frame
        self.g.new(2)
        self.g.save()
        self.refresh()

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

        add("fight", fight_label, lambda a: a.push(_fight(a).Fight(g)))
        add("player", lambda a: "Player: %s" % g.name(), self.next_player)
        rules = _rules()
        if g.winner >= 0:
            add("won", lambda a: "%s won!" % g.name(g.winner), lambda a: a.push(_play().Win(g)))
        elif rules.rich_enough(p):
            add("home", "Back at staircase", lambda a: _play().back_home(a, g))
        add("info", lambda a: "%s: %d silver" % (p.name, p.silver),
            lambda a: a.push(_players(a).player_menu(a, g, g.cur)))
        add("move", lambda a: move_label(p), lambda a: _play().open_move(a, g))
        add("door", "Door search", lambda a: _play().open_door(a, g))
        if p.has(rules.CRYSTAL):
            add("crystal", "Crystal Ball", lambda a: _play().open_crystal(a, g))
        add("2d6", "Roll 2d6", lambda a: a.push(_play().roll_screen(a, "2d6")))
        add("own", lambda a: "My own dice: %s" % ("on" if g.own else "off"), self.toggle_own)
        add("players", lambda a: "Players (%d)" % len(g.players),
            lambda a: a.push(_players(a).players_menu(a, g)))
        add("ref", "Tables & items", g.reference)
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
        g.save()

    def toggle_own(self, app):
        self.g.own = not self.g.own
        self.g.save()

    def new_game(self, app):
        app.push(ui.Confirm("Start a new game? All players and treasure are cleared.",
                            lambda a: ask_players(a, self.g)))


def ask_players(app, game):
    def start(app, n):
        game.new(n)
        game.save()
        top = app.top()
        if isinstance(top, GameMenu):
            top.sel = 0
            top.refresh()

    from wyrm import players  # the table's count first

    n = players.count_or(app, len(game.players) or 2, 1, MAX_PLAYERS)
    app.push(ui.Spinner("How many players?", n, 1, MAX_PLAYERS, start,
                        hint="1..6  OK: start"))


def _fair_name(s):
    # a saved name the screen can show: 1-6 letters of the font
    from wyrm import letters

    return isinstance(s, str) and 0 < len(s) <= 6 and letters.shows(s)


def _fight(app):
    """The fight screen's module (loaded while it is open)."""
    return app.load("wyrm.games.drakskatten_fight")


def _players(app):
    """The players' screens' module (silver, cards, items, the player list)."""
    return app.load("wyrm.games.drakskatten_players")


# ----- entry point ---------------------------------------------------------------------


# What the first frame imports (the main menu loads it while OK is held on the game's
# row): a game in progress its rules and the name check, a new one the table's count
# (its question's default). See home.Home.on_event.
SOON = (SAVE, ("wyrm.games.drakskatten", "wyrm.letters"), ("wyrm.players",))


def enter(app, resume=False):
    # The main menu opens the game here: its menu first, the rest right after that frame.
    gamekit.enter(app, Game(app), resume)
    app.after_frame(lambda a: _play())
