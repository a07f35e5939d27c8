"""Running audit cases: each in a worker process, under its own timeout, gathered in spec order.

A case's timeout is CPU time: its worker's, so a loaded machine slows a case
without stopping it (`LocalWorkers.over_time`; a case that sleeps or waits is
stopped after ten times its timeout in wall time). On a Dask cluster it is
wall time.

A case that raises, runs past its timeout or kills its worker (``os._exit``,
a segfault in an extension) becomes status ``error`` with its message, and
the run goes on, as pytest-xdist turns a crashed worker into one failed test.

Local runs (`CaseWorkers`, over `gradcli.isolation.LocalWorkers`) keep up to ``jobs`` worker processes, each fed
one case at a time through a pipe, so a dead or stopped worker takes no other
case with it and is replaced. Workers are forked from a forkserver that has
already imported the checker, so starting one costs milliseconds, not the
second an interpreter takes to import NumPy and mpmath; a worker is reused
for case after case. ``--executor dask`` (`DaskFutures`) runs the same
`run_case` on a Dask cluster through its ``concurrent.futures`` executor.

Shards: a case belongs to shard `shard_of` (its name's hash) of n, so a
shard's cases are the same on every machine and stay in their shard when
other cases are added, removed or reordered: a CI matrix keeping one baseline
per shard compares like with like.
"""

from __future__ import annotations

import logging
import math
import os
import re
import sys
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import replace

from ..checker.points import parse_fixed, parse_point
from ..checker.target_text import FUNCTION_TARGET
from ..checker.verdict import Verdict
from ..errors import InputError
from ..isolation import LocalWorkers, clock_starts, time_left
from ..jsondata import jsonable
from .cases import swept_range
from .preload import PRELOAD
from .results import AuditReport, CaseResult, shard_of


def run_audit(cases, jobs=None, executor="local", scheduler=None, shard=None, progress=None, journal=None) -> AuditReport:
    """Run ``cases`` (or shard ``(i, n)`` of them) and return the `AuditReport`, its cases in spec order.

    ``progress(result, done, total)`` is called as each case finishes, in the
    order they finish. With a `Journal`, each finished case is recorded in it,
    and the cases it already holds (a resumed run) are taken from it, not run.
    """
    chosen = select_shard(list(enumerate(cases)), shard)
    earlier = journal.finished if journal is not None else {}
    results = {index: earlier[index] for index, _ in chosen if index in earlier}
    to_run = [(index, case) for index, case in chosen if index not in results]
    before = journal.seconds if journal is not None else 0.0

    def finished(index, result):
        result.index = index
        results[index] = result
        if journal is not None:
            journal.record(result, before + time.perf_counter() - start)
        if progress is not None:
            progress(result, len(results) - (len(chosen) - len(to_run)), len(to_run))

    start = time.perf_counter()
    if executor == "dask":
        pool = DaskFutures(scheduler)
    elif executor == "local":
        pool = CaseWorkers()
    else:
        raise InputError(f"--executor {executor}: use local or dask")
    with pool:
        _schedule(to_run, jobs or pool.slots(), pool, finished)
    return AuditReport(cases=[results[i] for i, _ in chosen], shard=shard, seconds=before + time.perf_counter() - start)


def select_shard(indexed, shard):
    """The (index, case) pairs of shard ``(i, n)`` (1 <= i <= n): the cases whose names hash to it (`shard_of`)."""
    if shard is None:
        return indexed
    i, n = shard
    if not 1 <= i <= n:
        raise InputError(f"--shard {i}/{n}: I is 1 to N")
    return [(index, case) for index, case in indexed if shard_of(case.name, n) == i]


