"""Pass-and-peek (wyrm.peek) and the Drachenhort party cards (wyrm.games.drachenhort_party).

The party deal is started the way the Drachenhort game menu starts it:
``drachenhort_party.start_deal(app, players, on_done)`` on the running app; everything
after that is driven with key scripts, exactly as a player would.
"""

import json
import os

from drive import Driver

from host_tools.sim import core as simcore
from wyrm import buttons as B
from wyrm import deal, peek
from wyrm.games import drachenhort_party
from wyrm.store import Store

FANO = deal.default_cards()  # the default card list, as colour names


# -- helpers ----------------------------------------------------------------------
def run(d, script):
    """Run a key script and return one record per frame:
    (frame, top screen, secret drawn?, owner, OK held) as seen right after that frame."""
    steps = simcore.timeline(simcore.parse_script(script, d.nkeys))
    out = []

    def cb(f):
        top = d.app.top()
        out.append(
            (
                f,
                top,
                bool(getattr(top, "showing", False)),
                getattr(top, "owner", None),
                bool(d.app.buttons.held(B.OK)),
            )
        )

    new = d.dev.run(steps, start=d.t, on_frame=cb)
    d.t = (d.t + len(steps) * simcore.STEP_MS) & 0x3FFFFFFF
    d.frames += new
    return out


def saved(d):
    return Store(d.state_dir).load("party")


def card(d, k):
    """Player k's card as colour names (default settings), from the saved deal."""
    return FANO[saved(d)["cards"][k]]


def lines(d):
    return d.text().splitlines()


def has_any_colour(text, colours=deal.DEFAULT_COLOURS):
    words = text.replace(",", " ").replace(":", " ").split()
    return any(c in words for c in colours)


def start(d, players, done=None):
    on_done = (lambda app: done.append(1)) if done is not None else None
    drachenhort_party.start_deal(d.app, players, on_done)
    d.wait(50)


def set_peek_s(d, s):
    d.app.settings["peek_s"] = s
    d.app.save_settings()


# -- the pass screen --------------------------------------------------------------
def test_pass_screen_names_the_player_and_asks_for_privacy(tmp_path):
    """The round opens with "Pass to Player 1", the privacy request and 1/4."""
    d = Driver(tmp_path, seed=2)
    start(d, 4)
    t = d.text()
    assert "== Party cards ==" in t and "1/4" in t
    assert lines(d)[1:3] == ["Pass to", "Player 1"]
    assert "OK when only you can\nsee the screen." in t
    assert "look again" not in t  # nobody before Player 1 to look again
    assert not has_any_colour(t)
    assert d.errors() == []


def test_player_name_is_drawn_large(tmp_path):
    """The name on the pass screen is in the double-size font."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    assert any(e[2] == "Player 1" and e[4] == 2 for e in d.last().log)


def test_ok_on_pass_screen_asks_to_hold(tmp_path):
    """OK on the pass screen leads to "Hold OK to see your card", still without the card."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    d.keys("ok")
    t = d.text()
    assert "== Player 1 ==" in t
    assert "Hold OK\nto see your card" in t
    assert "BACK: back" in t
    assert not has_any_colour(t)


