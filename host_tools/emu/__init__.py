"""Stand-ins for a Pico: the emulated RP2040 running the real MicroPython firmware (pico),
its USB console on a pty (usb_serial), and a raw-REPL-only fake for deploy (fake_pico)."""
