"""Drachenhort's party cards: deal one to each of 2-7 players, pass round, peek again.

The deal is saved before a card shows (in the game's own save, ``home.keep_deal``; alone
as "party" without a game), so a power cut resumes the round with the same cards. The
colour names and cards come from the optional settings file ``party_cards.json``.
"""


from micropython import const

from wyrm import deal, peek, plain, players, ui
from wyrm.games.drachenhort_colours import colour_name
from wyrm.lang import t

_STORE = "party"  # -> party.json; the settings file is party_cards.json
SETTINGS_FILE = "party_cards.json"
_MAX_BYTES = const(2048)


def read_settings(app):
    """(config, problems) from the settings file; never raises."""
    obj, problem = app.store.read_user(SETTINGS_FILE, _MAX_BYTES)
    if problem:
        return deal.default_config(), [problem, t("Using default cards",
                                                  "Die üblichen Karten gelten")]
    if obj is None:
        return deal.default_config(), []
    return deal.validate_cards(obj)


def _cache(app):
    # Kept on the app (read once per boot): the message is shown only once.
    c = getattr(app, "party_cards", None)
    if c is None:
        cfg, problems = read_settings(app)
        c = {"cfg": cfg, "problems": problems, "shown": False}
        app.party_cards = c
    return c


def _get(app):
    return _cache(app)["cfg"]


def _tell(app):
    c = _cache(app)
    if c["problems"] and not c["shown"]:
        c["shown"] = True
        ui.error(app, [t("Card settings file:", "Datei der Karten:")] + c["problems"],
                 t("Party cards", "Gruppenkarten"))


def config(app):
    """The validated card config (colours + cards); problems shown once via ui.error."""
    cfg = _get(app)
    _tell(app)
    return cfg


def colours(app):
    return _get(app)["colours"]


# -- the saved deal ----------------------------------------------------------------
def _read(app, home):
    return home.deal if home is not None else app.store.load(_STORE, None)


def _keep(app, home, obj):
    """Save the deal (None: drop it) where it is kept."""
    if home is not None:
        home.keep_deal(obj)
    elif obj is None:
        app.store.remove(_STORE)
    else:
        app.store.save(_STORE, obj)


def _load_obj(app, home=None):
    got = []

    def check(obj):  # ValueError & co.: a deal that cannot be used
        got[:] = [deal.PartyDeal.load(obj), _check_sets(obj.get("sets"))]
        return 0

    if home is None:  # its own save: the store sets a bad one aside and says so
        obj = app.store.load(_STORE, None, check)
        said = app.store.take_problems()
        if said:
            ui.error(app, " ".join(said), t("Party cards", "Gruppenkarten"))
        return (got[0], got[1]) if obj is not None else (None, None)
    if home.deal is None:
        return None, None
    try:
        check(home.deal)
    except (ValueError, TypeError, AttributeError, KeyError, IndexError):
        home.keep_deal(None)
        ui.error(app, t("The saved party cards were damaged. Please deal again.",
                        "Die gespeicherten Gruppenkarten waren beschädigt. Bitte neu"
                        " verteilen."), t("Party cards", "Gruppenkarten"))
        return None, None
    return got[0], got[1]


def _check_sets(sets):
    if sets is None:
        return None  # saved without its card list: use the settings
    if not isinstance(sets, list) or len(sets) != deal.PARTY_CARDS:
        raise ValueError("bad sets")
    for s in sets:
        if not isinstance(s, list) or len(s) != deal.CARD_SIZE:
            raise ValueError("bad sets")
        for a in s:
            if not plain.whole(a, 0, deal.PARTY_CARDS - 1) or s.count(a) != 1:
                raise ValueError("bad sets")
    return sets


def load(app, home=None):
    """The saved deal (deal.PartyDeal) or None; a damaged save gives a message."""
    return _load_obj(app, home)[0]


def exists(app, home=None):
    if home is not None:
        return home.deal is not None
    return app.store.exists(_STORE)


