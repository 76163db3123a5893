"""make deploy (host_tools/make/deploy.py) with real MicroPython and a fake Pico (emu/fake_pico.py).

The fake Pico is a pseudo-terminal whose far end speaks MicroPython's raw REPL and
runs the received code in real MicroPython 1.28 (WebAssembly), so the real
mpremote copies real .mpy files onto a file system that real MicroPython imports.
"""

import json
import os
import subprocess
import sys

import pytest

from host_tools.emu.fake_pico import FakePico, pico_traceback
from host_tools.make import deploy
from host_tools.mp import runner as mprun
from host_tools.mp.runner import MicroPython
from host_tools.web import build as web_build

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARD = os.path.join(ROOT, "boards", "pico-ssd1306-4btn.json")


@pytest.fixture(autouse=True, scope="module")
def _node():
    try:
        mprun.check_installed()
    except mprun.RunnerError as e:
        pytest.fail(str(e), pytrace=False)


def firmware_sources():
    out = []
    for here, dirs, files in os.walk(FIRMWARE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                out.append(os.path.relpath(os.path.join(here, name), FIRMWARE).replace(os.sep, "/"))
    return sorted(out)


def built_files(out):
    found = {}
    for here, _, files in os.walk(out):
        for name in files:
            if name == deploy.MARKER:
                continue
            path = os.path.join(here, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, out).replace(os.sep, "/")] = f.read()
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A dry-run build: (out dir, {device path: bytes}, printed text)."""
    out = str(tmp_path_factory.mktemp("deploy") / "out")
    proc = subprocess.run(
        [sys.executable, "-m", "host_tools.make.deploy", "--dry-run", "--out", out],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out, built_files(out), proc.stdout


def run_deploy(capsys, *args):
    code = deploy.main(list(args))
    cap = capsys.readouterr()
    return code, cap.out, cap.err


# -- build -------------------------------------------------------------------------
def test_dry_run_compiles_every_module_and_copies_the_boot_stub(built):
    """--dry-run turns every firmware module into .mpy and copies firmware/main.py, the boot
    stub, as it is (its few lines are all the device compiles at boot) - adds board.json; data
    files (the first names the name screens know) are copied as they are."""
    _, files, text = built
    expected = {"main.py", "board.json", "wyrm/names.txt"}
    for src in firmware_sources():
        if src != "main.py":
            expected.add(src[:-3] + ".mpy")
    assert set(files) == expected
    with open(os.path.join(FIRMWARE, "main.py"), "rb") as f:
        assert files["main.py"] == f.read()
    assert "wyrm/shell.mpy" in files
    with open(os.path.join(FIRMWARE, "wyrm", "names.txt"), "rb") as f:
        assert files["wyrm/names.txt"] == f.read()
    assert "wyrm_finder.mpy" in files
    with open(BOARD, "rb") as f:
        assert files["board.json"] == f.read()
    for name, data in files.items():
        if name.endswith(".mpy"):
            assert data[:2] == b"M\x06", name  # .mpy format version 6 (MicroPython 1.19+)
    assert "Dry run: nothing copied." in text
    total = sum(len(d) for d in files.values())
    assert "%.1f KB" % (total / 1024.0) in text


_APP_DRIVER = """
import json
from wyrm import board as _b
from wyrm.canvas import Canvas
from wyrm.home import make_app
from wyrm.rng import Rng
from wyrm.store import Store

class Panel:
    def contrast(self, v): pass
    def rotate(self, f): pass
    def invert(self, f): pass
    def poweroff(self): pass
    def poweron(self): pass

prof = _b.load_file('board.json')
canvas = Canvas(prof['display']['width'], prof['display']['height'])
app = make_app(canvas, Store('/state'), Rng(seed=5), prof['keys'], Panel(), prof)
# DOWN, DOWN, OK, DOWN, OK, BACK: each pressed 3 steps, released 4 (20 ms steps)
keys = [2, 2, 4, 2, 4, 8]
t = 1000
for k in keys:
    for i in range(7):
        if app.step(t, k if i < 3 else 0):
            print(canvas.buffer.hex())
        t += 20
