"""PyTorch's type promotion ranks a 0-dim tensor below a tensor with dimensions of the same kind (round 64d's F4).

``x - torch.tensor(0.1, dtype=torch.float64)`` with float32 ``x`` is float32 arithmetic on 0.1 cast to float32: the
replay in float32 computes so (`torch_graph._zero_dims_cast`), and the exact reference of the float32 program holds
the constant as that cast holds it (`torch_graph._cast_by_promotion`), made in the function or before it (a function
reading only such a global tensor is read as PyTorch code, `detect._roots_used`). Two 0-dim
operands promote as NumPy's rules do: ``x[0] - c`` is float64 arithmetic in PyTorch too, and the check says so.
"""

import numpy as np
import pytest
import torch

import gradcli

TENTH = torch.tensor(0.1, dtype=torch.float64)  # made before the function runs


def shift_made_inside(x):
    c = torch.tensor(0.1, dtype=torch.float64)
    return ((x - c) ** 2).sum()


def shift_made_outside(x):
    return ((x - TENTH) ** 2).sum()


def shift_of_a_zero_dim_entry(x):
    c = torch.tensor(0.1, dtype=torch.float64)
    return (x[0] - c) ** 2 + x[1]


def _check(fun):
    [result] = gradcli.check(fun, [{"x": np.array([0.1, 0.3])}], dtypes=["float32"], fixes=False).results
    return result


def _notes(result):
    return " ".join(str(f) for f in result.findings) + " ".join(getattr(result, "notes", []) or [])


@pytest.mark.parametrize("fun", [shift_made_inside, shift_made_outside])
def test_a_float64_scalar_tensor_meets_float32_data_cast_to_float32(fun):
    result = _check(fun)
    x = np.float32([0.1, 0.3]).astype(np.float64)
    tenth = float(np.float32(0.1))  # PyTorch's cast of the double 0.1
    assert result.status == "ok", result.findings
    assert np.asarray(result.exact_gradient["x"], dtype=np.float64).tolist() == (2 * (x - tenth)).tolist()
    assert np.asarray(result.gradient["x"]).tolist() == [0.0, pytest.approx(float(2 * (x[1] - tenth)), rel=1e-6)]
    assert "returned float64" not in _notes(result)


def test_two_zero_dim_operands_promote_to_float64_as_in_pytorch():
    result = _check(shift_of_a_zero_dim_entry)
    x0 = float(np.float32(0.1))
    exact = np.asarray(result.exact_gradient["x"], dtype=np.float64)
    assert exact[0] == pytest.approx(2 * (x0 - 0.1), rel=1e-12)  # the double 0.1: PyTorch subtracts in float64
    assert exact[1] == 1.0
    assert "subtract returned float64" in _notes(result)


def test_a_function_reading_only_a_global_tensor_is_read_as_that_frameworks():
    """shift_made_outside names no torch function, and its module imports NumPy too: the tensor it reads says torch."""
    from gradcli.capture.detect import framework_of_callable

    assert framework_of_callable(shift_made_outside) == "torch"


def guarded_shift(x):
    return torch.where(x >= TENTH, (x - TENTH) * 1e8, x).sum()


def test_a_comparison_with_the_scalar_compares_in_float32_too():
    """x >= TENTH with float32 x compares in float32: at x = 0.1 the float32 program takes (x - 0.1f) * 1e8 = 0,
    and so does its exact reference (the comparison reads the constant as the cast holds it)."""
    [result] = gradcli.check(guarded_shift, [{"x": np.array([0.1, 0.3])}], dtypes=["float32"], fixes=False).results
    tenth = float(np.float32(0.1))
    assert float(result.exact_value) == pytest.approx((float(np.float32(0.3)) - tenth) * 1e8, rel=1e-12)
    assert result.status == "domain" and "jump" in [f.kind for f in result.findings], result.findings  # on its switch
