// Wyrm's emulated Pico: the real MicroPython rp2 firmware on rp2040js, driven over JSON lines.
//
// host_tools/emu/pico.py starts `node host_tools/emu/rp2040.mjs` and talks to it: one JSON object a line on
// stdin (a command), one JSON object a line on stdout (its answer). Emulated time is exact (125 MHz,
// 8 ns a cycle) and only moves inside a `run` command, so the Python side decides when every edge
// happens. See docs/PICO.md for the API built on top of this.
//
// What is modelled (facts from ../shared/pico/README.md):
// - flash erase/program: the bootrom's flash functions are patched to BKPT stubs and done here, on
//   mcu.flash, with an optional record of the filesystem before / half-way through each operation;
// - USB CDC: the OUT request is held until the host has data (as a host NAKs);
// - I2C: a panel (SSD1306 or SH1106, 128 or 132 RAM columns) at the profile's address on the
//   profile's bus, bus-timed from the programmed SCL periods; other addresses NACK;
// - GPIO: every pin the host drives is an input level (buttons, the probe pin, the I2C pull-ups).
// - power (see `Power` below): clk_sys follows the clock registers (a cycle lasts 1/clk_sys), VSYS/3
//   on ADC3 and VBUS sense on GP24 are inputs the host sets, and emulated time is split into running,
//   waiting (WFI/WFE) and deep sleep (WFI with SCR.SLEEPDEEP, as machine.lightsleep) per clk_sys.
import fs from 'fs';
import readline from 'readline';
import { Simulator, USBCDC, I2CMode, ConsoleLogger, LogLevel } from 'rp2040js';

const CYCLE_NS = 8; // clk_sys 125 MHz
const FLASH_SIZE = 2 * 1024 * 1024;

// ---------------- panel model ----------------
const ARGS = {
  0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1,
  0xad: 1, 0xa3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5,
};

