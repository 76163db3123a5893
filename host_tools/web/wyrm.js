// Wyrm in the browser: the unchanged firmware on MicroPython (WebAssembly), one
// App.step per animation frame, the 128x64 panel on a canvas, touch and keyboard
// buttons, saved games in localStorage. host_tools/web/webmain.py is the Python
// side; docs/WEB.md describes the whole.
import { loadMicroPython } from "./micropython.mjs";

const params = new URLSearchParams(location.search);
const MANUAL = params.has("manual"); // tests: no animation loop, wyrm.runSteps() drives
const SEED = params.has("seed") ? parseInt(params.get("seed"), 10) : -1; // -1: browser dice
const STATE_KEY = "wyrm.state"; // {"files": {name: base64}} - the store's folder
const BOARD_KEY = "wyrm.board";
const DEFAULT_BOARD = "pico-ssd1306-4btn";
const MIN_PRESS_MS = 60; // a tap stays down this long on the step clock: > the 10 ms debounce
const TAP_GAP_MS = 60; // up time between two latched taps of the same key
const LONG_OK_MS = 800; // Backspace on a three-button board: a long OK (the device's BACK)
const TICK_MASK = 0x3fffffff;
const OLED_ON = [170, 225, 255];
const OLED_OFF = [6, 8, 14];
const KEYMAP = {
  ArrowUp: 0, k: 0, ArrowDown: 1, j: 1, Enter: 2, " ": 2, Backspace: 3, Escape: 3,
};

// The page's own words in the firmware's languages (wyrm.lang: 0 English, 1 Deutsch); an
// element with data-w="key" shows WORDS[key]. UP/DOWN/OK/BACK are printed on the device: kept.
const WORDS = {
  title: ["Wyrm - table companion", "Wyrm - Spielbegleiter"],
  screen: ["Wyrm's OLED screen", "Wyrms OLED-Anzeige"],
  summary: ["Board and saved games", "Board und gespeicherte Spiele"],
  board: ["Board", "Board"],
  buttons: ["%s buttons", "%s Tasten"],
  okBack: ["OK (hold: BACK)", "OK (halten: BACK)"],
  export: ["Export saved games", "Gespeicherte Spiele exportieren"],
  import: ["Import saved games", "Gespeicherte Spiele importieren"],
  fresh: ["Start fresh", "Neu anfangen"],
  freshAsk: ["Erase every saved game and setting in this browser and start fresh?",
    "Alle gespeicherten Spiele und Einstellungen in diesem Browser löschen und neu anfangen?"],
  update: ["A new version of Wyrm is ready: update", "Eine neue Version von Wyrm ist da: aktualisieren"],
  hint: ["Keyboard: arrows = UP/DOWN, Enter or Space = OK, Backspace = BACK. Hold OK to peek at " +
    "a secret card. Inside a game, UP and DOWN together (both buttons, or both arrows) is the " +
    "quick roll. Holding UP or DOWN repeats. Saved games stay in this browser. The same " +
    "firmware as on the Pico, running in MicroPython (WebAssembly).",
  "Tastatur: Pfeile = UP/DOWN, Enter oder Leertaste = OK, Rücktaste = BACK. OK halten zeigt " +
    "eine geheime Karte. In einem Spiel würfeln UP und DOWN zusammen (beide Tasten oder beide " +
    "Pfeile) schnell. UP oder DOWN halten wiederholt. Gespeicherte Spiele bleiben in diesem " +
    "Browser. Dieselbe Firmware wie auf dem Pico, in MicroPython (WebAssembly)."],
  starting: ["Starting MicroPython...", "MicroPython startet..."],
  unread: ["The saved games in this browser could not be read; starting without them.",
    "Die gespeicherten Spiele in diesem Browser waren nicht lesbar; Start ohne sie."],
  full: ["Could not save in this browser (%s): storage full or blocked.",
    "Speichern in diesem Browser ging nicht (%s): Speicher voll oder gesperrt."],
  notExport: ["That file is not a Wyrm export (wyrm-saves-....json); nothing was changed.",
    "Die Datei ist kein Wyrm-Export (wyrm-saves-....json); nichts wurde geändert."],
  saver: ["Screen saver: press any key to wake Wyrm.", "Bildschirmschoner: eine Taste weckt Wyrm."],
  stopped: ["Wyrm stopped: %s - reload the page.", "Wyrm hat angehalten: %s - Seite neu laden."],
  noStart: ["Wyrm could not start: %s. Reload the page to try again.",
    "Wyrm konnte nicht starten: %s. Seite neu laden und nochmal versuchen."],
};
let LANG = 0; // the firmware's setting "lang", as last read (webmain.lang())
const word = (key, arg) => WORDS[key][LANG].replace("%s", () => (arg === undefined ? "" : String(arg)));

