"""Numbers that user code takes out of gradcli's values on the exact path: decided as branches, or named.

A custom gradient's forward, ``stop_gradient(x)`` and ``Variable.numpy()`` hand
user code high-precision numbers in plain boxes (`autodiff.plain`). Code that
then calls NumPy's own functions on them (``np.searchsorted``, ``np.unique``, a
ufunc's ``reduce``, ``np.allclose``, ``np.asarray``) must have their comparisons
decided as the branches jets and proof numbers take: a 0 on the branch not taken
is then proven. Code that takes a number out as a float (``float(x)``,
``x.item()``, ``math.isfinite(x)``) would compare floats no ball records: the
point has no exact reference, and the reason names the call. Expected numbers
are the calculus of the branch taken.
"""

import math
import textwrap

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

F64 = ("float64",)
EDGES = np.array([0.0, 1.0])
SLOPES = np.array([0.0, 1.0, 3.0])


def tfp(body):
    """TensorFlow Probability's spelling: ``body(stopped)`` gives the value and the gradient on the stopped input."""

    def f(x):
        fx, gx = body(gradcli.stop_gradient(x))
        return gradcli.custom_gradient(fx, gx, x)

    return f


def _binned(xs):
    k = np.searchsorted(EDGES, xs)  # the bin: 0 below 0, 1 in [0, 1), 2 above
    return SLOPES[k] * xs * xs, 2 * SLOPES[k] * xs


def _lowest_positive(xs):
    low = np.unique(xs)[0]
    return gnp.where(low > 0, gnp.sum(xs * xs), 0 * gnp.sum(xs)), gnp.where(low > 0, 2 * xs, 0 * xs)


def _as_array(xs):
    positive = np.asarray(xs) > 0
    return gnp.where(positive, xs * xs, 0 * xs), gnp.where(positive, 2 * xs, 0 * xs)


def _clipped_object_array(xs):
    # NumPy's clip on the object array np.asarray makes of the values (the comparisons are NumPy's own).
    values = np.asarray(xs)
    inside = (values > 0) & (values < 1)
    clipped = np.clip(values, 0.0, 1.0)
    return gnp.sum(clipped * clipped), gnp.where(inside, 2 * clipped, 0.0)


@gradcli.custom_gradient
def _relu_by_reduce(x):
    # Keras' grad_fn(*args, upstream=...); the forward's max is a ufunc's reduce on the values.
    m = np.maximum.reduce([0 * x, x])

    def grad_fn(*args, upstream=None):
        return upstream * 2 * m

    return m * m, grad_fn


@gradcli.custom_gradient
def _flat_near_one(x):
    if np.allclose(x, 1.0):
        return 0 * x, lambda g: 0 * g
    return x * x, lambda g: 2 * g * x


@gradcli.custom_gradient
def _relu_by_shape(x):
    # NumPy's shape helpers on the forward's value (library code branching on scalar or array), then a max.
    if np.ndim(x) == 0 and np.shape(x) == ():
        return np.maximum(x, 0.0), lambda g: g * gnp.where(x > 0, 1.0, 0.0)
    raise AssertionError("a scalar was expected")


def _gnp_searchsorted(x):
    # No custom gradient: gradcli.numpy's helper on the traced value itself.
    return SLOPES[gnp.searchsorted(EDGES, x)] * x * x


def _gnp_isclose(x):
    return gnp.where(gnp.isclose(x, 1.0), 0 * x, x * x)


