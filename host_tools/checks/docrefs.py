"""Static check: what README.md and docs/*.md name exists.

    python -m host_tools.checks.docrefs        # prints problems, exit 1 if any

A doc names a file or folder (a path in backticks or a link), a Python module (``wyrm.x``,
``host_tools.x``), a make target (``make x``) or a function, class or attribute
(```module.name``` or ```Class.name``` in backticks). Each must exist in the tree: a path
relative to the repository, the doc's folder or firmware/ (a bare file name anywhere in the
tree), a module as a file or package, a target in the Makefile, a name defined in its module
or class (or a base class, by name). Files that exist only on the device or are written by a
build are in ``ELSEWHERE`` with their reasons.
"""

import ast
import glob
import os
import re
import sys

from host_tools import paths

ROOT = paths.ROOT

# Names that are files, but not in the repository, and why.
ELSEWHERE = {
    # On the Pico's flash (written by the firmware or by make deploy / make uf2).
    "board.json": "the board profile as make deploy writes it to the Pico",
    "party_cards.json": "the players' own Drachenhort cards, a file on the Pico",
    "party.json": "Drachenhort's saved deal, a file on the Pico",
    "dice.json": "the players' own dice, a file on the Pico",
    "deck.json": "the Hidden deck's own cards, a file on the Pico",
    "boot.py": "MicroPython's own boot file on the Pico",
    "_boot.py": "MicroPython's frozen boot script (in its source, not here)",
    "firmware.bin": "the MicroPython build's output (make firmware)",
    "firmware.uf2": "the MicroPython build's output (make firmware)",
    "firmware.elf": "the MicroPython build's output (make firmware)",
    "drachenhort.json": "a game's save, a file on the Pico",
    "drakskatten.json": "a game's save, a file on the Pico",
    "drakonia.json": "a game's save, a file on the Pico",
    "drachenschatten.json": "a game's save, a file on the Pico",
    "drachenfels.json": "a game's save, a file on the Pico",
    "hdeck.json": "the Hidden deck's save, a file on the Pico",
    "settings.json": "the settings' save, a file on the Pico",
    "dice_stats.json": "the die statistics' save, a file on the Pico",
    "open.json": "the open game's note, a file on the Pico",
    # The web page's build (make web) takes these from elsewhere.
    "icon.png": "drawn by host_tools/web/build.py into build/web/",
    "micropython.mjs": "from the pinned npm package (node_modules), copied by make web",
    "micropython.wasm": "from the pinned npm package (node_modules), copied by make web",
    # MicroPython's own source tree (../shared/micropython, make firmware unpacks it).
    "tools/uf2conv.py": "in MicroPython's source tree",
    "rp2.py": "in MicroPython's source tree (ports/rp2/modules)",
    "extmod/modframebuf.c": "in MicroPython's source tree",
    "stdlib/": "in the pinned stub package (micropython-rp2-rpi-pico-stubs)",
}

# Outputs of make targets and of the build: named in docs, absent from a fresh checkout.
_BUILT = ("build/", ".venv", "node_modules", ".venv-stubs", ".pytest_cache")
_BUILT_EXT = (".mpy", ".uf2", ".stl", ".bin", ".elf", ".whl")
_PATH_EXT = ("py", "md", "json", "txt", "png", "js", "mjs", "html", "toml", "cfg", "ini",
             "webmanifest", "scad", "sh", "c", "h", "cmake", "yml", "yaml", "tsv", "csv",
             "mk", "uf2", "mpy", "stl", "xz", "gz")
_TICK = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
_MODULE = re.compile(r"(?<![\w./-])((?:wyrm|host_tools)(?:\.[A-Za-z_]\w*)+)")
_MAKE = re.compile(r"^make ([a-z][a-z0-9-]*)")
_DOTTED = re.compile(r"^([A-Za-z_]\w*)\.([A-Za-z_]\w*)(\(\))?$")
_PLACEHOLDER = re.compile(r"[<>*{}$]|\.\.\.|^x\.|/x\.|\bX\b|YYYY|\bmine\b")
_NOT_MODULE_END = ("js", "mjs", "json", "py", "png", "txt", "md", "html", "wasm", "mpy")
# MicroPython's and Python's own modules: a doc may name their functions (micropython.heap_lock).
_FOREIGN = ("micropython", "machine", "gc", "sys", "os", "time", "framebuf", "rp2", "json",
            "struct", "array")
