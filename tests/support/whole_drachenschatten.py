"""A whole DrachenSchatten game for four, as the rulebook plays it, counted press by press.

Anna, Ben, Cleo and Dirk; Cleo slew a dragon last, so she begins. Everyone draws a
village card (each passes on by itself, back to Cleo), then 14 turns: objects, treasures,
a dragon slain, a trade, a battle lost to a Hydra (her turn ends with it), boots that turn
over a second card, a steal and a destroy, until Dirk holds three treasures. The script
keeps the collections itself and checks the win and every player's row against them.
"""
from drive import to_row
from whole_game import WholeGame

from wyrm.store import Store

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]
OBJECTS = ["Torch", "Boots", "Magic wand", "Sword", "Gem", "Spell book", "Key", "Shield",
           "Helmet", "Magic potion"]
# a player's list: lost to a beast (row 0), five objects (1-5), treasures (6), five
# objects (7-11), beasts (12), "Next turn" (13), trade, steal, destroy, take one away; it
# wraps and opens on Treasures every time
ROWS = 18
LOST, TREASURES, BEASTS, NEXT, TRADE, STEAL, DESTROY, TAKE = 0, 6, 12, 13, 14, 15, 16, 17


def _dist(frm, to):
    k = (to - frm) % ROWS
    return min(k, ROWS - k)


def _moves(frm, to):
    k = (to - frm) % ROWS
    if k == 0:
        return ""
    return ("down*%d," % k) if k <= ROWS - k else ("up*%d," % (ROWS - k))


def _steps(options, opens, to):
    # from the entry a chooser opens on (the first if absent) to ``to``: it wraps
    frm = options.index(opens) if opens in options else 0
    k = (options.index(to) - frm) % len(options)
    if k == 0:
        return ""
    return ("down*%d," % k) if k <= len(options) - k else ("up*%d," % (len(options) - k))


def _row(what):
    if what in ("beasts", "treasures"):
        return {"beasts": BEASTS, "treasures": TREASURES}[what]
    o = OBJECTS.index(what)
    return o + 1 if o < 5 else o + 2


class Table:
    """The collections as the table holds them, and the card each player entered last
    (a steal or destroy offers that player's objects from it, if it is an object)."""

    def __init__(self):
        self.cards = {p: {"objects": [0] * 10, "beasts": 0, "treasures": 0} for p in NAMES}
        self.last = {p: None for p in NAMES}

    def add(self, p, what, n=1):
        c = self.cards[p]
        if what in ("beasts", "treasures"):
            c[what] += n
        else:
            c["objects"][OBJECTS.index(what)] += n

    def count(self, p, what):
        c = self.cards[p]
        return c[what] if what in ("beasts", "treasures") else c["objects"][OBJECTS.index(what)]

    def kinds(self, p):
        return sum(1 for v in self.cards[p]["objects"] if v)

    def total(self, p):
        c = self.cards[p]
        return sum(c["objects"]) + c["beasts"] + c["treasures"]

    def winners(self):
        # the rulebook: 7 different objects, 3 slain beasts or 3 treasures
        return [p for p in NAMES if self.kinds(p) >= 7 or self.cards[p]["beasts"] >= 3
                or self.cards[p]["treasures"] >= 3]

    def row_text(self, p):
        c = self.total(p)
        right = "%d card%s %d/7" % (c, "" if c == 1 else "s", self.kinds(p))
        return p + " " * max(1, 20 - len(p) - len(right)) + right


