"""A framework's own run bounded by the check's time: a call that never returns is left behind, not waited for.

The numbers under test are the framework's: gradcli cannot replay them, only
ask the framework. A compiled program can run forever (JAX's own
``jax.scipy.special.exp1`` on a point beside a small one runs a continued
fraction whose loop never ends), a PyTorch forward or a TensorFlow function
can loop forever in the user's own code, and neither can be interrupted from
Python. So a bridge runs the framework's calls through `run_bounded`: in a
worker thread, while the check (or sweep) waits at most what is left of
--max-time (`bounding`). Compilation (JAX's XLA program, gradcli's trace of a
TensorFlow graph) is awaited before, unbounded: it ends, and a loaded
machine's slow one is no hang.

A call past its time is stopped where it can be: an exception raised in its
thread (`_Abandoned`) ends it at its next line of Python, which a PyTorch
forward, a Python ``backward`` and eager TensorFlow reach between operations,
and a framework's own way to cancel stops what it runs in compiled code
(TensorFlow's cancellation, which its graphs' loops honour between trips: the
bridge hands it over as ``stop_with``). The point says that the framework's
own call did not finish (`OwnCallStopped`), naming the call and, where the
call was inside the user's Python code, its line.

A compiled program that honours nothing (JAX's XLA code: its loop never
returns to Python and has no cancellation) runs on until the process ends, in
its worker (a daemon: it keeps no process alive) and in the framework's own
threads (XLA's CPU pool: both threads of a two-core machine, measured for
``exp1`` beside 1e-300). gradcli puts every thread it keeps busy at the least
CPU priority and on one core, the same for all of them (`_one_idle_core`):
together they keep at most one core busy, and that one only while nothing
else asks for it, so the work after them, gradcli's and the machine's, runs
as fast as before; once the call ends, each thread it kept busy gets back the
priority and cores it had (`_restored`: XLA's pool serves every later program),
where the system lets a process raise a thread's priority again. No framework call starts
beside such a call (`MOST_RUNNING_ON`, `_not_beside`): XLA's CPU code may hold
every thread of its pool in the one that runs on, so a next program would
wait for ever, and a next that never ends would add its threads. A point asked
for then has no verdict and says why.
"""

from __future__ import annotations

import _thread
import atexit
import contextlib
import contextvars
import ctypes
import math
import os
import queue
import signal
import sys
import threading
import time

from ..errors import InputError
from ..folders import GRADCLI_FOLDER, installed_package_file
from .lines import innermost_users, is_user_file

_LIMIT = contextvars.ContextVar("gradcli_own_call_limit", default=None)
_SHARE = contextvars.ContextVar("gradcli_own_call_share", default=1.0)  # of the bound, a call may wait (`sharing`)

# Once the calls left behind have used --max-time, each further call still waits this share of it: a call that
# returns at once still gives its numbers, and one that hangs costs a tenth of the budget, not all of it again.
_SHARE_AFTER = 0.1
# The least time a framework's calls are given, whatever --max-time says: a tiny --max-time (a sweep asked to run
# out of time at once) bounds the exact reference, and a loaded machine's ordinary call must not read as a hang.
FLOOR_SECONDS = 3.0


# The most calls left running on at once: beside them no call starts. One: XLA's CPU code runs a program on a pool
# of threads (two on two cores) which one that never ends can hold all of, so that every later program waits for ever.
MOST_RUNNING_ON = 1
_LEAST_PRIORITY = 19  # a Unix nice value: the thread runs when nothing else wants its core
# A thread that ran this share of the grace's second half on a core is one a call that runs on keeps busy (a loaded
# machine gave a spinning thread a quarter of a core; a thread that only waits runs none of it).
_BUSY_SHARE = 0.1
# How long an abandoned call is given to end once stopped: an exception at its next line of Python, or a framework's
# cancellation, ends it within an operation; one still running after this runs compiled code nothing stops.
_GRACE_SECONDS = 1.0
# The most an abandoned call importing a module is waited for, to stop it once the import is done.
_IMPORT_SECONDS = 30.0
# The stop is raised again this often within the grace: Python drops one raised while a finaliser (``__del__``) runs.
_RAISED_EVERY = 0.01


class OwnCallStopped(InputError):
    """A framework's own call (its value and gradient at a point) still running when its time ran out, or not started
    beside one that runs on; the message names the call and the user's function, and says what became of it."""


