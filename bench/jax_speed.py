"""The JAX bridge's cost: a check and a sweep of a JAX function against the same function on gradcli.numpy.

Two user files, the same loss spelled with ``jax.numpy`` and with
``gradcli.numpy``, are checked (``gradcli.check``: two points, float32 and
float64, the exact reference, no fixes) and swept (``gradcli.sweep`` of a
softplus over -1000:1000, both dtypes, no fixes) in the same process, paired,
JAX imported and warmed up before timing (its import is not the bridge's cost).
Each call loads the user's file afresh, as the CLI does, and each JAX run
starts as a new ``gradcli check`` process would (`Compilations.in_new_process`):
JAX's caches and the bridge's in-memory store of compiled programs
(`jax_bridge._EXECUTABLES`) emptied. The JAX side runs two ways:

- a user's first-ever check (``JAX, first ever``): gradcli's folder of XLA's
  executables (`jax_cache`) empty, so XLA compiles JAX's programs, as it does
  for a program never checked before; reported, with no target of its own;
- the repeat check (``JAX, repeat``): the folder warm from an earlier run,
  as it is for a user who checks the same loss again (check, edit, check; a
  sweep after a check; an audit on every build), so the programs are loaded,
  not compiled: the **2x** targets are on this row.

The table gives CPU-time ratios beside the wall-time ones (the machine is
shared), the XLA compilations each timed JAX run paid, how far into the run
XLA's thread got its first program (the caller's traces and lowering before
it: the part of the run no compilation overlaps), how long the caller's
thread then waited for XLA, and each JAX row's CPU split between the thread
that runs the check and the others (XLA's compile threads), each against the
twin's whole CPU time.

The first-ever check has no target: its one XLA compilation (float32's and
float64's value-and-gradient programs as one module, ten fused kernels for
this loss, both needed: each dtype's numbers are under test) takes ~135-140
ms of CPU, ~12-15 ms per kernel, against ~75-85 ms for the twin's whole
check; on two cores, with the caller's own ~95 ms of CPU and the ~40 ms of it
before XLA gets the program, that stays near 2x the twin's wall time whatever
runs beside it. The XLA options measured either keep the bits and save nothing,
or save and change JAX's numbers (bench/README.md, sessions 35 and 37).

- the repeat check of the JAX function at most **2x** the check of its twin;
- the repeat sweep at most **2x**.

Correctness: the verdicts agree point by point, and the exact gradients to 1e-10,
with the cache empty and warm; JAX's own numbers are the same bits both ways;
both sweeps run to their end (``max_time`` far above what any load makes of
them: a sweep cut short by it measures less work, not faster work).

Run alone: ``.venv/bin/python bench/jax_speed.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import statistics
import sys
import tempfile
import time

import numpy as np

import common

CHECK_LIMIT = 2.0
SWEEP_LIMIT = 2.0
WORKLOAD_CHECK = "JAX check"
WORKLOAD_SWEEP = "JAX sweep"
SWEEP_MAX_TIME = 3600.0  # seconds: a whole sweep takes 2-30 s on the 2-core VM under load; 30 s (the default) cut it short

SOURCE = '''\
import {module} as jnp


def loss(x, w):
    return jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w ** 2)


def softplus(x):
    return jnp.log(1 + jnp.exp(x))
'''
POINTS = [{"x": 1.5, "w": [0.5, -1.0, 2.0]}, {"x": 60.0, "w": [0.5, -1.0, 2.0]}]


def write_twins(folder):
    """The JAX file and its gradcli.numpy twin, in ``folder``: their two paths."""
    paths = []
    for name, module in (("with_jax.py", "jax.numpy"), ("with_gradcli.py", "gradcli.numpy")):
        path = os.path.join(folder, name)
        with open(path, "w") as handle:
            handle.write(SOURCE.format(module=module))
        paths.append(path)
    return paths


def check_both(paths, points=POINTS):
    import gradcli

    return [gradcli.check(f"{path}:loss", points, fixes=False) for path in paths]


def sweep_both(paths, n=101):
    import gradcli

    return [
        gradcli.sweep(f"{path}:softplus", {"x": (-1000.0, 1000.0, n, "symlog")}, fixes=False, max_time=SWEEP_MAX_TIME)
        for path in paths
    ]


def check_agreement(jax_report, twin_report):
    """Correctness of the check: the same verdicts, and exact gradients equal to 1e-10."""
    checks = []
    for ours, twin in zip(jax_report.results, twin_report.results):
        same = ours.status == twin.status
        checks.append(common.Check(f"verdict at x={ours.point['x']} {ours.dtype}", 0.0 if same else 1.0, 1e-10))
        for name in ("x", "w"):
            got = np.asarray(ours.exact_gradient[name], dtype=float)
            want = np.asarray(twin.exact_gradient[name], dtype=float)
            checks.append(common.Check(f"exact d/d{name} at x={ours.point['x']} {ours.dtype}", common.rel_err(got, want), 1e-10))
    return checks


def sweep_agreement(jax_sweep, twin_sweep):
    """Correctness of the sweep: both ran to their end, find exp's overflow (NaN from) at the same float, and are ok at 0.

    The intervals need not be the same: JAX's backward graph differs from
    gradcli's rule (it divides by 1 + exp(x), which loses the gradient in
    float32 from x = 87.3, where gradcli's does not), and the sweep says so.
    """
    checks = []
    for dtype in ("float32", "float64"):
        cut = sum(swept.dtypes[dtype].out_of_time for swept in (jax_sweep, twin_sweep))
        checks.append(common.Check(f"{dtype} whole (no point out of time)", float(cut), 1e-10))
        edges = []
        for swept in (jax_sweep, twin_sweep):
            intervals = swept.dtypes[dtype].intervals
            nan = [i.lo for i in intervals if i.kind == "nan"]
            at_zero = [str(i.status) for i in intervals if i.lo <= 0.0 <= i.hi]
            edges.append((nan[:1], at_zero[:1]))
        (ours, ours_zero), (twin, twin_zero) = edges
        same = bool(ours) and ours == twin
        checks.append(common.Check(f"{dtype} NaN from the same float", 0.0 if same else 1.0, 1e-10))
        checks.append(common.Check(f"{dtype} ok at 0", 0.0 if ours_zero == twin_zero == ["ok"] else 1.0, 1e-10))
    return checks


COMPILED = "/jax/core/compile/backend_compile_duration"  # the event JAX records once per XLA compilation
FIRST = "JAX, first ever"  # a user's first check of the program: gradcli's cache of XLA's executables empty
REPEAT = "JAX, repeat"  # the same check again in a new process: the cache warm, nothing else carried over
TWIN = "gradcli.numpy"


class Caches:
    """gradcli's folder of XLA executables (`jax_cache`) as each JAX run finds it: a new, empty one for a user's
    first-ever check, and one kept warm (filled by the untimed runs) for the repeat check."""

    def __init__(self, root):
        self.root, self.made = root, 0
        self.warm = os.path.join(root, "warm")

    def empty(self):
        self.made += 1
        return os.path.join(self.root, f"empty-{self.made}")

    @contextlib.contextmanager
    def at(self, folder):
        """gradcli's cache pointed at ``folder`` for the block (the variable restored afterwards)."""
        from gradcli.capture import jax_cache

        before = os.environ.get(jax_cache.VARIABLE)
        os.environ[jax_cache.VARIABLE] = folder
        try:
            yield
        finally:
            if before is None:
                del os.environ[jax_cache.VARIABLE]
            else:
                os.environ[jax_cache.VARIABLE] = before


