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


def test_the_example_game_from_developing_md_runs(tmp_path, monkeypatch):
    """The documented module, dropped into wyrm/games with its one GAMES line: the main menu
    lists it; New game, its row and a power cut on its screen work like any game."""
    text = _doc()
    module = re.search(r"```python\n(from micropython import const\n.*?)```", text, re.S).group(1)
    line = re.search(r'^    \("My Game", "wyrm\.games\.mygame_ui"\),$', text, re.M)
    assert line, "the GAMES line is shown"
    code = tmp_path / "code"
    code.mkdir()
    (code / "mygame_ui.py").write_text(module)
    (tmp_path / "flash").mkdir()
    monkeypatch.setattr(wyrm.games, "__path__", list(wyrm.games.__path__) + [str(code)])
    monkeypatch.setattr(home, "GAMES", home.GAMES + (("My Game", "wyrm.games.mygame_ui"),))
    d = Driver(tmp_path / "flash")
    open_it = "down*%d,ok" % (len(home.GAMES) - 1)
    d.keys(open_it)
    assert d.text().splitlines()[:2] == ["== My Game ==", "> New game"]
    d.keys("ok,up,ok")  # New game, 3 players
    assert "> Score: 3 players" in d.text()
    d.keys("ok")
    assert d.text().splitlines()[0] == "== Score =="
    d.keys("ok,back")  # back to its menu, back to the main menu: the game's code leaves
    assert d.text().splitlines()[0] == "== Wyrm =="
    assert "wyrm.games.mygame_ui" not in sys.modules
    d.keys("ok,ok")  # the saved game again, its score
    assert d.text().splitlines()[0] == "== Score =="
    d.reboot()  # a power cut on the game's own screen comes back to it
    assert d.text().splitlines()[0] == "== Score =="
    assert d.errors() == []
    sys.modules.pop("wyrm.games.mygame_ui", None)  # the device's reboot would drop it too
