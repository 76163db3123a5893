"""Wyrm in the browser (host_tools/web/): the built page in headless Chromium.

The page is built into a temporary folder, served on 127.0.0.1 by the test
itself and driven by Playwright with Debian's chromium (no browser download).
Frames are compared byte for byte with the simulator (CPython) on the same
10 ms timeline and seed. Without chromium or Playwright the module is skipped
with one line saying why.
"""
import json
import os
import shutil
import tempfile

import pytest

from host_tools.sim import core as simcore
from host_tools.sim.menu import to_row

CHROMIUM = os.environ.get("WYRM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip("browser tests need Debian's chromium (apt-get install chromium)",
                allow_module_level=True)
try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - requirements-dev.txt installs it
    pytest.skip("browser tests need Playwright (pip install playwright)", allow_module_level=True)

from host_tools.web import build, serve  # noqa: E402 - after the skips

BOARD = "pico-ssd1306-4btn"
SCRIPTS = {  # the screenshot scripts of host_tools/make/shots.d (key script, seed)
    "dice roll": (to_row("Dice") + ",ok*25,wait:400", 13),
    "Drachenhort capture": (
        "ok,down,ok,ok,down,ok,down,ok,down*2,ok,ok,down*4,ok,ok,down*4,ok,wait:1600,ok", 1),
    "party-card deal": ("ok,down,ok,down*5,up*2,ok,ok,ok,press:ok", 4),
    # the name screens read the first names the bundle carries (wyrm/names.txt)
    "four names": ("up*2,ok,ok,down,ok,ok,down*10,ok,down*2,ok,down,ok,down*6,ok,down,ok,ok", 1),
    # every entry of the main menu opened and left again (each game's module loaded)
    "tour of the main menu": (",".join("ok,wait:300,back,wait:200,down" for _ in range(8)), 2),
}
DEAL = "ok,down,ok,down*5,up*2,ok,ok,ok"  # Drachenhort party cards: the pass screen
DEAL_SEED = 4


@pytest.fixture(scope="module")
def site():
    out = tempfile.mkdtemp(prefix="wyrm-web-")
    build.build(out)
    srv, url = serve.start(out)
    yield out, url
    serve.stop(srv)
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM)
        yield b
        b.close()


class Page:
    """A fresh browser profile (own storage) with one page; console errors collected."""

    def __init__(self, browser, **kw):
        self.context = browser.new_context(**kw)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url):
        self.page.goto(url)
        return self.ready()

    def ready(self):
        """After a (re)load: the app has booted; the next run starts the clock anew."""
        self.t = simcore.START_TICKS
        return self.page.evaluate("window.wyrm.ready")

    def run(self, script, keys=4):
        """A key script on the simulator's 10 ms timeline, continuing the page's clock."""
        steps = simcore.timeline(simcore.parse_script(script, keys))
        frames = self.page.evaluate(
            "([s, t, ms]) => wyrm.runSteps(s, t, ms)", [steps, self.t, simcore.STEP_MS])
        self.t = (self.t + len(steps) * simcore.STEP_MS) & 0x3FFFFFFF
        return [(t, bytes.fromhex(h)) for t, h in frames]

    def shown(self):
        """The canvas as page bytes: what the player sees, read back from its pixels."""
        return bytes.fromhex(self.page.evaluate(_CANVAS_BYTES))

    def close(self):
        self.context.close()


_CANVAS_BYTES = """() => {
  const c = document.getElementById('screen');
  const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const out = new Uint8Array(c.width * c.height / 8);
  for (let y = 0; y < c.height; y++)
    for (let x = 0; x < c.width; x++)
      if (px[(y * c.width + x) * 4 + 1] > 128) out[(y >> 3) * c.width + x] |= 1 << (y & 7);
  return Array.from(out, b => (b < 16 ? '0' : '') + b.toString(16)).join('');
}"""


def sim(script, seed, board=BOARD, state=None):
    frames, _w, _h, errors = simcore.run_script(script, board, "cpython", seed, state)
    assert errors == []
    return [(f.t, f.data) for f in frames]


@pytest.mark.parametrize("board", [BOARD, "pico-ssd1306-128x32"])
def test_page_loads_cleanly_and_boots_to_the_simulators_frame(browser, site, board):
    _out, url = site
    p = Page(browser)
    try:
        info = p.open(url + "?manual&seed=1&board=" + board)
        frames = p.run("")
        assert p.errors == []
        assert p.page.evaluate("wyrm.log") == []  # no traceback on MicroPython's console
        want = sim("", 1, board)
        assert (info["w"], info["h"]) == ((128, 64) if board == BOARD else (128, 32))
        assert frames[0] == want[0]
        assert p.shown() == want[-1][1]  # the canvas shows exactly the frame
    finally:
        p.close()


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_key_script_frames_match_the_simulator(browser, site, name):
    script, seed = SCRIPTS[name]
    p = Page(browser)
    try:
        p.open(site[1] + "?manual&seed=%d" % seed)
        got = p.run(script)
        want = sim(script, seed)
        assert len(want) > 3
        assert [t for t, _ in got] == [t for t, _ in want]
        assert got == want
        assert p.errors == []
        assert p.page.evaluate("wyrm.log") == []
    finally:
        p.close()


