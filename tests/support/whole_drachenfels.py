"""Drachenfels, a whole game for three: Anna (red), Ben (yellow) and Cleo (green).

The rulebook: the youngest (Cleo) begins, then clockwise. Most turns are played with
the cards alone and need no press: the device names the knight after the last one that
used it, the row under it the knight after that one. In phase one each knight takes its
armour at the royal castle (a point card ends that turn); in phase two a knight that
reaches a rock castle looks whether its princess is there: the one who finds the princess
with their own shoe colour wins. The script looks into the castles in the order 1-4, each
knight skipping the castles it has seen (the list opens on the first of those), and works
out the winner from where Wyrm hid the princesses.
"""
from drive import to_row
from whole_game import WholeGame

from wyrm.store import Store

NAMES = ["Anna", "Ben", "Cleo"]
YOUNGEST = 2
PLAIN_BEFORE = 2  # rounds played with the cards alone before the knights reach the castle
PLAIN_BETWEEN = 1  # ... and between the armour and the rock castles


def _moves(frm, to):
    """Cursor moves from row ``frm`` to row ``to`` of the castle list, with a comma."""
    if to > frm:
        return "down*%d," % (to - frm)
    if to < frm:
        return "up*%d," % (frm - to)
    return ""


def play(state_dir, board):
    Store(str(state_dir)).save("table", NAMES)
    g = WholeGame(state_dir, board)
    g.nav(to_row("Drachenfels"))
    g.nav("ok")  # New game
    g.expect("== Knights in play ==  3")  # the table's three: red, yellow, green ticked
    g.do("ok")  # they play: Start game (the cursor is on it)
    g.expect("== Youngest begins ==")
    g.do("down*2,ok")  # Cleo
    g.nav("ok")  # the setup page (the deck and the princesses)
    castles = Store(str(state_dir)).load("drachenfels")["rules"]["castles"]
    seat = YOUNGEST

    def plain(rounds):
        for _ in range(rounds * 3):
            g.turn()  # played with the cards alone: no press (the device waits on its knight)

    plain(PLAIN_BEFORE)  # ... and it is the youngest's turn again
    for _ in range(3):  # each knight reaches the royal castle
        g.turn()
        g.do("ok")  # "Armour: <name>" (the cursor waits on it): the turn is over
        seat = (seat + 1) % 3
        g.expect("== Drachenfels ==  " + NAMES[seat])
    plain(PLAIN_BETWEEN)
    seen = [set(), set(), set()]
    winner = None
    missed = False
    checks = 0
    while winner is None:
        g.turn()
        if checks == 1:
            # the knight Wyrm names plays a turn with the cards alone and the one after it
            # reaches a rock castle: its row is right under the named one's
            g.expect("> Castle check: " + NAMES[seat])
            seat = (seat + 1) % 3
            g.turn()
            g.expect("Castle check: " + NAMES[seat])
            g.do("down,ok")  # Castle check: which castle?
        else:
            g.expect("> Castle check: " + NAMES[seat])
            g.do("ok")  # Castle check: which castle?
        checks += 1
        unseen = sorted(set(range(4)) - seen[seat])
        c = unseen[0]  # (the list opens on the first castle the knight has not seen)
        g.do(_moves(unseen[0], c) + "ok")
        # looked, hidden from the others; letting go ends the look (and a miss the turn)
        g.do("press:ok,wait:300,release:ok")
        seen[seat].add(c)
        if castles[c] == seat:  # the knights are colours 0-2 in seat order
            winner = seat
            g.end()
            break
        if not missed:
            missed = True
            g.expect("Missed! Rainbows")  # the new rule, over the menu (no press)
        seat = (seat + 1) % 3
    g.expect("== Game over ==", NAMES[winner] + " wins!")
    return g
