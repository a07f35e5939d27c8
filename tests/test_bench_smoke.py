"""The benchmark scripts in bench/ still run: each workload once, at a tiny size.

No timing and no targets here (benchmarks inform, they do not gate); this only
keeps the scripts from rotting when the code they call changes.
"""

import dataclasses
import math
import os
import sys

import numpy as np
import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
sys.path.insert(0, BENCH)

import audit_jobs  # noqa: E402
import check_speed  # noqa: E402
import cli_latency  # noqa: E402
import common  # noqa: E402
import exact_fft  # noqa: E402
import exact_scale  # noqa: E402
import floor_tape  # noqa: E402
import jax_speed  # noqa: E402
import random_direction  # noqa: E402
import run  # noqa: E402
import sweep_speed  # noqa: E402
import tf_bridge  # noqa: E402
import torch_bridge  # noqa: E402
import untraced  # noqa: E402
import w1_chain  # noqa: E402
import w2_arrays  # noqa: E402

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402


def test_run_knows_every_script():
    modules = {module for module, _ in run.SCRIPTS.values()}
    assert modules == {"w1_chain", "w2_arrays", "untraced", "cli_latency", "random_direction", "exact_scale", "exact_fft", "sweep_speed", "audit_jobs", "jax_speed", "check_speed", "torch_bridge", "tf_bridge"}
    for module in modules:
        assert callable(getattr(sys.modules[module], "main"))


def test_w1_chain_tiny():
    value, derivative = gradcli.value_and_grad(w1_chain.make_chain(gnp, 3))(0.5)
    want_value, want_derivative = w1_chain.reference(3)
    assert value == pytest.approx(want_value, rel=1e-12)
    assert derivative == pytest.approx(want_derivative, rel=1e-12)


def test_w1_chain_autograd_side_tiny():
    # autograd is in the test extra, so the scalar-chain benchmark's autograd side is exercised too.
    import autograd
    import autograd.numpy as anp

    _, derivative = autograd.value_and_grad(w1_chain.make_chain(anp, 3))(0.5)
    assert derivative == pytest.approx(w1_chain.reference(3)[1], rel=1e-12)


def test_w2_arrays_tiny():
    x = np.random.default_rng(0).standard_normal(10)
    value, grad = gradcli.value_and_grad(w2_arrays.objective_a(gnp))(x)
    hand_value, hand_grad = w2_arrays.hand_value_and_grad_a(x)
    assert common.rel_err(value, hand_value) < 1e-12
    assert common.rel_err(grad, hand_grad) < 1e-12

    A = np.random.default_rng(1).standard_normal((5, 5)) / np.sqrt(5)
    value, grad = gradcli.value_and_grad(w2_arrays.objective_b(gnp, A))(x[:5])
    hand_value, hand_grad = w2_arrays.make_hand_b(A)(x[:5])
    assert common.rel_err(value, hand_value) < 1e-12
    assert common.rel_err(grad, hand_grad) < 1e-12


def test_w2b_minimal_tape_reference_tiny():
    # The minimal tape must compute the matvec objective's value and gradient, or its ratio means nothing.
    x = np.random.default_rng(2).standard_normal(6)
    A = np.random.default_rng(3).standard_normal((6, 6)) / np.sqrt(6)
    value, grad = floor_tape.value_and_grad(w2_arrays.objective_b(floor_tape, A))(x)
    hand_value, hand_grad = w2_arrays.make_hand_b(A)(x)
    assert common.rel_err(value, hand_value) < 1e-12
    assert common.rel_err(grad, hand_grad) < 1e-12
    again_value, again_grad = floor_tape.value_and_grad(w2_arrays.objective_b(floor_tape, A))(2 * x)
    assert common.rel_err(again_grad, w2_arrays.make_hand_b(A)(2 * x)[1]) < 1e-12  # a second call starts afresh


def test_w2_memory_peaks_tiny():
    # Each contender's peak at a tiny size, in this process (run.py uses a fresh one each).
    peaks = {name: w2_arrays.peak_bytes(name, 1000) for name in w2_arrays.MEMORY_CONTENDERS}
    assert all(peak >= 8000 for peak in peaks.values())  # at least one array of x's size


def test_untraced_cases_run():
    for _, op, args in untraced.cases():
        assert common.rel_err(getattr(gnp, op)(*args), getattr(np, op)(*args)) < 1e-12
        untraced._looper(getattr(gnp, op), args)  # builds the timed loop


