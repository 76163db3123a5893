"""Adding a game is the template's four modules plus one entry in ``wyrm.registry.GAMES``, as
docs/DEVELOPING.md shows: the example modules and the registry entry from that page, run as a
sixth game before Dice, with nothing else changed."""
import ast
import os
import re
import sys

import pytest
from drive import Driver, to_row

import wyrm.games
from host_tools import paths
from host_tools.sim import menu
from wyrm import registry, store_words

DOC = os.path.join(paths.ROOT, "docs", "DEVELOPING.md")
CHORD = "chord:up+down"


def _doc():
    with open(DOC) as f:
        return f.read()


def _blocks(text):
    """The template's four modules: {file name: source}, from their first comment line."""
    out = {}
    for code in re.findall(r"```python\n(.*?)```", text, re.S):
        first = code.split("\n", 1)[0]
        m = re.match(r"# (mygame\w*\.py) - ", first)
        if m:
            out[m.group(1)] = code
    return out


def _entry(text):
    """The registry entry the page shows, as the tuple it is."""
    line = re.search(r'^    (\("My Game", "wyrm\.games\.mygame_game".*\)),$', text, re.M)
    assert line, "the registry entry is shown"
    return ast.literal_eval(line.group(1))


def _with(monkeypatch, tmp_path, entry):
    """The template's modules in a code folder on wyrm.games' path, and ``entry`` in the
    registry just before Dice: the two changes a sixth game makes."""
    blocks = _blocks(_doc())
    assert sorted(blocks) == ["mygame.py", "mygame_game.py", "mygame_play.py", "mygame_ref.py"]
    code = tmp_path / "code"
    code.mkdir()
    for name, source in blocks.items():
        (code / name).write_text(source)
    (tmp_path / "flash").mkdir()
    monkeypatch.setattr(wyrm.games, "__path__", list(wyrm.games.__path__) + [str(code)])
    games = registry.GAMES
    at = [row[0] for row in games].index("Dice")
    monkeypatch.setattr(registry, "GAMES", games[:at] + (entry,) + games[at:])


@pytest.fixture
def sixth(tmp_path, monkeypatch):
    """The documented sixth game in place: its registry entry."""
    entry = _entry(_doc())
    _with(monkeypatch, tmp_path, entry)
    yield entry
    for name in list(sys.modules):
        if name.startswith("wyrm.games.mygame"):
            sys.modules.pop(name)  # the device's reboot would drop them too


def test_the_template_from_developing_md_runs_as_a_sixth_game(sixth, tmp_path):
    """The four modules of the documented template with its one registry entry: the main menu
    lists it between Der Weg n. Drakonia and Dice (every key script that names a row still
    reaches it); New game asks who begins; a point ends the turn and one OK passes it; the
    quick roll rolls its die; the score, a power cut on it, and leaving the game all work."""
    rows = menu.rows()
    assert rows[rows.index("My Game") - 1:rows.index("My Game") + 2] == [
        "Der Weg n. Drakonia", "My Game", "Dice"]
    d = Driver(tmp_path / "flash")
    d.keys(to_row("My Game", ok=False))
    assert "> My Game" in d.text()
    d.keys("ok")
    assert d.text().splitlines()[:2] == ["== My Game ==", "> New game"]
    d.keys("ok,ok")  # New game, 3 players
    assert d.title() == "== Oldest begins ==" and "> P1" in d.text()
    d.keys("down,ok")  # P2 begins
    assert d.title() == "== My Game ==  P2" and "> Point for P2" in d.text()
    d.keys("ok")  # a point: the turn is over, the cursor on "Next turn"
    assert "> Next turn: P3" in d.text()
    d.keys("ok")
    assert d.title() == "== My Game ==  P3" and "> Point for P3" in d.text()
    before = d.text()
    d.keys(CHORD + ",wait:600")  # the quick roll: the die its entry names
    assert d.title() == "== %s ==  #1" % sixth[2]
    d.keys("back")
    assert d.text() == before
    d.keys("down,ok")
    assert d.title() == "== Score ==" and "Ahead: P2" in d.text()
    d.keys("ok,back")  # back to its menu, back to the main menu
    assert d.title() == "== Wyrm =="
    d.keys("ok,down*3,ok")  # the saved game again: Quick reference
    assert d.title() == "== Quick reference ==" and "Points" in d.text()
    d.keys("back,up*2,ok")  # its menu (on Quick reference), Score
    assert d.title() == "== Score =="
    d.reboot()  # a power cut on the game's own screen comes back to it
    assert d.title() == "== Score =="
    d.keys("ok,back")  # its menu, the main menu: Dice is still where its label says
    d.keys("up*%d," % rows.index("My Game") + to_row("Dice"))
    assert d.title().startswith("== Dice ==")
    assert d.errors() == []


