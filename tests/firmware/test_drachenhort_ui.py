"""Drachenhort game screens, driven from the main menu with key scripts.

Key scripts are written out as a user would press them; the comments say which
screen each part is on. Menus keep the cursor on the entry last used, so the
scripts depend on that too (it is part of the behaviour).
"""
import re

import pytest
from drive import Driver, same_frames, to_row

from wyrm import deal
from wyrm.store import Store

# Drachenhort is the first main-menu entry. Its game menu during an escape:
# Roll the die, [See my card], Capture, Escape, Board, Gems, Undo, Next turn,
# Quick reference, New game; it opens on Roll the die (where a turn begins), and a
# capture or an escape passes the turn on with the cursor there again (after the
# escape: on the game's next step, Start escape 2 / Final reveal).
OPEN = to_row("Drachenhort")  # main menu -> Drachenhort ("ok": the first entry)
# open, New game, 4 players (default), Printed cards, "Oldest begins": P1
NEW_PRINTED_4 = "ok,down,ok,ok,down,ok,ok"
NEW_DEALT_4 = "ok,down,ok,ok,ok"  # open, New game, 4 players, Dealt by Wyrm
# each: ready, hold to see (letting go passes on); then "Oldest begins": P1
PEEK_ROUND_4 = "ok,hold:ok:300," * 4 + "ok"
# Rulebook: three captures take 1, 2, 3 (white, yellow, purple: red, green and
# orange stay in), then blue escapes; red is farthest, then green, then orange.
CAPTURE_WHITE_YELLOW_PURPLE = (
    "down,ok,down*2,ok,"  # Capture: green red [white] blue orange yellow purple
    "down,ok,down*4,ok,"  # Capture: green red blue orange [yellow] purple
    "down,ok,down*4,ok"  # Capture: green red blue orange [purple]
)
BLUE_ESCAPES = (
    "down*2,ok,"  # Escape
    "down*2,ok,"  # Who escaped? green red [blue] orange
    "down,ok,"  # Farthest: green [red] orange
    "ok"  # Next farthest: [green] orange (orange is placed by itself): saved
)
# After the escape the cursor is on Start escape 2 (entry 1), Board under it.
GEMS_1 = (
    "down*2,ok,"  # Gems (the escape is over: it opens on who moved last, Player 4)
    "down,ok,up*3,ok,"  # Player 1: 3
    "down,ok,up*2,ok,"  # Player 2: 2
    "down,ok,up*4,ok,"  # Player 3: 4
    "back"
)
# Start escape 2 (the row itself: Undo takes it back); it rolls for the next player,
# BACK from that roll (once it has stopped: a key during the tumble only stops it) to
# the game menu (on Escape)
START_2 = "up*2,ok,wait:2000,back"
CAPTURE_SIX = "down,ok,ok," * 6 + "ok"  # six captures in dungeon order, then the message
# A dealt game has See my card under Roll the die during an escape: Capture one down more.
DEALT_CAPTURES = CAPTURE_WHITE_YELLOW_PURPLE.replace("down,ok,", "down*2,ok,")
DEALT_CAPTURE_SIX = CAPTURE_SIX.replace("down,ok,", "down*2,ok,")
GEMS_2 = (
    "down*2,ok,"  # Gems (cursor was on Final reveal); it opens on who moved last, Player 2
    "up,ok,up*2,ok,"  # Player 1: +2
    "up,ok,up*3,ok,"  # Player 4: 3
    "back"
)
FINAL = "up*2,ok"  # Final reveal (no question: Undo takes it back)
ONE_BY_ONE_DEALT_4 = "ok," + "ok,ok," * 3 + "ok,ok"  # one by one: show, next... ranking

FULL_DEALT = ",".join(
    [
        NEW_DEALT_4,
        PEEK_ROUND_4,
        DEALT_CAPTURES,
        "down," + BLUE_ESCAPES,  # (See my card under Roll the die)
        "down," + GEMS_1,  # (See my card under Start escape 2)
        "up," + START_2 + ",up*3",  # (up to Roll the die, over Capture and See my card)
        DEALT_CAPTURE_SIX,
        GEMS_2,
        FINAL,
        ONE_BY_ONE_DEALT_4,
    ]
)

COLOURS = ["green", "red", "white", "blue", "orange", "yellow", "purple"]
# The board after the scripts above, counted by hand from the rules.
SILVER = {"white": 1, "yellow": 2, "purple": 3, "blue": 8, "red": 6, "green": 5, "orange": 4}
GOLD = {"green": 1, "red": 2, "white": 3, "blue": 4, "orange": 5, "yellow": 6, "purple": 8}
GEMS = [3 + 2, 2, 4, 3]


def board_rows(text):
    """{colour: [silver, gold, total]} from the board screen text ('' for no token)."""
    rows = {}
    for line in text.splitlines():
        parts = line.split()
        if parts and parts[0] in COLOURS:
            rows[parts[0]] = parts[1:]
    return rows


def flat(d):
    """The screen's text on one line (a toast wraps over several)."""
    return " ".join(d.text().splitlines())


def start_rulebook(d):
    d.keys(NEW_PRINTED_4 + "," + CAPTURE_WHITE_YELLOW_PURPLE)


def test_die_is_three_presses_from_power_on(tmp_path):
    """OK, OK, OK from power-on rolls the Drachenhort die (first entries of both menus)."""
    d = Driver(tmp_path)
    d.keys("ok,ok,ok")
    t = d.text()
    assert "Drachenhort die" in t
    assert "any adventurer" in t or "lit or start only" in t
    assert d.errors() == []


def test_game_menu_starts_with_the_die_in_every_state(tmp_path):
    """The game menu's first entry is "Roll the die" with no game, during and after an escape;
    during an escape it opens there (a turn begins with the roll), after it on the game's
    next step under it (Start escape 2)."""
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert d.text().splitlines()[1] == "> Roll the die"
    d.keys("back," + NEW_PRINTED_4)
    assert d.text().splitlines()[1:3] == ["> Roll the die", "Capture"]
    d.reboot()
    d.wait(100)
    assert d.text().splitlines()[1:3] == ["> Roll the die", "Capture"]
    d.keys(CAPTURE_WHITE_YELLOW_PURPLE + "," + BLUE_ESCAPES)
    d.wait(2000)
    assert d.text().splitlines()[1:3] == ["Roll the die", "> Start escape 2"]
    assert d.errors() == []


def test_capture_list_shows_the_token_each_would_get(tmp_path):
    """The capture list shows every adventurer still in with the next token: "red -> silver 3"."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",down,ok")
    t = d.text()
    for c in COLOURS[:6]:  # six rows fit; purple is the seventh, below them
        assert "%s -> silver 1" % c in t
    assert "purple" not in t
    d.keys("up")  # the list wraps round to its last row
    assert "> purple -> silver 1" in d.text()
    d.keys("down")
    d.keys("ok")  # green captured
    assert "green: silver 1" in d.text()  # the toast
    d.keys("down,ok,ok")  # red
    d.keys("down,ok")
    t = d.text()
    assert "red -> silver 3" not in t and "green -> " not in t
    assert "white -> silver 3" in t
    assert d.errors() == []


def test_status_line_shows_escape_and_next_token(tmp_path):
    """The game menu's title bar says "Esc 1", "token 4" (the next capture's) and whose turn
    it is after three captures (each passes the turn on); "Escape 1 over" after the escape."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.wait(2000)  # toast gone
    first = d.text().splitlines()[0]
    assert first == "== Esc 1 ==  P4  token 4"
    d.keys(BLUE_ESCAPES)
    d.wait(2000)
    assert "Escape 1 over" in d.text().splitlines()[0]
    assert d.errors() == []


