"""Random-direction gradient check at 10^4 inputs: O(1) evaluations, no first-call cost.

The W2 function ``sum(tanh(x)*exp(-x**2) + log1p(x**2))`` (bench/w2_arrays.py),
written with ``gradcli.numpy``, at ``x``: 10^4 float64 (standard normal, seed 0),
checked as ``gradcli.check`` checks a Python function with more than 64
inputs (``gradcli/checker/point.py``, ``check_point``) in float64:

  1. gradcli's value and gradient, traced under the provenance recorder (the
     hooks that find the op which produced a NaN);
  2. ``fd.differences`` on the float64 point: above ``fd.DIRECTIONAL_ABOVE``
     (64) inputs, one Richardson-extrapolated central difference along a
     random unit direction (4 evaluations, whatever n is);
  3. the gradient projected on that direction, against the difference.

That sequence is the "random-direction check". The rest of ``gradcli.check``
(the exact reference with mpmath: the program run on 10^4 mpmath numbers at
two or more precisions, and the gradient rule at high precision) is timed
once with ``--whole`` and shown as an informative row; no target applies to
it. It takes seconds to minutes, so the default run leaves it out.

Targets:
  * the random-direction check at most 3x (one value+grad + two plain
    evaluations), both measured in the same run and paired by repetition, in
    CPU time (wall-clock ratios are printed beside it);
  * no first-call compile cost: in fresh processes, the first check at most 2x
    the median of the following ones, in CPU time (a wait while another
    process runs is not a cost of the call; wall-clock ratios are shown too,
    and the Python function calls of the first and second call are counted).

Run alone: ``.venv/bin/python bench/random_direction.py [--profile] [--whole]``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

import numpy as np

import common
from w2_arrays import hand_value_and_grad_a, objective_a

N = 10**4
REPS = 41
BUDGET_LIMIT = 3.0
FIRST_CALL_LIMIT = 2.0
PROBES = 9  # fresh processes per first-call measurement (a first call preempted by another process is one sample)
PROBE_CALLS = 21  # calls per process: the first, then 20 more
WORKLOAD = "random-direction check 1e4"
CHECK = "random-direction check"
FIRST_CALL_CONTENDERS = (CHECK, "value+grad")


def make_x(n=N):
    return np.random.default_rng(0).standard_normal(n)


def checker_value_and_grad(target, x):
    """Step 1: value and gradient traced under the provenance recorder, as the checker runs them."""
    from gradcli.autodiff.transforms import output_value, pull_back, trace_inputs
    from gradcli.checker import provenance

    recorder = provenance.Recorder(locate_in_python=target.kind == "function")
    with recorder, np.errstate(all="ignore"):
        out, trace, inputs = trace_inputs(target.function, [x], {}, (0,), "check")
        value = output_value(out, trace)
        recorder.phase = "backward"
        (gradient,) = pull_back(out, trace, inputs, [x], (0,), np.ones((), dtype=np.float64)[()])
    return value, gradient


def random_direction_check(target, x, seed=0):
    """The float64 random-direction check of ``target`` (a resolved checker target) at ``x``.

    Returns ``(value, gradient, differences, relative_error)``: ``differences``
    is what ``fd.differences`` returned; the error compares the gradient's
    inner product with the direction against the directional difference (at
    64 inputs or fewer, the gradient against the per-coordinate differences).
    """
    from gradcli.checker import fd

    value, gradient = checker_value_and_grad(target, x)
    differences = fd.differences(target.function, [x], target.analytic, False, seed)
    if differences.directional is None:
        return value, gradient, differences, common.rel_err(gradient, differences.gradient[0])
    projected = float(np.dot(np.ravel(gradient), np.ravel(differences.direction[0])))
    error = abs(projected - differences.directional) / max(abs(differences.directional), 1e-300)
    return value, gradient, differences, error


def setup(n=N):
    """The objective, its resolved checker target, the point, and every timed contender as a zero-argument call."""
    import gradcli
    import gradcli.numpy as gnp
    from gradcli.checker import fd, provenance, reference  # noqa: F401 - imported by set-up, not timed in the first call
    from gradcli.checker.targets import resolve

    f = objective_a(gnp)
    target = resolve(f)
    x = make_x(n)
    forward = objective_a(np)
    vg = gradcli.value_and_grad(f)
    calls = {
        "numpy forward": lambda: forward(x),
        "plain evaluation": lambda: f(x),
        "value+grad": lambda: vg(x),
        "fd.differences": lambda: fd.differences(target.function, [x], target.analytic, False, 0),
        "checker value+grad": lambda: checker_value_and_grad(target, x),
        CHECK: lambda: random_direction_check(target, x),
    }
    return f, target, x, calls


def evaluations(n):
    """How many times ``fd.differences`` calls the function at n inputs."""
    import gradcli.numpy as gnp
    from gradcli.checker import fd

    f = objective_a(gnp)
    count = [0]

    def counted(x):
        count[0] += 1
        return f(x)

    fd.differences(counted, [make_x(n)], False, False, 0)
    return count[0]


# -- first call, in fresh processes ------------------------------------------------------


def _probe(which, mode="time"):
    """In a fresh process: import, set up, then run one contender; print what was measured (JSON).

    ``mode="time"``: the wall and CPU times of PROBE_CALLS calls. ``mode="count"``: how many
    Python function calls (cProfile's count) the first and the second call make;
    unlike a time, a count is not moved by other processes on the machine.
    """
    import time

    common.ensure_gc_on()
    _, _, _, calls = setup()
    fn = calls[which]
    if mode == "count":
        import cProfile
        import pstats

        counts = []
        for _ in range(2):
            prof = cProfile.Profile()
            prof.runcall(fn)
            counts.append(pstats.Stats(prof).total_calls)
        print(json.dumps(counts))
        return
    wall, cpu = [], []
    for _ in range(PROBE_CALLS):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        t1, c1 = time.perf_counter(), time.process_time()
        wall.append(t1 - t0)
        cpu.append(c1 - c0)
    print(json.dumps({"wall": wall, "cpu": cpu}))


def _run_probe(which, mode):
    script = os.path.abspath(__file__)
    proc = subprocess.run(
        [sys.executable, script, "--first-call-probe", which, mode], capture_output=True, text=True, check=True
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def first_calls(which, probes=PROBES):
    """{"wall": [(first call, median of the rest)], "cpu": [...]} over ``probes`` fresh processes."""
    out = {"wall": [], "cpu": []}
    for _ in range(probes):
        times = _run_probe(which, "time")
        for clock in out:
            out[clock].append((times[clock][0], statistics.median(times[clock][1:])))
    return out


def first_call_counts(which):
    """Python function calls made by the first and by the second call, in a fresh process."""
    return tuple(_run_probe(which, "count"))


# -- the report ----------------------------------------------------------------------------


def main(argv=()):
    import gradcli

    common.ensure_gc_on()
    common.heading(
        f"{WORKLOAD}: gradient check of sum(tanh(x)*exp(-x**2) + log1p(x**2)), x: 10**4 float64, as gradcli.check runs it"
    )
    from gradcli.checker import fd

    f, target, x, calls = setup()
    hv, hg = hand_value_and_grad_a(x)
    value, gradient, differences, dir_error = random_direction_check(target, x)
    _, vg_grad = calls["value+grad"]()
    hand_directional = float(np.dot(hg, differences.direction[0]))
    counts = {n: evaluations(n) for n in (fd.DIRECTIONAL_ABOVE, fd.DIRECTIONAL_ABOVE + 1, 10**3, N)}

    t = common.paired(list(calls.items()), reps=REPS, warmup=2, cpu=True)
    clocks = {"cpu": t.cpu, "wall": t}
    budget = {k: [v + 2 * e for v, e in zip(c.samples["value+grad"], c.samples["plain evaluation"])] for k, c in clocks.items()}

    def vs_budget(name, clock):
        return statistics.median(s / b for s, b in zip(clocks[clock].samples[name], budget[clock]))

    whole = whole_status = None
    if "--whole" in argv:  # the whole gradcli.check, once: seconds to minutes (mpmath on 10^4 numbers)
        c0, t0 = common.process_time(), common.perf_counter()
        report = gradcli.check(f, [{"x": x}], dtypes=("float64",))
        whole, whole_cpu = common.perf_counter() - t0, common.process_time() - c0
        whole_status = report.results[0].status

    firsts = {which: first_calls(which) for which in FIRST_CALL_CONTENDERS}
    counts_first = {which: first_call_counts(which) for which in FIRST_CALL_CONTENDERS}

    rows = []
    for name in t.names:
        rows.append(
            [
                name,
                common.fmt_time(t.cpu.median(name)),
                common.fmt_time(t.median(name)),
                common.fmt_pct(t.spread(name)),
                common.fmt_ratio(vs_budget(name, "cpu")),
                common.fmt_ratio(vs_budget(name, "wall")),
                common.fmt_ratio(t.cpu.ratio(name, "plain evaluation")),
                "",
            ]
        )
        if name == "value+grad":
            rows.append(
                [
                    "= value+grad + 2 evaluations",
                    common.fmt_time(statistics.median(budget["cpu"])),
                    common.fmt_time(statistics.median(budget["wall"])),
                    "",
                    "1.00x",
                    "1.00x",
                    common.fmt_ratio(
                        statistics.median(b / e for b, e in zip(budget["cpu"], t.cpu.samples["plain evaluation"]))
                    ),
                    "",
                ]
            )
    check_ratio = vs_budget(CHECK, "cpu")
    rows[-1][-1] = f"<= {BUDGET_LIMIT:g}x {'PASS' if check_ratio <= BUDGET_LIMIT else 'FAIL'}"
    if whole is not None:
        rows.append(
            [
                "gradcli.check, whole (1 call)",
                common.fmt_time(whole_cpu),
                common.fmt_time(whole),
                "",
                common.fmt_ratio(whole_cpu / statistics.median(budget["cpu"])),
                common.fmt_ratio(whole / statistics.median(budget["wall"])),
                common.fmt_ratio(whole_cpu / t.cpu.median("plain evaluation")),
                "informative",
            ]
        )
    common.table(
        ["contender", "CPU/call", "wall/call", "wall spread", "vs vg+2 evals", "(wall)", "vs plain eval", "target"],
        rows,
        title=f"median of {t.reps} paired repetitions, CPU time of this process and wall time; garbage collector ON",
        notes=[
            "plain evaluation: the gradcli.numpy objective on a plain array (nothing traced); numpy forward: numpy's own",
            "fd.differences: the checker's finite differences; above 64 inputs one direction, 4 evaluations",
            "checker value+grad: value and gradient traced under the provenance recorder, as the checker does",
            f"{CHECK}: checker value+grad + fd.differences + projection (the target)",
            "vs vg+2 evals: median of the per-repetition ratio to (value+grad + 2 plain evaluations) of the same "
            "repetition, in CPU time (the target) and in wall time",
            "CPU time does not count waits while other processes run; on a loaded machine a call longer than the "
            "scheduler's slice is preempted in most repetitions, which inflates its wall time alone",
            (
                "gradcli.check, whole: float64 only, also the exact reference with mpmath on 10^4 numbers; "
                "ratios against the medians above"
                if whole is not None
                else "gradcli.check, whole (mpmath reference included): not measured; add --whole (takes minutes)"
            ),
            *t.noise_notes(),
        ],
    )
    print(
        "  function evaluations per fd.differences call: "
        + ", ".join(f"n={n:,}: {c}" for n, c in counts.items())
        + f" (per coordinate up to n={fd.DIRECTIONAL_ABOVE}, one direction above)"
    )

    print()
    first_rows = []
    first_ratios = {}
    for which, measured in firsts.items():
        cpu, wall = measured["cpu"], measured["wall"]
        ratio = statistics.median(a / b for a, b in cpu)
        first_ratios[which] = ratio
        first_rows.append(
            [
                which,
                common.fmt_time(statistics.median(a for a, _ in cpu)),
                common.fmt_time(statistics.median(b for _, b in cpu)),
                common.fmt_ratio(ratio),
                common.fmt_ratio(max(a / b for a, b in cpu)),
                common.fmt_ratio(statistics.median(a / b for a, b in wall)),
                "{} / {}".format(*counts_first[which]),
            ]
        )
    common.table(
        ["contender", "first call", "rest (median)", "first / rest", "worst process", "wall first / rest", "Python calls 1st / 2nd"],
        first_rows,
        title=(
            f"first call in a fresh process (after imports and set-up), CPU time; {PROBES} processes of "
            f"{PROBE_CALLS} calls each, medians over processes"
        ),
        notes=[
            "CPU time (time.process_time) of the calls: a first call preempted by another process is not "
            "billed for the wait; the wall-clock ratio is shown for comparison",
            "first / rest: median over processes of (first call / median of that process's later calls)",
            "Python calls: function calls cProfile counts in the first and the second call of one more fresh "
            "process (a lazy import or a compile step would show as extra calls; other processes cannot move a count)",
        ],
    )

    print()
    checks = [
        ("value vs numpy hand", common.rel_err(value, hv), 1e-10),
        ("checker gradient vs numpy hand", common.rel_err(gradient, hg), 1e-10),
        ("value_and_grad gradient vs numpy hand", common.rel_err(vg_grad, hg), 1e-10),
        ("directional difference vs hand gradient . direction", abs(differences.directional - hand_directional) / abs(hand_directional), fd.RELIABLE_RELATIVE_ERROR),
        ("directional difference vs checker gradient . direction", dir_error, fd.RELIABLE_RELATIVE_ERROR),
        ("fd.differences judged reliable", 0.0 if differences.reliable else float("inf"), 0.0),
        ("fd.differences used one random direction", 0.0 if differences.method == "random-direction" else float("inf"), 0.0),
    ]
    if whole is not None:
        checks.append(("gradcli.check verdict is ok", 0.0 if whole_status == "ok" else float("inf"), 0.0))
    checks = [common.Check(what, err, tol) for what, err, tol in checks]
    common.table(
        ["check", "rel. error", "tolerance", "ok"],
        [[c.what, f"{c.err:.2e}", f"{c.tol:.0e}", "yes" if c.ok else "NO"] for c in checks],
        title="Correctness (relative error; finite differences in float64 are held to 1e-6)",
    )

    correct = all(c.ok for c in checks)
    targets = [
        common.correctness_target(WORKLOAD, checks),
        common.Target(
            WORKLOAD,
            f"{CHECK} / (value+grad + 2 plain evaluations), CPU time",
            check_ratio,
            BUDGET_LIMIT,
            "<=",
            correct,
            note=(
                f"CPU {common.fmt_time(t.cpu.median(CHECK))} vs {common.fmt_time(statistics.median(budget['cpu']))}; "
                f"wall-clock ratio {vs_budget(CHECK, 'wall'):.2f}x"
            ),
        ),
        common.Target(
            WORKLOAD,
            f"{CHECK}: first call / median of later calls, fresh process, CPU time",
            first_ratios[CHECK],
            FIRST_CALL_LIMIT,
            "<=",
            correct,
            note=(
                f"value+grad alone {first_ratios['value+grad']:.2f}x; Python calls first/second "
                + "{} / {}".format(*counts_first[CHECK])
            ),
        ),
    ]
    common.print_targets(targets)
    if "--profile" in argv:
        fn = calls[CHECK]
        common.profile(fn, calls=50, title=f"{CHECK}, n=10^4")
    return targets


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--first-call-probe":
        _probe(sys.argv[2], sys.argv[3])
    else:
        common.print_environment()
        main(sys.argv[1:])
