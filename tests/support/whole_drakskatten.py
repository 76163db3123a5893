"""A whole Drakskatten game for three, from power-on to the winner, as the rulebook plays it.

Anna, Ben and Cleo roll off for the start; then every turn is a move (1d6), a move into a
room (a new monster card: its DEFENCE and ATTACK, opening on the average card met, then the
fight), or the fight going on from the turn before. Hits bring treasure cards (each card's
silver is entered on the result: it opens on the average silver card at the table), the
monster's strikes (by themselves after a miss) bring misses, injuries (the player hands in
the cheapest cards, which the result offers first) and death. Numbers are stepped by taps.
The first to hold 1,500 silver walks back to the staircase and wins.

The script reads only the dice the device rolled; what follows from them (who begins,
hit or miss, the treasure cards, the injury, who is dead, the silver, the winner) it
works out itself from the rulebook's tables and checks against the screen.
"""
import re

from drive import to_row
from test_drakskatten_ui import treasure_table as treasure
from whole_game import WholeGame

from wyrm.store import Store

NAMES = ["Anna", "Ben", "Cleo"]
# The monster cards drawn, in order (DEFENCE, ATTACK), and the silver on the treasure
# cards drawn (bags and gems; the table reads them off the cards).
MONSTERS = [(8, 1), (7, 2), (9, 0), (6, 3), (8, -1), (10, 1), (7, 0), (9, 2), (5, 4),
            (8, 0), (6, 1), (9, -2), (7, 3), (8, 2), (10, 0), (6, 0)] * 4
SILVER = [200, 150, 300, 100, 250, 50, 200, 350, 150, 100, 300, 200] * 10
STEP = 50  # a card's silver is stepped in
TURNS = 120  # enough for a game; the test fails if nobody has won by then


# -- the rulebook's tables -----------------------------------------------------------
def attack_result(total):
    if total <= 9:
        return 0  # MISS
    if total <= 11:
        return 1  # LIGHT INJURY: lose 1 card
    if total == 12:
        return 2  # INJURY: lose 2
    if total == 13:
        return 3  # SEVERE INJURY: lose 3
    return 4  # DEATH


def combine(cur, new):
    if new == 0:
        return cur
    if new == 4 or cur == 3:
        return 4
    if cur == new:
        return cur + 1
    return max(cur, new)


WORDS = ("MISS", "LIGHT INJURY", "INJURY", "SEVERE INJURY", "DEATH")


class Player:
    def __init__(self, name):
        self.name = name
        self.cards = []  # silver of each bag or gem held
        self.injury = 0
        self.fight = None  # (DEF, ATT) while a fight goes on
        self.moves = 0

    def silver(self):
        return sum(self.cards)