def test_rulebook_example_through_the_screens(tmp_path):
    """Captures get 1, 2, 3; blue escapes: blue 8, red 6, green 5, orange 4 on the board."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys("down*2,ok,down*2,ok")  # Escape, blue
    assert "red -> silver 6" in d.text() and "== Farthest from dragon ==" in d.text()
    d.keys("down,ok")  # red is farthest
    t = d.text()
    assert "green -> silver 5" in t and "orange -> silver 5" in t
    d.keys("ok")  # green next; orange last by itself: the escape is saved
    assert "Escape 1 over" in flat(d) and "> Start escape 2" in d.text()
    d.keys("down,ok")  # the board (under Start escape 2)
    rows = board_rows(d.text())
    assert rows == {
        "white": ["1", "1"],
        "yellow": ["2", "2"],
        "purple": ["3", "3"],
        "blue": ["8", "8"],
        "red": ["6", "6"],
        "green": ["5", "5"],
        "orange": ["4", "4"],
    }
    assert d.errors() == []


def test_escape_order_back_takes_a_pick_back(tmp_path):
    """BACK in the escape's order takes the last pick back (it is offered again, with the
    value of its place); the values follow the new order."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys("down*2,ok,down*2,ok,down,ok")  # blue; red farthest
    assert "== Next farthest ==" in d.text()
    d.keys("back")  # change: back to choosing the farthest
    t = d.text()
    assert "== Farthest from dragon ==" in t and "red -> silver 6" in t
    d.keys("down*2,ok")  # orange farthest this time
    t = d.text()
    assert "green -> silver 5" in t and "red -> silver 5" in t
    d.keys("down,ok")  # red next: green last by itself, saved
    d.keys("down,ok")  # the board (under Start escape 2)
    rows = board_rows(d.text())
    assert rows["orange"][0] == "6" and rows["red"][0] == "5" and rows["green"][0] == "4"
    assert d.errors() == []


def test_penultimate_capture_ends_the_escape(tmp_path):
    """The sixth capture takes 6 and gives the last one in 8; the escape is over by itself."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + "," + "down,ok,ok," * 5 + "down,ok")  # five captures, the list open
    t = d.text()
    assert "yellow -> silver 6" in t and "purple -> silver 6" in t
    d.keys("ok")  # yellow
    t = d.text()
    assert "== Escape 1 over ==" in t
    assert "yellow: silver 6" in t and "purple: silver 8" in t
    assert "(the last one in)" in t
    for line in t.splitlines():
        assert not line.endswith("(last") and not line.startswith("one in")
    d.keys("ok")
    t = d.text()
    assert "Start escape 2" in t and "Capture" not in t and "Escape\n" not in t
    d.keys("down,ok")  # Board
    rows = board_rows(d.text())
    assert [rows[c][0] for c in COLOURS] == ["1", "2", "3", "4", "5", "6", "8"]
    assert d.errors() == []


def test_undo_names_the_event_and_restores_the_board(tmp_path):
    """Undo asks "Undo: Capture orange (silver 4)?"; Yes gives back the earlier board, twice."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys("down*3,ok")  # Board after three captures
    three = d.text()
    d.keys("ok,up*2,ok,down*3,ok")  # close, Capture, orange (green red blue [orange])
    d.keys("down*3,ok")  # Board
    four = d.text()
    assert board_rows(four)["orange"][0] == "4"
    d.keys("ok,down*2,ok")  # Undo
    assert d.text().replace("\n", " ").startswith("Undo: Capture orange (silver 4)?")
    d.keys("up,ok")  # Yes
    d.keys("up*2,ok")  # Board
    assert d.text() == three
    d.keys("ok,down*2,ok")  # Undo again: the capture of purple
    assert "Undo: Capture purple (silver 3)?" in d.text().replace("\n", " ")
    d.keys("up,ok,up*2,ok")
    rows = board_rows(d.text())
    assert rows["purple"][0] == "-" and rows["yellow"][0] == "2"
    assert d.errors() == []


def test_undo_answer_no_keeps_the_event(tmp_path):
    """Undo starts on No: OK there keeps the board as it was."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys("down*3,ok")
    before = d.text()
    d.keys("ok,down*2,ok,ok,up*2,ok")  # Undo, No, Board
    assert d.text() == before
    assert d.errors() == []


def test_refused_gem_entry_shows_the_reason(tmp_path):
    """DOWN at 0 gems shows "Gems can't go below 0"; a 13th gem "Only 12 gems per escape"."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",down*4,ok,ok")  # Gems, Player 1
    d.keys("down")
    assert "Gems can't go below 0" in flat(d)
    d.wait(2000)
    d.keys("up*12")
    assert d.text().splitlines()[1] == "12"
    d.keys("ok,down,ok,up")  # Player 2: +1
    assert "Only 12 gems per escape" in flat(d)
    d.wait(2000)
    assert d.text().splitlines()[1] == "0"
    d.keys("ok")
    assert "0 left" in d.text()
    assert d.errors() == []


def test_gem_presses_are_one_undo_step(tmp_path):
    """Five presses on one player's gems are undone as one event "Player 1 gems +3"."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",down*4,ok,ok,up*4,down,ok,back")  # Player 1: +4 -1
    d.keys("down,ok")  # Undo
    assert "Undo: Player 1 gems +3?" in d.text().replace("\n", " ")
    d.keys("up,ok,up,ok")  # Yes, Gems
    assert "Player 1           0" in d.text()
    assert d.errors() == []


def test_power_cut_on_the_board_comes_back_to_the_board(tmp_path):
    """After a power cut Wyrm shows the same board screen, pixel for pixel, with nothing lost."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + "," + CAPTURE_WHITE_YELLOW_PURPLE + "," + BLUE_ESCAPES + ",down,ok")
    before = d.data()
    text = d.text()
    assert "blue" in text and "== Board ==" in text
    d.reboot()
    d.wait(100)
    assert d.text() == text and d.data() == before
    d.keys("ok")  # back to the game menu: still escape 1 over
    assert "Escape 1 over" in d.text()
    assert d.errors() == []


def test_power_cut_in_the_escape_order_keeps_the_picks(tmp_path):
    """A power cut while ordering the adventurers comes back to the order with the picks made."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys("down*2,ok,down*2,ok,down,ok")  # blue escapes, red farthest
    d.reboot()
    d.wait(100)
    t = d.text()
    assert "== Next farthest ==" in t and "green -> silver 5" in t and "red ->" not in t
    d.keys("ok,down,ok")  # green (saved: orange by itself); Board (under Start escape 2)
    rows = board_rows(d.text())
    assert rows["red"][0] == "6" and rows["green"][0] == "5" and rows["orange"][0] == "4"
    assert d.errors() == []


def test_the_escape_order_is_saved_under_readable_names(tmp_path):
    """While the players order the adventurers, the save names the one who escaped and the
    picks so far ("adventurer", "order"); a save with other keys (the short "a", "o") is
    not read as an order: the power cut comes back to "Who escaped?", nothing picked."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys("down*2,ok,down*2,ok,down,ok")  # blue escapes, red farthest
    saved = Store(d.state_dir).load("drachenhort")
    assert saved["screen"] == "order" and saved["arg"] == {"adventurer": 3, "order": [1]}
    saved["arg"] = {"a": 3, "o": [1]}
    Store(d.state_dir).save("drachenhort", saved)
    d.reboot()
    d.wait(100)
    assert d.text().startswith("== Who escaped? ==") and d.errors() == []


