"""The panel's language: the setting, the mechanism, and German on every screen, the five
games' own included.

``wyrm.lang.t(en, de)`` gives the text of the language in use; the setting "lang" (0 English,
1 Deutsch) is kept in the settings file with the others and switched in Settings > Language.
"""
import pytest
from drive import Driver, same_frames, to_row
from english_words import ENGLISH, GERMAN, words_of

from host_tools.bench import latency
from wyrm import font, lang, settings, trouble
from wyrm.registry import GAMES
from wyrm.store import Store

LANGUAGE_ROW = "up*2"  # Settings: the language is the row before About (the last)


def _german(folder):
    Store(str(folder)).save("settings", {"lang": 1})


# -- the setting ----------------------------------------------------------------------
@pytest.mark.parametrize("saved, want", [(0, 0), (1, 1)])
def test_a_saved_language_is_used(saved, want):
    """Both ends of the range are read as saved: 0 English, 1 Deutsch."""
    got, wrong = settings.read({"lang": saved})
    assert got["lang"] == want and wrong == []


@pytest.mark.parametrize("saved", [-1, 2, True, "de", 1.0, None])
def test_a_language_out_of_range_reads_as_english(saved):
    """A value just outside the range on either side, or of another type (a damaged or
    hand-edited file), reads as English and is named as a setting that could not be used."""
    got, wrong = settings.read({"lang": saved})
    assert got["lang"] == 0 and wrong == ["lang"]


def test_no_language_saved_is_english_without_a_note():
    """A settings file from before the language existed: English, nothing said."""
    got, wrong = settings.read({"contrast": 2})
    assert got["lang"] == 0 and wrong == []


def test_t_gives_the_text_of_the_language_in_use():
    """``t(en, de)`` returns its first argument in English and its second in German, the
    same objects (nothing is made)."""
    en, de = "Next turn", "Nächster Zug"
    old = lang.CUR
    try:
        lang.CUR = 0
        assert lang.t(en, de) is en
        lang.CUR = 1
        assert lang.t(en, de) is de
    finally:
        lang.CUR = old


def test_a_wrong_language_in_the_file_is_said_in_english(tmp_path):
    """settings.json with "lang": 7: the main menu in English and a note naming Language."""
    Store(str(tmp_path)).save("settings", {"lang": 7})
    d = Driver(tmp_path)
    text = d.text()
    assert text.startswith("== Saved data ==")
    assert "(Language)" in text and "usual" in text
    d.keys("ok")
    assert "Dice" in d.text() and "Würfel" not in d.text()
    assert d.errors() == []


def test_the_main_menu_is_in_the_saved_language(tmp_path):
    """With "lang": 1 saved the main menu says Würfel, Verdeckte Karten, Spieler and
    Einstellungen; the games keep their own names."""
    _german(tmp_path)
    d = Driver(tmp_path)
    d.keys("down*9")
    text = d.frames[-1].text() + "\n".join(f.text() for f in d.frames if f is not None)
    for word in ("Würfel", "Verdeckte Karten", "Spieler", "Einstellungen", "Drachenhort",
                 "Der Weg n. Drakonia"):
        assert word in text, word
    assert "Settings" not in text and "Dice" not in text


# -- the very first power-on ------------------------------------------------------------
# A fresh Wyrm holds the note "first" in its store: its first power-on asks the language.
# The test harnesses stand for a Wyrm that has been set up: they write no note, so the
# question never comes in their way.
@pytest.mark.parametrize("keys, want, menu_row", [("ok", 1, "Würfel"), ("down,ok", 0, "Dice"),
                                                  ("back", 0, "Dice")])
