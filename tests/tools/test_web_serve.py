"""``make web-serve``'s static server (no browser needed)."""
import os
import urllib.request
from email.utils import formatdate

from host_tools.web import serve


def _get(url, since=None):
    req = urllib.request.Request(url)
    if since is not None:
        req.add_header("If-Modified-Since", formatdate(since, usegmt=True))
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, r.read(), r.headers
    except urllib.error.HTTPError as e:  # a 304 arrives as an "error"
        return e.code, b"", e.headers


def test_a_file_rewritten_within_the_same_second_is_served_new(tmp_path):
    """A rebuild right after a fetch must reach the browser (a stale sw.js hides the update)."""
    path = tmp_path / "sw.js"
    path.write_text("const CACHE = 'wyrm-one';")
    srv, url = serve.start(str(tmp_path))
    try:
        status, body, _h = _get(url + "sw.js")
        assert (status, body) == (200, b"const CACHE = 'wyrm-one';")
        stamp = os.stat(path).st_mtime
        path.write_text("const CACHE = 'wyrm-two';")
        os.utime(path, (stamp, stamp))  # same second as the first build
        status, body, _h = _get(url + "sw.js", since=stamp + 0.5)
        assert (status, body) == (200, b"const CACHE = 'wyrm-two';")
    finally:
        serve.stop(srv)


def test_types_for_webassembly_and_modules_and_no_stale_cache(tmp_path):
    (tmp_path / "micropython.wasm").write_bytes(b"\0asm")
    (tmp_path / "micropython.mjs").write_text("export default 1;")
    srv, url = serve.start(str(tmp_path))
    try:
        _s, _b, h = _get(url + "micropython.wasm")
        assert h["Content-Type"] == "application/wasm"
        assert h["Cache-Control"] == "no-cache"
        _s, _b, h = _get(url + "micropython.mjs")
        assert h["Content-Type"] == "text/javascript"
    finally:
        serve.stop(srv)