def test_power_cut_after_an_event_keeps_the_board(tmp_path):
    """Every capture is saved at once: a power cut right after it loses nothing."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.reboot()
    d.wait(100)
    assert "token 4" in d.text().splitlines()[0]
    d.keys("down*3,ok")  # Board (the cursor starts on Roll the die)
    rows = board_rows(d.text())
    assert rows["white"][0] == "1" and rows["yellow"][0] == "2" and rows["purple"][0] == "3"
    assert d.errors() == []


def test_power_cut_at_every_file_operation_of_a_capture(tmp_path, monkeypatch):
    """A capture and the way back to the game menu are one save (the emulated Pico found a cut
    between two saves resuming "Who was captured?" with the capture already recorded, one
    press from a second one). After a cut at any file operation of the press the game has the
    capture, on its menu; or it lacks it: on the capture list as before the press, or on its
    menu after a note that the last change was lost. tests/device/test_pico_powercut.py: every flash
    operation, and half-way through each, on the real firmware."""
    import shutil

    from faultfs import FaultFS, PowerCut

    base = tmp_path / "base"
    base.mkdir()
    base = str(base)
    d = Driver(base)
    d.keys(NEW_PRINTED_4 + ",down,ok")  # the capture list open, nothing captured
    old = Store(base).load("drachenhort")["rules"]

    def press(cut_at):
        state = str(tmp_path / "flash")
        shutil.rmtree(state, ignore_errors=True)
        shutil.copytree(base, state)
        d = Driver(state)
        assert d.text().startswith("== Who was captured? ==\n> green -> silver 1")
        fs = FaultFS()
        with monkeypatch.context() as mp:
            fs.install(mp)
            fs.cut_at = cut_at
            try:
                d.keys("ok")  # green captured
            except PowerCut:
                assert cut_at is not None
            ops = fs.ops
        d.reboot()
        d.wait(100)
        return d, ops

    _d, total = press(None)
    seen = []
    for cut_at in list(range(1, total + 1)) + [None]:  # None: no cut
        d, _ops = press(cut_at)
        text = d.text()
        game = Store(d.state_dir).load("drachenhort")["rules"]
        if "cut off" in text.replace("\n", " "):
            assert "The last change was lost: check the board." in text.replace("\n", " ")
            d.keys("ok")
            text = d.text()
            assert game == old and text.startswith("== Esc 1 ==  P1  token 1\n"), text
            seen.append("restored")
        elif game == old:
            assert text.startswith("== Who was captured? ==\n> green -> silver 1"), text
            seen.append("old")
        else:
            assert game["events"] == [["capture", 0]], game
            assert text.startswith("== Esc 1 ==  P2  token 2\n"), text  # the next turn
            seen.append("new")
        assert d.app.errors == []
    order = ["old", "restored", "new"]  # in the order of the cuts: never back to an older one
    assert seen == sorted(seen, key=order.index) and set(seen) == set(order), seen


def test_damaged_save_gives_a_message_and_a_fresh_start(tmp_path):
    """A readable but wrong save (an impossible event) says so and starts with no game."""
    Store(str(tmp_path)).save(
        "drachenhort",
        {"v": 1, "rules": {"players": 4, "mode": "printed", "events": [["capture", 9]]}},
    )
    d = Driver(tmp_path)
    d.keys(OPEN)
    t = d.text().replace("\n", " ")
    assert "The saved Drachenhort game was damaged. A new game starts." in t
    d.keys("ok")
    t = d.text()
    assert "New game" in t and "Capture" not in t
    d.keys("back," + OPEN)  # the message is not shown again
    assert "was damaged" not in d.text()
    assert d.errors() == []


def test_unreadable_save_file_gives_a_message_and_a_fresh_start(tmp_path):
    """A save file with broken bytes (no backup) says it was damaged and starts afresh."""
    (tmp_path / "drachenhort.json").write_bytes(b"WYRM 1 00000000 5\n{\"v\":")
    d = Driver(tmp_path)
    d.keys(OPEN)
    t = flat(d)
    assert "damaged" in t and "A new game starts" in t
    d.keys("ok")
    assert "New game" in d.text() and "Undo" not in d.text()
    assert d.errors() == []


def test_new_game_over_a_game_asks_first(tmp_path):
    """New game during a game asks "Start a new game?"; No keeps the board."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys("up*2,ok")  # New game (one UP round from Roll the die is "Undo pass to P4")
    assert "Start a new game? This game is lost." in d.text().replace("\n", " ")
    d.keys("ok,up*5,ok")  # No; Board
    assert board_rows(d.text())["purple"][0] == "3"
    d.keys("ok,down*5,ok,up,ok,ok,down,ok,ok,wait:2000")  # New game, Yes, 4, printed, P1
    assert "token 1" in d.text().splitlines()[0]
    assert d.errors() == []


def test_second_escape_starts_on_its_row_and_undo_takes_it_back(tmp_path):
    """After the escape the cursor is on "Start escape 2"; one OK starts it (gold tokens
    from 1 again) and rolls for the next player; Undo names it and takes it back."""
    d = Driver(tmp_path)
    start_rulebook(d)
    d.keys(BLUE_ESCAPES + ",wait:2000")
    assert "> Start escape 2" in d.text()
    d.keys("ok")
    assert "Escape 2: gold" in flat(d)  # (the toast)
    d.wait(2000)
    assert d.title().startswith("== Drachenhort die ==  P1 rolls")
    d.keys("back")
    assert d.title() == "== Esc 2 ==  P1  token 1" and "> Escape" in d.text()
    d.keys("up,ok")  # Capture
    assert "green -> gold 1" in d.text()
    d.keys("back,down*4,ok")  # Undo
    assert "Undo: Start escape 2?" in flat(d)
    d.keys("up,ok,wait:2000")  # Yes
    assert d.title().startswith("== Escape 1 over ==")
    assert d.errors() == []


def test_custom_colour_names_from_the_settings_file(tmp_path):
    """Renamed colours in party_cards.json show in the capture list and on the board."""
    names = ["Gruen", "Rot", "Weiss", "Blau", "Orange", "Gelb", "Lila"]
    (tmp_path / "party_cards.json").write_text('{"colours": %s}' % str(names).replace("'", '"'))
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",down,ok")
    assert "Gruen -> silver 1" in d.text()
    d.keys("ok,down*3,ok")
    assert "Gruen  1  1" in d.text() and "Lila  -  0" in d.text()
    assert d.errors() == []


def _secret_cards(frames):
    """The cards the players saw while holding OK in the pass round, in order."""
    cards = []
    for f in frames:
        if f is None:
            continue
        lines = f.text().splitlines()
        if lines and lines[0] == "== Your card ==":
            card = [x for x in lines[1:] if x in COLOURS]
            if len(card) == 3 and (not cards or cards[-1] != card):
                cards.append(card)
    return cards


def _expected_ranking(cards):
    totals = []
    for k, card in enumerate(cards):
        totals.append(sum(SILVER[c] + GOLD[c] for c in card) + GEMS[k])
    order = sorted(range(len(cards)), key=lambda k: (-totals[k], k))
    return totals, order


def test_full_dealt_game_by_key_script_ranks_the_players(tmp_path):
    """Deal for 4, two escapes, gems, reveal one by one: totals and ranking match a recount."""
    d = Driver(tmp_path, seed=5)
    d.keys(FULL_DEALT)
    cards = _secret_cards(d.frames)
    assert len(cards) == 4
    totals, order = _expected_ranking(cards)
    t = d.text()
    lines = t.splitlines()
    assert lines[0] == "== Ranking =="
    best = totals[order[0]]
    winners = [k for k in range(4) if totals[k] == best]
    head = " ".join(lines[1:]).split(" 1. ")[0]
    names = ", ".join("Player %d" % (k + 1) for k in winners)
    assert head == ("Winners: " if len(winners) > 1 else "Winner: ") + names
    ranked = re.findall(r"(\d)\. Player (\d)  (\d+) VP", t)
    assert [(int(p), int(s)) for _, p, s in ranked] == [(k + 1, totals[k]) for k in order]
    assert d.errors() == []


def test_reveal_one_by_one_shows_each_card_with_tokens_gems_and_total(tmp_path):
    """Each player's page lists their three adventurers as silver + gold, gems and the total."""
    d = Driver(tmp_path, seed=5)
    d.keys(FULL_DEALT.rsplit(",", 7)[0])  # up to Player 1's page
    cards = _secret_cards(d.frames)
    totals, _ = _expected_ranking(cards)
    t = d.text()
    assert t.splitlines()[0].startswith("== Player 1 ==")
    for c in cards[0]:
        s, g = SILVER[c], GOLD[c]
        assert "%s  %d + %d = %2d" % (c, s, g, s + g) in t
    assert "Gems  %d" % GEMS[0] in t
    assert "> Total  > %d" % totals[0] in t
    assert d.errors() == []


