"""DrachenSchatten screens: who begins, the card lists and the pass, wins, end count, saving."""
import re

import pytest
from drive import Driver, same_frames, to_row

from wyrm.store import Store

OPEN = to_row("DrachenSchatten")  # main menu -> DrachenSchatten
DEAL2 = OPEN + ",ok,ok,ok"  # New game, 2 players, P1 begins: P1's list opens (village card)
LOST = 0  # "Lost to a beast": six UPs from Treasures, round the top
TORCH = 1  # the objects: rows 1-5 and 7-11 (OBJ), Treasures in the middle
TREASURES = 6
BEASTS = 12
NEXT = 13  # "Next turn: ..." (the cursor goes there after every change)
TRADE = 14
STEAL = 15
DESTROY = 16
TAKE = 17  # "Take one away"
ROWS = 18  # the list wraps
START = TREASURES  # a player's list opens on Treasures, every time
OBJ = (1, 2, 3, 4, 5, 7, 8, 9, 10, 11)  # the rows of the ten objects, in the rules' order




def skip_deal(n):
    """Keys that pass the opening round on without a village card, round ``n`` players
    (each list open on Treasures; "Next turn" seven DOWNs away): the first player's turn."""
    return ",down*7,ok" * n


# the opening round passed on without village cards (P1, then P2): P1's turn, P1's list
NEW2 = DEAL2 + skip_deal(2)


def saved(d):
    return Store(d.state_dir).load("drachenschatten", None)


def flat(d):
    return d.text().replace("\n", " ")


def counts(d):
    """The rows of a player's list that show a count: {label: count as shown}, the
    selected row's label after "> "."""
    rows = (re.match(r"(.*?) {2,}(\S+)$", line) for line in d.text().splitlines()[1:])
    return {m.group(1): m.group(2) for m in rows if m}


def moves(frm, to):
    """The shortest keys from row ``frm`` to row ``to`` of a player's list (it wraps)."""
    k = (to - frm) % ROWS
    if k == 0:
        return []
    return ["down*%d" % k] if k <= ROWS - k else ["up*%d" % (ROWS - k)]


def track(rows, back=True, start=START):
    """Keys that add counts {row: n} in a player's list open on row ``start``: walk to
    each row, OK adds one (the cursor then goes to "Next turn")."""
    keys = []
    cur = start
    for row in sorted(rows):
        for _ in range(rows[row]):
            keys += moves(cur, row)
            keys.append("ok")
            cur = NEXT
    if back:
        keys.append("back")
    return ",".join(keys)


def test_who_begins_offers_every_seat_and_random(tmp_path):
    """New game asks who slew a dragon last: the seats, P1 under the cursor, and Random;
    the one chosen begins: their list opens and the menu names them."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up,ok")  # 3 players
    t = d.text()
    assert t.startswith("== Last dragon slayer ==") and "> P1" in t
    assert "P2" in t and "P3" in t and "Random" in t
    d.keys("down,ok")
    assert d.title() == "== P2 cards ==  village"  # the opening round: a village card
    assert saved(d)["start"] == saved(d)["turn"] == 1
    d.keys("back")
    assert d.title().startswith("== Schatten ==") and d.title().endswith("P2")
    assert d.text().splitlines()[1].startswith("> P2 ")  # whose turn: their row first
    assert d.errors() == []


def test_random_start_draws_among_the_players(tmp_path):
    """Random: any of the three may begin; the toast and the list name the same one."""
    seen = set()
    for seed in range(1, 16):
        (tmp_path / str(seed)).mkdir()
        d = Driver(tmp_path / str(seed), seed=seed)
        d.keys(OPEN + ",ok,up,ok,up,ok")  # 3 players, Random
        who = "P%d" % (saved(d)["start"] + 1)
        assert d.title().startswith("== %s cards ==" % who)
        assert who + " begins" in flat(d)
        seen.add(who)
        assert d.errors() == []
    assert seen == {"P1", "P2", "P3"}


def test_a_change_puts_the_cursor_on_the_pass_and_one_ok_passes(tmp_path):
    """After an object is added the cursor is on "Next turn: P2"; OK there opens P2's
    list at once, and the menu under it names P2."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*4,ok")  # boots
    t = d.text()
    assert t.startswith("== P1 cards ==  1 kind") and "> Next turn: P2" in t
    assert saved(d)["rules"]["players"][0]["objects"][1] == 1
    assert "Boots: 1" in flat(d)  # the new count, said
    d.keys("ok")
    assert d.title() == "== P2 cards ==  0 kinds" and "> Treasures" in d.text()
    assert saved(d)["turn"] == 1
    d.keys("down,ok,back")  # P2: a spell book; the menu names P2
    assert d.title().endswith("P2") and "Next turn: P1" in d.text()
    assert d.errors() == []


