"""Drachenhort's rules: tokens, gems and scores from a list of events (pure, no screens).

Events (plain JSON lists): ["capture", a], ["escape", a, order], ["gems", p, delta],
["gems_set", p, count], ["next_escape"], ["finish"]. ``apply`` returns None or the
reason it refused one (nothing changes); undo drops the last event and replays the rest.
"""

from micropython import const

from wyrm.games.drachenhort_colours import DEFAULT_COLOURS, colour_name
from wyrm.lang import t
from wyrm.plain import whole

VALUES = (1, 2, 3, 4, 5, 6, 8)
ESCAPE_VALUE = const(8)
ADVENTURERS = const(7)
GEMS_PER_ESCAPE = const(12)
MIN_PLAYERS = const(2)
MAX_PLAYERS = const(7)
MODES = ("dealt", "printed")


def metal_name(escape):
    """The token metal of escape 1 or 2 ("silver", "gold") in the language in use."""
    return t("silver", "Silber") if escape == 1 else t("gold", "Gold")


def _who(who, p):
    # a player's name: ``who(p)`` (the table's, see wyrm.players), else "Player 3"
    return who(p) if who else t("Player %d", "Spieler %d") % (p + 1)


class Game:
    # ``state``: the game as saved, {"players", "mode", "events"}; ``events`` is its
    # list itself, so what is applied or undone is in it.
    def __init__(self, players, mode="dealt", events=None):
        if not whole(players, MIN_PLAYERS, MAX_PLAYERS):
            raise ValueError("2 to 7 players")
        if mode not in MODES:
            raise ValueError("Unknown mode")
        self.players = players
        self.events = []
        self.state = {"players": players, "mode": mode, "events": self.events}
        self._reset()
        if events:
            for i, ev in enumerate(events):
                why = self.apply(ev)
                if why:
                    raise ValueError("Event %d: %s" % (i + 1, why))

    @property
    def mode(self):
        """"dealt" (Wyrm deals the party cards) or "printed"."""
        return self.state["mode"]

    @mode.setter
    def mode(self, v):
        self.state["mode"] = v

    # ------------------------------------------------------------- derived state

    def _reset(self):
        self._tokens = [[0] * ADVENTURERS, [0] * ADVENTURERS]  # 0 = no token yet
        self._gems = [[0] * self.players, [0] * self.players]
        self._escape = 0  # index 0 or 1
        self._ended = False
        self._finished = False

    @property
    def escape(self):
        """The current escape: 1 or 2."""
        return self._escape + 1

    @property
    def escape_over(self):
        """True once the current escape has ended."""
        return self._ended

    @property
    def game_over(self):
        """True once the second escape has ended (the board is final)."""
        return self._escape == 1 and self._ended

    @property
    def finished(self):
        """True after the ``finish`` event (final reveal; nothing more accepted)."""
        return self._finished

    def silver(self, a):
        """Adventurer a's silver token (first escape), or None."""
        return self._tokens[0][a] or None

    def gold(self, a):
        """Adventurer a's gold token (second escape), or None."""
        return self._tokens[1][a] or None

    def token(self, escape, a):
        """Adventurer a's token in escape 1 or 2, or None."""
        return self._tokens[escape - 1][a] or None

    def adventurer_total(self, a):
        """Silver + gold of adventurer a so far (missing tokens count 0)."""
        return self._tokens[0][a] + self._tokens[1][a]

    def in_dungeon(self):
        """Adventurers still in the dungeon in the current escape (none once it ended)."""
        row = self._tokens[self._escape]
        return [a for a in range(ADVENTURERS) if not row[a]]

    def _left_values(self):
        row = self._tokens[self._escape]
        return [v for v in VALUES if v not in row]

    def next_value(self):
        """The token the next capture would take, or None if the escape has ended."""
        if self._ended:
            return None
        return self._left_values()[0]

    def gems(self, p):
        """Player p's gems over both escapes."""
        return self._gems[0][p] + self._gems[1][p]

    def gems_in(self, escape, p):
        """Player p's gems from escape 1 or 2."""
        return self._gems[escape - 1][p]

    def gems_left(self):
        """Gems of the current escape not yet taken by anyone."""
        return GEMS_PER_ESCAPE - sum(self._gems[self._escape])

    # ------------------------------------------------------------------- events

    def refusal(self, ev):
        """Why ``ev`` would be refused now (a short string), or None if it is fine."""
        if not isinstance(ev, (list, tuple)) or not ev or not isinstance(ev[0], str):
            return "Unknown event"
        kind = ev[0]
        n = len(ev)
        if kind == "capture" and n == 2:
            return self._refuse_move(ev[1]) or None
        if kind == "escape" and n == 3:
            why = self._refuse_move(ev[1])
            if why:
                return why
            order = ev[2]
            if not isinstance(order, (list, tuple)):
                return "Order is not a list"
            others = [x for x in self.in_dungeon() if x != ev[1]]
            if len(order) != len(others):
                return "Order needs all %d others" % len(others)
            for x in order:
                if type(x) is not int or x not in others:
                    return "Order: wrong adventurer"
                if order.count(x) != 1:
                    return "Order repeats one"
            return None
        if kind in ("gems", "gems_set") and n == 3:
            if self._finished:
                return t("The game is over", "Das Spiel ist aus")
            p = ev[1]
            v = ev[2]
            if not whole(p, 0, self.players - 1):
                return "Unknown player"
            if type(v) is not int:
                return "Not a number"
            row = self._gems[self._escape]
            new = row[p] + v if kind == "gems" else v
            if new == row[p]:
                return t("No change", "Keine Änderung")
            if new < 0:
                return t("Gems can't go below 0", "Nicht unter 0 Edelsteine")
            if sum(row) - row[p] + new > GEMS_PER_ESCAPE:
                return t("Only %d gems per escape",
                         "Nur %d Edelsteine pro Flucht") % GEMS_PER_ESCAPE
            return None
        if kind == "next_escape" and n == 1:
            if self._finished or self._escape == 1:
                return t("Only two escapes", "Nur zwei Fluchten")
            if not self._ended:
                return t("Escape 1 not over yet", "Flucht 1 läuft noch")
            return None
        if kind == "finish" and n == 1:
            if self._finished:
                return t("The game is over", "Das Spiel ist aus")
            if not self.game_over:
                return t("Escape 2 not over yet", "Flucht 2 läuft noch")
            return None
        return "Unknown event"

    def _refuse_move(self, a):
        if self._finished or self.game_over:
            return t("The game is over", "Das Spiel ist aus")
        if self._ended:
            return t("Escape %d is over", "Flucht %d ist vorbei") % self.escape
        if not whole(a, 0, ADVENTURERS - 1):
            return "Unknown adventurer"
        if self._tokens[self._escape][a]:
            return t("Already out", "Schon draußen")
        return None

    def apply(self, ev):
        """Add an event. None if accepted, else the refusal reason (nothing changes)."""
        why = self.refusal(ev)
        if why:
            return why
        ev = [list(x) if isinstance(x, (list, tuple)) else x for x in ev]
        self._do(ev)
        self.events.append(ev)
        return None

    def _do(self, ev):
        kind = ev[0]
        row = self._tokens[self._escape]
        if kind == "capture":
            row[ev[1]] = self._left_values()[0]
            left = self.in_dungeon()
            if len(left) == 1:
                row[left[0]] = ESCAPE_VALUE
                self._ended = True
        elif kind == "escape":
            row[ev[1]] = ESCAPE_VALUE
            values = [v for v in self._left_values() if v != ESCAPE_VALUE]
            values.reverse()
            for i in range(len(values)):
                row[ev[2][i]] = values[i]
            self._ended = True
        elif kind == "gems":
            self._gems[self._escape][ev[1]] += ev[2]
        elif kind == "gems_set":
            self._gems[self._escape][ev[1]] = ev[2]
        elif kind == "next_escape":
            self._escape = 1
            self._ended = False
        elif kind == "finish":
            self._finished = True

    def undo(self):
        """Drop the last event; returns it (None if there was none)."""
        if not self.events:
            return None
        ev = self.events.pop()
        self._reset()
        for e in self.events:
            self._do(e)
        return ev

    def describe(self, index=-1, names=DEFAULT_COLOURS, who=None):
        """A short name for event ``index`` (default the last), e.g. "Capture red (silver 3)".

        The UI shows it before undoing. ``names`` are the adventurer names.
        """
        if not self.events:
            return ""
        if index < 0:
            index += len(self.events)
        ev = self.events[index]
        kind = ev[0]
        if kind in ("capture", "escape"):
            before = Game(self.players, self.mode, self.events[:index])
            metal = metal_name(before.escape)
            name = colour_name(names, ev[1])
            if kind == "capture":
                return t("Capture %s (%s %d)", "%s gefangen (%s %d)") % (
                    name, metal, before.next_value())
            return t("%s%s escapes (%s 8)", "%s%s entkommt (%s 8)") % (
                name[:1].upper(), name[1:], metal)
        if kind == "gems":
            sign = "+" if ev[2] > 0 else ""
            return t("%s gems %s%d", "%s Edelsteine %s%d") % (_who(who, ev[1]), sign, ev[2])
        if kind == "gems_set":
            return t("%s gems = %d", "%s Edelsteine = %d") % (_who(who, ev[1]), ev[2])
        if kind == "next_escape":
            return t("Start escape 2", "Flucht 2 beginnen")
        return t("Final reveal", "Aufdecken")

    # ------------------------------------------------------------------ scoring

    def score(self, p, card):
        """Player p's total: silver + gold of the card's 3 adventurers, plus gems."""
        if not isinstance(card, (list, tuple)) or len(card) != 3:
            raise ValueError("A card has 3 adventurers")
        total = self.gems(p)
        for a in card:
            total += self.adventurer_total(a)
        return total

    def scores(self, cards):
        """Every player's total; ``cards[p]`` is player p's 3 adventurer indices."""
        if len(cards) != self.players:
            raise ValueError("One card per player")
        return [self.score(p, cards[p]) for p in range(self.players)]

    def standings(self, cards):
        """``[place, player, score]`` rows, best first; equal scores share a place.

        Places follow the 1, 1, 3 convention; equal scores list lower players first.
        """
        sc = self.scores(cards)
        order = list(range(self.players))
        order.sort(key=lambda p: (-sc[p], p))
        rows = []
        for i, p in enumerate(order):
            place = rows[-1][0] if rows and rows[-1][2] == sc[p] else i + 1
            rows.append([place, p, sc[p]])
        return rows

    def winners(self, cards):
        """The players with the highest total (several when tied: shared win)."""
        sc = self.scores(cards)
        best = max(sc)
        return [p for p in range(self.players) if sc[p] == best]

    # -------------------------------------------------------------- persistence

    def to_json(self):
        return self.state

    @staticmethod
    def load(obj):
        """The game of a saved dict, which it goes on keeping (its "events" become the
        game's checked list); ValueError if the data is damaged."""
        try:
            players = obj["players"]
            mode = obj["mode"]
            events = obj["events"]
        except (KeyError, TypeError):
            raise ValueError("Saved game is damaged") from None
        if not isinstance(events, list):
            raise ValueError("Saved game is damaged")
        g = Game(players, mode, events)
        obj["events"] = g.events
        g.state = obj
        return g
