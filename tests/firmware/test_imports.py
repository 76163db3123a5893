"""The layers of the code: no import circles and no borrowed private names.

Every module of firmware/ (named as on the device: ``wyrm.app``, ``main``) and of
host_tools/ (``host_tools.sim.core``) is read as text. A module depends on another
when it imports it, at the top or inside a function, or loads it by a literal name
(``__import__``, ``importlib``): code loaded later is still code the module needs.
The tests fail when modules depend on each other in a loop, or when one uses a name
another keeps private (``from wyrm.store import _checksum_hex``; in firmware/ also
``store._checksum_hex``).
"""

import ast
import os
import sys

import pytest

from host_tools.sim import menu

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

# Trees and the folder a module's name is counted from.
TREES = (("firmware", "firmware"), ("host_tools", "."))

# Calls whose first argument, a literal module name, loads that module.
LOADERS = ("__import__", "import_module")

class Graph:
    """Modules -> the in-tree modules they depend on, and the private names they borrow."""

    def __init__(self):
        self.files = {}  # module name -> path
        self.edges = {}  # module name -> set of module names
        self.private = []  # (importer, owner, name): ``from owner import _name``
        self.private_uses = []  # (user, owner, name): ``owner._name`` on an imported module


def _modules():
    mods = {}
    for tree, base in TREES:
        top = os.path.join(ROOT, tree)
        start = os.path.join(ROOT, base)
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "node_modules"))
            for f in sorted(files):
                if f.endswith(".py"):
                    path = os.path.join(folder, f)
                    name = os.path.relpath(path, start)[:-3].replace(os.sep, ".")
                    if name.endswith(".__init__"):
                        name = name[: -len(".__init__")]
                    mods[name] = path
    return mods


def _absolute(name, module, level, is_package):
    """The absolute module an ``ImportFrom`` in ``name`` refers to."""
    if not level:
        return module
    parts = name.split(".")
    keep = len(parts) - level + (1 if is_package else 0)
    base = ".".join(parts[:keep])
    return base + "." + module if module else base


def graph():
    g = Graph()
    g.files = _modules()
    mods = g.files
    for name, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        deps = set()
        alias = {}  # local name -> in-tree module it stands for
        is_package = path.endswith("__init__.py")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                owner = _absolute(name, node.module, node.level, is_package)
                for a in node.names:
                    full = owner + "." + a.name
                    if full in mods:  # from package import module
                        deps.add(full)
                        alias[a.asname or a.name] = full
                    elif owner in mods:
                        deps.add(owner)
                        if a.name.startswith("_") and not a.name.startswith("__"):
                            g.private.append((name, owner, a.name))
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in mods:
                        deps.add(a.name)
                        if a.asname:
                            alias[a.asname] = a.name
            elif isinstance(node, ast.Call) and node.args:
                fn = node.func
                called = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                arg = node.args[0]
                if (
                    called in LOADERS
                    and isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and arg.value in mods
                ):
                    deps.add(arg.value)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in alias
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and alias[node.value.id] != name
            ):
                g.private_uses.append((name, alias[node.value.id], node.attr))
        deps.discard(name)
        g.edges[name] = deps
    g.private = sorted(set(g.private))
    g.private_uses = sorted(set(g.private_uses))
    return g