CASES = {
    # name: (function, point, exact gradient); the first point of each pair is on a constant piece
    "np.searchsorted, below": (tfp(_binned), -1.0, 0.0),
    "np.searchsorted, inside": (tfp(_binned), 0.5, 1.0),
    "np.searchsorted, above": (tfp(_binned), 2.0, 12.0),
    "np.unique, negative": (tfp(_lowest_positive), np.array([-1.0, 2.0, 3.0]), [0.0, 0.0, 0.0]),
    "np.unique, positive": (tfp(_lowest_positive), np.array([1.0, 2.0, 3.0]), [2.0, 4.0, 6.0]),
    "np.asarray then >, negative": (tfp(_as_array), -1.0, 0.0),
    "np.asarray then >, positive": (tfp(_as_array), 2.0, 4.0),
    "np.clip of np.asarray": (tfp(_clipped_object_array), np.array([-1.0, 0.5, 2.0]), [0.0, 1.0, 0.0]),
    "np.maximum.reduce, negative": (_relu_by_reduce, -1.0, 0.0),
    "np.maximum.reduce, positive": (_relu_by_reduce, 2.0, 4.0),
    "np.ndim and np.shape, negative": (_relu_by_shape, -1.0, 0.0),
    "np.ndim and np.shape, positive": (_relu_by_shape, 2.0, 1.0),
    "np.allclose, at 1": (_flat_near_one, 1.0, 0.0),
    "np.allclose, at 2": (_flat_near_one, 2.0, 4.0),
    "gnp.searchsorted, below": (_gnp_searchsorted, -1.0, 0.0),
    "gnp.searchsorted, above": (_gnp_searchsorted, 2.0, 12.0),
    "gnp.isclose, at 1": (_gnp_isclose, 1.0, 0.0),
}


@pytest.mark.parametrize("name", list(CASES))
def test_numpy_functions_on_boxed_numbers_decide_as_branches(name):
    function, x, expected = CASES[name]
    (r,) = gradcli.check(function, [x], dtypes=F64, fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    assert np.asarray(r.exact_gradient["x"], dtype=float).tolist() == pytest.approx(expected, rel=1e-15, abs=0)


def test_a_plain_numpy_module_searchsorted_decides_as_a_branch(tmp_path):
    path = tmp_path / "binned.py"
    path.write_text("import numpy as np\n\n" + textwrap.dedent("""
        EDGES = np.array([0.0, 1.0])
        SLOPES = np.array([0.0, 1.0, 3.0])

        def f(x):
            return SLOPES[np.searchsorted(EDGES, x)] * x * x
    """))
    report = gradcli.check(f"{path}:f", [-1.0, 2.0], dtypes=F64, fixes=False)
    assert [r.status for r in report.results] == ["ok", "ok"], [f.message for r in report.results for f in r.findings]
    assert [r.exact_gradient["x"] for r in report.results] == [0.0, 12.0]


def _taking(take):
    def body(xs):
        positive = take(xs) > 0
        return gnp.where(positive, xs * xs, 0 * xs), gnp.where(positive, 2 * xs, 0 * xs)

    return tfp(body)


TAKEN = {
    # name: (function, the call the reason must name)
    "float": (_taking(lambda xs: float(xs)), "`float(xs)`"),
    "item": (_taking(lambda xs: xs.item()), "`xs.item()`"),
    "asarray to float64": (_taking(lambda xs: np.asarray(xs, dtype=np.float64)), "`np.asarray(xs, dtype=np.float64)`"),
    "math.isfinite": (_taking(lambda xs: math.isfinite(xs) * xs), "`math.isfinite(xs)`"),
    "math.copysign": (_taking(lambda xs: math.copysign(1.0, xs)), "`math.copysign(1.0, xs)`"),
}


@pytest.mark.parametrize("name", list(TAKEN))
def test_a_number_taken_out_as_a_float_leaves_no_reference_naming_the_call(name):
    # At 2 the float decision happens to be right; it is still no decision a ball recorded.
    function, call = TAKEN[name]
    (r,) = gradcli.check(function, [2.0], dtypes=F64, fixes=False).results
    assert r.exact_gradient["x"] is None and r.status != "ok"
    reasons = [f.message for f in r.findings if f.kind == "undetermined"]
    assert reasons and call in reasons[0] and "test_exact_taken_out.py:" in reasons[0], reasons


def test_a_variables_numpy_is_a_gradcli_value_on_balls():
    import flint

    from gradcli.autodiff import arb

    arb.enable()
    arb.decisions = []
    value = gradcli.Variable(flint.arb(-1)).numpy()
    assert isinstance(value, gradcli.autodiff.tracer.Box)
    assert not (value > 0) and arb.decisions == [False]  # the comparison is a decision recorded
