"""Equal computations are one number in every rounding (D2's and S1's class, round 28a), in plain NumPy.

The exact reference's noise runs round each op alternately down and up, so e^a - e^b at a = b saw e^a rounded one way
and e^b the other: a sliver of either sign, never the exact 0 it is, and a division by it 'did not settle'. The same
op on arguments equal as exact numbers (with the same static parameters) is the same number
(`precision.SameNumbers`): the difference is 0 and the quotient has no value (domain). Numbers that only look alike,
inputs one ulp apart or an exponent one ulp off, stay apart: their truths, mpmath's at 80 digits, are numbers.
"""

import math

import mpmath
import pytest

import gradcli

PROGRAM = """import numpy as np


def quotient(a, b):
    ka, ke = np.exp(a), np.exp(b)
    return (np.exp(-ke * 0.5) - np.exp(-ka * 0.5)) / (ka - ke)


def power_gap(a):
    ka = np.exp(a)
    return 1.0 / (np.power(ka, 2.0) - np.power(ka, 2.0000000000000004))


def distance(x, y):
    px = np.abs(np.fft.rfft(x)) ** 2 + 1e-12
    py = np.abs(np.fft.rfft(y)) ** 2 + 1e-12
    return np.sqrt(np.mean((10.0 * np.log10(px / py)) ** 2))


def log_ratio(x, y):
    px = np.abs(np.fft.rfft(x)) ** 2 + 1e-12
    py = np.abs(np.fft.rfft(y)) ** 2 + 1e-12
    return np.mean(10.0 * np.log10(px / py) * px)
"""


def _check(tmp_path, name, point, max_time=120):
    path = tmp_path / "same_numbers.py"
    path.write_text(PROGRAM)
    (r,) = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False, max_time=max_time).results
    return r


def _quotient(a, b):
    ka, ke = mpmath.exp(a), mpmath.exp(b)
    return (mpmath.exp(-ke / 2) - mpmath.exp(-ka / 2)) / (ka - ke)


def test_a_difference_of_equal_exponentials_is_an_exact_zero(tmp_path):
    """D2's class: e^-1.6 - e^-1.6 is 0 (mpmath agrees at any precision), so the quotient is 0 / 0: domain, no
    'did not settle', and no cancellation blamed for an exact 0."""
    with mpmath.workdps(200):
        assert mpmath.exp(mpmath.mpf(-1.6)) - mpmath.exp(mpmath.mpf(-1.6)) == 0
    r = _check(tmp_path, "quotient", {"a": -1.6, "b": -1.6})
    assert r.status.value == "domain"
    assert all(math.isnan(float(v)) for v in r.exact_gradient.values())
    assert not any("cancel" in f.message or "settle" in f.message for f in r.findings)


def test_inputs_one_ulp_apart_are_not_one_number(tmp_path):
    """b one ulp above a: e^a - e^b is a number, not 0, and the quotient's slopes are mpmath's."""
    a, b = -1.6, math.nextafter(-1.6, 0.0)
    with mpmath.workdps(80):
        want = [mpmath.diff(lambda t: _quotient(t, mpmath.mpf(b)), mpmath.mpf(a)),
                mpmath.diff(lambda t: _quotient(mpmath.mpf(a), t), mpmath.mpf(b))]
    r = _check(tmp_path, "quotient", {"a": a, "b": b})
    assert r.status.value != "domain"
    got = [r.exact_gradient["a"], r.exact_gradient["b"]]
    assert all(abs(g - float(w)) <= 1e-10 * abs(float(w)) for g, w in zip(got, want))


def test_a_static_parameter_one_ulp_off_is_another_op(tmp_path):
    """ka^2 and ka^(2 + 2^-51) are two numbers: the reciprocal of their gap is finite, its slope mpmath's."""
    p = mpmath.mpf(2.0000000000000004)
    with mpmath.workdps(80):
        want = mpmath.diff(lambda t: 1 / (mpmath.exp(2 * t) - mpmath.exp(p * t)), mpmath.mpf(-1.6))
    r = _check(tmp_path, "power_gap", {"a": -1.6})
    assert r.status.value != "domain"
    assert abs(r.exact_gradient["a"] - float(want)) <= 1e-10 * abs(float(want))