def _schedule(indexed, jobs, pool, finished):
    """Keep up to ``jobs`` cases running in ``pool``; stop any past its timeout; report each as it ends.

    A worker that answered gets its next case before the answer is reported
    (the journal's line and the progress), which no idle worker should wait
    for. Where the pool can (`CaseWorkers`), each
    running worker also holds the next case queued behind its own, while more
    cases wait than run: it starts that one the moment it answers, without
    waiting for this process to read the answer and send another (under load,
    5-10 ms a case). A queued case's time starts when the one before it ends;
    a worker stopped or dead hands its queued case back, to run again from
    the start of the queue. A stop (Ctrl-C) in between still reports what ended.
    """
    queue, running, behind = deque(indexed), [], {}  # running: (handle, index, case, started); behind: handle -> (index, case)
    keeper = {}  # "scipy": the worker that took the first case needing scipy.special (`_needs_scipy`)
    _hand_out(queue, running, behind, jobs, pool, keeper)
    while running:
        deadline = min(pool.next_look(handle, started, case.timeout) for handle, _, case, started in running)
        pool.wait([handle for handle, *_ in running], time_left(deadline))
        ended = []
        for entry in list(running):
            handle, index, case, started = entry
            outcome = pool.outcome(handle, case)
            over = pool.over_time(handle, started, case.timeout) if outcome is None else None
            if over is not None:
                how = pool.stop(handle)
                outcome = error_result(case, f"timed out after {over} ({how})", case.timeout)
            if outcome is not None:
                running.remove(entry)
                ended.append((index, outcome))
                if handle in behind:
                    after = behind.pop(handle)
                    if pool.holds(handle):
                        running.append((handle, *after, time.monotonic()))
                    else:
                        queue.appendleft(after)  # never started: its worker is gone
        try:
            _hand_out(queue, running, behind, jobs, pool, keeper)
        finally:
            for index, outcome in ended:
                finished(index, outcome)


def _hand_out(queue, running, behind, jobs, pool, keeper):
    """Start queued cases until ``jobs`` run; then, while more wait than run, queue one behind each running case."""
    local = hasattr(pool, "send_next")
    while queue and len(running) < jobs:
        # A worker started now is not the keeper of scipy.special if the keeper is running a case.
        other = local and any(handle is keeper.get("scipy") for handle, *_ in running)
        index, case = _take(queue, _next_for(queue, keeper, None if other else keeper.get("scipy")))
        handle = pool.start(case)
        running.append((handle, index, case, time.monotonic()))
        if local and _needs_scipy(case):
            keeper.setdefault("scipy", handle)
    if not local:
        return
    if "scipy" in keeper and not pool.holds(keeper["scipy"]):
        del keeper["scipy"]  # stopped or dead: the next worker to need it imports it
    for handle, *_ in running:
        if len(queue) <= len(running):
            return  # near the end: a queued case could wait behind a long one while another worker idles
        position = _next_for(queue, keeper, handle)
        if handle not in behind and pool.send_next(handle, queue[position][1]):
            behind[handle] = _take(queue, position)
            if _needs_scipy(behind[handle][1]):
                keeper.setdefault("scipy", handle)


# Formula functions whose check imports the scipy.special package (autodiff.ops_special): digamma and polygamma,
# and gammaln's gradient (digamma). erf, erfc and xlogy need only SciPy's ufuncs, loaded alone at ~2 ms.
_SCIPY_CALL = re.compile(r"\b(gammaln|digamma|polygamma)\s*\(")


def _needs_scipy(case):
    """Whether ``case`` is a formula calling a function computed with scipy.special, which a worker imports on first use."""
    return not FUNCTION_TARGET.match(case.target.strip()) and bool(_SCIPY_CALL.search(case.target))


def _next_for(queue, keeper, worker):
    """Where in ``queue`` the next case for ``worker`` is (None: a worker that is not the keeper of scipy.special).

    scipy.special costs a worker 0.25 s of CPU to import, once: the cases that
    need it go to the worker that took the first of them, while the others
    take the cases behind them. Only when nothing else waits does another
    worker take one (and import it too). The order cases run in changes, never
    what they answer.
    """
    held = keeper.get("scipy")
    if held is None or worker is held:
        return 0
    return next((k for k, (_, case) in enumerate(queue) if not _needs_scipy(case)), 0)


def _take(queue, position):
    """Remove and return the entry at ``position`` of ``queue``."""
    entry = queue[position]
    del queue[position]
    return entry


class CaseWorkers(LocalWorkers):
    """`LocalWorkers` that run audit cases: `run_case` unless told otherwise, and a dead worker's case an error."""

    def __init__(self):
        super().__init__(PRELOAD)

    def start(self, case, run=None):
        return super().start(case, run or run_case)

    def send_next(self, worker, case, run=None):
        return super().send_next(worker, case, run or run_case)

    def outcome(self, worker, case):
        """The worker's result for ``case``, an error result if the worker died, or None while it runs."""
        result, death = self.poll(worker)
        if death is not None:
            return error_result(case, f"its worker died ({death}) while running it")
        return result


