"""A program that reads its own dtype is judged, in each dtype, as the program of that dtype.

Library code reads its dtype (``np.finfo(x.dtype).eps`` in a clip, ``np.finfo(x.dtype).tiny`` as a log's guard, a
branch on ``x.dtype == np.float32`` or on ``np.result_type(x)``): the exact reference of the float32 program takes the
float32 program's branch and limits, and its finite differences step that program too. Each truth here is written
independently, with mpmath, from the mathematics of the program in that dtype.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

MODULE = '''\
import numpy as np


def branch(x):
    return x * 2 if x.dtype == np.float32 else x * x


def branch_by_result_type(x):
    return x * 2 if np.result_type(x) == np.float32 else x * x


def clipped_log(p):
    eps = np.finfo(p.dtype).eps
    return np.log(np.clip(p, eps, 1 - eps))


def guarded_log(x):
    return np.sum(np.log(np.maximum(x, np.finfo(x.dtype).tiny)))


def scaled_by_a_held_input(x, y):
    return x * (y * 2 if y.dtype == np.float32 else y * y)


def cancels_in_float32(x):
    if x.dtype == np.float32:
        return np.sin((1 + x) - 1) * 3
    return np.sin(x) * 3
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The plain NumPy module above, as a file (the path a target names)."""
    folder = tmp_path_factory.mktemp("dtype59")
    (folder / "reads_dtype.py").write_text(MODULE)
    return f"{folder}/reads_dtype.py"


def _by_dtype(result):
    return {point.dtype: point for point in result.results}


def _close(a, b, rel=1e-12):
    return abs(float(a) - float(b)) <= rel * abs(float(b))


@pytest.mark.parametrize("name", ["branch", "branch_by_result_type"])
def test_a_branch_on_the_dtype_is_each_dtypes_own_branch(module, name):
    points = _by_dtype(gradcli.check(f"{module}:{name}", {"x": 2.0}, dtypes=["float32", "float64"]))
    # float32's program is 2x (slope 2), float64's x^2 (slope 2x = 4 at 2)
    assert points["float32"].exact_gradient["x"] == pytest.approx(2, rel=1e-12)
    assert points["float64"].exact_gradient["x"] == pytest.approx(4, rel=1e-12)
    assert {p.status for p in points.values()} == {"ok"}, [p.findings for p in points.values()]
    # the differences step the float32 program, not the float64 one
    assert points["float32"].fd_gradient["x"] == pytest.approx(2, rel=1e-6)


def test_a_clip_by_the_dtypes_eps_holds_in_float32_only(module):
    points = _by_dtype(gradcli.check(f"{module}:clipped_log", {"p": 1e-8}, dtypes=["float32", "float64"]))
    eps32 = mpmath.mpf(2) ** -23  # float32's eps: 1e-8 lies below it, so the clip holds p at eps
    assert _close(points["float32"].exact_value, mpmath.log(eps32))
    assert points["float32"].exact_gradient["p"] == 0
    p64 = mpmath.mpf(1e-8)  # the float64 point, exactly; float64's eps (2^-52) lies below it
    assert _close(points["float64"].exact_value, mpmath.log(p64))
    assert _close(points["float64"].exact_gradient["p"], 1 / p64)
    assert {p.status for p in points.values()} == {"ok"}, [p.findings for p in points.values()]


def test_a_guard_by_the_dtypes_tiny_holds_below_it(module):
    x = np.array([1e-40, 0.5])
    points = _by_dtype(gradcli.check(f"{module}:guarded_log", {"x": x}, dtypes=["float32", "float64"]))
    tiny32 = mpmath.mpf(2) ** -126  # float32's smallest normal number: float32's 1e-40 (subnormal) is below it
    assert _close(points["float32"].exact_value, mpmath.log(tiny32) + mpmath.log(mpmath.mpf(0.5)))
    assert points["float32"].exact_gradient["x"][0] == 0
    assert _close(points["float32"].exact_gradient["x"][1], 2)
    small = mpmath.mpf(1e-40)  # above float64's tiny (2^-1022): its log's own slope
    assert _close(points["float64"].exact_value, mpmath.log(small) + mpmath.log(mpmath.mpf(0.5)))
    assert _close(points["float64"].exact_gradient["x"][0], 1 / small)
    assert {p.status for p in points.values()} == {"ok"}, [p.findings for p in points.values()]


def _gradcli_numpy_clip(p):
    eps = gnp.finfo(p.dtype).eps
    return gnp.log(gnp.clip(p, eps, 1 - eps)) * p.dtype.itemsize


def test_a_gradcli_numpy_function_reads_the_dtype_it_is_checked_in():
    points = _by_dtype(gradcli.check(_gradcli_numpy_clip, {"p": 1e-10}, dtypes=["float32", "float64"]))
    assert points["float32"].exact_gradient["p"] == 0  # held at float32's eps, times float32's 4 bytes
    assert _close(points["float32"].exact_value, 4 * mpmath.log(mpmath.mpf(2) ** -23))
    assert _close(points["float64"].exact_gradient["p"], 8 / mpmath.mpf(1e-10))
    assert {p.status for p in points.values()} == {"ok"}, [p.findings for p in points.values()]


def test_a_sweep_of_a_branch_on_the_dtype_is_ok_in_each_dtype(module):
    swept = gradcli.sweep(f"{module}:branch", {"x": (1.0, 3.0, 3)}, dtypes=("float32", "float64"), fixes=False)
    counts = {dtype: part["counts"] for dtype, part in swept.to_dict()["dtypes"].items()}
    assert counts == {"float32": {"ok": 3}, "float64": {"ok": 3}}, counts


def test_the_op_that_lost_float32s_digits_is_named_in_float32s_branch(module):
    (point,) = gradcli.check(f"{module}:cancels_in_float32", {"x": 1e-6}, dtypes=["float32"]).results
    assert point.status == "unstable"
    # the explanation pairs the float32 run with the exact run of the same (float32) program, op by op: 1 + x keeps
    # only a few of x's 24 bits (the float32 branch's add) and the subtract after it reveals the loss
    assert any(f.op == "add" and f.kind == "cancellation" and "smaller operand's 24 bits" in f.message
               and "subtract" in f.message for f in point.findings), point.findings


def test_an_input_held_still_answers_its_dtype_too(module):
    points = _by_dtype(gradcli.check(f"{module}:scaled_by_a_held_input", {"x": 1.0, "y": 3.0},
                                     dtypes=["float32", "float64"], wrt=["x"]))
    # d/dx of x * 2y in float32 and of x * y^2 in float64, y = 3 held still; the differences step that program too
    assert points["float32"].exact_gradient["x"] == pytest.approx(6, rel=1e-12)
    assert points["float32"].fd_gradient["x"] == pytest.approx(6, rel=1e-6)
    assert points["float64"].exact_gradient["x"] == pytest.approx(9, rel=1e-12)
    assert {p.status for p in points.values()} == {"ok"}, [p.findings for p in points.values()]
