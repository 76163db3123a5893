"""Whole games at the table: a game scripted from its rulebook, counted press by press.

A script drives the real app (tests/drive.py) from power-on to the winner and says,
for every key script it sends, what the presses were for:

- ``do(keys)``: entering what happened at the table (a roll, a capture, a count, a
  name picked, choosing the value on a list);
- ``nav(keys)``: what the device adds: opening a screen, moving the cursor to a row,
  confirming, going back;
- ``pass_turn(keys)``: passing the turn on after the turn's last action (overhead too,
  and it may cost one press at most).

``turn()`` marks where a turn begins; presses before the first turn (setup) and after
``end()`` (the final count) count in the totals but in no turn. ``report()`` is the row
that docs/PRESSES.md and ``make bench`` show. Presses are counted as in
host_tools/presses.py: a tap, a long press, a hold and a chord are one press each.
"""
from drive import Driver

from host_tools.presses import count

BOARDS = ("pico-ssd1306-4btn", "pico-ssd1306-3btn")
OVERHEAD_BUDGET = 0.40  # at most this share of a whole game's presses is overhead
PASS_BUDGET = 1  # presses to pass the turn after a turn-ending action


class WholeGame:
    def __init__(self, state_dir, board, seed=1):
        self.d = Driver(state_dir, seed=seed, board=board)
        self.board = board
        self.entry = 0
        self.overhead = 0
        self.turns = []  # presses per turn
        self.passes = []  # presses of each pass
        self._in_turn = False
        self.log = []  # (kind, keys, presses) for a readable failure

    def _send(self, kind, keys):
        n = count(keys)
        if kind == "do":
            self.entry += n
        else:
            self.overhead += n
        if self._in_turn:
            self.turns[-1] += n
        self.log.append((kind, keys, n))
        self.d.keys(keys)
        assert self.d.errors() == [], self.where()
        return self.d.text()

    def do(self, keys):
        return self._send("do", keys)

    def nav(self, keys):
        return self._send("nav", keys)

    def pass_turn(self, keys):
        n = count(keys)
        self.passes.append(n)
        return self._send("pass", keys)

    def turn(self):
        self.turns.append(0)
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
        return {
            "presses": total,
            "entry": self.entry,
            "overhead": self.overhead,
            "overhead_share": self.overhead / total if total else 0.0,
            "turns": len(self.turns),
            "per_turn_avg": sum(turns) / len(turns),
            "per_turn_max": max(turns),
            "pass_max": max(self.passes) if self.passes else 0,
        }
