"""TensorFlow findings worded by what they know: a chaotic loop's forward blamed for its gradient, not a rule.

The logistic map x <- r x (1 - x) at r = 3.9 doubles its rounding error each
step: after eighty steps in float64 the forward value has no right digit and
TensorFlow's gradient, differentiated from that forward, none either. No rule
of the user's ran, so the finding says the forward computation on the loop's
line lost the digits. A Keras LSTM held as ``self.lstm`` holds its cell as
``cell`` (Keras names it ``lstm_cell``): ``--wrt`` takes either path.
"""

import pathlib

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")


TRIAL = pathlib.Path(__file__).parent / "trials" / "tf_lib29b.py"  # logistic_map: x <- r x (1 - x) from 0.2, 80 steps


def _exact_slope(r, steps=80):
    """d x_80 / d r from the float64 start 0.2, by forward mode at 400 digits: an expression of the map of its own."""
    with mpmath.workdps(400):
        r = mpmath.mpf(r)
        x, dx = mpmath.mpf(0.2), mpmath.mpf(0)  # the float64 0.2 the code starts from
        for _ in range(steps):
            x, dx = r * x * (1 - x), x * (1 - x) + r * dx * (1 - 2 * x)
        return float(dx)


def test_a_chaotic_loop_blames_its_forward_computation_and_no_gradient_rule():
    (result,) = gradcli.check(f"{TRIAL}:logistic_map", [{"r": 3.9}], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert result.status.value == "unstable"
    assert float(result.exact_gradient["r"]) == pytest.approx(_exact_slope(3.9), rel=1e-9)
    (finding,) = [f for f in result.findings if f.phase == "backward"]
    assert finding.message.startswith("the forward computation on this line lost the digits, amplifying the rounding "
                                      "of inputs accurate to 2.2e-16"), finding.message
    assert "the gradient of logistic_map the framework differentiates from it" in finding.message
    assert "gradient rule" not in finding.message
    lines = TRIAL.read_text().splitlines()
    loop = 1 + next(i for i, line in enumerate(lines) if "def logistic_map(" in line)
    loop += next(i for i, line in enumerate(lines[loop:]) if "x = r * x * (1.0 - x)" in line) + 1
    assert finding.location.endswith(f"tf_lib29b.py:{loop}"), finding.location


class Readout(keras.Model):
    def __init__(self):
        super().__init__(dtype="float64")
        self.lstm = keras.layers.LSTM(1, dtype="float64", recurrent_initializer="ones", kernel_initializer="ones")

    def call(self, seq):
        return tf.reduce_sum(self.lstm(seq[None, :, None]))


def readout_loss(model, seq):
    return model(seq)


SEQ = np.array([0.5, -1.0])


@pytest.fixture(scope="module")
def readout():
    model = Readout()
    model(tf.constant(SEQ))
    return model


def test_a_keras_layers_own_attribute_names_its_weights_for_wrt(readout):
    assert readout.lstm.cell.name == "lstm_cell"
    (result,) = gradcli.check(readout_loss, [{"model": readout, "seq": SEQ}], dtypes=("float64",), fixes=False, framework="tensorflow",
                              wrt=("model.lstm.cell.recurrent_kernel",)).results
    assert list(result.gradient) == ["model.lstm.lstm_cell.recurrent_kernel"]
    with tf.GradientTape() as tape:
        y = readout_loss(readout, tf.constant(SEQ))
    own = tape.gradient(y, readout.lstm.cell.recurrent_kernel).numpy()
    assert np.allclose(np.asarray(result.exact_gradient["model.lstm.lstm_cell.recurrent_kernel"], float), own,
                       rtol=1e-10, atol=0)


def test_a_misspelled_attribute_path_is_refused_with_the_names(readout):
    with pytest.raises(InputError) as raised:
        gradcli.check(readout_loss, [{"model": readout, "seq": SEQ}], dtypes=("float64",), fixes=False, framework="tensorflow",
                      wrt=("model.lstm.cel.recurrent_kernel",))
    assert ("--wrt model.lstm.cel.recurrent_kernel: not a variable of the target (model.lstm.lstm_cell.kernel, "
            "model.lstm.lstm_cell.recurrent_kernel, model.lstm.lstm_cell.bias, seq)") in str(raised.value)
