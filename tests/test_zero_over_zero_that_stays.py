"""A quotient of two zero functions is 0/0 at every point about this one: no value and no slope, `domain`.

slerp's weight (sin((1 - t) theta) - sin(t theta)) / sin(theta) at theta = pi (q0 to -q0): the numerator is 0 for
every t (sin(pi - x) = sin(x)) and the denominator is sin(pi) = 0, so the function is 0/0 whatever t does (README: a
0/0 that stays is no value, and no input has a slope). The reference's numbers make a different quotient of two
roundings at each precision, which never settled: no verdict. A proof run with the inputs unknowns shows both parts
the zero function and the quotient reaching the value (`python_zero.no_number_all_about`); a branch that leaves such
a quotient out, or a 0/0 at the point alone (sin(x)/x at 0), is judged as before.
"""

from __future__ import annotations

import math
import textwrap

import pytest

import gradcli

pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def slerp_weight(t):
        theta = np.arccos(-1.0)
        return (np.sin((1 - t) * theta) - np.sin(t * theta)) / np.sin(theta)


    def slerp_weight_dropped(t):
        theta = np.arccos(-1.0)
        return np.where(t > 10.0, (np.sin((1 - t) * theta) - np.sin(t * theta)) / np.sin(theta), 2.0 * t)


    def sinc_guarded(x):
        return np.where(x == 0, 1.0, np.sin(x) / x)
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("slerp") / "slerp.py"
    path.write_text(SOURCE)
    return path


def _check(target, point):
    [result] = gradcli.check(target, [point], dtypes=("float64",), max_digits=400).results
    return result


@pytest.mark.parametrize("spelling", ["formula", "function"])
def test_a_quotient_of_two_zero_functions_has_no_value_and_no_slope(module, spelling):
    target = "(sin((1-t)*pi) - sin(t*pi))/sin(pi)" if spelling == "formula" else f"{module}:slerp_weight"
    result = _check(target, {"t": 0.25})
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    assert math.isnan(float(result.exact_value)) and math.isnan(float(result.exact_gradient["t"]))


def test_a_branch_that_leaves_it_out_is_judged_as_before(module):
    result = _check(f"{module}:slerp_weight_dropped", {"t": 0.25})
    assert result.status == "ok" and float(result.exact_gradient["t"]) == 2.0


def test_a_zero_over_zero_at_the_point_alone_keeps_its_verdict(module):
    # sin(x)/x at 0 in the branch where leaves out: the rule's NaN through it is wrong, its exact slope 0
    result = _check(f"{module}:sinc_guarded", {"x": 0.0})
    assert result.status == "wrong" and float(result.exact_gradient["x"]) == 0.0
