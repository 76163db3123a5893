"""Debounced buttons: key levels in, PRESS/RELEASE/CLICK/LONG/REPEAT events out.

``update(now, levels)`` each loop; eager debounce, a preallocated queue, nothing allocated
(docs/INTERNALS.md).
"""
from micropython import const

from wyrm.ticks import ticks_add, ticks_diff

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)

PRESS = const(1)
RELEASE = const(2)
CLICK = const(3)
LONG = const(4)
REPEAT = const(5)

NAMES = ("UP", "DOWN", "OK", "BACK")
KIND_NAMES = ("", "PRESS", "RELEASE", "CLICK", "LONG", "REPEAT")

_QLEN = const(16)
_IDLE_MS = const(60000)  # nothing pending: look again after this long all the same


class Buttons:
    # Timings are attributes so settings and tests can change them.
    debounce_ms = 10
    long_ms = 600
    repeat_delay_ms = 450
    repeat_ms = 110

    def __init__(self, nkeys=4, repeat_mask=(1 << UP) | (1 << DOWN)):
        self.nkeys = nkeys
        self.repeat_mask = repeat_mask
        self.stable = 0  # debounced levels
        self._raw = 0  # last raw levels seen
        self._quiet = (1 << nkeys) - 1  # keys whose raw level was steady for debounce_ms
        self._fired = 0  # keys whose current press already gave LONG/REPEAT
        self._changed = [0] * nkeys  # tick of the last raw change per key
        self._down = [0] * nkeys  # tick of the debounced press per key
        self._next = [0] * nkeys  # next repeat tick per key
        self.queue = bytearray(_QLEN)
        self.count = 0
        # With the levels unchanged nothing can happen before this tick (a key
        # settling, a repeat, a LONG): until then update() returns at once.
        self._wake = 0

    def _put(self, kind, key):
        if self.count < _QLEN:
            self.queue[self.count] = (kind << 4) | key
            self.count += 1

    def held(self, key):
        return (self.stable >> key) & 1

    def due(self, now):
        """Ms until a raw change waiting out its debounce can be taken, or until a held
        key's LONG or next REPEAT, or -1 if none (an eager edge is taken by the ``update``
        that sees it).

        The Pico's loop sleeps no longer than this, so a press acts as soon as it has been
        steady for ``debounce_ms``, and a long press the moment it is long.
        """
        wait = -1
        if self.stable:
            wait = ticks_diff(self._wake, now)
            if wait < 0:
                wait = 0
        pend = self._raw ^ self.stable
        for k in range(self.nkeys):
            if pend & (1 << k):
                d = self.debounce_ms - ticks_diff(now, self._changed[k])
                if d < 0:
                    d = 0
                if wait < 0 or d < wait:
                    wait = d
        return wait

    def update(self, now, levels):
        """Advance to time ``now`` with raw ``levels``; returns the event count."""
        self.count = 0
        raw_prev = self._raw
        if levels == raw_prev and ticks_diff(now, self._wake) < 0:
            return 0  # (the Pico's loop calls this every 5 ms)
        self._raw = levels
        soon = _IDLE_MS
        for k in range(self.nkeys):
            bit = 1 << k
            eager = False
            if (levels ^ raw_prev) & bit:
                # the first edge after a quiet spell counts now; one soon after another waits
                eager = self._quiet & bit or ticks_diff(now, self._changed[k]) >= self.debounce_ms
                self._quiet &= ~bit
                self._changed[k] = now
            elif not self._quiet & bit and ticks_diff(now, self._changed[k]) >= self.debounce_ms:
                self._quiet |= bit
            if (levels ^ self.stable) & bit:
                if eager or self._quiet & bit:
                    self.stable ^= bit
                    if levels & bit:
                        self._down[k] = now
                        self._fired &= ~bit
                        self._next[k] = ticks_add(now, self.repeat_delay_ms)
                        self._put(PRESS, k)
                    else:
                        self._put(RELEASE, k)
                        if not self._fired & bit:
                            self._put(CLICK, k)
                        self._fired &= ~bit
            elif self.stable & bit:
                if self.repeat_mask & bit:
                    if ticks_diff(now, self._next[k]) >= 0:
                        nxt = ticks_add(self._next[k], self.repeat_ms)
                        if ticks_diff(now, nxt) >= 0:  # after a stall: no catching up
                            nxt = ticks_add(now, self.repeat_ms)
                        self._next[k] = nxt
                        self._fired |= bit
                        self._put(REPEAT, k)
                elif not self._fired & bit and ticks_diff(now, self._down[k]) >= self.long_ms:
                    self._fired |= bit
                    self._put(LONG, k)
            # what this key waits for, with its level unchanged
            if not self._quiet & bit:
                d = self.debounce_ms - ticks_diff(now, self._changed[k])
            elif not self.stable & bit:
                continue
            elif self.repeat_mask & bit:
                d = ticks_diff(self._next[k], now)
            elif not self._fired & bit:
                d = self.long_ms - ticks_diff(now, self._down[k])
            else:
                continue
            if d < soon:
                soon = d
        self._wake = ticks_add(now, soon)
        return self.count
