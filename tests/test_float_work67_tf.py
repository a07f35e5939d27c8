"""A Keras loss computing in float32 (its dtype, Keras's default policy) inside a float64 check: the float64 run is a
float32 run in disguise, so it is not judged as float64 work, and the user is told which loss, its dtype and how to
ask for float64; the same loss made with dtype="float64" is checked in float64 as any float64 program. And data a tree argument holds
(a leaf --wrt leaves out) is float work the differences never step."""

import keras
import mpmath
import tensorflow as tf

import gradcli

Y = [0.2, 0.7, 1.0]
P = [0.3, 0.5, 0.9]
DEFAULT = keras.losses.MeanSquaredError()
WIDE = keras.losses.MeanSquaredError(dtype="float64")


def default_loss(p):
    return DEFAULT(tf.constant(Y, dtype=p.dtype), p)


def float64_loss(p):
    return WIDE(tf.constant(Y, dtype=p.dtype), p)


def _assert_mean_squared_slopes(result, dtype):
    """The exact gradient is 2 (p - y) / 3 at the point as ``dtype`` holds it, y as float64 holds it (mpmath)."""
    import numpy as np

    with mpmath.workdps(40):
        for got, p, y in zip(result.exact_gradient["p"], P, Y):
            want = 2 * (mpmath.mpf(float(np.dtype(dtype).type(p))) - mpmath.mpf(float(np.dtype(dtype).type(y)))) / 3
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)


def test_a_float32_keras_loss_in_a_float64_check_is_said_and_not_judged_as_float64():
    report = gradcli.check(default_loss, [{"p": P}], fixes=False, framework="tensorflow")
    assert [r.dtype for r in report.results] == ["float32"]
    assert report.results[0].status == "ok"
    _assert_mean_squared_slopes(report.results[0], "float32")
    (said,) = [note for note in report.notes if "MeanSquaredError" in note]
    for words in ("not judged in float64", "keras.losses.MeanSquaredError computes in float32", 'dtype="float64"',
                  'keras.config.set_dtype_policy("float64")', f"test_float_work67_tf.py:{default_loss.__code__.co_firstlineno + 1}"):
        assert words in said, said


def test_a_keras_loss_made_in_float64_is_checked_in_float64():
    report = gradcli.check(float64_loss, [{"p": P}], dtypes=("float64",), fixes=False, framework="tensorflow")
    (result,) = report.results
    assert result.status == "ok", result.findings
    assert not [note for note in report.notes if "MeanSquaredError" in note]
    _assert_mean_squared_slopes(result, "float64")


def guarded(params):
    return tf.reduce_sum(tf.sqrt(params["data"] - 0.5) * params["w"])


def test_held_data_of_a_tree_at_its_domains_edge_is_not_stepped():
    """Finite differences step only the leaves a check asks about: the tree's data leaf, at sqrt's edge, is held."""
    point = {"params": {"w": [0.3, 0.2], "data": [0.5, 2.0]}}
    (result,) = gradcli.check(guarded, [point], wrt=("params.w",), dtypes=("float64",), fixes=False,
                              framework="tensorflow").results
    assert result.status == "ok", result.findings
    assert not [f for f in result.findings if f.kind == "fd-unreliable"], result.findings
    with mpmath.workdps(30):
        truth = [mpmath.sqrt(mpmath.mpf(d) - mpmath.mpf("0.5")) for d in point["params"]["data"]]
    for got, want in zip(result.fd_gradient["params.w"], truth):
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-8 * max(1, abs(want))
