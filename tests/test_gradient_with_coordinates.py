"""``np.gradient(f, x)`` with the coordinates x differentiated: NumPy's weights for uneven steps, whose slopes in x
are the function's. gradcli.numpy handed traced coordinates to NumPy's own gradient and told the user to call
gradcli.numpy.gradient, which the code already did (round 61c's F2). Equal steps are a tie NumPy's shortcut breaks;
differentiated, the uneven weights hold there too, so every coordinate's slope counts.
"""

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli import grad

Y = np.array([1.0, 4.0, 2.0, 7.0])
W = np.array([1.0, -2.0, 0.5, 3.0])


def _uneven(y, x):
    """NumPy's gradient for uneven steps (edge order 1), written out in plain NumPy."""
    d = np.diff(x)
    dx1, dx2 = d[:-1], d[1:]
    inner = (-dx2 / (dx1 * (dx1 + dx2)) * y[:-2] + (dx2 - dx1) / (dx1 * dx2) * y[1:-1]
             + dx1 / (dx2 * (dx1 + dx2)) * y[2:])
    return np.concatenate([[(y[1] - y[0]) / d[0]], inner, [(y[-1] - y[-2]) / d[-1]]])


def _slopes(x, h=1e-6):
    loss = lambda x: np.sum(W * _uneven(Y, x))  # noqa: E731
    return np.array([(loss(x + h * e) - loss(x - h * e)) / (2 * h) for e in np.eye(len(x))])


@pytest.mark.parametrize("x", [[0.0, 0.5, 1.5, 2.0], [0.0, 1.0, 2.0, 3.0], [0.1, 0.3, 0.35, 1.7]])
def test_slopes_in_the_coordinates(x):
    x = np.array(x)
    got = grad(lambda x: gnp.sum(W * gnp.gradient(Y, x)))(x)
    np.testing.assert_allclose(got, _slopes(x), rtol=1e-6)


def test_plain_coordinates_give_numpys_numbers_bit_for_bit():
    for x in ([0.0, 0.5, 1.5, 2.0], [0.0, 1.0, 2.0, 3.0]):
        assert np.array_equal(gnp.gradient(Y, np.array(x)), np.gradient(Y, np.array(x)))
    # and the gradient in the data at uneven coordinates is NumPy's weights
    x = np.array([0.0, 0.5, 1.5, 2.0])
    got = grad(lambda y: gnp.sum(W * gnp.gradient(y, x)))(Y)
    np.testing.assert_allclose(got, [np.sum(W * _uneven(e, x)) for e in np.eye(4)], rtol=1e-14)


def test_on_mpmath_numbers_coordinates_keep_the_precision():
    # the exact reference runs the function on mpmath numbers: NumPy's own gradient would make them float64
    import mpmath

    from gradcli.autodiff import mp

    mp.enable()
    with mpmath.workdps(40):
        y = np.array([mpmath.mpf(v) for v in Y], dtype=object)
        x = np.array([mpmath.mpf(v) for v in ("0", "0.5", "1.5", "2")], dtype=object)
        out = gnp.gradient(y, x)
        assert all(isinstance(v, mpmath.mpf) for v in out)
        assert abs(out[1] - mpmath.mpf(10) / 3) < mpmath.mpf(10) ** -38  # -4/3 * 1 + 1 * 4 + 1/3 * 2
