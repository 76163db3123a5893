"""Drakskatten's turn screens past its menu: the move, the door search, the Crystal
Ball, the return to the staircase and the win."""

from wyrm import buttons, font, gamekit, ui
from wyrm.games import drakskatten
from wyrm.spinner import Spinner


def roll_d6(app):
    return app.rng.below(6) + 1


class TurnView(gamekit.Page):
    # A roll that may end the turn (a move, a door search), as a big number with a caption
    # under it: OK passes it on. BACK keeps the turn (the cursor on the row it likely goes
    # on with); after a move, DOWN goes into a room: a new monster, then the fight, and
    # with 1,500 silver UP says the player is back at the staircase.

    def __init__(self, game, title_text, big_text, caption="", room=False):
        self.title = title_text
        self.big_text = big_text
        self.game = game
        self.room = room
        self.home = room and game.winner < 0 and drakskatten.rich_enough(game.player())
        self.caption = caption or (
            "UP: home DOWN: room" if self.home else ("DOWN: into a room" if room else ""))

    def on_event(self, app, kind, key):
        g = self.game
        if self.home and ui.is_up(kind, key):
            app.pop(self)
            menu = g.menu_screen
            if menu is not None:
                menu.offer_next()  # (a No: the menu on "Back at staircase")
            back_home(app, g)
            return True
        if self.room and ui.is_down(kind, key):
            app.pop(self)
            menu = g.menu_screen
            if menu is not None:
                menu.new_monster(app)
            return True
        if kind != buttons.CLICK:
            return False
        if key == buttons.OK:
            g.end_turn(app)
            return True
        if key == buttons.BACK:
            app.pop(self)
            menu = g.menu_screen
            if menu is not None:
                menu.offer_next()
            return True
        return False

    def draw(self, app, fb):
        ui.title(fb, self.title)
        if app.tall:
            font.big_center(fb, self.big_text, ui.TITLE_H + 3)
        else:  # 32 px: the big digits are too tall under the title
            font.center(fb, self.big_text, ui.TITLE_H + 4, 1, 2)
        if self.caption and app.tall:
            font.center(fb, self.caption, app.height - 9)
        if app.tall:
            hint = self.game.next_hint(app)
            font.center(fb, hint, app.height - 9 - (9 if self.caption else 0))


def open_move(app, game, title="Move"):
    room = title == "Move"  # (a player who flees moves, and into no room)
    p = game.player()
    dice, squares = drakskatten.movement(p.injury, p.has(drakskatten.CARPET))
    if dice == 0:
        hurt = drakskatten.INJURY_NAMES[p.injury]
        app.push(TurnView(game, "%s: %s" % (title, hurt), str(squares), room=room))
        return
    if game.own:
        app.push(TurnView(game, title + ": your dice", "%dd6" % dice, room=room))
        return
    if dice == 2:
        a = roll_d6(app)
        b = roll_d6(app)
        app.push(TurnView(game, title + " 2d6 carpet", "%d+%d=%d" % (a, b, a + b), room=room))
        return
    app.push(TurnView(game, title + " 1d6", str(roll_d6(app)), room=room))


def _door_says(t):
    return "door FOUND!" if drakskatten.door_found(t) else "not found"


def open_door(app, game):
    def show(app, t):
        app.push(TurnView(game, "Door search 1d6", str(t), _door_says(t)))

    if game.own:
        app.push(Spinner("Door search: 1d6", 3, 1, 6, show, hint="1-3 finds it  OK: set"))
        return
    show(app, roll_d6(app))


def open_crystal(app, game):
    # Crystal Ball: the monster behind the door; its treasure is rolled now
    p = game.player()

    def keep(app, d, a, r):
        n = drakskatten.treasure_cards(r, a)
        p.look = [d, a, n]
        game.last = [d, a]
        game.save()
        lines = [
            "Behind the door:",
            "DEFENCE %d ATTACK %d" % (d, a),
            "1d6 %d + ATT %d = %d" % (r, a, r + a),
            "Win " + drakskatten.treasure_text(n),  # (20 characters: one line)
            "Next turn Fight uses",
            "these values.",
            game.next_hint(app),
        ]
        app.push(ui.Message("Crystal Ball", lines, game.end_turn))

    picked = [game.last[0]]

    def set_att(app, a):
        d = picked[0]
        if game.own:
            app.push(Spinner("Treasure: your 1d6", 3, 1, 6, lambda app, r: keep(app, d, a, r)))
        else:
            keep(app, d, a, roll_d6(app))

    def set_def(app, d):
        picked[0] = d
        app.push(Spinner("Seen: ATTACK", game.last[1], drakskatten.ATT_LO,
                         drakskatten.ATT_HI, set_att))

    if not p.has(drakskatten.CRYSTAL):
        ui.error(app, "%s has no Crystal Ball. Tick it in %s's items first." % (p.name, p.name),
                 "Crystal Ball")
        return
    app.push(Spinner("Seen: DEFENCE", game.last[0], drakskatten.DEF_LO,
                     drakskatten.DEF_HI, set_def))


class Win(gamekit.Page):
    def __init__(self, game):
        self.game = game

    def on_open(self, app):
        self.game.at("win")  # (the game menu says "menu" as it shows again)

    def draw(self, app, fb):
        g = self.game
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
        "Is %s back at staircase %d with %d silver?" % (p.name, p.staircase, p.silver), yes,
        default_yes=True))