print('errors', len(app.errors))
"""


# viper: machine code in its .mpy, what the web bundle leaves out
(NATIVE,) = (path[: -len(".py")].replace("/", ".") for path in web_build.PICO_ONLY)


def test_built_mpy_files_import_and_run_in_real_micropython(built):
    """The .mpy files alone import in MicroPython 1.28 and draw the same frames as the source.

    wyrm.glyphs is machine code for the Pico's Cortex-M0+ (viper): the WebAssembly port
    refuses it with a ValueError, and font draws with blits there (test_pico_text runs it)."""
    out, files, _ = built
    modules = []
    for name in files:
        if name.endswith(".mpy"):
            mod = name[:-4].replace("/", ".")
            modules.append(mod[: -len(".__init__")] if mod.endswith(".__init__") else mod)
    assert NATIVE in modules
    with MicroPython(firmware_dir=None) as mp:
        for name, data in files.items():
            mp.write_file("/flash/" + name, data)
        mp.exec("import os\nos.mkdir('/state')")
        check = "import sys\n"
        for mod in sorted(modules):
            if mod != NATIVE:
                check += "import %s\nprint(sys.modules[%r].__file__)\n" % (mod, mod)
        check += "try:\n    import %s\nexcept ValueError as e:\n    print(e)\n" % NATIVE
        origins = mp.exec(check).strip().split("\n")
        assert origins[-1] == "native code in .mpy unsupported"
        origins = origins[:-1]
        assert len(origins) == len(modules) - 1
        assert all(o.endswith(".mpy") for o in origins), origins
        frames_mpy = mp.exec(_APP_DRIVER).split("\n")
    with MicroPython() as mp:  # the same app from the firmware sources
        mp.write_file("/flash/board.json", files["board.json"])
        mp.exec("import os\nos.mkdir('/state')")
        frames_src = mp.exec(_APP_DRIVER).split("\n")
    assert frames_mpy == frames_src
    assert len(set(frames_mpy)) > 4  # the keys really moved through several screens
    assert "errors 0" in frames_mpy


def test_mpy_cross_failure_names_the_file(tmp_path, capsys):
    """A module mpy-cross cannot compile stops the deploy with the file name and its error."""
    fw = tmp_path / "firmware"
    (fw / "wyrm").mkdir(parents=True)
    (fw / "main.py").write_text("import wyrm\n")
    (fw / "wyrm" / "__init__.py").write_text("")
    (fw / "wyrm" / "broken.py").write_text("def f(:\n    pass\n")
    code, out, err = run_deploy(
        capsys, "--dry-run", "--firmware", str(fw), "--out", str(tmp_path / "out")
    )
    assert code == 1
    assert err.startswith("mpy-cross could not compile %s" % (fw / "wyrm" / "broken.py"))
    assert 'File "%s", line 1' % (fw / "wyrm" / "broken.py") in err  # mpy-cross's own words
    assert "SyntaxError" in err
    assert "host_tools" not in err  # no traceback of the deploy tool itself


def test_bad_board_profile_is_reported_before_building(tmp_path, capsys):
    """A wrong board profile prints the firmware's own BoardError text and builds nothing."""
    with open(BOARD) as f:
        prof = json.load(f)
    prof["buttons"]["OK"]["pin"] = 40
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(prof))
    out_dir = tmp_path / "out"
    code, out, err = run_deploy(capsys, "--dry-run", "--board", str(path), "--out", str(out_dir))
    assert code == 1
    assert err == "Board profile error: %s: buttons.OK: pin 40 does not exist on the Pico\n" % path
    assert not out_dir.exists()


def test_unknown_board_name_lists_the_boards(tmp_path, capsys):
    """An unknown BOARD name says which profiles exist."""
    code, _, err = run_deploy(capsys, "--dry-run", "--board", "pico-nope", "--out", str(tmp_path))
    assert code == 1
    names = sorted(n[:-5] for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".json"))
    assert "Unknown board 'pico-nope'" in err
    assert "Boards: %s." % ", ".join(names) in err


def test_refuses_to_clear_a_folder_it_did_not_build(tmp_path, capsys):
    """--out pointing at a folder with other files in it is left alone."""
    (tmp_path / "precious.txt").write_text("keep me")
    code, _, err = run_deploy(capsys, "--dry-run", "--out", str(tmp_path))
    assert code == 1
    assert err.startswith("Refusing to clear")
    assert (tmp_path / "precious.txt").read_text() == "keep me"


# -- the device ----------------------------------------------------------------------
def test_deploy_to_fake_pico_copies_everything_removes_stale_modules_and_resets(
    built, tmp_path, capsys
):
    """A deploy via the real mpremote puts the build on the Pico, drops shadowing .py, resets."""
    _, files, _ = built
    with FakePico() as pico:
        pico.write("wyrm/app.py", b"raise ImportError('stale app.py was imported')\n")
        pico.write("wyrm/retired.mpy", b"M\x06old")
        pico.write("dice.json", b'{"saved": 1}')  # the user's data stays
        code, out, err = run_deploy(
            capsys, "--port", pico.port, "--out", str(tmp_path / "out"), "--timeout", "60"
        )
        assert (code, err) == (0, "")
        assert pico.tree() == sorted(set(files) | {"dice.json"})
        for name, data in files.items():
            assert pico.read(name) == data, name
        assert pico.read("dice.json") == b'{"saved": 1}'
        assert pico.events[-1] == "hard-reset"
        assert "Removed stale files: wyrm/app.py, wyrm/retired.mpy." in out
        assert "Copied %d files" % len(files) in out
        # one line says which firmware this is, and what Wyrm's own would give
        stock = [ln for ln in out.splitlines() if "stock MicroPython" in ln]
        assert len(stock) == 1 and stock[0].startswith("This Pico runs the stock MicroPython")
        assert "make uf2 gives Wyrm's own firmware (faster, more free RAM)" in stock[0]
        assert "own firmware" not in out.replace(stock[0], "")
        # MicroPython on the "Pico" now loads the new app and board from what was copied.
        shown = pico.mp.exec(
            "import wyrm.app\nfrom wyrm import board\n"
            "print(wyrm.app.__file__, board.load_file('board.json')['name'])"
        )
        assert shown == "/flash/wyrm/app.mpy pico-ssd1306-4btn\n"


