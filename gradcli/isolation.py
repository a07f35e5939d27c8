"""One check or sweep in a worker process under a wall-clock timeout: ``gradcli grad/check/sweep --timeout``.

``--timeout`` is seconds of wall time for the check of one target, run in a
worker process of its own (the `LocalWorkers` below, forked from a
forkserver that has the checker imported, the pool audits run their cases
in too; an audit case's ``timeout`` is the worker's CPU time instead, with a
wall ceiling, `LocalWorkers.over_time`). A target that runs past it is stopped; one that kills its worker
(``os._exit``, a segfault) is caught. Either way the answer is an ordinary
report whose every result is status ``error``, with what happened as the
message, so every view shows it as it shows any other error.

Only the check runs in the worker: gradcli's own process has already
resolved the target and read the points (bad input exits 2 as without
``--timeout``), and the worker resolves the target again from its text.

There is no ``gradcli.check(..., timeout=)``: the checker sits below this
layer, and a callable (a lambda, a closure) cannot travel to a worker; in
code, an audit `Case` with its ``timeout`` is the bounded spelling.
"""

from __future__ import annotations

import atexit
import importlib
import math
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from multiprocessing.connection import wait
from multiprocessing.reduction import ForkingPickler

from .errors import InputError


# What a worker imports to run its first job, imported once in the forkserver so that no worker
# pays for it: without these a fresh worker's first check took 0.45 s instead of 0.02 s.
PRELOAD = (
    "gradcli.isolation", "gradcli.checker.runner", "gradcli.sweep.run", "gradcli.checker.points",
    "gradcli.checker.balls", "gradcli.checker.exact_python", "gradcli.expr.compile", "gradcli.expr.parse",
    "gradcli.autodiff.mp", "gradcli.autodiff.arb", "gradcli.numpy", "gradcli.jsondata", "mpmath", "flint",
)


class _ClockStarts:
    """What a worker sends its parent when a job's own time begins: the user's module and its framework are loaded."""


class _Retire:
    """What a worker sends its parent before a job's answer when it must not be given another: a framework call it
    stopped waiting for still runs in it, beside which no framework call starts."""


_TO_PARENT = None  # in a worker: its end of the pipe to the parent, for `clock_starts`

# Frameworks whose import takes seconds (TensorFlow 5-20 on a busy machine): a job that needs one
# loads it before its clock starts, as the forkserver's own start is not a target's time either.
_SLOW_IMPORTS = ("jax", "torch", "tensorflow")


def clock_starts(target_text):
    """In a worker: load the frameworks the module of ``target_text`` imports, then start the job's clock.

    The clock of a job whose frameworks take longer than its timeout to
    import still stops it (`_deadline`); a job outside a worker only loads them.
    """
    for framework in _frameworks_imported_by(target_text):
        from .capture.bridge import prepare_bridge  # lazy: only a target written for a framework needs it

        prepare_bridge(framework)
        try:
            importlib.import_module(framework)  # lazy: the user's module imports it anyway, next
        except Exception:  # noqa: BLE001 - an import that fails is the check's to report, with the user's line
            pass
    if _TO_PARENT is not None:
        _TO_PARENT.send(_ClockStarts())


def _frameworks_imported_by(target_text):
    """The slow-to-import frameworks the module of a ``module:function`` target imports (read, not run)."""
    from .checker.target_text import FUNCTION_TARGET  # lazy: a worker's; `gradcli audit` imports this module before its forkserver starts

    match = FUNCTION_TARGET.match(target_text.strip())
    if not match:
        return []  # a formula
    import ast  # here: gradcli audit imports this module before it launches its forkserver
    module = match["module"]
    path = module if module.endswith(".py") or "/" in module or os.sep in module else _module_file(module)
    try:
        with open(path, "rb") as handle:
            tree = ast.parse(handle.read(), path)
    except (OSError, SyntaxError, ValueError, TypeError):
        return []  # the check says what is wrong with it
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return [name for name in _SLOW_IMPORTS if name in roots]


