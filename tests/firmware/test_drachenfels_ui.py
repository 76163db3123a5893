"""Drachenfels screens: setup, knights, moves and the secret castle check."""
import pytest
from drive import Driver, same_frames, to_row

from host_tools.mp import runner as mprun
from host_tools.sim import core as simcore
from wyrm.store import Store

OPEN = to_row("Drachenfels")  # main menu -> Drachenfels
# New game: the knights in play (no table: Red and Yellow ticked, the cursor on Start
# game); tick Green, start, Red begins: the setup page.
SETUP3 = OPEN + ",ok,up*2,ok,down*2,ok,ok"
# past the setup page: the game menu, on the turn's knight (Armour: Red)
PLAY3 = SETUP3 + ",ok"
# The game menu in a game: Next turn, the turn's knight (Armour / Castle check), the next
# knight's, one row per knight, Rainbows, Setup, Quick reference, New game.
RED_ARMOUR = ",down*2,ok,ok"  # Red's menu, "Armour: yes"
CHECK_CASTLE2 = ",down*2,ok,down,ok"  # from Red's menu: Castle check, rock castle 2
COLOURS = ["RED", "YELLOW", "GREEN", "BLUE"]


def saved(d):
    return Store(d.state_dir).load("drachenfels", None)


def flat(d):
    return d.text().replace("\n", " ")


def drawn(d):
    """Every text drawn on the current frame, in drawing order (a toast comes last)."""
    return " ".join(s for (_x, _y, s, _c, _sc) in d.last().log)


def test_setup_for_three_players_is_31_cards_7_each_and_a_pile_of_10(tmp_path):
    """3 players: one point card each of 1-5 comes out (31 cards), 7 each, 10 in the pile;
    the same page (one OK) says that Wyrm hid the princesses and how the castles are
    numbered."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok")
    assert d.text().startswith("== Knights in play ==  2")  # (no table: two ticked)
    d.keys("up*2,ok")  # tick Green
    assert d.text().startswith("== Knights in play ==  3")
    d.keys("down*2,ok")  # Start game: who begins (the youngest)?
    assert d.title() == "== Youngest begins ==" and "> Red" in d.text()
    d.keys("ok")
    t = flat(d)
    assert t.startswith("== Setup ==  31 cards") and "Out: one each of 1-5." in t
    assert "Deal 7 each; pile 10." in t
    assert "Princesses: hidden by Wyrm. Never lift one." in t
    assert "Castle 1: nearest who begins; 2-4 clockwise" in t
    d.keys("ok")
    assert d.title() == "== Drachenfels ==  Red"  # one OK: the game menu
    d.keys("down*6,ok")  # Setup from the game menu shows it again
    assert "31 cards" in flat(d)
    assert d.errors() == []


@pytest.mark.parametrize("ticks, n, cards, pile",
                         [("", 2, 31, 17), (",up,ok,up,ok,down*2", 4, 36, 8)])
def test_setup_for_two_and_four_players(tmp_path, ticks, n, cards, pile):
    """2 players: 31 cards, pile 17; 4 players: all 36 cards, pile 8."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok" + ticks + ",ok")  # the knights ticked: Start game
    d.keys("ok")  # the first of the seats begins
    t = flat(d)
    assert "%d cards" % cards in t and "pile %d." % pile in t
    assert ("All cards are used." in t) == (cards == 36)
    assert len(saved(d)["rules"]["knights"]) == n
    assert d.errors() == []


