"""DrachenSchatten screens: the card tracker, win announcements, end count, saving."""
import pytest
from drive import Driver, same_frames

from wyrm.store import Store

OPEN = "down*2,ok"  # 3rd entry of the main menu
NEW2 = OPEN + ",ok,ok,ok"  # New game, 2 players, past "who starts"
TREASURES = 11  # row of the treasures in a player's list
BEASTS = 10
TAKE = 12  # "Take one away"
LOST = 13
ROWS = 14  # the list wraps
START = 4  # a player's list opens on Gem the first time


def saved(d):
    return Store(d.state_dir).load("drachenschatten", None)


def flat(d):
    return d.text().replace("\n", " ")


def moves(frm, to):
    """The shortest keys from row ``frm`` to row ``to`` of a player's list (it wraps)."""
    k = (to - frm) % ROWS
    if k == 0:
        return []
    return ["down*%d" % k] if k <= ROWS - k else ["up*%d" % (ROWS - k)]


def track(rows, back=True):
    """Keys that add counts {row: n} in a player list opened for the first time (on Gem):
    walk to each row, OK adds one at once."""
    keys = []
    cur = START
    for row in sorted(rows):
        keys += moves(cur, row)
        keys.append("ok*%d" % rows[row])
        cur = row
    if back:
        keys.append("back")
    return ",".join(keys)


def test_new_game_names_a_random_starting_player(tmp_path):
    """New game: the starting player is drawn at random among the players and kept."""
    seen = set()
    for seed in range(1, 16):
        (tmp_path / str(seed)).mkdir()
        d = Driver(tmp_path / str(seed), seed=seed)
        d.keys(OPEN + ",ok,up,ok")  # 3 players
        t = d.text()
        assert t.startswith("== Who starts? ==")
        who = t.splitlines()[1]
        assert who == "P%d" % (saved(d)["start"] + 1)
        seen.add(who)
        d.keys("ok")
        assert "Who starts: " + who in d.text()
        assert d.errors() == []
    assert seen == {"P1", "P2", "P3"}


def test_three_treasures_announce_the_win_at_once(tmp_path):
    """Two treasures: no win; the third: "P1 wins!" with the reason; no second announcement."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok," + track({TREASURES: 2}, back=False))
    assert "Game over" not in d.text() and "> Treasures" in d.text()
    d.keys("ok")
    t = d.text()
    assert t.startswith("== Game over ==") and "P1 wins!" in t and "P1: 3 treasures" in t
    d.keys("ok")
    assert d.text().startswith("== P1 cards ==")
    d.keys("down*3,ok")  # a torch afterwards: still won, not announced again
    assert d.text().startswith("== P1 cards ==") and "> Torch" in d.text()
    d.keys("back")
    assert "Won: P1" in d.text()
    assert d.errors() == []


def test_three_beasts_win_and_two_do_not(tmp_path):
    """Slain beasts: two is not yet a win, the third is."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",down,ok," + track({BEASTS: 2}, back=False))
    assert "Game over" not in d.text()
    d.keys("ok")
    assert "P2 wins!" in d.text() and "P2: 3 slain beasts" in d.text()
    assert d.errors() == []


