"""Secrecy, measured: a card's content is on screen only for its owner, only while OK is held.

Every frame of complete deal-and-peek rounds and of seeded random key storms
(with power cuts) is recorded together with the state right after it was drawn:
the top screen, whether that screen drew a secret (``PeekScreen.showing``),
whose (``owner``) and whether OK was physically held. A frame may contain card
text only when the top screen is a peek screen that drew the secret and OK was
held, and then only that owner's own card. Colour and card names are chosen so
that no other text in the firmware contains them, so any leak - pass screens,
menus, toasts, messages - is caught. The console must never show them.
"""

import json
import os
import random

import pytest
from drive import Driver, same_frames, to_row

from host_tools import paths
from host_tools.sim import core as simcore
from wyrm import buttons as B
from wyrm import deal, deck_ui
from wyrm.app import OFF, Screen
from wyrm.games import drachenhort_party
from wyrm.store import Store

# Names no firmware text contains (checked below), so a leak cannot hide.
ODD_COLOURS = ["Zinnober", "Azurit", "Smaragd", "Ockergelb", "Violine", "Perlweiss", "Kobalt"]
ODD_LABELS = ["Qx%02dz" % i for i in range(30)]


def firmware_text():
    root = os.path.join(paths.ROOT, "firmware")
    out = []
    for base, _dirs, files in os.walk(root):
        for fn in files:
            if fn.endswith(".py"):
                with open(os.path.join(base, fn), encoding="utf-8") as f:
                    out.append(f.read().lower())
    return "\n".join(out)


def test_test_names_appear_nowhere_in_the_firmware():
    """The probe names used below occur in no firmware text (so finding one means a leak)."""
    text = firmware_text()
    for name in ODD_COLOURS + ["qx"]:
        assert name.lower() not in text


# -- recording --------------------------------------------------------------------
class Rec:
    def __init__(self, frame, top, showing, owner, held, boot=False, expect=None):
        self.expect = expect  # the owner's secret as saved at that moment (frames with names)
        self.frame = frame
        self.text = frame.text()
        self.top = top
        self.showing = showing
        self.owner = owner
        self.held = held
        self.boot = boot
        self.names = []


def peek_probe(top):
    """(secret drawn?, owner) for a dealer peek screen."""
    return bool(getattr(top, "showing", False)), getattr(top, "owner", None)


def run(d, script, names=(), lookup=None, probe=peek_probe, find=None):
    """Run a key script step by step; one Rec per frame sent to the panel.

    For a frame that shows any of ``names``, ``lookup(d, owner)`` is asked (at that
    moment) for what the owner may see. A frame stays on the panel until the next
    one: every step in which the panel still shows a secret whose peek is over (OK
    let go, another screen on top, the secret no longer drawn) is recorded in
    ``d.stale``."""
    steps = simcore.timeline(simcore.parse_script(script, d.nkeys))
    stale = d.__dict__.setdefault("stale", [])
    out = []
    t = d.t
    for levels in steps:
        new = d.dev.run([levels], start=t)
        t = (t + simcore.STEP_MS) & 0x3FFFFFFF
        app = d.app
        top = app.top()
        showing, owner = probe(top)
        held = bool(app.buttons.held(B.OK))
        if new:
            d.frames.append(new[0])
            r = Rec(new[0], top, showing, owner, held)
            r.names = find(r.text) if find else found_in(r.text, names)
            if lookup is not None and r.names and owner is not None:
                r.expect = lookup(d, owner)
            out.append(r)
            d.on_screen = r
            continue
        r = getattr(d, "on_screen", None)
        if r is None or not r.names or app.power == OFF:
            continue
        if not (showing and held and top is r.top and owner == r.owner):
            stale.append(r.text)
    d.t = t
    return out


def reboot(d, names=(), find=None):
    """Power cut; the frames drawn while booting are returned as Recs too."""
    n = len(d.frames)
    d.on_screen = None
    d.reboot()
    out = []
    for f in d.frames[n:]:
        if f is not None:
            r = Rec(f, d.app.top(), False, None, False, True)
            r.names = find(r.text) if find else found_in(r.text, names)
            out.append(r)
            d.on_screen = r
    return out