def test_back_after_a_pass_leaves_the_list_and_the_undo_row_takes_the_pass_back(tmp_path):
    """BACK in the list a pass opened leaves it (the pass stands: the menu names P2); the
    menu's last row, "Undo pass to P2" (one UP from the top), goes back to P1's list on
    "Next turn". Once something is entered the pass stands: no such row, BACK leaves."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*4,ok,ok")  # boots, pass
    assert d.title() == "== P2 cards ==  0 kinds"
    d.keys("back")
    assert d.title() == "== Schatten ==  P2" and saved(d)["turn"] == 1
    assert "Back to" not in flat(d)
    d.keys("up")
    assert "> Undo pass to P2" in d.text()
    d.keys("ok")
    assert d.title() == "== P1 cards ==  1 kind" and "> Next turn: P2" in d.text()
    assert "Back to P1" in flat(d) and saved(d)["turn"] == 0
    d.keys("ok,down,ok")  # pass again; P2: a spell book
    d.keys("back")
    assert d.title() == "== Schatten ==  P2" and saved(d)["turn"] == 1
    d.keys("up")  # the list wraps to New game: nothing to undo
    assert "> New game" in d.text() and "Undo pass" not in d.text()
    d.keys("back")  # and BACK on the menu leaves the game: the pass stands
    assert d.title().startswith("== Wyrm ==") and saved(d)["turn"] == 1
    assert d.errors() == []


def test_three_treasures_announce_the_win_at_once(tmp_path):
    """Two treasures: no win; the third: "P1 wins!" with the reason; no second announcement."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({TREASURES: 2}, back=False))
    assert "Game over" not in d.text() and "Treasures: 2" in flat(d)
    d.keys(",".join(moves(NEXT, TREASURES)) + ",ok")
    t = d.text()
    assert t.startswith("== Game over ==") and "P1 wins!" in t and "P1: 3 treasures" in t
    d.keys("ok")
    assert d.text().startswith("== P1 cards ==")
    d.keys(",".join(moves(NEXT, TORCH)) + ",ok")  # a torch afterwards: still won, not
    # announced again; no pass
    assert d.text().startswith("== P1 cards ==") and "> Game menu" in d.text()
    d.keys("ok")
    assert "Won: P1" in d.text() and "Next turn" not in d.text()
    assert d.errors() == []


def test_three_beasts_win_and_two_do_not(tmp_path):
    """Slain beasts: two is not yet a win, the third is."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,ok,down,ok" + skip_deal(2) + "," + track({BEASTS: 2}, back=False))
    # (P2 begins)
    assert "Game over" not in d.text() and "Beasts slain: 2" in flat(d)
    d.keys(",".join(moves(NEXT, BEASTS)) + ",ok")
    assert "P2 wins!" in d.text() and "P2: 3 slain beasts" in d.text()
    assert d.errors() == []


def test_seven_different_objects_win_but_six_kinds_with_doubles_do_not(tmp_path):
    """Six kinds (one of them twice) is no win; a seventh kind is."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({1: 1, 2: 1, 3: 1, 4: 2, 5: 1, 7: 1}, back=False))
    assert d.title() == "== P1 cards ==  6 kinds" and "Game over" not in d.text()
    d.keys(",".join(moves(NEXT, 8)) + ",ok")  # key: 7 kinds
    assert "P1 wins!" in d.text() and "P1: 7 object types" in flat(d)
    assert d.errors() == []


# P1: torch, boots, wand, 2 swords, gem, spell book; P2: torch, boots, key, shield, helmet,
# 2 potions - six kinds each. P2 trading a potion for a sword gives both seven kinds.
TRADE_SETUP = (
    NEW2
    + ","
    + track({1: 1, 2: 1, 3: 1, 4: 2, 5: 1, 7: 1}, back=False)
    + ",ok,"  # the pass: P2's list
    + track({1: 1, 2: 1, 8: 1, 9: 1, 10: 1, 11: 2}, back=False)
)
TRADE_KEYS = TRADE_SETUP + ",down,ok,down*5,ok,down*3,ok"  # (P1: no choice of whom)


def test_the_menu_rows_show_cards_and_kinds_in_one_format(tmp_path):
    """Every player's row reads "<name>  <cards> card(s) <kinds>/7", a six-letter name
    too, whose turn first; the list's title says "1 kind", not "1 kinds"."""
    Store(str(tmp_path)).save("table", ["Anna", "Bertha"])
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*5,ok")  # Anna: a torch
    assert d.title() == "== Anna cards ==  1 kind"
    d.keys("ok,down,ok," + ",".join(moves(NEXT, 8)) + ",ok,back")  # the pass; Bertha: a
    # spell book and a key
    rows = d.text().splitlines()
    assert rows[1] == "> Bertha   2 cards 2/7" and rows[2] == "Anna      1 card 1/7"
    assert d.errors() == []


