"""The fault storm (issue 16): random keys, power cuts, a full or failing flash, bad files.

``storm(seed, events, board, state_dir)`` drives the real app (tests/drive.py)
with random key tokens on one board profile. Between tokens, at random:

- a power cut is armed at one of the next few file operations of the store,
  at a random byte of a write (tests/faultfs.py); the app is rebooted;
- (after a boot, at random) the storm stays inside the party-card dealer;
- the flash turns full (ENOSPC) or failing (EIO on a share of operations) for
  a while;
- a user file (card settings, deck labels, custom dice) or a saved file is
  replaced by malformed bytes (truncated, garbage, deeply nested JSON), then
  the app reboots.

Checked all along (each a failure with the seed and what happened):
- no app error (``app.errors``) - the injected faults are all absorbed;
- after every power cut each saved name loads as the old state or the new one
  (the last written, or the one whose write was cut);
- on a peek screen, secret cards (colour names no other text contains; they are
  also Drachenhort's adventurers, so game screens show them) are on a frame only
  while their owner holds OK, and only the owner's card.

Returns a dict: events, cuts, faults, boots, failures (list of strings).
"""

import os
import random
import shutil
import tempfile

from drive import Driver
from faultfs import FaultFS, PowerCut
from test_secrecy import ODD_COLOURS, TOKENS, enter_party, found_in, is_peek

from host_tools import simcore
from wyrm import buttons as B
from wyrm import store as S
from wyrm import store_pack as P

BOARDS = sorted(
    f[:-5] for f in os.listdir(os.path.join(os.path.dirname(__file__), "..", "boards"))
    if f.endswith(".json")
)
EXTRA = ["down*2", "up*3", "ok,ok", "back,back", "hold:down:1500", "wait:2000"]
DEEP = "[" * 3000 + "]" * 3000
BAD_BYTES = [b"", b"WYRM 1 00000000 2\n{}", b"\xff\xfe\x00garbage", DEEP.encode(), b"{"]
USER_FILES = ["party_cards.json", "deck.json", "dice.json"]
SAVED = ["drachenhort", "party", "settings", "open", "hdeck", "drakskatten", "dice_stats"]


class _Recorder:
    """Wraps Store._try: what each name holds on the flash, and the write in flight."""

    def __init__(self, monkeypatch):
        self.flash = {}  # name -> packed bytes last written
        self.inflight = None
        real = S.Store._try
        rec = self

        def _try(store, name, data):
            rec.inflight = (name, data)
            ok = real(store, name, data)
            rec.inflight = None
            if ok:
                rec.flash[name] = data
            return ok

        monkeypatch.setattr(S.Store, "_try", _try)
        real_remove = S.Store.remove

        def remove(store, name):
            real_remove(store, name)
            rec.flash.pop(name, None)

        monkeypatch.setattr(S.Store, "remove", remove)


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
                out[name] = P.pack(obj)
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def storm(seed, events, board, state_dir, monkeypatch):
    rnd = random.Random(seed)
    fs = FaultFS(seed)
    fs.install(monkeypatch)
    rec = _Recorder(monkeypatch)
    with open(os.path.join(state_dir, "party_cards.json"), "w") as f:
        f.write('{"colours": %s}' % str(ODD_COLOURS).replace("'", '"'))
    failures = []
    d = Driver(state_dir, seed=seed, board=board)
    tokens = TOKENS + EXTRA
    if d.nkeys < 4:
        tokens = [t for t in tokens if "back" not in t] + ["up", "long:ok"]
    if rnd.random() < 0.5:
        enter_party(d, rnd)
    stats = {"events": 0, "cuts": 0, "faults": 0, "boots": 1, "failures": failures}
    fault_left = 0
    damaged = False

    def fail(what):
        failures.append("seed %d board %s event %d: %s" % (seed, board, stats["events"], what))

    def boot():
        stats["boots"] += 1
        fs.cut_at = None
        full, eio = fs.full, fs.eio
        fs.full, fs.eio = False, 0.0  # the cut is over; the flash answers again
        while True:
            try:
                d.reboot()
                break
            except PowerCut:  # cannot happen with no cut armed
                fail("a power cut during boot")
        fs.full, fs.eio = full, eio
        if rnd.random() < 0.4:  # part of the storm goes round the dealer
            enter_party(d, rnd)

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
            with open(os.path.join(state_dir, fname), "wb") as f:
                f.write(rnd.choice(BAD_BYTES))
            damaged = True
            boot()
            damaged = False
            rec.flash = {}  # the damage decides what loads; nothing to compare
        if fault_left:
            fault_left -= 1
            if not fault_left:
                fs.full, fs.eio = False, 0.0
        script = rnd.choice(tokens)
        stats["events"] += 1
        try:
            steps = simcore.timeline(simcore.parse_script(script, d.nkeys))
            _play(d, steps, fail)
        except PowerCut:
            inflight = rec.inflight
            rec.inflight = None
            boot_state = _loaded(d.state_dir)
            for name, data in boot_state.items():
                ok = [rec.flash.get(name)]
                if inflight is not None and inflight[0] == name:
                    ok.append(inflight[1])
                if name in rec.flash and data not in ok and not damaged:
                    fail("after a cut %s loads neither the old nor the new state: %r, not %r"
                         % (name, data, ok))
            rec.flash = dict(boot_state)  # what the boot starts from (it may save more)
            boot()
        errs = d.app.errors
        if errs:
            fail("app error: %r" % (errs[0],))
            del errs[:]
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


def _play(d, steps, fail):
    """Run steps one by one, checking every frame for a secret where it must not be."""
    app = d.app
    t = d.t
    try:
        for levels in steps:
            new = d.dev.run([levels], start=t)
            t = (t + simcore.STEP_MS) & 0x3FFFFFFF
            if not new:
                continue
            d.frames[:] = [new[-1]]  # keep memory flat over a long storm
            names = found_in(new[-1].text(), ODD_COLOURS)
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
            party = d.app.store.load("party", None) or _game_deal(d.state_dir)
            if party is not None and top.owner is not None and "sets" in party:
                try:
                    mine = [ODD_COLOURS[a] for a in party["sets"][party["cards"][top.owner]]]
                except (IndexError, KeyError, TypeError):
                    continue
                if sorted(names) != sorted(mine) and getattr(top, "heading", "") == "Party cards":
                    fail("player %d saw %s, holds %s" % (top.owner, names, mine))
    finally:
        d.t = t
