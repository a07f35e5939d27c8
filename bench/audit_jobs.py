"""Audit workers: ``gradcli audit --jobs 2`` against ``--jobs 1`` on 60 formula cases, and what a worker costs.

The 60 cases are formulas ``log(1+exp(x)) * k + sin(x)`` (k = 1..60) at two
points in float32 and float64, fixes looked for, run by the audit runner
(`gradcli.audit.run.run_audit`) exactly as ``gradcli audit`` runs them:
worker processes forked from a forkserver that has imported the checker,
each case sent through a pipe. Paired repetitions, rotated order; every run
starts its own workers (the forkserver is started once per process, as in
one ``gradcli audit`` run, and its start is shown apart).

"Cases at once" (the cases' own times summed, over the wall time) shows
whether two workers really ran side by side, whatever else loads the machine;
"machine capacity" runs the cases in two plain processes at once against one,
to show how much of the second core other processes left (the speedup cannot
exceed it).

The per-case overhead of a worker is shown two ways:
  * start: forking one worker from the forkserver and running a trivial case,
    minus that case's time in this process (what a replacement worker costs
    after a crash or a timeout);
  * round trip: what a warm worker adds per case (pickling the case, the pipe,
    the result back), from the same trivial case sent 60 times, against 60 runs
    of it in this process.

Targets:
  * ``--jobs 2`` at least 1.5x faster than ``--jobs 1`` (wall time) on 2 cores;
  * per-case round trip at most 20 ms, and a worker start at most 100 ms;
  * correctness: both runs give the verdicts of the cases run in this process.

Run alone: ``.venv/bin/python bench/audit_jobs.py [--reps N]``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

import common

from gradcli.audit.cases import make_case
from gradcli.audit.run import CaseWorkers, run_audit, run_case

WORKLOAD = "audit workers"
REPS = 3
CASES = 60
SPEEDUP_LIMIT = 1.5
ROUND_TRIP_LIMIT = 0.020
START_LIMIT = 0.100


def cases(n=CASES):
    """The formula cases timed, as a spec would give them."""
    settings = {"at": ["x=0.5", "x=3"], "dtypes": ["float32", "float64"]}
    return [make_case(f"c{k}", f"log(1+exp(x)) * {k} + sin(x)", [settings]) for k in range(1, n + 1)]


def verdicts(results):
    return [(r.name, r.status, r.worst_by_dtype) for r in results]


def in_process(chosen):
    """(seconds, results) of running ``chosen`` one by one in this process (workers warmed up the same way)."""
    started = time.perf_counter()
    results = [run_case(case) for case in chosen]
    return time.perf_counter() - started, results


def timed_run(chosen, jobs):
    started = time.perf_counter()
    report = run_audit(chosen, jobs=jobs)
    return time.perf_counter() - started, report.cases


def worker_start(case, probes=5):
    """Median seconds to fork a fresh worker and get one trivial case back, less the case's own time here."""
    own = statistics.median(in_process([case])[0] for _ in range(probes))
    times = []
    for _ in range(probes):
        with CaseWorkers() as pool:
            started = time.perf_counter()
            worker = pool.start(case)
            while pool.outcome(worker, case) is None:
                pool.wait([worker], 1.0)
            times.append(time.perf_counter() - started)
    return statistics.median(times) - own


def round_trip(case, start, n=CASES, probes=3):
    """Median seconds per case that a warm worker adds: n copies of ``case`` through one worker, less here and less its start.

    The same case every time, so the worker and this process are equally warm
    (the 60 timed formulas are not: this process has parsed them before).
    """
    own = statistics.median(in_process([case] * n)[0] for _ in range(probes))
    through = statistics.median(timed_run([case] * n, 1)[0] for _ in range(probes))
    return (through - own - start) / n


