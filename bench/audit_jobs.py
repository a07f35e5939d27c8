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

``--phases [SPEC]`` instead shows where the wall time of one ``gradcli audit
SPEC --jobs 2 --json`` goes (by default a one-point audit of ``sqrt(x + 1) -
sqrt(x)``): each process of the run (gradcli's, its forkserver, the workers)
writes timestamps and its own CPU seconds at each step, through a
``sitecustomize`` module on the ``PYTHONPATH`` of this run only (gradcli is
unchanged), and the table gives the median over ``--reps`` fresh runs.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
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


# -- where one audit's wall time goes (--phases) -------------------------------------------

# Imported by every Python process of the traced run (their PYTHONPATH starts with its folder): each step
# appends "monotonic-time pid cpu-seconds step" to the log named by GRADCLI_BENCH_TRACE.
TRACER = r"""
import importlib.machinery, os, sys, time

LOG = os.environ.get("GRADCLI_BENCH_TRACE")


def log(step):
    line = f"{time.monotonic():.4f} {os.getpid()} {time.process_time():.4f} {step}\n".encode()
    handle = os.open(LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.write(handle, line)
    os.close(handle)


def wrap(owner, name, before, after=None):
    function = getattr(owner, name)

    def traced(*args, **kwargs):
        log(before(*args) if callable(before) else before)
        try:
            return function(*args, **kwargs)
        finally:
            if after:
                log(after(*args) if callable(after) else after)

    traced.__name__, traced.__qualname__, traced.__module__ = function.__name__, function.__qualname__, function.__module__
    setattr(owner, name, traced)


def isolation(module):
    wrap(module, "start_forkserver", None, "forkserver launched")
    wrap(module, "_serve", "worker forked")
    poll = module.LocalWorkers.poll

    def traced_poll(self, worker):
        answer = poll(self, worker)
        if answer[0] is not None:
            log("answer received")
        return answer

    module.LocalWorkers.poll = traced_poll


PATCHES = {
    "gradcli.isolation": isolation,
    "gradcli.audit.run": lambda m: wrap(m, "run_case", "case begins", "case ends"),
    "gradcli.cli": lambda m: (wrap(m, "_audit_cases", None, "spec read"), wrap(m, "_show_audit", None, "report written")),
    "gradcli.audit.preload": lambda m: wrap(m, "exit_now", "exit"),
}
IMPORTS = {"gradcli.cli": "command line", "gradcli.audit.preload_begins": "preload", "numpy": "numpy",
           "gradcli.checker.runner": "checker", "mpmath": "mpmath", "flint": "flint", "sympy": "sympy",
           "scipy.special": "scipy.special", "gradcli.audit.preload_ends": "preload end"}


class Finder:
    busy = set()

    def find_spec(self, name, path, target=None):
        if name not in IMPORTS and name not in PATCHES or name in self.busy:
            return None
        self.busy.add(name)
        try:
            spec = next((s for s in (getattr(f, "find_spec", lambda *a: None)(name, path, target) for f in sys.meta_path
                                     if f is not self) if s is not None), None)
        finally:
            self.busy.discard(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader = spec.loader

        class Loader:
            def create_module(self, spec):
                return loader.create_module(spec)

            def exec_module(self, module):
                if name in IMPORTS:
                    log(f"import {IMPORTS[name]}")
                loader.exec_module(module)
                if name in IMPORTS:
                    log(f"imported {IMPORTS[name]}")
                if name in PATCHES:
                    PATCHES[name](module)

        spec.loader = Loader()
        return spec


if LOG:
    log("interpreter ready")
    sys.meta_path.insert(0, Finder())
"""

ONE_POINT = '[defaults]\ndtypes = ["float64"]\n\n[[case]]\nname = "f0"\ntarget = "sqrt(x + 1) - sqrt(x)"\nat = ["x=0.001"]\n'

# The rows of the table: (process, step, what it marks), in the order a run passes them.
PHASES = [
    ("gradcli", "interpreter ready", "gradcli's interpreter started"),
    ("gradcli", "forkserver launched", "forkserver launched (after gradcli.isolation's imports)"),
    ("gradcli", "imported command line", "click and gradcli.cli imported"),
    ("gradcli", "spec read", "the spec read"),
    ("forkserver", "interpreter ready", "forkserver's interpreter started"),
    ("forkserver", "imported numpy", "preload: NumPy imported"),
    ("forkserver", "imported checker", "preload: the checker imported"),
    ("forkserver", "imported flint", "preload: mpmath and flint imported"),
    ("forkserver", "imported sympy", "preload: sympy imported (a row only if a preloaded module imports it: none should)"),
    ("forkserver", "imported scipy.special", "preload: scipy.special imported (a row only if a preloaded module imports it: none should)"),
    ("forkserver", "imported preload end", "preload done"),
    ("worker", "worker forked", "first worker forked"),
    ("worker", "case begins", "first case begins"),
    ("worker", "case ends", "first case ends"),
    ("worker", "imported scipy.special", "a worker: scipy.special imported (at its first case that needs it, such as digamma; the preload leaves it out)"),
    ("gradcli", "answer received", "its answer received"),
    ("gradcli", "report written", "report written"),
    ("gradcli", "exit", "gradcli exits"),
]


def trace_audit(spec, folder):
    """Run ``gradcli audit spec --jobs 2 --json`` traced: ``{(process, step): (seconds since launch, its CPU)}``, first of each."""
    log = os.path.join(folder, f"trace-{time.monotonic_ns()}.log")
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, GRADCLI_BENCH_TRACE=log, PYTHONPATH=os.pathsep.join([folder, repo, os.environ.get("PYTHONPATH", "")]))
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "gradcli", "audit", spec, "--jobs", "2", "--json"], env=env, capture_output=True)
    ended = time.monotonic()
    lines = [line.split(" ", 3) for line in open(log).read().splitlines()]
    roles = {lines[0][1]: "gradcli"}
    for _, pid, _, step in lines:
        if step == "import preload":
            roles[pid] = "forkserver"
        elif step == "worker forked":
            roles[pid] = "worker"
    seen = {}
    for moment, pid, cpu, step in lines:
        seen.setdefault((roles.get(pid, "other"), step), (float(moment) - started, float(cpu)))
    seen[("gradcli", "output closed")] = (ended - started, float("nan"))
    return seen


