"""Saved state survives damaged files and power cuts (wyrm/store.py)."""

import json
import os
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wyrm import store as S
from wyrm import store_pack as P
from wyrm.store import Store


def pack(obj):
    """The file Store.save writes for obj: header line + canonical JSON."""
    return S.frame(P.encode(obj))


HEADER = re.compile(rb"^WYRM (\d+) ([0-9a-f]{8}) (\d+)\n")


def files(root):
    return sorted(os.listdir(root))


def read(root, fname):
    with open(os.path.join(str(root), fname), "rb") as f:
        return f.read()


def write(root, fname, data):
    with open(os.path.join(str(root), fname), "wb") as f:
        f.write(data)


def good_file(obj):
    """A valid file for obj, built with CPython's own json and zlib."""
    body = json.dumps(obj).encode()
    return b"WYRM 1 %08x %d\n" % (zlib.adler32(body), len(body)) + body


# -- format -----------------------------------------------------------------------


@given(st.binary(max_size=12000))
@settings(max_examples=200)
def test_adler32_matches_zlib(data):
    """The pure-Python checksum equals zlib's Adler-32 for any bytes, short or long."""
    assert S._checksum_hex(data) == "%08x" % zlib.adler32(data)


def test_adler32_large_run_of_ff():
    """The checksum stays right where the sums are largest (long runs of 0xFF)."""
    data = b"\xff" * 70000
    assert S._checksum_hex(data) == "%08x" % zlib.adler32(data)


def test_file_has_header_checksum_and_length(tmp_path):
    """A saved file is one header line (version, Adler-32, length) then the JSON text."""
    s = Store(str(tmp_path))
    s.save("scores", {"b": [1, 2], "a": "x"})
    data = read(tmp_path, "scores.json")
    m = HEADER.match(data)
    assert m, data
    body = data[m.end() :]
    assert m.group(1) == b"1"
    assert int(m.group(2), 16) == zlib.adler32(body)
    assert int(m.group(3)) == len(body)
    assert json.loads(body) == {"b": [1, 2], "a": "x"}


def test_json_text_is_canonical():
    """Dict order does not change the bytes: keys sorted, no spaces (same file on every runtime)."""
    a = {"z": 1, "a": {"y": [True, None], "b": "c"}}
    b = {"a": {"b": "c", "y": [True, None]}, "z": 1}
    assert P.encode(a) == P.encode(b) == b'{"a":{"b":"c","y":[true,null]},"z":1}'


def test_cpython_written_file_loads(tmp_path):
    """A file written with standard json/zlib (spaces, any key order) loads too."""
    write(tmp_path, "x.json", good_file({"k": [1, 2, 3], "s": "hi"}))
    assert Store(str(tmp_path)).load("x", None) == {"k": [1, 2, 3], "s": "hi"}


# -- round trip --------------------------------------------------------------------

ROUND_TRIP = [
    {},
    [],
    0,
    -7,
    2**40,
    "",
    "plain",
    'quote " backslash \\ slash /',
    "tab\tnew\nline\rcr \x01\x1f\x7f",
    "Drachenhort \u00e4\u00f6\u00fc\u00df \u20ac \U0001f409",
    0.5,
    -1.25,
    True,
    False,
    None,
    {"players": ["Ann", "Bo"], "scores": {"Ann": 26, "Bo": 19}, "round": 2, "done": False},
    [[1, [2, [3, []]]], {"deep": {"er": [None]}}],
    # lists json.dumps writes (store_pack._plain), next to ones it must not
    [["capture", 3], ["escape", 1, [2, 3, 4]], ["gems", 0, -2], ["next_escape"]],
    ["Ann", "\u00c5sa", 'a"b\\c/', "del\x7f", "\u20ac \U0001f409", "", 2**40, -1, True, None],
    ["tab\there", 1],
    ["back\bspace", "form\ffeed", 1],
    [0.5, 1],
    [{"a": 1}, 2],
]


