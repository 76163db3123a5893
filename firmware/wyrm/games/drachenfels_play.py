"""Drachenfels' screens past its menu: setup, a knight, the castle check, the winner."""

from wyrm import font, gamekit, gamekit_ui, peek, ui
from wyrm.app import Screen
from wyrm.games import drachenfels
from wyrm.lang import t


def give_armour(app, game, k):
    # The knight reached the royal castle: its armour, and its turn is over.
    drachenfels.give_armour(game.board(), k)
    game.put_turn(k)  # (the turns before it were played with the cards alone)
    game.end_turn(app)
    app.toast(t("%s: armour. %s's turn", "%s: Rüstung. %s ist dran")
              % (game.name(k), game.name(game.turn())))


def rainbows(app, game):
    links = drachenfels.rainbow_links(game.board())
    app.push(ui.Message(t("Rainbows may link", "Regenbögen verbinden"), links, wrap_lines=False))


# -- setup -----------------------------------------------------------------------------
class KnightPick(Screen):
    """New game: which knights (colours) play, so how many: the first ``n`` are ticked (the
    table's count), the cursor on "Start game"; OK on a colour ticks or unticks it."""

    def __init__(self, n, on_done):
        self.on_done = on_done
        self.chosen = [c < n for c in range(drachenfels.CASTLES)]
        self.sel = drachenfels.CASTLES  # "Start game"

    def count(self):
        return sum(1 for c in self.chosen if c)

    def on_event(self, app, kind, key):
        rows = drachenfels.CASTLES + 1
        if ui.is_up(kind, key):
            self.sel = (self.sel - 1) % rows
        elif ui.is_down(kind, key):
            self.sel = (self.sel + 1) % rows
        elif ui.is_ok(kind, key):
            if self.sel < drachenfels.CASTLES:
                self.chosen[self.sel] = not self.chosen[self.sel]
            elif self.count() < drachenfels.MIN_PLAYERS:
                app.toast(t("Pick 2 to 4 knights", "2 bis 4 Ritter wählen"))
            else:
                app.pop(self)
                self.on_done(app, [c for c in range(drachenfels.CASTLES) if self.chosen[c]])
        else:
            return False
        app.redraw()
        return True

    def draw(self, app, fb):
        ui.title(fb, t("Knights in play", "Ritter im Spiel"), str(self.count()))
        shown = ui.rows(app)
        first = 0 if self.sel < shown else self.sel - shown + 1
        for r in range(min(shown, drachenfels.CASTLES + 1 - first)):
            i = first + r
            if i < drachenfels.CASTLES:
                mark = font.CHECK if self.chosen[i] else "-"
                ui.draw_row(fb, r, drachenfels.colour_name(i), i == self.sel, mark + " ")
            else:
                ui.draw_row(fb, r, t("Start game", "Spiel starten"), i == self.sel)


def _princesses():
    return t("Wyrm has hidden the 4 princesses. Rock castle 1 is the one nearest the player"
             " who begins; number the others 2-4 clockwise from it. Do not lift the pieces:"
             " use Castle check.",
             "Wyrm hat die 4 Prinzessinnen versteckt. Felsenburg 1 ist die dem Startspieler"
             " nächste; die anderen 2-4 im Uhrzeigersinn weiterzählen. Keine Figur anheben:"
             " Felsenburg betreten wählen.")


class SetupInfo(Screen):
    """Deck size, removed cards, hand size, draw pile and the princesses note on one page
    (a 32 px panel: the note on a second page, after OK)."""

    def __init__(self, n):
        self.n = n

    def on_event(self, app, kind, key):
        if ui.is_ok(kind, key):
            app.pop(self)
            if not app.tall:
                app.push(ui.Message(t("Princesses", "Prinzessinnen"), _princesses()))
            return True
        return False

    def draw(self, app, fb):
        n = self.n
        size = drachenfels.deck_size(n)
        pile = drachenfels.draw_pile_size(n)
        ui.title(fb, t("Setup", "Aufbau"), t("%d cards", "%d Karten") % size)
        if not app.tall:
            font.center(fb, t("%d players: 7 each,", "%d Spieler: je 7,") % n, 12)
            font.center(fb, t("draw pile %d", "Aufnahmestapel %d") % pile, 22)
            return
        if n < drachenfels.MAX_PLAYERS:
            font.text(fb, t("Out: one each of 1-5.", "Je eine 1-5 heraus."), 1, 12)
        else:
            font.text(fb, t("All cards are used.", "Alle Karten im Spiel."), 1, 12)
        font.text(fb, t("Deal 7 each; pile %d.", "Je 7 Karten, Rest %d.") % pile, 1, 20)
        font.text(fb, t("Princesses: hidden by", "Nie eine Prinzessin"), 1, 30)
        font.text(fb, t("Wyrm. Never lift one.", "anheben! Felsenburg 1"), 1, 38)
        font.text(fb, t("Castle 1: nearest who", "am Startspieler, 2-4"), 1, 46)
        font.text(fb, t("begins; 2-4 clockwise", "im Uhrzeigersinn."), 1, 54)


