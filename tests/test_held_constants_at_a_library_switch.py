"""At a switch the point's rounding lands on (a float32 weight equal to Keras' float32 epsilon, where KLDivergence
clips), the exact reference keeps the constants as the dtype holds them: the prior [0.1, 0.6, 0.3] cast to float32.

The program as written is on that switch too at the rounded point (Keras'
epsilon is float32 in every run), so no constant's rounding put it there: the
verdict is `domain` (no derivative in w0) and the other slopes are -q/w of the
float32 prior, -1.2000000477 and -0.6000000238, as at any other point; they
were -1.2 and -0.6, the decimal prior, a reference of another program.
"""

import textwrap

import numpy as np

import gradcli

SOURCE = """
import keras
import tensorflow as tf


def prior_kl(weights):
    return keras.losses.KLDivergence()(tf.constant([0.1, 0.6, 0.3], dtype=weights.dtype), weights)
"""


def test_the_other_slopes_read_the_float32_prior_at_the_clip(tmp_path):
    path = tmp_path / "prior.py"
    path.write_text(textwrap.dedent(SOURCE))
    result, = gradcli.check(f"{path}:prior_kl", [{"weights": [1e-7, 0.5, 0.5]}], dtypes=("float32",),
                            fixes=False).results
    assert result.status.value == "domain"
    q = np.array([0.1, 0.6, 0.3], dtype=np.float32).astype(float)
    exact = result.exact_gradient["weights"]
    assert np.isnan(exact[0])
    assert abs(exact[1] - (-q[1] / 0.5)) <= 1e-12 * q[1] / 0.5, exact
    assert abs(exact[2] - (-q[2] / 0.5)) <= 1e-12 * q[2] / 0.5, exact
    assert not any(f.kind == "constant-rounded" for f in result.findings)