def test_the_first_power_on_asks_the_language_once(tmp_path, keys, want, menu_row):
    """First power-on: "Sprache / Language" with Deutsch and English above the main menu;
    the answer (BACK: English) is saved and the main menu follows in it. The next power-on
    goes straight to the main menu in that language."""
    Store(str(tmp_path)).save("first", 1)
    d = Driver(tmp_path)
    assert d.text() == "== Sprache / Language ==\n> Deutsch\nEnglish"
    d.keys(keys + ",wait:100")
    assert d.title() == "== Wyrm =="
    d.keys("down*5")
    assert menu_row in d.text()
    store = Store(str(tmp_path))
    assert store.load("settings", None)["lang"] == want
    assert not store.exists("first")
    d.reboot()
    assert d.title() == "== Wyrm =="
    d.keys("down*5")
    assert menu_row in d.text()
    assert d.errors() == []


def test_without_the_note_no_question(tmp_path):
    """A Wyrm without the note (every power-on after the first, and one set up without it):
    the main menu at once, in English when nothing was chosen."""
    d = Driver(tmp_path)
    assert d.title() == "== Wyrm =="
    assert not Store(str(tmp_path)).exists("settings")


# -- switching in Settings -------------------------------------------------------------
def test_settings_switches_the_language_and_back(tmp_path):
    """Settings > Language: OK switches to Deutsch at once (the menu redraws in German and the
    setting is saved); OK again switches back to English."""
    d = Driver(tmp_path)
    d.keys(to_row("Settings") + "," + LANGUAGE_ROW)
    assert "> Language: English" in d.text()
    d.keys("ok,wait:100")
    assert "> Sprache: Deutsch" in d.text()
    assert d.title().startswith("== Einstellungen ==")
    assert Store(str(tmp_path)).load("settings", None)["lang"] == 1
    d.keys("ok,wait:100")
    assert "> Language: English" in d.text()
    assert Store(str(tmp_path)).load("settings", None)["lang"] == 0
    assert d.errors() == []


def test_switching_keeps_a_game_in_progress(tmp_path):
    """A hidden deck dealt in English, then the language switched from the main menu: the
    saved game is untouched, and opening it again shows it as it was, now in German (its
    title says how many cards are left)."""
    d = Driver(tmp_path)
    d.keys(to_row("Hidden deck") + ",ok,ok")  # a new deck of 52
    assert "52 of 52" in d.title()
    store = Store(str(tmp_path))
    before = store.load("hdeck", None)
    d.keys("back")
    d.keys("down*2,ok," + LANGUAGE_ROW + ",ok,back")  # main menu > Settings > Language
    assert "> Einstellungen" in d.text()
    assert store.load("hdeck", None) == before
    d.keys("up*2,ok")  # from Settings: Hidden deck is two rows up
    assert d.title().startswith("== Stapel: 52/52 übrig")
    d.reboot()  # and after a power cut: still German, the deck still there
    assert "> Verdeckte Karten" in d.text()  # (the main menu starts on the row used last)
    d.keys("ok")
    assert d.title().startswith("== Stapel: 52/52 übrig")
    assert d.errors() == []


@pytest.mark.parametrize("game", ["Drakskatten"])
def test_switching_keeps_a_game_s_save(tmp_path, game):
    """A game left in progress, the language switched in Settings: the game's save is the
    same, and opening the game again goes back into it (no new game)."""
    from drive import GAME_IN_PROGRESS

    d = Driver(tmp_path)
    d.keys(GAME_IN_PROGRESS[game])
    store = Store(str(tmp_path))
    name = "drakskatten" if game == "Drakskatten" else "drakonia"
    before = store.load(name, None)
    assert before is not None
    d.keys("back,back,back,back")  # the main menu, on the game's row
    row = [g[0] for g in GAMES].index("Drakskatten" if game == "Drakskatten"
                                      else "Der Weg n. Drakonia")
    d.keys("up*%d,ok,%s,ok,back" % (row + 1, LANGUAGE_ROW))  # Settings > Language
    assert "> Einstellungen" in d.text()
    assert store.load(name, None) == before
    d.keys(to_row(game.split()[-1]))
    assert store.load(name, None) == before
    assert d.errors() == []


