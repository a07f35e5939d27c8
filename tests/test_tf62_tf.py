"""TensorFlow's reparameterised Gamma draws, and a wrong built-in rule named by its op on a line of several.

``tf.random.stateless_gamma`` is differentiable in alpha by implicit
reparameterisation: the sample moves with alpha so that its CDF P(alpha, z)
stays put, dz/dalpha = -(dP/dalpha)(alpha, z) / p(z; alpha). gradcli replays
the draw TensorFlow's kernel makes at the point (in each dtype's own trace) as
that function of alpha, and TensorFlow's gradient kernel (``RandomGammaGrad``)
as its slope; the truths below are mpmath's derivative of its own regularised
incomplete gamma function at TensorFlow's draws.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import pytest
import tensorflow as tf

import gradcli


def gamma_mean(alpha):
    return tf.reduce_mean(tf.random.stateless_gamma([3], seed=[7, 11], alpha=alpha, dtype=alpha.dtype))


def gamma_log_weighted(alpha):
    draws = tf.random.stateless_gamma([2, 2], seed=[1, 2], alpha=alpha, dtype=alpha.dtype)  # alpha along the last axis
    return tf.reduce_sum(tf.math.log(draws) * tf.constant([1.0, 2.0], alpha.dtype))


def _slope(a, z):
    """dz/da of a Gamma(a, 1) sample z held at its quantile, from mpmath's P(a, z) alone."""
    moved = mpmath.diff(lambda b: mpmath.gammainc(b, 0, z, regularized=True), a)
    return -moved / (z ** (a - 1) * mpmath.exp(-z) / mpmath.gamma(a))


def _check(function, point, dtypes=("float64",)):
    return gradcli.check(function, [point], dtypes=dtypes, fixes=False, framework="tensorflow")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_gamma_draws_gradient_in_alpha_is_the_implicit_slope_at_tensorflows_draws(dtype):
    report = _check(gamma_mean, {"alpha": 2.5}, (dtype,))
    (result,) = report.results
    draws = tf.random.stateless_gamma([3], seed=[7, 11], alpha=tf.constant(2.5, dtype), dtype=dtype).numpy()
    with mpmath.workdps(40):
        truth = sum(_slope(mpmath.mpf("2.5"), mpmath.mpf(float(z))) for z in draws) / 3
        value = sum(mpmath.mpf(float(z)) for z in draws) / 3
    assert float(result.exact_gradient["alpha"]) == pytest.approx(float(truth), rel=1e-10)
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-12)
    assert result.status.value == "ok", result.findings
    assert any("implicit reparameterisation" in note for note in report.notes), report.notes


def test_each_alpha_of_a_batch_takes_its_own_draws_slope():
    alpha = [0.3, 4.0]  # below 1 TensorFlow's kernel boosts the draw with a uniform: the same slope holds
    (result,) = _check(gamma_log_weighted, {"alpha": alpha}).results
    draws = tf.random.stateless_gamma([2, 2], seed=[1, 2], alpha=tf.constant(alpha, tf.float64), dtype=tf.float64)
    with mpmath.workdps(40):
        truth = [sum(weight * _slope(mpmath.mpf(a), mpmath.mpf(float(z))) / mpmath.mpf(float(z))
                     for z in draws.numpy()[:, j]) for j, (a, weight) in enumerate(zip(alpha, (1, 2)))]
    assert [float(g) for g in result.exact_gradient["alpha"]] == pytest.approx([float(t) for t in truth], rel=1e-10)
    assert result.status.value == "ok", result.findings


# A wrong built-in rule on a line of several calls: TensorFlow's unsorted_segment_prod hands a complex input the
# gradient without its conjugate, and the line also takes abs and a power, whose rules are right. The finding names
# the call whose rule is off, not "one on this line".

def segment_power(x):
    z = tf.complex(x[0:4], x[4:8])
    return tf.reduce_sum(tf.abs(tf.math.unsorted_segment_prod(z, [1, 0, 1, 0], 2)) ** 2)  # rule under test


X = [1.0, 2.0, -1.0, 0.5, 0.3, -0.7, 1.5, 0.25]  # four complex numbers: real parts, then imaginary parts


def _segment_power_truth(x):
    z = [mpmath.mpc(x[k], x[k + 4]) for k in range(4)]
    return abs(z[1] * z[3]) ** 2 + abs(z[0] * z[2]) ** 2


def test_a_wrong_rule_on_a_line_of_several_calls_is_named_by_its_op():
    (result,) = _check(segment_power, {"x": X}).results
    with mpmath.workdps(40):
        point = [mpmath.mpf(v) for v in X]
        truth = [float(mpmath.diff(lambda t, i=i: _segment_power_truth(point[:i] + [t] + point[i + 1:]), point[i]))
                 for i in range(8)]
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(truth, rel=1e-10, abs=1e-10)
    assert result.status.value == "wrong", result.findings
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"test_tf62_tf.py:{segment_power.__code__.co_firstlineno + 2}"), finding.location
    assert finding.op == "gradient rule of prod", finding.op  # gradcli's name of the product the op replays as
    assert "the first call whose built-in rule is off is prod on this line" in finding.message, finding.message


# TensorFlow adds a value's gradients from its several uses itself (an AddN of the tape's, or of a tf.function's graph
# gradient): where that sum cancels, the finding names it as that accumulation, at the value's line, with its uses'.

def picked_over_total(x):
    e = tf.exp(x)  # the value used twice
    first = e[0]
    return -tf.math.log(first / (tf.reduce_sum(e) + 0.0))


compiled_picked_over_total = tf.function(picked_over_total)


@pytest.mark.parametrize("function", [picked_over_total, compiled_picked_over_total], ids=["eager", "tf.function"])
def test_tensorflows_sum_of_a_values_gradients_is_named_as_its_accumulation(function):
    (result,) = _check(function, {"x": [40.0, 0.0, 1.0]}, ("float32",)).results
    with mpmath.workdps(40):
        e = [mpmath.exp(v) for v in (40, 0, 1)]
        truth = [float(v / sum(e)) - (k == 0) for k, v in enumerate(e)]  # softmax minus the one-hot
        truth[0] = float(-(e[1] + e[2]) / sum(e))
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(truth, rel=1e-10)
    assert result.status.value == "unstable", result.findings
    (finding,) = [f for f in result.findings if f.phase == "backward"]
    start = picked_over_total.__code__.co_firstlineno
    assert finding.op == f"add (the gradient accumulation of exp's uses at lines {start + 2} and {start + 3})", finding.op
    assert finding.location.endswith(f"test_tf62_tf.py:{start + 1}"), finding.location
