"""Drakskatten's quick reference: (title, lines) pages, lines <= 21 characters: ``PAGES``
in English, ``PAGES_DE`` the same pages in German."""

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
    "Cards lost: the",
    "  player says which;",
    "  Wyrm offers the",
    "  cheapest first.",
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

ATTACK_DE = (
    "Summe Ergebnis Karten",
    "  <=9 DANEBEN",
    "10-11 LEICHT     -1",
    "   12 WUNDE      -2",
    "   13 SCHWER     -3",
    " >=14 TOD",
    "Angriff zählt ab 1.",
    "Zauberamulett: -1.",
    "LEICHT: 3 Felder.",
    "WUNDE, SCHWER:",
    "  2 Felder.",
    "TOD: neu beginnen an",
    "  deiner Treppe.",
)

TREASURE_DE = (
    "Summe Karten",
    "<=1 keine",
    "2-3 1 Karte",
    "4-6 2 Karten",
    "7-8 3 Karten",
    ">=9 4 Karten",
    "Nach einem Sieg.",
    "Angriff zählt auch",
    "  bei 0 oder weniger.",
)

INJURIES_DE = (
    "LEICHT+LEICHT=WUNDE",
    "WUNDE+WUNDE=SCHWER",
    "SCHWER+jede = TOD",
    "LEICHT auf WUNDE:",
    "  keine Änderung.",
    "Sonst gilt die",
    "  schlimmere. Karten",
    "  gehen verloren, wie",
    "  die Tabelle sagt.",
    "Heiltrank heilt",
    "  alles (verbraucht).",
)

ITEMS_DE = (
    "Zauberschwert: -1 auf",
    "  deinen Wurf.",
    "Zauberamulett: -1 auf",
    "  den Monsterwurf.",
    "Heiltrank: heilt alle",
    "  Wunden. Verbraucht.",
    "Fliegender Teppich:",
    "  2W6 ziehen, Wunden",
    "  zählen nicht.",
    "Kristallkugel: durch",
    "  eine Tür schauen:",
    "  Monster und Schatz",
    "  stehen fest, bevor",
    "  du eintrittst.",
    "Giftpulver: besiegt",
    "  das Monster sofort.",
    "  Verbraucht.",
    "Klebeboden: das",
    "  Monster greift",
    "  nicht an; nimm",
    "  seinen Schatz.",
    "  Bleibt liegen.",
)

READINGS_DE = (
    "Klebeboden wird nicht",
    "  verbraucht: die",
    "  Regeln nehmen ihn",
    "  nie weg.",
    "Karten gehen laut",
    "  Tabelle verloren,",
    "  auch bei gleicher",
    "  Wunde.",
    "Verlorene Karten:",
    "  der Spieler wählt;",
    "  Wyrm bietet die",
    "  billigsten zuerst.",
    "Schatz addiert den",
    "  Angriff, auch wenn",
    "  er negativ ist.",
    "Sieg: 1.500 Silber",
    "  und zurück an der",
    "  eigenen Treppe.",
)

PAGES_DE = (
    ("Monster 2W6+Angriff", ATTACK_DE),
    ("Schatz: 1W6+Angriff", TREASURE_DE),
    ("Wunden", INJURIES_DE),
    ("Zauberdinge", ITEMS_DE),
    ("So liest Wyrm es", READINGS_DE),
)