def test_seven_different_objects_win_but_six_kinds_with_doubles_do_not(tmp_path):
    """Six kinds (one of them twice) is no win; a seventh kind is."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok," + track({0: 1, 1: 1, 2: 1, 3: 2, 4: 1}, back=False))
    d.keys("down,ok")  # spell book: 6 kinds
    assert "6 kinds" in d.text() and "Game over" not in d.text()
    d.keys("down,ok")  # key: 7 kinds
    assert "P1 wins!" in d.text() and "P1: 7 object types" in flat(d)
    assert d.errors() == []


# P1: torch, boots, wand, 2 swords, gem, spell book; P2: torch, boots, key, shield, helmet,
# 2 potions - six kinds each. Trading a sword for a potion gives both seven kinds.
TRADE_SETUP = (
    NEW2
    + ",ok,"
    + track({0: 1, 1: 1, 2: 1, 3: 2, 4: 1, 5: 1})
    + ",down,ok,"
    + track({0: 1, 1: 1, 6: 1, 7: 1, 8: 1, 9: 2})
)
TRADE = TRADE_SETUP + ",down,ok,ok,down*3,ok,ok,down*5,ok"


def test_a_trade_that_gives_two_players_seven_objects_makes_both_win(tmp_path):
    """Trade sword for magic potion: both players reach 7 different objects - both win."""
    d = Driver(tmp_path)
    d.keys(TRADE_SETUP)
    assert "P1: 7 cards, 6 kinds" in d.text() and "P2: 7 cards, 6 kinds" in d.text()
    d.keys("down,ok,ok")
    assert d.text().startswith("== P1 gives ==") and "> Torch" in d.text()
    d.keys("down*3")
    assert "> Sword" in d.text()
    d.keys("ok,ok")
    assert d.text().startswith("== P1 gets ==") and "Magic potion" in d.text()
    d.keys("down*5,ok")
    t = flat(d)
    assert "P1+P2 win!" in t and "P1: 7 object types" in t and "P2: 7 object types" in t
    g = saved(d)["game"]["players"]
    assert g[0]["objects"] == [1, 1, 1, 1, 1, 1, 0, 0, 0, 1]
    assert g[1]["objects"] == [1, 1, 0, 1, 0, 0, 1, 1, 1, 1]
    d.keys("ok")
    assert "> Won: P1+P2" in d.text()
    assert d.errors() == []


def test_empty_piles_equal_most_cards_is_a_draw(tmp_path):
    """Piles empty with 1 card each: "Draw!"; both marked, each with its count."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok," + track({0: 1}) + ",down,ok," + track({TREASURES: 1}))
    d.keys("down*2,ok")
    assert "Village and caves" in d.text() and "> No" in d.text()
    d.keys("up,ok")
    t = d.text()
    assert t.startswith("== End: most cards ==") and "Draw!" in t
    assert "P1" in t and "P2" in t and t.count("1 card") == 2
    assert d.errors() == []


def test_empty_piles_most_cards_wins(tmp_path):
    """Piles empty: 3 cards beat 2 (objects, beasts and treasures all count)."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok," + track({0: 1, BEASTS: 1, TREASURES: 1}) + ",down,ok,")
    d.keys(track({4: 2}) + ",down*2,ok,up,ok")
    t = d.text()
    assert "P1 wins!" in t and "3 cards" in t and "2 cards" in t
    d.reboot()  # the end count is where the players come back to
    assert "P1 wins!" in d.text()
    assert d.errors() == []


def torches(d):
    return saved(d)["game"]["players"][0]["objects"][0]


def test_take_one_away_corrects_and_undo_restores_the_last_change(tmp_path):
    """OK adds one at once; "Take one away" makes the next OK take one (never below 0,
    BACK: no); Undo in the menu reverts the last change."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok")
    assert d.text().startswith("== P1 cards ==") and "> Gem" in d.text()
    d.keys("up*4,ok")  # torch +1
    assert torches(d) == 1
    d.keys("up*2,ok")  # Take one away
    assert d.text().splitlines()[0] == "== P1 cards ==  OK: -1"
    d.keys("down*2,ok")  # torch -1
    assert torches(d) == 0 and "OK: -1" not in d.text()
    d.keys("up*2,ok,down*2,ok")
    assert "No torch to take" in flat(d) and torches(d) == 0  # a toast: the reason
    d.keys("wait:3000,up*2,ok,back")  # BACK: no taking away, still the list
    assert d.text().splitlines()[0] == "== P1 cards ==  0 kinds"
    d.keys("down*2,ok,ok,back")  # torch +1 +1
    assert torches(d) == 2 and "Undo P1 torch +1" in d.text()
    d.keys("down*4,ok")
    assert "Undone: P1 torch +1" in flat(d)
    assert torches(d) == 1
    assert d.errors() == []