@pytest.mark.parametrize("obj", ROUND_TRIP + [("tu", (1, 2), [False])],
                         ids=range(len(ROUND_TRIP) + 1))
def test_lists_written_by_json_dumps_are_the_long_ways_bytes(obj, monkeypatch):
    """The short way (json.dumps for plain lists) writes exactly what the encoder's own
    loop writes; the lists it must not take (a float, a dict, a backspace) take the loop."""
    fast = P.encode({"x": obj})
    monkeypatch.setattr(P, "_plain", lambda seq: False)
    assert fast == P.encode({"x": obj})


def test_a_games_events_take_the_short_way():
    events = [["capture", 3], ["escape", 1, [2, 3]], ["gems", 0, -2]]
    assert P._plain(events)
    assert not P._plain([["x", 0.5]]) and not P._plain([{"a": 1}]) and not P._plain(["a\bb"])


@pytest.mark.parametrize("obj", ROUND_TRIP, ids=range(len(ROUND_TRIP)))
def test_round_trip(tmp_path, obj):
    """What is saved loads back equal, with no problem reported."""
    s = Store(str(tmp_path))
    s.save("game", obj)
    t = Store(str(tmp_path))
    assert t.load("game", "DEFAULT") == obj
    assert t.take_problems() == []


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-(2**31), 2**31) | st.text(max_size=20),
        lambda kids: (
            st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4)
        ),
        max_leaves=20,
    )
)
@settings(max_examples=150, deadline=None)
def test_round_trip_any_json_value(tmp_path_factory, obj):
    """Any JSON-shaped value survives save/load, and its body parses with CPython's json."""
    root = str(tmp_path_factory.mktemp("s"))
    s = Store(root)
    s.save("v", obj)
    assert Store(root).load("v", "DEFAULT") == obj
    body = read(root, "v.json").split(b"\n", 1)[1]
    assert json.loads(body.decode()) == obj


def test_tuple_saves_as_list(tmp_path):
    """A tuple is saved as a JSON list (what JSON can hold)."""
    s = Store(str(tmp_path))
    s.save("t", (1, 2))
    assert s.load("t", None) == [1, 2]


def test_missing_gives_default_quietly(tmp_path):
    """Nothing saved yet: the default, and no message."""
    s = Store(str(tmp_path))
    default = {"contrast": 3}
    assert s.load("settings", default) is default
    assert s.take_problems() == []


def test_save_replaces_and_keeps_previous_as_backup(tmp_path):
    """A second save replaces the file; the previous good file is kept as .bak."""
    s = Store(str(tmp_path))
    s.save("g", {"v": 1})
    s.save("g", {"v": 2})
    assert s.load("g", None) == {"v": 2}
    assert Store(str(tmp_path)).load("g", None) == {"v": 2}
    assert files(tmp_path) == ["g.bak", "g.json"]
    assert S.unpack(read(tmp_path, "g.bak")) == (S._OK, {"v": 1})


def test_root_empty_means_current_folder(tmp_path, monkeypatch):
    """Store("") writes <name>.json in the device root (the current folder)."""
    monkeypatch.chdir(tmp_path)
    s = Store("")
    s.save("settings", [1])
    assert os.path.exists(os.path.join(str(tmp_path), "settings.json"))
    assert Store("").load("settings", None) == [1]


def test_root_with_trailing_slash(tmp_path):
    """A root given with or without a trailing slash names the same folder."""
    Store(str(tmp_path) + "/").save("a", 1)
    assert Store(str(tmp_path)).load("a", None) == 1


# -- programming errors raise ------------------------------------------------------


@pytest.mark.parametrize("name", ["", "a/b", "../x", "a.b", "x y", None, 3, "n" * 25])
def test_bad_names_raise(tmp_path, name):
    """A name that is not a short plain file name is a programming error."""
    s = Store(str(tmp_path))
    with pytest.raises(ValueError):
        s.save(name, 1)
    with pytest.raises(ValueError):
        s.load(name, 1)


