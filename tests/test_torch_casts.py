"""A PyTorch cast is an op the checker sees: a float64 check whose digits went in a cast is `unstable` at the cast.

``.float()``, ``.half()``, ``.to(dtype)`` and ``.type(dtype)`` replay as
gradcli's recorded ``astype``, so the finding names ``astype (float64 ->
float32)`` at the user's line, as for TensorFlow's Cast. Integers meeting
floats in a replayed graph take the float's dtype, as PyTorch promotes them,
so a float32 graph stays float32.
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
    assert first.kind == "narrowed" and first.op == f"astype ({dtype} -> {narrow})", [(f.kind, f.op) for f in result.findings]
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