class _Abandoned(BaseException):
    """Raised inside a framework's call gradcli stopped waiting for, to end it at its next line of Python: a
    BaseException, so that the user's ``except Exception`` does not keep the call going."""


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


@contextlib.contextmanager
def sharing(fraction):
    """Every bounded call in this block waits at most ``fraction`` of the bound (a sweep's call over its whole range:
    a point whose call never ends must leave the points, asked one by one after it, their time)."""
    token = _SHARE.set(fraction)
    try:
        yield
    finally:
        _SHARE.reset(token)


class _Worker:
    """One daemon thread running the calls handed to it, one at a time, until it is retired (`_abandon`)."""

    def __init__(self):
        self.jobs = queue.SimpleQueue()
        self.retired, self.named = False, ""  # ``named``: the call it was abandoned in, for a message
        self.lowered = {}  # the threads kept to one idle core while its abandoned call ran on: id -> (nice, cores)
        self.thread = threading.Thread(target=self._serve, name="gradcli-own-call", daemon=True)
        self.thread.start()

    def _serve(self):
        try:
            while not self.retired:
                job = self.jobs.get()
                if job is None:  # woken to end: retired between calls
                    return
                call, done, answer = job
                try:
                    answer.append((True, call()))
                except BaseException as error:  # noqa: BLE001 - handed back to the waiting caller, raised there
                    answer.append((False, error))
                done.set()
        except _Abandoned:  # the stop arrived between two lines of this loop, not inside the call: retired all the same
            return


_WORKER = None  # the worker for the next call; a worker whose call was abandoned is retired
_WORKER_LOCK = threading.Lock()
_LEFT = []  # the workers whose abandoned call did not stop: compiled code that runs on


def _running_on():
    """The workers whose abandoned call still runs (each keeps a core busy), the ones that ended forgotten (the threads
    they kept busy given back their priority and cores, `_restored`); each is stopped again, for one that was
    importing when it was abandoned (`_raise_in`) may be back in lines of Python."""
    for worker in _LEFT:
        if not worker.thread.is_alive():
            _restored(worker)
    _LEFT[:] = [worker for worker in _LEFT if worker.thread.is_alive()]
    for worker in _LEFT:
        _raise_in(worker.thread)
    return [worker for worker in _LEFT if not _ended(worker.thread, 0)]


def calls_left_running():
    """Whether a framework call gradcli stopped waiting for still runs in this process, so that no framework call can
    start here again (`_not_beside`): a worker process holding one is retired rather than given another job."""
    return bool(_running_on())


def exit_past_calls_left(code):
    """End the process with ``code`` (an int) at once, its exit handlers run and its output flushed, where a call was
    left running (`run_bounded`): Python's teardown stops such a thread inside the framework's C++ code, which aborts
    the process (exit 134) instead of exiting with gradcli's code. Nothing where none was left."""
    if not isinstance(code, int) or not _running_on():
        return
    atexit._run_exitfuncs()  # noqa: SLF001 - the handlers an exit runs, run before the exit that skips them
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a pipe gone or closed: the exit is still this one, not an abort
            stream.flush()
    os._exit(code)


def run_bounded(call, what, stop_with=None):
    """``call()`` (a framework's own run), waiting at most the time `bounding` leaves; past it the call is stopped
    where it can be and `OwnCallStopped` raised, ``what()`` naming the call as ``(call, more)`` (``("JAX's own run of
    f.py:g", " (its program runs ...)")``). ``stop_with``: the framework's own way to stop what it runs in compiled
    code, ``stop_with(call)`` giving ``(the call made stoppable, the function that stops it)``. Outside `bounding`, or
    inside a bounded call, ``call()`` runs here; while `MOST_RUNNING_ON` abandoned calls run on, none starts, bounded
    or not."""
    global _WORKER
    if threading.current_thread().name == "gradcli-own-call":
        return call()
    _not_beside(_running_on(), what)  # unbounded too: beside a call that holds XLA's pool, a next one waits for ever
    limit = _LIMIT.get()
    if limit is None:
        return call()
    _dropped_stops_quiet()
    stop = None
    if stop_with is not None:
        call, stop = stop_with(call)
    with _WORKER_LOCK:
        worker = _WORKER = _WORKER or _Worker()
    done, answer = threading.Event(), []
    waited = min(limit.wait(), limit.seconds * _SHARE.get())
    started = time.perf_counter()
    context = contextvars.copy_context()  # the check's settings (its dtype, its hooks) hold in the worker too
    worker.jobs.put((lambda: context.run(call), done, answer))
    if not done.wait(waited):
        with _WORKER_LOCK:
            if _WORKER is worker:
                _WORKER = None
        limit.lost += time.perf_counter() - started
        call_named, more = what()
        where = _where_left(worker.thread)  # read before the stop: a stopped call's thread has no line left
        worker.named = call_named
        became = ("gradcli stopped it" if _abandon(worker, stop) else
                  "gradcli could not stop it (compiled code honours no stop): it runs on until this process ends, at "
                  "the least CPU priority, on one core with any other such call")
        raise OwnCallStopped(
            f"{call_named} was still running after {waited:.3g} seconds (--max-time {limit.given:g})"
            f"{more}{where}: {became}, and without the numbers under test gradcli cannot say whether they are right: "
            "no verdict (raise --max-time to wait longer)"
        )
    ok, found = answer[0]
    if ok:
        return found
    raise found


