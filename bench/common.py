"""Shared machinery for the gradcli benchmarks: paired timing, tables, targets.

Every benchmark here measures its contenders *paired*: each repetition runs
every contender once (in an order rotated from one repetition to the next, so
no contender always runs first or always runs after the same neighbour), and
the reported figures are medians over repetitions. Ratios are the median of
the per-repetition ratios, so drift in machine speed during a run (other
processes, frequency scaling) cancels out instead of landing on one contender.

The garbage collector stays ON while timing (``timeit`` would switch it off);
``gc.collect()`` runs between samples, outside the timed region, so that
garbage left by one contender is not paid for by the next.

Nothing here is a test: the scripts print what they measure and a PASS/FAIL
line per target, and always finish normally.
"""

from __future__ import annotations

import gc
import math
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass

import numpy as np

perf_counter = time.perf_counter
process_time = time.process_time


# -- timing ---------------------------------------------------------------------


class Timings:
    """Per-call times (seconds) of several contenders, one list entry per repetition."""

    def __init__(self, names):
        self.names = list(names)
        self.samples = {name: [] for name in self.names}

    def median(self, name):
        return statistics.median(self.samples[name])

    def spread(self, name):
        """Half the interquartile range, relative to the median (a noise indicator)."""
        xs = self.samples[name]
        if len(xs) < 4:
            return float("nan")
        q1, _, q3 = statistics.quantiles(xs, n=4)
        return (q3 - q1) / 2 / statistics.median(xs)

    def ratio(self, num, den):
        """Median over repetitions of time(num) / time(den), paired by repetition."""
        pairs = zip(self.samples[num], self.samples[den])
        return statistics.median(a / b for a, b in pairs)

    def noise_notes(self, limit=0.25):
        """A warning line when some contender's spread is above ``limit`` (empty list otherwise)."""
        noisy = [n for n in self.names if self.spread(n) > limit]
        if not noisy:
            return []
        return [
            f"NOISY: spread above {100 * limit:.0f}% for {', '.join(noisy)} (CPU contention from other "
            "processes, or BLAS threads descheduled); trust the paired ratios over the times"
        ]

    @property
    def reps(self):
        return len(self.samples[self.names[0]])


def paired(contenders, reps, warmup=2, number=1, collect=True, cpu=False):
    """Time ``contenders`` (a list of ``(name, fn)``) interleaved, ``reps`` times.

    ``fn()`` is called ``number`` times per sample; the sample is the time per
    call. ``warmup`` untimed rounds of every contender come first. In
    repetition ``r`` the contenders run in the order rotated by ``r``. With
    ``cpu``, the process's CPU time of every sample is kept too, as the
    returned timings' ``cpu`` (``Timings``): unlike wall time, it does not
    count the waits while other processes have the CPU.
    """
    names = [name for name, _ in contenders]
    if len(set(names)) != len(names):
        raise ValueError(f"contender names must be distinct: {names}")
    for _ in range(warmup):
        for _, fn in contenders:
            fn()
    timings = Timings(names)
    timings.cpu = Timings(names) if cpu else None
    k = len(contenders)
    loop = range(number)
    for r in range(reps):
        for j in range(k):
            name, fn = contenders[(r + j) % k]
            if collect:
                gc.collect()
            c0 = process_time() if cpu else 0.0
            t0 = perf_counter()
            for _ in loop:
                fn()
            t1 = perf_counter()
            if cpu:
                timings.cpu.samples[name].append((process_time() - c0) / number)
            timings.samples[name].append((t1 - t0) / number)
    return timings


# -- numbers and tables ----------------------------------------------------------


def fmt_time(seconds):
    """A time with a unit that keeps three or four significant digits."""
    if seconds != seconds:
        return "nan"
    a = abs(seconds)
    if a >= 1:
        return f"{seconds:.3f} s"
    if a >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if a >= 1e-6:
        return f"{seconds * 1e6:.2f} us"
    return f"{seconds * 1e9:.1f} ns"


def fmt_ratio(x):
    return "nan" if x != x else f"{x:.2f}x"


def fmt_pct(x):
    return "n/a" if x != x else f"+-{100 * x:.1f}%"


