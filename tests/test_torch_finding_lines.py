"""Every PyTorch finding names the op and the user's line it belongs to: casts, built-in rules, custom rules.

``.float()``, ``.half()``, ``.to(dtype)`` and ``.type(dtype)`` replay as
gradcli's recorded ``astype``, so a float64 check whose digits went in a cast
to float32 is `unstable` with ``astype (float64 -> float32)`` named at the
cast's line, as for TensorFlow's Cast; integers meeting floats take the
float's dtype, as PyTorch promotes them. A built-in rule's backward ops take
the line of the forward call they differentiate (autograd's sequence number of
the node running them); a built-in rule judged `wrong` names the line where
the backward pass started (the last call's), however many lines the function
spans; a wrong ``autograd.Function`` is named at its ``backward``.
"""

import inspect

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli


def by_float(x):
    y = x.float()
    return torch.log(torch.exp(y) + 1.0).sum()


def by_to(x):
    y = x.to(torch.float32)
    z = torch.exp(y)
    return torch.log1p(z.double()).sum()


def by_to_keyword(x):
    y = x.to(dtype=torch.float32)
    return (y * y).sum()


def by_type(x):
    y = x.type(torch.float32)
    return (y * y).sum()


def by_half(x):
    y = x.half()
    return (torch.exp(y) * 3.0).sum()


def widened(x):
    y = x.double()
    return torch.log1p(torch.exp(y)).float().sum()


def _line(fun, text):
    lines, first = inspect.getsourcelines(fun)
    return f"{__file__.rsplit('/', 1)[-1]}:{first + next(i for i, line in enumerate(lines) if text in line)}"


def _check(fun, x, dtype):
    [result] = gradcli.check(fun, [{"x": np.array(x)}], framework="torch", dtypes=(dtype,), fixes=False).results
    return result


NARROWING = [
    (by_float, "float64", "float32"),
    (by_to, "float64", "float32"),
    (by_to_keyword, "float64", "float32"),
    (by_type, "float64", "float32"),
    (by_half, "float32", "float16"),
]


@pytest.mark.parametrize("fun, dtype, narrow", NARROWING, ids=[case[0].__name__ for case in NARROWING])
def test_a_narrowing_cast_is_named_as_astype_at_its_own_line(fun, dtype, narrow):
    result = _check(fun, [0.3, 1.7], dtype)
    assert result.status == "unstable"
    first = result.findings[0]
    assert first.kind == "narrowed" and first.gradcli_op == f"astype ({dtype} -> {narrow})", [(f.kind, f.op) for f in result.findings]
    # named as PyTorch's call the line wrote: x.float(), x.to(torch.float32), ...
    assert first.op == f"torch.Tensor.{fun.__name__.removeprefix('by_').removesuffix('_keyword')} (aten._to_copy) ({dtype} -> {narrow})"
    assert first.location.endswith(_line(fun, "y = x."))


def test_a_widening_cast_is_no_finding_and_keeps_the_exact_gradient():
    result = _check(widened, [0.3, -1.7], "float32")
    assert result.status == "ok" and not [f for f in result.findings if f.kind == "narrowed"]
    exact = 1 / (1 + np.exp(-np.array([0.3, -1.7], dtype=np.float32).astype(np.float64)))  # at the float32 point
    assert np.allclose([float(g) for g in result.exact_gradient["x"]], exact, rtol=1e-12, atol=0)




def log_sigmoid_loss(x):
    return F.logsigmoid(x).sum()


def test_integers_in_a_float32_backward_take_the_floats_dtype():
    # log_sigmoid's backward multiplies where(x < 0, 1, 0), an int64 tensor, by float32 ones: float32 in PyTorch
    result = _check(log_sigmoid_loss, [0.1, -0.3], "float32")
    assert result.status == "ok"
    assert not [note for note in result.notes if "float64" in note], result.notes


def tanh_then_scale(x):
    y = torch.tanh(x)
    return (y * 3.0).sum()


def test_a_built_in_rules_op_is_named_at_the_call_it_differentiates_not_the_last_line():
    result = _check(tanh_then_scale, [20.0, 0.5], "float32")
    assert result.status == "unstable"
    [finding] = [f for f in result.findings if f.phase == "backward" and f.gradcli_op == "subtract"]
    assert finding.location.endswith(_line(tanh_then_scale, "torch.tanh"))
    assert finding.op == "subtract in TanhBackward0 (aten.tanh_backward)"  # a step of the kernel, inside its node


def bce_on_two_lines(x):
    p = torch.sigmoid(x)
    return F.binary_cross_entropy(p, torch.full_like(x, 0.3))


def bce_spanning_lines(x):
    p = torch.sigmoid(x)
    return F.binary_cross_entropy(
        p,
        torch.full_like(x, 0.3),
    )


def bce_of_a_call_inside(x):
    return F.binary_cross_entropy(
        torch.sigmoid(x),
        torch.full_like(x, 0.3),
    )


BUILT_IN = [bce_on_two_lines, bce_spanning_lines, bce_of_a_call_inside]


@pytest.mark.parametrize("fun", BUILT_IN, ids=[fun.__name__ for fun in BUILT_IN])
def test_a_wrong_built_in_rule_names_the_line_its_call_starts(fun):
    # binary_cross_entropy's backward divides by max(p (1 - p), 1e-12): at x = -40 it is off by a factor 2e5
    result = _check(fun, [-40.0, 0.7], "float64")
    assert result.status == "wrong"
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location and finding.location.endswith(_line(fun, "F.binary_cross_entropy("))
    assert abs(float(result.exact_gradient["x"][0]) + 0.15) < 1e-10 * 0.15 + 1e-17


class OffSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 2.01 * x


def off_square_in_a_spanning_call(x):
    y = OffSquare.apply(x)
    return F.mse_loss(
        y,
        torch.zeros_like(y),
        reduction="sum",
    )


def off_square_inside_a_spanning_call(x):
    return F.softplus(
        OffSquare.apply(
            x),
        beta=2.0,
    ).sum()


CUSTOM = [off_square_in_a_spanning_call, off_square_inside_a_spanning_call]


@pytest.mark.parametrize("fun", CUSTOM, ids=[fun.__name__ for fun in CUSTOM])
def test_a_wrong_autograd_function_under_a_spanning_call_is_named_at_its_backward(fun):
    result = _check(fun, [-4.0, 1.7], "float64")
    assert result.status == "wrong"
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert "backward() of OffSquare" in finding.op
    lines, first = inspect.getsourcelines(OffSquare.backward)
    assert finding.location.endswith(f"{__file__.rsplit('/', 1)[-1]}:{first + 1}")
