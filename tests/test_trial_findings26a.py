"""What the twenty-sixth round (a) of user trials found (tests/test_user_trials26a.py, tests/trials/cases26a.py), for
the whole class of each finding: a point whose every argument is integer or boolean data is an input error saying to
give floats (A1), a ufunc's out= and where= in plain NumPy code (U1), and np.poly1d (N1). np.linalg.cond's slope
proven 0 through quadratic surds (Z1) is tested by tests/test_proofs27_surds.py.

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError


# --- A1: a point whose every argument is data gradcli holds --------------------------------------------------------------

SINE_CODE = "import numpy as np\n\n\ndef f(x):\n    return np.sum(np.sin(x))\n"


@pytest.mark.parametrize("value, said", [(np.array([1, -2]), "x (an int64 array)"), (np.int64(1), "x (an int64 number)"),
                                         (np.array([True, False]), "x (a bool array)")])
def test_a_point_of_integers_alone_is_an_input_error_saying_to_give_floats(tmp_path, value, said):
    """A1's class: gradcli holds integer and boolean arrays given whole as data (labels, masks); a point all of whose
    arguments are such data has nothing to differentiate, and says so (a ValueError of max() on an empty list from
    the judge before)."""
    path = tmp_path / "sine.py"
    path.write_text(SINE_CODE)
    with pytest.raises(InputError, match="nothing to differentiate") as raised:
        gradcli.check(f"{path}:f", [{"x": value}], dtypes=["float64"], fixes=False)
    assert said in str(raised.value) and "np.array([1.0, 2.0])" in str(raised.value)
    # the same numbers as floats are checked, and a Python int stays a variable, as it always was
    for point in ({"x": np.asarray(value, dtype=float)}, {"x": 1}):
        (r,) = gradcli.check(f"{path}:f", [point], dtypes=["float64"], fixes=False).results
        assert r.status == "ok"


def test_a_misspelt_wrt_beside_integer_looking_numbers_is_said_as_the_name_it_is(tmp_path):
    """Round 40c's F4: --wrt sigma, a name of no argument, over a point typed as integers held every argument as data,
    and the error blamed the integers; it names the misspelt --wrt, as the same point typed as floats does."""
    path = tmp_path / "density.py"
    path.write_text("import numpy as np\n\n\ndef f(x, s):\n    return np.sum(x ** 2) / s\n")
    for point in ({"x": np.array([3, 1]), "s": 2}, {"x": np.array([3.0, 1.0]), "s": 2.0}):
        with pytest.raises(InputError) as raised:
            gradcli.check(f"{path}:f", [point], dtypes=["float64"], wrt=["sigma"], fixes=False)
        assert str(raised.value) == "--wrt sigma: not a variable of the target (x, s)"
    for point in ({"x": np.array([3, 1]), "s": 2}, {"x": np.array([3.0, 1.0]), "s": 2.0}):
        with pytest.raises(InputError, match=r"--wrt xs: not a variable of the target \(x, s\) \(did you mean 'x'\?\)"):
            gradcli.check(f"{path}:f", [point], dtypes=["float64"], wrt=["xs"], fixes=False)


def test_integer_labels_beside_a_float_variable_stay_data(tmp_path):
    """Held data next to a variable is checked as before: the labels held, the weights differentiated."""
    path = tmp_path / "labelled.py"
    path.write_text("import numpy as np\n\n\ndef f(w, labels):\n    return np.sum(w[labels] ** 2)\n")
    (r,) = gradcli.check(f"{path}:f", [{"w": np.array([1.0, 2.0, 3.0]), "labels": np.array([0, 2])}],
                         dtypes=["float64"], fixes=False).results
    assert r.status == "ok" and list(r.exact_gradient) == ["w"]
    assert np.allclose(r.exact_gradient["w"], [2.0, 0.0, 6.0], rtol=1e-15, atol=0)


# --- U1: a ufunc's out= and where= in plain NumPy code ---------------------------------------------------------------------

OUT_CODE = '''
import numpy as np


def temporary(x):
    b = np.array([0.0, 2.0, 4.0])
    return np.sum(np.divide(x, b, out=np.zeros_like(x), where=b != 0) ** 2)


def statement(x):
    logs = np.zeros_like(x)
    np.log(x, out=logs, where=x > 0)
    return np.sum(logs)


def assigned(x):
    logs = np.full_like(x, -1.0)
    z = np.log(x, out=logs, where=x > 0)
    return np.sum(z) + 2.0 * np.sum(logs)


def accumulated(x):
    total = np.zeros_like(x)
    for k in range(3):
        np.add(total, x ** k, out=total)
    return np.sum(total)


def nested(x):
    logs = np.zeros_like(x)
    return np.sum(np.log(x, out=logs, where=x > 0)) + np.sum(logs)


def nested_argument(x, y):
    return np.sum(np.exp(x, out=y)) + np.sum(y)


def constants_only(x):
    roots = np.zeros(3)
    np.sqrt(np.array([4.0, 9.0, 16.0]), out=roots)
    return np.sum(roots * x)


class Scaler:
    def exp(self, x, out=None):
        return 3.0 * x


def own_method(x):
    y = np.zeros_like(x)
    z = Scaler().exp(x, out=y)
    return np.sum(z) + np.sum(y)
'''


def _checked(path, name, x):
    (r,) = gradcli.check(f"{path}:{name}", [{"x": np.array(x)}], dtypes=["float64"], fixes=False).results
    return r


@pytest.mark.parametrize("name, x, value, slopes", [
    # 1 / b where b is not 0, squared: the masked entry's 1 / 0 never reaches the op
    ("temporary", [1.0, 2.0, 3.0], 1.5625, [0.0, 1.0, 0.375]),
    # log only where x > 0: the -1's log (NaN) and its slope never reach the sum
    ("statement", [-1.0, 0.5, 2.0], 0.0, [0.0, 2.0, 0.5]),
    # the assignment's value and the name given as out are both the array NumPy leaves in out
    ("assigned", [-1.0, 0.5, 2.0], -3.0, [0.0, 6.0, 1.5]),
    ("accumulated", [0.5, 2.0], 8.75, [2.0, 5.0]),
    ("constants_only", [1.0, 2.0, 3.0], 20.0, [2.0, 3.0, 4.0]),
    # a method of the user's own named like a ufunc is called as written, out left to it
    ("own_method", [1.0, 2.0], 9.0, [3.0, 3.0]),
])
def test_a_ufuncs_out_and_where_are_what_numpy_leaves_in_out(tmp_path, name, x, value, slopes):
    """U1's class: np.divide(a, b, out=np.zeros_like(a), where=b != 0) and np.log(x, out=logs, where=x > 0), the safe
    division and log idioms, are the arrays NumPy leaves in out (error "unexpected keyword argument 'out'" before),
    the op computed on the entries where= picks alone, so a masked entry's slope is 0, not NaN."""
    path = tmp_path / "outs.py"
    path.write_text(OUT_CODE)
    r = _checked(path, name, x)
    assert r.status == "ok" and r.value == pytest.approx(value, rel=1e-15, abs=1e-300)
    assert np.allclose(r.exact_gradient["x"], slopes, rtol=1e-15, atol=0)
    assert np.allclose(r.gradient["x"], slopes, rtol=1e-15, atol=0)