def table(headers, rows, title=None, notes=(), left=1):
    """Print an aligned plain-text table: the first ``left`` columns left-aligned, the rest right."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row):
        parts = [c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        return "  ".join(parts).rstrip()

    total = sum(widths) + 2 * (len(widths) - 1)
    if title:
        print(title)
    print(line(cells[0]))
    print("-" * total)
    for row in cells[1:]:
        print(line(row))
    for note in notes:
        print(f"  {note}")


def heading(text):
    print()
    print("=" * len(text))
    print(text)
    print("=" * len(text))


# -- correctness -------------------------------------------------------------------


def rel_err(got, want):
    """Normwise relative error max|got - want| / max|want| (plain relative error for scalars)."""
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        return math.inf
    if not (np.all(np.isfinite(got)) and np.all(np.isfinite(want))):
        return 0.0 if np.array_equal(got, want, equal_nan=True) else math.inf
    scale = float(np.max(np.abs(want))) if want.size else 0.0
    diff = float(np.max(np.abs(got - want))) if want.size else 0.0
    if scale == 0.0:
        return 0.0 if diff == 0.0 else math.inf
    return diff / scale


@dataclass
class Check:
    """One comparison of a gradcli result against a reference."""

    what: str
    err: float
    tol: float = 1e-10

    @property
    def ok(self):
        return self.err <= self.tol


def checks_table(checks, title="Correctness (normwise relative error, tolerance 1e-10)"):
    table(
        ["check", "rel. error", "ok"],
        [[c.what, f"{c.err:.2e}", "yes" if c.ok else "NO"] for c in checks],
        title=title,
    )


# -- targets -------------------------------------------------------------------------


@dataclass
class Target:
    """A performance target: ``value`` compared with ``limit`` (``op`` is '<=' or '>=')."""

    workload: str
    what: str
    value: float
    limit: float
    op: str = "<="
    correct: bool = True  # a target measured on wrong results does not pass
    note: str = ""
    error: str = ""  # set when the benchmark crashed before measuring this
    unit: str = "x"  # "x": a ratio, printed 1.23x; "e": a small number, printed 1.2e-15; "n": a count
    cpu: float = math.nan  # the same ratio in CPU time, where the benchmark measured it
    runs: int = 1  # how many fresh runs ``value`` is the median of
    worst: float = math.nan  # with several runs: the worst run's value (a target is met only if every run meets it)
    worst_cpu: float = math.nan

    @property
    def met(self):
        if self.error or self.value != self.value:
            return False
        shown = self.value if self.worst != self.worst else self.worst
        return shown <= self.limit if self.op == "<=" else shown >= self.limit

    @property
    def passed(self):
        return self.met and self.correct

    @property
    def status(self):
        if self.error:
            return "ERROR"
        return "PASS" if self.passed else "FAIL"

    def line(self):
        if self.error:
            return f"ERROR {self.workload}: {self.what}: {self.error}"
        if self.unit == "x":
            shown, limit = f"{self.value:.2f}x", f"{self.limit:g}x"
        elif self.unit == "n":
            shown, limit = f"{self.value:g}", f"{self.limit:g}"
        else:
            shown, limit = f"{self.value:.1e}", f"{self.limit:.0e}"
        text = f"{self.status:<5} {self.workload}: {self.what}: {shown} (target {self.op} {limit})"
        if math.isinf(self.limit):  # a figure reported beside a target, with none of its own
            text = f"{'INFO':<5} {self.workload}: {self.what}: {shown} (reported, no target)"
        if self.runs > 1:
            margin = self.limit / self.worst if self.op == "<=" else self.worst / self.limit
            text += f"; median of {self.runs} runs, worst {fmt_ratio(self.worst)}"
            text += "" if math.isinf(self.limit) else f" (margin {fmt_ratio(margin)})"
            if self.cpu == self.cpu:
                text += f"; CPU median {fmt_ratio(self.cpu)}, worst {fmt_ratio(self.worst_cpu)}"
        if not self.correct:
            text += " -- results WRONG, see correctness table"
        if self.note:
            text += f" -- {self.note}"
        return text


def correctness_target(workload, checks):
    worst = max(checks, key=lambda c: c.err)
    ok = all(c.ok for c in checks)
    return Target(
        workload,
        f"correctness, worst relative error ({worst.what.strip()})",
        worst.err,
        worst.tol,
        "<=",
        correct=ok,
        unit="e",
    )


def print_targets(targets):
    print()
    for t in targets:
        print(t.line())


# -- environment -----------------------------------------------------------------------


def environment_lines():
    try:
        from importlib.metadata import version

        ag = version("autograd")
        gc_ver = version("gradcli")
    except Exception:  # pragma: no cover - metadata missing
        ag = gc_ver = "?"
    try:
        load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    except (AttributeError, OSError):  # pragma: no cover - not on every platform
        load = "unknown"
    threads = {k: os.environ[k] for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS") if k in os.environ}
    return [
        f"python {platform.python_version()} ({platform.python_implementation()}), numpy {np.__version__}, "
        f"autograd {ag}, gradcli {gc_ver}",
        f"{platform.machine()} {platform.system()}, {os.cpu_count()} logical CPUs"
        + (f", affinity {len(os.sched_getaffinity(0))} CPUs" if hasattr(os, "sched_getaffinity") else ""),
        f"garbage collector: {'ON' if gc.isenabled() else 'OFF'} during timing "
        f"(thresholds {gc.get_threshold()}); gc.collect() between samples, untimed "
        "(not in the untraced micro-benchmarks)",
        "BLAS threads: " + (", ".join(f"{k}={v}" for k, v in threads.items()) or "library default"),
        f"load average at start: {load} (other processes on these CPUs add noise; "
        "paired ratios are the figures to trust)",
    ]


def print_environment():
    for line in environment_lines():
        print(line)


def ensure_gc_on():
    """The benchmarks measure with the collector on, as users run; say so if it was off."""
    if not gc.isenabled():
        print("note: the garbage collector was disabled; enabling it for the benchmark", file=sys.stderr)
        gc.enable()


def profile(fn, calls=1, top=15, title="cProfile"):
    """Run ``fn()`` ``calls`` times under cProfile and print the costliest functions (tottime)."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        fn()
    prof.disable()
    print(f"\n{title} ({calls} call(s), sorted by own time)")
    pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats("tottime").print_stats(top)
