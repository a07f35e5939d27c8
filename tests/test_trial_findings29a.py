"""The classes of round 29a's findings (tests/trials/cases29a.py), each against an independent truth.

O1: scipy.integrate.odeint whose right-hand side reads the differentiated parameter from its enclosing function (the
usual closure, ``def rhs(s, t): return [alpha * s[0] - ...]``) was "the target raised TracedValueError: a value
gradcli is differentiating was converted to a plain NumPy array (np.asarray / np.array)", an error verdict (exit 1)
at the odeint line that named neither odeint nor the closure. gradcli differentiates odeint in y0, t and args alone:
it is an input error (exit 2) at the user's odeint line, naming the right-hand side's line, the variable it reads and
how to pass it through ``args``. A closure over plain numbers is no such read and is integrated as before.

B1: a JAX cast to bfloat16 (mixed-precision activations, ``h.astype(jnp.bfloat16)``) was replayed as no cast at all
(the replay's casts knew NumPy's float16, float32 and float64 only), so an unstable verdict's cause went unnamed, or
was put on a later line where a bfloat16 constant of the library's happened to narrow the replay. The cast is
replayed as JAX makes it, and the finding names its line.

M1: Python's math module as a plain NumPy module's scalar code uses it: math.hypot of one or of three coordinates
(Python's n-ary form, a shader's distance) was a TypeError ("return arrays must be of ArrayType": the third coordinate
went to NumPy's two-argument hypot as its out=), and math.gamma and the tests math.isfinite, isnan, isinf on a
differentiated number were "converts a value gradcli is differentiating to a Python number". hypot takes any number
of coordinates, gamma is differentiated, and the tests answer a plain bool as Python's do.

S1: scipy.stats.linregress, the Arrhenius plot's fit (log k against 1/T), was an input error (gradcli.scipy lacked
it). It is SciPy's function by SciPy's formulas: the tuple of slope, intercept, rvalue, pvalue and stderr, by name
too, with intercept_stderr, each differentiable in the data.
"""

import math

import numpy
import pytest

import mpmath

import gradcli
from gradcli.errors import InputError

ECOLOGY = """import numpy as np
from scipy.integrate import odeint


def closure(alpha):
    def rhs(s, t):
        return [-alpha * s[0]]
    return odeint(rhs, [1.0], np.array([0.0, 1.0]))[-1, 0]


def lambda_closure(alpha):
    return odeint(lambda s, t: -alpha * s, 1.0, np.array([0.0, 1.0]))[-1, 0]


def through_args(alpha):
    return odeint(lambda s, t, a: -a * s, 1.0, np.array([0.0, 1.0]), args=(alpha,))[-1, 0]


def plain_closure(y0):
    rate = 2.0

    def rhs(s, t):
        return -rate * s
    return odeint(rhs, y0, np.array([0.0, 1.0]))[-1, 0]
"""


def _module(tmp_path):
    path = tmp_path / "ecology.py"
    path.write_text(ECOLOGY)
    return path


@pytest.mark.parametrize("name, call_line, rhs_line", [("closure", 8, 6), ("lambda_closure", 12, 12)])
def test_odeint_whose_rhs_reads_the_differentiated_value_from_outside_is_an_input_error_at_its_line(
        tmp_path, name, call_line, rhs_line):
    """O1's class: the right-hand side reads alpha from its enclosing function, which the adjoint never carries."""
    path = _module(tmp_path)
    with pytest.raises(InputError) as raised:
        gradcli.check(f"{path}:{name}", [{"alpha": 0.7}], dtypes=["float64"], fixes=False)
    message = str(raised.value)
    assert f"ecology.py, line {call_line}:" in message
    assert f"(line {rhs_line})" in message
    assert "scipy.integrate.odeint" in message and "reads alpha from its enclosing function" in message
    assert "args=(alpha,)" in message


@pytest.mark.parametrize("name, variable, point, slope", [
    # y' = -a y from 1: y(1) = e^-a, d/da = -e^-a
    ("through_args", "alpha", 0.7, -math.exp(-0.7)),
    # y' = -2 y from y0: y(1) = y0 e^-2, d/dy0 = e^-2 (the closure holds a plain 2.0)
    ("plain_closure", "y0", 1.5, math.exp(-2.0)),
])
def test_odeint_given_its_values_through_args_or_closing_over_plain_numbers_is_differentiated(
        tmp_path, name, variable, point, slope):
    path = _module(tmp_path)
    (r,) = gradcli.check(f"{path}:{name}", [{variable: point}], dtypes=["float64"], fixes=False).results
    assert r.error is None
    assert r.gradient[variable] == pytest.approx(slope, rel=1e-6)  # LSODA's own tolerance


MIXED = """import jax.numpy as jnp


def rounded(x):
    h = (x * 3.0).astype(jnp.bfloat16)
    return jnp.sum(jnp.exp(h.astype(jnp.float32)))
"""


def test_a_cast_to_bfloat16_in_a_jax_function_is_named_at_its_line(tmp_path):
    """B1's class: sum(exp(3 x)) through bfloat16 keeps 8 bits; the cast's line is where the digits went."""
    path = tmp_path / "mixed.py"
    path.write_text(MIXED)
    (r,) = gradcli.check(f"{path}:rounded", [{"x": [0.1, 0.2]}], dtypes=["float32"], fixes=False).results
    assert r.status.value == "unstable"
    casts = [f for f in r.findings if f.kind == "narrowed"]
    assert casts and casts[0].location.endswith("mixed.py:5") and "bfloat16" in casts[0].op
    exact = [3 * mpmath.exp(3 * mpmath.mpf(float(numpy.float32(v)))) for v in (0.1, 0.2)]
    assert [float(v) for v in r.exact_gradient["x"]] == pytest.approx([float(v) for v in exact], rel=1e-12)