_JS = os.path.join(ROOT, "host_tools", "web", "wyrm.js")


def docs():
    """README.md and every docs/*.md, as paths."""
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def _tracked():
    """The tree's files (relative, "/"), what a build or an install wrote left out."""
    out = []
    for d, dirs, files in os.walk(ROOT):
        dirs[:] = [x for x in dirs if not x.startswith((".", "__")) and x not in (
            "build", "node_modules")]
        rel = os.path.relpath(d, ROOT).replace(os.sep, "/")
        out += [f if rel == "." else rel + "/" + f for f in files]
    out += [f for f in (".ci/run",) if os.path.exists(os.path.join(ROOT, f))]
    return out


def _prose(text):
    """The doc's text outside fenced code blocks, with line numbers: [(line, text)]."""
    out = []
    fenced = False
    for i, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.append((i, line))
    return out


class Tree:
    """What exists: files, modules, make targets and the names each module or class has."""

    def __init__(self):
        self.files = set(_tracked())
        self.dirs = set()
        for f in self.files:
            parts = f.split("/")
            for k in range(1, len(parts)):
                self.dirs.add("/".join(parts[:k]))
        self.basenames = set(f.rsplit("/", 1)[-1] for f in self.files) | set(
            d.rsplit("/", 1)[-1] for d in self.dirs)
        self.targets = set()
        with open(os.path.join(ROOT, "Makefile")) as f:
            for line in f:
                m = re.match(r"^([a-z][a-z0-9-]*)\s*:", line)
                if m:
                    self.targets.add(m.group(1))
        self.modules = {}  # dotted name -> path
        for f in self.files:
            if not f.endswith(".py"):
                continue
            if f.startswith("firmware/"):
                name = f[len("firmware/"):-3]
            elif f.startswith("host_tools/"):
                name = f[:-3]
            else:
                continue
            name = name.replace("/", ".")
            if name.endswith(".__init__") or name.endswith(".__main__"):
                self.modules.setdefault(name.rsplit(".", 1)[0], os.path.join(ROOT, f))
                if name.endswith(".__main__"):
                    continue
            self.modules[name] = os.path.join(ROOT, f)
        self.packages = set()
        for name in list(self.modules):
            parts = name.split(".")
            for k in range(1, len(parts)):
                self.packages.add(".".join(parts[:k]))
        self._names = {}
        self.classes = {}  # class name -> (own names, base names)
        for name, path in sorted(self.modules.items()):
            self._names[name] = self._scan(path)

    def _scan(self, path):
        try:
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
        except (OSError, SyntaxError, ValueError):
            return set()
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    names.add((a.asname or a.name).split(".")[0])
            if isinstance(node, ast.ClassDef):
                own = set()
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        own.add(sub.name)
                    elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                        own.add(sub.id)
                    elif isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                        own.add(sub.attr)
                bases = [b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                         if isinstance(b, (ast.Name, ast.Attribute))]
                have = self.classes.setdefault(node.name, (set(), set()))
                have[0].update(own)
                have[1].update(bases)
        return names

    def module_ok(self, dotted):
        """A module, a package, or a name in a module (wyrm.home.make_app); ``wyrm.x`` may be
        the web page's JavaScript object (wyrm.runSteps)."""
        if dotted in self.modules or dotted in self.packages:
            return True
        if dotted.rsplit(".", 1)[-1] in _NOT_MODULE_END:
            return True  # a file name (wyrm.js): the path check has it
        if dotted.count(".") == 1 and dotted.startswith("wyrm."):
            with open(_JS, encoding="utf-8") as f:
                if re.search(r"\b%s\b" % re.escape(dotted.split(".")[1]), f.read()):
                    return True
        head, _, last = dotted.rpartition(".")
        if head in self.modules:
            return last in self._names[head] or self.class_has(None, last, head)
        if head.rpartition(".")[0] in self.modules:  # wyrm.x.Class.name
            mod, _, cls = head.rpartition(".")
            return cls in self._names[mod] and self.class_has(cls, last)
        return False

    def class_has(self, cls, name, module=None, seen=None):
        if cls is None:
            return False
        seen = seen or set()
        if cls in seen or cls not in self.classes:
            return False
        seen.add(cls)
        own, bases = self.classes[cls]
        return name in own or any(self.class_has(b, name, seen=seen) for b in bases)

    def dotted_ok(self, first, name):
        """``first.name``: first a module's last part (home.make_app) or a class."""
        if first in _FOREIGN:
            return None
        mods = [m for m in self.modules if m.rsplit(".", 1)[-1] == first
                and not m.startswith("host_tools.sim.shims.")]
        # an instance by its class's name or its end (app: an App, menu: a GameMenu)
        classes = [c for c in self.classes if c.lower() == first.lower()
                   or len(first) > 2 and c.lower().endswith(first.lower())]
        if not mods and not classes:
            return None  # not ours (gc.collect, sys.modules ...): not checked
        if any(name in self._names[m] for m in mods):
            return True
        return any(self.class_has(c, name) for c in classes)

    def path_ok(self, token, doc_dir):
        t = token.rstrip("/").rstrip(":")
        if t.startswith("./"):
            t = t[2:]
        if not t:
            return True
        rel_doc = os.path.relpath(os.path.normpath(os.path.join(doc_dir, t)), ROOT)
        for cand in (os.path.normpath(t), rel_doc, "firmware/" + t, "firmware/wyrm/" + t,
                     "host_tools/" + t):
            if cand in self.files or cand in self.dirs:
                return True
            if cand.startswith("../") and os.path.exists(os.path.join(ROOT, cand)):
                return True
        if "/" not in t:
            return t in self.basenames
        return False


