"""Drachenhort's final reveal: one by one or all at once, then the ranking.

Loaded only for these screens (after the second escape).
"""
from micropython import const

from wyrm import buttons, deal, font, plain, players, ui
from wyrm.app import Screen
from wyrm.games import drachenhort_play
from wyrm.lang import t

# the same layout as the board (private consts do not cross modules on MicroPython)
_ADV = const(7)
_DENSE = const(8)
_X_T = const(122)


def reveal(menu, app):
    """The game menu's "Final reveal" (asks first while the game is not finished)."""
    s = menu.game
    if s.hoard.finished:
        app.push(RevealMenu(s))
        return

    # no question first: nothing shows yet (the reveal asks how) and the game menu's
    # Undo takes it back ("Undo: Final reveal?"), the gems with it
    why = s.apply(["finish"])
    if why:
        app.toast(why)
        return
    menu.refresh()
    app.push(RevealMenu(s))


def card_list(s):
    """The configured cards as adventurer-index triples."""
    return deal.card_indices(s.config())


def to_printed(s):
    """The dealt cards are gone: play on with printed cards entered at the reveal."""
    s.g().mode = "printed"
    s.state.pop("deal", None)
    s.save()


def resume(app, s, where, arg):
    """Back to the reveal screen the players were on before a power cut."""
    g = s.hoard
    if where == "ranking":
        if s.all_cards() is not None:
            app.push(Ranking(s))
        return
    choice = app.push(RevealMenu(s))
    if where == "reveal":
        k = 0
        phase = "pass"
        if isinstance(arg, dict):
            got = arg.get("k")
            if plain.whole(got, 0, g.players - 1):
                k = got
            if arg.get("ph") == "show":
                phase = "show"
        app.push(RevealFlow(s, choice, k, phase))
    elif where == "all":
        choice.sel = 1
        app.push(AllCards(s, choice))


def _card_label(s, card):
    names = [s.name(a) for a in card]
    text = " ".join(names)
    if len(text) > 20:
        text = " ".join([n[:6] for n in names])
    return text


# -- the reveal ------------------------------------------------------------------
class RevealMenu(ui.Menu):
    def __init__(self, s):
        super().__init__(lambda a: t("Final reveal", "Aufdecken"), [])
        self.game = s
        self.items = [[lambda a: t("One by one", "Einzeln"), self.one],
                      [lambda a: t("All at once", "Alle zugleich"), self.all]]
        if s.hoard.mode == "printed":
            self.sel = 1  # printed cards are entered: all at once asks them in a row

    def on_open(self, app):
        self._check(app)
        self.game.at("choice")

    def on_show(self, app):
        self.game.at("choice")

    def _check(self, app):
        s = self.game
        if s.hoard.mode == "dealt" and s.deal_state() == "missing":
            to_printed(s)
            ui.error(app, t("Wyrm's deal is missing. Each player enters their printed card.",
                            "Wyrms Kartenverteilung fehlt. Jeder gibt seine gedruckte Karte"
                            " ein."))

    def one(self, app):
        app.push(RevealFlow(self.game, self, 0, "pass"))

    def all(self, app):
        app.push(AllCards(self.game, self))


def _player_rows(s, k, card):
    g = s.hoard
    rows = []
    for a in card:
        sv = g.silver(a) or 0
        gv = g.gold(a) or 0
        rows.append([ui.fit(s.name(a), 10), "%d + %d = %2d" % (sv, gv, sv + gv)])
    rows.append([t("Gems", "Edelsteine"), "%2d" % g.gems(k)])
    rows.append([t("Total", "Summe"), "%2d" % g.score(k, card)])
    return rows


