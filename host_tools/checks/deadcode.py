"""Static check: nothing in firmware/ is defined that the firmware never uses.

    python -m host_tools.checks.deadcode [firmware]      # prints problems, exit 1 if any

A module-level function, class or constant, a method, a class attribute or an attribute
the code sets (``obj.name = ...``) is dead when no code in the tree reads it: a use in the
tests, the simulator or the web page does not count (what ships is the firmware). The
check goes by name, as a reader does: a read of ``.name`` on any object counts as a use of
every attribute or method called ``name``, and a string ``"name"`` given to getattr or
hasattr counts too. Dotted strings naming a module (``"wyrm.games.x_game"``, which
the game registry imports by name) count as an import of it. A module no code imports is dead
too (main.py and wyrm_finder.py are the entry points). ``ALLOWED`` below lists what the
firmware keeps for readers outside it, each with its reason; an entry the code reads after
all, or that names nothing, is a problem as well (the list cannot go stale).
"""

import ast
import os
import re
import sys

# Names the firmware keeps although no firmware code reads them, and why. Keys are qualified
# names: module (its path under firmware/, dots for slashes), then class, then member.
ALLOWED = {
    # Read by the host's tools, which run the firmware's App in place of the Pico's shell.
    "wyrm.app.App.caught": "the simulator (host_tools/sim/live.py) reports the exceptions"
    " caught since it last looked by this count",
    # A test's window into the device: what the secrecy test observes is the firmware's own
    # state, not a copy of it.
    "wyrm.peek.PeekScreen.showing": "tests/firmware/test_secrecy.py asks each frame whether a"
    " secret is on the panel",
    "wyrm.games.drachenfels_play.CastlePeek.showing": "the castle check's PeekScreen.showing,"
    " set where it draws its secret (tests/firmware/test_secrecy.py)",
    # The provenance of a table: the critical values in wyrm.stats are for this level.
    "wyrm.stats.ALPHA": "the significance level the critical-value table is for;"
    " tests/firmware/test_dice_stats.py checks the table against it",
}

# Entry points: modules that nothing imports because MicroPython runs them.
ENTRY_MODULES = ("main", "wyrm_finder")

_MODULE_STRING = re.compile(r"^wyrm(\.[A-Za-z_][A-Za-z0-9_]*)+$")


def _modname(root, path):
    rel = os.path.relpath(path, root)[:-3]
    return rel.replace(os.sep, ".")


