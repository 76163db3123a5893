"""`make deploy` onto the emulated Pico running the real MicroPython 1.28, through the real
mpremote: the update keeps the saved games and removes modules the new build no longer has;
safe mode leaves the REPL free. On Wyrm's own firmware (the frozen package) it copies the
board profile and the data only and removes what a deploy on the stock MicroPython left.

The Pico's USB serial console is bridged to a pty (host_tools/emu/usb_serial.py), so deploy and
mpremote run exactly as against /dev/ttyACM0. A reset (mpremote's last step) is followed by
a power-up from the flash as the deploy left it.
"""
import os
import shutil
import subprocess
import sys

import pytest
from pico_support import own_firmware

from host_tools import paths
from host_tools.emu import pico
from host_tools.emu import usb_serial as pico_serial
from host_tools.make import fsimage
from host_tools.sim.menu import to_row

BOARD = "pico-ssd1306-4btn"
SAVES = ("dice_stats.json", "open.json", "menu.json")  # a roll saves these
LEGACY = "wyrm/legacy_screen"  # a module only the old build has
# The stock MicroPython (the official RPI_PICO build), where deploy copies Wyrm as .mpy files
STOCK = os.path.join(os.path.dirname(pico.DEFAULT_FW), "RPI_PICO-v1.28.0.uf2")
CHANGED = "wyrm/settings_ui"  # a module the update changes


def old_firmware(tmp_path):
    """The build before the update: one module more, and one that differs."""
    old = tmp_path / "firmware-old"
    shutil.copytree(paths.FIRMWARE, old, ignore=shutil.ignore_patterns("__pycache__"))
    (old / (LEGACY + ".py")).write_text('"""A screen the new build dropped."""\nX = 1\n')
    changed = old / (CHANGED + ".py")
    assert changed.exists()
    with open(changed, "a") as f:
        f.write("\n_OLD_BUILD = 1\n")
    return str(old)


def files_on(dev, tmp_path, name):
    """{path: bytes} on the device's filesystem, read from its flash."""
    path = str(tmp_path / (name + ".bin"))
    dev.save_flash(path, fs_only=True)
    with open(path, "rb") as f:
        return fsimage.read_image(f.read())


def power_up(flash, board=BOARD, hold=0):
    """Boot from a whole-flash file; ``hold``: key mask held from power-on."""
    dev = pico.Pico(board, flash=flash, probe=False)
    if hold:
        dev.set_levels(hold)
    assert dev.run_until(30000, connected=True), "USB CDC did not come up"
    dev.settle(quiet_ms=300, max_ms=30000, min_ms=400)
    return dev


def power_cycle(dev, tmp_path, name, hold=0):
    path = str(tmp_path / (name + ".flash"))
    dev.save_flash(path)
    dev.close()
    return power_up(path, hold=hold)


def deploy(port, *args, make=False, timeout=600):
    if make:  # the README's command, as a user types it (the deps are already there)
        cmd = ["make", "-s", "-o", ".venv/.stamp", "-o", "node_modules/.stamp", "deploy",
               "PORT=" + port, "BOARD=" + BOARD]
    else:
        cmd = [sys.executable, "-m", "host_tools.make.deploy", "--port", port, "--board", BOARD,
               *args]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=paths.ROOT, timeout=timeout)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


@pytest.mark.skipif(not os.path.exists(STOCK), reason="no %s" % STOCK)
def test_update_through_mpremote_keeps_the_save_and_removes_dropped_modules(tmp_path):
    """Install an older build on a fresh stock MicroPython with deploy; roll the die (a save);
    `make deploy` the current build: only the changed module is copied, the dropped one
    is removed, every save is byte for byte as before, and after a power-up the device
    shows what it showed before the update (the die, from open.json)."""
    blank = pico.flash_with_fs(b"", fw=STOCK, out=str(tmp_path / "blank.flash"))
    dev = power_up(blank)
    try:
        assert not [t for t in dev.txns() if t.ack], "a blank Pico has no Wyrm to draw"
        old_build = tmp_path / "old-build"
        with pico_serial.Bridge(dev) as port:
            out = deploy(port, "--firmware", old_firmware(tmp_path), "--out", str(old_build))
        n = sum(len(fs) for _r, _d, fs in os.walk(old_build)) - 1  # less the build's marker
        assert "Copied %d files" % n in out and " 0 already up to date" in out, out
        assert "Removed" not in out, out
        dev = power_cycle(dev, tmp_path, "installed")
        installed = files_on(dev, tmp_path, "installed")
        assert LEGACY + ".mpy" in installed
        assert not dev.errors(), dev.errors()
        # a save by keys: Dice (the main menu's last entry), roll
        dev.play(to_row("Dice") + ",ok,wait:800")
        dev.settle()
        before = files_on(dev, tmp_path, "saved")
        assert all(s in before for s in SAVES), sorted(before)
        shown = power_cycle(dev, tmp_path, "shown")
        screen = shown.frame()  # what the old build shows at power-up with these saves
        assert any(screen), "a blank panel proves nothing"
        dev = shown
        with pico_serial.Bridge(dev) as port:
            out = deploy(port, make=True)
        assert "Copied 1 file " in out, out
        assert "Removed stale files: %s.mpy." % LEGACY in out, out
        dev = power_cycle(dev, tmp_path, "updated")
        after = files_on(dev, tmp_path, "updated")
        assert LEGACY + ".mpy" not in after
        for name in before:
            if not name.startswith("wyrm/") and name.endswith(".json") and name != "board.json":
                assert after.get(name) == before[name], name
        with open(os.path.join(paths.ROOT, "build", "deploy", CHANGED + ".mpy"), "rb") as f:
            assert after[CHANGED + ".mpy"] == f.read()
        assert after[CHANGED + ".mpy"] != before[CHANGED + ".mpy"]
        assert dev.frame() == screen
        assert not dev.errors(), dev.errors()
    finally:
        dev.close()


