"""Drakskatten's fight screen: the monster, the rolls, hit or miss, treasure, the
monster's strike; OK on a result passes the turn (cards won: UP/DOWN set each card's silver
and OK takes it, the last OK passes; cards lost: UP/DOWN choose which, OK passes)."""
from micropython import const

from wyrm import buttons, font, plain, ui
from wyrm.app import Screen
from wyrm.games import drakskatten, drakskatten_play
from wyrm.lang import t
from wyrm.spinner import Spinner
from wyrm.ticks import ticks_add, ticks_diff

_ROLL_MS = const(180)  # dice tumble before a result shows
_TUMBLE_MS = const(40)
_SILVER_STEP = const(50)  # a won card's silver, in steps of
_STRIKE_MS = const(1500)  # a miss (the device's dice) shows this long before the strike


def _roll_2d6(app):
    return app.rng.below(6) + app.rng.below(6) + 2


def _info_lines(game):
    """What is in play for the current player's fight (header of the fight screen)."""
    p = game.player()
    out = []
    sw = p.has(drakskatten.SWORD)
    am = p.has(drakskatten.AMULET)
    if sw and am:
        out.append(t("Sword -1, Amulet -1", "Schwert, Amulett: -1"))
    elif sw:
        out.append(t("Sword: -1 your roll", "Schwert: -1 dein Wurf"))
    elif am:
        out.append(t("Amulet: -1 its roll", "Amulett: -1 sein Wurf"))
    lk = game.player().look
    if lk:
        n = lk[2]
        out.append(t("Crystal: ", "Kristall: ") + _cards(n))
    if p.has(drakskatten.STICKY):
        out.append(t("Sticky: it can't hit", "Klebt: trifft nicht"))
    if p.injury:
        out.append("%s: %s" % (p.name, drakskatten.result_name(p.injury)))
    if not out:
        out.append(t("No magic items", "Keine Zauberdinge"))
    return out[:2]


# ----- drawing helpers ---------------------------------------------------------------


def _draw_view(app, fb, view, first=0, silver=None):
    """A result: title, lines above, a big word, lines below (``silver``: the silver line
    being set, with its arrows, under them).

    128x32: the word comes first (inverted), then the silver line, then the lines; UP/DOWN
    scroll (with a silver line they set it: the first two lines stay).
    """
    ui.title(fb, view["t"])
    w = view["w"]
    hint = view.get("h")
    if not app.tall:
        lines = ([w] if w else []) + ([silver] if silver else []) + view["a"] + view["b"] + (
            [hint] if hint else [])
        shown = ui.rows(app)
        n = len(lines)
        for r in range(min(shown, n - first)):
            y = ui.row_y(r)
            inv = w and first + r == 0
            if inv:
                fb.fill_rect(0, y, fb.width, ui.ROW, 1)
            font.center(fb, lines[first + r], y + 1, 0 if inv else 1)
            if silver and lines[first + r] is silver:
                _silver_arrows(fb, y + 1)
        if not silver:
            ui.scroll_marks(fb, first, shown, n)
        return
    room = app.height - ui.TITLE_H - 1
    below = view["b"] + [silver] if silver else view["b"]
    h = 9 * (len(view["a"]) + len(below))
    sc = 1
    gap = 9 if silver else 10  # (a silver line: the hint goes in the last pixel row too)
    if w:  # big, or in a bar (too wide, or the hint would not fit)
        sc = 2 if font.width(w, 2) <= fb.width and h + 17 + (gap if hint else 0) <= room else 0
        h += 17 if sc == 2 else 12
    items = [(s, 1) for s in view["a"]] + ([(w, sc)] if w else []) + [(s, 1) for s in below]
    if hint and h + gap <= room:
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
            if silver and s is silver:
                _silver_arrows(fb, y)
            y += 9


def _silver_arrows(fb, y):
    # UP and DOWN set the silver line's amount (as a spinner's arrows show)
    ui.arrow(fb, fb.width - 4, y, -1)
    ui.arrow(fb, fb.width - 4, y + 7, 1)


