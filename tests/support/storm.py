"""The fault storm: random keys, power cuts, a full or failing flash, bad files.

``storm(seed, events, board, state_dir)`` drives the real app (tests/support/drive.py)
with random key tokens on one board profile. Between tokens, at random:

- a power cut is armed at one of the next few file operations of the store,
  at a random byte of a write (tests/support/faultfs.py); the app is rebooted;
- (after a boot, at random) the storm stays inside the party-card dealer;
- the flash turns full (ENOSPC) or failing (EIO on a share of operations) for
  a while;
- a user file (card settings, deck labels, custom dice) or a saved file is
  replaced by malformed bytes (truncated, garbage, deeply nested JSON) or by a
  file with a valid checksum and content the app cannot use (another version,
  the wrong top-level type, a field out of range, a ``turn`` of every type),
  then the app reboots;
- a boot (and the loads it makes) meets read errors: EIO at stats and opens, at a
  share of them, or in bursts of two or three in a row at every read of every name (the
  store's first reads included);
- the battery runs empty (wyrm.power stops saving) and, later, USB is plugged in;
- (after a boot, at random) the storm stays at Drachenfels' castle check.

Checked all along (each a failure with the seed and what happened):
- no app error (``app.errors``) - the injected faults are all absorbed;
- after every power cut each saved name loads as the old state or the new one
  (the last written, or the one whose write was cut);
- on a peek screen, secret cards (colour names no other text contains; they are
  also Drachenhort's adventurers, so game screens show them) are on a frame only
  while their owner holds OK, and only the owner's card;
- the castle check's shoe colour is on a frame only while OK is held on it,
  through the quick-roll chord and every key held at once;
- after a boot that met read errors, each saved name still loads as last written; after
  one whose errors came at most two in a row, a name never saved reads as missing and
  saving works;
- while saving is stopped no file operation changes the flash (no write, rename or
  remove); the "Battery empty" message says "All is saved" only when nothing is held back;
- after each gesture, a game on the screen stack equals its save;
- a note about a saved game names one of Wyrm's five games.

Returns a dict: events, cuts, faults, boots, bursts (boots with read errors in a row at
every read), stops (the battery ran empty), failures (list of strings).
"""

import os
import random
import re
import shutil
import tempfile

from drive import Driver
from faultfs import FaultFS, PowerCut
from test_secrecy import ODD_COLOURS, TOKENS, enter_party, found_in, is_peek

from host_tools.sim import core as simcore
from host_tools.sim import menu
from wyrm import buttons as B
from wyrm import gamekit, lang, power
from wyrm import store as S
from wyrm import store_pack as P


def pack(obj):
    """The file Store.save writes for obj: header line + canonical JSON."""
    return S.frame(P.encode(obj))


BOARDS = sorted(
    f[:-5] for f in os.listdir(os.path.join(os.path.dirname(__file__), "..", "..", "boards"))
    if f.endswith(".json")
)
EXTRA = ["down*2", "up*3", "ok,ok", "back,back", "hold:down:1500", "wait:2000"]
# the quick roll while OK is held, and every key held at once (one token: keys still
# down at the end of a token are let go)
HELD = [
    "chord:up+down",
    "press:ok,wait:200,press:up,press:down,wait:200,release:up,release:down,release:ok",
    "press:ok,wait:200,press:up,press:down,wait:200,release:ok,wait:100,release:up,release:down",
    "press:ok,press:up,press:down,press:back,wait:300,release:back,release:down,release:up,"
    "release:ok",
]
GAME_LABELS = tuple(g[3] for g in menu.games())  # the games' saves in the players' words
DEEP = "[" * 3000 + "]" * 3000
BAD_BYTES = [b"", b"WYRM 1 00000000 2\n{}", b"\xff\xfe\x00garbage", DEEP.encode(), b"{"]
USER_FILES = ["party_cards.json", "deck.json", "dice.json"]
# every save Wyrm writes: the games' (wyrm.registry), then the others
SAVED = [g[2] for g in menu.games()] + ["party", "settings", "open", "hdeck", "dice_stats",
                                        "menu", "table"]
# valid checksum, content no reader can use
UNUSABLE = [{"v": 2}, [], [1, 2], 7, "text", None, {"v": 1}, {"turn": "x"},
            {"off_s": -1, "dim_s": -5, "peek_s": 0, "contrast": 99, "flip": 1}]
TURNS = ["x", 1.5, None, [1], True, -1, 99, {"a": 1}]


