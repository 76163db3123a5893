"""Drakskatten's rules (pure): combat, injuries, treasure, movement, the win.

Plain numbers in and out, so real dice can be typed in (a 2d6 total 2..12, a 1d6
1..6; ValueError otherwise). The table results double as the injury a player
carries: MISS/NONE 0, LIGHT 1, INJURY 2, SEVERE 3, DEATH 4. How Wyrm reads the
rulebook where it is silent: docs/RULES.md and the quick reference's last page.
"""

from micropython import const

from wyrm.lang import t
from wyrm.plain import field, whole  # a player's attributes are its record's keys

MISS = const(0)
NONE = const(0)
LIGHT = const(1)
INJURY = const(2)
SEVERE = const(3)
DEATH = const(4)

MAX_PLAYERS = const(6)
# A monster's values as the players may enter them (the cards' range, with room)
DEF_LO = const(0)
DEF_HI = const(15)
ATT_LO = const(-5)
ATT_HI = const(9)
WIN_SILVER = const(1500)
STAIRCASES = const(4)
CARD_MAX = const(5000)  # a treasure card's silver as it may be entered
CARDS_MAX = const(99)  # treasure cards one player may hold

RESULT_NAMES = ("MISS", "LIGHT INJURY", "INJURY", "SEVERE INJURY", "DEATH")
INJURY_NAMES = ("healthy", "LIGHT", "INJURY", "SEVERE", "DEAD")

# Treasure cards lost per table result (DEATH: everything, see take_hit).
_LOST = b"\x00\x01\x02\x03"

# Magic items: ids (stored in player records) and display names, same order.
SWORD = "sword"
AMULET = "amulet"
POTION = "potion"
CARPET = "carpet"
CRYSTAL = "crystal"
POISON = "poison"
STICKY = "sticky"
ITEM_IDS = (SWORD, AMULET, POTION, CARPET, CRYSTAL, POISON, STICKY)
ITEM_NAMES = (
    "Magic Sword",
    "Magic Amulet",
    "Healing Potion",
    "Flying Carpet",
    "Crystal Ball",
    "Poison Powder",
    "Sticky Floor",
)


def result_name(code):
    """A table result's word in the language in use ("LIGHT INJURY")."""
    return t(RESULT_NAMES[code], ("DANEBEN", "LEICHTE WUNDE", "WUNDE", "SCHWERE WUNDE",
                                  "TOD")[code])


def injury_name(n):
    """The injury a player carries in the language in use ("healthy", "LIGHT")."""
    return t(INJURY_NAMES[n], ("gesund", "LEICHT", "WUNDE", "SCHWER", "TOT")[n])


def item_name(k):
    """Magic item ``k`` (its index in ITEM_IDS) in the language in use."""
    return t(ITEM_NAMES[k], ("Zauberschwert", "Zauberamulett", "Heiltrank",
                             "Fliegender Teppich", "Kristallkugel", "Giftpulver",
                             "Klebeboden")[k])


def _int(v, what):
    if type(v) is not int:
        raise ValueError(what + " must be a whole number")
    return v


def check_2d6(roll):
    """A two-dice total: 2..12."""
    if _int(roll, "roll") < 2 or roll > 12:
        raise ValueError("2 dice show 2..12")
    return roll


def check_d6(roll):
    """A one-die roll: 1..6."""
    if _int(roll, "roll") < 1 or roll > 6:
        raise ValueError("a die shows 1..6")
    return roll


# ----- combat -------------------------------------------------------------------


def player_hits(roll, defence, sword=False):
    """Player attack: 2d6 (minus 1 with the Magic Sword) at most DEFENCE wins."""
    check_2d6(roll)
    _int(defence, "DEFENCE")
    if sword:
        roll -= 1
    return roll <= defence


def monster_total(roll, attack, amulet=False):
    """Monster attack total: 2d6 + ATTACK (only if above 0), -1 with the Amulet."""
    check_2d6(roll)
    if _int(attack, "ATTACK") > 0:
        roll += attack
    if amulet:
        roll -= 1
    return roll


def attack_result(total):
    """Monster attack table: <=9 MISS, 10-11 LIGHT, 12 INJURY, 13 SEVERE, >=14 DEATH."""
    if total <= 9:
        return MISS
    if total <= 11:
        return LIGHT
    if total == 12:
        return INJURY
    if total == 13:
        return SEVERE
    return DEATH


def monster_attack(roll, attack, amulet=False):
    """Result code of a monster's attack from the 2d6 total typed in."""
    return attack_result(monster_total(roll, attack, amulet))


