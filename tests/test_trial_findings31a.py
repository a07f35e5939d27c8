"""The classes of round 31a's findings (tests/trials/cases31a.py), each against an independent truth.

K1: a root of a quantity that is 0 at the point only by algebra the reference cannot see as an exact 0 (a two-link
arm's manipulability sqrt(det(J J^T)) at a singular pose, det 1e-31 at 30 digits from its rounded sines) was given
the smooth regularised slope 0 along the joint where the function is 0.5 |sin q1|, and the float64 run's rounding
called it ``unstable``: the one-sided test only ran for a root of an exact 0 (JAX's det by LU; the same in plain
NumPy, whose det is an exact 0.0, still ends with no exact reference, its climb finding no proof of the 0). A root whose radicand shrinks with the
working digits as rounding does (a second run at twice the digits) now calls for the one-sided test as an exact 0
does, and the kink is found: ``domain``, slopes -0.5 and 0.5.

K2: along a coordinate where the function is a number at the point and NaN on both sides (an elbow angle by
2 atan2(sqrt((L1 + L2 - r)(L1 + L2 + r)), ...) at full extension, in y: every y but 0 puts the target out of reach)
the exact gradient entry was the rule's 0: a one-sided test meeting NaN gave no verdict. Such a point is now
singular in that coordinate (no derivative), said as "defined at this point alone along that coordinate".
"""

import mpmath
import numpy as np

import gradcli

GRAM = """import jax.numpy as jnp


def manipulability(q):
    s1, c1 = jnp.sin(q[0]), jnp.cos(q[0])
    s12, c12 = jnp.sin(q[0] + q[1]), jnp.cos(q[0] + q[1])
    jac = jnp.array([[-s1 - 0.5 * s12, -0.5 * s12], [c1 + 0.5 * c12, 0.5 * c12]])
    return jnp.sqrt(jnp.linalg.det(jac @ jac.T))


def tiny_root(x):
    return jnp.sqrt(x)
"""


def _check(tmp_path, source, name, point):
    path = tmp_path / "arm31.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results
    return result


def test_a_root_of_a_rounded_zero_is_tested_for_its_kink(tmp_path):
    # sqrt(det(J J^T)) = L1 L2 |sin q1| with L1 = 1, L2 = 0.5: flat in q0, slopes -0.5 and 0.5 in q1 at q1 = 0
    result = _check(tmp_path, GRAM, "manipulability", {"q": np.array([0.3, 0.0])})
    # q0's exact slope 0 beside q1's kink comes out 5.6e-17 from a cancellation, judged as an input of its own would be
    assert result.status == "unstable", [f.message for f in result.findings]
    slope_q0, slope_q1 = result.exact_gradient["q"]
    assert abs(slope_q0) <= 1e-300 and np.isnan(slope_q1)
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    assert "q[1]" in kink.message and "-0.5 from the left and 0.5 from the right" in kink.message


def test_the_same_root_away_from_the_singular_pose_has_its_slope(tmp_path):
    result = _check(tmp_path, GRAM, "manipulability", {"q": np.array([0.3, 1.0])})
    assert result.status == "ok"
    with mpmath.workdps(40):
        want = mpmath.cos(1) / 2  # d/dq1 of 0.5 |sin q1| at 1
    slope_q0, slope_q1 = result.exact_gradient["q"]
    assert abs(slope_q0) <= 1e-300 and abs(mpmath.mpf(slope_q1) - want) <= 1e-12 * want


def test_a_root_of_a_tiny_number_the_point_holds_is_smooth(tmp_path):
    # sqrt(x) at 1e-40 is no rounded zero: its radicand stays 1e-40 at every precision, slope 0.5e20
    result = _check(tmp_path, GRAM, "tiny_root", {"x": 1e-40})
    assert result.status == "ok"
    with mpmath.workdps(40):
        want = 1 / (2 * mpmath.sqrt(mpmath.mpf(1e-40)))
    assert abs(mpmath.mpf(result.exact_gradient["x"]) - want) <= 1e-12 * want


REACH = """import jax.numpy as jnp


def elbow(target):
    r = jnp.hypot(target[0], target[1])
    return 2 * jnp.arctan2(jnp.sqrt((1.5 - r) * (1.5 + r)), jnp.sqrt((r - 0.5) * (r + 0.5)))
"""


def test_a_coordinate_with_no_number_on_either_side_has_no_derivative(tmp_path):
    # at (1.5, 0) the arm is fully extended: every y but 0 has r > 1.5 and no real root; from the left in x the
    # slope is -2x / sqrt(1 - c^2), c = x^2 - 1.25, unbounded; from the right again no real root
    result = _check(tmp_path, REACH, "elbow", {"target": np.array([1.5, 0.0])})
    assert result.status == "domain"
    in_x, in_y = result.exact_gradient["target"]
    assert np.isnan(in_y) and (np.isnan(in_x) or in_x == -np.inf)  # x: infinite from the only side it has
    (alone,) = [f for f in result.findings if "singular here in target[1]" in f.message]
    assert "defined at this point alone along that coordinate" in alone.message


def test_the_same_inside_the_reach_keeps_both_slopes(tmp_path):
    result = _check(tmp_path, REACH, "elbow", {"target": np.array([0.9, 0.8])})
    assert result.status == "ok"
    with mpmath.workdps(40):
        x, y = mpmath.mpf(0.9), mpmath.mpf(0.8)
        c = x * x + y * y - mpmath.mpf(1.25)
        want = [-2 * x / mpmath.sqrt(1 - c * c), -2 * y / mpmath.sqrt(1 - c * c)]
    for got, w in zip(result.exact_gradient["target"], want):
        assert abs(mpmath.mpf(got) - w) <= 1e-12 * abs(w)
