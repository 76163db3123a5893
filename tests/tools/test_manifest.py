"""The board's manifest.py (Wyrm's own firmware, make firmware) covers every firmware module.

The manifest is run with stand-ins for MicroPython's manifest functions that
resolve paths as tools/manifestfile.py does (relative to the manifest file)
and collect what would be frozen.
"""

import os

from host_tools.make import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MANIFEST = os.path.join(ROOT, "boards", "micropython", "WYRM_PICO", "manifest.py")


def frozen_by_manifest(path=MANIFEST):
    frozen, included, trees = [], [], []
    here = os.path.dirname(path)

    def package(package_path, files=None, base_path=".", opt=None):
        base = os.path.join(here, base_path)
        assert files is None
        for dirpath, _dirs, names in os.walk(os.path.join(base, package_path)):
            for n in names:
                if n.endswith(".py"):
                    frozen.append(
                        os.path.relpath(os.path.join(dirpath, n), base).replace(os.sep, "/")
                    )

    def module(module_path, base_path=".", opt=None):
        if base_path.startswith("$(PORT_DIR)"):  # the port's own modules, by their name
            frozen.append(base_path + "/" + module_path)
            return
        assert os.path.isfile(os.path.join(here, base_path, module_path))
        frozen.append(module_path)

    def include(p, **kwargs):
        included.append(p)

    def freeze(p, script=None, opt=None):
        trees.append(p)

    def require(name, **kwargs):
        included.append("require " + name)

    with open(path) as f:
        code = f.read()
    exec(
        compile(code, path, "exec"),
        {"package": package, "module": module, "include": include, "freeze": freeze,
         "require": require},
    )
    return sorted(frozen), included, trees


def test_every_wyrm_module_is_frozen_and_main_py_stays_on_the_filesystem():
    """A frozen build holds every module of the package, the shell among them; the boot
    stub main.py is the file a user copies."""
    frozen, included, trees = frozen_by_manifest()
    deployed = deploy.firmware_files(os.path.join(ROOT, "firmware"))
    modules = sorted(p for p in deployed if p.startswith("wyrm/") and p.endswith(".py"))
    assert [p for p in frozen if p.startswith("wyrm/")] == modules
    assert "main.py" in deployed and "main.py" not in frozen
    assert "wyrm/shell.py" in frozen  # what main.py starts
    # the board's own _boot.py (it mounts the filesystem and puts the frozen modules first),
    # its no-op wyrm_finder, the port's rp2.py and nothing else of the stock firmware's
    # (asyncio, onewire, ds18x20, dht, neopixel: nothing of Wyrm imports them)
    assert [p for p in frozen if not p.startswith("wyrm/")] == [
        "$(PORT_DIR)/modules/rp2.py", "_boot.py", "wyrm_finder.py"]
    assert trees == [] and included == []


def test_the_manifest_is_not_copied_to_the_pico():
    """The manifest is part of the board definition, not of what goes onto the filesystem."""
    assert not os.path.abspath(MANIFEST).startswith(os.path.join(ROOT, "firmware") + os.sep)
    deployed = deploy.firmware_files(os.path.join(ROOT, "firmware"))
    assert not any(os.path.basename(p) == "manifest.py" for p in deployed)