def test_safe_mode_leaves_the_repl_to_mpremote(tmp_path):
    """BACK held at power-up: Wyrm does not start, Enter gets MicroPython's prompt at once,
    and mpremote lists the files; without BACK the app owns the console (no prompt)."""
    image = pico.fs_image(BOARD, probe=False)
    flash = pico.flash_with_fs(image, out=str(tmp_path / "wyrm.flash"))
    normal = power_up(flash)
    try:
        assert [t for t in normal.txns() if t.ack], "Wyrm draws its menu"
        start = normal.console_len
        normal.send("\r")
        assert not normal.run_until(500, console=">>> ", console_from=start)
    finally:
        normal.close()
    dev = power_up(flash, hold=8)  # BACK
    try:
        dev.set_levels(0)
        dev.run(200)
        assert not [t for t in dev.txns() if t.ack], "safe mode draws nothing"
        start = dev.console_len
        dev.send("\r")
        assert dev.run_until(500, console=">>> ", console_from=start), dev.console(start)
        with pico_serial.Bridge(dev) as port:
            r = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "fs", "ls"],
                               capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert "board.json" in r.stdout and "main.py" in r.stdout, r.stdout
    finally:
        dev.close()


def test_deploy_on_wyrm_firmware_copies_the_profile_and_data_and_clears_the_stock_files(
    tmp_path
):
    """Wyrm's own firmware over a filesystem that make deploy filled on the stock MicroPython
    (the wyrm/ folder of .mpy files, wyrm_finder.mpy) and a die rolled: `make deploy` says the
    Pico runs Wyrm's own firmware, copies nothing but main.py, board.json and names.txt
    (here all up to date), removes the wyrm/ folder and wyrm_finder.mpy, keeps every save,
    and after a power-up the device shows what it showed before, with no error."""
    built = own_firmware()
    image, _dir, stock_names = fsimage.build_image(BOARD, str(tmp_path / "stock-fs"))
    assert "wyrm_finder.mpy" in stock_names and "wyrm/shell.mpy" in stock_names
    flash = pico.flash_with_fs(image, fw=built["uf2"], out=str(tmp_path / "own.flash"))
    dev = power_up(flash)
    try:
        assert not dev.errors(), dev.console()
        dev.play(to_row("Dice") + ",ok,wait:800")  # Dice (the main menu's last entry), roll: a save
        dev.settle()
        before = files_on(dev, tmp_path, "saved")
        assert all(s in before for s in SAVES), sorted(before)
        dev = power_cycle(dev, tmp_path, "shown")
        screen = dev.frame()  # what the Pico shows at power-up with these saves
        assert any(screen), "a blank panel proves nothing"
        with pico_serial.Bridge(dev) as port:
            out = deploy(port, make=True)
        assert "This Pico runs Wyrm's own firmware (Raspberry Pi Pico (Wyrm) with RP2040)" in out
        assert "stock MicroPython" not in out, out
        assert "Copied 0 files" in out and "3 already up to date" in out, out
        removed = out.split("Removed stale files: ")[1].split("\n")[0]
        assert "wyrm_finder.mpy" in removed and "wyrm/shell.mpy" in removed, out
        dev = power_cycle(dev, tmp_path, "deployed")
        after = files_on(dev, tmp_path, "deployed")
        assert not [n for n in after if n.startswith("wyrm/") or n.startswith("wyrm_finder")]
        assert {"main.py", "board.json", "names.txt"} <= set(after)
        for name in before:
            if not name.startswith("wyrm") and name.endswith(".json"):
                assert after.get(name) == before[name], name
        assert dev.frame() == screen
        assert not dev.errors(), dev.errors()
    finally:
        dev.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
