"""Screenshots of the main screens into docs/ (``make shots``).

Each shot is a key script run from power-on in the simulator with a fixed
seed, so the pictures are reproducible. A few of them are golden files in the
tests (tests/tools/test_shots.py). The shots the README shows are made in German too
(``GERMAN``, into docs/de/): the same keys with the language setting on Deutsch.
"""
import os
import shutil
import sys
import tempfile

from host_tools import paths
from host_tools.sim import core, menu

DOCS = os.path.join(paths.ROOT, "docs")

# name -> (key script, seed, board, first line of text the shot shows)
SHOTS = {
    "main-menu": ("wait:100", 1, "pico-ssd1306-4btn", "== Wyrm =="),
    "settings": ("up,ok", 1, "pico-ssd1306-4btn", "== Settings =="),
    "about": ("up,ok,up,ok", 1, "pico-ssd1306-4btn", "== About =="),
    "main-menu-128x32": ("wait:100", 1, "pico-ssd1306-128x32", "== Wyrm =="),
}
_BOARD = "pico-ssd1306-4btn"
DOCS_DE = os.path.join(DOCS, "de")
# the shots README.md shows, made in German as well (docs/de/<name>.png)
GERMAN = ("main-menu", "dice-roll", "dealer-hold", "drakskatten-fight-result", "players-list",
          "drachenhort-turn", "drakonia-count", "drachenschatten-tracker",
          "drachenfels-castle-check", "settings")

GAME_SHOTS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shots.d")


def all_shots():
    """Built-in shots plus one file per feature in host_tools/make/shots.d/*.txt.

    A line there reads: ``name | key script | seed | board | first line shown`` (seed
    empty: 1; board empty: the four-button 128x64 board). The last field is the first
    line of the shot's text (``Frame.text()``, the title bar as "== Title ==").
    A script may begin with ``row:<label>``: the keys that open that main menu row from its
    top (``host_tools.sim.menu.to_row``: ``row:Dice`` is ``down*5,ok``).
    """
    shots = dict(SHOTS)
    if os.path.isdir(GAME_SHOTS_DIR):
        for fn in sorted(os.listdir(GAME_SHOTS_DIR)):
            if not fn.endswith(".txt"):
                continue
            with open(os.path.join(GAME_SHOTS_DIR, fn)) as f:
                for line in f:
                    line = line.strip()
                    if not line or line.startswith("#"):
                        continue
                    parts = [p.strip() for p in line.split("|")]
                    if len(parts) != 5:
                        raise ValueError("%s: want 5 fields: %s" % (fn, line))
                    name, script, seed, board, shows = parts
                    if script.startswith("row:"):
                        label, _, rest = script[4:].partition(",")
                        script = menu.to_row(label) + ("," + rest if rest else "")
                    shots[name] = (script, int(seed or 1), board or _BOARD, shows)
    return shots


def make(name, script, seed, board, out_dir=DOCS, lang=0):
    """Run the shot's keys from power-on (``lang``: the language setting, 1 Deutsch) and
    write its last frame as ``out_dir``/name.png; (path, frame)."""
    state = tempfile.mkdtemp(prefix="wyrm-shot-")
    try:
        if lang:
            from wyrm.store import Store

            Store(state).save("settings", {"lang": lang})
        frames, w, h, errors = core.run_script(script, board, "cpython", seed, state=state)
    finally:
        shutil.rmtree(state, ignore_errors=True)
    if errors:
        raise RuntimeError("%s: firmware errors %s" % (name, errors))
    path = os.path.join(out_dir, name + ".png")
    core.write_png(path, frames[-1].data, w, h)
    return path, frames[-1]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    only = set(argv)
    os.makedirs(DOCS_DE, exist_ok=True)
    for name, (script, seed, board, _shows) in sorted(all_shots().items()):
        if only and name not in only:
            continue
        path, _ = make(name, script, seed, board)
        print("wrote", os.path.relpath(path, paths.ROOT))
        if name in GERMAN:
            path, _ = make(name, script, seed, board, out_dir=DOCS_DE, lang=1)
            print("wrote", os.path.relpath(path, paths.ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
