"""At the table: menus that remember, and the words and layout fixes."""
from drive import Driver, to_row

from wyrm.store import Store


def selected(d):
    return [ln[2:] for ln in d.text().splitlines() if ln.startswith("> ")]


def test_main_menu_and_dice_menu_start_where_they_were_left(tmp_path):
    """After a power cut the main menu starts on the game chosen last, the Dice menu on
    the die rolled last: 2d6 again is OK, OK."""
    d = Driver(tmp_path)
    d.keys(to_row("Dice") + ",down*2,ok,wait:400,back,back")
    d.reboot()
    assert selected(d) == ["Dice"]
    d.keys("ok")
    assert selected(d) == ["2d6"]
    d.keys("ok")
    assert d.text().startswith("== 2d6 ==  #2")


def test_a_game_left_open_comes_back_and_the_menu_position_holds(tmp_path):
    d = Driver(tmp_path)
    d.keys("down*3,ok,down")  # Drachenfels, a key in it, left open at the power cut
    d.reboot()
    assert d.text().startswith("== Drachenfels")
    d.keys("back")
    assert selected(d) == ["Drachenfels"]


def test_a_bad_saved_menu_position_is_ignored(tmp_path):
    for bad in (99, -1, "Dice", True, [5]):
        Store(str(tmp_path)).save("menu", bad)
        d = Driver(tmp_path)
        assert selected(d) == ["Drachenhort"], bad
        assert d.errors() == []


# A two-player Drakonia tie: P1 healthy on 4 and 1, P2 healthy on 3 and 2 (5 points each).
# The grids open on the Woods (5); DOWN walks towards the City; OK adds a hero and moves on
# to the next cell; BACK goes on to P2, then the result.
TIE = "down*4,ok,ok,down,ok,ok,down,ok,down*2,ok,back,down*2,ok,ok,back"


def test_drakonia_grid_names_rows_as_the_rulebook_does(tmp_path):
    d = Driver(tmp_path)
    d.keys("down*4,ok,ok,down,ok,ok,ok")
    lines = d.text().splitlines()
    assert lines[2].startswith("healthy") and lines[3].startswith("wounded")
    assert "Fit" not in d.text() and "Hurt" not in d.text()


def test_drakonia_tie_break_sentence_is_never_cut(tmp_path):
    """The reason shows whole under the winner, and scrolling moves by whole entries,
    on the 64 px and the 32 px panel."""
    for board in ("pico-ssd1306-4btn", "pico-ssd1306-128x32"):
        (tmp_path / board).mkdir()
        d = Driver(tmp_path / board, board=board)
        d.keys(TIE)
        lines = d.text().splitlines()
        i = lines.index("P1 wins!")
        assert lines[i + 1:i + 3] == ["tie broken: hero on", "space 4"], board
        d.keys("down")
        lines = d.text().splitlines()
        assert lines[lines.index("P1 wins!") + 1] == "1. P1              5", board
        d.keys("up")
        assert "tie broken: hero on" in d.text()
        assert d.errors() == []


def test_drakonia_over_two_note_says_what_is_wrong(tmp_path):
    d = Driver(tmp_path)
    # P1 two healthy heroes in Drakonia (6), P2 one
    d.keys("down*4,ok,ok,down,ok,ok,up,ok,up,ok,back,up,ok,back")
    d.keys("down*3")
    flat = " ".join(d.text().splitlines())
    assert "More than 2 heroes in Drakonia: one card moves at most 2 there." in flat


def test_dice_json_sides_in_quotes_is_named_as_not_a_number(tmp_path):
    (tmp_path / "dice.json").write_text('{"dice": [{"name": "d8", "sides": "8"}]}')
    d = Driver(tmp_path)
    d.keys(to_row("Dice"))
    flat = " ".join(d.text().splitlines())
    assert 'die 1: sides must be a whole number: 8, not "8"' in flat
    assert "2..100" not in flat


def test_dice_history_rows_keep_the_number_apart_from_the_roll(tmp_path):
    """"13 2 any adventurer" must not read as 132: a rule with space on both sides."""
    from host_tools.sim import core as simcore

    d = Driver(tmp_path, seed=13)
    d.keys(to_row("Dice") + ",ok*25,wait:400,up")
    f = d.last()
    row = [(x, s) for (x, y, s, _c, _sc) in f.log if y == 11]  # the first history row
    assert [s for _x, s in row] == ["13", "2 any adventurer"]
    num_end = row[0][0] + len("13") * 6 - 1  # last ink column + 1
    roll_x = row[1][0]
    px = simcore.pixels(f.data, 128, 64)
    rules = [x for x in range(num_end, roll_x) if all(px[y][x] for y in range(10, 19))]
    assert len(rules) == 1
    assert rules[0] - num_end >= 3 and roll_x - rules[0] >= 3


