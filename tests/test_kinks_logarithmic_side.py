"""A one-sided slope that grows like log h is infinite: x log x at 0 is `domain`, however slowly it grows.

The kink test's one-sided quotient of x log x at 0 from the right is log h: 1.5
times larger at each of its steps, never the tenfold a pole's 1/h shows. A side
whose quotient grows by the same amount per decade of step, to 1e-6, at three
steps is unbounded; a power h^-e grows by more per decade at each step down, and
h^e shrinks (slope 0), so neither is taken for a log.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.checker.kinks import _logarithmic

MODULE = """
import numpy as np


def where_xlogx(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(x > 0, x * np.log(x), 0.0)


def nan_guarded(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.sum(np.nan_to_num(np.log(x), neginf=-50.0) * x)
"""


@pytest.mark.parametrize("name, point, label", [
    ("where_xlogx", {"x": 0.0}, "x"),
    ("nan_guarded", {"x": np.array([0.0, 0.5, 2.0])}, "x[0]"),
])
def test_x_log_x_at_0_has_an_infinite_slope_from_the_right(tmp_path, name, point, label):
    path = tmp_path / "logs.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    (singular,) = [f for f in result.findings if f.kind == "singular"]
    assert singular.op == label and "from the right the difference quotient grows without bound" in singular.message
    if name == "nan_guarded":  # the other entries keep their slopes, log(x) + 1
        for k in (1, 2):
            assert abs(float(result.exact_gradient["x"][k]) - (np.log(point["x"][k]) + 1)) < 1e-14


def _quotients(q, digits=60):
    """A side's quotients at the kink test's three steps 10^(-d/3), 10^(-d/2), 10^(-2d/3) for ``q(h)``."""
    with mpmath.workdps(digits):
        steps = [mpmath.mpf(10) ** -(digits // k) for k in (3, 2)]
        third = mpmath.mpf(10) ** -(2 * digits // 3)
        return steps, q(steps[0]), q(steps[1]), (lambda: (q(third), third))


@pytest.mark.parametrize("q, expected", [
    pytest.param(lambda h: mpmath.log(h), True, id="log h"),
    pytest.param(lambda h: 3 * mpmath.log(h) + 7 + h, True, id="3 log h + 7 + h"),
    pytest.param(lambda h: h ** mpmath.mpf(-0.01), False, id="h^-0.01"),
    pytest.param(lambda h: -(h ** mpmath.mpf(0.001)), False, id="h^0.001: slope 0"),
    pytest.param(lambda h: mpmath.log(h) ** 2, False, id="log(h)^2: faster"),
])
def test_a_log_is_told_apart_from_a_power_by_the_rate(q, expected):
    steps, first, second, third = _quotients(q)
    with mpmath.workdps(60):
        assert _logarithmic(steps, first, second, third) is expected
