"""The real-MicroPython runner (host_tools/mp/) and the Pico import checks."""

import os
import subprocess
import sys

import pytest

from host_tools.checks import picoimports
from host_tools.mp import runner as mprun
from host_tools.mp.runner import MicroPython, MicroPythonError, RunnerError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUN_MJS = os.path.join(ROOT, "host_tools", "mp", "run.mjs")

# In the WebAssembly build but not in a Pico's firmware.
NOT_ON_PICO = [
    "functools",
    "itertools",
    "abc",
    "logging",
    "types",
    "inspect",
    "copy",
    "datetime",
    "string",
]
ON_PICO = [
    "framebuf",
    "json",
    "gc",
    "time",
    "random",
    "os",
    "sys",
    "struct",
    "re",
    "collections",
    "math",
    "array",
    "errno",
    "micropython",
    "asyncio",
    "binascii",
    "io",
    "ujson",
    "utime",
]


# -- running code -------------------------------------------------------------
def test_runs_real_micropython_1_28(mp):
    """Code really runs in MicroPython 1.28, not CPython."""
    out = mp.exec("import sys\nprint(sys.implementation.name, sys.implementation.version[:2])")
    assert out == "micropython (1, 28)\n"


def test_exec_returns_everything_printed(mp):
    """exec() returns the exact stdout, including a last line without a newline."""
    assert mp.exec("print('a')\nprint('b', end='')") == "a\nb"
    assert mp.exec("x_mprun = 1") == ""


def test_exception_raises_with_traceback_and_prior_output(mp):
    """A MicroPython exception raises MicroPythonError carrying the traceback and earlier output."""
    with pytest.raises(MicroPythonError) as info:
        mp.exec("print('before')\nraise ValueError('bad dice')")
    err = info.value
    assert err.exc_type == "ValueError"
    assert "ValueError: bad dice" in str(err)
    assert "Traceback" in err.traceback
    assert err.stdout == "before\n"


def test_interpreter_survives_an_exception(mp):
    """After a failed exec the same interpreter keeps working with its globals."""
    mp.exec("kept_mprun = 41")
    with pytest.raises(MicroPythonError):
        mp.exec("1 / 0")
    assert mp.exec("print(kept_mprun + 1)") == "42\n"


def test_firmware_is_at_flash(mp):
    """firmware/ is copied to /flash, which is the cwd and first on sys.path."""
    out = mp.exec("import os, sys, wyrm.ticks as t\nprint(os.getcwd(), sys.path[0], t.__file__)")
    assert out == "/flash /flash /flash/wyrm/ticks.py\n"
    names = mp.listdir("/flash/wyrm")
    assert "ticks.py" in names and "__pycache__" not in names


def test_reset_gives_fresh_interpreter_and_flash():
    """reset() forgets globals and files written since start, and reloads firmware/."""
    with MicroPython() as mp:
        mp.exec("forget_me = 1")
        mp.write_file("/flash/extra.txt", b"x")
        mp.reset()
        with pytest.raises(MicroPythonError) as info:
            mp.exec("forget_me")
        assert info.value.exc_type == "NameError"
        assert mp.read_file("/flash/extra.txt") is None
        assert mp.read_file("/flash/wyrm/ticks.py") is not None


def test_hung_code_times_out_and_reset_recovers():
    """An endless loop is killed after the timeout; reset() brings a working interpreter back."""
    with MicroPython(timeout=1.5) as mp:
        with pytest.raises(RunnerError, match="did not answer"):
            mp.exec("while True:\n    pass")
        with pytest.raises(RunnerError, match="not running"):
            mp.exec("print(1)")
        mp.reset()
        assert mp.exec("print(2)") == "2\n"


def test_missing_node_modules_says_how_to_fix(monkeypatch):
    """Without node_modules the runner fails with 'npm ci' in the message, not a Node stack."""
    monkeypatch.setattr(mprun, "NODE_PACKAGE", os.path.join(ROOT, "no-such-dir"))
    with pytest.raises(RunnerError, match="npm ci"):
        MicroPython()


# -- the simulated flash ------------------------------------------------------
def test_files_round_trip_between_host_and_micropython(mp):
    """Bytes written from the host are read by MicroPython code and vice versa, folders created."""
    data = bytes(range(256))
    mp.write_file("/flash/t_mprun/deep/a.bin", data)
    assert mp.exec("print(len(open('/flash/t_mprun/deep/a.bin', 'rb').read()))") == "256\n"
    mp.exec("f = open('t_mprun/b.json', 'w')\nf.write('{\"k\": [1, 2]}')\nf.close()")
    assert mp.read_file("/flash/t_mprun/b.json") == b'{"k": [1, 2]}'
    assert mp.read_file("/flash/t_mprun/deep/a.bin") == data
    assert mp.listdir("/flash/t_mprun") == ["b.json", "deep"]