def treasure_cards(roll, attack):
    """Treasure after a victory: 1d6 + ATTACK: <=1:0, 2-3:1, 4-6:2, 7-8:3, >=9:4."""
    t = check_d6(roll) + _int(attack, "ATTACK")
    if t <= 1:
        return 0
    if t <= 3:
        return 1
    if t <= 6:
        return 2
    if t <= 8:
        return 3
    return 4


def combine_injury(current, new):
    """Injury carried after a new table result lands on the current one.

    light + light = injury; injury + injury = severe; severe + any injury = death;
    light on injury changes nothing; otherwise the worse stands (MISS: no change).
    """
    if current == DEATH or new == DEATH:
        return DEATH
    if new == NONE:
        return current
    if current == NONE:
        return new
    if current == SEVERE:
        return DEATH
    if current == new:
        return current + 1  # light+light = injury, injury+injury = severe
    if new > current:
        return new
    return current


# ----- movement and doors ---------------------------------------------------------


def movement(injury, carpet=False):
    """(dice to roll, fixed squares): healthy (1, 0); light (0, 3);
    injury/severe (0, 2); Flying Carpet (2, 0) whatever the injuries."""
    if carpet:
        return (2, 0)
    if injury == NONE:
        return (1, 0)
    if injury == LIGHT:
        return (0, 3)
    return (0, 2)


def door_found(roll):
    """Secret door search: 1d6, found on 1, 2 or 3."""
    return check_d6(roll) <= 3


# ----- players ---------------------------------------------------------------------


def pair(v, n=2):
    # [DEF, ATT] (n 3: [DEF, ATT, cards]) from a save, or None
    if not isinstance(v, list) or len(v) < n:
        return None
    if not (whole(v[0], DEF_LO, DEF_HI) and whole(v[1], ATT_LO, ATT_HI)):
        return None
    if n == 3 and not whole(v[2], 0, 4):
        return None
    return v[:n]


def cards_ok(v):
    """A saved list of treasure cards: each card's silver (0..CARD_MAX), at most CARDS_MAX."""
    if not isinstance(v, list) or len(v) > CARDS_MAX:
        return False
    for c in v:
        if not whole(c, 0, CARD_MAX):
            return False
    return True


class Player:
    """One player: a view of the player's record, a plain dict (``state``) the save
    keeps; what the rules change goes straight into it. ``fight``: [DEF, ATT] of a fight
    that goes on next turn, ``look``: [DEF, ATT, cards] seen in the Crystal Ball. ``cards``:
    the silver of each treasure card held, as entered when it was won (0: none, such as a
    magic item), the last won last; ``silver`` their worth (corrected on the player's page)."""

    name = field("name")
    colour = field("colour")
    staircase = field("staircase")
    silver = field("silver")
    cards = field("cards")
    injury = field("injury")
    items = field("items")  # item ids, in ITEM_IDS order
    fight = field("fight")
    look = field("look")

    def __init__(self, name="Player", colour="", staircase=1, state=None):
        if state is None:
            state = {"name": name, "colour": colour, "staircase": staircase, "silver": 0,
                     "cards": [], "injury": NONE, "items": [], "fight": None, "look": None}
        self.state = state

    def has(self, item_id):
        return item_id in self.state["items"]

    def give(self, item_id):
        if item_id not in ITEM_IDS:
            raise ValueError("unknown item")
        held = self.state["items"]
        self.state["items"] = [i for i in ITEM_IDS if i == item_id or i in held]

    def take(self, item_id):
        """Remove an item; True when it was held."""
        held = self.state["items"]
        if item_id in held:
            held.remove(item_id)
            return True
        return False

    def reset(self):
        """Death: back to the staircase with no treasure, items or injuries."""
        self.silver = 0
        self.cards = []
        self.injury = NONE
        self.items = []

    def to_json(self):
        return self.state

    @staticmethod
    def from_json(obj):
        """The player of a saved record: missing or bad fields are set to defaults in
        the record itself (not a dict: a new player; the cards are checked by cards_ok)."""
        if not isinstance(obj, dict):
            return Player()
        for key, default in (("name", "Player"), ("colour", "")):
            if not isinstance(obj.get(key), str):
                obj[key] = default
        obj["staircase"] = _num(obj.get("staircase"), 1, 1, STAIRCASES)
        obj["silver"] = _num(obj.get("silver"), 0, 0, 10000000)
        if not cards_ok(obj.get("cards")):
            obj["cards"] = []
        obj["injury"] = _num(obj.get("injury"), NONE, NONE, SEVERE)
        v = obj.get("items")
        obj["items"] = [i for i in ITEM_IDS if isinstance(v, list) and i in v]
        obj["fight"] = pair(obj.get("fight"))
        obj["look"] = pair(obj.get("look"), 3)
        return Player(state=obj)


def _num(v, default, lo, hi):
    return v if whole(v, lo, hi) else default


