"""SciPy's kv, kve, struve, hyp2f1, owens_t and voigt_profile as gradcli ops.

Each answers SciPy's own number in float32 and float64; its gradient in float64 is held to mpmath's derivative of
the function (closed forms written here, or mpmath.diff at 40 digits), and its exact reference to mpmath's at
points no float reaches: kv at 1e-300 and at 800, 2F1 past -1 and next to 1, Owen's T at h = 40 and 1e3 and at a = 1e300,
the Voigt profile at a deviation of 1e-3 (and its float slopes at 1e-8, where they cancel by 1e16). An order or
a parameter is differentiated too, at high precision.
"""

import os

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.scipy.special as special
from gradcli.autodiff.core import NoGradientError
from gradcli.checker import balls, reference
from gradcli.checker.targets import resolve

TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")

# (name, arguments): SciPy's function and gradcli's of the same name
CALLS = [
    ("kv", (2.5, [0.5, 3.0, 40.0])),
    ("kve", (0.3, [0.5, 3.0, 400.0])),
    ("struve", (1.5, [0.0, 2.0, 30.0])),
    ("hyp2f1", (0.5, 2.0, 1.5, [-8.3, 0.25, 0.999])),
    ("owens_t", ([0.5, -2.0, 7.0], [2.0, 0.3, -0.5])),
    ("voigt_profile", ([0.0, 1.0, -3.0], 0.7, [0.4, 0.0, 2.0])),
]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_values_are_scipys_own_in_the_dtype(dtype):
    from scipy import special as scipy_special

    for name, args in CALLS:
        arrays = [np.asarray(a, dtype=dtype) for a in args]
        got = getattr(special, name)(*arrays)
        want = getattr(scipy_special, name)(*arrays)
        assert np.asarray(got).dtype == np.dtype(dtype), name
        np.testing.assert_array_equal(got, np.asarray(want).astype(dtype), err_msg=name)


def _voigt(x, sigma, gamma):
    z = mpmath.mpc(x, gamma) / (sigma * mpmath.sqrt(2))
    return (mpmath.exp(-z * z) * mpmath.erfc(-1j * z)).real / (sigma * mpmath.sqrt(2 * mpmath.pi))


def _owens_t(h, a):
    """T(h, a) by quadrature of its integrand, its factor e^(-h^2/2) apart and split where its peak narrows (1/|h|)."""
    cuts = [0, a] if abs(h * a) <= 1 else [0, mpmath.sign(a) / abs(h), a]
    integral = mpmath.quad(lambda t: mpmath.exp(-h * h * t * t / 2) / (1 + t * t), cuts)
    return mpmath.exp(-h * h / 2) * integral / (2 * mpmath.pi)


# (op, point, the function in mpmath): every argument differentiated
TRUTHS = [
    (special.kv, (1.5, 2.0), mpmath.besselk),
    (special.kve, (0.5, 3.0), lambda v, x: mpmath.besselk(v, x) * mpmath.exp(x)),
    (special.struve, (0.5, 3.0), mpmath.struveh),
    (special.hyp2f1, (0.3, 0.5, 2.0, 0.6), mpmath.hyp2f1),
    (special.hyp2f1, (3.0, 0.5, 1.0, -2.0), mpmath.hyp2f1),
    (special.owens_t, (0.5, 2.0), _owens_t),
    (special.owens_t, (-1.5, 0.3), _owens_t),
    (special.voigt_profile, (1.0, 0.7, 0.4), _voigt),
    (special.voigt_profile, (-0.5, 1.3, 0.0), _voigt),
    # far from the centre: w'(z) cancels by |z|^2 = 1e16, V's slope in sigma by as much again (5e-9 of V)
    (special.voigt_profile, (1.0, 1e-8, 0.4), _voigt),
]


def _partials(function, point):
    with mpmath.workdps(40):
        point = [mpmath.mpf(p) for p in point]
        return [mpmath.diff(lambda t: function(*point[:k], t, *point[k + 1:]), point[k]) for k in range(len(point))]


def test_float64_gradients_in_every_argument_are_the_functions_own():
    for op, point, function in TRUTHS:
        got = gradcli.grad(op, argnums=tuple(range(len(point))))(*point)
        for k, (g, want) in enumerate(zip(got, _partials(function, point))):
            assert abs(g - want) <= 1e-12 * abs(want) + 1e-300, (op.__name__, point, k, g, want)


def test_the_cauchy_edge_of_the_voigt_profile_has_the_cauchy_densitys_slopes():
    """At sigma = 0 the profile is g / (pi (x^2 + g^2)), even in sigma."""
    x, g = 1.0, 0.4
    slopes = gradcli.grad(special.voigt_profile, argnums=(0, 1, 2))(x, 0.0, g)
    r = x * x + g * g
    want = (-2 * x * g / (np.pi * r * r), 0.0, (x * x - g * g) / (np.pi * r * r))
    np.testing.assert_allclose(slopes, want, rtol=1e-14)


def _exact(function, point):
    return reference.compute(resolve(function), [point], budget=balls.Budget(20.0))


