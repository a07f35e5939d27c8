"""The user's prints and log records, dropped in the runs of their code that are gradcli's own, not the program's.

gradcli runs a user's code more often than the program does: traces with fake
tensors, finite differences, the exact reference's replays. What the code
prints or logs in those runs is not the program's output (a fake tensor's text,
NaN's text where no number is known yet, once per replayed point), so within
`users_output_hidden` the running thread's writes to ``sys.stdout`` and
``sys.stderr`` and the records its loggers handle are dropped, while every other
thread's pass. The streams and ``logging.Logger.handle`` are the process's, so
they are wrapped while any thread hides and restored when none does.
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager

_LOCK = threading.Lock()  # the wrapping and unwrapping of the process's streams, one thread at a time
_STREAMS = ("stdout", "stderr")
_HIDDEN_THREADS = {}  # thread id -> how many `users_output_hidden` blocks it is in


@contextmanager
def users_output_hidden():
    """Within it, what the thread's code writes to ``sys.stdout`` or ``sys.stderr`` and the records it logs are
    dropped: the user's prints and log lines in gradcli's own runs show fake tensors or NaN's text, not numbers, and a
    handler formatting a fake tensor as a number (``log.info("%.3f", t.item())``) would print its own error. The
    program's own run prints and logs the real numbers. Other threads' writes and records pass."""
    import logging  # the user's loggers, whose records are dropped as the streams' writes are

    with _LOCK:
        for name in _STREAMS:
            if not isinstance(getattr(sys, name), _HiddenFor):
                setattr(sys, name, _HiddenFor(getattr(sys, name)))
        if not isinstance(logging.Logger.handle, _Unlogged):
            logging.Logger.handle = _Unlogged(logging.Logger.handle)
        hidden = [getattr(sys, name) for name in _STREAMS]
        me = threading.get_ident()
        _HIDDEN_THREADS[me] = _HIDDEN_THREADS.get(me, 0) + 1
    try:
        yield
    finally:
        with _LOCK:
            _HIDDEN_THREADS[me] -= 1
            if not _HIDDEN_THREADS[me]:
                del _HIDDEN_THREADS[me]
            if not _HIDDEN_THREADS:
                for name, stream in zip(_STREAMS, hidden):
                    if getattr(sys, name) is stream:  # a stream set since (a test's capture) is left to its setter
                        setattr(sys, name, stream.stream)
                if isinstance(logging.Logger.handle, _Unlogged):
                    logging.Logger.handle = logging.Logger.handle.handle


class _HiddenFor:
    """``sys.stdout`` or ``sys.stderr`` while threads trace: their writes dropped, every other thread's passed to
    ``stream``."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return len(text) if threading.get_ident() in _HIDDEN_THREADS else self.stream.write(text)

    def __getattr__(self, name):
        return getattr(self.stream, name)


class _Unlogged:
    """``logging.Logger.handle`` while threads trace: their records dropped before any handler formats them, every
    other thread's handled by ``handle``."""

    def __init__(self, handle):
        self.handle = handle

    def __get__(self, logger, owner=None):
        return self if logger is None else lambda record: self(logger, record)

    def __call__(self, logger, record):
        if threading.get_ident() in _HIDDEN_THREADS:
            return None
        return self.handle(logger, record)
