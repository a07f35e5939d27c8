"""Exact references of long arrays: how a whole check grows with the length N of the arrays inside a function.

Four functions of one number x, each checked by ``gradcli.check`` in one process at a long N and at a short
baseline N0 (about N / 16) in the same run, float64, CPU time, the median of a few runs:

    power     sum(|fft(sin(0.37 k) + x)|^2),      N = 1024 (a power of two: mixed radix)   vs N0 = 64
    prime     the same at a prime length,         N = 1021 (Bluestein's chirp convolution) vs N0 = 61
    softplus  sum(log1p(exp(x * ones(N)))),       N = 20000 (one number broadcast)         vs N0 = 1250
    hann      sum(hanning(N) * x),                N = 20000 (an exact window)              vs N0 = 1250

A transform as the sum that defines it costs N^2 products: 256x from 64 to 1024, 280x from 61 to 1021; by the
length's factors or by a chirp convolution N log N, about 27x. The broadcast and the window are linear at most (16x):
the broadcast number's ops computed once per run, the window made once per precision.

Targets (per function, in the same run):
  * the check at N at most LIMIT times the check at N0 (40x for the transforms, 20x for the linear ones);
  * the check at N within the default --max-time (30 s of CPU here);
  * correctness: every check ``ok`` with an exact gradient within 1e-9 of its closed form: Parseval's
    2 N sum_j (s_j + x), N sigmoid(x), and the Hann window's sum (N - 1) / 2.

``.venv/bin/python bench/exact_fft.py [--reps N]`` runs it alone.
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass

import numpy as np

import common

WORKLOAD, REPS = "exact FFT", 3
AT = 0.7  # the point checked
MAX_TIME = 30.0  # the default --max-time: the long check must fit in it, in CPU seconds
UNBOUNDED = float("inf")  # the checks' own budget, which reads the wall clock: a loaded machine would cut them short


def _signal(n):
    return np.sin(np.arange(float(n)) * 0.37)


def power_of(n):
    """The spectral loss of a length-``n`` signal, written with gradcli.numpy."""
    import gradcli.numpy as gnp

    def power(x):
        return gnp.sum(gnp.abs(gnp.fft.fft(gnp.sin(gnp.arange(float(n)) * 0.37) + x)) ** 2)

    return power


def softplus_of(n):
    """A softplus summed over one number broadcast into ``n`` entries."""
    import gradcli.numpy as gnp

    def softplus(x):
        return gnp.sum(gnp.log1p(gnp.exp(x * gnp.ones(n))))

    return softplus


def hann_of(n):
    """A length-``n`` Hann window times x, summed."""
    import gradcli.numpy as gnp

    def hann(x):
        return gnp.sum(gnp.hanning(n) * x)

    return hann


def exact_slope(n):
    """d/dx sum_k |X_k|^2 = N d/dx sum_j (s_j + x)^2 (Parseval) = 2 N sum_j (s_j + x)."""
    return 2 * n * float(np.sum(_signal(n) + AT))


@dataclass(frozen=True)
class Case:
    """One function of x made for a length, its exact slope there, the lengths compared and the growth allowed."""

    name: str
    make: object
    slope: object
    short: int
    long: int
    limit: float


CASES = (
    Case("power", power_of, exact_slope, 64, 1024, 40.0),
    Case("prime", power_of, exact_slope, 61, 1021, 40.0),
    Case("softplus", softplus_of, lambda n: n / (1 + float(np.exp(-AT))), 1250, 20000, 20.0),
    Case("hann", hann_of, lambda n: (n - 1) / 2, 1250, 20000, 20.0),
)


def measure(reps=REPS, cases=CASES):
    """{(case name, n): [CPU seconds of one whole check]}, {(case name, n): whether every check was ok, exactly}."""
    import gradcli

    times, correct = {}, {}
    gradcli.check(power_of(8), [{"x": AT}], dtypes=("float64",), fixes=False)  # imports and first calls: untimed
    for _ in range(reps):
        for case in cases:
            for n in (case.short, case.long):
                started = time.process_time()
                (result,) = gradcli.check(case.make(n), [{"x": AT}], dtypes=("float64",), fixes=False,
                                          max_time=UNBOUNDED).results
                times.setdefault((case.name, n), []).append(time.process_time() - started)
                exact, want = result.exact_gradient.get("x"), case.slope(n)
                correct[case.name, n] = correct.get((case.name, n), True) and result.status == "ok" and (
                    exact is not None and abs(float(exact) - want) <= 1e-9 * abs(want))
    return times, correct


def main(argv=()):
    common.ensure_gc_on()
    reps = int(argv[argv.index("--reps") + 1]) if "--reps" in argv else REPS
    times, correct = measure(reps)
    rows, targets = [], []
    for case in CASES:
        short, long = (statistics.median(times[case.name, n]) for n in (case.short, case.long))
        right = correct[case.name, case.short] and correct[case.name, case.long]
        for n in (case.short, case.long):
            rows.append([case.name, str(n), common.fmt_time(statistics.median(times[case.name, n])),
                         " ".join(f"{t:.2f}" for t in times[case.name, n]), "yes" if correct[case.name, n] else "NO"])
        targets.append(common.Target(WORKLOAD, f"{case.name}: check at N = {case.long} / at N = {case.short}",
                                     long / short, case.limit, "<=", right))
        targets.append(common.Target(WORKLOAD, f"{case.name}: check at N = {case.long}, CPU seconds",
                                     round(max(times[case.name, case.long]), 2), MAX_TIME, "<=", right, unit="n"))
    common.table(["function", "N", "median CPU", "runs", "ok and exact"], rows,
                 title=f"gradcli.check of functions of long arrays, float64, {reps} runs")
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
