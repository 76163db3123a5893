"""Drakskatten's turn screens past its menu: the move, the door search, the Crystal
Ball, the return to the staircase and the win."""

from wyrm import buttons, font, gamekit, gamekit_ui, ui
from wyrm.games import drakskatten
from wyrm.lang import t
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
            t("UP: home DOWN: room", "UP: Treppe DOWN: Raum") if self.home
            else (t("DOWN: into a room", "DOWN: in einen Raum") if room else ""))

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


def open_move(app, game, flee=False):
    room = not flee  # (a player who flees moves, and into no room)
    title = t("Flee", "Flucht") if flee else t("Move", "Ziehen")
    p = game.player()
    dice, squares = drakskatten.movement(p.injury, p.has(drakskatten.CARPET))
    if dice == 0:
        hurt = drakskatten.injury_name(p.injury)
        app.push(TurnView(game, "%s: %s" % (title, hurt), str(squares), room=room))
        return
    if game.own:
        app.push(TurnView(game, title + t(": your dice", ": eigene Würfel"),
                          t("%dd6", "%dW6") % dice, room=room))
        return
    if dice == 2:
        a = roll_d6(app)
        b = roll_d6(app)
        app.push(TurnView(game, title + t(" 2d6 carpet", " 2W6 Teppich"),
                          "%d+%d=%d" % (a, b, a + b), room=room))
        return
    app.push(TurnView(game, title + t(" 1d6", " 1W6"), str(roll_d6(app)), room=room))


def _door_says(n):
    if drakskatten.door_found(n):
        return t("door FOUND!", "Tür GEFUNDEN!")
    return t("not found", "nicht gefunden")


def open_door(app, game):
    def show(app, n):
        app.push(TurnView(game, t("Door search 1d6", "Türsuche 1W6"), str(n), _door_says(n)))

    if game.own:
        app.push(Spinner(t("Door search: 1d6", "Türsuche: 1W6"), 3, 1, 6, show,
                         hint=t("1-3 finds it  OK: set", "1-3 findet  OK: fertig")))
        return
    show(app, roll_d6(app))


def open_crystal(app, game):
    # Crystal Ball: the monster behind the door; its treasure is rolled now
    p = game.player()

    def keep(app, d, a, r):
        n = drakskatten.treasure_cards(r, a)
        p.look = [d, a, n]
        game.meet(d, a)
        game.save()
        lines = [
            t("Behind the door:", "Hinter der Tür:"),
            t("DEFENCE %d ATTACK %d", "ABWEHR %d ANGRIFF %d") % (d, a),
            t("1d6 %d + ATT %d = %d", "1W6 %d + Angr %d = %d") % (r, a, r + a),
            t("Win ", "Sieg: ") + drakskatten.treasure_text(n),
            t("Next turn Fight uses", "Nächster Zug: Kampf"),
            t("these values.", "mit diesen Werten."),
            game.next_hint(app),
        ]
        app.push(ui.Message(t("Crystal Ball", "Kristallkugel"), lines, game.end_turn))

    seen = game.likely()
    picked = [seen[0]]

    def set_att(app, a):
        d = picked[0]
        if game.own:
            app.push(Spinner(t("Treasure: your 1d6", "Schatz: dein 1W6"), 3, 1, 6,
                             lambda app, r: keep(app, d, a, r)))
        else:
            keep(app, d, a, roll_d6(app))

    def set_def(app, d):
        picked[0] = d
        app.push(Spinner(t("Seen: ATTACK", "Gesehen: ANGRIFF"), seen[1], drakskatten.ATT_LO,
                         drakskatten.ATT_HI, set_att))

    if not p.has(drakskatten.CRYSTAL):
        ui.error(app, t("%s has no Crystal Ball. Tick it in %s's items first.",
                        "%s hat keine Kristallkugel. Erst bei %s unter Zauberdinge ankreuzen.")
                 % (p.name, p.name), t("Crystal Ball", "Kristallkugel"))
        return
    app.push(Spinner(t("Seen: DEFENCE", "Gesehen: ABWEHR"), seen[0], drakskatten.DEF_LO,
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
        name = gamekit_ui.upper(p.name)
        if app.tall:
            sc = 3 if font.width(name, 3) <= fb.width - 8 else 2
            font.center(fb, name, 6, 1, sc)
            font.center(fb, t("WINS!", "GEWINNT!"), 30, 1, 2)
            font.center(fb, t("%d silver", "%d Silber") % p.silver, 50)
        else:
            font.center(fb, name + t(" WINS!", " GEWINNT!"), 8, 1, 1)
            font.center(fb, t("%d silver", "%d Silber") % p.silver, 18)


def back_home(app, game):
    p = game.player()

    def yes(app):
        game.winner = game.cur
        game.save()
        app.push(Win(game))

    app.push(ui.Confirm(
        t("Is %s back at staircase %d with %d silver?",
          "Ist %s an Treppe %d zurück, mit %d Silber?") % (p.name, p.staircase, p.silver), yes,
        default_yes=True))