def unusable(rnd, current):
    """Bytes with a valid checksum and content the reader cannot use: a fixed bad object,
    or the current save with its version, whose turn or one of its numbers made wrong."""
    obj = current
    if not isinstance(obj, dict) or rnd.random() < 0.3:
        return pack(rnd.choice(UNUSABLE))
    obj = dict(obj)
    r = rnd.random()
    if r < 0.3:
        obj["v"] = rnd.choice([0, 2, "1", None])
    elif r < 0.6 or not [k for k in obj if type(obj[k]) is int]:
        obj["turn"] = rnd.choice(TURNS)
    else:
        k = rnd.choice([k for k in obj if type(obj[k]) is int])
        obj[k] = rnd.choice([-1, 10**6, -(10**9)])
    return pack(obj)


def _current(state_dir, name):
    try:
        with open(os.path.join(state_dir, name + ".json"), "rb") as f:
            status, obj = S.unpack(f.read())
    except OSError:
        return None
    return obj if status == S._OK else None


class _Recorder:
    """Wraps Store._try: what each name holds on the flash, and the write in flight."""

    def __init__(self, monkeypatch):
        self.flash = {}  # name -> packed bytes last written (or found after a cut)
        self.written = set()  # names whose bytes in flash the app itself wrote
        self.inflight = None
        real = S.Store._try
        rec = self

        def _try(store, name, data):
            rec.inflight = (name, data)
            ok = real(store, name, data)
            rec.inflight = None
            if ok:
                rec.flash[name] = data
                rec.written.add(name)
            return ok

        monkeypatch.setattr(S.Store, "_try", _try)
        real_remove = S.Store.remove

        def remove(store, name):
            real_remove(store, name)
            rec.flash.pop(name, None)
            rec.written.discard(name)

        monkeypatch.setattr(S.Store, "remove", remove)


def enter_castle(d, rnd):
    """A Drachenfels game for 3 with every knight in armour, and a castle check open."""
    from wyrm.games import drachenfels_game, drachenfels_play

    app = d.app
    while len(app.stack) > 1:  # from the main menu: one Drachenfels game at a time
        app.pop()
    g = drachenfels_game.Game(app)
    g.start([0, 1, 2], app.rng)
    for kn in g.knights():
        kn["armour"] = True
    g.save()
    app.push(drachenfels_play.CastlePeek(g, rnd.randrange(3), rnd.randrange(4)))


def _loaded(root):
    """name -> packed bytes of what a fresh boot would load (on a copy of the flash)."""
    tmp = tempfile.mkdtemp(prefix="wyrm-storm-")
    try:
        for f in os.listdir(root):
            shutil.copy(os.path.join(root, f), tmp)
        out = {}
        st = S.Store(tmp)
        names = set(f.split(".")[0] for f in os.listdir(tmp) if f.split(".")[-1] in ("json", "bak"))
        for name in names:
            try:
                obj = st.load(name, None)
            except ValueError:  # not a store name (a user file)
                continue
            if obj is not None:
                out[name] = pack(obj)
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _raw(mv):
    """The ADC reading for VSYS ``mv`` (wyrm.power.millivolts inverted)."""
    return mv * 65535 // 9900 + 1


def _battery_empty(d, fs, fail):
    """The battery runs out: saves stop (what was due written first) and the message says
    what is saved. From here the flash must not change (``fs.log`` stays empty)."""
    app = d.app
    app.batt = None  # a fresh reading: the average starts at it
    power.update(app, _raw(2050), False)
    fs.log = []
    top = app.top()
    text = " ".join(getattr(top, "lines", []))
    if not app.store.halted or getattr(top, "title", "") != "Battery empty":
        fail("the battery ran empty but saving goes on")
        return
    held = list(app.store._pending)  # changes the flash refused: only in memory
    if held and "All is saved" in text:
        fail("'All is saved' with %r not saved: %r" % (held, text))
    elif not held and "All is saved" not in text:
        fail("all was saved, the message says otherwise: %r" % text)


