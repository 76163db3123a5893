"""Drakskatten's players: silver, treasure cards, injury, items, the player list, and
the roll-off that names who begins."""
from micropython import const

from wyrm import dice_rolloff, font, players, ui
from wyrm.games import drakskatten
from wyrm.lang import t
from wyrm.spinner import Spinner

_SILVER_MAX = const(99990)


COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Orange", "Purple")


def colour_name(c):
    # a colour (its id, in COLOURS) as the language in use says it
    if c not in COLOURS:
        return c
    return t(c, ("Rot", "Blau", "Grün", "Gelb", "Weiß", "Schwarz", "Orange",
                 "Lila")[COLOURS.index(c)])


_STEPS = (500, 100, 50, 10, -10, -50, -100, -500)


def silver_menu(app, game, i):
    """Silver in coarse steps: each row adds (or takes) its amount at once, OK again
    adds it again; BACK leaves. 0 -> 1,500 is +500 three times."""
    p = game.players[i]

    def row(step):
        def lab(a):
            return "%+d -> %d" % (step, _clamped(p.silver + step))

        def run(a):
            rich = drakskatten.rich_enough(p)
            p.silver = _clamped(p.silver + step)
            game.save()
            if not rich and drakskatten.rich_enough(p):
                _tell_rich(a, game, p)

        return [lab, run]

    return ui.Menu(lambda a: t("%s: %d silver", "%s: %d Silber") % (p.name, p.silver),
                   [row(s) for s in _STEPS])


def _clamped(v):
    return min(max(v, 0), _SILVER_MAX)


def _tell_rich(app, game, p):
    app.push(ui.Message(t("1,500 silver!", "1.500 Silber!"), [
        t("%s has %d silver.", "%s hat %d Silber.") % (p.name, p.silver),
        t("Go back to staircase %d with the treasure,",
          "Mit dem Schatz zurück zu Treppe %d,") % p.staircase,
        t("then choose 'Back at staircase'.", "dann 'Zurück an der Treppe' wählen."),
    ]))


def player_menu(app, game, i):
    p = game.players[i]

    def set_cards(app, v):
        # more: cards worth no silver (set what they are worth on the silver list); fewer:
        # the last won go, with their silver
        held = p.cards
        while len(held) > v:
            drakskatten.lose_cards(p, [held[-1]])
        drakskatten.add_treasure(p, [0] * (v - len(held)))
        game.save()

    def set_injury(app, v):
        p.injury = v
        game.save()

    def stair(app):
        p.staircase = p.staircase % drakskatten.STAIRCASES + 1
        game.save()

    def colour(app):
        c = game.free_colour(p.colour)
        if c is not None:
            if p.name == p.colour or p.name == colour_name(p.colour):
                p.name = colour_name(c)  # named after the colour: the name follows
            p.colour = c
            game.save()

    def potion(app):
        if drakskatten.use_potion(p):
            game.save()
            app.toast(t("%s is healed. Potion used up.", "%s ist geheilt. Trank verbraucht.")
                      % p.name)
        else:
            app.toast(t("%s has no Healing Potion.", "%s hat keinen Heiltrank.") % p.name)

    def remove(app):
        def yes(app):
            game.remove_player(i)
            game.save()
            app.pop(menu)

        if len(game.players) < 2:
            app.toast(t("The last player stays.", "Der letzte Spieler bleibt."))
            return
        app.push(ui.Confirm(t("Remove %s from the game?", "%s aus dem Spiel nehmen?") % p.name,
                            yes))

    items = [
        [lambda a: t("Silver: %d", "Silber: %d") % p.silver,
         lambda a: a.push(silver_menu(a, game, i))],
        [lambda a: t("Treasure cards: %d", "Schatzkarten: %d") % len(p.cards),
         lambda a: a.push(Spinner(t("%s: cards", "%s: Karten") % p.name, len(p.cards), 0,
                                  drakskatten.CARDS_MAX, set_cards))],
        [lambda a: t("Injury: %s", "Wunde: %s") % drakskatten.injury_name(p.injury),
         lambda a: a.push(Spinner(t("%s: injury", "%s: Wunde") % p.name, p.injury,
                                  drakskatten.NONE, drakskatten.SEVERE, set_injury,
                                  fmt=drakskatten.injury_name, hint=t("OK: set", "OK: fertig")))],
        [lambda a: t("Magic items: %d", "Zauberdinge: %d") % len(p.items),
         lambda a: a.push(items_menu(game, i))],
        [lambda a: t("Staircase: %d", "Treppe: %d") % p.staircase, stair],
        [lambda a: t("Colour: %s", "Farbe: %s") % colour_name(p.colour), colour],
        [lambda a: t("Drink Healing Potion", "Heiltrank trinken"), potion],
        [lambda a: t("Remove player", "Spieler entfernen"), remove],
    ]
    menu = ui.Menu(lambda a: p.name, items)
    return menu


