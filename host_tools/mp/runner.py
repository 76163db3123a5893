"""Run code in real MicroPython (the v1.28 WebAssembly build under Node) from CPython.

    with MicroPython() as mp:
        out = mp.exec("from wyrm import rng\nprint(rng.Rng(seed=1).below(6))")

firmware/ is at /flash; imports a Pico lacks are refused (docs/TOOLS.md).
"""

import base64
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER = os.path.join(ROOT, "host_tools", "mp", "server.mjs")
FIRMWARE = os.path.join(ROOT, "firmware")
NODE_PACKAGE = os.path.join(
    ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript"
)

DEFAULT_TIMEOUT = 120.0  # seconds for one call; a hung interpreter is killed


class MicroPythonError(Exception):
    """An exception raised by the Python code inside MicroPython.

    ``str(err)`` and ``err.traceback`` hold MicroPython's traceback text;
    ``err.exc_type`` the exception class name; ``err.stdout`` what the code
    printed before it failed.
    """

    def __init__(self, traceback, exc_type=None, stdout=""):
        super().__init__(traceback)
        self.traceback = traceback
        self.exc_type = exc_type
        self.stdout = stdout


class RunnerError(RuntimeError):
    """The runner itself failed (Node missing, server crashed, timeout, bad request)."""


def check_installed():
    """Raise RunnerError with a clear fix when Node or node_modules is missing."""
    if shutil.which("node") is None:
        raise RunnerError(
            "node is not on PATH: install Node.js 20+ (then run `make test` or `npm ci`)"
        )
    if not os.path.isdir(NODE_PACKAGE):
        raise RunnerError(
            "MicroPython (npm package @micropython/micropython-webassembly-pyscript) is not "
            "installed in %s: run `make test` or `npm ci` in the repo root"
            % os.path.join(ROOT, "node_modules")
        )


class MicroPython:
    """One real MicroPython interpreter in a Node child process (a context manager).

    firmware_dir: copied to /flash (None: empty /flash). guard: refuse imports the
    Pico lacks. timeout: seconds one call may take before the process is killed.
    """

    def __init__(
        self, heapsize=1024 * 1024, firmware_dir=FIRMWARE, guard=True, timeout=DEFAULT_TIMEOUT
    ):
        self.heapsize = heapsize
        self.firmware_dir = firmware_dir
        self.guard = guard
        self.timeout = timeout
        self._proc = None
        self._alive = False
        self._lines = None
        self._stderr = None
        self.start()

    # -- process management --------------------------------------------------
    def start(self):
        check_installed()
        cmd = ["node", SERVER, "--heapsize", str(int(self.heapsize))]
        if self.firmware_dir:
            cmd += ["--firmware", os.path.abspath(self.firmware_dir)]
        else:
            cmd.append("--no-firmware")  # an empty /flash
        if not self.guard:
            cmd.append("--no-guard")
        # stderr goes to a temp file (no pipe to fill up); it is quoted on a crash.
        self._stderr = tempfile.TemporaryFile()
        self._proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            bufsize=0,
        )
        # A reader thread turns reply lines into a queue, so calls can time out.
        self._lines = queue.Queue()
        threading.Thread(
            target=self._pump, args=(self._proc.stdout, self._lines), daemon=True
        ).start()
        self._alive = True
        ready = self._reply()
        if not ready.get("ready"):
            raise RunnerError("MicroPython server did not start: %r" % ready)

    @staticmethod
    def _pump(stream, lines):
        for line in iter(stream.readline, b""):
            lines.put(line)
        lines.put(None)  # EOF: the process ended

    def close(self):
        """End the Node process (idempotent)."""
        proc, self._proc, self._alive = self._proc, None, False
        if proc is not None:
            try:
                proc.stdin.close()
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
            proc.stdout.close()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def reset(self):
        """A fresh interpreter: new process, empty globals, fresh copy of firmware/ at /flash."""
        self.close()
        self.start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- protocol ------------------------------------------------------------
    def _stderr_text(self):
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")

    def _reply(self, timeout=None):
        try:
            line = self._lines.get(timeout=timeout or self.timeout)
        except queue.Empty:
            self._alive = False
            self._proc.kill()
            raise RunnerError(
                "MicroPython did not answer within %.0f s (killed; call reset())"
                % (timeout or self.timeout)
            ) from None
        if line is None:
            self._alive = False
            self._proc.wait()
            raise RunnerError(
                "MicroPython server exited (status %s):\n%s"
                % (self._proc.returncode, self._stderr_text())
            )
        reply = json.loads(line)
        if reply.get("fatal"):
            self._alive = False
            raise RunnerError("MicroPython runner crashed:\n" + reply.get("error", ""))
        return reply

    def _call(self, req, timeout=None):
        if not self._alive:
            raise RunnerError(
                "MicroPython is not running (closed, crashed or timed out): call reset()"
            )
        self._proc.stdin.write((json.dumps(req) + "\n").encode("utf-8"))
        self._proc.stdin.flush()
        return self._reply(timeout)

    def _fs_call(self, req):
        reply = self._call(req)
        if not reply["ok"]:
            raise RunnerError("%s %s: %s" % (req["op"], req.get("path"), reply["error"]))
        return reply

    # -- public API ----------------------------------------------------------
    def exec(self, code, timeout=None):
        """Run ``code`` (one runPython call) and return what it printed.

        Raises MicroPythonError(traceback) if the code raises.
        """
        reply = self._call({"op": "exec", "code": code}, timeout)
        if reply["ok"]:
            return reply["stdout"]
        if "exc_type" not in reply:
            raise RunnerError(reply["error"])
        raise MicroPythonError(reply["error"], reply["exc_type"], reply.get("stdout", ""))

    def write_file(self, path, data):
        """Write bytes to ``path`` in MicroPython's file system (parent folders are created)."""
        self._fs_call(
            {"op": "write", "path": path, "data_b64": base64.b64encode(bytes(data)).decode("ascii")}
        )

    def read_file(self, path):
        """Bytes of the file at ``path``, or None if it does not exist."""
        data = self._fs_call({"op": "read", "path": path})["data_b64"]
        return None if data is None else base64.b64decode(data)

    def listdir(self, path):
        """Sorted names in the folder ``path``, or None if it does not exist."""
        return self._fs_call({"op": "listdir", "path": path})["names"]

    def remove(self, path):
        """Delete a file or a whole folder; True if something was removed."""
        return self._fs_call({"op": "remove", "path": path})["removed"]