def typical(players):
    """Where a won card's silver opens: the average of the silver cards held at the table,
    to the nearest 50 (none: 0)."""
    held = [v for p in players for v in p.cards if v]
    if not held:
        return 0
    return (sum(held) + len(held) * STEP // 2) // (len(held) * STEP) * STEP


def _num(pattern, text):
    m = re.search(pattern, text)
    assert m, "%r not in\n%s" % (pattern, text)
    return [int(g) for g in m.groups()]


def _card_line(k, n, value, total):
    # the result's line for card k (from 0) of n won: "Card 2/3 +200 = 850" (one card:
    # "Silver +200 = 850"), short when it would run into the arrows
    if n == 1:
        s = "Silver +%d = %d" % (value, total)
        return s if len(s) <= 19 else "Silver +%d=%d" % (value, total)
    for form in ("Card %d/%d +%d = %d", "Card %d/%d +%d=%d", "%d/%d +%d=%d"):
        s = form % (k + 1, n, value, total)
        if len(s) <= 19:
            break
    return s


SEED = 26  # a game whose fights hit, miss, injure (cards and silver lost) and kill


def play(state_dir, board, seed=SEED):
    Store(str(state_dir)).save("table", NAMES)
    g = WholeGame(state_dir, board, seed)
    g.seen = set()  # what the fights brought: "hit", "miss", "injury", "death", "lost"
    monsters = iter(MONSTERS)
    values = iter(SILVER)
    last = [7, 0]  # the fight row's monster before the first card
    met = []  # the monster cards entered, (DEFENCE, ATTACK)

    # -- setup: the game, three players (the table's), the roll-off --
    g.nav(to_row("Drakskatten"))
    g.expect("How many players?", "3")
    g.nav("ok")
    g.d.wait(600)
    text = g.expect("== Roll-off ==")
    while "starts!" not in text:  # only the tied highest roll again
        text = g.do("ok")
        g.d.wait(600)
        text = g.text()
    rolls = {n: int(r) for n, r in re.findall(r"(Anna|Ben|Cleo)\s+(?:> )?(\d)", text)}
    best = max(rolls.values())
    first = [n for n in NAMES if rolls.get(n) == best]
    if len(first) == 1:
        assert first[0] + " starts!" in text
    winner_of_rolloff = re.search(r"(\w+) starts!", text).group(1)
    assert rolls.get(winner_of_rolloff) == best
    g.nav("ok")  # OK: play
    cur = NAMES.index(winner_of_rolloff)
    players = [Player(n) for n in NAMES]

    def on_turn(p):
        t = g.text()
        assert t.splitlines()[0].endswith(p.name), g.where()
        return t

    def spinner_to(value, now, step=1):
        # the taps that step a number from ``now`` to ``value`` (a hold lets the number
        # run, but where a person lets go is not exact: taps, as a careful player does)
        k = abs(value - now) // step
        return ("%s*%d" % ("up" if value > now else "down", k)) if k else ""

    def likely():
        # where a new card's values open: the average card met, to the nearest (half up),
        # before the first card the fight row's
        if not met:
            return last
        n = len(met)
        return [(2 * sum(m[k] for m in met) + n) // (2 * n) for k in (0, 1)]

    def new_monster():
        # from the move: DOWN into the room, the card's DEFENCE, then ATTACK: the attack
        d, a = next(monsters)
        opens = likely()
        g.nav("down")
        g.expect("Monster DEFENCE", "\n%d\n" % opens[0])
        keys = spinner_to(d, opens[0])
        if keys:
            g.value(keys)  # the card's number, as a pencil writes it
        g.do("ok")  # (the OK that chooses the value, as the ATTACK's below)
        g.expect("Monster ATTACK", "\n%d\n" % opens[1])
        keys = spinner_to(a, opens[1])
        if keys:
            g.value(keys)
        last[:] = [d, a]
        met.append((d, a))
        g.do("ok")  # ... and the player attacks at once
        return d, a

    def resolve(p, d, a):
        # the fight's result on the screen, checked against the rulebook; then the pass
        g.d.wait(600)
        t = g.text()
        roll = _num(r"Roll (\d+) (?:<=|>) DEFENCE", t)[0]
        if roll <= d:
            assert "HIT" in t, g.where()
            r, plus = _num(r"1d6 (\d)([+-]\d+):", t)
            n = treasure(r + plus)
            assert plus == a
            assert ("%d card" % n if n else "no card") in t, g.where()
            p.fight = None
            g.seen.add("hit")
            if not n:
                g.pass_turn("ok")
                return
            # each card's silver on the result itself: OK takes it, the last OK passes
            for k in range(n):
                v = next(values)
                opens = typical(players)
                g.expect(_card_line(k, n, opens, p.silver() + opens))
                keys = spinner_to(v, opens, STEP)
                if keys:
                    g.value(keys)
                p.cards.append(v)
                g.expect(_card_line(k, n, v, p.silver()))
                if k < n - 1:
                    g.do("ok")
                else:
                    g.pass_turn("ok")
            return
        assert "MISS" in t and "its attack follows" in t, g.where()
        g.d.wait(1200)  # the monster strikes back by itself
        t = g.text()
        roll = _num(r"Roll (\d+) (?:\+ ATT|\(ATT)", t)[0]
        code = attack_result(roll + max(a, 0))
        after = combine(p.injury, code)
        assert WORDS[code] in t, g.where()
        g.seen.add(("miss", "injury", "injury", "injury", "death")[code])
        if after == 4:
            g.seen.add("death")
        if after == 4:  # death: start over, no treasure
            p.cards = []
            p.injury = 0
            p.fight = None
            g.expect("OK: %s's turn" % NAMES[(cur + 1) % 3])
            g.pass_turn("ok")
            return
        p.injury = after
        p.fight = (d, a)
        lost = min(len(p.cards), (0, 1, 2, 3)[code])
        if lost:
            p.cards.sort()
            gone = p.cards[:lost]  # the player hands in the cheapest: offered first
            del p.cards[:lost]
            g.seen.add("lost")
            g.expect("Lose %s = %d" % ("+".join(str(v) for v in gone), p.silver()))
            g.pass_turn("ok")
            return
        g.expect("OK: %s's turn" % NAMES[(cur + 1) % 3])
        g.pass_turn("ok")

    winner = None
    for _ in range(TURNS):
        p = players[cur]
        g.turn()
        on_turn(p)
        if p.fight:  # the fight goes on: the cursor is on it, OK attacks
            g.expect("> Fight: DEF %d ATT %d" % p.fight, "Flee")
            g.do("ok")
            last[:] = p.fight
            resolve(p, *p.fight)
        elif p.silver() >= 1500 and p.moves:  # back at the staircase
            g.expect("> Move")
            g.do("ok")
            g.expect("UP: home")  # on the move: UP says the player is back
            g.do("up")
            g.expect("Is %s back at" % p.name, "with %d" % p.silver())
            g.nav("ok")  # Yes
            winner = p
            g.end()
            break
        else:
            g.expect("> Move")
            if p.injury:
                g.nav("ok")  # (no roll: the squares the injury allows)
            else:
                g.do("ok")
            g.expect("Move")
            if p.silver() >= 1500 or p.moves % 2 == 0:
                p.moves += 1
                g.pass_turn("ok")  # only a move
            else:
                p.moves += 1
                d, a = new_monster()
                resolve(p, d, a)
        cur = (cur + 1) % 3
    assert winner is not None, "nobody won in %d turns" % TURNS
    assert g.seen == {"hit", "miss", "injury", "lost", "death"}, g.seen
    g.expect(winner.name.upper(), "WINS!", "%d silver" % winner.silver())
    return g


if __name__ == "__main__":
    import sys
    import tempfile

    for board in ("pico-ssd1306-4btn", "pico-ssd1306-3btn"):
        run = play(tempfile.mkdtemp(), board)
        print(board, run.report())
        if "-v" in sys.argv:
            for k, s, n in run.log:
                print(k, s, n)