const $ = (id) => document.getElementById(id);
const screen = $("screen");
const ctx = screen.getContext("2d");
const statusLine = $("status");

const api = {
  ready: null, // resolves to {w, h, keys, board} once the app has booted
  firstFrameMs: null, // performance.now() when the first frame was drawn
  log: [], // MicroPython's console lines
  panel: { level: 255, on: true },
  lookForUpdate: () => Promise.resolve(), // asks for a newer build now (set once registered)
  offline: null, // settles once the service worker is registered and checked for a newer build
};
window.wyrm = api;

let mp = null;
let glue = null;
let geo = null; // {w, h, keys, addr}
let fb = null; // the framebuffer's bytes, copied out of wasm memory
let image = null;
let stopped = false;

let said = null; // [key, arg] of the status line's message (null: none)

function say(key, arg) {
  said = key ? [key, arg] : null;
  statusLine.textContent = key ? word(key, arg) : "";
}

// Speak language n (0 English, 1 Deutsch): every text of the page's own.
function speak(n) {
  LANG = n ? 1 : 0;
  document.documentElement.lang = LANG ? "de" : "en";
  document.title = word("title");
  screen.setAttribute("aria-label", word("screen"));
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = word(el.dataset.w);
  for (const opt of $("board").options) opt.textContent = boardText(opt.dataset.n, opt.dataset.d);
  if (geo && geo.keys < 4) buttonEls[2].textContent = word("okBack"); // as on the three-button device
  if (said) say(said[0], said[1]);
}

// Before the app runs: the language of the settings file saved in this browser (the
// firmware reads it again, checked, at boot: webmain.lang() then has the last word).
function savedLang(files) {
  try {
    const text = new TextDecoder().decode(fromB64(files["settings.json"]));
    return JSON.parse(text.slice(text.indexOf("\n") + 1)).lang === 1 ? 1 : 0;
  } catch (e) {
    return 0;
  }
}

// -- bytes <-> base64 ---------------------------------------------------------------
function toB64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
function fromB64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// -- the firmware bundle (host_tools/web/build.py) ----------------------------------
function unpack(buf) {
  const bytes = new Uint8Array(buf);
  const magic = new TextDecoder().decode(bytes.subarray(0, 10));
  if (magic !== "WYRMPACK1\n") throw new Error("firmware.bin is not a Wyrm bundle");
  const view = new DataView(buf);
  const dec = new TextDecoder();
  const files = [];
  let i = 10;
  while (i < bytes.length) {
    const n = view.getUint16(i, true);
    const name = dec.decode(bytes.subarray(i + 2, i + 2 + n));
    i += 2 + n;
    const size = view.getUint32(i, true);
    i += 4;
    files.push([name, bytes.subarray(i, i + size)]);
    i += size;
  }
  return files;
}

// -- saved games: /state <-> localStorage --------------------------------------------
const NAME_OK = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

function readSaved() {
  try {
    const s = JSON.parse(localStorage.getItem(STATE_KEY) || "null");
    if (s && typeof s.files === "object" && s.files) return s.files;
  } catch (e) {
    say("unread");
  }
  return {};
}

function stateFiles() {
  const files = {};
  for (const name of mp.FS.readdir("/state")) {
    if (name === "." || name === "..") continue;
    files[name] = toB64(mp.FS.readFile("/state/" + name));
  }
  return files;
}

function persist() {
  try {
    localStorage.setItem(STATE_KEY, JSON.stringify({ files: stateFiles() }));
  } catch (e) {
    say("full", e.name);
  }
}

function checkedFiles(obj) {
  if (!obj || obj.format !== "wyrm-saves" || typeof obj.files !== "object" || !obj.files) return null;
  const files = {};
  for (const [name, data] of Object.entries(obj.files)) {
    if (!NAME_OK.test(name) || typeof data !== "string") return null;
    try {
      fromB64(data);
    } catch (e) {
      return null;
    }
    files[name] = data;
  }
  return files;
}

