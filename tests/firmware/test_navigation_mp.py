"""Under real MicroPython the app boots and walks every main-menu and settings entry
exactly as under CPython (byte-identical frames)."""
from host_tools.sim import core as simcore
from wyrm.registry import GAMES

SETTINGS_ROWS = 9  # About last, the language just before it


def tour():
    keys = []
    for i in range(len(GAMES)):  # every game, the Dice menu and the hidden deck
        keys += (["down*%d" % i] if i else []) + ["ok", "down", "up", "back", "back", "back"]
        keys += ["wait:100"]
    at = sum(range(len(GAMES))) % (len(GAMES) + 2)  # the main menu's cursor now
    keys += ["down*%d" % (len(GAMES) - at), "ok", "ok", "back", "back"]  # Players, seat 1
    keys += ["down", "ok"]  # Settings (last entry)
    for j in reversed(range(SETTINGS_ROWS)):  # About before the button test (it keeps the keys)
        keys += (["down*%d" % j] if j else []) + ["ok", "back", "back"]
        keys += ["ok"]  # back into Settings: the main menu's cursor stays on it
    return ",".join(keys)


def test_every_menu_entry_same_frames_under_micropython():
    """Boot, every main-menu entry and every Settings entry: same frames, no errors."""
    script = tour()
    a, _, _, ea = simcore.run_script(script, seed=2, runtime="cpython")
    b, _, _, eb = simcore.run_script(script, seed=2, runtime="micropython")
    assert ea == [] and eb == []
    assert len(a) > 40
    assert len(a) == len(b)
    # About shows the free heap, which only MicroPython knows: its line differs.
    about = [i for i, f in enumerate(a) if f.text().startswith("== About ==")]
    assert about and "free: n/a (host)" in a[about[0]].text()
    assert "KB free" in b[about[0]].text()
    same = [i for i in range(len(a)) if i not in about]
    assert [a[i].text() for i in same] == [b[i].text() for i in same]
    assert [a[i].data for i in same] == [b[i].data for i in same]
    texts = "\n".join(f.text() for f in a)
    for label in [g[0] for g in GAMES]:
        assert label.split()[0] in texts
    for word in ("Contrast", "Button test", "About", "Wyrm 0."):
        assert word in texts
