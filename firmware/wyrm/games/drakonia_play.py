"""Der Weg nach Drakonia's screens past its menu: setup, the final count, the result.

``drakonia_game`` is the game menu and the save; see it for the screens.
"""

from micropython import const

from wyrm import buttons, font, gamekit_ui, players, ui
from wyrm.app import Screen
from wyrm.games import drakonia
from wyrm.lang import t

_COLS = const(7)
_LAST_WOUNDED = const(5)  # wounded cells exist for spaces 0..5
# The walk round the grid: healthy 6..0 (leftwards), the "take one away" cell at the turn
# (left of the wounded row), wounded 0..5 (rightwards), and from wounded 5 up to Drakonia:
# the spaces where heroes end the game lie next to each other both ways.
_WALK = const(14)
_TAKE = const(7)  # the "take one away" cell
_START = const(1)  # a grid opens on the Woods (healthy), next to Drakonia
_X0 = const(65)  # the cells: 7 columns of _CW px from here (the row names left of them)
_CW = const(9)
_WRAP = const(20)  # the result's sentences: the last cell of a line is the scroll mark's


def has_entries(state):
    for tally in state["tallies"]:
        if drakonia.heroes_on_board(tally):
            return True
    return False


def first_empty(state):
    """The first player without heroes, else the last row ("Show result")."""
    n = state["n"]
    for i in range(n):
        if not drakonia.heroes_on_board(state["tallies"][i]):
            return i
    return n


def result_errors(game):
    errors, _w = drakonia.check(game.state["tallies"], game.names())
    return errors


# -- setup -------------------------------------------------------------------------
class Setup(Screen):
    """Number of players; shows the heroes-in-play limit and the teams at six."""

    def __init__(self, n, on_done):
        self.n = n
        self.on_done = on_done

    def on_event(self, app, kind, key):
        if ui.is_up(kind, key):
            self.n = min(drakonia.MAX_PLAYERS, self.n + 1)
        elif ui.is_down(kind, key):
            self.n = max(drakonia.MIN_PLAYERS, self.n - 1)
        elif ui.is_ok(kind, key):
            app.pop(self)
            self.on_done(app, self.n)
        else:
            return False
        app.redraw()
        return True

    def draw(self, app, fb):
        n = self.n
        limit = drakonia.hero_limit(n)
        parts = []
        if drakonia.is_team_game(n) and app.tall:
            names = [players.short(app, i) for i in range(n)]
            for k in range(len(drakonia.TEAM_SEATS)):
                a, b = drakonia.TEAM_SEATS[k]
                parts.append("%s=%s+%s" % (drakonia.TEAM_NAMES[k], names[a], names[b]))
        # long names: a team a line, and the heroes in the title bar
        long = len(parts) == 3 and len(parts[1] + " " + parts[2]) > font.CHARS
        right = t("%d heroes", "%d Helden") % limit if long else "2-6"
        ui.title(fb, t("Players", "Spieler"), right)
        players_n = t("%d players", "%d Spieler") % n
        heroes = t("Heroes in play: %d", "Helden im Spiel: %d") % limit
        if not app.tall:
            font.center(fb, players_n, 12)
            font.center(fb, heroes, 22)
            return
        font.center(fb, players_n, 13, 1, 2)
        if long:
            for k in range(len(parts)):
                font.center(fb, "Team " + parts[k], 31 + 8 * k)
        elif parts:
            font.center(fb, heroes, 31)
            font.center(fb, "Teams " + parts[0], 40)
            font.center(fb, parts[1] + " " + parts[2], 48)
        else:
            font.center(fb, heroes, 31)
            font.center(fb, t("each, at once", "pro Spieler zugleich"), 40)
        font.center(fb, t("OK: start", "OK: starten"), 56)
        if n < drakonia.MAX_PLAYERS:
            ui.arrow(fb, fb.width - 3, 15, -1)
        if n > drakonia.MIN_PLAYERS:
            ui.arrow(fb, fb.width - 3, 26, 1)


# -- final count -------------------------------------------------------------------
class CountMenu(ui.Menu):
    """One row per player (heroes in play, points); the last row scores."""

    def __init__(self, game, menu):
        self.game = game
        self.menu = menu
        n = game.state["n"]
        items = [[self._label(i), self._opener(i)] for i in range(n)]
        items.append([lambda app: t("Show result", "Ergebnis zeigen"), self._result])
        super().__init__(lambda app: t("Final count", "Schlusswertung"), items)

    def _opener(self, i):
        def run(app):
            self.open_grid(app, i)

        return run

    def open_grid(self, app, i):
        """Player i's grid above this list (the list follows: its cursor on player i)."""
        self.sel = i
        app.push(Grid(self.game, i, self))
        self.game.at("grid", i)

    def grid_done(self, app, grid):
        """BACK in player i's grid: the next player's grid, after the last the result."""
        i = grid.player + 1
        if i < self.game.state["n"]:
            self.sel = i
            app.replace(Grid(self.game, i, self))
            self.game.at("grid", i)
        else:
            self.sel = i  # "Show result", when the result closes
            app.pop(grid)
            self.menu.show_result(app)

    def _label(self, i):
        def lab(app):
            st = self.game.state
            tally = st["tallies"][i]
            on_board = drakonia.heroes_on_board(tally)
            limit = drakonia.hero_limit(st["n"])
            left = t("%s  %d/%d", "%s %d/%d") % (players.short(app, i), on_board, limit)
            return ui.pad(left, drakonia.format_points(drakonia.half_points(tally))
                          + t(" pts", " Pkt."))

        return lab

    def _result(self, app):
        self.menu.show_result(app)

    def on_show(self, app):
        self.game.at("count")


