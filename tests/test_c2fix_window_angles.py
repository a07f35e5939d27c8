"""A window function's angles (PyTorch's ``hann_window``: ``arange(n) * (2 pi / n)`` with the float 2 pi / n) are the
angles p pi / q in the exact replay, so the exact window is the mathematical one; a float the user wrote stays that
float."""

import math

import mpmath
import numpy as np
import pytest
import torch

from gradcli.autodiff import mp as mp_core
from gradcli.capture.exact_constants import Folds, angle_of_pi
from gradcli.capture.torch_bridge import capture


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 8, 12, 255, 1023])
def test_the_floats_a_window_computes_stand_for_their_angles(n):
    assert angle_of_pi(2 * math.pi / n) == Fraction_like(2, n)
    assert angle_of_pi(-math.pi / n) == Fraction_like(-1, n)
    assert angle_of_pi(4 * math.pi / n) == Fraction_like(4, n)


def Fraction_like(p, q):
    g = math.gcd(p, q)
    return p // g, q // g


@pytest.mark.parametrize("number", [3.14159, 0.5, 1.0, 1e-10, 0.7978845608028654, 2.0 ** -60, 0.0, math.inf])
def test_a_number_near_no_angle_stands_for_none(number):
    assert angle_of_pi(number) is None


def _exact_gradient(fun, size):
    """The exact replay's gradient of ``fun`` at a ``size``-vector, as mpmath numbers at the working precision."""
    mp_core.enable()
    bridge = capture(fun, fun.__name__)
    exact = np.array([mpmath.mpf(v) for v in np.linspace(-1.0, 2.0, size)], dtype=object)
    return bridge.backward((exact,), mpmath.mpf(1))[0]


@pytest.mark.parametrize("size, periodic", [(4, True), (5, True), (5, False), (12, True)])
def test_the_exact_hann_window_is_the_mathematical_one(size, periodic):
    def windowed(x):
        return (torch.hann_window(size, periodic=periodic, dtype=x.dtype) * x).sum()

    period = size if periodic else size - 1
    with mpmath.workprec(150):
        gradient = _exact_gradient(windowed, size)
        for n in range(size):
            assert abs(gradient[n] - (1 - mpmath.cospi(mpmath.mpf(2 * n) / period)) / 2) < mpmath.mpf(2) ** -120, n


def test_the_users_own_float_stays_that_float(tmp_path, monkeypatch):
    # a file of its own: this one's text would hand the literal to every line of it (`lines.handed_numbers`)
    (tmp_path / "users_angles.py").write_text(
        "import torch\n\n\ndef users_angles(x):\n"
        "    return (torch.cos(torch.arange(4, dtype=x.dtype) * 1.5707963267948966) * x).sum()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from users_angles import users_angles

    with mpmath.workprec(150):
        gradient = _exact_gradient(users_angles, 4)
        assert abs(gradient[1] - mpmath.cos(mpmath.mpf(math.pi / 2))) < mpmath.mpf(2) ** -120
        assert abs(gradient[1]) > 1e-17


def _folded_angles(constant):
    """TensorFlow's ``hann_window(4)`` angles as its capture folds them (``constant * range(5) / 4``), run again on
    exact numbers at the working precision (`Folds.exact`)."""
    mp_core.enable()
    folds = Folds()
    static = {"c": constant, "count": np.arange(5.0)}
    folds.add(lambda values: values[0] * values[1] / 4, ["c", "count"], ["angles"], [static["c"], static["count"]])
    static["angles"] = constant * static["count"] / 4
    return folds.exact(static, [np.array([mpmath.mpf(1)], dtype=object)])["angles"]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_a_fold_reads_pis_float_scaled_by_a_power_of_2_as_that_multiple_of_pi(dtype):
    with mpmath.workprec(150):
        angles = _folded_angles(dtype(2 * np.pi))
        for n in range(5):
            assert abs(angles[n] - mpmath.pi * n / 2) < mpmath.mpf(2) ** -140, n


@pytest.mark.parametrize("number", [np.pi / 3, 3.14159, 6.283185307179585])
def test_a_fold_reads_any_other_float_as_the_binary_number_it_is(number):
    with mpmath.workprec(150):
        angles = _folded_angles(np.float64(number))
        assert angles[1] == mpmath.mpf(number) / 4