# -- holding OK -------------------------------------------------------------------
def test_holding_ok_shows_own_card_three_colours_large(tmp_path):
    """While OK is held the player's card shows as its three colours, one per line, large."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    d.keys("ok,press:ok")
    assert d.app.buttons.held(B.OK)
    assert lines(d) == ["== Your card =="] + card(d, 0)
    big = [e[2] for e in d.last().log if e[4] == 2]
    assert big == card(d, 0)
    assert d.errors() == []


def test_release_hides_card_at_once(tmp_path):
    """The first frame after OK is let go no longer shows the card; only held frames do."""
    d = Driver(tmp_path, seed=4)
    start(d, 3)
    d.keys("ok")
    recs = run(d, "press:ok,wait:400,release:ok")
    mine = card(d, 0)
    shown = [i for i, r in enumerate(recs) if set(mine) <= set(r[0].text().splitlines())]
    assert shown, "the card was never shown"
    after = recs[shown[-1] + 1]
    assert not has_any_colour(after[0].text())
    assert "Pass to\nPlayer 2" in after[0].text()
    # the hiding frame comes within the debounce time of the release edge
    release_t = (60 + 400) // 10 * 10
    assert after[0].t - release_t <= B.Buttons.debounce_ms + simcore.STEP_MS
    for f, _top, showing, owner, held in recs:
        assert has_any_colour(f.text()) == (showing and held)
        if showing:
            assert owner == 0


def test_letting_go_after_a_look_passes_on_to_the_next_pass_screen(tmp_path):
    """Letting go of OK after a look goes straight to "Pass to Player 2" (2/3), with no
    "Seen it?" step; the hint says BACK gives the look again; Player 1 is saved as seen."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    for hold in ("", "wait:900,"):  # a short look and one past the long-press time
        d.keys("ok,press:ok,%srelease:ok" % hold)
        t = d.text()
        assert "Seen it?" not in t and "== Party cards ==" in t
    assert lines(d)[1:3] == ["Pass to", "Player 3"] and "3/3" in d.text()
    assert "BACK: look again" in d.text()
    assert saved(d)["seen"] == [1, 1, 0]
    assert d.errors() == []


def test_the_release_click_does_not_pass_the_next_pass_screen(tmp_path):
    """The look's release ends on the next player's pass screen, never further: that
    screen needs its own OK, and no frame of the release or of that OK shows a card."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    d.keys("ok,press:ok,wait:300")
    recs = run(d, "release:ok,wait:500")
    assert all(not r[2] and not has_any_colour(r[0].text()) for r in recs)
    assert lines(d)[1:3] == ["Pass to", "Player 2"]
    recs = run(d, "ok")
    assert all(not r[2] and not has_any_colour(r[0].text()) for r in recs)
    assert "Hold OK\nto see your card" in d.text() and "== Player 2 ==" in d.text()


def test_back_on_the_next_pass_screen_gives_the_previous_player_another_look(tmp_path):
    """BACK on "Pass to Player 2" goes back to Player 1's "Hold OK": holding shows Player 1's
    card again, letting go passes on to Player 2 again; the saved deal is unchanged."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    d.keys("ok,press:ok,release:ok")
    before = saved(d)
    d.keys("back")
    assert "== Player 1 ==" in d.text() and "Hold OK\nto see your card" in d.text()
    assert not has_any_colour(d.text())
    d.keys("press:ok,wait:700")
    assert lines(d)[1:] == card(d, 0)
    d.keys("release:ok")
    assert lines(d)[1:3] == ["Pass to", "Player 2"] and "2/3" in d.text()
    assert saved(d) == before
    d.keys("ok,press:ok")
    assert lines(d)[1:] == card(d, 1)
    assert d.errors() == []


def test_each_player_sees_own_card_then_all_cards_dealt(tmp_path):
    """Four players in turn see their own cards; letting go after the last look ends the
    round at once with the toast "All cards dealt" over the screen below (no done screen)."""
    d = Driver(tmp_path, seed=9)
    done = []
    start(d, 4, done)
    for k in range(4):
        assert lines(d)[2] == "Player %d" % (k + 1)
        d.keys("ok,press:ok")
        assert lines(d)[1:] == card(d, k)
        assert done == []
        d.keys("release:ok")
    assert done == [1]
    assert "All cards dealt" in d.text() and "OK: continue" not in d.text()
    assert "== Wyrm ==" in d.text()
    assert saved(d)["seen"] == [1, 1, 1, 1]
    assert d.errors() == []


def test_four_players_get_four_different_cards(tmp_path):
    """No card is dealt twice in one game: the four cards shown differ."""
    d = Driver(tmp_path, seed=13)
    start(d, 4)
    seen = []
    for _ in range(4):
        d.keys("ok,press:ok")
        seen.append(tuple(lines(d)[1:]))
        d.keys("release:ok")
    assert len(set(seen)) == 4
    assert all(list(c) in FANO for c in seen)


# -- hiding by itself -------------------------------------------------------------
def _hide_times(d, script):
    recs = run(d, script)
    first = next(r[0].t for r in recs if r[2])
    hidden = next(r[0].t for r in recs if "Hidden" in r[0].text())
    last_shown = max(r[0].t for r in recs if r[2])
    return first, hidden, last_shown, recs


