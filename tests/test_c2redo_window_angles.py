"""Only a library's window angles are exact angles in PyTorch's replay: a float the user's own code computed (``2 *
math.pi / 4`` on their line) and a dtype's limit (``finfo(x.dtype).min``, a mask's fill) stay the floats they are, and
no float past a window's largest angle is read as a multiple of pi (every float that large lies within a few ulps of
one: finfo(float32).min is p pi / 1 to its last bits)."""

import math

import mpmath
import numpy as np
import pytest
import torch

from gradcli.autodiff import mp as mp_core
from gradcli.capture.exact_constants import angle_of_pi
from gradcli.capture.torch_bridge import capture


@pytest.mark.parametrize("number", [float(np.finfo(np.float32).min), float(np.finfo(np.float64).max), 1e30, 1e10,
                                    -123456.0, 4 * math.pi + 1e-3])
def test_no_float_past_a_windows_largest_angle_stands_for_one(number):
    assert angle_of_pi(number) is None


def test_a_windows_largest_angle_still_stands_for_itself():
    assert angle_of_pi(4 * math.pi) == (4, 1) and angle_of_pi(-4 * math.pi / 3) == (-4, 3)


def _exact_gradient(fun, point):
    """The exact replay's gradient of ``fun`` at ``point`` (floats), as mpmath numbers."""
    mp_core.enable()
    bridge = capture(fun, fun.__name__)
    exact = np.array([mpmath.mpf(v) for v in point], dtype=object)
    return bridge.backward((exact,), mpmath.mpf(1))[0]


SIZE = 4


def users_quarter_turns(x):
    """The user's own angles: ``2 * math.pi / SIZE`` is a float their line computed, 2^-54 below pi / 2."""
    return (torch.cos(torch.arange(SIZE, dtype=x.dtype) * (2 * math.pi / SIZE)) * x).sum()


def masked_fill(x):
    """A mask's fill of the dtype's most negative number, computed from no input on the user's line."""
    keep = torch.tensor([1.0, 0.0], dtype=x.dtype)
    return ((1.0 - keep) * torch.finfo(x.dtype).min * x).sum()


def test_a_float_the_users_line_computed_stays_that_float():
    with mpmath.workprec(150):
        gradient = _exact_gradient(users_quarter_turns, [1.0, 2.0, 3.0, 4.0])
        assert gradient[1] == mpmath.cos(mpmath.mpf(2 * math.pi / SIZE))  # 6.1e-17, not cos(pi / 2) = 0
        assert gradient[1] > 1e-17


def test_a_dtypes_limit_on_the_users_line_stays_that_limit():
    with mpmath.workprec(150):
        gradient = _exact_gradient(masked_fill, [0.5, -1.0])
        assert list(gradient) == [0, mpmath.mpf(float(np.finfo(np.float64).min))]


# PyTorch's window factories with no decomposition of PyTorch's own (issue 29): replayed as their kernels compute,
# their angles exact in the exact replay, PyTorch's own coefficients the decimals they stand for there (0.54, 0.42),
# a coefficient the user hands the float it is (Hamming's alpha and beta, Kaiser's beta).

from gradcli.capture import torch_ops  # noqa: E402

LENGTHS = [1, 2, 4, 5, 12]
WINDOWS = {  # name -> (PyTorch's factory, its mathematics at k of n - 1 (mpmath), its float coefficients' arguments)
    "hamming": (torch.hamming_window, lambda k, m: mpmath.mpf(54) / 100 - mpmath.mpf(46) / 100 * mpmath.cospi(mpmath.mpf(2 * k) / m), ()),
    "hamming_given": (torch.hamming_window, lambda k, m: 0.5 - 0.25 * mpmath.cospi(mpmath.mpf(2 * k) / m), (0.5, 0.25)),
    "blackman": (torch.blackman_window, lambda k, m: (mpmath.mpf(8) / 100 * mpmath.cospi(mpmath.mpf(4 * k) / m)
                                                     - 0.5 * mpmath.cospi(mpmath.mpf(2 * k) / m) + mpmath.mpf(42) / 100), ()),
    "bartlett": (torch.bartlett_window, lambda k, m: 1 - abs(mpmath.mpf(2 * k) / m - 1), ()),
    "kaiser": (torch.kaiser_window, lambda k, m: mpmath.besseli(0, 8 * mpmath.sqrt(1 - (mpmath.mpf(2 * k) / m - 1) ** 2))
               / mpmath.besseli(0, 8), (8.0,)),
}


@pytest.mark.parametrize("name", list(WINDOWS))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_windows_replay_in_a_dtype_is_pytorchs_window(name, dtype):
    factory, _, numbers = WINDOWS[name]
    replay = torch_ops.OPS[factory.__name__]
    for length in LENGTHS:
        for periodic in (True, False):
            own = factory(length, periodic, *numbers, dtype=getattr(torch, np.dtype(dtype).name)).numpy()
            replayed = replay(length, periodic, *numbers, dtype=np.dtype(dtype).name)
            assert replayed.dtype == own.dtype and replayed.shape == own.shape
            np.testing.assert_allclose(replayed, own, rtol=0, atol=4 * np.finfo(dtype).eps, err_msg=f"{length} {periodic}")


@pytest.mark.parametrize("name", list(WINDOWS))
@pytest.mark.parametrize("length, periodic", [(4, True), (5, False), (12, True)])
def test_a_windows_exact_replay_is_its_mathematics(name, length, periodic):
    factory, entry, numbers = WINDOWS[name]

    def windowed(x):
        return (factory(length, periodic, *numbers, dtype=x.dtype) * x).sum()

    period = length if periodic else length - 1
    with mpmath.workprec(150):
        gradient = _exact_gradient(windowed, np.linspace(-1.0, 2.0, length))
        for k in range(length):
            assert abs(gradient[k] - entry(k, period)) < mpmath.mpf(2) ** -120, k


def blackman_weighted(x):
    """Blackman's first entry: 0.42 - 0.5 + 0.08 of the decimals is 0, as PyTorch's float64 gives (read as the binary
    floats written, -2^-56: a false alarm)."""
    return (torch.blackman_window(5, dtype=x.dtype) * x).sum()


def users_hamming_weighted(x):
    """The user's own Hamming coefficients: 1e-17 - 0.5 cos(pi / 2) is 1e-17, -2.1e-17 in PyTorch's float64 (the
    cosine of pi / 2's float is 6.1e-17)."""
    return (torch.hamming_window(5, False, 1e-17, 0.5, dtype=x.dtype) * x).sum()


def _checked(fun, size):
    import gradcli

    (result,) = gradcli.check(fun, [{"x": [float(k) for k in range(1, size + 1)]}], dtypes=("float64",), fixes=False,
                              framework="torch").results
    return result


def test_blackmans_first_entry_is_0_as_pytorch_gives_it():
    result = _checked(blackman_weighted, 5)
    assert result.status == "ok"
    assert float(result.exact_gradient["x"][0]) == 0.0


def test_a_windows_loss_is_named_at_the_windows_line():
    result = _checked(users_hamming_weighted, 5)
    assert result.status == "unstable"
    assert float(result.exact_gradient["x"][1]) == 1e-17
    finding = result.findings[0]  # the cosine at the float angle near pi / 2, inside the window, the forward's
    assert finding.op == "cos in torch.hamming_window (aten.hamming_window)" and finding.phase == "forward"
    assert finding.location == f"{__file__}:{users_hamming_weighted.__code__.co_firstlineno + 3}"
