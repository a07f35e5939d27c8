"""Equal computations as one number (`precision.SameNumbers`) on the arrays of points a batched replay hands each op.

A replay on points at once (`Bridge.points_at_once`) calls each op on object
arrays of mpmath numbers: the memo names such an array by its shape and its
entries' exact values, so an op called again on an equal array (another object)
answers as it did, and an array that differs in any entry, in its shape, or in
the kind of one entry is another call.
"""

import mpmath
import numpy as np
import pytest

from gradcli.autodiff import mp as mp_core
from gradcli.checker.precision import SameNumbers, with_noise


def _array(values, shape=None):
    array = np.array([mpmath.mpf(v) for v in values], dtype=object)
    return array.reshape(shape) if shape is not None else array


def test_an_op_on_an_equal_array_answers_as_it_did():
    same = SameNumbers()
    first = _array([1.0, 2.0])
    assert same.seen("exp", (_array([0.5, -1.5]), mpmath.mpf(3)), {}, first) is None
    again = same.seen("exp", (_array([0.5, -1.5]), mpmath.mpf(3)), {}, _array([9.0, 9.0]))
    assert again is not first and list(again) == [1.0, 2.0]  # a copy of the first answer
    first[0] = mpmath.mpf(7)  # the program writes into the array it was handed: the memo kept its own
    assert list(same.seen("exp", (_array([0.5, -1.5]), mpmath.mpf(3)), {}, _array([9.0, 9.0]))) == [1.0, 2.0]


@pytest.mark.parametrize("other", [
    ([0.5, -1.5, 2.0], (3,)),  # one more entry
    ([0.5, -1.5000000000000002, 2.0, 4.0], (4,)),  # an entry one ulp off, past the first
    ([0.5, -1.5, 2.0, 4.0], (2, 2)),  # the same entries in another shape
])
def test_an_array_that_differs_anywhere_is_another_call(other):
    same = SameNumbers()
    assert same.seen("log", (_array([0.5, -1.5, 2.0, 4.0]),), {}, _array([1.0, 1.0, 1.0, 1.0])) is None
    values, shape = other
    assert same.seen("log", (_array(values, shape),), {}, _array([2.0] * len(values))) is None


def test_an_entry_of_another_kind_is_another_call():
    """An exact complex 1 beside mpf 1, and a Python float among mpmath's numbers: other numbers than all-mpf arrays."""
    same = SameNumbers()
    assert same.seen("sin", (_array([1.0, 2.0]),), {}, _array([0.0, 0.0])) is None
    complex_one = np.array([mpmath.mpc(1), mpmath.mpf(2)], dtype=object)
    assert same.seen("sin", (complex_one,), {}, _array([0.0, 0.0])) is None
    with_a_float = np.array([1.0, mpmath.mpf(2)], dtype=object)
    assert same.seen("sin", (with_a_float,), {}, _array([0.0, 0.0])) is None
    assert same.seen("sin", (np.array([1.0, mpmath.mpf(2)], dtype=object),), {}, _array([5.0, 5.0]))[0] == 0.0


def test_equal_exponentials_of_arrays_of_points_cancel_exactly():
    """e^a - e^b on arrays a = b (two objects), in the noise runs' alternating roundings: 0 without noise, while
    e^a - e^(a + 1 ulp) keeps the noise its roundings leave (mpmath's difference is no 0)."""
    mp_core.enable()
    from gradcli.numpy import exp

    a = [-1.6, 0.3, 2.5, 40.0]
    with mpmath.workprec(120):
        _, noise = with_noise(lambda: exp(_array(a)) - exp(_array(a)))
        assert [float(n) for n in noise] == [0.0] * 4
        nudged = [np.nextafter(v, np.inf) for v in a]
        value, noise = with_noise(lambda: exp(_array(a)) - exp(_array(nudged)))
    assert all(v != 0 for v in value) and all(n > 0 for n in noise)