class RevealFlow(Screen):
    """Each player in turn: pass (and enter the printed card), then their score."""

    def __init__(self, s, parent, k, phase):
        self.game = s
        self.parent = parent
        self.k = k
        self.phase = phase
        self.first = 0

    def on_open(self, app):
        if self.phase == "show" and self.game.card_of(self.k) is None:
            self.phase = "pass"
        self._mark()

    def on_show(self, app):
        self._mark()

    def _mark(self):
        self.game.at("reveal", {"k": self.k, "ph": self.phase})

    def on_event(self, app, kind, key):
        s = self.game
        n = s.hoard.players
        if ui.is_ok(kind, key):
            if self.phase == "pass":
                if s.hoard.mode == "printed":
                    app.push(CardPick(s, self.k, self._picked))
                    return True
                self.phase = "show"
            elif self.k + 1 < n:
                self.k += 1
                self.phase = "pass"
            else:
                _show_ranking(app, s, self.parent)
                return True
        elif kind == buttons.CLICK and key == buttons.BACK:
            if self.phase == "show":
                self.phase = "pass"
            elif self.k > 0:
                self.k -= 1
                self.phase = "show"
            else:
                app.pop(self)
                return True
        elif self.phase == "show" and (ui.is_up(kind, key) or ui.is_down(kind, key)):
            d = -1 if ui.is_up(kind, key) else 1
            self.first = max(0, min(6 - ui.rows(app), self.first + d))
        else:
            return False
        self.first = 0 if self.phase == "pass" else self.first
        self._mark()
        app.redraw()
        return True

    def _picked(self, app):
        self.phase = "show"
        self.first = 0
        self._mark()
        app.redraw()

    def draw(self, app, fb):
        s = self.game
        n = s.hoard.players
        who = players.name(app, self.k)
        if self.phase == "pass":
            ui.title(fb, t("Final reveal", "Aufdecken"), "%d/%d" % (self.k + 1, n))
            font.center(fb, who, ui.TITLE_H + 4, 1, 2)
            if app.tall:
                if s.hoard.mode == "printed":
                    font.center(fb, t("OK: enter your card,", "OK: Karte eingeben,"), 40)
                    font.center(fb, t("then all can see it", "dann sehen sie alle"), 49)
                else:
                    font.center(fb, t("OK: show your card", "OK: zeig deine Karte"), 40)
                    font.center(fb, t("to everyone", "allen"), 49)
            return
        card = s.card_of(self.k)
        ui.title(fb, who, "%d/%d" % (self.k + 1, n))
        rows = _player_rows(s, self.k, card)
        if self.k + 1 < n:
            rows.append([t("OK: next player", "OK: nächster Spieler"), ""])
        else:
            rows.append([t("OK: ranking", "OK: Rangliste"), ""])
        drachenhort_play.draw_rows(app, fb, rows, self.first, 4)


class CardPick(ui.Menu):
    """Which printed card a player holds: one of the configured cards, or 3 colours.

    A card another player has entered is not offered (the box holds each card once),
    so the list is the cards nobody has yet; "Other: 3 colours" takes any three."""

    def __init__(self, s, k, on_done):
        super().__init__(lambda a: t("%s: card?", "%s: Karte?") % players.name(a, k), [])
        self.game = s
        self.k = k
        self.on_done = on_done
        cur = s.cards[k]
        taken = [sorted(c) for j, c in enumerate(s.cards) if j != k and c is not None]
        for c in card_list(s):
            c = list(c)
            if c in taken:
                continue
            if cur is not None and sorted(cur) == c:
                self.sel = len(self.items)
            self.items.append([_card_label(s, c), self._take(c)])
        self.items.append([lambda a: t("Other: 3 colours", "Andere: 3 Farben"), self._colours])

    def _take(self, card):
        def run(app):
            self.done(app, card)

        return run

    def done(self, app, card):
        card = sorted(card)
        self.game.cards[self.k] = card
        self.game.save()
        app.pop(self)
        self.on_done(app)

    def _colours(self, app):
        app.push(ColourPick(self.game, self))


class ColourPick(ui.Menu):
    """Tick the three adventurers on the card."""

    def __init__(self, s, parent):
        super().__init__(lambda a: t("Pick 3 colours", "3 Farben wählen"), [])
        self.game = s
        self.parent = parent
        self.chosen = []
        for a in range(_ADV):
            self.items.append([self._label(a), self._toggle(a)])

    def _label(self, a):
        def lab(app):
            mark = font.CHECK if a in self.chosen else " "
            return mark + " " + ui.fit(self.game.name(a), 18)

        return lab

    def _toggle(self, a):
        def run(app):
            if a in self.chosen:
                self.chosen.remove(a)
                return
            self.chosen.append(a)
            if len(self.chosen) == 3:
                app.pop(self)
                self.parent.done(app, self.chosen)

        return run

    def draw(self, app, fb):
        super().draw(app, fb)
        note = "%d/3" % len(self.chosen)
        font.text(fb, note, fb.width - 1 - font.width(note), 1, 0)