def _typical(game, got):
    # where a won card's silver opens: the average of the silver cards held at the table
    # (with ``got``, those of this win set so far), to the nearest step (none yet: 0)
    n = total = 0
    for p in game.players:
        for v in p.cards:
            if v:
                n += 1
                total += v
    for v in got:
        if v:
            n += 1
            total += v
    if not n:
        return 0
    return (total + n * _SILVER_STEP // 2) // (n * _SILVER_STEP) * _SILVER_STEP


def _cards(n):
    if n == 0:
        return t("no card", "keine Karte")
    return t("1 card", "1 Karte") if n == 1 else t("%d cards", "%d Karten") % n


def _view_len(view):
    return len(view["a"]) + (1 if view["w"] else 0) + len(view["b"]) + (1 if view.get("h") else 0)


def _valid_view(v):
    if not isinstance(v, dict):
        return False
    if not isinstance(v.get("t"), str) or not isinstance(v.get("w"), str):
        return False
    if not isinstance(v.get("h", ""), str) or v.get("s") not in (None, "won", "lost"):
        return False
    if v.get("s") and not (plain.whole(v.get("n"), 1, 4) and drakskatten.cards_ok(v.get("g"))):
        return False  # (cards won or lost: how many, and the silver of those set so far)
    return _strs(v.get("a")) and _strs(v.get("b"))


def _strs(v):
    # a list of texts (a fight result's lines)
    if not isinstance(v, list):
        return False
    for s in v:
        if not isinstance(s, str):
            return False
    return True


def _tumble(fb, now, count, y, sc):
    """Dice faces changing every few ms while a roll 'tumbles' (``sc``: their scale)."""
    k = (now // _TUMBLE_MS) & 0xFFFF
    step = 6 * sc + 6
    x = (fb.width - (count * step - 6)) // 2
    for i in range(count):
        face = (k * (5 + 2 * i) + 3 * i) % 6 + 1
        font.text(fb, font.DIE[face], x + i * step, y, 1, sc)


def flee_label():
    """The row that leaves a fight, in the language in use."""
    return t("Flee (roll to leave)", "Fliehen (würfeln)")


def flee(app, g, screen=None):
    """The player leaves the room: the fight ends (``screen``, the fight's list, closes)
    and the move (no room) shows."""
    g.end_fight()
    g.save()
    if screen is not None:
        app.pop(screen)
    drakskatten_play.open_move(app, g, True)


class Fight(Screen):
    """Set up and run one fight round for the current player.

    Phases: "setup" (a list: fight, new monster, items, flee), "roll" (dice
    tumble), "miss" (the player missed: OK lets the monster strike back; with the
    device's dice it strikes by itself after a moment, as the rulebook leaves no choice),
    "loot" (won with my own dice: OK asks for the treasure die) and "end"
    (a result: OK passes the turn on, BACK closes). BACK in "miss"/"loot" returns to the list
    (a mistyped roll): nothing has been applied at that point.
    """

    def __init__(self, game, new=False, quick=False):
        self.game = game
        self.new = new  # a new monster: its values first, then the attack
        self.quick = quick  # a fight that goes on: the attack at once (see goes_on)
        self.ph = "setup"
        self.view = None
        self.next_ph = None
        self.ndice = 2
        self.until = 0
        self.sel = 0
        self.first = 0
        self.items = []
        self.silver = 0  # the silver of the won card being set on the result
        self.vals = []  # cards lost: the player's cards' silver, lowest first ...
        self.pick = []  # ... and those handed in (indices into vals)
        # "miss": the monster strikes by itself (0 no; 1 yes, from the next tick; 2 at ``until``)
        self.auto = 0
        self.build()

    # -- life cycle --
    def on_open(self, app):
        self.game.at("fight")  # (the game menu says "menu" as it shows again)
        self._save(app)
        if self.new:
            self.new = False
            self.new_monster(app, True)
        elif self.quick:
            self.quick = False
            if self.goes_on():
                self.act(app, "go")

    def goes_on(self):
        """The fight goes on from the turn before and the list would offer nothing but
        fighting on or fleeing (fleeing is the game menu's row): no magic item to use, no
        Crystal Ball look. Then the game menu's Fight row attacks at once."""
        if not self.game.player().fight:
            return False
        for it in self.items:
            if it[0] not in ("go", "new", "flee"):
                return False
        return True

    def on_close(self, app):
        self.game.fight = None
        self.game.save()

    def on_show(self, app):
        if self.ph == "setup":
            self.build()

    def _save(self, app):
        g = self.game
        if self.ph == "setup":
            g.fight = None
        else:
            ph = self.next_ph if self.ph == "roll" else self.ph
            g.fight = {"ph": ph, "v": self.view}
        g.save()

    def restore(self, saved):
        """Back to a saved result after a power cut (else the setup list)."""
        if not isinstance(saved, dict):
            return
        ph = saved.get("ph")
        v = saved.get("v")
        if ph in ("miss", "loot", "end") and _valid_view(v):
            self.ph = ph
            self.view = v
            self.auto = 1 if ph == "miss" and not self.game.own else 0
            self._prepare()

    # -- the setup list --
    def build(self):
        g = self.game
        p = g.player()
        d, a, _ = g.monster()
        items = [["go", t("Fight! DEF %d ATT %d", "Kampf! Abw %d Angr %d") % (d, a)],
                 ["new", t("New monster", "Neues Monster")]]
        if p.has(drakskatten.POISON):
            items.append(["poison", t("Poison Powder", "Giftpulver")])
        if p.has(drakskatten.STICKY):
            items.append(["sticky", t("Sticky: get treasure", "Klebeboden: Schatz")])
        if p.has(drakskatten.POTION):
            items.append(["potion", t("Healing Potion", "Heiltrank")])
        if p.look:
            items.append(["drop", t("Forget crystal look", "Blick vergessen")])
        if p.fight:
            items.append(["flee", flee_label()])
        self.items = items
        if self.sel >= len(items):
            self.sel = 0

    def _head(self, app):
        return _info_lines(self.game) if app.tall else []

    def on_event(self, app, kind, key):
        ph = self.ph
        if ph == "roll":
            if kind == buttons.CLICK:  # a press during the tumble only ends it
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
        if self._asks_silver() and (ui.is_up(kind, key) or ui.is_down(kind, key)):
            self.step_silver(ui.is_up(kind, key))
        elif ui.is_up(kind, key):
            self.first = max(0, self.first - 1)
        elif ui.is_down(kind, key):
            shown = ui.rows(app)
            self.first = max(0, min(_view_len(self.view) - shown, self.first + 1))
        elif ui.is_ok(kind, key):
            if ph == "miss":
                self.auto = 0
                self.strike(app)
            elif ph == "loot":
                app.push(Spinner(t("Treasure: your 1d6", "Schatz: dein 1W6"), 3, 1, 6, self.loot))
            else:
                self.finish(app)
        elif kind == buttons.CLICK and key == buttons.BACK:
            if ph == "miss" or ph == "loot":
                # Typed the wrong roll? Back to the list; nothing was applied yet.
                self.auto = 0
                self.ph = "setup"
                self.view = None
                self.build()
                self._save(app)
            else:  # the turn stays; cards won or lost are settled as they stand
                self._settle(True)
                app.pop(self)
        else:
            return False
        app.redraw()
        return True

    def act(self, app, what):
        g = self.game
        p = g.player()
        if what == "go":
            if g.own:
                app.push(Spinner(t("%s: your 2d6", "%s: dein 2W6") % p.name, 7, 2, 12,
                                 self.attack))
            else:
                self.attack(app, None)
        elif what == "new":
            self.new_monster(app)
        elif what == "poison":
            self.victory(app, t("%s wins", "%s gewinnt") % p.name,
                         [t("Poison Powder thrown:", "Giftpulver geworfen:"),
                          t("it always hits", "trifft immer")],
                         t("DEFEATED", "BESIEGT"), poison=True)
        elif what == "sticky":
            self.victory(app, t("Sticky Floor", "Klebeboden"),
                         [t("The monster is stuck", "Das Monster klebt"),
                          t("and cannot attack", "und greift nicht an")], t("STUCK", "KLEBT"))
        elif what == "potion":
            drakskatten.use_potion(p)
            g.save()
            self.build()
            app.toast(t("%s is healed. Potion used up.", "%s ist geheilt. Trank verbraucht.")
                      % p.name)
        elif what == "drop":
            p.look = None
            g.save()
            self.build()
        elif what == "flee":
            flee(app, g, self)

    def new_monster(self, app, go=False):
        """DEFENCE spinner, then ATTACK spinner (``go``: then the attack), each opening on
        the average card met; BACK in either changes nothing."""
        g = self.game
        d, a = g.likely()
        picked = [d]

        def set_att(app, v):
            g.meet(picked[0], v)
            q = g.player()
            q.look = None
            if q.fight:
                q.fight = [picked[0], v]
            self.sel = 0
            self.build()
            g.save()
            if go:
                self.act(app, "go")

        def set_def(app, v):
            picked[0] = v
            lo, hi = drakskatten.ATT_LO, drakskatten.ATT_HI
            app.push(Spinner(t("Monster ATTACK", "Monster ANGRIFF"), a, lo, hi, set_att))

        lo, hi = drakskatten.DEF_LO, drakskatten.DEF_HI
        app.push(Spinner(t("Monster DEFENCE", "Monster ABWEHR"), d, lo, hi, set_def))

    # -- rounds --
    def _roll(self, app, next_ph, ndice=2):
        """Show ``ndice`` tumbling, then ``self.view`` in phase ``next_ph``."""
        self.ph = "roll"
        self.ndice = ndice
        self.next_ph = next_ph
        self.until = ticks_add(app.now, _ROLL_MS)
        self.first = 0
        self._prepare()
        self._save(app)
        app.keep_awake()
        app.redraw()

    def _show(self, app, ph):
        self.ph = ph
        self.first = 0
        self._prepare()
        self._save(app)
        app.redraw()

    def _prepare(self):
        # a result with cards: the won card's silver opens where it likely is, the cards
        # lost on the cheapest (what a player hands in by choice)
        v = self.view
        if v is None:
            return
        how = v.get("s")
        if how == "won":
            self.silver = _typical(self.game, v["g"])
        elif how == "lost":
            self.vals = sorted(self.game.player().cards)
            self.pick = list(range(min(v["n"], len(self.vals))))

    def _land(self, app):
        self.ph = self.next_ph
        self.next_ph = None
        app.redraw()

    def tick(self, app, now):
        if self.ph == "miss" and self.auto:  # the monster strikes by itself
            app.keep_awake()
            if self.auto == 1:
                self.auto = 2
                self.until = ticks_add(now, _STRIKE_MS)
            elif ticks_diff(now, self.until) >= 0:
                self.auto = 0
                self.strike(app)
            return
        if self.ph != "roll":
            return
        app.keep_awake()
        if ticks_diff(now, self.until) >= 0:
            self._land(app)
        elif (now % _TUMBLE_MS) < 10:
            app.redraw()

    def attack(self, app, roll):
        """The player's 2d6 attack (rolled here when ``roll`` is None)."""
        g = self.game
        p = g.player()
        rolled = roll is None
        if rolled:
            roll = _roll_2d6(app)
        d, a, _ = g.monster()
        g.last = [d, a]
        sword = p.has(drakskatten.SWORD)
        eff = roll - 1 if sword else roll
        hit = drakskatten.player_attack(p, roll, d)
        vs = t("%d %s DEFENCE %d", "%d %s ABWEHR %d") % (eff, "<=" if hit else ">", d)
        if sword:
            above = [t("Roll %d -1 sword = %d", "Wurf %d -1 Schwert=%d") % (roll, eff), vs]
        else:
            above = [t("Roll ", "Wurf ") + vs]
        who = t("%s attacks", "%s greift an") % p.name
        if hit:
            self.victory(app, who, above, t("HIT", "TREFFER"), rolled)
            return
        hint = g.next_hint(app)
        if p.has(drakskatten.STICKY):
            p.fight = [d, a]  # the fight goes on next turn
            below = [t("Sticky Floor: it", "Klebeboden: es"),
                     t("cannot attack you", "greift nicht an")]
            ph = "end"
        else:
            below = [t("The monster strikes", "Das Monster schlägt"),
                     t("OK: enter its 2d6", "OK: seine 2W6") if g.own
                     else t("its attack follows", "sein Angriff folgt")]
            hint = ""
            ph = "miss"
            self.auto = 0 if g.own else 1
        self.view = {"t": who, "a": above, "w": drakskatten.result_name(drakskatten.MISS),
                     "b": below, "h": hint}
        if rolled:
            self._roll(app, ph)
        else:
            self._show(app, ph)

    def victory(self, app, title, above, word, rolled=False, poison=False):
        """The monster is beaten (or stuck): treasure, then the fight is over.

        With my own dice the result shows first and OK asks for the treasure
        die ("loot"); nothing is applied before that roll is entered.
        """
        g = self.game
        d, a, seen = g.monster()
        g.last = [d, a]
        self.view = {"t": title, "a": above, "w": word, "b": [], "h": "", "p": poison}
        if seen is None and g.own:
            self.view["b"] = [t("Roll 1d6 for treasure", "1W6 für den Schatz"),
                              t("OK: enter it", "OK: eingeben")]
            if rolled:
                self._roll(app, "loot")
            else:
                self._show(app, "loot")
            return
        r = 0 if seen is not None else drakskatten_play.roll_d6(app)
        self.loot(app, r, 2 if rolled else (1 if seen is None else 0))

    def loot(self, app, r, ndice=0):
        """Treasure for the victory in ``self.view`` (``r``: the 1d6)."""
        g = self.game
        p = g.player()
        d, a, seen = g.monster()
        v = self.view
        if v is None:
            return
        if v.get("p"):
            drakskatten.use_poison(p)
            v["p"] = False
        if seen is None:
            n = drakskatten.treasure_cards(r, a)
            tline = t("1d6 %d%+d: ", "1W6 %d%+d: ") % (r, a)
        else:
            n = seen
            tline = t("Crystal Ball: ", "Kristallkugel: ")
        g.end_fight()
        v["b"] = [tline + _cards(n)]
        if n:  # each card's silver is set right here (UP/DOWN, OK), the last OK passes
            v["s"] = "won"
            v["n"] = n
            v["g"] = []
        v["h"] = g.next_hint(app)
        if ndice:
            self._roll(app, "end", ndice)
        else:
            self._show(app, "end")

    def strike(self, app, roll=None):
        """The monster strikes back; the result is applied to the player."""
        g = self.game
        p = g.player()
        if roll is None and g.own:
            app.push(Spinner(t("Monster's 2d6", "2W6 des Monsters"), 7, 2, 12, self.strike))
            return
        rolled = roll is None
        if rolled:
            roll = _roll_2d6(app)
        d, a, _ = g.monster()
        amulet = p.has(drakskatten.AMULET)
        code = drakskatten.monster_attack_on(p, roll, a)
        total = drakskatten.monster_total(roll, a, amulet)
        if amulet:
            if a > 0:
                s = t("%d+ATT %d-1 amulet=%d", "%d+Angr %d-1 Amul.=%d") % (roll, a, total)
            else:
                s = t("Roll %d-1 amulet = %d", "Wurf %d-1 Amulett=%d") % (roll, total)
        elif a >= 0:
            s = t("Roll %d + ATT %d = %d", "Wurf %d + Angr %d = %d") % (roll, a, total)
        else:
            s = t("Roll %d (ATT %d: +0)", "Wurf %d (Angr %d: +0)") % (roll, a)
        above = [s]
        out = drakskatten.take_hit(p, code)
        lines = drakskatten.hit_lines(out, p.has(drakskatten.CARPET))
        hint = g.next_hint(app)
        silver = None
        if out[3] == drakskatten.DEATH:
            g.end_fight()  # (the silver is gone with the cards)
        else:
            p.fight = [d, a]  # the fight goes on next turn
            if out[1]:  # which cards are handed in is chosen right here
                silver = "lost"
        title = t("Monster attacks %s", "Monster greift %s an") % p.name
        if len(title) > font.CHARS:
            title = t("Monster vs %s", "Monster - %s") % p.name
        self.view = {"t": title, "a": above, "w": lines[0], "b": lines[1:], "h": hint,
                     "s": silver, "n": out[1], "g": []}
        if rolled:
            self._roll(app, "end")
        else:
            self._show(app, "end")

    def _asks_silver(self):
        # a result whose cards were won or lost ("won", "lost"; else None): UP/DOWN set the
        # silver they were worth
        v = self.view
        if self.ph != "end" or v is None:
            return None
        how = v.get("s")
        return how if how in ("won", "lost") else None

    def step_silver(self, up):
        # UP/DOWN on a result with cards: the won card's silver, or which cards are lost
        if self._asks_silver() == "won":
            v = self.silver + (_SILVER_STEP if up else -_SILVER_STEP)
            self.silver = max(0, min(drakskatten.CARD_MAX, v))
        else:
            self.pick = drakskatten.next_pick(self.vals, self.pick, up)

    def _silver_line(self):
        p = self.game.player()
        v = self.view
        if v is None:
            return ""
        if self._asks_silver() == "won":
            got = v["g"]
            now = p.silver + self.silver
            for c in got:
                now += c
            if v["n"] == 1:
                s = t("Silver +%d = %d", "Silber +%d = %d") % (self.silver, now)
                if len(s) > 19:  # (clear of the arrows at the right edge)
                    s = t("Silver +%d=%d", "Silber +%d=%d") % (self.silver, now)
                return s
            k = len(got) + 1
            s = t("Card %d/%d +%d = %d", "Karte %d/%d +%d = %d") % (k, v["n"], self.silver, now)
            if len(s) > 19:
                s = t("Card %d/%d +%d=%d", "Karte %d/%d +%d=%d") % (k, v["n"], self.silver, now)
            if len(s) > 19:
                s = "%d/%d +%d=%d" % (k, v["n"], self.silver, now)
            return s
        lost = 0
        names = ""
        for i in self.pick:
            lost += self.vals[i]
            names += ("+" if names else "") + str(self.vals[i])
        left = max(0, p.silver - lost)
        s = t("Lose %s = %d", "Weg %s = %d") % (names, left)
        if len(s) > 19:
            s = "-%s = %d" % (names, left)
        if len(s) > 19:
            s = t("Silver -%d = %d", "Silber -%d = %d") % (lost, left)
        return s

    def _settle(self, all_now=False):
        # cards won: the card being set is taken (``all_now``: and the rest, worth 0);
        # True when a card is still to be set. Cards lost: the chosen ones are handed in.
        g = self.game
        p = g.player()
        how = self._asks_silver()
        v = self.view
        if v is None:
            return False
        if how == "won":
            got = v["g"]
            got.append(self.silver)
            if all_now:
                while len(got) < v["n"]:
                    got.append(0)
            if len(got) < v["n"]:
                self.silver = _typical(g, got)
                g.save()
                return True
            drakskatten.add_treasure(p, got)
        elif how == "lost":
            drakskatten.lose_cards(p, [self.vals[i] for i in self.pick])
        if how:
            v["s"] = None
        return False

    def finish(self, app):
        """OK on a result: the turn passes on (cards won: each OK takes a card's silver,
        the last passes; cards lost: the chosen ones are handed in)."""
        g = self.game
        p = g.player()
        rich = drakskatten.rich_enough(p)
        if self._settle():
            return
        g.end_turn(app)
        if not rich and drakskatten.rich_enough(p):
            app.toast(t("%s: 1,500 silver!", "%s: 1.500 Silber!") % p.name)

    # -- drawing --
    def draw(self, app, fb):
        ph = self.ph
        if ph == "roll":
            ui.title(fb, t("Rolling...", "Würfeln..."))
            if app.tall:
                _tumble(fb, app.now, self.ndice, ui.TITLE_H + 12, 4)
            else:  # 32 px: half as big, under the title
                _tumble(fb, app.now, self.ndice, ui.TITLE_H + 4, 2)
            return
        if ph != "setup":
            silver = self._silver_line() if self._asks_silver() else None
            _draw_view(app, fb, self.view, 0 if silver else self.first, silver)
            return
        g = self.game
        ui.title(fb, t("%s fights", "%s kämpft") % g.name(),
                 t("again", "weiter") if g.player().fight else None)
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