def is_peek(top):
    return type(top).__name__ == "PeekScreen"


def found_in(text, names):
    low = text.lower()
    return [n for n in names if n.lower() in low]


class Barrier(Screen):
    """Keeps a key storm inside the dealer: swallows every key and restarts it when uncovered."""

    def __init__(self, restart):
        self.restart = restart

    def on_event(self, app, kind, key):
        return True

    def on_show(self, app):
        self.restart(app)

    def draw(self, app, fb):
        pass


# -- party cards --------------------------------------------------------------------
def party_names(d, colours):
    """Each player's card as names, from the saved deal (None: no deal)."""
    s = Store(d.state_dir).load("party")
    if s is None:
        return None
    return [[colours[a] for a in s["sets"][c]] for c in s["cards"]]


def party_lookup(colours):
    def lookup(d, k):
        return party_names(d, colours)[k]

    return lookup


def prun(d, script, colours=ODD_COLOURS):
    return run(d, script, colours, party_lookup(colours))


def drun(d, script):
    return run(d, script, ODD_LABELS, deck_hand)


def check_party(d, recs, colours, shown=None):
    """Assert the secrecy rule on every frame; collect what each player was shown."""
    assert getattr(d, "stale", []) == [], "a card stayed on the panel after its peek ended"
    for r in recs:
        names = found_in(r.text, colours)
        if r.showing:
            assert not r.boot and is_peek(r.top) and r.held, r.text
        if not names:
            continue
        assert r.showing and r.held and is_peek(r.top) and not r.boot, (
            "card text on a frame that is not its owner's held peek screen:\n" + r.text
        )
        mine = r.expect
        assert sorted(names) == sorted(mine), r.text
        if shown is not None:
            shown.setdefault(r.owner, set()).add(tuple(mine))


def write_json(d_or_path, name, obj):
    path = d_or_path if isinstance(d_or_path, str) else str(d_or_path)
    with open(os.path.join(path, name), "w") as f:
        json.dump(obj, f)


def odd_settings(tmp_path):
    write_json(tmp_path, "party_cards.json", {"colours": ODD_COLOURS})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_party_round_shows_each_card_only_to_its_owner(tmp_path, players, capsys):
    """A complete round for 2-7 players, each player but the last looking again (BACK on
    the next pass screen): each card only on its owner's held peek frames."""
    odd_settings(tmp_path)
    d = Driver(tmp_path, seed=100 + players)
    drachenhort_party.start_deal(d.app, players)
    recs = prun(d, "wait:50")
    shown = {}
    for k in range(players):
        again = ",back,press:ok,wait:900,release:ok" if k < players - 1 else ""
        recs += prun(d, "ok,press:ok,wait:300,release:ok" + again)
    recs += prun(d, "wait:50")
    check_party(d, recs, ODD_COLOURS, shown)
    # every player was shown exactly one card, and no card twice in the game
    assert sorted(shown) == list(range(players))
    cards = [next(iter(s)) for s in shown.values()]
    assert all(len(s) == 1 for s in shown.values())
    assert len(set(cards)) == players
    assert "== Wyrm ==" in d.text()
    assert d.errors() == []
    out = capsys.readouterr()
    assert found_in(out.out + out.err, ODD_COLOURS) == []


def test_party_round_with_default_colours_never_shows_a_colour_elsewhere(tmp_path, capsys):
    """With the default colour names, no colour word is on any frame but the held peek frames."""
    d = Driver(tmp_path, seed=77)
    drachenhort_party.start_deal(d.app, 4)
    colours = list(deal.DEFAULT_COLOURS)
    recs = prun(d, "wait:50", colours)
    for _ in range(4):
        recs += prun(d, "ok,press:ok,wait:200,release:ok", colours)
    recs += prun(d, "wait:50", colours)
    for r in recs:
        words = set(r.text.lower().replace(",", " ").split())
        hit = [c for c in colours if c in words]
        if hit:
            assert r.showing and r.held and is_peek(r.top)
            assert sorted(hit) == sorted(r.expect)
    assert sum(1 for r in recs if r.showing) >= 4
    out = capsys.readouterr()
    words = set((out.out + out.err).lower().split())
    assert not words & set(colours)


