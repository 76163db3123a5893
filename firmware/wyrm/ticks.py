"""Wraparound-safe millisecond tick arithmetic, identical to MicroPython's.

The Pico's ``time.ticks_ms()`` wraps at 2**30. Never subtract raw tick values:
use ``ticks_diff`` and ``ticks_add``. These are pure functions so the host and
the tests can drive them across the wrap with a fake clock.
"""
from micropython import const

_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def ticks_diff(end, start):
    """Signed distance end - start, correct across the 2**30 wrap."""
    return ((end - start + _HALF) & _MASK) - _HALF


def ticks_add(ticks, delta):
    """ticks + delta, wrapped like time.ticks_add."""
    return (ticks + delta) & _MASK
