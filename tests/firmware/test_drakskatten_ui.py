"""Drakskatten screens driven through ``step`` from the main menu, as a user would.

The expected outcomes below come from the rulebook's tables (written out here
again), and are checked against the numbers the screens show.
"""
import os
import re

import pytest
from drive import Driver, same_frames, to_row

from host_tools.make import shots
from host_tools.sim import core as simcore

OPEN = to_row("Drakskatten")  # main menu -> Drakskatten
START = OPEN + ",ok"  # ... and OK on "How many players?" (2): the roll-off


# ----- the rulebook's tables, independent of the firmware -----------------------------


def attack_table(total):
    if total <= 9:
        return "MISS"
    if total <= 11:
        return "LIGHT INJURY"
    if total == 12:
        return "INJURY"
    if total == 13:
        return "SEVERE INJURY"
    return "DEATH"


CARDS_LOST = {"LIGHT INJURY": 1, "INJURY": 2, "SEVERE INJURY": 3}
INJURY_LABEL = {"LIGHT INJURY": "LIGHT", "INJURY": "INJURY", "SEVERE INJURY": "SEVERE"}
MOVE = {"LIGHT INJURY": 3, "INJURY": 2, "SEVERE INJURY": 2}


def treasure_table(total):
    if total <= 1:
        return 0
    if total <= 3:
        return 1
    if total <= 6:
        return 2
    if total <= 8:
        return 3
    return 4


def cards_text(n):
    if n == 0:
        return "no card"
    return "1 card" if n == 1 else "%d cards" % n


# ----- helpers ---------------------------------------------------------------------------


def selected(text):
    return [line[2:] for line in text.splitlines() if line.startswith("> ")]


def lines(d):
    return d.text().splitlines()


def goto(d, label, limit=16):
    """Press DOWN until the selected row contains ``label`` (reading the screen)."""
    for _ in range(limit):
        if any(label in s for s in selected(d.text())):
            return
        d.keys("down")
    raise AssertionError("no %r in\n%s" % (label, d.text()))


def pick(d, label):
    goto(d, label)
    d.keys("ok")


def roll_off(d):
    """Through the roll-off at New game (ties roll again); returns who begins."""
    d.wait(600)
    for _ in range(8):
        m = re.search(r"^(\w+) starts!$", d.text(), re.M)
        if m:
            break
        d.keys("ok,wait:600")  # a tie: the tied highest roll again
    assert "OK: play" in d.text() or not d.app.tall
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  %s" % m.group(1)
    return m.group(1)


def start(tmp_path, seed=1, players=2, **kw):
    """A new game from power-on; the roll-off, then the turns passed on to Red."""
    os.makedirs(str(tmp_path), exist_ok=True)
    d = Driver(tmp_path, seed=seed, **kw)
    d.keys(OPEN)
    assert "How many players?" in d.text()
    d.keys("up*%d,ok" % (players - 2) if players > 2 else "ok")
    if players > 1:
        roll_off(d)
    turn_to(d, "Red")
    return d


def to_menu(d):
    for _ in range(6):
        if lines(d)[0].startswith("== Drakskatten =="):
            return
        d.keys("back")
    raise AssertionError(d.text())


def turn_to(d, name="Red"):
    """Pass the turn on with "Next turn" until it is ``name``'s."""
    to_menu(d)
    for _ in range(8):
        if lines(d)[0] == "== Drakskatten ==  %s" % name:
            break
        goto(d, "Next turn")
        d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  %s" % name


def player_screen(d, name="Red"):
    """The player's screen: from the menu's row on their turn, else from Players."""
    to_menu(d)
    if lines(d)[0].endswith("  " + name):
        pick(d, "%s: " % name)
    else:
        pick(d, "Players (")
        pick(d, "%s: " % name)
    assert lines(d)[0] == "== %s ==" % name


def set_cards(d, n):
    player_screen(d)
    pick(d, "Treasure cards")
    d.keys("up*%d,ok" % n)
    assert "Treasure cards: %d" % n in d.text()
    to_menu(d)


def give(d, *names):
    player_screen(d)
    pick(d, "Magic items")
    for name in names:
        goto(d, name)
        d.keys("ok")
        assert "\x05 " + name in d.text()
    to_menu(d)


def set_injury(d, steps):
    player_screen(d)
    pick(d, "Injury")
    d.keys("up*%d,ok" % steps)
    to_menu(d)


def own_dice(d):
    to_menu(d)
    pick(d, "My own dice")
    assert "My own dice: on" in d.text()
    goto(d, "Fight:")


def fight_screen(d, name="Red"):
    to_menu(d)
    goto(d, "Fight:")
    d.keys("ok")
    assert lines(d)[0].startswith("== %s fights" % name)


def new_monster(d, up_def, up_att):
    """On the fight screen: New monster, DEFENCE and ATTACK spinners (+ = up)."""
    pick(d, "New monster")
    assert "Monster DEFENCE" in d.text()
    d.keys(("up*%d," % up_def if up_def > 0 else "down*%d," % -up_def if up_def else "") + "ok")
    assert "Monster ATTACK" in d.text()
    d.keys(("up*%d," % up_att if up_att > 0 else "down*%d," % -up_att if up_att else "") + "ok")


def player_field(d, label, name="Red"):
    player_screen(d, name)
    for line in lines(d):
        s = line[2:] if line.startswith("> ") else line
        if s.startswith(label):
            to_menu(d)
            return s[len(label):].strip()
    goto(d, label)
    s = selected(d.text())[0]
    to_menu(d)
    return s[len(label):].strip()


# ----- opening ---------------------------------------------------------------------------


def test_second_main_menu_entry_opens_the_game_and_asks_players(tmp_path):
    """From power-on DOWN, OK opens Drakskatten; it asks for 1..6 players, they roll off
    (the highest begins), and OK on the result goes on to the winner's turn, on Move."""
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert lines(d)[0] == "== How many players? =="
    d.keys("up*9,ok")  # held at the top: 6 players at most
    d.wait(600)
    t = d.text()
    assert lines(d)[0].startswith("== Roll-off ==")
    for name in ("Red", "Blue", "Green", "Yellow", "White", "Black"):
        assert name in t
    first = roll_off(d)
    t = d.text()
    assert selected(t) == ["Move: roll 1d6"]
    assert "Fight: DEF 7 ATT 0" in t and "New monster" in t and "Next turn:" in t
    assert "%s: 0 silver" % first in t
    pick(d, "Players (")
    assert "Players (6)" not in d.text()
    names = [line.split(":")[0].lstrip("> ") for line in lines(d)[1:]]
    assert names == ["Red", "Blue", "Green", "Yellow", "White", "Black"]
    assert "Add player" not in d.text()
    assert d.errors() == []


def test_next_turn_passes_back_leaves_and_the_undo_row_takes_it_back(tmp_path):
    """OK on "Next turn: Blue" makes it Blue's turn (title, cursor on Move). BACK right
    after leaves the game, also after cursor moves and a quick roll: the pass stands.
    The menu's last row, "Undo pass to Blue" (two UP from Move), gives it back to Red
    with the cursor on "Next turn: Blue"."""
    d = start(tmp_path, players=3)
    goto(d, "Next turn: Blue")
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    assert selected(d.text()) == ["Move: roll 1d6"] and "Next turn: Green" in d.text()
    d.keys("down,up,chord:up+down,wait:600,back")  # moves, a quick roll, back to the menu
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    d.keys("back")
    assert lines(d)[0] == "== Wyrm =="
    d.keys("ok")  # reopened: Blue's turn, nothing to undo
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    goto(d, "Next turn: Green")
    d.keys("ok,up*2")
    assert selected(d.text()) == ["Undo pass to Green"]
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue" and "Back to Blue" in d.text()
    assert selected(d.text()) == ["Next turn: Green"]
    assert d.errors() == []


@pytest.mark.parametrize("turn, removed, then", [
    ("Green", "Green", "Red"),  # the last seat's own turn: round to seat 1
    ("Blue", "Blue", "Green"),  # a middle seat's own turn: the next seat
    ("Green", "Red", "Green"),  # a seat before: the same player
    ("Blue", "Green", "Blue"),  # a seat after: the same player
])
def test_removing_a_player_keeps_the_turn_going_round(tmp_path, turn, removed, then):
    """Removing a player: whose turn it was stays theirs; removing the player whose turn
    it is gives it to the next seat, and from the last seat round to the first."""
    d = start(tmp_path, players=3)
    turn_to(d, turn)
    pick(d, "Players (3)")
    pick(d, removed + ":")
    pick(d, "Remove player")
    assert "Remove %s from the game?" % removed in " ".join(lines(d))
    d.keys("up,ok")  # Yes
    to_menu(d)
    assert lines(d)[0] == "== Drakskatten ==  " + then
    goto(d, "Players (2)")
    assert d.errors() == []


