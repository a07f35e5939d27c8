"""A point exactly on a clip's bound, the clipped side flat under a log: a kink (`domain`), not "no exact reference".

The flat side's differences are balls around 0 (the log's rounding), which no
smaller step shrinks beside a rule that is not 0; the program's own proof says
that side's slope is 0, and the two sides' slopes make the kink.
"""

import textwrap

import pytest

import gradcli

NUMPY = """
import numpy as np


def clipped_log(p):
    q = np.clip(p, 1e-7, 1.0)
    return np.sum(0.5 * np.log(0.5 / q))
"""

TF = """
import tensorflow as tf


def clipped_log(p):
    q = tf.clip_by_value(p, 1e-7, 1.0)
    return tf.reduce_sum(0.5 * tf.math.log(0.5 / q))


def keras_kl(pred):
    return tf.keras.losses.KLDivergence()(tf.constant([[0.5, 0.5]], dtype=pred.dtype), pred[None, :])
"""


def _checked(tmp_path, name, source, function, dtype):
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    (result,) = gradcli.check(f"{path}:{function}", [{_argument(function): [0.2, 1.0]}], dtypes=(dtype,), fixes=False).results
    return result


def _argument(function):
    return "pred" if function == "keras_kl" else "p"


def _assert_kink_in_the_clipped_entry(result, name):
    assert result.status.value == "domain", result.findings
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    assert kink.op == f"{name}[1]"
    assert "-0.5 from the left and 0 from the right" in kink.message
    # The entry off the bound is smooth: -0.5 / p[0], p[0] as the dtype holds 0.2.
    assert float(result.exact_gradient[name][0]) == pytest.approx(-2.5, rel=1e-7)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_numpy_clip_bound_under_a_log_is_a_kink(tmp_path, dtype):
    _assert_kink_in_the_clipped_entry(_checked(tmp_path, "numpy_clip.py", NUMPY, "clipped_log", dtype), "p")


@pytest.mark.parametrize("function", ["clipped_log", "keras_kl"])
def test_tensorflow_and_keras_clip_bound_under_a_log_is_a_kink(tmp_path, function):
    pytest.importorskip("tensorflow")
    result = _checked(tmp_path, "tf_clip.py", TF, function, "float32")
    _assert_kink_in_the_clipped_entry(result, _argument(function))