def test_knight_picker_needs_two_knights_and_the_ticked_colours_play(tmp_path):
    """New game asks which knights play (their number is the players'): starting with one
    ticked is refused; the ticked colours play."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,up*4,ok")  # untick Red: Yellow alone
    assert d.text().startswith("== Knights in play ==  1")
    d.keys("down*4,ok")
    assert "Pick 2 to 4 knights" in drawn(d)
    d.keys("wait:1600,up,ok,up,ok,down*2,ok,ok,ok")  # tick Blue, Green; start; Yellow begins
    knights = saved(d)["rules"]["knights"]
    assert [k["name"] for k in knights] == ["Yellow", "Green", "Blue"]
    assert [k["colour"] for k in knights] == [1, 2, 3]
    assert d.text().startswith("== Drachenfels ==") and "Blue: no armour" in d.text()
    assert d.errors() == []


def test_castle_check_needs_armour_first(tmp_path):
    """A knight without armour cannot look into a rock castle."""
    d = Driver(tmp_path)
    d.keys(PLAY3 + ",down*2,ok,down*2,ok")  # Red's screen: Castle check
    assert "Red needs armour first" in drawn(d)
    assert saved(d)["rules"]["knights"][0]["visited"] == 0
    assert d.errors() == []


def _seeds_with_castle2(tmp_path, want):
    """Seeds whose castle 2 holds the colours in ``want``, in that order (found by playing
    the setup with each seed)."""
    found = {}
    seed = 1
    while len(found) < len(want) and seed < 60:
        state = str(tmp_path / ("seed-%d" % seed))
        simcore.run_script(PLAY3, seed=seed, state=state)
        c = Store(state).load("drachenfels")["rules"]["castles"][1]
        if c in want and c not in found:
            found[c] = seed
        seed += 1
    return [found[c] for c in want]


def _peek_run(tmp_path, seed):
    d = Driver(tmp_path, seed=seed)
    d.keys(PLAY3 + RED_ARMOUR + CHECK_CASTLE2)
    assert "Hold OK to look" in d.text()
    start = len(d.frames)
    held = d.keys("press:ok,wait:400")
    n_held = len(held)
    d.keys("release:ok")  # letting go ends the look
    return d, start, n_held


def test_castle_colour_is_shown_only_while_ok_is_held(tmp_path):
    """Castle check: the shoe colour is drawn only in frames while OK is held; every other
    frame is the same whichever princess sits in the castle (here green or yellow)."""
    green, yellow = _seeds_with_castle2(tmp_path, [2, 1])
    runs = []
    for seed, colour in ((green, "GREEN"), (yellow, "YELLOW")):
        path = tmp_path / str(seed)
        path.mkdir()
        d, start, n = _peek_run(path, seed)
        frames = [f for f in d.frames if f is not None]
        held = d.frames[start : start + n]
        assert held and all(colour in f.text() and "The shoes are" in f.text() for f in held)
        assert "Not yours" in held[0].text()
        others = d.frames[:start] + d.frames[start + n :]
        for f in others:
            if f is not None:
                assert "The shoes are" not in f.text()
                assert not any(c in f.text() for c in COLOURS), f.text()
        assert len(frames) > n
        runs.append((d.frames, start, n))
        assert d.errors() == []
    (fa, sa, na), (fb, sb, nb) = runs
    assert sa == sb and na == nb
    data = [[f.data if f is not None else None for f in fs] for fs in (fa, fb)]
    assert data[0][:sa] == data[1][:sb]  # before the peek: identical
    assert data[0][sa + na :] == data[1][sb + nb :]  # after it: identical
    assert data[0][sa : sa + na] != data[1][sb : sb + nb]


def test_first_failed_castle_visit_brings_the_rainbow_reminder(tmp_path):
    """After the first failed visit Wyrm says (over the game menu, with no press to close)
    that rainbows may now link rock castles; the rainbows row and page say so from then on."""
    (seed,) = _seeds_with_castle2(tmp_path, [2])
    (tmp_path / "game").mkdir()
    d, _s, _n = _peek_run(tmp_path / "game", seed)
    assert d.title() == "== Drachenfels ==  Yellow"  # the turn has passed
    for line in ("Missed! Rainbows", "may now link rock", "castles"):
        assert line in drawn(d)
    d.keys("wait:4100")
    assert "Missed!" not in d.text()
    d.keys("down*5")
    assert "> Rainbows: + castles" in d.text()
    d.keys("ok")
    assert "or rainbow rock to a rock castle" in flat(d)
    assert saved(d)["rules"]["rainbow_rule"] is True
    assert d.errors() == []


def test_peek_hides_itself_after_peek_seconds_of_holding(tmp_path):
    """Held longer than the "peek hides" setting, the colour disappears while OK is still held."""
    d = Driver(tmp_path, seed=1)
    d.app.settings["peek_s"] = 3
    d.keys(PLAY3 + RED_ARMOUR + CHECK_CASTLE2 + ",press:ok,wait:2000")  # held ~2.7 s
    assert "The shoes are" in d.text()
    d.keys("press:ok,wait:500")  # still held, past 3 s
    assert "The shoes are" not in d.text() and "Hidden again." in d.text()
    assert not any(c in d.text() for c in COLOURS)
    d.keys("release:ok")  # the look is over (a first castle missed: the turn passes)
    assert d.title() == "== Drachenfels ==  Yellow"
    assert d.errors() == []


def test_back_before_looking_cancels_without_a_visit(tmp_path):
    """BACK on the hand-over screen before looking records nothing."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + RED_ARMOUR + CHECK_CASTLE2 + ",back")
    assert d.text().startswith("== Red knight ==")
    assert saved(d)["rules"]["knights"][0]["visited"] == 0
    assert d.errors() == []