def sources(root):
    """(module name, path) of every .py file under ``root``, sorted."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith((".", "__")))
        for f in sorted(files):
            if f.endswith(".py"):
                p = os.path.join(d, f)
                out.append((_modname(root, p), p))
    return sorted(out)


def _dunder(name):
    return name.startswith("__") and name.endswith("__")


def _top_statements(body):
    """Module-level statements, looking into if/try blocks (optional imports, fallbacks)."""
    for stmt in body:
        if isinstance(stmt, ast.If):
            yield from _top_statements(stmt.body)
            yield from _top_statements(stmt.orelse)
        elif isinstance(stmt, ast.Try):
            yield from _top_statements(stmt.body)
            for h in stmt.handlers:
                yield from _top_statements(h.body)
            yield from _top_statements(stmt.orelse)
            yield from _top_statements(stmt.finalbody)
        else:
            yield stmt


def _target_names(target):
    if isinstance(target, ast.Name):
        yield target
    elif isinstance(target, (ast.Tuple, ast.List)):
        for t in target.elts:
            yield from _target_names(t)


class _Module:
    """What one module defines and what it reads."""

    def __init__(self, name, path, tree):
        self.name = name
        self.path = path
        self.defs = []  # (qualname, kind, short name, line, scope) scope: "module" | "attr"
        self.names = set()  # Name loads
        self.attrs = set()  # attribute loads (and getattr/hasattr strings)
        self.imported_names = set()  # from x import name
        self.imported_modules = set()
        self._collect_defs(tree)
        self._collect_uses(tree)

    def _def(self, qual, kind, short, line, scope):
        if not _dunder(short):
            self.defs.append((qual, kind, short, line, scope))

    def _collect_defs(self, tree):
        m = self.name
        for stmt in _top_statements(tree.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._def("%s.%s" % (m, stmt.name), "function", stmt.name, stmt.lineno, "module")
            elif isinstance(stmt, ast.ClassDef):
                self._def("%s.%s" % (m, stmt.name), "class", stmt.name, stmt.lineno, "module")
                self._collect_class(stmt)
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for t in targets:
                    for n in _target_names(t):
                        self._def("%s.%s" % (m, n.id), "constant", n.id, n.lineno, "module")
        # Attributes set on other objects (obj.name = ..., outside a class's own self).
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = node.args.args[0].arg if node.args.args else None
                for sub in ast.walk(node):
                    if (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                            and isinstance(sub.value, ast.Name) and sub.value.id != first
                            and sub.value.id != "self"):
                        self._def("%s.%s.%s" % (m, sub.value.id, sub.attr), "attribute",
                                  sub.attr, sub.lineno, "attr")

    def _collect_class(self, cls):
        m = self.name
        seen = set()
        for stmt in cls.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                seen.add(stmt.name)
                self._def("%s.%s.%s" % (m, cls.name, stmt.name), "method", stmt.name,
                          stmt.lineno, "attr")
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for t in targets:
                    for n in _target_names(t):
                        seen.add(n.id)
                        self._def("%s.%s.%s" % (m, cls.name, n.id), "class attribute", n.id,
                                  n.lineno, "attr")
        for stmt in cls.body:
            if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) or not stmt.args.args:
                continue
            me = stmt.args.args[0].arg
            for sub in ast.walk(stmt):
                if (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                        and isinstance(sub.value, ast.Name) and sub.value.id == me
                        and sub.attr not in seen):
                    seen.add(sub.attr)
                    self._def("%s.%s.%s" % (m, cls.name, sub.attr), "attribute", sub.attr,
                              sub.lineno, "attr")

    def _collect_uses(self, tree):
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Load, ast.Del)):
                self.attrs.add(node.attr)
            elif isinstance(node, ast.ImportFrom):
                base = "." * node.level + (node.module or "")
                for a in node.names:
                    self.imported_names.add(a.name)
                    self.imported_modules.add(base)
                    self.imported_modules.add("%s.%s" % (base, a.name) if base else a.name)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    parts = a.name.split(".")
                    for i in range(1, len(parts) + 1):
                        self.imported_modules.add(".".join(parts[:i]))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) >= 2:
                    a = node.args[1]
                    if isinstance(a, ast.Constant) and isinstance(a.value, str):
                        self.attrs.add(a.value)
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and _MODULE_STRING.match(node.value)):
                self.imported_modules.add(node.value)


def modules(root):
    """Every module under ``root`` parsed (a list of _Module)."""
    out = []
    for name, path in sources(root):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename=path)
        out.append(_Module(name, path, tree))
    return out


def unused(root, allowed=None):
    """(path, line, kind, qualname) of each definition no firmware code reads, sorted;
    the names in ``allowed`` (default ALLOWED) left out."""
    allowed = ALLOWED if allowed is None else allowed
    mods = modules(root)
    attrs = set()
    imported_names = set()
    imported_modules = set()
    for m in mods:
        attrs |= m.attrs
        imported_names |= m.imported_names
        imported_modules |= m.imported_modules
    found = []
    for m in mods:
        if m.name not in ENTRY_MODULES and m.name not in imported_modules:
            found.append((m.path, 1, "module", m.name))
        for qual, kind, short, line, scope in m.defs:
            if scope == "module":
                used = short in m.names or short in attrs or short in imported_names
            else:
                used = short in attrs
            if not used:
                found.append((m.path, line, kind, qual))
    return sorted(x for x in found if x[3] not in allowed)


def stale_allowances(root, allowed=None):
    """Entries of ``allowed`` (default ALLOWED) that name nothing, or that the code reads."""
    allowed = ALLOWED if allowed is None else allowed
    defined = set()
    for m in modules(root):
        defined.add(m.name)
        for d in m.defs:
            defined.add(d[0])
    dead = set(x[3] for x in unused(root, allowed={}))
    out = []
    for qual in sorted(allowed):
        if qual not in defined:
            out.append("%s: in the allow-list but not defined" % qual)
        elif qual not in dead:
            out.append("%s: in the allow-list but the firmware uses it" % qual)
    return out


def problems(root):
    """Every problem as a line "path:line: ..." (empty: the tree is clean)."""
    here = os.getcwd()
    out = []
    for path, line, kind, qual in unused(root):
        out.append("%s:%d: unused %s %s" % (os.path.relpath(path, here), line, kind, qual))
    for s in stale_allowances(root):
        out.append("%s: %s" % (os.path.relpath(os.path.abspath(__file__), here), s))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    root = argv[0] if argv else "firmware"
    found = problems(root)
    for p in found:
        print(p)
    if found:
        print("%d unused; remove them or give each a reason in ALLOWED (%s)"
              % (len(found), os.path.relpath(os.path.abspath(__file__))))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