def _module_file(name):
    """The file of an importable module, found without running it; None where there is none."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return spec.origin if spec is not None else None


def process_cpu_seconds(pid):
    """The CPU time (user and system, all its threads) process ``pid`` has used so far; None where it cannot be read.

    Read from ``/proc`` (Linux); elsewhere None, and a job's limit is wall time.
    """
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rpartition(b")")[2].split()  # after the command name, which may hold spaces
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime and stime, in clock ticks
    except (OSError, ValueError, IndexError):
        return None


# A job limited in CPU time is still stopped after this many times its limit in wall time: one that sleeps or
# waits uses no CPU time, and a machine so loaded that it gets a tenth of a core is not one to wait for.
WALL_CEILING = 10

# How often, in wall seconds at most, a job limited in CPU time is looked at: its threads may together use more
# than a second of CPU time in a second of wall time.
_CPU_LOOKS = 1.0


def time_left(deadline):
    """Seconds from now to the ``time.monotonic()`` ``deadline`` (0 once past), or None for an infinite one (inf: no limit)."""
    return None if math.isinf(deadline) else max(0.0, deadline - time.monotonic())


def _context(preload):
    """The multiprocessing context workers start from: a forkserver that imports ``preload`` first, where there is one."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(list(preload))  # every worker starts with the checker imported
    return context


def start_forkserver(preload=PRELOAD):
    """Start the forkserver now, importing ``preload`` in the background; returns a function that stops it again.

    The forkserver's imports take a second or more, and the first worker
    waits for them; started before the caller's own imports and reading of
    its input, they run meanwhile on another core. The function returned
    stops a forkserver started here that no worker was asked of (the input was
    bad: exit 2 at once, no process left importing); it does nothing to one
    already running, nor where there is no forkserver.
    """
    if _context(preload).get_start_method() != "forkserver":
        return _nothing
    from multiprocessing import forkserver  # only where there is one

    server = getattr(forkserver, "_forkserver", None)
    before = getattr(server, "_forkserver_pid", None)
    _ensure_forkserver(forkserver)  # launches it and returns: its imports run while the caller goes on
    started = getattr(server, "_forkserver_pid", None)
    if started is None or started == before or not hasattr(server, "_stop"):
        return _nothing

    def stop():
        if server._forkserver_pid == started:  # else gone already, or another one since
            _kill(server)

    return stop


def stop_forkserver():
    """Stop the forkserver gradcli launched in this process, if it still runs: for a process that will ask it for no more workers.

    Left running, it ends after this process does, and its interpreter's own
    exit (0.1-0.3 s) holds this process's stdout and stderr open meanwhile: a
    pipe or a CI runner reading them waits for it. A forkserver the caller's
    own code launched (gradcli used as a library) is left alone: its
    children are the caller's, and would lose their server.
    """
    forkserver = sys.modules.get("multiprocessing.forkserver")
    server = getattr(forkserver, "_forkserver", None)
    pid = getattr(server, "_forkserver_pid", None)
    if pid is not None and _LAUNCHED == [(os.getpid(), pid)] and hasattr(server, "_stop"):
        _kill(server)


def _kill(server):
    """Kill the forkserver of ``server`` (a `multiprocessing.forkserver.ForkServer`), reap it and remove its socket."""
    try:
        os.kill(server._forkserver_pid, signal.SIGKILL)  # closing its pipe would stop it only after its imports, or its exit
        server._stop()
    except OSError:
        pass  # already gone: nothing is left to stop


def _nothing():
    pass