class Compilations:
    """The XLA compilations of each timed JAX run, by contender: their seconds, one list per run; the wall time the
    caller's thread spent waiting for them (`jax_compile._Compiling.result`), one number per run; and how far into
    each run the first of them was handed to its thread (`jax_compile._Compiling`: the caller's traces and lowering
    of JAX's programs come first), one number per run."""

    def __init__(self):
        self.runs = {}
        self.waits = {}
        self.starts = {}
        self._current = None
        self._result = None
        self._begun = None
        self._started = None

    def __enter__(self):
        import jax  # lazy: JAX is imported by warm_jax, before timing

        from gradcli.capture import jax_compile

        jax.monitoring.register_event_duration_secs_listener(self._heard)
        self._result = result = jax_compile._Compiling.result

        def waited(compiling):
            start = time.perf_counter()
            try:
                return result(compiling)
            finally:
                if self._current is not None:
                    self.waits[self._current][-1] += time.perf_counter() - start

        jax_compile._Compiling.result = waited
        self._started = started = jax_compile._Compiling.__init__

        def handed(compiling, *args, **kwargs):
            if self._current is not None and math.isnan(self.starts[self._current][-1]):
                self.starts[self._current][-1] = time.perf_counter() - self._begun
            return started(compiling, *args, **kwargs)

        jax_compile._Compiling.__init__ = handed
        return self

    def __exit__(self, *exc):
        import jax  # lazy: JAX is imported by warm_jax, before timing

        from gradcli.capture import jax_compile

        jax.monitoring.unregister_event_duration_listener(self._heard)
        jax_compile._Compiling.result = self._result
        jax_compile._Compiling.__init__ = self._started
        return False

    def _heard(self, event, duration, **kwargs):
        if event == COMPILED and self._current is not None:
            self.runs[self._current][-1].append(duration)

    def in_new_process(self, name, run, paths, caches, folder):
        """``run(paths)`` as a new process pays it, kept under ``name``: nothing JAX traced, lowered or compiled
        for earlier runs reused (JAX's caches and the bridge's in-memory store emptied), gradcli's cache of
        XLA's executables at ``folder`` (``caches.at``)."""
        import jax  # lazy: JAX is imported by warm_jax, before timing

        from gradcli.capture import jax_bridge

        jax_bridge._EXECUTABLES.clear()
        jax.clear_caches()
        self.runs.setdefault(name, []).append([])
        self.waits.setdefault(name, []).append(0.0)
        self.starts.setdefault(name, []).append(math.nan)
        self._current, self._begun = name, time.perf_counter()
        try:
            with caches.at(folder):
                return run(paths)
        finally:
            self._current = None

    def summary(self, name, reps):
        """"N per run, S s each (median)": what ``name``'s last ``reps`` runs (the timed ones) paid XLA."""
        runs = self.runs[name][-reps:]
        counts = sorted(len(r) for r in runs)
        each = sorted(d for r in runs for d in r)
        if not each:
            return f"{name}: no XLA compilation in the timed runs"
        return f"{name}: XLA compilations per timed run: {counts[len(counts) // 2]}, {common.fmt_time(each[len(each) // 2])} (wall) each"

    def waited(self, name, walls):
        """"the caller's thread waited W for XLA (wall; median)": what of each of ``name``'s timed runs' wall time
        (``walls``, the same runs' medians' source) XLA's compilations held the check up, with the share."""
        waits = self.waits[name][-len(walls):]  # the untimed runs come first
        shares = statistics.median(w / t for w, t in zip(waits, walls))
        return f"{name}: the caller's thread waited for XLA's compilations {common.fmt_time(statistics.median(waits))} a run (wall, median; {shares:.0%} of its run)"

    def started(self, name, walls):
        """"the first compilation started S into the run": the wall time before XLA was handed its first program
        in ``name``'s timed runs (the caller's traces and lowering: the part of the run no compilation overlaps)."""
        pairs = [(s, t) for s, t in zip(self.starts[name][-len(walls):], walls) if not math.isnan(s)]
        if not pairs:
            return f"{name}: no program handed to XLA's thread in the timed runs"
        shares = statistics.median(s / t for s, t in pairs)
        return (f"{name}: XLA's thread got its first program {common.fmt_time(statistics.median(s for s, _ in pairs))} into the run "
                f"(wall, median; {shares:.0%} of its run: the caller's traces and lowering of JAX's programs before it)")


