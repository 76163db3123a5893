"""The main menu's rows that open something: each game and tool named once.

A game is its four modules in ``wyrm/games`` and one entry here (docs/DEVELOPING.md);
the main menu (``wyrm.home``), the quick roll (``wyrm.quick``), the sentences for a saved
game that could not be used (``wyrm.store_words``) and About (``wyrm.settings_ui``) read it.
"""

# (menu label, module with enter(app, resume), the quick roll's die ("": the die rolled
# last), its save's name in the store ("": not a game), the save in the players' words:
# "The saved Drakonia game was damaged.", the menu label in German, "": the same: a game
# keeps its own name). The order is the menu's; Players and Settings follow.
GAMES = (
    ("Drachenhort", "wyrm.games.drachenhort_game", "dh", "drachenhort", "Drachenhort", ""),
    ("Drakskatten", "wyrm.games.drakskatten_game", "d6", "drakskatten", "Drakskatten", ""),
    ("DrachenSchatten", "wyrm.games.drachenschatten_game", "", "drachenschatten",
     "DrachenSchatten", ""),
    ("Drachenfels", "wyrm.games.drachenfels_game", "", "drachenfels", "Drachenfels", ""),
    ("Der Weg n. Drakonia", "wyrm.games.drakonia_game", "", "drakonia", "Drakonia", ""),
    ("Dice", "wyrm.dice_ui", "", "", "", "Würfel"),
    ("Hidden deck", "wyrm.deck_ui", "", "", "", "Verdeckte Karten"),
)