def _cell(i):
    """Walk position 0..13 -> (wounded row?, space), or None for "take one away"."""
    if i < _COLS:
        return 0, _COLS - 1 - i  # healthy 6, 5, ... 0
    if i == _TAKE:
        return None
    return 1, i - _TAKE - 1  # wounded 0, 1, ... 5


def _after(i):
    """The cell after walk position ``i`` (where the cursor goes after an entry): the next
    one down the walk, past "take one away"."""
    i = (i + 1) % _WALK
    return i + 1 if i == _TAKE else i


def _pos(row, space):
    return _COLS - 1 - space if row == 0 else _TAKE + 1 + space


class Grid(gamekit_ui.Counts):
    """A player's final count: healthy (top) and wounded (bottom) per space. OK adds a
    hero to the cell at once and the cursor moves on to the next cell of the walk (the
    space behind: heroes trail each other; a second hero on the same space is UP, OK);
    the "-1" cell makes the next OK take one away instead (the cursor stays)."""

    cells = _WALK

    def __init__(self, game, player, hub):
        super().__init__(game, player)
        self.hub = hub  # the list of players: BACK goes on through it
        self.minus = False  # the next OK takes one away
        self.sel = _START

    def on_event(self, app, kind, key):
        if kind == buttons.CLICK and key == buttons.BACK:
            if self.minus:
                self.minus = False  # BACK only leaves "take one away"
                app.redraw()
            else:
                self.hub.grid_done(app, self)
            return True
        return super().on_event(app, kind, key)

    def tally(self):
        return self.game.state["tallies"][self.player]

    def ok(self, app):
        if self.sel == _TAKE:
            self.minus = not self.minus
            return
        delta = -1 if self.minus else 1
        self.minus = False
        if self.change(app, delta) and delta > 0:
            self.sel = _after(self.sel)

    def change(self, app, delta):
        # True when the count changed (False: refused, the reason shown)
        cell = _cell(self.sel)
        if cell is None:  # "take one away" holds no count
            return False
        row, space = cell
        key = "wounded" if row else "healthy"
        tally = self.tally()
        old = tally[key][space]
        new = old + delta
        if new < 0:
            app.toast(t("No hero here to take away", "Hier ist kein Held wegzunehmen"))
            return False
        tally[key][space] = new
        g = self.game
        errors, _w = drakonia.check(g.state["tallies"], g.names())
        if errors:
            tally[key][space] = old
            app.toast(errors[0])
            return False
        g.save()
        return True

    def _next_name(self):
        i = self.player + 1
        if i < self.game.state["n"]:
            return self.game.names()[i]
        return t("result", "Wertung")

    def draw(self, app, fb):
        tally = self.tally()
        name = players.short(app, self.player)
        tall = app.tall
        if tall:
            if self.minus:
                right = "OK: -1"
            else:
                right = drakonia.format_points(drakonia.half_points(tally)) + t(" pts", " Punkte")
            ui.title(fb, t("%s count", "%s") % name, right)  # (German: no room for "Zählung")
            y0 = ui.TITLE_H + 1
        else:
            # no room for the points on a 32 px panel
            font.text(fb, name + (" -1" if self.minus else ""), 1, 0)
            y0 = 0
        x0 = _X0  # the rulebook's words as row labels, then 7 cells
        cw = _CW
        for s in range(_COLS):  # column heads: the space numbers
            font.text(fb, str(s), x0 + s * cw + 3, y0)
        fb.hline(0, y0 + 8, fb.width, 1)
        for row in range(2):
            y = y0 + 10 + row * 11
            font.text(fb, _state_word(row), 1, y + 1)
            key = "wounded" if row else "healthy"
            if row:  # "take one away": left of wounded 0, where the walk turns
                x = x0 - 13
                ink = 1
                if self.minus:
                    fb.fill_rect(x + 1, y - 1, 11, 10, 1)
                    ink = 0
                font.text(fb, "-1", x + 1, y + 1, ink)
                if self.sel == _TAKE:
                    fb.rect(x, y - 2, 13, 12, 1)
            for s in range(_COLS):
                x = x0 + s * cw
                if row and s > _LAST_WOUNDED:
                    continue  # no hero lies wounded beside Drakonia
                v = tally[key][s]
                txt = str(v) if v else "."
                font.text(fb, txt, x + (cw - font.width(txt)) // 2 + 1, y + 1)
                if _pos(row, s) == self.sel:
                    fb.rect(x + 1, y - 1, cw - 1, 10, 1)
        if not tall:
            return
        cell = _cell(self.sel)
        if cell is None:
            what = t("Take one away", "Einen wegnehmen")
        else:
            what = "%s: %s" % (_space_word(cell[1]), _state_word(cell[0]))
        st = self.game.state
        inplay = "%d/%d" % (drakonia.heroes_on_board(tally), drakonia.hero_limit(st["n"]))
        if len(what) + len(inplay) >= font.CHARS:  # "6 Drakonia: healthy" beside "4/4"
            what = what[what.find(" ") + 1:]
        font.text(fb, what, 1, 45)
        font.text(fb, inplay, fb.width - 1 - font.width(inplay), 45)
        # "OK +1  BACK: P2"; three keys: "OK +1 hold OK: result" (21 characters at most)
        back = "  BACK" if app.keys >= 4 else t(" hold OK", " halten")
        if self.minus:
            hint = "OK -1%s: %s" % (back, t("no", "nein"))
        else:
            hint = "OK +1%s: %s" % (back, self._next_name())
        font.center(fb, hint, 56)


def _state_word(wounded):
    # a grid row's name, the rulebook's word (7 letters at most: the "-1" cell follows)
    return t("wounded", "verletzt") if wounded else t("healthy", "gesund")


def _space_word(space):
    if space == drakonia.CITY:
        return t("0 City", "0 Stadt")
    if space == drakonia.WOODS:
        return t("5 Woods", "5 Wald")
    if space == drakonia.DRAKONIA:
        return "6 Drakonia"
    return t("Space %d", "Feld %d") % space


# -- result -------------------------------------------------------------------------
class Result(Screen):
    """Winner in big letters; reason, ranking and points below (UP/DOWN scroll)."""

    def __init__(self, game):
        st = game.state
        names = game.names()
        r = drakonia.score(st["tallies"], names)
        if r["draw"]:
            self.head = t("Draw!", "Unentschieden!")
        else:
            self.head = t("%s wins!", "%s gewinnt!") % r["winners"][0]
        lines = []
        starts = [0]  # UP/DOWN scroll by whole blocks: a sentence is never cut
        if r["draw"]:
            lines += ui.wrap(t("Shared win: ", "Geteilter Sieg: ") + ", ".join(r["winners"]),
                             _WRAP)
        lines += ui.wrap(r["reason"], _WRAP)
        team = drakonia.is_team_game(st["n"])
        for s in r["sides"]:
            starts.append(len(lines))
            lines.append(ui.pad("%d. %s" % (s["rank"], s["name"]), s["points"]))
            if team:
                a, b = s["members"]
                ta = st["tallies"][a]
                tb = st["tallies"][b]
                pa = "  %s %s" % (names[a], drakonia.format_points(drakonia.half_points(ta)))
                pb = "%s %s" % (names[b], drakonia.format_points(drakonia.half_points(tb)))
                if len(pa) + len(pb) + 3 < font.CHARS:  # (the last cell: the scroll mark)
                    lines.append(pa + " + " + pb)
                else:  # long names: one line each
                    lines += [pa, "  + " + pb]
        for w in r["warnings"]:
            starts.append(len(lines))
            lines += ui.wrap(t("Note: ", "Hinweis: ") + w, _WRAP)
        self.lines = lines
        self.starts = starts
        self.first = 0
        self.n = st["n"]

    def _shown(self, app):
        return 4 if app.tall else 3  # 32 px: no title bar, the winner in small letters

    def on_event(self, app, kind, key):
        # UP/DOWN by whole entries, so a sentence is never cut; OK (or BACK) closes
        if ui.is_up(kind, key):
            up = 0
            for s in self.starts:
                if s < self.first:
                    up = s
            self.first = up
        elif ui.is_down(kind, key):
            if self.first + self._shown(app) < len(self.lines):
                for s in self.starts:
                    if s > self.first:
                        self.first = s
                        break
        else:
            return ui.scroll_event(self, app, kind, key, len(self.lines), self._shown(app))
        app.redraw()
        return True

    def draw(self, app, fb):
        tall = app.tall
        if tall:
            ui.title(fb, t("Result", "Ergebnis"), t("%d players", "%d Spieler") % self.n)
        scale = 2 if tall and font.width(self.head, 2) <= fb.width else 1
        font.center(fb, self.head, (12 if scale == 2 else 16) if tall else 0, 1, scale)
        y = 30 if tall else 8  # (32 px: the last line's lowest row is the panel's)
        shown = self._shown(app)
        for r in range(min(shown, len(self.lines) - self.first)):
            font.text(fb, self.lines[self.first + r], 1, y + r * 8)
        if self.first > 0:
            ui.arrow(fb, fb.width - 4, y + 2, -1)
        if self.first + shown < len(self.lines):
            ui.arrow(fb, fb.width - 4, fb.height - 3, 1)
