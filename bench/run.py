"""Run every gradcli benchmark and print a summary of the targets: ``make bench``.

    .venv/bin/python bench/run.py                 # all of them
    .venv/bin/python bench/run.py w1 untraced     # a selection (w1, w2, untraced, random_direction, cli, exact_scale, sweep, audit, jax, check, torch, tensorflow)
    .venv/bin/python bench/run.py --profile       # also cProfile gradcli's part of W1/W2
    .venv/bin/python bench/run.py torch --repeats 5   # the framework-vs-twin benchmarks run 5 times (default 3)

Each benchmark runs in a fresh interpreter of its own, so that what one leaves
behind (W1's 20,000-node graphs leave a fragmented heap) does not weigh on the
next; within a benchmark, every contender runs in the same process, paired.

The benchmarks that hold a framework against its gradcli.numpy twin (torch,
tensorflow, jax) run ``--repeats`` times, each time in a fresh interpreter
(a fresh clone's ``make bench`` is one such run): their targets report the
median ratio over the runs and the worst one, wall and CPU, and pass only if
the worst run meets the target.

Benchmarks inform, they do not gate: this exits 0 whatever the targets say
(and even when a benchmark crashes, which is reported as ERROR). See
bench/README.md for what is measured and how.
"""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402

SCRIPTS = {
    "w1": ("w1_chain", "W1 scalar chain"),
    "w2": ("w2_arrays", "W2 arrays"),
    "untraced": ("untraced", "untraced forward"),
    "random_direction": ("random_direction", "random-direction check 1e4"),
    "cli": ("cli_latency", "CLI latency"),
    "exact_scale": ("exact_scale", "exact reference at scale"),
    "exact_fft": ("exact_fft", "exact FFT"),
    "sweep": ("sweep_speed", "sweep speed"),
    "audit": ("audit_jobs", "audit workers"),
    "tensorflow": ("tf_bridge", "TensorFlow bridge"),
    "jax": ("jax_speed", "JAX bridge"),
    "check": ("check_speed", "check vs numdifftools"),
    "torch": ("torch_bridge", "PyTorch bridge"),
}
# A framework's ratio to its twin moves from one fresh process to the next (its import, its thread pools, the
# machine's load), more than within one process: these are measured in several fresh runs.
REPEATED = ("torch", "tensorflow", "jax")
DEFAULT_REPEATS = 3


def main(argv):
    repeats, argv = _repeats(argv)
    flags = [a for a in argv if a.startswith("-")]
    names = [a for a in argv if not a.startswith("-")] or list(SCRIPTS)
    unknown = [n for n in names if n not in SCRIPTS]
    if unknown:
        print(f"unknown benchmark(s) {unknown}; choose from {list(SCRIPTS)}")
        return 0
    print("gradcli benchmarks")
    common.print_environment()

    start = time.perf_counter()
    targets, durations = [], []
    for name in names:
        t0 = time.perf_counter()
        times = repeats if name in REPEATED else 1
        targets += across_runs([run_isolated(name, flags) for _ in range(times)])
        durations.append(f"{name} {time.perf_counter() - t0:.0f} s")
    total = time.perf_counter() - start

    common.heading("Summary")
    for t in targets:
        print(t.line())
    n_pass = sum(t.passed for t in targets)
    print()
    print(
        f"{n_pass}/{len(targets)} targets pass; {total:.0f} s in all ({', '.join(durations)}). "
        "Benchmarks inform, they do not gate: exit status 0."
    )
    return 0


def _repeats(argv):
    """``--repeats N`` (or ``--repeats=N``) read off ``argv``: the count and the other arguments."""
    rest, repeats, it = [], DEFAULT_REPEATS, iter(argv)
    for arg in it:
        if arg == "--repeats" or arg.startswith("--repeats="):
            text = arg.partition("=")[2] or next(it, "")
            if not text.isdigit() or int(text) < 1:
                raise SystemExit(f"--repeats takes a count of runs (1 or more), not {text!r}")
            repeats = int(text)
        else:
            rest.append(arg)
    return repeats, rest


def across_runs(runs):
    """One target per target of a benchmark run several times: the median value over the runs, and the worst.

    ``runs`` is a list of each run's targets. A target one run did not report
    (that run crashed) comes back as that run's error, so it fails.
    """
    if len(runs) == 1:
        return runs[0]
    merged = []
    for first in max(runs, key=len):
        same = [next((t for t in run if (t.workload, t.what) == (first.workload, first.what)), None) for run in runs]
        if any(t is None or t.error for t in same):
            crashes = [t for run in runs for t in run if t.error]
            merged.append(crashes[0] if crashes else _crashed(first.workload, "a run did not report this target"))
            continue
        middle = sorted(same, key=lambda t: t.value)[(len(same) - 1) // 2]
        merged.append(dataclasses.replace(
            middle,
            value=statistics.median(t.value for t in same),
            cpu=statistics.median(t.cpu for t in same),
            worst=_worst([t.value for t in same], first.op),
            worst_cpu=_worst([t.cpu for t in same], first.op),
            correct=all(t.correct for t in same),
            runs=len(runs),
        ))
    return merged


def _worst(values, op):
    """The value furthest on the failing side of a target with comparison ``op``; NaN if any run measured none."""
    if any(v != v for v in values):
        return float("nan")
    return max(values) if op == "<=" else min(values)


def _crashed(label, error):
    """The target that stands for a benchmark that crashed before measuring anything."""
    return common.Target(label, "benchmark run", float("nan"), 0.0, error=error)


def run_isolated(name, flags):
    """Run one benchmark in a fresh interpreter (its output goes straight through); return its targets."""
    module_name, label = SCRIPTS[name]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "targets.json")
        sys.stdout.flush()
        command = [sys.executable, os.path.abspath(__file__), "--child", module_name, label, out, *flags]
        status = subprocess.run(command).returncode
        if status != 0 or not os.path.exists(out):
            return [_crashed(label, f"the benchmark process exited with status {status}")]
        with open(out) as f:
            return [common.Target(**fields) for fields in json.load(f)]


def child(module_name, label, out, flags):
    """The body of one fresh benchmark process: run the script, write its targets to ``out`` as JSON."""
    try:
        targets = __import__(module_name).main(flags)
    except Exception as exc:  # a crashed benchmark is reported, not raised
        traceback.print_exc()
        targets = [_crashed(label, f"{type(exc).__name__}: {exc}")]
    sys.stdout.flush()
    with open(out, "w") as f:
        # json writes NaN (a target never measured) as NaN and reads it back as NaN.
        json.dump([dataclasses.asdict(t) for t in targets], f)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        module_name, label, out, *flags = sys.argv[2:]
        child(module_name, label, out, flags)
    else:
        main(sys.argv[1:])
    sys.exit(0)
