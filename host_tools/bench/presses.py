"""Presses at the table: each common task as a key script with a press budget.

    python -m host_tools.bench.presses          # the table, on every board

How a press is counted: docs/PRESSES.md; tests/firmware/test_presses.py plays the same scripts.
"""
import os
import re
import shutil
import sys
import tempfile

from host_tools.bench.figures import put_between
from host_tools.sim import core
from host_tools.sim.menu import to_row

BOARDS = ("pico-ssd1306-4btn", "pico-ssd1306-3btn")

# Setups used by several tasks.
# a four-player game with party cards dealt by Wyrm (seed 5): Player 1's pass screen
DRACHENHORT_DEAL_4 = "ok,down,ok,ok,ok"
# each player: OK on the pass screen, the look (letting go passes on)
DRACHENHORT_ROUND = "ok,hold:ok:300,"
DRACHENHORT_DEALT = (  # ... all cards seen, the game menu (the oldest begins: seat 1)
    DRACHENHORT_DEAL_4 + "," + DRACHENHORT_ROUND * 4 + "ok"
)
DRACHENHORT_DEALT_7 = "ok,down,ok,up*3,ok,ok," + DRACHENHORT_ROUND * 7 + "ok"  # 7 players
# a new two-player Drakskatten game, rolled off: its menu
DRAKSKATTEN_2 = to_row("Drakskatten") + ",ok,wait:600,ok"
# a new two-player game past its opening round (passed on without village cards): P1's list
DRACHENSCHATTEN_2 = to_row("DrachenSchatten") + ",ok,ok,ok,down*7,ok,down*7,ok"
# a new two-player Drakonia game (P1 begins): its menu, on "Final count"
DRAKONIA_2 = to_row("Drakonia") + ",ok,down,ok"
DRACHENHORT_4 = "ok,down,ok,ok,down,ok,ok,wait:2000"  # a new game for four, printed cards: menu
DICE_D6 = to_row("Dice") + ",down,ok,wait:400"  # one d6 rolled in the Dice menu

ADVENTURERS = ("green", "red", "white", "blue", "orange", "yellow", "purple")
OBJECTS = ("Torch", "Boots", "Magic wand", "Sword", "Gem", "Spell book", "Key", "Shield",
           "Helmet", "Magic potion")


def _moves(k, n, start=0):
    """The shortest way from row ``start`` to row k of a wrapping list of n rows."""
    k = (k - start) % n
    if k == 0:
        return ""
    if k <= n - k:
        return "down*%d," % k
    return "up*%d," % (n - k)


def _case(label, setup, script, expect, seed=1):
    """setup: list of scripts from power-on (power cut between); expect: strings on
    the final screen ("re:..." a regular expression), or ("same", prefix) - the
    screen must read exactly as after the setup script ``prefix`` (from its power-on)."""
    return {"label": label, "setup": list(setup), "script": script, "expect": expect,
            "seed": seed}


DS_ROWS = 18  # a player's list: 10 objects round treasures, beasts, the pass and 6 more rows
DS_START = 6  # the list opens on Treasures, five objects above it and five below
DS_NEXT = 13  # "Next turn" (right after Beasts slain): the cursor goes there after a card


def _ds_row(k):
    # the row of object k in a player's list (Treasures sits between the fifth and sixth)
    return k + 1 if k < 5 else k + 2


def _drachenschatten_object(k):
    # in the player's list (open as a turn begins): walk to the object, OK adds it
    return _case(OBJECTS[k], [DRACHENSCHATTEN_2], _moves(_ds_row(k), DS_ROWS, DS_START) + "ok",
                 ["1 kind", OBJECTS[k] + ": 1", "> Next turn: P2"])


def _six_objects():
    """P1 holds six different objects; the list is open on the seventh."""
    s = DRACHENSCHATTEN_2 + ",up*5,ok"  # a torch (the cursor then on "Next turn")
    for k in range(1, 6):
        s += "," + _moves(_ds_row(k), DS_ROWS, DS_NEXT) + "ok"
    return s + "," + _moves(_ds_row(6), DS_ROWS, DS_NEXT).rstrip(",")


