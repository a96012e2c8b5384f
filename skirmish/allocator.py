"""The C allocator asked to keep the memory the table's searches free, for the next one.

A route search makes and drops thousands of numpy arrays, many of them tens of kilobytes.
glibc hands the top of its heap back to the system whenever more than 128 KB lies free
there, so the next search's arrays fault their pages in again: 80–170 page faults and
0.5–1 ms of system time in every far path, a tenth of its time. Kept, the pages serve the
next search; the process stays at its peak (a game's is tens of megabytes) instead of
shrinking between searches. Elsewhere than glibc the call does nothing.
"""

from __future__ import annotations

import ctypes
import sys

#: glibc's ``mallopt`` parameters (malloc.h).
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
#: Free memory at the heap's top kept rather than handed back.
TRIM_THRESHOLD = 64 << 20
#: Blocks below this come from the heap (and are kept), not from their own mapping.
MMAP_THRESHOLD = 16 << 20


def keep_freed_memory() -> bool:
    """Raise the trim and mapping thresholds of glibc's allocator; whether it took them."""
    if not sys.platform.startswith("linux"):
        return False
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
    if mallopt is None:
        return False
    return bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)) and \
        bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
