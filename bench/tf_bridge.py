"""TensorFlow bridge speed: a check and a sweep of TensorFlow code against the same of its gradcli.numpy twin.

Both contenders are whole library calls, as a user makes them, each resolving
its target afresh (the user's module imported; for TensorFlow, its gradient
graph traced): ``gradcli.check`` of log(1 + exp(x)) written with
``tensorflow`` (examples/tensorflow/log1pexp.py:naive) at three points in
float32 and float64, against the same check of the function written with
``gradcli.numpy``; and ``gradcli.sweep`` of both over -200:200. TensorFlow's
import (seconds) is paid before timing. Targets: the check at most 2x its
twin's, the sweep at most 2x, with the same verdicts.

Run alone: ``.venv/bin/python bench/tf_bridge.py [--profile] [--parts]``
(``--profile`` adds cProfile listings of a check and a sweep of the TensorFlow
function, after a warm-up, sorted by own time and by cumulative time;
``--parts`` the CPU time per check of each part of the bridge: traces,
reruns, the retyping's proof, the replays).
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import common  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TENSORFLOW = os.path.join(REPO, "examples", "tensorflow", "log1pexp.py") + ":naive"
TWIN = "import gradcli.numpy as gnp\n\n\ndef naive(x):\n    return gnp.log(1 + gnp.exp(x))\n"
POINTS = [{"x": 100.0}, {"x": 1.0}, {"x": -40.0}]
RANGE = (-200.0, 200.0, 100)
CHECK_LIMIT = 2.0
SWEEP_LIMIT = 2.0
WORKLOAD_CHECK = "TensorFlow check"
WORKLOAD_SWEEP = "TensorFlow sweep"


def twin_target(folder):
    path = os.path.join(folder, "twin_log1pexp.py")
    with open(path, "w") as handle:
        handle.write(TWIN)
    return path + ":naive"


def _afresh():
    """Forget the TensorFlow functions the bridge keeps: each timed run traces afresh, as a fresh ``gradcli`` process does."""
    from gradcli.capture import tf_bridge

    tf_bridge._CAPTURED.clear()


def check_verdicts(target, points=POINTS):
    import gradcli

    _afresh()
    return [(r.dtype, r.status) for r in gradcli.check(target, points).results]


def sweep_summary(target, sweep_range=RANGE):
    """Per dtype, the statuses the sweep found (a fast sweep that is wrong does not count)."""
    import gradcli

    _afresh()
    result = gradcli.sweep(target, {"x": sweep_range})
    return {name: sorted(status for status, n in run.counts.items() if n) for name, run in result.dtypes.items()}


def check_part(twin, reps=7):
    common.heading(f"{WORKLOAD_CHECK}: gradcli.check of log(1+exp(x)) in TensorFlow vs in gradcli.numpy, 3 points x 2 dtypes")
    t, same = _paired_and_same(check_verdicts, twin, reps)
    ratio = t.ratio("tensorflow", "gradcli.numpy")
    _table(t, ratio, CHECK_LIMIT, same, "the same verdicts at every point")
    return common.Target(WORKLOAD_CHECK, "gradcli.check of TensorFlow code / its gradcli.numpy twin", ratio, CHECK_LIMIT, "<=", same,
                         note=_note(t), cpu=t.cpu.ratio("tensorflow", "gradcli.numpy"))


def sweep_part(twin, reps=3, sweep_range=RANGE):
    common.heading(f"{WORKLOAD_SWEEP}: gradcli.sweep of log(1+exp(x)) over {sweep_range[0]:g}:{sweep_range[1]:g}, TensorFlow vs gradcli.numpy")
    t, same = _paired_and_same(lambda target: sweep_summary(target, sweep_range), twin, reps)
    ratio = t.ratio("tensorflow", "gradcli.numpy")
    _table(t, ratio, SWEEP_LIMIT, same, "the same statuses found in each dtype")
    return common.Target(WORKLOAD_SWEEP, "gradcli.sweep of TensorFlow code / its gradcli.numpy twin", ratio, SWEEP_LIMIT, "<=", same,
                         note=_note(t), cpu=t.cpu.ratio("tensorflow", "gradcli.numpy"))


def _paired_and_same(run, twin, reps):
    """Time ``run`` on the TensorFlow target and on its twin, paired; and whether every timed run gave the twin's answer."""
    answers = {"tensorflow": [], "gradcli.numpy": []}

    def contender(name, target):
        return name, lambda: answers[name].append(run(target))

    t = common.paired([contender("tensorflow", TENSORFLOW), contender("gradcli.numpy", twin)], reps=reps, warmup=1, cpu=True)
    same = all(answer == answers["gradcli.numpy"][0] for both in answers.values() for answer in both)
    return t, same