def test_reveal_all_at_once_table(tmp_path):
    """All at once lists every player's card, gems and total; OK shows the ranking."""
    d = Driver(tmp_path, seed=5)
    script = FULL_DEALT.rsplit(",", 9)[0] + ",down,ok"  # All at once
    d.keys(script)
    cards = _secret_cards(d.frames)
    totals, order = _expected_ranking(cards)
    t = d.text()
    for k in range(4):
        ab = " ".join(c[:3] for c in cards[k])
        assert "P%d  %s  %d  %d" % (k + 1, ab, GEMS[k], totals[k]) in t
    d.keys("ok")
    assert d.text().splitlines()[0] == "== Ranking =="
    assert "1. Player %d  %d VP" % (order[0] + 1, totals[order[0]]) in d.text()
    assert d.errors() == []


def test_shared_win_with_printed_cards(tmp_path):
    """Printed cards entered at the reveal; equal best totals: "Winners: Player 1, Player 3"."""
    d = Driver(tmp_path)
    gems = (
        "down*2,ok,"  # Gems (under Start escape 2 and Board): on who moved last, Player 4
        "down,ok,up*2,ok,"  # Player 1: 2
        "down,ok,up*5,ok,"  # Player 2: 5
        "down,ok,up*2,ok,"  # Player 3: 2
        "back"
    )
    # The default cards in list order: 0 green red white, 1 green blue orange,
    # 2 green yellow purple, 3 red blue yellow, 4 red orange purple, ...
    # (a card list leaves out the cards entered before it)
    reveal = (
        "up,ok,"  # One by one (printed cards: the list opens on All at once)
        "ok,down*3,ok,ok,"  # P1 enters card 3 (red blue yellow), next
        "ok,ok,ok,"  # P2 card 0 (green red white)
        "ok,down*2,ok,ok,"  # P3 card 4 (red orange purple): 1 2 [4] 5 6
        "ok,ok,ok"  # P4 card 1 (green blue orange): [1] 2 5 6, ranking
    )
    script = ",".join(
        [
            NEW_PRINTED_4,
            CAPTURE_WHITE_YELLOW_PURPLE,
            BLUE_ESCAPES,
            gems,
            START_2,
            "up*2",  # Roll the die
            CAPTURE_SIX,
            "ok",  # Final reveal (the cursor is on it after the message)
            reveal,
        ]
    )
    d.keys(script)
    tot = {c: SILVER[c] + GOLD[c] for c in COLOURS}
    p1 = tot["red"] + tot["blue"] + tot["yellow"] + 2
    p2 = tot["green"] + tot["red"] + tot["white"] + 5
    p3 = tot["red"] + tot["orange"] + tot["purple"] + 2
    p4 = tot["green"] + tot["blue"] + tot["orange"]
    assert p1 == p3 > p4 > p2  # 30, 30, 27, 23: the script is built for a tie
    t = d.text()
    assert "Winners: Player 1, Player 3" in " ".join(t.splitlines()[1:3])
    assert "1. Player 1  %d VP" % p1 in t and "1. Player 3  %d VP" % p3 in t
    assert "3. Player 4  %d VP" % p4 in t and "4. Player 2  %d VP" % p2 in t
    assert d.errors() == []


def test_power_cut_during_the_reveal_comes_back_to_that_player(tmp_path):
    """A power cut at Player 2's page of the reveal comes back to Player 2's reveal."""
    d = Driver(tmp_path, seed=5)
    d.keys(FULL_DEALT.rsplit(",", 5)[0])  # Player 2's page shown
    assert d.text().startswith("== Player 2 ==")
    page = d.text()
    d.reboot()
    d.wait(100)
    assert d.text() == page
    assert d.errors() == []


def test_power_cut_in_the_deal_resumes_the_pass_round(tmp_path):
    """A power cut while the cards are passed round continues with the next player."""
    d = Driver(tmp_path, seed=5)
    d.keys(NEW_DEALT_4 + ",ok,hold:ok:300")  # Player 1 has seen their card
    d.reboot()
    d.wait(100)
    t = d.text()
    assert "Pass to" in t and "Player 2" in t
    d.keys("ok,hold:ok:300," * 3)  # the game menu, and the toast "All cards dealt"
    assert "token 1" in d.text().splitlines()[0] and "All cards dealt" in d.text()
    assert d.errors() == []


def test_a_four_player_deal_costs_four_confirmations_besides_the_looks(tmp_path):
    """A new four-player game dealt by Wyrm: one OK per pass screen and one hold per look
    (letting go passes on), no "Seen it?" and no done screen; the round ends with the
    toast "All cards dealt" over "Oldest begins", whose OK opens the game menu."""
    d = Driver(tmp_path, seed=5)
    d.keys(NEW_DEALT_4 + "," + "ok,hold:ok:300," * 4)
    t = d.text()
    assert "All cards dealt" in t and "Oldest begins" in t
    assert not any("Seen it?" in f.text() for f in d.frames if f is not None)
    assert len(_secret_cards(d.frames)) == 4
    d.keys("ok")
    assert "token 1" in d.text().splitlines()[0] and "> Roll the die" in d.text()
    assert d.errors() == []


def test_dealing_again_in_a_game_ends_with_a_toast_on_the_game_menu(tmp_path):
    """"Deal the cards" again in a running game: after the last look the game menu is back
    at once with the toast "All cards dealt" (no screen to confirm); BACK on the second
    pass screen gives Player 1 another look first."""
    d = Driver(tmp_path, seed=5)
    d.keys(NEW_DEALT_4 + "," + PEEK_ROUND_4)
    home = d.app.top()
    home.deal_again(d.app)
    d.wait(50)
    d.keys("up,ok")  # "Deal new cards? The old deal is lost.": Yes
    d.keys("ok,hold:ok:300")
    assert "Pass to" in d.text() and "Player 2" in d.text()
    d.keys("back")
    assert "== Player 1 ==" in d.text() and "Hold OK" in d.text()
    d.keys("hold:ok:300," + "ok,hold:ok:300," * 3)
    assert d.app.top() is home
    assert "All cards dealt" in d.text() and "token 1" in d.text().splitlines()[0]
    assert d.errors() == []


def test_dealt_game_offers_a_second_look_at_the_card(tmp_path):
    """With dealt cards the game menu has "See my card": choose a player, confirm, hold OK."""
    d = Driver(tmp_path, seed=5)
    d.keys(NEW_DEALT_4 + "," + PEEK_ROUND_4)
    cards = _secret_cards(d.frames)
    d.keys("down")  # right under Roll the die
    assert "> See my card" in d.text()
    d.keys("ok,down*2,ok")  # Player 3
    assert flat(d).startswith("== Player 3 == Hold OK")
    d.keys("press:ok")  # hold OK
    assert _secret_cards(d.frames)[-1] == cards[2]
    d.keys("release:ok")
    assert d.errors() == []


# Printed cards, no gems: both escapes, then the final reveal all at once.
PRINTED_TO_ALL_AT_ONCE = ",".join(
    [
        NEW_PRINTED_4,
        CAPTURE_WHITE_YELLOW_PURPLE,
        BLUE_ESCAPES,
        START_2[len("up*2,"):],  # Start escape 2: the cursor is on it after the escape
        "up*2",  # Roll the die
        CAPTURE_SIX,
        "ok",  # Final reveal
        "ok",  # All at once (printed cards: the list opens on it)
    ]
)
# Cards 0, 1, 2 (each the first of the cards nobody has entered yet); Player 4: "Other"
# (the fifth row: cards 3-6, Other), ticks blue, orange, purple; OK: the ranking.
PRINTED_CARDS_ALL = "ok,ok,ok,down*4,ok,down*3,ok,down,ok,down*2,ok"