class Panel {
  // controller 'ssd1306' (128 RAM columns) or 'sh1106' (132, page addressing only); colOffset: the
  // RAM column of the glass's left pixel in the normal orientation (segment remap A1).
  constructor(controller, width, height, colOffset) {
    this.sh1106 = controller === 'sh1106';
    this.cols = this.sh1106 ? 132 : 128;
    this.width = width; this.height = height; this.colOffset = colOffset;
    this.gram = new Uint8Array(8 * this.cols);
    this.mode = 2; this.page = 0; this.col = 0;
    this.colStart = 0; this.colEnd = this.cols - 1; this.pageStart = 0; this.pageEnd = 7;
    this.on = false; this.contrast = 0x7f; this.invert = false; this.entireOn = false;
    this.segRemap = false; this.comRev = false; this.startLine = 0; this.mux = 63;
    this.unknown = [];
    this.pend = []; this.need = 0;
  }
  command(b) {
    if (this.need > 0) {
      this.pend.push(b);
      if (--this.need === 0) this.exec(this.pend);
      return;
    }
    const n = ARGS[b] ?? 0;
    if (n) { this.pend = [b]; this.need = n; return; }
    this.exec([b]);
  }
  exec(c) {
    const b = c[0];
    if (b <= 0x0f) this.col = (this.col & 0xf0) | b;
    else if (b <= 0x1f) this.col = (this.col & 0x0f) | ((b & 0x0f) << 4);
    else if (b === 0x20 && !this.sh1106) this.mode = c[1] & 3;
    else if (b === 0x21 && !this.sh1106) { this.colStart = c[1] & 127; this.colEnd = c[2] & 127; this.col = this.colStart; }
    else if (b === 0x22 && !this.sh1106) { this.pageStart = c[1] & 7; this.pageEnd = c[2] & 7; this.page = this.pageStart; }
    else if (b >= 0x40 && b <= 0x7f) this.startLine = b & 63;
    else if (b === 0x81) this.contrast = c[1];
    else if (b === 0xa0 || b === 0xa1) this.segRemap = b === 0xa1;
    else if (b === 0xa4 || b === 0xa5) this.entireOn = b === 0xa5;
    else if (b === 0xa6 || b === 0xa7) this.invert = b === 0xa7;
    else if (b === 0xa8) this.mux = c[1] & 63;
    else if (b === 0xae || b === 0xaf) this.on = b === 0xaf;
    else if (b >= 0xb0 && b <= 0xb7) this.page = b & 7;
    else if (b === 0xc0 || b === 0xc8) this.comRev = b === 0xc8;
    else if (b === 0x2e || b === 0x2f || ARGS[b] !== undefined) { /* scroll, clocks, pumps, pins: no image effect */ }
    else this.unknown.push(b);
  }
  data(d) {
    if (this.col < this.cols) this.gram[this.page * this.cols + this.col] = d;
    if (this.sh1106 || this.mode === 2) { // page mode: the column advances, the page stays
      if (this.sh1106) this.col = Math.min(this.col + 1, this.cols); // SH1106: stops at the end
      else this.col = this.col >= this.colEnd ? this.colStart : this.col + 1;
    } else if (this.mode === 0) {
      if (this.col >= this.colEnd) { this.col = this.colStart; this.page = this.page >= this.pageEnd ? this.pageStart : this.page + 1; }
      else this.col++;
    } else {
      if (this.page >= this.pageEnd) { this.page = this.pageStart; this.col = this.col >= this.colEnd ? this.colStart : this.col + 1; }
      else this.page++;
    }
  }
  write(bytes) { // one I2C write (the bytes after the address)
    let i = 0;
    while (i < bytes.length) {
      const ctl = bytes[i++];
      const isData = (ctl & 0x40) !== 0;
      if (ctl & 0x80) { if (i < bytes.length) { const v = bytes[i++]; isData ? this.data(v) : this.command(v); } }
      else { for (; i < bytes.length; i++) isData ? this.data(bytes[i]) : this.command(bytes[i]); }
    }
  }
  // What the glass shows, as MONO_VLSB bytes (the app's FrameBuffer layout), width x height.
  image() {
    const w = this.width, h = this.height;
    const out = new Uint8Array(w * h / 8);
    if (!this.on) return out;
    for (let y = 0; y < h; y++) {
      const row = ((this.comRev ? y : this.mux - y) + this.startLine) & 63;
      for (let x = 0; x < w; x++) {
        const gx = this.segRemap ? this.colOffset + x : this.cols - 1 - this.colOffset - x;
        let v = (this.gram[(row >> 3) * this.cols + gx] >> (row & 7)) & 1;
        if (this.entireOn) v = 1;
        if (this.invert) v ^= 1;
        if (v) out[(y >> 3) * w + x] |= 1 << (y & 7);
      }
    }
    return out;
  }
}

// ---------------- power: clocks, sleep, VSYS and VBUS ----------------
// rp2040js computes clk_sys from the PLL and CLOCKS registers (mcu.clkSys); here a cycle lasts
// 1/clk_sys, so code runs slower at a lower clock. It does not model SCB.SCR (SLEEPDEEP) or the
// CLOCKS SLEEP_EN registers: they are kept here, so a WFI with SLEEPDEEP set counts as deep sleep
// and SLEEP_EN gating some clocks (what machine.lightsleep does: clk_sys on the 12 MHz crystal, PLLs off).
// Not modelled: the gating itself (every interrupt still reaches the core, as a GPIO edge does on
// the chip when a Pin.irq handler is set), PLL lock and crystal start-up times (0 here), ROSC.
// A WFI/WFE with PRIMASK set ends on a pending interrupt without taking it, also one that was
// pending before it (as on the Cortex-M0+).
const SCR = 0xd10, SLEEP_EN0 = 0xa8, SLEEP_EN1 = 0xac, SLEEPDEEP = 4; // SCB.SCR; CLOCKS SLEEP_EN0/1
const VBUS_PIN = 24, VSYS_ADC = 3;

