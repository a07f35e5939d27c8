"""TensorFlow's edges of the bridge: a float32 Keras layer inside a float64 check.

The layer computes in float32 and casts the float64 numbers handed to it: its matmul and its gradient rule round as
float32 does. That rounding is the layer's dtype, which the forward finding names, not an op amplifying its inputs'
rounding nor a gradient rule's error (a relative error of 1e-7 measured against float64's 2.2e-16).
"""

import importlib.util

import numpy as np
import pytest

import gradcli

pytest.importorskip("tensorflow")

USER_CODE = '''import tensorflow as tf


def dense_args():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, activation="softplus", name="head")])
    model.get_layer("head").set_weights([tf.constant([[1.0], [-2.0]]).numpy(), tf.constant([0.5]).numpy()])
    return {"model": model, "x": tf.constant([[0.3, -0.7]], tf.float64)}


def dense_loss(model, x):
    return tf.reduce_sum(model(x))
'''


def test_a_float32_layers_rounding_in_a_float64_check_is_its_dtype_not_a_rules_error(tmp_path):
    path = tmp_path / "keras_head.py"
    path.write_text(USER_CODE)
    spec = importlib.util.spec_from_file_location("keras_head", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    point = module.dense_args()
    (result,) = gradcli.check(f"{path}:dense_loss", [point], dtypes=("float64",), fixes=False).results
    # float32's digits kept: the value and gradient off by ~1e-8, unstable, the layer's dtype named
    assert result.status == "unstable"
    messages = [f.message for f in result.findings]
    assert any("computes in float32, its dtype" in m for m in messages), messages
    assert not any("gradient rule of" in m or "amplifies rounding errors" in m for m in messages), messages
    kernel = [float(v) for v in np.ravel(result.exact_gradient["model.head.kernel"])]
    sigmoid = 1 / (1 + np.exp(-(0.3 - 2 * -0.7 + 0.5)))  # softplus' slope at the head's input
    assert np.allclose(kernel, [0.3 * sigmoid, -0.7 * sigmoid], rtol=1e-7)  # -0.7 is the float32 the layer holds


FAKE_QUANT_CODE = '''import tensorflow as tf


def fake_quant(x):
    q = tf.quantization.fake_quant_with_min_max_args(x, min=-6.0, max=6.0, num_bits=8)
    return tf.reduce_sum(q * tf.constant([1.0, -0.5, 2.0], x.dtype))
'''


@pytest.mark.parametrize("attrs", [{"min": -6.0, "max": 6.0, "num_bits": 8, "narrow_range": False},
                                   {"min": -1.3, "max": 2.7, "num_bits": 4, "narrow_range": True}])
def test_fake_quant_with_min_max_args_replays_tensorflows_value_and_gradient(attrs):
    import tensorflow as tf

    from gradcli.capture.tf_ops_more import MORE_OPS as OPS

    x = np.concatenate([np.linspace(-8, 8, 401), [0.3, -0.7, 40.0, attrs["min"], attrs["max"]]]).astype(np.float32)
    tensor = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(tensor)
        value = tf.quantization.fake_quant_with_min_max_args(tensor, **attrs)
    slope = tape.gradient(value, tensor, output_gradients=tf.ones_like(tensor)).numpy()
    replayed = np.asarray(OPS["FakeQuantWithMinMaxArgs"][0]([x], attrs), dtype=np.float32)
    passed = np.asarray(OPS["FakeQuantWithMinMaxArgsGradient"][0]([np.ones_like(x), x], attrs))
    # a grid point in float32 each: within float32's rounding of the kernel's own products
    np.testing.assert_allclose(replayed, value.numpy(), rtol=2 ** -22, atol=2 ** -22)
    assert passed.tolist() == slope.tolist()  # 1 inside the nudged range, 0 outside: no rounding


def test_fake_quant_with_min_max_args_is_named_as_the_user_wrote_it(tmp_path):
    path = tmp_path / "quantized.py"
    path.write_text(FAKE_QUANT_CODE)
    (result,) = gradcli.check(f"{path}:fake_quant", [{"x": np.array([0.3, -0.7, 40.0])}], dtypes=("float32",),
                              fixes=False).results
    assert result.status == "wrong"  # a straight-through estimator: the step's own derivative is 0
    assert [float(v) for v in result.exact_gradient["x"]] == [0.0, 0.0, 0.0]
    (rule,) = [f for f in result.findings if "straight-through estimator" in f.message]
    assert rule.op.startswith("gradient rule of tf.quantization.fake_quant_with_min_max_args ("), rule.op