def _looks_like_path(t):
    if " " in t or t.startswith(("-", "/", "http", "~")) or "=" in t or "(" in t:
        return False
    if _PLACEHOLDER.search(t):
        return False
    if "/" in t:
        if t.endswith("/"):
            return re.match(r"^[\w.\-/]+$", t) is not None
        last = t.rsplit("/", 1)[1]
        return ("." in last and last.rsplit(".", 1)[1] in _PATH_EXT
                and re.match(r"^[\w.\-/]+$", t) is not None)
    m = re.match(r"^[\w\-]+(\.[\w\-]+)*\.([a-z0-9]+)$", t)
    return bool(m) and m.group(2) in _PATH_EXT


def problems(tree=None, files=None):
    """Every problem as "doc:line: ..." (empty: every name in the docs exists); ``files``:
    the docs to read (default README.md and docs/*.md)."""
    tree = tree or Tree()
    out = []
    for doc in files or docs():
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        rel = os.path.relpath(doc, ROOT)
        doc_dir = os.path.dirname(doc)
        for line_no, line in _prose(text):
            where = "%s:%d" % (rel, line_no)
            ticks = _TICK.findall(line)
            for t in ticks:
                t = t.strip()
                if t in ELSEWHERE or t.startswith(_BUILT) or t.endswith(_BUILT_EXT):
                    continue
                if _MODULE.fullmatch(t.rstrip("()")):
                    continue  # a module: below
                m = _DOTTED.match(t)
                if m and not t.endswith(tuple("." + e for e in _PATH_EXT)):
                    ok = tree.dotted_ok(m.group(1), m.group(2))
                    if ok is False:
                        out.append("%s: `%s` names nothing defined" % (where, t))
                    continue
                if _looks_like_path(t) and not tree.path_ok(t, doc_dir):
                    out.append("%s: `%s`: no such file or folder" % (where, t))
            for target in _LINK.findall(line):
                if target.startswith(("http:", "https:", "mailto:")):
                    continue
                if not tree.path_ok(target, doc_dir):
                    out.append("%s: link %s: no such file or folder" % (where, target))
            for mod in _MODULE.findall(line):
                if not tree.module_ok(mod):
                    out.append("%s: %s: no such module or name" % (where, mod))
            for t in ticks:
                for target in _MAKE.findall(t.strip()):
                    if target not in tree.targets:
                        out.append("%s: `make %s`: no such target" % (where, target))
    return out


def main(argv=None):
    found = problems()
    for p in found:
        print(p)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
