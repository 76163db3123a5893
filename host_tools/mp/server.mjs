// JSON-lines server around one real MicroPython interpreter (used by host_tools/mp/runner.py).
//
//   node host_tools/mp/server.mjs [--firmware DIR | --no-firmware] [--heapsize BYTES] [--no-guard]
//
// Reads one JSON request per line on stdin, writes one JSON reply per line on stdout:
//   {"op":"ping"}                              -> {"ok":true}
//   {"op":"exec","code":"..."}                 -> {"ok":true,"stdout":"..."}
//                                              |  {"ok":false,"stdout":"...","error":"Traceback...","exc_type":"ValueError"}
//   {"op":"write","path":"/flash/x","data_b64":"..."} -> {"ok":true}   (parent folders are created)
//   {"op":"read","path":"..."}                 -> {"ok":true,"data_b64":"..."|null}  (null: missing)
//   {"op":"listdir","path":"..."}              -> {"ok":true,"names":[...]|null}     (null: missing)
//   {"op":"remove","path":"..."}               -> {"ok":true,"removed":bool}         (files or whole folders)
// A bad request or file-system error answers {"ok":false,"error":...}. A fatal
// error (emscripten abort, bug in this script) answers {"ok":false,"fatal":true,...}
// and ends the process with status 2: the interpreter cannot be trusted after it.

import readline from "node:readline";
import { bootMicroPython, FLASH } from "./runtime.mjs";

// Only protocol replies may reach stdout: send any stray console.log to stderr.
console.log = (...args) => console.error(...args);

function parseArgs(argv) {
  const opts = { guard: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--firmware") opts.firmwareDir = argv[++i];
    else if (a === "--heapsize") opts.heapsize = parseInt(argv[++i], 10);
    else if (a === "--no-guard") opts.guard = false;
    else if (a === "--no-firmware") opts.firmwareDir = null; // empty /flash
    else throw new Error(`unknown argument: ${a}`);
  }
  return opts;
}

function reply(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

function die(err) {
  const text = err && err.stack ? err.stack : String(err);
  reply({ ok: false, fatal: true, error: text });
  process.stderr.write(`mp server: fatal: ${text}\n`);
  process.exit(2);
}
process.on("uncaughtException", die);
process.on("unhandledRejection", die);

function isDir(FS, p) {
  return FS.isDir(FS.stat(p).mode);
}

function exists(FS, p) {
  return FS.analyzePath(p).exists;
}

function removeTree(FS, p) {
  if (isDir(FS, p)) {
    for (const name of FS.readdir(p)) {
      if (name !== "." && name !== "..") removeTree(FS, p + "/" + name);
    }
    FS.rmdir(p);
  } else {
    FS.unlink(p);
  }
}

function handle(rt, req) {
  const FS = rt.mp.FS;
  switch (req.op) {
    case "ping":
      return { ok: true };
    case "exec": {
      if (typeof req.code !== "string") return { ok: false, error: "exec needs a 'code' string" };
      const r = rt.exec(req.code);
      return r.ok ? { ok: true, stdout: r.stdout } : { ok: false, stdout: r.stdout, error: r.error, exc_type: r.excType };
    }
    case "write": {
      const dir = req.path.replace(/\/[^/]*$/, "") || "/";
      FS.mkdirTree(dir);
      FS.writeFile(req.path, Buffer.from(req.data_b64, "base64"));
      return { ok: true };
    }
    case "read":
      if (!exists(FS, req.path)) return { ok: true, data_b64: null };
      if (isDir(FS, req.path)) return { ok: false, error: `is a folder: ${req.path}` };
      return { ok: true, data_b64: Buffer.from(FS.readFile(req.path)).toString("base64") };
    case "listdir":
      if (!exists(FS, req.path)) return { ok: true, names: null };
      if (!isDir(FS, req.path)) return { ok: false, error: `not a folder: ${req.path}` };
      return { ok: true, names: FS.readdir(req.path).filter((n) => n !== "." && n !== "..").sort() };
    case "remove":
      if (!exists(FS, req.path)) return { ok: true, removed: false };
      removeTree(FS, req.path);
      return { ok: true, removed: true };
    default:
      return { ok: false, error: `unknown op: ${JSON.stringify(req.op)}` };
  }
}

const rt = await bootMicroPython(parseArgs(process.argv.slice(2)));
reply({ ok: true, ready: true, flash: FLASH });

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    reply({ ok: false, error: `bad JSON request: ${e.message}` });
    continue;
  }
  let res;
  try {
    res = handle(rt, req);
  } catch (e) {
    if (e && e.name === "ErrnoError") {
      // Emscripten file-system error (bad path etc.): the interpreter is fine.
      res = { ok: false, error: `file-system error ${e.errno} on ${JSON.stringify(req.path)}` };
    } else {
      die(e);
    }
  }
  reply(res);
}
