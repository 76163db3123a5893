"""wyrm.plain: the helpers every module may use, the games' rules included."""

from wyrm import plain


def test_whole_takes_ints_in_range_and_refuses_a_bool():
    """A number read from a save counts only as an int from lo to hi: both ends are in,
    one past either end is out, and True, 1.0 and "1" are no numbers."""
    assert plain.whole(0, 0, 3) and plain.whole(3, 0, 3)
    assert not plain.whole(-1, 0, 3) and not plain.whole(4, 0, 3)
    assert not plain.whole(True, 0, 3) and not plain.whole(False, 0, 3)
    assert not plain.whole(1.0, 0, 3) and not plain.whole("1", 0, 3)
    assert not plain.whole(None, 0, 3)


def test_seat_and_plural_are_the_words_on_screen():
    """A seat without a name is "P1" for seat index 0; a count reads "1 gem", "0 gems",
    "2 gems"."""
    assert [plain.seat(i) for i in (0, 2, 6)] == ["P1", "P3", "P7"]
    assert [plain.plural(n, "gem") for n in (0, 1, 2)] == ["0 gems", "1 gem", "2 gems"]


def test_field_reads_and_writes_the_state():
    """A field is the state's key: what is set on the object is in its state (the save)."""

    class Rec:
        name = plain.field("name")

        def __init__(self):
            self.state = {"name": "Ann"}

    r = Rec()
    assert r.name == "Ann"
    r.name = "Ben"
    assert r.state == {"name": "Ben"}