def test_missing_files_and_removal(mp):
    """Missing files read as None, missing folders list as None; remove() deletes folders whole."""
    assert mp.read_file("/flash/nope.txt") is None
    assert mp.listdir("/flash/nope") is None
    mp.write_file("/flash/t_rm/x/y.txt", b"1")
    assert mp.remove("/flash/t_rm") is True
    assert mp.listdir("/flash/t_rm") is None
    assert mp.remove("/flash/t_rm") is False


def test_bad_file_operation_fails_loudly(mp):
    """A file operation the file system refuses raises RunnerError, the interpreter lives on."""
    with pytest.raises(RunnerError):
        mp.read_file("/flash/wyrm")  # a folder
    with pytest.raises(RunnerError):
        mp.write_file("/flash/wyrm/ticks.py/child", b"x")
    assert mp.exec("print(3)") == "3\n"


# -- standalone runner exit status ----------------------------------------------
@pytest.mark.parametrize(
    "code, status",
    [
        ("print('ok')", 0),
        ("raise ValueError('x')", 1),
        ("import sys\nsys.exit(3)", 3),
        ("import functools", 1),
    ],
)
def test_run_mjs_exit_status(tmp_path, code, status):
    """`node host_tools/mp/run.mjs FILE` exits non-zero when MicroPython raises (Node: 0)."""
    script = tmp_path / "s.py"
    script.write_text(code + "\n")
    proc = subprocess.run(
        ["node", RUN_MJS, str(script)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == status, proc.stderr
    if status == 1:
        assert "Error" in proc.stderr


# -- the Pico import guard (runtime) --------------------------------------------------
def test_guard_blocks_modules_the_pico_lacks(mp):
    """Importing a module the WebAssembly build has but the Pico lacks raises ImportError."""
    with MicroPython(guard=False, firmware_dir=None) as unguarded:
        for name in NOT_ON_PICO:  # they exist in this build, so the guard is what stops them
            unguarded.exec("import %s" % name)
    for name in NOT_ON_PICO:
        with pytest.raises(MicroPythonError, match="not available on the Pico") as info:
            mp.exec("import %s" % name)
        assert info.value.exc_type == "ImportError"
    with pytest.raises(MicroPythonError, match="not available on the Pico"):
        mp.exec("from functools import partial")


def test_guard_allows_pico_modules(mp):
    """Modules the Pico has import normally, also inside try/except ImportError fallbacks."""
    mp.exec("import " + ", ".join(ON_PICO))
    out = mp.exec("try:\n    import typing\nexcept ImportError:\n    typing = None\nprint(typing)")
    assert out == "None\n"


def test_guard_checks_firmware_modules_too(mp):
    """A module on the flash may be imported, but its own imports are still checked."""
    mp.write_file("/flash/t_guard_ok.py", b"import json\nfrom wyrm import ticks\nVALUE = 7\n")
    mp.write_file("/flash/t_guard_bad.py", b"import itertools\n")
    assert mp.exec("import t_guard_ok\nprint(t_guard_ok.VALUE)") == "7\n"
    with pytest.raises(MicroPythonError, match="itertools"):
        mp.exec("import t_guard_bad")


# -- the Pico import check (static) -------------------------------------------------
def test_static_check_firmware_is_clean():
    """firmware/ imports only modules a Pico has (or its own)."""
    assert picoimports.check_tree(os.path.join(ROOT, "firmware")) == []


def test_static_check_flags_non_pico_imports(tmp_path):
    """Imports outside the Pico's set are reported with file and line; others pass.

    Allowed: Pico modules, the tree's own package, relative imports, imports in
    try/except ImportError, and lines marked # pico-ok.
    """
    pkg = tmp_path / "fw" / "wyrm"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ok.py").write_text(
        "import json\nfrom micropython import const\n"
        "from wyrm import bad\nfrom . import bad as b2\n"
        "try:\n    from typing import List\nexcept ImportError:\n    pass\n"
        "import traceback  # pico-ok: CPython-only branch\n"
    )
    (pkg / "bad.py").write_text("import gc\nimport functools\nfrom itertools import chain\n")
    problems = picoimports.check_tree(str(tmp_path / "fw"))
    assert problems == [
        "fw/wyrm/bad.py:2: imports 'functools', which the Pico does not have",
        "fw/wyrm/bad.py:3: imports 'itertools', which the Pico does not have",
    ]


def test_static_check_cli_exit_status(tmp_path):
    """`python -m host_tools.checks.picoimports DIR` exits 1 on a problem, 0 when clean."""
    (tmp_path / "main.py").write_text("import dataclasses\n")
    bad = subprocess.run(
        [sys.executable, "-m", "host_tools.checks.picoimports", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1 and "dataclasses" in bad.stdout
    (tmp_path / "main.py").write_text("import time\n")
    good = subprocess.run(
        [sys.executable, "-m", "host_tools.checks.picoimports", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert good.returncode == 0