def test_a_trade_that_gives_two_players_seven_objects_makes_both_win(tmp_path):
    """From P2's list: trade a magic potion for P1's sword: both players reach 7 different
    objects - both win."""
    d = Driver(tmp_path)
    d.keys(TRADE_SETUP)
    assert d.title() == "== P2 cards ==  6 kinds" and "> Next turn: P1" in d.text()
    d.keys("down")
    assert "> Trade objects" in d.text()
    d.keys("ok")
    assert d.text().startswith("== P2 gives ==") and "> Torch" in d.text()
    d.keys("down*5")
    assert "> Magic potion" in d.text()
    d.keys("ok")  # P1, the only one to trade with, is not asked for
    assert d.text().startswith("== P2 gets ==") and "Sword" in d.text()
    d.keys("down*3,ok")
    t = flat(d)
    assert "P1+P2 win!" in t and "P1: 7 object types" in t and "P2: 7 object types" in t
    g = saved(d)["rules"]["players"]
    assert g[0]["objects"] == [1, 1, 1, 1, 1, 1, 0, 0, 0, 1]
    assert g[1]["objects"] == [1, 1, 0, 1, 0, 0, 1, 1, 1, 1]
    d.keys("ok,ok")
    assert "> Won: P1+P2" in d.text()
    assert d.errors() == []


def test_a_trade_that_wins_nobody_says_who_got_what_and_offers_the_pass(tmp_path):
    """A plain trade: the toast says who got what; the list is back on "Next turn". With
    one object each and one other player nothing is asked: OK on "Trade objects" (one DOWN
    from "Next turn") makes it."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*5,ok,ok,down*2,ok,down,ok")  # P1 torch, pass; P2 key; trade
    t = d.text()
    assert "P2 got Torch; P1" in t and "got Key" in t and "> Next turn: P1" in t
    g = saved(d)["rules"]["players"]
    assert g[0]["objects"][6] == 1 and g[1]["objects"][0] == 1
    assert d.errors() == []


def test_steal_takes_another_players_object_in_three_presses_from_the_pass(tmp_path):
    """"Steal an object" (two DOWNs from "Next turn"): whom (the others who hold an object,
    in seat order), then their objects, on the one they changed last; OK moves it over,
    says so and leaves the cursor on "Next turn"."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up,ok,ok" + skip_deal(3))  # 3 players, P1 begins
    d.keys("up*5,ok,ok,up*4,ok,up*4,ok,ok")  # P1 torch; P2 boots, then a shield
    d.keys("up*3,ok,ok,up*5,ok")  # P3 a magic wand; P1 a second torch
    d.keys("down*2")
    assert "> Steal an object" in d.text()
    d.keys("ok")
    assert d.text().startswith("== Steal from ==") and "> P2" in d.text() and "P3" in d.text()
    d.keys("ok")
    assert d.text().startswith("== P1 steals ==") and "> Shield" in d.text()
    assert "Boots" in d.text()
    d.keys("up,ok")  # his boots
    g = saved(d)["rules"]["players"]
    assert g[0]["objects"][1] == 1 and g[1]["objects"][1] == 0 and g[1]["objects"][7] == 1
    assert g[0]["objects"][0] == 2
    assert "P1 stole P2's" in flat(d) and "> Next turn: P2" in d.text()
    d.keys("back")
    assert "Undo steal P1-P2" in d.text()
    assert d.errors() == []


def test_destroy_removes_another_players_object_and_undo_brings_it_back(tmp_path):
    """"Destroy an object" (three DOWNs from "Next turn"): whose, then which - neither
    asked when there is one choice (P1, who holds only a shield); the object leaves the
    game, the toast says whose it was, the menu offers its undo."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",down*3,ok,ok,down*2,ok,down*9,ok")  # P1 shield; P2 a key and a sword
    d.keys("down*3")
    assert "> Destroy an object" in d.text()
    d.keys("ok")
    assert saved(d)["rules"]["players"][0]["objects"][7] == 0
    assert "P2 destroyed P1's" in flat(d) and "> Next turn: P1" in d.text()
    d.keys("back")
    assert "Undo destroy P2-P1" in d.text()
    d.keys("down*3,ok")
    assert saved(d)["rules"]["players"][0]["objects"][7] == 1
    assert d.errors() == []


def test_steal_or_destroy_from_a_player_without_objects_is_refused(tmp_path):
    """A player with no objects has nothing to steal: the toast says so and nothing changes."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up,ok,down*2,ok")  # P1 a gem; steal from P2, who has nothing
    assert "P2 has no objects" in flat(d)
    assert saved(d)["rules"]["players"][0]["objects"][4] == 1
    assert d.errors() == []