# ----- the fight --------------------------------------------------------------------------

def _setup(d):
    """Red gets 3 treasure cards, then the fight screen: monster DEF 7->6, ATT 0->5."""
    set_cards(d, 3)
    fight_screen(d)
    new_monster(d, -1, 5)


def _run_fight(seed, tmp):
    """Run the full sequence; return the driver and the texts after each step."""
    d = start(tmp, seed=seed)
    _setup(d)
    seen = {"setup": d.text()}
    d.keys("ok")
    seen["attack"] = d.text()
    if "MISS" not in seen["attack"]:
        return d, seen
    d.wait(2000)  # the monster strikes by itself
    seen["strike"] = d.text()
    d.keys("ok")  # OK: Blue's turn
    seen["next"] = d.text()
    turn_to(d, "Red")
    seen["menu"] = d.text()
    d.keys("ok")  # the cursor is on the fight that goes on: its OK attacks
    seen["again"] = d.text()
    return d, seen


def _wanted(seen):
    strike = seen.get("strike", "")
    return ("MISS" in seen["attack"]
            and any(("\n> %s\n" % n) in strike for n in ("LIGHT INJURY", "INJURY", "SEVERE INJURY"))
            and "HIT" in seen.get("again", ""))


@pytest.fixture(scope="module")
def fight_seed(tmp_path_factory):
    """A seed whose fight goes: miss, the monster injures Red, then a hit (searched once)."""
    for seed in range(1, 400):
        d, seen = _run_fight(seed, tmp_path_factory.mktemp("s%d" % seed))
        if _wanted(seen):
            return seed
    raise AssertionError("no seed gives miss / injury / hit")


def test_full_fight_miss_injury_then_hit_and_treasure(tmp_path, fight_seed):
    """Set the monster, attack, miss, the injury is applied; fight again: hit and treasure."""
    d, seen = _run_fight(fight_seed, tmp_path)
    assert selected(seen["setup"]) == ["Fight! DEF 6 ATT 5"]
    assert seen["setup"].splitlines()[0] == "== Red fights =="
    # The player's attack: 2d6 above DEFENCE 6 misses.
    a = seen["attack"].splitlines()
    assert a[0] == "== Red attacks =="
    roll = int(re.match(r"Roll (\d+) > DEFENCE 6$", a[1]).group(1))
    assert roll > 6
    assert "its attack follows" in seen["attack"]
    # The monster strikes back: 2d6 + 5, read from the table.
    s = seen["strike"].splitlines()
    assert s[0] == "== Monster attacks Red =="
    m = re.match(r"Roll (\d+) \+ ATT 5 = (\d+)$", s[1])
    mroll, total = int(m.group(1)), int(m.group(2))
    assert total == mroll + 5 and 2 <= mroll <= 12
    name = attack_table(total)
    assert s[2] == "> " + name
    lost = CARDS_LOST[name]
    assert s[3] == "lose %d treasure card%s" % (lost, "" if lost == 1 else "s")
    assert s[4] == "now %s - move %d" % (INJURY_LABEL[name], MOVE[name])
    assert s[5] == "Lose %s = 0" % "+".join(["0"] * lost)  # (Red's cards: no silver)
    # OK passed the turn to Blue (the title bar says whose turn it is), on Move.
    assert seen["next"].splitlines()[0] == "== Drakskatten ==  Blue"
    assert selected(seen["next"]) == ["Move: roll 1d6"]
    # Applied: the game menu, and the player screen, show it.
    assert "Move: %d squares" % MOVE[name] in seen["menu"]
    assert selected(seen["menu"]) == ["Fight: DEF 6 ATT 5"]  # Red's fight goes on
    # The same monster again: a hit, and treasure 1d6 + 5.
    h = seen["again"].splitlines()
    assert re.match(r"Roll (\d+) <= DEFENCE 6$", h[1])
    assert h[2] == "HIT"
    t = re.match(r"1d6 (\d)\+5: (.*)$", h[3])
    won = treasure_table(int(t.group(1)) + 5)
    assert t.group(2) == cards_text(won)
    # each card's silver is set on the result itself (none of them silver here): an OK each
    first = "Silver +0 = 0" if won == 1 else "Card 1/%d +0 = 0" % won
    assert h[4:] == ([first, "OK: Blue's turn"] if won else ["OK: Blue's turn"])
    d.keys("ok*%d" % max(won, 1))
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    assert player_field(d, "Treasure cards:") == str(3 - lost + won)
    assert player_field(d, "Injury:") == INJURY_LABEL[name]
    assert d.errors() == []


def test_repeat_fight_reaches_its_result_in_three_presses(tmp_path):
    """From the game menu a fight against the last monster ends in a result after at most 3 keys."""
    outcomes = set()
    for seed in range(1, 9):
        d = start(tmp_path / str(seed), seed=seed)
        fight_screen(d)
        new_monster(d, 0, 3)  # DEF 7 ATT 3, then one fight to make them the last values
        d.keys("ok")
        to_menu(d)
        assert selected(d.text()) == ["Fight: DEF 7 ATT 3"]
        presses = ["ok", "ok"]  # Fight [OK], OK: roll the attack
        d.keys(",".join(presses))
        if "HIT" in d.text():
            assert re.search(r"1d6 \d\+3: (no card|\d cards?)", d.text())
            outcomes.add("hit")
        else:
            assert "MISS" in d.text()
            presses.append("ok")  # OK: the monster's attack
            d.keys("ok")
            assert lines(d)[0] == "== Monster attacks Red =="
            outcomes.add("struck")
        assert len(presses) <= 3
        assert d.errors() == []
    assert outcomes == {"hit", "struck"}


def _a_miss(tmp_path, own=False):
    # a new game, Red against DEF 2 (a 2d6 attack misses unless it is 2): the first seed
    # whose attack misses; the driver on the MISS
    for seed in range(1, 20):
        d = start(tmp_path / str(seed), seed=seed)
        if own:
            own_dice(d)
        fight_screen(d)
        new_monster(d, -5, 0)
        d.keys("ok" if not own else "ok,up,ok")  # (own dice: a typed 8)
        if "MISS" in d.text():
            return d
    raise AssertionError("no miss")


def test_after_a_miss_the_monster_strikes_by_itself(tmp_path):
    """With the device's dice, a miss shows "MISS", "The monster strikes" and "its attack
    follows"; without a key the monster's attack is rolled after a moment (still the miss
    just before it), and OK right away strikes at once."""
    d = _a_miss(tmp_path)
    assert "The monster strikes" in d.text() and "its attack follows" in d.text()
    d.wait(700)  # (the key script's settle time: 1.3 s since the roll landed)
    assert "MISS" in lines(d) and "Monster attacks" not in d.text()
    d.wait(700)
    assert lines(d)[0] == "== Monster attacks Red ==" and "OK: Blue's turn" in d.text()
    assert d.errors() == []
    d = _a_miss(tmp_path / "ok")
    d.keys("ok")
    assert lines(d)[0] == "== Monster attacks Red =="


def test_after_a_typed_miss_the_monster_waits_for_its_dice(tmp_path):
    """With my own dice the monster's 2d6 are typed in: after a miss nothing happens by
    itself ("OK: enter its 2d6"); OK asks for its roll."""
    d = _a_miss(tmp_path, own=True)
    assert "OK: enter its 2d6" in d.text()
    d.wait(3000)
    assert "MISS" in lines(d)
    d.keys("ok")
    assert lines(d)[0] == "== Monster's 2d6 =="
    assert d.errors() == []


def test_new_monster_values_cost_one_press_per_step_plus_confirm(tmp_path):
    """Each UP/DOWN in a value spinner is one step; one OK confirms; the values are remembered."""
    d = start(tmp_path)
    fight_screen(d)
    pick(d, "New monster")  # the DEFENCE spinner opens with the last value
    assert "7" in lines(d)
    for v in (8, 9, 10):
        d.keys("up")
        assert str(v) in lines(d)
    d.keys("ok")  # 3 steps + 1 confirm
    assert lines(d)[0] == "== Monster ATTACK =="
    assert "0" in lines(d)
    d.keys("down")
    d.keys("down")
    assert "-2" in lines(d)
    d.keys("ok")  # 2 steps + 1 confirm
    assert selected(d.text()) == ["Fight! DEF 10 ATT -2"]
    d.keys("back")
    assert "Fight: DEF 10 ATT -2" in d.text()
    d.reboot()  # the game comes back by itself
    assert "Fight: DEF 10 ATT -2" in d.text()
    assert d.errors() == []