# -- a knight --------------------------------------------------------------------------
class KnightMenu(ui.Menu):
    def __init__(self, game, k):
        self.game = game
        self.k = k
        items = [
            [self._armour_label, self.armour],
            [t("Move: point card", "Ziehen: Punktekarte"), lambda app: app.push(Move(game, k))],
            [t("Castle check", "Felsenburg betreten"), lambda app: castle_check(app, game, k)],
            [self._seen_label, self.seen],
        ]
        name = game.name(k)
        colour = game.colour(k)
        if name == colour:  # "Red knight", "Roter Ritter"
            title = t("%s knight", "%ser Ritter") % colour
        else:
            title = "%s (%s)" % (name, colour)
        super().__init__(title, items)

    def on_show(self, app):
        self.game.at("knight", self.k)

    def kn(self):
        return self.game.knights()[self.k]

    def _armour_label(self, app):
        has = self.kn()["armour"]
        return t("Armour: ", "Rüstung: ") + (t("yes", "ja") if has else t("no", "nein"))

    def armour(self, app):
        kn = self.kn()
        if kn["armour"]:
            kn["armour"] = False
        else:
            drachenfels.give_armour(self.game.board(), self.k)
        self.game.save()

    def _seen_label(self, app):
        seen = [str(c + 1) for c in range(drachenfels.CASTLES) if self.kn()["visited"] & (1 << c)]
        return t("Castles seen: ", "Gesehen: ") + (", ".join(seen) if seen else t("none", "keine"))

    def seen(self, app):
        app.toast(t("Rock castles this knight has looked into",
                    "Felsenburgen, in die dieser Ritter geschaut hat"))


class Move(gamekit_ui.Stepper):
    """Point card value (UP/DOWN) and the fields the knight may move."""

    def __init__(self, game, k):
        self.game = game
        self.k = k
        self.value = 1

    def bump(self, app, delta):
        self.value = min(5, max(1, self.value + delta))

    def draw(self, app, fb):
        g = self.game
        ui.title(fb, t("%s moves", "%s zieht") % g.name(self.k))
        opts = drachenfels.move_options(g.board(), self.k, self.value)
        tall = app.tall
        font.center(fb, t("Point card: %d", "Punktekarte: %d") % self.value, 12)
        if self.value < 5:
            ui.arrow(fb, fb.width - 3, 12, -1)
        if self.value > 1:
            ui.arrow(fb, fb.width - 3, 19, 1)
        if not tall:
            font.center(fb, t(" or ", " oder ").join(str(v) for v in opts)
                        + t(" fields", " Felder"), 22)
            return
        if len(opts) == 1:
            font.big_center(fb, str(opts[0]), 22)
            caption = t("(x2 after a castle)", "(x2 nach Felsenburg)")
        else:
            a = str(opts[0])
            b = str(opts[1])
            wa = font.big_width(a)
            wb = font.big_width(b)
            word = t("or", "oder")
            gap = font.width(word) + 12
            x = (fb.width - wa - gap - wb) // 2
            font.big(fb, a, x, 22)
            font.text(fb, word, x + wa + 6, 32)
            font.big(fb, b, x + wa + gap, 22)
            caption = t("fields: single/double", "einfach oder doppelt")
        font.center(fb, caption, 55)


# -- the castle check -------------------------------------------------------------------
def castle_check(app, game, k):
    rules = game.board()
    name = game.name(k)
    if rules["winner"] is not None:
        app.toast(t("The game is over", "Das Spiel ist vorbei"))
        return
    if not game.knights()[k]["armour"]:
        app.toast(t("%s needs armour first", "%s braucht erst die Rüstung") % name)
        return
    options = [(_castle(c), c) for c in range(drachenfels.CASTLES)]
    root = []

    def picked(app, c):
        app.pop(root[0])
        app.push(CastlePeek(game, k, c))

    chooser = gamekit_ui.Chooser(t("%s: which castle?", "%s: welche Burg?") % name, options, picked)
    chooser.sel = first_unseen(game.knights()[k])  # the castle the knight is likeliest at
    root.append(app.push(chooser))