def test_a_ratio_of_equal_spectra_is_an_exact_one(tmp_path):
    """S1's class: px / py of one signal's spectra computed apart is 1, its log 0; the slope of
    mean(10 log10(px / py) px) there is mean(10 px' / (px ln 10)) px = mean(10 px' / ln 10), mpmath's."""
    x = [0.5, -0.3, 0.8, 0.1, -0.9, 0.4]

    def spectrum_log(v):
        n = len(v)
        bins = [sum(v[j] * mpmath.expjpi(-2 * mpmath.mpf(k) * j / n) for j in range(n)) for k in range(n // 2 + 1)]
        return [mpmath.mpf(10) * mpmath.log10(abs(z) ** 2 + mpmath.mpf(1e-12)) for z in bins]

    with mpmath.workdps(50):
        def along(i):
            def moved(t):
                v = [mpmath.mpf(e) for e in x]
                v[i] = t
                p = [10 ** (s / 10) for s in spectrum_log(v)]
                return sum(p) / len(p)
            return mpmath.diff(moved, mpmath.mpf(x[i])) * 10 / mpmath.log(10)
        want = [along(i) for i in range(len(x))]
    r = _check(tmp_path, "log_ratio", {"x": x, "y": x})
    assert r.status.value == "ok"
    assert all(abs(g - float(w)) <= 1e-10 * max(1.0, abs(float(w))) for g, w in zip(r.exact_gradient["x"], want))


@pytest.mark.wall_clock_budget
def test_a_perfect_spectral_match_is_a_cone_within_a_small_budget(tmp_path):
    """S1's class: d_k = 10 log10(px_k / py_k) is 0 at x = y, and along x_i the distance moves by
    |t| sqrt(mean_k (d d_k / d x_i)^2), a cone with slopes -c and +c, c > 0 (mpmath's): no derivative in any entry."""
    x = [0.5, -0.3, 0.8, 0.1, -0.9, 0.4]

    def bin_logs(v):
        n = len(v)
        return [10 * mpmath.log10(abs(sum(v[j] * mpmath.expjpi(-2 * mpmath.mpf(k) * j / n) for j in range(n))) ** 2
                                  + mpmath.mpf(1e-12)) for k in range(n // 2 + 1)]

    with mpmath.workdps(30):
        base = [mpmath.mpf(e) for e in x]
        for i in range(len(x)):
            slopes = [mpmath.diff(lambda t: bin_logs(base[:i] + [t] + base[i + 1:])[k], base[i]) for k in range(4)]
            assert mpmath.sqrt(sum(s ** 2 for s in slopes) / 4) > mpmath.mpf(10) ** -3
    r = _check(tmp_path, "distance", {"x": x, "y": x}, max_time=5)
    assert r.status.value == "domain"
    assert all(math.isnan(v) for v in r.exact_gradient["x"] + r.exact_gradient["y"])
    assert len([f for f in r.findings if f.kind == "kink"]) == 2 * len(x)  # each entry's cone, named


# --- the noise runs themselves: what is one number and what is two ---------------------------------------------------


def _noise_of(fun):
    """``fun``'s value at 40 digits and its rounding noise, as the exact reference's climb reads them."""
    import gradcli.numpy as gnp
    from gradcli.autodiff import mp as mp_core
    from gradcli.checker import precision

    mp_core.enable()
    with mpmath.workdps(40):
        value, (noise,) = precision.with_noise(lambda: fun(gnp))
    return value, noise


A = mpmath.mpf(-1.6)


@pytest.mark.parametrize("b, p", [
    (-1.6, 2.0),  # equal inputs, equal exponents: the one number e^-3.2 twice
    (math.nextafter(-1.6, 0.0), 2.0),  # inputs one ulp apart: two numbers
    (-1.6, 2.0000000000000004),  # equal inputs, exponents one ulp apart: two ops
])
def test_only_the_same_op_on_equal_numbers_is_merged(b, p):
    """The difference e^(2a) - e^(p b), in the noise runs: 0 with no noise where it is 0, and where it is not, mpmath's
    number at 80 digits with a noise far below it (merging the two sides would make the noise the value itself)."""
    value, noise = _noise_of(lambda gnp: gnp.power(gnp.exp(A), 2.0) - gnp.power(gnp.exp(mpmath.mpf(b)), p))
    with mpmath.workdps(80):
        want = mpmath.exp(2 * A) - mpmath.exp(mpmath.mpf(p) * mpmath.mpf(b))
    if want == 0:
        assert value == 0 and noise == 0
    else:
        assert abs(value - want) <= mpmath.mpf(10) ** -18 * abs(want)  # 40 digits less the 17 the difference cancels
        assert noise <= mpmath.mpf(10) ** -18 * abs(want)
