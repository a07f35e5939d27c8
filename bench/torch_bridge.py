"""PyTorch bridge: a check and a sweep of a PyTorch function against the same of its gradcli.numpy twin.

Two workloads, each paired and interleaved in one process, PyTorch's import
and its first trace (make_fx's own warm-up) excluded by untimed warm-up rounds;
every timed run captures and traces the function afresh, as a fresh
``gradcli check`` process would:

  * ``gradcli.check`` of ``sum(softplus(x) * tanh(x))`` written with torch, at
    two 8-element points in float32 and float64, against the same check of
    the twin written with gradcli.numpy; target: at most 2x;
  * ``gradcli.sweep`` of ``log(1 + exp(x)) * tanh(x)`` over x = -200:200 (100
    points, both dtypes, without fixes: the twin here has no source file to
    rewrite, so only PyTorch's sweep would re-sweep its fixes) against the
    twin's sweep; target: at most 2x.

Correctness: both checks give the same verdicts, and the sweep finds the same
float32 overflow threshold (exp's, 88.72) for both.

Run alone: ``.venv/bin/python bench/torch_bridge.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import textwrap

import numpy as np

import common
from gradcli.capture.torch_bridge import _CAPTURED

WORKLOAD_CHECK = "torch check"
WORKLOAD_SWEEP = "torch sweep"
LIMIT = 2.0
REPS = 7
SWEEP_REPS = 3  # a sweep takes seconds, and bench/run.py runs this script in several fresh processes

SOURCE = textwrap.dedent(
    """\
    import torch
    import torch.nn.functional as F


    def loss(x):
        return (F.softplus(x) * torch.tanh(x)).sum()


    def scalar(x):
        return torch.log(1 + torch.exp(x)) * torch.tanh(x)
    """
)


def torch_functions():
    """The PyTorch functions, from a file of their own (so their framework is read from their imports, as a user's is)."""
    import importlib.util

    folder = tempfile.mkdtemp(prefix="gradcli_bench_torch_")
    path = os.path.join(folder, "torch_loss.py")
    with open(path, "w") as handle:
        handle.write(SOURCE)
    spec = importlib.util.spec_from_file_location("gradcli_bench_torch_loss", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def twins():
    import gradcli.numpy as gnp

    def loss(x):
        return gnp.sum(gnp.softplus(x) * gnp.tanh(x))

    def scalar(x):
        return gnp.log(1 + gnp.exp(x)) * gnp.tanh(x)

    return loss, scalar


POINTS = [{"x": np.linspace(-3.0, 3.0, 8)}, {"x": np.linspace(-50.0, 50.0, 8)}]
RANGE = {"x": (-200.0, 200.0, 100)}


def _table(t, title):
    """Print the paired timings (wall and CPU) of PyTorch and its twin; return the paired ratios."""
    ratio, cpu_ratio = t.ratio("torch", "gradcli.numpy"), t.cpu.ratio("torch", "gradcli.numpy")
    rows = []
    for name in ("torch", "gradcli.numpy"):
        mine = name == "torch"
        rows.append([
            name, common.fmt_time(t.median(name)), common.fmt_pct(t.spread(name)), common.fmt_time(t.cpu.median(name)),
            common.fmt_ratio(ratio) if mine else "1.00x", common.fmt_ratio(cpu_ratio) if mine else "1.00x",
        ])
    common.table(["target", "wall time", "spread", "CPU time", "vs twin", "CPU vs twin"], rows, title=title, notes=t.noise_notes())
    return ratio, cpu_ratio


def _note(t, cpu_ratio):
    return f"{common.fmt_time(t.median('torch'))} vs {common.fmt_time(t.median('gradcli.numpy'))}, CPU {common.fmt_ratio(cpu_ratio)}"


def check_part(functions, twin_loss, reps=REPS):
    import gradcli

    runs = {}

    def run_torch():
        _CAPTURED.clear()  # each check traces its graphs afresh, as a fresh `gradcli check` process does
        runs["torch"] = gradcli.check(functions.loss, POINTS, framework="torch")

    def run_twin():
        runs["twin"] = gradcli.check(twin_loss, POINTS)

    common.heading(f"{WORKLOAD_CHECK}: gradcli.check of a PyTorch loss vs its gradcli.numpy twin (2 points x 2 dtypes)")
    t = common.paired([("torch", run_torch), ("gradcli.numpy", run_twin)], reps=reps, warmup=2, cpu=True)
    same = [r.status for r in runs["torch"].results] == [r.status for r in runs["twin"].results]
    ratio, cpu_ratio = _table(t, f"median of {t.reps} paired runs; verdicts agree: {'yes' if same else 'NO'}")
    return common.Target(WORKLOAD_CHECK, "check of a PyTorch function / its gradcli.numpy twin", ratio, LIMIT, correct=same,
                         note=_note(t, cpu_ratio), cpu=cpu_ratio)


def _overflow_threshold(result):
    """Where float32's sweep turns unstable at large x (exp's overflow)."""
    intervals = result.dtypes["float32"].intervals
    return max((i.lo for i in intervals if i.status == "unstable" and i.lo > 0), default=float("nan"))


def sweep_part(functions, twin_scalar, reps=SWEEP_REPS, ranges=RANGE):
    from gradcli.sweep.run import sweep

    runs = {}

    def run_torch():
        _CAPTURED.clear()
        runs["torch"] = sweep(functions.scalar, ranges, framework="torch", fixes=False)

    def run_twin():
        runs["twin"] = sweep(twin_scalar, ranges, fixes=False)

    common.heading(f"{WORKLOAD_SWEEP}: gradcli sweep of a PyTorch function vs its gradcli.numpy twin")
    t = common.paired([("torch", run_torch), ("gradcli.numpy", run_twin)], reps=reps, warmup=1, cpu=True)
    edge = float(np.log(np.finfo(np.float32).max))
    found = _overflow_threshold(runs["torch"]), _overflow_threshold(runs["twin"])
    same = all(abs(f - edge) <= 1e-5 * edge for f in found) if ranges is RANGE else True
    ratio, cpu_ratio = _table(t, f"median of {t.reps} paired runs; float32 overflow found at {found[0]:.7g} and {found[1]:.7g}")
    return common.Target(WORKLOAD_SWEEP, "sweep of a PyTorch function / its gradcli.numpy twin", ratio, LIMIT, correct=same,
                         note=_note(t, cpu_ratio), cpu=cpu_ratio)


def main(argv=()):
    common.ensure_gc_on()
    import torch  # noqa: F401  # the framework's import is not what is measured

    functions = torch_functions()
    twin_loss, twin_scalar = twins()
    targets = [check_part(functions, twin_loss), sweep_part(functions, twin_scalar)]
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
