"""DrachenSchatten quick reference: (title, lines) pages, lines <= 21 chars.

The game menu's "Quick reference". ``OBJECT_PAGES``
follows the order of ``drachenschatten.OBJECTS``.
"""

# One page per object type, same order as drachenschatten.OBJECTS.
OBJECT_PAGES = (
    (
        "Torch",
        (
            "View 1-3 top cards",
            "(as many as shown)",
            "secretly, put them",
            "back. A beast seen",
            "is not fought.",
        ),
    ),
    (
        "Boots",
        (
            "Turn over a card.",
            "A beast: battle.",
        ),
    ),
    (
        "Magic wand",
        (
            "Action as shown:",
            "- turn over a card",
            "- trade an object",
            "- steal an object",
            "- decay",
        ),
    ),
    (
        "Sword",
        (
            "Action as shown:",
            "- trade an object",
            "- destroy an object",
            "- decay",
            "- slay a dragon",
            "- slay a Hydra",
        ),
    ),
    (
        "Gem",
        ("Trade an object.",),
    ),
    (
        "Spell book",
        ("Destroy an object.",),
    ),
    (
        "Key",
        (
            "Restore: turn one of",
            "your used objects",
            "ready again; it can",
            "be used at once.",
        ),
    ),
    (
        "Shield",
        ("Slays a dragon.",),
    ),
    (
        "Helmet",
        ("Slays a dragon.",),
    ),
    (
        "Magic potion",
        ("Slays a Hydra.",),
    ),
)

_TURN = (
    (
        "Your turn",
        (
            "Turn over exactly 1",
            "village or cave card",
            "into your cards.",
            "Use ready objects as",
            "often as you like,",
            "before and after.",
            "Used: turn it 90deg.",
            "New cards: usable.",
        ),
    ),
)

_RULES = (
    (
        "Actions",
        (
            "Only USED objects",
            "can be traded,",
            "stolen, destroyed",
            "or decay.",
            "Trade: swap 1 of",
            "yours for 1 of",
            "another's; both stay",
            "used. May trade the",
            "card you used.",
        ),
    ),
    (
        "More actions",
        (
            "Steal: take another",
            "player's object.",
            "Destroy: remove an",
            "object of another",
            "player from play.",
            "Decay: all others",
            "give up 1 used",
            "object each.",
        ),
    ),
    (
        "Battle",
        (
            "Turned over a beast:",
            "Dragon: use a ready",
            "sword/shield/helmet",
            "Hydra: use a ready",
            "potion or sword.",
            "No key first. Won:",
            "keep the beast.",
            "Lost: all your cards",
        ),
    ),
    (
        "Lost battle",
        (
            "Your whole card",
            "collection and the",
            "beast leave the",
            "game. Your turn",
            "ends; start again",
            "next turn.",
        ),
    ),
    (
        "Winning",
        (
            "Win at once with:",
            "7 different objects",
            "or 3 slain beasts",
            "or 3 treasures.",
            "One trade can make",
            "two winners.",
            "Beasts, treasures:",
            "safe from actions.",
        ),
    ),
    (
        "End",
        (
            "Village and caves",
            "empty: most cards",
            "(objects, beasts,",
            "treasures) wins.",
            "Equal most: draw.",
            "7 treasures exist.",
        ),
    ),
)

# Turn, then the objects, then actions, battle and the end.
PAGES = _TURN + OBJECT_PAGES + _RULES
