"""Whole games at the table: a game scripted from its rulebook, counted press by press.

A script drives the real app (tests/support/drive.py) from power-on to the winner and says,
for every key script it sends, what the presses were for:

- ``do(keys)``: entering what happened at the table (a roll, a capture, a count, a
  name picked, the OK that chooses the value on a list). A pencil needs no cursor, so every
  UP and DOWN sent through ``do`` counts as overhead all the same: only the other presses
  are entry;
- ``value(keys)``: stepping a number to what a pencil would write (silver, a count): every
  press is entry, as the pencil's digits are;
- ``nav(keys)``: what the device adds: opening a screen, moving the cursor to a row,
  confirming, going back;
- ``pass_turn(keys)``: passing the turn on after the turn's last action (overhead too,
  and it may cost one press at most).

``turn()`` marks where a turn begins; presses before the first turn (setup) and after
``end()`` (the final count) count in the totals but in no turn. ``report()`` is the row
that docs/PRESSES.md and ``make bench`` show (host_tools/bench/whole_games.py). Presses are
counted as in host_tools/bench/presses.py: a tap, a long press, a hold and a chord are one
press each.
"""

from drive import Driver

from host_tools.bench.presses import count
from host_tools.sim import core, menu

BOARDS = ("pico-ssd1306-4btn", "pico-ssd1306-3btn")
GAMES = tuple(g[2] for g in menu.games())  # by save name: whole_<name>.py plays each
OVERHEAD_BUDGET = 0.40  # at most this share of a whole game's presses is overhead
PASS_BUDGET = 1  # presses to pass the turn after a turn-ending action
TURN_MAX = 8  # presses in any one turn
# average presses a turn ({game: budget}); Drakonia has no turns, its budget is per hero
# counted at the end (``heroes`` in the report)
TURN_BUDGET = {"drachenhort": 2, "drakskatten": 5, "drachenschatten": 3, "drachenfels": 2}
HERO_BUDGET = 3
MOVES = ("up", "down")  # cursor moves: overhead wherever they are sent


def moves_in(script):
    """The cursor moves (UP, DOWN taps) in a key script."""
    n = 0
    for _raw, parts, times in core.tokens(script):
        if len(parts) == 1 and parts[0] in MOVES:
            n += times
    return n


class WholeGame:
    def __init__(self, state_dir, board, seed=1):
        self.d = Driver(state_dir, seed=seed, board=board)
        self.board = board
        self.entry = 0
        self.overhead = 0
        self.turns = []  # presses per turn
        self.turn_steps = []  # of those, the steps of numbers (``value``) per turn
        self.passes = []  # presses of each pass
        self._in_turn = False
        self.log = []  # (kind, keys, presses) for a readable failure
        self.heroes = 0  # heroes counted at the end (Drakonia)
        self.count_presses = 0  # presses of that count

    def _send(self, kind, keys):
        n = count(keys)
        if kind == "value":
            self.entry += n
        elif kind == "do":
            moves = moves_in(keys)
            self.entry += n - moves
            self.overhead += moves
        else:
            self.overhead += n
        if self.heroes:
            self.count_presses += n
        if self._in_turn:
            self.turns[-1] += n
            if kind == "value":
                self.turn_steps[-1] += n
        self.log.append((kind, keys, n))
        self.d.keys(keys)
        assert self.d.errors() == [], self.where()
        return self.d.text()

    def do(self, keys):
        return self._send("do", keys)

    def value(self, keys):
        return self._send("value", keys)

    def nav(self, keys):
        return self._send("nav", keys)

    def counting(self, heroes):
        """From here to the end, the final count of ``heroes`` heroes (Drakonia)."""
        self.heroes = heroes

    def pass_turn(self, keys):
        n = count(keys)
        self.passes.append(n)
        return self._send("pass", keys)

    def turn(self):
        self.turns.append(0)
        self.turn_steps.append(0)
        self._in_turn = True

    def end(self):
        self._in_turn = False

    def text(self):
        return self.d.text()

    def where(self):
        tail = ", ".join("%s:%s" % (k, s) for k, s, _n in self.log[-6:])
        return "on %s after ... %s\n%s" % (self.board, tail, self.d.text())

    def expect(self, *parts):
        t = self.d.text()
        for p in parts:
            assert p in t, "%r missing %s" % (p, self.where())
        return t

    def report(self):
        total = self.entry + self.overhead
        turns = self.turns or [0]
        keys = [n - v for n, v in zip(self.turns, self.turn_steps, strict=True)] or [0]
        return {
            "presses": total,
            "entry": self.entry,
            "overhead": self.overhead,
            "overhead_share": self.overhead / total if total else 0.0,
            "turns": len(self.turns),
            "per_turn_avg": sum(turns) / len(turns),
            "per_turn_max": max(turns),
            # a turn's presses besides stepping numbers (the pencil's digits)
            "keys_turn_avg": sum(keys) / len(keys),
            "keys_turn_max": max(keys),
            "pass_max": max(self.passes) if self.passes else 0,
            "per_hero": self.count_presses / self.heroes if self.heroes else 0.0,
        }
