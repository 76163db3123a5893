"""Buttons: debounce, click, long press, repeat and hold - with a fake clock."""
import pytest

from wyrm import buttons as B
from wyrm.ticks import ticks_add, ticks_diff

WRAP = 1 << 30


def run(btn, start, plan, step=5):
    """Feed (levels, ms) segments; return [(t_offset, kind, key)]."""
    out = []
    t = start
    off = 0
    for levels, ms in plan:
        for _ in range(ms // step):
            n = btn.update(t, levels)
            for i in range(n):
                e = btn.queue[i]
                out.append((off, e >> 4, e & 15))
            t = ticks_add(t, step)
            off += step
    return out


def kinds(events, key=None):
    return [k for _, k, kk in events if key is None or kk == key]


@pytest.mark.parametrize("start", [0, 12345, WRAP - 30, WRAP - 600, WRAP - 1])
def test_short_press_gives_press_release_click(start):
    """A 100 ms tap of OK yields PRESS, RELEASE, CLICK - also across the 2**30 tick wrap."""
    ev = run(B.Buttons(), start, [(0, 50), (1 << B.OK, 100), (0, 100)])
    assert kinds(ev) == [B.PRESS, B.RELEASE, B.CLICK]
    assert all(key == B.OK for _, _, key in ev)


def test_a_press_counts_on_its_edge():
    """A key at rest for 10 ms or more: its press is taken by the update that sees the
    edge (a menu move answers at once), and so is its release after a steady hold."""
    b = B.Buttons()
    assert b.update(100, 0) == 0 and b.due(100) == -1
    assert b.update(105, 1 << B.UP) == 1 and b.queue[0] == (B.PRESS << 4) | B.UP
    assert b.due(105) == B.Buttons.debounce_ms  # held: its level settles, then it repeats
    assert b.update(185, 0) == 2
    assert list(b.queue[:2]) == [(B.RELEASE << 4) | B.UP, (B.CLICK << 4) | B.UP]
    assert b.due(185) == -1


def test_a_held_key_says_when_its_long_press_and_repeats_fall_due():
    """A held OK is long 600 ms after its press, and due() counts down to that moment (the
    Pico's loop sleeps until then: a long press acts the moment it is long, not up to a
    loop step later); a held UP says when its next repeat is due."""
    b = B.Buttons()
    b.update(100, 0)
    b.update(110, 1 << B.OK)
    b.update(120, 1 << B.OK)  # settled
    assert b.due(120) == 590 and b.due(650) == 60 and b.due(709) == 1
    assert b.update(709, 1 << B.OK) == 0  # a millisecond early: nothing
    assert b.update(710, 1 << B.OK) == 1 and b.queue[0] == (B.LONG << 4) | B.OK
    assert b.due(710) > 1000  # long given: nothing more falls due while it is held
    b.update(900, 0)
    b.update(1000, 1 << B.UP)
    b.update(1010, 1 << B.UP)
    assert b.due(1010) == B.Buttons.repeat_delay_ms - 10
    b.update(1000 + B.Buttons.repeat_delay_ms, 1 << B.UP)
    assert b.due(1000 + B.Buttons.repeat_delay_ms) == B.Buttons.repeat_ms


def test_contact_bounce_after_an_edge_is_one_press():
    """Bounce right after the press edge and after the release edge (1-3 ms pulses) gives one
    PRESS on the first edge, one RELEASE and one CLICK - never a second press."""
    bits = 1 << B.OK
    bounce = [(bits, 1), (0, 2), (bits, 1), (0, 1)]
    plan = [(0, 20)] + bounce + [(bits, 100)] + [(0, 1), (bits, 2), (0, 1), (bits, 1)] + [(0, 100)]
    ev = run(B.Buttons(), 0, plan, step=1)
    assert kinds(ev) == [B.PRESS, B.RELEASE, B.CLICK]
    assert ev[0][0] == 20  # on the first edge
    assert ev[1][0] == 125  # the release edge after 100 ms steady: at once


def test_a_change_soon_after_another_waits_until_steady():
    """A change less than 10 ms after the last one (bounce) counts only once the level has
    been steady for 10 ms, and due() says when; a burst of pulses is one press."""
    b = B.Buttons()
    assert b.update(100, 0) == 0
    assert b.update(105, 1 << B.UP) == 1  # PRESS on the edge
    assert b.update(107, 0) == 0  # 2 ms later: not yet a release
    assert b.due(107) == 10 and b.due(111) == 6
    assert b.update(116, 0) == 0
    assert b.update(117, 0) == 2  # steady 10 ms: RELEASE, CLICK
    assert b.due(117) == -1
    bits = 1 << B.OK
    plan = [(bits, 3), (0, 2), (bits, 9), (0, 5), (bits, 6), (0, 100)]
    ev = run(B.Buttons(), 0, plan, step=1)
    assert kinds(ev) == [B.PRESS, B.RELEASE, B.CLICK]
    assert (ev[0][0], ev[1][0]) == (0, 35)  # released once steady after the last pulse


def test_quick_taps_are_each_taken():
    """Taps 40 ms down and 40 ms up, the shortest that must count: every one a click, in order."""
    plan = [(1 << B.DOWN, 40), (0, 40)] * 5
    ev = run(B.Buttons(), 0, plan, step=1)
    assert kinds(ev) == [B.PRESS, B.RELEASE, B.CLICK] * 5


def test_debounce_time_is_settable():
    """With debounce at 60 ms a release 40 ms after the press waits until 60 ms steady."""
    plan = [(1 << B.OK, 40), (0, 200)]
    slow = B.Buttons()
    slow.debounce_ms = 60
    ev = run(slow, 0, plan)
    assert kinds(ev) == [B.PRESS, B.RELEASE, B.CLICK]
    assert ev[1][0] == 100
    ev = run(B.Buttons(), 0, plan)
    assert ev[1][0] == 40


@pytest.mark.parametrize("start", [0, WRAP - 300])
def test_long_press_fires_once_while_held_and_suppresses_click(start):
    """Holding OK fires LONG once at about 600 ms, before release, and no CLICK follows."""
    ev = run(B.Buttons(), start, [(1 << B.OK, 2000), (0, 100)])
    assert kinds(ev) == [B.PRESS, B.LONG, B.RELEASE]
    t_press = ev[0][0]
    t_long = ev[1][0]
    assert 600 <= t_long - t_press <= 610
    assert t_long < ev[2][0]


def test_press_just_under_long_is_a_click():
    """Released at 550 ms held: a short press (CLICK), no LONG."""
    ev = run(B.Buttons(), 0, [(1 << B.OK, 550), (0, 100)])
    assert kinds(ev) == [B.PRESS, B.RELEASE, B.CLICK]


@pytest.mark.parametrize("start", [0, WRAP - 700])
def test_up_down_auto_repeat_while_held(start):
    """Holding DOWN for 1 s repeats after 450 ms, every 110 ms, and gives no CLICK."""
    ev = run(B.Buttons(), start, [(1 << B.DOWN, 1000), (0, 100)])
    ks = kinds(ev)
    assert ks[0] == B.PRESS and ks[-1] == B.RELEASE
    reps = [t for t, k, _ in ev if k == B.REPEAT]
    # pressed at ~25 ms (debounce); repeats from ~475 ms to 1000 ms: 475, 585, 695, 805, 915
    assert len(reps) == 5
    gaps = [b - a for a, b in zip(reps, reps[1:], strict=False)]
    assert all(105 <= g <= 115 for g in gaps)
    assert B.CLICK not in ks and B.LONG not in ks


def test_ok_never_repeats():
    """OK is not a repeating key: holding it gives exactly one LONG."""
    ev = run(B.Buttons(), 0, [(1 << B.OK, 3000), (0, 50)])
    assert kinds(ev).count(B.LONG) == 1 and B.REPEAT not in kinds(ev)


def test_two_keys_independent():
    """OK held while UP is tapped: each key gets its own events."""
    ok, up = 1 << B.OK, 1 << B.UP
    ev = run(B.Buttons(), 0, [(ok, 100), (ok | up, 100), (ok, 100), (0, 100)])
    assert kinds(ev, B.UP) == [B.PRESS, B.RELEASE, B.CLICK]
    assert kinds(ev, B.OK) == [B.PRESS, B.RELEASE, B.CLICK]


def test_ticks_arithmetic_wraps_like_micropython():
    """ticks_diff/ticks_add give the short signed distance across the 2**30 wrap."""
    assert ticks_add(WRAP - 1, 1) == 0
    assert ticks_add(5, -10) == WRAP - 5
    assert ticks_diff(3, WRAP - 2) == 5
    assert ticks_diff(WRAP - 2, 3) == -5
    assert ticks_diff(100, 40) == 60
    assert ticks_diff(0, 1 << 29) == -(1 << 29)


def test_update_allocates_nothing_per_event():
    """Events go into the one preallocated queue object."""
    btn = B.Buttons()
    q = btn.queue
    run(btn, 0, [(1 << B.OK, 100), (0, 100)])
    assert btn.queue is q and len(q) == 16


class _EveryLook(B.Buttons):
    """Buttons that work through every key at every update (no early return)."""

    def update(self, now, levels):
        self._wake = now
        return super().update(now, levels)


@pytest.mark.parametrize("seed", range(40))
def test_returning_early_while_nothing_can_happen_changes_no_event(seed):
    """update() returns at once while the levels stay and no key can settle, repeat or
    give its LONG yet; fed random taps, holds and bounces at random moments (also across
    the tick wrap) it gives exactly the events of working through every key each time."""
    import random

    rng = random.Random(seed)
    fast, full = B.Buttons(), _EveryLook()
    t = rng.choice([0, WRAP - 2000, rng.randrange(WRAP)])
    levels = 0
    for _ in range(300):
        if rng.random() < 0.3:
            levels ^= 1 << rng.randrange(4)
        t = ticks_add(t, rng.choice([1, 2, 5, 5, 5, 9, 10, 11, 40, 110, 450, 600, 2000]))
        a, b = fast.update(t, levels), full.update(t, levels)
        assert bytes(fast.queue[:a]) == bytes(full.queue[:b]), (seed, t, levels)
        assert fast.stable == full.stable