class Power {
  constructor(mcu, vsys, vbus) {
    this.mcu = mcu;
    this.scr = 0; this.sleepEn = [0xffffffff, 0xffffffff];
    // Until the firmware first runs clk_sys from a PLL (pico-sdk's clocks_init, in the first ms) a
    // cycle lasts 8 ns, as this harness always counted: the boot figures stay comparable.
    this.cycleNs = CYCLE_NS;
    this.following = false;
    // The running time at the present clk_sys is summed in runAcc (run[runMhz]'s value, in the same
    // order of additions), not in the object per instruction: it is written back at a clock change
    // and before any read.
    this.runMhz = Math.round(mcu.clkSys / 1e6); this.runAcc = 0;
    mcu.addClockListener((hz) => {
      this.flushRun();
      this.runMhz = Math.round(hz / 1e6); this.runAcc = this.run[this.runMhz] ?? 0;
      if (hz >= 100e6) this.following = true;
      if (this.following) this.cycleNs = 1e9 / hz;
    });
    const ppb = mcu.ppb, pr = ppb.readUint32.bind(ppb), pw = ppb.writeUint32.bind(ppb);
    ppb.readUint32 = (off) => (off === SCR ? this.scr : pr(off));
    ppb.writeUint32 = (off, v) => { if (off === SCR) this.scr = v >>> 0; else pw(off, v); };
    const ck = mcu.clocks, cr = ck.readUint32.bind(ck), cw = ck.writeUint32.bind(ck);
    ck.readUint32 = (off) => (off === SLEEP_EN0 || off === SLEEP_EN1 ? this.sleepEn[(off - SLEEP_EN0) >> 2] : cr(off));
    ck.writeUint32 = (off, v) => { if (off === SLEEP_EN0 || off === SLEEP_EN1) this.sleepEn[(off - SLEEP_EN0) >> 2] = v >>> 0; else cw(off, v); };
    // ARM: with PRIMASK set, a pending interrupt ends WFI/WFE but is taken only once PRIMASK clears
    // (rp2040js would take it at once; machine.lightsleep sleeps with interrupts off)
    const core = mcu.core, check = core.checkForInterrupts.bind(core);
    core.checkForInterrupts = () => {
      if (core.waiting && core.PM) {
        if (core.pendingInterrupts & core.enabledInterrupts) core.waiting = false;
        return false;
      }
      return check();
    };
    this.reset();
    this.setSupply(vsys, vbus);
  }
  reset() { this.run = {}; this.runAcc = 0; this.wait = {}; this.deepNs = 0; this.deepEntries = 0; this.inDeep = false; }
  flushRun() { if (this.runAcc !== 0) this.run[this.runMhz] = this.runAcc; }
  // SLEEP state: WFI/WFE with SLEEPDEEP set and some clocks gated by SLEEP_EN (MicroPython leaves
  // SLEEPDEEP set after lightsleep but turns every SLEEP_EN bit back on: that is plain waiting)
  get deep() { return (this.scr & SLEEPDEEP) !== 0 && ((this.sleepEn[0] & this.sleepEn[1]) >>> 0) !== 0xffffffff; }
  enterDeep() { this.inDeep = true; this.deepEntries++; }
  waited(ns) {
    if (this.deep) {
      if (!this.inDeep) this.enterDeep();
      this.deepNs += ns;
      return;
    }
    const mhz = Math.round(this.mcu.clkSys / 1e6);
    this.wait[mhz] = (this.wait[mhz] ?? 0) + ns;
  }
  // VSYS in volts (the Pico's divider gives VSYS/3 on ADC3, 3.3 V reference), VBUS present or not
  setSupply(vsys, vbus) {
    if (vsys !== undefined && vsys !== null) {
      this.vsys = vsys;
      this.mcu.adc.channelValues[VSYS_ADC] = Math.max(0, Math.min(4095, Math.round(vsys / 3 / 3.3 * 4095)));
    }
    if (vbus !== undefined && vbus !== null) { this.vbus = !!vbus; this.mcu.gpio[VBUS_PIN].setInputValue(this.vbus); }
  }
  stats() {
    this.flushRun();
    return { run_ns: this.run, wait_ns: this.wait, deep_ns: this.deepNs, deep_entries: this.deepEntries,
      clk_sys_hz: this.mcu.clkSys, deep: this.deep, vsys: this.vsys, vbus: this.vbus };
  }
}

