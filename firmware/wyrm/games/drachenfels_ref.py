"""Drachenfels quick reference: (title, lines) pages, lines <= 21 chars.

The game menu's "Quick reference". The first five
pages are the magic cards, in the order of ``drachenfels.KINDS``.
"""

PAGES = (
    (
        "Rainbow (4)",
        (
            "Place, remove or",
            "move a rainbow. One",
            "end on a rainbow",
            "rock, the other in",
            "the royal castle.",
            "Crossing costs 1.",
            "After crossing you",
            "may move it.",
        ),
    ),
    (
        "Bridge (3)",
        (
            "Place, remove or",
            "move a bridge over a",
            "crater or a way to a",
            "rock castle. Counts",
            "as a field. Not",
            "while a knight is on",
            "it.",
        ),
    ),
    (
        "Dragon (5)",
        (
            "Move any dragon to a",
            "free green-dot land",
            "field or a free",
            "dragon rock. No",
            "knight may enter or",
            "cross a dragon.",
        ),
    ),
    (
        "Teleport (1)",
        (
            "Swap your knight's",
            "place with another",
            "knight's.",
        ),
    ),
    (
        "Great cloud (1)",
        (
            "Put another player's",
            "knight on a free",
            "starting field.",
        ),
    ),
    (
        "Your turn",
        (
            "a) Play any magic",
            "   cards, then 1",
            "   point card (must",
            "   if you have one).",
            "b) Shuffle hand into",
            "   pile, draw 7; or",
            "   take up to 3",
            "   cards from others",
        ),
    ),
    (
        "Discard pile",
        (
            "c) Start by taking",
            "   the top discard:",
            "   magic: use it,",
            "   then play on;",
            "   points: move,",
            "   turn ends.",
        ),
    ),
    (
        "Moving",
        (
            "Point card: move",
            "exactly that many,",
            "no turning back.",
            "Royal castle: exact",
            "count. Star field:",
            "fly to a free star,",
            "move on, no cost.",
        ),
    ),
    (
        "Duels",
        (
            "End on a rival: put",
            "it on a free start",
            "field, take up to 2",
            "cards from its hand.",
            "No duels on rocks or",
            "in the royal castle.",
        ),
    ),
    (
        "Rock castles",
        (
            "Need armour, exact",
            "count, a bridge and",
            "no dragon. Peek at",
            "the princess: your",
            "colour wins. Once in",
            "a rock castle: move",
            "single or double.",
        ),
    ),
    (
        "After a miss",
        (
            "After the first",
            "failed castle visit",
            "rainbows may also",
            "link rainbow rocks",
            "and rock castles.",
        ),
    ),
)
