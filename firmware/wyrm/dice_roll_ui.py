"""The roll screen of one die, its history and statistics, and the saved counts.

What a game needs to roll, without the Dice menu: ``app.push(dice_roll_ui.roll_screen("dh"))``.
"""
from micropython import const

from wyrm import buttons, dice, font, stats, ui
from wyrm.app import Screen
from wyrm.dice_draw_ui import Tumbling, caption, skip_key, spin
from wyrm.lang import t

HISTORY = const(20)  # rolls kept per die
_STATS = dice.STATS_FILE
_ENTRIES_MAX = const(32)

HINT_ANY = "any adventurer"
HINT_LIT = "lit or start only"
HINT_ANY_DE = "jeder Abenteurer"
HINT_LIT_DE = "nur Licht oder Start"


# -- saved counts -------------------------------------------------------------------
def _sig(die):
    """What the saved counts belong to: a die whose faces changed starts afresh."""
    return "%d:%s" % (die.count, ",".join([str(f) for f in die.faces]))


def _clean_entry(e):
    """A saved per-die entry with only plain, re-saveable values, or None."""
    if not isinstance(e, dict):
        return None
    s = e.get("s")
    c = e.get("c")
    h = e.get("h")
    if not isinstance(s, str) or not isinstance(c, list) or not isinstance(h, list):
        return None
    for v in c:
        if type(v) is not int or v < 0:
            return None
    hist = []
    for r in h[:HISTORY]:
        if not isinstance(r, list):
            return None
        for v in r:
            if not (type(v) is int or isinstance(v, str)):
                return None
        hist.append(r)
    return {"s": s, "c": c, "h": hist}


def _valid_result(die, r):
    if not isinstance(r, list) or len(r) != die.count:
        return False
    for v in r:
        if isinstance(v, bool) or v not in die.faces:
            return False
    return True


class Book:
    """Counts and history of every die, in one store file.

    Saved as {"v": 1, "dice": {id: {"s": signature, "c": counts, "h": history}},
    "players": n, "open": id-or-absent, "last": id of the die rolled last (the Dice
    menu starts on it, the quick roll outside Drachenhort and Drakskatten rolls it)};
    history is newest first.
    """

    def __init__(self, app=None):
        self.entries = {}
        self.players = 4
        self.open = None
        self.last = None
        self.problems = []
        self.loaded = False
        if app is not None:
            self.load(app)

    def load(self, app):
        self.loaded = True
        data = app.store.load(_STATS, None)
        take = getattr(app.store, "take_problems", None)
        if take is not None:
            self.problems += take()
        if data is None:
            return
        ok = isinstance(data, dict) and data.get("v") == 1 and isinstance(data.get("dice"), dict)
        if ok:
            raw = data["dice"]
            for k in list(raw.keys())[:_ENTRIES_MAX]:
                e = _clean_entry(raw[k])
                if e is None:
                    ok = False
                else:
                    self.entries[k] = e
            p = data.get("players")
            if type(p) is int:
                if dice.PLAYERS_MIN <= p <= dice.PLAYERS_MAX:
                    self.players = p
            o = data.get("open")
            if isinstance(o, str):
                self.open = o
            o = data.get("last")
            if isinstance(o, str):
                self.last = o
        if not ok:
            self.problems.append(
                t("Some saved dice statistics could not be read; their counts start again.",
                  "Gespeicherte Würfelstatistiken waren nicht lesbar; sie beginnen neu.")
            )

    def get(self, die):
        """(Tally, history) of a die; saved counts for other faces start afresh."""
        e = self.entries.get(die.id)
        tally = stats.Tally(die)
        if e is None or e["s"] != _sig(die) or len(e["c"]) != len(tally.labels):
            return tally, []
        tally = stats.Tally.from_json(die, {"id": die.id, "counts": e["c"]})
        hist = [r for r in e["h"] if _valid_result(die, r)]
        return tally, hist

    def rolls(self, die):
        return rolls_of(self.get(die)[0])

    def put(self, die, tally, hist):
        if tally.n == 0 and not hist:
            if die.id in self.entries:
                del self.entries[die.id]
        else:
            self.entries[die.id] = {"s": _sig(die), "c": list(tally.counts), "h": hist}

    def save(self, app):
        obj = {"v": 1, "dice": self.entries, "players": self.players}
        if self.open:
            obj["open"] = self.open
        if self.last:
            obj["last"] = self.last
        try:
            app.store.save(_STATS, obj)
        except OSError:
            app.toast(t("Could not save the dice counts",
                        "Würfelzählung nicht gespeichert"))
            return False
        return True

    def show_problems(self, app):
        if self.problems:
            ui.error(app, " ".join(self.problems), t("Dice counts", "Würfelzählung"))
            self.problems = []