# name, what, budget, before (the count on the four-button board before the budgets were
# set; in brackets the shortest script then - the same on three buttons), cases, xfail
TASKS = [
    {
        "name": "quick-roll",
        "what": "roll the game's die from any screen inside that game",
        "budget": 2,
        "before": "leave, find Roll",
        "cases": [
            _case("Drachenhort, rules notes", ["ok,down*2,ok,down"], "chord:up+down",
                  ["== Drachenhort die ==", "re:(lit or start|any adventurer)"]),
            _case("Drakskatten, player screen", [DRAKSKATTEN_2 + ",up,ok"], "chord:up+down",
                  ["== d6 ==", "re:(?m)^[1-6]$"]),
            _case("Drakonia after a d6 in Dice", [DICE_D6 + ",back,back,up,ok,ok,down,ok,down"],
                  "chord:up+down",
                  ["== d6 ==  #2"]),
        ],
        "xfail": None,
    },
    {
        "name": "quick-roll-back",
        "what": "... and back to exactly where you were",
        "budget": 1,
        "before": "-",
        "cases": [
            _case("Drachenhort, rules notes", ["ok,down*2,ok,down,chord:up+down"], "back",
                  ("same", "ok,down*2,ok,down")),
            _case("Drakskatten, player screen",
                  [DRAKSKATTEN_2 + ",up,ok,down*2,chord:up+down"], "back",
                  ("same", DRAKSKATTEN_2 + ",up,ok,down*2")),
        ],
        "xfail": None,
    },
    {
        "name": "re-roll-dimmed",
        "what": "re-roll once the screen has dimmed",
        "budget": 1,
        "before": "2",
        "cases": [_case("Dice, Drachenhort die", [to_row("Dice") + ",ok,wait:61000"], "ok",
                        ["== Drachenhort die ==  #2"])],
        "xfail": None,
    },
    {
        "name": "2d6-power-on",
        "what": "2d6 from power-on (2d6 was the last die)",
        "budget": 4,
        "before": "8 (7 wrapping up)",
        "cases": [_case("after 2d6 yesterday",
                        [to_row("Dice") + ",down*2,ok,wait:400,back,back", "wait:100"], "ok,ok",
                        ["== 2d6 ==  #2"])],
        "xfail": None,
    },
    {
        "name": "silver-1500",
        "what": "Drakskatten silver 0 -> 1,500",
        "budget": 8,
        "before": "17 (11 with a 3.6 s hold)",
        "cases": [_case("Blue (who begins)", [DRAKSKATTEN_2], "up,ok,ok,ok*3",
                        ["== 1,500 silver! ==", "Blue has 1500 silver."])],
        "xfail": None,
    },
    {
        "name": "fight-hit",
        "what": "Drakskatten fight the last monster, hit",
        "budget": 2,
        "before": "2",
        # (the cursor on Fight: where the turn of a fight that goes on begins)
        "cases": [_case("Red, seed 7", [DRAKSKATTEN_2 + ",down"], "ok,ok", ["HIT", "2 cards"],
                        seed=7)],
        "xfail": None,
    },
    {
        "name": "next-turn",
        "what": "Drakskatten: next player's turn (OK: Ben's turn)",
        "budget": 1,
        "before": "2 (go to Player, OK)",
        "cases": [_case("Red missed, the monster struck", [DRAKSKATTEN_2 + ",down,ok,ok,ok"], "ok",
                        ["== Drakskatten ==  Blue", "> Move: roll 1d6"], seed=2)],
        "xfail": None,
    },
    {
        "name": "next-turn-menu",
        "what": "Drachenhort, Drakonia: next player's turn (OK on \"Next turn\")",
        "budget": 1,
        "before": "- (no turn shown)",
        # the cursor stays on the row after the turn before was passed (or after a quick
        # roll, which comes back to exactly that screen)
        "cases": [
            _case("Drachenhort, P1 -> P2", [DRACHENHORT_4 + ",up*3"], "ok",
                  ["== Esc 1 ==  P2  token 1", "> Roll the die"]),
            _case("Drachenhort, P1 -> P2 after a quick roll",
                  [DRACHENHORT_4 + ",up*3,chord:up+down,wait:400,back"], "ok",
                  ["== Esc 1 ==  P2  token 1", "> Roll the die"]),
            # the roll screen's OK passes the turn and rolls for the next player
            _case("Drachenhort, P1 rolled -> P2 rolls", [DRACHENHORT_4 + ",ok,wait:1000"], "ok",
                  ["P2 rolls", "OK:P3"]),
            _case("Drakonia, P2 -> P1", [DRAKONIA_2 + ",up,ok"], "ok",
                  ["== Drakonia ==  P1", "> Next turn: P2"]),
        ],
        "xfail": None,
    },
    {
        "name": "capture",
        "what": "Drachenhort capture, any adventurer (DOWN on the roll: the dragon)",
        "budget": 5,
        "before": "3 + place: 6",
        # (the capture passes the turn and rolls for the next player)
        "cases": [_case(a, [DRACHENHORT_DEALT + ",ok,wait:1000"], "down," + _moves(k, 7) + "ok",
                        ["P2 rolls", "%s: silver" % a], seed=5)
                  for k, a in enumerate(ADVENTURERS)],
        "xfail": None,
    },
    {
        "name": "deal-4",
        "what": "Drachenhort: party cards for four dealt by Wyrm (4 looks)",
        "budget": 8,
        "before": "13 (4 looks + 9)",
        # one OK per pass screen and the look; letting go passes on, the round ends with a
        # toast over "Oldest begins"
        "cases": [_case("seed 5", [DRACHENHORT_DEAL_4], DRACHENHORT_ROUND * 4,
                        ["All cards dealt", "Oldest begins"], seed=5)],
        "xfail": None,
    },
    {
        "name": "peek-again",
        "what": "peek at your party card again",
        "budget": 7,
        "before": "9 + place: 10",
        "cases": [_case("Player %d" % (k + 1), [DRACHENHORT_DEALT],
                        "down,ok," + _moves(k, 4) + "ok,press:ok", ["== Your card =="],
                        seed=5) for k in range(4)]
        + [_case("Player 4 of 7", [DRACHENHORT_DEALT_7], "down,ok,down*3,ok,press:ok",
                 ["== Your card =="], seed=5)],
        "xfail": None,
    },
    {
        "name": "drakonia-count",
        "what": "Drakonia final count, 2 players x 3 heroes",
        "budget": 20,
        "before": "43 (this script 39)",
        "cases": [_case("P1 4+6+3w, P2 5+5+2", [DRAKONIA_2],
                        # Final count opens P1's grid on the Woods (5): OK adds a hero at
                        # once and the cursor moves on to the next cell; DOWN: the healthy
                        # row to the City; UP: 6, wounded 5..0
                        "ok,up*4,ok,down*2,ok,down,ok,back,"  # P1: wounded by 3, 6, 4
                        "ok,up,ok,down*2,ok,back",  # P2: 5, 5, 2; BACK: the result
                        ["== Result ==", "P2 wins!", "2. P1           11.5"])],
        "xfail": None,
    },
    {
        "name": "drachenschatten-object",
        "what": "DrachenSchatten: one object change (in the player's list)",
        "budget": 6,
        "avg": 4,
        "before": "~5 (avg 6.6, max 9; 7.6/10 from the menu)",
        "cases": [_drachenschatten_object(k) for k in range(10)],
        "xfail": None,
    },
    {
        "name": "players-4",
        "what": "enter 4 players once, from power-on (Red Blue Green Yellow)",
        "budget": 8,
        "before": "\"P1\"..\"P4\" in every game",
        "cases": [
            _case("colours", [""], "up*2,ok,ok,ok,ok,ok,ok",
                  ["== Players (4) ==", "1  Red", "4  Yellow"]),
        ],
        "xfail": None,
    },
    {
        "name": "players-4-names",
        "what": "... as names in list order (Anna Ben Clara David)",
        "budget": 16,
        "before": "16",
        "cases": [
            _case("names", [""], "up*2,ok,ok,down,ok,ok,ok,ok",
                  ["== Players (4) ==", "1  Anna", "4  David"]),
        ],
        "xfail": None,
    },
    {
        "name": "players-anna-ben-cleo-dirk",
        "what": "enter Anna Ben Cleo Dirk from power-on (Cleo, Dirk by their letters)",
        "budget": 40,
        "before": "107 (109 shortest)",
        "cases": [
            _case("names", [""], "up*2,ok,ok,down,ok,ok,up,ok,up*4,ok,up,ok,down,ok,"
                  "up*6,ok,down,ok,ok",
                  ["== Players (4) ==", "1  Anna", "2  Ben", "3  Cleo", "4  Dirk"]),
        ],
        "xfail": None,
    },
    {
        "name": "drachenschatten-win",
        "what": "DrachenSchatten: the win, full-screen on the press that makes it (OK)",
        "budget": 2,
        "before": "title only (2 at e7a854e)",
        "cases": [
            _case("7th object", [_six_objects()], "ok",
                  ["== Game over ==", "P1 wins!", "P1: 7 object types"]),
            _case("3rd beast", [DRACHENSCHATTEN_2 + ",down*6,ok,up,ok,up"], "ok",
                  ["== Game over ==", "P1 wins!", "P1: 3 slain beasts"]),
        ],
        "xfail": None,
    },
]