def test_a_quick_peek_ends_as_ok_is_let_go_and_its_click_does_nothing_more(tmp_path):
    """A short press shows the colour; letting go ends the look and passes the turn. The
    click that the short press ends in acts on nothing else: the game menu waits on
    "Armour: Yellow", and Yellow (next) gets no armour."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + RED_ARMOUR + CHECK_CASTLE2 + ",press:ok,wait:100,release:ok")
    assert any("The shoes are" in f.text() for f in d.frames[-6:] if f is not None)
    assert d.title() == "== Drachenfels ==  Yellow" and "> Armour: Yellow" in d.text()
    assert saved(d)["rules"]["knights"][1]["armour"] is False
    assert d.errors() == []


def test_three_button_board_long_hold_peeks_and_up_cancels(tmp_path):
    """Three buttons: holding OK past the long-press time keeps the colour on screen (it is
    not taken as BACK); UP cancels the hand-over screen before looking."""
    d = Driver(tmp_path, seed=1, board="pico-ssd1306-3btn")
    d.keys(PLAY3 + RED_ARMOUR + CHECK_CASTLE2)
    assert "UP: cancel" in d.text()
    d.keys("up")
    assert d.text().startswith("== Red knight ==")
    d.keys("ok,down,ok,press:ok,wait:1500")
    assert "The shoes are" in d.text()
    d.keys("release:ok")  # (held past a long press) the look is over, the turn passed
    assert d.title() == "== Drachenfels ==  Yellow" and "> Armour: Yellow" in d.text()
    assert d.errors() == []


def test_move_offers_double_only_after_entering_a_rock_castle(tmp_path):
    """The move screen: a 3 moves 3 fields; after a castle visit, 3 or 6."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + RED_ARMOUR + ",down,ok,up*2")
    t = d.text()
    assert "Point card: 3" in t and "(x2 after a castle)" in t and "6" not in t
    d.keys("up*5")  # stops at 5
    assert "Point card: 5" in d.text()
    assert saved(d)["rules"]["castles"][1] != 0  # castle 2 is not Red's (seed 1)
    d.keys("ok,down,ok,down,ok,press:ok,wait:300,release:ok")  # look into castle 2
    assert d.title() == "== Drachenfels ==  Yellow"  # not the princess: the turn is over
    d.keys("down*2,ok,down,ok,up*2")  # Red's screen: Move again
    t = d.text()
    assert "Point card: 3" in t and "fields: single/double" in t
    big = [s for (_x, _y, s, _c, scale) in d.last().log if scale == 0]
    assert big == ["3", "6"]
    assert d.errors() == []


def test_finding_the_own_princess_wins(tmp_path):
    """Red looks where the red princess is: "you win!" while held, then "Red wins!"."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + RED_ARMOUR)
    castle = saved(d)["rules"]["castles"].index(0)
    d.keys("down*2,ok" + (",down*%d" % castle if castle else "") + ",ok,press:ok,wait:300")
    assert "RED" in d.text() and "Your princess -" in d.text() and "you win!" in d.text()
    d.keys("release:ok")
    assert "Red wins!" in d.text()
    d.keys("ok,back")
    assert "> Winner: Red" in d.text()
    d.keys("down*2,ok,down*2,ok")  # Castle check with Yellow: the game is over
    assert "The game is over" in drawn(d)
    assert saved(d)["rules"]["winner"] == 0
    assert d.errors() == []


def test_power_cut_keeps_armour_visits_and_the_open_knight(tmp_path):
    """After a power cut Wyrm reopens the knight's screen; armour, visits and the hidden
    princesses are unchanged."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + RED_ARMOUR + CHECK_CASTLE2 + ",press:ok,wait:300,release:ok")
    before = saved(d)
    d.reboot()
    t = d.text()
    assert t.startswith("== Drachenfels ==  Yellow")  # the check ended Red's turn
    assert "Red: armour, x2" in d.text() and "Yellow: no armour" in d.text()
    assert saved(d) == before
    d.keys("down*2,ok")  # (the cursor on the turn's knight)
    t = d.text()
    assert t.startswith("== Red knight ==") and "Armour: yes" in t and "Castles seen: 2" in t
    d.reboot()
    assert d.text() == t  # back on the knight's screen
    assert d.errors() == []


