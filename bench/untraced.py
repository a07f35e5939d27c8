"""Untraced forward through gradcli.numpy: what does the door cost when nothing is traced?

Calls ``gradcli.numpy.<op>`` on plain values (no differentiation running) and
the same ``numpy.<op>``, on small inputs where per-call overhead dominates:
10-element float64 arrays (plus matmul of two 10x10 matrices), Python floats,
and NumPy float64 scalars.

Each sample times a loop of LOOP calls; the cost of the bare loop (measured
in the same repetition) is subtracted from both contenders, so a figure is
the cost of one call. Nothing here allocates cyclic garbage, so there is no
``gc.collect()`` between samples (the collector stays ON).

Target: gradcli at most 5x plain NumPy per op (one line per kind of input,
judged on the worst op).

Run alone: ``.venv/bin/python bench/untraced.py``.
"""

from __future__ import annotations

import sys
from itertools import repeat

import numpy as np

import common

LOOP = 4000  # calls per sample
REPS = 21
LIMIT = 5.0
WORKLOAD = "untraced forward"


def _looper(f, args):
    """A zero-argument function calling ``f(*args)`` LOOP times, with as little around it as possible."""
    if f is None:

        def run():
            for _ in repeat(None, LOOP):
                pass

    elif len(args) == 1:
        (a,) = args

        def run():
            for _ in repeat(None, LOOP):
                f(a)

    else:
        a, b = args

        def run():
            for _ in repeat(None, LOOP):
                f(a, b)

    return run


def cases():
    """(kind, op name, args) rows; the op is looked up by name in numpy and gradcli.numpy."""
    rng = np.random.default_rng(2)
    a, b = rng.uniform(0.1, 1.0, 10), rng.uniform(0.1, 1.0, 10)
    m1, m2 = rng.standard_normal((10, 10)), rng.standard_normal((10, 10))
    rows = []
    for op, args in [
        ("exp", (a,)),
        ("sin", (a,)),
        ("add", (a, b)),
        ("multiply", (a, b)),
        ("sum", (a,)),
        ("matmul", (m1, m2)),
    ]:
        rows.append(("array(10)" if op != "matmul" else "array(10x10)", op, args))
    for kind, x, y in [("Python float", 0.5, 0.25), ("np.float64", np.float64(0.5), np.float64(0.25))]:
        for op, args in [("exp", (x,)), ("sin", (x,)), ("add", (x, y)), ("multiply", (x, y)), ("sum", (x,))]:
            rows.append((kind, op, args))
    return rows


def _group(kind):
    return "arrays" if kind.startswith("array") else kind


def main(argv=()):
    import gradcli.numpy as gnp

    common.ensure_gc_on()
    common.heading(f"{WORKLOAD}: gradcli.numpy vs numpy on small inputs, nothing traced")
    rows, checks = [], []
    worst = {}  # group -> (ratio, label)
    for kind, op, args in cases():
        np_f, g_f = getattr(np, op), getattr(gnp, op)
        checks.append(common.Check(f"{op}({kind})", common.rel_err(g_f(*args), np_f(*args))))
        t = common.paired(
            [("numpy", _looper(np_f, args)), ("gradcli", _looper(g_f, args)), ("loop", _looper(None, ()))],
            reps=REPS,
            warmup=1,
            collect=False,
        )
        net = {name: [(s - l) / LOOP for s, l in zip(t.samples[name], t.samples["loop"])] for name in ("numpy", "gradcli")}
        np_med = float(np.median(net["numpy"]))
        g_med = float(np.median(net["gradcli"]))
        ratio = float(np.median([g / n for g, n in zip(net["gradcli"], net["numpy"])]))
        group = _group(kind)
        if ratio > worst.get(group, (-1.0, ""))[0]:
            worst[group] = (ratio, f"{op} on {kind}")
        rows.append(
            [
                op,
                kind,
                common.fmt_time(np_med),
                common.fmt_time(g_med),
                common.fmt_time(g_med - np_med),
                common.fmt_ratio(ratio),
                "ok" if ratio <= LIMIT else "OVER",
            ]
        )
    common.table(
        ["op", "input", "numpy/call", "gradcli/call", "overhead", "gradcli/numpy", f"<= {LIMIT:g}x"],
        rows,
        title=(
            f"median of {REPS} paired repetitions of {LOOP} calls each, bare loop cost subtracted; "
            "garbage collector ON"
        ),
        left=2,
        notes=["gradcli/numpy: median of the paired per-repetition ratios (<1: gradcli is cheaper)"],
    )
    print()
    common.checks_table(checks)

    correct = all(c.ok for c in checks)
    targets = [common.correctness_target(WORKLOAD, checks)]
    for group in ("arrays", "Python float", "np.float64"):
        ratio, label = worst[group]
        targets.append(
            common.Target(
                WORKLOAD,
                f"worst gradcli/numpy per-op ratio on {group}",
                ratio,
                LIMIT,
                "<=",
                correct,
                note=f"worst: {label}",
            )
        )
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