# (a function of one variable, its point, its value and slope in mpmath): past what floats hold
EXTREME = [
    ("kv near 0", lambda x: special.kv(2.5, x), 1e-300,
     lambda x: (mpmath.besselk(2.5, x), -(mpmath.besselk(1.5, x) + mpmath.besselk(3.5, x)) / 2)),
    ("kv underflowing", lambda x: special.kv(0.5, x), 800.0,
     lambda x: (mpmath.besselk(0.5, x), -(mpmath.besselk(-0.5, x) + mpmath.besselk(1.5, x)) / 2)),
    ("kv in its order", lambda v: special.kv(v, 2.0), 1.5, lambda v: (mpmath.besselk(v, 2), mpmath.diff(lambda t: mpmath.besselk(t, 2), v))),
    ("kve far", lambda x: special.kve(1.0, x), 1e5,
     lambda x: (mpmath.besselk(1, x) * mpmath.exp(x), mpmath.diff(lambda t: mpmath.besselk(1, t) * mpmath.exp(t), x))),
    ("struve far", lambda x: special.struve(0.0, x), 3000.0,
     lambda x: (mpmath.struveh(0, x), mpmath.struveh(-1, x))),  # H_0' = H_{-1}
    ("hyp2f1 past -1", lambda z: special.hyp2f1(0.5, 2.0, 1.5, z), -8.3,
     lambda z: (mpmath.hyp2f1(0.5, 2, 1.5, z), mpmath.hyp2f1(1.5, 3, 2.5, z) * 2 / 3)),
    ("hyp2f1 far left", lambda z: special.hyp2f1(0.5, 2.0, 1.5, z), -1e6,
     lambda z: (mpmath.hyp2f1(0.5, 2, 1.5, z), mpmath.hyp2f1(1.5, 3, 2.5, z) * 2 / 3)),
    ("hyp2f1 near 1", lambda z: special.hyp2f1(0.3, 0.5, 2.0, z), 1 - 2.0 ** -40,
     lambda z: (mpmath.hyp2f1(0.3, 0.5, 2, z), mpmath.hyp2f1(1.3, 1.5, 3, z) * mpmath.mpf(0.3) * 0.5 / 2)),
    ("hyp2f1 in a", lambda a: special.hyp2f1(a, 0.5, 1.0, -2.0), 3.0,
     lambda a: (mpmath.hyp2f1(a, 0.5, 1, -2), mpmath.diff(lambda t: mpmath.hyp2f1(t, 0.5, 1, -2), a))),
    ("owens_t at h = 0", lambda a: special.owens_t(0.0, a), 0.5,
     lambda a: (mpmath.atan(a) / (2 * mpmath.pi), 1 / (2 * mpmath.pi * (1 + a * a)))),
    ("owens_t underflowing", lambda h: special.owens_t(h, 0.5), 40.0,
     lambda h: (_owens_t(h, mpmath.mpf(0.5)), -mpmath.npdf(h) * mpmath.erf(h / 2 / mpmath.sqrt(2)) / 2)),
    ("owens_t far", lambda h: special.owens_t(h, 0.7), -1e3,
     lambda h: (_owens_t(h, mpmath.mpf(0.7)), -mpmath.npdf(h) * mpmath.erf(mpmath.mpf(0.7) * h / mpmath.sqrt(2)) / 2)),
    ("owens_t at a = 1e300", lambda h: special.owens_t(h, 1e300), 1.0,
     lambda h: (mpmath.ncdf(-h) / 2, -mpmath.npdf(h) / 2)),
    ("voigt narrow", lambda s: special.voigt_profile(1.0, s, 0.4), 1e-3,
     lambda s: (_voigt(1, s, mpmath.mpf(0.4)), mpmath.diff(lambda t: _voigt(1, t, mpmath.mpf(0.4)), s))),
]


@pytest.mark.parametrize("function, x, truth", [e[1:] for e in EXTREME], ids=[e[0] for e in EXTREME])
def test_the_exact_reference_is_mpmaths_where_floats_have_nothing(function, x, truth):
    exact = _exact(function, x)
    with mpmath.workdps(40):
        want_value, want_slope = truth(mpmath.mpf(x))
    for got, want in ((exact.value, want_value), (exact.gradient[0], want_slope)):
        assert abs(mpmath.mpf(got) - want) <= mpmath.mpf(10) ** -12 * abs(want), (got, want)


def test_a_second_derivative_through_an_order_is_refused_by_name():
    with pytest.raises(NoGradientError, match="kv_slope_v"):
        gradcli.grad(gradcli.grad(lambda v: special.kv(v, 2.0)))(1.5)


def test_plain_scipy_code_with_the_new_functions_is_checked_ok(tmp_path):
    """The NumPy substitution: trials19a's Matern kernel (kv, finding M2), and each other function in plain SciPy."""
    path = tmp_path / "line_shapes.py"
    path.write_text(
        "import numpy as np\nfrom scipy import special\n\n\n"
        "def shapes(x, s):\n"
        "    return np.sum(special.voigt_profile(x, s, 0.3) + special.owens_t(x, s) + special.struve(1, s * x)"
        " + special.hyp2f1(0.5, 2.0, 1.5, -s * x * x) + special.kve(0.5, s * x))\n")
    report = gradcli.check(f"{path}:shapes", [{"x": [0.4, 1.5], "s": 0.8}], dtypes=("float64",), fixes=False)
    assert report.results[0].status.value == "ok", report.results[0].findings
    matern = gradcli.check(os.path.join(TRIALS, "numpy_lib19a.py") + ":matern_kernel", [{"r": [0.3, 2.0]}],
                           dtypes=("float64",), fixes=False)
    assert matern.results[0].status.value == "ok", matern.results[0].findings
