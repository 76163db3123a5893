"""Der Weg nach Drakonia screens: setup, the final count grid, the result, saving."""
import pytest
from drive import Driver, same_frames, to_row

from wyrm.store import Store

OPEN = to_row("Drakonia")  # main menu -> Der Weg n. Drakonia
NEW3 = OPEN + ",ok,ok"  # New game, 3 players (the default): P1 begins, the menu on Final count


def selected(text):
    return [line[2:] for line in text.splitlines() if line.startswith("> ")]


def saved(d):
    return Store(d.state_dir).load("drakonia", None)


WALK = 14  # the walk round a grid: healthy 6..0, "take one away", wounded 0..5
TAKE = 7  # its "take one away" cell
START = 1  # a grid opens on the Woods (healthy 5)


def _pos(row, space):
    return 6 - space if row == 0 else TAKE + 1 + space


def _moves(frm, to):
    k = (to - frm) % WALK
    if k == 0:
        return []
    return ["down*%d" % k] if k <= WALK - k else ["up*%d" % (WALK - k)]


def _after(pos):
    """Where the cursor goes after an entry on ``pos``: the next cell, past "take one away"."""
    nxt = (pos + 1) % WALK
    return nxt + 1 if nxt == TAKE else nxt


def _cell_keys(cur, pos, v):
    """(keys, cursor after them): from ``cur``, ``v`` heroes on walk position ``pos`` (OK adds
    one and moves the cursor on: a second hero there is UP, OK)."""
    keys = _moves(cur, pos) + ["ok"]
    for _ in range(v - 1):
        keys += _moves(_after(pos), pos) + ["ok"]
    return keys, _after(pos)


def grid(healthy, wounded=None):
    """Keys that fill a freshly opened grid (cursor on healthy 5) and go on (BACK)."""
    wounded = wounded or [0] * 6
    keys = []
    cur = START
    for row, counts in ((0, healthy), (1, wounded)):
        for space, v in enumerate(counts):
            if v:
                more, cur = _cell_keys(cur, _pos(row, space), v)
                keys += more
    keys.append("back")
    return ",".join(keys)


# P1: healthy on 5 (Woods) and 6, one wounded beside the Woods: 5 + 6 + 2.5 = 13.5
P1 = grid([0, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 1])
# P2: healthy on 3, 4 and 6, one wounded beside space 1: 3 + 4 + 6 + 0.5 = 13.5
P2 = grid([0, 0, 0, 1, 1, 0, 1], [0, 1, 0, 0, 0, 0])
# From the game menu after setup ("Final count" selected): P1's grid opens at once, BACK
# goes on to P2's, P3 left empty, BACK: the result.
MAIN = NEW3 + ",ok," + P1 + "," + P2 + ",back"


def test_setup_shows_hero_limit_for_every_player_count_and_teams_at_six(tmp_path):
    """Setup: 2 players 6 heroes, 3-4 players 5, 5-6 players 4; teams A, B, C only at six."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok")
    assert "3 players" in d.text() and "Heroes in play: 5" in d.text()
    expect = {2: 6, 3: 5, 4: 5, 5: 4, 6: 4}
    d.keys("down")
    for n in range(2, 7):
        t = d.text()
        assert "%d players" % n in t and "Heroes in play: %d" % expect[n] in t, t
        assert ("Teams" in t) == (n == 6), t
        d.keys("up")
    t = d.text()  # UP at six stays at six
    assert "6 players" in t and "A=P1+P4" in t and "B=P2+P5" in t and "C=P3+P6" in t
    d.keys("down*6")  # DOWN stops at two
    assert "2 players" in d.text()
    d.keys("ok")
    assert saved(d)["n"] == 2 and len(saved(d)["tallies"]) == 2
    assert d.errors() == []


def test_final_count_shows_half_points_winner_and_tie_break_rule(tmp_path):
    """3 players, 13.5 each (one wounded hero beside the Woods = 2.5): the second-best hero
    (Woods vs space 4) breaks the tie, and the result says so in words."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok")
    assert d.text().startswith("== P1 count ==")  # an empty count: straight into P1's grid
    d.keys(P1)
    t = d.text()
    assert t.startswith("== P2 count ==") and "0/5" in t  # BACK went on to P2
    d.keys(P2)
    assert d.text().startswith("== P3 count ==") and "BACK: result" in d.text()
    d.keys("back")
    t = d.text()
    assert t.startswith("== Result ==")
    assert "P1 wins!" in t
    assert "tie broken: 2nd hero" in t and "in the Woods" in t
    assert [ln for ln in t.splitlines() if ln.startswith("1. ")] == ["1. P1           13.5"]
    assert [ln for ln in t.splitlines() if ln.startswith("2. ")] == ["2. P2           13.5"]
    d.keys("down*3")
    assert "3. P3              0" in d.text()
    d.keys("ok")  # the result closes to the list of players, on "Show result"
    t = d.text()
    assert t.startswith("== Final count ==") and "> Show result" in t
    assert "P1  3/5" in t and "13.5 pts" in t
    st = saved(d)
    assert st["tallies"][0] == {"healthy": [0, 0, 0, 0, 0, 1, 1], "wounded": [0, 0, 0, 0, 0, 1, 0]}
    assert d.errors() == []


