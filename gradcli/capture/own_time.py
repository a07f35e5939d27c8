"""A framework's own run bounded by the check's time: a call that never returns is left behind, not waited for.

The numbers under test are the framework's: gradcli cannot replay them, only
ask the framework. A compiled program can run forever (JAX's own
``jax.scipy.special.exp1`` on a point beside a small one runs a continued
fraction whose loop never ends), a PyTorch forward or a TensorFlow function
can loop forever in the user's own code, and neither can be interrupted from
Python. So a bridge runs the framework's calls through `run_bounded`: in a
worker thread, while the check (or sweep) waits at most what is left of
--max-time (`bounding`). A call past it is left running in that thread (a
daemon: it keeps no process alive), the next call gets a fresh worker, and the
point says that the framework's own call did not finish (`OwnCallStopped`),
naming the call and, where the call was left inside the user's Python code,
its line. Compilation (JAX's XLA program, gradcli's trace of a TensorFlow
graph) is awaited before, unbounded: it ends, and a loaded machine's slow one
is no hang.
"""

from __future__ import annotations

import atexit
import contextlib
import contextvars
import math
import os
import queue
import sys
import threading
import time

from ..errors import InputError
from ..folders import GRADCLI_FOLDER, installed_package_file
from .lines import innermost_users, is_user_file

_LIMIT = contextvars.ContextVar("gradcli_own_call_limit", default=None)

# Once the calls left behind have used --max-time, each further call still waits this share of it: a call that
# returns at once still gives its numbers, and one that hangs costs a tenth of the budget, not all of it again.
_SHARE_AFTER = 0.1
# The least time a framework's calls are given, whatever --max-time says: a tiny --max-time (a sweep asked to run
# out of time at once) bounds the exact reference, and a loaded machine's ordinary call must not read as a hang.
FLOOR_SECONDS = 3.0


class OwnCallStopped(InputError):
    """A framework's own call (its value and gradient at a point) still running when its time ran out; the message
    names the call and the user's function, and says the call was left behind."""


class _Limit:
    """--max-time for a check's (or a sweep's) framework calls: each waits what the calls left behind left of it."""

    def __init__(self, seconds):
        self.given, self.seconds, self.lost = seconds, max(seconds, FLOOR_SECONDS), 0.0

    def wait(self):
        return max(self.seconds - self.lost, self.seconds * _SHARE_AFTER)


@contextlib.contextmanager
def bounding(seconds):
    """Every bounded framework call in this block (`run_bounded`) waits at most ``seconds`` (at least
    `FLOOR_SECONDS`; None or inf: no bound, the call runs in the caller's thread), less what calls left behind have
    used. Nested: the outer bound holds."""
    if _LIMIT.get() is not None or seconds is None or math.isinf(seconds):
        yield
        return
    token = _LIMIT.set(_Limit(seconds))
    try:
        yield
    finally:
        _LIMIT.reset(token)


class _Worker:
    """One daemon thread running the calls handed to it, one at a time."""

    def __init__(self):
        self.jobs = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._serve, name="gradcli-own-call", daemon=True)
        self.thread.start()

    def _serve(self):
        while True:
            call, done, answer = self.jobs.get()
            try:
                answer.append((True, call()))
            except BaseException as error:  # noqa: BLE001 - handed back to the waiting caller, raised there
                answer.append((False, error))
            done.set()


_WORKER = None  # the worker for the next call; a worker left behind with a call still running is forgotten
_WORKER_LOCK = threading.Lock()
_LEFT = []  # the workers left behind, each with a call still running


def exit_past_calls_left(code):
    """End the process with ``code`` (an int) at once, its exit handlers run and its output flushed, where a call was
    left running (`run_bounded`): Python's teardown stops such a thread inside the framework's C++ code, which aborts
    the process (exit 134) instead of exiting with gradcli's code. Nothing where none was left."""
    if not isinstance(code, int) or not any(worker.thread.is_alive() for worker in _LEFT):
        return
    atexit._run_exitfuncs()  # noqa: SLF001 - the handlers an exit runs, run before the exit that skips them
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a pipe gone or closed: the exit is still this one, not an abort
            stream.flush()
    os._exit(code)


def run_bounded(call, what):
    """``call()`` (a framework's own run), waiting at most the time `bounding` leaves; past it `OwnCallStopped`,
    ``what()`` naming the call as ``(call, more)`` (``("JAX's own run of f.py:g", " (its program runs ...)")``). Outside `bounding`, or inside a bounded call,
    ``call()`` runs here."""
    global _WORKER
    limit = _LIMIT.get()
    if limit is None or threading.current_thread().name == "gradcli-own-call":
        return call()
    with _WORKER_LOCK:
        worker = _WORKER = _WORKER or _Worker()
    done, answer = threading.Event(), []
    waited = limit.wait()
    started = time.perf_counter()
    context = contextvars.copy_context()  # the check's settings (its dtype, its hooks) hold in the worker too
    worker.jobs.put((lambda: context.run(call), done, answer))
    if not done.wait(waited):
        with _WORKER_LOCK:
            if _WORKER is worker:
                _WORKER = None
            _LEFT.append(worker)
        limit.lost += time.perf_counter() - started
        call_named, more = what()
        raise OwnCallStopped(
            f"{call_named} was still running after {waited:.3g} seconds (--max-time {limit.given:g})"
            f"{more}{_where_left(worker.thread)}: gradcli left it running, and without the numbers under test it "
            "cannot say whether they are right: no verdict (raise --max-time to wait longer)"
        )
    ok, found = answer[0]
    if ok:
        return found
    raise found


def named_call(framework, text, fun, how):
    """``(call, "")`` for `run_bounded`: ``framework``'s own run of the user's ``fun`` (named ``text``), ``how`` it
    runs (``"its forward and torch.autograd.grad"``), and the line of its ``def`` where known."""
    code = getattr(getattr(fun, "python_function", fun), "__code__", None)  # a tf.function's own Python function
    where = f", defined at {code.co_filename}:{code.co_firstlineno}" if code is not None else ""
    return f"{framework}'s own run of {text} ({how}{where})", ""


def _where_left(thread):
    """Where the user's Python code was when ``thread`` (a call left behind) was left: a loop in the user's own code
    (a PyTorch forward, an eager TensorFlow function) is the likeliest hang; "" where the call was in compiled code."""
    frame = sys._current_frames().get(thread.ident)  # noqa: SLF001 - the one way to read another thread's stack
    users = lambda path: is_user_file(path, GRADCLI_FOLDER) and not installed_package_file(path)  # noqa: E731
    found = frame and innermost_users(frame, users)
    if found is None:
        return ""
    return f" (it was at {found[0].f_code.co_filename}:{found[1]}, in your code, when gradcli stopped waiting)"
