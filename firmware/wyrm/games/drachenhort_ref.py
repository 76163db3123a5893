"""Drachenhort's quick reference: (title, lines) pages, lines <= 21 chars."""

PAGES = (
    ("The die", (
        "1 2 2 3 4 6",
        "2: any adventurer,",
        "also one in the dark.",
        "1 3 4 6: one on the",
        "Starting Space or in",
        "a lit area.",
        "Exact count; skip",
        "occupied rooms.",
    )),
    ("Tokens", (
        "Each escape: 1 2 3 4",
        "5 6 8. A capture",
        "takes the lowest one",
        "left. Escape: the one",
        "out gets 8, the rest",
        "the highest left,",
        "farthest first.",
        "Penultimate capture:",
        "6; last one in: 8.",
    )),
    ("Gems and score", (
        "12 gems per escape,",
        "1 VP each.",
        "Score: silver + gold",
        "of your card's three",
        "adventurers, + gems.",
        "Equal totals share",
        "the win.",
    )),
    ("Turns", (
        "The oldest begins,",
        "then clockwise.",
        "On the roll: UP a gem",
        "for whose turn, DOWN",
        "the dragon's capture,",
        "OK: the next player",
        "rolls. An escape: on",
        "the game menu.",
    )),
)
