"""A point whose one-sided slopes are both 0 has derivative 0, however slowly its central difference settles.

x^2 nan_to_num(log x) at 0: the central difference h log h / 2 moves with every step the precision takes, so two
precisions never agree; but the one-sided quotients, 0 from the left and h log h from the right, fall with the step
at each of three steps (the kink test's), so both slopes are 0. The same for a product f g where g vanishes to 2nd
order and f grows slower than 1/|x| (a NaN-masked log, a root of a norm): sqrt(|d|) d[0] at d = 0.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.checker.kinks import _keeps_falling

MODULE = """
import numpy as np


def masked_log_times_square(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.nan_to_num(np.log(x)) * x**2


def log_abs_times_signed_square(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.nan_to_num(np.log(np.abs(x))) * x * np.abs(x)


def root_of_norm_times_entry(d):
    return np.sqrt(np.linalg.norm(d)) * d[0]


def slowly_settling_slope(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        return x * (1.0 + np.nan_to_num(1.0 / np.log(np.abs(x))))
"""


@pytest.mark.parametrize("name, point, slope", [
    ("masked_log_times_square", {"x": 0.0}, [0.0]),
    ("log_abs_times_signed_square", {"x": 0.0}, [0.0]),
    ("root_of_norm_times_entry", {"d": np.array([0.0, 0.0])}, [0.0, 0.0]),
])
def test_both_one_sided_slopes_0_give_the_derivative(tmp_path, name, point, slope):
    path = tmp_path / "flat.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results
    (exact,) = result.exact_gradient.values()
    assert np.ravel(np.asarray(exact, dtype=float)).tolist() == slope, [f.message for f in result.findings]
    assert result.status != "error"


def test_a_slope_settling_slowly_elsewhere_than_0_is_no_claim(tmp_path):
    # x (1 + 1/log|x|): its one-sided quotients tend to 1, as 1/log h: neither settled nor falling to 0, so the
    # point keeps no exact gradient rather than a 0
    path = tmp_path / "flat.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:slowly_settling_slope", [{"x": 0.0}], dtypes=("float64",), fixes=False,
                              max_digits=240).results
    assert result.exact_gradient is None or not result.exact_gradient or any(
        float(v) != 0.0 for v in np.ravel(np.asarray(list(result.exact_gradient.values())[0], dtype=float)))


@pytest.mark.parametrize("q, expected", [
    pytest.param(lambda h: h * mpmath.log(h), True, id="h log h"),
    pytest.param(lambda h: mpmath.sqrt(h), True, id="sqrt h"),
    pytest.param(lambda h: h ** mpmath.mpf(0.2), True, id="h^0.2"),
    pytest.param(lambda h: 1 / mpmath.log(h), False, id="1/log h: no claim"),
    pytest.param(lambda h: h if h > mpmath.mpf(10) ** -35 else mpmath.mpf(10) ** -20, False, id="falls, then not"),
])
def test_a_quotient_keeps_falling_at_the_third_step(q, expected):
    with mpmath.workdps(60):
        step, third = mpmath.mpf(10) ** -30, mpmath.mpf(10) ** -40
        assert _keeps_falling(step, q(step), lambda: (q(third), third)) is expected


def test_along_a_random_direction_both_sides_flat_give_the_directional_derivative_0(tmp_path):
    # twenty inputs: the one-sided test runs along the check's random direction u, where the slope is 0 too
    path = tmp_path / "flat.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:root_of_norm_times_entry", [{"d": np.zeros(20)}], dtypes=("float64",),
                              fixes=False).results
    assert result.exact_directional == 0.0 and result.status != "error", [f.message for f in result.findings]