# every single press a player can make: clicks, holds and long presses of each key
ONE_PRESS = ["ok", "up", "down", "back", "hold:ok:300", "hold:ok:700", "hold:ok:3300",
             "long:ok", "long:up", "long:down", "long:back", "chord:up+down"]


@pytest.mark.parametrize("board", ["pico-ssd1306-4btn", "pico-ssd1306-3btn"])
def test_no_single_press_after_a_look_shows_the_next_players_card(tmp_path, board):
    """Letting go after Player 1's look lands on Player 2's pass screen (2/3), and from there
    no single press of any kind shows Player 2's card: the pass screen needs its own OK
    and then a hold. (BACK may show Player 1's "Hold OK" again, never a card by itself.)"""
    for press in ONE_PRESS:
        if board.endswith("3btn") and "back" in press:
            continue
        path = tmp_path / press.replace(":", "_").replace("+", "_")
        path.mkdir()
        odd_settings(path)
        d = Driver(path, seed=7, board=board)
        drachenhort_party.start_deal(d.app, 3)
        recs = prun(d, "wait:50,ok,press:ok,wait:300,release:ok")
        assert d.app.top().owner == 1 and "Pass to" in d.text() and "2/3" in d.text()
        after = prun(d, press + ",wait:100")
        assert not any(r.showing and r.owner == 1 for r in after), press
        check_party(d, recs + after, ODD_COLOURS)
        assert d.errors() == []


def test_peek_again_shows_only_the_chosen_player(tmp_path):
    """Peeking again later shows the chosen player's card, on held frames only."""
    odd_settings(tmp_path)
    d = Driver(tmp_path, seed=5)
    drachenhort_party.start_deal(d.app, 3)
    recs = prun(d, "wait:50")
    for _ in range(3):
        recs += prun(d, "ok,press:ok,release:ok")
    recs += prun(d, "wait:1600")  # (the toast "All cards dealt" goes)
    for k in range(3):
        drachenhort_party.peek_again(d.app)
        recs += prun(d, "down," * k + "ok,up,ok,press:ok,wait:100,release:ok,ok")
        assert any(r.showing and r.owner == k for r in recs[-30:])
    check_party(d, recs, ODD_COLOURS)


# -- key storms ---------------------------------------------------------------------
TOKENS = (
    ["up", "down", "ok", "ok", "ok", "back", "long:ok", "long:back"]
    + ["press:ok", "press:ok", "release:ok", "release:ok", "press:up", "press:down"]
    + ["release:up", "release:down", "hold:ok:250", "hold:ok:700", "hold:ok:3300"]
    + ["wait:300", "down*3", "up*2", "ok*2"]
)
THREE_KEY_TOKENS = [t for t in TOKENS if "back" not in t]


def storm_script(rnd, n, tokens=TOKENS):
    return ",".join(rnd.choice(tokens) for _ in range(n))


def party_restarter(rnd):
    turn = [0]

    def restart(app):
        turn[0] += 1
        if drachenhort_party.resume_flow(app):
            return
        if turn[0] % 3 == 0:
            drachenhort_party.peek_again(app)
        else:
            drachenhort_party.start_deal(app, rnd.randint(2, 7))

    return restart


def enter_party(d, rnd):
    d.app.push(Barrier(party_restarter(rnd)))
    d.app.stack[-1].on_show(d.app)


@pytest.mark.parametrize(
    "seed, board",
    [(1, "pico-ssd1306-4btn"), (2, "pico-ssd1306-4btn"), (3, "pico-ssd1306-3btn")],
)
def test_party_key_storm_with_power_cuts_never_leaks(tmp_path, seed, board, capsys):
    """Hundreds of random presses, holds and power cuts: card text only on owners' held frames."""
    odd_settings(tmp_path)
    rnd = random.Random(seed)
    d = Driver(tmp_path, seed=seed, board=board)
    d.app.settings["peek_s"] = 3
    d.app.save_settings()
    tokens = TOKENS if d.nkeys == 4 else THREE_KEY_TOKENS
    enter_party(d, rnd)
    recs = []
    presses = 0
    while presses < 500:
        n = rnd.randint(3, 12)
        recs += prun(d, storm_script(rnd, n, tokens))
        presses += n
        if rnd.random() < 0.15:
            recs += reboot(d, ODD_COLOURS)
            enter_party(d, rnd)
    check_party(d, recs, ODD_COLOURS)
    assert sum(1 for r in recs if r.showing) > 10  # the storm did reach the secret
    assert any("Hidden" in r.text for r in recs)  # and the auto-hide
    assert d.errors() == []
    out = capsys.readouterr()
    assert found_in(out.out + out.err, ODD_COLOURS) == []


