"""A high-precision run's result read entry by entry (`precision.flat_entries`): a NumPy scalar among the entries
is the number it holds, exactly, never NaN.

mpmath takes no NumPy scalar (mpmath.mpf(np.float32(1.5)) raises), and an entry it cannot read is NaN, which the
checker reads as a value that is no number. A float32 constant, an integer count or a boolean a program hands back
among mpmath numbers is a number; a complex entry is its real part where its imaginary part is 0.
"""

import mpmath
import numpy as np
import pytest

from gradcli.checker.precision import flat_entries


@pytest.mark.parametrize("scalar, number", [
    (np.float32(0.1), float(np.float32(0.1))),
    (np.float16(0.1), float(np.float16(0.1))),
    (np.int64(2**60 + 1), 2**60 + 1),  # past float64's 53 bits: held whole
    (np.uint8(200), 200),
    (np.True_, 1),
    (np.complex128(2.5 + 0j), 2.5),
    (complex(-1.0, 0.0), -1.0),
])
def test_a_numpy_scalar_entry_is_the_number_it_holds(scalar, number):
    with mpmath.workprec(200):
        entries = flat_entries(np.array([mpmath.mpf(1) / 3, scalar], dtype=object))
        assert entries[1] == number and mpmath.isfinite(entries[1])
        assert entries[0] == mpmath.mpf(1) / 3
        assert flat_entries(scalar) == [number]


def test_a_complex_entry_off_the_real_line_is_no_number():
    (entry,) = flat_entries(np.array([np.complex64(1 + 1j)], dtype=object))
    assert mpmath.isnan(entry)


@pytest.mark.skipif(np.finfo(np.longdouble).nmant <= 52, reason="this machine's long double is a float64")
def test_a_long_double_keeps_its_mantissa():
    third = np.longdouble(1) / 3
    (entry,) = flat_entries(np.array([third], dtype=object))
    numerator, denominator = third.as_integer_ratio()
    with mpmath.workprec(200):
        assert entry == mpmath.mpf(numerator) / denominator  # exact: the denominator is a power of 2