def test_name_limits_accepted(tmp_path):
    """Letters, digits, _ and - up to 24 characters are accepted."""
    s = Store(str(tmp_path))
    name = "Ab_9-" + "x" * 19
    s.save(name, 5)
    assert s.load(name, None) == 5


@pytest.mark.parametrize(
    "obj", [{1: "int key"}, {"s": {2, 3}}, [object()], {"f": float("nan")}, b"bytes"]
)
def test_unsaveable_raises_and_keeps_files(tmp_path, obj):
    """Saving something JSON cannot hold raises and leaves the saved state untouched."""
    s = Store(str(tmp_path))
    s.save("g", {"ok": 1})
    before = read(tmp_path, "g.json")
    with pytest.raises((TypeError, ValueError)):
        s.save("g", obj)
    assert read(tmp_path, "g.json") == before
    assert files(tmp_path) == ["g.json"]


# -- damaged files -----------------------------------------------------------------


def _truncate(d):
    return d[:-5]


def _flip_body(d):
    i = len(d) - 3
    return d[:i] + bytes([d[i] ^ 0x01]) + d[i + 1 :]


def _flip_checksum(d):
    # one hex digit of the checksum changed
    i = 7
    return d[:i] + (b"0" if d[i : i + 1] != b"0" else b"1") + d[i + 1 :]


def _bad_header(d):
    return b"HELLO" + d[4:]


def _no_header(d):
    return d.split(b"\n", 1)[1]


def _wrong_length(d):
    head, body = d.split(b"\n", 1)
    parts = head.split(b" ")
    parts[3] = str(int(parts[3]) + 1).encode()
    return b" ".join(parts) + b"\n" + body


def _not_json(d):
    body = b"{not json at all"
    return b"WYRM 1 %08x %d\n" % (zlib.adler32(body), len(body)) + body


def _empty(d):
    return b""


def _garbage(d):
    return bytes(range(256)) * 3


def _zeros(d):
    return b"\x00" * len(d)


def _extra_bytes(d):
    return d + b"\n"


DAMAGE = [
    _truncate,
    _flip_body,
    _flip_checksum,
    _bad_header,
    _no_header,
    _wrong_length,
    _not_json,
    _empty,
    _garbage,
    _zeros,
    _extra_bytes,
]


def _newer_version(d):
    return b"WYRM 2" + d[6:]


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__)
def test_damaged_file_falls_back_to_previous_copy(tmp_path, damage):
    """A damaged file: the previous copy is used, the user is told, the bad file kept as .bad."""
    s = Store(str(tmp_path))
    s.save("settings", {"contrast": 2})
    s.save("settings", {"contrast": 5})
    bad = damage(read(tmp_path, "settings.json"))
    write(tmp_path, "settings.json", bad)
    t = Store(str(tmp_path))
    assert t.load("settings", {"contrast": 3}) == {"contrast": 2}
    assert t.take_problems() == [
        "The saved settings was damaged. "
        "The last change was lost: check them in Settings."
    ]
    assert read(tmp_path, "settings.bad") == bad
    # The previous copy is the file again: the next boot is quiet and the same.
    u = Store(str(tmp_path))
    assert u.load("settings", None) == {"contrast": 2}
    assert u.take_problems() == []


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__)
def test_damaged_file_without_backup_gives_defaults(tmp_path, damage):
    """A damaged file and no previous copy: defaults, a message, the bad file kept."""
    s = Store(str(tmp_path))
    s.save("drakonia", [1, 2, 3])
    bad = damage(read(tmp_path, "drakonia.json"))
    write(tmp_path, "drakonia.json", bad)
    t = Store(str(tmp_path))
    assert t.load("drakonia", []) == []
    assert t.problems == ["The saved Drakonia game was damaged. A new game starts."]
    assert files(tmp_path) == ["drakonia.bad"]
    assert read(tmp_path, "drakonia.bad") == bad