def _obj(d, sets):
    obj = d.to_json()
    obj["sets"] = sets
    return obj


def forget(app, home=None):
    """Drop the deal (a new game without dealt cards)."""
    _keep(app, home, None)


def _sets(app, saved):
    if saved is not None:
        return saved
    return [list(t) for t in deal.card_indices(_get(app))]


def card_adventurers(app, card, home=None):
    """Card ``card`` (0..6) as 3 adventurer indices, as dealt."""
    saved = _load_obj(app, home)[1]
    return list(_sets(app, saved)[card])


# -- dealing and peeking ----------------------------------------------------------
def _secret(d, sets):
    def lines(app, k):
        names = colours(app)
        return [colour_name(names, a) for a in sets[d.card_of(k)]]

    return lines


def _run(app, d, sets, players, on_done, who, home):
    total = d.players

    def seen(app, k):
        d.mark_seen(k)
        _keep(app, home, _obj(d, sets))

    peek.peek_flow(
        app,
        players,
        _secret(d, sets),
        on_done,
        who,
        t("Your card", "Deine Karte"),
        seen,
        t("Party cards", "Gruppenkarten"),
        t("your card", "deine Karte"),
        t("All cards dealt", "Alle Karten verteilt"),
        total,
    )


def start_deal(app, players, on_done=None, who=None, home=None, begin=None):
    """Deal one card to each of ``players`` (2..7) and pass the device round.

    An existing deal is only replaced after "Deal new cards? The old deal is
    lost." is answered Yes. ``home``: the game that keeps the deal in its own
    save (None: store name "party"); ``begin(obj)``: saves the first deal together
    with a new game instead (nothing asked: the new game replaces the old deal).
    """

    def go(app):
        sets = [list(t) for t in deal.card_indices(_get(app))]
        try:
            d = deal.deal_party(players, app.rng)
        except ValueError as exc:  # not 2..7 players
            ui.error(app, str(exc), t("Party cards", "Gruppenkarten"))
            return
        obj = _obj(d, sets)
        if begin is not None:
            begin(obj)  # the new game and its deal: one save, before any key acts
        else:
            _keep(app, home, obj)  # before any key acts (a card shows on a key)
        _run(app, d, sets, list(range(players)), on_done, who, home)
        _tell(app)  # a settings problem shows on top of the first pass screen

    if begin is None and exists(app, home):
        app.push(ui.Confirm(t("Deal new cards? The old deal is lost.",
                              "Neue Karten verteilen? Die alten gehen verloren."), go))
    else:
        go(app)


def resume_flow(app, on_done=None, who=None, home=None):
    """Continue an unfinished pass round (after a power cut). True if one was resumed."""
    d, saved = _load_obj(app, home)
    if d is None or d.all_seen():
        return False
    sets = _sets(app, saved)
    players = [k for k in range(d.players) if not d.is_seen(k)]
    _run(app, d, sets, players, on_done, who, home)
    _tell(app)
    return True


def peek_again(app, who=None, home=None):
    """Choose a player, then hold OK to see their card again (the screen names them)."""
    d, saved = _load_obj(app, home)
    if d is None:
        ui.error(app, t("No party cards dealt yet.", "Noch keine Gruppenkarten verteilt."),
                 t("Party cards", "Gruppenkarten"))
        return
    sets = _sets(app, saved)
    name = who or players.namer(app)
    secret = _secret(d, sets)

    cards = d.to_json()["cards"]

    def chooser(k):
        def run(app):
            app.pop(menu)
            # Only the deal in force may show: if the cards were dealt again (or
            # dropped) while this list was covered, list the players again.
            now = _read(app, home)
            if not isinstance(now, dict) or now.get("cards") != cards or now.get("sets") != saved:
                peek_again(app, who, home)
                return
            peek.peek_one(app, k, secret, who, ask=False)

        return run

    items = [[name(k), chooser(k)] for k in range(d.players)]
    menu = ui.Menu(t("Who looks?", "Wer schaut?"), items)
    app.push(menu)
