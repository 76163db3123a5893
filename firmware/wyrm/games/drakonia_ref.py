"""Der Weg nach Drakonia quick reference: (title, lines) pages, lines <= 21 chars.

The game menu's "Quick reference".
"""

PAGES = (
    (
        "Warrior card",
        (
            "Play on your Warrior.",
            "2 heroes on that",
            "space move forward;",
            "a 3rd hero there is",
            "wounded and lies",
            "beside the space.",
            "The Warrior may be",
            "one of the three.",
        ),
    ),
    (
        "Thief card",
        (
            "Play on your Thief.",
            "2 heroes on that",
            "space move forward;",
            "a 3rd moves back.",
            "Back from the City:",
            "to its owner's pile",
            "of unplayed heroes.",
        ),
    ),
    (
        "Cleric card",
        (
            "Play on your Cleric.",
            "1 hero on that space",
            "moves forward. Heal",
            "1 wounded hero lying",
            "beside that space:",
            "flip it back onto",
            "the space. Playable",
            "with none to heal.",
        ),
    ),
    (
        "Mage card",
        (
            "Play on your Mage.",
            "2 heroes swap:",
            "a) Mage's space and",
            "   the space behind",
            "b) Mage's space and",
            "   the space ahead",
            "c) space ahead and",
            "   space behind (not",
            "   the Mage itself)",
        ),
    ),
    (
        "Card symbols",
        (
            "Each hero symbol",
            "needs such a hero of",
            "yours on the space.",
            "Eye: any hero type.",
            "Effects may hit any",
            "player's heroes.",
            "Not on wounded or",
            "invisible heroes.",
        ),
    ),
    (
        "Your turn",
        (
            "a) Bring a hero into",
            "   the City (limit!)",
            "b) Play 1-4 cards,",
            "   one after another",
            "c) Mages: spells on",
            "   or off",
            "d) Draw 1 card (hand",
            "   max 4). Turn ends.",
        ),
    ),
    (
        "Instead",
        (
            "Instead of a) and b):",
            "move own healthy",
            "heroes back, any",
            "number of spaces.",
            "Or, with no card,",
            "hero or move back:",
            "swap 1-4 cards for",
            "new ones, no draw.",
        ),
    ),
    (
        "Mage spell",
        (
            "A Mage makes 1 other",
            "own hero on its",
            "space invisible: no",
            "card can target or",
            "use it. Ends if the",
            "Mage moves, is hurt",
            "or ends the spell.",
        ),
    ),
    (
        "Wounded, dead",
        (
            "Wounded heroes lie",
            "beside the space and",
            "still count toward",
            "the limit. Owner may",
            "declare one dead:",
            "out of the game.",
        ),
    ),
    (
        "Heroes in play",
        (
            "2 players:   6",
            "3-4 players: 5",
            "5-6 players: 4",
            "6 players: 3 teams",
            "of 2, partners sit",
            "opposite (1+4, 2+5,",
            "3+6), team scores.",
        ),
    ),
    (
        "End, scoring",
        (
            "A hero in Drakonia",
            "ends the game after",
            "that card. Hero:",
            "points = space no.",
            "Wounded: half (2.5",
            "by the Woods). Tie:",
            "best healthy hero,",
            "then next, and so on",
        ),
    ),
)
