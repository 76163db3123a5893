"""Golden screenshots: the committed PNGs in docs/ still show what the firmware draws."""
import os

import pytest
from PIL import Image

from host_tools.make import shots
from host_tools.sim import core as simcore

GOLDEN = ["main-menu", "settings", "main-menu-128x32"]


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_screens_unchanged(name, tmp_path):
    """Re-rendering a golden shot gives exactly the pixels of the PNG in docs/."""
    script, seed, board, _shows = shots.all_shots()[name]
    path, _ = shots.make(name, script, seed, board, out_dir=str(tmp_path))
    golden = os.path.join(shots.DOCS, name + ".png")
    assert os.path.exists(golden), "run make shots"
    a = Image.open(path).convert("RGB")
    b = Image.open(golden).convert("RGB")
    assert a.size == b.size
    assert a.tobytes() == b.tobytes(), "%s changed: look at it, then run make shots" % name


def test_png_shows_lit_pixels_where_the_frame_has_them(tmp_path):
    """The PNG is the frame: a lit framebuffer pixel is a lit dot, an unlit one is dark."""
    frames, w, h, _ = simcore.run_script("wait:10", seed=1)
    data = frames[-1].data
    out = tmp_path / "f.png"
    simcore.write_png(str(out), data, w, h, scale=4)
    img = Image.open(out).convert("RGB")
    px = simcore.pixels(data, w, h)
    for y in range(0, h, 7):
        for x in range(0, w, 5):
            got = img.getpixel(((x + 1) * 4 + 1, (y + 1) * 4 + 1))
            assert got == (simcore.OLED_ON if px[y][x] else simcore.OLED_OFF)


def test_every_listed_shot_shows_its_screen(tmp_path):
    """Every shot in the list (built-in and shots.d) runs from power-on without a firmware
    error and ends on the screen its line names (the first line of text shown)."""
    wrong = []
    for name, (script, seed, board, shows) in sorted(shots.all_shots().items()):
        _path, frame = shots.make(name, script, seed, board, out_dir=str(tmp_path))
        first = (frame.text().splitlines() or [""])[0]
        if first != shows:
            wrong.append("%s: %r, not %r" % (name, first, shows))
    assert wrong == []


def test_the_readme_shots_exist_in_german_and_speak_it(tmp_path):
    """Each shot the README shows has a German twin in docs/de/ (made with the language on
    Deutsch) whose screen shows no English-only word; the German main menu and Settings
    are golden: re-rendered, the same pixels as the committed PNG."""
    from english_words import ENGLISH, words_of

    everything = shots.all_shots()
    wrong = []
    for name in shots.GERMAN:
        script, seed, board, _shows = everything[name]
        path, frame = shots.make(name, script, seed, board, out_dir=str(tmp_path), lang=1)
        committed = os.path.join(shots.DOCS_DE, name + ".png")
        if not os.path.exists(committed):
            wrong.append("%s: no docs/de/%s.png (run make shots)" % (name, name))
        english = words_of(frame.text(), ENGLISH)
        if english:
            wrong.append("%s: English on the German screen: %s" % (name, english))
        if name in ("main-menu", "settings") and os.path.exists(committed):
            a = Image.open(path).convert("RGB").tobytes()
            if a != Image.open(committed).convert("RGB").tobytes():
                wrong.append("%s changed: look at it, then run make shots" % name)
    assert wrong == []