def test_a_new_monster_opens_on_the_average_card_met(tmp_path):
    """A new monster card's DEFENCE and ATTACK open on the average of the cards entered so far
    (to the nearest, a half up): after DEF 8 ATT 2 and DEF 10 ATT -1 the next opens on DEF 9
    and ATT 1, while the fight row keeps the last monster; a reboot keeps the average."""
    d = start(tmp_path)
    fight_screen(d)
    new_monster(d, 1, 2)  # DEF 8 ATT 2 (the first card opens on the last monster's 7, 0)
    pick(d, "New monster")
    assert "8" in lines(d)  # (the average of one card)
    d.keys("up*2,ok")
    assert "2" in lines(d)
    d.keys("down*3,ok")  # DEF 10 ATT -1
    assert selected(d.text()) == ["Fight! DEF 10 ATT -1"]
    pick(d, "New monster")
    assert lines(d)[0] == "== Monster DEFENCE ==" and "9" in lines(d)
    d.keys("ok")
    assert lines(d)[0] == "== Monster ATTACK ==" and "1" in lines(d)
    d.keys("back")  # nothing changes
    assert "Fight! DEF 10 ATT -1" in d.text()
    d.reboot()
    fight_screen(d)
    pick(d, "New monster")
    assert "9" in lines(d)
    assert d.errors() == []


@pytest.mark.parametrize("met, opens", [([2, 18, 1], "9"), ([0, 0, 0], "8"), ("x", "8"),
                                        ([2, 18], "8"), ([-1, 18, 1], "8"), ([2, 1.5, 1], "8")])
def test_a_saved_average_of_the_monsters_met_opens_the_next(tmp_path, met, opens):
    """The save keeps the monster cards met ([how many, DEFENCE sum, ATTACK sum]): a good one
    opens the next card on their average (2 cards, DEFENCE 18: 9); a bad one is no damage,
    the next card opens on the last monster's DEFENCE (8)."""
    from wyrm.store import Store

    save = _save_with_turn(0)
    save["met"] = met
    Store(str(tmp_path)).save("drakskatten", save)
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert "damaged" not in d.text()
    pick(d, "New monster")
    assert lines(d)[0] == "== Monster DEFENCE ==" and opens in lines(d)
    assert d.errors() == []


def test_new_monster_from_the_menu_attacks_at_once(tmp_path):
    """"New monster" on the game menu: the card's DEFENCE, its ATTACK, and that OK is
    already the attack (into a room: the monster fights at once)."""
    d = start(tmp_path, seed=3)
    pick(d, "New monster")
    assert lines(d)[0] == "== Monster DEFENCE =="
    d.keys("up,ok")
    assert lines(d)[0] == "== Monster ATTACK =="
    d.keys("up*2,ok")
    d.wait(600)
    t = d.text()
    assert lines(d)[0] == "== Red attacks ==" and re.search(r"Roll \d+ (<=|>) DEFENCE 8", t)
    to_menu(d)
    assert "Fight: DEF 8 ATT 2" in d.text()
    assert d.errors() == []


def test_a_move_passes_the_turn_or_goes_into_a_room(tmp_path):
    """The move's 1d6 shows with "OK: Blue's turn" (one OK passes); DOWN goes into a room
    (the new monster's values); BACK keeps the turn, the cursor on New monster."""
    d = start(tmp_path)
    assert selected(d.text()) == ["Move: roll 1d6"]
    d.keys("ok")
    t = lines(d)
    assert t[0] == "== Move 1d6 ==" and t[1] in ("1", "2", "3", "4", "5", "6")
    assert "OK: Blue's turn" in t and "DOWN: into a room" in t
    d.keys("back")
    assert lines(d)[0] == "== Drakskatten ==  Red" and selected(d.text()) == ["New monster"]
    pick(d, "Move")
    d.keys("down")
    assert lines(d)[0] == "== Monster DEFENCE =="
    to_menu(d)
    pick(d, "Move")
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue" and selected(d.text()) == ["Move: roll 1d6"]
    assert d.errors() == []


def test_own_dice_boundaries(tmp_path):
    """My own dice: typed rolls decide: 8 misses DEF 7, 7 hits; monster 10 is LIGHT, 9 a MISS."""
    d = start(tmp_path)
    own_dice(d)
    d.keys("ok")  # fight screen
    d.keys("ok")  # Fight!: enter my 2d6
    assert lines(d)[0] == "== Red: your 2d6 =="
    d.keys("up,ok")  # 7 -> 8
    assert "Roll 8 > DEFENCE 7" in d.text() and "MISS" in lines(d)
    assert "OK: enter its 2d6" in d.text()
    d.keys("ok")
    assert lines(d)[0] == "== Monster's 2d6 =="
    d.keys("up*3,ok")  # 10 + ATT 0
    t = d.text()
    assert "Roll 10 + ATT 0 = 10" in t and "> LIGHT INJURY" in t
    assert "now LIGHT - move 3" in t
    d.keys("ok")  # OK: Blue's turn
    fight_screen(d, "Blue")
    d.keys("ok,up,ok,ok,up*2,ok")  # Blue: typed 8 misses, monster typed 9
    t = d.text()
    assert "Roll 9 + ATT 0 = 9" in t and "MISS" in lines(d) and "nothing happens" in t
    d.keys("ok")  # OK: Red's turn, on the fight that goes on
    assert selected(d.text()) == ["Fight: DEF 7 ATT 0"]
    d.keys("ok,ok")  # Fight: its OK attacks, OK types 7 = DEF 7: a hit
    t = d.text()
    assert "Roll 7 <= DEFENCE 7" in t and "HIT" in lines(d) and "Roll 1d6 for treasure" in t
    d.keys("ok")  # the treasure die is typed too
    assert lines(d)[0] == "== Treasure: your 1d6 =="
    d.keys("down*2,ok")  # 1 + ATT 0 = 1: no card
    t = d.text()
    assert "HIT" in lines(d) and "1d6 1+0: no card" in t and "OK: Blue's turn" in t
    d.keys("ok")
    assert player_field(d, "Injury:") == "LIGHT"
    assert d.errors() == []


def test_own_dice_attack_on_an_amulet_and_a_sword(tmp_path):
    """Items apply by themselves: sword -1 on the player's roll, amulet -1 on the monster's."""
    d = start(tmp_path)
    give(d, "Magic Sword", "Magic Amulet")
    own_dice(d)
    d.keys("ok")
    assert "Sword -1, Amulet -1" in d.text()
    new_monster(d, 1, 2)  # DEF 8 ATT 2
    d.keys("ok,up*2,ok")  # typed 9: 9 - 1 = 8 <= 8 (rulebook example)
    t = d.text()
    assert "Roll 9 -1 sword = 8" in t and "8 <= DEFENCE 8" in t and "HIT" in lines(d)
    d.keys("ok,ok")  # treasure typed 3: 3 + 2 = 5 -> 2 cards
    assert "1d6 3+2: 2 cards" in d.text() and "Card 1/2 +0 = 0" in d.text()
    d.keys("up*2,ok")  # the first card: 100 silver, on the result; the second opens on 100
    assert "Card 2/2 +100 = 200" in d.text()
    d.keys("up*1")
    assert "Card 2/2 +150 = 250" in d.text()
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue" and "Next turn: Red" in d.text()
    turn_to(d, "Red")
    assert "Red: 250 silver" in d.text()
    fight_screen(d)
    d.keys("ok,up*3,ok")  # typed 10: 9 > 8, a miss
    assert "Roll 10 -1 sword = 9" in d.text() and "9 > DEFENCE 8" in d.text()
    d.keys("ok,up*3,ok")  # monster typed 10: 10 + 2 - 1 = 11
    t = d.text()
    assert "10+ATT 2-1 amulet=11" in t and "> LIGHT INJURY" in t
    assert "lose 1 treasure card" in t and "Lose 100 = 150" in t  # the cheaper card first
    d.keys("up")  # the other card
    assert "Lose 150 = 100" in d.text()
    d.keys("ok")  # OK: Blue's turn
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    turn_to(d, "Red")
    assert "Red: 100 silver" in d.text()
    assert player_field(d, "Treasure cards:") == "1"
    assert d.errors() == []