OWN_MACHINE = "Raspberry Pi Pico (Wyrm) with RP2040"  # boards/micropython/WYRM_PICO's name


def test_probe_reads_the_board_name_the_firmware_gives(monkeypatch):
    """The probe asks the firmware its board name over the raw REPL and leaves the REPL as it
    was: the WebAssembly MicroPython's own name, or Wyrm's firmware's."""
    with FakePico() as pico:
        name = deploy.probe(pico.port, 2.0)
        assert name and deploy.OWN_MARK not in name, name
        monkeypatch.setattr(deploy, "MACHINE_CODE", "print(%r)" % OWN_MACHINE)
        assert deploy.probe(pico.port, 2.0) == OWN_MACHINE
        assert pico.mp.exec("print(1 + 1)") == "2\n"


def test_deploy_to_wyrm_firmware_copies_profile_and_data_and_removes_the_stock_files(
    tmp_path, capsys, monkeypatch
):
    """On a Pico that runs Wyrm's own firmware (its board name says "(Wyrm)"), deploy copies
    only main.py, board.json and the data files (names.txt, at the root) and removes what a
    deploy on the stock MicroPython left - the wyrm/ folder and wyrm_finder.mpy, which would
    shadow the frozen package - and keeps the saves and other files; it says which firmware
    it found."""
    monkeypatch.setattr(deploy, "MACHINE_CODE", "print(%r)" % OWN_MACHINE)
    with FakePico() as pico:
        for name in ("wyrm/shell.mpy", "wyrm/games/dice_play.mpy", "wyrm_finder.mpy"):
            pico.write(name, b"M\x06stale")
        pico.write("wyrm/names.txt", b"Old\n")
        pico.write("wyrm/notes.json", b"{}")  # not Wyrm's: stays, and so does its folder
        pico.write("dice.json", b'{"saved": 1}')
        code, out, err = run_deploy(capsys, "--port", pico.port, "--out", str(tmp_path / "o"))
        assert (code, err) == (0, "")
        with open(BOARD, "rb") as f:
            want = dict(deploy.frozen_files(f.read()))
        assert sorted(want) == ["board.json", "main.py", "names.txt"]
        assert pico.tree() == sorted(set(want) | {"dice.json", "wyrm/notes.json"})
        for name, data in want.items():
            assert pico.read(name) == data, name
        assert pico.read("dice.json") == b'{"saved": 1}'
        assert pico.events[-1] == "hard-reset"
    assert "This Pico runs Wyrm's own firmware (%s)" % OWN_MACHINE in out
    assert "stock MicroPython" not in out
    assert "Copied 3 files" in out
    for gone in ("wyrm/shell.mpy", "wyrm/games/dice_play.mpy", "wyrm/games/", "wyrm/names.txt",
                 "wyrm_finder.mpy"):
        assert gone in out.split("Removed stale files: ")[1], out


def test_deploy_to_wyrm_firmware_on_a_clean_filesystem_removes_nothing(
    tmp_path, capsys, monkeypatch
):
    """Wyrm's own firmware with no wyrm/ folder (what its UF2 writes): the three files are
    copied, nothing is removed, and a second deploy copies nothing."""
    monkeypatch.setattr(deploy, "MACHINE_CODE", "print(%r)" % OWN_MACHINE)
    with FakePico() as pico:
        code, out, err = run_deploy(capsys, "--port", pico.port, "--out", str(tmp_path / "o"))
        assert (code, err) == (0, "")
        assert "Copied 3 files" in out and "Removed" not in out, out
        assert pico.tree() == ["board.json", "main.py", "names.txt"]
        code, out, err = run_deploy(capsys, "--port", pico.port, "--out", str(tmp_path / "o"))
        assert (code, err) == (0, "")
        assert "Copied 0 files" in out and "3 already up to date" in out, out


