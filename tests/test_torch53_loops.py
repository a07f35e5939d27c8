"""PyTorch's ``scan`` and ``while_loop`` replayed: a scan's combining function traced step by step (the trip count is
a shape), a while loop unrolled as often as PyTorch's run at the point takes it, each decision a guard the exact
replay checks at high precision; the exact value and gradient PyTorch's own, a custom rule inside judged at its
line."""

import inspect

import numpy as np
import torch
from test_torch52_derived_numbers import _exact
from test_torch_finding_lines import OffSquare  # x^2 whose backward returns 2.01 x g
from torch._higher_order_ops.scan import scan
from torch._higher_order_ops.while_loop import while_loop

import gradcli
from gradcli.autodiff import mp


def decaying_sum(x):
    def step(carry, xs):
        carry = carry * 0.5 + torch.sin(xs)
        return carry, carry * carry

    last, ys = scan(step, torch.zeros((), dtype=x.dtype), x)
    return last + ys.sum()


def paired_reverse(x):
    def step(carry, xs):
        total, product = carry
        total = total + torch.exp(xs["a"]) * product
        return (total, product * xs["b"]), {"seen": total * xs["a"]}

    x2 = x.reshape(2, -1)
    init = (torch.zeros(2, dtype=x.dtype), torch.ones(2, dtype=x.dtype))
    (total, _), out = scan(step, init, {"a": x2, "b": torch.cos(x2)}, dim=1, reverse=True)
    return total.sum() + out["seen"].sum()


def wrong_inside(x):
    def step(carry, xs):
        return carry + OffSquare.apply(xs), carry.clone()

    last, _ = scan(step, torch.zeros((), dtype=x.dtype), x)
    return last


def paired_reverse_by_hand(x):
    """``paired_reverse`` as a Python loop: PyTorch's own numbers for it without compiling a scan."""
    x2 = x.reshape(2, -1)
    a, b = x2, torch.cos(x2)
    total, product, seen = torch.zeros(2, dtype=x.dtype), torch.ones(2, dtype=x.dtype), []
    for index in reversed(range(x2.shape[1])):
        total = total + torch.exp(a[:, index]) * product
        product = product * b[:, index]
        seen.append(total * a[:, index])
    return total.sum() + torch.stack(seen).sum()


def _pytorchs_own(fun, x):
    t = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    value = fun(t)
    value.backward()
    return value.item(), t.grad.numpy()


def test_a_scans_exact_value_and_gradient_are_pytorchs():
    x = [1.0, 2.0, -0.5]
    value, gradient = _pytorchs_own(decaying_sum, x)
    report = gradcli.check(decaying_sum, [{"x": np.array(x)}], dtypes=["float32", "float64"], fixes=False, framework="torch")
    assert [result.status for result in report.results] == ["ok", "ok"], [result.findings for result in report.results]
    np.testing.assert_allclose(float(report.results[1].exact_value), value, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(report.results[1].exact_gradient["x"], dtype=float), gradient, rtol=1e-12)


def _assert_replays(fun, twin, x):
    """The exact replay of ``fun``'s graph at ``x`` (40 digits) against PyTorch's float64 numbers of ``twin``, the same
    loop written in Python (PyTorch's own loop op would compile it first)."""
    value, gradient = _pytorchs_own(twin, x)
    mp.enable()
    exact_value, exact_gradient = _exact(fun, x, "float64")
    np.testing.assert_allclose(float(exact_value), value, rtol=1e-12)
    np.testing.assert_allclose([float(g) for g in exact_gradient], gradient, rtol=1e-12)


def test_a_scan_of_trees_along_axis_1_in_reverse_replays_pytorchs_loop():
    _assert_replays(paired_reverse, paired_reverse_by_hand, [0.3, -1.2, 0.7, 1.5, 0.1, -0.4])


def test_a_wrong_rule_inside_a_scan_is_found_at_its_line():
    report = gradcli.check(wrong_inside, [{"x": np.array([1.0, -2.0])}], dtypes=["float64"], fixes=False, framework="torch")
    result = report.results[0]
    assert result.status == "wrong"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [2.0, -4.0], rtol=1e-12)
    line = f"{inspect.getsourcefile(OffSquare)}:{inspect.getsourcelines(OffSquare.backward)[1] + 1}"  # past @staticmethod
    assert [(f.kind, f.op, f.location) for f in result.findings] == [
        ("wrong-rule", "gradient rule backward() of OffSquare", line)]


def newton_root(x):
    """sqrt(x) by Newton's steps until the square is within 1e-6: more steps from farther."""
    def unsettled(y):
        return (y * y - x).abs().max() > 1e-6

    def step(y):
        return (y - (y * y - x) / (2 * y),)

    (y,) = while_loop(unsettled, step, (x.clone() + 1.0,))
    return y.sum()


def counted_newton(x):
    """Three Newton steps counted by an integer tensor: the same trip count at every point."""
    _, y = while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y - (y * y - x) / (2 * y)), (torch.tensor(0), x + 1.0))
    return y.sum()


def counted_newton_by_hand(x):
    y = x + 1.0
    for _ in range(3):
        y = y - (y * y - x) / (2 * y)
    return y.sum()


def test_a_while_loop_at_points_of_different_trip_counts_is_pytorchs_at_each():
    points = [[1.0, 2.0], [100.0, 3.0]]  # 5 and 8 of Newton's steps
    report = gradcli.check(newton_root, [{"x": np.array(x)} for x in points], dtypes=["float64"], fixes=False,
                           framework="torch")
    for result, x in zip(report.results, points):
        value, gradient = _pytorchs_own(newton_root, x)
        assert result.status == "ok", result.findings
        np.testing.assert_allclose(float(result.exact_value), value, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), gradient, rtol=1e-12)


def test_a_counted_while_loop_replays_its_steps_exactly():
    _assert_replays(counted_newton, counted_newton_by_hand, [0.5, 2.0])
