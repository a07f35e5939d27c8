"""A number Keras's code makes of one the user's line hands it is held in float32 as the user's own.

``keras.losses.categorical_crossentropy(y, p, label_smoothing=0.1)``, called on the user's line, multiplies the labels
by Keras's 1.0 - 0.1, a double the float32 program holds as float32(0.9); the exact reference kept 0.9 itself, 5e-8
off the program's mathematics (round 52d).
"""

import math

import numpy as np
import pytest

import gradcli

pytest.importorskip("tensorflow")

SOURCE = '''import keras
import tensorflow as tf


def smoothed(p):
    y = tf.constant([[0.0, 1.0]], dtype=p.dtype)
    return keras.losses.categorical_crossentropy(y, p, label_smoothing=0.1)[0]
'''


def _slopes(p, keep, share):
    """d/dp of -sum(t log(p / sum p)), t = y keep + share: -t / p + sum(t) / sum(p)."""
    t = np.array([0.0, 1.0]) * keep + share
    return -t / p + t.sum() / p.sum()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_keras_one_minus_label_smoothing_is_held_as_the_program_holds_it(tmp_path, dtype):
    path = tmp_path / "keras_smoothed.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:smoothed", [{"p": [[0.3, 0.7]]}], dtypes=[dtype]).results
    assert result.status == "ok", [f.message for f in result.findings]
    p = np.asarray([0.3, 0.7], dtype=dtype).astype(float)
    keep = float(np.asarray(1.0 - 0.1, dtype=dtype))
    share = float(np.asarray(np.asarray(0.1, dtype=dtype) / np.asarray(2.0, dtype=dtype), dtype=dtype))
    for got, want in zip(np.ravel(result.exact_gradient["p"]), _slopes(p, keep, share)):
        assert math.isclose(got, want, rel_tol=1e-9), (result.exact_gradient, _slopes(p, keep, share))
