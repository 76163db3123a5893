"""Heap on the real firmware: gc.mem_alloc() after gc.collect(), measured ON the device.

The probe is a boot.py added to the emulated Pico's filesystem only (host_tools/emu/pico.py):
a falling edge on GP15 schedules the measurement, so main.py is the shipped one and the
figure is the heap the app holds in its loop. The tour opens every game from the main
menu (on_pico.TOUR), measures, goes back; it ends on the die statistics.
Heap figures after boot are in tests/test_pico_boot.py.
"""
import pytest
from pico_support import same_frame, sim_frame

from host_tools.bench.on_pico import TOUR
from host_tools.emu import pico

TOTAL_HEAP = 245_888  # MicroPython v1.28.0 on an RP2040: mem_free + mem_alloc
GAME_TARGET = 96 * 1024  # heap in any game <= 96 KB (first visit; docs/BENCHMARKS.md)


def tour(dev, check=None):
    """Play on_pico's tour on ``dev``; [(label, alloc)] starting with the boot.

    ``check(script so far)`` is called back on the main menu between games."""
    rows = [("boot: main menu", dev.heap()[1])]
    script = []
    for label, moves, inside, back in TOUR:
        there = ",".join(k for k in (moves, "ok", inside) if k)
        dev.play(there, paced=True)
        dev.wait_idle()
        rows.append((label, dev.heap()[1]))
        script.append(there)
        if back:
            dev.play(back, paced=True)
            script.append(back)
            if check:
                check(",".join(script))
    dev.play("ok,down", paced=True)  # a roll, then the die statistics
    rows.append(("die statistics", dev.heap()[1]))
    return rows


@pytest.fixture(scope="module")
def toured():
    with pico.boot("pico-ssd1306-4btn") as dev:
        def check(script):
            want, text = sim_frame(script)
            assert text.startswith("== Wyrm =="), text
            same_frame(dev, want, "main menu after " + script)

        rows = tour(dev, check)
        return rows, dev.errors(), dev.probe_cost


def test_tour_visits_every_game_without_errors(toured):
    rows, errors, _cost = toured
    assert errors == []
    assert [r[0] for r in rows[1:]] == [t[0] for t in TOUR] + ["die statistics"]


def test_heap_grows_through_the_tour_but_stays_inside_the_pico(toured):
    """Every game holds more than the main menu did; after the tour (die statistics, every game
    visited) at least a third of the heap is still free."""
    rows, _errors, _cost = toured
    boot = rows[0][1]
    for label, alloc in rows[1:]:
        assert alloc > boot, (label, alloc, boot)
    assert rows[-1][1] < TOTAL_HEAP * 2 // 3, rows


def test_first_game_visited_meets_the_96_kb_target(toured):
    """Drachenhort is the tour's first game: a first visit, where the 96 KB budget holds.

    Measured at its die screen, the probe's own bytes left out. Emulated time is exact, so the
    figure (docs/BENCHMARKS.md) is the same on every run."""
    rows, _errors, cost = toured
    label, alloc = rows[1]
    assert label == "Drachenhort"
    assert alloc - cost <= GAME_TARGET, rows
