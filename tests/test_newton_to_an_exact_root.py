"""Newton's steps converging to an exact zero root: the exact slope is a number far below every float, unreachable.

40 Newton steps on Kepler's equation E - e sin E = M from E = pi at M = 0 approach the root E = 0 cubically (the
equation's second derivative is 0 there): log2 |E| triples each step, past -170000 by the twelfth, about -4e18 by
the fortieth, and dr/dM = e sin(E_40) dE_40/dM, with dE_40/dM near 1 / (1 - e) = 2, is that small and positive. No
run of the program at any precision gradcli can afford tells it from 0 (each step cancels all but the cube of its
input), but balls prove it below 2^-32687, below every float64: float64's 0 is its correctly rounded value, so the
point is `ok`, its exact slope given as that bound and never as a number (`judge._rounded_within_the_bound`); a bound
a float could hold leaves the point without an exact reference, and a program's slope off the bound is judged against
it (tests/test_bound_judges_the_program.py). Truth: the iterates themselves in mpmath at 200000 bits.
"""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.checker.balls import below_every_float

PROGRAM = """import numpy as np


def radius_fixed_steps(M, e):
    E = np.pi + 0 * M
    for _ in range(40):
        E = E - (E - e * np.sin(E) - M) / (1 - e * np.cos(E))
    return 1 - e * np.cos(E)
"""


def _log2_of_iterates(steps):
    """log2 |E_n| of the first ``steps`` iterates, at 200000 bits (enough for these, none for the fortieth)."""
    with mpmath.workprec(200000):
        E, e, out = mpmath.mpf(float(mpmath.pi)), mpmath.mpf(0.5), []
        for _ in range(steps):
            E = E - (E - e * mpmath.sin(E)) / (1 - e * mpmath.cos(E))
            out.append(float(mpmath.log(abs(E), 2)))
        return out


def test_the_iterates_shrink_cubically_past_every_float():
    logs = _log2_of_iterates(11)
    # from the fifth step on, each log2 |E| is three times the last, less log2(3): E' = E^3 / 3 to first order
    for before, after in zip(logs[4:], logs[5:]):
        assert after == pytest.approx(3 * before - mpmath.log(3, 2), rel=1e-6)
    assert logs[-1] < -32768  # below what balls of gradcli's most bits hold, 29 steps short of the fortieth


@pytest.fixture(scope="module")
def kepler(tmp_path_factory):
    path = tmp_path_factory.mktemp("newton") / "kepler.py"
    path.write_text(PROGRAM)
    return path


def test_the_zero_below_every_float_is_ok_and_the_slope_is_given_as_its_bound(kepler):
    [result] = gradcli.check(f"{kepler}:radius_fixed_steps", [{"M": 0.0, "e": 0.5}], dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    assert result.exact_gradient["M"] is None  # no number stands for it: "an exact gradient is 0 only where proven 0"
    assert result.exact_gradient_text["M"] == "below 2^-32687 in magnitude"
    assert result.exact_gradient["e"] == pytest.approx(-1.0, rel=1e-12) and result.exact_value == 0.5
    assert any("below 2^-32687 in magnitude" in note and "2^-1074" in note for note in result.notes)


def _bounded_point(log2, gradient, dtype="float64"):
    """A point whose reference is a `Bounded` of 2^``log2`` on x's slope beside y's slope 1, judged with the program's
    ``gradient`` (x's, y's) and value 2."""
    import mpmath

    from gradcli.checker import judge
    from gradcli.checker.precision import Bounded, Exact
    from gradcli.checker.results import PointResult
    from gradcli.checker.targets import Target

    target = Target("f", "function", ("x", "y"), lambda x, y: x, lambda x, y: x)
    exact = Exact(determined=False, unsettled=True, why="on balls, the exact gradient is within a bound of 0",
                  bounded=Bounded(log2, mpmath.mpf(2), [None, mpmath.mpf(1)]))
    result = PointResult(point={"x": 0.0, "y": 1.0}, dtype=dtype)
    result.rtol, result.atol = 1e-10, 0.0
    return judge._rounded_within_the_bound(result, target, 2.0, dict(zip("xy", gradient)), exact, ["x", "y"],
                                           np.dtype(dtype), result.rtol)


def test_a_bound_is_ok_only_below_the_dtypes_least_float_and_only_for_a_gradient_that_rounds_to_it():
    assert _bounded_point(-1100, (0.0, 1.0)) is not None
    assert _bounded_point(-1074, (0.0, 1.0)) is None  # 2^-1074 is float64's least: a float could hold such a slope
    assert _bounded_point(-200, (0.0, 1.0), "float32") is not None  # below float32's least, 2^-149
    assert _bounded_point(-140, (0.0, 1.0), "float32") is None
    assert _bounded_point(-1100, (1e-3, 1.0)) is None  # the program's slope off the bound beyond any rounding
    assert _bounded_point(-1100, (0.0, 1.5)) is None  # a settled entry off its number


def test_a_bound_a_float_holds_gets_no_such_note():
    assert below_every_float(-1000) == ""
    assert "smaller than any float64" in below_every_float(-1075)
