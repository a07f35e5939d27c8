"""TensorFlow at the edges of its functions: igamma's slope at x = 0, and ctc_loss, which TensorFlow computes in
float32 alone, asked for float64."""

import mpmath
import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")


def gamma_cdf(x):
    """P(a, x), a Gamma(a) CDF, differentiated in x: at x = 0 with a = 1/2 its slope x^(-1/2) e^-x / Gamma(1/2) is infinite."""
    return tf.reduce_sum(tf.math.igamma(tf.constant([0.5, 3.0], dtype=x.dtype), x))


def ctc_short(logits):
    loss = tf.nn.ctc_loss(tf.constant([[1]]), logits, label_length=tf.constant([1]), logit_length=tf.constant([2]),
                          logits_time_major=False)
    return tf.reduce_sum(loss)


def test_igamma_at_0_is_domain_with_the_other_entry_exact():
    """The exact reference's steps left of 0 met mpmath's continuation of P(a, x) to x < 0, which recursed without
    end near 0- (past --max-time): no real number there, as SciPy's NaN."""
    (result,) = gradcli.check(gamma_cdf, [{"x": np.array([0.0, 1.5])}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "domain", (result.error, result.findings)
    slope = mpmath.mpf(1.5) ** 2 * mpmath.exp(-1.5) / 2  # x^2 e^-x / Gamma(3) at 1.5
    assert abs(float(np.ravel(np.asarray(result.exact_gradient["x"], float))[1]) - float(slope)) <= 1e-12 * float(slope)


def test_ctc_loss_in_float64_says_tensorflow_computes_it_in_float32_alone():
    logits = np.array([[[0.3, -0.4], [1.2, 0.5]]])
    (result,) = gradcli.check(ctc_short, [{"logits": logits}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "error"
    said = " ".join(f.message for f in result.findings)
    assert "computes this function in float32 only" in said and "--dtype float32" in said


def _smoothed_cce_on_probabilities(logits):
    import keras

    labels = tf.constant([[1.0, 0.0, 0.0]], dtype=logits.dtype)
    loss = keras.losses.CategoricalCrossentropy(label_smoothing=0.1, dtype=logits.dtype.name)
    return loss(labels, tf.nn.softmax(logits))


def smoothed_cce_eager(logits):
    return _smoothed_cce_on_probabilities(logits)


@tf.function
def smoothed_cce_compiled(logits):
    return _smoothed_cce_on_probabilities(logits)


@pytest.mark.parametrize("fun", [smoothed_cce_eager, smoothed_cce_compiled])
def test_a_keras_loss_on_softmax_output_is_replayed_as_the_users_run_computes_it(fun):
    """Keras trades a softmax output for its logits in a graph only: eagerly the probabilities are clipped to
    [1e-7, 1 - 1e-7], and at [30, 0, -30] all three are past the clip (the loss is flat there); a tf.function
    takes the logits. The exact reference replays the program the user's run is, in each."""
    logits = np.array([[30.0, 0.0, -30.0]])
    (result,) = gradcli.check(fun, [{"logits": logits}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", (result.error, result.findings)
    smoothed = np.array([0.9 + 0.1 / 3, 0.1 / 3, 0.1 / 3])
    if fun is smoothed_cce_eager:
        eps = 1e-7  # Keras' epsilon, a float64 constant here
        value, slope = -(smoothed[0] * np.log1p(-eps) + (smoothed[1] + smoothed[2]) * np.log(eps)), np.zeros(3)
    else:
        log_softmax = logits[0] - (30 + np.log1p(np.exp(-30) + np.exp(-60)))
        softmax = np.exp(log_softmax)
        value, slope = -np.dot(smoothed, log_softmax), softmax - smoothed
    assert abs(float(result.value) - value) <= 1e-12 * value
    assert abs(float(result.exact_value) - value) <= 1e-12 * value
    assert np.allclose(np.ravel(np.asarray(result.exact_gradient["logits"], float)), slope, rtol=1e-10, atol=1e-300)


KEYS = [[1.0, 0.5], [-0.5, 1.0], [0.25, -1.0]]
VALUES = [[1.0, 2.0], [0.5, -1.0], [-2.0, 0.25]]
READOUT = [[1.0, -0.5], [2.0, 0.25]]


def _attention(q, mask, root2=2 ** 0.5):
    k, v = tf.constant(KEYS, dtype=q.dtype), tf.constant(VALUES, dtype=q.dtype)
    scores = tf.matmul(q, k, transpose_b=True) / root2 + mask
    return tf.reduce_sum(tf.matmul(tf.nn.softmax(scores, axis=-1), v) * tf.constant(READOUT, dtype=q.dtype))


def finfo_masked_attention(q):
    """An additive mask of the dtype's most negative number, the second query's every key masked."""
    keep = tf.constant([[1.0, 1.0, 0.0], [0.0, 0.0, 0.0]], dtype=q.dtype)
    return _attention(q, (1.0 - keep) * tf.experimental.numpy.finfo(q.dtype).min)


def test_a_mask_of_finfo_min_is_the_float32_programs_own_in_its_exact_reference():
    """The float64 trace holds float64's finfo.min (-1.8e308, -inf in float32); the float32 program adds -3.4e38,
    which shifts the fully masked row as a whole: exactly, softmax then gives that row's unmasked weights (and the
    masked key of the first row weighs e^-3.4e38). float32 loses the row's scores to the add: unstable."""
    q = np.array([[0.5, -1.0], [1.0, 2.0]])
    (result,) = gradcli.check(finfo_masked_attention, [{"q": q}], dtypes=("float32",), fixes=False).results
    assert result.status.value == "unstable", (result.error, result.findings)
    assert not any("-inf" in f.message for f in result.findings), result.findings
    truth_q = tf.constant(q)
    with tf.GradientTape() as tape:
        tape.watch(truth_q)
        # e^-1e300 is 0; the program in float32 divides by float32's sqrt 2, the user's constant as it holds it
        y = _attention(truth_q, tf.constant([[0.0, 0.0, -1e300], [0.0, 0.0, 0.0]], tf.float64), float(np.float32(2 ** 0.5)))
    truth = tape.gradient(y, truth_q).numpy()
    assert np.allclose(np.asarray(result.exact_gradient["q"], float), truth, rtol=1e-12, atol=0)


def test_a_domain_points_infinite_exact_slope_is_shown_as_no_finite_derivative():
    """Finding B1: a slope at high precision that is inf (a rule's log 0 where the function jumps) was shown as the
    exact gradient; where the verdict is domain there is no finite derivative, and the table says so."""
    from click.testing import CliRunner

    from gradcli.cli import cli

    shown = CliRunner().invoke(cli, ["check", "sqrt(x)", "--at", "x=0", "--dtype", "float64", "--no-fix"], terminal_width=200).output
    assert "domain" in shown and "no finite derivative" in shown
    row = next(line for line in shown.splitlines() if "float64" in line)
    assert "inf" not in row.split("│")[4], row  # the exact gradient's cell


def floored_by_dtype(x):
    """A floor chosen by the dtype, as libraries choose their epsilons."""
    floor = 1e-3 if x.dtype == tf.float32 else 1e-12
    return tf.reduce_sum(tf.math.log(tf.maximum(x, floor)))


def test_code_choosing_by_dtype_is_replayed_as_the_narrower_program_chose():
    """The float64 trace took the float64 branch (a floor of 1e-12); the float32 program floors at 1e-3, so 1e-4 is
    on its flat part: its exact reference replays the float32 trace, where the code chose otherwise."""
    (result,) = gradcli.check(floored_by_dtype, [{"x": np.array([1e-4, 0.5])}], dtypes=("float32",),
                              fixes=False).results
    assert result.status.value == "ok", (result.error, result.findings)
    assert np.asarray(result.exact_gradient["x"], float).tolist() == [0.0, 2.0]  # 0 and 1/0.5, both exact
    value = float(mpmath.log(float(np.float32(1e-3))) + mpmath.log(0.5))
    assert abs(float(result.exact_value) - value) <= 1e-15 * abs(value)