def _won_two_cards(d):
    """My own dice against DEF 8 ATT 2: typed 7 hits, treasure typed 3: 2 cards."""
    own_dice(d)
    d.keys("ok")
    new_monster(d, 1, 2)  # DEF 8 ATT 2
    d.keys("ok,ok")  # typed 7 <= 8: a hit
    d.keys("ok,ok")  # treasure typed 3: 3 + 2 = 5 -> 2 cards


def test_silver_won_is_set_card_by_card_and_the_last_ok_passes(tmp_path):
    """After a won fight the result itself asks each card's silver: UP/DOWN set it (in 50s,
    from 0 up to 5,000), OK takes it and asks the next card, the last OK passes the turn."""
    d = start(tmp_path)
    _won_two_cards(d)
    assert "1d6 3+2: 2 cards" in d.text()
    assert lines(d)[-2:] == ["Card 1/2 +0 = 0", "OK: Blue's turn"]  # (no silver card yet: 0)
    d.keys("down")  # not below 0
    assert "Card 1/2 +0 = 0" in lines(d)
    d.keys("up*101")  # not above 5,000
    assert "Card 1/2 +5000=5000" in lines(d)
    d.keys("down*97")
    assert "Card 1/2 +150 = 150" in lines(d) and lines(d)[0] == "== Red attacks =="
    d.keys("ok")  # the first card taken: the second opens on it (the table's average)
    assert "Card 2/2 +150 = 300" in lines(d) and lines(d)[0] == "== Red attacks =="
    d.keys("up*2,ok")  # 250: added, and Blue's turn
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    turn_to(d, "Red")
    assert "Red: 400 silver" in d.text()
    assert player_field(d, "Treasure cards:") == "2"
    assert d.errors() == []


def test_a_won_card_opens_on_the_average_silver_card_at_the_table(tmp_path):
    """A won card's silver opens on the average of the silver cards all players hold, to the
    nearest 50 (cards worth nothing left out): Blue's 100 and 250 open Red's card on 200
    (175 rounds up), Red's own card without silver does not count."""
    d = start(tmp_path)
    _won_two_cards(d)
    d.keys("up*2,ok,up*3,ok")  # Red: 100 and 250
    turn_to(d, "Red")
    player_screen(d)
    pick(d, "Treasure cards")
    d.keys("up,ok")  # a third card, worth nothing (say a magic item)
    to_menu(d)
    fight_screen(d)
    d.keys("ok,ok,ok,ok")  # (DEF 8 ATT 2 again) typed 7: a hit; treasure typed 3: 2 cards
    assert "Card 1/2 +200 = 550" in lines(d)
    d.keys("down*4,ok")  # 0 (say a magic item): the average stays 200 (350 / 2 = 175)
    assert "Card 2/2 +200 = 550" in lines(d)
    d.keys("down,ok")
    turn_to(d, "Red")
    assert "Red: 500 silver" in d.text()
    assert player_field(d, "Treasure cards:") == "5"
    assert d.errors() == []


def test_a_power_cut_between_two_cards_keeps_the_first(tmp_path):
    """A power cut after the first card's OK: the result comes back asking the second card
    (the first's 150 kept, opening on it), and its OK adds both and passes."""
    d = start(tmp_path)
    _won_two_cards(d)
    d.keys("up*3,ok")  # 150
    d.reboot()
    assert lines(d)[0] == "== Red attacks ==" and "Card 2/2 +150 = 300" in lines(d)
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    turn_to(d, "Red")
    assert "Red: 300 silver" in d.text()
    assert player_field(d, "Treasure cards:") == "2"
    assert d.errors() == []


@pytest.mark.parametrize("up, cards, silver", [(0, "2", "0"), (2, "2", "100")])
def test_back_on_a_result_with_cards_keeps_them(tmp_path, up, cards, silver):
    """BACK on a won result keeps the turn and the cards: the card being set at its silver,
    any card not set yet worth none (the player's page corrects it)."""
    d = start(tmp_path)
    _won_two_cards(d)
    d.keys("up*%d,back" % up if up else "back")
    assert lines(d)[0].startswith("== Red fights") or lines(d)[0].startswith("== Drakskatten")
    to_menu(d)
    assert lines(d)[0] == "== Drakskatten ==  Red"
    assert player_field(d, "Treasure cards:") == cards
    assert player_field(d, "Silver:") == silver
    assert d.errors() == []


def test_fewer_cards_on_the_players_page_take_the_last_won_with_their_silver(tmp_path):
    """On the player's page, fewer treasure cards hand in the last won with their silver
    (100 and 250 held, 1 card: 100 silver left); more add cards worth no silver."""
    d = start(tmp_path)
    _won_two_cards(d)
    d.keys("up*2,ok,up*3,ok")  # 100, then 250
    turn_to(d, "Red")
    assert "Red: 350 silver" in d.text()
    player_screen(d)
    pick(d, "Treasure cards")
    d.keys("down,ok")  # 2 -> 1
    assert "Silver: 100" in d.text() and "Treasure cards: 1" in d.text()
    pick(d, "Treasure cards")
    d.keys("up*2,ok")  # 1 -> 3
    assert "Silver: 100" in d.text() and "Treasure cards: 3" in d.text()
    assert d.errors() == []


def test_won_cards_without_silver_pass_with_an_ok_each(tmp_path):
    """Cards worth no silver (magic items): an OK on each card, the last passes; silver
    unchanged, the cards held."""
    d = start(tmp_path)
    _won_two_cards(d)
    d.keys("ok")
    assert lines(d)[0] == "== Red attacks ==" and "Card 2/2 +0 = 0" in lines(d)
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    turn_to(d, "Red")
    assert "Red: 0 silver" in d.text()
    assert player_field(d, "Treasure cards:") == "2"
    assert d.errors() == []


def test_cards_lost_are_chosen_on_the_result_cheapest_first(tmp_path):
    """An injury that costs cards: the result offers the cheapest ("Lose 0+50 = 350"), UP
    the next dearer choice, DOWN back (never past the cheapest or the dearest); its OK hands
    those cards in with their silver and passes."""
    d = start(tmp_path)
    _won_two_cards(d)
    d.keys("up*2,ok,up*3,ok")  # Red: 100 and 250
    turn_to(d, "Red")
    fight_screen(d)
    d.keys("ok,ok,ok,down,ok")  # (DEF 8 ATT 2) typed 7: a hit; typed 2: 2 + 2 = 4, 2 cards
    assert "Card 1/2 +200 = 550" in lines(d)
    d.keys("down*3,ok")  # 50
    assert "Card 2/2 +150 = 550" in lines(d)  # (100, 250, 50: 133 to the nearest 50)
    d.keys("down*3,ok")  # 0
    turn_to(d, "Red")
    assert "Red: 400 silver" in d.text()
    fight_screen(d)
    d.keys("ok,up*5,ok")  # typed 12 > 8: a miss
    d.keys("ok,up*3,ok")  # the monster typed 10 + ATT 2 = 12: INJURY, 2 cards lost
    assert "> INJURY" in lines(d) and "lose 2 treasure cards" in lines(d)
    assert "Lose 0+50 = 350" in lines(d)
    d.keys("down")
    assert "Lose 0+50 = 350" in lines(d)
    d.keys("up")
    assert "Lose 0+100 = 300" in lines(d)
    d.keys("up")
    assert "Lose 50+100 = 250" in lines(d)
    d.keys("up")
    assert "Lose 0+250 = 150" in lines(d)
    d.keys("up*9")
    assert "Lose 100+250 = 50" in lines(d)
    d.keys("down")
    assert "Lose 50+250 = 100" in lines(d)
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    turn_to(d, "Red")
    assert "Red: 100 silver" in d.text()
    assert player_field(d, "Treasure cards:") == "2"
    assert d.errors() == []


