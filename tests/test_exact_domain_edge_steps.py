"""An exact derivative at a point whose domain's edge lies nearer than the difference step: the step shrinks.

The log-determinant of [[1e-300, c], [c, 1]] is defined for |c| < 1e-150 only. Where no ball rule answers
(a log-determinant past 4 rows) the exact reference runs the program on mpmath numbers and differentiates by central
differences, whose step at a 0 entry is 10^(-digits/3): both sides leave the domain, and a NaN from both
sides was taken as the slope (SciPy's ``multivariate_normal.entropy`` at cov diag(1e-300, 1) had d/dc NaN,
`wrong` above 16 inputs). A step leaving the domain where the function is finite at the point now finds how
near the edge is and steps inside it; a point on the edge itself (sqrt(x) at 0, sqrt(-x*x) at 0) keeps no slope.
Every expected derivative is the closed form, d/dC 0.5 log det C = 0.5 C^-T, never gradcli's output.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import gradcli

pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import math
    import gradcli.numpy as np
    from gradcli.scipy import stats

    HALF_LOG_TWO_PI_E = 0.5 * (1 + math.log(2 * math.pi))


    def scipy_entropy(c):
        return stats.multivariate_normal.entropy(np.zeros(c.shape[0]), c)


    def cholesky_entropy(c):
        return np.sum(np.log(np.diag(np.linalg.cholesky(c)))) + c.shape[0] * HALF_LOG_TWO_PI_E


    def det_entropy(c):
        return 0.5 * np.log(np.linalg.det(c)) + c.shape[0] * HALF_LOG_TWO_PI_E


    def slogdet_entropy(c):
        return 0.5 * np.linalg.slogdet(c)[1] + c.shape[0] * HALF_LOG_TWO_PI_E


    def root_at_its_edge(x):
        return np.sqrt(x)


    def root_of_a_point(x):
        return np.sqrt(-x * x)


    def root_at_a_double_root(x, b):
        return np.sqrt((1 + x + b) * (1 + x + b) - 4 * b)
    """
)

DIAGONALS = [[1e-300, 1.0], [1.0, 1e-300], [1e-300, 1.0, 1e-200], [1e-300, 1e-300]]
SPELLINGS = ["scipy_entropy", "cholesky_entropy", "det_entropy"]


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("edges") / "entropies.py"
    path.write_text(SOURCE)
    return path


def _check(module, name, point):
    [result] = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("name", SPELLINGS)
@pytest.mark.parametrize("diagonal", DIAGONALS, ids=lambda d: "diag" + "_".join(f"{e:g}" for e in d))
def test_a_log_determinant_beside_a_tiny_pivot_has_its_exact_gradient(module, name, diagonal):
    result = _check(module, name, {"c": np.diag(diagonal)})
    exact = result.exact_gradient["c"]
    assert exact is not None, [f.message for f in result.findings]
    want = np.diag([0.5 / d for d in diagonal])  # 0.5 C^-1, off-diagonal slopes exactly 0
    got = np.asarray(exact, dtype=float)
    assert np.all(np.isfinite(got)), got
    assert np.all((got == 0) == (want == 0)), got
    assert np.allclose(got, want, rtol=1e-12, atol=0), got
    assert result.status != "wrong", [f.message for f in result.findings]


def test_along_a_random_direction_above_16_inputs_the_slope_is_the_closed_forms(module):
    from gradcli.checker import reference
    from gradcli.checker.targets import resolve

    diagonal = [1e-300, 1.0, 2.0, 1e-200, 3.0]
    exact = reference.compute(resolve(f"{module}:slogdet_entropy"), [np.diag(diagonal)])  # 5 rows: mpmath's
    [direction] = exact.direction
    want = sum(0.5 / d * direction[i, i] for i, d in enumerate(diagonal))
    assert exact.determined and exact.directional is not None
    assert float(exact.directional) == pytest.approx(want, rel=1e-12)
    [result] = gradcli.check(f"{module}:slogdet_entropy", [{"c": np.diag(diagonal)}], dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]


@pytest.mark.parametrize("name", ["root_at_its_edge", "root_of_a_point"])
def test_a_point_on_the_domains_edge_keeps_no_slope(module, name):
    # sqrt(x) at 0 has no two-sided slope; sqrt(-x^2) is defined at 0 alone: no step finds a side inside
    result = _check(module, name, {"x": 0.0})
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    exact = result.exact_gradient["x"]
    assert exact is None or not np.isfinite(float(exact)), exact


def test_a_point_on_sqrts_edge_beside_an_epsilon_keeps_no_slope_and_a_reference():
    """Adam's 1 / (sqrt(v) + eps) at v = 0: the search for the edge's distance steps to 2^-32768 beside the point,
    where eps absorbs sqrt's term; that search is no part of the program's differences, so the absorption watch
    leaves it alone: v[0] has no finite derivative (domain; -inf from the right), v[1] its closed form."""
    import gradcli.numpy as gnp

    moment = np.array([0.1, -0.2])
    report = gradcli.check(lambda v: gnp.sum(moment / (gnp.sqrt(v) + 1e-8)), {"v": np.array([0.0, 1e-4])},
                           dtypes=["float64"])
    result = report.results[0]
    assert result.status == "domain", result.findings
    assert float(result.exact_gradient["v"][0]) == -np.inf  # the slope's limit from the right, the only side
    closed = -0.2 * -0.5 / (np.sqrt(1e-4) * (np.sqrt(1e-4) + 1e-8) ** 2)
    assert float(result.exact_gradient["v"][1]) == pytest.approx(closed, rel=1e-10)


@pytest.mark.parametrize("target", ["root_at_a_double_root", "sqrt((1+x+b)*(1+x+b) - 4*b)"])
def test_a_step_the_programs_other_numbers_absorb_finds_no_side_inside(module, target):
    """sqrt(x (x + 4)) written as sqrt((1 + x + b)^2 - 4 b) at x = 0, b = 1: no real value for x < 0, slope
    1 / sqrt(x) -> inf on the right. The search for a step inside reaches steps that 2 + t absorbs at the working
    precision, where both sides are the point's own 0: a slope 0 with no noise, and the rule's inf called wrong.
    A step found so is confirmed at more bits, where it leaves the domain: x keeps no slope."""
    name = f"{module}:{target}" if "(" not in target else target
    [result] = gradcli.check(name, [{"x": 0.0, "b": 1.0}], dtypes=("float64",), wrt=["x"]).results
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    exact = result.exact_gradient["x"]
    assert exact is None or not np.isfinite(float(exact)), exact

