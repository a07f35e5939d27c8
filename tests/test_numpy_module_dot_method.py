"""A plain NumPy array's ``.dot`` of the differentiated value, in a module checked as it stands, is gradcli's dot.

Module data and arrays of constants stay NumPy's arrays in a plain NumPy
module, and NumPy's own ``H.dot(v)`` converts a traced ``v`` to an array,
which would drop its gradient: the check stopped with an error about
np.asarray that the user never called. ``H @ v`` and ``np.dot(H, v)`` worked.
Now each ``x.dot(y)`` inside a function reaches gradcli's dot where x is an
array and y a value gradcli differentiates, in the float runs and the exact
one; NumPy's method on plain numbers and a user's own ``.dot`` stay theirs.
Truths by hand: the functions are linear or rational in their inputs.
"""

import textwrap

import numpy as np
import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import numpy as np

    H = np.array([[1.0, 2.0, 0.5], [0.0, 1.0, 0.25], [0.1, 0.2, 1.0]])
    FOCAL = np.array([2.0, 3.0, 5.0])


    class Row:
        def dot(self, other):
            return 7.0 * other[0]


    def picked(r):
        return np.array([0.0, 0.0, 1.0]).dot(r)


    def projected(x, y):
        p = H.dot(np.array([x, y, 1.0]))
        return p[0] / p[2]


    def quadratic(v):
        return v.dot(H.T.dot(v)) + FOCAL.dot(FOCAL)


    def own_method(r):
        return Row().dot(r) + r[1]


    def by_the_function(r):
        return np.dot(np.array([0.1, 0.2]), r) + np.dot(np.array([0.1, 0.2]), np.array([0.3, 0.7]))
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("dots") / "legacy.py"
    path.write_text(SOURCE)
    return str(path)


H = np.array([[1.0, 2.0, 0.5], [0.0, 1.0, 0.25], [0.1, 0.2, 1.0]])


def _check(user_file, name, point):
    report = gradcli.check(f"{user_file}:{name}", [point], dtypes=["float64"], fixes=False)
    assert report.framework == "numpy"
    result, = report.results
    assert result.status == "ok", (result.status, [f.message for f in result.findings])
    return result


def test_a_constant_arrays_dot_of_the_point_has_its_gradient(user_file):
    result = _check(user_file, "picked", {"r": [1.0, 2.0, 3.0]})
    assert list(result.gradient["r"]) == [0.0, 0.0, 1.0]
    assert [float(g) for g in result.exact_gradient["r"]] == [0.0, 0.0, 1.0]


def test_a_module_matrixs_dot_through_a_homography(user_file):
    x, y = 0.5, 2.0
    result = _check(user_file, "projected", {"x": x, "y": y})
    p = H @ [x, y, 1.0]
    slope = [(H[0, k] * p[2] - p[0] * H[2, k]) / p[2] ** 2 for k in (0, 1)]
    assert result.exact_gradient["x"] == pytest.approx(slope[0], rel=1e-13)
    assert result.exact_gradient["y"] == pytest.approx(slope[1], rel=1e-13)


def test_a_transposed_module_matrixs_dot_and_plain_numbers_dot(user_file):
    v = np.array([0.5, 2.0, 1.0])
    result = _check(user_file, "quadratic", {"v": list(v)})
    assert result.value == pytest.approx(v @ H.T @ v + 38.0, rel=1e-15)
    assert [float(g) for g in result.exact_gradient["v"]] == pytest.approx(list((H + H.T) @ v), rel=1e-14)


def test_a_users_own_dot_method_stays_theirs(user_file):
    result = _check(user_file, "own_method", {"r": [1.0, 2.0]})
    assert [float(g) for g in result.exact_gradient["r"]] == [7.0, 1.0]


def test_numpys_own_dot_function_is_left_as_the_users_call(user_file):
    # np.dot is no method of an array: it stays the user's call, so its constants are computed at the run's precision
    import mpmath

    result = _check(user_file, "by_the_function", {"r": [1.0, 2.0]})
    assert [float(g) for g in result.exact_gradient["r"]] == [0.1, 0.2]
    with mpmath.workdps(40):
        truth = mpmath.mpf(0.1) + 2 * mpmath.mpf(0.2) + mpmath.mpf(0.1) * mpmath.mpf(0.3) + mpmath.mpf(0.2) * mpmath.mpf(0.7)
        assert abs(mpmath.mpf(result.exact_value_text) - truth) / truth < 1e-18  # float64's sum is 2e-17 off