def test_a_damaged_save_of_the_sixth_game_is_named_in_its_words(sixth, tmp_path):
    """A save of the new game that cannot be read is named by its entry's words on the panel
    ("The saved My Game game was damaged"), never as "data"; a new game starts."""
    d = Driver(tmp_path / "flash")
    d.keys(to_row("My Game") + ",ok,ok,ok")  # a game of 3, P1 begins: saved
    d.keys("back")
    name = sixth[3]
    for f in os.listdir(str(tmp_path / "flash")):
        if f.startswith(name + "."):
            (tmp_path / "flash" / f).write_bytes(b"x")  # the save and its backup
    d.reboot()
    assert "> My Game" in d.text()  # the main menu starts on the game chosen last
    d.keys("ok")
    flat = " ".join(d.text().split())
    assert "The saved %s game was damaged" % sixth[4] in flat, d.text()
    assert "saved data" not in flat
    assert d.errors() == []


def test_save_sentences_take_the_registry_words_and_nothing_else(sixth):
    """The store's notes name a registry game's save in the entry's words; a save name the
    registry does not have (and a row with no save: Dice) stays plain "data"."""
    assert store_words.words(sixth[3], 1, False) == (
        "The saved My Game game was damaged. A new game starts.")
    assert store_words.unsaved([sixth[3], "table"]) == (
        "the My Game game and the list of players")
    assert store_words.words("mygame2", 1, False) == "The saved data was damaged."
    assert store_words.words("", 1, False) == "The saved data was damaged."


def test_a_game_without_a_die_of_its_own_rolls_the_last_die(tmp_path, monkeypatch):
    """An entry with no die ("") makes the quick roll roll the die rolled last (d6 before
    any), as in Drachenfels; the same game with a die in its entry rolls that die."""
    entry = _entry(_doc())
    _with(monkeypatch, tmp_path, entry[:2] + ("",) + entry[3:])
    try:
        d = Driver(tmp_path / "flash")
        d.keys(to_row("My Game") + ",ok,ok,ok")  # a game of 3, P1 begins
        d.keys(CHORD + ",wait:600")
        assert d.title() == "== d6 ==  #1"
        assert d.errors() == []
    finally:
        for name in list(sys.modules):
            if name.startswith("wyrm.games.mygame"):
                sys.modules.pop(name)


def test_about_counts_the_registry_games(tmp_path, monkeypatch):
    """About says "five dragon games." for the five, "six dragon games." once a sixth game's
    entry is in the registry (Dice and Hidden deck are no games)."""
    def about(folder):
        d = Driver(folder)
        d.keys(to_row("Settings"))
        for _row in range(20):  # Settings' rows, with room; a screen without About fails
            if "> About" in d.text():
                break
            d.keys("down")
        assert "> About" in d.text(), d.text()
        d.keys("ok")
        return " ".join(d.text().split())

    (tmp_path / "five").mkdir()
    assert "Table companion for five dragon games." in about(tmp_path / "five")
    _with(monkeypatch, tmp_path, _entry(_doc()))
    assert "Table companion for six dragon games." in about(tmp_path / "flash")
