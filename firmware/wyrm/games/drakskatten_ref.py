"""Drakskatten's quick reference: (title, lines) pages, lines <= 21 characters."""

ATTACK = (
    "  sum result",
    "  <=9 MISS",
    "10-11 LIGHT  -1 card",
    "   12 INJURY -2 cards",
    "   13 SEVERE -3 cards",
    " >=14 DEATH",
    "ATT added if above 0.",
    "Magic Amulet: -1.",
    "LIGHT: move 3.",
    "INJURY, SEVERE:",
    "  move 2.",
    "DEATH: start over at",
    "  your staircase.",
)

TREASURE = (
    "sum cards",
    "<=1 none",
    "2-3 1 card",
    "4-6 2 cards",
    "7-8 3 cards",
    ">=9 4 cards",
    "After a victory.",
    "ATT is added even",
    "  when 0 or less.",
)

INJURIES = (
    "LIGHT+LIGHT = INJURY",
    "INJURY+INJURY=SEVERE",
    "SEVERE+any = DEATH",
    "LIGHT on INJURY:",
    "  no change.",
    "Else the worse one",
    "  stands. Cards are",
    "  lost as the table",
    "  says.",
    "Healing Potion heals",
    "  all (used up).",
)

ITEMS = (
    "Magic Sword: -1 on",
    "  your attack roll.",
    "Magic Amulet: -1 on",
    "  the monster's roll.",
    "Healing Potion: heals",
    "  all injuries. Used",
    "  up.",
    "Flying Carpet: move",
    "  2d6, injuries do",
    "  not matter.",
    "Crystal Ball: look",
    "  through a door:",
    "  monster and",
    "  treasure decided",
    "  before you enter.",
    "Poison Powder: the",
    "  monster is beaten",
    "  at once. Used up.",
    "Sticky Floor: the",
    "  monster cannot",
    "  attack; take its",
    "  treasure. Kept.",
)

READINGS = (
    "Sticky Floor is not",
    "  used up: the rules",
    "  never remove it.",
    "Cards are lost as",
    "  the table says even",
    "  when the injury",
    "  does not change.",
    "Treasure adds ATT",
    "  whatever its sign.",
    "Win: 1,500 silver",
    "  and back at your",
    "  own staircase.",
)


PAGES = (
    ("Monster: 2d6 + ATT", ATTACK),
    ("Treasure: 1d6 + ATT", TREASURE),
    ("Injuries", INJURIES),
    ("Magic items", ITEMS),
    ("How Wyrm reads it", READINGS),
)