def _ensure_forkserver(forkserver):
    """Start the forkserver if it is not running, deaf to Ctrl-C from its first instruction.

    Ctrl-C reaches the whole process group; gradcli's own process answers it
    (exit 130) and stops the workers. The forkserver ignores it only once its
    imports are done: during them, a Ctrl-C would kill it with a
    KeyboardInterrupt traceback on the terminal. A process started with SIGINT
    ignored keeps it ignored (Python installs its handler only where the parent
    left the default), so it is ignored here for the moment of the launch.
    """
    if not _STOPPED_AT_EXIT:  # a forkserver still importing outlives its parent by up to its imports' second
        _STOPPED_AT_EXIT.append(os.getpid())
        atexit.register(_stop_at_exit)
    server = getattr(forkserver, "_forkserver", None)
    before = getattr(server, "_forkserver_pid", None)
    tracker = getattr(forkserver.resource_tracker, "_resource_tracker", None)
    tracked = getattr(tracker, "_pid", None)
    previous = signal.getsignal(signal.SIGINT)
    if previous is None or threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()  # a handler Python cannot put back, or a thread that may not set one: as it is
    else:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            forkserver.ensure_running()
        finally:
            signal.signal(signal.SIGINT, previous)
    after = getattr(server, "_forkserver_pid", None)
    if after is not None and after != before:  # launched just now, by gradcli: not one the caller's code runs
        _LAUNCHED[:] = [(os.getpid(), after)]
    if getattr(tracker, "_pid", None) not in (None, tracked):  # multiprocessing's resource tracker, launched with it
        _TRACKER[:] = [(os.getpid(), tracker._pid)]


_STOPPED_AT_EXIT = []  # the process that registered `_stop_at_exit`, once it has
_LAUNCHED = []  # (this process, the forkserver gradcli launched in it): the only one `stop_forkserver` stops
_TRACKER = []  # (this process, the resource tracker gradcli's forkserver launch started): what `stop_resource_tracker` stops


def stop_resource_tracker():
    """Stop the resource tracker launched with gradcli's forkserver: for a process about to exit that ran only gradcli's workers.

    multiprocessing starts it with the forkserver, to unlink the named
    semaphores and shared memory its processes leave behind (a user's case may
    make some: a DataLoader, shared memory). Left alone it keeps gradcli's
    stdout and stderr open until it sees this process gone and its own
    interpreter has exited, 0.02-0.1 s that a pipe or a CI runner reading
    gradcli waits for; stopped here, it still cleans up what the cases left
    (closing its pipe is what tells it to), and this process waits for it.
    """
    from multiprocessing import resource_tracker  # imported by the forkserver's launch already

    tracker = resource_tracker._resource_tracker
    if _TRACKER == [(os.getpid(), getattr(tracker, "_pid", None))] and hasattr(tracker, "_stop"):
        try:
            tracker._stop()  # closes its pipe, so it unlinks what is left and exits; then reaps it
        except OSError:
            pass  # gone already


def _stop_at_exit():
    """At this process's exit, stop its forkserver: no child of gradcli's is left running after it (``--timeout``)."""
    if _STOPPED_AT_EXIT == [os.getpid()]:  # not in a child forked from this process, which has no forkserver of its own
        stop_forkserver()


