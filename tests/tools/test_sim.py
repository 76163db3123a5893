"""The scripted simulator: key scripts, text, PNGs, state folder, both runtimes."""
import subprocess
import sys

import pytest
from drive import same_frames

from host_tools import paths
from host_tools.sim import core as simcore

FIFTY = ",".join(
    ["down"] * 3 + ["up"] * 3  # 6
    + ["up", "ok", "ok", "up", "up", "ok", "down", "ok", "back"]  # settings, contrast, flip: 15
    + ["down", "down", "ok", "ok", "down", "ok", "back"]  # dim/off cycles: 22
    + ["down", "down", "down", "ok", "long:ok", "back"]  # button test: 28
    + ["back", "down", "ok", "back", "down", "ok", "back"]  # games: 35
    + ["down", "ok", "ok", "ok", "down", "up", "back", "back"]  # 43
    + ["down*5", "ok", "ok"]  # dice: 50
)


def sim(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.sim", *args],
        capture_output=True, text=True, cwd=cwd or paths.ROOT, timeout=120,
    )


def test_cli_text_same_under_both_runtimes():
    """`--keys down,ok --text` prints the same screen under CPython and MicroPython."""
    a = sim("--keys", "down,ok", "--text")
    b = sim("--keys", "down,ok", "--text", "--runtime", "micropython")
    assert a.returncode == 0, a.stderr
    assert b.returncode == 0, b.stderr
    assert a.stdout == b.stdout
    assert a.stdout.strip() and not a.stdout.startswith("== Wyrm ==")  # a game screen


def test_fifty_key_flow_same_png_under_both_runtimes(tmp_path):
    """A flow of 50 key presses ends on byte-identical frames and PNGs in both runtimes."""
    n = sum(int(t.split("*")[1]) if "*" in t else 1 for t in FIFTY.split(","))
    assert n == 50
    pa, pb = tmp_path / "a.png", tmp_path / "b.png"
    a = sim("--seed", "3", "--keys", FIFTY, "--png", str(pa))
    b = sim("--seed", "3", "--keys", FIFTY, "--png", str(pb), "--runtime", "micropython")
    assert a.returncode == 0, a.stderr
    assert b.returncode == 0, b.stderr
    assert pa.read_bytes() == pb.read_bytes()
    same_frames(FIFTY, seed=3)


def test_state_folder_keeps_settings_between_runs(tmp_path):
    """With --state, a setting changed in one run is still set in the next (both runtimes)."""
    state = tmp_path / "flash"
    r = sim("--state", str(state), "--keys", "up,ok,down,ok", "--text")
    assert "Flip 180: on" in r.stdout
    r = sim("--state", str(state), "--keys", "up,ok,down", "--text", "--runtime", "micropython")
    assert "> Flip 180: on" in r.stdout
    r = sim("--state", str(state), "--keys", "up,ok,down,ok,wait:10", "--text")
    assert "> Flip 180: off" in r.stdout


def test_frames_dir_gets_every_changed_frame(tmp_path):
    """--frames writes one PNG per changed frame, in order."""
    out = tmp_path / "frames"
    r = sim("--keys", "down,down,up", "--frames", str(out))
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == ["frame_%04d.png" % i for i in range(len(names))]
    assert len(names) == 4  # boot + three moves


def test_bad_script_is_a_clear_error():
    """An unknown key in the script is named in a one-line error, exit code 2."""
    r = sim("--keys", "down,jump")
    assert r.returncode == 2
    assert "jump" in r.stderr and "Traceback" not in r.stderr


def test_script_language():
    """Each token becomes the right button levels for the right time."""
    seg = simcore.parse_script("ok,long:ok,hold:up:1500,press:ok,wait:200,release:ok", 4)
    ok, up = 1 << 2, 1 << 0
    assert seg[0] == (ok, simcore.TAP_MS)
    assert seg[2] == (ok, simcore.LONG_MS)
    assert seg[4] == (up, 1500)
    assert seg[6:9] == [(ok, simcore.EDGE_MS), (ok, 200), (0, simcore.EDGE_MS)]
    with pytest.raises(simcore.ScriptError):
        simcore.parse_script("press:back", 3)


def test_three_button_board_maps_back_to_long_ok():
    """On a three-button board the script's `back` is a long OK."""
    seg = simcore.parse_script("back", 3)
    assert seg[0] == (1 << 2, simcore.LONG_MS)


def _png_colours(path):
    from PIL import Image

    return {c for _n, c in Image.open(path).convert("RGB").getcolors(1 << 16)}


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_png_shows_a_dimmed_screen_grey_and_a_switched_off_screen_dark(tmp_path, runtime):
    """`--png` draws the panel as the screen saver left it: lit dots pale blue while awake
    (59 s idle), grey once dimmed (61 s idle, the saver's 60 s), none once off (301 s idle,
    the saver's 300 s)."""
    got = {}
    for name, wait in (("awake", 59000), ("dim", 61000), ("off", 301000)):
        out = tmp_path / (name + ".png")
        r = sim("--keys", "wait:%d" % wait, "--png", str(out), "--runtime", runtime)
        assert r.returncode == 0, r.stderr
        got[name] = _png_colours(out)
    assert got["awake"] == {simcore.OLED_OFF, simcore.OLED_ON}
    assert got["dim"] == {simcore.OLED_OFF, simcore.OLED_DIM}
    assert got["off"] == {simcore.OLED_OFF}


def test_png_dim_level_is_the_firmwares_saver_contrast():
    """The picture's grey is the contrast the firmware's screen saver really sets; the
    lowest user contrast above it stays bright."""
    paths.setup()
    from wyrm import app

    assert simcore.DIM_LEVEL == app._DIM_CONTRAST
    assert simcore.lit_rgb(True, app._DIM_CONTRAST) == simcore.OLED_DIM
    assert simcore.lit_rgb(True, app.CONTRAST_LEVELS[1]) == simcore.OLED_ON
    assert simcore.lit_rgb(False, 255) is None