def test_grid_walks_round_from_the_woods_and_ok_adds_at_once(tmp_path):
    """The grid opens on the Woods; DOWN walks the healthy row to the City, then "take one
    away" where the walk turns, then the wounded row back to the Woods; one more DOWN is
    Drakonia again, so a wounded hero beside the Woods is one UP from Drakonia. OK adds a
    hero at once and the cursor moves on to the next cell (a second hero there: UP, OK)."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok")
    assert "5 Woods: healthy" in d.text()
    d.keys("down*5")
    assert "0 City: healthy" in d.text()
    d.keys("down")
    assert "Take one away" in d.text()
    d.keys("down")
    assert "0 City: wounded" in d.text()
    d.keys("down*5")
    assert "5 Woods: wounded" in d.text()
    d.keys("down")  # round to Drakonia
    assert "Drakonia: healthy  0/5" in d.text()  # (beside its count: no "6 ")
    d.keys("up")  # UP from Drakonia: the wounded beside the Woods
    assert "5 Woods: wounded" in d.text()
    d.keys("ok")
    t = d.text()
    assert "1/5" in t and "2.5 pts" in t and "Drakonia: healthy" in t  # on to the next cell
    d.keys("up,ok")  # a second one beside the Woods
    t = d.text()
    assert "2/5" in t and "5 pts" in t  # two wounded by the Woods: 2.5 each
    assert "Drakonia: healthy" in t
    d.keys("up*2")
    assert "Space 4: wounded" in d.text()
    d.keys("down*2,ok")  # on to Drakonia: the cursor on to the Woods
    assert "5 Woods: healthy" in d.text() and "11 pts" in d.text()
    assert saved(d)["tallies"][0] == {"healthy": [0, 0, 0, 0, 0, 0, 1],
                                       "wounded": [0, 0, 0, 0, 0, 2, 0]}
    assert d.errors() == []


def test_after_an_entry_the_cursor_moves_on_past_take_one_away(tmp_path):
    """A hero entered in the City (the healthy row's end): the cursor moves on to the
    wounded City, past "take one away"; one entered beside the Woods (the walk's end): on
    round to Drakonia; a hero refused (over the limit) leaves it where it was."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,down*4,ok,ok,down*5,ok")  # 2 players: a hero in the City
    assert "0 City: wounded" in d.text() and "1/6" in d.text()
    d.keys("down*5,ok")  # beside the Woods
    assert "Drakonia: healthy" in d.text() and "2/6" in d.text()
    d.keys("ok,ok,ok,ok")  # Drakonia, the Woods, 4, 3: six in play
    assert "6/6" in d.text() and "Space 2: healthy" in d.text()
    d.keys("ok")  # a seventh: refused, the cursor stays
    assert "Space 2: healthy" in d.text() and "6/6" in d.text()
    assert d.errors() == []


def test_take_one_away_corrects_a_cell_and_back_cancels_it(tmp_path):
    """"-1" (left of the wounded row, after the City): the next OK takes one away (the title
    says so); BACK cancels it without leaving; nothing is taken below 0."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok,ok,up,ok,up,ok")  # three healthy heroes in the Woods: on space 4
    assert "3/5" in d.text() and "15 pts" in d.text()
    d.keys("down*5,ok")  # the "-1" cell
    t = d.text()
    assert t.startswith("== P1 count ==  OK: -1") and "OK -1  BACK: no" in t
    d.keys("up*6,ok")  # back on the Woods: one taken away (the cursor stays), then OK adds
    assert "2/5" in d.text() and "10 pts" in d.text() and "5 Woods: healthy" in d.text()
    d.keys("ok")
    assert "3/5" in d.text()
    d.keys("down*5,ok,back")  # BACK only leaves "take one away"
    t = d.text()
    assert t.startswith("== P1 count ==  15 pts") and "BACK: P2" in t
    d.keys("ok,up,ok")  # take one away from the empty City
    assert "No hero here to take away" in d.text().replace("\n", " ")
    d.keys("wait:1600")
    assert saved(d)["tallies"][0]["healthy"] == [0, 0, 0, 0, 0, 3, 0]
    assert d.errors() == []


def test_more_heroes_than_the_limit_are_refused_with_the_reason(tmp_path):
    """3 players: a sixth hero (healthy or wounded) is refused, the reason is shown and
    the count stays at five."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok,down*4,ok" + ",up,ok" * 4)  # five on space 1
    assert "5/5" in d.text()
    d.keys("up,ok")
    assert "P1: 6 in play, max 5" in d.text().replace("\n", " ")
    d.keys("wait:1600")
    assert "5/5" in d.text() and "Space 1: healthy" in d.text()  # (refused: it stays)
    d.keys("down*5,ok")  # wounded beside space 2 also counts
    assert "P1: 6 in play, max 5" in d.text().replace("\n", " ")
    st = saved(d)
    assert st["tallies"][0]["healthy"] == [0, 5, 0, 0, 0, 0, 0]
    assert st["tallies"][0]["wounded"] == [0] * 7
    assert d.errors() == []