class LocalWorkers:
    """Worker processes on this machine, each running one job at a time sent through a pipe, reused job after job."""

    def __init__(self, preload=PRELOAD, cpu_seconds=process_cpu_seconds, clock=time.monotonic):
        self.context = _context(preload)
        self.idle = []
        self.busy = set()
        self.cpu_seconds, self.clock = cpu_seconds, clock  # a process's CPU time by its pid, and wall time

    def slots(self):
        return os.cpu_count() or 1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for worker in self.idle + list(self.busy):
            worker.close()

    def start(self, job, run):
        """Send ``job`` to an idle worker (or a new one), which answers ``run(job)``."""
        if not self.idle and self.context.get_start_method() == "forkserver":
            from multiprocessing import forkserver  # only where there is one

            _ensure_forkserver(forkserver)
        worker = self.idle.pop() if self.idle else _Worker(self.context)
        worker.clock_started = None
        self._cpu_starts(worker)
        self.busy.add(worker)
        _send(worker, (run, job))
        return worker

    def send_next(self, worker, job, run):
        """Queue ``job`` behind the one ``worker`` runs, so it starts the moment that one ends; False if too big to queue.

        The worker answers its jobs in the order they were sent. Only a job
        whose message fits in the pipe's buffer at once is queued: sending a
        bigger one would wait for the worker to read it, and the caller must
        stay free to stop a job that runs past its time.
        """
        message = ForkingPickler.dumps((run, job))
        if len(message) > _QUEUED_BYTES:
            return False
        _send(worker, message, pickled=True)
        return True

    def holds(self, worker):
        """Whether ``worker`` is still one of this pool's: not stopped, not found dead."""
        return worker in self.busy or worker in self.idle

    @staticmethod
    def deadline(worker, started, timeout):
        """When a job sent at ``started`` runs out of wall time: ``timeout`` from when its clock started, or from ``started``.

        Loading a job's module and framework (`clock_starts`) is bounded by
        ``timeout`` too, so a job never runs past twice its timeout.
        """
        begun = worker.clock_started
        return (started if begun is None else begun) + timeout

    def next_look(self, worker, started, timeout):
        """When to look again whether a job limited to ``timeout`` seconds of CPU time (`over_time`) is past it.

        The soonest its CPU time could reach the limit at one core's pace, and
        at most `_CPU_LOOKS` from now; never after its wall ceiling.
        """
        begun = started if worker.clock_started is None else worker.clock_started
        used = self._cpu_used(worker)
        if used is None:
            return begun + timeout
        now = self.clock()
        return min(begun + WALL_CEILING * timeout, now + min(max(timeout - used, 0.01), _CPU_LOOKS))

    def over_time(self, worker, started, timeout):
        """Why a job sent at ``started`` is past its limit of ``timeout`` seconds of CPU time, for its message; else None.

        The job's CPU time is its worker process's (all its threads) since its
        clock started (`clock_starts`; loading its module and framework has a
        limit of its own, counted from when the job was sent), so a loaded
        machine, which slows a job's wall time, does not stop it. It is still
        stopped after `WALL_CEILING` times its limit in wall time; where CPU
        time cannot be read, the limit is wall time.
        """
        begun = started if worker.clock_started is None else worker.clock_started
        used, now = self._cpu_used(worker), self.clock()
        loading = self.loading(worker)
        if used is None:
            return f"{timeout:g} s{loading}" if now >= begun + timeout else None
        if used >= timeout:
            return f"{timeout:g} s of CPU time{loading}"
        if now >= begun + WALL_CEILING * timeout:
            return (
                f"{WALL_CEILING * timeout:g} s of wall time{loading}, {WALL_CEILING} times its limit of {timeout:g} s "
                f"of CPU time, of which it used {used:.2g} s"
            )
        return None

    def _cpu_used(self, worker):
        """The CPU time ``worker`` has used since its job's clock (or the job) started; None where it cannot be read."""
        now = self.cpu_seconds(worker.process.pid)
        return None if now is None or worker.cpu_from is None else now - worker.cpu_from

    def _cpu_starts(self, worker):
        worker.cpu_from = self.cpu_seconds(worker.process.pid)

    @staticmethod
    def loading(worker):
        """Why a job stopped before its clock started (its module and framework were loading), for its message; else ''."""
        return " while loading its module and framework" if worker.clock_started is None else ""

    def wait(self, workers, timeout):
        wait([w.connection for w in workers] + [w.process.sentinel for w in workers], timeout)

    def poll(self, worker):
        """``(answer, None)`` once ``worker`` has answered, ``(None, how it died)`` if it died, else ``(None, None)``."""
        while worker.connection.poll():
            try:
                result = worker.connection.recv()
            except (EOFError, OSError):
                break
            if isinstance(result, _ClockStarts):
                worker.clock_started = self.clock()
                self._cpu_starts(worker)
                continue
            if isinstance(result, _Retire):
                worker.retiring = True
                continue
            worker.jobs -= 1
            worker.clock_started = None  # a job queued behind this one starts now: its clock has not yet
            self._cpu_starts(worker)
            if worker.retiring:  # a job queued behind this one is handed back, to run in a fresh worker
                self.stop(worker)
            elif not worker.jobs:
                self.busy.discard(worker)
                self.idle.append(worker)
            return result, None
        if worker.process.is_alive():
            return None, None
        worker.process.join()
        self.stop(worker)
        return None, _death(worker.process.exitcode)

    def stop(self, worker):
        """Kill ``worker`` (it will not be reused); says what was done, for the case's message."""
        self.busy.discard(worker)
        worker.close()
        return "its worker was stopped"


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context):
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.jobs = 0  # sent and not yet answered: the one it runs, and any queued behind it
        self.clock_started = None  # when the job it runs started its clock (`clock_starts`), by its pool's clock
        self.cpu_from = None  # the CPU time it had used when that job (or its clock) started
        self.retiring = False  # a framework call it stopped waiting for runs on in it (`_Retire`): given no more jobs

    def close(self):
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.connection.close()


