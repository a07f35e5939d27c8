"""``np.i0`` in a plain NumPy module (N1): NumPy's own value in each dtype, I1 its slope, I0 the exact reference."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

SOURCE = '''
import numpy as np


def weighted_bessel(x):
    return np.sum(np.i0(x) * x)
'''


def _slope(x):
    """d/dx (I0(x) x) = I0(x) + x I1(x), to 30 digits."""
    with mpmath.workdps(30):
        return float(mpmath.besseli(0, x) + x * mpmath.besseli(1, x))


def test_a_plain_modules_np_i0_is_checked_against_its_exact_slope(tmp_path):
    module_path = tmp_path / "bessel_module.py"
    module_path.write_text(SOURCE)
    x = [0.5, 3.0, -2.0]
    report = gradcli.check(f"{module_path}:weighted_bessel", [{"x": np.array(x)}], dtypes=["float32", "float64"],
                           fixes=False)
    for r in report.results:
        assert r.status == "ok", (r.dtype, r.error, [f.message for f in r.findings])
        assert list(r.exact_gradient["x"]) == pytest.approx([_slope(v) for v in x], rel=1e-13)


def test_np_i0_answers_numpys_own_value_in_float32():
    """NumPy computes its series in float32 (SciPy's i0 computes in float64 and rounds: 4 apart at 20): the value
    under test is NumPy's."""
    x = np.array([20.0, 0.75], dtype=np.float32)
    got = gnp.i0(x)
    assert got.dtype == np.float32 and got.tolist() == np.i0(x).tolist()
    assert gradcli.grad(lambda v: gnp.sum(gnp.i0(v)))(np.array([2.0]))[0] == pytest.approx(
        float(mpmath.besseli(1, 2.0)), rel=1e-14)