function restart() {
  stopped = true;
  location.reload();
}

function exportSaves() {
  const files = mp ? stateFiles() : readSaved();
  const text = JSON.stringify({ format: "wyrm-saves", version: 1, exported: new Date().toISOString(), files }, null, 1);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = "wyrm-saves-" + new Date().toISOString().slice(0, 10) + ".json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

async function importSaves(file) {
  let files = null;
  try {
    files = checkedFiles(JSON.parse(await file.text()));
  } catch (e) {
    files = null;
  }
  if (!files) {
    say("notExport");
    return;
  }
  stopped = true;
  localStorage.setItem(STATE_KEY, JSON.stringify({ files }));
  restart();
}

// -- buttons: pointer, keyboard, latched taps ----------------------------------------
// Each key is down while a pointer or key holds it, and a press is latched: it stays down
// for at least MIN_PRESS_MS measured on the step clock from the first step that saw it, so
// the firmware's debounce confirms it however short the tap and however slow the frames.
// A second tap inside a latch is queued and replayed after TAP_GAP_MS of up time.
const keys = [0, 1, 2, 3].map(() => ({ held: new Set(), latchMs: 0, seenAt: -1, pending: 0, upAt: -1 }));
const buttonEls = [...document.querySelectorAll("#keys button")];

function latch(k, ms) {
  const s = keys[k];
  if (s.latchMs > 0 || s.upAt >= 0) s.pending++;
  else {
    s.latchMs = ms;
    s.seenAt = -1;
  }
}

function press(k, src) {
  if (keys[k].held.size === 0) latch(k, MIN_PRESS_MS);
  keys[k].held.add(src);
  showKeys();
}

function release(k, src) {
  keys[k].held.delete(src);
  showKeys();
}

function levelsAt(now) {
  let levels = 0;
  for (let k = 0; k < 4; k++) {
    const s = keys[k];
    let down = s.held.size > 0;
    if (s.latchMs > 0) {
      if (s.seenAt < 0) s.seenAt = now;
      if (now - s.seenAt < s.latchMs) down = true;
      else s.latchMs = 0;
    }
    if (!down && s.latchMs === 0 && s.pending > 0) {
      if (s.upAt < 0) s.upAt = now;
      else if (now - s.upAt >= TAP_GAP_MS) {
        s.pending--;
        s.upAt = -1;
        s.latchMs = MIN_PRESS_MS;
        s.seenAt = now;
        down = true;
      }
    }
    if (down) levels |= 1 << k;
  }
  return levels;
}

function showKeys() {
  for (const el of buttonEls) el.classList.toggle("down", keys[+el.dataset.key].held.size > 0);
}

for (const el of buttonEls) {
  const k = +el.dataset.key;
  const up = (e) => {
    release(k, "p" + e.pointerId);
  };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    press(k, "p" + e.pointerId);
  });
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
}
const keyPad = $("keys");
keyPad.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a hold, not a menu
keyPad.addEventListener("touchstart", (e) => e.preventDefault(), { passive: false }); // no scroll, no zoom
keyPad.addEventListener("dblclick", (e) => e.preventDefault());

function keyOf(e) {
  if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return undefined;
  if (e.altKey || e.ctrlKey || e.metaKey) return undefined;
  return KEYMAP[e.key];
}

window.addEventListener("keydown", (e) => {
  const k = keyOf(e);
  if (k === undefined) return;
  e.preventDefault();
  if (e.repeat) return; // the OS's auto-repeat: the key is simply still held
  if (k === 3 && geo && geo.keys < 4) {
    // Three-button board: BACK is a long OK, as on the device.
    latch(2, LONG_OK_MS);
    return;
  }
  press(k, "k" + e.code);
});
window.addEventListener("keyup", (e) => {
  const k = keyOf(e);
  if (k !== undefined) release(k, "k" + e.code);
});
window.addEventListener("blur", () => {
  for (const s of keys) s.held.clear(); // a key released while the page had no focus
  showKeys();
});

