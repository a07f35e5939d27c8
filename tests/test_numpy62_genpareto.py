"""scipy.stats.genpareto at a tiny shape c (1e-300, -1e-300, 1e-200): c z is a subnormal or underflows, so
log1p(c z)/c computed as written loses most of its digits; the values and slopes hold to 1e-12 of mpmath's, which
takes the same closed forms at 700 digits (c z's digits survive 1e-600)."""

import mpmath as mp
import numpy as np
import pytest

import gradcli
import gradcli.scipy.stats as gst
from gradcli.autodiff import mp as mp_core

METHODS = ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")
POINTS = [(x, c) for c in (1e-300, -1e-300, 1e-200) for x in (1e-300, 1e-100, 1e-14, 1e-12, 1e-8, 0.3, 2.0)]


def _truth(method, x, c):
    """(value, d/dx, d/dc) of ``method`` from E = log1p(c x)/c and its closed-form slopes."""
    e = mp.log1p(c * x) / c
    e_x = 1 / (1 + c * x)
    e_c = (x * e_x - e) / c
    tail = mp.exp(-e)
    if method == "logsf":
        return -e, -e_x, -e_c
    if method == "sf":
        return tail, -tail * e_x, -tail * e_c
    if method == "cdf":
        return -mp.expm1(-e), tail * e_x, tail * e_c
    if method == "logcdf":
        ratio = tail / -mp.expm1(-e)
        return mp.log(-mp.expm1(-e)), ratio * e_x, ratio * e_c
    log_density, in_x, in_c = -(c + 1) * e, -(c + 1) * e_x, -e - (c + 1) * e_c
    if method == "logpdf":
        return log_density, in_x, in_c
    density = mp.exp(log_density)
    return density, density * in_x, density * in_c


def _close(got, want):
    return abs(float(got) - float(want)) <= 1e-12 * abs(float(want))


@pytest.mark.parametrize("method", METHODS)
def test_values_and_slopes_at_a_tiny_shape_are_mpmaths(method):
    bad = []
    for x, c in POINTS:
        value = getattr(gst.genpareto, method)(x, c)
        in_x = gradcli.grad(lambda t: getattr(gst.genpareto, method)(t, c))(x)
        in_c = gradcli.grad(lambda t: getattr(gst.genpareto, method)(x, t))(c)
        with mp.workdps(700):
            X, C = mp.mpf(x), mp.mpf(c)
            want = _truth(method, X, C)
        for name, got, truth in zip(("value", "x", "c"), (value, in_x, in_c), want):
            if not _close(got, truth):
                bad.append((x, c, name, float(got), float(truth)))
    assert not bad, bad


def test_the_exact_reference_keeps_log1p_at_a_tiny_shape():
    """On mpmath numbers the exponent is log1p(c z)/c itself, no series: exact at any digits."""
    mp_core.enable()
    with mp.workdps(80):
        got = gst.genpareto.logsf(np.array([mp.mpf("0.5")], dtype=object), mp.mpf("1e-30"))
        want = -mp.log1p(mp.mpf("1e-30") * mp.mpf("0.5")) / mp.mpf("1e-30")
        assert abs(got[0] - want) <= mp.mpf(10) ** -75 * abs(want)