@pytest.mark.parametrize(
    "content, message",
    [
        (b"WYRM 1 00000000 5\nhello", "damaged"),
        ({"v": 1, "rules": {"knights": []}, "screen": "menu", "knight": 0}, "was damaged"),
        (
            {
                "v": 1,
                "screen": "menu",
                "knight": 0,
                "rules": {
                    "knights": [
                        {"name": "Red", "colour": 0, "armour": False, "castle": False,
                         "visited": 0},
                        {"name": "Blue", "colour": 0, "armour": False, "castle": False,
                         "visited": 0},
                    ],
                    "castles": [0, 1, 2, 3],
                    "rainbow_rule": False,
                    "winner": None,
                },
            },
            "was damaged",
        ),
        (17, "was damaged"),
    ],
)
def test_damaged_save_gives_a_message_and_a_fresh_start(tmp_path, content, message):
    """A damaged or unexpected saved game: a plain message, then a fresh game menu."""
    if isinstance(content, bytes):
        with open(str(tmp_path / "drachenfels.json"), "wb") as f:
            f.write(content)
    else:
        Store(str(tmp_path)).save("drachenfels", content)
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert message in flat(d) and "A new game starts." in flat(d)
    d.keys("ok")
    assert "> New game" in d.text()
    assert d.errors() == []


def test_new_game_over_an_existing_one_asks_first(tmp_path):
    """New game over a game asks first; No (the default) keeps the knights' progress."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + RED_ARMOUR + ",back,up*4,ok")
    assert "Start a new game?" in flat(d) and "> No" in d.text()
    d.keys("ok")
    assert saved(d)["rules"]["knights"][0]["armour"] is True
    d.keys("ok,up,ok,up*2,ok,down*2,ok,ok,ok")  # Yes; untick Green: Red + Yellow; start
    assert saved(d)["rules"]["knights"][0]["armour"] is False
    assert len(saved(d)["rules"]["knights"]) == 2
    assert d.errors() == []


def test_quick_reference_lists_the_magic_cards(tmp_path):
    """The quick reference starts with the five magic cards."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",down,ok")
    for name in ("Rainbow (4)", "Bridge (3)", "Dragon (5)", "Teleport (1)", "Great cloud (1)"):
        assert name in d.text()
    d.keys("down*3,ok")
    assert d.text().startswith("== Teleport (1) ==") and "Swap your knight's" in d.text()
    assert d.errors() == []


def test_same_frames_under_micropython_and_cpython():
    """Setup, armour, a castle check held and released, then the double move: real MicroPython
    draws byte-identical frames to CPython."""
    try:
        mprun.check_installed()
    except mprun.RunnerError as e:
        pytest.fail(str(e), pytrace=False)
    script = (
        PLAY3 + RED_ARMOUR + CHECK_CASTLE2
        + ",press:ok,wait:300,release:ok,down*2,ok,down,ok,up*2"
    )
    cp = same_frames(script, seed=1)
    assert "fields: single/double" in cp[-1].text()


def test_german_same_frames_under_micropython_and_cpython(tmp_path):
    """In German, a castle check held on a green princess ("GRÜN": MicroPython's upper()
    leaves an umlaut as it is) and the double move after it: real MicroPython draws
    byte-identical frames to CPython."""

    (green,) = _seeds_with_castle2(tmp_path, [2])

    def state(runtime):
        folder = tmp_path / runtime
        folder.mkdir()
        Store(str(folder)).save("settings", {"lang": 1})
        return str(folder)

    script = (PLAY3 + RED_ARMOUR + CHECK_CASTLE2
              + ",press:ok,wait:300,release:ok,down*2,ok,down,ok,up*2")
    cp = same_frames(script, seed=green, state=state)
    assert any("GRÜN" in f.text() and "Die Schuhe sind" in f.text() for f in cp if f)
    assert "einfach oder doppelt" in cp[-1].text()