def _castle(c):
    # "Rock castle 2": castle c (0-3) as the players number them
    return t("Rock castle %d", "Felsenburg %d") % (c + 1)


def first_unseen(knight):
    """The first rock castle (0-3) the knight has not looked into (0 when it saw all)."""
    for c in range(drachenfels.CASTLES):
        if not knight["visited"] & (1 << c):
            return c
    return 0


class CastlePeek(peek.PeekScreen):
    """Hand-over screen: the shoe colour shows only while OK is held; letting go ends the
    look (and, the princess not found, the turn)."""

    let_go = True

    def __init__(self, game, k, castle):
        super().__init__([k], None, self._looked, None, _castle(castle), None, True)
        self.game = game
        self.k = k
        self.castle = castle
        self.result = None

    def look(self, app):
        if self.result is None:
            try:
                self.result = drachenfels.visit_castle(self.game.board(), self.k, self.castle)
            except ValueError as e:
                app.pop(self)
                app.toast(str(e))
                return False
            self.game.save()
        return True

    def _looked(self, app):
        r = self.result
        if r is None:
            return
        g = self.game
        if r["won"]:
            app.push(Win(g))
            return
        g.put_turn(self.k)  # not the princess: the knight's turn is over
        g.end_turn(app)
        if r["rule_changed"]:
            app.toast(t("Missed! Rainbows may now link rock castles",
                        "Daneben! Regenbögen nun auch zu Felsenburgen"), 4000)

    def _draw_secret(self, app, fb, tall):
        r = self.result
        if r is None:
            return
        self.showing = True
        ui.title(fb, self.title)
        colour = gamekit_ui.upper(drachenfels.colour_name(r["colour"]))
        if not tall:
            font.center(fb, t("Shoes: ", "Schuhe: ") + colour, 12)
            font.center(fb, t("YOU WIN!", "GEWONNEN!") if r["won"] else t("Not yours",
                                                                         "Nicht deine"), 22)
            return
        font.center(fb, t("The shoes are", "Die Schuhe sind"), 13)
        font.center(fb, colour, 23, 1, 2)
        if r["won"]:
            font.center(fb, t("Your princess -", "Deine Prinzessin -"), 44)
            font.center(fb, t("you win!", "gewonnen!"), 53)
        else:
            font.center(fb, t("Not yours. Let go", "Nicht deine. OK"), 44)
            font.center(fb, t("of OK.", "loslassen."), 53)

    def _draw_hidden(self, app, fb, tall):
        self._lines(app, fb, tall, t("Hidden again.", "Wieder verdeckt."), "",
                    t("Let go of OK.", "OK loslassen."), "")

    def _draw_ready(self, app, fb, tall):
        hand = t("Pass Wyrm to %s.", "Wyrm an %s geben") % self.game.name(self.k)
        cancel = (t("BACK: cancel", "BACK: abbrechen") if app.keys >= 4
                  else t("UP: cancel", "UP: abbrechen"))
        self._lines(app, fb, tall, hand, t("Others look away.", "Andere wegsehen."),
                    t("Hold OK to look", "OK halten: ansehen"), cancel)

    def _draw_seen(self, app, fb, tall):
        # the look was cut short (the quick roll covered it): OK goes on
        self._lines(app, fb, tall, t("Done looking?", "Fertig angesehen?"),
                    t("Pass Wyrm back.", "Wyrm zurückgeben."), "", t("OK: continue", "OK: weiter"))

    def _lines(self, app, fb, tall, a, b, c, d):
        ui.title(fb, self.title)
        if not tall:
            font.center(fb, a, 12)
            font.center(fb, c or b, 22)
            return
        font.center(fb, a, 15)
        if b:
            font.center(fb, b, 27)
        if c:
            font.center(fb, c, 39)
        if d:
            font.center(fb, d, 55)


class Win(gamekit.Page):
    def __init__(self, game):
        self.game = game

    def draw(self, app, fb):
        g = self.game
        k = g.board()["winner"]
        ui.title(fb, t("Game over", "Spielende"))
        name = g.name(k)
        tall = app.tall
        head = t("%s wins!", "%s gewinnt!") % name
        font.center(fb, head, 14, 1, 2 if tall and font.width(head, 2) <= fb.width else 1)
        if tall:
            font.center(fb, t("%s found the", "%s fand die") % name, 38)
            font.center(fb, t("princess!", "Prinzessin!"), 47)