TASK_NAMES = [t["name"] for t in TASKS]


def count(script):
    """Presses in a key script: taps, long presses, holds, chords and press:KEY count one."""
    n = 0
    for _raw, parts, times in core.tokens(script):
        if parts[0] not in ("wait", "release"):
            n += times
    return n


def _join(*scripts):
    return ",".join([s for s in scripts if s])


def _run(board, seed, state, script):
    frames, _w, _h, errors = core.run_script(script or "wait:10", board, "cpython", seed,
                                                state)
    return (frames[-1].text() if frames else ""), errors


def play(case, board):
    """Run one case on one board: {"presses", "text", "errors", "screen_ok", "missing"}."""
    state = tempfile.mkdtemp(prefix="wyrm-presses-")
    try:
        errors = []
        setup = case["setup"] or [""]
        for s in setup[:-1]:
            errors += _run(board, case["seed"], state, s)[1]
        # the last setup run and the counted script share one power-on
        text, errs = _run(board, case["seed"], state, _join(setup[-1], case["script"]))
        errors += errs
    finally:
        shutil.rmtree(state, ignore_errors=True)
    expect = case["expect"]
    missing = []
    if isinstance(expect, tuple):
        st = tempfile.mkdtemp(prefix="wyrm-presses-")
        try:
            for s in setup[:-1]:
                _run(board, case["seed"], st, s)
            want, _ = _run(board, case["seed"], st, expect[1])
        finally:
            shutil.rmtree(st, ignore_errors=True)
        if want != text:
            missing.append("the screen before:\n" + want)
    else:
        for e in expect:
            if e.startswith("re:"):
                if not re.search(e[3:], text):
                    missing.append(e)
            elif e not in text:
                missing.append(e)
    return {"presses": count(case["script"]), "text": text, "errors": errors,
            "screen_ok": not missing, "missing": missing}