def capacity(n=30):
    """How many processes' worth of CPU this machine gives now: two plain processes running the cases at once vs one.

    2.0 on two idle cores; near 1.0 when other processes hold a core, and then
    no number of workers can make the audit faster.
    """
    probe = [sys.executable, __file__, "--probe", str(n)]

    def loop_seconds(procs):
        return max(float(p.communicate()[0].split()[-1]) for p in procs)

    alone = loop_seconds([subprocess.Popen(probe, stdout=subprocess.PIPE, text=True)])
    pair = loop_seconds([subprocess.Popen(probe, stdout=subprocess.PIPE, text=True) for _ in range(2)])
    return 2 * alone / pair


def _probe(n):
    """The body of a capacity probe: warm up, then time the first ``n`` cases in this process."""
    chosen = cases(n)
    in_process(chosen)
    print(in_process(chosen)[0])


def measure(reps=REPS, n=CASES):
    """Timings per contender, the overheads and whether every run gave the in-process verdicts."""
    chosen = cases(n)
    first = time.perf_counter()
    run_audit(chosen[:2], jobs=2)  # starts the forkserver (imports the checker once) and warms the file cache
    forkserver = time.perf_counter() - first
    _, reference = in_process(chosen)  # warm: formulas parsed and compiled once before timing
    times = {"in process": [], "--jobs 1": [], "--jobs 2": []}
    busy = {name: [] for name in times}  # cases' own seconds / wall time: how many ran at once
    correct = True
    for rep in range(reps):
        order = list(times)[rep % 3:] + list(times)[: rep % 3]
        for name in order:
            seconds, results = in_process(chosen) if name == "in process" else timed_run(chosen, int(name[-1]))
            times[name].append(seconds)
            busy[name].append(sum(r.seconds for r in results) / seconds)
            correct = correct and verdicts(results) == verdicts(reference)
    trivial = make_case("trivial", "x", [{"at": ["x=1"], "dtypes": ["float64"], "fixes": False}])
    start = worker_start(trivial)
    overhead = {"start": start, "round trip": round_trip(trivial, start, n), "forkserver": forkserver}
    return times, busy, overhead, correct


def main(argv=()):
    common.ensure_gc_on()
    reps = int(argv[argv.index("--reps") + 1]) if "--reps" in argv else REPS
    times, busy, overhead, correct = measure(reps)
    machine = capacity()
    speedup = statistics.median(a / b for a, b in zip(times["--jobs 1"], times["--jobs 2"]))
    common.table(
        ["contender", "median", "per case", "cases at once", "runs"],
        [
            [name, common.fmt_time(statistics.median(ts)), common.fmt_time(statistics.median(ts) / CASES),
             f"{statistics.median(busy[name]):.2f}", " ".join(f"{t:.2f}" for t in ts)]
            for name, ts in times.items()
        ],
        title=f"{CASES} formula cases (2 points x 2 dtypes each), {reps} paired repetitions, rotated order",
        notes=["cases at once: the cases' own times summed over the wall time (2.00 with two busy workers); "
               "when other processes hold the CPUs it stays near 2 while the wall time does not fall"],
    )
    common.table(
        ["worker overhead", "time"],
        [
            ["round trip per case (a warm worker, the same trivial case 60 times)", common.fmt_time(overhead["round trip"])],
            ["start of a worker (fork from the forkserver, one trivial case)", common.fmt_time(overhead["start"])],
            ["forkserver start, once per run (imports the checker)", common.fmt_time(overhead["forkserver"])],
        ],
    )
    print(f"machine capacity now: two plain processes ran the cases {machine:.2f}x as fast as one (2.00 on two idle cores)")
    targets = [
        common.Target(WORKLOAD, "--jobs 1 / --jobs 2 wall time, 60 cases", speedup, SPEEDUP_LIMIT, ">=", correct),
        common.Target(WORKLOAD, "per-case round trip to a warm worker (s)", overhead["round trip"], ROUND_TRIP_LIMIT, "<=", correct, unit="e"),
        common.Target(WORKLOAD, "start of a replacement worker (s)", overhead["start"], START_LIMIT, "<=", correct, unit="e"),
    ]
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    if sys.argv[1:2] == ["--probe"]:
        _probe(int(sys.argv[2]))
    else:
        common.print_environment()
        main(sys.argv[1:])