class ThreadTimes:
    """The CPU time each run spent on the thread that ran it, per contender: the rest of the process's CPU
    time went to other threads (for JAX, XLA compiling its programs: `jax_compile._Compiling` and XLA's pool)."""

    def __init__(self):
        self.samples = {}

    def timed(self, name, run):
        """``run``, its thread's CPU time kept under ``name`` at each call."""

        def timed_run():
            start = time.thread_time()
            try:
                return run()
            finally:
                self.samples.setdefault(name, []).append(time.thread_time() - start)

        return timed_run

    def split(self, cpu, name, base):
        """``(own thread, other threads)``: medians over the paired runs of ``name``'s CPU time on its own thread
        and on the others, each as a ratio to ``base``'s whole CPU time in the same repetition."""
        own = self.samples[name][-len(cpu.samples[name]):]  # the untimed runs come first
        pairs = list(zip(own, cpu.samples[name], cpu.samples[base]))
        return (
            statistics.median(mine / theirs for mine, _, theirs in pairs),
            statistics.median((whole - mine) / theirs for mine, whole, theirs in pairs),
        )


def same_numbers(first, again):
    """JAX's numbers of a check with the cache empty and warm are the same bits: value and gradient at each point."""
    checks = []
    for one, two in zip(first.results, again.results):
        same = all(np.array_equal(np.asarray(a, dtype=float), np.asarray(b, dtype=float), equal_nan=True)
                   for a, b in [(one.value, two.value)] + [(one.gradient[k], two.gradient[k]) for k in one.gradient])
        checks.append(common.Check(f"cache warm: JAX's own numbers bit for bit at x={one.point['x']} {one.dtype}",
                                   0.0 if same else 1.0, 1e-10))
    return checks