def test_file_from_other_version(tmp_path):
    """A file from another format version is not read as this one; the message says why."""
    s = Store(str(tmp_path))
    s.save("settings", {"a": 1})
    bad = _newer_version(read(tmp_path, "settings.json"))
    write(tmp_path, "settings.json", bad)
    t = Store(str(tmp_path))
    assert t.load("settings", "D") == "D"
    assert t.take_problems() == [
        "The saved settings came from another Wyrm version. The usual settings are used."
    ]
    assert read(tmp_path, "settings.bad") == bad


def test_older_bad_copy_is_replaced(tmp_path):
    """Setting aside a damaged file replaces an older .bad instead of failing."""
    write(tmp_path, "g.bad", b"old bad")
    write(tmp_path, "g.json", b"new bad")
    s = Store(str(tmp_path))
    assert s.load("g", 0) == 0
    assert read(tmp_path, "g.bad") == b"new bad"


def test_damaged_file_and_damaged_backup(tmp_path):
    """Both copies damaged: defaults, one message, both bad files kept."""
    write(tmp_path, "drachenfels.json", b"junk1")
    write(tmp_path, "drachenfels.bak", b"junk2")
    s = Store(str(tmp_path))
    assert s.load("drachenfels", "D") == "D"
    assert s.take_problems() == ["The saved Drachenfels game was damaged. A new game starts."]
    assert read(tmp_path, "drachenfels.bad") == b"junk1"
    assert read(tmp_path, "drachenfels.bak.bad") == b"junk2"


def test_unreadable_path_is_left_as_it_is_not_a_crash(tmp_path):
    """A .json that cannot be opened as a file (a folder) gives defaults, never an
    exception; it is a read error, not damage: nothing is renamed."""
    os.mkdir(os.path.join(str(tmp_path), "drakonia.json"))
    s = Store(str(tmp_path))
    assert s.load("drakonia", "D") == "D"
    assert s.take_problems() == [
        "The saved Drakonia game could not be read: the storage failed. It is kept as it"
        " was; switch Wyrm off and on to try again."
    ]
    assert files(tmp_path) == ["drakonia.json"]


def test_take_problems_clears(tmp_path):
    """take_problems returns the messages in order and empties the list."""
    write(tmp_path, "drakonia.json", b"x")
    write(tmp_path, "drakskatten.json", b"y")
    s = Store(str(tmp_path))
    s.load("drakonia", 0)
    s.load("drakskatten", 0)
    assert s.take_problems() == [
        "The saved Drakonia game was damaged. A new game starts.",
        "The saved Drakskatten game was damaged. A new game starts.",
    ]
    assert s.take_problems() == []
    assert s.problems == []


def test_save_over_damaged_file_keeps_good_backup(tmp_path):
    """Saving over a damaged, never-loaded file does not push out the good backup."""
    s = Store(str(tmp_path))
    s.save("g", "first")
    s.save("g", "second")
    write(tmp_path, "g.json", b"damaged")
    s.save("g", "third")
    assert S.unpack(read(tmp_path, "g.bak")) == (S._OK, "first")
    assert read(tmp_path, "g.bad") == b"damaged"
    assert Store(str(tmp_path)).load("g", None) == "third"


def test_exists_and_remove(tmp_path):
    """exists() is true once saved (file or backup); remove() forgets the file, its
    backup and a leftover tmp, but never a set-aside damaged copy."""
    s = Store(str(tmp_path))
    assert not s.exists("g")
    s.save("g", 1)
    s.save("g", 2)
    assert s.exists("g")
    write(tmp_path, "g.bad", b"x")
    write(tmp_path, "g.bak.bad", b"y")
    write(tmp_path, "g.tmp", b"x")
    s.remove("g")
    assert not s.exists("g")
    assert files(tmp_path) == ["g.bad", "g.bak.bad"]
    assert s.load("g", "D") == "D"
    s.remove("g")  # nothing left: no error


def test_exists_with_only_backup(tmp_path):
    """A save cut off between its renames still counts as saved."""
    Store(str(tmp_path)).save("g", 1)
    os.rename(os.path.join(str(tmp_path), "g.json"), os.path.join(str(tmp_path), "g.bak"))
    assert Store(str(tmp_path)).exists("g")