def rolls_of(tally):
    """Number of rolls behind a tally (per-face counting of N dice counts N)."""
    die = tally.die
    if die.count > 1 and die.stat_mode() == dice.STAT_FACE:
        return tally.n // die.count
    return tally.n


# -- drawing helpers ---------------------------------------------------------------
_BIG_OK = "0123456789+-="
_HIST_Y = const(56)  # the history line at the bottom of a 64-row panel


def _big_fits(s, w):
    for ch in s:
        if ch not in _BIG_OK:
            return False
    return font.big_width(s) <= w - 4


def _value_str(die, r):
    """A roll in a few characters (2d6: the total)."""
    if len(r) == 1:
        return str(r[0])
    t = die.total(r)
    if t is not None:
        return str(t)
    return "/".join([str(v) for v in r])


def _hist_text(die, hist, skip, chars):
    """'4 2 6 ...' newest first, as many as fit in chars (the history screen has all)."""
    out = ""
    for i in range(skip, len(hist)):
        v = _value_str(die, hist[i])
        nxt = v if not out else out + " " + v
        if len(nxt) > chars:
            break
        out = nxt
    return out


def _short(die, r):
    """A roll in at most 16 characters for the history list."""
    v = r[0]
    if die.kind == dice.KIND_DRACHENHORT:
        return "%d %s" % (v, t(HINT_ANY, "beliebig") if v == 2
                          else t("lit or start", "Licht/Start"))
    if die.kind == dice.KIND_DOOR:
        return "%d %s" % (v, t("FOUND", "gefunden") if dice.door_found(v)
                          else t("not found", "nicht gefunden"))
    if die.numeric and len(r) > 1:
        s = "+".join([str(x) for x in r]) + " = " + str(die.total(r))
        if len(s) <= 16:
            return s
        return t("total ", "Summe ") + str(die.total(r))
    s = " ".join([str(x) for x in r])
    return s if len(s) <= 16 else s[:15] + font.ELLIPSIS


def _title_fit(fb, name, right):
    right = right or ""
    chars = (fb.width - 6 - font.width(right)) // font.CELL
    if len(name) > chars:
        cut = name[: chars + 1]
        sp = max(cut.rfind(" "), cut.rfind("-"))  # a whole word: "Drachenhort(-Würfel)"
        name = cut[:sp] if sp > 3 else ui.fit(name, chars)
    ui.title(fb, name, right)