def test_all_at_once_with_printed_cards_asks_each_card_first(tmp_path):
    """All at once with printed cards: each player enters their card, then the table shows."""
    d = Driver(tmp_path)
    d.keys(PRINTED_TO_ALL_AT_ONCE)
    assert d.text().startswith("== Player 1: card? ==")
    d.keys("ok,ok,ok")  # cards 0, 1, 2
    assert d.text().startswith("== Player 4: card? ==")
    d.keys("down*4,ok")  # Other: 3 colours (under the four cards left)
    d.keys("down*3,ok,down,ok,down*2,ok")  # blue, orange, purple
    tot = {c: SILVER[c] + GOLD[c] for c in COLOURS}
    t = d.text()
    assert "P1  gre red whi  0  %d" % (tot["green"] + tot["red"] + tot["white"]) in t
    assert "P4  blu ora pur  0  %d" % (tot["blue"] + tot["orange"] + tot["purple"]) in t
    assert "OK: ranking" in t
    assert d.errors() == []


def test_a_dealt_game_whose_deal_is_gone_is_revealed_with_printed_cards(tmp_path):
    """A dealt game at its end with no deal left: the Final reveal says so and goes on with
    printed cards; the save is then a printed game without a deal, also after a power cut
    (no second message, each player enters their card)."""
    order = [1, 2, 3, 4, 5, 6]
    game = {"players": 3, "mode": "dealt",
            "events": [["escape", 0, order], ["next_escape"], ["escape", 0, order]]}
    Store(str(tmp_path)).save("drachenhort", {"v": 1, "rules": game, "cards": [None] * 3,
                                              "screen": "menu", "arg": None, "turn": 0,
                                              "deal": None})
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert d.title() == "== Game over ==" and "Deal the cards" in d.text()
    d.keys("down,ok")  # Final reveal
    assert "Wyrm's deal is missing. Each player enters their printed card." in flat(d)
    saved = Store(d.state_dir).load("drachenhort")
    assert saved["rules"]["mode"] == "printed" and "deal" not in saved
    assert saved["rules"]["events"][-1] == ["finish"]
    d.keys("ok")
    d.reboot()
    assert d.title() == "== Final reveal ==" and "missing" not in flat(d)
    d.keys("ok")  # All at once (printed cards now: the list opens on it)
    assert d.text().startswith("== Player 1: card? ==")
    assert d.errors() == []


def test_board_scrolls_on_a_32_pixel_panel(tmp_path):
    """On a 128x32 panel the board shows three adventurers and scrolls to the seventh."""
    d = Driver(tmp_path, board="pico-ssd1306-128x32")
    d.keys(NEW_PRINTED_4 + ",down*3,ok")
    t = d.text()
    assert "green" in t and "purple" not in t
    d.keys("down*4")
    assert "purple" in d.text()
    assert d.errors() == []


def test_printed_reveal_same_frames_under_micropython_and_cpython():
    """Printed cards entered at the reveal, all at once, ranking: the same frames in MicroPython."""
    script = PRINTED_TO_ALL_AT_ONCE + "," + PRINTED_CARDS_ALL + ",ok"
    cp = same_frames(script, seed=2)
    assert cp[-1].text().startswith("== Ranking ==")


def test_the_die_from_the_game_menu_goes_back_to_its_row(tmp_path):
    """Rolling from the game menu with no game yet and going back lands on "Roll the die";
    it rolls again from there."""
    d = Driver(tmp_path)
    d.keys("ok,ok,ok")
    assert "Drachenhort die" in d.text()
    d.keys("back")
    assert d.text().splitlines()[1] == "> Roll the die"
    d.keys("ok,ok")  # and it comes back
    assert "Drachenhort die" in d.text()
    assert d.errors() == []


def test_full_game_same_frames_under_micropython_and_cpython():
    """The full dealt game script gives byte-identical frames under real MicroPython."""
    cp = same_frames(FULL_DEALT, seed=5)
    assert cp[-1].text().startswith("== Ranking ==")


# -- turns ------------------------------------------------------------------------------
# The game menu during an escape (printed cards): Roll the die, Capture, Escape, Board,
# Gems, Undo, Next turn, Quick reference, New game; from Roll the die three UPs round
# the wrapping list to the turn row, four right after a pass (its last row is then
# "Undo pass to <name>").
TO_TURN = "up*3"
TO_TURN_PASSED = "up*4"


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn",
                                   "pico-ssd1306-128x32"])
def test_turns_go_round_the_table_from_the_oldest(tmp_path, board):
    """Seat 1 (the rulebook's oldest player) begins: the title bar names whose turn it is
    beside the escape and the next token (the table's names, "P4" where none, a six-letter
    name too); one OK on "Next turn" passes it on with the cursor on "Roll the die" (where
    the next turn begins), and after the last player it wraps round to the first."""
    Store(str(tmp_path)).save("table", ["Sophie", "Ben", "Clara"])
    d = Driver(tmp_path, board=board)
    d.keys("ok,down,ok,up,ok,down,ok")  # New game: 4 players (table: 3), printed
    t = d.text()
    assert t.startswith("== Oldest begins ==") and "> Sophie" in t
    d.keys("ok,wait:2000")  # seat 1 preselected: one OK
    assert d.title() == "== Esc 1 ==  Sophie  token 1"
    d.keys(TO_TURN)
    assert "> Next turn: Ben" in d.text()
    seen = []
    for _ in range(4):
        d.keys("ok")
        seen.append((d.title(), [x for x in d.text().splitlines() if x.startswith("> ")]))
        d.keys(TO_TURN_PASSED)
    assert seen == [
        ("== Esc 1 ==  Ben  token 1", ["> Roll the die"]),
        ("== Esc 1 ==  Clara  token 1", ["> Roll the die"]),
        ("== Esc 1 ==  P4  token 1", ["> Roll the die"]),
        ("== Esc 1 ==  Sophie  token 1", ["> Roll the die"]),
    ]
    d.keys("down*4")  # back on Roll the die (past "Undo pass"): the title as it was
    # the title bar's three parts stay apart, inside the panel
    log = d.last().log
    title_parts = sorted((x, s) for (x, y, s, _c, _sc) in log if y < 9)
    assert [s for _x, s in title_parts] == ["Esc 1", "token 1", "Sophie"]
    ends = [x + 6 * len(s) for x, s in title_parts]
    assert ends[0] < title_parts[1][0] - 2 and ends[1] < title_parts[2][0] - 2
    assert ends[2] <= d.w
    assert d.errors() == []


def test_turn_is_saved_passed_by_a_capture_and_given_back_by_its_undo(tmp_path):
    """The turn survives a power cut; a capture passes it on (the cursor on Roll the die);
    Undo takes back the capture and gives its turn back, also for a capture made before
    the power cut; Gems opens on whose turn it is (the gem is theirs); a new game asks
    who begins again (here the second seat)."""
    d = Driver(tmp_path)
    start_rulebook(d)  # three captures: P1 -> P2 -> P3 -> P4
    d.wait(2000)
    assert d.title() == "== Esc 1 ==  P4  token 4"
    d.reboot()
    d.wait(100)
    assert d.title() == "== Esc 1 ==  P4  token 4" and "> Roll the die" in d.text()
    d.keys("down,ok,down*3,ok,wait:2000")  # Capture: orange (green red blue [orange])
    assert d.title() == "== Esc 1 ==  P1  token 5" and "> Roll the die" in d.text()
    d.keys("down*5,ok")  # Undo
    assert "Undo: Capture orange (silver 4)?" in flat(d)
    d.keys("up,ok,wait:2000")  # Yes
    assert d.title() == "== Esc 1 ==  P4  token 4"
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 3
    d.keys("ok,up,ok,wait:2000")  # Undo the third capture (before the power cut): Yes
    assert d.title() == "== Esc 1 ==  P3  token 3"
    d.keys("up,ok")  # Gems: on Player 3
    assert "> Player 3" in d.text()
    d.keys("back,down*4,ok,up,ok,ok,down,ok")  # New game, Yes, 4, printed
    assert d.title() == "== Oldest begins =="
    d.keys("down,ok,wait:2000")  # the second seat is the oldest
    assert d.title() == "== Esc 1 ==  P2  token 1"
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 1
    assert d.errors() == []