def play(state_dir, board):
    Store(str(state_dir)).save("table", NAMES)
    g = WholeGame(state_dir, board)
    t = Table()
    order = ["Cleo", "Dirk", "Anna", "Ben"]  # clockwise from Cleo (the seats: Anna first)
    at = {}  # where the cursor is in the list open now

    def card(p, what):
        # the card p turned over: walk to its row in p's list, OK adds it. A second card
        # in a turn (the cursor on "Next turn") takes the shorter way: the walk, or BACK and
        # OK (the game menu, on whose turn it is: their list again, on Treasures)
        row = _row(what)
        frm = at.get(p, TREASURES)
        if 2 + _dist(TREASURES, row) < _dist(frm, row):
            g.nav("back,ok")
            g.expect("== %s cards ==" % p, "> Treasures")
            frm = TREASURES
        g.do(_moves(frm, row) + "ok")
        t.add(p, what)
        t.last[p] = what  # (a steal or destroy offers p's objects from it, if an object)
        at[p] = NEXT
        g.expect("== %s cards ==" % p, "%s: %d" % (
            {"beasts": "Beasts slain", "treasures": "Treasures"}.get(what, what),
            t.count(p, what)))

    def pass_on(p, nxt):
        g.expect("> Next turn: " + nxt)
        g.pass_turn("ok")
        at.clear()
        g.expect("== %s cards ==" % nxt)

    def turn(p):
        g.turn()
        g.expect("== %s cards ==" % p)

    # -- setup: the table's names are in; open the game, four players, Cleo begins
    g.nav(to_row("DrachenSchatten"))
    g.expect("== DrachenSchatten ==", "> New game")
    g.nav("ok")
    g.expect("== Players ==", "4")
    g.nav("ok")  # the table's count
    g.expect("== Last dragon slayer ==", "> Anna", "Random")
    g.do("down*2,ok")  # Cleo
    # everyone draws one village card, clockwise from Cleo: each card opens the next
    # player's list by itself, the last one Cleo's for her first turn
    deal = [("Cleo", "Torch"), ("Dirk", "Boots"), ("Anna", "Sword"), ("Ben", "Gem")]
    for k, (p, what) in enumerate(deal):
        g.expect("== %s cards ==  village" % p, "> Treasures")
        g.do(_moves(TREASURES, _row(what)) + "ok")
        t.add(p, what)
        t.last[p] = what
        g.expect("== %s cards ==" % order[(k + 1) % 4], "%s: %s" % (p, what), "> Treasures")
    g.expect("== Cleo cards ==  1 kind")

    # -- the turns
    turn("Cleo")
    card("Cleo", "Shield")
    pass_on("Cleo", "Dirk")

    turn("Dirk")
    card("Dirk", "treasures")
    pass_on("Dirk", "Anna")

    turn("Anna")  # a dragon: her sword slays it
    card("Anna", "beasts")
    pass_on("Anna", "Ben")

    turn("Ben")  # a second gem: he trades a (used) gem for Anna's used sword
    card("Ben", "Gem")
    g.nav(_moves(NEXT, TRADE) + "ok")  # "Trade objects": he holds only gems (no choice)
    g.expect("== Trade with ==", "> Anna")
    g.do("ok")  # Anna, who holds only her sword (nothing to choose)
    g.expect("Ben got Sword; Anna", "got Gem", "> Next turn: Cleo")
    t.add("Ben", "Gem", -1)
    t.add("Anna", "Gem")
    t.add("Anna", "Sword", -1)
    t.add("Ben", "Sword")
    pass_on("Ben", "Cleo")

    turn("Cleo")  # a Hydra, and no potion nor sword: her whole collection is lost
    g.do(_moves(TREASURES, LOST) + "ok")
    g.expect("Cleo lost a battle", "> Yes")
    g.nav("ok")  # her turn is over: Dirk's cards open
    t.cards["Cleo"] = {"objects": [0] * 10, "beasts": 0, "treasures": 0}
    g.expect("== Dirk cards ==", "Cleo lost every")
    at.clear()

    turn("Dirk")
    card("Dirk", "Key")
    pass_on("Dirk", "Anna")

    turn("Anna")
    card("Anna", "treasures")
    pass_on("Anna", "Ben")

    turn("Ben")  # boots, used at once to turn over a second card: a treasure
    card("Ben", "Boots")
    card("Ben", "treasures")
    pass_on("Ben", "Cleo")

    turn("Cleo")
    card("Cleo", "Helmet")
    pass_on("Cleo", "Dirk")

    turn("Dirk")
    card("Dirk", "treasures")
    pass_on("Dirk", "Anna")

    turn("Anna")  # a magic wand: she steals Ben's used boots
    card("Anna", "Magic wand")
    g.nav(_moves(NEXT, STEAL) + "ok")  # "Steal an object"
    g.expect("== Steal from ==")
    g.do(_moves(0, ["Ben", "Cleo", "Dirk"].index("Ben")) + "ok")
    g.expect("== Anna steals ==")
    held = [o for o in OBJECTS if t.count("Ben", o)]  # his objects, the one he changed last
    g.do(_steps(held, t.last["Ben"], "Boots") + "ok")
    t.add("Ben", "Boots", -1)
    t.add("Anna", "Boots")
    g.expect("== Anna cards ==", "Anna stole Ben's", "> Next turn: Ben")
    pass_on("Anna", "Ben")

    turn("Ben")  # a spell book: he destroys Anna's used wand
    card("Ben", "Spell book")
    g.nav(_moves(NEXT, DESTROY) + "ok")  # "Destroy an object"
    g.expect("== Destroy whose ==")
    g.do(_moves(0, ["Anna", "Cleo", "Dirk"].index("Anna")) + "ok")
    held = [o for o in OBJECTS if t.count("Anna", o)]
    g.do(_steps(held, t.last["Anna"], "Magic wand") + "ok")
    t.add("Anna", "Magic wand", -1)
    g.expect("== Ben cards ==", "Ben destroyed")
    pass_on("Ben", "Cleo")

    turn("Cleo")
    card("Cleo", "Sword")
    pass_on("Cleo", "Dirk")

    turn("Dirk")  # his third treasure
    g.do(_moves(TREASURES, TREASURES) + "ok")
    t.add("Dirk", "treasures")
    g.end()

    # -- the win, and every player's collection as the table counts it
    won = t.winners()
    assert won == ["Dirk"], won
    g.expect("== Game over ==", "Dirk wins!", "Dirk: 3 treasures")
    g.nav("ok")
    g.nav("back")
    g.expect("> Won: Dirk", *[t.row_text(p) for p in NAMES])
    return g
