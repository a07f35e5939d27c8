"""PyTorch's side of judge59's verdicts.

A float32 program whose framework refuses to run it in float64 (a tensor the code makes in float32 meets a float64
input: PyTorch's "expected both vectors to have same dtype"): its exact reference replays the float32 program's trace,
the float32 run is judged, and float64 is said not run, quoting PyTorch, rather than failing the check. A detached floor at its tie jumps, as floor does alone (test_judge59_held_jump.py).
"""

import numpy as np
import torch

import gradcli


def weighted(x):
    return torch.dot(x * x, torch.tensor([1.0, 2.0]))  # the weights are float32 whatever x is


def test_the_float32_program_is_judged_and_float64_said_not_run():
    report = gradcli.check(weighted, [{"x": [0.5, 3.0]}], fixes=False, framework="torch")
    assert [(r.dtype, r.status) for r in report.results] == [("float32", "ok")]
    np.testing.assert_allclose(np.asarray(report.results[0].exact_gradient["x"], dtype=float), [1.0, 12.0], rtol=1e-12)
    (note,) = [n for n in report.notes if n.startswith("not run in float64")]
    assert "PyTorch refuses to mix float dtypes" in note and "expected both vectors to have same dtype" in note
    assert f"test_judge59_torch.py:{weighted.__code__.co_firstlineno + 1}" in note  # the line that mixed them
    assert "the program runs in float32" in note


def test_float64_alone_is_no_verdict_saying_why():
    (result,) = gradcli.check(weighted, [{"x": [0.5, 3.0]}], dtypes=("float64",), fixes=False,
                              framework="torch").results
    assert result.status == "error"
    (said,) = [f for f in result.findings if f.kind == "dtypes-mixed"]
    assert said.message.startswith("the program raises in float64: PyTorch refuses to mix float dtypes")


def detached_floor(x):
    return x * torch.floor(x).detach()


def test_pytorchs_detached_floor_jumps_at_its_tie():
    (result,) = gradcli.check(detached_floor, [{"x": 2.0}], dtypes=("float64",), fixes=False, framework="torch").results
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    (jump,) = [f for f in result.findings if f.kind == "jump"]
    assert "its value is 2 from the left and 4 from the right" in jump.message