def test_empty_piles_equal_most_cards_is_a_draw(tmp_path):
    """Piles empty with 1 card each: "Draw!"; both marked, each with its count."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({TORCH: 1}, back=False) + ",ok," + track({TREASURES: 1}))
    d.keys("down*2,ok")
    assert "Village and caves" in d.text() and "> Yes" in d.text()
    d.keys("ok")
    t = d.text()
    assert t.startswith("== End: most cards ==") and "Draw!" in t
    assert "P1" in t and "P2" in t and t.count("1 card") == 2
    assert d.errors() == []


def test_empty_piles_most_cards_wins(tmp_path):
    """Piles empty: 3 cards beat 2 (objects, beasts and treasures all count)."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({TORCH: 1, BEASTS: 1, TREASURES: 1}, back=False) + ",ok,")
    d.keys(track({5: 2}) + ",down*2,ok,ok")
    t = d.text()
    assert "P1 wins!" in t and "3 cards" in t and "2 cards" in t
    d.reboot()  # the end count is where the players come back to
    assert "P1 wins!" in d.text()
    assert d.errors() == []


def torches(d):
    return saved(d)["rules"]["players"][0]["objects"][0]


def test_take_one_away_corrects_and_undo_restores_the_last_change(tmp_path):
    """OK adds one at once; "Take one away" makes the next OK take one (never below 0,
    BACK: no); Undo in the menu reverts the last change."""
    d = Driver(tmp_path)
    d.keys(NEW2)
    assert d.text().startswith("== P1 cards ==") and "> Treasures" in d.text()
    d.keys("up*5,ok")  # torch +1
    assert torches(d) == 1
    d.keys("down*4,ok")  # Take one away (four DOWNs from "Next turn")
    assert d.title() == "== P1 cards ==  OK: -1"
    d.keys("down*2,ok")  # torch -1
    assert torches(d) == 0 and "OK: -1" not in d.text()
    d.keys("down*4,ok,down*2,ok")
    assert "No torch to take" in flat(d) and torches(d) == 0  # a toast: the reason
    d.keys("wait:3000,up*2,ok,back")  # BACK: no taking away, still the list
    assert d.title() == "== P1 cards ==  0 kinds"
    d.keys("down*2,ok,down*6,ok,back")  # torch +1 +1
    assert torches(d) == 2 and "Undo P1 torch +1" in d.text()
    d.keys("down*3,ok")
    assert "Undone: P1 torch +1" in flat(d)
    assert torches(d) == 1
    assert d.errors() == []


def test_every_outcome_of_a_card_lies_within_six_moves_of_treasures(tmp_path):
    """Round Treasures, where the list opens: five objects above and five below, "Beasts
    slain" six DOWNs and "Lost to a beast" six UPs (round the top) - no card's entry is
    more than six moves away; "Next turn" comes right after "Beasts slain", the uses one
    to four DOWNs below it."""
    d = Driver(tmp_path)
    d.keys(NEW2)
    assert "> Treasures" in d.text()
    d.keys("up*6")
    assert "> Lost to a beast" in d.text()
    d.keys("down*12")
    assert "> Beasts slain" in d.text()
    d.keys("down")
    assert "> Next turn: P2" in d.text()
    for row in ("Trade objects", "Steal an object", "Destroy an object", "Take one away",
                "Lost to a beast"):
        d.keys("down")
        assert "> " + row in d.text()
    assert d.errors() == []


