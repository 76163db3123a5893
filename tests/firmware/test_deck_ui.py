"""The hidden deck (main menu "Hidden deck", wyrm.deck_ui), driven with key scripts."""

import json
import os

import pytest
from drive import Driver, same_frames, to_row

from host_tools.sim import core as simcore
from wyrm import buttons as B
from wyrm.store import Store

OPEN = to_row("Hidden deck")  # main menu -> Hidden deck


def lines(d):
    return d.text().splitlines()


def joined(d):
    return " ".join(lines(d))


def saved(d):
    return Store(d.state_dir).load("hdeck")


def hand(d, k):
    """Labels in player k's hand according to the saved deck (numbered decks)."""
    s = saved(d)["deck"]
    labels = s.get("labels") or [str(i + 1) for i in range(s["count"])]
    return [labels[i] for i, loc in enumerate(s["loc"]) if loc == k]


def shown_labels(d):
    """The card labels on the screen now (lines under the title, split at commas)."""
    out = []
    for line in lines(d)[1:]:
        out += [p.strip() for p in line.split(",") if p.strip()]
    return out


def new_numbered(d, n):
    """From the deck menu: New deck, numbered, n cards (spinner starts at 52)."""
    d.keys("ok")
    if n < 52:
        d.keys("down*%d" % (52 - n))
    elif n > 52:
        d.keys("up*%d" % (n - 52))
    d.keys("ok")


def deal(d, players, each):
    """From the deck menu (cursor on New deck): Deal cards, players, each."""
    d.keys("down,ok")
    d.keys("up*%d,down*%d" % (8, 8 - players))
    d.keys("ok")
    if each > 1:
        d.keys("up*%d" % (each - 1))
    d.keys("ok")


def peek_round(d, players):
    """Pass round: each player holds OK (letting go passes on); returns what each saw."""
    seen = []
    for _ in range(players):
        d.keys("ok,press:ok")
        seen.append(shown_labels(d))
        d.keys("release:ok")
    return seen


def test_main_menu_entry_opens_the_deck_menu(tmp_path):
    """The 7th main menu entry opens "Hidden deck" with its actions."""
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert lines(d) == [
        "== Hidden deck ==",
        "> New deck",
        "Deal cards",
        "Draw one",
        "See a hand",
        "Reshuffle",
        "Help",
    ]
    assert d.errors() == []


