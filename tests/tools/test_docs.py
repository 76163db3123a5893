"""Docs cannot go stale silently: what README.md and docs/ name exists, figures live only in
generated blocks, and the committed bench figures cover the firmware's modules."""
import glob
import json
import os

import pytest

from host_tools import paths
from host_tools.checks import docrefs, figures

RESULTS = os.path.join(paths.ROOT, "bench", "results.json")


@pytest.fixture(scope="module")
def tree():
    return docrefs.Tree()


def test_the_docs_name_only_what_exists(tree):
    """Every file, folder, module, make target and function or class README.md and docs/ name
    is in the tree (a renamed or removed one fails here, with the doc's line)."""
    assert docrefs.problems(tree) == []


def _doc(tmp_path, text):
    p = tmp_path / "doc.md"
    p.write_text(text)
    return [str(p)]


@pytest.mark.parametrize("line,stale", [
    ("See `host_tools/bench/suite.py`.", False),
    ("See `host_tools/bench_gone.py`.", True),
    ("See `wyrm/app.py` and [the rules](docs/RULES.md).", False),
    ("See [the rules](docs/NO_SUCH.md).", True),
    ("The main menu is `wyrm.home`; its app comes from `wyrm.home.make_app`.", False),
    ("Run host_tools.bench.figures.", False),
    ("Run host_tools.bench.no_such_tool.", True),
    ("The app is made by wyrm.home.no_such_function.", True),
    ("Run `make lint`.", False),
    ("Run `make no-such-target`.", True),
    ("`Store.save` writes it.", False),
    ("`Store.save_at_once` writes it.", True),
    ("`App.save_soon` puts it off.", False),
    ("`app.save_soon` puts it off; `app.no_such_method` does not exist.", True),
    ("`gc.collect()` is MicroPython's, not ours.", False),
])
def test_each_kind_of_stale_name_is_caught(tmp_path, tree, line, stale):
    """A path, a link, a module, a make target and a function or method a doc names: one that
    exists passes, one that does not is reported; names outside the project are not checked."""
    found = docrefs.problems(tree, _doc(tmp_path, line + "\n"))
    assert bool(found) == stale, found


def test_code_blocks_and_device_files_are_not_taken_for_the_tree(tmp_path, tree):
    """A fenced example and a file that lives on the Pico (a save) are not paths of the tree."""
    text = "```\nmake no-such-target\nwyrm/no_such.py\n```\nSaves: `drachenhort.json`.\n"
    assert docrefs.problems(tree, _doc(tmp_path, text)) == []


def test_no_measured_figure_outside_a_generated_block():
    """Comments in firmware/ and host_tools/ and the docs' prose state rules; a measured figure
    (about N, N ms more, N B) appears only in a block a tool writes."""
    assert figures.problems() == []


@pytest.mark.parametrize("line", [
    "A save now takes about 9 ms more a save.",
    "Its table holds 320 B.",
    "The opening is 35 ms late in a session.",
    "A collection (about 5 ms) seldom falls in a step.",
    "The names are 1,408 KB.",
    "A glyph costs ~7 us.",
])
def test_a_measurement_is_reported(line):
    """Measured figures in prose are found: "about N", a size in B/KB, a time with "more",
    "late", "takes"..."""
    assert figures.figures_in(line), line


@pytest.mark.parametrize("line", [
    "An opening is within 100 ms of the release (<= 100 ms).",
    "The heap after boot is at most 24 KB (budget).",
    "The loop sleeps up to 5 ms; a press counts after it is steady for 10 ms.",
    "The screen dims after 60 s idle.",
    "The diode drops about 0.26 V; the case is about 51 x 35 x 12 mm.",
    "The heap is collected if 8 KB or more was allocated.",
    "Teams: A = players 1 + 4, B = 2 + 5.",
])
def test_a_budget_or_a_fact_is_not_a_measurement(line):
    """Budgets (<=, at most, within, up to, after, if ... or more) and physical facts (volts,
    millimetres) are rules, not figures that drift."""
    assert figures.figures_in(line) == [], line


def test_figures_inside_a_generated_block_are_allowed(tmp_path):
    """Between a tool's <!-- ... --> and <!-- end ... --> markers (or in a code block) a doc
    may carry figures; the same line in prose is reported."""
    p = tmp_path / "doc.md"
    p.write_text("<!-- figures: written by a tool; do not edit -->\nA step takes about 9 ms."
                 "\n<!-- end of figures -->\n```\ntakes about 9 ms\n```\n")
    assert figures.problems([(str(p), "doc")]) == []
    p.write_text("A step takes about 9 ms.\n")
    assert len(figures.problems([(str(p), "doc")])) == 1


def test_a_comment_is_checked_and_code_is_not(tmp_path):
    """In Python the comments and docstrings are prose; the code itself may hold numbers."""
    p = tmp_path / "m.py"
    p.write_text('"""A module."""\nX = "about 9 ms"  # a string, not a comment\n')
    assert figures.problems([(str(p), "code")]) == []
    p.write_text('"""A module."""\nX = 1  # a save takes about 9 ms\n')
    assert len(figures.problems([(str(p), "code")])) == 1


def test_the_committed_bench_figures_cover_the_firmware_modules():
    """bench/results.json's size table lists exactly firmware/'s modules (a module added or
    removed since the last make bench-save fails here), each compiled without an error, by
    the mpy-cross the firmware is built with."""
    with open(RESULTS) as f:
        size = json.load(f)["size"]
    listed = sorted(r["module"] for r in size["modules"])
    on_disk = sorted(os.path.relpath(p, paths.FIRMWARE).replace(os.sep, "/")
                     for p in glob.glob(os.path.join(paths.FIRMWARE, "**", "*.py"),
                                        recursive=True))
    assert listed == on_disk
    assert [r["module"] for r in size["modules"] if r["error"]] == []
    from host_tools.bench import size as bench_size

    assert size["mpy_cross"] == bench_size.version()