def cycles(edges):
    """The import circles: every group of two or more modules that reach each other
    (strongly connected components), each as a sorted tuple, sorted."""
    index = {}
    low = {}
    stack = []
    on = set()
    out = []
    counter = [0]

    def visit(v):
        # iterative Tarjan: a deep chain of imports must not hit the recursion limit
        work = [(v, iter(sorted(edges.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in edges:
                    continue
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        out.append(tuple(sorted(comp)))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(out)


@pytest.fixture(scope="module")
def g():
    return graph()


def test_the_finder_sees_both_trees_and_their_imports(g):
    """The graph holds the device's and the host's modules with the edges they import
    (a check that the tests below look at real code, not an empty list)."""
    assert "wyrm.app" in g.files and "main" in g.files and "host_tools.sim.core" in g.files
    assert "wyrm.buttons" in g.edges["wyrm.app"]  # from wyrm import buttons, font
    assert "wyrm.store_pack" in g.edges["wyrm.store"]  # imported inside Store.save
    assert "wyrm.quick" in g.edges["wyrm.home"]  # imported inside _quick
    assert "wyrm.settings_ui" in g.edges["wyrm.home"]  # imported inside _settings
    assert "host_tools.sim.core" in g.edges["host_tools.sim.__main__"]  # (import core)


def test_cycles_finds_a_loop_and_a_pair_and_passes_a_tree():
    """The circle finder reports a three-module loop and a pair, not a tree of imports."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d", "a"}, "f": {"a", "d"}}
    assert cycles(edges) == [("a", "b", "c"), ("d", "e")]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_private_names_are_found_in_both_spellings(tmp_path, monkeypatch):
    """``from m import _x`` and ``m._x`` both count as borrowing m's private name;
    a module's own ``_x`` and dunder names do not."""
    fw = tmp_path / "firmware" / "wyrm"
    fw.mkdir(parents=True)
    (tmp_path / "host_tools").mkdir()
    (fw / "a.py").write_text("_x = 1\n__all__ = []\n")
    (fw / "b.py").write_text("from wyrm.a import _x\n")
    (fw / "c.py").write_text("from wyrm import a\nprint(a._x, a.__name__)\n")
    (fw / "d.py").write_text("_y = 2\nprint(_y)\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", str(tmp_path))
    got = graph()
    assert got.private == [("wyrm.b", "wyrm.a", "_x")]
    assert got.private_uses == [("wyrm.c", "wyrm.a", "_x")]
    assert got.edges["wyrm.b"] == {"wyrm.a"} and got.edges["wyrm.d"] == set()


def test_no_import_circles_in_firmware(g):
    """No two device modules depend on each other, directly or through a loop."""
    found = [c for c in cycles(g.edges) if not c[0].startswith("host_tools")]
    assert found == []


def test_no_private_names_borrowed_in_firmware(g):
    """No device module imports or uses a name another device module keeps private
    (``_name``)."""
    assert [p for p in g.private if not p[0].startswith("host_tools")] == []
    assert [p for p in g.private_uses if not p[0].startswith("host_tools")] == []


def test_no_import_circles_in_host_tools(g):
    """No two host modules depend on each other, directly or through a loop."""
    assert [c for c in cycles(g.edges) if c[0].startswith("host_tools")] == []


def test_no_private_names_borrowed_in_host_tools(g):
    """No host_tools module imports a name another host_tools module keeps private."""
    assert [p for p in g.private if p[0].startswith("host_tools")] == []


def test_firmware_reaches_code_by_plain_imports():
    """Device code reaches another module only by an import statement: only the main menu
    imports by name (a game from its ``GAMES`` row: the name its save keeps) and touches the
    module table (what a row's screens imported leaves when it shows again). ``wyrm_finder``,
    the device's import finder, is left out."""
    fw = os.path.join(ROOT, "firmware")
    found = []
    for name, path in sorted(_modules().items()):
        if not path.startswith(fw) or name == "wyrm_finder":
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "modules" \
                    and isinstance(node.value, ast.Name) and node.value.id == "sys":
                found.append((name, "sys.modules"))
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in LOADERS:
                found.append((name, node.func.id))  # type: ignore[attr-defined]
            elif isinstance(node, ast.Name) and node.id == "importlib":
                found.append((name, "importlib"))
    assert sorted(set(found)) == [("wyrm.home", "__import__"), ("wyrm.home", "sys.modules")]


# The games' rules modules (``wyrm.games.<game>``: no screens, no I/O), named by the
# registry's game modules (``wyrm.games.<game>_game``).
RULES = tuple(g[1].split(".")[-1][:-len("_game")] for g in menu.games())


def _reach(edges, start):
    """Every module ``start`` depends on, directly or through others."""
    seen = set()
    todo = [start]
    while todo:
        for w in edges.get(todo.pop(), ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def _screen_modules(edges):
    """The app and every module that depends on it (the kit, widgets, screens)."""
    return {m for m in edges if m == "wyrm.app" or "wyrm.app" in _reach(edges, m)}


def test_rules_modules_reach_no_screen_and_no_app(g):
    """A game's rules module depends only on plain helpers: no module it reaches, however
    indirectly, is the app or imports it (the kit, ui, a widget, a screen)."""
    screens = _screen_modules(g.edges)
    assert "wyrm.gamekit" in screens and "wyrm.ui" in screens and "wyrm.spinner" in screens
    found = {}
    for game in RULES:
        name = "wyrm.games." + game
        assert name in g.edges
        bad = sorted(_reach(g.edges, name) & screens)
        if bad:
            found[name] = bad
    assert found == {}


def test_a_rules_module_importing_the_kit_is_caught():
    """The check above flags a rules module that reaches the app through a helper, and
    passes one that imports only plain modules."""
    edges = {"wyrm.app": {"wyrm.font"}, "wyrm.font": set(), "wyrm.gamekit": {"wyrm.app"},
             "wyrm.plain": set(), "wyrm.games.bad": {"wyrm.helper"},
             "wyrm.helper": {"wyrm.gamekit"}, "wyrm.games.good": {"wyrm.plain", "wyrm.font"}}
    screens = _screen_modules(edges)
    assert screens == {"wyrm.app", "wyrm.gamekit", "wyrm.helper", "wyrm.games.bad"}
    assert _reach(edges, "wyrm.games.good") & screens == set()
    assert _reach(edges, "wyrm.games.bad") & screens == {"wyrm.helper", "wyrm.gamekit",
                                                         "wyrm.app"}