def phases(spec=None, reps=REPS):
    """Print where the wall time of a traced audit goes: each step's time since launch and its process's CPU (medians)."""
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "sitecustomize.py"), "w") as handle:
            handle.write(TRACER)
        if spec is None:
            spec = os.path.join(folder, "one.toml")
            with open(spec, "w") as handle:
                handle.write(ONE_POINT)
        runs = [trace_audit(spec, folder) for _ in range(reps)]
    median = {}
    for process, step, label in PHASES + [("gradcli", "output closed", "gradcli's output closed (what a reader waits for)")]:
        times = [run[(process, step)] for run in runs if (process, step) in run]
        if times:
            median[process, step] = (label, statistics.median(t for t, _ in times), statistics.median(c for _, c in times))
    # A step's own time: since its process's step before it; a process's first, since what started it.
    before = {"forkserver": ("gradcli", "forkserver launched"), "worker": ("forkserver", "imported preload end")}
    rows = []
    for (process, step), (label, at, cpu) in sorted(median.items(), key=lambda item: item[1][1]):
        start = before.get(process)
        previous = median.get(start, (None, 0.0))[1]
        before[process] = (process, step)
        rows.append([label, process, f"{at:.3f}", f"{at - previous:.3f}", "" if cpu != cpu else f"{cpu:.3f}"])
    common.table(["step", "process", "s since launch", "s since its process's step before", "its process's CPU s"], rows,
                 title=f"Where one gradcli audit's wall time goes ({reps} fresh runs, medians)",
                 notes=["a process's first step counts from what started it: the forkserver's from its launch, a worker's from "
                        "the end of the forkserver's preload"])


if __name__ == "__main__":
    if sys.argv[1:2] == ["--probe"]:
        _probe(int(sys.argv[2]))
    elif "--phases" in sys.argv:
        after = sys.argv[sys.argv.index("--phases") + 1:]
        phases(after[0] if after and not after[0].startswith("-") else None,
               int(sys.argv[sys.argv.index("--reps") + 1]) if "--reps" in sys.argv else REPS)
    else:
        common.print_environment()
        main(sys.argv[1:])
