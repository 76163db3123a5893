"""``make web-serve``: serve build/web/ on http://127.0.0.1:8018/ (localhost only).

    .venv/bin/python -m host_tools.web.serve [--port N] [--dir DIR]

A plain static server with the right types for .mjs and .wasm (WebAssembly
streaming compilation needs application/wasm). The tests and the benchmark
start the same server in a thread (``start``).
"""
import argparse
import functools
import http.server
import os
import sys
import threading

from host_tools.web.build import OUT

PORT = 8018
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".bin": "application/octet-stream",
    ".webmanifest": "application/manifest+json",
    ".html": "text/html; charset=utf-8",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):
        # File times have a one-second grain: a build rewritten within the second of an
        # earlier fetch would be answered "304 Not Modified" and the browser kept the old
        # file (a new sw.js never seen). A local server can afford to send the file always.
        if "If-Modified-Since" in self.headers:
            del self.headers["If-Modified-Since"]
        return super().send_head()

    def end_headers(self):
        # The service worker keeps copies for offline use; the HTTP cache
        # must not serve a stale page after a rebuild.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if self.server.verbose:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    verbose = False


def start(directory=OUT, port=0, verbose=False):
    """Serve ``directory`` on 127.0.0.1 in a thread; returns (server, url)."""
    handler = functools.partial(Handler, directory=directory)
    srv = Server(("127.0.0.1", port), handler)
    srv.verbose = verbose
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, "http://127.0.0.1:%d/" % srv.server_address[1]


def stop(srv):
    srv.shutdown()
    srv.server_close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, default=PORT)
    ap.add_argument("--dir", default=OUT)
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        print("Nothing to serve in %s: run `make web` first." % args.dir, file=sys.stderr)
        return 1
    handler = functools.partial(Handler, directory=args.dir)
    srv = Server(("127.0.0.1", args.port), handler)
    srv.verbose = True
    print("Wyrm in the browser: open http://127.0.0.1:%d/ (Ctrl-C stops)" % args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