class DaskFutures:
    """Cases on a Dask cluster through its concurrent.futures executor (a local two-worker one without a scheduler).

    A case past its timeout is reported as error and its future cancelled; a
    task already running on a worker cannot be stopped, so it runs on there.
    A case that kills its worker is retried by Dask on another worker (up to
    the scheduler's ``allowed-failures``) before it is reported as error.
    """

    def __init__(self, scheduler=None):
        try:
            import distributed
        except ImportError:
            raise InputError("--executor dask needs the distributed package: pip install 'gradcli[distributed]'") from None
        self.cluster = None
        if scheduler is None:
            self.cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        self.client = distributed.Client(scheduler or self.cluster)
        self.executor = self.client.get_executor(pure=False)

    def slots(self):
        return max(1, sum(self.client.nthreads().values()))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.client.close()
        if self.cluster is not None:
            # A worker of the local cluster that takes longer to stop than distributed waits (4 s: the imports' and the
            # interpreter's exit on a loaded machine) is killed with a warning; its cases are over, so that one note is
            # not the user's. Every other message of the nanny's, a worker's crash or restart, is still shown.
            with _unlogged("distributed.nanny", _KILLED_AT_CLOSE):
                self.cluster.close()

    def start(self, case):
        return self.executor.submit(run_case, case)

    @staticmethod
    def next_look(future, started, timeout):
        """When a case sent at ``started`` runs out of time (a Dask worker keeps what it imported: no loading apart)."""
        return started + timeout

    @staticmethod
    def over_time(future, started, timeout):
        """Why a case sent at ``started`` is past its ``timeout``, for its message (wall time: the cluster's CPU time is
        not read); else None."""
        return f"{timeout:g} s of wall time" if time.monotonic() >= started + timeout else None

    def wait(self, futures, timeout):
        import concurrent.futures

        concurrent.futures.wait(futures, timeout, return_when=concurrent.futures.FIRST_COMPLETED)

    def outcome(self, future, case):
        if not future.done():
            return None
        try:
            return future.result()
        except Exception as error:  # noqa: BLE001 - the cluster lost the task (KilledWorker, cancelled)
            return error_result(case, f"the Dask cluster lost it: {type(error).__name__}: {error}")

    def stop(self, future):
        """Cancel the task; one already running cannot be stopped and runs on in its Dask worker."""
        future.cancel()
        return "its Dask task was cancelled; one already running runs on"


_KILLED_AT_CLOSE = "Worker process still alive after"  # distributed's warning as it kills a worker slow to stop


@contextmanager
def _unlogged(name, start):
    """Within the block, the logger ``name`` drops the messages that start with ``start``, and only those."""

    def shown(record):
        return not record.getMessage().startswith(start)

    logger = logging.getLogger(name)
    logger.addFilter(shown)
    try:
        yield
    finally:
        logger.removeFilter(shown)


def run_case(case) -> CaseResult:
    """Check or sweep one case in this process and judge it; whatever it raises becomes status 'error'."""
    start = time.perf_counter()
    try:
        clock_starts(_located(case))
    except Exception:  # noqa: BLE001 - loading is retried by the check, which reports what fails
        pass
    try:
        result = _sweep(case, start + case.timeout) if case.ranges else _check(case)
    except (Exception, SystemExit) as error:  # noqa: BLE001 - a case's failure is its result, never the run's
        message = error.message if isinstance(error, InputError) else f"{type(error).__name__}: {error}"
        return error_result(case, message, time.perf_counter() - start)
    result.seconds = time.perf_counter() - start
    return result


def error_result(case, message, seconds=0.0) -> CaseResult:
    """The result of a case that could not be judged: status error, with why."""
    return CaseResult(case.name, case.target, "error", seconds, error=message, expect=case.expect, reason=message)


def _check(case):
    from ..checker.runner import check  # lazy: NumPy and the checker load in the worker, not the controller
    from ..checker.targets import by_returned_value, example_points, not_differentiated, resolve  # lazy: as the checker

    target = _located(case)
    resolved = resolve(target, case.options.treat_as_variables, case.options.framework)
    if case.args:
        points = example_points(_located_text(case.args, case.folder), resolved, case.options.framework)
    else:
        data = not_differentiated(resolved.variables, case.options.wrt) if resolved.kind == "function" else ()
        points = [parse_point(text, resolved.variables, data=data) for text in case.at]
    # The check gets the target resolved here, bridged by its returned value as `check` bridges a target
    # given by name: the user's module is imported once per case, a formula parsed once.
    report = check(by_returned_value(resolved, points, case.options.framework), points, case.options)
    by_dtype = {}
    for result in report.results:
        by_dtype[result.dtype] = Verdict.worst(by_dtype.get(result.dtype, Verdict.OK), result.status)
    errors = [f"{r.dtype} at {_point_text(r.point)}: {_why_no_verdict(r)}" for r in report.results if r.status == Verdict.ERROR]
    return judge(case, by_dtype, errors, check=jsonable(report))


