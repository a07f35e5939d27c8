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