def player_attack(player, roll, defence):
    """The player's 2d6 attack with their Magic Sword if held: True = defeated."""
    return player_hits(roll, defence, player.has(SWORD))


def monster_attack_on(player, roll, attack):
    """Result code of a monster attack on this player (Magic Amulet if held)."""
    return monster_attack(roll, attack, player.has(AMULET))


def use_poison(player):
    """Throw the Poison Powder: True = monster defeated (powder used up);
    False when the player has none."""
    return player.take(POISON)


def use_potion(player):
    """Drink the Healing Potion: clears all injuries, potion used up.
    False when the player has none."""
    if not player.take(POTION):
        return False
    player.injury = NONE
    return True


def take_hit(player, code):
    """Apply a monster attack result to the player.

    Returns (code, lost, before, after): the table result, treasure cards to
    hand in (never more than held; on death all of them), the injury before
    and after. After DEATH the player has been reset (see Player.reset); else the
    player still holds the cards to hand in: which ones is theirs to say (lose_cards).
    """
    before = player.injury
    after = combine_injury(before, code)
    if after == DEATH:
        lost = len(player.cards)
        player.reset()
    else:
        lost = _LOST[code]
        if lost > len(player.cards):
            lost = len(player.cards)
        player.injury = after
    return (code, lost, before, after)


def add_treasure(player, values):
    """Cards won after a victory (see treasure_cards), each its silver: held and counted."""
    held = player.cards
    for v in values:
        if len(held) < CARDS_MAX:
            held.append(v)
            player.silver += v
    return len(held)


def lose_cards(player, values):
    """Hand in treasure cards (each by its silver): gone, and their silver with them."""
    held = player.cards
    for v in values:
        if v in held:
            held.remove(v)
            player.silver = max(0, player.silver - v)


def _key_cmp(vals, a, b):
    # order of two picks (index lists into the sorted ``vals``): by their silver, then
    # card by card; 0 when the same cards' worth
    sa = sb = 0
    for i in a:
        sa += vals[i]
    for i in b:
        sb += vals[i]
    if sa != sb:
        return -1 if sa < sb else 1
    for k in range(len(a)):
        x = vals[a[k]]
        y = vals[b[k]]
        if x != y:
            return -1 if x < y else 1
    return 0


def next_pick(vals, pick, up):
    """The cards to hand in after ``pick`` (indices into ``vals``, sorted by silver):
    the next dearer choice (``up``) or the next cheaper; ``pick`` itself at either end.
    Every choice of ``len(pick)`` cards comes once (equal cards are one choice)."""
    n = len(pick)
    m = len(vals)
    best = None
    idx = list(range(n))
    while True:
        c = _key_cmp(vals, idx, pick)
        if (c > 0 if up else c < 0) and (
                best is None or (_key_cmp(vals, idx, best) < 0 if up
                                 else _key_cmp(vals, idx, best) > 0)):
            best = idx[:]
        i = n - 1
        while i >= 0 and idx[i] == m - n + i:
            i -= 1
        if i < 0:
            return best or pick
        idx[i] += 1
        for j in range(i + 1, n):
            idx[j] = idx[j - 1] + 1


def rich_enough(player):
    """Treasure worth at least 1,500 silver: now head back to the staircase."""
    return player.silver >= WIN_SILVER


# ----- text for the screen (lines of at most 21 characters) -------------------------


def _cards_text(n):
    if n == 1:
        return t("1 treasure card", "1 Schatzkarte")
    return t("%d treasure cards", "%d Schatzkarten") % n


def treasure_text(n):
    """"no treasure card", "1 treasure card", "3 treasure cards"."""
    if n == 0:
        return t("no treasure card", "keine Schatzkarte")
    return _cards_text(n)


def hit_lines(outcome, carpet=False):
    """What happened to the player (from take_hit), up to 3 lines of <= 21 chars."""
    code, lost, before, after = outcome
    if code == MISS:
        return [result_name(MISS), t("nothing happens", "nichts passiert")]
    if after == DEATH:
        if code == DEATH:
            return [result_name(DEATH), t("start over at your", "zurück an deine"),
                    t("staircase", "Treppe")]
        return [result_name(code), t("+ SEVERE = DEATH", "+ SCHWER = TOD"),
                t("start over", "neu beginnen")]
    if lost == 0:
        cards = t("no cards to lose", "keine Karte weg")
    else:
        cards = t("lose %s", "%s weg") % _cards_text(lost)
    if carpet:
        move = t(" - roll 2d6", ": mit 2W6")
    else:
        move = t(" - move %d", ": %d Felder") % movement(after)[1]
    state = "%s %s" % (t("still", "noch") if after == before else t("now", "nun"),
                       injury_name(after))
    if len(state) + len(move) <= 21:
        state += move
    return [result_name(code), cards, state]
