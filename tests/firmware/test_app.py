"""The step-driven app: menus, screen stack, settings, screen saver, errors."""
import sys

import pytest
from drive import Driver, to_row

from wyrm import buttons as B
from wyrm import ui
from wyrm.app import App, Screen
from wyrm.canvas import Canvas
from wyrm.registry import GAMES
from wyrm.rng import Rng
from wyrm.store import Store


def selected(text):
    return [line[2:] for line in text.splitlines() if line.startswith("> ")]


def test_boots_to_main_menu_with_all_games(tmp_path):
    """Power-on shows the main menu: five games, Dice and Settings, first entry selected."""
    d = Driver(tmp_path)
    t = d.text()
    assert t.splitlines()[0] == "== Wyrm =="
    for label in ("Drachenhort", "Drakskatten", "DrachenSchatten", "Drachenfels"):
        assert label in t
    assert selected(t) == ["Drachenhort"]
    d.keys("up")  # wraps round to the last entry
    assert selected(d.text()) == ["Settings"]
    assert d.errors() == []


def test_down_moves_selection_and_scrolls(tmp_path):
    """DOWN walks the menu; the list scrolls so the selection stays visible."""
    d = Driver(tmp_path)
    labels = [g[0] for g in GAMES] + ["Players", "Settings"]
    for i in range(1, len(labels)):
        d.keys("down")
        assert selected(d.text()) == [labels[i]]
    d.keys("down")
    assert selected(d.text()) == [labels[0]]


def test_held_down_repeats(tmp_path):
    """Holding DOWN for a second moves six entries: one on the press (taken 10 ms after
    its edge), the first repeat 450 ms after that, then one every 110 ms (570, 680, 790,
    900 ms)."""
    d = Driver(tmp_path)
    d.keys("hold:down:1000")
    assert selected(d.text()) == [GAMES[6][0]]


def test_every_menu_entry_opens_and_back_returns(tmp_path):
    """Each main-menu entry opens something (a game, a placeholder or settings); BACK returns."""
    d = Driver(tmp_path)
    n = len(GAMES) + 1
    for i in range(n):
        d.keys("down*%d,ok" % i if i else "ok")
        opened = d.text()
        assert "== Wyrm ==" not in opened, opened
        # back out completely to the main menu
        for _ in range(6):
            if d.text().startswith("== Wyrm =="):
                break
            d.keys("back")
        assert d.text().startswith("== Wyrm =="), d.text()
        d.reboot()
    assert d.errors() == []


def test_settings_persist_across_power_cut(tmp_path):
    """Flip 180 and contrast changed in Settings are still set after a reboot."""
    d = Driver(tmp_path)
    d.keys("up,ok")  # Settings
    assert d.text().startswith("== Settings ==")
    d.keys("down,ok")  # Flip 180: off -> on
    assert "Flip 180: on" in d.text()
    assert d.dev.panel.flipped is True
    d.keys("up,ok,up,up,ok")  # Contrast 3 -> 5
    assert "Contrast: 5/5" in d.text()
    d.reboot()
    assert d.app.settings["flip"] is True and d.app.settings["contrast"] == 5
    assert d.dev.panel.flipped is True and d.dev.panel.level == 255


def test_dimmed_screen_acts_on_the_press_that_brightens_it(tmp_path):
    """A dimmed panel is readable, so its first press both restores the contrast and acts."""
    d = Driver(tmp_path)
    d.app.settings["dim_s"] = 15
    d.app.settings["off_s"] = 60
    d.wait(14000)
    assert d.dev.panel.level > 1  # not dimmed yet
    d.wait(2000)
    assert d.dev.panel.level == 1 and d.dev.panel.on
    d.keys("down")
    assert d.dev.panel.level > 1
    assert selected(d.text()) == ["Drakskatten"]


def test_screen_saver_dims_then_blanks_and_first_press_only_wakes(tmp_path):
    """After the idle time the panel dims, later turns off; the press that switches it
    back on does nothing else."""
    d = Driver(tmp_path)
    d.app.settings["dim_s"] = 15
    d.app.settings["off_s"] = 60
    d.wait(16000)
    assert d.dev.panel.level == 1 and d.dev.panel.on
    d.wait(45000)
    assert not d.dev.panel.on
    before = d.text()
    d.keys("down")  # only wakes
    assert d.dev.panel.on and d.dev.panel.level > 1
    assert d.text() == before
    d.keys("down")  # now acts
    assert selected(d.text()) == ["Drakskatten"]


