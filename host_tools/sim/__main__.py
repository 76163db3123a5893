"""Wyrm simulator.

Scripted (headless):
    python -m host_tools.sim --keys down,ok --text
    python -m host_tools.sim --runtime micropython --seed 7 --keys ok --png out.png

Interactive (no --keys): a pygame window when a display is present, else the
terminal (Unicode blocks; works over SSH and in tmux).
"""
import argparse
import os
import sys

from host_tools import paths
from host_tools.sim import core


def build_parser():
    p = argparse.ArgumentParser(prog="python -m host_tools.sim", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", default="pico-ssd1306-4btn",
                   help="board profile: a name in boards/ or the path of a .json file")
    p.add_argument("--runtime", default="cpython", choices=("cpython", "micropython"))
    p.add_argument("--seed", type=int, default=None, help="deterministic dice and deals")
    p.add_argument("--state", default=None,
                   help="folder standing in for the Pico's flash (default: a fresh temporary one)")
    p.add_argument("--keys", default=None,
                   help="key script: up,down,ok,back,long:ok,hold:ok:1500,chord:up+down,press:ok,"
                        "release:ok,wait:500 (TOKEN*N repeats)")
    p.add_argument("--text", action="store_true", help="print the text on the final frame")
    p.add_argument("--png", default=None,
                   help="write the final frame as a PNG (grey when the screen saver has dimmed "
                        "the panel, dark when it is off)")
    p.add_argument("--frames", default=None, help="write every changed frame as PNG into DIR")
    p.add_argument("--terminal", action="store_true", help="interactive: force the terminal view")
    p.add_argument("--scale", type=int, default=4, help="PNG / window pixel scale")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    paths.setup()
    try:  # a broken profile: one line naming the problem, exit status 2
        board = core.load_board(args.board)
    except core.ScriptError as exc:
        print("sim: %s" % exc, file=sys.stderr)
        return 2
    for note in core.board_notes(board, core.board_path(args.board)):
        print("sim: note: %s" % note, file=sys.stderr)
    if args.keys is None:
        return interactive(args)
    panel = {}
    try:
        frames, w, h, errors = core.run_script(
            args.keys, args.board, args.runtime, args.seed, args.state, panel
        )
    except core.ScriptError as exc:
        print("sim: %s" % exc, file=sys.stderr)
        return 2
    if not frames:
        print("sim: the app drew nothing", file=sys.stderr)
        return 3
    last = frames[-1]
    if args.frames:
        os.makedirs(args.frames, exist_ok=True)
        for f in frames:
            core.write_png(os.path.join(args.frames, "frame_%04d.png" % f.index),
                              f.data, w, h, args.scale)
    if args.png:
        # the panel as it is at the end: a dimmed screen grey, a switched-off one dark
        core.write_png(args.png, last.data, w, h, args.scale, panel["on"], panel["level"])
    if args.text:
        print(last.text())
    if errors:
        for e in errors:
            print("sim: firmware error: %s" % e, file=sys.stderr)
        return 4
    return 0


def _run_view(device, board, in_window, args):
    """The window, or the terminal (also when the window cannot open); the exit status."""
    from host_tools.sim import term

    if in_window:
        from host_tools.sim import window

        try:
            return window.run(device, args)
        except window.WindowError as exc:
            problem = term.check_terminal(board)
            print("sim: %s; %s" % (exc, problem or "using the terminal"), file=sys.stderr)
            if problem:
                return 2
    return term.run(device, args)


def interactive(args):
    """The live simulator (no --keys): the app on a real clock until the user quits."""
    import shutil
    import tempfile

    from host_tools.mp.runner import MicroPythonError, RunnerError
    from host_tools.sim import live, term

    try:
        board = core.load_board(args.board)
    except core.ScriptError as exc:
        print("sim: %s" % exc, file=sys.stderr)
        return 2
    in_window = live.want_window(args)
    if not in_window:
        problem = term.check_terminal(board)
        if problem:
            print("sim: %s" % problem, file=sys.stderr)
            return 2
    kept = args.state is not None
    state = args.state if kept else tempfile.mkdtemp(prefix="wyrm-state-")
    os.makedirs(state, exist_ok=True)
    device = None
    try:
        if args.runtime == "micropython":
            try:
                device = live.MicroPythonDevice(board, state, args.seed)
                rc = _run_view(device, board, in_window, args)
            except (RunnerError, MicroPythonError) as exc:
                lines = str(exc).strip().splitlines()
                print("sim: MicroPython failed: %s" % (lines[-1] if lines else exc),
                      file=sys.stderr)
                return 3
        else:
            device = live.Device(board, state, args.seed)
            rc = _run_view(device, board, in_window, args)
        errs = device.errors()
        if errs:
            print("sim: %d firmware error(s) during the session:" % len(errs), file=sys.stderr)
            for e in errs:
                print("  %s" % e, file=sys.stderr)
            rc = rc or 4
    finally:
        if device is not None and hasattr(device, "close"):
            device.close()
        print(live.state_note(state, kept))
        if not kept:
            shutil.rmtree(state, ignore_errors=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