def _wait_for(p, frame, timeout_ms=4000):
    p.page.wait_for_function(
        "(want) => wyrm.frameHex() === want", arg=frame.hex(), timeout=timeout_ms)


def test_hold_to_peek_with_a_pointer(browser, site):
    """The card is on the canvas while the pointer holds OK, and gone after."""
    hidden = sim(DEAL, DEAL_SEED)[-1][1]
    card = sim(DEAL + ",press:ok", DEAL_SEED)[-1][1]
    assert card != hidden
    p = Page(browser, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        p.open(site[1] + "?seed=%d" % DEAL_SEED)  # the page's own clock and pointer input
        page = p.page
        for tok in DEAL.split(","):
            name, _, n = tok.partition("*")
            for _ in range(int(n or 1)):
                page.click('#keys button[aria-label="%s"]' % name.upper())
                page.wait_for_timeout(90)
        _wait_for(p, hidden)
        ok = page.locator('#keys button[aria-label="OK"]').bounding_box()
        page.mouse.move(ok["x"] + ok["width"] / 2, ok["y"] + ok["height"] / 2)
        page.mouse.down()
        _wait_for(p, card)
        page.wait_for_timeout(900)  # longer than a long press: a hold stays a hold
        assert p.shown() == card
        page.mouse.move(ok["x"] + ok["width"] / 2, 5)  # the thumb slides off onto the screen
        page.wait_for_timeout(300)
        assert p.shown() == card  # the button kept the pointer: still held
        page.mouse.up()
        page.wait_for_function("(c) => wyrm.frameHex() !== c", arg=card.hex(), timeout=2000)
        page.wait_for_timeout(100)
        assert p.shown() != card
        assert p.shown() != bytes(len(card))  # something is shown, not a blank screen
        assert p.errors == []
    finally:
        p.close()


SAVE_A = to_row("Dice") + ",ok,ok*6,wait:400"  # Dice: roll the Drachenhort die (counts are saved)
SAVE_B = "down,wait:200"  # after power-on: its statistics (or, fresh, the main menu)


def test_saved_game_survives_reload_fresh_clears_and_import_restores(browser, site, tmp_path):
    state = str(tmp_path / "state")
    os.makedirs(state)
    sim(SAVE_A, 3, state=state)
    saved = sim(SAVE_B, 3, state=state)
    fresh = sim(SAVE_B, 3)
    assert saved != fresh
    url = site[1] + "?manual&seed=3"
    p = Page(browser, accept_downloads=True)
    page = p.page
    try:
        p.open(url)
        p.run(SAVE_A)
        page.reload()
        p.ready()
        assert p.run(SAVE_B) == saved

        page.click("summary")
        with page.expect_download() as dl:
            page.click("#export")
        export = tmp_path / "export.json"
        dl.value.save_as(export)

        page.once("dialog", lambda d: d.accept())
        with page.expect_navigation():
            page.click("#fresh")
        p.ready()
        assert p.run(SAVE_B) == fresh

        page.click("summary")
        with page.expect_navigation():
            page.set_input_files("#import", str(export))
        p.ready()
        assert p.run(SAVE_B) == saved
        assert p.errors == []
    finally:
        p.close()


def test_a_bad_import_changes_nothing(browser, site, tmp_path):
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": 1}')
    p = Page(browser)
    try:
        p.open(site[1] + "?manual&seed=1")
        p.page.click("summary")
        p.page.set_input_files("#import", str(bad))
        p.page.wait_for_function(
            "document.getElementById('status').textContent.includes('not a Wyrm')")
        assert p.page.evaluate("localStorage.getItem('wyrm.state')") is None
    finally:
        p.close()


LANGUAGE = to_row("Settings") + ",up*2,ok,wait:200"  # Settings > Language (above About): OK
_TEXTS = """() => ({
  lang: document.documentElement.lang, title: document.title,
  status: document.getElementById('status').textContent,
  summary: document.querySelector('summary').textContent,
  export: document.getElementById('export').textContent,
  import: document.querySelector('label.file').textContent,
  fresh: document.getElementById('fresh').textContent,
  update: document.getElementById('update').textContent,
  board: document.getElementById('board').selectedOptions[0].textContent,
  keys: [...document.querySelectorAll('#keys button')].map(b => b.textContent)})"""
ENGLISH = {"lang": "en", "title": "Wyrm - table companion", "summary": "Board and saved games",
           "export": "Export saved games", "import": "Import saved games",
           "fresh": "Start fresh", "update": "A new version of Wyrm is ready: update",
           "board": "4 buttons, 128x64 SSD1306", "keys": ["UP", "DOWN", "OK", "BACK"]}
GERMAN = {"lang": "de", "title": "Wyrm - Spielbegleiter",
          "summary": "Board und gespeicherte Spiele",
          "export": "Gespeicherte Spiele exportieren", "import": "Gespeicherte Spiele importieren",
          "fresh": "Neu anfangen", "update": "Eine neue Version von Wyrm ist da: aktualisieren",
          "board": "4 Tasten, 128x64 SSD1306", "keys": ["UP", "DOWN", "OK", "BACK"]}


def _texts(p):
    got = p.page.evaluate(_TEXTS)
    return {k: v for k, v in got.items() if k != "status"}, got["status"]


def test_the_page_follows_the_language_setting_and_back(browser, site):
    """Settings > Language switched with the page's keys: the page's own texts (title, <html
    lang>, the saved-games panel, the update banner, the board choice, the status line) turn
    German with the panel, and English again when it is switched back; the printed button
    names UP/DOWN/OK/BACK stay."""
    p = Page(browser)
    try:
        p.open(site[1] + "?manual&seed=1")
        assert _texts(p) == (ENGLISH, "")
        p.run(LANGUAGE)
        assert _texts(p) == (GERMAN, "")
        p.run("wait:301000")  # the screen saver turns the panel off: the page says so, in German
        assert _texts(p)[1] == "Bildschirmschoner: eine Taste weckt Wyrm."
        p.run("ok")  # wakes the panel only
        assert _texts(p) == (GERMAN, "")
        p.run("ok,wait:200")  # the cursor is still on the language: back to English
        assert _texts(p) == (ENGLISH, "")
        p.run("wait:301000")
        assert _texts(p)[1] == "Screen saver: press any key to wake Wyrm."
        assert p.errors == []
        assert p.page.evaluate("wyrm.log") == []
    finally:
        p.close()


_SAVED = """([files]) => { try { localStorage.setItem('wyrm.state', JSON.stringify({files})); }
  catch (e) { return; }
  document.addEventListener('DOMContentLoaded', () => { window.firstTexts = [document.title,
    document.documentElement.lang, document.getElementById('status').textContent]; }); }"""


@pytest.mark.parametrize("lang, board, want", [
    (1, "pico-ssd1306-3btn", "de"), (0, BOARD, "en"), (7, BOARD, "en")])
def test_a_page_with_a_saved_language_speaks_it_from_the_start(browser, site, tmp_path, lang,
                                                                board, want):
    """A browser whose saved settings say "lang": 1 shows the page in German from its first
    text on (title and the "starting" line before MicroPython runs), and after boot (the
    three-button OK reads "OK (halten: BACK)"); "lang": 0, or 7 (out of range: the firmware
    reads English), English."""
    import base64

    from wyrm.store import Store

    Store(str(tmp_path)).save("settings", {"lang": lang})
    data = (tmp_path / "settings.json").read_bytes()
    p = Page(browser)
    try:
        p.context.add_init_script("(%s)([%s])" % (_SAVED, json.dumps(
            {"settings.json": base64.b64encode(data).decode()})))
        p.open(site[1] + "?manual&seed=1&board=" + board)
        first = p.page.evaluate("window.firstTexts")
        texts, status = _texts(p)
        if want == "de":
            assert first == ["Wyrm - Spielbegleiter", "de", "MicroPython startet..."]
            assert texts["keys"][2] == "OK (halten: BACK)" and texts["board"].startswith("3 Tasten")
            assert {k: texts[k] for k in ("lang", "title", "summary", "fresh")} == {
                k: GERMAN[k] for k in ("lang", "title", "summary", "fresh")}
        else:
            assert first == ["Wyrm - table companion", "en", "Starting MicroPython..."]
            assert texts == ENGLISH
        assert p.errors == []
    finally:
        p.close()


def test_offline_after_one_load(browser, site):
    srv, url = serve.start(site[0])
    p = Page(browser)
    try:
        p.open(url + "?seed=1")
        p.page.evaluate("navigator.serviceWorker.ready")
        n = len(os.listdir(site[0])) + 1  # every file of the build, and "./"
        p.page.wait_for_function(
            "async (n) => { for (const k of await caches.keys()) "
            "if ((await (await caches.open(k)).keys()).length >= n) return true; return false; }",
            arg=n)
        serve.stop(srv)
        srv = None
        p.page.reload()
        p.ready()
        boot = sim("", 1)[0][1]
        _wait_for(p, boot)
        assert p.errors == []
    finally:
        if srv is not None:
            serve.stop(srv)
        p.close()


def test_quick_taps_count_once_each_and_key_repeat_adds_nothing(browser, site):
    """A finger tap is a press; two taps inside one debounce time are two presses; the
    OS's key repeat is none."""
    p = Page(browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = p.page
    try:
        p.open(site[1] + "?seed=1")
        _wait_for(p, sim("", 1)[0][1])
        page.tap('#keys button[aria-label="DOWN"]')  # touch events, as on a phone
        _wait_for(p, sim("down", 1)[-1][1])
        page.tap('#keys button[aria-label="UP"]')
        _wait_for(p, sim("", 1)[-1][1])
        down = page.locator('#keys button[aria-label="DOWN"]').bounding_box()
        page.mouse.move(down["x"] + 20, down["y"] + 20)
        for _ in range(2):  # each tap a few ms long, the two within ~10 ms
            page.mouse.down()
            page.mouse.up()
        _wait_for(p, sim("down*2", 1)[-1][1])
        page.keyboard.down("ArrowDown")
        for _ in range(4):
            page.keyboard.down("ArrowDown")  # auto-repeat: keydown with repeat=true
        page.keyboard.up("ArrowDown")
        page.wait_for_timeout(300)
        assert page.evaluate("wyrm.frameHex()") == sim("down*3", 1)[-1][1].hex()
        assert p.errors == []
    finally:
        p.close()


def test_screen_saver_dims_then_darkens_the_canvas_and_a_press_wakes_it(browser, site):
    """As on the device: dim (grey) after 60 s, off (dark) after 300 s; the waking press does
    nothing else, and the woken panel is in colour again."""
    script = "wait:61000"
    p = Page(browser)
    page = p.page
    try:
        p.open(site[1] + "?manual&seed=1")
        p.run(script)
        assert page.evaluate("wyrm.panel") == {"level": 1, "on": True}
        dim = page.evaluate("document.getElementById('screen').style.filter")
        assert dim.startswith("brightness(0.5") and dim.endswith("grayscale(1)")
        p.run("wait:240000")
        assert page.evaluate("wyrm.panel")["on"] is False
        assert page.evaluate("document.getElementById('screen').style.filter") == "brightness(0)"
        got = p.run("down,down")  # the first press only wakes the panel
        assert page.evaluate("wyrm.panel") == {"level": 100, "on": True}
        woken = page.evaluate("document.getElementById('screen').style.filter")
        assert woken != "brightness(0)" and "grayscale" not in woken
        assert got[-1][1] == sim("down", 1)[-1][1]
        assert p.errors == []
    finally:
        p.close()


_WORKERS = """navigator.serviceWorker.getRegistration().then(r => JSON.stringify({
  installing: r.installing && r.installing.state, waiting: r.waiting && r.waiting.state,
  active: r.active && r.active.state, controller: !!navigator.serviceWorker.controller}))"""


def test_a_new_build_waits_for_the_update_button(browser, tmp_path):
    """An open page keeps one version; a new build is used after "update" is tapped."""
    out = str(tmp_path / "site")
    build.build(out)
    srv, url = serve.start(out)
    p = Page(browser)
    page = p.page
    fetch_js = "fetch('wyrm.js').then(r => r.text()).then(t => t.includes('// build two'))"
    try:
        p.open(url + "?seed=1")
        page.evaluate("wyrm.offline.then(() => null)")  # its own look for a new build is done
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90000)
        with open(os.path.join(out, "wyrm.js"), "a") as f:
            f.write("\n// build two\n")
        with open(os.path.join(out, "sw.js")) as f:
            sw = f.read()
        with open(os.path.join(out, "sw.js"), "w") as f:
            f.write(sw.replace('"wyrm-', '"wyrm-two-'))
        # The page looks for a newer build on every load; this one has been open since, so
        # ask it to look now (as a long-open page does when the browser checks on its own).
        # A look asked for while the browser is still busy with another is dropped: ask again.
        for _ in range(24):
            page.evaluate("wyrm.lookForUpdate()")
            try:
                page.wait_for_selector("#update", state="visible", timeout=5000)
                break
            except PlaywrightTimeout:
                continue
        state = page.evaluate(_WORKERS)
        assert page.is_visible("#update"), "the new build was never offered: " + state
        assert page.evaluate(fetch_js) is False  # this page keeps the first build, whole
        with page.expect_navigation():
            page.click("#update")
        p.ready()
        assert page.evaluate(fetch_js) is True
        assert page.is_hidden("#update")
        assert p.errors == []
    finally:
        serve.stop(srv)
        p.close()
