"""Drachenfels quick reference: (title, lines) pages, lines <= 21 chars.

The game menu's "Quick reference": ``PAGES`` in English, ``PAGES_DE`` the same pages in
German. The first five pages are the magic cards, in the order of ``drachenfels.KINDS``.
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

PAGES_DE = (
    (
        "Regenbogen (4)",
        (
            "Einen Regenbogen",
            "legen, entfernen",
            "oder versetzen. Ein",
            "Ende auf",
            "Regenbogenfelsen,",
            "das andere in der",
            "Burg. Überqueren",
            "kostet 1. Danach",
            "darf er versetzt",
            "werden.",
        ),
    ),
    (
        "Brücke (3)",
        (
            "Eine Brücke legen,",
            "entfernen oder",
            "versetzen: über",
            "einen Krater oder",
            "einen Weg zur",
            "Felsenburg. Zählt",
            "als Feld. Nicht,",
            "wenn ein Ritter",
            "darauf steht.",
        ),
    ),
    (
        "Drache (5)",
        (
            "Einen Drachen auf",
            "ein freies Landfeld",
            "mit grünem Punkt",
            "oder freien",
            "Drachenfelsen",
            "setzen. Kein Ritter",
            "darf auf oder über",
            "einen Drachen.",
        ),
    ),
    (
        "Teleport (1)",
        (
            "Tausche den Platz",
            "deines Ritters mit",
            "einem anderen",
            "Ritter.",
        ),
    ),
    (
        "Große Wolke (1)",
        (
            "Den Ritter eines",
            "anderen Spielers auf",
            "ein freies Startfeld",
            "setzen.",
        ),
    ),
    (
        "Dein Zug",
        (
            "a) Beliebig viele",
            "   Zauberkarten,",
            "   dann eine",
            "   Punktekarte",
            "   (Pflicht, wenn du",
            "   eine hast).",
            "b) Hand in den",
            "   Stapel mischen,",
            "   7 ziehen; oder",
            "   bis zu 3 Karten",
            "   von anderen",
            "   nehmen.",
        ),
    ),
    (
        "Ablagestapel",
        (
            "c) Mit der obersten",
            "   Karte der Ablage",
            "   beginnen:",
            "   Zauber: ausführen",
            "   und weiter;",
            "   Punkte: ziehen,",
            "   Zug endet.",
        ),
    ),
    (
        "Ziehen",
        (
            "Punktekarte: genau",
            "so viele Felder",
            "ziehen, nicht",
            "zurück. Burg: genaue",
            "Zahl. Sternfeld: zu",
            "einem freien Stern",
            "fliegen,",
            "weiterziehen, kostet",
            "nichts.",
        ),
    ),
    (
        "Duelle",
        (
            "Endet der Zug auf",
            "einem Gegner: ihn",
            "auf ein freies",
            "Startfeld setzen,",
            "bis zu 2 Karten aus",
            "seiner Hand nehmen.",
            "Kein Duell auf",
            "Felsen oder in der",
            "Burg.",
        ),
    ),
    (
        "Felsenburgen",
        (
            "Brauchen Rüstung,",
            "genaue Zahl, eine",
            "Brücke, keinen",
            "Drachen. Die",
            "Prinzessin ansehen:",
            "deine Farbe gewinnt.",
            "Nach einer",
            "Felsenburg einfach",
            "oder doppelt ziehen.",
        ),
    ),
    (
        "Nach Fehlschlag",
        (
            "Nach dem ersten",
            "vergeblichen",
            "Burgbesuch dürfen",
            "Regenbögen auch",
            "Regenbogenfelsen und",
            "Felsenburgen",
            "verbinden.",
        ),
    ),
)
