"""Equal computations are one number in every rounding (D2's class, round 28a), in JAX.

jnp.exp(log_ka) and jnp.exp(log_ke) at log_ka = log_ke are one number, so ka - ke is the exact 0 and Bateman's
D ka / (V (ka - ke)) (e^(-ke t) - e^(-ka t)) has no value there: domain, where the noise runs' alternating rounding
left a sliver and 'did not settle'. Exponents one ulp apart are two numbers: the dose is mpmath's.
"""

import math

import mpmath

import gradcli

PROGRAM = """import jax.numpy as jnp


def dose(log_ka, log_ke):
    ka, ke = jnp.exp(log_ka), jnp.exp(log_ke)
    return 5.0 * ka / (2.0 * (ka - ke)) * (jnp.exp(-ke * 0.5) - jnp.exp(-ka * 0.5))
"""


def _check(tmp_path, name, point):
    path = tmp_path / "same_numbers_jax.py"
    path.write_text(PROGRAM)
    (r,) = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False, max_time=120).results
    return r


def test_equal_exponentials_make_an_exact_zero_divisor(tmp_path):
    """Domain, each slope NaN, and no finding that calls the exact 0 a cancellation or the reference unsettled."""
    r = _check(tmp_path, "dose", {"log_ka": -1.6, "log_ke": -1.6})
    words = " ".join(f.message for f in r.findings)
    assert (r.status.value, "cancel" in words, "settle" in words) == ("domain", False, False)
    assert math.isnan(r.exact_gradient["log_ka"]) and math.isnan(r.exact_gradient["log_ke"])


def test_exponents_one_ulp_apart_are_two_numbers(tmp_path):
    """log_ke one ulp above log_ka: ka - ke is e^a - e^b, not 0, and the dose is mpmath's number."""
    a, b = -1.6, math.nextafter(-1.6, 0.0)
    r = _check(tmp_path, "dose", {"log_ka": a, "log_ke": b})
    with mpmath.workdps(60):
        ka, ke = mpmath.exp(mpmath.mpf(a)), mpmath.exp(mpmath.mpf(b))
        want = 5 * ka / (2 * (ka - ke)) * (mpmath.exp(-ke / 2) - mpmath.exp(-ka / 2))
    assert r.status.value != "domain"
    assert abs(r.exact_value - float(want)) <= 1e-10 * abs(float(want))
