"""No dead code ships: host_tools.checks.deadcode over firmware/ (make lint runs it too)."""
import textwrap

from host_tools import paths
from host_tools.checks import deadcode


def test_the_firmware_defines_nothing_it_never_uses():
    """Every function, method, class, module constant and attribute in firmware/ is read by
    the firmware itself (a use in a test does not count), or is in the check's allow-list
    with a reason; no allow-list entry is stale."""
    assert deadcode.problems(paths.FIRMWARE) == []


def test_every_allowance_gives_its_reason():
    """Each name the firmware keeps for a reader outside it says why, in words."""
    for name, why in deadcode.ALLOWED.items():
        assert len(why.split()) >= 5, name


def _tree(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))
    return str(tmp_path)


TREE = {
    "main.py": """
        from wyrm.used import run, Shown
        run(Shown())
    """,
    "wyrm/used.py": '''
        LIMIT = 3
        SPARE = 4


        class Shown:
            kind = "x"
            unread = 1

            def __init__(self):
                self.seen = 0
                self.orphan = 0

            def draw(self):
                return self.seen + getattr(self, "kind")

            def never(self):
                return 0


        class Lonely:
            pass


        def helper():
            return LIMIT


        def unused_helper():
            return 1


        def run(s):
            __import__("wyrm.by_name")
            s.draw()
            return helper()
    ''',
    "wyrm/by_name.py": """
        def enter():
            return 1
    """,
    "wyrm/orphan_module.py": """
        X = 1
    """,
}


def test_the_check_names_each_kind_of_dead_code(tmp_path):
    """An unused module constant, class attribute, attribute, method, class, function and a
    module nobody imports are each reported, with their file and line."""
    root = _tree(tmp_path, TREE)
    found = {(kind, qual) for _p, _l, kind, qual in deadcode.unused(root, allowed={})}
    assert found == {
        ("constant", "wyrm.used.SPARE"),
        ("class attribute", "wyrm.used.Shown.unread"),
        ("attribute", "wyrm.used.Shown.orphan"),
        ("method", "wyrm.used.Shown.never"),
        ("class", "wyrm.used.Lonely"),
        ("function", "wyrm.used.unused_helper"),
        ("function", "wyrm.by_name.enter"),
        ("module", "wyrm.orphan_module"),
        ("constant", "wyrm.orphan_module.X"),
    }
    lines = {qual: line for _p, line, _k, qual in deadcode.unused(root, allowed={})}
    assert lines["wyrm.used.Shown.never"] == 17


def test_a_use_in_the_firmware_keeps_a_name(tmp_path):
    """What the firmware reads is kept: an import by name, an attribute read, a getattr
    string, a module imported by a dotted string, the constructor and the entry point."""
    root = _tree(tmp_path, TREE)
    found = {qual for _p, _l, _k, qual in deadcode.unused(root, allowed={})}
    for kept in ("wyrm.used.LIMIT", "wyrm.used.Shown", "wyrm.used.Shown.kind",
                 "wyrm.used.Shown.seen", "wyrm.used.Shown.draw", "wyrm.used.helper",
                 "wyrm.used.run", "wyrm.by_name", "wyrm.used", "main"):
        assert kept not in found


def test_a_use_only_in_the_tests_does_not_count(tmp_path):
    """A name only tests/ read is dead: the check reads the firmware's folder alone."""
    root = _tree(tmp_path / "firmware", TREE)
    _tree(tmp_path / "tests", {"test_x.py": "from wyrm.used import unused_helper\n"
                                            "unused_helper()\n"})
    found = {qual for _p, _l, _k, qual in deadcode.unused(root, allowed={})}
    assert "wyrm.used.unused_helper" in found


def test_the_allow_list_keeps_a_name_and_cannot_go_stale(tmp_path):
    """An allowed name is not reported; an allowance for a name the code reads, or for a name
    that is not defined, is reported itself."""
    root = _tree(tmp_path, TREE)
    allowed = {"wyrm.used.SPARE": "kept for a reason given here"}
    found = {qual for _p, _l, _k, qual in deadcode.unused(root, allowed=allowed)}
    assert "wyrm.used.SPARE" not in found and "wyrm.used.Lonely" in found
    stale = deadcode.stale_allowances(root, {"wyrm.used.SPARE": "r", "wyrm.used.LIMIT": "r",
                                             "wyrm.used.gone": "r"})
    assert stale == ["wyrm.used.LIMIT: in the allow-list but the firmware uses it",
                     "wyrm.used.gone: in the allow-list but not defined"]


def test_the_command_exits_1_on_dead_code_and_0_on_a_clean_tree(tmp_path, capsys,
                                                                monkeypatch):
    """python -m host_tools.checks.deadcode DIR prints each problem and fails on any."""
    monkeypatch.setattr(deadcode, "ALLOWED", {})  # (the firmware's allowances name its code)
    dirty = _tree(tmp_path / "dirty", TREE)
    clean = _tree(tmp_path / "clean", {"main.py": "def f():\n    return 1\n\n\nf()\n"})
    assert deadcode.main([dirty]) == 1
    assert "unused method wyrm.used.Shown.never" in capsys.readouterr().out
    assert deadcode.main([clean]) == 0
