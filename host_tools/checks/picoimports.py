"""Static check: firmware/ imports only modules a Raspberry Pi Pico has.

    python -m host_tools.checks.picoimports [firmware]      # prints problems, exit 1 if any

Optional imports and ``# pico-ok: <reason>`` lines: docs/TOOLS.md.
"""

import ast
import json
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
ALLOWLIST_FILE = os.path.join(os.path.dirname(_HERE), "mp", "pico_modules.json")


def pico_modules():
    """The top-level module names a Pico's MicroPython can import (a frozenset)."""
    with open(ALLOWLIST_FILE) as f:
        return frozenset(json.load(f)["modules"])


def local_modules(root):
    """Top-level modules that the tree at ``root`` provides itself (files and packages)."""
    names = set()
    for entry in os.listdir(root):
        full = os.path.join(root, entry)
        if entry.endswith(".py"):
            names.add(entry[:-3])
        elif os.path.isdir(full) and not entry.startswith((".", "__")):
            names.add(entry)
    return names


def _catches_import_error(handler):
    """True if an ``except`` clause catches ImportError (bare, ImportError, Exception...)."""
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for t in types:
        if isinstance(t, ast.Name) and t.id in (
            "ImportError",
            "ModuleNotFoundError",
            "Exception",
            "BaseException",
        ):
            return True
    return False


def _optional_import_lines(tree):
    """Line numbers of import statements guarded by try/except ImportError."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            for stmt in node.body:
                for sub in ast.walk(stmt):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        lines.add(sub.lineno)
    return lines


def check_file(path, allowed, display=None):
    """Problems (strings "file:line: ...") for one Python file."""
    display = display or path
    with open(path, encoding="utf-8") as f:
        source = f.read()
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        return ["%s:%s: syntax error: %s" % (display, e.lineno, e.msg)]
    optional = _optional_import_lines(tree)
    lines = source.splitlines()
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        if node.lineno in optional or "# pico-ok" in lines[node.lineno - 1]:
            continue
        for name in names:
            top = name.split(".")[0]
            if top not in allowed:
                problems.append(
                    "%s:%d: imports '%s', which the Pico does not have"
                    % (display, node.lineno, name)
                )
    return problems


def check_tree(root):
    """Problems for every .py file under ``root`` (the firmware folder); [] means clean."""
    allowed = pico_modules() | local_modules(root)
    problems = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                full = os.path.join(dirpath, name)
                problems += check_file(full, allowed, os.path.relpath(full, os.path.dirname(root)))
    return problems


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    root = argv[0] if argv else os.path.join(os.path.dirname(os.path.dirname(_HERE)), "firmware")
    problems = check_tree(root)
    for p in problems:
        print(p)
    if not problems:
        print("picoimports: %s imports only modules the Pico has" % root)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