def test_cli_latency_commands_and_import_table():
    names = [name for name, _ in cli_latency.commands()]
    assert names[:3] == ["gradcli grad", "gradcli --help", "import sympy"]
    help_command = dict(cli_latency.commands())["gradcli --help"]
    modules, code, out = cli_latency.imports_of(help_command)
    assert code == 0 and "Usage:" in out
    assert "gradcli.cli" in modules and "click" in modules
    assert [m for m in cli_latency.HEAVY if m in modules] == []  # the count the bench reports, as test_cli promises
    # The table: the costliest imports the program made itself, costliest first, gradcli.cli among them.
    table = cli_latency.top_level(modules)
    assert 1 <= len(table) <= 6
    assert all(modules[name][2] == 0 and cumulative == modules[name][1] for name, cumulative in table)
    assert [cumulative for _, cumulative in table] == sorted((c for _, c in table), reverse=True)
    assert "gradcli.cli" in dict(table)


def test_random_direction_tiny():
    f, target, x, calls = random_direction.setup(n=100)
    for call in calls.values():
        call()
    value, gradient, differences, error = random_direction.random_direction_check(target, x)
    assert differences.method == "random-direction"
    assert error < 1e-6
    assert common.rel_err(gradient, w2_arrays.hand_value_and_grad_a(x)[1]) < 1e-12
    # Per coordinate up to 64 inputs (4 evaluations each: Richardson on central differences), one direction above.
    assert random_direction.evaluations(3) == 12
    assert random_direction.evaluations(100) == random_direction.evaluations(10**4) == 4


def test_random_direction_first_call_probe_runs():
    measured = random_direction.first_calls("value+grad", probes=1)
    assert set(measured) == {"wall", "cpu"}
    for clock in ("wall", "cpu"):
        ((first, rest),) = measured[clock]  # one probe: its first call and the median of the rest
        assert all(isinstance(t, float) and 0 < t < math.inf for t in (first, rest)), measured
    # Counted, not timed: a later call repeats the first one's Python calls (a lazy import or a
    # compile step would make the first call's count the larger; how much larger is the bench's to say).
    first_count, second_count = random_direction.first_call_counts("value+grad")
    assert isinstance(first_count, int) and isinstance(second_count, int)
    assert 0 < second_count <= first_count


def test_count_targets_print():
    line = common.Target("w", "heavy imports", 0, 0, "<=", unit="n").line()
    assert line.startswith("PASS") and "0 (target <= 0)" in line