// ---------------- the machine ----------------
function loadFlash(fw, fsImage, fsBase) {
  const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
  const u = fs.readFileSync(fw);
  if (fw.endsWith('.uf2')) {
    for (let o = 0; o + 512 <= u.length; o += 512) {
      const addr = u.readUInt32LE(o + 12), n = u.readUInt32LE(o + 16);
      if (addr >= 0x10000000 && addr < 0x10000000 + FLASH_SIZE) flash.set(u.subarray(o + 32, o + 32 + n), addr - 0x10000000);
    }
  } else flash.set(u.subarray(0, FLASH_SIZE), 0);
  if (fsImage) flash.set(fs.readFileSync(fsImage), fsBase);
  return flash;
}

class Machine {
  constructor(o) {
    this.fsBase = o.fs_base;
    this.sim = new Simulator();
    const mcu = this.mcu = this.sim.rp2040;
    const rom = new Uint32Array(new Uint8Array(fs.readFileSync(o.bootrom)).buffer);
    const patch16 = (addr, hws) => hws.forEach((hw, i) => {
      const a = addr + 2 * i, w = a >> 2;
      rom[w] = a & 2 ? (rom[w] & 0xffff) | (hw << 16) : (rom[w] & 0xffff0000) | hw;
    });
    patch16(0x237c, [0xbe01, 0x4770]); // flash_range_erase -> bkpt #1; bx lr
    patch16(0x23c4, [0xbe02, 0x4770]); // flash_range_program -> bkpt #2; bx lr
    for (const a of [0x24a0, 0x23f4, 0x2360, 0x2330]) patch16(a, [0x4770]); // connect/exit XIP/flush/enter XIP
    mcu.loadBootrom(rom);
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.flash.set(o.flash ? fs.readFileSync(o.flash).subarray(0, FLASH_SIZE) : loadFlash(o.fw, o.fs, this.fsBase), 0);

    this.flashOps = []; // {kind, addr, len, t}
    this.record = null; // {dir, torn}: write the filesystem before (and half-way through) each op
    this.cutAt = -1; // stop the run before flash op n (a power cut)
    this.cut = false;
    mcu.onBreak = (code) => {
      const r = mcu.core.registers;
      if (code !== 1 && code !== 2) throw new Error('unexpected BKPT ' + code + ' at PC ' + mcu.core.PC.toString(16));
      const op = { kind: code === 1 ? 'erase' : 'program', addr: r[0], len: code === 1 ? r[1] : r[2], t: mcu.clock.nanos };
      const idx = this.flashOps.length;
      if (this.record) this.recordOp(op, idx, r[1]);
      this.flashOps.push(op);
      if (idx === this.cutAt) { this.cut = true; this.stopNow = true; return; }
      if (code === 1) mcu.flash.fill(0xff, r[0], r[0] + r[1]);
      else for (let i = 0; i < r[2]; i++) mcu.flash[r[0] + i] &= mcu.readUint8(r[1] + i);
    };

    this.console = '';
    this.connected = false;
    this.cdc = new USBCDC(mcu.usbCtrl);
    this.cdc.onDeviceConnected = () => { this.connected = true; };
    this.cdc.onSerialData = (buf) => { this.console += Buffer.from(buf).toString('latin1'); };
    const usb = mcu.usbCtrl;
    this.heldOut = null;
    const origRead = this.origRead = usb.onEndpointRead;
    usb.onEndpointRead = (ep, size) => {
      if (ep === this.cdc.outEndpoint && this.cdc.txFIFO.itemCount === 0) { this.heldOut = [ep, size]; return; }
      origRead.call(usb, ep, size);
    };

    // the panel on the profile's bus
    const p = o.panel;
    this.panel = new Panel(p.controller, p.width, p.height, p.col_offset);
    this.panelAddr = p.addr;
    this.txns = []; // [addr, tStart, tStop, hex, ack]
    this.lastStop = 0;
    const i2c = mcu.i2c[p.bus ?? 0];
    const bitNs = () => (i2c.sclHighPeriod + i2c.sclLowPeriod) * this.power.cycleNs; // ic_clk = clk_sys
    // the bus's next step and the transaction under way are fields, so a snapshot holds them
    this.i2cNext = null; this.i2cCur = null;
    const alarm = mcu.clock.createAlarm(() => { const f = this.i2cNext; this.i2cNext = null; f?.(); });
    const after = (ns, f) => { this.i2cNext = f; alarm.schedule(ns); };
    i2c.onStart = () => after(bitNs(), () => i2c.completeStart());
    i2c.onConnect = (addr, mode) => {
      const ack = addr === this.panelAddr && mode === I2CMode.Write;
      this.i2cCur = { addr, bytes: [], t0: mcu.clock.nanos, ack };
      after(9 * bitNs(), () => {
        i2c.completeConnect(ack);
        if (!ack) i2c.setInterrupts(1 << 4); // rp2040js: raise TX_EMPTY after an address NACK
      });
    };
    i2c.onWriteByte = (v) => { this.i2cCur?.bytes.push(v); after(9 * bitNs(), () => i2c.completeWrite(true)); };
    i2c.onReadByte = () => after(9 * bitNs(), () => i2c.completeRead(0xff));
    i2c.onStop = () => after(bitNs(), () => {
      const cur = this.i2cCur;
      if (cur) {
        const t = mcu.clock.nanos;
        this.txns.push([cur.addr, cur.t0, t, Buffer.from(cur.bytes).toString('hex'), cur.ack]);
        if (cur.ack) { this.panel.write(cur.bytes); this.lastStop = t; }
        this.i2cCur = null;
      }
      i2c.completeStop();
    });
    for (const pin of [p.sda, p.scl]) mcu.gpio[pin].setInputValue(true); // bus pull-ups
    for (const [pin, v] of Object.entries(o.pins ?? {})) mcu.gpio[+pin].setInputValue(!!v);
    mcu.core.PC = 0x10000000;
    this.instr = 0;
    this.sleepNs = 0;
    this.power = new Power(mcu, o.vsys ?? 4.7, o.vbus ?? true);
  }