def test_two_player_limit_is_six(tmp_path):
    """2 players may have six heroes in play; the seventh is refused."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,down,ok,ok,down*3,ok" + ",up,ok" * 6)
    assert "6/6" in d.text()
    assert saved(d)["tallies"][0]["healthy"][2] == 6
    assert d.errors() == []


def test_final_count_with_entries_opens_the_list_on_the_next_player(tmp_path):
    """Once heroes are entered, "Final count" opens the list of players on the first one
    without heroes (a correction is one OK away)."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok," + P1 + ",back*4")  # P1 entered; P3, result, list, game menu
    assert d.text().startswith("== Drakonia ==") and "> Final count" in d.text()
    d.keys("ok")
    assert d.text().startswith("== Final count ==") and "> P2  0/5" in d.text()
    d.keys("up,ok")
    assert d.text().startswith("== P1 count ==  13.5 pts")
    assert d.errors() == []


def test_three_buttons_hold_ok_goes_on_and_says_so(tmp_path):
    """Three buttons: the hint names hold OK; a long OK goes on to the next player."""
    d = Driver(tmp_path, board="pico-ssd1306-3btn")
    d.keys(OPEN + ",ok,down,ok,ok,ok")
    assert "OK +1 hold OK: P2" in d.text()
    d.keys("back")  # a long OK on three buttons
    assert d.text().startswith("== P2 count ==") and "OK +1 hold OK: result" in d.text()
    assert min(x for (x, _y, _s, _c, _sc) in d.last().log) >= 0  # the hint fits the panel
    assert saved(d)["tallies"][0]["healthy"][5] == 1
    assert d.errors() == []


def test_identical_heroes_are_a_true_draw(tmp_path):
    """Two players with one healthy hero each in Drakonia: "Draw!" and the draw rule."""
    d = Driver(tmp_path)
    one = grid([0, 0, 0, 0, 0, 0, 1])
    d.keys(OPEN + ",ok,down,ok,ok," + one + "," + one)
    t = d.text()
    assert "Draw!" in t and "Shared win: P1, P2" in t and "draw: heroes on same" in t
    assert d.errors() == []