def test_an_out_name_inside_a_larger_expression_is_refused(tmp_path):
    """The call with out= a name inside a larger expression cannot rebind the name the function reads again."""
    path = tmp_path / "outs.py"
    path.write_text(OUT_CODE)
    r = _checked(path, "nested", [-1.0, 0.5, 2.0])
    assert r.status == "error" and "make the call its own statement" in r.error
    # an argument given as out is no different: the y the sum reads again would be the caller's zeros
    (r,) = gradcli.check(f"{path}:nested_argument", [{"x": np.array([1.0, 2.0]), "y": np.zeros(2)}],
                         dtypes=["float64"], fixes=False).results
    assert r.status == "error" and "make the call its own statement" in r.error


# --- N1: np.poly1d in plain NumPy code --------------------------------------------------------------------------------------

POLY_CODE = '''
import numpy as np

XS, YS = np.array([0.0, 1.0, 2.0, 3.0]), np.array([1.0, 2.5, 2.0, 4.0])


def fitted(x):
    return np.sum(np.poly1d(np.polyfit(XS, YS, 2))(x) ** 2)


def algebra(c):
    p = np.poly1d(c)
    q = p.deriv() * p + 2.0 * p.integ(k=1.0) - np.poly1d([1.0, 0.0]) ** 2 + p(np.poly1d([1.0, 1.0]))
    return np.sum(q(np.array([0.5, 2.0]))) + q[1] + len(q)


def from_roots(r):
    return np.poly1d(r, r=True)(3.0) + np.sum(np.poly1d(r, r=True).coeffs)
'''


def _complex_step(f, x):
    """The gradient of NumPy's own f at x by complex steps (exact to rounding for a polynomial's arithmetic)."""
    return np.array([(f(x + 1e-30j * e)).imag / 1e-30 for e in np.eye(len(x))])


@pytest.mark.parametrize("name, x, numpys", [
    ("fitted", [0.5, 2.0], lambda x: np.sum(np.poly1d(np.polyfit([0.0, 1, 2, 3], [1.0, 2.5, 2, 4], 2))(x) ** 2)),
    ("algebra", [1.0, -2.0, 0.5], None),
    ("from_roots", [1.0, 2.0], lambda r: np.poly1d(r, r=True)(3.0) + np.sum(np.poly1d(r, r=True).coeffs)),
])
def test_a_poly1d_is_differentiated_as_numpys_computes_it(tmp_path, name, x, numpys):
    """N1's class: np.poly1d (refused by name before): evaluation, its arithmetic, deriv, integ, roots given,
    composition, its coefficients by power; value and gradient as NumPy's own poly1d computes them."""
    path = tmp_path / "polys.py"
    path.write_text(POLY_CODE)
    namespace = {}
    exec(compile(POLY_CODE, str(path), "exec"), namespace)  # the same code on NumPy's own poly1d: the oracle
    numpys = numpys or namespace[name]
    variable = {"fitted": "x", "algebra": "c", "from_roots": "r"}[name]
    (r,) = gradcli.check(f"{path}:{name}", [{variable: np.array(x)}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok" and r.value == pytest.approx(float(numpys(np.array(x))), rel=1e-13)
    assert np.allclose(r.exact_gradient[variable], _complex_step(numpys, np.array(x, dtype=complex)), rtol=1e-12, atol=0)
