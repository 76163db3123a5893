"""The save-problem messages (wyrm.store_words) in both languages, and what they cost.

Every text is a ``t(en, de)`` pair where it is used, like every other text of the firmware:
frozen into the firmware, both strings stay in flash, so the language not in use costs no
RAM; a module-level table (a dict of words a language) would be built in RAM when the
module is imported, both languages at once.
"""
import pytest

from wyrm import lang, registry, store_words


@pytest.fixture
def speak():
    """lang.use(n) for the test; English again afterwards."""
    yield lang.use
    lang.use(0)


def _texts(value, seen=None):
    """The strings a module-level value holds (in a dict, list, tuple or set, nested)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.keys()) + list(value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return [s for v in value for s in _texts(v)]
    return []


def test_no_table_of_words_is_kept_in_ram():
    """Importing the save words keeps no table of texts: the module's names hold functions
    and numbers only (no dict, list or tuple of strings), so a save problem said in
    English holds no German in RAM, nor the reverse."""
    tables = {name: v for name, v in vars(store_words).items()
              if not name.startswith("__") and not callable(v) and _texts(v)}
    assert tables == {}, sorted(tables)


@pytest.mark.parametrize("n, want", [
    (0, "The saved party cards was damaged. The last change was lost: a player may be asked"
        " to look again."),
    (1, "Gruppenkarten: der gespeicherte Stand war beschädigt. Die letzte Änderung ist"
        " verloren: vielleicht muss ein Spieler nochmal schauen."),
])
def test_a_damaged_save_reads_as_before(speak, n, want):
    """A damaged save of the party cards whose last good copy was used: the sentence the
    players read, in English and in German."""
    speak(n)
    assert store_words.words("party", 1, True) == want


@pytest.mark.parametrize("n, want", [
    (0, ("The saved hidden deck came from another Wyrm version. A new deck is needed.",
         "Saving the list of players was cut off. Enter the names again.",
         "The saved data was damaged.",
         "Storage fails: changes are not being saved.",
         "Some saved settings could not be used (Language, Flip 180): the usual values are"
         " back.",
         "the list of players, the dice statistics and the hidden deck")),
    (1, ("Verdeckte Karten: der gespeicherte Stand ist von einer anderen Wyrm-Version. Ein"
         " neuer Stapel ist nötig.",
         "Spielerliste: das Speichern wurde unterbrochen. Die Namen neu eingeben.",
         "Daten: der gespeicherte Stand war beschädigt.",
         "Speicher gestört: Änderungen werden nicht gespeichert.",
         "Einige gespeicherte Einstellungen waren unbrauchbar (Sprache, Drehen 180): die"
         " üblichen Werte gelten wieder.",
         "Spielerliste, Würfelstatistik und Verdeckte Karten")),
])
def test_the_other_messages_read_as_before(speak, n, want):
    """Another version's save, a cut-off save, a file Wyrm does not know, the storage
    note, the settings sentence (each setting as Settings names it) and the battery's list
    of what is only in memory: the same words as ever, in English and in German."""
    speak(n)
    got = (store_words.words("hdeck", 2, False), store_words.words("table", 0, False),
           store_words.words("mygame2", 1, False), store_words.storage(1),
           store_words.settings_words(["lang", "flip"]),
           store_words.unsaved(["table", "dice_stats", "hdeck"]))
    assert got == want


def test_a_game_save_is_named_by_its_game(speak):
    """A game's own save is named as the players know the game ("the saved Drakonia
    game"; German "Spiel Drakonia"), with "check the board" when its last change was
    lost."""
    row = [r for r in registry.GAMES if r[3]][0]
    assert store_words.words(row[3], 1, True) == (
        "The saved %s game was damaged. The last change was lost: check the board." % row[4])
    speak(1)
    assert store_words.words(row[3], 1, True) == (
        "Spiel %s: der gespeicherte Stand war beschädigt. Die letzte Änderung ist verloren:"
        " den Spielplan prüfen." % row[4])
