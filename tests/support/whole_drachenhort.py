"""Drachenhort for four, from power-on to the winner, as the rulebook plays it.

Anna, Ben, Cleo and Dirk play with their printed party cards; Anna is the oldest
and begins. Every turn is a roll; a move that ends on a gem takes it; a run's end
may bring the dragon's capture; an escape ends when an adventurer leaves the
dungeon or the penultimate one is caught. The script keeps the tokens, gems and
scores itself from the rulebook and checks the ranking the device shows.
"""
from whole_game import WholeGame

from wyrm.store import Store

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]
COLOURS = ["green", "red", "white", "blue", "orange", "yellow", "purple"]
VALUES = [1, 2, 3, 4, 5, 6, 8]
# the box's seven party cards, in the order the reveal lists them (the Fano plane)
CARDS = [
    ["green", "red", "white"],
    ["green", "blue", "orange"],
    ["green", "yellow", "purple"],
    ["red", "blue", "yellow"],
    ["red", "orange", "purple"],
    ["white", "blue", "purple"],
    ["white", "orange", "yellow"],
]
HELD = [0, 3, 5, 6]  # the card each player holds (Anna's is the rulebook's example)

# One escape: its turns, each "roll", "gem" (the move ends on a gem), ("capture",
# colour) (the run ends and the dragon catches one) or ("escape", colour, order).
ESCAPE_1 = (
    ["roll", "gem", "roll", "roll", "gem", "roll"]  # run 1: the dragon reaches the start
    + ["roll", "roll", "gem", "roll", ("capture", "white")]
    + ["gem", "roll", "roll", ("capture", "purple")]
    + ["roll", ("escape", "blue", ["red", "green", "orange", "yellow"])]
)
ESCAPE_2 = (
    ["roll", "gem", "roll", "gem", "roll"]  # run 1
    + ["roll", "gem", "roll", ("capture", "green")]
    + ["roll", "roll", ("capture", "yellow")]
    + ["gem", "roll", ("capture", "red")]
    + ["roll", ("capture", "orange")]
    + ["roll", "roll", ("capture", "blue")]
    + ["gem", ("capture", "white")]  # the penultimate: purple is the last one in
)


class Table:
    """The rulebook's bookkeeping: tokens per escape, gems per player."""

    def __init__(self):
        self.tokens = [{}, {}]
        self.gems = [0] * len(NAMES)

    def inside(self, escape):
        return [c for c in COLOURS if c not in self.tokens[escape]]

    def lowest_left(self, escape):
        return [v for v in VALUES if v not in self.tokens[escape].values()][0]

    def capture(self, escape, colour):
        t = self.tokens[escape]
        t[colour] = self.lowest_left(escape)
        left = self.inside(escape)
        if len(left) == 1:  # the penultimate capture: the last one in gets 8
            t[left[0]] = 8

    def escape(self, escape, colour, order):
        t = self.tokens[escape]
        t[colour] = 8
        high = sorted([v for v in VALUES if v not in t.values()], reverse=True)
        for c, v in zip(order, high, strict=False):
            t[c] = v

    def score(self, p):
        card = CARDS[HELD[p]]
        return sum(self.tokens[0][c] + self.tokens[1][c] for c in card) + self.gems[p]


def _pick(options, wanted):
    """Keys from the first row of a list down to ``wanted``, then OK."""
    k = options.index(wanted)
    return ("down*%d," % k if k else "") + "ok"


def play_escape(w, table, escape, turns, seat, first):
    """Plays one escape's turns from ``seat``; returns whose turn follows it."""
    on_roll = False  # the last turn's roll screen is open (its OK passes and rolls)
    for i, what in enumerate(turns):
        w.turn()
        if on_roll:
            w.pass_turn("")  # no press of its own: the roll screen's OK passes and rolls
            w.do("ok")
        elif i == 0 and first:
            w.do("ok")  # the game menu's "Roll the die" opens rolling for the oldest
        else:
            w.do("ok")  # back on the game menu after the dragon: "Roll the die"
        w.expect(NAMES[seat] + " rolls")
        on_roll = True
        if what == "gem":
            w.do("up")
            table.gems[seat] += 1
            w.expect("%s: %d gem" % (NAMES[seat], table.gems[seat]))
        elif what[0] == "capture":
            inside = table.inside(escape)
            w.nav("down")  # the dragon
            w.do(_pick(inside, what[1]))
            table.capture(escape, what[1])
            on_roll = False
        elif what[0] == "escape":
            inside = table.inside(escape)
            w.nav("back,down*2,ok")  # the game menu's Escape
            w.do(_pick(inside, what[1]))
            rest = [c for c in inside if c != what[1]]
            for c in what[2][:-2]:
                w.do(_pick(rest, c))
                rest.remove(c)
            w.do(_pick(rest, what[2][-2]))  # the last one is placed by itself
            w.expect(what[1] + "  %s 8 (out)" % ("silver", "gold")[escape])
            w.nav("ok")  # the review: OK saves
            table.escape(escape, what[1], what[2])
            on_roll = False
        seat = (seat + 1) % len(NAMES)
    return seat


def play(state_dir, board):
    Store(str(state_dir)).save("table", NAMES)
    w = WholeGame(state_dir, board)
    table = Table()
    # setup: the game, four players (the table's), printed cards, the oldest begins
    w.nav("ok")  # Drachenhort
    w.nav("down,ok")  # New game
    w.do("ok")  # 4 players
    w.do("down,ok")  # Printed cards
    w.expect("Oldest begins", "Anna")
    w.do("ok")  # Anna
    w.expect("Esc 1", "> Roll the die")

    seat = play_escape(w, table, 0, ESCAPE_1, 0, True)
    w.end()
    w.expect("Escape 1 over", "> Start escape 2")
    w.nav("ok")  # Start escape 2: the next player rolls first
    w.expect("Esc 2", "> Roll the die")
    seat = play_escape(w, table, 1, ESCAPE_2, seat, False)
    w.end()
    w.expect("Escape 2 over", "purple: gold 8", "(the last one in)")
    w.nav("ok")  # the message
    w.expect("> Final reveal")
    w.nav("ok,ok")  # Final reveal, Yes
    w.nav("ok")  # One by one
    for p in range(len(NAMES)):
        w.nav("ok")  # "OK: enter your card"
        w.do(_pick(CARDS, CARDS[HELD[p]]))
        w.expect("Total", str(table.score(p)))
        w.nav("ok")  # next player (after the last: the ranking)
    scores = [table.score(p) for p in range(len(NAMES))]
    best = max(scores)
    winners = [NAMES[p] for p in range(len(NAMES)) if scores[p] == best]
    w.expect("Ranking", *winners)
    for p in range(len(NAMES)):
        w.expect("%s" % NAMES[p], "%d VP" % scores[p])
    return w