def _note(t):
    """The medians, wall and CPU: on a shared machine the CPU ratio says what contention does not."""
    cpu = t.cpu.ratio("tensorflow", "gradcli.numpy")
    return f"{common.fmt_time(t.median('tensorflow'))} vs {common.fmt_time(t.median('gradcli.numpy'))}, CPU {common.fmt_ratio(cpu)}"


def _table(t, ratio, limit, same, what):
    common.table(
        ["contender", "wall time", "spread", "CPU time", "ratio", "CPU ratio", "target", ""],
        [
            ["tensorflow", common.fmt_time(t.median("tensorflow")), common.fmt_pct(t.spread("tensorflow")), common.fmt_time(t.cpu.median("tensorflow")),
             common.fmt_ratio(ratio), common.fmt_ratio(t.cpu.ratio("tensorflow", "gradcli.numpy")), f"<= {limit:g}x",
             "PASS" if ratio <= limit else "FAIL"],
            ["gradcli.numpy", common.fmt_time(t.median("gradcli.numpy")), common.fmt_pct(t.spread("gradcli.numpy")),
             common.fmt_time(t.cpu.median("gradcli.numpy")), "1.00x", "1.00x", "", ""],
        ],
        title=f"median of {t.reps} paired runs, TensorFlow imported before timing",
        notes=t.noise_notes(),
    )
    common.table(["check", "ok"], [[what, "yes" if same else "NO"]], title="Correctness")


def main(argv=()):
    common.ensure_gc_on()
    import tensorflow  # noqa: F401 - the import is paid here, outside every timing

    with tempfile.TemporaryDirectory() as folder:
        twin = twin_target(folder)
        targets = [check_part(twin), sweep_part(twin)]
    common.print_targets(targets)
    if "--profile" in argv:
        profiled()
    if "--parts" in argv:
        parts()
    return targets


def profiled(checks=10):
    """cProfile listings of ``checks`` checks and one sweep of the TensorFlow function (warmed up first)."""
    import cProfile
    import pstats

    for title, run, calls in [
        (f"{WORKLOAD_CHECK}: {checks} checks", lambda: check_verdicts(TENSORFLOW), checks),
        (f"{WORKLOAD_SWEEP}: one sweep", lambda: sweep_summary(TENSORFLOW), 1),
    ]:
        run()
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(calls):
            run()
        prof.disable()
        for order in ("tottime", "cumulative"):
            print(f"\ncProfile of {title}, sorted by {order}")
            pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats(order).print_stats(25)


def parts(checks=10):
    """CPU time per check spent in each part of the TensorFlow bridge (medians would hide the traces: means of ``checks``).

    Each part is timed where it is entered from outside the bridge's other
    timed parts' own calls, so a trace made inside a replay counts as a trace.
    """
    import collections
    import time

    from gradcli.capture import tf_bridge

    spent, calls, inside = collections.defaultdict(float), collections.Counter(), []
    labels = {"_trace": "traces (TensorFlow building the graph, walked)", "_agrees": "float32 retyping's proof (an eager call)",
             "_rerun_own": "TensorFlow's numbers by rerun", "forward": "forward replays (traces excluded)",
             "backward": "backward replays (traces excluded)"}
    saved = {name: getattr(tf_bridge.TensorFlowFunction, name) for name in labels}

    def timed(name, method):
        def run(*args, **kwargs):
            started = time.process_time()
            inside.append(0.0)
            try:
                return method(*args, **kwargs)
            finally:
                own_time = time.process_time() - started
                nested = inside.pop()
                spent[name] += own_time - nested
                calls[name] += 1
                if inside:
                    inside[-1] += own_time
        return run

    for name, method in saved.items():
        setattr(tf_bridge.TensorFlowFunction, name, timed(name, method))
    try:
        check_verdicts(TENSORFLOW)
        spent.clear()
        calls.clear()
        started = time.process_time()
        for _ in range(checks):
            check_verdicts(TENSORFLOW)
        whole = (time.process_time() - started) / checks
    finally:
        for name, method in saved.items():
            setattr(tf_bridge.TensorFlowFunction, name, method)
    rows = [[labels[name], f"{spent[name] / checks * 1e3:.1f} ms", f"{calls[name] / checks:g}"] for name in labels]
    rows.append(["the whole check", f"{whole * 1e3:.1f} ms", ""])
    common.table(["part of a TensorFlow check", "CPU per check", "calls"], rows, title=f"CPU time per check, mean of {checks} after a warm-up")


if __name__ == "__main__":
    common.print_environment()
    main(sys.argv[1:])
