"""A PyTorch while_loop run 0 times: PyTorch 2.13's own gradient runs the body's derivative once all the same (its
forward keeps the input as a first step), which gradcli traces as PyTorch's rule of the loop, so the check says
`wrong` at the loop's line, saying the loop ran 0 times; where the exact numbers run the loop another number of times
than PyTorch's run (a condition float64 rounds across its switch), the point's note says how often each runs it."""

import inspect

import torch
from torch._higher_order_ops.while_loop import while_loop

import gradcli

THIRD = 0.3333333333333333  # 3 * THIRD is 1 - 2^-54 exactly, which float64 rounds to 1: no step, the mathematics one


def tripled(x):
    (y,) = while_loop(lambda y: y * 3.0 < 1.0, lambda y: (y * 3.0,), (x.clone(),))
    return y * y


def test_a_loop_run_zero_times_is_pytorchs_wrong_rule_at_the_loop_and_a_switch_says_how_often_each_loops():
    at_half, at_third = gradcli.check(tripled, [{"x": 0.5}, {"x": THIRD}], dtypes=("float64",)).results
    line = f"test_torch55_loop_counts.py:{inspect.getsourcelines(tripled)[1] + 1}"
    assert at_half.status == "wrong"
    assert abs(at_half.gradient["x"] - 3.0) <= 1e-15 and abs(at_half.exact_gradient["x"] - 1.0) <= 1e-15  # d(x^2)/dx at 0.5
    [finding] = [f for f in at_half.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(line) and "while_loop" in finding.op and "runs 0 times" in finding.op
    assert at_third.status == "unstable"
    assert abs(at_third.exact_gradient["x"] - 6.0) <= 1e-14  # (3x)^2 after the mathematics' one step
    assert any(note.endswith(f"{line}: its while loop runs 0 times in PyTorch's run at this point and once on the "
                             "exact numbers (the exact reference counts as the mathematics does)") for note in at_third.notes), at_third.notes