def test_card_hides_by_itself_after_peek_s(tmp_path):
    """Held longer than the setting (3 s), the card hides exactly 3 s after it appeared."""
    d = Driver(tmp_path, seed=2)
    set_peek_s(d, 3)
    start(d, 2)
    d.keys("ok")
    first, hidden, last_shown, recs = _hide_times(d, "press:ok,wait:3500")
    assert hidden - first == 3000
    assert last_shown < hidden
    t = recs[-1][0].text()
    assert "Hidden" in t and "Release OK" in t
    assert not has_any_colour(t)
    assert d.app.buttons.held(B.OK)


def test_default_peek_time_is_ten_seconds(tmp_path):
    """With the default setting the card stays for 10 s of holding, not less."""
    d = Driver(tmp_path, seed=2)
    assert d.app.settings["peek_s"] == 10
    start(d, 2)
    d.keys("ok")
    first, hidden, _, _ = _hide_times(d, "press:ok,wait:10500")
    assert hidden - first == 10000


def test_release_after_hiding_passes_on_and_back_can_peek_again(tmp_path):
    """After hiding by itself, letting go passes on to Player 2; BACK there and holding OK
    shows Player 1's card again."""
    d = Driver(tmp_path, seed=2)
    set_peek_s(d, 3)
    start(d, 2)
    d.keys("ok,press:ok,wait:3200,release:ok")
    assert lines(d)[1:3] == ["Pass to", "Player 2"]
    d.keys("back,press:ok,wait:700")
    assert lines(d)[1:] == card(d, 0)