def _why_no_verdict(result):
    """Why a point has the verdict ``error``: what the target raised, else why no exact reference was found."""
    if result.error:
        return result.error
    reasons = [f.message for f in result.findings if f.kind == "undetermined"]
    return reasons[0] if reasons else "no verdict"


def _sweep(case, deadline):
    """Sweep a case's range within its timeout (``deadline``, a ``perf_counter`` time) and judge it.

    The sweep's budget is the smaller of the case's ``max_time`` and a tenth less than what the
    timeout leaves, so it ends with every verdict it found and its cut-short points said so,
    before the worker is stopped with nothing to show.
    """
    from ..checker.targets import example_points, held_as_data, resolve  # lazy: NumPy loads in the worker, not the controller
    from ..sweep import sweep  # lazy: NumPy and the sweep load in the worker, not the controller

    name, spec = swept_range(case.ranges[0], case.scale)
    target = _located(case)
    fixed = None
    if case.args or case.at:  # the values of the variables not swept: the user's function's, then at's
        resolved = resolve(target, case.options.treat_as_variables, case.options.framework)
        fixed = {}
        if case.args:
            point = example_points(_located_text(case.args, case.folder), resolved, case.options.framework)[0]
            fixed = {key: value for key, value in point.items() if key != name}
        if case.at:
            data = held_as_data(resolved, [v for v in resolved.variables if v != name], case.options.wrt)
            fixed.update(parse_fixed(case.at[0], resolved.variables, [name], some=bool(case.args), data=data))
    left = 0.9 * (deadline - time.perf_counter())  # the tenth spares loading, judging and the trip back
    options = replace(case.options, max_time=max(min(case.options.max_time, left), 1e-3))
    result = sweep(target, {name: spec}, options, fixed=fixed)
    by_dtype = {dtype: Verdict.worst(*(i.status for i in swept.intervals)) for dtype, swept in result.dtypes.items()}
    errors = [
        f"{dtype} on {i.lo:g}..{i.hi:g}: " + (f"the target raised {i.error}" if i.error else i.kind or "could not be checked")
        for dtype, swept in result.dtypes.items() for i in swept.intervals if i.status == Verdict.ERROR
    ]
    return judge(case, by_dtype, errors, sweep=jsonable(result))


def _point_text(point):
    return ",".join(f"{name}={value:g}" if isinstance(value, float) else f"{name}=array" for name, value in point.items())


def judge(case, by_dtype, errors=(), check=None, sweep=None) -> CaseResult:
    """A case's result from its worst verdict per dtype: pass, fail or error (the target raised), and why.

    A worst verdict of ``error`` (the check could not run: the target raised,
    or the exact reference ran out of time) makes the case ``error`` with the
    first message, unless it is what the case expects.
    """
    worst = Verdict.worst(*by_dtype.values())
    where = ", ".join(d for d, v in by_dtype.items() if v == worst)
    if worst == Verdict.ERROR and case.expect != Verdict.ERROR:
        message = errors[0] if errors else "the check could not run"
        result = error_result(case, message)
        result.check, result.sweep, result.worst_by_dtype = check, sweep, dict(by_dtype)
        return result
    if case.expect is not None:
        passed = worst == case.expect
        how = "as expected" if passed else f"{'worse' if worst.severity > case.expect.severity else 'better'} than expected ({case.expect})"
        reason = f"worst verdict {worst} ({where}), {how}"
    else:
        passed = worst not in case.options.fail_on
        reason = f"worst verdict {worst} ({where})" + ("" if passed else f", fails on {', '.join(case.options.fail_on)}")
    return CaseResult(
        case.name, case.target, "pass" if passed else "fail", check=check, sweep=sweep, worst=worst,
        worst_by_dtype=dict(by_dtype), expect=case.expect, reason=reason,
    )


def _located(case):
    """The case's target as this process can load it: files relative to the spec's folder, modules importable from it."""
    return _located_text(case.target, case.folder)


def _located_text(text, folder):
    """``module:function`` (a target, or a case's args) as this process can load it, relative to ``folder``."""
    match = FUNCTION_TARGET.match(text.strip())
    if not match:
        return text  # a formula
    module = match["module"]
    if module.endswith(".py") or "/" in module or os.sep in module:
        return f"{os.path.join(os.path.abspath(folder), module)}:{match['name']}"
    folder = os.path.abspath(folder)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return text