def test_idle_steps_redraw_nothing(tmp_path):
    """With no key pressed and nothing animating, step reports no changed pages."""
    d = Driver(tmp_path)
    new = d.wait(3000)
    assert new == []


def test_only_changed_pages_are_reported(tmp_path):
    """Moving the menu selection by one changes only the pages of the two affected rows."""
    d = Driver(tmp_path)
    frames = d.keys("down")
    assert len(frames) == 1
    app = d.app
    # redraw the same screen: no page differs any more
    app.redraw()
    assert app.step(d.t, 0) == 0


class Boom(Screen):
    def on_event(self, app, kind, key):
        raise RuntimeError("bug")

    def draw(self, app, fb):
        ui.title(fb, "Boom")


def test_bug_in_a_screen_shows_plain_message_not_traceback(tmp_path):
    """An exception in a screen becomes an 'Oops' message and OK goes back to the menu."""
    d = Driver(tmp_path)
    d.app.push(Boom())
    d.keys("ok")
    t = d.text()
    assert t.startswith("== Oops ==") and "Traceback" not in t and "RuntimeError" in t
    assert len(d.errors()) == 1
    d.keys("ok")
    assert d.text().startswith("== Wyrm ==")


class Ticking(Screen):
    """A screen whose every step fails, with the step's number in the message."""

    n = 0

    def tick(self, app, now):
        self.n += 1
        raise RuntimeError("bug %d" % self.n)


def test_errors_keep_only_the_last_four_but_every_one_is_counted(tmp_path):
    """A screen failing at every step: app.errors holds the last 4 exceptions (the newest
    last), not all of them, and app.caught says how many there were."""
    d = Driver(tmp_path)
    assert d.app.caught == 0 and d.errors() == []
    s = Ticking()
    for i in range(1, 5):
        d.app.stack.append(s)  # on top again, above the crash screen of the last failure
        d.app.step(d.t, 0)
        assert [str(e) for e in d.errors()] == ["bug %d" % k for k in range(1, i + 1)]
    for _ in range(6):
        d.app.stack.append(s)
        d.app.step(d.t, 0)
    assert d.app.caught == 10
    assert [str(e) for e in d.errors()] == ["bug 7", "bug 8", "bug 9", "bug 10"]


def test_three_button_board_long_ok_is_back(tmp_path):
    """On a three-button board a long OK closes the screen like BACK."""
    d = Driver(tmp_path, board="pico-ssd1306-3btn")
    d.keys("up,ok")
    assert d.text().startswith("== Settings ==")
    d.keys("long:ok")
    assert d.text().startswith("== Wyrm ==")


def test_menu_fits_128x32(tmp_path):
    """On a 128x32 panel the menu shows two rows and still scrolls to every entry."""
    d = Driver(tmp_path, board="pico-ssd1306-128x32")
    assert len(d.text().splitlines()) == 3
    d.keys("down*3")
    assert selected(d.text()) == [GAMES[3][0]]
    assert max(y for _, y, _, _, _ in d.last().log) < 32


class Probe(Screen):
    hold_ok = True

    def __init__(self):
        self.seen = []

    def on_event(self, app, kind, key):
        self.seen.append((kind, key))
        return True


