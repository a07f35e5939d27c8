"""A PyTorch while_loop whose trip count on the exact numbers differs from float64's at the point: the exact reference
runs each loop as often as the mathematics does (the replay's guards at high precision decide, the function traced
again with those counts), the program under test as often as its own dtype does; a count that moves with the working
precision (a condition within rounding of its switch) is refused at the loop's line. A loop's function PyTorch itself
refuses (a body handing back its input uncloned) is an input error saying what PyTorch said, at the loop's line."""

import inspect

import mpmath
import numpy as np
import pytest
import torch
from torch._higher_order_ops.scan import scan
from torch._higher_order_ops.while_loop import while_loop

import gradcli
from gradcli.autodiff import mp
from gradcli.capture.torch_bridge import capture
from gradcli.errors import InputError

THIRD = 0.3333333333333333  # 3 * THIRD is 1 - 2^-54 exactly, which float64 rounds to 1
PAST_THIRD = 0.33333333333333337  # 3 * PAST_THIRD is 1 + 2^-53 exactly, a tie float64 rounds down to 1


def tripled_twice(x):
    """Two loops: x0 tripled while below 1 (float64 stops at once at THIRD, the mathematics takes a step), x1 tripled
    while at most 1 (float64 takes a step at PAST_THIRD, the mathematics stops at once)."""
    (y,) = while_loop(lambda y: y * 3.0 < 1.0, lambda y: (y * 3.0,), (x[0].clone(),))
    (z,) = while_loop(lambda z: z * 3.0 <= 1.0, lambda z: (z * 3.0,), (x[1].clone(),))
    return y * y * z


def _truth(x0, x1):
    """``tripled_twice``'s value and gradient at the exact numbers x0, x1, by mpmath at 60 digits."""
    with mpmath.workdps(60):
        y, z, dy, dz = mpmath.mpf(x0), mpmath.mpf(x1), 1, 1
        while y * 3 < 1:
            y, dy = y * 3, dy * 3
        while z * 3 <= 1:
            z, dz = z * 3, dz * 3
        return y * y * z, [2 * y * dy * z, y * y * dz]


def unit_circle(x):
    """A condition that is a tie at every point (sin^2 + cos^2 < 1): rounding decides it, at each precision anew."""
    (y,) = while_loop(lambda y: (torch.sin(y) ** 2 + torch.cos(y) ** 2 < 1.0).all(), lambda y: (y * 3.0,), (x.clone(),))
    return (y * y).sum()


def _mp(values):
    return np.array([mpmath.mpf(v) for v in values], dtype=object)


def test_the_exact_replay_runs_each_loop_as_often_as_the_mathematics():
    mp.enable()
    bridge = capture(tripled_twice, "tripled_twice")
    value, gradient = _truth(THIRD, PAST_THIRD)
    with mpmath.workdps(40):
        exact = _mp([THIRD, PAST_THIRD])
        assert abs(bridge.forward(exact) - value) <= mpmath.mpf("1e-38")
        replayed = bridge.backward((exact,), mpmath.mpf(1))[0]
        assert all(abs(a - b) <= mpmath.mpf("1e-38") for a, b in zip(replayed, gradient))
    # The program under test keeps float64's own counts: 0 steps of the first loop, 1 of the second.
    float64 = bridge.forward(np.array([THIRD, PAST_THIRD]))
    np.testing.assert_allclose(float64, THIRD * THIRD * (3 * PAST_THIRD), rtol=1e-15)


def test_a_trip_count_that_moves_with_the_precision_is_refused_at_the_loop():
    mp.enable()
    bridge = capture(unit_circle, "unit_circle")
    line = inspect.getsourcelines(unit_circle)[1] + 2
    with pytest.raises(InputError, match=rf"torch's while_loop\b.*test_torch54_loops.py:{line}\b.* within rounding of "
                                         r"its switch"):
        for digits in (30, 60, 120):
            with mpmath.workdps(digits):
                bridge.forward(_mp([0.3]))


def aliased_scan(x):
    """A scan whose combining function returns its new carry twice, uncloned: PyTorch refuses it."""
    def step(carry, xs):
        carry = carry * 0.5 + torch.sin(xs)
        return carry, carry

    last, ys = scan(step, torch.zeros((), dtype=x.dtype), x)
    return last + ys.sum()


def aliased_while(x):
    """A while_loop whose body hands back its input uncloned: PyTorch refuses it."""
    _, y = while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y), (torch.tensor(0), x.clone()))
    return (y * y).sum()


@pytest.mark.parametrize(("fun", "loop", "below"), [(aliased_scan, "scan", 6), (aliased_while, "while_loop", 2)])
def test_a_loop_function_pytorch_refuses_is_an_input_error_saying_what_it_refused(fun, loop, below):
    line = inspect.getsourcelines(fun)[1] + below
    with pytest.raises(InputError, match=rf"runs torch's {loop} at \S*test_torch54_loops.py:{line}, and PyTorch refuses "
                                         r"the functions handed to it .*: Encountered aliasing during higher order op "
                                         r"tracing\. .* Replace `return input` with `return input.clone\(\)`") as caught:
        gradcli.check(fun, [{"x": np.array([1.0, 2.0])}], dtypes=["float64"], fixes=False, framework="torch")
    assert "Found in <" not in str(caught.value) and "\n" not in str(caught.value)