# -- power cuts --------------------------------------------------------------------


class PowerCut(Exception):
    pass


def cut_at_rename(monkeypatch, n):
    """The power fails instead of the n-th rename (1-based) from now on."""
    real = os.rename
    calls = [0]

    def rename(a, b):
        calls[0] += 1
        if calls[0] == n:
            raise PowerCut()
        real(a, b)

    monkeypatch.setattr(S.os, "rename", rename)


def test_power_cut_while_writing_tmp(tmp_path, monkeypatch):
    """Power lost half-way through writing: the last saved state loads, no alarm."""
    s = Store(str(tmp_path))
    s.save("g", {"v": 1})
    real_open = open

    class HalfFile:
        def __init__(self, f):
            self.f = f

        def write(self, data):
            self.f.write(data[: len(data) // 2])
            self.f.flush()
            raise PowerCut()

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.f.close()

    def fake_open(path, mode="r", *a, **k):
        f = real_open(path, mode, *a, **k)
        return HalfFile(f) if "w" in mode else f

    monkeypatch.setattr(S, "open", fake_open, raising=False)
    with pytest.raises(PowerCut):
        s.save("g", {"v": 2, "pad": "x" * 100})
    monkeypatch.undo()
    assert os.path.exists(os.path.join(str(tmp_path), "g.tmp"))
    t = Store(str(tmp_path))
    assert t.load("g", None) == {"v": 1}
    assert t.take_problems() == []
    t.save("g", {"v": 3})  # the leftover tmp does not get in the way
    assert Store(str(tmp_path)).load("g", None) == {"v": 3}


def test_power_cut_before_first_rename(tmp_path, monkeypatch):
    """Power lost with the new file written but not yet renamed: the last saved state loads."""
    s = Store(str(tmp_path))
    s.save("g", {"v": 1})
    cut_at_rename(monkeypatch, 1)
    with pytest.raises(PowerCut):
        s.save("g", {"v": 2})
    monkeypatch.undo()
    t = Store(str(tmp_path))
    assert t.load("g", None) == {"v": 1}
    assert t.take_problems() == []


def test_power_cut_between_renames(tmp_path, monkeypatch):
    """Power lost after the old file became .bak: the previous copy loads, with a calm note."""
    s = Store(str(tmp_path))
    s.save("drakskatten", {"v": 1})
    cut_at_rename(monkeypatch, 2)
    with pytest.raises(PowerCut):
        s.save("drakskatten", {"v": 2})
    monkeypatch.undo()
    assert "drakskatten.json" not in files(tmp_path)
    t = Store(str(tmp_path))
    assert t.load("drakskatten", None) == {"v": 1}
    assert t.take_problems() == [
        "Saving the Drakskatten game was cut off. "
        "The last change was lost: check the board."
    ]
    assert "damaged" not in " ".join(t.problems)
    u = Store(str(tmp_path))
    assert u.load("drakskatten", None) == {"v": 1}
    assert u.take_problems() == []


def test_power_cut_in_first_ever_save(tmp_path, monkeypatch):
    """Power lost during the very first save: defaults, quietly (nothing was saved yet)."""
    s = Store(str(tmp_path))
    cut_at_rename(monkeypatch, 1)
    with pytest.raises(PowerCut):
        s.save("g", {"v": 1})
    monkeypatch.undo()
    t = Store(str(tmp_path))
    assert t.load("g", "D") == "D"
    assert t.take_problems() == []


def test_every_cut_point_keeps_a_good_state(tmp_path_factory, monkeypatch):
    """Whatever step of a save the power fails at, the old or the new state loads."""
    for n in (1, 2, 3):
        root = str(tmp_path_factory.mktemp("cut%d" % n))
        s = Store(root)
        s.save("g", "old")
        cut_at_rename(monkeypatch, n)
        try:
            s.save("g", "new")
        except PowerCut:
            pass
        monkeypatch.undo()
        assert Store(root).load("g", None) in ("old", "new")


def test_save_syncs_before_renaming(tmp_path, monkeypatch):
    """The new file reaches flash (os.sync) before the old one is moved, and the renames after."""
    log = []
    real = os.rename
    monkeypatch.setattr(S.os, "sync", lambda: log.append("sync"), raising=False)
    monkeypatch.setattr(S.os, "rename", lambda a, b: (log.append("rename"), real(a, b)))
    s = Store(str(tmp_path))
    s.save("g", 1)
    s.save("g", 2)
    assert log == [
        "sync",
        "rename",
        "sync",  # first save: tmp -> json
        "sync",
        "rename",
        "rename",
        "sync",
    ]  # json -> bak, tmp -> json


def test_save_works_without_os_sync(tmp_path, monkeypatch):
    """Ports without os.sync still save."""
    monkeypatch.delattr(S.os, "sync", raising=False)
    s = Store(str(tmp_path))
    s.save("g", 7)
    assert Store(str(tmp_path)).load("g", None) == 7


# -- the same under real MicroPython ------------------------------------------------

_MP_SAVE = r"""
import json, os
from wyrm.store import Store
try:
    os.mkdir(%(root)r)
except OSError:
    pass
s = Store(%(root)r)
same = []
for i, text in enumerate(%(texts)r):
    obj = json.loads(text)
    s.save("o%%d" %% i, obj)
    same.append(Store(%(root)r).load("o%%d" %% i, "D") == obj)
print(same)
"""


def test_micropython_writes_identical_bytes(mp):
    """MicroPython saves byte-identical files to CPython's (unordered dicts, UTF-8)."""
    texts = [json.dumps(o, ensure_ascii=False) for o in ROUND_TRIP]
    root = "/flash/st_same"
    out = mp.exec(_MP_SAVE % {"root": root, "texts": texts})
    assert out.strip() == str([True] * len(texts))
    for i, obj in enumerate(ROUND_TRIP):
        assert mp.read_file("%s/o%d.json" % (root, i)) == pack(json.loads(texts[i])), obj


def test_micropython_reads_cpython_files(mp, tmp_path):
    """A file saved under CPython loads under MicroPython to the same value."""
    obj = {"names": ["Ann", "\u00c5sa"], "score": [26, 19], "ok": True}
    s = Store(str(tmp_path))
    s.save("x", obj)
    mp.write_file("/flash/st_cpy/x.json", read(tmp_path, "x.json"))
    out = mp.exec(
        "from wyrm.store import Store\n"
        "from wyrm.store_pack import encode\n"
        "print(encode(Store('/flash/st_cpy').load('x', None)).decode())"
    )
    assert out.strip() == P.encode(obj).decode()


_MP_DAMAGE = r"""
import os
from wyrm.store import Store
for d in %(dirs)r:
    s = Store(d)
    print(repr(s.load("g", "D")), s.take_problems(), sorted(os.listdir(d)))
"""


def test_micropython_handles_damage_like_cpython(mp, tmp_path_factory):
    """Under MicroPython every damaged file gives the same value, message and set-aside files."""
    good = pack({"v": 1})
    dirs = []
    expected = []
    for i, damage in enumerate(DAMAGE + [_newer_version]):
        bad = damage(pack({"v": 2}))
        d = "/flash/st_dmg%d" % i
        mp.write_file(d + "/g.json", bad)
        with_bak = i % 2 == 0
        if with_bak:
            mp.write_file(d + "/g.bak", good)
        dirs.append(d)
        local = str(tmp_path_factory.mktemp("dmg%d" % i))
        write(local, "g.json", bad)
        if with_bak:
            write(local, "g.bak", good)
        ls = Store(local)
        value = ls.load("g", "D")
        expected.append("%r %r %r" % (value, ls.take_problems(), files(local)))
    out = mp.exec(_MP_DAMAGE % {"dirs": dirs}).strip().splitlines()
    assert out == expected


def test_micropython_power_cut_between_renames(mp):
    """MicroPython too: a save cut between its renames leaves the previous state, calmly told."""
    code = r"""
import os
import wyrm.store as S
try:
    os.mkdir("/flash/st_cut")
except OSError:
    pass
S.Store("/flash/st_cut").save("drakskatten", "old")

class Cut(Exception):
    pass

class CutOs:
    calls = 0
    def stat(self, p):
        return os.stat(p)
    def remove(self, p):
        os.remove(p)
    def rename(self, a, b):
        CutOs.calls += 1
        if CutOs.calls == 2:
            raise Cut()
        os.rename(a, b)

S.os = CutOs()
try:
    S.Store("/flash/st_cut").save("drakskatten", "new")
except Cut:
    pass
S.os = os
s = S.Store("/flash/st_cut")
print(s.load("drakskatten", None), s.take_problems())
"""
    out = mp.exec(code).strip()
    assert out == (
        "old ['Saving the Drakskatten game was cut off. "
        "The last change was lost: check the board.']"
    )


def test_micropython_checksum_matches_zlib(mp):
    """The checksum computed by MicroPython equals zlib's, also for long runs of 0xFF."""
    out = mp.exec(
        "from wyrm.store import _checksum_hex as h\n"
        "print(int(h(b'\\xff' * 70000), 16), int(h(bytes(range(256)) * 40), 16), int(h(b''), 16))"
    )
    want = [zlib.adler32(b"\xff" * 70000), zlib.adler32(bytes(range(256)) * 40), 1]
    assert [int(x) for x in out.split()] == want


# -- files the player puts on the device (dice.json, deck.json, party_cards.json) -------------


def test_read_user_file_gives_the_decoded_json(tmp_path):
    """A user's JSON file is read and decoded; a missing one is neither a value nor a problem."""
    user = Store(str(tmp_path))
    assert user.read_user("deck.json", 100) == (None, None)
    (tmp_path / "deck.json").write_text('{"cards": ["Ace", "King"]}')
    assert user.read_user("deck.json", 100) == ({"cards": ["Ace", "King"]}, None)
    assert user.take_problems() == []  # user files never go into the saves' messages


def test_read_user_file_size_cap_on_both_sides(tmp_path):
    """Exactly the cap is read; one byte more is refused with the file and the cap named."""
    user = Store(str(tmp_path))
    text = '{"a": "' + "x" * 11 + '"}'  # 20 bytes
    (tmp_path / "dice.json").write_text(text)
    assert user.read_user("dice.json", 20) == ({"a": "x" * 11}, None)
    assert user.read_user("dice.json", 19) == (None, "dice.json is longer than 19 bytes")


@pytest.mark.parametrize(
    "data,problem",
    [
        (b"\xff\xfe", "party_cards.json is not plain text (UTF-8)"),
        (b"{not json", "party_cards.json is not valid JSON"),
        (b"[" * 40 + b"]" * 40, "party_cards.json is not valid JSON"),  # deeper than any file
    ],
)
def test_read_user_file_problems_in_words(tmp_path, data, problem):
    """A file that is not text, not JSON or absurdly nested is named in one plain sentence."""
    (tmp_path / "party_cards.json").write_bytes(data)
    assert Store(str(tmp_path)).read_user("party_cards.json", 2048) == (None, problem)


# -- saving stopped (the battery, wyrm.power): the flash does not change at all --------------
def on_flash(root):
    return {f: read(root, f) for f in files(root)}


def resume(s):
    """Saving starts again, as wyrm.power starts it."""
    from wyrm.store_mend import resume as go_on

    go_on(s)


def logged(tmp_path, monkeypatch):
    """A store on the fault-injecting file system with its log of flash changes on."""
    from faultfs import FaultFS

    fs = FaultFS()
    fs.install(monkeypatch)
    fs.log = []
    return fs, Store(str(tmp_path))


def names_cleared_while_stopped(tmp_path, monkeypatch):
    """A table saved twice (a file and its backup), then, on a logged store whose saving is
    stopped, the names cleared: (the log's file system, the store, the flash before)."""
    s = Store(str(tmp_path))
    s.save("table", ["Ann"])
    s.save("table", ["Ann", "Bo"])
    before = on_flash(tmp_path)
    fs, s = logged(tmp_path, monkeypatch)
    s.halted = True
    s.remove("table")
    return fs, s, before


def test_a_remove_while_saving_is_stopped_waits_until_it_starts_again(tmp_path, monkeypatch):
    """Leaving a game or clearing the names while the battery is empty: the name reads as
    gone at once, but no file is touched (not a remove, a rename or a write); once saving
    starts again the file and its backup are removed."""
    fs, s, before = names_cleared_while_stopped(tmp_path, monkeypatch)
    assert fs.log == [] and on_flash(tmp_path) == before
    assert s.load("table", "none") == "none" and s.exists("table") is False
    resume(s)
    assert not s.halted and files(tmp_path) == []
    assert s.load("table", "none") == "none" and s.exists("table") is False


def test_a_save_after_a_held_back_remove_starts_the_name_afresh(tmp_path, monkeypatch):
    """Names cleared, then new ones typed, all while saving is stopped: nothing changes on
    the flash; once it starts again the new names are saved and the old ones are gone,
    not kept as the backup (a damaged file later cannot bring them back)."""
    fs, s, before = names_cleared_while_stopped(tmp_path, monkeypatch)
    assert s.save("table", ["Cy"]) is False
    assert fs.log == [] and on_flash(tmp_path) == before
    assert s.load("table", None) == ["Cy"] and s.exists("table")
    resume(s)
    assert files(tmp_path) == ["table.json"]
    assert Store(str(tmp_path)).load("table", None) == ["Cy"]


def test_a_remove_with_saving_on_is_done_at_once(tmp_path, monkeypatch):
    """The other side: with saving on, a remove deletes the backup, then the file."""
    Store(str(tmp_path)).save("open", 1)
    Store(str(tmp_path)).save("open", 2)
    fs, s = logged(tmp_path, monkeypatch)
    s.remove("open")
    assert [w for w, _ in fs.log] == ["remove", "remove"] and files(tmp_path) == []
    assert fs.log[0][1].endswith("open.bak")


def test_a_damaged_save_while_saving_is_stopped_is_read_but_not_mended(tmp_path, monkeypatch):
    """A game opened while the battery is empty whose file is damaged: the backup is used
    and the panel says so, but nothing is set aside or renamed until saving starts again;
    then a load mends it as usual (the damaged copy kept as .bad)."""
    s = Store(str(tmp_path))
    s.save("drakonia", {"v": 1, "n": 1})
    s.save("drakonia", {"v": 1, "n": 2})
    write(tmp_path, "drakonia.json", b"garbage")
    before = on_flash(tmp_path)
    fs, s = logged(tmp_path, monkeypatch)
    s.halted = True
    assert s.load("drakonia", None) == {"v": 1, "n": 1}
    assert s.take_problems() == [
        "The saved Drakonia game was damaged. The last change was lost: check the board."]
    assert fs.log == [] and on_flash(tmp_path) == before
    resume(s)
    assert s.load("drakonia", None) == {"v": 1, "n": 1}
    assert files(tmp_path) == ["drakonia.bad", "drakonia.json"]


def test_a_cut_save_while_saving_is_stopped_renames_nothing(tmp_path, monkeypatch):
    """A save cut between its renames (only the backup left), read while the battery is
    empty: the backup is used, and it stays where it is."""
    Store(str(tmp_path)).save("drakonia", {"v": 1, "n": 1})
    os.rename(str(tmp_path / "drakonia.json"), str(tmp_path / "drakonia.bak"))
    fs, s = logged(tmp_path, monkeypatch)
    s.halted = True
    assert s.load("drakonia", None) == {"v": 1, "n": 1}
    assert fs.log == [] and files(tmp_path) == ["drakonia.bak"]