def part(workload, run, agreement, limit, reps, same=None):
    """One workload timed three ways, paired: the JAX file with gradcli's cache of XLA's executables empty (a
    user's first-ever check) and warm (the repeat check: the target), and its gradcli.numpy twin."""
    common.heading(f"{workload}: the JAX function against its gradcli.numpy twin, same process, JAX warm")
    threads = ThreadTimes()
    with tempfile.TemporaryDirectory() as folder, Compilations() as compiled:
        paths = write_twins(folder)
        caches = Caches(folder)
        twin = run(paths[1:])[0]
        cold = compiled.in_new_process(FIRST, run, paths[:1], caches, caches.warm)[0]  # fills the warm cache
        warm = compiled.in_new_process(REPEAT, run, paths[:1], caches, caches.warm)[0]
        checks = agreement(cold, twin) + [dataclasses.replace(c, what=f"cache warm: {c.what}") for c in agreement(warm, twin)]
        checks += same(cold, warm) if same else []
        t = common.paired(
            [(FIRST, threads.timed(FIRST, lambda: compiled.in_new_process(FIRST, run, paths[:1], caches, caches.empty()))),
             (REPEAT, threads.timed(REPEAT, lambda: compiled.in_new_process(REPEAT, run, paths[:1], caches, caches.warm))),
             (TWIN, lambda: run(paths[1:]))],
            reps=reps, warmup=1, cpu=True,
        )
    rows, notes, targets = [], [], []
    kind = workload.split()[-1]  # "check" or "sweep"
    for name, what, target in ((REPEAT, f"the repeat {kind} in a new process (XLA's programs in gradcli's cache)", limit),
                               (FIRST, f"a user's first-ever {kind} (gradcli's cache empty)", math.inf)):
        ratio, cpu_ratio = t.ratio(name, TWIN), t.cpu.ratio(name, TWIN)
        own, others = threads.split(t.cpu, name, TWIN)
        split = f"the caller's thread {common.fmt_ratio(own)} + other threads {common.fmt_ratio(others)}"
        rows.append([name, common.fmt_time(t.median(name)), common.fmt_pct(t.spread(name)), common.fmt_time(t.cpu.median(name)),
                     common.fmt_ratio(ratio), common.fmt_ratio(cpu_ratio), f"<= {target:g}x" if target < math.inf else "none",
                     ("PASS" if ratio <= target else "FAIL") if target < math.inf else ""])
        notes += [compiled.summary(name, t.reps), compiled.started(name, t.samples[name]), compiled.waited(name, t.samples[name]),
                  f"{name}: its CPU time against the twin's (medians of paired runs): {split} (other threads: XLA compiling, or the cache loading)"]
        targets.append(common.Target(
            workload, f"{what} / its gradcli.numpy twin", ratio, target, "<=", all(c.ok for c in checks),
            note=f"{common.fmt_time(t.median(name))} vs {common.fmt_time(t.median(TWIN))}, CPU {common.fmt_ratio(cpu_ratio)} ({split})",
            cpu=cpu_ratio,
        ))
    rows.append([TWIN, common.fmt_time(t.median(TWIN)), common.fmt_pct(t.spread(TWIN)), common.fmt_time(t.cpu.median(TWIN)),
                 "1.00x", "1.00x", "", ""])
    common.table(["target", "time", "spread", "CPU time", "vs gradcli.numpy", "CPU vs", "limit", ""], rows,
                 title=f"median of {t.reps} paired runs", notes=t.noise_notes() + notes)
    common.checks_table(checks)
    return targets


def warm_jax():
    """Import JAX and run one computation, so neither its import nor its first start is timed."""
    import jax.numpy as jnp

    float(jnp.sum(jnp.ones(3)))


def main(argv=()):
    common.ensure_gc_on()
    warm_jax()
    targets = (part(WORKLOAD_CHECK, check_both, check_agreement, CHECK_LIMIT, reps=5, same=same_numbers)
               + part(WORKLOAD_SWEEP, sweep_both, sweep_agreement, SWEEP_LIMIT, reps=3))
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
