"""DrachenSchatten quick reference: (title, lines) pages, lines <= 21 chars; PAGES_DE in German.

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

# The same pages in German, in the same order.
OBJECT_PAGES_DE = (
    (
        "Fackel",
        (
            "1-3 oberste Karten",
            "(wie abgebildet)",
            "geheim ansehen und",
            "zurücklegen. Eine",
            "gesehene Bestie",
            "kämpft nicht.",
        ),
    ),
    (
        "Stiefel",
        (
            "Eine Karte umdrehen.",
            "Eine Bestie: Kampf.",
        ),
    ),
    (
        "Zauberstab",
        (
            "Aktion wie gezeigt:",
            "- Karte umdrehen",
            "- Objekt tauschen",
            "- Objekt stehlen",
            "- Verfall",
        ),
    ),
    (
        "Schwert",
        (
            "Aktion wie gezeigt:",
            "- Objekt tauschen",
            "- Objekt zerstören",
            "- Verfall",
            "- Drachen erlegen",
            "- Hydra erlegen",
        ),
    ),
    (
        "Edelstein",
        ("Objekt tauschen.",),
    ),
    (
        "Zauberbuch",
        ("Objekt zerstören.",),
    ),
    (
        "Schlüssel",
        (
            "Wiederherstellen:",
            "ein eigenes benutztes",
            "Objekt wieder bereit;",
            "sofort nutzbar.",
        ),
    ),
    (
        "Schild",
        ("Erlegt einen Drachen.",),
    ),
    (
        "Helm",
        ("Erlegt einen Drachen.",),
    ),
    (
        "Zaubertrank",
        ("Erlegt eine Hydra.",),
    ),
)

_TURN_DE = (
    (
        "Dein Zug",
        (
            "Genau 1 Dorf- oder",
            "Höhlenkarte umdrehen,",
            "zu deinen Karten.",
            "Bereite Objekte",
            "beliebig oft nutzen,",
            "davor und danach.",
            "Benutzt: 90° drehen.",
            "Neue Karten: bereit.",
        ),
    ),
)

_RULES_DE = (
    (
        "Aktionen",
        (
            "Nur BENUTZTE Objekte",
            "können getauscht,",
            "gestohlen, zerstört",
            "werden, verfallen.",
            "Tausch: 1 eigenes",
            "gegen 1 fremdes;",
            "beide bleiben",
            "benutzt. Die Tausch-",
            "karte darf mit.",
        ),
    ),
    (
        "Mehr Aktionen",
        (
            "Stehlen: ein Objekt",
            "eines anderen nehmen.",
            "Zerstören: ein Objekt",
            "eines anderen aus",
            "dem Spiel nehmen.",
            "Verfall: alle anderen",
            "geben je 1 benutztes",
            "Objekt ab.",
        ),
    ),
    (
        "Kampf",
        (
            "Bestie umgedreht:",
            "Drache: bereites",
            "Schwert/Schild/Helm.",
            "Hydra: bereiter",
            "Trank oder Schwert.",
            "Kein Schlüssel davor.",
            "Gewonnen: Bestie",
            "behalten. Verloren:",
            "alle deine Karten.",
        ),
    ),
    (
        "Kampf verloren",
        (
            "Alle deine Karten",
            "und die Bestie",
            "verlassen das Spiel.",
            "Dein Zug endet; im",
            "nächsten Zug neu",
            "anfangen.",
        ),
    ),
    (
        "Sieg",
        (
            "Sofort gewonnen mit:",
            "7 verschiedenen",
            "Objekten oder",
            "3 erlegten Bestien",
            "oder 3 Schätzen.",
            "Ein Tausch kann zwei",
            "Sieger machen.",
            "Bestien, Schätze:",
            "sicher vor Aktionen.",
        ),
    ),
    (
        "Ende",
        (
            "Dorf und Höhlen leer:",
            "die meisten Karten",
            "(Objekte, Bestien,",
            "Schätze) gewinnen.",
            "Gleich viele:",
            "unentschieden.",
            "Es gibt 7 Schätze.",
        ),
    ),
)

PAGES_DE = _TURN_DE + OBJECT_PAGES_DE + _RULES_DE
