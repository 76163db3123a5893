"""Pico import guard, run once inside the WebAssembly MicroPython at boot.

An import succeeds only for a module on the Pico's allow-list or one in /flash (the
firmware). MicroPython code: it runs under the runner, never under CPython.
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
