"""The common table tasks within their press budgets, on both button layouts.

Each task of host_tools/bench/presses.py is played on the simulator; the test asserts
the screen it ends on and that no case takes more presses than the budget
(three-button board: a long OK is BACK and counts as one press). Tasks whose
budget is not met yet are strict xfails with the reason, so a fix turns them
green (and a strict xfail that passes fails the run, so the table stays true).
"""
import pytest

from host_tools.bench import presses as P

PARAMS = []
for _t in P.TASKS:
    for _b in P.BOARDS:
        marks = []
        if _t["xfail"]:
            marks.append(pytest.mark.xfail(strict=True, reason=_t["xfail"]))
        PARAMS.append(pytest.param(_t, _b, id="%s-%s" % (_t["name"], _b[-4:]), marks=marks))


@pytest.mark.parametrize("task,board", PARAMS)
def test_task_within_budget_on_the_right_screen(task, board):
    res = P.measure(task, board)
    for case, r in zip(task["cases"], res["cases"], strict=True):
        where = "%s / %s on %s" % (task["name"], case["label"], board)
        assert r["errors"] == [], where
        assert r["screen_ok"], "%s ends on\n%s\nmissing: %s" % (where, r["text"], r["missing"])
        assert r["presses"] <= task["budget"], "%s: %d presses, budget %d" % (
            where, r["presses"], task["budget"])
    if task.get("avg") is not None:
        assert res["avg"] <= task["avg"], "%s: %.1f presses on average" % (task["name"], res["avg"])


def test_counting_rules():
    """A tap, long press, hold, chord and press:KEY are one press each; waits and releases free."""
    assert P.count("down*3,ok") == 4
    assert P.count("long:ok,hold:up:3600,wait:5000") == 2
    assert P.count("press:ok,wait:300,release:ok") == 1
    assert P.count("chord:up+down,back") == 2
    assert P.count("") == 0


def test_a_script_that_ends_elsewhere_is_caught():
    """The harness does not take the press count alone: the wrong screen fails the case."""
    case = P._case("wrong", ["wait:10"], "down*5,ok", ["== Settings =="])
    r = P.play(case, P.BOARDS[0])
    assert r["presses"] == 6
    assert not r["screen_ok"] and r["missing"] == ["== Settings =="]
    same = P._case("same", ["down"], "down", ("same", "down"))
    assert not P.play(same, P.BOARDS[0])["screen_ok"]
    assert P.play(P._case("same", ["down"], "up,down", ("same", "down")), P.BOARDS[0])["screen_ok"]


def test_setup_power_cut_keeps_the_state():
    """Setup runs are separate power-ons sharing one flash: a game opened in the first is
    resumed in the second (so "from power-on" tasks start from a real power cut)."""
    case = P._case("resume", ["down,ok,ok", "wait:100"], "", ["re:== Drakskatten ==  Blue"])
    assert P.play(case, P.BOARDS[0])["screen_ok"]
