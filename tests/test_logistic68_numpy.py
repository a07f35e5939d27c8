"""A log-logistic in another base, -log(1/(1 + b**y)), is offered NumPy's stable spelling np.logaddexp(0, y*log(b)).

10**y overflows past y = 308 (2**y past 1024), so the naive form is inf there and its slope NaN; logaddexp takes
y log b whole. Each spelling of the power (np.power(10, y), 10 ** y, a float base, np.exp2, np.power(np.e, y)) is
read as the same power. The truths: log(1 + b^y) and its slope log(b) b^y / (1 + b^y) by mpmath at 40 digits, and
the fix's own re-check at the point.
"""

import math

import mpmath
import pytest

import gradcli

SOURCE = """import numpy as np


def decimal_power(y):
    return -np.log(1/(1+np.power(10, y)))


def float_base(y):
    return -np.log(1 / (1 + 10.0 ** y))


def binary(y):
    return -np.log(1/(1+np.exp2(y)))


def natural(y):
    return -np.log(1/(1+np.power(np.e, y)))


def softplus_decimal(y):
    return np.log(1 + np.power(10, y))
"""

CASES = [  # function, point, base, the stable line
    ("decimal_power", 400.0, 10, "    return np.logaddexp(0, y * np.log(10))"),
    ("float_base", 400.0, 10, "    return np.logaddexp(0, y * np.log(10.0))"),
    ("binary", 1100.0, 2, "    return np.logaddexp(0, y * np.log(2))"),
    ("natural", 800.0, math.e, "    return np.logaddexp(0, y)"),
    ("softplus_decimal", 400.0, 10, "    return np.logaddexp(0, y * np.log(10))"),
]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    path = tmp_path_factory.mktemp("logistic68") / "logistic68.py"
    path.write_text(SOURCE)
    return {name: gradcli.check(f"{path}:{name}", [{"y": y}], dtypes=["float64"]) for name, y, _, _ in CASES}


def _truth(base, y):
    """log(1 + b^y) and its slope in y, by mpmath at 40 digits."""
    with mpmath.workdps(40):
        b = mpmath.e if base == math.e else mpmath.mpf(base)
        power = b ** mpmath.mpf(y)
        return mpmath.log1p(power), mpmath.log(b) * power / (1 + power)


@pytest.mark.parametrize("name, y, base, line", CASES)
def test_the_stable_spelling_is_offered_and_rechecked(report, name, y, base, line):
    (result,) = report[name].results
    value, slope = _truth(base, y)
    assert result.status != "ok"  # the power overflows: the naive form is inf there
    assert abs(mpmath.mpf(result.exact_gradient["y"]) - slope) <= 1e-14 * slope
    (fix,) = [f for f in report[name].fixes if f.name == "log logistic"]
    assert f"+{line}" in fix.diff.splitlines(), fix.diff
    assert set(fix.after.values()) == {"ok"} and not fix.partial
    assert abs(fix.checked(y) - value) <= 1e-15 * value