def test_new_numbered_deck_with_spinner(tmp_path):
    """New deck asks how many cards (52 to start) and the title counts them."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok")
    assert lines(d)[0] == "== How many cards? =="
    assert "52" in lines(d)
    d.keys("down*42,ok")
    assert lines(d)[0] == "== Deck: 10 of 10 left =="
    assert saved(d)["deck"] == {"count": 10, "loc": [-1] * 10}


def test_deal_then_each_player_sees_own_hand(tmp_path):
    """Deal 2 each to 3 players: each sees exactly their own two cards, six different cards."""
    d = Driver(tmp_path, seed=4)
    d.keys(OPEN)
    new_numbered(d, 10)
    deal(d, 3, 2)
    assert lines(d)[2] == "Player 1" and "1/3" in d.text()
    hands = [hand(d, k) for k in range(3)]
    seen = peek_round(d, 3)
    assert seen == hands
    assert all(len(h) == 2 for h in hands)
    flat = [c for h in hands for c in h]
    assert len(set(flat)) == 6
    assert "All cards dealt" in d.text()  # a toast over the deck menu: no screen to OK
    assert lines(d)[0] == "== Deck: 4 of 10 left =="
    assert d.errors() == []


def test_whole_deck_dealt_once_each(tmp_path):
    """Dealing all 12 cards to 3 players shows every card exactly once; then none are left."""
    d = Driver(tmp_path, seed=8)
    d.keys(OPEN)
    new_numbered(d, 12)
    deal(d, 3, 4)
    seen = peek_round(d, 3)
    flat = [c for s in seen for c in s]
    assert sorted(flat, key=int) == [str(i) for i in range(1, 13)]
    d.keys("down,ok")
    assert "No cards left. Reshuffle first." in joined(d)


def test_cards_each_is_limited_by_the_pile(tmp_path):
    """With 7 cards and 3 players the spinner offers 1..2 cards each."""
    d = Driver(tmp_path)
    d.keys(OPEN)
    new_numbered(d, 7)
    d.keys("down,ok,up,ok")
    assert lines(d)[0] == "== Cards each =="
    assert "1..2 each  OK: deal" in d.text()
    d.keys("up*5")
    assert "2" in lines(d)


def test_too_few_cards_for_everyone_is_explained(tmp_path):
    """More players than cards left: a plain message, nothing dealt."""
    d = Driver(tmp_path)
    d.keys(OPEN)
    new_numbered(d, 2)
    d.keys("down,ok,up*6,ok")
    assert "Only 2 cards left: not one for each player." in joined(d)
    assert saved(d)["deck"]["loc"] == [-1, -1]


def test_draw_one_shows_the_card_to_the_drawer_only(tmp_path):
    """Draw one: choose who draws, pass screen, hold OK shows one new card, then the menu."""
    d = Driver(tmp_path, seed=5)
    d.keys(OPEN)
    new_numbered(d, 10)
    d.keys("down*2,ok")
    assert lines(d)[0] == "== Who draws? =="
    d.keys("down,ok")
    assert lines(d)[:3] == ["== Draw one ==", "Pass to", "Player 2"]
    d.keys("ok")
    assert "Hold OK" in d.text()
    assert shown_labels(d) != hand(d, 1)
    d.keys("press:ok")
    assert lines(d)[0] == "== You drew =="
    assert shown_labels(d) == hand(d, 1) and len(hand(d, 1)) == 1
    d.keys("release:ok")
    assert lines(d)[0] == "== Deck: 9 of 10 left =="
    assert saved(d)["pending"] is None


def test_drawn_cards_are_never_drawn_again(tmp_path):
    """Drawing a 4-card deck empty gives four different cards, then "No cards left"."""
    d = Driver(tmp_path, seed=11)
    d.keys(OPEN)
    new_numbered(d, 4)
    got = []
    for _ in range(4):
        d.keys("down*2,ok,ok,ok,press:ok")
        got += shown_labels(d)
        d.keys("release:ok,up*2")
    assert sorted(got) == ["1", "2", "3", "4"]
    d.keys("down*2,ok")
    assert "No cards left. Reshuffle first." in joined(d)


def test_see_a_hand_confirms_then_holds(tmp_path):
    """See a hand: choose player, "Only Player 1 should look. Continue?", then hold OK."""
    d = Driver(tmp_path, seed=5)
    d.keys(OPEN)
    new_numbered(d, 10)
    deal(d, 2, 3)
    peek_round(d, 2)
    d.keys("down*2,ok")  # the menu cursor is still on Deal cards
    assert lines(d) == ["== Whose hand? ==", "> Player 1", "Player 2"]
    d.keys("ok")
    assert "Only Player 1 should look. Continue?" in joined(d)
    d.keys("up,ok")
    assert "Hold OK" in d.text() and "to see your cards" in d.text()
    d.keys("press:ok")
    assert shown_labels(d) == hand(d, 0)
    d.keys("release:ok,ok")
    assert lines(d)[0].startswith("== Deck:")


def test_see_a_hand_before_dealing(tmp_path):
    """See a hand before any card is dealt: "Nobody holds cards yet."."""
    d = Driver(tmp_path)
    d.keys(OPEN)
    new_numbered(d, 10)
    d.keys("down*3,ok")
    assert "Nobody holds cards yet." in joined(d)


def test_actions_need_a_deck_first(tmp_path):
    """Deal cards before making a deck: "No deck yet. Choose New deck first."."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",down,ok")
    assert "No deck yet. Choose New deck first." in joined(d)


def test_reshuffle_asks_first_and_brings_every_card_back(tmp_path):
    """Reshuffle asks (No keeps the hands); Yes puts every card back in the deck."""
    d = Driver(tmp_path, seed=5)
    d.keys(OPEN)
    new_numbered(d, 10)
    deal(d, 2, 2)
    peek_round(d, 2)
    d.keys("down*3,ok")  # the menu cursor is still on Deal cards
    assert "Reshuffle? Every card goes back into the deck." in joined(d)
    assert "> No" in d.text()
    d.keys("ok")
    assert lines(d)[0] == "== Deck: 6 of 10 left =="
    d.keys("ok,up,ok")
    assert lines(d)[0] == "== Deck: 10 of 10 left =="
    assert saved(d)["deck"]["loc"] == [-1] * 10