def items_menu(game, i):
    p = game.players[i]

    def toggle(k):
        def run(app):
            item = drakskatten.ITEM_IDS[k]
            if not p.take(item):
                p.give(item)
            game.save()

        return run

    def label(k):
        return lambda a: ("%s %s" % (font.CHECK if p.has(drakskatten.ITEM_IDS[k]) else " ",
                                     drakskatten.item_name(k)))

    items = [[label(k), toggle(k)] for k in range(len(drakskatten.ITEM_IDS))]
    return ui.Menu(lambda a: t("%s: items", "%s: Zauberdinge") % p.name, items)


def players_menu(app, game):
    def label(k):
        def lab(a):
            if k >= len(game.players):
                return ""
            p = game.players[k]
            return t("%s: %ds %dc", "%s: %dS %dK") % (p.name, p.silver, len(p.cards))

        return lab

    def open_player(k):
        return lambda a: a.push(player_menu(a, game, k))

    def add(app):
        # the table's name for the new seat, if any
        if game.add_player(players.given(app, len(game.players))) is None:
            app.toast(t("6 players at most.", "Höchstens 6 Spieler."))
            return
        game.save()
        app.pop(menu)
        app.push(players_menu(app, game))

    def rolloff(app):
        app.push(start_rolloff(game))

    items = [[label(k), open_player(k)] for k in range(len(game.players))]
    if len(game.players) < drakskatten.MAX_PLAYERS:
        items.append([lambda a: t("Add player", "Spieler dazu"), add])
    if len(game.players) > 1:
        items.append([lambda a: t("Who starts: roll-off", "Wer beginnt: Stechen"), rolloff])
    menu = PlayersMenu(game, items)
    return menu


class PlayersMenu(ui.Menu):
    def __init__(self, game, items):
        super().__init__(lambda a: t("Players", "Spieler"), items)
        self.game = game
        self.n = len(game.players)

    def on_show(self, app):
        if len(self.game.players) != self.n:  # one was removed: rebuild the list
            app.replace(players_menu(app, self.game))


def start_rolloff(game):
    """Who begins: everyone rolls 1d6, only the tied highest roll again
    (wyrm.dice_rolloff); OK on the result goes on into the game, the winner's turn."""

    class Start(dice_rolloff.RollOffScreen):
        @property
        def done_hint(self):
            return t("OK: play", "OK: spielen")

        def on_event(self, app, kind, key):
            if self._over() and ui.is_ok(kind, key):
                app.pop(self)
                menu = game.menu_screen
                if menu is not None:
                    menu.offer_turn()
                return True
            return super().on_event(app, kind, key)

        def _over(self):
            return (self.t0 is None and self.ro.done()
                    and self.view == len(self.ro.rounds) - 1)

    def starts(app, k):
        game.set_start(k)

    return Start(len(game.players), game.names(), starts)
