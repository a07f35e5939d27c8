"""The JAX bridge's cost: a check and a sweep of a JAX function against the same function on gradcli.numpy.

Two user files, the same loss spelled with ``jax.numpy`` and with
``gradcli.numpy``, are checked (``gradcli.check``: two points, float32 and
float64, the exact reference, no fixes) and swept (``gradcli.sweep`` of a
softplus over -1000:1000, both dtypes, no fixes) in the same process, paired,
JAX imported and warmed up before timing (its import is not the bridge's cost).
Each call loads the user's file afresh, as the CLI does, so the JAX side pays
its capture (``make_jaxpr``) and XLA compilation every time: the bridge keeps
the programs XLA compiled for the life of the process (`jax_bridge._EXECUTABLES`,
keyed by the program's text), which a ``gradcli check`` on the command line
never sees again, so each timed JAX run starts with that store empty. The
table gives CPU-time ratios beside the wall-time ones (the machine is shared),
the XLA compilations each timed JAX run paid, and the JAX runs' CPU split
between the thread that runs the check and XLA's compile threads, each against
the twin's whole CPU time: the compilation of JAX's programs is work the twin
has no counterpart of, and no arrangement of the rest removes it.

- the check of the JAX function at most **2x** the check of its twin;
- the sweep at most **2x**.

Correctness: the verdicts agree point by point, and the exact gradients to 1e-10;
both sweeps run to their end (``max_time`` far above what any load makes of
them: a sweep cut short by it measures less work, not faster work).

Run alone: ``.venv/bin/python bench/jax_speed.py``.
"""

from __future__ import annotations

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


class Compilations:
    """The XLA compilations of each timed JAX run: their count and seconds, one list per run; and the wall time
    the caller's thread spent waiting for them (`jax_compile._Compiling.result`), one number per run."""

    def __init__(self):
        self.runs = []
        self.waits = []
        self._result = None

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
                if self.waits:
                    self.waits[-1] += time.perf_counter() - start

        jax_compile._Compiling.result = waited
        return self

    def __exit__(self, *exc):
        import jax  # lazy: JAX is imported by warm_jax, before timing

        from gradcli.capture import jax_compile

        jax.monitoring.unregister_event_duration_listener(self._heard)
        jax_compile._Compiling.result = self._result
        return False

    def _heard(self, event, duration, **kwargs):
        if event == COMPILED and self.runs:
            self.runs[-1].append(duration)

    def first_in_process(self, run, paths):
        """``run(paths)`` as a user's first check of the program pays it: nothing JAX traced, lowered or XLA
        compiled for earlier runs reused (JAX's caches and the bridge's store emptied)."""
        import jax  # lazy: JAX is imported by warm_jax, before timing

        from gradcli.capture import jax_bridge

        jax_bridge._EXECUTABLES.clear()
        jax.clear_caches()
        self.runs.append([])
        self.waits.append(0.0)
        return run(paths)

    def summary(self):
        """"N per run, S s each (median)": what the timed runs paid XLA."""
        counts = sorted(len(r) for r in self.runs)
        each = sorted(d for r in self.runs for d in r)
        if not each:
            return "no XLA compilation in the timed runs"
        return f"XLA compilations per timed JAX run: {counts[len(counts) // 2]}, {common.fmt_time(each[len(each) // 2])} (wall) each"

    def waited(self, walls):
        """"the caller's thread waited W for XLA (wall; median)": what of each timed JAX run's wall time (``walls``,
        the same runs' medians' source) XLA's compilations held the check up, with the share of the run's wall."""
        waits = self.waits[-len(walls):]  # the untimed warm-up rounds come first
        shares = statistics.median(w / t for w, t in zip(waits, walls))
        return f"the caller's thread waited for XLA's compilations {common.fmt_time(statistics.median(waits))} a run (wall, median; {shares:.0%} of its run)"


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
        own = self.samples[name][-len(cpu.samples[name]):]  # the untimed warm-up rounds come first
        pairs = list(zip(own, cpu.samples[name], cpu.samples[base]))
        return (
            statistics.median(mine / theirs for mine, _, theirs in pairs),
            statistics.median((whole - mine) / theirs for mine, whole, theirs in pairs),
        )


def part(workload, run, agreement, limit, reps):
    common.heading(f"{workload}: the JAX function against its gradcli.numpy twin, same process, JAX warm")
    threads = ThreadTimes()
    with tempfile.TemporaryDirectory() as folder, Compilations() as compiled:
        paths = write_twins(folder)
        checks = agreement(*run(paths))
        t = common.paired(
            [("jax", threads.timed("jax", lambda: compiled.first_in_process(run, paths[:1]))),
             ("gradcli.numpy", lambda: run(paths[1:]))],
            reps=reps, warmup=1, cpu=True,
        )
    ratio, cpu_ratio = t.ratio("jax", "gradcli.numpy"), t.cpu.ratio("jax", "gradcli.numpy")
    own, others = threads.split(t.cpu, "jax", "gradcli.numpy")
    split = f"the caller's thread {common.fmt_ratio(own)} + XLA's threads {common.fmt_ratio(others)}"
    common.table(
        ["target", "time", "spread", "CPU time", "vs gradcli.numpy", "CPU vs", "limit", ""],
        [
            ["JAX", common.fmt_time(t.median("jax")), common.fmt_pct(t.spread("jax")), common.fmt_time(t.cpu.median("jax")),
             common.fmt_ratio(ratio), common.fmt_ratio(cpu_ratio), f"<= {limit:g}x", "PASS" if ratio <= limit else "FAIL"],
            ["gradcli.numpy", common.fmt_time(t.median("gradcli.numpy")), common.fmt_pct(t.spread("gradcli.numpy")),
             common.fmt_time(t.cpu.median("gradcli.numpy")), "1.00x", "1.00x", "", ""],
        ],
        title=f"median of {t.reps} paired runs",
        notes=t.noise_notes() + [
            compiled.summary(),
            compiled.waited(t.samples["jax"]),
            f"JAX's CPU time against the twin's (medians of paired runs): {split} (compiling JAX's programs)",
        ],
    )
    common.checks_table(checks)
    return common.Target(
        workload, "the JAX function / its gradcli.numpy twin", ratio, limit, "<=", all(c.ok for c in checks),
        note=f"{common.fmt_time(t.median('jax'))} vs {common.fmt_time(t.median('gradcli.numpy'))}, CPU {common.fmt_ratio(cpu_ratio)}"
        f" ({split})",
    )


def warm_jax():
    """Import JAX and run one computation, so neither its import nor its first start is timed."""
    import jax.numpy as jnp

    float(jnp.sum(jnp.ones(3)))


def main(argv=()):
    common.ensure_gc_on()
    warm_jax()
    targets = [
        part(WORKLOAD_CHECK, check_both, check_agreement, CHECK_LIMIT, reps=5),
        part(WORKLOAD_SWEEP, sweep_both, sweep_agreement, SWEEP_LIMIT, reps=3),
    ]
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
