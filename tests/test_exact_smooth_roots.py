"""A square root of a zero of high order is smooth there: sqrt(x^4 (x + 1)) at 0 has the exact slope 0.

sqrt(x^4 (x + 1)) is x^2 sqrt(x + 1) wherever it is defined, a smooth function with slope 0 at x = 0. On
balls sqrt of an exact 0 has no slope, so the mpmath path answers, and its central difference there is
h^2 / 2 at every precision: only a proof settles it. The proof numbers take a factor of unknown sign out of
a root as its square where its power allows (x^4 = (x^2)^2; x^2 + y^2 is never negative), the root's slope
u' / (2 sqrt(u)) is reduced before its denominator must be nonzero at the point, and a slope whose every
term holds the point's exact 0 is 0 there. |x| = sqrt(x^2) keeps its kink; sqrt(x^2 (x + 1)) too. Every
expected number is the closed form's, never gradcli's output.
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import python_zero

pytest.importorskip("flint")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def fourth_power(x):
        return np.sqrt(x**4 * (x + 1))


    def eighth_power(x):
        return np.sqrt(x**8 * (2 + x) * (3 - x))


    def square_of_a_square(x):
        return np.sqrt((x * x) ** 2 * np.exp(x))


    def sine_to_the_fourth(x):
        return np.sqrt(np.sin(x) ** 4 * (x + 1))


    def negative_rest(x):
        return np.sqrt(x**4 * (x - 1) * (x - 2))


    def squared_norm(x, y):
        return np.sqrt((x * x + y * y) ** 2 * (1 + x))


    def fourth_power_beside(x, y):
        return np.sqrt(x**4 * (1 + y * y))


    def second_power(x):
        return np.sqrt(x**2 * (x + 1))


    def sixth_power(x):
        return np.sqrt(x**6 * (x + 1))
    """
)

# name -> (point, the closed form's gradient there)
SMOOTH = {
    "fourth_power": ({"x": 0.0}, {"x": 0.0}),
    "eighth_power": ({"x": 0.0}, {"x": 0.0}),
    "square_of_a_square": ({"x": 0.0}, {"x": 0.0}),
    "sine_to_the_fourth": ({"x": 0.0}, {"x": 0.0}),
    "negative_rest": ({"x": 0.0}, {"x": 0.0}),
    "squared_norm": ({"x": 0.0, "y": 0.0}, {"x": 0.0, "y": 0.0}),
    "fourth_power_beside": ({"x": 0.0, "y": 0.5}, {"x": 0.0, "y": 0.0}),
    # away from the zero: x^2 sqrt(x + 1) has slope 2 x sqrt(x + 1) + x^2 / (2 sqrt(x + 1))
    "fourth_power_at_a_half": ({"x": 0.5}, {"x": 2 * 0.5 * math.sqrt(1.5) + 0.25 / (2 * math.sqrt(1.5))}),
}


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("roots") / "roots.py"
    path.write_text(SOURCE)
    return path


def _check(module, name, point):
    [result] = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("name", list(SMOOTH))
def test_a_root_of_a_high_order_zero_has_its_exact_slope(module, name):
    point, want = SMOOTH[name]
    result = _check(module, name.removesuffix("_at_a_half"), point)
    for variable, expected in want.items():
        got = result.exact_gradient[variable]
        assert got is not None, (variable, [f.message for f in result.findings])
        if expected == 0:
            assert float(got) == 0, (variable, got)
        else:
            assert float(got) == pytest.approx(expected, rel=1e-12), (variable, got)
    assert result.status not in ("error", "domain"), [f.message for f in result.findings]


def test_a_root_of_a_square_keeps_its_kink(module):
    # sqrt(x^2 (x + 1)) is |x| sqrt(x + 1): slopes -1 and 1 at 0, no derivative
    result = _check(module, "second_power", {"x": 0.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert not np.isfinite(float(result.exact_gradient["x"]))


def test_a_root_of_a_sixth_power_claims_no_other_number(module):
    # |x|^3 sqrt(x + 1) has slope 0 at 0; the proof numbers cannot write |x|^3: no reference, or 0, never another
    result = _check(module, "sixth_power", {"x": 0.0})
    got = result.exact_gradient["x"]
    assert got is None or float(got) == 0, got


def _proven_slopes(function, point):
    arb_core.enable()
    return python_zero.proven(function, [np.float64(v) for v in point])[1]


@pytest.mark.parametrize(
    "function, point",
    [
        (lambda x: gnp.sqrt(x * x), [0.0]),
        (lambda x: gnp.sqrt(x**2 * (x + 1)), [0.0]),
        (lambda x: gnp.sqrt(x**6 * (x + 1)), [0.0]),
        (lambda x, y: gnp.sqrt((x * x - y * y) ** 2 * (1 + x)), [0.0, 0.0]),  # |x^2 - y^2|: not smooth at 0
        (lambda x: gnp.sqrt(x**4 * (x + 1)) / (x * x), [0.0]),  # 0/0 at the point: no slope
    ],
    ids=["abs", "square", "sixth", "difference_of_squares", "over_its_zero"],
)
def test_no_slope_is_proven_0_where_the_root_keeps_a_kink(function, point):
    assert not any(_proven_slopes(function, point))


def test_the_root_taken_out_is_the_functions_value():
    # (x^2 + y^2) sqrt(1 + x), not its square, at a point where both are known: the proof's value is the function's
    from gradcli.autodiff import arb_proof

    arb_core.enable()
    with arb_proof.session():
        x, y = arb_proof.seeded(np.array([0.0, 0.0]), [[1.0, 0.0], [0.0, 1.0]], True)
        root = gnp.sqrt((x * x + y * y) ** 2 * (1 + x))
        difference = root - (x * x + y * y) * gnp.sqrt(1 + x)
        assert arb_proof.zeros_of(difference)[0]
