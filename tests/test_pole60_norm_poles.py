"""A pole reached through a norm's 0 (1/norm, log(norm), norm**-k at a cone's tip): the value is the pole's, the
pole's own inputs have no derivative, and every other input keeps the slope the function has beside the pole, as
1/(x*x + y*y) + z and log(x*x + y*y) + z keep z's (issue 27, finding P1 of trials25b)."""

import math

import numpy as np
import pytest

import gradcli

AT_THE_TIP = {"x": 0.0, "y": 0.0, "z": 3.0}


def _checked(target, at):
    (result,) = gradcli.check(target, [at], dtypes=["float64"], fixes=False).results
    return result


@pytest.mark.parametrize(("formula", "z_slope"), [
    ("1/sqrt(x*x + y*y) + z", 1.0),  # the reciprocal of a cone's tip
    ("log(hypot(x, y)) + z*z", 6.0),  # a log of one
    ("hypot(x, y)**-2 + z", 1.0),  # an even negative power: sqrt(u)^-2 is u^-1
    ("sqrt(x*x + y*y)**-3 + sin(z)", math.cos(3.0)),  # an odd one
    ("(x*x + y*y)**-1.5 + z", 1.0),  # a negative power of the radicand itself
])
def test_a_pole_through_a_norms_zero_keeps_the_other_slopes(formula, z_slope):
    r = _checked(formula, AT_THE_TIP)
    assert r.status == "domain"
    assert math.isnan(r.exact_gradient["x"]) and math.isnan(r.exact_gradient["y"])
    assert r.exact_gradient["z"] == pytest.approx(z_slope, rel=1e-12)


def test_a_slope_the_poles_term_moves_stays_no_derivative():
    # z / |(x, y)| is +inf all along z beside the pole, its slope 1/|(x, y)| infinite: no number
    r = _checked("z/hypot(x, y)", AT_THE_TIP)
    assert r.status == "domain" and all(math.isnan(g) for g in r.exact_gradient.values())


def test_a_negative_power_of_an_exact_zero_is_a_pole_with_its_value():
    even, odd = _checked("x**-2 + z", {"x": 0.0, "z": 3.0}), _checked("x**-1 + z", {"x": 0.0, "z": 3.0})
    assert even.status == odd.status == "domain"
    assert even.exact_value == math.inf
    assert math.isnan(even.exact_gradient["x"]) and even.exact_gradient["z"] == 1.0
    assert math.isnan(odd.exact_gradient["x"]) and odd.exact_gradient["z"] == 1.0


NORMS = '''
import numpy as np


def inverse_norm(v, z):
    return 1.0 / np.linalg.norm(v) + z


def log_hypot(x, y, z):
    return np.log(np.hypot(x, y)) + z * z


def inverse_square_norm(v, z):
    return np.sqrt(np.sum(v ** 2)) ** -2 + np.sum(z * z)


def potential(v, w):
    return 2.0 * np.linalg.norm(v - w[:2]) ** -1 + np.sum(w[2:] ** 2)


def inverse_root(v):
    return np.sum(v * v) ** -0.5


def many(v, w):
    return np.sum(v * v) ** -0.5 + np.sum(w ** 3)
'''


@pytest.mark.parametrize("spelled", ["import numpy as np", "import gradcli.numpy as np"])
def test_a_python_functions_norm_pole_keeps_the_other_slopes(tmp_path, spelled):
    path = tmp_path / "norms.py"
    path.write_text(NORMS.replace("import numpy as np", spelled))
    r = _checked(f"{path}:inverse_norm", {"v": np.zeros(3), "z": 3.0})
    assert r.status == "domain" and r.exact_value == math.inf
    assert np.isnan(r.exact_gradient["v"]).all() and r.exact_gradient["z"] == 1.0
    r = _checked(f"{path}:log_hypot", AT_THE_TIP)
    assert r.exact_value == -math.inf and r.exact_gradient["z"] == pytest.approx(6.0, rel=1e-12)
    assert math.isnan(r.exact_gradient["x"]) and math.isnan(r.exact_gradient["y"])
    r = _checked(f"{path}:inverse_square_norm", {"v": np.zeros(2), "z": np.array([1.0, -2.0])})
    assert np.isnan(r.exact_gradient["v"]).all()
    assert np.asarray(r.exact_gradient["z"], dtype=float) == pytest.approx([2.0, -4.0], rel=1e-12)


def test_inputs_that_move_the_norm_have_no_slope_and_the_rest_keep_theirs(tmp_path):
    path = tmp_path / "norms.py"
    path.write_text(NORMS)
    r = _checked(f"{path}:potential", {"v": np.array([1.0, 2.0]), "w": np.array([1.0, 2.0, 0.5, -1.0])})
    assert r.status == "domain"
    w = np.asarray(r.exact_gradient["w"], dtype=float)
    assert np.isnan(r.exact_gradient["v"]).all() and np.isnan(w[:2]).all()
    assert w[2:] == pytest.approx([1.0, -2.0], rel=1e-12)


def test_the_poles_own_inputs_have_no_slope_where_balls_make_0_of_its_infinite_one(tmp_path):
    # 2 v is an exact 0 beside s ** -1.5's infinity: 0 * [+-inf] is 0 on balls, where the truth is no derivative
    path = tmp_path / "norms.py"
    path.write_text(NORMS)
    r = _checked(f"{path}:inverse_root", {"v": np.zeros(2)})
    assert r.status == "domain" and r.exact_value == math.inf and np.isnan(r.exact_gradient["v"]).all()


def test_many_inputs_beside_a_norms_pole_have_their_slopes_one_by_one(tmp_path):
    path = tmp_path / "norms.py"
    path.write_text(NORMS)
    r = _checked(f"{path}:many", {"v": np.zeros(20), "w": np.full(20, 0.5)})
    assert r.status == "domain" and np.isnan(r.exact_gradient["v"]).all()
    assert np.asarray(r.exact_gradient["w"], dtype=float) == pytest.approx(np.full(20, 0.75), rel=1e-12)