  recordOp(op, idx, src) {
    const { dir, torn } = this.record;
    const mcu = this.mcu;
    const cur = mcu.flash.subarray(this.fsBase, FLASH_SIZE);
    fs.writeFileSync(`${dir}/before_${idx}.bin`, cur);
    if (torn) {
      const t = new Uint8Array(cur);
      const a = op.addr - this.fsBase;
      if (op.kind === 'erase') t.fill(0xff, a, a + (op.len >> 1));
      else for (let i = 0; i < op.len >> 1; i++) t[a + i] &= mcu.readUint8(src + i);
      fs.writeFileSync(`${dir}/torn_${idx}.bin`, t);
    }
  }

  get nanos() { return this.mcu.clock.nanos; }

  // run to absolute emulated time tEnd (ns), or until pred() (checked every 20k steps) holds
  run(tEnd, pred) {
    const mcu = this.mcu, clock = mcu.clock, core = mcu.core, pw = this.power;
    this.stopNow = false;
    if (this.cut) return false; // the power is off
    while (clock.nanos < tEnd) {
      if (pred && pred()) return true;
      if (this.stopNow) return false;
      for (let i = 0; i < 20000 && clock.nanos < tEnd && !this.stopNow; i++) {
        if (core.waiting) {
          if (core.PM && core.pendingInterrupts & core.enabledInterrupts) { core.waiting = false; continue; } // ARM: WFI ends at once
          if (pw.stopAtDeep && pw.deep && !pw.inDeep) { pw.enterDeep(); this.stopNow = true; break; }
          let n = clock.nanosToNextAlarm;
          if (n <= 0) n = pw.cycleNs;
          if (clock.nanos + n > tEnd) n = tEnd - clock.nanos;
          this.sleepNs += n;
          pw.waited(n);
          clock.tick(n);
        } else {
          const n = core.executeInstruction() * pw.cycleNs;
          this.instr++;
          pw.runAcc += n; // running time at this clk_sys
          pw.inDeep = false;
          const t = clock.nanosCounter + n, a = clock.nextAlarm; // clock.tick(n) without alarms due
          if (a !== null && a.nanos <= t) clock.tick(n); else clock.nanosCounter = t;
        }
      }
    }
    return pred ? !!pred() : true;
  }

