"""TensorFlow's eager run judged as it runs, its unscaled Bessel K, and Keras weights named by their attributes.

A function the user runs eagerly is judged by a graph gradcli traces of it:
the user's own ``tf.executing_eagerly()`` is answered in that trace as in the
eager run, so the trace takes the eager branch; where the graph still computes
otherwise (code reading the op that made a tensor) and the numbers differ
beyond rounding, the point is no verdict, its finding naming the first op that
differs and its line. ``tf.math.special.bessel_k0``/``bessel_k1`` replay as the
scaled ops times e^-x. A Keras weight ``add_weight`` named nothing is named by
the attribute its layer holds it under.
"""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

SOURCE = '''
import tensorflow as tf


def asks(x):
    if tf.executing_eagerly():
        return tf.math.log(1 + tf.exp(x))
    return tf.math.softplus(x)


def from_softmax(z):
    p = tf.nn.softmax(z)
    if hasattr(p, "op") and p.op.type == "Softmax":  # a graph: the logits, as Keras reads them
        return -tf.nn.log_softmax(p.op.inputs[0])[0]
    return -tf.math.log(p[0])


def k0(x):
    return tf.math.special.bessel_k0(x)


def k1(x):
    return tf.math.special.bessel_k1(x)
'''


@pytest.fixture(scope="module")
def user(tmp_path_factory):
    """The user's file, written once for the module."""
    path = tmp_path_factory.mktemp("tf52").joinpath("eager_user.py")
    return path.write_text(SOURCE) and str(path)


def _results(target, *points, dtypes=("float64",)):
    """The check's results at ``points`` in ``dtypes``, without fixes."""
    return gradcli.check(target, list(points), dtypes=dtypes, fixes=False).results


def test_the_users_own_eager_branch_is_the_one_judged(user):
    (result,) = _results(f"{user}:asks", {"x": 800.0})
    # The eager run's log(1 + exp(x)) overflows; the graph's softplus would have given 800 and `ok`.
    assert result.status == "unstable" and result.value == np.inf
    assert result.findings[0].op == "tf.math.exp (Exp)" and result.findings[0].location.endswith("eager_user.py:7")


def test_a_graph_computing_otherwise_is_named_at_the_op_and_line_that_differ(user):
    far, near = _results(f"{user}:from_softmax", {"z": np.array([-800.0, 0.0, 1.0])}, {"z": np.array([1.0, 2.0, 3.0])})
    assert far.status == "error" and far.error == ""
    (finding,) = far.findings
    assert finding.kind == "graph-differs" and finding.location.endswith("eager_user.py:15")
    assert "eagerly it runs StridedSlice, Log and Neg at eager_user.py:15" in finding.message
    assert "the graph runs LogSoftmax" in finding.message and "the value inf" in finding.message
    # Both runs give the same numbers to rounding here: the eager run's numbers are judged.
    assert near.status == "ok"
    np.testing.assert_allclose(near.gradient["z"], np.exp([1.0, 2.0, 3.0]) / np.exp([1.0, 2.0, 3.0]).sum() - [1, 0, 0],
                               rtol=1e-14)


@pytest.mark.parametrize("order", [0, 1])
def test_unscaled_bessel_k_is_tensorflows_at_ordinary_points_and_exact_at_extreme_ones(user, order):
    results = _results(f"{user}:k{order}", {"x": 0.5}, {"x": 3.0}, {"x": 700.0}, dtypes=("float32", "float64"))
    ordinary = [r for r in results if r.point["x"] != 700.0]
    assert [r.status for r in ordinary] == ["ok"] * 4
    for result in ordinary:
        x = tf.constant(result.point["x"], tf.as_dtype(result.dtype))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = (tf.math.special.bessel_k0 if order == 0 else tf.math.special.bessel_k1)(x)
        np.testing.assert_allclose([result.value, result.gradient["x"]], [y.numpy(), tape.gradient(y, x).numpy()], rtol=1e-6)
    far = next(r for r in results if r.point["x"] == 700.0 and r.dtype == "float64")
    with mpmath.workdps(30):
        slope = -mpmath.besselk(1, 700) if order == 0 else -mpmath.besselk(0, 700) - mpmath.besselk(1, 700) / 700
        want = [float(mpmath.besselk(order, 700)), float(slope)]
    np.testing.assert_allclose([far.exact_value, far.exact_gradient["x"]], want, rtol=1e-12)


class Scale(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1],), initializer="ones")
        self.b = self.add_weight(shape=(), initializer="zeros")
        self.terms = [self.add_weight(shape=(), initializer="ones") for _ in range(2)]

    def call(self, x):
        return x * self.w + self.b + self.terms[0] * self.terms[1]


class Clash(keras.layers.Layer):
    def build(self, shape):
        self.v = self.add_weight(shape=(), initializer="ones", name="w")  # a weight named w, held as v
        self.w = self.add_weight(shape=(), initializer="ones")  # w is taken: Keras' own name stays

    def call(self, x):
        return x * self.v * self.w


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.scale = Scale()
        self.clash = Clash()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(self.clash(self.scale(x)))


def net_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def test_keras_weights_made_without_a_name_are_named_by_their_attributes():
    net = Net()
    x = np.array([[1.0, 2.0]], np.float32)
    net(x)
    (result,) = _results(net_loss, {"model": net, "x": x}, dtypes=("float32",))
    names = list(result.gradient)
    assert names[:5] == ["model.scale.w", "model.scale.b", "model.scale.terms.0", "model.scale.terms.1", "model.clash.w"]
    assert names[5].startswith("model.clash.variable") and names[6:] == ["model.dense.kernel", "model.dense.bias", "x"]
    with pytest.raises(InputError) as raised:
        gradcli.check(net_loss, [{"model": net, "x": x}], dtypes=("float32",), wrt=("model.scale.variable",), fixes=False)
    assert "(model.scale.w, model.scale.b, model.scale.terms.0, model.scale.terms.1, model.clash.w, " in str(raised.value)
