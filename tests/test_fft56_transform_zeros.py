"""A zero through a Fourier transform is proven: the transforms and complex numbers on balls, jets and proof numbers.

fft, ifft, rfft, irfft and fft2 of ``x - mean(x)`` have a first bin that is 0 by algebra, whose float mean
leaves a rounding there: only the transform's sum on exact numbers shows the 0 reaching log (`domain`). The phases
of a real signal's conjugate bins cancel in every direction (slope exactly 0), and a silent bin's power |X|^2 has
its slope where |X| has none. Where no bin is 0 the exact gradient is the derivative of the sums, and a tiny floor
beside a silent bin stays a number.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gss

TREND = np.array([0.1, 0.2, 0.4])


def _fft_first_bin(x):
    return gnp.log(gnp.abs(gnp.fft.fft(x - gnp.mean(x))[0]))


def _ifft_first_bin(x):
    return gnp.log(gnp.abs(gnp.fft.ifft(x - gnp.mean(x))[0]))


def _rfft_first_bin_power(x):
    return gnp.log(gnp.abs(gnp.fft.rfft(x - gnp.mean(x))[0]) ** 2)


def _irfft_sum_less_its_first_bin(x):
    # the sum of irfft(v) over its 6 samples is v[0]: the cosines of each other bin sum to 0 (exact at pi/3)
    return gnp.log(gnp.abs(gnp.sum(gnp.fft.irfft(x)) - x[0]))


def _fft2_first_bin(x):
    return gnp.log(gnp.abs(gnp.fft.fft2(x - gnp.mean(x))[0, 0]))


def _round_trip(x):
    # ifft(fft(x)) is x: its real part needs sin(2 pi / 3)^2 = 3/4, the proof's sqrt(3)/2 squared
    return gnp.log(gnp.abs(gnp.real(gnp.fft.ifft(gnp.fft.fft(x)))[1] - x[1]))


def _summed_phases(x):
    return gnp.sum(gnp.angle(gnp.fft.fft(x)))


def _log_power(x):
    return gnp.sum(gnp.log(gnp.abs(gnp.fft.rfft(x)) ** 2))


def _log_power_2d(x):
    return gnp.sum(gnp.log(gnp.abs(gnp.fft.rfft2(x)) ** 2))


def _first_bin_power_with_a_floor(x):
    return gnp.log(gnp.abs(gnp.fft.rfft(x - gnp.mean(x))[0]) ** 2 + 1e-300)


def _check(fun, point):
    return gradcli.check(fun, [{"x": np.asarray(point, dtype=np.float64)}], dtypes=("float64",), fixes=False).results[0]


@pytest.mark.parametrize("fun, point", [
    (_fft_first_bin, TREND),
    (_ifft_first_bin, TREND),
    (_rfft_first_bin_power, TREND),
    (_irfft_sum_less_its_first_bin, [0.1, 0.2, 0.4, 0.7]),
    (_fft2_first_bin, [[0.1, 0.2], [0.4, 0.3]]),
    (_round_trip, [0.1, 0.2, 0.7]),
], ids=["fft", "ifft", "rfft", "irfft", "fft2", "ifft-of-fft"])
def test_a_bin_zero_by_algebra_reaching_log_is_domain(fun, point):
    result = _check(fun, point)
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_value == -np.inf
    assert not any("did not settle" in f.message or "not proven" in f.message for f in result.findings)


def test_the_phases_of_conjugate_bins_cancel_exactly():
    # bins 1 and 3 conjugate; bin 0 (11) and bin 2 (-2.5) real, their imaginary parts no function of x: angles 0, pi
    result = _check(_summed_phases, [1, 2, 3, 4.5])
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_value) == pytest.approx(np.pi, rel=1e-15)
    assert list(np.ravel(result.exact_gradient["x"])) == [0.0, 0.0, 0.0, 0.0]


def _mp_log_power(x, shape):
    """sum log |X_k|^2 over rfftn's bins of ``x`` (mpmath numbers), from the DFT's definition."""
    x = np.reshape(np.array(x, dtype=object), shape)
    rows, cols = shape
    total = 0
    for p in range(rows):
        for q in range(cols // 2 + 1):
            bin_ = sum(x[r, c] * mpmath.expjpi(-2 * mpmath.mpf(p * r) / rows - 2 * mpmath.mpf(q * c) / cols)
                       for r in range(rows) for c in range(cols))
            total += mpmath.log(abs(bin_) ** 2)
    return total


@pytest.mark.parametrize("fun, point", [
    (_log_power, [[1.0, 2.0, 3.0, 4.0]]),
    (_log_power_2d, [[1.0, 2.0, 0.5], [3.0, 4.0, -1.0]]),
], ids=["rfft", "rfft2"])
def test_where_no_bin_is_zero_the_exact_gradient_is_the_sums_derivative(fun, point):
    shape = np.shape(point)
    result = _check(fun, point if shape[0] > 1 else point[0])
    assert result.status == "ok", [f.message for f in result.findings]
    flat = [mpmath.mpf(v) for v in np.ravel(point)]
    with mpmath.workdps(40):
        for k, exact in enumerate(np.ravel(result.exact_gradient["x"])):
            truth = mpmath.diff(lambda t: _mp_log_power(flat[:k] + [t] + flat[k + 1:], shape), flat[k])
            assert float(exact) == pytest.approx(float(truth), rel=1e-12)


def test_a_tiny_floor_beside_a_silent_bin_stays_a_number():
    result = _check(_first_bin_power_with_a_floor, TREND)
    assert result.status != "domain", [f.message for f in result.findings]
    assert float(result.exact_value) == pytest.approx(np.log(1e-300), rel=1e-12)


def _phase_and_its_conjugates(x):
    z = x[0] + 1j * x[1]
    return gnp.angle(z) + gnp.angle(gnp.conj(z))


def _modulus(x):
    return gnp.abs(x[0] + 1j * x[1])


def test_complex_arithmetic_outside_a_transform_is_exact_too():
    result = _check(_phase_and_its_conjugates, [1.0, 2.0])
    assert result.status == "ok", [f.message for f in result.findings]
    assert list(np.ravel(result.exact_gradient["x"])) == [0.0, 0.0]
    result = _check(_modulus, [3.0, 4.0])
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(g) for g in np.ravel(result.exact_gradient["x"])] == pytest.approx([0.6, 0.8], rel=1e-15)


def _spectral_entropy(x):
    power = gnp.abs(gnp.fft.rfft(x)) ** 2
    return gnp.sum(gss.entr(power / gnp.sum(power)))


def _entropy_of_a_complex_modulus_squared(x):
    power = gnp.abs(gnp.stack([x[0] + 1j * x[1], x[2] + 0j])) ** 2
    return gnp.sum(gss.entr(power / gnp.sum(power)))


@pytest.mark.parametrize("fun, point", [
    (_spectral_entropy, [1.0, -1.0, 1.0, -1.0]),  # bins 0 and 1 silent, bin 1 in both parts
    (_entropy_of_a_complex_modulus_squared, [0.0, 0.0, 1.0]),
], ids=["silent-bins", "modulus"])
def test_the_square_of_a_modulus_at_0_has_its_slope_and_p_log_p_slope_0(fun, point):
    # |z| at z = 0 is a cone's tip with no slope, but |z|^2 = re^2 + im^2 has one (0 here), and so has p log p
    # of it: the rule's log(0) times 0 is NaN, the exact gradient 0 (120 digits: the proof needs no more)
    result = gradcli.check(fun, [{"x": np.array(point)}], dtypes=("float64",), fixes=False,
                           max_digits=120).results[0]
    assert result.status == "wrong", [f.message for f in result.findings]
    assert list(np.ravel(result.exact_gradient["x"])) == [0.0] * len(point)


def test_a_numpy_complex64_meets_a_ball_as_the_complex_number_it_is():
    import flint

    from gradcli.autodiff import arb as arb_core, arb_complex

    arb_core.enable()
    for number in (np.complex64(1 + 2j), np.complex128(1 + 2j), 1 + 2j):
        product = arb_complex.elementwise("multiply", (flint.arb(2), number), {}, None)
        assert (float(product.re.mid()), float(product.im.mid())) == (2.0, 4.0)
