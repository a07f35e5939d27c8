"""A root of a sum of squares that is exactly 0 at the point: a cone in each coordinate that moves a square's base.

sqrt(sum_j w_j s_j^2) with every s_j = 0 at the point moves along a coordinate by sqrt(sum_j w_j s_j'^2) |t| to first
order: one-sided slopes -c and c, no derivative where c > 0 (a norm at the 0 vector, an RMS error at a perfect fit),
slope 0 where every base stands still to first order (sqrt(y^4) is y^2). One run on proof numbers decides every
coordinate, so the reference's work does not grow with the number of inputs. The truths are mpmath's one-sided
difference quotients at 80 digits, from the mathematics written out again.
"""

import math

import mpmath
import numpy

from gradcli.checker import reference
from gradcli.checker.balls import Budget
from gradcli.checker.kinks import ALONG
from gradcli.checker.targets import resolve

PROGRAM = """import numpy as np


def norm(x):
    return np.linalg.norm(x)


def rms_error(w, x, y):
    return np.sqrt(np.mean((w[0] * x + w[1] - y) ** 2))


def cone_and_bowl(x, y):
    return np.sqrt(x ** 2 + y ** 4)


def fourth_power(x):
    return np.sqrt(x ** 4)


def hinge(x):
    return np.sqrt(np.maximum(x, 0.0) ** 2)
"""

X = numpy.array([0.5, -1.25, 2.0, 3.0])
W = numpy.array([1.5, -0.25])
Y = W[0] * X + W[1]  # exact in binary: the fit is perfect


def _reference(tmp_path, name, args):
    path = tmp_path / "cones.py"
    path.write_text(PROGRAM)
    budget = Budget(120)
    return reference.compute(resolve(f"{path}:{name}"), args, budget=budget), budget


def _one_sided(f, point, k):
    """f's slopes along flat coordinate ``k`` from the left and from the right at ``point``, mpmath's quotients at a
    step of 10^-40 (the second-order term moves them by 10^-40 of themselves)."""
    with mpmath.workdps(80):
        base = [mpmath.mpf(float(v)) for v in point]
        h = mpmath.mpf(10) ** -40
        f0 = f(base)
        return [side * (f(base[:k] + [base[k] + side * h] + base[k + 1:]) - f0) / h for side in (-1, 1)]


def _kinks(exact):
    return {label: (float(left), float(right)) for label, left, right in exact.kinks}


def _close(a, b):
    return abs(a - float(b)) <= 1e-12 * max(1.0, abs(float(b)))


def test_a_norm_at_the_zero_vector_is_a_cone_in_each_coordinate(tmp_path):
    exact, budget = _reference(tmp_path, "norm", [numpy.zeros(3)])
    kinks = _kinks(exact)
    for k in range(3):
        left, right = _one_sided(lambda v: mpmath.sqrt(sum(e * e for e in v)), [0.0] * 3, k)
        assert _close(kinks[f"x[{k}]"][0], left) and _close(kinks[f"x[{k}]"][1], right)
    assert all(math.isnan(float(g)) for g in exact.gradient[0])
    longer, more = _reference(tmp_path, "norm", [numpy.zeros(12)])
    assert len(longer.kinks) == 12 and more.passes == budget.passes  # no work per coordinate: one proof decides all


def test_a_norm_of_many_inputs_at_0_is_a_cone_along_the_random_direction(tmp_path):
    """Past the inputs differences take one by one, the reference looks along a random direction d: |t d| is
    |d| |t| there, slopes -|d| and |d|, proven by one run on proof numbers seeded along d."""
    exact, budget = _reference(tmp_path, "norm", [numpy.zeros(40)])
    direction = [float(e) for e in numpy.ravel(exact.direction[0])]
    with mpmath.workdps(80):
        h = mpmath.mpf(10) ** -40
        right = mpmath.sqrt(sum((h * e) ** 2 for e in direction)) / h
    [(label, left, got)] = exact.kinks
    assert label == ALONG and _close(float(got), right) and _close(float(left), -right)
    assert math.isnan(float(exact.directional))
    _, few = _reference(tmp_path, "norm", [numpy.zeros(3)])
    assert budget.passes == few.passes  # no kink test along d: its one-sided steps are work of their own


def test_an_rms_error_at_a_perfect_fit_is_a_cone_in_each_parameter(tmp_path):
    exact, _ = _reference(tmp_path, "rms_error", [W, X, Y])

    def rms(v):
        w0, w1, xs, ys = v[0], v[1], v[2:6], v[6:]
        return mpmath.sqrt(sum((w0 * a + w1 - b) ** 2 for a, b in zip(xs, ys)) / len(xs))

    point = list(W) + list(X) + list(Y)
    kinks = _kinks(exact)
    labels = ["w[0]", "w[1]"] + [f"x[{j}]" for j in range(4)] + [f"y[{j}]" for j in range(4)]
    for k, label in enumerate(labels):
        left, right = _one_sided(rms, point, k)
        assert right > 0.1 and _close(kinks[label][0], left) and _close(kinks[label][1], right)
    assert all(math.isnan(float(g)) for a in exact.gradient for g in numpy.ravel(a))


def test_a_fourth_power_under_the_root_leaves_its_coordinate_smooth(tmp_path):
    """sqrt(x^2 + y^4) at 0 is |x| along x and y^2 along y: a cone in x, slope 0 in y (no kink there)."""
    exact, _ = _reference(tmp_path, "cone_and_bowl", [numpy.float64(0.0), numpy.float64(0.0)])

    def f(v):
        return mpmath.sqrt(v[0] ** 2 + v[1] ** 4)

    (left, right), (below, above) = _one_sided(f, [0.0, 0.0], 0), _one_sided(f, [0.0, 0.0], 1)
    assert set(_kinks(exact)) == {"x"}
    assert _close(_kinks(exact)["x"][0], left) and _close(_kinks(exact)["x"][1], right)
    assert math.isnan(float(exact.gradient[0]))
    assert abs(below) < 1e-30 and abs(above) < 1e-30 and exact.gradient[1] == 0


def test_the_root_of_a_fourth_power_at_0_is_smooth(tmp_path):
    exact, _ = _reference(tmp_path, "fourth_power", [numpy.float64(0.0)])
    below, above = _one_sided(lambda v: mpmath.sqrt(v[0] ** 4), [0.0], 0)
    assert abs(below) < 1e-30 and abs(above) < 1e-30
    assert not exact.kinks and not exact.singular
    assert exact.gradient[0] == 0 and exact.determined


def test_a_base_taken_at_a_tie_leaves_the_slopes_to_the_kink_test(tmp_path):
    """sqrt(max(x, 0)^2) at 0 is max(x, 0): the base's slope is one side's (the max decided at a tie), so the
    root's two slopes are 0 and 1, not -1 and 1."""
    exact, _ = _reference(tmp_path, "hinge", [numpy.float64(0.0)])
    left, right = _one_sided(lambda v: mpmath.sqrt(max(v[0], 0) ** 2), [0.0], 0)
    assert _close(_kinks(exact)["x"][0], left) and _close(_kinks(exact)["x"][1], right)
    assert math.isnan(float(exact.gradient[0]))
