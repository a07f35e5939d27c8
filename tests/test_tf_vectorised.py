"""The TensorFlow bridge's vectorised evaluation: a whole range in one tf.vectorized_map call, as each point gives."""

import os

import numpy as np
import pytest

from gradcli.checker.targets import resolve

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "tensorflow")


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", ["log1pexp.py:naive", "seeds.py:stable", "losses.py:compiled_naive"])
def test_a_range_in_one_call_gives_what_each_point_gives(name, dtype):
    bridge = resolve(os.path.join(EXAMPLES, name)).bridge
    xs = np.concatenate([np.linspace(-60, 120, 37), [0.0, 88.5, 89.0, 800.0]]).astype(dtype)
    values, (grads,) = bridge.vectorised([xs], dtype)
    assert values.dtype == grads.dtype == dtype and values.shape == grads.shape == xs.shape
    # Eigen's packet kernels (a whole range) and scalar ones (one point) round differently, most near
    # exp's overflow, where 1 / (1 + e) is subnormal in float32: a tolerance, never equality.
    rtol = 1e-4 if dtype == np.float32 else 1e-12
    for x, value, grad in zip(xs, values, grads):
        own_value, (own_grad,) = bridge.own((x,), np.ones((), dtype))
        np.testing.assert_allclose(value, own_value, rtol=rtol, equal_nan=True)
        np.testing.assert_allclose(grad, own_grad, rtol=rtol, equal_nan=True)


def test_arguments_of_several_entries_keep_their_shapes():
    bridge = resolve(os.path.join(EXAMPLES, "losses.py:mean_squared")).bridge
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=(5, 3)), rng.normal(size=(5, 3))
    values, (gx, gy) = bridge.vectorised([x, y], np.float64)
    assert values.shape == (5,) and gx.shape == gy.shape == (5, 3)
    np.testing.assert_allclose(gx, 2 * (x - y) / 3, rtol=1e-14)
    np.testing.assert_allclose(gy, -2 * (x - y) / 3, rtol=1e-14)


def test_a_sweep_evaluates_its_range_in_tensorflow_and_finds_exps_overflow():
    import gradcli

    result = gradcli.sweep(os.path.join(EXAMPLES, "log1pexp.py:naive"), {"x": (0.0, 200.0, 41)}, dtypes=("float32",))
    run = result.dtypes["float32"]
    assert run.vectorised
    edge = float(np.log(np.finfo(np.float32).max))  # 88.72284: exp overflows past it
    assert any(abs(t.next - edge) <= 1e-5 * edge for t in run.thresholds), [(t.at, t.next) for t in run.thresholds]