def test_the_crash_screen_speaks_the_language(monkeypatch):
    """The shell's own crash screen (drawn without the font) says it in German too, with a
    glyph for every letter."""
    monkeypatch.setattr(lang, "CUR", 1)
    rows = trouble._GLYPH_ROWS
    glyphs = {ch: bytes(rows[5 * i:5 * i + 5]) for i, ch in enumerate(trouble._GLYPH_CHARS)}
    assert " ".join(trouble.crash_lines(64)) == "WYRM FEHLER OK: NEUSTART"
    assert " ".join(trouble.crash_lines(32)) == "WYRM FEHLER OK: NEUSTART"
    for height in (64, 32):
        for line in trouble.crash_lines(height):
            for ch in line.replace(" ", ""):
                assert ch in glyphs and any(glyphs[ch]), ch
    shapes = list(glyphs.values())
    assert len(set(shapes)) == len(shapes)


def test_every_german_letter_used_is_in_the_font():
    """Each character of the firmware's texts (the games' own included) has a glyph of its
    own in the small font (no umlaut or ß drawn as '?')."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parent.parent.parent / "firmware" / "wyrm"
    used = set()
    for p in root.rglob("*.py"):
        used |= {c for c in p.read_text(encoding="utf-8") if ord(c) > 127}
    missing = [c for c in sorted(used) if font.UNI.find(c) < 0]
    assert missing == []


# -- MicroPython ------------------------------------------------------------------------
def test_german_screens_same_frames_under_micropython(tmp_path):
    """Under real MicroPython (WebAssembly) the German main menu, Dice, a roll, the Settings
    switched back to English: byte-identical frames to CPython."""

    def state(runtime):
        folder = tmp_path / runtime
        folder.mkdir()
        _german(folder)
        return str(folder)

    # from the Dice row the main menu's last row, Settings, is three down
    script = to_row("Dice") + ",ok,wait:900,back,back,down*3,ok," + LANGUAGE_ROW + ",ok,wait:100"
    frames = same_frames(script, seed=3, state=state)
    texts = [f.text() for f in frames]
    assert any("Drachenhort-Würfel" in s for s in texts)
    assert "Sprache" not in texts[-1] and "> Language: English" in texts[-1]


# -- no word of the other language -----------------------------------------------------
def _walk(board, first_lang):
    """Tour every screen of ``board`` from power-on in ``first_lang`` (the tour leaves the
    language row alone: latency.LEFT_ALONE). [(what, words, text)] of the frames that show
    the other language's words."""
    found = []
    seen = set()
    checked = [0, 0]

    def prepare(folder):
        Store(folder).save("settings", {"lang": first_lang})

    def frame(app, f):
        text = "\n".join([e[2] for e in f.log])
        if app._toast:
            text += "\n" + app._toast
        other = ENGLISH if lang.CUR else GERMAN
        checked[lang.CUR] += 1
        bad = words_of(text, other)
        if bad:
            key = (type(app.top()).__name__, tuple(bad))
            if key not in seen:
                seen.add(key)
                found.append(("%s in %s" % (type(app.top()).__name__,
                                            "German" if lang.CUR else "English"), bad, text))

    latency.tour(board, max_presses=2500, setup=prepare, on_frame=frame)
    return found, checked


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn"])
@pytest.mark.parametrize("first_lang", [1, 0])
def test_no_word_of_the_other_language_on_any_screen(board, first_lang):
    """Walking every screen, the five games' own included, from power-on in German (and in English),
    on four and three buttons: no frame in German shows an English-only word (Yes, No, Back,
    turn, roll, ...), no frame in English a German-only one (Ja, Nein, Zurück, Würfel, ...);
    the walk saw frames in the language it started in."""
    found, checked = _walk(board, first_lang)
    assert checked[first_lang] > 100
    assert found == []