def test_main_flow_works_on_a_small_panel(tmp_path):
    """Setup, castle check and the double move run on a 128x32 panel, inside the panel."""
    d = Driver(tmp_path, seed=1, board="pico-ssd1306-128x32")
    d.keys(SETUP3 + ",ok")  # a 32 px panel: the princesses on a page of their own
    assert d.text().startswith("== Princesses ==")
    d.keys("ok" + RED_ARMOUR + CHECK_CASTLE2 + ",press:ok,wait:300")
    assert "Shoes: GREEN" in d.text()
    d.keys("release:ok,down*2,ok,down,ok,up*2")
    assert "3 or 6 fields" in d.text()
    assert max(y for f in d.frames if f for (_x, y, _s, _c, _sc) in f.log) < d.h
    assert d.errors() == []


# -- whose turn ---------------------------------------------------------------------------
def test_knights_carry_the_tables_names_and_the_youngest_begins(tmp_path):
    """With the table's names the knights' rows, the title and the hand-over name the
    players; New game ticks the table's count of knights (one OK starts), then asks who
    begins (the youngest), the first seat under the cursor."""
    Store(str(tmp_path)).save("table", ["Anna", "Ben", "Cleo"])
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok")  # New game: the table's 3 knights ticked, the cursor on Start
    assert d.text().startswith("== Knights in play ==  3") and "> Start game" in d.text()
    d.keys("ok")
    assert d.title() == "== Youngest begins ==" and "> Anna" in d.text()
    d.keys("down*2,ok,ok")  # Cleo; past the setup page
    t = d.text()
    assert d.title() == "== Drachenfels ==  Cleo"
    assert "Next turn: Anna" in t and "> Armour: Cleo" in t and "Ben: no armour" in t
    d.keys("down*4,ok")
    assert d.title() == "== Cleo (Green) =="
    assert d.errors() == []


def test_armour_ends_the_turn_back_leaves_and_the_undo_row_takes_the_pass_back(tmp_path):
    """The turn's row gives the knight its armour and passes the turn (one press after
    the move). BACK right after leaves the game (the pass stands); reopened, nothing is
    left to undo. After the next armour the menu's last row, "Undo pass to Green" (two UP
    from the knight's row), gives the turn back; the armour stays."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + ",ok")  # Armour: Red (the cursor waits on it)
    assert d.title() == "== Drachenfels ==  Yellow" and "> Armour: Yellow" in d.text()
    assert "Red: armour" in d.text() and "Armour: Yellow" in d.text()
    d.keys("wait:1600,back")
    assert d.title() == "== Wyrm ==" and saved(d)["turn"] == 1
    d.keys("ok,up*2")  # the game again: no undo row (one UP from the top: New game)
    assert "> New game" in d.text() and "Undo pass" not in d.text()
    d.keys("down*2,ok,up*2")  # Armour: Yellow; the last row
    assert d.title() == "== Drachenfels ==  Green" and "> Undo pass to Green" in d.text()
    d.keys("ok")
    assert d.title() == "== Drachenfels ==  Yellow" and "Back to Yellow" in flat(d)
    d.keys("wait:1600")
    assert "> Next turn: Green" in d.text() and "Castle check: Yellow" in d.text()
    assert saved(d)["rules"]["knights"][1]["armour"] is True and saved(d)["turn"] == 1
    assert d.errors() == []


def test_a_missed_castle_passes_the_turn_as_ok_is_let_go(tmp_path):
    """The turn's castle check: letting go of OK after looking is the pass (no press more)."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3 + RED_ARMOUR + ",back,up*2,ok")  # the menu: Castle check: Red
    assert d.title() == "== Red: which castle? =="
    d.keys("down,ok,press:ok,wait:300,release:ok")  # rock castle 2 (not Red's, seed 1)
    assert d.title() == "== Drachenfels ==  Yellow" and "> Armour: Yellow" in d.text()
    assert d.errors() == []