def test_the_list_opens_on_the_row_changed_last(tmp_path):
    """Back in a player's list, the cursor is on the row changed last (each player's own)."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok,down*2,ok,back,ok")  # P1: key +1, leave, open again
    assert "> Key" in d.text()
    d.keys("back,down,ok")  # P2: the first time, on Gem
    assert d.text().startswith("== P2 cards ==") and "> Gem" in d.text()
    assert d.errors() == []


def test_lost_battle_clears_the_collection_after_confirmation(tmp_path):
    """"Lost to a beast" asks first; Yes removes all the player's cards; undo brings them back."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok," + track({0: 2, TREASURES: 2}, back=False) + ",down*2,ok")
    assert "P1 lost a battle" in flat(d)
    d.keys("up,ok")
    p = saved(d)["game"]["players"][0]
    assert p["objects"] == [0] * 10 and p["treasures"] == 0
    d.keys("back")
    assert "Undo P1 lost battle" in d.text()
    d.keys("down*4,ok")
    p = saved(d)["game"]["players"][0]
    assert p["objects"][0] == 2 and p["treasures"] == 2
    assert d.errors() == []


def test_the_eighth_treasure_is_refused(tmp_path):
    """Only seven treasures exist: an eighth is refused with the reason."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up*2,ok,ok")  # 4 players
    for p in range(3):
        d.keys(("down," if p else "") + "ok," + track({TREASURES: 2}))
    d.keys("down,ok," + track({TREASURES: 2}, back=False))
    assert "Only 7 treasures" in flat(d)
    assert saved(d)["game"]["players"][3]["treasures"] == 1
    assert d.errors() == []


def test_power_cut_keeps_every_count_and_the_open_player(tmp_path):
    """After a power cut Wyrm reopens P2's list with every count and the undo list kept."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok," + track({0: 1, 3: 2}) + ",down,ok,down*3,ok")  # P2: shield +1
    before = saved(d)
    d.reboot()
    t = d.text()
    assert t.startswith("== P2 cards ==") and "1 kind" in t
    assert saved(d) == before
    d.keys("back")
    assert "P1: 3 cards, 2 kinds" in d.text() and "Undo P2 shield +1" in d.text()
    assert d.errors() == []


@pytest.mark.parametrize(
    "content, message",
    [
        (b"WYRM 1 00000000 5\nhello", "damaged"),
        ({"v": 1, "game": {"players": []}}, "was damaged"),
        ({"v": 1, "game": {"players": [{"name": "P1"}, {"name": "P2"}]}, "start": 0},
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
    assert len(saved(d)["game"]["players"]) == 2
    assert d.errors() == []


def test_new_game_over_an_existing_one_asks_first(tmp_path):
    """New game over entered cards asks; No (the default) keeps them."""
    d = Driver(tmp_path)
    d.keys(NEW2 + ",ok," + track({0: 1}) + ",up,ok")
    assert "Start a new game?" in flat(d) and "> No" in d.text()
    d.keys("ok")
    assert saved(d)["game"]["players"][0]["objects"][0] == 1
    d.keys("ok,up,ok,ok,ok")
    assert saved(d)["game"]["players"][0]["objects"][0] == 0
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
    cp = same_frames(TRADE, seed=4)
    assert "P1+P2 win!" in cp[-1].text()


@pytest.mark.parametrize("board", ["pico-ssd1306-128x32", "pico-ssd1306-3btn"])
def test_main_flow_works_on_small_panel_and_three_buttons(tmp_path, board):
    """Tracker, trade and the double win run on a 128x32 panel and a three-button board,
    inside the panel and without errors."""
    d = Driver(tmp_path, board=board)
    d.keys(TRADE)
    assert "P1+P2 win!" in d.text()
    assert max(y for f in d.frames if f for (_x, y, _s, _c, _sc) in f.log) < d.h
    assert d.errors() == []