def test_peek_again_list_covered_by_a_new_deal_never_shows_the_old_card(tmp_path, capsys):
    """The "Who looks?" list opened for a 3-player deal, covered while 2 new cards are
    dealt: choosing Player 3 there must not show Player 3's card of the replaced deal."""
    odd_settings(tmp_path)
    d = Driver(tmp_path, seed=41)
    # What the dealer does each time it is uncovered (as in the key storm).
    steps = [
        lambda app: drachenhort_party.start_deal(app, 3),
        lambda app: drachenhort_party.start_deal(app, 2),  # "Deal new cards?"
        drachenhort_party.peek_again,  # opened as that Confirm closes, under the new round
    ]
    d.app.push(Barrier(lambda app: steps.pop(0)(app) if steps else None))
    d.app.stack[-1].on_show(d.app)

    def lookup(d, k):  # the owner's card in the deal in force; none if not dealt in
        names = party_names(d, ODD_COLOURS)
        return names[k] if names is not None and k < len(names) else []

    peek = "ok,press:ok,wait:300,release:ok"
    recs = run(d, "wait:50," + ",".join([peek] * 3), ODD_COLOURS, lookup)
    assert d.app.top().lines == ["Deal new cards? The", "old deal is lost."]
    recs += run(d, "up,ok," + ",".join([peek] * 2), ODD_COLOURS, lookup)
    assert len(party_names(d, ODD_COLOURS)) == 2  # the new deal is in force
    assert d.app.top().title == "Who looks?"  # the list opened for the old deal is back
    # Player 3, then hold OK (that list is of the new deal now: its Player 1), hold OK
    hold = "press:ok,wait:300,release:ok"
    late = run(d, "down*2,ok," + hold + "," + hold, ODD_COLOURS, lookup)
    check_party(d, recs + late, ODD_COLOURS)
    late_shown = {}
    check_party(d, late, ODD_COLOURS, late_shown)
    assert late_shown == {0: {tuple(party_names(d, ODD_COLOURS)[0])}}  # Player 1, new card
    assert d.errors() == []
    out = capsys.readouterr()
    assert found_in(out.out + out.err, ODD_COLOURS) == []


# -- the generic deck ---------------------------------------------------------------
def deck_hand(d, k):
    s = Store(d.state_dir).load("hdeck")
    deck = deal.Deck.load(s["deck"])
    return deck.hand(k)


def check_deck(d, recs):
    """Assert the secrecy rule on every frame: labels only on their holder's held peek."""
    assert getattr(d, "stale", []) == [], "a card stayed on the panel after its peek ended"
    for r in recs:
        names = found_in(r.text, ODD_LABELS)
        if r.showing:
            assert not r.boot and is_peek(r.top) and r.held, r.text
        if not names:
            continue
        assert r.showing and r.held and is_peek(r.top) and not r.boot, (
            "card text on a frame that is not its owner's held peek screen:\n" + r.text
        )
        assert set(names) <= set(r.expect), r.text


def test_deck_round_shows_each_hand_only_to_its_owner(tmp_path, capsys):
    """Deal 3 named cards to each of 4 players: each hand only on its owner's held frames."""
    write_json(tmp_path, "deck.json", {"cards": ODD_LABELS[:20]})
    d = Driver(tmp_path, seed=21)
    recs = drun(d, to_row("Hidden deck") + ",ok,ok")  # deck from deck.json
    recs += drun(d, "down,ok,up*2,ok,up*2,ok")  # 4 players, 3 each
    hands = [deck_hand(d, k) for k in range(4)]
    assert all(len(h) == 3 for h in hands)
    for _ in range(4):
        recs += drun(d, "ok,press:ok,wait:300,release:ok")
    recs += drun(d, "down,ok,down*2,ok,ok,press:ok,wait:200,release:ok")  # P3 draws
    check_deck(d, recs)
    seen = {}
    for r in recs:
        if r.showing and r.owner is not None:
            seen.setdefault(r.owner, set()).update(found_in(r.text, ODD_LABELS))
    for k in range(4):
        assert seen[k] <= set(deck_hand(d, k))
        assert set(hands[k]) <= seen[k]
    dealt = [c for k in range(4) for c in deck_hand(d, k)]
    assert len(dealt) == len(set(dealt)) == 13  # every card at most once
    assert d.errors() == []
    out = capsys.readouterr()
    assert found_in(out.out + out.err, ODD_LABELS) == []