DEALT_TO_TWO = (  # hidden deck: a new deck of 20, one card each to two players, all seen
    to_row("Hidden deck") + ",ok,down*32,ok,wait:1600,down,ok,ok,ok,ok,press:ok,release:ok,ok,"
    "press:ok,release:ok"
)


def test_hidden_deck_who_draws_lists_the_players_dealt_to_and_one_more(tmp_path):
    d = Driver(tmp_path)
    d.keys(DEALT_TO_TWO + ",down,ok")
    assert d.text().splitlines() == ["== Who draws? ==", "> Player 1", "Player 2",
                                     "Player 3 (new)"]
    d.keys("up,ok,ok,press:ok,release:ok")  # Player 3 joins and draws
    d.keys("ok")  # Draw one again
    assert d.text().splitlines()[-1] == "Player 4 (new)"
    assert d.errors() == []


def test_rolloff_on_the_32px_panel_shows_every_player_and_the_result(tmp_path):
    from host_tools.sim import core as simcore

    for n in (6, 7):  # the spinner starts at 4: up to n
        for seed in (3, 4):
            frames, _w, _h, errors = simcore.run_script(
                to_row("Dice") + ",down*5,ok,up*%d,ok,wait:400" % (n - 4), "pico-ssd1306-128x32",
                seed=seed)
            assert errors == []
            words = [s for (_x, _y, s, _c, _sc) in frames[-1].log]
            for p in range(1, n + 1):
                assert "P%d" % p in words, (n, seed)
            assert "P%d" % (n + 1) not in words
            assert any(w.endswith("starts!") or w.startswith("Tie on") for w in words)
            assert all(y + 7 <= 32 for (_x, y, _s, _c, _sc) in frames[-1].log)


GERMAN = ('{"colours": ["gr\\u00fcn", "wei\\u00df", "J\\u00f6rg", "\\u00c4pfel", "\\u00d6L", '
          '"\\u00dcber", "blau"]}')
DEALT = ("ok,down,ok,ok,ok," + "ok,hold:ok:300," * 4
         + "ok")  # (letting go passes on; the oldest begins: seat 1)


def test_german_colour_names_show_with_their_letters_in_both_runtimes(tmp_path):
    """party_cards.json with gr\u00fcn, wei\u00df, J\u00f6rg...: accepted, drawn with
    their own glyphs (not '?'), the same bytes under MicroPython."""
    from host_tools.sim import core as simcore
    from wyrm import font

    out = {}
    for rt in ("cpython", "micropython"):
        (tmp_path / rt).mkdir()
        (tmp_path / rt / "party_cards.json").write_text(GERMAN)
        frames, _w, _h, errors = simcore.run_script(
            DEALT + ",ok,wait:1000,down", runtime=rt, seed=5, state=str(tmp_path / rt))
        assert errors == []
        out[rt] = frames
    last = out["cpython"][-1]
    assert last.text().splitlines()[1:4] == ["> gr\u00fcn -> silver 1", "wei\u00df -> silver 1",
                                             "J\u00f6rg -> silver 1"]
    assert [f.data for f in out["cpython"]] == [f.data for f in out["micropython"]]
    from wyrm.canvas import Canvas

    drawn = []
    for ch in "?\u00e4\u00f6\u00fc\u00df\u00c4\u00d6\u00dcaouAOUB":
        c = Canvas(8, 8)
        font.text(c, ch, 0, 0)
        drawn.append(bytes(c.buffer))
    assert len(set(drawn)) == len(drawn)  # seven new glyphs, none a copy of '?' or a letter
    from wyrm import letters

    for ch in "\u00e4\u00f6\u00fc\u00df\u00c4\u00d6\u00dc":
        assert letters.shows(ch)
    assert not letters.shows("cr\u00e8me") and not letters.shows("a\tb")


def test_drakskatten_silver_in_coarse_steps(tmp_path):
    """The silver list: each row adds its amount at once (OK again adds it again), never
    below 0; crossing 1,500 says so once; BACK leaves with the silver kept."""
    d = Driver(tmp_path)
    d.keys("down,ok,ok,wait:600,ok,up,ok,ok")  # the silver of Blue (who begins)
    assert d.text().splitlines()[:3] == ["== Blue: 0 silver ==", "> +500 -> 500", "+100 -> 100"]
    d.keys("up*4,ok")  # -10 from 0
    assert d.text().splitlines()[0] == "== Blue: 0 silver =="
    d.keys("down*4,ok*2")  # +500 twice
    assert d.text().splitlines()[0] == "== Blue: 1000 silver =="
    d.keys("down*3,ok")  # +10
    d.keys("up*3,ok")  # +500: 1510, over the line
    assert d.text().splitlines()[0] == "== 1,500 silver! =="
    d.keys("ok,ok")  # the message closes; +500 again: no second message
    assert d.text().splitlines()[0] == "== Blue: 2010 silver =="
    d.keys("back")
    assert "> Silver: 2010" in d.text()
    d.reboot()
    assert "Blue: 2010 silver" in d.text()
