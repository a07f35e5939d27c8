"""Keras layers named by the attributes that hold them, Keras' own paths kept as other names for ``--wrt``.

A layer a model of the user's holds as ``self.hidden`` names its variables
``model.hidden.kernel`` (Keras calls it ``dense``); an entry of a list or dict
attribute is named by its index or key (``model.blocks.0.inner.kernel``);
inside Keras' own layers (``Sequential``) Keras' names stay. Keras' path of a
variable or a layer (``model.dense.kernel``, ``model.dense``), and a layer's
second attribute (``self.also = self.hidden``), still name it for ``--wrt``
unless an attribute path is the same text.
"""

import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

X = np.array([[0.5, -1.25]])


class Block(keras.layers.Layer):
    def __init__(self):
        super().__init__(dtype="float64")
        self.inner = keras.layers.Dense(1, dtype="float64")

    def call(self, x):
        return self.inner(x)


class Loose(keras.layers.Layer):
    """A weight made without a name and held by no attribute of the layer (read through ``self.weights``)."""

    def build(self, shape):
        self.add_weight(shape=(), initializer="ones", dtype="float64")

    def call(self, x):
        return x * self.weights[0]


class Scorer(keras.Model):
    """Each layer's Keras name (dense, block_1, dense_3, ...) other than its attribute's."""

    def __init__(self):
        super().__init__(dtype="float64")
        self.hidden = keras.layers.Dense(2, dtype="float64", name="dense")
        self.blocks = [Block(), Block()]
        self.heads = {"mean": keras.layers.Dense(1, dtype="float64")}
        self.body = keras.Sequential([keras.layers.Dense(1, dtype="float64")])
        self.dense = keras.layers.Dense(1, dtype="float64")  # an attribute named as Keras named `hidden`
        self.also = self.hidden  # one layer, two attributes: the first names it
        self.loose = Loose(dtype="float64")

    def call(self, x):
        h = tf.math.tanh(self.hidden(x))
        return self.blocks[0](h) * self.blocks[1](h) + self.heads["mean"](h) + self.body(h) + self.loose(self.dense(h))


def scorer_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


@pytest.fixture(scope="module")
def scorer():
    model = Scorer()
    model(X)
    for i, variable in enumerate(model.trainable_variables):  # fixed numbers: the check is repeatable
        variable.assign(np.linspace(-0.75, 1.0, int(np.prod(variable.shape))).reshape(variable.shape) + 0.1 * i)
    return model


def _own_gradient(model, *variables):
    """TensorFlow's own gradient of the loss at X in ``variables``, on a tape of its own."""
    with tf.GradientTape() as tape:
        y = scorer_loss(model, tf.constant(X))
    return [g.numpy() for g in tape.gradient(y, list(variables))]


def test_layers_are_named_by_the_attributes_the_users_code_reads(scorer):
    (result,) = gradcli.check(scorer_loss, [{"model": scorer, "x": X}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", result.findings
    body = scorer.body.layers[0].name  # inside Keras' Sequential, Keras' own name
    names = list(result.gradient)
    assert names == [
        "model.hidden.kernel", "model.hidden.bias",
        "model.blocks.0.inner.kernel", "model.blocks.0.inner.bias", "model.blocks.1.inner.kernel", "model.blocks.1.inner.bias",
        "model.heads.mean.kernel", "model.heads.mean.bias",
        f"model.body.{body}.kernel", f"model.body.{body}.bias",
        "model.dense.kernel", "model.dense.bias", names[-2], "x"]
    assert names[-2].startswith("model.loose.variable")  # Keras' own list of the layer's weights names nothing
    kernel, inner, last = _own_gradient(scorer, scorer.hidden.kernel, scorer.blocks[1].inner.kernel, scorer.dense.kernel)
    for name, own in (("model.hidden.kernel", kernel), ("model.blocks.1.inner.kernel", inner), ("model.dense.kernel", last)):
        assert np.allclose(np.asarray(result.exact_gradient[name], float), own, rtol=1e-10, atol=0), name


def test_keras_paths_name_the_same_variables_for_wrt_unless_an_attribute_has_that_name(scorer):
    assert scorer.blocks[1].inner.name != "inner"
    inner = scorer.blocks[1].inner.path.split("/", 1)[1].replace("/", ".")  # block_1.dense_N: Keras' path
    (result,) = gradcli.check(scorer_loss, [{"model": scorer, "x": X}], dtypes=("float64",), fixes=False,
                              wrt=(f"model.{inner}.kernel", f"model.{scorer.heads['mean'].name}", "model.also.bias")).results
    assert set(result.gradient) == {"model.blocks.1.inner.kernel", "model.heads.mean.kernel", "model.heads.mean.bias",
                                    "model.hidden.bias"}
    # model.dense.kernel is Keras' path of hidden's kernel and the attribute path of `self.dense`: the attribute wins
    (result,) = gradcli.check(scorer_loss, [{"model": scorer, "x": X}], dtypes=("float64",), fixes=False,
                              wrt=("model.dense.kernel",)).results
    assert list(result.gradient) == ["model.dense.kernel"]
    (own,) = _own_gradient(scorer, scorer.dense.kernel)
    assert np.allclose(np.asarray(result.exact_gradient["model.dense.kernel"], float), own, rtol=1e-10, atol=0)


def test_a_name_of_neither_kind_is_refused_with_the_attribute_names(scorer):
    with pytest.raises(InputError) as raised:
        gradcli.check(scorer_loss, [{"model": scorer, "x": X}], dtypes=("float64",), fixes=False,
                      wrt=("model.hiden.kernel",))
    message = str(raised.value)
    assert "--wrt model.hiden.kernel: not a variable of the target (model.hidden.kernel, model.hidden.bias, " in message
    assert "model.blocks.0.inner.kernel" in message and "model.heads.mean.bias" in message