def test_the_opening_round_passes_each_village_card_on_by_itself(tmp_path):
    """Everyone draws a village card first: the list says "village", and the card's OK
    opens the next player's list at once (a note names whose card it was), round the
    table; the last one opens the first player's list for their first turn, where a card
    no longer passes: the cursor waits on "Next turn"."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up,ok,down,ok")  # 3 players, P2 begins
    assert d.title() == "== P2 cards ==  village" and saved(d)["deal"] is True
    d.keys("up*4,ok")  # P2: boots
    assert d.title() == "== P3 cards ==  village" and "> Treasures" in d.text()
    assert "P2: Boots" in flat(d) and saved(d)["turn"] == 2
    d.keys("ok")  # P3: a treasure
    assert d.title() == "== P1 cards ==  village" and "P3: Treasures" in flat(d)
    d.keys("down*3,ok")  # P1: a shield; round to P2, whose turn begins
    assert d.title() == "== P2 cards ==  1 kind" and "> Treasures" in d.text()
    assert saved(d)["turn"] == 1 and saved(d)["deal"] is False
    d.keys("down,ok")  # P2's first turn: a spell book, and the list stays for the pass
    assert d.title() == "== P2 cards ==  2 kinds" and "> Next turn: P3" in d.text()
    g = saved(d)["rules"]["players"]
    assert [sum(p["objects"]) + p["treasures"] for p in g] == [1, 2, 1]
    assert d.errors() == []


def test_in_the_opening_round_only_a_card_of_whose_turn_it_is_passes(tmp_path):
    """In the opening round a card entered in another player's list (opened from the
    menu) or taken away adds or corrects only: the turn stays, the list stays open."""
    d = Driver(tmp_path)
    d.keys(DEAL2 + ",back,down,ok")  # P1's turn; the menu: P2's list
    assert d.title() == "== P2 cards ==  village"
    d.keys("ok")  # a treasure for P2
    assert d.title() == "== P2 cards ==  village" and "> Next turn: P2" in d.text()
    assert saved(d)["turn"] == 0 and saved(d)["deal"] is True
    d.keys("back,up,ok,up*5,ok")  # P1's list: a torch passes on to P2
    assert d.title() == "== P2 cards ==  village" and saved(d)["turn"] == 1
    d.keys(",".join(moves(START, TAKE) + ["ok"] + moves(TAKE, TREASURES) + ["ok"]))
    # (P2: "Take one away", the treasure: no pass)
    assert d.title() == "== P2 cards ==  village" and saved(d)["turn"] == 1
    assert saved(d)["rules"]["players"][1]["treasures"] == 0
    assert d.errors() == []


def test_undoing_a_village_card_gives_the_opening_round_back(tmp_path):
    """Undo of a village card (the game menu's row) takes the card back and gives its
    player the turn in the opening round again, the cursor on their row; taking back the
    pass that ended the round ("Undo pass") opens it again too."""
    d = Driver(tmp_path)
    d.keys(DEAL2 + ",up*5,ok,ok")  # P1: a torch; P2: a treasure - P1's first turn
    assert d.title() == "== P1 cards ==  1 kind" and saved(d)["deal"] is False
    d.keys("back,up")
    assert "> Undo pass to P1" in d.text()
    d.keys("ok")  # the pass taken back: P2's list on "Next turn", still the round
    assert d.title() == "== P2 cards ==  village" and "> Next turn: P1" in d.text()
    assert saved(d)["turn"] == 1 and saved(d)["deal"] is True
    d.keys("back")
    assert "Undo P2 treasures +1" in d.text()
    d.keys("up,ok")  # undo the treasure: still P2's village card to draw
    assert "Undone: P2" in flat(d) and saved(d)["turn"] == 1
    assert saved(d)["rules"]["players"][1]["treasures"] == 0
    assert "> P2 " in d.text() and "Undo P1 torch +1" in d.text()  # (on whose turn)
    d.keys("wait:2000,down*3,ok")  # undo P1's torch: P1's village card again
    assert saved(d)["turn"] == 0 and saved(d)["deal"] is True
    assert saved(d)["rules"]["players"][0]["objects"][0] == 0
    assert d.title().endswith("P1") and "> P1 " in d.text()
    d.keys("ok,up*4,ok")  # P1's list: boots, passed on to P2
    assert d.title() == "== P2 cards ==  village" and "P1: Boots" in flat(d)
    assert d.errors() == []


def test_a_steal_asks_only_among_players_who_hold_an_object(tmp_path):
    """Steal: P2 holds nothing, so P3 - the only one with objects - is not asked for; the
    objects of P3 open at once. With nobody else holding one the toast says so."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up,ok,ok" + skip_deal(3))  # 3 players, P1 begins
    d.keys("up,ok,down*2,ok")  # P1: a gem, then "Steal an object": nobody holds one
    assert "No one else has" in flat(d) and "> Steal an object" in d.text()
    d.keys("wait:2000,up*2,ok,ok")  # the pass; P2: a treasure
    d.keys("ok,up*3,ok,up*5,ok")  # the pass; P3: a magic wand and a key
    d.keys("ok")  # the pass: P1's list
    d.keys("down*9,ok")  # P1: "Steal an object"
    assert d.text().startswith("== P1 steals ==") and "> Key" in d.text()
    assert "Magic wand" in d.text()
    d.keys("up,ok")  # the wand
    assert "P1 stole P3's" in flat(d) and "> Next turn: P2" in d.text()
    assert saved(d)["rules"]["players"][0]["objects"][2] == 1
    assert d.errors() == []