SCALAR = """import math

import numpy as np


def distance(x, y, z):
    return math.hypot(x, y, z)


def magnitude(x):
    return math.hypot(x)


def log_gamma_guarded(k):
    total = math.log(math.gamma(k))
    return total if math.isfinite(total) and not math.isnan(total) and not math.isinf(total) else 0.0
"""


@pytest.mark.parametrize("name, point, slopes", [
    # d|v|/dv = v / |v| (mpmath: no math.hypot in it)
    ("distance", {"x": 1.0, "y": -2.0, "z": 2.0}, lambda p: {k: mpmath.mpf(v) / 3 for k, v in p.items()}),
    ("magnitude", {"x": -3.0}, lambda p: {"x": mpmath.mpf(-1)}),
    # d/dk log Gamma(k) = digamma(k)
    ("log_gamma_guarded", {"k": 2.5}, lambda p: {"k": mpmath.digamma(mpmath.mpf(2.5))}),
])
def test_math_functions_of_a_numpy_module_differentiate_as_pythons_meaning(tmp_path, name, point, slopes):
    """M1's class: math.hypot of any number of coordinates, math.gamma, and math's tests of a number as decisions."""
    path = tmp_path / "scalar.py"
    path.write_text(SCALAR)
    (r,) = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False).results
    assert r.error is None and r.status.value == "ok"
    for variable, slope in slopes(point).items():
        assert r.gradient[variable] == pytest.approx(float(slope), rel=1e-14)
        assert float(r.exact_gradient[variable]) == pytest.approx(float(slope), rel=1e-14)


ARRHENIUS = """import numpy as np
from scipy import stats
from scipy.stats import linregress

T = np.array([300.0, 320.0, 340.0, 360.0, 380.0])


def activation_energy(log_k):
    slope, intercept, r, p, se = linregress(1.0 / T, log_k)
    return -slope * 8.314


def fit_quality(log_k):
    fit = stats.linregress(1.0 / T, log_k)
    return fit.rvalue ** 2 + fit.pvalue + fit.stderr + fit.intercept_stderr
"""
LOG_K = [-10.0, -8.5, -7.2, -6.0, -5.1]


def _sums(y):
    """(u, its mean, Sxx, Syy, Sxy) of the Arrhenius data: u = 1/T as float64 holds it."""
    u = [mpmath.mpf(1.0 / t) for t in (300.0, 320.0, 340.0, 360.0, 380.0)]
    ub, yb = sum(u) / 5, sum(y) / 5
    return u, ub, sum((a - ub) ** 2 for a in u), sum((b - yb) ** 2 for b in y), sum((a - ub) * (b - yb) for a, b in zip(u, y))


def _fit_quality(y):
    """r^2 + the slope's two-sided p-value (Student's t by the regularized incomplete beta) + both standard errors."""
    u, ub, sxx, syy, sxy = _sums(y)
    r = sxy / mpmath.sqrt(sxx * syy)
    t = r * mpmath.sqrt(3 / ((1 - r + mpmath.mpf(1e-20)) * (1 + r + mpmath.mpf(1e-20))))
    p = mpmath.betainc(mpmath.mpf(3) / 2, mpmath.mpf(1) / 2, 0, 3 / (3 + t * t), regularized=True)
    se = mpmath.sqrt((1 - r * r) * syy / sxx / 3)
    return r * r + p + se + se * mpmath.sqrt(sxx / 5 + ub * ub)


def test_scipy_linregress_is_scipys_and_differentiable_in_the_data(tmp_path):
    """S1's class: the slope's gradient is -R (u_i - mean u) / Sxx; r^2, the p-value and the standard errors' by
    mpmath.diff of their textbook formulas; the values are SciPy's own."""
    import scipy.stats

    from gradcli.scipy import stats as ours

    path = tmp_path / "arrhenius.py"
    path.write_text(ARRHENIUS)
    (r,) = gradcli.check(f"{path}:activation_energy", [{"log_k": LOG_K}], dtypes=["float64"], fixes=False).results
    u, ub, sxx, _, _ = _sums([mpmath.mpf(v) for v in LOG_K])
    want = [float(-mpmath.mpf(8.314) * (a - ub) / sxx) for a in u]
    assert r.status.value == "ok" and r.gradient["log_k"] == pytest.approx(want, rel=1e-9)
    (r,) = gradcli.check(f"{path}:fit_quality", [{"log_k": LOG_K}], dtypes=["float64"], fixes=False).results
    with mpmath.workdps(50):
        want = [float(mpmath.diff(lambda v, k=k: _fit_quality([v if j == k else mpmath.mpf(w) for j, w in enumerate(LOG_K)]),
                                  mpmath.mpf(LOG_K[k]))) for k in range(5)]
    assert r.status.value == "ok" and [float(v) for v in r.exact_gradient["log_k"]] == pytest.approx(want, rel=1e-10)
    x = 1.0 / numpy.array([300.0, 320.0, 340.0, 360.0, 380.0])
    theirs, mine = scipy.stats.linregress(x, LOG_K), ours.linregress(x, numpy.array(LOG_K))
    assert list(mine) == pytest.approx(list(theirs), rel=1e-12)
    assert mine.intercept_stderr == pytest.approx(theirs.intercept_stderr, rel=1e-12)