def measure(task, board):
    """Every case of a task on a board: {"cases", "max", "avg", "ok"}."""
    results = [play(c, board) for c in task["cases"]]
    ns = [r["presses"] for r in results]
    mx = max(ns)
    avg = sum(ns) / len(ns)
    ok = all(r["screen_ok"] and not r["errors"] for r in results) and mx <= task["budget"]
    if task.get("avg") is not None:
        ok = ok and avg <= task["avg"]
    return {"cases": results, "max": mx, "avg": avg, "ok": ok}


def budget_text(task):
    b = "<= %d" % task["budget"]
    if task.get("avg") is not None:
        b = "avg <= %d, max %s" % (task["avg"], b)
    return b


def cell(res, task):
    if not all(r["screen_ok"] and not r["errors"] for r in res["cases"]):
        return "not yet (%d presses end elsewhere)" % res["max"]
    s = str(res["max"])
    if task.get("avg") is not None:
        s = "avg %.1f, max %d" % (res["avg"], res["max"])
    return s + ("" if res["ok"] else " - over")


def table(boards=BOARDS, out=print):
    """Print the press table as Markdown; returns {task: {board: measure}}."""
    heads = ["4 keys" if "4btn" in b else "3 keys" if "3btn" in b else b for b in boards]
    out("| task | before | budget | %s |" % " | ".join(heads))
    out("|---|---|---|%s" % ("---|" * len(boards)))
    allres = {}
    for t in TASKS:
        row = {}
        for b in boards:
            row[b] = measure(t, b)
        allres[t["name"]] = row
        out("| %s | %s | %s | %s |" % (t["what"], t["before"], budget_text(t),
                                      " | ".join(cell(row[b], t) for b in boards)))
    return allres


def section(out=print):
    """The table as a section of ``make bench``."""
    out("")
    out("6. Presses at the table (host_tools/bench/presses.py, counted from the task's start)")
    res = table(out=out)
    bad = sorted(set(n for n, row in res.items() for r in row.values() if not r["ok"]))
    if bad:
        out("   not within budget yet: %s" % ", ".join(bad))
    return res


MARK_BEGIN = "<!-- press table: generated by python -m host_tools.bench.presses --write -->"
MARK_END = "<!-- end of press table -->"


def write_doc(lines, path, begin=MARK_BEGIN, end=MARK_END):
    """Put ``lines`` between the markers of a doc (docs/PRESSES.md; nothing else changes)."""
    with open(path) as f:
        doc = f.read()
    with open(path, "w") as f:
        f.write(put_between(doc, begin, end, "\n".join(lines) + "\n"))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    lines = []

    def out(line):
        print(line)
        lines.append(line)

    table(out=out)
    if "--write" in argv:
        from host_tools import paths

        write_doc(lines, os.path.join(paths.ROOT, "docs", "PRESSES.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
