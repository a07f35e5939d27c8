"""JAX operations replayed by gradcli, equal to JAX's own numbers in float64 and checked against the exact reference:
window reductions (lax.reduce_window with max, min, add: max and average pooling, as flax's pools call it) with a
max or min pooling's backward step (select_and_scatter_add), and jnp.fft's transforms with complex arithmetic."""

import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import gradcli
from gradcli.capture.jax_bridge import capture

POINT = np.array([[0.1, 0.5, -0.3, 0.2], [0.7, -0.2, 0.4, 0.9], [0.3, 0.8, -0.6, 0.05]])


def max_pool(x):
    return jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (2, 2), (1, 1), "VALID") ** 2)


def avg_pool_same(x):  # flax's avg_pool: a window sum over the window's size
    return jnp.sum(jnp.tanh(lax.reduce_window(x, 0.0, lax.add, (2, 2), (2, 2), "SAME") / 4.0))


def min_pool_padded(x):
    return jnp.sum(jnp.exp(lax.reduce_window(x, jnp.inf, lax.min, (1, 3), (1, 2), ((0, 0), (1, 1)))))


def filtered(x):  # rfft, a filter, irfft
    return jnp.sum(jnp.fft.irfft(jnp.fft.rfft(x, axis=-1) * jnp.array([1.0, 0.5, 0.25]), n=4, axis=-1) ** 2)


def real_and_imaginary(x):  # a complex fft of a real input, its parts read
    f = jnp.fft.fft(x[0])
    return jnp.sum(jnp.real(f) ** 2 + jnp.imag(f) * 0.5)


def planar(x):  # fft2 and ifft2, the modulus of complex numbers
    f = jnp.fft.fft2(x)
    return jnp.sum(jnp.abs(jnp.fft.ifft2(f * f)))


@pytest.mark.parametrize("fun", [max_pool, avg_pool_same, min_pool_padded, filtered, real_and_imaginary, planar],
                         ids=lambda f: f.__name__)
def test_the_replay_is_jaxs_own_in_float64(fun):
    bridge = capture(fun, fun.__name__)
    value, (gradient,) = bridge.own((POINT,), 1.0)
    replayed = bridge.forward(POINT)
    (replayed_gradient,) = bridge.backward((POINT,), 1.0)
    assert abs(float(replayed) - float(value)) <= 1e-14 * abs(float(value))
    assert np.allclose(np.asarray(replayed_gradient, dtype=float), np.asarray(gradient), rtol=1e-13, atol=1e-15)
    assert np.count_nonzero(np.asarray(gradient)) > 0


def test_a_max_pooling_is_checked_against_the_exact_reference():
    results = gradcli.check(max_pool, [{"x": POINT}], dtypes=("float64",), fixes=False).results
    assert [r.status for r in results] == ["ok"]
    exact = np.array([[float(g) for g in row] for row in np.asarray(results[0].exact_gradient["x"])])
    want = np.zeros_like(POINT)  # each window's largest entry gets 2 * it, once per window it wins
    for i in range(2):
        for j in range(3):
            window = POINT[i:i + 2, j:j + 2]
            k = np.unravel_index(np.argmax(window), window.shape)
            want[i + k[0], j + k[1]] += 2 * window[k]
    assert np.allclose(exact, want, rtol=1e-15, atol=0)


def test_an_fft_is_checked_in_both_dtypes_without_a_note_on_its_complex_numbers():
    report = gradcli.check(real_and_imaginary, [{"x": POINT}], fixes=False)
    assert [r.status for r in report.results] == ["ok", "ok"], [r.findings for r in report.results]
    assert not any("not every step" in note for r in report.results for note in r.notes)  # complex64 is float32's