def test_run_gives_each_benchmark_a_fresh_process(tmp_path, monkeypatch, capfd):
    # Two stand-in scripts: one leaves a mark in its process and reports a
    # target, the other crashes. Each must run in a process of its own, and
    # both must come back as targets (the crash as an ERROR, not an exception).
    (tmp_path / "fake_ok.py").write_text(
        "import os, sys, common\n"
        "def main(flags):\n"
        "    assert 'fake_crash' not in sys.modules\n"
        "    print('fake_ok ran in', os.getpid())\n"
        "    return [common.Target('fake', 'ratio', 1.5, 2.0, note=' '.join(flags))]\n"
    )
    (tmp_path / "fake_crash.py").write_text("def main(flags):\n    raise RuntimeError('boom')\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setitem(run.SCRIPTS, "ok", ("fake_ok", "fake ok"))
    monkeypatch.setitem(run.SCRIPTS, "crash", ("fake_crash", "fake crash"))

    (crashed,) = run.run_isolated("crash", [])
    (ok,) = run.run_isolated("ok", ["--profile"])  # asserts it never saw fake_crash imported

    assert (ok.workload, ok.value, ok.limit, ok.note, ok.passed) == ("fake", 1.5, 2.0, "--profile", True)
    assert crashed.workload == "fake crash" and not crashed.passed
    assert "RuntimeError: boom" in crashed.error
    output = capfd.readouterr()
    pid = int(output.out.split("fake_ok ran in")[1].split()[0])
    assert pid != os.getpid()
    assert "RuntimeError: boom" in output.err


def test_exact_scale_tiny():
    times, correct = exact_scale.measure(reps=1, sizes=(100, 200))
    assert list(times) == ["headline", "check 100", "check 200"]
    assert all(correct.values())


def test_exact_fft_tiny():
    sizes = {"power": (4, 6), "prime": (5, 7), "softplus": (4, 300), "hann": (4, 9)}
    cases = [dataclasses.replace(case, short=sizes[case.name][0], long=sizes[case.name][1]) for case in exact_fft.CASES]
    times, correct = exact_fft.measure(reps=1, cases=cases)
    assert all(correct.values()) and set(times) == {(name, n) for name, pair in sizes.items() for n in pair}


def test_audit_jobs_tiny():
    times, busy, overhead, correct = audit_jobs.measure(reps=1, n=4)
    assert list(times) == ["in process", "--jobs 1", "--jobs 2"] and correct
    assert all(len(ts) == 1 and ts[0] > 0 for ts in times.values())
    assert set(overhead) == {"start", "round trip", "forkserver"}
    assert audit_jobs.capacity(n=2) > 0  # a ratio of timings: its size is the machine's load, not a property to test


def test_sweep_speed_points_tiny(capsys):
    targets = sweep_speed.points_part(size=1000, reps=1)
    assert [t.workload for t in targets] == [sweep_speed.WORKLOAD_POINTS] * 2
    assert all(t.correct for t in targets)  # value and gradient agree with NumPy in both dtypes
    assert "float32" in capsys.readouterr().out


def test_sweep_speed_commands_are_the_issue_s():
    (sweep_name, sweep_argv), (grad_name, grad_argv) = sweep_speed.cli_commands()
    assert sweep_argv[-2:] == ["sweep", "log(1+exp(x))"] and grad_argv[-4:] == ["grad", "log(1+exp(x))", "--at", "100"]


def test_torch_bridge_tiny():
    functions = torch_bridge.torch_functions()
    twin_loss, twin_scalar = torch_bridge.twins()
    assert torch_bridge.check_part(functions, twin_loss, reps=1).correct
    assert torch_bridge.sweep_part(functions, twin_scalar, reps=1, ranges={"x": (-5.0, 5.0, 5)}).correct


def test_jax_speed_tiny(tmp_path):
    paths = jax_speed.write_twins(str(tmp_path))
    checks = jax_speed.check_agreement(*jax_speed.check_both(paths, [{"x": 1.5, "w": [0.5, -1.0, 2.0]}]))
    assert all(c.ok for c in checks)
    assert all(c.ok for c in jax_speed.sweep_agreement(*jax_speed.sweep_both(paths, n=21)))


def test_check_speed_tiny():
    # Two formulas, once: both contenders run, the verdicts hold still, the parts add up to the whole.
    chosen, wall, cpu, verdicts = check_speed.measure(reps=1, n=2)
    assert [len(v) for v in verdicts] == [len(points) for _, points in chosen]
    assert all(cpu.samples[name][0] > 0 for name in cpu.names)
    parts, whole = check_speed.shares(chosen)
    assert set(parts) == {"exact reference", "finite differences", "fixes", "the rest"}
    assert abs(sum(parts.values()) - whole) < 1e-9 * max(whole, 1)
    names, f = check_speed.numdifftools_function("sqrt(x + 1) - sqrt(x)")
    assert names == ("x",) and f(np.array([3.0])) == pytest.approx(2.0 - 3.0**0.5)


def test_check_speed_audit_spec_is_the_set(tmp_path):
    from gradcli.audit.spec import load_spec

    chosen = check_speed.formulas.cases(3)
    cases = load_spec(check_speed.write_spec(str(tmp_path), chosen))
    assert [(case.target, len(case.at)) for case in cases] == [(text, len(points)) for text, points in chosen]


def _ratio(value, cpu, limit=2.0):
    return common.Target("fw check", "framework / twin", value, limit, cpu=cpu)


def test_repeated_runs_report_the_median_and_pass_only_if_the_worst_run_meets_the_target():
    (merged,) = run.across_runs([[_ratio(1.2, 1.1)], [_ratio(2.1, 1.3)], [_ratio(1.5, 1.8)]])
    assert (merged.value, merged.worst, merged.cpu, merged.worst_cpu, merged.runs) == (1.5, 2.1, 1.3, 1.8, 3)
    assert not merged.passed  # the median meets 2x, one run did not
    line = merged.line()
    assert "median of 3 runs, worst 2.10x" in line and "CPU median 1.30x, worst 1.80x" in line
    (fine,) = run.across_runs([[_ratio(1.2, 1.1)], [_ratio(1.6, 1.3)], [_ratio(1.5, 1.2)]])
    assert fine.passed and "margin 1.25x" in fine.line()


def test_a_repeated_run_that_crashed_fails_the_target():
    crashed = run._crashed("fw bridge", "the benchmark process exited with status 1")
    (merged,) = run.across_runs([[_ratio(1.2, 1.1)], [crashed], [_ratio(1.5, 1.2)]])
    assert merged.error and not merged.passed
    (unmeasured,) = run.across_runs([[_ratio(1.2, 1.1)], [_ratio(float("nan"), 1.0)]])
    assert not unmeasured.passed


def test_run_repeats_the_framework_benchmarks_in_fresh_processes(tmp_path, monkeypatch, capfd):
    (tmp_path / "fake_fw.py").write_text(
        "import os, common\n"
        "def main(flags):\n"
        "    print('fake_fw ran in', os.getpid(), flags)\n"
        "    return [common.Target('fake', 'ratio', 1.5, 2.0, cpu=1.25)]\n"
    )
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setitem(run.SCRIPTS, "fw", ("fake_fw", "fake framework"))
    monkeypatch.setattr(run, "REPEATED", ("fw",))
    run.main(["fw", "--repeats", "2", "--profile"])
    output = capfd.readouterr().out
    runs = [line.split() for line in output.splitlines() if line.startswith("fake_fw ran in")]
    assert len(runs) == 2 and runs[0][3] != runs[1][3]
    assert all(line[4:] == ["['--profile']"] for line in runs)  # --repeats is run.py's, not the script's
    assert "median of 2 runs, worst 1.50x" in output
