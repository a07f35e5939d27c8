"""XLA on CPU flushes subnormal numbers to zero, and gradcli's replay of a JAX graph in the dtype does too.

JAX's CPU code runs with flush-to-zero and denormals-are-zero, eager and
jitted, in float32 and float64: an operation whose result is subnormal gives
0, and a subnormal operand counts as 0. NumPy keeps subnormals, so the replay
that provenance records (the framework's operations one by one, in the dtype)
flushes each result as XLA does, and meets the zeros JAX's own run met.
"""

import jax
import jax.numpy as jnp
import mpmath
import numpy as np
import pytest

from gradcli.capture import jax_bridge
from gradcli.capture.flushing import flushed
from gradcli.checker.provenance import Recorder


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("jitted", [False, True])
def test_xla_flushes_subnormal_results_and_operands(dtype, jitted):
    tiny = np.finfo(dtype).tiny

    def halve(a):
        return a * 0.5

    def is_zero(a):
        return a == 0

    run = jax.jit if jitted else (lambda f: f)
    with jax.enable_x64(dtype == np.float64):
        assert np.asarray(run(halve)(jnp.asarray(-tiny, dtype))) == 0  # a subnormal result is 0
        assert bool(run(is_zero)(jnp.asarray(tiny / 4, dtype)))  # a subnormal operand is 0
    assert np.asarray(dtype(-tiny) * dtype(0.5)) != 0  # NumPy keeps it


def test_flushed_zeroes_subnormals_of_either_sign_and_nothing_else():
    values = np.array([1e-39, -1e-40, 1.0, -2.5, 0.0, np.nan, np.inf, np.finfo(np.float32).tiny], np.float32)
    got = flushed(values)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got[:2], [0.0, 0.0])
    assert np.signbit(got[1]) and not np.signbit(got[0])
    np.testing.assert_array_equal(got[2:], values[2:])
    scalar = flushed(np.float64(-1e-310))
    assert type(scalar) is np.float64 and scalar == 0 and np.signbit(scalar)
    assert flushed(np.float16(1e-7)) == np.float16(1e-7)  # float16 is left alone
    assert flushed(mpmath.mpf("1e-400")) == mpmath.mpf("1e-400")  # the exact reference is never flushed


def naive_sigmoid(x):
    e = jnp.exp(x)
    return e / (1 + e)


def test_the_recorded_backward_replay_meets_the_zero_jax_met():
    # At x = 88 in float32, 1 / (1 + e^88) is 6e-39: subnormal, so JAX's gradient is 0.
    bridge = jax_bridge.capture(naive_sigmoid, "naive_sigmoid")
    x = np.float32(88.0)
    _, (jax_gradient,) = bridge.own((np.asarray(x),), np.ones((), np.float32))
    assert jax_gradient == 0
    with Recorder():
        (replayed,) = bridge.backward((x,), np.float32(1.0))
    assert replayed == 0
    (unrecorded,) = bridge.backward((x,), np.float32(1.0))  # NumPy's own arithmetic, as the differences use it
    assert unrecorded != 0


def _sigmoid_loss(tmp_path):
    path = tmp_path / "sig.py"
    path.write_text("import jax\n\n\ndef loss(x):\n    return jax.nn.sigmoid(x)\n")
    return f"{path}:loss"


def test_a_gradient_below_the_smallest_normal_float_is_right_as_0_in_jax(tmp_path):
    # sigmoid'(100) = e^-100 = 3.7e-44: a float32 subnormal, which XLA flushes to 0, the nearest it can give.
    import gradcli

    (result,) = gradcli.check(_sigmoid_loss(tmp_path), [{"x": 100.0}], dtypes=("float32",), fixes=False).results
    assert result.gradient["x"] == 0
    assert mpmath.almosteq(mpmath.mpf(result.exact_gradient["x"]), mpmath.exp(-100), rel_eps=1e-12, abs_eps=0)
    assert result.status == "ok", result.findings


def test_a_framework_that_keeps_subnormals_is_held_to_them(tmp_path, monkeypatch):
    # Test the tester: read as if JAX kept subnormals, its 0 is 3.7e-44 off, all of its digits.
    import gradcli

    real = jax_bridge.capture
    monkeypatch.setattr(jax_bridge, "capture", lambda fun, text: _kept(real(fun, text)))
    (result,) = gradcli.check(_sigmoid_loss(tmp_path), [{"x": 100.0}], dtypes=("float32",), fixes=False).results
    assert result.status == "unstable"


def _kept(captured):
    import dataclasses

    return dataclasses.replace(captured, flushes_subnormals=False)