def test_small_screen_shows_the_silver_under_the_result(tmp_path):
    """On 128x32 the card's silver line comes right under the result's word, and UP sets it
    there."""
    d = start(tmp_path, board="pico-ssd1306-128x32")
    _won_two_cards(d)
    assert lines(d) == ["== Red attacks ==", "> HIT", "Card 1/2 +0 = 0"]
    d.keys("up*2")
    assert lines(d) == ["== Red attacks ==", "> HIT", "Card 1/2 +100 = 100"]
    d.keys("ok,ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    assert d.errors() == []


def test_death_resets_the_player(tmp_path):
    """DEATH (12 + ATT 2 = 14) sends the player back with no silver, cards, items or injury."""
    d = start(tmp_path)
    set_cards(d, 4)
    give(d, "Magic Sword", "Crystal Ball")
    player_screen(d)
    pick(d, "Silver")
    pick(d, "+50 ->")
    d.keys("back")
    assert "Silver: 50" in d.text()
    set_injury(d, 1)
    own_dice(d)
    d.keys("ok")
    new_monster(d, 0, 2)
    d.keys("ok,up*2,ok")  # typed 9 - 1 sword = 8 > 7: miss
    d.keys("ok,up*5,ok")  # monster typed 12 + 2 = 14
    t = d.text()
    assert "Roll 12 + ATT 2 = 14" in t and "> DEATH" in lines(d)
    assert "start over at your" in t and "OK: Blue's turn" in t  # (no silver left to ask)
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    turn_to(d, "Red")
    assert "Fight: DEF 7 ATT 2" in d.text()
    assert "Move: roll 1d6" in d.text()  # healthy again
    assert player_field(d, "Silver:") == "0"
    assert player_field(d, "Treasure cards:") == "0"
    assert player_field(d, "Magic items:") == "0"
    assert player_field(d, "Injury:") == "healthy"
    assert d.errors() == []


def test_severe_injury_plus_light_is_death(tmp_path):
    """A player with a SEVERE injury who takes a LIGHT one dies (injuries combine)."""
    d = start(tmp_path)
    set_injury(d, 3)
    own_dice(d)
    d.keys("ok,ok,up*5,ok,ok,up*3,ok")  # miss with 12, monster 10: LIGHT on SEVERE
    t = d.text()
    assert "> LIGHT INJURY" in t and "+ SEVERE = DEATH" in t
    d.keys("ok")
    assert player_field(d, "Injury:") == "healthy"
    assert d.errors() == []


def test_poison_powder_and_healing_potion_are_used_up(tmp_path):
    """Poison Powder beats the monster without a roll and is gone; the potion heals, is gone."""
    d = start(tmp_path)
    give(d, "Poison Powder", "Healing Potion", "Sticky Floor")
    set_injury(d, 2)
    fight_screen(d)
    pick(d, "Healing Potion")
    assert "healed" in d.text()
    d.wait(1600)
    assert "Healing Potion" not in d.text()
    pick(d, "Poison Powder")
    t = d.text()
    assert "Poison Powder thrown:" in t and "> DEFEATED" in lines(d)
    assert re.search(r"1d6 \d\+0: (no card|\d cards?)", t)
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"  # the victory ended Red's turn
    turn_to(d, "Red")
    fight_screen(d)
    t = d.text()
    assert "Poison Powder" not in t and "Healing Potion" not in t
    assert "Sticky: get treasure" in t  # Sticky Floor is kept
    assert player_field(d, "Injury:") == "healthy"
    player_screen(d)
    pick(d, "Magic items")
    t = d.text()
    assert "\x05 Poison Powder" not in t and "\x05 Healing Potion" not in t
    goto(d, "Sticky Floor")
    assert selected(d.text()) == ["\x05 Sticky Floor"]
    assert d.errors() == []


def test_sticky_floor_stops_the_monster_striking_back(tmp_path):
    """With Sticky Floor a missed attack is not answered: no injury, the fight goes on."""
    d = start(tmp_path)
    give(d, "Sticky Floor")
    own_dice(d)
    d.keys("ok,ok,up*5,ok")  # typed 12: a miss
    t = d.text()
    assert "> MISS" in lines(d) and "Sticky Floor: it" in t and "cannot attack you" in t
    assert "OK: Blue's turn" in t
    d.keys("ok")
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    turn_to(d, "Red")
    assert player_field(d, "Injury:") == "healthy"
    fight_screen(d)
    assert "Flee (roll to leave)" in d.text()
    pick(d, "Sticky: get treasure")
    assert "STUCK" in lines(d) and "OK: enter it" in d.text()
    d.keys("ok,ok")  # typed treasure 3
    assert "> STUCK" in lines(d) and "1d6 3+0: 1 card" in d.text()
    d.keys("ok")  # no silver on the card: one OK passes
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    assert player_field(d, "Treasure cards:", "Red") == "1"
    assert d.errors() == []


def _fight_goes_on(tmp_path, injury=0, items=()):
    # Red's fight against DEF 7 ATT 0 goes on (own dice: typed 12, a miss; the monster's
    # 7, a miss); the driver on Red's next turn, on the game menu
    d = start(tmp_path)
    if injury:
        set_injury(d, injury)
    if items:
        give(d, *items)
    own_dice(d)
    d.keys("ok,ok,up*5,ok")  # Fight, Fight!: typed 12, a miss
    d.keys("ok,ok")  # the monster's 2d6: 7, a miss
    assert "OK: Blue's turn" in d.text()
    d.keys("ok")
    turn_to(d, "Red")
    assert selected(d.text()) == ["Fight: DEF 7 ATT 0"]  # the fight goes on
    return d


def test_flee_ends_the_fight_and_shows_the_move(tmp_path):
    """Flee is the game menu's row under a fight that goes on; it ends the fight and shows
    how far to move. With no fight going on there is no Flee row."""
    d = _fight_goes_on(tmp_path, injury=1)
    rows = [s.lstrip("> ") for s in lines(d)[1:]]
    assert rows[rows.index("Fight: DEF 7 ATT 0") + 1] == "Flee (roll to leave)"
    pick(d, "Flee")
    assert lines(d)[:2] == ["== Flee: LIGHT ==", "3"] and "OK: Blue's turn" in d.text()
    assert "DOWN: into a room" not in d.text()  # (not back into the room fled)
    d.keys("ok")
    turn_to(d, "Red")
    assert "Flee" not in d.text()
    fight_screen(d)
    assert "Flee" not in d.text()
    assert d.errors() == []


def test_a_fight_that_goes_on_attacks_from_its_row_in_one_press(tmp_path):
    """The fight that goes on from the turn before: OK on the game menu's Fight row is the
    attack itself (own dice: the 2d6 to type; the device's dice: the result), no list
    between; BACK on the typed roll shows the fight's list."""
    d = _fight_goes_on(tmp_path)
    d.keys("ok")
    assert lines(d)[0] == "== Red: your 2d6 =="
    d.keys("back")
    assert lines(d)[0] == "== Red fights ==  again"
    assert selected(d.text()) == ["Fight! DEF 7 ATT 0"]
    to_menu(d)
    pick(d, "My own dice")  # off: the device rolls
    goto(d, "Fight:")
    d.keys("ok")
    d.wait(600)
    assert lines(d)[0] == "== Red attacks ==" and re.search(r"Roll \d+ (<=|>) DEFENCE 7", d.text())
    assert d.errors() == []


def test_fight_row_opens_the_list_when_there_is_more_to_choose(tmp_path):
    """The Fight row opens the fight's list (no attack yet) where there is more to choose
    than fighting on: a fight that does not go on (the last monster again, or a new one),
    and a fight that goes on while the player holds a magic item to use there."""
    d = start(tmp_path)
    goto(d, "Fight:")
    d.keys("ok")
    assert lines(d)[0] == "== Red fights =="
    assert selected(d.text()) == ["Fight! DEF 7 ATT 0"]
    d = _fight_goes_on(tmp_path / "poison", items=("Poison Powder",))
    d.keys("ok")
    assert lines(d)[0] == "== Red fights ==  again"
    assert "Poison Powder" in d.text() and "Flee (roll to leave)" in d.text()
    assert d.errors() == []


# ----- turn helpers -----------------------------------------------------------------------


def test_move_honours_injuries_and_the_carpet(tmp_path):
    """Injured players move 3 or 2 without a roll; the Flying Carpet rolls 2d6 despite injuries."""
    d = start(tmp_path, seed=4)
    pick(d, "Move: roll 1d6")  # healthy: 1d6, rolled at once
    t = lines(d)
    assert t[0] == "== Move 1d6 ==" and t[1] in ("1", "2", "3", "4", "5", "6")
    set_injury(d, 1)
    pick(d, "Move: 3 squares")
    assert lines(d)[:2] == ["== Move: LIGHT ==", "3"] and "OK: Blue's turn" in d.text()
    set_injury(d, 1)  # LIGHT -> INJURY
    assert "Move: 2 squares" in d.text()
    give(d, "Flying Carpet")
    for _ in range(4):
        turn_to(d, "Red")
        pick(d, "Move: 2d6 (carpet)")
        assert lines(d)[0] == "== Move 2d6 carpet =="
        m = re.search(r"^(\d)\+(\d)=(\d+)$", d.text(), re.M)
        a, b, t = int(m.group(1)), int(m.group(2)), int(m.group(3))
        assert a + b == t and 1 <= a <= 6 and 1 <= b <= 6
        d.keys("ok")  # OK: Blue's turn
        assert lines(d)[0] == "== Drakskatten ==  Blue"
    assert d.errors() == []


def _door(d):
    """(number, found) read from the door search screen."""
    t = lines(d)
    v = int([s for s in t[1:4] if s.isdigit()][0])
    return v, "door FOUND!" in t


def test_door_search_finds_on_one_to_three(tmp_path):
    """Door search rolls 1d6: 1-3 finds the secret door; typed 3 finds it, typed 4 does not."""
    d = start(tmp_path, seed=2)
    seen = set()
    for _ in range(12):
        pick(d, "Door search")
        v, found = _door(d)
        assert found == (v <= 3)
        seen.add(found)
        assert ("OK: Red's turn" in d.text()) != ("OK: Blue's turn" in d.text())
        d.keys("ok")  # the search was the whole turn
        assert selected(d.text()) == ["Move: roll 1d6"]
    assert seen == {True, False}
    own_dice(d)
    pick(d, "Door search")
    d.keys("ok")  # typed 3
    assert lines(d)[:2] == ["== Door search 1d6 ==", "3"] and "door FOUND!" in d.text()
    to_menu(d)
    pick(d, "Door search")
    d.keys("up,ok")  # typed 4
    assert lines(d)[1] == "4" and "not found" in d.text()
    assert d.errors() == []


def test_crystal_ball_look_ahead_keeps_monster_and_treasure(tmp_path):
    """Crystal Ball: monster entered and treasure rolled first; the next fight uses both."""
    d = start(tmp_path)
    to_menu(d)
    assert "Crystal Ball" not in d.text()
    give(d, "Crystal Ball")
    own_dice(d)
    pick(d, "Crystal Ball")
    d.keys("up,ok,up*2,ok")  # DEF 8, ATT 2
    assert lines(d)[0] == "== Treasure: your 1d6 =="
    d.keys("ok")  # typed 3: 3 + 2 = 5 -> 2 cards
    t = d.text()
    assert "DEFENCE 8 ATTACK 2" in t and "1d6 3 + ATT 2 = 5" in t
    assert "\nWin 2 treasure cards\n" in t  # on one line
    d.keys("down*4")
    assert "OK: Blue's turn" in d.text()
    d.keys("ok")  # the look ended the turn
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    d.reboot()  # kept over a power cut: the game comes back by itself
    turn_to(d, "Red")
    assert "Fight: DEF 8 ATT 2" in d.text()
    fight_screen(d)
    assert "Crystal: 2 cards" in d.text()
    d.keys("ok,ok")  # typed 7 <= 8: a hit, no treasure die asked
    t = d.text()
    assert "HIT" in lines(d) and "Crystal Ball: 2 cards" in t
    d.keys("ok,ok")  # the cards' silver: none
    assert player_field(d, "Treasure cards:", "Red") == "2"
    turn_to(d, "Red")
    fight_screen(d)
    assert "Crystal:" not in d.text()
    assert d.errors() == []


# ----- win ---------------------------------------------------------------------------------


def _silver(d, target):
    """Add silver on the silver list up to ``target`` (from 0: the fewest coarse steps)."""
    player_screen(d)
    pick(d, "Silver")
    rest = target
    for step in (500, 100, 50, 10):
        if rest >= step:
            goto(d, "+%d ->" % step)
            d.keys("ok*%d" % (rest // step))
            rest %= step
    assert lines(d)[0] == "== Red: %d silver ==" % target
    d.keys("back")


def test_1500_silver_prompts_the_return_and_the_staircase_declares_the_winner(tmp_path):
    """1,490 silver is not enough; at 1,500 Red is told to go back; confirming declares the win."""
    d = start(tmp_path)
    _silver(d, 1490)
    assert "Silver: 1490" in d.text()
    to_menu(d)
    assert "Back at staircase" not in d.text()
    player_screen(d)
    pick(d, "Silver")
    pick(d, "+10 -> 1500")
    t = d.text()
    assert lines(d)[0] == "== 1,500 silver! =="
    assert "Go back to staircase 1" in t.replace("\n", " ")
    d.keys("ok")
    to_menu(d)
    pick(d, "Back at staircase")
    assert "Is Red back at staircase 1 with 1500" in d.text().replace("\n", " ")
    d.keys("down,ok")  # No
    assert "WINS!" not in d.text()
    pick(d, "Back at staircase")
    d.keys("ok")  # Yes is the default
    assert lines(d)[:2] == ["RED", "WINS!"] and "1500 silver" in d.text()
    d.reboot()  # the win screen comes back after a power cut
    assert "WINS!" in d.text()
    d.keys("ok")
    assert "Red won!" in d.text()
    assert d.errors() == []


def test_move_with_1500_silver_offers_the_staircase_on_up(tmp_path):
    """With 1,490 silver the move roll says "DOWN: into a room" and UP does nothing; at 1,500
    it says "UP: home DOWN: room": UP asks whether the player is back (No: the menu on "Back
    at staircase"), and Yes names the winner."""
    d = start(tmp_path)
    _silver(d, 1490)
    to_menu(d)
    pick(d, "Move")
    assert "DOWN: into a room" in lines(d) and "UP: home DOWN: room" not in lines(d)
    d.keys("up")
    assert lines(d)[0] == "== Move 1d6 =="
    to_menu(d)
    player_screen(d)
    pick(d, "Silver")
    pick(d, "+10 -> 1500")
    d.keys("ok")  # (the "1,500 silver!" message)
    to_menu(d)
    pick(d, "Move")
    assert "UP: home DOWN: room" in lines(d)
    d.keys("up")
    assert "Is Red back at staircase 1 with 1500" in d.text().replace("\n", " ")
    d.keys("down,ok")  # No
    assert lines(d)[0] == "== Drakskatten ==  Red"
    assert selected(d.text()) == ["Back at staircase"]
    pick(d, "Move")
    d.keys("up,ok")  # Yes
    assert lines(d)[:2] == ["RED", "WINS!"] and "1500 silver" in d.text()
    assert d.errors() == []


# ----- saving ------------------------------------------------------------------------------


def test_power_cut_mid_fight_loses_nothing(tmp_path):
    """After a power cut: players, silver, items, dice mode, monster values, the pending strike."""
    d = start(tmp_path, players=3)
    turn_to(d, "Blue")
    player_screen(d, "Blue")
    pick(d, "Silver")
    pick(d, "+100 ->")
    goto(d, "+10 ->")
    d.keys("ok,ok,back")
    pick(d, "Magic items")
    d.keys("ok")  # Magic Sword
    own_dice(d)
    d.keys("ok")
    new_monster(d, 2, 3)  # DEF 9 ATT 3
    d.keys("ok,up*5,ok")  # typed 12 - 1 = 11 > 9: a miss, the strike is pending
    before = d.text()
    assert "OK: enter its 2d6" in before
    d.reboot()
    assert d.text() == before
    d.keys("ok,ok")  # the monster's 2d6, typed 7: 7 + 3 = 10
    assert "Roll 7 + ATT 3 = 10" in d.text() and "> LIGHT INJURY" in d.text()
    d.keys("ok")  # end of turn: Green's turn
    assert lines(d)[0] == "== Drakskatten ==  Green"
    turn_to(d, "Blue")
    t = d.text()
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    assert "Fight: DEF 9 ATT 3" in t and "Move: 3 squares" in t
    d.reboot()
    t = d.text()
    assert "Blue: 120 silver" in t
    goto(d, "My own dice: on")
    goto(d, "Players (3)")
    assert player_field(d, "Magic items:", "Blue") == "1"
    fight_screen_blue = "ok"
    goto(d, "Fight:")
    d.keys(fight_screen_blue)
    d.reboot()  # on the fight list itself
    assert lines(d)[0] == "== Blue fights ==  again"
    assert d.errors() == []


def test_damaged_save_starts_fresh_with_a_message(tmp_path):
    """A save that is not a Drakskatten game gives a plain message and a new game, no crash."""
    from wyrm.store import Store

    Store(str(tmp_path)).save("drakskatten", {"v": 1, "players": "lots"})
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert "was damaged" in d.text().replace("\n", " ")
    d.keys("ok")
    assert "How many players?" in d.text()
    d.keys("ok")
    roll_off(d)
    assert "Next turn:" in d.text()
    assert d.errors() == []


def _save_with_turn(turn):
    # a good save of two players, Blue's fight going on, whose turn ``turn`` (None: the
    # key left out)
    red = {"name": "Red", "colour": "Red", "staircase": 1, "silver": 50, "cards": [50],
           "injury": 0, "items": [], "fight": None, "look": None}
    blue = {"name": "Blue", "colour": "Blue", "staircase": 2, "silver": 120, "cards": [100, 20],
            "injury": 1, "items": ["sword"], "fight": [9, 3], "look": None}
    out = {"v": 1, "players": [red, blue], "own": True, "last": [8, 2],
           "screen": "menu", "fight": None, "winner": -1}
    if turn is not None:
        out["turn"] = turn
    return out


def test_save_opens_on_its_turn(tmp_path):
    """A save whose "turn" is the last seat (1 of 2) opens on that player's turn, their
    fight going on, their silver and injury as saved."""
    from wyrm.store import Store

    Store(str(tmp_path)).save("drakskatten", _save_with_turn(1))
    d = Driver(tmp_path)
    d.keys(OPEN)
    t = d.text()
    assert lines(d)[0] == "== Drakskatten ==  Blue"
    assert "Blue: 120 silver" in t and "Fight: DEF 9 ATT 3" in t and "Move: 3 squares" in t
    assert "damaged" not in t and d.errors() == []


@pytest.mark.parametrize("name, shown", [("Schwarz", "Schwarz"), ("Schwarze", "Red")])
def test_a_saved_name_of_up_to_seven_letters_is_kept(tmp_path, name, shown):
    """A saved name of 7 letters (German black, "Schwarz") is shown as saved; one of 8
    letters gives way to the player's colour."""
    from wyrm.store import Store

    save = _save_with_turn(0)
    save["players"][0]["name"] = name
    Store(str(tmp_path)).save("drakskatten", save)
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert lines(d)[0] == "== Drakskatten ==  " + shown
    assert d.errors() == []


@pytest.mark.parametrize("cards, damaged", [
    ([], False), ([0, 5000], False), ([50] * 99, False),
    (2, True), (None, True), (["50"], True), ([-50], True), ([5001], True), ([50.0], True),
    ([50] * 100, True),
])
def test_save_whose_cards_are_no_list_of_silver_is_damaged(tmp_path, cards, damaged):
    """A save keeps each treasure card's silver: a list of 0..5,000 for up to 99 cards opens
    as saved ("Treasure cards: 2"); anything else (a count, texts, below 0, too much, too
    many) gives the damaged-save message and a new game."""
    from wyrm.store import Store

    save = _save_with_turn(0)
    save["players"][0]["cards"] = cards
    Store(str(tmp_path)).save("drakskatten", save)
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert ("was damaged" in d.text().replace("\n", " ")) is damaged
    if not damaged:
        assert player_field(d, "Treasure cards:", "Red") == str(len(cards))
    assert d.errors() == []


@pytest.mark.parametrize("turn", [None, 2, -1, "1", True])
def test_save_without_a_good_turn_is_damaged(tmp_path, turn):
    """A save with no "turn" (or one that is no seat: 2 of 2 players, -1, a text, a bool)
    gives the damaged-save message and then a new game, no crash."""
    from wyrm.store import Store

    Store(str(tmp_path)).save("drakskatten", _save_with_turn(turn))
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert "was damaged" in d.text().replace("\n", " ")
    d.keys("ok")
    assert "How many players?" in d.text()
    assert d.errors() == []


def test_garbled_save_file_after_power_cut_resumes_fresh(tmp_path):
    """A garbled save file, with the game open at the power cut: a message, then a new game."""
    from wyrm.store import Store

    Store(str(tmp_path)).save("open", ["wyrm.games.drakskatten_game", "Drakskatten"])
    with open(os.path.join(str(tmp_path), "drakskatten.json"), "wb") as f:
        f.write(b"\x00garbage{")
    d = Driver(tmp_path)
    assert "damaged" in d.text().replace("\n", " ")
    d.keys("ok")
    assert "How many players?" in d.text()
    assert d.errors() == []


def test_new_game_asks_first(tmp_path):
    """New game over a running one asks (No by default); Yes clears the players."""
    d = start(tmp_path, players=3)
    set_cards(d, 2)
    pick(d, "New game")
    assert "Start a new game?" in d.text()
    d.keys("ok")  # No
    assert lines(d)[0] == "== Drakskatten ==  Red" and selected(d.text()) == ["New game"]
    d.keys("ok,up,ok")  # Yes
    assert "How many players?" in d.text()
    d.keys("down*2,ok")  # 3 -> 1 player
    assert player_field(d, "Treasure cards:") == "0"
    goto(d, "Players (1)")
    assert d.errors() == []


def test_players_can_be_added_recoloured_and_removed(tmp_path):
    """Players: roll-off, add one (next free colour), recolour to a free one, remove (asked)."""
    d = start(tmp_path)
    pick(d, "Players (2)")
    pick(d, "Who starts: roll-off")  # the shared Drakskatten roll-off screen
    assert lines(d)[0].startswith("== Roll-off ==")
    d.keys("back")
    pick(d, "Add player")
    assert "Green: 0s 0c" in d.text()
    pick(d, "Blue:")
    pick(d, "Colour: Blue")
    assert "Colour: Yellow" in d.text()  # Green is taken
    pick(d, "Staircase: 2")
    assert "Staircase: 3" in d.text()
    pick(d, "Remove player")
    d.keys("up,ok")
    t = d.text()
    assert "Yellow" not in t and "Green: 0s 0c" in t
    d.keys("back")
    goto(d, "Players (2)")
    assert d.errors() == []


# ----- reference -----------------------------------------------------------------------------


def test_reference_tables_show_the_rulebook_rows(tmp_path):
    """Quick reference: the monster attack and treasure rows with every boundary, then
    the magic items."""
    d = start(tmp_path)
    pick(d, "Quick reference")
    pick(d, "Monster: 2d6 + ATT")
    t = d.text()
    for row in ("<=9 MISS", "10-11 LIGHT  -1 card", "12 INJURY -2 cards",
                "13 SEVERE -3 cards", ">=14 DEATH"):
        assert row in t
    d.keys("down*6")
    assert "ATT added if above 0." in d.text()
    d.keys("back")
    pick(d, "Treasure: 1d6 + ATT")
    t = d.text()
    for row in ("<=1 none", "2-3 1 card", "4-6 2 cards", "7-8 3 cards", ">=9 4 cards"):
        assert row in t
    d.keys("back")
    pick(d, "Magic items")
    assert "Magic Sword: -1 on" in d.text()
    assert d.errors() == []


@pytest.mark.parametrize("pages", ["PAGES", "PAGES_DE"])
def test_reference_lines_fit_21_characters(pages):
    """Every reference line fits the 21-character OLED line, every title the title bar, in
    English and in German (the same pages)."""
    from wyrm.games import drakskatten_ref as ref

    assert len(getattr(ref, pages)) == len(ref.PAGES)
    for title_text, lines_ in getattr(ref, pages):
        assert len(title_text) <= 19, title_text
        for text in lines_:
            assert len(text) <= 21, text


# ----- other boards, determinism, shots, MicroPython ------------------------------------------


def test_small_screen_and_three_keys(tmp_path):
    """On a 128x32 panel and on a three-key board a fight runs and long OK goes back."""
    d = start(tmp_path, board="pico-ssd1306-128x32")
    own_dice(d)
    d.keys("ok,ok,up*5,ok,ok,up*3,ok")
    assert lines(d) == ["== Monster attacks Red ==", "> LIGHT INJURY", "Roll 10 + ATT 0 = 10"]
    d.keys("down*3")  # the rest scrolls into view
    assert lines(d)[1:] == ["now LIGHT - move 3", "OK: Blue's turn"]
    assert d.errors() == []
    d3 = start(tmp_path / "k3", board="pico-ssd1306-3btn")
    d3.keys("down,ok")
    assert lines(d3)[0] == "== Red fights =="
    d3.keys("long:ok")
    assert lines(d3)[0].startswith("== Drakskatten")
    assert d3.errors() == []


# The roll-off, the fight screen, a new monster (DEF 6 ATT 5), then OK after OK.
FIGHT_SCRIPT = START + ",wait:600,ok,wait:600,down,ok,down,ok,down,ok,up*5,ok,ok*6"


def test_seeded_fight_gives_the_same_frames_every_run(tmp_path):
    """The same seed and keys give byte-identical frames."""
    os.makedirs(str(tmp_path / "a"))
    os.makedirs(str(tmp_path / "b"))
    a = Driver(tmp_path / "a", seed=11)
    a.keys(FIGHT_SCRIPT)
    b = Driver(tmp_path / "b", seed=11)
    b.keys(FIGHT_SCRIPT)
    assert [f.data for f in a.frames if f] == [f.data for f in b.frames if f]
    assert a.errors() == []


def test_shots_render_without_errors(tmp_path):
    """Every Drakskatten screenshot script runs cleanly and ends on the screen it names."""
    path = os.path.join(shots.GAME_SHOTS_DIR, "drakskatten.txt")
    names = []
    for name, (script, seed, board, _shows) in shots.all_shots().items():
        if not name.startswith("drakskatten"):
            continue
        frames, w, h, errors = simcore.run_script(script, board, "cpython", seed)
        assert errors == [], name
        names.append(name)
        text = frames[-1].text()
        if "table" in name:
            assert "sum " in text
    assert os.path.exists(path) and len(names) >= 4


def test_fight_frames_identical_under_micropython():
    """A full fight gives byte-identical frames under real MicroPython and CPython."""
    cp = same_frames(FIGHT_SCRIPT, seed=11)
    assert len(cp) > 20


def test_long_names_and_extreme_values_stay_on_the_screen(tmp_path):
    """With a 6-letter colour, DEF 15 / ATT -5 and items, no text runs off the 128 px screen."""
    d = start(tmp_path, players=6)
    turn_to(d, "Yellow")
    player_screen(d, "Yellow")
    pick(d, "Magic items")
    d.keys("ok,down,ok,down,ok")  # sword, amulet, potion
    to_menu(d)
    player_screen(d, "Yellow")
    pick(d, "Injury")
    d.keys("up*3,ok")
    own_dice(d)
    d.keys("ok")
    assert lines(d)[0] == "== Yellow fights =="
    new_monster(d, 9, -9)  # DEF 15, ATT -5 (the spinners stop at their ends)
    assert selected(d.text()) == ["Fight! DEF 15 ATT -5"]
    d.keys("ok,up*5,ok")  # typed 12 - 1 = 11 <= 15: a hit
    d.keys("ok,up*3,ok")  # treasure 6 - 5 = 1: none
    assert "1d6 6-5: no card" in d.text()
    d.keys("ok")  # OK: White's turn
    turn_to(d, "Yellow")
    fight_screen(d, "Yellow")
    new_monster(d, -15, 14)  # DEF 0, ATT 9
    d.keys("ok,up*5,ok")  # a miss
    d.keys("ok,up*5,ok")  # monster typed 12 + 9 - 1 = 20
    t = d.text()
    assert lines(d)[0] == "== Monster vs Yellow ==" and "12+ATT 9-1 amulet=20" in t
    assert "DEATH" in t
    for f in d.frames:
        if f is None:
            continue
        for x, _y, s, _c, scale in f.log:
            if scale:
                assert x >= 0 and x + 6 * scale * len(s) <= 129, (s, x)
    assert d.errors() == []


# ----- German ----------------------------------------------------------------------------


def _fight_in(tmp_path, lang_n):
    # from power-on in language ``lang_n``: a new game of two, the roll-off, the first
    # player's move into a room, the monster's values as they open, the attack: the frames
    from wyrm.store import Store

    os.makedirs(str(tmp_path), exist_ok=True)
    Store(str(tmp_path)).save("settings", {"lang": lang_n})
    d = Driver(tmp_path, seed=1)
    out = []
    for keys in (OPEN, "ok,wait:600", "ok", "ok", "down", "ok", "ok,wait:600"):
        d.keys(keys)
        out.append(d.text())
    assert d.errors() == []
    return out


def test_a_fight_in_german(tmp_path):
    """With the language set to Deutsch, a stretch of a game speaks German: the question,
    the roll-off, the game menu (silver, the move, the fight, a new monster, the door
    search, the next turn), the move with its hint, the monster's values and the fight's
    result with the silver line; no English-only word on any of them."""
    from english_words import ENGLISH, words_of

    ask, rolloff, menu, move, defence, attack, result = _fight_in(tmp_path, 1)
    assert "Wie viele Spieler?" in ask
    assert "Blau beginnt!" in rolloff and "OK: spielen" in rolloff
    assert menu.splitlines() == ["== Drakskatten ==  Blau", "Blau: 0 Silber",
                                 "> Ziehen: 1W6 würfeln", "Kampf: Abw 7 Angr 0",
                                 "Neues Monster", "Türsuche", "Nächster Zug: Rot"]
    assert "== Ziehen 1W6 ==" in move and "OK: Rot ist dran" in move
    assert "DOWN: in einen Raum" in move
    assert "Monster ABWEHR" in defence and "Monster ANGRIFF" in attack
    assert result.splitlines() == ["== Blau greift an ==", "Wurf 6 <= ABWEHR 7", "TREFFER",
                                   "1W6 3+0: 1 Karte", "Silber +0 = 0", "OK: Rot ist dran"]
    for text in (ask, rolloff, menu, move, defence, attack, result):
        assert words_of(text, ENGLISH) == [], text


def test_cards_won_and_lost_in_german(tmp_path):
    """In German a won card's line reads "Karte 1/2 +100=100" and the cards an injury costs
    "Weg 0 = 100" (the cheapest offered)."""
    from wyrm import lang

    d = start(tmp_path)
    _won_two_cards(d)
    lang.CUR = 1
    d.keys("up*2")
    assert "Karte 1/2 +100=100" in lines(d)  # (short: clear of the arrows)
    d.keys("ok,ok")  # 100 and 100: Blue's turn
    lang.CUR = 0
    turn_to(d, "Red")
    player_screen(d)
    pick(d, "Treasure cards")
    d.keys("up,ok")  # a third card, worth no silver
    to_menu(d)
    fight_screen(d)
    d.keys("ok,up*5,ok")  # typed 12 > DEFENCE 8: a miss
    lang.CUR = 1
    d.keys("ok,up*2,ok")  # the monster typed 9 + ATT 2 = 11: LIGHT INJURY, 1 card lost
    assert "> LEICHTE WUNDE" in lines(d) and "Weg 0 = 200" in lines(d)
    d.keys("up")
    assert "Weg 100 = 100" in lines(d)
    assert d.errors() == []


def test_the_same_fight_in_english(tmp_path):
    """The same stretch with the language left at English stays English: no German-only
    word on any of its screens."""
    from english_words import GERMAN, words_of

    ask, rolloff, menu, move, defence, attack, result = _fight_in(tmp_path, 0)
    assert "How many players?" in ask and "Blue starts!" in rolloff
    assert menu.splitlines()[1:4] == ["Blue: 0 silver", "> Move: roll 1d6",
                                      "Fight: DEF 7 ATT 0"]
    assert "OK: Red's turn" in move and "Monster DEFENCE" in defence
    assert result.splitlines()[1:5] == ["Roll 6 <= DEFENCE 7", "HIT", "1d6 3+0: 1 card",
                                        "Silver +0 = 0"]
    for text in (ask, rolloff, menu, move, defence, attack, result):
        assert words_of(text, GERMAN) == [], text


def test_german_reference_player_and_win(tmp_path):
    """In German the quick reference, a player's page (silver, treasure cards, injury,
    magic items, staircase, colour) and the win speak German: "Kurzregeln", "Wunden",
    "Schatzkarten: 0", "Farbe: Rot", "GEWINNT!"."""
    from wyrm.store import Store

    os.makedirs(str(tmp_path), exist_ok=True)
    Store(str(tmp_path)).save("settings", {"lang": 1})
    d = Driver(tmp_path, seed=1)
    d.keys(OPEN + ",ok,wait:600,ok")
    pick(d, "Kurzregeln")
    assert "Monster 2W6+Angriff" in d.text() and "Wunden" in d.text()
    pick(d, "Wunden")
    assert "LEICHT+LEICHT=WUNDE" in d.text()
    d.keys("back,back")
    pick(d, "Blau: 0 Silber")
    t = d.text()
    assert "Silber: 0" in t and "Schatzkarten: 0" in t and "Wunde: gesund" in t
    goto(d, "Farbe:")
    assert "Farbe: Blau" in d.text()
    d.keys("ok")  # the next free colour: the name follows it
    assert "Farbe: Grün" in d.text() and lines(d)[0] == "== Grün =="
    pick(d, "Silber: 0")
    d.keys("ok*3")  # +500 three times
    assert "1.500 Silber!" in d.text() and "Grün hat 1500 Silber." in d.text()
    to_menu(d)
    pick(d, "Zurück an der Treppe")
    assert "Ist Grün an Treppe 2 zurück, mit 1500 Silber?" in d.text().replace("\n", " ")
    d.keys("ok")
    t = d.text()
    assert "GRÜN" in t and "GEWINNT!" in t and "1500 Silber" in t
    assert d.errors() == []