// -- the panel ----------------------------------------------------------------------
const host = {
  random_byte() {
    if (host._i >= host._pool.length) {
      crypto.getRandomValues(host._pool);
      host._i = 0;
    }
    return host._pool[host._i++];
  },
  panel(level, on) {
    api.panel = { level, on: !!on };
    // The OLED's contrast as brightness; grey when the saver dims it (contrast 1, as
    // simcore.DIM_LEVEL), a dark panel when the saver turns it off.
    const b = on ? 0.5 + 0.5 * Math.sqrt(level / 255) : 0;
    const grey = on && level <= 1 ? " grayscale(1)" : "";
    screen.style.filter = b >= 1 ? "" : "brightness(" + b.toFixed(3) + ")" + grey;
    if (!on) say("saver");
    else if (said && said[0] === "saver") say(null);
  },
  _pool: new Uint8Array(256),
  _i: 256,
};

function copyFrame() {
  const M = mp._module;
  const n = fb.length;
  const a = geo.addr;
  if (a & 3) {
    for (let i = 0; i < n; i++) fb[i] = M.getValue(a + i, "i8") & 255;
  } else {
    for (let i = 0; i < n; i += 4) {
      const v = M.getValue(a + i, "i32");
      fb[i] = v & 255;
      fb[i + 1] = (v >>> 8) & 255;
      fb[i + 2] = (v >>> 16) & 255;
      fb[i + 3] = v >>> 24;
    }
  }
}