def test_turn_goes_on_between_escapes_and_ends_with_the_game(tmp_path):
    """The escape ends the turn (the next player's, the cursor on "Start escape 2");
    escape 2 goes on from there (Start escape 2 rolls for that player); once it is over
    there are no more turns: no name, no row."""
    d = Driver(tmp_path)
    start_rulebook(d)  # P4's turn
    d.keys("wait:2000," + TO_TURN_PASSED + ",ok")  # P1's turn
    d.keys(BLUE_ESCAPES + ",wait:2000")
    t = d.text()
    assert d.title() == "== Escape 1 over ==  P2" and "Next turn: P3" in t
    assert "> Start escape 2" in t
    d.keys("ok,wait:2000")  # Start escape 2
    assert d.title().startswith("== Drachenhort die ==  P2 rolls")
    d.keys("back")
    assert d.title() == "== Esc 2 ==  P2  token 1"
    d.keys("up*2," + CAPTURE_SIX + ",wait:2000")
    t = d.text()
    assert d.title() == "== Game over ==" and "Next turn" not in t and "> Final reveal" in t
    assert d.errors() == []


def _full_save(mode="printed"):
    """A save of a game after one capture (white: silver 1), every field there."""
    game = {"players": 3, "mode": mode, "events": [["capture", 2]]}
    out = {"v": 1, "rules": game, "cards": [None] * 3, "screen": "menu", "arg": None,
           "turn": 0}
    if mode == "dealt":
        out["deal"] = None
    return out


@pytest.mark.parametrize("mode", ["printed", "dealt"])
def test_a_save_with_every_field_plays_on(tmp_path, mode):
    """The other side of the damaged saves below: a save with all its fields opens on the
    game (escape 1, P1's turn, token 2 next), no message."""
    Store(str(tmp_path)).save("drachenhort", _full_save(mode))
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert d.title() == "== Esc 1 ==  P1  token 2"
    assert "damaged" not in flat(d) and d.errors() == []


@pytest.mark.parametrize("mode, field", [("printed", "turn"), ("printed", "cards"),
                                         ("printed", "arg"), ("dealt", "deal")])
def test_a_save_without_a_field_is_damaged(tmp_path, mode, field):
    """A save missing a field Wyrm always writes (whose turn, the printed cards, what the
    screen shows, a dealt game's deal) is damaged: the players read that the saved game was
    damaged and a new game starts; nothing is filled in and nothing crashes."""
    raw = _full_save(mode)
    del raw[field]
    Store(str(tmp_path)).save("drachenhort", raw)
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert "The saved Drachenhort game was damaged" in flat(d)
    d.keys("ok")
    assert d.title() == "== Drachenhort ==" and "New game" in d.text()
    assert (tmp_path / "drachenhort.bad").exists()
    assert d.errors() == []


def test_a_turn_outside_the_table_is_refused(tmp_path):
    """A turn outside the table is a damaged save: the message, and the good copy before
    it comes back."""
    good = _full_save()
    Store(str(tmp_path)).save("drachenhort", good)
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert d.title() == "== Esc 1 ==  P1  token 2"
    good["turn"] = 3
    Store(str(tmp_path)).save("drachenhort", good)
    d.keys("back," + OPEN)
    # the refused save is set aside and the good copy before it comes back
    assert "The saved Drachenhort game was damaged. The last change was lost" in flat(d)
    d.keys("ok")
    assert d.title() == "== Esc 1 ==  P1  token 2"
    assert (tmp_path / "drachenhort.bad").exists()
    assert d.errors() == []


def test_the_turn_a_capture_ended_is_saved_with_it(tmp_path):
    """Whose turn a capture ended is kept in the save: after a power cut the capture's
    Undo still gives that turn back. A save naming a seat outside the table there is a
    damaged save (message, the good copy before it)."""
    game = {"players": 3, "mode": "printed", "events": [["capture", 2]]}
    Store(str(tmp_path)).save("drachenhort", {"v": 1, "rules": game, "turn": 0,
                                              "cards": [None] * 3, "screen": "menu",
                                              "arg": None, "ends": [[1, 2]]})
    d = Driver(tmp_path)
    d.keys(OPEN + ",wait:2000")
    assert d.title() == "== Esc 1 ==  P1  token 2"
    d.keys("down*5,ok,up,ok,wait:2000")  # Undo: Yes
    assert d.title() == "== Esc 1 ==  P3  token 1"
    Store(str(tmp_path)).save("drachenhort", {"v": 1, "rules": game, "turn": 0,
                                              "cards": [None] * 3, "screen": "menu",
                                              "arg": None, "ends": [[1, 3]]})
    d.keys("back," + OPEN)
    assert "The saved Drachenhort game was damaged" in flat(d)
    assert d.errors() == []


def test_turns_same_frames_under_micropython():
    """A new game, the turn passed round the table and a power cut: real MicroPython draws
    byte-identical frames to CPython."""
    script = NEW_PRINTED_4 + ",wait:2000," + TO_TURN + ",ok,ok,wait:1000,up,wait:1000,ok"
    script += ",wait:1000,down,back,back,wait:2000"  # roll, a gem, pass and roll, the dragon
    cp = same_frames(script, seed=1)
    assert cp[-1].text().startswith("== Esc 1 ==  P3  token 1")


def test_undoing_a_capture_same_frames_under_micropython():
    """A capture that passed the turn, undone (the turn given back with it): real
    MicroPython draws byte-identical frames to CPython."""
    script = NEW_PRINTED_4 + ",wait:2000,ok,wait:1000,down,ok,wait:2000"  # P2 rolls
    script += ",back,down*3,ok,up,ok"  # (the menu on Escape) Undo: Yes
    cp = same_frames(script + ",wait:2000", seed=1)
    assert cp[-1].text().startswith("== Esc 1 ==  P1  token 1")


# -- a turn on the roll screen ---------------------------------------------------------
def test_roll_opens_rolling_for_whose_turn_and_ok_passes_and_rolls_for_the_next(tmp_path):
    """During an escape "Roll the die" rolls at once for whose turn it is (title "P1 rolls",
    the hint "OK:P2"); OK there passes the turn and rolls for the next player; on the game
    menu (BACK from the roll: the cursor on Escape) the last row, "Undo pass to P2" (one
    UP from Roll the die), takes the pass back ("Back to P1", the cursor on "Next turn:
    P2")."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",wait:2000,ok,wait:1000")
    t = d.text()
    assert "P1 rolls" in t and "#1" in t and "OK:P2" in t
    assert "any adventurer" in t or "lit or start only" in t
    d.keys("ok,wait:1000")
    t = d.text()
    assert "P2 rolls" in t and "#2" in t and "OK:P3" in t
    d.keys("back,wait:2000")
    assert d.title() == "== Esc 1 ==  P2  token 1" and "> Escape" in d.text()
    d.keys("up*3")  # Capture, Roll the die, the last row
    assert "> Undo pass to P2" in d.text()
    d.keys("ok")
    assert "Back to P1" in flat(d)
    d.wait(2000)
    assert d.title() == "== Esc 1 ==  P1  token 1" and "> Next turn: P2" in d.text()
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 0
    assert d.errors() == []


def test_back_after_a_pass_leaves_the_game_and_the_pass_stands(tmp_path):
    """After the roll screen's pass, the first BACK closes the roll and a second BACK
    leaves the game (BACK always leaves the screen): P2's turn stands, beside P2's roll
    in the die's history; so too after cursor moves and a quick roll."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",wait:2000,ok,wait:1000,ok,wait:1000")  # P1 rolls; OK: P2 rolls
    assert "P2 rolls" in d.text()
    d.keys("back,back")
    assert d.title() == "== Wyrm =="
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 1
    d.keys("ok,wait:2000")  # the game again: P2's turn; "Next turn" passes to P3
    assert d.title() == "== Esc 1 ==  P2  token 1"
    d.keys(TO_TURN + ",ok,down,up,chord:up+down,wait:600,back,wait:2000")
    assert d.title() == "== Esc 1 ==  P3  token 1" and "Back to" not in flat(d)
    d.keys("back")
    assert d.title() == "== Wyrm =="
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 2
    assert d.errors() == []


