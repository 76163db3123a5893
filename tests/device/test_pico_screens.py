"""Game screens on the real firmware at human tapping speed: identical to the simulator.

Key scripts are the simulator's (80 ms down, 120 ms up), played on the emulated Pico
with ``paced=True``: after each key-up gap the harness also waits until the app is
back in its input loop, so no press lands while a screen is still loading (today the
device loses those; the simulator never does).

The screens: every documentation screenshot (host_tools/make/shots.py and shots.d/) whose
picture does not depend on the dice (the simulator draws the same frame with three
seeds far apart), and each game's menu. The device draws the simulator's random numbers
(``pico.boot(seed=...)``): a secret dealt on the way picks what the keys after it do, and
the Pico's own randomness (its timing) would pick another. Shots whose script continues
another's are played on one boot. ``PICO_SHOTS=all`` plays every such shot; by default a
set chosen to keep ``make test`` short still covers every game's menu and a deep screen of
each.
"""
import os

import pytest
from pico_support import parallel, sim_frame

from host_tools.emu import pico
from host_tools.make import shots
from host_tools.sim import menu

# Each game's menu from the main menu (the order of wyrm.registry.GAMES).
GAME_MENUS = {g[0]: menu.to_row(g[0]) for g in menu.games()}
# One deep screen of each game (documentation shots).
DEEP = {
    "Drachenhort": "drachenhort-board",
    "Drakskatten": "drakskatten-treasure-table",
    "DrachenSchatten": "drachenschatten-tracker",
    "Drachenfels": "drachenfels-move",
    "Der Weg n. Drakonia": "drakonia-count",
}
# The default set (make test's time budget): 8 boots, about 180 key presses. The main menus
# are compared in test_pico_boot.py.
DEFAULT_SHOTS = set(DEEP.values()) | {
    "drachenhort-menu", "drachenhort-capture", "drachenhort-order", "drachenhort-escape",
    "drachenfels-setup", "drachenfels-castle-check", "dealer-pass", "dealer-hold",
    "dealer-pass-128x32", "dealer-hidden",
}


# Screens that show the runtime itself: About says "free: n/a (host)" in the simulator
# and the free heap on the device.
RUNTIME_SHOWN = {"about"}


def _tokens(script):
    return [t.strip() for t in script.split(",") if t.strip()]


def wanted_screens():
    """{name: (script, seed, board)}: the dice-free shots (all, or the default set) and menus."""
    every = os.environ.get("PICO_SHOTS") == "all"
    out = {}
    for name, (script, seed, board, _shows) in shots.all_shots().items():
        if name.startswith("dice-") or name in RUNTIME_SHOWN:
            continue
        if not (every or name in DEFAULT_SHOTS):
            continue
        out[name] = (script, seed, board)
    for game, script in GAME_MENUS.items():
        out["menu: " + game] = (script, 1, "pico-ssd1306-4btn")
    return out


def without_dice(script, seed, board):
    """The simulator's final frame if it is the same for three seeds, else None.

    The seeds are far apart: neighbouring seeds can start with the same draws."""
    frames = [sim_frame(script, board, s)[0] for s in (seed, seed + 1234, seed + 99991)]
    return frames[0] if frames[0] == frames[1] == frames[2] else None


def chains(screens):
    """Group screens into runs on one boot: each script continues the previous one, on the
    same board with the same seed."""
    items = sorted((board, seed, _tokens(script), name)
                   for name, (script, seed, board) in screens.items())
    out = []
    for board, seed, toks, name in items:
        for c in out:
            if c[0] == (board, seed) and toks[:len(c[-1][1])] == c[-1][1]:
                c.append((name, toks))
                break
        else:
            out.append([(board, seed), (name, toks)])
    return out


def play_chain(chain):
    """Boot once, play each screen's script on from the previous; the frame at each end. The
    device draws the simulator's random numbers (the shot's seed): a secret dealt on the way
    (a princess) is the simulator's, so the keys after it lead to the same screens."""
    (board, seed), steps = chain[0], chain[1:]
    got = {}
    with pico.boot(board, seed=seed) as dev:
        done = []
        for name, toks in steps:
            dev.play(",".join(toks[len(done):]), paced=True)
            done = toks
            got[name] = (dev.frame(), dev.errors(), dev.width, dev.height)
    return got


@pytest.fixture(scope="module")
def played():
    screens = wanted_screens()
    want = {n: without_dice(*v) for n, v in screens.items()}
    todo = {n: v for n, v in screens.items() if want[n] is not None}
    results = {}
    for r in parallel(play_chain, chains(todo)):
        results.update(r)
    return screens, want, results


def _mismatch(name, want, got):
    frame, errors, w, h = got
    if errors:
        return "%s: errors on the console %s" % (name, errors)
    if frame != want:
        from pico_support import ascii_art

        return "%s differs:\ndevice:\n%s\nsimulator:\n%s" % (
            name, ascii_art(frame, w, h), ascii_art(want, w, h))
    return None


@pytest.mark.parametrize("game", list(GAME_MENUS))
def test_game_menu_and_a_deep_screen_match_the_simulator(played, game):
    _screens, want, results = played
    for name in ("menu: " + game, DEEP[game]):
        assert want[name] is not None, "%s depends on the dice in the simulator" % name
        problem = _mismatch(name, want[name], results[name])
        assert problem is None, problem


def test_documentation_shots_without_dice_match_the_simulator(played):
    screens, want, results = played
    shot_names = [n for n in screens if not n.startswith("menu: ") and want[n] is not None]
    assert len(shot_names) >= 14, shot_names
    problems = [p for p in (_mismatch(n, want[n], results[n]) for n in sorted(shot_names)) if p]
    assert not problems, "%d of %d differ: %s\n\n%s" % (
        len(problems), len(shot_names), ", ".join(p.split(":")[0] for p in problems),
        "\n\n".join(problems))