class _StoppedHere(BaseException):
    """Raised at a line of the user's code run inside `bounded_here`, past its time: a BaseException, so that the
    user's ``except Exception`` does not keep the work going."""


class _Here:
    """A `bounded_here` block's state: ``done`` once it has ended (set under ``lock``, which the watcher holds to
    interrupt it), ``late`` once it is out of time, ``where`` the user's line it was stopped at; ``outside`` the frames
    that entered the block (a script of the user's calling gradcli among them), whose lines are no work of the
    block's."""

    def __init__(self, outside):
        self.lock, self.ended, self.outside = threading.Lock(), threading.Event(), outside
        self.done, self.late, self.where = False, False, None
        self.ident = threading.get_ident()  # the thread the block runs in
        self.tracing = False  # whether the block turned its thread's tracing on (`_stop_from`, `_tracing_users_lines`)
        self.lasting = {}  # id of a frame of the block's, not the user's -> (the frame, when first seen past the time)

    def line(self, frame, event, _arg):
        """A frame's line tracer: `_StoppedHere` raised at its next line once the block is out of time."""
        # Raised once: the lines of the finally blocks and exits the stop runs through on its way out are the
        # library's cleaning up. Never inside an import: a module stopped halfway through it stays broken.
        if self.late and event == "line" and not self.done and self.where is None and not _frames_importing(frame):
            found = innermost_users(frame, _users)  # a library's line stopped: the user's call into it is named
            self.where = (f"{frame.f_code.co_filename}:{frame.f_lineno}" if found is None
                          else f"{found[0].f_code.co_filename}:{found[1]}")
            raise _StoppedHere  # raised by a trace function, it also ends the thread's tracing
        return self.line


_IN_HERE = contextvars.ContextVar("gradcli_bounded_here", default=False)
# The signal the watcher interrupts the main thread with (`_thread.interrupt_main`: no signal reaches the process;
# Python runs the handler `bounded_here` sets in place of any other during the block).
_STOP_SIGNAL = getattr(signal, "SIGUSR2", None)


