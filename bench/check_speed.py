"""A whole check per point against numdifftools' ``Gradient``, on about 100 formulas at extreme and ordinary points.

Contenders, paired in one process (each repetition runs both over the whole
set, in an order rotated from one repetition to the next):

    gradcli.check(formula, points, dtypes=("float64",))   the whole check: exact reference, finite
                                                          differences, verdicts, provenance, fixes
    numdifftools.Gradient(f)(point) for each point        f lambdified by sympy from the same formula

The formulas and points are `formulas.CASES` (cancellation, overflow, tiny
derivatives, ordinary functions). Times are per point: a contender's time for
the whole set over the number of points. One more, untimed-for-the-ratio pass
of gradcli with its parts wrapped in timers gives the share of each part of
the check: the exact reference (`reference.compute`), the finite differences
(`fd.differences`), the fixes (`find_fixes`, re-checks of each rewrite
included) and the rest (running the target and recording its ops, judging,
provenance, explanations).

The audit part runs the same set as 100-odd audit cases in a fresh
``gradcli audit SPEC --jobs 2`` process, against the numdifftools loop plus
one process start (a fresh ``python -c "import numdifftools"``: what a script
running that loop pays before its first point). The same audit of one formula
at one point, fresh too, shows what an audit costs besides its checks: the
interpreter, the forkserver's imports, the report.

Targets:
  * gradcli at most 2x numdifftools per point (median of the paired ratios);
  * the audit with ``--jobs 2`` at most 2x the numdifftools loop plus one process start;
  * correctness: the checks' verdicts are the same in every repetition, and the audit's
    worst verdict per case is the in-process check's.

Run alone: ``.venv/bin/python bench/check_speed.py [--reps N] [--profile]``.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np

import common
import formulas

import gradcli
from gradcli.checker import fd, reference, runner

WORKLOAD = "check vs numdifftools"
REPS = 3
RATIO_LIMIT = 2.0
AUDIT_LIMIT = 2.0
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# NumPy spellings of the functions gradcli's formulas name that sympy's NumPy printer does not know (sympy keeps
# sigmoid and softplus as named functions, as gradcli writes them)
_OWN_FUNCTIONS = {
    "sigmoid": lambda z: np.exp(-np.logaddexp(0.0, -z)),
    "softplus": lambda z: np.logaddexp(0.0, z),
    "hypot": np.hypot,
    "log1p": np.log1p,
    "expm1": np.expm1,
    "cbrt": np.cbrt,
}


def numdifftools_function(text):
    """``f(vector)`` for numdifftools: the formula lambdified by sympy (from gradcli's parse, never from text)."""
    import sympy

    from gradcli.expr.parse import parse
    from gradcli.expr.to_sympy import symbols_of, to_sympy

    formula = parse(text)
    symbols = symbols_of(formula)
    compiled = sympy.lambdify([symbols[n] for n in formula.variables], to_sympy(formula, symbols),
                              [_OWN_FUNCTIONS, "numpy"])
    return formula.variables, lambda v: compiled(*v)


def _vector(point, names):
    return np.array([point[n] for n in names] if isinstance(point, dict) else [point], dtype=np.float64)


def contenders(chosen):
    """Per formula, ``(gradcli, numdifftools)``: each runs its contender on the formula's points once."""
    import numdifftools

    pairs = []
    for text, points in chosen:
        names, f = numdifftools_function(text)
        vectors = [_vector(p, names) for p in points]

        def run_gradcli(text=text, points=points):
            return tuple(r.status.value for r in gradcli.check(text, points, dtypes=("float64",)).results)

        def run_numdifftools(f=f, vectors=vectors):
            # Overflow and all-NaN steps at the extreme points: numdifftools warns, as the user's loop would.
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                gradient = numdifftools.Gradient(f)
                for v in vectors:
                    gradient(v)

        pairs.append((run_gradcli, run_numdifftools))
    return pairs


def _timed(fn):
    """``(wall seconds, CPU seconds, result)`` of one call."""
    c0, t0 = common.process_time(), common.perf_counter()
    out = fn()
    return common.perf_counter() - t0, common.process_time() - c0, out


def paired_by_formula(pairs, reps):
    """Per repetition, each contender's wall and CPU seconds over the whole set, and the verdicts seen.

    Paired formula by formula: the two contenders run on one formula back to
    back (which goes first alternates), so a slow phase of a shared machine
    lands on both; the formulas' order rotates from one repetition to the next.
    """
    names = ("gradcli check", "numdifftools")
    wall, cpu = common.Timings(names), common.Timings(names)
    verdicts = []
    for gradcli_run, numdifftools_run in pairs:  # warm-up: scipy.special, sympy's modules, first compiles
        gradcli_run()
        numdifftools_run()
    for rep in range(reps):
        totals = {name: [0.0, 0.0] for name in names}
        seen = [None] * len(pairs)
        order = list(range(len(pairs)))
        order = order[rep * len(order) // max(reps, 1):] + order[: rep * len(order) // max(reps, 1)]
        for k in order:
            runs = list(zip(names, pairs[k]))
            for name, fn in runs if (k + rep) % 2 == 0 else runs[::-1]:
                gc.collect()
                seconds, processor, out = _timed(fn)
                totals[name][0] += seconds
                totals[name][1] += processor
                if name == "gradcli check":
                    seen[k] = out
        for name in names:
            wall.samples[name].append(totals[name][0])
            cpu.samples[name].append(totals[name][1])
        verdicts.append(seen)
    return wall, cpu, verdicts


class _PartTimer:
    """Wraps the parts of a check in timers of CPU time (a shared machine's load moves wall time by
    several times); time inside the fixes counts for the fixes alone."""

    PARTS = ("exact reference", "finite differences", "fixes")

    def __init__(self):
        self.seconds = dict.fromkeys(self.PARTS, 0.0)
        self.inside_fixes = 0

    def wrap(self, part, fn):
        def timed(*args, **kwargs):
            nested = self.inside_fixes and part != "fixes"
            if part == "fixes":
                self.inside_fixes += 1
            started = common.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                if not nested and not (part == "fixes" and self.inside_fixes > 1):
                    self.seconds[part] += common.process_time() - started
                if part == "fixes":
                    self.inside_fixes -= 1

        return timed


def shares(chosen):
    """CPU seconds per part of the check over ``chosen`` (one pass), and the whole pass's."""
    timer = _PartTimer()
    saved = (reference.compute, fd.differences, fd.differences_at_points, runner.find_fixes, runner.find_source_fixes)
    reference.compute = timer.wrap("exact reference", saved[0])
    fd.differences = timer.wrap("finite differences", saved[1])
    fd.differences_at_points = timer.wrap("finite differences", saved[2])  # a check's points at once
    runner.find_fixes = timer.wrap("fixes", saved[3])
    runner.find_source_fixes = timer.wrap("fixes", saved[4])
    try:
        started = common.process_time()
        for text, points in chosen:
            gradcli.check(text, points, dtypes=("float64",))
        whole = common.process_time() - started
    finally:
        (reference.compute, fd.differences, fd.differences_at_points, runner.find_fixes,
         runner.find_source_fixes) = saved
    parts = dict(timer.seconds)
    parts["the rest"] = whole - sum(parts.values())
    return parts, whole


def measure(reps=REPS, n=None):
    """Paired wall and CPU timings over the first ``n`` cases, and the verdicts (None if they moved between runs)."""
    chosen = formulas.cases(n)
    wall, cpu, verdicts = paired_by_formula(contenders(chosen), reps)
    stable = all(v == verdicts[0] for v in verdicts)
    return chosen, wall, cpu, verdicts[0] if stable else None


# -- the audit --------------------------------------------------------------------------


def _point_text(point):
    if isinstance(point, dict):
        return ",".join(f"{k}={v!r}" for k, v in point.items())
    return f"x={point!r}"


def write_spec(folder, chosen, name="gradcli.toml"):
    """An audit spec of the cases (one per formula, float64, its points), as a user would write it."""
    lines = ['[defaults]\ndtypes = ["float64"]\n']
    for k, (text, points) in enumerate(chosen):
        at = ", ".join(json.dumps(_point_text(p)) for p in points)
        lines.append(f'[[case]]\nname = "f{k}"\ntarget = {json.dumps(text)}\nat = [{at}]\n')
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("\n".join(lines))
    return path


def _fresh(argv, pycache=None):
    """``(wall seconds, completed process)`` of ``argv`` run afresh; with ``pycache``, Python's bytecode kept there.

    The process's CPU seconds, with every descendant's it waited for (an
    audit's forkserver, its workers and multiprocessing's resource tracker
    are all reaped before gradcli exits), are left in ``done.cpu``.
    """
    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if pycache is not None:  # compiled once and read back after, as an installed package's modules are
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    done.cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, done


def audit_times(chosen, reps=REPS):
    """Per repetition, wall seconds of fresh processes: the audit, ``import numdifftools``, the audit of one formula at
    one point (what an audit costs besides its checks); and the whole audit's JSON.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (this machine's sessions set it),
    every gradcli module is compiled from source in every process, while
    numdifftools and its dependencies read the bytecode they were installed
    with; the audit and the start are then also timed with bytecode kept
    (after one warm-up), as on any machine where gradcli is installed.
    """
    times, report = {"audit": [], "start": [], "one": [], "audit CPU": [], "start CPU": []}, None
    with tempfile.TemporaryDirectory() as folder:
        spec = write_spec(folder, chosen)
        one = write_spec(folder, [(chosen[0][0], chosen[0][1][:1])], "one.toml")
        audit = [sys.executable, "-m", "gradcli", "audit", spec, "--jobs", "2", "--json"]
        start = [sys.executable, "-c", "import numdifftools"]
        pycache = os.path.join(folder, "pycache") if os.environ.get("PYTHONDONTWRITEBYTECODE") else None
        if pycache is not None:
            times.update({"audit, bytecode kept": [], "start, bytecode kept": []})
            _fresh(audit[:4] + [one] + audit[5:], pycache), _fresh(start, pycache)  # compiles and keeps it
        for _ in range(reps):
            seconds, done = _fresh(audit)
            if done.returncode not in (0, 1):
                raise RuntimeError(f"gradcli audit exited {done.returncode}: {done.stderr[-2000:]}")
            times["audit"].append(seconds)
            times["audit CPU"].append(done.cpu)
            start_seconds, started = _fresh(start)
            times["start"].append(start_seconds)
            times["start CPU"].append(started.cpu)
            times["one"].append(_fresh(audit[:4] + [one] + audit[5:])[0])
            report = json.loads(done.stdout)
            if pycache is not None:
                times["audit, bytecode kept"].append(_fresh(audit, pycache)[0])
                times["start, bytecode kept"].append(_fresh(start, pycache)[0])
    return times, report


def audit_table(chosen, reps, loop, verdicts, loop_cpu=None):
    """Time the audit (`audit_times`), print its table against 2 x ``loop`` + a process start; its ratio and whether it agrees.

    With ``loop_cpu`` (the loop's CPU seconds), the same ratio in CPU is noted:
    the audit's whole process tree against 2 x the loop's CPU and the start's.
    Where other sessions keep both cores busy, the scheduler shares the CPU out
    by session (Linux's autogroups), so an audit's two workers get no more of it
    than the one loop does: the wall-time ratio then tends to this one.
    """
    times, report = audit_times(chosen, reps)
    ratio = statistics.median(a / (AUDIT_LIMIT * loop + s) for a, s in zip(times["audit"], times["start"]))
    median = {name: statistics.median(ts) for name, ts in times.items()}
    rows = [["gradcli audit --jobs 2 (fresh process)", common.fmt_time(median["audit"])],
            ["the same, one formula at one point (its fixed costs)", common.fmt_time(median["one"])],
            ["numdifftools loop (in process)", common.fmt_time(loop)],
            ["process start: python -c 'import numdifftools'", common.fmt_time(median["start"])],
            ["target: 2 x loop + one process start", common.fmt_time(AUDIT_LIMIT * loop + median["start"])]]
    notes = [f"audit / (2 x loop + process start): {ratio:.2f}x"]
    if loop_cpu is not None:
        in_cpu = statistics.median(a / (AUDIT_LIMIT * loop_cpu + s) for a, s in zip(times["audit CPU"], times["start CPU"]))
        notes.append(f"in CPU (the audit's processes, {common.fmt_time(median['audit CPU'])}, against 2 x the loop's "
                     f"{common.fmt_time(loop_cpu)} + the start's {common.fmt_time(median['start CPU'])}): {in_cpu:.2f}x, "
                     "what the ratio tends to when no second core is free")
    if "audit, bytecode kept" in times:
        kept = statistics.median(
            a / (AUDIT_LIMIT * loop + s) for a, s in zip(times["audit, bytecode kept"], times["start, bytecode kept"]))
        rows += [["gradcli audit --jobs 2, bytecode kept (as installed)", common.fmt_time(median["audit, bytecode kept"])],
                 ["process start, bytecode kept", common.fmt_time(median["start, bytecode kept"])]]
        notes.append(f"with bytecode kept for both (PYTHONDONTWRITEBYTECODE is set here): {kept:.2f}x; the target reads the first")
    common.table(["audit", "wall time"], rows, title=f"{len(chosen)} formula cases as one audit, {reps} runs", notes=notes)
    return ratio, audit_agrees(report, chosen, verdicts)


def audit_agrees(report, chosen, verdicts):
    """Whether each audit case's results have the in-process check's verdicts."""
    if verdicts is None:
        return False
    by_name = {case["name"]: case for case in report["cases"]}
    for k, ((text, _), want) in enumerate(zip(chosen, verdicts)):
        case = by_name.get(f"f{k}")
        if case is None or case["check"] is None:
            return False
        if tuple(r["status"] for r in case["check"]["results"]) != want:
            return False
    return True


def main(argv=()):
    common.ensure_gc_on()
    reps = int(argv[argv.index("--reps") + 1]) if "--reps" in argv else REPS
    chosen, wall, cpu, verdicts = measure(reps)
    points = formulas.point_count(chosen)
    ratio, wall_ratio = cpu.ratio("gradcli check", "numdifftools"), wall.ratio("gradcli check", "numdifftools")
    common.table(
        ["contender", "CPU per point", "wall per point", "CPU, whole set", "CPU runs"],
        [[name, common.fmt_time(cpu.median(name) / points), common.fmt_time(wall.median(name) / points),
          common.fmt_time(cpu.median(name)), " ".join(f"{t:.2f}" for t in cpu.samples[name])] for name in cpu.names],
        title=f"{len(chosen)} formulas, {points} points, float64, {reps} repetitions paired formula by formula",
        notes=[f"gradcli / numdifftools per point: {ratio:.2f}x in CPU time, {wall_ratio:.2f}x in wall time "
               "(medians of the per-repetition ratios)"],
    )
    parts, whole = shares(chosen)
    common.table(
        ["part of the check", "per point", "share"],
        [[name, common.fmt_time(s / points), f"{100 * s / whole:.0f}%"] for name, s in parts.items()],
        title="Where a check's CPU time goes (one more pass, parts timed; fixes include their re-checks)",
    )
    audit_ratio, agrees = audit_table(chosen, reps, wall.median("numdifftools"), verdicts, cpu.median("numdifftools"))
    if "--profile" in argv:
        common.profile(lambda: [gradcli.check(t, p, dtypes=("float64",)) for t, p in chosen], title="cProfile of the gradcli loop")
    targets = [
        common.Target(WORKLOAD, "gradcli check / numdifftools Gradient per point (CPU time)", ratio, RATIO_LIMIT, "<=", verdicts is not None,
                      note=f"wall time {wall_ratio:.2f}x"),
        common.Target(WORKLOAD, "audit --jobs 2 / (2 x numdifftools loop + one process start)", audit_ratio, 1.0, "<=", agrees),
    ]
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
