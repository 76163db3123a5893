"""Drachenhort for four, from power-on to the winner, as the rulebook plays it.

Anna, Ben, Cleo and Dirk play with their printed party cards; Anna is the oldest
and begins. Every turn is a roll; a move that ends on a gem takes it; a run's end
may bring the dragon's capture; an escape ends when an adventurer leaves the
dungeon or the penultimate one is caught. The script keeps the tokens, gems and
scores itself from the rulebook and checks the ranking the device shows.
"""
from drive import to_row
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


def _to(options, wanted, rows=None):
    """The shortest way from a list's first row to ``wanted`` (the lists wrap round);
    ``rows``: the list's length when rows follow ``options`` (e.g. "Other")."""
    k = options.index(wanted)
    n = len(options) if rows is None else rows
    if k == 0:
        return ""
    return "down*%d," % k if k <= n - k else "up*%d," % (n - k)


def _pick(options, wanted, rows=None):
    """Keys from the first row of a list to ``wanted``, then OK."""
    return _to(options, wanted, rows) + "ok"


def play_escape(w, table, escape, turns, seat, opening):
    """Plays one escape's turns from ``seat``; returns whose turn follows it.

    ``opening``: the game menu's row that rolls for the escape's first player ("Roll the
    die", "Start escape 2")."""
    on_roll = False  # the last turn's roll screen is open (its OK passes and rolls)
    rolled = False  # the capture passed the turn and rolled for this player by itself
    for what in turns:
        w.turn()
        if rolled:
            w.pass_turn("")  # no press: the capture's OK passed the turn and rolled
        elif on_roll:
            w.pass_turn("")  # no press of its own: the roll screen's OK passes and rolls
            w.do("ok")
        else:
            w.expect("> " + opening)
            w.do("ok")  # the game menu's row rolls for the escape's first player
        w.expect(NAMES[seat] + " rolls")
        on_roll = True
        rolled = False
        if what == "gem":
            w.value("up")  # the player's gems +1, as a pencil's tally mark
            table.gems[seat] += 1
            w.expect("%s: %d gem" % (NAMES[seat], table.gems[seat]))
        elif what[0] == "capture":
            inside = table.inside(escape)
            w.nav("down")  # the dragon: who was captured
            w.do(_pick(inside, what[1]))
            table.capture(escape, what[1])
            rolled = len(table.inside(escape)) > 1  # not the escape's end: the next roll
            on_roll = False
        elif what[0] == "escape":
            inside = table.inside(escape)
            w.nav("back")  # BACK from the roll: the game menu on Escape
            w.expect("> Escape")
            w.nav("ok")
            w.expect("Who escaped?")
            w.do(_pick(inside, what[1]))
            # The escape is over: the turns are. The tokens of the ones still inside are
            # the escape's end (the rulebook's "Afterwards, place all remaining VP
            # tokens"), in no player's turn, as the final count is.
            w.end()
            rest = [c for c in inside if c != what[1]]
            for c in what[2][:-2]:
                w.do(_pick(rest, c))
                rest.remove(c)
            w.do(_pick(rest, what[2][-2]))  # the last one is placed by itself: saved
            table.escape(escape, what[1], what[2])
            w.expect("Escape %d over" % (escape + 1))
            on_roll = False
        seat = (seat + 1) % len(NAMES)
    return seat


def play(state_dir, board):
    Store(str(state_dir)).save("table", NAMES)
    w = WholeGame(state_dir, board)
    table = Table()
    # setup: the game, four players (the table's), printed cards, the oldest begins
    w.nav(to_row("Drachenhort"))
    w.nav("down,ok")  # New game
    w.do("ok")  # 4 players
    w.do("down,ok")  # Printed cards
    w.expect("Oldest begins", "Anna")
    w.do("ok")  # Anna
    w.expect("Esc 1", "> Roll the die")

    seat = play_escape(w, table, 0, ESCAPE_1, 0, "Roll the die")
    w.end()
    w.expect("Escape 1 over", "> Start escape 2")
    # Start escape 2 rolls for the next player: the first press of escape 2's first turn
    seat = play_escape(w, table, 1, ESCAPE_2, seat, "Start escape 2")
    w.end()
    w.expect("Escape 2 over", "purple: gold 8", "(the last one in)")
    w.nav("ok")  # the message
    w.expect("> Final reveal")
    w.nav("ok")  # Final reveal (the game menu's Undo takes it back)
    w.expect("> All at once")  # printed cards: each player's card in turn, then the table
    w.nav("ok")
    free = list(range(len(CARDS)))  # the cards nobody has entered yet: the list offers them
    for p in range(len(NAMES)):
        w.expect("%s: card?" % NAMES[p])
        w.do(_pick(free, HELD[p], len(free) + 1))  # (+1: "Other: 3 colours")
        free.remove(HELD[p])
    w.expect("Cards", "OK: ranking")
    for p in range(len(NAMES)):
        w.expect("%s" % NAMES[p][:5], "%d" % table.score(p))
    w.nav("ok")  # the ranking
    scores = [table.score(p) for p in range(len(NAMES))]
    best = max(scores)
    winners = [NAMES[p] for p in range(len(NAMES)) if scores[p] == best]
    w.expect("Ranking", *winners)
    for p in range(len(NAMES)):
        w.expect("%s" % NAMES[p], "%d VP" % scores[p])
    return w
