"""Run every gradcli benchmark and print a summary of the targets: ``make bench``.

    .venv/bin/python bench/run.py                 # all of them
    .venv/bin/python bench/run.py w1 untraced     # a selection (w1, w2, untraced, random_direction, cli)
    .venv/bin/python bench/run.py --profile       # also cProfile gradcli's part of W1/W2

Benchmarks inform, they do not gate: this exits 0 whatever the targets say
(and even when a benchmark crashes, which is reported as ERROR). See
bench/README.md for what is measured and how.
"""

from __future__ import annotations

import gc
import os
import sys
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
}


def main(argv):
    flags = [a for a in argv if a.startswith("-")]
    names = [a for a in argv if not a.startswith("-")] or list(SCRIPTS)
    unknown = [n for n in names if n not in SCRIPTS]
    if unknown:
        print(f"unknown benchmark(s) {unknown}; choose from {list(SCRIPTS)}")
        return 0
    gc.enable()
    print("gradcli benchmarks")
    common.print_environment()

    start = time.perf_counter()
    targets, durations = [], []
    for name in names:
        module_name, label = SCRIPTS[name]
        t0 = time.perf_counter()
        try:
            module = __import__(module_name)
            targets += module.main(flags)
        except Exception as exc:  # a crashed benchmark is reported, not raised
            traceback.print_exc()
            targets.append(common.Target(label, "benchmark run", float("nan"), 0.0, error=f"{type(exc).__name__}: {exc}"))
        durations.append(f"{name} {time.perf_counter() - t0:.0f} s")
        gc.collect()
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


if __name__ == "__main__":
    main(sys.argv[1:])
    sys.exit(0)