def storm(seed, events, board, state_dir, monkeypatch):
    rnd = random.Random(seed)
    fs = FaultFS(seed)
    fs.install(monkeypatch)
    rec = _Recorder(monkeypatch)
    with open(os.path.join(state_dir, "party_cards.json"), "w") as f:
        f.write('{"colours": %s}' % str(ODD_COLOURS).replace("'", '"'))
    failures = []
    d = Driver(state_dir, seed=seed, board=board)
    tokens = TOKENS + EXTRA + HELD
    if d.nkeys < 4:
        tokens = [t for t in tokens if "back" not in t] + ["up", "long:ok"]
    if rnd.random() < 0.5:
        enter_party(d, rnd)
    stats = {"events": 0, "cuts": 0, "faults": 0, "boots": 1, "failures": failures,
             "bursts": 0, "stops": 0}
    fault_left = 0
    damaged = False
    stopped = [False]  # the battery ran empty: saving is stopped (until USB or a boot)

    def fail(what):
        failures.append("seed %d board %s event %d: %s" % (seed, board, stats["events"], what))

    def boot():
        stats["boots"] += 1
        fs.cut_at = None
        stopped[0] = False  # new cells: a new app, saving on
        fs.log = None
        full, eio = fs.full, fs.eio
        fs.full, fs.eio = False, 0.0  # the cut is over; the flash answers again
        reads = rnd.random() < 0.3  # this boot's reads meet EIO
        if reads:
            r = rnd.random() if stats["bursts"] >= 2 else 1.0  # a run's first two: bursts
            if r < 0.3:
                fs.read_skip, fs.fail_reads = rnd.randint(0, 12), rnd.randint(1, 3)
            elif r < 0.6:
                fs.eio_reads = rnd.choice([0.1, 0.3, 1.0])
            else:  # at every read of every name, from the first on: retried, or lasting
                fs.burst = 2 + stats["bursts"] % 2  # two and three in a row, in turn
                fs.burst_run = rnd.randint(0, 2)  # (where the first burst falls)
                stats["bursts"] += 1
        burst = fs.burst
        before = {n: rec.flash[n] for n in rec.written if n in rec.flash}
        while True:
            try:
                d.reboot()
                break
            except PowerCut:  # cannot happen with no cut armed
                fail("a power cut during boot")
        stats["read_faults"] = fs.read_faults
        fs.read_skip = fs.fail_reads = fs.burst = 0
        fs.eio_reads = 0.0
        st = d.app.store
        if burst == 2 and (st.exists("stormnone") or st.failing):
            fail("after two read errors in a row at boot a missing name reads as %s"
                 % ("there" if st.exists("stormnone") else "a failing flash"))
        if reads and not damaged:
            now = _loaded(d.state_dir)
            for name, data in before.items():
                if name in rec.flash and rec.flash[name] == data and now.get(name) != data:
                    fail("a boot with read errors lost %s: %r, not %r"
                         % (name, now.get(name), data))
        fs.full, fs.eio = full, eio
        r = rnd.random()
        if r < 0.4:  # part of the storm goes round the dealer
            enter_party(d, rnd)
        elif r < 0.55:  # and part of it at the castle check
            enter_castle(d, rnd)

    while stats["events"] < events:
        r = rnd.random()
        if r < 0.05 and fs.cut_at is None:
            fs.cut_at = fs.ops + rnd.randint(1, 8)
            fs.cut_byte = rnd.choice([None, 0, 1, 5, 20, 10**6])
        elif r < 0.07 and not fault_left:
            fault_left = rnd.randint(5, 40)
            if rnd.random() < 0.5:
                fs.full = True
            else:
                fs.eio = rnd.choice([0.2, 0.5, 1.0])
        elif r < 0.085:
            name = rnd.choice(USER_FILES + SAVED)
            fname = name if "." in name else name + rnd.choice([".json", ".json", ".bak"])
            if "." not in name and rnd.random() < 0.5:
                bad = unusable(rnd, _current(state_dir, name))
            else:
                bad = rnd.choice(BAD_BYTES)
            with open(os.path.join(state_dir, fname), "wb") as f:
                f.write(bad)
            damaged = True
            boot()
            damaged = False
            rec.flash = {}  # the damage decides what loads; nothing to compare
            rec.written = set()
        if fault_left:
            fault_left -= 1
            if not fault_left:
                fs.full, fs.eio = False, 0.0
        battery = None
        if stopped[0]:
            if rnd.random() < 0.1:
                battery = "usb"
        elif rnd.random() < 0.01:
            battery = "empty"
        script = rnd.choice(tokens)
        stats["events"] += 1
        try:
            if battery == "empty":
                _battery_empty(d, fs, fail)
                stopped[0] = True
                stats["stops"] += 1
            elif battery == "usb":
                fs.log = None
                stopped[0] = False
                power.update(d.app, _raw(4700), True)  # saving resumes: held-back work done
            steps = simcore.timeline(simcore.parse_script(script, d.nkeys))
            _play(d, steps, fail)
            if stopped[0] and fs.log:
                fail("the flash changed while saving was stopped: %r" % fs.log[:4])
                fs.log = []
        except PowerCut:
            inflight = rec.inflight
            rec.inflight = None
            boot_state = _loaded(d.state_dir)
            for name, data in boot_state.items():
                ok = [rec.flash.get(name)]
                if inflight is not None and inflight[0] == name:
                    ok.append(inflight[1])
                if name in rec.written and data not in ok and not damaged:
                    fail("after a cut %s loads neither the old nor the new state: %r, not %r"
                         % (name, data, ok))
            rec.flash = dict(boot_state)  # what the boot starts from (it may save more)
            # (read without the games' checks: a file the storm made unusable may be
            # among them, so only what the app writes from now on is compared)
            rec.written = set()
            boot()
        errs = d.app.errors
        if errs:
            fail("app error: %r" % (errs[0],))
            del errs[:]
        _same_as_saved(d, rec, fail)
    stats["secrets"] = getattr(d, "secret_frames", 0)
    stats["cuts"] = fs.cuts
    stats["faults"] = fs.faults
    fs.full, fs.eio, fs.cut_at = False, 0.0, None
    return stats