# A job queued behind a running one is sent only if its message fits in the pipe's buffer whole (a socket
# pair's holds 200 KB and more on Linux; an audit case's message is 1-2 KB).
_QUEUED_BYTES = 32_000


def _send(worker, message, pickled=False):
    """Send ``worker`` a job (``pickled``: already bytes) and count it as one it owes an answer for."""
    worker.jobs += 1
    try:
        if pickled:
            worker.connection.send_bytes(message)
        else:
            worker.connection.send(message)
    except OSError:
        pass  # the worker is already dead: poll() says so


def _serve(connection):
    """A worker's loop: run each job it is sent (``(run, job)``) and send back ``run(job)``, until the pipe closes."""
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # what a target prints must not break the JSON on stdout
    # Ctrl-C reaches the whole process group: gradcli's own process answers it (exit 130) and stops
    # its workers, which would otherwise each print a KeyboardInterrupt traceback on the terminal.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _TO_PARENT
    _TO_PARENT = connection
    while True:
        try:
            run, job = connection.recv()
        except (EOFError, OSError):
            return
        answer = run(job)
        from .capture.own_time import calls_left_running  # lazy: gradcli.capture loads with the checker a job runs, not here

        if calls_left_running():
            connection.send(_Retire())
        connection.send(answer)


def _death(code):
    if code is not None and code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class Outcome:
    """What became of a job run alone in a worker: its answer, or why there is none.

    A plain class, not a dataclass: gradcli audit imports this module before it launches its forkserver, and
    dataclasses (with inspect) would add 10 ms to that.
    """

    def __init__(self, answer=None, problem="", timed_out=False):
        self.answer = answer
        self.problem = problem  # "did not finish within 2 s (stopped)", "crashed its worker process (exit code 3)"
        self.timed_out = timed_out


def run_alone(run, job, timeout) -> Outcome:
    """``run(job)`` in a worker process of its own, stopped after ``timeout`` seconds of wall time (inf: none).

    The time counts from when the worker is running: starting the forkserver
    (a second, once per gradcli process) is not the target's time.
    """
    if not timeout > 0:  # nan passes click's FloatRange
        raise InputError(f"--timeout {timeout}: a number of seconds above 0 (inf: no limit)")
    with LocalWorkers() as pool:
        worker = pool.start(job, run)
        started = time.monotonic()
        while True:
            answer, death = pool.poll(worker)
            if answer is not None:
                return Outcome(answer)
            if death is not None:
                return Outcome(problem=f"crashed its worker process ({death})")
            left = time_left(pool.deadline(worker, started, timeout))
            if left == 0:
                why = f"did not finish within {timeout:g} s{pool.loading(worker)} (stopped)"
                pool.stop(worker)
                return Outcome(problem=why, timed_out=True)
            pool.wait([worker], left)


