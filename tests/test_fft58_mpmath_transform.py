"""The mpmath transform's zeros by algebra (`ops_fft._zero_by_algebra`) on complex signals: a part 0 only through
the signal's imaginary parts meeting its real ones is the exact 0, and a part that is not 0 keeps its digits."""

import mpmath
import numpy as np

from gradcli.autodiff import ops_fft


def _transform(signal, inverse=False):
    x = np.array([mpmath.mpc(z.real, z.imag) for z in signal], dtype=object)
    with mpmath.workdps(60):
        return ops_fft._complex_mp(x, (len(signal),), (0,), None, inverse)


def test_a_real_part_that_cancels_an_imaginary_parts_term_is_the_exact_0():
    # n = 12, bin 1: x_1 cos(pi / 6) + Im(x_2) sin(pi / 3) = sqrt(3)/2 - sqrt(3)/2 (the forward sign), exactly 0
    out = _transform([0, 1, -1j] + [0] * 9)
    assert out[1].real == 0 and out[1].imag != 0
    # the inverse transform's sign makes it sqrt(3): no 0 there
    assert abs(_transform([0, 1, -1j] + [0] * 9, inverse=True)[1].real) > 0.1
    # and the imaginary part: Im(x_1) cos(pi / 6) - x_2 sin(pi / 3)
    out = _transform([0, 1j, 1] + [0] * 9)
    assert out[1].imag == 0 and out[1].real != 0


def test_a_hermitian_signal_of_length_5_has_real_bins_exactly():
    out = _transform([1, 2 + 3j, 0.5 - 1j, 0.5 + 1j, 2 - 3j])
    assert all(z.imag == 0 for z in out)
    assert all(abs(z.real) > 0.1 for z in out)
    anti = _transform([1j, -2 + 3j, 0.5 + 1j, -0.5 + 1j, 2 + 3j])  # i times a Hermitian signal: imaginary bins
    assert all(z.real == 0 for z in anti)
