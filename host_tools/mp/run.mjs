// Run one Python file (or stdin with "-") in real MicroPython, with firmware/ at /flash.
//
//   node host_tools/mp/run.mjs [--firmware DIR | --no-firmware] [--heapsize BYTES] [--no-guard] FILE.py
//
// Exit status: 0 on success, 1 on an uncaught MicroPython exception (traceback on
// stderr), the code of SystemExit(n) when the script calls sys.exit(n), 2 on a
// fatal runner error. (Node itself would exit 0 after a Python exception.)

import fs from "node:fs";
import { bootMicroPython } from "./runtime.mjs";

function fatal(err) {
  process.stderr.write(`mp run: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
}
process.on("uncaughtException", fatal);
process.on("unhandledRejection", fatal);

const opts = { guard: true, onStdout: (bytes) => process.stdout.write(bytes) };
let file = null;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--firmware") opts.firmwareDir = argv[++i];
  else if (a === "--heapsize") opts.heapsize = parseInt(argv[++i], 10);
  else if (a === "--no-guard") opts.guard = false;
  else if (a === "--no-firmware") opts.firmwareDir = null;
  else if (file === null) file = a;
  else fatal(`unexpected argument: ${a}`);
}
if (file === null) fatal("usage: run.mjs [--firmware DIR] [--heapsize N] [--no-guard] FILE.py");

const code = fs.readFileSync(file === "-" ? 0 : file, "utf8");
const rt = await bootMicroPython(opts);
const res = rt.exec(code);
if (res.ok) {
  process.exitCode = 0;
} else if (res.excType === "SystemExit") {
  // sys.exit(n) as in CPython: no argument -> 0, an int -> that status, any
  // other value -> printed, status 1. The traceback's last line is "SystemExit: <arg>".
  const last = res.error.trim().split("\n").pop();
  const arg = last.replace(/^SystemExit:?\s*/, "");
  if (arg === "" || arg === "None") process.exitCode = 0;
  else if (/^-?\d+$/.test(arg)) process.exitCode = Number(arg);
  else {
    process.stderr.write(arg + "\n");
    process.exitCode = 1;
  }
} else {
  process.stderr.write(res.error);
  process.exitCode = 1;
}