def test_the_next_knights_row_is_one_down_after_a_turn_with_the_cards_alone(tmp_path):
    """Right under the turn's knight the menu offers the next knight's action: when Red's
    turn was played with the cards alone and Yellow reaches the royal castle, DOWN and OK
    give Yellow its armour and pass the turn to Green (the knight after Yellow)."""
    d = Driver(tmp_path, seed=1)
    d.keys(PLAY3)
    assert "> Armour: Red" in d.text() and selected_next(d) == "Armour: Yellow"
    d.keys("down,ok,wait:1600")  # (past the toast: "Yellow: armour. Green's turn")
    assert d.title() == "== Drachenfels ==  Green" and "> Armour: Green" in d.text()
    assert selected_next(d) == "Armour: Red"
    knights = saved(d)["rules"]["knights"]
    assert [k["armour"] for k in knights] == [False, True, False]
    assert saved(d)["turn"] == 2
    assert d.errors() == []


def selected_next(d):
    """The row right under the selected one."""
    lines = d.text().splitlines()
    i = [n for n, ln in enumerate(lines) if ln.startswith("> ")][0]
    return lines[i + 1]


def test_the_castle_list_opens_on_the_first_castle_the_knight_has_not_seen(tmp_path):
    """"Which castle?" opens on rock castle 1 for a knight that has seen none, and once it
    has looked into castle 1, on castle 2 (one OK for the castle a knight most likely
    stands at, checking the castles in order)."""
    d = Driver(tmp_path, seed=2)  # (seed 2: Red's princess is in castle 4)
    d.keys(PLAY3 + RED_ARMOUR + ",down*2,ok")
    assert d.title() == "== Red: which castle? ==" and "> Rock castle 1" in d.text()
    d.keys("ok,press:ok,wait:300,release:ok")  # castle 1: not Red's, the turn passes
    assert d.title() == "== Drachenfels ==  Yellow"
    d.keys("down*2,ok,down*2,ok")  # Red's screen: Castle check
    assert d.title() == "== Red: which castle? ==" and "> Rock castle 2" in d.text()
    assert d.errors() == []


# -- both languages ---------------------------------------------------------------------
_GERMAN = {
    "pick": ("== Ritter im Spiel ==  2", "Rot", "Gelb", "Grün", "Spiel starten"),
    "begins": "== Der Jüngste beginnt ==",
    "setup": ("== Aufbau ==  31 Karten", "Je eine 1-5 heraus.", "Je 7 Karten, Rest 10."),
    "menu": ("Nächster Zug: Gelb", "> Rüstung: Rot", "Gelb: ohne Rüstung", "Regenbögen",
             "Aufbau: 3 Spieler", "Kurzregeln", "Neues Spiel"),
    "toast": "Rot: Rüstung. Gelb ist dran",
    "castles": ("== Rot: welche Burg? ==", "> Felsenburg 1"),
    "ready": ("== Felsenburg", "Wyrm an Rot geben", "Andere wegsehen.", "OK halten: ansehen",
              "BACK: abbrechen"),
    "held": ("Die Schuhe sind", "ROT", "Deine Prinzessin -", "gewonnen!"),
    "win": ("== Spielende ==", "Rot gewinnt!", "Rot fand die", "Prinzessin!"),
    "knight": ("== Roter Ritter ==", "Rüstung: ja", "Ziehen: Punktekarte",
               "> Felsenburg betreten", "Gesehen: 1"),
    "winner": ("> Sieger: Rot", "Rot: Rüstung, x2"),
}
_ENGLISH = {
    "pick": ("== Knights in play ==  2", "Red", "Yellow", "Green", "Start game"),
    "begins": "== Youngest begins ==",
    "setup": ("== Setup ==  31 cards", "Out: one each of 1-5.", "Deal 7 each; pile 10."),
    "menu": ("Next turn: Yellow", "> Armour: Red", "Yellow: no armour", "Rainbows",
             "Setup: 3 players", "Quick reference", "New game"),
    "toast": "Red: armour. Yellow's turn",
    "castles": ("== Red: which castle? ==", "> Rock castle 1"),
    "ready": ("== Rock castle", "Pass Wyrm to Red.", "Others look away.", "Hold OK to look",
              "BACK: cancel"),
    "held": ("The shoes are", "RED", "Your princess -", "you win!"),
    "win": ("== Game over ==", "Red wins!", "Red found the", "princess!"),
    "knight": ("== Red knight ==", "Armour: yes", "Move: point card", "> Castle check",
               "Castles seen: 1"),
    "winner": ("> Winner: Red", "Red: armour, x2"),
}