# -- leaving and coming back ------------------------------------------------------
def test_back_on_hold_screen_returns_to_pass_screen(tmp_path):
    """BACK on "Hold OK" (not yet looked) goes back to the pass screen of the same player."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    d.keys("ok,back")
    assert lines(d)[1:3] == ["Pass to", "Player 1"]


def test_stopping_the_round_asks_and_keeps_the_deal(tmp_path):
    """BACK on the first pass screen asks first (No stays); Yes leaves, the deal is kept and
    resumable. From a later pass screen BACK first walks back through the previous player."""
    d = Driver(tmp_path, seed=2)
    start(d, 3)
    d.keys("ok,press:ok,release:ok")  # player 1 done
    before = saved(d)
    d.keys("back,back")  # Player 1's "Hold OK", then Player 1's pass screen
    assert lines(d)[1:3] == ["Pass to", "Player 1"]
    d.keys("back")
    assert "Stop passing round?" in d.text()
    assert "> No" in d.text()
    d.keys("ok")
    assert lines(d)[2] == "Player 1"
    d.keys("back,up,ok")
    assert "== Wyrm ==" in d.text()
    assert saved(d) == before
    assert drachenhort_party.resume_flow(d.app) is True
    d.wait(50)
    assert lines(d)[2] == "Player 2" and "2/3" in d.text()


def test_power_cut_mid_round_resumes_without_redeal(tmp_path):
    """A power cut while player 3 holds OK: the same cards, resumed at Player 3 (3/4)."""
    d = Driver(tmp_path, seed=6)
    start(d, 4)
    for _ in range(2):
        d.keys("ok,press:ok,release:ok")
    d.keys("ok,press:ok")
    assert lines(d)[1:] == card(d, 2)
    before = saved(d)
    d.reboot()
    assert not has_any_colour(d.text())
    assert saved(d) == before
    assert drachenhort_party.resume_flow(d.app) is True
    d.wait(50)
    assert lines(d)[2] == "Player 3" and "3/4" in d.text()
    d.keys("ok,press:ok")
    assert lines(d)[1:] == card(d, 2)
    d.keys("release:ok,ok,press:ok")
    assert lines(d)[1:] == card(d, 3)
    assert saved(d)["cards"] == before["cards"]
    assert d.errors() == []


def test_power_cut_while_looking_shows_that_player_again(tmp_path):
    """Cut while player 1 looks (OK not let go yet): the round resumes at Player 1."""
    d = Driver(tmp_path, seed=6)
    start(d, 2)
    d.keys("ok,press:ok")
    d.reboot()
    assert drachenhort_party.resume_flow(d.app) is True
    d.wait(50)
    assert lines(d)[2] == "Player 1"


def test_power_cut_while_looking_again_resumes_after_that_player(tmp_path):
    """Cut while player 1 looks again (BACK from Player 2's pass screen): Player 1 was
    saved as seen already, so the round resumes at Player 2 (2/3), cards unchanged."""
    d = Driver(tmp_path, seed=6)
    start(d, 3)
    d.keys("ok,press:ok,release:ok")
    before = saved(d)
    d.keys("back,press:ok")
    assert lines(d)[1:] == card(d, 0)
    d.reboot()
    assert saved(d) == before
    assert drachenhort_party.resume_flow(d.app) is True
    d.wait(50)
    assert lines(d)[2] == "Player 2" and "2/3" in d.text()
    assert "look again" not in d.text()  # (no earlier player in the resumed round)


def test_nothing_to_resume_after_a_finished_round(tmp_path):
    """When every player has seen their card, resume_flow does nothing."""
    d = Driver(tmp_path, seed=6)
    start(d, 2)
    for _ in range(2):
        d.keys("ok,press:ok,release:ok")
    d.reboot()
    assert drachenhort_party.resume_flow(d.app) is False
    assert drachenhort_party.load(d.app).all_seen()


def test_nothing_to_resume_without_a_deal(tmp_path):
    """No deal saved: resume_flow does nothing and load gives None."""
    d = Driver(tmp_path)
    assert drachenhort_party.resume_flow(d.app) is False
    assert drachenhort_party.load(d.app) is None


def test_deal_is_saved_before_anything_is_shown(tmp_path):
    """Right after dealing (pass screen up, nothing seen) the deal is on flash."""
    d = Driver(tmp_path, seed=3)
    start(d, 5)
    s = saved(d)
    assert len(s["cards"]) == 5 and s["seen"] == [0] * 5
    assert len(set(s["cards"])) == 5


# -- a new deal over an old one ---------------------------------------------------
def test_new_deal_over_existing_asks_and_no_keeps_it(tmp_path):
    """Dealing again asks "Deal new cards? The old deal is lost."; No keeps the old deal."""
    d = Driver(tmp_path, seed=3)
    start(d, 3)
    d.keys("back,up,ok")
    before = saved(d)
    start(d, 3)
    assert "Deal new cards? The old deal is lost." in " ".join(lines(d))
    assert "> No" in d.text()
    d.keys("ok")
    assert saved(d) == before
    assert "== Wyrm ==" in d.text()


def test_new_deal_yes_deals_afresh(tmp_path):
    """Answering Yes deals new cards, nobody has seen them, and the round starts at Player 1."""
    d = Driver(tmp_path, seed=3)
    start(d, 3)
    for _ in range(3):
        d.keys("ok,press:ok,release:ok")
    start(d, 4)
    d.keys("up,ok")
    s = saved(d)
    assert len(s["cards"]) == 4 and s["seen"] == [0, 0, 0, 0]
    assert lines(d)[2] == "Player 1" and "1/4" in d.text()


# -- settings file ----------------------------------------------------------------
def write_settings(tmp_path, obj_or_text):
    text = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text)
    with open(os.path.join(str(tmp_path), "party_cards.json"), "w") as f:
        f.write(text)


def test_unreadable_settings_file_gives_a_message_once_and_defaults(tmp_path):
    """A broken party_cards.json gives a plain message over the round, once; default cards."""
    write_settings(tmp_path, "{colours: oops")
    d = Driver(tmp_path, seed=3)
    start(d, 2)
    t = " ".join(lines(d))
    assert "Party cards" in t
    assert "party_cards.json is not valid JSON" in t
    assert "Using default cards" in t
    d.keys("ok")
    assert lines(d)[2] == "Player 1"
    d.keys("ok,press:ok")
    assert lines(d)[1:] == card(d, 0)
    d.keys("release:ok,back,back,back,up,ok")
    assert "== Wyrm ==" in d.text()
    start(d, 2)
    d.keys("up,ok")
    assert lines(d)[2] == "Player 1"  # no second message
    assert d.errors() == []


def test_unknown_colour_in_card_list_is_named(tmp_path):
    """A card naming an unknown colour is reported as "Card 1: unknown colour pink"."""
    cards = [list(c) for c in FANO]
    cards[0] = ["green", "red", "pink"]
    write_settings(tmp_path, {"cards": cards})
    d = Driver(tmp_path, seed=3)
    start(d, 2)
    t = " ".join(lines(d))
    assert "Card 1: unknown colour pink" in t
    assert "Using default cards" in t


def test_renamed_colours_are_shown_on_the_card(tmp_path):
    """Colours renamed in the settings file appear on the cards."""
    names = ["Gruen", "Rot", "Weiss", "Blau", "Orange", "Gelb", "Lila"]
    write_settings(tmp_path, {"colours": names})
    d = Driver(tmp_path, seed=3)
    start(d, 2)
    d.keys("ok,press:ok")
    want = [names[deal.DEFAULT_COLOURS.index(c)] for c in card(d, 0)]
    assert lines(d)[1:] == want


def test_own_card_list_is_used(tmp_path):
    """A valid custom card list is dealt: every card shown is one of the file's cards."""
    cards = [
        ["green", "red", "blue"],
        ["green", "white", "orange"],
        ["green", "yellow", "purple"],
        ["red", "white", "yellow"],
        ["red", "orange", "purple"],
        ["white", "blue", "purple"],
        ["blue", "orange", "yellow"],
    ]
    write_settings(tmp_path, {"cards": cards})
    d = Driver(tmp_path, seed=3)
    start(d, 7)
    order = list(deal.DEFAULT_COLOURS)
    want = [sorted(c, key=order.index) for c in cards]
    shown = []
    for _ in range(7):
        d.keys("ok,press:ok")
        shown.append(lines(d)[1:])
        d.keys("release:ok")
    for s in shown:
        assert s in want
    assert len({tuple(s) for s in shown}) == 7


def test_editing_settings_mid_game_does_not_change_dealt_cards(tmp_path):
    """Cards are kept as dealt: a new card list written mid-game changes nobody's adventurers."""
    d = Driver(tmp_path, seed=3)
    start(d, 2)
    d.keys("ok,press:ok")
    mine = lines(d)[1:]
    other = [c for c in FANO]
    other = other[1:] + other[:1]  # a different order of the same cards
    write_settings(tmp_path, {"cards": other})
    d.reboot()
    drachenhort_party.resume_flow(d.app)
    d.keys("ok,press:ok")
    assert lines(d)[1:] == mine


def test_card_adventurers_as_dealt(tmp_path):
    """card_adventurers gives a card's adventurers as dealt; no deal is saved before a start."""
    d = Driver(tmp_path, seed=3)
    assert drachenhort_party.load(d.app) is None
    start(d, 3)
    assert len(saved(d)["cards"]) == 3
    assert drachenhort_party.card_adventurers(d.app, 0) == [0, 1, 2]


def test_damaged_saved_deal_gives_a_message(tmp_path):
    """A saved deal that makes no sense gives a plain message and counts as no deal."""
    Store(str(tmp_path)).save("party", {"cards": [3, 3], "seen": [0, 0]})
    d = Driver(tmp_path)
    assert drachenhort_party.load(d.app) is None
    d.wait(50)
    assert "damaged" in d.text()
    assert not Store(str(tmp_path)).exists("party")


# -- peeking again later ------------------------------------------------------------
def test_peek_again_chooses_player_then_hold(tmp_path):
    """Peek again: choose the player, then hold OK to see that card (the screen names the
    player and shows no card before the hold; BACK leaves without showing it)."""
    d = Driver(tmp_path, seed=5)
    start(d, 3)
    for _ in range(3):
        d.keys("ok,press:ok,release:ok")
    d.wait(1600)  # (the toast "All cards dealt" goes)
    drachenhort_party.peek_again(d.app)
    d.wait(50)
    assert lines(d) == ["== Who looks? ==", "> Player 1", "Player 2", "Player 3"]
    d.keys("down,ok")
    assert "Hold OK" in d.text() and "== Player 2 ==" in d.text()
    assert not has_any_colour(d.text())
    d.keys("back")
    assert "== Wyrm ==" in d.text()
    assert not any(has_any_colour(f.text()) for f in d.frames[-5:])
    drachenhort_party.peek_again(d.app)
    d.keys("down,ok")
    assert "Hold OK" in d.text() and "== Player 2 ==" in d.text()
    assert not has_any_colour(d.text())
    d.keys("press:ok")
    assert lines(d)[1:] == card(d, 1)
    d.keys("release:ok")
    assert "OK: done" in d.text()
    d.keys("ok")
    assert "== Wyrm ==" in d.text()
    assert d.errors() == []


def test_peek_again_without_a_deal_says_so(tmp_path):
    """Peek again with nothing dealt: "No party cards dealt yet."."""
    d = Driver(tmp_path)
    drachenhort_party.peek_again(d.app)
    d.wait(50)
    assert "No party cards dealt yet." in " ".join(lines(d))


# -- other boards -----------------------------------------------------------------
def test_three_button_board_deals_and_peeks(tmp_path):
    """Three buttons: the round works, UP leaves "Hold OK"; on the next pass screen UP (or a
    held OK, the board's BACK) gives the previous player another look; on the first pass
    screen a held OK asks to stop."""
    d = Driver(tmp_path, seed=7, board="pico-ssd1306-3btn")
    assert d.app.keys == 3
    start(d, 2)
    d.keys("ok")
    assert "UP: back" in d.text()
    d.keys("up")
    assert lines(d)[2] == "Player 1"
    d.keys("ok,press:ok,wait:900")  # held past the long-press time: still the card
    assert lines(d)[1:] == card(d, 0)
    d.keys("release:ok")
    assert lines(d)[2] == "Player 2" and "UP: look again" in d.text()
    for back in ("up", "long:ok"):
        d.keys(back)
        assert "== Player 1 ==" in d.text() and "Hold OK" in d.text()
        d.keys("press:ok,wait:900")
        assert lines(d)[1:] == card(d, 0)
        d.keys("release:ok")
        assert lines(d)[2] == "Player 2"
    d.keys("up,up")  # Player 1's "Hold OK", then Player 1's pass screen
    assert lines(d)[2] == "Player 1"
    d.keys("long:ok")
    assert "Stop passing round?" in d.text()
    d.keys("ok")  # No
    d.keys("ok,press:ok,release:ok,ok,press:ok")
    assert lines(d)[1:] == card(d, 1)
    d.keys("release:ok")
    assert "All cards dealt" in d.text()
    assert "== Wyrm ==" in d.text()
    assert d.errors() == []


def test_small_display_shows_all_three_colours(tmp_path):
    """On a 128x32 display the three colours of the card all fit on the screen."""
    d = Driver(tmp_path, seed=7, board="pico-ssd1306-128x32")
    start(d, 2)
    assert "Pass to Player 1" in d.text()
    d.keys("ok,press:ok")
    assert lines(d) == card(d, 0)
    d.keys("release:ok")
    assert "Pass to Player 2" in d.text()


# -- the widget on its own ----------------------------------------------------------
def test_peek_flow_runs_given_players_in_order_and_reports_seen(tmp_path):
    """peek_flow walks the players in order, calls on_seen per player and on_done at the end."""
    d = Driver(tmp_path)
    seen = []
    done = []
    calls = []

    def secret(app, k):
        calls.append(k)
        return ["Card of %d" % k]

    peek.peek_flow(
        d.app,
        [2, 0],
        secret,
        on_done=lambda app: done.append(1),
        who=lambda k: "Ann" if k == 2 else "Bob",
        on_seen=lambda app, k: seen.append(k),
    )
    d.wait(50)
    assert lines(d)[2] == "Ann"
    d.keys("ok")
    assert calls == []  # the secret is only asked for while OK is held
    d.keys("press:ok")
    assert "Card of 2" in d.text()
    d.keys("release:ok")
    assert seen == [2]
    assert lines(d)[2] == "Bob"
    d.keys("ok,press:ok,release:ok")
    assert seen == [2, 0] and done == [1]
    assert set(calls) == {0, 2}


def test_long_secret_scrolls_while_held(tmp_path):
    """A secret too long for the screen is shown small and scrolls with DOWN while OK is held."""
    d = Driver(tmp_path)
    items = ["Line number %d" % i for i in range(10)]
    peek.peek_flow(d.app, [0], lambda app, k: items)
    d.wait(50)
    d.keys("ok,press:ok")
    assert lines(d)[1] == "Line number 0"
    d.keys("press:ok,down")
    assert lines(d)[1] == "Line number 1"
    d.keys("release:ok")
    assert "Line number" not in d.text()


def test_wrong_player_count_is_refused_plainly(tmp_path):
    """Asking for 8 players (or 1) gives "2 to 7 players" and deals nothing."""
    d = Driver(tmp_path)
    for n in (1, 8):
        start(d, n)
        assert "2 to 7 players" in d.text()
        d.keys("ok")
    assert saved(d) is None
    assert d.errors() == []


def test_seven_players_use_every_card(tmp_path):
    """With 7 players every card is dealt once."""
    d = Driver(tmp_path, seed=12)
    start(d, 7)
    assert sorted(saved(d)["cards"]) == list(range(7))


def test_back_after_a_single_peek_just_closes(tmp_path):
    """BACK after a later peek closes it (nothing to stop), back where it was started."""
    d = Driver(tmp_path, seed=5)
    start(d, 2)
    d.keys("back,up,ok")
    drachenhort_party.peek_again(d.app)
    d.keys("ok,up,ok,press:ok,release:ok,back")
    assert "== Wyrm ==" in d.text()
    assert d.errors() == []


class _LetGo(peek.PeekScreen):
    # a single look that ends as OK is let go; ``look`` may refuse (nothing to show)
    let_go = True

    def __init__(self, allow, done):
        super().__init__([0], lambda app, k: ["Secret"], lambda app: done.append(1), None,
                         None, None, True, "Ann")
        self.allow = allow
        self.looks = 0

    def look(self, app):
        self.looks += 1
        return self.allow


def test_a_let_go_peek_ends_as_ok_is_let_go_short_or_long(tmp_path):
    """A ``let_go`` peek (Drachenfels' castle check) shows the secret while OK is held and
    ends as OK is let go - after a short press and after a long one - with no "Seen it?"
    step: the screen closes and the screen below gets no click."""
    for hold in (100, 1500):
        d = Driver(tmp_path / str(hold))
        done = []
        d.app.push(_LetGo(True, done))
        d.wait(50)
        assert "Hold OK" in d.text()
        d.keys("press:ok,wait:%d" % hold)
        assert "Secret" in d.text()
        d.keys("release:ok")
        assert done == [1] and not isinstance(d.app.top(), peek.PeekScreen)
        assert "Secret" not in d.text() and d.errors() == []


def test_a_let_go_peek_whose_look_refuses_shows_nothing(tmp_path):
    """``look`` returning False (the castle check found the game over): holding OK shows no
    secret and the peek does not end by itself."""
    d = Driver(tmp_path)
    done = []
    screen = _LetGo(False, done)
    d.app.push(screen)
    d.keys("wait:50,press:ok,wait:300")
    assert "Secret" not in d.text() and screen.looks == 1
    d.keys("release:ok")
    assert done == [] and d.errors() == []


def test_a_let_go_peek_cut_short_is_over_and_a_slow_ok_goes_on(tmp_path):
    """A ``let_go`` look cut short (the quick roll covered it) counts as seen: no look again
    with a long OK (the device may have been handed back); OK, short or long, goes on."""
    d = Driver(tmp_path)
    done = []
    screen = _LetGo(True, done)
    d.app.push(screen)
    d.keys("wait:50,press:ok,wait:200")
    screen.on_show(d.app)  # covered and shown again while OK is down
    d.keys("release:ok")
    assert done == [] and "Secret" not in d.text()
    d.keys("press:ok,wait:900")
    assert "Secret" not in d.text()  # a long OK shows nothing again
    d.keys("release:ok")
    assert done == [1] and d.errors() == []
