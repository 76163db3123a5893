"""Type-check firmware/ against the Pico's real MicroPython API with pyright.

    python host_tools/checks/typecheck.py [FIRMWARE_DIR]     # exit 0: clean, non-zero: errors

The stubs venv and why CPython's library stays invisible: docs/TOOLS.md.
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUBS_VENV = os.path.join(ROOT, ".venv-stubs")
PYRIGHT = os.path.join(ROOT, "node_modules", ".bin", "pyright")
# Pinned: rp2 (Raspberry Pi Pico) stubs for MicroPython 1.28, and the newest
# stdlib stubs release of the 1.28 line they accept (>=1.28.0,<1.29.0).
STUB_PACKAGES = [
    "micropython-rp2-rpi-pico-stubs==1.28.0.post4",
    "micropython-stdlib-stubs==1.28.0.post6",
]
_MARKER = "wyrm-stubs.txt"  # in the venv: which pins it was built with

# Sane defaults for firmware that is still being written: basic mode, and no
# complaint that a stub has no matching source (MicroPython modules never do).
PYRIGHT_SETTINGS = {
    "typeCheckingMode": "basic",
    "pythonVersion": "3.11",
    "reportMissingModuleSource": "none",
    "reportMissingImports": "error",
    "reportAttributeAccessIssue": "error",
}


def stubs_site_packages():
    """Path of .venv-stubs' site-packages, or None if the venv is missing/outdated."""
    marker = os.path.join(STUBS_VENV, _MARKER)
    try:
        with open(marker) as f:
            if f.read().split() != STUB_PACKAGES:
                return None
    except OSError:
        return None
    found = glob.glob(os.path.join(STUBS_VENV, "lib", "python3*", "site-packages"))
    return found[0] if found else None


def ensure_stubs_venv():
    """Create .venv-stubs with the pinned stub packages unless it is already right."""
    site = stubs_site_packages()
    if site:
        return site
    print("typecheck: creating %s with %s" % (STUBS_VENV, " ".join(STUB_PACKAGES)), file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", "--clear", STUBS_VENV], check=True)
    pip = os.path.join(STUBS_VENV, "bin", "pip")
    subprocess.run(
        [pip, "install", "--quiet", "--disable-pip-version-check", "--no-deps"] + STUB_PACKAGES,
        check=True,
    )
    with open(os.path.join(STUBS_VENV, _MARKER), "w") as f:
        f.write("\n".join(STUB_PACKAGES) + "\n")
    site = stubs_site_packages()
    if not site or not os.path.isfile(os.path.join(site, "machine.pyi")):
        raise RuntimeError("stub venv %s looks incomplete (no machine.pyi)" % STUBS_VENV)
    return site


def pyright_config(firmware_dir, site_packages, config_dir):
    fw = os.path.abspath(firmware_dir)
    rel = os.path.relpath(fw, config_dir)  # pyright wants include/exclude relative to the config
    config = {
        "include": [rel],
        "exclude": [rel + "/**/__pycache__"],
        "typeshedPath": site_packages,
        "venvPath": os.path.dirname(STUBS_VENV),
        "venv": os.path.basename(STUBS_VENV),
        "extraPaths": [fw],
    }
    config.update(PYRIGHT_SETTINGS)
    return config


def run(firmware_dir, extra_args=()):
    """Run pyright on ``firmware_dir``; returns (exit status, output text)."""
    if not os.path.exists(PYRIGHT):
        raise RuntimeError("pyright is not installed (%s): run `make test` or `npm ci`" % PYRIGHT)
    site = ensure_stubs_venv()
    tmp = tempfile.mkdtemp(prefix="wyrm-pyright-")
    try:
        cfg = os.path.join(tmp, "pyrightconfig.json")
        with open(cfg, "w") as f:
            json.dump(pyright_config(firmware_dir, site, tmp), f, indent=1)
        proc = subprocess.run(
            [PYRIGHT, "--project", cfg] + list(extra_args), cwd=ROOT, capture_output=True, text=True
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return proc.returncode, proc.stdout + proc.stderr


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    firmware = argv[0] if argv else os.path.join(ROOT, "firmware")
    status, output = run(firmware, argv[1:])
    print(output, end="")
    return status


if __name__ == "__main__":
    sys.exit(main())
