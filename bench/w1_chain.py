"""W1: value+grad of a long scalar chain -- per-op overhead of the reverse-mode core.

    x = x + 0.01 * (sin(x) * 1.0001 + log1p(exp(-x)))      (8 ops per repetition)

repeated 250 times (2,000 ops) and 2,500 times (20,000 ops), starting from the
Python float 0.5, differentiated by gradcli (``gradcli.value_and_grad`` over
``gradcli.numpy``) and by HIPS autograd (``autograd.value_and_grad`` over
``autograd.numpy``). The same chain function is used for both, only the numpy
module differs.

Targets:
  * gradcli at least 5x faster per op than autograd at 2,000 ops;
  * gradcli's per-op cost at 20,000 ops at most 1.3x its per-op cost at 2,000
    ops, with the garbage collector ON (no superlinear bookkeeping).

Run alone: ``.venv/bin/python bench/w1_chain.py`` (``--profile`` adds a
cProfile of gradcli's part).
"""

from __future__ import annotations

import math
import sys

import common

OPS_PER_REP = 8
SMALL, LARGE = 250, 2_500  # repetitions: 2,000 and 20,000 ops
REPS = 21
WORKLOAD = "W1 scalar chain"


def make_chain(np_, reps):
    """The chain, written once against a numpy-like module."""

    def chain(x):
        for _ in range(reps):
            x = x + 0.01 * (np_.sin(x) * 1.0001 + np_.log1p(np_.exp(-x)))
        return x

    chain.__name__ = f"chain_{reps * OPS_PER_REP}"
    return chain


def reference(reps, x=0.5):
    """Value and derivative by hand: forward mode in plain floats, no autodiff involved."""
    d = 1.0
    for _ in range(reps):
        e = math.exp(-x)
        d *= 1.0 + 0.01 * (math.cos(x) * 1.0001 - e / (1.0 + e))
        x = x + 0.01 * (math.sin(x) * 1.0001 + math.log1p(e))
    return x, d


def _setup():
    import autograd
    import autograd.numpy as anp

    import gradcli
    import gradcli.numpy as gnp

    fns = {}
    for reps in (SMALL, LARGE):
        fns[("gradcli", reps)] = gradcli.value_and_grad(make_chain(gnp, reps))
        fns[("autograd", reps)] = autograd.value_and_grad(make_chain(anp, reps))
    return fns


def _checks(fns):
    checks = []
    for reps in (SMALL, LARGE):
        n = reps * OPS_PER_REP
        ref_v, ref_g = reference(reps)
        gv, gg = fns[("gradcli", reps)](0.5)
        av, ag = fns[("autograd", reps)](0.5)
        checks += [
            common.Check(f"{n:,} ops: gradcli value vs hand", common.rel_err(gv, ref_v)),
            common.Check(f"{n:,} ops: gradcli grad  vs hand", common.rel_err(gg, ref_g)),
            common.Check(f"{n:,} ops: gradcli grad  vs autograd", common.rel_err(gg, ag)),
            common.Check(f"{n:,} ops: autograd grad vs hand (sanity)", common.rel_err(ag, ref_g)),
        ]
    return checks


def main(argv=()):
    common.ensure_gc_on()
    common.heading(f"{WORKLOAD}: value+grad, x = x + 0.01*(sin(x)*1.0001 + log1p(exp(-x))), from 0.5")
    fns = _setup()
    checks = _checks(fns)

    contenders = []
    for reps in (SMALL, LARGE):
        for lib in ("gradcli", "autograd"):
            f = fns[(lib, reps)]
            contenders.append((f"{lib} {reps * OPS_PER_REP}", lambda f=f: f(0.5)))
    t = common.paired(contenders, reps=REPS, warmup=2)

    n_small, n_large = SMALL * OPS_PER_REP, LARGE * OPS_PER_REP
    rows = []
    for reps in (SMALL, LARGE):
        n = reps * OPS_PER_REP
        for lib in ("gradcli", "autograd"):
            name = f"{lib} {n}"
            med = t.median(name)
            vs = t.ratio(name, f"gradcli {n}")
            scale = t.ratio(name, f"{lib} {n_small}") * n_small / n
            rows.append(
                [
                    f"{n:,}",
                    lib,
                    common.fmt_time(med),
                    common.fmt_time(med / n),
                    common.fmt_pct(t.spread(name)),
                    common.fmt_ratio(vs),
                    common.fmt_ratio(scale),
                ]
            )
    common.table(
        ["ops", "library", "time/call", "time/op", "spread", "vs gradcli", f"per-op vs {n_small:,}"],
        rows,
        title=f"median of {t.reps} paired repetitions; garbage collector ON during timing",
        left=2,
        notes=[
            "vs gradcli: paired ratio of time/op to gradcli's at the same length (>1: slower than gradcli)",
            f"per-op vs {n_small:,}: paired ratio of this length's time/op to the same library's at {n_small:,} ops",
            *t.noise_notes(),
        ],
    )
    print()
    common.checks_table(checks)

    correct = all(c.ok for c in checks)
    speedup = t.ratio(f"autograd {n_small}", f"gradcli {n_small}")
    scaling = t.ratio(f"gradcli {n_large}", f"gradcli {n_small}") * n_small / n_large
    targets = [
        common.correctness_target(WORKLOAD, checks),
        common.Target(WORKLOAD, f"autograd time/op / gradcli time/op at {n_small:,} ops", speedup, 5.0, ">=", correct),
        common.Target(
            WORKLOAD,
            f"gradcli time/op at {n_large:,} ops / at {n_small:,} ops (gc ON)",
            scaling,
            1.3,
            "<=",
            correct,
        ),
    ]
    common.print_targets(targets)

    if "--profile" in argv:
        f = fns[("gradcli", SMALL)]
        common.profile(lambda: f(0.5), calls=20, title=f"gradcli value+grad, {n_small:,} ops")
        f = fns[("gradcli", LARGE)]
        common.profile(lambda: f(0.5), calls=3, title=f"gradcli value+grad, {n_large:,} ops")
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
