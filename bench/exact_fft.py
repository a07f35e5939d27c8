"""Exact Fourier transforms: how a whole check of a spectral loss grows with the signal's length.

    power(x) = sum(|fft(sin(0.37 k) + x)|^2),  k = 0 .. N - 1,  at x = 0.7, float64

checked by ``gradcli.check`` in one process at N = 64 and N = 1024 (its exact
reference on balls, each transform by the length's factors: `fft_steps`), CPU
time, the median of a few runs each. A transform as the sum that defines it
costs N^2 products: 256x from 64 to 1024; by factors N log N, about 27x.

Targets:
  * the check at N = 1024 at most 40x the check at N = 64, in the same run;
  * correctness: both checks ``ok`` with an exact gradient within 1e-9 of its closed form, 2 N sum_j (s_j + x)
    (Parseval: sum_k |X_k|^2 = N sum_j |s_j + x|^2).

``.venv/bin/python bench/exact_fft.py [--reps N]`` runs it alone.
"""

from __future__ import annotations

import statistics
import sys
import time

import numpy as np

import common

WORKLOAD, REPS = "exact FFT", 3
SIZES, GROWTH_LIMIT = (64, 1024), 40.0  # the lengths compared, and the most the longer check may cost over the shorter
AT = 0.7  # the point checked


def power_of(n):
    """The spectral loss of a length-``n`` signal, written with gradcli.numpy."""
    import gradcli.numpy as gnp

    def power(x):
        return gnp.sum(gnp.abs(gnp.fft.fft(gnp.sin(gnp.arange(float(n)) * 0.37) + x)) ** 2)

    return power


def exact_slope(n):
    """d/dx sum_k |X_k|^2 = N d/dx sum_j (s_j + x)^2 (Parseval) = 2 N sum_j (s_j + x)."""
    return 2 * n * float(np.sum(np.sin(np.arange(float(n)) * 0.37) + AT))


def measure(reps=REPS, sizes=SIZES):
    """{n: [CPU seconds of one whole check]}, {n: whether every check was ok with the exact slope}."""
    import gradcli

    times, correct = {n: [] for n in sizes}, {n: True for n in sizes}
    gradcli.check(power_of(8), [{"x": AT}], dtypes=("float64",), fixes=False)  # imports and first calls: untimed
    for _ in range(reps):
        for n in sizes:
            started = time.process_time()
            (result,) = gradcli.check(power_of(n), [{"x": AT}], dtypes=("float64",), fixes=False).results
            times[n].append(time.process_time() - started)
            exact = result.exact_gradient.get("x")
            correct[n] = correct[n] and result.status == "ok" and exact is not None and abs(
                float(exact) - exact_slope(n)) <= 1e-9 * abs(exact_slope(n))
    return times, correct


def main(argv=()):
    common.ensure_gc_on()
    reps = int(argv[argv.index("--reps") + 1]) if "--reps" in argv else REPS
    times, correct = measure(reps)
    small, large = SIZES
    growth = statistics.median(times[large]) / statistics.median(times[small])
    common.table(
        ["N", "median CPU", "runs", "ok and exact"],
        [[str(n), common.fmt_time(statistics.median(times[n])), " ".join(f"{t:.2f}" for t in times[n]),
          "yes" if correct[n] else "NO"] for n in SIZES],
        title=f"gradcli.check of sum(|fft(signal + x)|^2), float64, {reps} runs (N^2 growth would be 256x)",
    )
    targets = [common.Target(WORKLOAD, f"check at N = {large} / check at N = {small}", growth, GROWTH_LIMIT, "<=",
                             all(correct.values()))]
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
