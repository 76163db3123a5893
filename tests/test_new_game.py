"""Adding a game is the skeleton plus one line in the game list, as docs/DEVELOPING.md shows:
the example module from that page, and its GAMES line, run as a sixth game."""
import os
import re
import sys

from drive import Driver

import wyrm.games
from wyrm import home

DOC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs",
                   "DEVELOPING.md")


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


def test_the_template_from_developing_md_runs_as_a_sixth_game(tmp_path, monkeypatch):
    """The four modules of the documented template, dropped into wyrm/games with its one
    GAMES line: the main menu lists it; New game asks who begins; a point ends the turn and
    one OK passes it; the score, a power cut on it, and leaving the game all work."""
    text = _doc()
    blocks = _blocks(text)
    assert sorted(blocks) == ["mygame.py", "mygame_game.py", "mygame_play.py", "mygame_ref.py"]
    line = re.search(r'^    \("My Game", "wyrm\.games\.mygame_game"\),$', text, re.M)
    assert line, "the GAMES line is shown"
    code = tmp_path / "code"
    code.mkdir()
    for name, source in blocks.items():
        (code / name).write_text(source)
    (tmp_path / "flash").mkdir()
    monkeypatch.setattr(wyrm.games, "__path__", list(wyrm.games.__path__) + [str(code)])
    monkeypatch.setattr(home, "GAMES", home.GAMES + (("My Game", "wyrm.games.mygame_game"),))
    d = Driver(tmp_path / "flash")
    d.keys("down*%d,ok" % (len(home.GAMES) - 1))
    assert d.text().splitlines()[:2] == ["== My Game ==", "> New game"]
    d.keys("ok,ok")  # New game, 3 players
    assert d.title() == "== Oldest begins ==" and "> P1" in d.text()
    d.keys("down,ok")  # P2 begins
    assert d.title() == "== My Game ==  P2" and "> Point for P2" in d.text()
    d.keys("ok")  # a point: the turn is over, the cursor on "Next turn"
    assert "> Next turn: P3" in d.text()
    d.keys("ok")
    assert d.title() == "== My Game ==  P3" and "> Point for P3" in d.text()
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
    assert d.errors() == []
    for name in list(sys.modules):
        if name.startswith("wyrm.games.mygame"):
            sys.modules.pop(name)  # the device's reboot would drop them too
