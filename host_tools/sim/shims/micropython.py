"""CPython stand-in for MicroPython's `micropython` module (host only, never deployed)."""
import builtins


def const(value):
    """On the device const() folds the value at compile time; here it is the value."""
    return value


def native(func):
    return func


viper = native


def _cast(buf):
    # viper's pointer casts (known to MicroPython's compiler): here the buffer itself
    return buf


builtins.ptr8 = builtins.ptr16 = builtins.ptr32 = _cast


def heap_lock():
    return 0


def heap_unlock():
    return 0


def mem_info(*_args):
    print("mem_info: not available under CPython")


def alloc_emergency_exception_buf(_size):
    return None
