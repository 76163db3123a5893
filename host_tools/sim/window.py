"""The simulator in a pygame window: an OLED-looking panel and real key press/release.

Keys: docs/TOOLS.md.
"""
import contextlib
import io
import os
import time

from host_tools.sim import core
from host_tools.sim.live import BACK, DOWN, OK, UP, Session, brightness

BG = (18, 18, 22)
PANEL = core.OLED_OFF
HELP_FG = (150, 150, 160)
HELD_FG = (255, 210, 90)


class WindowError(RuntimeError):
    """No window could be opened (the caller falls back to the terminal)."""


def _pygame():
    with contextlib.redirect_stdout(io.StringIO()):  # no "Hello from pygame" banner
        import pygame
    return pygame


def key_map(pygame, keys):
    """pygame key code -> button number for this board."""
    m = {
        pygame.K_UP: UP, pygame.K_k: UP,
        pygame.K_DOWN: DOWN, pygame.K_j: DOWN,
        pygame.K_RETURN: OK, pygame.K_KP_ENTER: OK, pygame.K_SPACE: OK,
    }
    if keys >= 4:
        m[pygame.K_BACKSPACE] = BACK
        m[pygame.K_ESCAPE] = BACK
    return m


def levels_after(levels, event_type, key, kmap, keydown, keyup):
    """Button levels after one key event: KEYDOWN sets the button's bit, KEYUP clears it."""
    b = kmap.get(key)
    if b is None:
        return levels
    if event_type == keydown:
        return levels | (1 << b)
    if event_type == keyup:
        return levels & ~(1 << b)
    return levels


def pixel_rgb(on, level):
    k = brightness(on, level)
    return tuple(int(c * k) for c in core.OLED_ON)


def help_text(keys):
    if keys >= 4:
        return "Up/Down: move   Enter/Space: OK   Backspace/Esc: back   q: quit"
    return "Up/Down: move   Enter/Space: OK   hold OK: back   q: quit"


def layout(w, h, scale):
    """(panel_rect, help_y, window_size) for a w x h panel at ``scale``."""
    m = 2 * scale  # a bezel of two pixels
    pw, ph = w * scale + 2 * m, h * scale + 2 * m
    pad = 12
    win_w = max(pw + 2 * pad, 520)
    px = (win_w - pw) // 2
    help_y = pad + ph + 10
    return (px, pad, pw, ph), help_y, (win_w, help_y + 44)


def draw(pygame, surf, data, w, h, scale, on, level, keys, held, font):
    """Paint the whole window: panel, lit dots, key help."""
    (px, py, pw, ph), help_y, _ = layout(w, h, scale)
    surf.fill(BG)
    pygame.draw.rect(surf, PANEL, (px, py, pw, ph), border_radius=scale)
    m = 2 * scale
    if on:
        colour = pixel_rgb(on, level)
        dot = scale - 1 if scale >= 3 else scale
        x0 = px + m
        y0 = py + m
        fill = surf.fill
        for page in range(h >> 3):
            base = page * w
            for x in range(w):
                b = data[base + x]
                if not b:
                    continue
                for bit in range(8):
                    if b >> bit & 1:
                        fill(colour, (x0 + x * scale, y0 + (page * 8 + bit) * scale, dot, dot))
    if font is not None:
        t = font.render(help_text(keys), True, HELP_FG)
        surf.blit(t, ((surf.get_width() - t.get_width()) // 2, help_y))
        names = [n for i, n in enumerate(("Up", "Down", "OK", "Back")) if held >> i & 1]
        note = ("held: " + " ".join(names)) if names else ""
        if not on:
            note = (note + "   " if note else "") + "display off - any key wakes it"
        elif level <= 1:
            note = (note + "   " if note else "") + "display dimmed - any key wakes it"
        if note:
            t = font.render(note, True, HELD_FG)
            surf.blit(t, ((surf.get_width() - t.get_width()) // 2, help_y + 20))


def run(device, args, max_steps=None, on_frame=None):
    """The interactive loop. ``max_steps`` / ``on_frame`` are for tests."""
    pygame = _pygame()
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as exc:
        raise WindowError("cannot open a window: %s" % exc) from exc
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        # SDL found no usable display (stale DISPLAY over SSH) and fell back to
        # an invisible one: nobody could see or type into that window.
        pygame.quit()
        raise WindowError("cannot open a window on %s" % (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")))
    w, h, keys = device.width, device.height, device.keys
    scale = max(1, int(args.scale or 4))
    _, _, size = layout(w, h, scale)
    try:
        surf = pygame.display.set_mode(size)
    except pygame.error as exc:
        pygame.quit()
        raise WindowError("cannot open a window: %s" % exc) from exc
    pygame.display.set_caption("Wyrm simulator - %s" % args.board)
    try:
        font = pygame.font.Font(None, 20)
    except Exception:  # noqa: BLE001 - no font: draw without the help line
        font = None
    kmap = key_map(pygame, keys)
    session = Session(device)
    levels = 0
    shown_held = 0
    n = 0
    next_t = time.monotonic()
    try:
        running = True
        while running:
            dirty = False
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT:
                    running = False
                elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_q:
                    running = False
                elif ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                    levels = levels_after(levels, ev.type, ev.key, kmap,
                                          pygame.KEYDOWN, pygame.KEYUP)
                elif ev.type == pygame.WINDOWFOCUSLOST:
                    levels = 0  # the key-up will go to another window
                elif ev.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                    dirty = True
            if not running:
                break
            if session.step(levels) or dirty or levels != shown_held:
                shown_held = levels
                on, level = device.panel_state()
                draw(pygame, surf, device.buffer, w, h, scale, on, level, keys, levels, font)
                pygame.display.flip()
                if on_frame:
                    on_frame(surf)
            n += 1
            if max_steps is not None and n >= max_steps:
                break
            next_t += core.STEP_MS / 1000.0
            t = time.monotonic()
            if next_t > t:
                time.sleep(next_t - t)
            elif next_t < t - 0.1:
                next_t = t
    except KeyboardInterrupt:
        pass
    finally:
        pygame.quit()
    return 0


def screenshot(surf, path):
    """Save the window as a PNG (used by tests and by hand)."""
    pygame = _pygame()
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    pygame.image.save(surf, path)