@pytest.mark.parametrize("lang_n, want", [(1, _GERMAN), (0, _ENGLISH)])
def test_a_game_speaks_the_language_set(tmp_path, lang_n, want):
    """With Deutsch set (settings "lang": 1) a game from New game to the winner speaks
    German with the rulebook's words: Ritter im Spiel, Der Jüngste beginnt, Rüstung,
    Felsenburg, Rot gewinnt!, Sieger; no frame shows an English-only word. With English
    set, the same presses show the same screens in English and no German-only word."""
    from english_words import ENGLISH, GERMAN, words_of


    Store(str(tmp_path)).save("settings", {"lang": lang_n})
    d = Driver(tmp_path, seed=1)
    d.keys(OPEN + ",ok")
    assert all(w in d.text() for w in want["pick"]), d.text()
    d.keys("up*2,ok,down*2,ok")  # tick Green, Start game
    assert d.title() == want["begins"]
    d.keys("ok")  # Red begins
    assert all(w in flat(d) for w in want["setup"]), flat(d)
    d.keys("ok")
    menu = d.app.top()
    rows = "\n".join([menu.label(d.app, i) for i in range(len(menu.items))])
    assert all(w.lstrip("> ") in rows for w in want["menu"]), rows
    assert want["menu"][1] in d.text()  # (the cursor on the turn's knight)
    d.keys("ok")  # Red's armour: the turn passes
    assert want["toast"] in drawn(d).replace("\n", " ")  # (the toast is drawn last)
    castle = saved(d)["rules"]["castles"].index(0)  # where Red's princess is
    d.keys("wait:1600,down*2,ok,down*2,ok")  # Red's menu: Castle check
    assert all(w in d.text() for w in want["castles"]), d.text()
    d.keys(("down*%d," % castle if castle else "") + "ok")
    assert all(w in d.text() for w in want["ready"]), d.text()
    d.keys("press:ok,wait:300")
    assert all(w in d.text() for w in want["held"]), d.text()
    d.keys("release:ok")
    assert all(w in flat(d) for w in want["win"]), flat(d)
    d.keys("ok")  # back in Red's menu
    assert all(w in d.text() for w in want["knight"]), d.text()
    d.keys("back")
    assert all(w in d.text() for w in want["winner"]), d.text()
    other = GERMAN if lang_n == 0 else ENGLISH
    shown = [" ".join(s for (_x, _y, s, _c, _sc) in f.log) for f in d.frames if f is not None]
    assert [words_of(s, other) for s in shown if words_of(s, other)] == []
    assert d.errors() == []


def test_the_quick_reference_speaks_the_language_set(tmp_path):
    """Quick reference in German: the pages under the German edition's names (Regenbogen,
    Brücke, Drache, ... Felsenburgen), each as many as in English; switched back to English
    the same row opens the English pages."""
    from wyrm import lang
    from wyrm.games import drachenfels_ref

    Store(str(tmp_path)).save("settings", {"lang": 1})
    d = Driver(tmp_path)
    d.keys(OPEN + ",down,ok")  # no game yet: New game, Kurzregeln
    assert d.title() == "== Kurzregeln ==" and "> Regenbogen (4)" in d.text()
    d.keys("ok")
    assert d.title() == "== Regenbogen (4) ==" and "Regenbogenfelsen," in d.text()
    assert len(drachenfels_ref.PAGES_DE) == len(drachenfels_ref.PAGES)
    for title, lines in drachenfels_ref.PAGES_DE:
        assert all(len(line) <= 20 for line in lines), title  # (the scroll mark's cell)
    d.keys("back,back,back")
    lang.use(0)  # (Settings > Language, as the tests of test_lang do it)
    d.keys("ok,down,ok")
    assert d.title() == "== Quick reference ==" and "> Rainbow (4)" in d.text()
    assert d.errors() == []