@contextlib.contextmanager
def bounded_here(stopped):
    """The block, gradcli's own work in the thread that runs the user's Python (its trace of a PyTorch function),
    bounded as `run_bounded`'s calls are: past --max-time (at least `FLOOR_SECONDS`) `_StoppedHere` is raised at the
    next line of the user's code it runs, and the block raises ``stopped(after, where)`` instead (``after`` the wait
    said, ``"3 seconds (--max-time 2)"``; ``where`` the user's ``file:line``).

    The stop is raised only where the frame running is the user's: an exception of the user's own line, never one
    landing in PyTorch's or gradcli's bookkeeping or in a finaliser PyTorch's C++ code runs (an exception raised into a
    thread at any line aborted the process there). In the main thread a watcher interrupts it, and the handler raises
    where the frame it interrupts is the user's (`_stop_from`); in any other thread (a check started from a thread
    pool) no signal reaches it, so the block traces the calls it makes (`_tracing_users_lines`): each frame of the
    user's code is handed a line tracer that raises once the watcher says the time is out. That costs the block about
    as much time again as it takes untraced; where the thread has a trace function already (a debugger, coverage),
    it stays the thread's and the block has no bound of its own. Outside `bounding` or inside another such block: no
    bound of its own."""
    limit = _LIMIT.get()
    on_main = threading.current_thread() is threading.main_thread()
    if (limit is None or _IN_HERE.get() or (on_main and _STOP_SIGNAL is None)
            or (not on_main and sys.gettrace() is not None)):
        yield
        return
    # the whole bound, not what calls left behind left of it: a trace is made once per check, and a framework's own
    # call may hang where the trace does not
    waited = limit.seconds * _SHARE.get()
    entered, frame = [], sys._getframe()  # noqa: SLF001 - the frames the block is entered from, to leave out
    while frame is not None:
        entered.append(frame)  # held while the block runs, so that no frame inside it takes one's id
        frame = frame.f_back
    here, started = _Here({id(frame) for frame in entered}), time.perf_counter()
    here.entered = entered
    if on_main:
        handler = signal.signal(_STOP_SIGNAL, lambda _signal, frame: _stop_from(here, frame))
    else:
        sys.settrace(_tracing_users_lines(here))
        here.tracing = True
    watcher = threading.Thread(target=_watch_here, args=(here, started + waited, on_main), name="gradcli-own-watch",
                               daemon=True)
    token = _IN_HERE.set(True)
    try:
        try:
            watcher.start()
            yield
        finally:
            with here.lock:
                here.done = True
            here.ended.set()  # wakes the watcher, which has nothing left to watch
            if on_main:
                signal.signal(_STOP_SIGNAL, handler)
            if here.tracing:
                sys.settrace(None)
            here.lasting.clear()  # the frames held, let go
    except _StoppedHere:
        limit.lost += time.perf_counter() - started
        raise stopped(f"{waited:.3g} seconds (--max-time {limit.given:g})", here.where or "") from None
    finally:
        _IN_HERE.reset(token)


def _watch_here(here, deadline, on_main):
    """`bounded_here`'s watcher: from ``deadline`` on, say the block is out of time (``here.late``, which the line
    tracer of a thread other than the main one reads) and interrupt the main thread (`_stop_from` runs there) every
    `_RAISED_EVERY` seconds until the block has ended."""
    if here.ended.wait(max(deadline - time.perf_counter(), 0.0)):
        return
    here.late = True
    while True:
        with here.lock:
            if here.done:
                return
            if on_main:
                _thread.interrupt_main(_STOP_SIGNAL)
            _arm_lasting(here)
        if here.ended.wait(_RAISED_EVERY):
            return


# A frame of the block's that is not the user's, still on its stack this many seconds past its time, is a loop in a
# library's Python code (the user's frame is never innermost): the stop is raised at its next line.
_LASTING_SECONDS = 0.5


def _arm_lasting(here):
    """Hand the block's line tracer (`_Here.line`) to each frame on its stack that has stayed there `_LASTING_SECONDS`
    since the block ran out of time and is neither gradcli's nor the user's (whose lines stop it already): a library's
    loop (a ``torch.distributions`` series, a fixed point iterated in Python) is stopped at its own next line, the
    user's call into it named. Only frames that last are traced, and none while the block imports: a finaliser or a
    callback PyTorch's C++ code runs comes and goes, and a stop raised in one could abort the process. The thread
    traces their lines once `_stop_from` (the main thread) or the block (any other) turned its tracing on; a thread
    with a tracer of its own is left so."""
    frame, now, on_stack = sys._current_frames().get(here.ident), time.perf_counter(), set()  # noqa: SLF001 - another thread's stack
    if _frames_importing(frame):  # an import's frames last while it runs (a lazy one may take seconds): no loop's
        return
    while frame is not None and id(frame) not in here.outside:
        path = frame.f_code.co_filename
        if not path.startswith(GRADCLI_FOLDER) and not _users(path):
            on_stack.add(id(frame))
            seen = here.lasting.get(id(frame))
            if seen is None or seen[0] is not frame:
                here.lasting[id(frame)] = (frame, now)
            elif now - seen[1] >= _LASTING_SECONDS and frame.f_trace is None:
                frame.f_trace = here.line
        frame = frame.f_back
    for gone in set(here.lasting) - on_stack:
        del here.lasting[gone]


def _tracing_users_lines(here):
    """The trace function (`sys.settrace`) of a `bounded_here` block outside the main thread: each frame of the
    user's code called inside the block is handed a line tracer that raises `_StoppedHere` at its next line once the
    block is out of time; other frames (PyTorch's, gradcli's) are not traced line by line. Frames entered before the
    block are never traced: a script of the user's that called gradcli is no work of the block's."""
    users = {}  # code object -> whether it is the user's

    def call(frame, _event, _arg):
        code = frame.f_code
        found = users.get(code)
        if found is None:
            found = users[code] = _users(code.co_filename)
        return here.line if found else None

    return call