def test_new_deck_over_old_one_asks_first(tmp_path):
    """New deck when one exists asks first; No keeps it."""
    d = Driver(tmp_path, seed=5)
    d.keys(OPEN)
    new_numbered(d, 10)
    d.keys("ok")
    assert "New deck? The old deck and all hands are lost." in joined(d)
    d.keys("ok")
    assert lines(d)[0] == "== Deck: 10 of 10 left =="
    d.keys("ok,up,ok")
    assert lines(d)[0] == "== How many cards? =="


def test_help_explains_deck_json(tmp_path):
    """Help explains the deck and how to name cards with deck.json."""
    d = Driver(tmp_path)
    d.keys(OPEN + ",up,ok")
    assert lines(d)[0] == "== Hidden deck =="
    assert "Wyrm holds a shuffled deck." in joined(d)


# -- deck.json --------------------------------------------------------------------
def write_labels(tmp_path, obj):
    text = obj if isinstance(obj, str) else json.dumps(obj)
    with open(os.path.join(str(tmp_path), "deck.json"), "w") as f:
        f.write(text)


def test_labels_from_deck_json(tmp_path):
    """With deck.json, New deck offers its cards; dealt hands show those names."""
    names = ["Ace", "King", "Queen", "Jack", "Joker", "Ten"]
    write_labels(tmp_path, {"cards": names})
    d = Driver(tmp_path, seed=3)
    d.keys(OPEN + ",ok")
    assert lines(d) == ["== New deck ==", "> deck.json: 6 cards", "Numbered 1..N"]
    d.keys("ok")
    assert lines(d)[0] == "== Deck: 6 of 6 left =="
    deal(d, 2, 3)
    seen = peek_round(d, 2)
    flat = [c for s in seen for c in s]
    assert sorted(flat) == sorted(names)
    assert seen == [hand(d, 0), hand(d, 1)]


def test_plain_list_and_repeated_labels(tmp_path):
    """deck.json may be a plain list; repeated names are separate cards."""
    write_labels(tmp_path, ["Knight", "Knight", "Dragon"])
    d = Driver(tmp_path, seed=3)
    d.keys(OPEN + ",ok")
    assert "deck.json: 3 cards" in d.text()
    d.keys("ok")
    assert lines(d)[0] == "== Deck: 3 of 3 left =="


def test_numbered_deck_chosen_despite_deck_json(tmp_path):
    """With deck.json present a numbered deck can still be chosen."""
    write_labels(tmp_path, ["Ace", "King"])
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,down,ok")
    assert lines(d)[0] == "== How many cards? =="


@pytest.mark.parametrize(
    "content, message",
    [
        ("[1, 2", "deck.json is not valid JSON"),
        ('{"cards": []}', "deck.json has no cards"),
        ('{"cards": ["Ace", 7]}', "deck.json card 2 is not text"),
        ('{"cards": ["Ace", "   "]}', "deck.json card 2 is empty"),
        ('{"cards": ["%s"]}' % ("x" * 22), "deck.json card 1 is too long (max 21)"),
        ('{"deck": ["Ace"]}', "deck.json needs a list of cards"),
    ],
)
def test_bad_deck_json_is_explained_and_numbered_cards_used(tmp_path, content, message):
    """A broken deck.json shows what is wrong; the numbered spinner waits under the message."""
    write_labels(tmp_path, content)
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok")
    assert message in joined(d)
    assert "Using numbered cards." in joined(d)
    d.keys("ok")
    assert lines(d)[0] == "== How many cards? =="
    assert d.errors() == []


def test_longest_label_fits(tmp_path):
    """A 21-letter card name is accepted and shown whole."""
    write_labels(tmp_path, ["x" * 21])
    d = Driver(tmp_path)
    d.keys(OPEN + ",ok,ok,down*2,ok,ok,ok,press:ok")
    assert "x" * 21 in lines(d)


