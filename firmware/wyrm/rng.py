"""Randomness for dice and deals: unbiased draws from an injectable entropy source.

``Rng(source)`` takes ``source(n) -> n random bytes``. On the Pico that is
``os.urandom`` (seeded from the ring oscillator); where it is missing,
``random.getrandbits``. ``Rng(seed=N)`` uses a xorshift32 stream that gives the
same numbers under CPython and MicroPython, so UI tests and the simulator are
deterministic. Every draw uses rejection sampling - never ``bits % n``.
"""


def _system_source():
    try:
        from os import urandom

        urandom(1)
        return urandom
    except (ImportError, AttributeError, OSError, NotImplementedError):
        pass
    import random

    def source(n):
        out = bytearray(n)
        for i in range(n):
            out[i] = random.getrandbits(8)
        return out

    return source


class Xorshift:
    """Deterministic byte source (xorshift32), identical on every runtime."""

    def __init__(self, seed):
        # Spread the seed over all 32 bits (small seeds would otherwise start
        # with many zero bits) and run the generator in before use.
        s = ((seed & 0xFFFFFFFF) * 0x9E3779B9 + 0x7F4A7C15) & 0xFFFFFFFF
        self.state = s or 0x9E3779B9
        self(16)

    def __call__(self, n):
        out = bytearray(n)
        s = self.state
        for i in range(n):
            s ^= (s << 13) & 0xFFFFFFFF
            s ^= s >> 17
            s ^= (s << 5) & 0xFFFFFFFF
            out[i] = s >> 24
        self.state = s
        return out


class Rng:
    def __init__(self, source=None, seed=None):
        if source is None:
            source = Xorshift(seed) if seed is not None else _system_source()
        self.source = source

    def bits(self, k):
        """A uniform integer of k bits (0 <= k <= 32)."""
        if k <= 0:
            return 0
        raw = self.source((k + 7) >> 3)
        v = 0
        for b in raw:
            v = (v << 8) | b
        return v & ((1 << k) - 1)

    def below(self, n):
        """Uniform integer in [0, n): draw just enough bits, reject values >= n."""
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        if n == 1:
            return 0
        k = 0
        m = n - 1
        while m:
            k += 1
            m >>= 1
        while True:
            v = self.bits(k)
            if v < n:
                return v

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        return shuffle(items, self)


def shuffle(items, rng):
    """Fisher-Yates in place with any ``rng`` that has ``below(n)``: every order
    equally likely. Returns ``items``."""
    i = len(items) - 1
    while i > 0:
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return items
