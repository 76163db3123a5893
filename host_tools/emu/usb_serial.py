"""The emulated Pico's USB serial console on a pty, for the real ``mpremote``.

    with pico_serial.Bridge(dev) as port:      # e.g. /dev/pts/7
        subprocess.run(["make", "deploy", "PORT=" + port])

Leave the device alone until ``close()`` (docs/TOOLS.md).
"""
import os
import select
import threading
import time
import tty

SLICE_MS = 2  # emulated time per round while bytes flow
IDLE_SLICE_MS = 20  # ... and while nothing happens


class Bridge:
    def __init__(self, dev):
        self.dev = dev
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self.slave)
        self.to_device = 0  # bytes passed each way
        self.from_device = 0
        self.dropped = 0
        self.error = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._seen = dev.console_len  # console output before the bridge is not replayed
        self._thread.start()

    def _loop(self):
        dev = self.dev
        idle = 0
        try:
            while not self._stop.is_set():
                ready, _, _ = select.select([self.master], [], [], 0)
                data = b""
                if ready:
                    try:
                        data = os.read(self.master, 4096)
                    except OSError:  # no program has the pty open
                        data = b""
                if data:
                    self.to_device += len(data)
                    dev.send(data.decode("latin1"))
                dev.run(SLICE_MS if (data or idle < 5) else IDLE_SLICE_MS)
                n = dev.console_len
                if n > self._seen:
                    out = dev.console(self._seen).encode("latin1")
                    self._seen = n
                    self.from_device += len(out)
                    self._write(out)
                    idle = 0
                elif not data:
                    idle += 1
                    if idle > 5:
                        time.sleep(0.001)  # let the program on the other end catch up
                else:
                    idle = 0
        except Exception as exc:  # noqa: BLE001 - reported by close()
            self.error = exc

    def _write(self, out):
        """To the pty; what no program reads is dropped once its buffer is full (as the
        Pico's USB console drops output nobody reads), so the device never waits on it."""
        while out:
            try:
                n = os.write(self.master, out)
            except BlockingIOError:
                self.dropped += len(out)
                return
            out = out[n:]

    def close(self):
        """Stop the thread; the device is the caller's again. Raises what the thread hit."""
        self._stop.set()
        self._thread.join(timeout=30)
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.error is not None:
            raise self.error

    def __enter__(self):
        return self.port

    def __exit__(self, *exc):
        self.close()