def test_six_players_score_as_teams_with_each_players_points(tmp_path):
    """Six players: teams A (P1+P4), B, C; team totals with both members' points."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up*3,ok,ok")
    keys = [
        grid([0, 0, 0, 0, 0, 0, 1]),  # P1: 6
        grid([0, 0, 0, 0, 1, 0, 0]),  # P2: 4
        grid([0, 0, 0, 1, 0, 0, 0]),  # P3: 3
        grid([0] * 7, [0, 0, 0, 0, 0, 1]),  # P4: wounded by the Woods 2.5
        grid([0, 0, 0, 0, 0, 1, 0]),  # P5: 5
        grid([0, 0, 1, 0, 0, 0, 0]),  # P6: 2
    ]
    d.keys(",".join(keys))
    t = d.text()
    assert "Team B wins!" in t and "most points" in t  # B 9 > A 8.5 > C 5
    seen = []  # every line of the list, scrolling down
    for _ in range(8):
        for ln in d.text().splitlines()[2:]:
            ln = " ".join(ln.split())
            if ln not in seen:
                seen.append(ln)
        d.keys("down")
    assert seen[1:] == [
        "1. Team B 9",
        "P2 4 + P5 5",
        "2. Team A 8.5",
        "P1 6 + P4 2.5",
        "3. Team C 5",
        "P3 3 + P6 2",
    ]
    assert d.errors() == []


def test_no_hero_in_drakonia_is_noted_but_scored(tmp_path):
    """A count without a hero in Drakonia is scored, with a note under the ranking."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,down,ok,ok," + grid([0, 0, 1, 0, 0, 0, 0]) + ",back,down*5")
    assert "P1 wins!" in d.text() and "Note: No hero in" in d.text()
    assert d.errors() == []


def test_power_cut_in_the_grid_comes_back_to_the_same_player_with_the_count(tmp_path):
    """After a power cut Wyrm reopens Drakonia in P2's grid with every entry kept; BACK
    still goes on to P3 and the result, and the list of players is below them."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok," + P1 + ",down*2,ok")  # P2: healthy on 3
    before = saved(d)
    d.reboot()
    t = d.text()
    assert t.startswith("== P2 count ==") and "3 pts" in t
    assert saved(d) == before
    d.keys("back")
    assert d.text().startswith("== P3 count ==")
    d.keys("back")
    assert "P1 wins!" in d.text()
    d.keys("back")  # the result closes to the list of players
    t = d.text()
    assert "13.5 pts" in t and "P2  1/5" in t and "> Show result" in t
    d.keys("ok")
    d.reboot()
    assert "P1 wins!" in d.text()
    assert d.errors() == []


@pytest.mark.parametrize(
    "content, message",
    [
        (b"WYRM 1 00000000 5\nhello", "damaged"),
        ({"v": 1, "n": 9, "tallies": [], "screen": "menu", "player": 0}, "was damaged"),
        ({"v": 1, "n": 2, "tallies": [{"healthy": [7] * 7, "wounded": [0] * 7}] * 2,
          "screen": "menu", "player": 0}, "was damaged"),
        (["not", "a", "game"], "was damaged"),
        ({"v": 1, "n": 3, "tallies": [{"healthy": [0] * 7, "wounded": [0] * 7}] * 3,
          "screen": "menu", "player": 0, "turn": 3}, "was damaged"),
    ],
)
def test_damaged_save_gives_a_message_and_a_fresh_start(tmp_path, content, message):
    """A damaged or unexpected saved game: a plain message, then a fresh game menu."""
    if isinstance(content, bytes):
        with open(str(tmp_path / "drakonia.json"), "wb") as f:
            f.write(content)
    else:
        Store(str(tmp_path)).save("drakonia", content)
    d = Driver(tmp_path)
    d.keys(OPEN)
    t = d.text().replace("\n", " ")
    assert message in t and "A new game starts." in t
    d.keys("ok")
    assert d.text().startswith("== Drakonia ==") and selected(d.text()) == ["New game"]
    d.keys(",ok,ok")
    assert saved(d)["n"] == 3
    assert d.errors() == []


def test_new_game_over_an_existing_one_asks_first(tmp_path):
    """New game over a count asks; No (the default) keeps the count, Yes clears it."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok," + P1 + ",back*4,down*4,ok")  # P3, result, list, game menu: New game
    assert "Start a new game?" in d.text() and "> No" in d.text()
    d.keys("ok")
    assert saved(d)["tallies"][0]["healthy"][6] == 1
    d.keys("ok,up,ok")  # Yes
    assert d.text().startswith("== Players ==")
    d.keys("ok")
    assert saved(d)["tallies"][0]["healthy"][6] == 0
    assert d.errors() == []