def test_the_list_opens_on_treasures_every_time(tmp_path):
    """A player's list opens on Treasures, in the middle of the objects (Gem one UP, Spell
    book one DOWN), whatever was entered last and whoever's it is: each card is where it
    was the turn before, at most five moves away."""
    d = Driver(tmp_path)
    d.keys(NEW2)
    assert "> Treasures" in d.text() and "Gem" in d.text() and "Spell book" in d.text()
    d.keys("down*2,ok,back,ok")  # P1: key +1, leave, open again
    assert d.title() == "== P1 cards ==  1 kind" and "> Treasures" in d.text()
    d.keys("back,down,ok")  # P2's list
    assert d.text().startswith("== P2 cards ==") and "> Treasures" in d.text()
    d.keys("up*5")  # five UPs: the first object
    assert "> Torch" in d.text()
    d.keys("down*10")  # ten DOWNs from there: the last object
    assert "> Magic potion" in d.text()
    assert d.errors() == []


def test_lost_battle_clears_the_collection_after_confirmation(tmp_path):
    """"Lost to a beast" asks first (Yes under the cursor); Yes removes all the player's
    cards and, as the rulebook ends the turn with it, opens the next player's cards at
    once (a note says what was lost); undo brings them back."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({TORCH: 2, TREASURES: 2}, back=False) + ",down*5,ok")
    assert "P1 lost a battle" in flat(d) and "> Yes" in d.text()
    d.keys("ok")
    p = saved(d)["rules"]["players"][0]
    assert p["objects"] == [0] * 10 and p["treasures"] == 0
    assert d.title() == "== P2 cards ==  0 kinds" and "P1 lost every card" in flat(d)
    assert saved(d)["turn"] == 1
    d.keys("back")
    assert "Undo P1 lost battle" in d.text()
    d.keys("down*3,ok")
    p = saved(d)["rules"]["players"][0]
    assert p["objects"][0] == 2 and p["treasures"] == 2
    assert d.errors() == []


def test_the_eighth_treasure_is_refused(tmp_path):
    """Only seven treasures exist: an eighth is refused with the reason."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up*2,ok,ok" + skip_deal(4))  # 4 players
    for _p in range(3):
        d.keys(track({TREASURES: 2}, back=False) + ",ok")  # and the pass
    d.keys(track({TREASURES: 2}, back=False))
    assert "Only 7 treasures" in flat(d)
    assert saved(d)["rules"]["players"][3]["treasures"] == 1
    assert d.errors() == []


def test_power_cut_keeps_every_count_and_the_open_player(tmp_path):
    """After a power cut Wyrm reopens P2's list with every count and the undo list kept."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({TORCH: 1, 4: 2}, back=False) + ",ok,down*3,ok")  # P2: shield
    before = saved(d)
    d.reboot()
    t = d.text()
    assert t.startswith("== P2 cards ==  1 kind") and counts(d)["> Treasures"] == "-"
    assert saved(d) == before
    d.keys("down*3")
    assert counts(d)["> Shield"] == "1"
    d.keys("back")
    assert "P1       3 cards 2/7" in d.text() and "Undo P2 shield +1" in d.text()
    assert d.errors() == []


@pytest.mark.parametrize(
    "content, message",
    [
        (b"WYRM 1 00000000 5\nhello", "damaged"),
        ({"v": 1, "rules": {"players": []}}, "was damaged"),
        ({"v": 1, "rules": {"players": [{"name": "P1"}, {"name": "P2"}]}, "start": 0},
         "was damaged"),
        ("just text", "was damaged"),
    ],
)
def test_damaged_save_gives_a_message_and_a_fresh_start(tmp_path, content, message):
    """A damaged or unexpected saved game: a plain message, then a fresh game menu."""
    if isinstance(content, bytes):
        with open(str(tmp_path / "drachenschatten.json"), "wb") as f:
            f.write(content)
    else:
        Store(str(tmp_path)).save("drachenschatten", content)
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert message in flat(d) and "A new game starts." in flat(d)
    d.keys("ok")
    assert "> New game" in d.text()
    d.keys("ok,ok,ok")
    assert len(saved(d)["rules"]["players"]) == 2 and d.title() == "== P1 cards ==  village"
    assert d.errors() == []


def test_new_game_over_an_existing_one_asks_first(tmp_path):
    """New game over entered cards asks; No (the default) keeps them."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({TORCH: 1}) + ",up,ok")
    assert "Start a new game?" in flat(d) and "> No" in d.text()
    d.keys("ok")
    assert saved(d)["rules"]["players"][0]["objects"][0] == 1
    d.keys("ok,up,ok,ok,ok")
    assert saved(d)["rules"]["players"][0]["objects"][0] == 0
    assert d.errors() == []