def deck_restarter():
    def restart(app):
        deck_ui.enter(app, resume=True)

    return restart


def enter_deck(d):
    d.app.push(Barrier(deck_restarter()))
    d.app.stack[-1].on_show(d.app)


# (seeds whose storms show a secret often; UP/DOWN acting on the press changed the walks)
@pytest.mark.parametrize("seed", [11, 13])
def test_deck_key_storm_with_power_cuts_never_leaks(tmp_path, seed, capsys):
    """Random presses through the deck menu, deals, draws and peeks, with power cuts: no leak."""
    write_json(tmp_path, "deck.json", {"cards": ODD_LABELS})
    rnd = random.Random(seed)
    d = Driver(tmp_path, seed=seed)
    d.app.settings["peek_s"] = 3
    d.app.save_settings()
    enter_deck(d)
    recs = []
    presses = 0
    while presses < 500:
        n = rnd.randint(3, 12)
        recs += drun(d, storm_script(rnd, n))
        presses += n
        if rnd.random() < 0.15:
            recs += reboot(d, ODD_LABELS)
            enter_deck(d)
    check_deck(d, recs)
    assert sum(1 for r in recs if r.showing) > 10
    assert d.errors() == []
    out = capsys.readouterr()
    assert found_in(out.out + out.err, ODD_LABELS) == []


# -- Drachenfels: the castle check (wyrm.games.drachenfels_play.CastlePeek, a peek screen) --
DF_OPEN = "down*3,ok"  # main menu -> Drachenfels
# New game, Red, Yellow and (ticked) Green play, start, Red begins, past the setup page;
# Red's screen: armour yes.
DF_PLAY = DF_OPEN + ",ok,up*2,ok,down*2,ok,ok,ok,down*2,ok,ok"
DF_MARKS = ("The shoes are", "Shoes:", "Not yours", "Your princess", "YOU WIN")
DF_COLOURS = ("RED", "YELLOW", "GREEN", "BLUE")


def df_find(text):
    words = set(text.replace(":", " ").replace(".", " ").split())
    return [m for m in DF_MARKS if m in text] + [c for c in DF_COLOURS if c in words]


def df_probe(top):
    """The castle check's hold screen drew the shoes (OK held)."""
    if type(top).__name__ == "CastlePeek" and getattr(top, "showing", False):
        return True, getattr(top, "k", None)
    return False, None


def df_enter(d):
    from wyrm.games import drachenfels_game

    def restart(app):
        drachenfels_game.enter(app, True)

    d.app.stack.insert(1, Barrier(restart))


def df_check(d, recs):
    assert getattr(d, "stale", []) == [], "the shoe colour stayed on the panel after the peek"
    for r in recs:
        if r.showing:
            assert not r.boot and r.held, r.text
        if r.names:
            assert r.showing and r.held and not r.boot, (
                "castle secret on a frame that is not a held castle check:\n" + r.text
            )


