"""The process's memory: how the C allocator is tuned, and how big the process is.

Pictures are drawn with Pillow in buffers of several megabytes. glibc's allocator raises its
mmap threshold each time such a buffer is freed, so later buffers come from the heap, which it
never gives back: one Imperator map left ~80 MB resident for good. A fixed threshold keeps
every large buffer in its own mapping, returned to the system when freed (issue 14; figures in
docs/development.md).

Python's cycle collector, too, walks every object it tracks at each full collection: the
modules, classes and data loaded at start (~130,000 objects) made one collection take tens to a
hundred milliseconds in the middle of a command. ``freeze_startup_objects`` moves them out of
its sight once the bot is built (issue 14: the p99 of a command's round trip). It also spaces
the full collections out (``FULL_COLLECTION_AFTER``): with a thousand games in the cache every
command's new state (~200 objects, plain data freed by reference counting, never a cycle)
reaches the oldest generation, so Python's default made a full collection of the cache
(~100-250 ms) every ~300 commands, a sixth of a command's processor time.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys

M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter number (malloc.h); setting it also stops its dynamic growth."""
MMAP_THRESHOLD_BYTES = 128 * 1024
"""glibc's own initial value: blocks at least this large get their own mapping."""

FULL_COLLECTION_AFTER = 100
"""Collections of the middle generation between two full collections (Python's default: 10).
The young generations are collected as before, so short-lived cycles (tasks, exceptions) go as
soon as they did; only garbage cycles that lived long wait ten times longer."""

_tuned = False
_libc: ctypes.CDLL | None = None


def _glibc() -> ctypes.CDLL | None:
    global _libc
    if _libc is None and sys.platform.startswith("linux"):
        try:
            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        except OSError:
            return None
    return _libc


def tune_allocator() -> bool:
    """Fix glibc's mmap threshold (once per process); ``False`` where there is no glibc."""
    global _tuned
    if _tuned:
        return True
    libc = _glibc()
    mallopt = getattr(libc, "mallopt", None)  # musl (Alpine) has none
    if mallopt is None:
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    _tuned = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
    return _tuned


def freeze_startup_objects() -> int:
    """Collect once, then hide every object alive now from the cycle collector (``gc.freeze``):
    what the bot loads at start lives as long as the process, so walking it at each full
    collection is pure cost. Objects frozen are still freed when nothing refers to them; only
    a reference cycle among them would stay (there are none among modules and loaded data).
    Full collections are then spaced out (``FULL_COLLECTION_AFTER``, see above).
    Returns how many objects were frozen."""
    gc.collect()
    gc.freeze()
    first, second, _third = gc.get_threshold()
    gc.set_threshold(first, second, FULL_COLLECTION_AFTER)
    return gc.get_freeze_count()


def release_free_memory() -> None:
    """Give the pages freed by a big job (drawing a picture) back to the system (glibc's
    ``malloc_trim``: a few milliseconds); nothing where there is no glibc."""
    trim = getattr(_glibc(), "malloc_trim", None)
    if trim is not None:
        trim.argtypes = [ctypes.c_size_t]
        trim(0)


def rss_mb() -> float:
    """The resident set size of this process in MB (Linux ``/proc``; 0.0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