def test_changing_the_player_count_keeps_or_clears_with_confirmation(tmp_path):
    """Setup: a different player count over entered heroes asks before clearing."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",ok," + P1 + ",back*4,down*2,ok,up,ok")
    assert "Change to 4 players?" in d.text()
    d.keys("ok")  # No
    assert saved(d)["n"] == 3 and "Setup: 3 players" in d.text()
    d.keys("ok,up,ok,up,ok")
    assert saved(d)["n"] == 4 and saved(d)["tallies"][0]["healthy"][6] == 0
    assert d.errors() == []


def test_quick_reference_pages_open_from_a_menu(tmp_path):
    """The quick reference lists the four adventure cards and the turn; a page scrolls."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",down,ok")
    t = d.text()
    for name in ("Warrior card", "Thief card", "Cleric card", "Mage card"):
        assert name in t
    d.keys("down*3,ok")
    t = d.text()
    drawn = [s for (_x, _y, s, _c, _sc) in d.last().log]
    assert t.startswith("== Mage card ==") and "   the space behind" in drawn  # indent kept
    d.keys("down*3")
    assert "the Mage itself)" in d.text()
    d.keys("ok,down*2,ok")
    assert d.text().startswith("== Your turn ==")
    assert d.errors() == []


def test_same_frames_under_micropython_and_cpython():
    """Setup, a final count with a wounded hero and the tie-broken result: real MicroPython
    draws byte-identical frames to CPython."""
    cp = same_frames(MAIN, seed=3)
    assert "tie broken" in cp[-1].text()


@pytest.mark.parametrize("board", ["pico-ssd1306-128x32", "pico-ssd1306-3btn"])
def test_main_flow_works_on_small_panel_and_three_buttons(tmp_path, board):
    """Setup, count and result run on a 128x32 panel and a three-button board, inside the
    panel and without errors."""
    d = Driver(tmp_path, board=board)
    d.keys(MAIN)
    assert "P1 wins!" in d.text()
    assert max(y for f in d.frames if f for (_x, y, _s, _c, _sc) in f.log) < d.h
    assert d.errors() == []


# -- turns -----------------------------------------------------------------------------
# The game menu during a game: Next turn, Final count, Result, Setup, Quick reference,
# New game. The turns happen at the table: the menu opens on "Final count"; after a pass
# the cursor stays on "Next turn".


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn",
                                   "pico-ssd1306-128x32"])
def test_new_game_opens_on_the_final_count_and_turns_go_round_from_seat_one(tmp_path, board):
    """New game asks no "who begins" (the turns are played at the table): seat 1's turn, the
    menu on "Final count". One UP is "Next turn"; each OK there passes the turn on, the cursor
    stays on the row, and after the last player it wraps round to the first."""
    Store(str(tmp_path)).save("table", ["Anna", "Ben", "Clara"])
    d = Driver(tmp_path, board=board)
    d.keys(OPEN + ",ok,up,ok")  # New game: 4 players (the table's 3, UP: 4)
    assert d.title() == "== Drakonia ==  Anna"
    assert selected(d.text()) == ["Final count"]
    d.keys("up")
    assert selected(d.text()) == ["Next turn: Ben"]
    seen = []
    for _ in range(4):
        d.keys("ok")
        seen.append((d.title(), selected(d.text())))
    assert seen == [
        ("== Drakonia ==  Ben", ["Next turn: Clara"]),
        ("== Drakonia ==  Clara", ["Next turn: P4"]),
        ("== Drakonia ==  P4", ["Next turn: Anna"]),
        ("== Drakonia ==  Anna", ["Next turn: Ben"]),
    ]
    assert saved(d)["turn"] == 0
    assert d.errors() == []