# -- power cuts -------------------------------------------------------------------
def test_power_cut_mid_deal_resumes_same_hands(tmp_path):
    """Cut while player 2 looks: back at Player 2's pass screen, same hands, no re-deal."""
    d = Driver(tmp_path, seed=4)
    d.keys(OPEN)
    new_numbered(d, 20)
    deal(d, 3, 2)
    hands = [hand(d, k) for k in range(3)]
    d.keys("ok,press:ok,release:ok")  # player 1 done
    d.keys("ok,press:ok")
    before = saved(d)
    d.reboot()
    assert saved(d) == before
    assert lines(d)[:3] == ["== Hidden deck ==  2/3", "Pass to", "Player 2"]
    seen = peek_round(d, 2)
    assert seen == hands[1:]
    assert lines(d)[0] == "== Deck: 14 of 20 left =="
    assert saved(d)["pending"] is None
    assert d.errors() == []


def test_power_cut_after_a_draw_shows_the_same_card(tmp_path):
    """Cut before the drawer looked: the same drawn card is offered again, nothing redrawn."""
    d = Driver(tmp_path, seed=4)
    d.keys(OPEN)
    new_numbered(d, 20)
    d.keys("down*2,ok,ok")
    card = hand(d, 0)
    d.reboot()
    assert lines(d)[:3] == ["== Draw one ==", "Pass to", "Player 1"]
    d.keys("ok,press:ok")
    assert shown_labels(d) == card
    d.keys("release:ok")
    assert lines(d)[0] == "== Deck: 19 of 20 left =="


def test_deck_survives_power_cut_in_the_menu(tmp_path):
    """The deck and hands are kept across a power cut in the menu."""
    d = Driver(tmp_path, seed=4)
    d.keys(OPEN)
    new_numbered(d, 20)
    deal(d, 2, 1)
    peek_round(d, 2)
    before = saved(d)
    d.reboot()
    assert lines(d)[0] == "== Deck: 18 of 20 left =="
    assert saved(d) == before


def test_damaged_deck_save_gives_a_message(tmp_path):
    """A saved deck that makes no sense gives a plain message and a fresh start."""
    Store(str(tmp_path)).save("hdeck", {"deck": {"count": 3, "loc": [0, 0]}, "players": 1})
    d = Driver(tmp_path)
    d.keys(OPEN)
    assert "The saved hidden deck was damaged. A new deck is needed." in joined(d)
    d.keys("ok")
    assert lines(d)[0] == "== Hidden deck =="
    assert d.errors() == []


# -- boards -----------------------------------------------------------------------
def test_three_button_board_deal_and_peek(tmp_path):
    """On three buttons the whole deal-and-peek works; hold OK leaves menus."""
    d = Driver(tmp_path, seed=4, board="pico-ssd1306-3btn")
    d.keys(OPEN)
    new_numbered(d, 10)
    deal(d, 2, 2)
    hands = [hand(d, k) for k in range(2)]
    d.keys("ok,press:ok,wait:900")
    assert shown_labels(d) == hands[0]
    d.keys("release:ok")
    seen = peek_round(d, 1)
    assert seen == [hands[1]]
    assert lines(d)[0] == "== Deck: 6 of 10 left =="
    d.keys("back")
    assert lines(d)[0] == "== Wyrm =="
    assert d.errors() == []


def test_release_hides_hand_at_once(tmp_path):
    """The frame after OK is let go no longer shows the hand."""
    d = Driver(tmp_path, seed=4)
    d.keys(OPEN)
    new_numbered(d, 10)
    deal(d, 2, 1)
    d.keys("ok")
    steps = simcore.timeline(simcore.parse_script("press:ok,wait:300,release:ok", d.nkeys))
    recs = []
    d.dev.run(
        steps,
        start=d.t,
        on_frame=lambda f: recs.append((f, d.app.top(), d.app.buttons.held(B.OK))),
    )
    title = [r for r in recs if r[0].text().startswith("== Your cards ==")]
    assert title and all(r[2] for r in title)
    i = recs.index(title[-1])
    assert "Pass to" in recs[i + 1][0].text()  # letting go passes on


# -- under real MicroPython ----------------------------------------------------------
def test_deck_deal_same_frames_under_micropython():
    """Making a deck, dealing and peeking gives byte-identical frames under MicroPython."""
    script = (
        OPEN + ",ok,down*40,ok,down,ok,ok,up,ok,ok,press:ok,wait:200,release:ok,"
        "ok,press:ok,wait:200,release:ok,down,ok,ok,ok,press:ok"
    )
    a = same_frames(script, seed=3)
    assert "== You drew ==" in a[-1].text()