function draw() {
  const { w, h } = geo;
  const px = image.data;
  for (let y = 0; y < h; y++) {
    const row = (y >> 3) * w;
    const bit = y & 7;
    for (let x = 0; x < w; x++) {
      const c = (fb[row + x] >> bit) & 1 ? OLED_ON : OLED_OFF;
      const o = (y * w + x) * 4;
      px[o] = c[0];
      px[o + 1] = c[1];
      px[o + 2] = c[2];
      px[o + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  if (api.firstFrameMs === null) api.firstFrameMs = performance.now();
}

function hex(bytes) {
  let s = "";
  for (const b of bytes) s += (b < 16 ? "0" : "") + b.toString(16);
  return s;
}

// One App.step; the framebuffer is copied out only when some page changed.
function step(now, levels) {
  const mask = glue.step(now & TICK_MASK, levels);
  if (mask & 0xff) {
    copyFrame();
    draw();
  }
  if (mask & 0x100) {
    persist();
    if (glue.lang() !== LANG) speak(glue.lang()); // the setting may have changed
  }
  return mask;
}

function frame(ts) {
  if (stopped) return;
  try {
    step(Math.floor(ts), levelsAt(ts));
  } catch (e) {
    stopped = true;
    console.error("Wyrm stopped:", e);
    say("stopped", e.message.split("\n").slice(-2).join(" "));
    return;
  }
  requestAnimationFrame(frame);
}

// -- tests and benchmark: a 10 ms timeline like the simulator's ------------------------
api.runSteps = (levelsList, start, stepMs) => {
  const frames = [];
  let t = start;
  for (let i = 0; i < levelsList.length; i++) {
    if (step(t, levelsList[i]) & 0xff) frames.push([i * stepMs, hex(fb)]);
    t = (t + stepMs) & TICK_MASK;
  }
  return frames;
};
api.frameHex = () => hex(fb);
// Benchmark: `samples` timings (ms per step, each the mean of `batch` steps) of idle
// steps or of steps that redraw the whole screen (force_redraw is inside the timing).
api.timeSteps = (samples, batch, redraw, start) => {
  const times = [];
  let t = start;
  for (let i = 0; i < samples; i++) {
    const a = performance.now();
    for (let j = 0; j < batch; j++) {
      if (redraw) glue.force_redraw();
      step(t, 0);
      t = (t + 10) & TICK_MASK;
    }
    times.push((performance.now() - a) / batch);
  }
  return times;
};

// -- boot ---------------------------------------------------------------------------
function boardText(n, display) {
  return word("buttons", n) + ", " + display;
}

function boardChoice(profiles, current) {
  const sel = $("board");
  for (const [name, prof] of profiles) {
    const d = prof.display || {};
    const opt = document.createElement("option");
    opt.value = name;
    opt.dataset.n = prof.buttons && prof.buttons.BACK ? 4 : 3;
    opt.dataset.d = `${d.width}x${d.height} ${(d.controller || "").toUpperCase()}`;
    opt.textContent = boardText(opt.dataset.n, opt.dataset.d);
    opt.selected = name === current;
    sel.appendChild(opt);
  }
  sel.addEventListener("change", () => {
    localStorage.setItem(BOARD_KEY, sel.value);
    restart();
  });
}

// The offline copy (sw.js). A newer build, once downloaded, waits until the player taps
// "Update" (the game is saved after every change, so the reload loses nothing).
function offline() {
  const sw = navigator.serviceWorker;
  let reg = null;
  // Offer the update whenever a new build is waiting. Called on every event that may mean
  // one (a found update, a worker's state change, a finished look) rather than trusting
  // one event to arrive while the page's own thread is busy stepping the firmware.
  const offerIfWaiting = () => {
    if (!reg || !reg.waiting || !sw.controller) return;
    const btn = $("update");
    btn.hidden = false;
    btn.onclick = () => {
      sw.addEventListener("controllerchange", restart);
      if (reg.waiting) reg.waiting.postMessage("update");
    };
  };
  const watch = (w) => w && w.addEventListener("statechange", offerIfWaiting);
  // Look for a newer build now; settles once the look (and any offer) is done.
  api.lookForUpdate = () =>
    reg && navigator.onLine ? reg.update().catch(() => {}).then(offerIfWaiting) : Promise.resolve();
  api.offline = sw
    .register("sw.js")
    .then((r) => {
      reg = r;
      watch(reg.installing); // the update the navigation started may be under way already
      reg.addEventListener("updatefound", () => {
        watch(reg.installing);
        offerIfWaiting();
      });
      sw.addEventListener("controllerchange", offerIfWaiting);
      offerIfWaiting();
      return api.lookForUpdate();
    })
    .catch((e) => console.warn("Wyrm: no offline copy:", e.message));
}

async function boot() {
  const [bundle, loaded] = await Promise.all([
    fetch("firmware.bin").then((r) => {
      if (!r.ok) throw new Error("firmware.bin: HTTP " + r.status);
      return r.arrayBuffer();
    }),
    loadMicroPython({
      heapsize: 1024 * 1024,
      stdout: (line) => api.log.push(line),
      stderr: (line) => api.log.push(line),
    }),
  ]);
  mp = loaded;
  const FS = mp.FS;
  const profiles = [];
  for (const [name, data] of unpack(bundle)) {
    const path = "/flash/" + name;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
    const m = /^boards\/(.+)\.json$/.exec(name);
    if (m) profiles.push([m[1], JSON.parse(new TextDecoder().decode(data))]);
  }
  FS.mkdirTree("/state");
  for (const [name, data] of Object.entries(readSaved())) {
    if (NAME_OK.test(name)) FS.writeFile("/state/" + name, fromB64(data));
  }
  let board = params.get("board") || localStorage.getItem(BOARD_KEY) || DEFAULT_BOARD;
  if (!profiles.some(([n]) => n === board)) board = DEFAULT_BOARD;
  boardChoice(profiles, board);
  mp.registerJsModule("wyrm_host", host);
  mp.runPython("import sys, os\nsys.path.insert(0, '/flash')\nos.chdir('/flash')\ndel sys, os");
  glue = mp.pyimport("webmain");
  const [w, h, nkeys, addr] = glue.boot("boards/" + board + ".json", SEED).split(" ").map(Number);
  geo = { w, h, keys: nkeys, addr };
  fb = new Uint8Array((w * h) >> 3);
  screen.width = w;
  screen.height = h;
  image = ctx.createImageData(w, h);
  keyPad.classList.toggle("three", nkeys < 4);
  say(null);
  speak(glue.lang()); // the language of the settings the app has read
  if (!MANUAL) requestAnimationFrame(frame);
  if ("serviceWorker" in navigator && !params.has("nosw")) offline();
  return { w, h, keys: nkeys, board };
}

$("export").addEventListener("click", exportSaves);
$("import").addEventListener("change", (e) => {
  if (e.target.files.length) importSaves(e.target.files[0]);
});
$("fresh").addEventListener("click", () => {
  if (!confirm(word("freshAsk"))) return;
  stopped = true;
  localStorage.removeItem(STATE_KEY);
  restart();
});

speak(savedLang(readSaved()));
say("starting");
api.ready = boot().catch((e) => {
  stopped = true;
  console.error("Wyrm could not start:", e);
  say("noStart", e.message || e);
  throw e;
});
