"""Drakskatten's turn helpers past its menu: movement, door search, Crystal Ball, the win.

``drakskatten_game`` (the game menu, the save) is what opening the game needs for its
first frame; this module and the rules (``drakskatten``) load right after that frame
(``drakskatten_game._play``) and leave with the game. The fight screen
(``drakskatten_fight``) and the players' screens (``drakskatten_players``) load when
opened.
"""

from wyrm import font, ui
from wyrm.games import drakskatten


def roll_d6(app):
    return app.rng.below(6) + 1


# ----- turn helpers -----------------------------------------------------------------


class Fixed(ui.BigView):
    """A number that needs no roll (injured movement, a typed roll); OK closes."""


def roll_screen(app, die_id):
    """The shared dice screen (wyrm.dice_roll_ui), rolled as it opens: "d6", "2d6", "door"."""
    return app.load("wyrm.dice_roll_ui").roll_screen(die_id, True)


def open_move(app, game, title="Move"):
    p = game.player()
    dice, squares = drakskatten.movement(p.injury, p.has(drakskatten.CARPET))
    if dice == 0:
        hurt = drakskatten.INJURY_NAMES[p.injury]
        app.push(Fixed(title, str(squares), "%s injury: no roll" % hurt))
        return
    if game.own:
        if dice == 2:
            txt = "Flying Carpet: roll 2 dice (injuries do not matter) and move up to their total."
        else:
            txt = "Roll 1 die and move up to that many squares."
        app.push(ui.Message(title, txt))
        return
    app.push(roll_screen(app, "2d6" if dice == 2 else "d6"))


def _door_says(t):
    return "%d: door FOUND!" % t if drakskatten.door_found(t) else "%d: not found" % t


def open_door(app, game):
    if game.own:

        def typed(app, v):
            app.push(Fixed("Door search", str(v), _door_says(v)))

        app.push(ui.Spinner("Door search: 1d6", 3, 1, 6, typed, hint="1-3 finds it  OK: set"))
        return
    app.push(roll_screen(app, "door"))


def open_crystal(app, game):
    """Crystal Ball: enter the monster behind the door; its treasure is rolled now."""
    p = game.player()
    i = game.cur

    def keep(app, d, a, r):
        n = drakskatten.treasure_cards(r, a)
        game.looks[i] = [d, a, n]
        game.last = [d, a]
        game.save()
        lines = [
            "Behind the door:",
            "DEFENCE %d ATTACK %d" % (d, a),
            "1d6 %d + ATT %d = %d" % (r, a, r + a),
            "Win: " + drakskatten.treasure_text(n),
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
            keep(app, d, a, roll_d6(app))

    def set_def(app, d):
        picked[0] = d
        app.push(ui.Spinner("Seen: ATTACK", game.last[1], drakskatten.ATT_LO,
                            drakskatten.ATT_HI, set_att))

    if not p.has(drakskatten.CRYSTAL):
        ui.error(app, "%s has no Crystal Ball. Tick it in %s's items first." % (p.name, p.name),
                 "Crystal Ball")
        return
    app.push(ui.Spinner("Seen: DEFENCE", game.last[0], drakskatten.DEF_LO,
                        drakskatten.DEF_HI, set_def))


# ----- win -----------------------------------------------------------------------------


class Win(ui.Page):
    def __init__(self, game):
        self.g = game

    def on_open(self, app):
        self.g.screen = "win"
        self.g.save()

    def on_close(self, app):
        self.g.screen = "menu"
        self.g.save()

    def draw(self, app, fb):
        g = self.g
        w = g.winner if g.winner >= 0 else g.cur
        p = g.players[w]
        fb.rect(0, 0, fb.width, app.height, 1)
        fb.rect(2, 2, fb.width - 4, app.height - 4, 1)
        name = p.name.upper()
        if app.tall:
            sc = 3 if font.width(name, 3) <= fb.width - 8 else 2
            font.center(fb, name, 6, 1, sc)
            font.center(fb, "WINS!", 30, 1, 2)
            font.center(fb, "%d silver" % p.silver, 50)
        else:
            font.center(fb, name + " WINS!", 8, 1, 1)
            font.center(fb, "%d silver" % p.silver, 18)


def back_home(app, game):
    p = game.player()

    def yes(app):
        game.winner = game.cur
        game.save()
        app.push(Win(game))

    app.push(ui.Confirm(
        "Is %s back at staircase %d with %d silver?" % (p.name, p.staircase, p.silver), yes))
