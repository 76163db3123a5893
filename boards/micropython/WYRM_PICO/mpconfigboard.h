// Wyrm's own MicroPython for the Raspberry Pi Pico (RP2040): make firmware.

#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (Wyrm)"

// The flash split of the stock RPI_PICO build, on purpose: the filesystem starts at flash
// offset 0xA0000 (1,408 KB = 352 LittleFS blocks of 4 KB). A Pico moved from the stock
// firmware keeps its saved games, and the host tools that write the filesystem
// (host_tools/make/fsimage.py, uf2.py) and the emulated Pico use the same offset. The
// firmware must end before it: host_tools/make/firmware.py checks that at every build.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)

// Left out: nothing of Wyrm uses them (neither the firmware nor what the host tools run on
// the device). Only switches the port leaves to the board are set here.
#define MICROPY_HW_ENABLE_USB_RUNTIME_DEVICE    (0) // machine.USBDevice
#define MICROPY_PY_MACHINE_I2C_TARGET           (0) // machine.I2CTarget (the Pico is the bus master)
#define MICROPY_PY_ASYNCIO                      (0) // _asyncio (asyncio is not frozen either)
#define MICROPY_PY_SELECT                       (0) // select (asyncio's)
#define MICROPY_PY_DEFLATE                      (0) // deflate
#define MICROPY_PY_HEAPQ                        (0) // heapq
#define MICROPY_PY_BINASCII                     (0) // binascii
#define MICROPY_PY_HASHLIB                      (0) // hashlib
#define MICROPY_PY_RE                           (0) // re
#define MICROPY_PY_WEBSOCKET                    (0) // websocket (no network)
#define MICROPY_PY_PLATFORM                     (0) // platform
#define MICROPY_PY_BUILTINS_COMPLEX             (0) // complex numbers