  send(buf) { // host -> device over USB CDC, never overflowing rp2040js's 512-byte FIFO
    const fifo = this.cdc.txFIFO;
    let i = 0;
    while (i < buf.length) {
      const n = Math.min(buf.length - i, 512 - fifo.itemCount);
      for (let k = 0; k < n; k++) this.cdc.sendSerialByte(buf[i + k]);
      i += n;
      if (this.heldOut) { const [ep, size] = this.heldOut; this.heldOut = null; this.origRead.call(this.mcu.usbCtrl, ep, size); }
      if (i < buf.length && !this.run(this.nanos + 20e9, () => fifo.itemCount < 256)) throw new Error('USB host FIFO does not drain');
    }
  }
}

// ---------------- snapshot: the whole machine as it was, restored in place ----------------
// `snapshot` records every object reachable from the machine (the RP2040 and its peripherals, the
// core, the clock and its alarms, SRAM and flash, the USB host, the panel, the records kept here):
// each object's own properties, each array's items, each Map's and Set's entries, each typed
// array's bytes. `restore` puts all of them back into the same objects, so the callbacks the
// peripherals hold (closures over `this`) keep working, and the machine goes on exactly as it
// did from the snapshot: emulated time is deterministic, so a restored Pico and a fresh one
// given the same inputs do the same (tests/device/test_pico_boot.py checks it byte for byte).
function snapshot(root) {
  const saved = new Map();
  const todo = [root];
  const visit = (v) => { if (v !== null && typeof v === 'object' && !saved.has(v)) todo.push(v); };
  while (todo.length) {
    const o = todo.pop();
    if (saved.has(o)) continue;
    if (ArrayBuffer.isView(o)) {
      saved.set(o, { bytes: new Uint8Array(o.buffer, o.byteOffset, o.byteLength).slice() });
    } else if (o instanceof ArrayBuffer) {
      saved.set(o, { bytes: new Uint8Array(o).slice() });
    } else if (o instanceof Map) {
      const entries = [...o.entries()];
      saved.set(o, { entries });
      for (const [k, v] of entries) { visit(k); visit(v); }
    } else if (o instanceof Set) {
      const values = [...o];
      saved.set(o, { values });
      values.forEach(visit);
    } else if (Array.isArray(o)) {
      const items = o.slice();
      saved.set(o, { items });
      items.forEach(visit);
    } else {
      const props = [];
      for (const k of Object.keys(o)) { const v = o[k]; props.push(k, v); visit(v); }
      saved.set(o, { props });
    }
  }
  return saved;
}

function restore(saved) {
  for (const [o, r] of saved) {
    if (r.bytes) {
      (o instanceof ArrayBuffer ? new Uint8Array(o) : new Uint8Array(o.buffer, o.byteOffset, o.byteLength)).set(r.bytes);
    } else if (r.entries) {
      o.clear();
      for (const [k, v] of r.entries) o.set(k, v);
    } else if (r.values) {
      o.clear();
      for (const v of r.values) o.add(v);
    } else if (r.items) {
      o.length = r.items.length;
      for (let i = 0; i < r.items.length; i++) o[i] = r.items[i];
    } else {
      const p = r.props;
      if (Object.keys(o).length * 2 !== p.length) { // a property added since: gone again
        const keep = new Set();
        for (let i = 0; i < p.length; i += 2) keep.add(p[i]);
        for (const k of Object.keys(o)) if (!keep.has(k)) delete o[k];
      }
      for (let i = 0; i < p.length; i += 2) o[p[i]] = p[i + 1];
    }
  }
}

// ---------------- the JSON-lines server ----------------
let m = null;
let saved = null; // the snapshot restore returns to
const need = () => { if (!m) throw new Error('no machine: send init first'); return m; };
const state = (x) => ({
  t_ns: x.nanos, txns: x.txns.length, console: x.console.length, flash_ops: x.flashOps.length,
  connected: x.connected, cut: x.cut, last_stop_ns: x.lastStop,
});