def _words(fb, words, y, h):
    """Word faces as large as they fit (scale 2 if possible), centred."""
    s = " ".join(words)
    if font.width(s, 3) <= fb.width and h >= 21:
        font.center(fb, s, y + (h - 21) // 2, 1, 3)
        return
    if font.width(s, 2) <= fb.width:
        font.center(fb, s, y + (h - 14) // 2, 1, 2)
        return
    lines = ui.wrap(s, 10)
    if len(lines) <= 2 and h >= 30:
        for i in range(len(lines)):
            font.center(fb, lines[i], y + i * 16, 1, 2)
        return
    lines = ui.wrap(s)
    for i in range(min(len(lines), h // 9)):
        font.center(fb, lines[i], y + i * 9)


def _first_roll(app):
    # what the first roll needs besides its face: the randomness (the app makes it at its
    # first use: the system's source) and the big digits
    font.load_big()
    return app.rng


# -- the roll screen ----------------------------------------------------------------
class RollScreen(Tumbling):
    """One die: OK rolls, UP history, DOWN statistics.

    ``remember``: note the open die in the saved counts, so the Dice menu can
    reopen it after a power cut. ``book``: the loaded counts, if at hand.
    """

    part_frames = True

    def __init__(self, die, roll_now=False, remember=False, book=None):
        super().__init__(1)
        self.die = die
        self.roll_now = roll_now
        self.remember = remember
        self.book = book if book is not None else Book()
        self.tally = stats.Tally(die)
        self.hist = []
        self.result = None
        self.shown = None  # faces shown while tumbling
        self.unsaved = False  # a roll counted in RAM, not yet written (see roll)
        self.framed = False  # a frame was drawn since the roll

    def on_open(self, app):
        book = self.book
        if not book.loaded:
            book.load(app)
        self.tally, self.hist = book.get(self.die)
        if self.remember and book.open != self.die.id:
            book.open = self.die.id
            self.unsaved = True  # written once the first frame is out (tick)
        if self.roll_now:
            self.roll(app)
        else:
            app.after_frame(_first_roll)  # made after the first frame, not in the first roll
        book.show_problems(app)

    def on_close(self, app):
        # one save, once the screen below is on the panel (before any key acts on it)
        if self.remember and self.book.open is not None:
            self.book.open = None
            self.unsaved = True
        if self.unsaved:
            self.unsaved = False
            app.after_frame(self.book.save)

    def on_show(self, app):
        # A screen on top (statistics, a quick roll) may have changed the counts.
        self.tally, self.hist = self.book.get(self.die)
        if not self.hist:
            self.result = None  # the counts were reset
        elif self.result is not None:
            # the newest roll (a quick roll above may have rolled this die): never a
            # face beside another roll's number
            self.result = self.hist[0]

    def roll(self, app):
        die = self.die
        # The first tumble frame may be drawn in place (draw_part) when it shares
        # the title and history line with the screen on show (a result, or "OK: roll").
        part = app.tall and self.t0 is None
        if part:
            old = _hist_text(die, self.hist, 0, font.CHARS - 2)
        r = die.roll(app.rng)
        self.tally.add(r)
        self.hist.insert(0, r)
        del self.hist[HISTORY:]
        self.book.put(die, self.tally, self.hist)
        self.book.last = die.id
        # Counted now, written once the first tumble frame is out (the next step)
        # and always before the result shows (flush): the tumble starts at once.
        self.unsaved = True
        self.framed = False
        self.shown = self.result  # the first tumble face is another (a frame that changes)
        self.result = r
        self.seed = spin(self.seed + len(self.hist) + (app.now & 1023))
        self.start_tumble(app, part and old == _hist_text(die, self.hist, 1, font.CHARS - 2))

    def finish(self, app):
        self.t0 = None
        app.redraw()

    def tumbled(self, app):
        self.finish(app)

    def next_face(self, app):
        faces = self.die.faces
        prev = self.shown
        shown = []
        for i in range(self.die.count):
            if i:  # (the first die's seed has just been advanced)
                self.seed = spin(self.seed)
            n = len(faces)
            j = self.seed % n
            if prev is not None:
                # never the face on show again (a frame that would not change): the next
                # other one (the Drachenhort die has two 2s side by side)
                k = n
                while faces[j] == prev[i] and k:
                    j = (j + 1) % n
                    k -= 1
            shown.append(faces[j])
        self.shown = shown

    def flush(self, app):
        if self.unsaved:
            self.unsaved = False
            self.book.save(app)

    def tick(self, app, now):
        if self.framed or self.t0 is None:
            self.flush(app)
        Tumbling.tick(self, app, now)

    def on_event(self, app, kind, key):
        self.flush(app)
        if skip_key(self, app, kind, key):
            return True  # the press that ended the tumble, and the rest of it
        if ui.is_up(kind, key):
            app.push(HistoryScreen(self.die, self.tally, self.hist))
            return True
        if ui.is_down(kind, key):
            app.push(StatsScreen(self.die, self.book, self.tally, self.hist))
            return True
        if kind == buttons.PRESS:
            return False
        if ui.is_ok(kind, key):
            self.roll(app)
            return True
        return False

    # -- drawing --
    def draw_part(self, app, fb):
        """A tumble frame over the last one: only the faces' rows change (the
        title's count and the history line wait for the result)."""
        if self.t0 is None or not app.tall:
            Screen.draw_part(self, app, fb)
            return
        self.framed = True
        fb.fill_rect(0, ui.TITLE_H, fb.width, _HIST_Y - ui.TITLE_H, 0)
        self._faces(app, fb, self.shown or self.result, ui.TITLE_H + 3, False)

    def draw(self, app, fb):
        self.framed = True
        die = self.die
        tall = app.tall
        n = rolls_of(self.tally)
        if self.t0 is not None:
            n -= 1  # the count goes up with the result (the tumble's frames stay small)
        if tall:
            _title_fit(fb, die.name, "#%d" % n if n else None)
        y = ui.TITLE_H + 3 if tall else 2
        if self.result is None:
            font.center(fb, t("OK: roll", "OK: Wurf"), y + 7, 1, 2)
            if tall:
                font.center(fb, t("%s history  %s stats", "%s Verlauf  %s Zählung") % (
                    font.UP, font.DOWN), 44)
                if self.hist:
                    self._hist_line(fb, 0)
            return
        if self.t0 is not None:
            self._faces(app, fb, self.shown or self.result, y, False)
            if tall:
                self._hist_line(fb, 1)
            return
        self._faces(app, fb, self.result, y, True)
        if tall:
            self._hist_line(fb, 0)

    def _hist_line(self, fb, skip):
        if len(self.hist) > skip:
            last = _hist_text(self.die, self.hist, skip, font.CHARS - 2)
            font.text(fb, font.UP + " " + last, 0, _HIST_Y)

    def _faces(self, app, fb, r, y, final):
        """The roll (or a tumbling face) as large as it reads well."""
        die = self.die
        w = fb.width
        tall = app.tall
        cap = None
        inv = False
        big = None
        if die.kind == dice.KIND_DOOR and final:
            v = r[0]
            s = str(v)
            words = (t(("door", "FOUND"), ("Tür", "DA!")) if dice.door_found(v)
                     else t(("not", "found"), ("keine", "Tür")))
            ww = font.width("found", 2)
            x = (w - (font.big_width(s) + 10 + ww)) // 2
            x = font.big(fb, s, x, y) + 10
            font.text(fb, words[0], x, y - 1, 1, 2)
            font.text(fb, words[1], x, y + 15, 1, 2)
            if tall:
                caption(fb, t("1, 2 or 3 finds it", "bei 1, 2, 3 gefunden"), 44)
            return
        if die.numeric:
            if len(r) == 1:
                big = str(r[0])
            elif len(r) == 2:
                big = "%d+%d=%d" % (r[0], r[1], die.total(r))
                if not _big_fits(big, w):
                    big = str(die.total(r))
                    cap = "%d + %d" % (r[0], r[1])
            else:
                big = str(die.total(r))
                cap = "+".join([str(v) for v in r])
            if final and die.kind == dice.KIND_DRACHENHORT:
                inv = r[0] == 2
                cap = t(HINT_ANY, HINT_ANY_DE) if inv else t(HINT_LIT, HINT_LIT_DE)
        if big is not None and _big_fits(big, w):
            if tall:
                font.big_center(fb, big, y)
            else:
                x = font.big(fb, big, 2, y) + 6
                if cap and final:
                    lines = ui.wrap(cap, (w - x) // font.CELL)
                    for i in range(min(3, len(lines))):
                        font.text(fb, lines[i], x, y + 2 + 9 * i)
                return
        else:
            _words(fb, [str(v) for v in r], y, 28)
        if cap and final and tall:
            caption(fb, cap, 44, inv)


# -- history -------------------------------------------------------------------------
class HistoryScreen(Screen):
    """The last rolls of one die, newest first, numbered."""

    def __init__(self, die, tally, hist):
        self.die = die
        self.tally = tally
        self.hist = hist
        self.first = 0

    def on_event(self, app, kind, key):
        return ui.scroll_event(self, app, kind, key, len(self.hist), ui.rows(app))

    def draw(self, app, fb):
        _title_fit(fb, self.die.name, t("history", "Verlauf"))
        if not self.hist:
            font.text(fb, t("No rolls yet.", "Noch kein Wurf."), 2, ui.row_y(0) + 1)
            return
        total = rolls_of(self.tally)
        shown = ui.rows(app)
        # the roll's number right-aligned, a rule, then the roll: "13 | 2 any
        # adventurer" never reads as one number "132"
        x = 2 + font.width(str(total)) + 8
        chars = (fb.width - 7 - x) // font.CELL + 1
        for i in range(min(shown, len(self.hist) - self.first)):
            k = self.first + i
            y = ui.row_y(i) + 1
            num = str(total - k) if total - k > 0 else "-"
            font.text(fb, num, x - 8 - font.width(num), y)
            fb.vline(x - 4, y - 1, 9, 1)
            font.text(fb, ui.fit(_short(self.die, self.hist[k]), chars), x, y)
        ui.scroll_marks(fb, self.first, shown, len(self.hist))


# -- statistics ------------------------------------------------------------------------
_SROW = const(8)  # pixel rows per face on the statistics screen
_STOP = const(10)  # y of the first face row


class StatsScreen(Screen):
    """Count and bar per face (with the expected share marked), rolls, verdict."""

    _lay = None  # the face rows' layout as the last full draw made it (draw_part)

    def __init__(self, die, book, tally=None, hist=None):
        self.die = die
        self.book = book
        if tally is None or hist is None:
            tally, hist = book.get(die)
        self.tally = tally
        self.hist = hist
        self.first = 0

    def _shown(self, app):
        return max(1, (app.height - _STOP - 6) // _SROW)

    def on_event(self, app, kind, key):
        n = len(self.tally.labels)
        shown = self._shown(app)
        return ui.scroll_event(self, app, kind, key, n, shown, self._ask_reset)

    def _ask_reset(self, app):
        app.push(ui.Confirm(t("Reset the counts and history of %s?",
                              "Zählung und Verlauf von %s löschen?") % self.die.name, self._reset))

    def _reset(self, app):
        self.tally.clear()
        del self.hist[:]
        self.book.put(self.die, self.tally, self.hist)
        app.after_frame(self.book.save)  # written once the emptied counts are on the panel
        app.toast(t("Counts reset", "Zählung gelöscht"))

    def draw(self, app, fb):
        tally = self.tally
        n = rolls_of(tally)
        _title_fit(fb, self.die.name, t("1 roll", "1 Wurf") if n == 1
                   else t("%d rolls", "%d Würfe") % n)
        rows = tally.rows()
        shown = self._shown(app)
        labels = [ui.fit(str(r[0]), 5) + ":" for r in rows]
        lab_w = 0
        cnt_w = 0
        top = 1
        for i in range(len(rows)):
            lab_w = max(lab_w, font.width(labels[i]))
            cnt_w = max(cnt_w, font.width(str(rows[i][1])))
            top = max(top, rows[i][2], rows[i][3])
        x_cnt = 2 + lab_w + 4  # counts end here + cnt_w
        x_bar = x_cnt + cnt_w + 3
        span = fb.width - 2 - x_bar
        if len(rows) > shown:
            span -= 6  # room for the scroll arrows
        lay = self._lay = (rows, labels, lab_w, cnt_w, top, x_cnt, x_bar, span)
        self._faces(app, fb, lay)
        font.center(fb, ui.fit(tally.verdict_text()), app.height - 7)

    def draw_part(self, app, fb):
        # a scroll: the face rows only, laid out as the last full draw laid them out
        # (a scroll changes no count); the title and the verdict stay
        lay = self._lay
        if lay is None:
            Screen.draw_part(self, app, fb)
            return
        fb.fill_rect(0, _STOP, fb.width, self._shown(app) * _SROW - 1, 0)
        self._faces(app, fb, lay)

    def _faces(self, app, fb, lay):
        rows, labels, lab_w, cnt_w, top, x_cnt, x_bar, span = lay
        shown = self._shown(app)
        for k in range(min(shown, len(rows) - self.first)):
            i = self.first + k
            label, count, obs, exp = rows[i]
            y = _STOP + k * _SROW
            font.text(fb, labels[i], 2 + lab_w - font.width(labels[i]), y)
            c = str(count)
            font.text(fb, c, x_cnt + cnt_w - font.width(c), y)
            bl = obs * span // top
            if bl:
                fb.fill_rect(x_bar, y + 1, bl, 5, 1)
            mx = x_bar + exp * span // top
            if mx >= fb.width:
                mx = fb.width - 1
            # expected share: a tick across the bar (dark inside it, dotted outside)
            if mx < x_bar + bl:
                fb.vline(mx, y + 1, 5, 0)
                fb.pixel(mx, y, 1)
                fb.pixel(mx, y + 6, 1)
            else:
                for dy in range(0, 7, 2):
                    fb.pixel(mx, y + dy, 1)
        if self.first > 0:
            ui.arrow(fb, fb.width - 3, _STOP, -1)
        if self.first + shown < len(rows):
            ui.arrow(fb, fb.width - 3, _STOP + shown * _SROW - 3, 1)
        elif len(rows) < shown:  # a row to spare below the faces (drawn in place too)
            font.center(fb, t("OK: reset counts", "OK: zurücksetzen"),
                        _STOP + (shown - 1) * _SROW)


# -- public builders ------------------------------------------------------------
class _Find(Screen):
    """Stands in for the roll screen of a custom die until dice.json is read."""

    def __init__(self, die_id, roll_now):
        self.die_id = die_id
        self.roll_now = roll_now

    def on_open(self, app):
        d = dice.find(self.die_id, dice.load_custom(app)[0])
        if d is None:
            app.pop(self)
            ui.error(app, t("There is no die called %s on this Wyrm.",
                            "Auf diesem Wyrm gibt es keinen Würfel %s.") % self.die_id,
                     t("Dice", "Würfel"))
        else:
            app.replace(RollScreen(d, self.roll_now))


def roll_screen(die, roll_now=False):
    """The roll screen of a die (an id such as "dh", "d6", "2d6", "door", "c:Weather",
    or a Die). ``roll_now``: roll once as it opens."""
    if isinstance(die, str):
        d = dice.find(die)
        if d is None:
            return _Find(die, roll_now)
        die = d
    return RollScreen(die, roll_now)
