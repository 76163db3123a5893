"""Pico import guard, run once inside the WebAssembly MicroPython at boot.

The WebAssembly build ships modules a Pico's firmware lacks (functools,
itertools, abc, logging, ...). This prelude replaces ``builtins.__import__`` so
that an import statement succeeds only for:

- a module on the Pico's allow-list (host_tools/mp/pico_modules.json), or
- a module that lives in the simulated flash folder (``/flash``: the firmware).

Imports made *by* an allowed built-in/frozen module while it loads (e.g. the
frozen ``asyncio`` importing its helpers) are trusted: on the Pico that module
brings its own dependencies. Imports made by firmware modules are checked.
Relative imports (``from . import x``) stay inside a package that was already
allowed, so they pass.

This is MicroPython code (runs under the runner, never under CPython). The
runtime calls ``_wyrm_install_guard(allowed, flash)`` then deletes the name, so
nothing is left in ``__main__``.
"""


def _wyrm_install_guard(allowed, flash):
    import builtins
    import os

    real_import = builtins.__import__
    trusted = [0]  # > 0 while an allowed non-flash module runs its own imports

    def on_flash(top):
        for suffix in (".py", ".mpy", ""):
            try:
                os.stat(flash + "/" + top + suffix)
                return True
            except OSError:
                pass
        return False

    def guarded_import(name, globs=None, locs=None, fromlist=(), level=0):
        if level or trusted[0]:
            return real_import(name, globs, locs, fromlist, level)
        top = name.split(".")[0]
        if on_flash(top):
            return real_import(name, globs, locs, fromlist, level)
        if top not in allowed:
            raise ImportError("no module named '%s' (not available on the Pico)" % name)
        trusted[0] += 1
        try:
            return real_import(name, globs, locs, fromlist, level)
        finally:
            trusted[0] -= 1

    builtins.__import__ = guarded_import