def test_hold_ok_screen_gets_press_and_release():
    """A hold-to-see screen receives OK's PRESS and RELEASE (also on three-button boards)."""
    for keys in (3, 4):
        app = App(Canvas(), Store(_tmp()), Rng(seed=1), keys)
        p = app.push(Probe())
        t = 0
        for levels, ms in ((0, 50), (1 << B.OK, 1000), (0, 100)):
            for _ in range(ms // 10):
                app.step(t, levels)
                t += 10
        assert p.seen == [(B.PRESS, B.OK), (B.LONG, B.OK), (B.RELEASE, B.OK)]


class Plain(Screen):
    """A screen with no hold of its own: it notes what reaches it."""

    def __init__(self):
        self.seen = []

    def on_event(self, app, kind, key):
        self.seen.append((kind, key))
        return True


def _play(app, segments, t=0):
    for levels, ms in segments:
        for _ in range(ms // 10):
            app.step(t, levels)
            t += 10
    return t


@pytest.mark.parametrize("ms", [550, 700, 5000])
@pytest.mark.parametrize("key", [B.OK, B.BACK])
def test_a_slow_press_is_a_press_on_a_screen_without_holds(key, ms):
    """On four buttons OK or BACK held any time, short or past the long-press time, reaches a
    screen that uses no hold as one press: PRESS, RELEASE, then one CLICK with the release."""
    app = App(Canvas(), Store(_tmp()), Rng(seed=1), 4)
    p = app.push(Plain())
    t = _play(app, [(0, 50), (1 << key, ms)])
    assert p.seen == [(B.PRESS, key)]  # nothing more while the key is down
    _play(app, [(0, 100)], t)
    assert p.seen == [(B.PRESS, key), (B.RELEASE, key), (B.CLICK, key)]


def test_a_slow_press_whose_release_was_swallowed_leaves_no_click_behind():
    """A slow OK still down when UP+DOWN make the quick roll: the rest of that press does
    nothing, and the next tap of OK is one click, not two."""
    app = App(Canvas(), Store(_tmp()), Rng(seed=1), 4)
    chords = []
    app.chord = chords.append
    p = app.push(Plain())
    ok, ud = 1 << B.OK, (1 << B.UP) | (1 << B.DOWN)
    t = _play(app, [(0, 50), (ok, 700), (ok | ud, 100), (0, 100)])
    assert chords == [app]
    p.seen.clear()
    _play(app, [(ok, 100), (0, 100)], t)
    assert p.seen == [(B.PRESS, B.OK), (B.RELEASE, B.OK), (B.CLICK, B.OK)]


def _tmp():
    import tempfile

    return tempfile.mkdtemp()


def test_leaving_a_game_lets_its_modules_go(tmp_path, monkeypatch):
    """RAM: opening a game imports its modules; back on the main menu they leave the module
    table (a module's functions and classes are on the heap while it is imported), and the
    game opens again as before."""
    import wyrm.games

    for name in [m for m in sys.modules if m.startswith("wyrm.games.")]:
        monkeypatch.delitem(sys.modules, name)  # (another test's: back after this one)
        leaf = name.rpartition(".")[2]
        if leaf in wyrm.games.__dict__:
            monkeypatch.delattr(wyrm.games, leaf)
    d = Driver(tmp_path)
    d.keys("down*2,ok")  # DrachenSchatten
    assert "wyrm.games.drachenschatten_game" in sys.modules
    assert "wyrm.games.drachenschatten_play" in sys.modules  # a plain import of the game's
    for _ in range(6):
        if d.text().startswith("== Wyrm =="):
            break
        d.keys("back")
    assert d.text().startswith("== Wyrm ==")
    assert not [m for m in sys.modules if m.startswith("wyrm.games.drachenschatten")]
    d.keys("ok")
    assert d.title().startswith("== DrachenSchatten") or "Players" in d.title()
    assert d.errors() == []


def test_a_press_that_takes_a_note_away_shows_that_first(tmp_path):
    """A press on a note (toast) takes it away in that step's frame; OK's click on the
    release then chooses the row under it, once."""
    chosen = []
    app = App(Canvas(128, 64), Store(str(tmp_path)), Rng(seed=1))
    app.push(ui.Menu("Test", [["Row", chosen.append], ["Other", None]]))
    app.step(1000, 0)  # the first frame
    app.toast("A note", 5000)
    assert app.step(1010, 0)  # the note drawn over the menu
    noted = bytes(app.fb.buffer)
    assert app.step(1020, 1 << B.OK)  # OK goes down: the note goes
    assert bytes(app.fb.buffer) != noted and app._toast is None
    assert chosen == []
    app.step(1030, 1 << B.OK)
    app.step(1040, 0)  # the release: the click
    app.step(1050, 0)
    assert chosen == [app]
    app.toast("Another note", 5000)
    app.step(1060, 0)
    app.step(1070, 1 << B.DOWN)  # a move takes the note away and moves, in one frame
    assert app.top().sel == 1 and app._toast is None
    assert app.errors == []


def test_a_long_ok_on_how_many_play_opens_nothing(tmp_path):
    """On three buttons a long OK is BACK: Drakskatten's player count closes and no
    roll-off opens."""
    d = Driver(tmp_path, board="pico-ssd1306-3btn")
    d.keys("down,ok")
    assert d.title() == "== How many players? =="
    d.run([(1 << B.OK, 1000), (0, 300)])
    assert d.title() != "== How many players? ==" and "Roll-off" not in d.title()
    assert d.errors() == []


def _opened_dice(tmp_path):
    """The app after DOWN*5 and OK on the main menu, stepped only until Dice is on top."""
    from wyrm.home import make_app

    store = Store(str(tmp_path))
    app = make_app(fb=Canvas(128, 64), store=store, rng=Rng(seed=1))
    t = [1000]

    def step(levels):
        t[0] += 10
        app.step(t[0], levels)

    for key in [B.DOWN] * 5 + [B.OK]:
        for levels in [1 << key] * 4 + [0] * 4:
            step(levels)
            if type(app.top()).__name__ == "DiceMenu":
                return app, store, step
    raise AssertionError("Dice did not open")


def test_opening_a_game_writes_the_flash_only_after_the_next_keys_frame(tmp_path):
    """Opening a game writes nothing, however long its menu stays on the panel: the note of
    the open game (power-cut resume) and the main menu's row are written once the players'
    next key is on the panel (the step that draws the key's answer still writes nothing)."""
    app, store, step = _opened_dice(tmp_path)
    for _ in range(100):  # a second on the game's menu, no key
        step(0)
    assert not store.exists("open") and not store.exists("menu")
    sel = app.top().sel
    while app.top().sel == sel:  # DOWN acts on its press: that step draws the move
        step(1 << B.DOWN)
        assert not store.exists("open") and not store.exists("menu")
    step(1 << B.DOWN)  # the next step writes what was put off for the key
    assert store.load("open") == ["wyrm.dice_ui", "Dice"]
    assert store.load("menu") == 5


def test_leaving_a_game_at_once_leaves_no_note_of_it(tmp_path):
    """BACK as the first key after opening: the note of the open game is never written
    (a power cut afterwards does not bring the game back); the main menu's row is."""
    app, store, step = _opened_dice(tmp_path)
    for levels in [1 << B.BACK] * 4 + [0] * 8:  # BACK acts on its release
        step(levels)
    assert len(app.stack) == 1  # the main menu
    assert not store.exists("open")
    assert store.load("menu") == 5


def test_an_app_made_without_randomness_draws_from_the_system():
    """The device passes no Rng (wyrm.rng stays off the heap at the main menu): the first
    draw loads the system's source, and every later draw uses the same one."""
    app = App(Canvas(), Store(_tmp()), None)
    rng = app.rng
    assert isinstance(rng, Rng) and app.rng is rng
    rolls = {rng.below(6) for _ in range(600)}
    assert rolls == set(range(6))


# -- a slow press: held past the long-press time, it is a press (issue: a hold is one only
# where a screen uses it: a peek, the button test's way out, BACK on three buttons)
FOUR_KEYS = ["pico-ssd1306-4btn", "pico-sh1106-4btn", "pico-ssd1306-128x32"]


@pytest.mark.parametrize("ms", [550, 800, 5000])
@pytest.mark.parametrize("board", FOUR_KEYS)
def test_a_slow_ok_opens_the_main_menu_row(tmp_path, board, ms):
    """Four buttons: OK held any time, short of the long-press time or far past it, opens
    the row under it on release (a slow press is a press)."""
    d = Driver(tmp_path, board=board)
    d.keys("hold:ok:%d" % ms)
    assert d.title() == "== Drachenhort =="
    assert d.errors() == []


@pytest.mark.parametrize("ms", [550, 900, 5000])
@pytest.mark.parametrize("board", FOUR_KEYS)
def test_a_slow_back_goes_back_one_screen(tmp_path, board, ms):
    """Four buttons: BACK held any time goes back one screen on release: from a die to the
    Dice menu, from there to the main menu, and never two at once."""
    d = Driver(tmp_path, board=board)
    d.keys(to_row("Dice") + ",down,ok,wait:500")  # Dice > d6, rolled once
    assert d.app.top().die.id == "d6"  # (128x32: a roll has no title bar)
    d.keys("hold:back:%d" % ms)
    assert d.title() == "== Dice ==" and selected(d.text()) == ["d6"]
    d.keys("hold:back:%d" % ms)
    assert d.title() == "== Wyrm ==" and selected(d.text()) == ["Dice"]
    assert d.errors() == []


@pytest.mark.parametrize("ms", [700, 5000])
def test_three_buttons_a_long_ok_of_any_length_is_one_back(tmp_path, ms):
    """Three buttons: a long OK is BACK however long it is held: one screen back, and the
    screen below gets no OK from it; a press short of the long-press time is OK."""
    d = Driver(tmp_path, board="pico-ssd1306-3btn")
    d.keys(to_row("Dice") + ",down,ok,wait:500")  # Dice > d6, rolled once
    assert d.title() == "== d6 ==  #1"
    d.keys("hold:ok:%d" % ms)
    assert d.title() == "== Dice ==" and selected(d.text()) == ["d6"]
    d.keys("hold:ok:%d" % ms)
    assert d.title() == "== Wyrm ==" and selected(d.text()) == ["Dice"]
    d.keys("hold:ok:550")
    assert d.title() == "== Dice =="
    assert d.errors() == []


@pytest.mark.parametrize("board", FOUR_KEYS + ["pico-ssd1306-3btn"])
def test_holding_the_button_tests_key_leaves_it_alone(tmp_path, board):
    """The button test is left by holding BACK (OK on three buttons): that hold closes it and
    nothing more (Settings stays open); a slow OK on four buttons is shown, not left on."""
    d = Driver(tmp_path, board=board)
    d.keys("up,ok,down*5,ok")
    assert d.title() == "== Button test =="
    four = d.nkeys == 4
    if four:
        d.keys("hold:ok:900")
        assert d.title() == "== Button test =="
    d.keys("hold:%s:900" % ("back" if four else "ok"))
    assert d.title() == "== Settings =="
    assert d.errors() == []


def _deal(d):
    from wyrm.games import drachenhort_party

    drachenhort_party.start_deal(d.app, 3, None)  # party cards for three: Pass to Player 1
    d.wait(50)


@pytest.mark.parametrize("board", FOUR_KEYS)
def test_on_a_peek_a_slow_press_that_is_no_peek_acts(tmp_path, board):
    """Four buttons, the secret dealer: OK held on "Pass to" goes on to "Hold OK"; held
    there it shows the card until let go (the peek), and letting go passes on; slow BACK
    steps back: to "Pass to", from there to the previous player's "Hold OK", and on the
    first "Pass to" asks to stop."""
    d = Driver(tmp_path, seed=2, board=board)
    _deal(d)
    d.keys("hold:ok:900")
    assert "Hold OK" in d.text()
    d.keys("press:ok,wait:900")
    assert d.app.top().showing
    d.keys("release:ok")
    assert "Pass to" in d.text() and d.app.top().owner == 1
    d.keys("hold:ok:900")  # Player 2
    assert "Hold OK" in d.text() and d.app.top().owner == 1
    d.keys("hold:back:900")
    assert "Pass to" in d.text()
    d.keys("hold:back:900")
    assert "Hold OK" in d.text() and d.app.top().owner == 0
    d.keys("hold:back:900,hold:back:900")
    assert "Stop passing round?" in d.text()
    assert d.errors() == []


def test_three_buttons_a_long_ok_on_pass_to_still_asks_to_stop(tmp_path):
    """Three buttons: on "Pass to" a long OK is BACK there (it asks to stop the round), as
    documented; a short OK goes on."""
    d = Driver(tmp_path, seed=2, board="pico-ssd1306-3btn")
    _deal(d)
    d.keys("hold:ok:900")
    assert "Stop passing round?" in d.text()
    d.keys("ok,hold:ok:550")  # No; then a short OK
    assert "Hold OK" in d.text()
    assert d.errors() == []


# Drachenfels: New game, tick Green, start, Red begins, the setup page, Red's armour, Red's
# castle check: rock castle 2
_CASTLE = "down*3,ok,ok,up*2,ok,down*2,ok,ok,ok,down*2,ok,ok,down*2,ok,down,ok"


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn"])
def test_drachenfels_castle_check_a_slow_ok_after_the_look_goes_on(tmp_path, board):
    """Drachenfels' castle check: a long look ends as OK is let go (the turn passes, and
    nothing acts on the game menu: the cursor waits on Yellow's armour); once a quick roll
    cut a look short, "Done looking?" takes a slow OK as OK."""
    d = Driver(tmp_path, seed=1, board=board)
    d.keys(_CASTLE + ",hold:ok:1500")
    assert d.title() == "== Drachenfels ==  Yellow" and "> Armour: Yellow" in d.text()
    d = Driver(tmp_path / "cut", seed=1, board=board)
    d.keys(_CASTLE + ",press:ok,wait:200,chord:up+down,wait:100,release:ok,wait:500,"
           "chord:up+down")
    assert "Done looking?" in d.text()
    d.keys("hold:ok:900")
    assert d.title() == "== Drachenfels ==  Yellow" and "> Armour: Yellow" in d.text()
    assert d.errors() == []