def test_undoing_a_capture_gives_its_turn_back(tmp_path):
    """A capture passes the turn; Undo > Yes takes the capture back with its turn: the
    title names the capturer again (BACK then leaves the game, the turn saved), also
    after more passes; undoing a gem (no turn ended) leaves the turn where it is; undoing
    the escape that ended escape 1 gives its turn back too."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",wait:2000,ok,wait:1000,down,ok,wait:2000")  # P1: green caught
    assert "P2 rolls" in d.text()
    d.keys("back")
    assert d.title() == "== Esc 1 ==  P2  token 2"
    d.keys("down*3,ok")  # (BACK from the roll: the menu on Escape) Undo
    assert "Undo: Capture green (silver 1)?" in flat(d)
    d.keys("up,ok,wait:2000")  # Yes
    assert d.title() == "== Esc 1 ==  P1  token 1"
    d.keys("back")
    assert d.title() == "== Wyrm =="
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 0
    # P1 catches green (P2 rolls), P2 passes, P3 a gem: undo the gem, then the capture
    d.keys("ok,wait:2000,ok,wait:1000,down,ok,wait:2000,ok,wait:1000,up")
    d.keys("back,wait:2000")
    assert d.title() == "== Esc 1 ==  P3  token 2"
    d.keys("down*3,ok,up,ok,wait:2000")  # Undo the gem: Yes
    assert d.title() == "== Esc 1 ==  P3  token 2"
    d.keys("ok,up,ok,wait:2000")  # Undo the capture: Yes
    assert d.title() == "== Esc 1 ==  P1  token 1"
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 0
    (tmp_path / "escape").mkdir()
    d = Driver(tmp_path / "escape")
    start_rulebook(d)  # three captures: P4's turn
    d.keys(BLUE_ESCAPES + ",wait:2000")
    assert d.title() == "== Escape 1 over ==  P1" and "> Start escape 2" in d.text()
    d.keys("down*3,ok")  # Undo
    assert "Undo: Blue escapes (silver 8)?" in flat(d)
    d.keys("up,ok,wait:2000")  # Yes
    assert d.title() == "== Esc 1 ==  P4  token 4"
    assert Store(d.state_dir).load("drachenhort", None)["turn"] == 3
    assert d.errors() == []


def test_up_on_the_roll_takes_a_gem_for_whose_turn_it_is(tmp_path):
    """UP on the roll screen gives the player whose turn it is one gem (a toast, the title's
    count); the 13th gem of an escape is refused with the reason; Undo names the gem."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",wait:2000,ok,wait:1000,up")
    assert "P1: 1 gem" in flat(d) and "1 gems" not in flat(d)
    d.keys("wait:2000")
    assert "gems 1" in d.text()
    d.keys("up*11,wait:2000")
    assert "gems 12" in d.text()
    d.keys("up")
    assert "Only 12 gems per escape" in flat(d)
    d.keys("wait:2000,back,down*3,ok")  # (the menu on Escape) Undo
    assert "Undo: Player 1 gems +1?" in flat(d)
    d.keys("up,ok,wait:2000,up,ok")  # Yes; Gems
    assert "Player 1          11" in d.text()
    assert d.errors() == []


def test_down_on_the_roll_is_the_dragon_a_capture_passes_the_turn(tmp_path):
    """DOWN on the roll screen lists who the dragon can catch (with the token); a capture
    saves, passes the turn and rolls for the next player (the next run begins with no
    press). BACK from the roll leaves the turn where it is, the cursor on Escape."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",wait:2000,ok,wait:1000,down")
    t = d.text()
    assert t.startswith("== Who was captured? ==") and "> green -> silver 1" in t
    d.keys("up")  # the list wraps round to its last row
    assert "> purple -> silver 1" in d.text()
    d.keys("down*2,ok")  # red
    assert "red: silver 1" in flat(d)
    d.keys("wait:2000")
    assert "P2 rolls" in d.text() and "#2" in d.text()
    d.keys("back,wait:2000")
    assert d.title() == "== Esc 1 ==  P2  token 2" and "> Escape" in d.text()
    d.keys("ok")  # Escape
    t = d.text()
    assert t.startswith("== Who escaped? ==") and "red" not in t
    assert d.errors() == []


def test_a_dealt_game_reads_its_deal_once_not_at_every_frame(tmp_path):
    """The menu of a dealt game shows whether everyone has seen their card; that is read
    from the saved deal once (its code is an import of tens of ms on the Pico), not again
    at every turn while the deal stays the same."""
    d = Driver(tmp_path, seed=3)
    d.keys(NEW_DEALT_4 + "," + PEEK_ROUND_4)
    game = d.app.top().game
    assert game.deal_state() == "ok"
    reads = []
    real = game._deal
    game._deal = lambda: reads.append(1) or real()
    d.keys(DEALT_CAPTURES)  # three captures: three turns passed on the menu
    assert "Capture" in d.text()
    assert reads == []
    assert game.deal_state() == "ok"
    assert d.errors() == []


def test_a_dealt_game_opened_from_the_main_menu_offers_its_deal(tmp_path, monkeypatch):
    """Opened from the main menu, a game whose cards are not all seen yet has "Continue
    dealing" under the cursor before any key acts: the deal is read once the menu's first
    frame is out, not before it."""
    d = Driver(tmp_path, seed=5)
    d.keys(NEW_DEALT_4 + ",ok,hold:ok:300")  # Player 1 has seen their card
    # BACK: Player 1's "Hold OK", Player 1's pass screen, stop passing round: Yes
    d.keys("back*3,up,ok")
    assert "Continue dealing" in d.text()
    d.keys("back")  # the main menu
    assert d.title() == "== Wyrm =="
    order = []
    render = d.app.render
    d.app.render = lambda: order.append("frame") or render()
    read = deal.PartyDeal.load

    def load(obj):
        order.append("deal")
        return read(obj)

    monkeypatch.setattr(deal.PartyDeal, "load", staticmethod(load))
    d.keys("ok")
    assert order[:2] == ["frame", "deal"]
    t = d.text()
    assert "> Continue dealing" in t and t.startswith("== Esc 1 ==")
    assert d.errors() == []


# -- the escape on the roll, the reveal's lists ------------------------------------------
@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn"])
def test_back_from_the_roll_is_on_escape_and_the_last_pick_saves_it(tmp_path, board):
    """BACK from the roll screen (on 3 buttons a long OK) opens the game menu with the
    cursor on Escape: one OK asks who escaped, then the order, farthest first; the pick
    that leaves one saves the escape at once (no review) and the game menu stands on
    Start escape 2."""
    d = Driver(tmp_path, board=board)
    start_rulebook(d)  # three captures from the game menu: P4's turn
    d.keys("wait:2000,ok,wait:1000,back")  # P4 rolls; BACK
    assert d.title() == "== Esc 1 ==  P4  token 4" and "> Escape" in d.text()
    d.keys("ok")
    t = d.text()
    assert t.startswith("== Who escaped? ==") and "blue -> silver 8" in t
    d.keys("down*2,ok,down,ok")  # blue; red farthest
    assert "== Next farthest ==" in d.text()
    d.keys("ok,wait:2000")  # green next: orange by itself, saved
    t = d.text()
    assert d.title() == "== Escape 1 over ==  P1" and "> Start escape 2" in t
    d.keys("down,ok")  # the board
    rows = board_rows(d.text())
    assert [rows[c][0] for c in ("blue", "red", "green", "orange")] == ["8", "6", "5", "4"]
    assert d.errors() == []


def test_a_capture_from_the_game_menu_stays_on_the_menu(tmp_path):
    """The game menu's Capture row (not the roll screen) passes the turn and leaves the
    cursor on "Roll the die": no roll comes by itself."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",wait:2000,down,ok,ok,wait:2000")  # Capture: green
    assert d.title() == "== Esc 1 ==  P2  token 2" and "> Roll the die" in d.text()
    assert d.errors() == []


