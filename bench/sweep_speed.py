"""Sweep speed: the whole default sweep against the headline check, and the vectorised step at 10^6 points.

Two workloads:

  * fresh processes, as a user starts them: ``gradcli sweep "log(1+exp(x))"``
    (the default range, -1000:1000 symlog, both dtypes, fixes re-checked over
    the range) against ``gradcli grad "log(1+exp(x))" --at 100``, paired and
    interleaved; target: the sweep in at most 4x the check's wall time;
  * value and gradient of ``log(1+exp(x))`` at 10^6 points in float32 and
    float64 through the sweep's own vectorised step (`gradcli.sweep.evaluate`:
    one call of the core for all points) against NumPy's own forward
    evaluation ``np.log(1 + np.exp(x))`` of the same points; target: at most 3x.

Run alone: ``.venv/bin/python bench/sweep_speed.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np

import cli_latency
import common

WORKLOAD_CLI = "sweep vs grad"
WORKLOAD_POINTS = "sweep 10^6 points"
FORMULA = "log(1+exp(x))"
SWEEP_LIMIT = 4.0
POINTS_LIMIT = 3.0
REPS_CLI = 7
REPS_POINTS = 15
POINTS = 10**6


def cli_commands():
    gradcli, _ = cli_latency.gradcli_command()
    return [
        ("gradcli sweep", gradcli + ["sweep", FORMULA]),
        ("gradcli grad", gradcli + ["grad", FORMULA, "--at", "100"]),
    ]


def sweep_answers():
    """The default sweep's JSON, checked for exp's overflow thresholds (a fast sweep that is wrong does not count)."""
    gradcli, _ = cli_latency.gradcli_command()
    proc = subprocess.run(gradcli + ["sweep", FORMULA, "--json"], capture_output=True, text=True, cwd=cli_latency.REPO)
    shown = json.loads(proc.stdout)
    found = {}
    for name, limit in (("float32", np.float32), ("float64", np.float64)):
        edge = np.log(np.finfo(limit).max)
        nan_at = [t["next"] for t in shown["dtypes"][name]["thresholds"] if t["to_kind"] == "nan"]
        found[name] = bool(nan_at) and abs(nan_at[0] - edge) <= 1e-5 * edge
    return [
        ("gradcli sweep exits 0", proc.returncode == 0),
        ("float32 gradient NaN past 88.72284", found["float32"]),
        ("float64 gradient NaN past 709.7827", found["float64"]),
    ]


def cli_part():
    common.heading(f'{WORKLOAD_CLI}: fresh processes of gradcli sweep "{FORMULA}" (default range) and gradcli grad --at 100')
    checks = sweep_answers()
    t = common.paired([(name, lambda argv=argv: cli_latency.run_once(argv)) for name, argv in cli_commands()],
                      reps=REPS_CLI, warmup=1, collect=False)
    ratio = t.ratio("gradcli sweep", "gradcli grad")
    common.table(
        ["command", "wall time", "spread", "vs gradcli grad", "target", ""],
        [
            ["gradcli sweep", common.fmt_time(t.median("gradcli sweep")), common.fmt_pct(t.spread("gradcli sweep")),
             common.fmt_ratio(ratio), f"<= {SWEEP_LIMIT:g}x", "PASS" if ratio <= SWEEP_LIMIT else "FAIL"],
            ["gradcli grad", common.fmt_time(t.median("gradcli grad")), common.fmt_pct(t.spread("gradcli grad")),
             "1.00x", "", ""],
        ],
        title=f"median of {t.reps} paired, interleaved runs (fresh processes, output discarded)",
        notes=t.noise_notes(),
    )
    common.table(["check", "ok"], [[what, "yes" if ok else "NO"] for what, ok in checks], title="Correctness")
    return [common.Target(
        WORKLOAD_CLI, f"gradcli sweep {FORMULA} (default range) / gradcli grad --at 100", ratio, SWEEP_LIMIT, "<=",
        all(ok for _, ok in checks),
        note=f"{common.fmt_time(t.median('gradcli sweep'))} vs {common.fmt_time(t.median('gradcli grad'))}",
    )]


def numpy_forward(x):
    with np.errstate(over="ignore"):
        return np.log(1 + np.exp(x))


def points_part(size=POINTS, reps=REPS_POINTS):
    from gradcli.sweep import evaluate

    common.heading(f"{WORKLOAD_POINTS}: value and gradient of {FORMULA} at {size:,} points vs NumPy's forward")
    targets, rows, checks = [], [], []
    for name in ("float32", "float64"):
        x = np.linspace(-1000, 1000, size).astype(name)
        values, grads = evaluate(FORMULA, {"x": x}, name)
        with np.errstate(over="ignore", invalid="ignore"):
            want = numpy_forward(x)
            exp = np.exp(x.astype(np.float64))
            finite = np.isfinite(want)
            want_grad = (exp / (1 + exp))[finite]
        checks.append(common.Check(f"{name} values", common.rel_err(values[finite], want[finite]), 1e-5))
        checks.append(common.Check(f"{name} gradients", common.rel_err(grads["x"][finite], want_grad), 1e-5))
        t = common.paired(
            [("gradcli", lambda: evaluate(FORMULA, {"x": x}, name)), ("numpy", lambda: numpy_forward(x))], reps=reps
        )
        ratio = t.ratio("gradcli", "numpy")
        rows.append([name, common.fmt_time(t.median("gradcli")), common.fmt_time(t.median("numpy")),
                     common.fmt_ratio(ratio), f"<= {POINTS_LIMIT:g}x", "PASS" if ratio <= POINTS_LIMIT else "FAIL"])
        targets.append((name, ratio, t))
    common.table(
        ["dtype", "value+grad (gradcli)", "forward (NumPy)", "ratio", "target", ""], rows,
        title=f"median of {reps} paired runs; gradcli.sweep.evaluate is the sweep's one call of the core",
    )
    common.checks_table(checks, title="Correctness (normwise relative error against NumPy in float64, tolerance 1e-5)")
    correct = all(c.ok for c in checks)
    return [
        common.Target(WORKLOAD_POINTS, f"value+grad at {size:,} points, {name} / NumPy forward", ratio, POINTS_LIMIT,
                      "<=", correct, note=f"{common.fmt_time(t.median('gradcli'))} vs {common.fmt_time(t.median('numpy'))}")
        for name, ratio, t in targets
    ]


def main(argv=()):
    common.ensure_gc_on()
    targets = points_part() + cli_part()
    common.print_targets(targets)
    return targets


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
