"""nan_to_num of a NaN that holds all around the point is the constant it names, with slope proven 0 (issue 27's P1).

np.log(x) is NaN on the whole half-line x < 0, so np.nan_to_num(np.log(x), nan=c) is the constant c there and its
slope 0; the exact reference proves that 0 (on balls and proof numbers the NaN is replaced as where(isnan(y), c, y)
replaces it). A NaN at a lone point (x / x at 0) and an infinity at a domain's edge (log at exactly 0) hold in no open
set: the function jumps there, and gradcli says so. The truths are the calculus of each expression, by hand.
"""

import math

import numpy as np

import gradcli

CODE = '''import numpy as np


def summed(x):
    return np.sum(np.nan_to_num(np.log(x), nan=0.0))


def where_isnan(x):
    y = np.log(x)
    return np.sum(np.where(np.isnan(y), 0.0, y))


def weighted(x):
    return np.sum(x * np.nan_to_num(np.log(x), nan=-3.0))


def of_a_scalar(x):
    return np.nan_to_num(np.sqrt(x), nan=3.0) + x


def lone_nan(x):
    return np.sum(np.nan_to_num(x / x, nan=0.0))


def edge(x):
    return np.sum(np.nan_to_num(np.log(x), neginf=-5.0))
'''


def _check(tmp_path, name, x):
    path = tmp_path / "nan_to_num_cases.py"
    path.write_text(CODE)
    return gradcli.check(f"{path}:{name}", [{"x": x}], dtypes=["float64"], fixes=False).results[0]


def test_a_nan_held_all_around_is_a_constant(tmp_path):
    for name in ("summed", "where_isnan"):  # nan_to_num, and the where it stands for
        r = _check(tmp_path, name, np.array([0.5, -1.0, -3.0]))
        assert r.status == "ok", (name, r.findings)
        assert np.array_equal(r.exact_gradient["x"], [2.0, 0.0, 0.0])  # 1/x, then the constant's 0
        assert r.value == math.log(0.5)


def test_the_constant_times_the_input_has_the_constants_slope(tmp_path):
    r = _check(tmp_path, "weighted", np.array([0.5, -1.0]))
    assert r.status == "ok", r.findings
    # d/dx x log x = log x + 1; d/dx (-3 x) = -3
    assert np.allclose(r.exact_gradient["x"], [math.log(0.5) + 1, -3.0], rtol=1e-15, atol=0)


def test_a_scalar_nan_is_the_constant_too(tmp_path):
    r = _check(tmp_path, "of_a_scalar", -2.0)
    assert r.exact_gradient["x"] == 1.0  # 3 + x: the NaN of sqrt(-2) replaced all around -2
    assert r.exact_value == 1.0


def test_a_lone_nan_and_a_domains_edge_are_no_open_set(tmp_path):
    lone = _check(tmp_path, "lone_nan", np.array([0.5, 0.0]))
    assert lone.status == "domain" and any(f.kind == "jump" for f in lone.findings)
    edge = _check(tmp_path, "edge", np.array([0.5, 0.0]))
    assert edge.status == "domain" and any(f.kind == "jump" for f in edge.findings)