def _stop_from(here, frame):
    """In the main thread, interrupted at ``frame`` once ``here``'s block is out of time: `_StoppedHere` raised
    there where ``frame`` is the user's code inside the block, the user's own line raising it; elsewhere (PyTorch's
    code, gradcli's, a finaliser) nothing, till the next interruption. The first interruption turns the thread's
    tracing on, so that a library's loop that lasts is stopped at its own line (`_arm_lasting`)."""
    if here.done:
        return
    if not here.tracing and sys.gettrace() is None:  # the lasting frames' lines stop a library's loop (`_arm_lasting`)
        sys.settrace(_tracing_users_lines(here))
        here.tracing = True
    if frame is None or not _users(frame.f_code.co_filename):
        return
    inside = frame
    while inside is not None and id(inside) not in here.outside:
        inside = inside.f_back
    if inside is None:  # the stack reached no frame that entered the block: not the block's work
        return
    if id(frame) in here.outside:
        return
    here.where = here.where or f"{frame.f_code.co_filename}:{frame.f_lineno}"  # the first line stopped at
    raise _StoppedHere


def _dropped_stops_quiet():
    """Keep Python from printing a stop it dropped (`_Abandoned`, `_StoppedHere` raised while a finaliser or a weak
    reference's callback ran: "Exception ignored in ..."): the stop is raised again, and the user's output is theirs.
    Every other unraisable exception goes to the hook in place before."""
    before = sys.unraisablehook
    if getattr(before, "gradcli_stops_quiet", False):
        return

    def hook(unraisable):
        if not (isinstance(unraisable.exc_type, type) and issubclass(unraisable.exc_type, (_Abandoned, _StoppedHere))):
            before(unraisable)
    hook.gradcli_stops_quiet = True
    sys.unraisablehook = hook


def _users(path):
    """Whether the file ``path`` is the user's code: neither gradcli's nor an installed package's."""
    return is_user_file(path, GRADCLI_FOLDER) and not installed_package_file(path)


def _not_beside(running, what):
    """Raise `OwnCallStopped` where ``running`` holds `MOST_RUNNING_ON` calls that run on: no call starts beside them."""
    if len(running) >= MOST_RUNNING_ON:
        raise OwnCallStopped(
            f"{what()[0]} was not started: an earlier call gradcli stopped waiting for ({running[0].named}) still "
            "runs in compiled code that honours no stop, and gradcli starts no framework call beside it: no verdict "
            "(it ends with this process; check this point in a process of its own)"
        )


def _abandon(worker, stop):
    """Retire ``worker``, whose call ran past its time, and stop that call: the framework's own ``stop`` (None: none),
    and `_Abandoned` raised in its thread at its next line of Python. True where the call ended within
    `_GRACE_SECONDS`; else the worker is noted among those running on (`_running_on`), and the threads the call kept
    busy meanwhile (its own, and the framework's that no Python code runs in: XLA's pool) are kept to one idle core."""
    # First, while the thread surely runs (a worker ends only once retired): a thread ended, its id may be another's.
    _raise_in(worker.thread)  # (a call importing is stopped once its import is done, below or at `_running_on`)
    worker.retired = True
    worker.jobs.put(None)  # wakes it where it ended its call meanwhile and waits for the next
    if stop is not None:
        with contextlib.suppress(Exception):  # a framework's cancellation that fails leaves the exception to stop it
            stop()
    until = time.perf_counter() + _GRACE_SECONDS
    importing_until, before = time.perf_counter() + _IMPORT_SECONDS, None
    while not _ended(worker.thread, _RAISED_EVERY):
        now = time.perf_counter()
        if _importing(worker.thread) and now < importing_until:
            until, before = max(until, now + _GRACE_SECONDS), None  # an import ends (a lazy one may take seconds)
        elif now >= until:
            break
        elif before is None and now >= until - _GRACE_SECONDS / 2:
            # the threads' time over the grace's second half: a pool's threads that spin a moment after an operation
            # (OpenMP's) are idle by then, the call's are not
            before, sampled = _threads_cpu(), now
        _raise_in(worker.thread)  # again: one raised while Python ran a finaliser was dropped there
    if not worker.thread.is_alive():
        return True
    _LEFT.append(worker)
    others = {thread.native_id for thread in threading.enumerate()} - {worker.thread.native_id}
    busy = _busy_since(before, time.perf_counter() - sampled) if before is not None else set()
    for thread_id in busy - others:  # gradcli's and the user's Python threads kept as they are
        worker.lowered[thread_id] = _scheduling(thread_id)
        _one_idle_core(thread_id)
    if worker.lowered:  # given back the moment the call ends, a later program's threads at full speed
        threading.Thread(target=_restored, args=(worker, True), name="gradcli-own-call-ended", daemon=True).start()
    return False