const handlers = {
  init(c) { m = new Machine(c); return state(m); },
  // run: to t_ns (absolute) or for ms; stops early when one `until` condition holds:
  //   console: text seen in the console after offset console_from; connected: USB CDC up;
  //   quiet_ms: the panel bus silent this long (and min_ms passed); flash_ops: count reached;
//   idle_ms: the core asleep at least half of a window this long (the app waits for input)
  run(c) {
    const x = need();
    const t0 = x.nanos;
    const tEnd = c.t_ns ?? t0 + Math.round((c.ms ?? 0) * 1e6);
    const u = c.until;
    let pred;
    if (u) {
      const from = u.console_from ?? 0;
      const minEnd = t0 + (u.min_ms ?? 0) * 1e6;
      // idle_ms: a window of that length in which the core slept at least half the time
      let w0 = t0, s0 = x.sleepNs;
      const idleNs = (u.idle_ms ?? 0) * 1e6;
      const deep0 = x.power.deepEntries;
      pred = () => {
        if (u.deep_sleep && x.power.deepEntries > deep0) return true;
        if (u.clk_below_hz && x.mcu.clkSys < u.clk_below_hz) return true;
        if (idleNs && x.nanos - w0 >= idleNs) {
          if ((x.sleepNs - s0) * 2 >= x.nanos - w0 && x.nanos >= minEnd) return true;
          w0 = x.nanos; s0 = x.sleepNs;
        }
        if (u.console !== undefined && x.console.indexOf(u.console, from) >= 0) return true;
        if (u.connected && x.connected) return true;
        if (u.flash_ops !== undefined && x.flashOps.length >= u.flash_ops) return true;
        if (u.quiet_ms !== undefined && x.nanos >= minEnd && x.nanos - Math.max(x.lastStop, t0) >= u.quiet_ms * 1e6) return true;
        return false;
      };
    }
    x.power.stopAtDeep = !!(u && u.deep_sleep);
    let met;
    try { met = x.run(tEnd, pred); } finally { x.power.stopAtDeep = false; }
    if (pred && !met && !x.cut) met = pred();
    return { ...state(x), met: !!(pred && met) };
  },
  pins(c) { const x = need(); for (const [pin, v] of Object.entries(c.set)) x.mcu.gpio[+pin].setInputValue(!!v); return state(x); },
  frame() { const x = need(); const p = x.panel; return { t_ns: x.nanos, hex: Buffer.from(p.image()).toString('hex'), on: p.on, contrast: p.contrast, invert: p.invert, unknown: p.unknown }; },
  ram() { const x = need(); return { hex: Buffer.from(x.panel.gram).toString('hex'), cols: x.panel.cols }; },
  txns(c) { const x = need(); return { txns: x.txns.slice(c.since ?? 0) }; },
  console(c) { const x = need(); return { text: x.console.slice(c.since ?? 0) }; },
  send(c) { const x = need(); x.send(Buffer.from(c.data, 'latin1')); return state(x); },
  flash_ops(c) { const x = need(); return { ops: x.flashOps.slice(c.since ?? 0) }; },
  record_flash(c) { const x = need(); x.record = c.dir ? { dir: c.dir, torn: c.torn !== false } : null; return state(x); },
  cut_at(c) { const x = need(); x.cutAt = c.op; x.cut = false; return state(x); },
  save_flash(c) { const x = need(); fs.writeFileSync(c.path, c.fs_only ? x.mcu.flash.subarray(x.fsBase, FLASH_SIZE) : x.mcu.flash); return state(x); },
  stats() { const x = need(); return { ...state(x), instr: x.instr, sleep_ns: x.sleepNs }; },
  // power: set VSYS (volts) and/or VBUS (bool); reset: start a new time split; returns the split
  power(c) {
    const x = need();
    x.power.setSupply(c.vsys, c.vbus);
    if (c.reset) x.power.reset();
    return { ...state(x), ...x.power.stats() };
  },
  // snapshot: remember the whole machine now; restore: back to that moment (see `snapshot`)
  snapshot() { const x = need(); saved = snapshot(x); return state(x); },
  restore() {
    const x = need();
    if (!saved) throw new Error('no snapshot: send snapshot first');
    restore(saved);
    return state(x);
  },
  quit() { setImmediate(() => process.exit(0)); return {}; },
};

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let reply;
  try {
    const c = JSON.parse(line);
    const h = handlers[c.cmd];
    if (!h) throw new Error('unknown command ' + c.cmd);
    reply = { ok: true, ...h(c) };
  } catch (e) {
    reply = { ok: false, error: String(e && e.stack || e) };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
rl.on('close', () => process.exit(0));