def test_the_capture_that_ends_the_escape_rolls_for_no_one(tmp_path):
    """The penultimate capture, made on the roll screen, shows "Escape 1 over" and then the
    game menu on Start escape 2: the next roll waits for the next escape."""
    d = Driver(tmp_path)
    d.keys(NEW_PRINTED_4 + ",wait:2000,ok,wait:1000")  # P1 rolls
    for _ in range(5):  # five captures on the roll, each rolling for the next player
        d.keys("down,ok,wait:2000")
        assert "rolls" in d.text()
    d.keys("down,ok")  # the sixth
    assert "== Escape 1 over ==" in d.text()
    d.keys("ok,wait:2000")
    assert d.title().startswith("== Escape 1 over ==") and "> Start escape 2" in d.text()
    assert d.errors() == []


def test_final_reveal_opens_at_once_and_undo_takes_it_back(tmp_path):
    """After escape 2 one OK on "Final reveal" opens the reveal (no question first); the
    game menu's Undo names it and takes it back (gems may change again)."""
    d = Driver(tmp_path)
    d.keys(PRINTED_TO_ALL_AT_ONCE.rsplit(",", 2)[0] + ",wait:2000")  # message closed
    assert "> Final reveal" in d.text()
    d.keys("ok")
    assert d.text().startswith("== Final reveal ==\nOne by one\n> All at once")
    d.keys("back,wait:2000")
    assert d.title() == "== Final reveal =="
    d.keys("down*2,ok")  # Undo (under Board; no Ranking before the cards)
    assert "Undo: Final reveal?" in flat(d)
    d.keys("up,ok,wait:2000")  # Yes
    assert d.title() == "== Game over ==" and "Gems" in d.text()
    assert d.errors() == []


def test_the_reveal_opens_on_one_by_one_with_a_deal(tmp_path):
    """With Wyrm's deal the reveal's list opens on "One by one" (printed cards: "All at
    once", where each card is asked in a row)."""
    d = Driver(tmp_path, seed=5)
    d.keys(FULL_DEALT.rsplit(",", 9)[0])  # the reveal's list
    assert d.text().startswith("== Final reveal ==\n> One by one\nAll at once")
    assert d.errors() == []


def test_a_card_list_leaves_out_the_cards_entered_before(tmp_path):
    """Entering printed cards at the reveal, each list offers the cards nobody has entered
    yet (the first of them under the cursor), then "Other: 3 colours"; after four cards
    three are left."""
    d = Driver(tmp_path)
    d.keys(PRINTED_TO_ALL_AT_ONCE)
    t = d.text()
    assert t.startswith("== Player 1: card? ==") and "> green red white" in t
    d.keys("down*3,ok")  # card 3: red blue yellow
    t = d.text()
    assert t.startswith("== Player 2: card? ==") and "> green red white" in t
    assert "red blue yellow" not in t
    d.keys("ok,ok")  # card 0; card 1 (green blue orange)
    t = d.text()
    assert t.startswith("== Player 4: card? ==") and "> green yellow purple" in t
    for gone in ("green red white", "green blue orange", "red blue yellow"):
        assert gone not in t
    d.keys("up")
    assert "> Other: 3 colours" in d.text()
    d.keys("up")  # the last of the three cards left
    assert "> white orange yellow" in d.text()
    assert d.errors() == []


def test_gems_open_on_whose_turn_during_an_escape_and_on_who_moved_last_after_it(tmp_path):
    """The Gems list opens on the player whose turn it is while the escape runs, and once
    the escape is over on the player who made its last move (the turn has passed on)."""
    d = Driver(tmp_path)
    start_rulebook(d)  # P4's turn
    d.keys("wait:2000,down*4,ok")  # Gems
    assert "> Player 4" in d.text()
    d.keys("back,up*4," + BLUE_ESCAPES + ",wait:2000")  # P4's escape: P1's turn
    assert d.title() == "== Escape 1 over ==  P1"
    d.keys("down*2,ok")  # Gems (under Start escape 2 and Board)
    assert "> Player 4" in d.text()
    assert d.errors() == []


# -- Deutsch ------------------------------------------------------------------------------
def _played(tmp_path, language, script):
    """The text of every frame of ``script`` played from power-on with the language
    setting ``language`` (0 English, 1 Deutsch), and the driver."""
    Store(str(tmp_path)).save("settings", {"lang": language})
    d = Driver(tmp_path, seed=5)
    d.keys(script)
    text = "\n".join(f.text() for f in d.frames if f is not None)
    return text, d


# A dealt game to its ranking, then Undo asked and the quick reference's last page (the
# same keys in both languages: the rows keep their places).
GERMAN_TOUR = FULL_DEALT + ",back,down*3,ok,back,down,ok,up,ok"


def test_a_game_in_german_speaks_german(tmp_path):
    """With the language set to Deutsch a whole dealt game speaks German: the game menu
    (Würfeln, Gefangen, Flucht, Punktetafel, Edelsteine, Rückgängig), the roll's hint
    (a gem and the dragon), the party cards, the tokens in Silber and Gold with the colours
    in German, the escape's end, the reveal, the ranking (Gewinner, Punkte), Undo's
    question and the quick reference; no word of the English-only list shows."""
    from english_words import ENGLISH, words_of

    text, d = _played(tmp_path, 1, GERMAN_TOUR)
    for word in ("> Würfeln", "Gefangen", "Flucht", "Punktetafel", "Edelsteine",
                 "Rückgängig", "Stein", "Drache OK:", "Gruppenkarten", "Wyrm verteilt",
                 "grün -> Silber", "Gold", "Wer wurde gefangen?", "Am weitesten weg",
                 "Flucht 1 vorbei", "(der Letzte drin)", "Aufdecken", "Einzeln",
                 "OK: zeig deine Karte", "Summe", "== Rangliste ==", "Gewinner: ",
                 " Punkte", "Aufdecken?", "Ja  > Nein", "== Züge ==", "Der Älteste beginnt"):
        assert word in text, word
    assert words_of(text, ENGLISH) == []
    assert d.errors() == []


def test_the_same_game_in_english_stays_english(tmp_path):
    """The other side: the same keys with the language left at English show the English
    words (Roll the die, Capture, Board, Gems, the gem and dragon hint, silver, the ranking)
    and no word of the German-only list."""
    from english_words import GERMAN, words_of

    text, d = _played(tmp_path, 0, GERMAN_TOUR)
    for word in ("> Roll the die", "Capture", "Escape", "Board", "Gems", "Undo", "gem",
                 "dragon OK:", "Party cards", "green -> silver", "Who was captured?",
                 "Escape 1 over", "(the last one in)", "Final reveal", "One by one",
                 "OK: show your card", "Total", "== Ranking ==", "Winner: ", " VP",
                 "Final reveal?", "Yes  > No", "== Turns ==", "The oldest begins"):
        assert word in text, word
    assert words_of(text, GERMAN) == []
    assert d.errors() == []


def test_the_colours_named_in_the_settings_file_stay_as_written_in_german(tmp_path):
    """A colour renamed in party_cards.json is shown as written, in German too; the colours
    left at their default names are German (grün, rot ...)."""
    names = ["Jade", "red", "white", "blue", "orange", "yellow", "purple"]
    (tmp_path / "party_cards.json").write_text('{"colours": %s}' % str(names).replace("'", '"'))
    text, d = _played(tmp_path, 1, NEW_PRINTED_4 + ",down,ok")  # Gefangen
    assert "Jade -> Silber 1" in text and "rot -> Silber 1" in text and "red" not in text
    assert d.errors() == []


def test_a_game_in_german_same_frames_under_micropython(tmp_path):
    """The German dealt game to its ranking, Undo's question and the quick reference: real
    MicroPython draws byte-identical frames to CPython (the German words, umlauts and the
    colours in German included)."""

    def state(runtime):
        folder = tmp_path / runtime
        folder.mkdir()
        Store(str(folder)).save("settings", {"lang": 1})
        return str(folder)

    cp = same_frames(GERMAN_TOUR, seed=5, state=state)
    assert cp[-1].text().startswith("== Züge ==")