def test_quick_reference_has_objects_battle_and_winning(tmp_path):
    """The quick reference lists each object and the battle and win pages."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",down,ok")
    assert "Torch" in d.text()
    d.keys("up*2,ok")
    assert d.text().startswith("== Winning ==") and "7 different objects" in d.text()
    d.keys("ok,up*2,ok")
    assert d.text().startswith("== Battle ==")
    assert d.errors() == []


def test_same_frames_under_micropython_and_cpython():
    """Set up two collections and trade so both reach seven objects: real MicroPython draws
    byte-identical frames to CPython."""
    cp = same_frames(TRADE_KEYS, seed=4)
    assert "P1+P2 win!" in cp[-1].text()


@pytest.mark.parametrize("board", ["pico-ssd1306-128x32", "pico-ssd1306-3btn"])
def test_main_flow_works_on_small_panel_and_three_buttons(tmp_path, board):
    """Tracker, trade and the double win run on a 128x32 panel and a three-button board,
    inside the panel and without errors."""
    d = Driver(tmp_path, board=board)
    d.keys(TRADE_KEYS)
    assert "P1+P2 win!" in d.text()
    assert max(y for f in d.frames if f for (_x, y, _s, _c, _sc) in f.log) < d.h
    assert d.errors() == []


def test_a_battle_lost_outside_the_players_turn_passes_nothing(tmp_path):
    """"Lost to a beast" entered in the list of a player whose turn it is not (opened from
    the menu): their cards go, the turn stays where it was and the list stays open."""
    d = Driver(tmp_path)
    d.keys(NEW2 + "," + track({TORCH: 1}) + ",down,ok")  # P1's torch; the menu: P2's row
    assert d.title() == "== P2 cards ==  0 kinds" and saved(d)["turn"] == 0
    d.keys(",".join(moves(START, LOST)) + ",ok,ok")
    assert d.title() == "== P2 cards ==  0 kinds" and "> Next turn: P2" in d.text()
    assert saved(d)["turn"] == 0 and "lost every card" not in flat(d)
    assert d.errors() == []


# -- German (issue 44) ------------------------------------------------------------------
def _lang(folder, n):
    Store(str(folder)).save("settings", {"lang": n})


# what a player sees on the way: the menu, who begins, a list and its note, the win
SEEN = {
    0: ["> New game", "Quick reference", "== Players ==", "== Last dragon slayer ==",
        "Random", "== P1 cards ==  village", "== P1 cards ==  0 kinds", "> Treasures",
        "Spell book", "Gem: 1",
        "> Next turn: P2", "== Game over ==", "P1 wins!", "P1: 3 treasures",
        "Wrong entry? Undo it.", "> Won: P1", "P1       4 cards 1/7", "Undo P1 treasures +1",
        "Piles empty"],
    1: ["> Neues Spiel", "Kurzregeln", "== Spieler ==", "== Letzter Drachentöter ==",
        "Zufall", "== P1 Karten ==  Dorf", "== P1 Karten ==  0 Arten", "> Schätze",
        "Zauberbuch", "Edelstein: 1",
        "> Nächster Zug: P2", "== Spielende ==", "P1 gewinnt!", "P1: 3 Schätze",
        "Falsch? Zurücknehmen.", "> Sieg: P1", "P1      4 Karten 1/7",
        "Zurück: Schätze +1", "Stapel leer"],
}


@pytest.mark.parametrize("lang", [1, 0])
def test_a_stretch_of_the_game_in_each_language(tmp_path, lang):
    """Settings "lang": 1 (Deutsch): the game menu, who begins (Letzter Drachentöter), a
    player's list (Schätze between Edelstein and Zauberbuch), the note of a card, the pass,
    the win (P1 gewinnt!, 3 Schätze) and the menu after it speak German, with no word of
    the English ones; in English (0) the same stretch reads as before, with no German."""
    _lang(tmp_path, lang)
    d = Driver(tmp_path)
    d.keys(OPEN)
    seen = [d.text()]
    for keys in ("ok", "ok", "ok", "down*7,ok", "down*7,ok", "up,ok", "back", "ok", "ok",
                 "up*7,ok", "up*7,ok", "ok", "back", "down*3"):
        d.keys(keys)
        seen.append(d.text())
    text = "\n".join(seen)
    for words in SEEN[lang]:
        assert words in text, words
    for words in SEEN[1 - lang]:
        if words not in SEEN[lang]:
            assert words not in text, words
    assert d.errors() == []


def test_undo_rows_speak_the_language_in_use_with_todays_names(tmp_path):
    """A card entered in English, the language switched to German: the menu's undo row and
    its note say it in German ("Zurück: P1 Fackel +1", "Zurückgenommen: P1 Fackel +1"),
    not in the words of the day it was entered."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*5,ok,back")  # P1: a torch, in English
    assert "Undo P1 torch +1" in d.text()
    _lang(tmp_path, 1)
    d.reboot()  # back on the game menu, in German
    assert "Zurück: P1 Fackel +1" in d.text()
    d.keys("down*3,ok")
    assert d.app._toast == "Zurückgenommen: P1 Fackel +1" and torches(d) == 0
    assert d.errors() == []