class AllCards(Screen):
    """Every player's card, gems and total in one table; OK: the ranking."""

    def __init__(self, s, parent):
        self.game = s
        self.parent = parent
        self.first = 0

    def on_open(self, app):
        self.game.at("all")
        self._next_missing(app)

    def on_show(self, app):
        self.game.at("all")

    def _missing(self):
        s = self.game
        for k in range(s.hoard.players):
            if s.card_of(k) is None:
                return k
        return None

    def _next_missing(self, app):
        k = self._missing()
        if k is not None:
            app.push(CardPick(self.game, k, self._next_missing))
        app.redraw()

    def on_event(self, app, kind, key):
        shown = (app.height - _DENSE) // _DENSE
        return ui.scroll_event(self, app, kind, key, self.game.hoard.players, shown, self._ok)

    def _ok(self, app):
        if self._missing() is not None:
            self._next_missing(app)
        else:
            _show_ranking(app, self.game, self.parent)

    def draw(self, app, fb):
        s = self.game
        g = s.hoard
        n = g.players
        drachenhort_play.dense_bar(fb, t("Cards", "Karten"))
        drachenhort_play.rtext(fb, t("Gem", "Steine"), 104, 0, 0)
        drachenhort_play.rtext(fb, t("VP", "SP"), _X_T, 0, 0)
        shown = (app.height - _DENSE) // _DENSE
        # the names' column as wide as the longest (at least "P7"); with long names
        # the adventurers shorten to two letters so the gems and VP keep their place
        cx = 20
        for k in range(n):
            cx = max(cx, font.width(players.short(app, k)) + 5)
        cut = 3 if cx == 20 else 2
        for r in range(min(shown, n - self.first)):
            k = self.first + r
            y = _DENSE + r * _DENSE
            font.text(fb, players.short(app, k), 2, y)
            card = s.card_of(k)
            if card is None:
                font.text(fb, "?", cx, y)
                continue
            font.text(fb, " ".join([s.name(a)[:cut] for a in card]), cx, y)
            drachenhort_play.rtext(fb, str(g.gems(k)), 104, y)
            drachenhort_play.rtext(fb, str(g.score(k, card)), _X_T, y)
        if n < shown:
            if self._missing() is None:
                hint = t("OK: ranking", "OK: Rangliste")
            else:
                hint = t("OK: enter cards", "OK: Karten eingeben")
            font.text(fb, hint, 2, app.height - _DENSE)
        drachenhort_play.marks(app, fb, self.first, shown, n, _DENSE)


def _show_ranking(app, s, choice):
    app.pop(choice)
    app.push(Ranking(s))


class Ranking(Screen):
    """The winner(s) and every player's total, best first."""

    def __init__(self, s):
        self.game = s
        self.first = 0
        self.rows = None

    def on_open(self, app):
        s = self.game
        cards = s.all_cards()
        if cards is None:
            app.pop(self)
            return
        g = s.hoard
        win = [players.name(app, p) for p in g.winners(cards)]
        head = (t("Winners: ", "Gewinner: ") if len(win) > 1 else t("Winner: ", "Gewinner: "))
        head += ", ".join(win)
        rows = [[line, None] for line in ui.wrap(head)]
        self.head = len(rows)
        for place, p, score in g.standings(cards):
            rows.append(["%d. %s" % (place, players.name(app, p)),
                         t("%d VP", "%d Punkte") % score])
        self.rows = rows
        s.at("ranking")

    def on_event(self, app, kind, key):
        return ui.scroll_event(self, app, kind, key, len(self.rows or ()), ui.rows(app))

    def draw(self, app, fb):
        if self.rows is None:
            return
        ui.title(fb, t("Ranking", "Rangliste"))
        drachenhort_play.draw_rows(app, fb, self.rows, self.first)