def check_within(resolved, points, options, timeout) -> CheckReport:
    """`gradcli.check` of the resolved target ``resolved`` at ``points``, in a worker, under ``timeout`` seconds."""
    from .checker.results import CheckReport, PointResult  # lazy: as `FUNCTION_TARGET`, off the forkserver's start
    from .checker.verdict import Verdict  # lazy: as above

    outcome = run_alone(_check_job, (resolved.text, points, options), timeout)
    if outcome.answer is not None:
        return _unpacked(outcome.answer)
    why = f"{resolved.text} {outcome.problem}"
    report = CheckReport(resolved.text, resolved.kind, list(resolved.variables), fail_on=options.fail_on)
    chosen = options.wrt or resolved.variables
    for point in points:
        for dtype in options.dtypes:
            result = PointResult({n: _plain(v) for n, v in point.items()}, dtype, error=why)
            result.status = result.value_status = result.gradient_status = Verdict.ERROR
            for key in ("gradient", "exact_gradient", "rule_gradient", "fd_gradient", "fd_error"):
                setattr(result, key, dict.fromkeys(chosen))  # the keys a checked result has
            report.results.append(result)
    return report


def sweep_within(resolved, ranges, options, fixed, timeout):
    """`gradcli.sweep` of the resolved target over ``ranges`` (`Range` objects), in a worker, under ``timeout`` seconds."""
    from .checker.verdict import Verdict  # lazy: as in `check_within`
    from .sweep.results import DtypeSweep, Interval, SweepResult  # lazy: as in `check_within`

    started = time.perf_counter()
    outcome = run_alone(_sweep_job, (resolved.text, ranges, options, fixed), timeout)
    if outcome.answer is not None:
        return _unpacked(outcome.answer)
    why = f"{resolved.text} {outcome.problem}"
    result = SweepResult(resolved.text, resolved.kind, list(resolved.variables), ranges, fixed=fixed, notes=[why],
                         framework=resolved.framework)
    (name, first), points = next(iter(ranges.items())), math.prod(r.n for r in ranges.values())
    box = {v: [r.lo, r.hi] for v, r in ranges.items()} if len(ranges) > 1 else None
    kind = "out of time" if outcome.timed_out else "raised"
    for dtype in options.dtypes:
        whole = Interval(name, first.lo, first.hi, Verdict.ERROR, kind, parts=("value", "gradient"), box=box)
        result.dtypes[dtype] = DtypeSweep(dtype, points, counts={Verdict.ERROR: points}, intervals=[whole])
    result.seconds = time.perf_counter() - started
    return result


def _plain(value):
    return value.tolist() if hasattr(value, "tolist") else value


def _check_job(job):
    """In the worker: the check, packed to cross the pipe (`_packed`)."""
    from .checker.runner import check  # lazy: NumPy and the checker load in the worker, not the caller

    target, points, options = job
    clock_starts(target)
    return _packed(check, target, points, options)


def _sweep_job(job):
    """In the worker: the sweep, packed to cross the pipe (`_packed`)."""
    from .sweep import sweep  # lazy: NumPy and the sweep load in the worker, not the caller

    target, ranges, options, fixed = job
    clock_starts(target)
    return _packed(sweep, target, ranges, options, fixed=fixed)


def _packed(function, *args, **kwargs):
    """``function(*args, **kwargs)`` as ``("ok", pickled result)``, or what it raised as ``("input"|"internal", ...)``.

    Pickled here, so a result that cannot be pickled is an internal error
    reported as such, not a worker that dies with a traceback on the terminal.
    """
    try:
        result = function(*args, **kwargs)
        for fix in getattr(result, "fixes", ()):
            if hasattr(fix, "checked"):
                fix.checked = None  # the re-checked function itself: not needed by any view, often not picklable
        return "ok", pickle.dumps(result)
    except InputError as error:
        return "input", (error.message, error.text, error.span)
    except Exception as error:  # noqa: BLE001 - re-raised in gradcli's own process: exit 3, as without --timeout
        return "internal", f"{type(error).__name__}: {error}"


def _unpacked(answer):
    """The result `_packed` sent, or its error raised here: InputError (exit 2) or an internal error (exit 3)."""
    kind, payload = answer
    if kind == "ok":
        return pickle.loads(payload)
    if kind == "input":
        raise InputError(*payload)
    raise RuntimeError(f"in the check's worker process: {payload}")
