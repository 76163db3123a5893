"""Issue 15 at the table: menus that remember, and the words and layout fixes."""
from drive import Driver

from wyrm.store import Store


def selected(d):
    return [ln[2:] for ln in d.text().splitlines() if ln.startswith("> ")]


def test_main_menu_and_dice_menu_start_where_they_were_left(tmp_path):
    """After a power cut the main menu starts on the game chosen last, the Dice menu on
    the die rolled last: 2d6 again is OK, OK."""
    d = Driver(tmp_path)
    d.keys("down*5,ok,down*2,ok,wait:400,back,back")
    d.reboot()
    assert selected(d) == ["Dice"]
    d.keys("ok")
    assert selected(d) == ["2d6"]
    d.keys("ok")
    assert d.text().startswith("== 2d6 ==  #2")


def test_a_game_left_open_comes_back_and_the_menu_position_holds(tmp_path):
    d = Driver(tmp_path)
    d.keys("down*3,ok")  # Drachenfels, left open at the power cut
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
