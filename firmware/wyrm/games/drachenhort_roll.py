"""Drachenhort's turn on the die: the roll, a gem, the dragon, the next player's roll.

The game menu's "Roll the die" opens it rolling for whose turn it is. UP: a gem for
that player; DOWN: the dragon (who was captured); OK: the turn passes on and the die
rolls for the next player, as it does after a capture that does not end the escape;
BACK: the game menu, its cursor on Escape (what else a roll can bring: one OK then).
"""
from micropython import const

from wyrm import buttons, dice, font, ui
from wyrm.dice_draw_ui import skip_key
from wyrm.dice_roll_ui import RollScreen
from wyrm.games import drachenhort_play
from wyrm.lang import t
from wyrm.plain import plural

_HINT_Y = const(56)  # the bottom line of a 64-row panel (the die's history line)


class TurnRoll(RollScreen):
    def __init__(self, game):
        super().__init__(dice.find("dh"), True)
        self.game = game

    def on_event(self, app, kind, key):
        self.flush(app)
        if skip_key(self, app, kind, key):
            return True
        g = self.game
        if ui.is_up(kind, key):
            self.gem(app)
            return True
        if ui.is_down(kind, key):
            app.push(drachenhort_play.CaptureMenu(g, self.roll_on))
            return True
        if kind == buttons.PRESS:
            return False
        if kind == buttons.CLICK and key == buttons.BACK:
            escape_row(g)  # (the click then closes this screen)
            return False
        if ui.is_ok(kind, key):
            g.pass_turn()  # (the game menu's "Undo pass" takes it back)
            self.roll(app)
            app.redraw()  # the title names the next player
            return True
        return False

    def roll_on(self, app):
        # after a capture (the game menu on top again): the next player's roll
        app.push(TurnRoll(self.game))

    def gem(self, app):
        # a gem for whose turn it is (the game menu's Undo takes it back)
        g = self.game
        p = g.turn()
        why = g.apply(["gems", p, 1])
        hoard = g.hoard
        n = hoard.gems(p)
        gems = t(plural(n, "gem"), "%d Edelstein%s" % (n, "" if n == 1 else "e"))
        app.toast(why or "%s: %s" % (g.who(app, p), gems))

    def draw(self, app, fb):
        super().draw(app, fb)
        if not app.tall:
            return
        g = self.game
        who = g.who(app, g.turn())
        fb.fill_rect(0, 0, fb.width, ui.TITLE_H, 0)
        # (in German the count has no room beside the longer word: UP's toast says it)
        ui.title(fb, t("%s rolls", "%s würfelt") % who,
                 t("gems %d" % g.hoard.gems(g.turn()), None))
        if self.t0 is None:
            fb.fill_rect(0, _HINT_Y, fb.width, fb.height - _HINT_Y, 0)
            nxt = g.who(app, g.next_seat())
            hint = t("%sgem %sdragon OK:%s", "%sStein %sDrache OK:%s") % (
                font.UP, font.DOWN, nxt)
            if len(hint) > font.CHARS:  # a long name: the title names them after OK
                hint = t("%sgem %sdragon OK:next", "%sEdelstein %sDrache") % (
                    font.UP, font.DOWN)
            font.text(fb, hint, 0, _HINT_Y)


def escape_row(s):
    # BACK from the roll: the game menu's cursor on Escape, the roll's other outcome
    menu = s.menu_screen
    if menu is None or s.hoard.escape_over:
        return
    if 0 <= menu.escape_at < len(menu.items):
        menu.sel = menu.escape_at
