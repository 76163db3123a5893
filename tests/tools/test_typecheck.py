"""The pyright check against the Pico's stubs (host_tools/checks/typecheck.py).

Two pyright runs, about 5 s of CPU each: the firmware with two bad files added (checked
by two tests), and a small clean tree.
"""

import glob
import json
import os
import shutil

import pytest

from host_tools.checks import picoimports, typecheck

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _pyright(firmware_dir):
    """Run the checker; return (status, {file basename: [(line, rule), ...]} for errors)."""
    status, out = typecheck.run(firmware_dir, ["--outputjson"])
    report = json.loads(out[out.index("{") :])
    errors = {}
    for d in report["generalDiagnostics"]:
        if d["severity"] == "error":
            errors.setdefault(os.path.basename(d["file"]), []).append(
                (d["range"]["start"]["line"] + 1, d.get("rule"))
            )
    return status, errors


@pytest.fixture(scope="module")
def firmware_with_bad_files(tmp_path_factory):
    """One pyright run over a copy of firmware/ plus two files that must fail:
    (status, errors). The tests below each read their own file's errors."""
    fw = tmp_path_factory.mktemp("typecheck") / "firmware"
    shutil.copytree(
        os.path.join(ROOT, "firmware"), fw, ignore=shutil.ignore_patterns("__pycache__")
    )
    (fw / "uses_dataclasses.py").write_text("import dataclasses\n")
    (fw / "uses_bad_api.py").write_text(
        "import machine\nimport time\n\nmachine.Pin(1).nonexistent()\ntime.monotonic()\n"
    )
    return _pyright(str(fw))


def test_cpython_only_module_is_an_error(firmware_with_bad_files):
    """`import dataclasses` in firmware fails the check: CPython's stdlib is not visible."""
    status, errors = firmware_with_bad_files
    assert status != 0
    assert errors["uses_dataclasses.py"] == [(1, "reportMissingImports")]


def test_api_the_pico_lacks_is_an_error(firmware_with_bad_files):
    """Calling a method machine.Pin lacks, or time.monotonic(), fails the check."""
    status, errors = firmware_with_bad_files
    assert status != 0
    assert errors["uses_bad_api.py"] == [
        (4, "reportAttributeAccessIssue"),
        (5, "reportAttributeAccessIssue"),
    ]


def test_firmware_itself_has_no_errors(firmware_with_bad_files):
    """Beside the two planted files, the firmware copy checks clean."""
    _status, errors = firmware_with_bad_files
    assert sorted(errors) == ["uses_bad_api.py", "uses_dataclasses.py"]


def test_clean_pico_code_passes(tmp_path):
    """Code using only the Pico's API (machine, framebuf, const, the wyrm package) passes."""
    fw = tmp_path / "firmware"
    (fw / "wyrm").mkdir(parents=True)
    (fw / "wyrm" / "__init__.py").write_text("VERSION = '0'\n")
    (fw / "main.py").write_text(
        "import framebuf\nimport machine\nimport time\nfrom micropython import const\n\n"
        "from wyrm import VERSION\n\n"
        "_W = const(128)\npin = machine.Pin(25, machine.Pin.OUT)\npin.value(1)\n"
        "fb = framebuf.FrameBuffer(bytearray(_W * 8), _W, 64, framebuf.MONO_VLSB)\n"
        "fb.fill_rect(0, 0, 4, 4, 1)\n"
        "time.sleep_ms(time.ticks_diff(time.ticks_ms(), 0) & 1)\nprint(VERSION)\n"
    )
    status, errors = _pyright(str(fw))
    assert (status, errors) == (0, {})


def test_pico_allowlist_matches_the_stub_package():
    """The import allow-list (runner guard + static check) is what the pinned rp2 stubs offer."""
    site = typecheck.ensure_stubs_venv()
    rp2_record = glob.glob(
        os.path.join(site, "micropython_rp2_rpi_pico_stubs-*.dist-info", "RECORD")
    )[0]
    std_record = glob.glob(os.path.join(site, "micropython_stdlib_stubs-*.dist-info", "RECORD"))[0]

    def tops(record, prefix=""):
        names = set()
        with open(record) as f:
            for line in f:
                path = line.split(",")[0]
                if not path.startswith(prefix):
                    continue
                top = path[len(prefix) :].split("/")[0]
                if not top.endswith(".dist-info"):
                    names.add(top[:-4] if top.endswith(".pyi") else top)
        return names

    rp2 = tops(rp2_record) - {"__builtins__"}
    std = tops(std_record, "stdlib/")
    derived = rp2 | {u[1:] for u in rp2 if u.startswith("u") and u[1:] in rp2 | std} | {"builtins"}
    assert picoimports.pico_modules() == derived
    for absent in ("typing", "abc", "enum", "functools", "dataclasses"):
        assert absent not in derived


@pytest.mark.parametrize(
    "name", ["machine.pyi", "framebuf.pyi", os.path.join("stdlib", "builtins.pyi")]
)
def test_stub_venv_has_the_pico_stubs(name):
    """The stub venv holds the rp2 stubs and their own stdlib (pyright's typeshedPath)."""
    assert os.path.isfile(os.path.join(typecheck.ensure_stubs_venv(), name))