def test_a_game_reopened_from_the_main_menu_opens_on_the_final_count(tmp_path):
    """Drakonia opened again from the main menu (here after a pass) shows its menu with the
    cursor on "Final count": the count is one OK away."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",up,ok,back")  # pass to P2, leave
    d.keys("ok")
    assert d.title() == "== Drakonia ==  P2" and selected(d.text()) == ["Final count"]
    d.keys("ok")
    assert d.text().startswith("== P1 count ==")
    assert d.errors() == []


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn"])
def test_back_after_a_pass_leaves_the_game_and_the_pass_stands(tmp_path, board):
    """Right after a pass, BACK (a long OK on three buttons) leaves the game as on every
    screen: the pass stands (P2's turn, saved), also after cursor moves and a quick roll."""
    d = Driver(tmp_path, board=board)
    d.keys(NEW3 + ",up,ok")  # P1 begins; pass to P2
    assert d.title() == "== Drakonia ==  P2"
    d.keys("back")
    assert d.title() == "== Wyrm ==" and saved(d)["turn"] == 1
    d.keys("ok,up,ok,down,up,chord:up+down,wait:600,back")  # open, pass to P3; moves; a roll
    assert d.title() == "== Drakonia ==  P3" and "Back to" not in d.text()
    d.keys("back")
    assert d.title() == "== Wyrm ==" and saved(d)["turn"] == 2
    assert d.errors() == []


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn"])
def test_the_undo_pass_row_gives_the_turn_back(tmp_path, board):
    """Taking a pass back is the game menu's last row, "Undo pass to P2", one UP from
    "Next turn" (the list wraps): P1's turn again ("Back to P1"), the cursor on "Next
    turn: P2", one OK from passing again. The row is there only right after a pass: it
    goes once the pass is undone or anything else is chosen, and is never there before."""
    d = Driver(tmp_path, board=board)
    d.keys(NEW3 + ",up,up")  # no pass yet: one UP from the top is New game
    assert selected(d.text()) == ["New game"] and "Undo pass" not in d.text()
    d.keys("down,ok,up")  # pass to P2; one UP
    assert selected(d.text()) == ["Undo pass to P2"]
    d.keys("ok")
    assert d.title() == "== Drakonia ==  P1" and "Back to P1" in d.text()
    assert saved(d)["turn"] == 0
    d.keys("wait:1600")
    assert selected(d.text()) == ["Next turn: P2"] and "Undo pass" not in d.text()
    d.keys("up")  # the row went with the undo
    assert selected(d.text()) == ["New game"]
    d.keys("down,ok,down*3,ok,back,up*3")  # pass to P2; Setup (another choice), back
    assert d.title() == "== Drakonia ==  P2" and saved(d)["turn"] == 1
    assert selected(d.text()) == ["Next turn: P3"] and "Undo pass" not in d.text()
    assert d.errors() == []


def test_turn_survives_a_power_cut_and_a_new_game_resets_it(tmp_path):
    """The turn is saved with the game: a power cut (in the menu or in a grid) keeps it;
    a new game, and a new player count in Setup, begin again with seat 1."""
    d = Driver(tmp_path)
    d.keys(NEW3 + ",up,ok,ok")  # P1 -> P2 -> P3
    assert d.title() == "== Drakonia ==  P3"
    d.reboot()
    assert d.title() == "== Drakonia ==  P3"
    assert selected(d.text()) == ["Final count"]  # the menu opens on the count
    d.keys("ok,down,ok")  # Final count: P1's grid; P1 healthy on 4
    d.reboot()
    assert d.text().startswith("== P1 count ==")
    d.keys("back*5")  # P2, P3, the result, the list of players, the game menu
    assert d.title() == "== Drakonia ==  P3"
    d.keys("down*2,ok,up,ok")  # Setup: 4 players (the menu under the grid: Final count)
    assert "Change to 4 players?" in d.text()
    d.keys("up,ok")  # Yes (the count is cleared)
    assert d.title() == "== Drakonia ==  P1" and saved(d)["n"] == 4
    assert selected(d.text()) == ["Final count"]
    d.keys("up,ok")
    assert d.title() == "== Drakonia ==  P2"
    d.keys("up*2,ok,up,ok,ok")  # (past "Undo pass") New game, Yes, 4
    assert d.title() == "== Drakonia ==  P1" and saved(d)["turn"] == 0
    assert d.errors() == []


_GOOD = {"v": 1, "n": 2, "tallies": [{"healthy": [0] * 7, "wounded": [0] * 7}] * 2,
         "screen": "grid", "player": 1, "turn": 1}


@pytest.mark.parametrize("missing", [None, "turn", "player"])
def test_a_save_without_whose_turn_or_grid_is_damaged(tmp_path, missing):
    """Every field of the save is required: one without "turn" (whose turn) or "player"
    (whose grid) gives the damaged-save message and a fresh game menu, no crash; the same
    save with both opens on P2's turn."""
    save = dict(_GOOD)
    if missing:
        del save[missing]
    Store(str(tmp_path)).save("drakonia", save)
    d = Driver(tmp_path)
    d.keys(OPEN)
    t = d.text().replace("\n", " ")
    if missing:
        assert "was damaged" in t and "A new game starts." in t
        d.keys("ok")
        assert selected(d.text()) == ["New game"]
    else:
        assert "damaged" not in t and d.title() == "== Drakonia ==  P2"
    assert d.errors() == []


def test_undo_pass_row_same_frames_under_micropython():
    """A pass taken back with the menu's "Undo pass" row: real MicroPython draws
    byte-identical frames to CPython."""
    cp = same_frames(NEW3 + ",up,ok,up,ok,wait:1600", seed=1)
    assert cp[-1].text().startswith("== Drakonia ==  P1")
    assert "> Next turn: P2" in cp[-1].text()


def test_turns_same_frames_under_micropython():
    """A new game and the turn passed round the table: real MicroPython draws byte-identical
    frames to CPython."""
    cp = same_frames(NEW3 + ",up,ok*4", seed=1)
    assert cp[-1].text().startswith("== Drakonia ==  P2")


# -- both languages ---------------------------------------------------------------------
_GERMAN = {
    "setup": ("== Spieler ==  2-6", "3 Spieler", "Helden im Spiel: 5", "OK: starten"),
    "menu": ("== Drakonia ==  P1", "Nächster Zug: P2", "> Schlusswertung", "Ergebnis",
             "Aufbau: 3 Spieler", "Kurzregeln", "Neues Spiel"),
    "grid": ("== P1 ==  0 Punkte", "gesund", "verletzt", "-1", "5 Wald: gesund  0/5",
             "OK +1  BACK: P2"),
    "take": ("Einen wegnehmen", "OK -1  BACK: nein"),
    "result": ("== Ergebnis ==  3 Spieler", "P1 gewinnt!", "Gleichstand: 2. Held",
               "im Wald entscheidet", "1. P1           13,5"),
    "count": ("== Schlusswertung ==", "P1 3/5     13,5 Pkt.", "> Ergebnis zeigen"),
}
_ENGLISH = {
    "setup": ("== Players ==  2-6", "3 players", "Heroes in play: 5", "OK: start"),
    "menu": ("== Drakonia ==  P1", "Next turn: P2", "> Final count", "Result",
             "Setup: 3 players", "Quick reference", "New game"),
    "grid": ("== P1 count ==  0 pts", "healthy", "wounded", "-1", "5 Woods: healthy  0/5",
             "OK +1  BACK: P2"),
    "take": ("Take one away", "OK -1  BACK: no"),
    "result": ("== Result ==  3 players", "P1 wins!", "tie broken: 2nd hero",
               "in the Woods", "1. P1           13.5"),
    "count": ("== Final count ==", "P1  3/5     13.5 pts", "> Show result"),
}


@pytest.mark.parametrize("lang_n, want", [(1, _GERMAN), (0, _ENGLISH)])
def test_a_count_speaks_the_language_set(tmp_path, lang_n, want):
    """With Deutsch set (settings "lang": 1) the count from New game to the result speaks
    German: Spieler, Helden im Spiel, Schlusswertung, gesund / verletzt, Wald, P1 gewinnt!,
    the tie-break's reason, half points as 13,5; no frame shows an English-only word. With
    English set, the same presses show the same screens in English, no German-only word."""
    from english_words import ENGLISH, GERMAN, words_of


    Store(str(tmp_path)).save("settings", {"lang": lang_n})
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok")
    assert all(w in d.text() for w in want["setup"]), d.text()
    d.keys("ok")
    assert all(w in d.text() for w in want["menu"]), d.text()
    d.keys("ok")  # the first player's grid
    assert all(w in d.text() for w in want["grid"]), d.text()
    d.keys("down*6,ok")  # "take one away"
    assert all(w in d.text() for w in want["take"]), d.text()
    d.keys("back,up*6")
    d.keys(P1 + "," + P2 + ",back")
    assert all(w in d.text() for w in want["result"]), d.text()
    d.keys("back")
    assert all(w in d.text() for w in want["count"]), d.text()
    other = GERMAN if lang_n == 0 else ENGLISH
    shown = [" ".join(s for (_x, _y, s, _c, _sc) in f.log) for f in d.frames if f is not None]
    assert [words_of(s, other) for s in shown if words_of(s, other)] == []
    assert d.errors() == []


@pytest.mark.parametrize("lang_n, hints", [
    (1, ("OK +1 halten: P2", "OK +1 halten: Wertung", "OK -1 halten: nein")),
    (0, ("OK +1 hold OK: P2", "OK +1 hold OK: result", "OK -1 hold OK: no"))])
def test_three_buttons_grid_hint_speaks_the_language_set(tmp_path, lang_n, hints):
    """Three buttons (no BACK): the grid's hint says holding OK goes on, in the language set
    ("OK +1 halten: P2", the last grid "... Wertung"; "take one away": "OK -1 halten:
    nein"), and in English as before."""

    Store(str(tmp_path)).save("settings", {"lang": lang_n})
    d = Driver(tmp_path, board="pico-ssd1306-3btn")
    d.keys(OPEN + ",ok,down,ok,ok")  # two players: P1's grid
    assert hints[0] in d.text()
    d.keys("down*6,ok")
    assert hints[2] in d.text()
    d.keys("ok,long:ok")  # (-1 on an empty cell: nothing) P2's grid, the last
    assert hints[1] in d.text(), d.text()
    assert d.errors() == []


def test_the_quick_reference_speaks_the_language_set(tmp_path):
    """Quick reference in German: the pages as German players name them (Krieger-Karte, Dieb,
    Kleriker, Magier, ... Ende, Wertung), each as many as in English, every line leaving the
    scroll mark its cell."""
    from wyrm.games import drakonia_ref

    Store(str(tmp_path)).save("settings", {"lang": 1})
    d = Driver(tmp_path)
    d.keys(OPEN + ",down,ok")  # no game yet: New game, Kurzregeln
    assert d.title() == "== Kurzregeln ==" and "> Krieger-Karte" in d.text()
    d.keys("ok")
    assert d.title() == "== Krieger-Karte ==" and "Auf deinen Krieger" in d.text()
    assert len(drakonia_ref.PAGES_DE) == len(drakonia_ref.PAGES)
    for title, lines in drakonia_ref.PAGES_DE:
        assert all(len(line) <= 20 for line in lines), title
    assert d.errors() == []


def test_german_count_same_frames_under_micropython(tmp_path):
    """In German, a count to the result (half points as 13,5, the tie-break's reason): real
    MicroPython draws byte-identical frames to CPython."""


    def state(runtime):
        folder = tmp_path / runtime
        folder.mkdir()
        Store(str(folder)).save("settings", {"lang": 1})
        return str(folder)

    cp = same_frames(MAIN, seed=1, state=state)
    assert "P1 gewinnt!" in cp[-1].text() and "13,5" in cp[-1].text()
