"""Room on CPython's frame stack for a check's millions of short calls: `in_room` runs a function so that its calls
never map and unmap memory.

CPython (3.11 on) keeps the frames of running Python functions in chunks of
16 KB, a chunk mapped from the system (``mmap``) when a call does not fit in
the last one and handed back (``munmap``) as soon as its first frame returns.
A loop whose calls cross a chunk's end does both at every call: two system
calls and fresh pages zeroed each time, a third of a check's time in some
programs, and how deep a check happens to start (a test runner's frames, a
command line's) decides where its loops meet an end. A call made from a frame
of a little over 128 KB lands in a chunk of 256 KB of its own (chunks are
16 KB doubled until the frame fits), so about 127 KB of frames, hundreds of
calls deep, fit above it without another chunk.

The room is one Python function whose code reserves that much value stack;
its frame holds nothing more than any call's (the stack is never written past
its few entries, so the pages above stay untouched until a nested call uses
them). Elsewhere (another Python, where frames live apart) it is a plain call.
"""

from __future__ import annotations

import functools
import threading

# Value-stack slots (8 bytes each) of the room's frame: just over 128 KB, so that CPython sizes its chunk at 256 KB.
ROOM_SLOTS = (128 + 1) * 1024 // 8

_held = threading.local()  # per thread: each has its own frame stack


def _call_in_room(fun, args, kwargs):
    return fun(*args, **kwargs)


_call_in_room.__code__ = _call_in_room.__code__.replace(co_stacksize=ROOM_SLOTS)


def in_room(fun, /, *args, **kwargs):
    """``fun(*args, **kwargs)`` called from a frame that reserves its chunk of the frame stack (module notes); called
    directly where this thread already runs inside one."""
    if inside_room():
        return fun(*args, **kwargs)
    _held.inside = True
    try:
        return _call_in_room(fun, args, kwargs)
    finally:
        _held.inside = False


def roomy(fun):
    """``fun`` always called in the room (`in_room`): for the entry points of a check and a sweep, which the command
    line, an audit's cases and the pytest plugin all reach."""

    @functools.wraps(fun)
    def called_in_room(*args, **kwargs):
        return in_room(fun, *args, **kwargs)

    return called_in_room


def inside_room():
    """Whether this thread runs inside `in_room`."""
    return getattr(_held, "inside", False)
