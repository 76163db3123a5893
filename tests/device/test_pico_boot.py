"""Wyrm's own firmware boots to its main menu on every board profile, within its budgets.

Each profile is booted once on the emulated Pico (host_tools/emu/pico.py): the frozen
firmware (make firmware) with the filesystem make uf2 FIRMWARE=own writes (main.py,
board.json, names.txt), the panel model the profile names on its pins and address. The main
menu must be byte for byte the simulator's; the heap after boot and the time to the first
full screen are within the device's budgets (emulated time: the same on every run).
"""
import os

import pytest
from pico_support import BOARDS, parallel, same_frame, sim_frame

from host_tools.emu import pico

HEAP_BUDGET = 24 * 1024  # gc.mem_alloc() at the main menu after boot, the probe left out
BOOT_BUDGET_MS = 200  # power-on to the last byte of the first full screen


class Booted:
    def __init__(self, board):
        dev = pico.boot(board)
        try:
            self.board = board
            self.width, self.height = dev.width, dev.height
            self.frame = dev.frame()
            self.panel = dev.panel()
            self.console = dev.console()
            self.errors = dev.errors()
            self.boot_ms = dev.boot_ms
            self.txns = dev.txns()
            self.addr = dev.addr
            self.heap = dev.heap()
            self.probe_cost = dev.probe_cost
        finally:
            dev.close()


@pytest.fixture(scope="module")
def booted():
    return {b.board: b for b in parallel(Booted, BOARDS)}


class _Frozen:
    """A finished boot seen through the device API same_frame uses."""

    def __init__(self, b):
        self.b = b
        self.width, self.height = b.width, b.height

    def frame(self):
        return self.b.frame

    def console(self):
        return self.b.console


@pytest.mark.parametrize("board", BOARDS)
def test_boot_shows_the_simulators_main_menu(booted, board):
    b = booted[board]
    want, text = sim_frame("wait:100", board)
    assert "Drachenhort" in text
    same_frame(_Frozen(b), want, board + " main menu")
    assert b.panel["on"] and not b.panel["invert"]
    assert b.panel["unknown"] == []  # every command the driver sent is one the controller knows


@pytest.mark.parametrize("board", BOARDS)
def test_boot_console_is_clean(booted, board):
    b = booted[board]
    assert "Wyrm: board %s;" % board in b.console
    assert b.errors == []


@pytest.mark.parametrize("board", BOARDS)
def test_boot_talks_only_to_the_panel_address(booted, board):
    """Every I2C transaction of the boot went to the profile's address and was acknowledged."""
    b = booted[board]
    assert b.txns, "no I2C traffic"
    assert {(t.addr, t.ack) for t in b.txns} == {(b.addr, True)}


def test_the_pico_runs_wyrms_own_firmware(booted):
    """The emulated Pico's default is Wyrm's own firmware: the wyrm package is frozen in, and
    the filesystem holds no copy of it (PICO_FW names another firmware for comparison)."""
    if os.environ.get("PICO_FW"):
        pytest.skip("PICO_FW names the firmware")
    assert pico.is_frozen(pico.firmware_path())
    assert not pico.is_frozen(pico.STOCK_FW)


@pytest.mark.parametrize("board", BOARDS)
def test_boot_to_the_first_full_screen_within_200_ms(booted, board):
    """Power-on to the last byte of the main menu on the panel is within 200 ms of emulated
    time on every profile."""
    b = booted[board]
    print("%s: boot to the main menu %.1f ms" % (board, b.boot_ms))
    assert b.boot_ms is not None and b.boot_ms <= BOOT_BUDGET_MS, (board, b.boot_ms)


def test_heap_after_boot_is_measured_on_the_device(booted):
    """gc.mem_alloc() after gc.collect() at the main menu, by the boot.py probe (pin 15).

    The bounds only catch a broken probe (the firmware's heap is about 240 KB, the probe's
    own objects under 1 KB); the budget is its own test."""
    for board, b in booted.items():
        free, alloc = b.heap
        assert 240_000 < free + alloc < 250_000, (board, b.heap)
        assert 5_000 < alloc < 70_000, (board, alloc)
        assert 0 < b.probe_cost < 1000


@pytest.mark.parametrize("board", BOARDS)
def test_heap_after_boot_meets_the_24_kb_budget(booted, board):
    """The heap at the main menu after boot (the probe's own bytes left out) is within 24 KB
    (24,576 B) on every profile."""
    _free, alloc = booted[board].heap
    heap = alloc - booted[board].probe_cost
    print("%s: heap after boot %d B" % (board, heap))
    assert heap <= HEAP_BUDGET, (board, heap)


def test_without_the_toolchain_the_pico_says_why_in_one_line_and_ci_fails(monkeypatch):
    """Where Wyrm's firmware cannot be built (no arm-none-eabi-gcc), unavailable() is one line
    naming the packages to install (the tests skip with it), without building anything; on CI
    the tests must fail instead (must_run). PICO_FW naming a firmware needs no toolchain."""
    import shutil

    real_which = shutil.which
    monkeypatch.setattr(shutil, "which",
                        lambda t: None if t == "arm-none-eabi-gcc" else real_which(t))
    monkeypatch.delenv("PICO_FW", raising=False)
    monkeypatch.delenv("CI", raising=False)
    why = pico.unavailable()
    assert why and "\n" not in why and "gcc-arm-none-eabi" in why, why
    assert not pico.must_run()
    monkeypatch.setenv("CI", "true")
    assert pico.must_run()
    monkeypatch.setenv("PICO_FW", pico.STOCK_FW)
    assert pico.unavailable() is None and not pico.must_run()


# A session with what the tests look at: moves, a screen opened, a die rolled (a save: flash
# writes); then the heap probe and the power split
SESSION = "down*5,ok,wait:600,ok,wait:1500"


def _session(dev):
    """Everything the device did from its boot through SESSION."""
    dev.play(SESSION)
    heap = dev.heap()
    return {"boot_ms": dev.boot_ms, "t_ns": dev.t_ns, "frame": dev.frame(), "heap": heap,
            "txns": [(t.addr, t.start_ns, t.end_ns, t.data, t.ack) for t in dev.txns()],
            "console": dev.console(), "flash_ops": dev.flash_ops(), "power": dev.power(),
            "stats": dev.stats(), "presses": [(p.mask, p.edge_ns, p.release_ns)
                                              for p in dev.presses]}


def test_a_pico_handed_out_again_goes_on_byte_for_byte_as_a_fresh_boot(monkeypatch):
    """boot() hands out a Pico closed before (its node process kept, the machine restored to
    the end of its boot) and that Pico does exactly what one powered on afresh does: the same
    panel bytes at the same emulated times, console, flash writes, heap and power split. So
    the device tests that share boots check what a fresh boot would show."""
    board = "pico-ssd1306-4btn"
    monkeypatch.setenv("PICO_FRESH_BOOT", "1")
    with pico.boot(board) as dev:
        fresh = _session(dev)
    monkeypatch.delenv("PICO_FRESH_BOOT")
    with pico.boot(board) as dev:
        pid = dev._proc.pid
        first = _session(dev)
    with pico.boot(board) as dev:
        assert dev._proc.pid == pid, "boot() powered on a new Pico instead of the one closed"
        again = _session(dev)
    with pico.boot(board) as dev:
        assert dev._proc.pid == pid
        once_more = _session(dev)
    assert fresh["flash_ops"], "the session saved nothing: it must cover flash writes"
    for key in fresh:
        assert first[key] == fresh[key], key
        assert again[key] == fresh[key], key
        assert once_more[key] == fresh[key], key
