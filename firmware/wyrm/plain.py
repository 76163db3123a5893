"""Plain helpers any module may use, the rules modules included: no screen, no app, no I/O.

``whole`` checks a number read from a save or given to the rules, ``field`` makes a
save's key an attribute, ``seat`` and ``plural`` are the two ways a count or a seat is
put in words, ``upper`` puts a name in capitals as both runtimes do.
"""


def whole(v, lo, hi):
    # True when v is an int (not a bool) from lo to hi: every number read from a save
    return type(v) is int and lo <= v <= hi


def field(key):
    # A class attribute that is ``self.state[key]``, read and written: a field of a
    # save (a game's, a Drakskatten player's record) used as an attribute.
    def get(o):
        return o.state[key]

    def put(o, v):
        o.state[key] = v

    return property(get, put)


def seat(i):
    # seat i's name when the table gave it none: "P3" for i 2
    return "P%d" % (i + 1)


def plural(n, word):
    # "1 gem", "3 gems"
    return "%d %s%s" % (n, word, "" if n == 1 else "s")

