"""PyTorch's ``scan`` replayed: its combining function traced step by step (the trip count is a shape), the exact
value and gradient PyTorch's own, a custom rule inside the loop judged at its line."""

import inspect

import numpy as np
import torch
from test_torch52_derived_numbers import _exact
from test_torch_finding_lines import OffSquare  # x^2 whose backward returns 2.01 x g
from torch._higher_order_ops.scan import scan

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


def test_a_scan_of_trees_along_axis_1_in_reverse_replays_pytorchs_loop():
    x = [0.3, -1.2, 0.7, 1.5, 0.1, -0.4]
    value, gradient = _pytorchs_own(paired_reverse_by_hand, x)
    mp.enable()
    exact_value, exact_gradient = _exact(paired_reverse, x, "float64")
    np.testing.assert_allclose(float(exact_value), value, rtol=1e-12)
    np.testing.assert_allclose([float(g) for g in exact_gradient], gradient, rtol=1e-12)


def test_a_wrong_rule_inside_a_scan_is_found_at_its_line():
    report = gradcli.check(wrong_inside, [{"x": np.array([1.0, -2.0])}], dtypes=["float64"], fixes=False, framework="torch")
    result = report.results[0]
    assert result.status == "wrong"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [2.0, -4.0], rtol=1e-12)
    line = f"{inspect.getsourcefile(OffSquare)}:{inspect.getsourcelines(OffSquare.backward)[1] + 1}"  # past @staticmethod
    assert [(f.kind, f.op, f.location) for f in result.findings] == [
        ("wrong-rule", "gradient rule backward() of OffSquare", line)]
