"""Every TensorFlow op the bridge maps, replayed by gradcli against TensorFlow's own value and gradient.

Each case is a small TensorFlow function; its captured forward graph replayed
with gradcli's ops must give TensorFlow's value, and its captured gradient
graph TensorFlow's vector-Jacobian product, in float64 at ordinary points
(broadcasting, integer powers, reductions over axes, slices, gathers and
matrix products included), and the replay must run on balls too.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np
import pytest
import tensorflow as tf

from gradcli.autodiff import arb
from gradcli.capture.tf_bridge import capture

rng = np.random.default_rng(0)
POSITIVE = rng.uniform(0.5, 2.0, (3, 4))
SIGNED = rng.uniform(-2.0, 2.0, (3, 4))
ROW = rng.uniform(0.5, 2.0, (4,))
SQUARE = rng.uniform(-1.0, 1.0, (4, 4))
UNIT = rng.uniform(-0.9, 0.9, (3, 4))

CASES = {
    "add_broadcast": (lambda x, y: x + y, (SIGNED, ROW)),
    "sub_mul_div": (lambda x, y: (x - y) * x / y, (POSITIVE, ROW)),
    "neg_square": (lambda x: -tf.square(x), (SIGNED,)),
    "integer_power": (lambda x: x**3 + x**2, (SIGNED,)),
    "real_power": (lambda x, y: tf.pow(x, y), (POSITIVE, ROW)),
    "exp_log": (lambda x: tf.exp(x) + tf.math.log(x), (POSITIVE,)),
    "log1p_expm1": (lambda x: tf.math.log1p(x) + tf.math.expm1(x), (POSITIVE,)),
    "sigmoid_tanh": (lambda x: tf.sigmoid(x) * tf.tanh(x), (SIGNED,)),
    "sqrt_rsqrt": (lambda x: tf.sqrt(x) + tf.math.rsqrt(x), (POSITIVE,)),
    "abs_sign": (lambda x: tf.abs(x) * tf.sign(x) + tf.abs(x), (SIGNED,)),
    "maximum_minimum": (lambda x, y: tf.maximum(x, y) - tf.minimum(x, 2 * y), (SIGNED, ROW)),
    "where": (lambda x: tf.where(x > 0, x * x, -x), (SIGNED,)),
    "reduce_sum_axis": (lambda x: tf.reduce_sum(tf.reduce_sum(x * x, axis=1) ** 2), (SIGNED,)),
    "reduce_mean_keepdims": (lambda x: tf.reduce_sum(x / tf.reduce_mean(x, axis=0, keepdims=True)), (POSITIVE,)),
    "reduce_max_min": (lambda x: tf.reduce_max(x, axis=1) - tf.reduce_min(x, axis=0)[:3], (SIGNED,)),
    "reduce_prod": (lambda x: tf.reduce_prod(x, axis=1), (POSITIVE,)),
    "matmul": (lambda a, b: tf.matmul(a, b, transpose_b=True), (SIGNED, SQUARE)),
    "batch_matmul": (lambda a: tf.linalg.matmul(tf.stack([a, 2 * a]), tf.stack([a, a]), adjoint_a=True), (SQUARE,)),
    "reshape_transpose": (lambda x: tf.transpose(tf.reshape(x, (4, 3))) * x, (SIGNED,)),
    "expand_squeeze": (lambda x: tf.squeeze(tf.expand_dims(x, 0) * 2.0, axis=0), (SIGNED,)),
    "concat": (lambda x, y: tf.concat([x, tf.reshape(y, (1, 4))], axis=0) ** 2, (SIGNED, ROW)),
    "strided_slice": (lambda x: x[1:, ::2] * x[0, 1], (SIGNED,)),
    "gather": (lambda x: tf.gather(x, [2, 0, 2], axis=0) * 3.0, (SIGNED,)),
    "cast": (lambda x: tf.cast(tf.cast(x, tf.float32), tf.float64) + x * tf.cast(x > 0, tf.float64), (SIGNED,)),
    "identity_stop": (lambda x: tf.identity(x) * tf.stop_gradient(x), (SIGNED,)),
    "softplus": (lambda x: tf.math.softplus(x), (SIGNED,)),
    "log_softmax": (lambda x: tf.nn.log_softmax(x, axis=-1), (SIGNED,)),
    "softmax": (lambda x: tf.nn.softmax(x) * x, (SIGNED,)),
    "logsumexp": (lambda x: tf.reduce_logsumexp(x, axis=1), (SIGNED,)),
    "xlogy_xlog1py": (lambda x, y: tf.math.xlogy(x, y) + tf.math.xlog1py(x, y), (POSITIVE, ROW)),
    "fill_zeros_ones": (lambda x: x * tf.ones_like(x) + tf.zeros_like(x) + tf.fill([3, 4], tf.constant(2.0, tf.float64)), (SIGNED,)),
    "broadcast_to": (lambda x: tf.broadcast_to(x, (3, 4)) * 1.5, (ROW,)),
    "squared_difference": (lambda x, y: tf.math.squared_difference(x, y), (SIGNED, ROW)),
    "norm": (lambda x: tf.norm(x), (SIGNED,)),
    "erf_trig": (lambda x: tf.math.erf(x) + tf.sin(x) * tf.cos(x) + tf.math.atan(x), (SIGNED,)),
    "asin_acosh": (lambda x: tf.asin(x) + tf.math.acosh(2 + x), (UNIT,)),
    "lgamma_digamma": (lambda x: tf.math.lgamma(x) + tf.math.digamma(x), (POSITIVE,)),
    "relu_leaky": (lambda x: tf.nn.relu(x) + tf.nn.leaky_relu(x, 0.1), (SIGNED,)),
    "clip": (lambda x: tf.clip_by_value(x, -1.0, 1.0) * x, (SIGNED,)),
    "reciprocal_divide_no_nan": (lambda x, y: tf.math.reciprocal(x) + tf.math.divide_no_nan(x, y), (POSITIVE, ROW)),
    "unstack_split": (lambda x: tf.unstack(x)[1] * tf.split(x, 2, axis=1)[0][0, 0], (SIGNED,)),
    "tile_pad": (lambda x: tf.pad(tf.tile(x, [1, 2]), [[1, 0], [0, 2]]) ** 2, (SIGNED,)),
    "einsum": (lambda a, b: tf.einsum("ij,kj->ik", a, b), (SIGNED, SQUARE)),
    "softmax_cross_entropy": (lambda x: tf.nn.softmax_cross_entropy_with_logits(tf.nn.softmax(x * 0.5), x), (SIGNED,)),
    "sigmoid_cross_entropy": (lambda x: tf.nn.sigmoid_cross_entropy_with_logits(tf.ones_like(x) * 0.25, x), (SIGNED,)),
    "l2_loss": (lambda x: tf.nn.l2_loss(x), (SIGNED,)),
}


def _cotangent(value):
    return rng.uniform(0.5, 1.5, np.shape(value))


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_replay_gives_tensorflows_value_and_gradient_in_float64(name):
    function, args = CASES[name]
    bridge = capture(function, name)
    value, _ = bridge.own(args, None)
    ct = _cotangent(value)
    _, grads = bridge.own(args, ct)
    np.testing.assert_allclose(np.asarray(bridge.forward(*args), dtype=np.float64), value, rtol=1e-13, atol=1e-15)
    replayed = bridge.backward(args, ct)
    assert len(replayed) == len(args)
    for g, own in zip(replayed, grads):
        np.testing.assert_allclose(np.asarray(g, dtype=np.float64), own, rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("name", ["exp_log", "matmul", "strided_slice", "log_softmax", "reduce_mean_keepdims", "gather"])
def test_the_replay_runs_on_balls(name):
    function, args = CASES[name]
    bridge = capture(function, name)
    arb.enable()
    balls = [np.array([arb.ARB(float(v)) for v in np.ravel(a)], dtype=object).reshape(np.shape(a)) for a in args]
    value, _ = bridge.own(args, None)
    ct = np.ones(np.shape(value))
    _, grads = bridge.own(args, ct)
    mid = np.vectorize(lambda b: float(b.mid()) if hasattr(b, "mid") else float(b))
    np.testing.assert_allclose(mid(np.asarray(bridge.forward(*balls), dtype=object)).astype(float), value, rtol=1e-13)
    for g, own in zip(bridge.backward(balls, ct), grads):
        np.testing.assert_allclose(mid(np.asarray(g, dtype=object)).astype(float), own, rtol=1e-12, atol=1e-14)


def test_the_replay_in_float32_stays_in_float32():
    function, args = CASES["sigmoid_tanh"]
    bridge = capture(function, "sigmoid_tanh")
    single = [a.astype(np.float32) for a in args]
    assert np.asarray(bridge.forward(*single)).dtype == np.float32
    [g] = bridge.backward(single, np.ones((3, 4), np.float32))
    assert np.asarray(g).dtype == np.float32
    value, (own,) = bridge.own(single, np.ones((3, 4), np.float32))
    assert value.dtype == own.dtype == np.float32
    np.testing.assert_allclose(g, own, rtol=1e-5)


def _longer(a):
    return rng.uniform(0.5, 2.0, (5,) + a.shape[1:]) * np.sign(a.reshape(-1)[0]) if a.shape[:1] == (3,) else a


@pytest.mark.parametrize("name", sorted(set(CASES) - {"reshape_transpose", "fill_zeros_ones", "reduce_max_min"}))
def test_a_second_shape_replays_a_graph_of_unknown_dimensions(name):
    # As TensorFlow's reduce_retracing: the second shape of a rank is traced once with every dimension
    # unknown (shapes then read as the replay runs), or per shape where the user's code needs them.
    function, args = CASES[name]
    bridge = capture(function, name)
    bridge.forward(*args)
    longer = [_longer(a) if name not in ("asin_acosh",) else a[:2] for a in args]
    value, _ = bridge.own(longer, None)
    ct = _cotangent(value)
    _, grads = bridge.own(longer, ct)
    np.testing.assert_allclose(np.asarray(bridge.forward(*longer), dtype=np.float64), value, rtol=1e-13, atol=1e-15)
    for g, own in zip(bridge.backward(longer, ct), grads):
        np.testing.assert_allclose(np.asarray(g, dtype=np.float64), own, rtol=1e-12, atol=1e-14)
    third = [a[:4] if a.shape[:1] == (5,) else a for a in longer]
    np.testing.assert_allclose(np.asarray(bridge.forward(*third), dtype=np.float64), bridge.own(third, None)[0], rtol=1e-13, atol=1e-15)