@pytest.mark.parametrize("seed", [31, 32])
def test_drachenfels_castle_check_storm_never_leaks(tmp_path, seed, capsys):
    """Random presses through Drachenfels (castle checks included) with power cuts: the shoe
    colour is on the panel only on the castle check's own frames while OK is held."""
    rnd = random.Random(seed)
    d = Driver(tmp_path, seed=seed)
    d.app.settings["peek_s"] = 3
    d.app.save_settings()
    recs = run(d, DF_PLAY, probe=df_probe, find=df_find)
    recs += run(
        d, "down*2,ok,down,ok,press:ok,wait:300,release:ok", probe=df_probe, find=df_find
    )
    assert any(r.showing for r in recs), "the scripted castle check did not show the shoes"
    df_enter(d)
    presses = 0
    tokens = TOKENS + ["down*2,ok,down,ok,press:ok"] * 3  # steer towards castle checks
    while presses < 400:
        n = rnd.randint(3, 12)
        recs += run(d, storm_script(rnd, n, tokens), probe=df_probe, find=df_find)
        presses += n
        if rnd.random() < 0.1:
            recs += reboot(d, find=df_find)
            df_enter(d)
    df_check(d, recs)
    assert d.errors() == []
    out = capsys.readouterr()
    assert df_find(out.out + out.err) == []


# -- under real MicroPython ---------------------------------------------------------
_MP_DRIVER = """
import json
from wyrm import font
from wyrm.games import drachenhort_party
from wyrm.canvas import Canvas
from wyrm.home import make_app
from wyrm.rng import Rng
from wyrm.store import Store
from simpanel import SimPanel

steps = json.loads(%(steps)r)
canvas = Canvas(128, 64)
font.LOG = []
app = make_app(canvas, Store('/dealer_state'), Rng(seed=%(seed)d), 4, SimPanel(), {})
drachenhort_party.start_deal(app, %(players)d)
t = %(start)d
for i in range(len(steps)):
    font.LOG = []
    if app.step(t, steps[i]):
        print('F', i * 10, canvas.buffer.hex(), json.dumps(font.LOG))
    t = (t + 10) & 0x3FFFFFFF
font.LOG = None
for e in app.errors:
    print('E', repr(e))
"""


def test_four_player_party_deal_same_frames_under_micropython(tmp_path, mp):
    """A full Drachenhort deal for 4 players gives byte-identical frames under MicroPython."""
    script = ",".join(["ok,press:ok,wait:200,release:ok"] * 4 + ["wait:100"])
    steps = simcore.timeline(simcore.parse_script(script, 4))
    d = Driver(tmp_path, seed=41)
    drachenhort_party.start_deal(d.app, 4)
    cpy = d.dev.run(steps, start=d.t)
    simcore.install_panel(mp)
    mp.exec("import os\ntry:\n    os.mkdir('/dealer_state')\nexcept OSError:\n    pass\n")
    for name in mp_listdir(mp):
        mp.exec("import os\nos.remove('/dealer_state/%s')" % name)
    out = mp.exec(
        _MP_DRIVER
        % {
            "steps": json.dumps(steps, separators=(",", ":")),
            "seed": 41,
            "players": 4,
            "start": d.t,
        }
    )
    frames = [ln.split(" ", 3) for ln in out.splitlines() if ln.startswith("F ")]
    assert [ln for ln in out.splitlines() if ln.startswith("E ")] == []
    assert len(frames) == len(cpy) > 10
    assert [bytes.fromhex(f[2]) for f in frames] == [f.data for f in cpy]
    texts = [simcore.frame_text([tuple(e) for e in json.loads(f[3])]) for f in frames]
    assert texts == [f.text() for f in cpy]
    assert any("All cards dealt" in t for t in texts)


def mp_listdir(mp):
    return json.loads(mp.exec("import os, json\nprint(json.dumps(os.listdir('/dealer_state')))"))


# Main menu -> Drachenhort -> New game, 4 players (spinner down to 2, up to 4), cards dealt
# by Wyrm; then each player: ready, hold OK, let go (passes on); the toast "All cards dealt".
DH_DEAL4 = ",".join(
    ["ok,down,ok,down*5,up*2,ok,ok"] + ["ok,press:ok,wait:200,release:ok"] * 4 + ["wait:100"]
)


def test_drachenhort_new_game_deal_for_four_same_frames_under_micropython():
    """From the main menu, a Drachenhort deal for 4 players: the same frames under MicroPython."""
    texts = [f.text() for f in same_frames(DH_DEAL4, seed=4)]
    assert sum(1 for t in texts if t.startswith("== Your card ==")) >= 4
    assert any("All cards dealt" in t for t in texts)
    for k in range(1, 5):
        assert any(t.startswith("== Party cards ==") and "Player %d" % k in t for t in texts)
