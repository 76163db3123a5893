# Wyrm's own firmware: run by MicroPython before boot.py and main.py (frozen by manifest.py in
# place of the rp2 port's ports/rp2/modules/_boot.py, which only does the mount below).
import sys
import vfs
import rp2

# Mount the filesystem, and format the flash if it holds none (the port's own steps; the
# flash takes programs in 256-byte pages).
bdev = rp2.Flash()
try:
    fs = vfs.VfsLfs2(bdev, progsize=256)
except:  # noqa: E722 - any failure to mount means no filesystem yet
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
vfs.mount(fs, "/")

# Frozen modules before the filesystem: a wyrm/ folder or wyrm_finder.mpy that make deploy
# left on the flash under the stock MicroPython is never imported in place of the frozen
# package (the update UF2 cannot remove files).
try:
    sys.path.remove(".frozen")
except ValueError:
    pass
sys.path.insert(0, ".frozen")

del sys, vfs, bdev, fs
