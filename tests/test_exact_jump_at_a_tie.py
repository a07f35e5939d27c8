"""A switch decided at a tie whose patch is not the sides' limit is a jump: no derivative there (`domain`), however
alike the two sides' slopes; a patch that is the limit leaves the function smooth (`exact_python._jumps_beside`).

TensorFlow's divide_no_nan(sin(x), x) at 0 is a trial (tests/test_user_trials9b.py); here its double-where
spelling and its kin on gradcli.numpy.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def _no_nan_sinc(x):
    zero = gnp.equal(x, 0)
    safe = gnp.where(zero, gnp.ones_like(x), x)
    return gnp.sum(gnp.where(zero, gnp.zeros_like(x), gnp.sin(x) / safe))


def _shifted_patch_0(x):
    return gnp.sum(gnp.where(x != 0, x + 1.0, 0.0))


def _shifted_patch_limit(x):
    return gnp.sum(gnp.where(x != 0, x + 1.0, 1.0))


def _sinc_patched_with_its_limit(x):
    return gnp.sum(gnp.where(x == 0, 1.0, gnp.sin(x) / gnp.where(x == 0, 1.0, x)))


def _result(fun, point):
    return gradcli.check(fun, {"x": np.array(point)}, dtypes=["float64"]).results[0]


@pytest.mark.parametrize("fun", [_no_nan_sinc, _shifted_patch_0], ids=["divide_no_nan", "x+1 patched 0"])
def test_a_patch_that_is_not_the_limit_is_a_jump(fun):
    result = _result(fun, [0.0, 0.5])
    assert result.status == "domain"
    assert np.isnan(float(result.exact_gradient["x"][0]))
    assert float(result.exact_gradient["x"][1]) == pytest.approx(float(fun.__name__ == "_shifted_patch_0") or
                                                                 (np.cos(0.5) * 0.5 - np.sin(0.5)) / 0.25, rel=1e-12)


def test_a_patch_that_is_the_limit_is_smooth_and_its_rule_judged():
    result = _result(_shifted_patch_limit, [0.0])
    assert result.status == "wrong"  # the function is x + 1 everywhere; where's rule gives the patch's slope 0
    assert float(result.exact_gradient["x"][0]) == pytest.approx(1.0, rel=1e-12)
    result = _result(_sinc_patched_with_its_limit, [0.0])
    assert result.status == "ok"
    assert float(result.exact_gradient["x"][0]) == 0.0
