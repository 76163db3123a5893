"""The Drakskatten roll-off: everyone rolls 1d6, only the tied highest roll again.

Pure logic, no randomness of its own (``roll(rng)`` takes the caller's rng). Its
own module: only the roll-off screen (``wyrm.dice_ui``) loads it.
"""

from wyrm.dice import D6


class RollOff:
    """Drakskatten start: everyone rolls 1d6; only the tied highest roll again.

    ``players`` is a player count (players 0..n-1) or a list of player ids.
    ``still_in`` lists who rolls next; ``rounds`` holds every round as a list of
    (player, roll); ``winner`` is None until one player is left.
    Use ``roll(rng)`` to roll for everybody still in, or ``enter(rolls)`` with
    real dice (one 1..6 per player in ``still_in``, same order).
    """

    def __init__(self, players):
        if type(players) is int:
            players = list(range(players))
        else:
            players = list(players)
        if len(players) < 1:
            raise ValueError("roll-off needs players")
        self.still_in = players
        self.rounds = []
        self.winner = players[0] if len(players) == 1 else None

    def done(self):
        return self.winner is not None

    def enter(self, rolls):
        """Record one round of rolls; returns that round [(player, roll), ...]."""
        if self.winner is not None:
            raise ValueError("roll-off is over")
        if len(rolls) != len(self.still_in):
            raise ValueError("one roll per player still in")
        best = 0
        for r in rolls:
            if type(r) is not int or r < 1 or r > 6:
                raise ValueError("a d6 shows 1..6")
            if r > best:
                best = r
        rnd = []
        top = []
        for i in range(len(rolls)):
            rnd.append((self.still_in[i], rolls[i]))
            if rolls[i] == best:
                top.append(self.still_in[i])
        self.rounds.append(rnd)
        self.still_in = top
        if len(top) == 1:
            self.winner = top[0]
        return rnd

    def roll(self, rng):
        """Roll 1d6 for each player still in; returns the round."""
        return self.enter([D6.roll(rng)[0] for _ in self.still_in])


def roll_off(rng, players):
    """Run a whole roll-off; returns (winner, rounds)."""
    r = RollOff(players)
    while r.winner is None:
        r.roll(rng)
    return r.winner, r.rounds
