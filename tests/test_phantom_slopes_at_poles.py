"""A slope the reference's digits make at a pole is no derivative: the one-sided slopes must hold at twice the digits.

t / sin(acos(c)) at c = -1 is t / sin(pi) = t / 0, with no value and no
derivative in t or c. The one-sided quotients in t, computed with pi cut at
the run's digits, agreed on 1/sin(pi) = 8.8e60 there, and that phantom was
shown as the exact slope; so was 1.4e61 for theta / (2 sin theta) of the SO(3)
log map at a half turn, whose skew part multiplies the pole by an exact 0 (the
value 0 at every precision). Each such slope grows with the digits: a finite
one-sided slope is now kept only where it is the same at twice the digits, so
every coordinate there says "no finite derivative", with the reason. A finite
value with finite slopes keeps them; so does an undefined value's coordinate
its program never reads (its exact 0).
"""

import textwrap

import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import gradcli.numpy as gnp


    def log_map_scale(cos_theta, skew):
        theta = gnp.arccos(cos_theta)
        return theta / (2 * gnp.sin(theta)) * skew


    def log_map_z(rot):
        theta = gnp.arccos((gnp.trace(rot) - 1) / 2)
        return theta / (2 * gnp.sin(theta)) * (rot[1, 0] - rot[0, 1])
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("pole") / "pole.py"
    path.write_text(SOURCE)
    return str(path)


def _no_slope(value):
    return value != value  # NaN: "no finite derivative"


@pytest.mark.parametrize("text, point", [
    ("t/sin(acos(c))", {"t": 0.5, "c": -1.0}),
    ("t/sin(acos(c))", {"t": 0.5, "c": 1.0}),
    ("t/log(c)", {"t": 2.0, "c": 1.0}),
])
def test_a_formula_at_a_pole_has_no_finite_slope_in_any_coordinate(text, point):
    result, = gradcli.check(text, [point], dtypes=["float64"], fixes=False).results
    assert result.status == "domain"
    assert all(_no_slope(v) for v in result.exact_gradient.values()), result.exact_gradient
    assert result.exact_gradient_why.get("t", "").startswith("no "), result.exact_gradient_why


def test_the_log_map_at_a_half_turn_has_no_slope_in_its_skew(user_file):
    result, = gradcli.check(f"{user_file}:log_map_scale", [{"cos_theta": -1.0, "skew": 0.5}], dtypes=["float64"],
                            fixes=False).results
    assert result.status == "domain"
    assert _no_slope(result.exact_gradient["skew"]), result.exact_gradient


def test_a_finite_value_keeps_its_finite_slopes():
    result, = gradcli.check("t/sin(acos(c))", [{"t": 0.5, "c": -0.5}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok"
    assert all(v == v for v in result.exact_gradient.values())


def test_a_pole_times_an_exact_zero_has_no_slope_along_the_skew(user_file):
    half_turn = [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]]
    result, = gradcli.check(f"{user_file}:log_map_z", [{"rot": half_turn}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain"
    slopes = result.exact_gradient["rot"]
    assert _no_slope(slopes[1][0]) and _no_slope(slopes[0][1]), slopes
    assert "grow with it" in result.exact_gradient_why["rot"][1][0]


def test_the_identitys_unread_entries_keep_their_exact_zero(user_file):
    result, = gradcli.check(f"{user_file}:log_map_z", [{"rot": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]}],
                            dtypes=["float64"], fixes=False).results
    assert result.status == "domain"  # theta / (2 sin theta) is 0/0 at the identity
    slopes = result.exact_gradient["rot"]
    assert [slopes[0][2], slopes[1][2], slopes[2][0], slopes[2][1]] == [0.0, 0.0, 0.0, 0.0], slopes
