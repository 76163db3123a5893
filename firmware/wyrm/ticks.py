"""Wraparound-safe millisecond tick arithmetic, identical to MicroPython's.

The Pico's ``time.ticks_ms()`` wraps at 2**30. Never subtract raw tick values:
use ``ticks_diff`` and ``ticks_add``. On MicroPython they are ``time``'s own (in C: a
call of a Python function costs more, and a step makes several);
on CPython the same arithmetic in Python, so the host and the tests can drive them
across the wrap with a fake clock.
"""
import time

_MASK = 0x3FFFFFFF
_HALF = 0x20000000


def _diff(end, start):
    """Signed distance end - start, correct across the 2**30 wrap."""
    return ((end - start + _HALF) & _MASK) - _HALF


def _add(ticks, delta):
    """ticks + delta, wrapped like time.ticks_add."""
    return (ticks + delta) & _MASK


ticks_diff = getattr(time, "ticks_diff", _diff)
ticks_add = getattr(time, "ticks_add", _add)
del time