def _raise_in(thread):
    """Raise `_Abandoned` in ``thread`` at its next line of Python (`raise_in`)."""
    raise_in(thread, _Abandoned)


def raise_in(thread, exception):
    """Raise the class ``exception`` (made without arguments) in ``thread`` at its next line of Python, where it still
    runs and imports nothing: a module stopped halfway through its import stays broken for the whole process
    (``torch._dynamo`` without ``utils``). Whether it was raised."""
    if thread.is_alive() and not _importing(thread):
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(exception))
        return True
    return False


def _importing(thread):
    """Whether ``thread`` is inside an import (a frame of Python's import machinery on its stack)."""
    return _frames_importing(sys._current_frames().get(thread.ident))  # noqa: SLF001 - the one way to read another thread's stack


def _frames_importing(frame):
    """Whether the stack from ``frame`` is inside an import (a frame of Python's import machinery on it)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _ended(thread, seconds):
    """Whether ``thread`` ended within ``seconds``."""
    thread.join(seconds)
    return not thread.is_alive()


def _threads_cpu():
    """Each of this process's threads' CPU time so far, in clock ticks, by its id (Linux's /proc; elsewhere none)."""
    found = {}
    with contextlib.suppress(OSError):
        for name in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                with open(f"/proc/self/task/{name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                found[int(name)] = int(fields[11]) + int(fields[12])  # utime and stime
    return found


def _busy_since(before, seconds):
    """The threads that ran at least `_BUSY_SHARE` of the ``seconds`` since ``before`` (`_threads_cpu`) on a core."""
    least = _BUSY_SHARE * seconds * os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else math.inf
    return {thread for thread, ticks in _threads_cpu().items() if ticks - before.get(thread, 0) >= least}


def _one_idle_core(thread_id):
    """Keep the thread ``thread_id`` (one a call that runs on keeps busy) to the least CPU priority and to one core,
    the same one for every such thread, so that together they keep at most one core busy, and that one only while
    nothing else asks for it. Linux sets a thread's own priority and cores; elsewhere the thread is left as it is."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, thread_id, _LEAST_PRIORITY)
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(thread_id, {max(os.sched_getaffinity(0))})


def _scheduling(thread_id):
    """``(nice, cores)`` of the thread ``thread_id`` now, for `_restored` (None for what the system does not say)."""
    nice = cores = None
    with contextlib.suppress(AttributeError, OSError):
        nice = os.getpriority(os.PRIO_PROCESS, thread_id)
    with contextlib.suppress(AttributeError, OSError):
        cores = os.sched_getaffinity(thread_id)
    return nice, cores


def _restored(worker, waiting=False):
    """Give each thread ``worker``'s abandoned call kept to one idle core (`_Worker.lowered`) its priority and cores
    back, once the call has ended (``waiting``: wait for that first). Its cores come back always; its priority where
    the system lets a process raise it again (root, or a RLIMIT_NICE that allows it), else it stays low: it runs as
    fast as before on a machine with cores to spare, and yields to other work where there is none."""
    if waiting:
        worker.thread.join()
    while worker.lowered:
        try:
            thread_id, (nice, cores) = worker.lowered.popitem()  # one caller gives each back: the watcher or the next
        except KeyError:
            return
        if cores is not None:
            with contextlib.suppress(AttributeError, OSError):
                os.sched_setaffinity(thread_id, cores)
        if nice is not None:
            with contextlib.suppress(AttributeError, OSError):
                os.setpriority(os.PRIO_PROCESS, thread_id, nice)


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
    found = frame and innermost_users(frame, _users)
    if found is None:
        return ""
    return f" (it was at {found[0].f_code.co_filename}:{found[1]}, in your code, when gradcli stopped waiting)"
