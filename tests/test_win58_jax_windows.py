"""jax.numpy's raised-cosine windows (``jnp.hanning``, ``hamming``, ``blackman``) are their mathematics in the exact
replay: JAX writes ``0.42 - 0.5 * cos(2 * np.pi * n / (M - 1)) + ...`` in jax.numpy, JAX's machinery, so its 2 pi and
its decimals (0.42, 0.08, 0.54, 0.46) read as the user's floats until a window's frame marks them the window's; the
replay in the dtype keeps JAX's floats, and the same floats on the user's own line stay floats."""

import jax.numpy as jnp
import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import mp as mp_core
from gradcli.capture.jax_bridge import capture

D = mpmath.mpf
WINDOWS = {  # name -> (jax.numpy's window, its mathematics at k of m = M - 1)
    "hanning": (jnp.hanning, lambda k, m: D(1) / 2 - D(1) / 2 * mpmath.cospi(D(2 * k) / m)),
    "hamming": (jnp.hamming, lambda k, m: D(54) / 100 - D(46) / 100 * mpmath.cospi(D(2 * k) / m)),
    "blackman": (jnp.blackman, lambda k, m: D(42) / 100 - D(1) / 2 * mpmath.cospi(D(2 * k) / m)
                 + D(8) / 100 * mpmath.cospi(D(4 * k) / m)),
}


def _exact_gradient(fun, point):
    mp_core.enable()
    bridge = capture(fun, fun.__name__)
    return bridge.backward((np.array([D(v) for v in point], dtype=object),), D(1))[0]


@pytest.mark.parametrize("name", list(WINDOWS))
def test_a_windows_exact_replay_is_its_mathematics(name):
    window, entry = WINDOWS[name]
    length = 7

    def windowed(x):
        return jnp.sum(window(length) * x)

    with mpmath.workprec(150):
        gradient = _exact_gradient(windowed, np.linspace(-1.0, 2.0, length))
        for k in range(length):
            assert abs(gradient[k] - entry(k, length - 1)) < D(2) ** -140, k


def users_raised_cosine(x):
    """The user's own Blackman, the same floats JAX's writes: 0.42 - 0.5 + 0.08 of the floats is -2^-56 at k = 0, and
    cos of the float 2 pi is 1 - 2^-107 at k = 4."""
    n = jnp.arange(5.0)
    return jnp.sum(x * (0.42 - 0.5 * jnp.cos(2 * np.pi * n / 4) + 0.08 * jnp.cos(4 * np.pi * n / 4)))


def test_the_same_floats_on_the_users_line_stay_floats():
    with mpmath.workprec(150):
        gradient = _exact_gradient(users_raised_cosine, [1.0, 2.0, 3.0, 4.0, 5.0])
        assert gradient[0] == D(0.42) - D(0.5) + D(0.08)  # the binary floats: -2^-56 - ..., not 0
        assert gradient[0] != 0


def hann_silent(x):
    """The middle of a 5-entry Hann window is 1 exactly: its log(|w - 1| + 1e-300) is log(1e-300), with float angles
    (cos of the float pi is -1 + 2^-107) it is -74.7."""
    w = jnp.hanning(5)
    return jnp.sum(x) * 0 + jnp.log(jnp.abs(w[2] - 1) + 1e-300)


def blackman_weighted(x):
    """A symmetric Blackman window's ends are 0: cos(2 pi) and cos(4 pi) proven 1 (roots of unity), the decimals
    summing to 0; JAX's float64 gives -1.4e-17 at both ends."""
    return jnp.sum(x * jnp.blackman(5))


def test_a_silent_hann_entry_is_exactly_silent():
    (result,) = gradcli.check(hann_silent, [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False, framework="jax").results
    assert result.status == "ok"
    assert abs(float(result.exact_value) - 300 * np.log(0.1)) < 1e-9


def test_blackmans_ends_are_proven_0():
    (result,) = gradcli.check(blackman_weighted, [{"x": [1.0, 2.0, 3.0, 4.0, 5.0]}], dtypes=("float64",), fixes=False,
                              framework="jax").results
    assert result.status == "ok"
    exact = [float(v) for v in result.exact_gradient["x"]]
    assert exact[0] == 0.0 and exact[4] == 0.0 and abs(exact[2] - 1.0) < 1e-15
