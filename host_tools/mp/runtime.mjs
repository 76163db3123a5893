// Boots real MicroPython (the WebAssembly build, v1.28) for host tools and tests.
//
// bootMicroPython() loads one interpreter, copies the repo's firmware/ tree into
// its in-memory filesystem at /flash, makes /flash the cwd and the first
// sys.path entry, and installs the Pico import guard (guard.py). Only ONE
// interpreter can live in a Node process: a second loadMicroPython() shares
// emscripten globals with the first and aborts. A fresh interpreter therefore
// means a fresh process (mprun.py's reset() does exactly that).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, "..", "..");
export const DEFAULT_FIRMWARE = path.join(REPO_ROOT, "firmware");
export const FLASH = "/flash";

// Copy a host directory into the emscripten FS, skipping caches and dot files.
function copyTree(FS, hostDir, mpDir) {
  FS.mkdirTree(mpDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
    const src = path.join(hostDir, entry.name);
    const dst = mpDir + "/" + entry.name;
    if (entry.isDirectory()) {
      copyTree(FS, src, dst);
    } else if (entry.isFile() && !entry.name.endsWith(".pyc")) {
      FS.writeFile(dst, fs.readFileSync(src));
    }
  }
}

// Returns {mp, exec(code) -> {ok, stdout, error?, excType?}}.
// `onStdout(bytes)` (optional) streams output instead of capturing it.
export async function bootMicroPython({
  heapsize = 1024 * 1024,
  firmwareDir = DEFAULT_FIRMWARE,
  guard = true,
  onStdout = null,
} = {}) {
  let captured = [];
  const sink = (bytes) => {
    if (onStdout) onStdout(bytes);
    else for (const b of bytes) captured.push(b);
  };
  // linebuffer:false -> every byte reaches us, including a last line without "\n".
  const mp = await loadMicroPython({ heapsize, linebuffer: false, stdout: sink, stderr: sink });

  if (firmwareDir) {
    if (!fs.existsSync(firmwareDir)) throw new Error(`firmware dir not found: ${firmwareDir}`);
    copyTree(mp.FS, firmwareDir, FLASH);
  } else {
    mp.FS.mkdirTree(FLASH);
  }

  // One runPython per call: MicroPython reclaims garbage only between calls.
  const exec = (code) => {
    captured = [];
    try {
      mp.runPython(code);
      return { ok: true, stdout: Buffer.from(captured).toString("utf8") };
    } catch (e) {
      // PythonError = an exception raised by the Python code: a normal failure.
      // Anything else (emscripten abort, JS bug) is fatal and re-thrown.
      if (e && e.name === "PythonError") {
        return { ok: false, stdout: Buffer.from(captured).toString("utf8"), error: e.message, excType: e.type };
      }
      throw e;
    }
  };

  const setup = exec(
    `import sys, os\nsys.path.insert(0, ${JSON.stringify(FLASH)})\nos.chdir(${JSON.stringify(FLASH)})\ndel sys, os\n`,
  );
  if (!setup.ok) throw new Error("MicroPython set-up failed:\n" + setup.error);

  if (guard) {
    const allowed = JSON.parse(fs.readFileSync(path.join(HERE, "pico_modules.json"), "utf8")).modules;
    const src = fs.readFileSync(path.join(HERE, "guard.py"), "utf8");
    // Its module docstring lands in __main__.__doc__: deleted below with the function.
    const res = exec(
      `${src}\n_wyrm_install_guard(set(${JSON.stringify(allowed)}), ${JSON.stringify(FLASH)})\ndel _wyrm_install_guard, __doc__\n`,
    );
    if (!res.ok) throw new Error("Pico import guard failed to install:\n" + res.error);
  }
  return { mp, exec };
}