def _game_deal(state_dir):
    """The deal a Drachenhort game keeps in its own save (read only: nothing renamed)."""
    try:
        with open(os.path.join(state_dir, "drachenhort.json"), "rb") as f:
            status, obj = S.unpack(f.read())
    except OSError:
        return None
    return obj.get("deal") if status == S._OK and isinstance(obj, dict) else None


def _last(items, x):
    return len(items) - 1 - items[::-1].index(x)


def _same_as_saved(d, rec, fail):
    """A game on the screen stack equals what was last written for it (or what the
    store holds back while the flash refuses it)."""
    app = d.app
    if app._due or app.store.failing or app.store.halted:
        return
    seen = []
    for scr in app.stack:
        for attr in ("game", "s"):
            g = getattr(scr, attr, None)
            if isinstance(g, gamekit.SavedGame) and g not in seen:
                seen.append(g)
    for g in seen:
        name = g.store_name
        if not g.has_game() or name not in rec.written:
            continue
        if pack(g.to_json()) != rec.flash[name]:
            fail("the %s game in memory is not its save:\n%r\n%r"
                 % (name, pack(g.to_json()), rec.flash[name]))


_GAME_NOTE = re.compile(r"(?:saved|Saving the) (\w+) game")


def _check_words(text, fail):
    """A note about a saved game names one of Wyrm's games."""
    for m in _GAME_NOTE.finditer(" ".join(text.split())):
        if m.group(1) not in GAME_LABELS:
            fail("a note names a game Wyrm does not have: %r" % text)


def _play(d, steps, fail):
    """Run steps one by one, checking every frame for a secret where it must not be."""
    app = d.app
    t = d.t
    try:
        for levels in steps:
            if app.settings.get("lang"):  # the storm reads English: a switch to German is undone
                app.settings["lang"] = 0
                lang.use(0)
            new = d.dev.run([levels], start=t)
            t = (t + simcore.STEP_MS) & 0x3FFFFFFF
            if not new:
                continue
            d.frames[:] = [new[-1]]  # keep memory flat over a long storm
            text = new[-1].text()
            _check_words(text, fail)
            if "The shoes are" in text or "Shoes: " in text:
                top = d.app.top()
                if type(top).__name__ != "CastlePeek" or not app.buttons.held(B.OK):
                    fail("a shoe colour on a frame without OK held on the castle check:\n"
                         + text)
            names = found_in(text, ODD_COLOURS)
            if not names:
                continue
            top = d.app.top()
            if not is_peek(top):
                continue  # colour names are also Drachenhort's adventurers
            held = bool(app.buttons.held(B.OK))
            if getattr(top, "showing", False):
                d.secret_frames = getattr(d, "secret_frames", 0) + 1
            if not (getattr(top, "showing", False) and held):
                fail("card colours on a frame that is not a held peek:\n" + new[-1].text())
                continue
            # the deal on show: a Drachenhort game's own (its menu is below), else the
            # party deal opened on its own (a "party" save of an older game may stay);
            # the storm opens the dealer on top of whatever is open (enter_party: a
            # Barrier), a game's menu among it
            kinds = [type(s).__name__ for s in d.app.stack]
            in_game = "GameMenu" in kinds and (
                "Barrier" not in kinds
                or _last(kinds, "GameMenu") > _last(kinds, "Barrier"))
            party = _game_deal(d.state_dir) if in_game else None
            party = party or d.app.store.load("party", None)
            if party is not None and top.owner is not None and "sets" in party:
                try:
                    mine = [ODD_COLOURS[a] for a in party["sets"][party["cards"][top.owner]]]
                except (IndexError, KeyError, TypeError):
                    continue
                if sorted(names) != sorted(mine) and getattr(top, "heading", "") == "Party cards":
                    fail("player %d saw %s, holds %s" % (top.owner, names, mine))
    finally:
        d.t = t