def test_a_german_list_title_of_ten_kinds_keeps_to_the_bar(tmp_path):
    """A six-letter name with ten kinds: "Wmwmwy Karten" and "10 Arten" would touch, so the
    title bar names the player alone beside "10 Arten"; with nine kinds both fit."""
    Store(str(tmp_path)).save("table", ["Wmwmwy", "Mwmwmg"])
    _lang(tmp_path, 1)
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*5,ok")
    for row in OBJ[1:9]:  # nine kinds: still a game (the seventh kind wins: OK, back)
        d.keys(",".join(moves(NEXT, row)) + ",ok")
        if "Spielende" in d.text():
            d.keys("ok")
    assert d.title() == "== Wmwmwy Karten ==  9 Arten"
    d.keys(",".join(moves(NEXT, OBJ[9])) + ",ok")
    assert d.title() == "== Wmwmwy ==  10 Arten"
    assert d.errors() == []


@pytest.mark.parametrize("drop", ["won", "undo", "start", "end", "deal"])
def test_a_save_without_a_field_is_damaged_not_mended(tmp_path, drop):
    """A save missing one of its fields (no older version of it was ever released, so
    none is filled in): the damaged-save message (the store's backup, one change older,
    is taken instead), no crash."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*5,ok")
    raw = saved(d)
    del raw[drop]
    Store(str(tmp_path)).save("drachenschatten", raw)
    d.reboot()
    assert "was damaged" in flat(d)
    d.keys("ok")
    assert d.title() == "== Schatten ==  P1" and drop in saved(d)
    assert d.errors() == []


@pytest.mark.parametrize("label, good", [
    ("a 1 6 1", True), ("a 0 12 0", True), ("l 1", True), ("t 0 1", True), ("s 1 0", True),
    ("d 0 1", True), ("v 1 6", True), ("v 0 12", True), ("v 0 13", False), ("v 2 6", False),
    ("v 0 6 1", False), ("a 2 6 1", False), ("a 0 13 1", False), ("a 0 0 1", False),
    ("a 0 6 2", False), ("t 0 0", False), ("l -1", False), ("x 0", False),
    ("P1 torch +1", False), ("a 0 6", False)])
def test_an_undo_label_is_a_code_the_game_can_say(tmp_path, label, good):
    """The undo list keeps what each step undoes as a code put into words when shown: a
    code a game of two could not have made (a third player, a row that holds no count, a
    trade with oneself, text of an older build) makes the save damaged; the codes inside
    the range load as they are."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",up*5,ok")
    raw = saved(d)
    raw["undo"][0][0] = label
    Store(str(tmp_path)).save("drachenschatten", raw)
    d.reboot()
    assert ("was damaged" in flat(d)) is not good
    assert d.errors() == []


def test_german_screens_and_a_saved_undo_code_same_frames_under_micropython(tmp_path):
    """In German, a save with an undo code read back (the code checked as the save loads),
    its undo row and note put into words, the pass, a player's list and a card: real
    MicroPython draws byte-identical frames to CPython."""
    (tmp_path / "make").mkdir()
    d = Driver(tmp_path / "make")
    d.keys(NEW2 + ",up*5,ok,back")  # P1: a torch
    save = saved(d)
    assert save["undo"][0][0] == "a 0 1 1"  # P1, row 1 (Torch), +1

    def state(runtime):
        folder = tmp_path / runtime
        folder.mkdir()
        _lang(folder, 1)
        Store(str(folder)).save("drachenschatten", save)
        return str(folder)

    frames = same_frames(OPEN + ",down*3,ok,wait:1600,ok,up,ok", seed=1, state=state)
    texts = [f.text() for f in frames]
    assert any("Zurück: P1 Fackel +1" in s for s in texts)
    # (after the undo the menu's cursor is on "Nächster Zug: P2": OK passes, P2's list)
    assert texts[-1].startswith("== P2 Karten ==  1 Art") and "Edelstein: 1" in texts[-1]