def test_redeploy_copies_only_changed_files(tmp_path, capsys):
    """A second deploy of a different board profile copies just board.json."""
    with FakePico() as pico:
        code, _, err = run_deploy(capsys, "--port", pico.port, "--out", str(tmp_path / "a"))
        assert (code, err) == (0, "")
        code, out, err = run_deploy(
            capsys,
            "--port",
            pico.port,
            "--board",
            "pico-sh1106-4btn",
            "--out",
            str(tmp_path / "b"),
        )
        assert (code, err) == (0, "")
        assert "Copied 1 file (" in out
        with open(os.path.join(ROOT, "boards", "pico-sh1106-4btn.json"), "rb") as f:
            assert pico.read("board.json") == f.read()
        assert pico.events.count("hard-reset") == 2


def test_no_device_message_lists_ports(tmp_path):
    """No board at PORT: a plain message (no traceback) with the ports that exist, exit status 1."""
    port = "/dev/ttyACM-wyrm-missing"
    proc = subprocess.run(
        [sys.executable, "-m", "host_tools.make.deploy", "--port", port,
         "--out", str(tmp_path / "o")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert proc.stderr.startswith("No board at %s. Is the Pico plugged in" % port)
    assert "\nPorts found: " in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_pico_in_bootsel_mode_is_sent_to_make_uf2():
    """With no serial port (a Pico in BOOTSEL mode is a USB drive, RPI-RP2), and from a device
    without MicroPython, the advice is `make uf2` for the board given - one file with
    MicroPython and Wyrm, which replaces the saves - not MicroPython's bare .uf2."""
    for msg in (deploy.no_board("/dev/ttyACM0", "pico-sh1106-4btn"),
                deploy.not_micropython("/dev/ttyACM0", b"", "pico-sh1106-4btn")):
        assert "RPI-RP2" in msg and "make uf2 BOARD=pico-sh1106-4btn" in msg, msg
        assert deploy.MICROPYTHON_URL not in msg and "saved games" in msg, msg


def test_no_device_message_names_usb_ports(monkeypatch):
    """The port list merges /dev/ttyACM*, /dev/ttyUSB* and pyserial's USB ports, skipping ttyS."""
    from serial.tools import list_ports

    class Port:
        def __init__(self, device, vid, description):
            self.device, self.vid, self.description = device, vid, description

    monkeypatch.setattr(
        deploy.glob, "glob", lambda pat: ["/dev/ttyACM1"] if pat == "/dev/ttyACM*" else []
    )
    monkeypatch.setattr(
        list_ports,
        "comports",
        lambda: [
            Port("/dev/ttyS0", None, "n/a"),
            Port("/dev/ttyACM1", 0x2E8A, "Board in FS mode"),
            Port("/dev/cu.usbmodem1101", 0x2E8A, "Pico"),
        ],
    )
    msg = deploy.no_board("/dev/ttyACM0")
    assert "Ports found: /dev/cu.usbmodem1101 (Pico), /dev/ttyACM1 (Board in FS mode)\n" in msg


@pytest.mark.parametrize(
    "mode, heard", [("garbage", "It answered: '.. Arduino sensor"), ("silent", "It sent nothing")]
)
def test_not_micropython_message(mode, heard, tmp_path, capsys):
    """A device without MicroPython's raw REPL gets 'Flash MicroPython first'; nothing copied."""
    with FakePico(mode=mode) as pico:
        code, out, err = run_deploy(
            capsys, "--port", pico.port, "--out", str(tmp_path), "--probe-timeout", "0.6"
        )
    assert code == 1
    assert err.startswith(
        "The device at %s did not answer like MicroPython (no raw REPL after Ctrl-C, Ctrl-A). %s"
        % (pico.port, heard)
    )
    assert "\nFlash MicroPython first: hold BOOTSEL" in err
    assert "make uf2 BOARD=pico-ssd1306-4btn" in err  # (the default board)
    assert "MicroPython answers" not in out


# -- the fake Pico itself ----------------------------------------------------------------
def test_fake_pico_falls_back_to_plain_raw_repl():
    """With raw-paste refused ("R\\x00"), mpremote runs code on the fake Pico in plain raw mode."""
    with FakePico(raw_paste=False) as pico:
        proc = subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", pico.port, "exec", "print(6 * 7)"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (proc.returncode, proc.stdout) == (0, "42\n")
        assert pico.raw_pastes == 0 and pico.execs == 1
        assert pico.events == ["raw-repl", "soft-reset"]


def test_fake_pico_reports_oserrors_like_a_pico():
    """WebAssembly errno numbers show as the Pico's ("[Errno 2] ENOENT"), which mpremote parses."""
    tb = 'Traceback (most recent call last):\n  File "<stdin>", line 1\nOSError: 44\n'
    assert pico_traceback(tb).endswith("\nOSError: [Errno 2] ENOENT\n")
    assert pico_traceback("OSError: 20").endswith("OSError: [Errno 17] EEXIST")
    assert pico_traceback("OSError: 9999") == "OSError: 9999"
