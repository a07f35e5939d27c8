"""Exact reference at scale: a whole ``gradcli check`` of a Python function of 10^4 and 10^5 inputs.

Wall time of fresh processes, as a user starts them from a shell:

    gradcli grad "log(1+exp(x))" --at 100                                       the headline, the yardstick
    gradcli check m.py:f --random "x=(10000,)" --dtype float64 --json           10^4 inputs
    gradcli check m.py:f --random "x=(100000,)" --dtype float64 --json          10^5 inputs

with ``f(x) = np.sum(np.tanh(x) * np.exp(-x**2) + np.log1p(x**2))``. Each
repetition starts the three once, in a rotated order; ratios are medians of
the per-repetition ratios, all measured in the same run.

Targets:
  * the 10^4 check at most 6x the headline;
  * the 10^5 check at most 12x the 10^4 check;
  * correctness: both checks say ``ok`` and report an exact directional derivative
    (the exact reference was used, not a float stand-in).

Run alone: ``.venv/bin/python bench/exact_scale.py [--reps N]``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import common
from cli_latency import gradcli_command

WORKLOAD = "exact reference at scale"
REPS = 3
SIZES = (10_000, 100_000)
HEADLINE_LIMIT = 6.0
GROWTH_LIMIT = 12.0
SOURCE = (
    "import gradcli.numpy as np\n\n\n"
    "def f(x):\n"
    "    return np.sum(np.tanh(x) * np.exp(-x**2) + np.log1p(x**2))\n"
)


def commands(folder, sizes=SIZES):
    """(name, argv) of the commands timed: the headline first, then one check per size."""
    gradcli, _ = gradcli_command()
    path = os.path.join(folder, "scale_target.py")
    with open(path, "w") as f:
        f.write(SOURCE)
    out = [("headline", gradcli + ["grad", "log(1+exp(x))", "--at", "100"])]
    for n in sizes:
        out.append((f"check {n:,}", gradcli + ["check", f"{path}:f", "--random", f"x=({n},)", "--dtype", "float64", "--json"]))
    return out


def run_once(argv, folder):
    """(seconds, stdout) of one fresh process."""
    started = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=folder)
    return time.perf_counter() - started, proc.stdout


def exact_and_ok(stdout):
    """Whether a check's JSON says ok with an exact directional derivative."""
    try:
        result = json.loads(stdout)["results"][0]
    except (ValueError, KeyError, IndexError):
        return False
    return result.get("status") == "ok" and result.get("exact_directional") not in (None, "nan")


def measure(reps=REPS, sizes=SIZES):
    """{name: [seconds per repetition]}, {name: whether every run was exact and ok}."""
    with tempfile.TemporaryDirectory() as folder:
        cmds = commands(folder, sizes)
        times = {name: [] for name, _ in cmds}
        correct = {name: True for name, _ in cmds}
        for rep in range(reps):
            order = cmds[rep % len(cmds):] + cmds[: rep % len(cmds)]
            for name, argv in order:
                seconds, stdout = run_once(argv, folder)
                times[name].append(seconds)
                if name != "headline":
                    correct[name] = correct[name] and exact_and_ok(stdout)
    return times, correct


def main(argv=()):
    common.ensure_gc_on()
    reps = int(argv[argv.index("--reps") + 1]) if "--reps" in argv else REPS
    times, correct = measure(reps)
    names = list(times)
    ratio_head = statistics.median(b / a for a, b in zip(times["headline"], times[names[1]]))
    ratio_growth = statistics.median(b / a for a, b in zip(times[names[1]], times[names[2]]))
    common.table(
        ["command", "median", "runs", "exact and ok"],
        [[n, common.fmt_time(statistics.median(times[n])), " ".join(f"{t:.2f}" for t in times[n]),
          "-" if n == "headline" else ("yes" if correct[n] else "NO")] for n in names],
        title=f"Fresh processes, {reps} repetitions, rotated order",
    )
    ok = all(correct.values())
    targets = [
        common.Target(WORKLOAD, "check of 10^4 inputs / gradcli grad headline", ratio_head, HEADLINE_LIMIT, "<=", ok),
        common.Target(WORKLOAD, "check of 10^5 inputs / check of 10^4", ratio_growth, GROWTH_LIMIT, "<=", ok),
    ]
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
