"""A float64 tensor constant the code casts to float32 (``V.to(p.dtype)``, ``V.float()``) is the float32 number in
the exact reference, as it is in PyTorch's every run (round 80d's F2).

The exact replay kept the double 0.3 where PyTorch computes with float32's 0.30000001192092896: V.to(p.dtype) - W
of two equal constants, one stored in float64, is exactly 0 in float32, yet gradcli called it unstable (an exact
slope of -1.2e-8), and (p * V.float()).sum() in a float64 check had the exact slope 0.3 where the program's is
float32's 0.3.
"""

import pytest

torch = pytest.importorskip("torch")

import gradcli  # noqa: E402

STORED = torch.tensor([0.3, 2.0], dtype=torch.float64)
PLAIN = torch.tensor([0.3, 2.0])
POINT = {"p": [1.0, 2.0]}
FLOAT32_POINT_THREE = 0.30000001192092896


def difference_of_equal_constants(p):
    return (p * (STORED.to(p.dtype) - PLAIN.to(p.dtype))).sum()


def weighted_by_the_input_dtype(p):
    return (p * STORED.to(p.dtype)).sum()


def weighted_in_float32(p):
    return (p * STORED.float()).sum()


def _result(fun, dtype):
    [result] = gradcli.check(fun, [POINT], dtypes=[dtype], fixes=False).results
    return result


def test_a_cast_to_the_input_dtype_rounds_the_constant_in_float32():
    result = _result(difference_of_equal_constants, "float32")
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(e) for e in result.exact_gradient["p"]] == [0.0, 0.0]
    result = _result(weighted_by_the_input_dtype, "float32")
    assert [float(e) for e in result.exact_gradient["p"]] == [FLOAT32_POINT_THREE, 2.0]
    # in float64 the same cast changes nothing: the double stays
    result = _result(weighted_by_the_input_dtype, "float64")
    assert [float(e) for e in result.exact_gradient["p"]] == [0.3, 2.0]


def test_a_cast_to_float32_rounds_the_constant_in_a_float64_check():
    result = _result(weighted_in_float32, "float64")
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(e) for e in result.exact_gradient["p"]] == [FLOAT32_POINT_THREE, 2.0]
