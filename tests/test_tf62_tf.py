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


def test_a_gamma_draws_gradient_in_alpha_is_the_implicit_slope_at_tensorflows_draws(dtype="float64"):
    """The float64 program's draws; float32's are its own trace's, drawn alike (its second trace is beyond this file's
    CPU budget)."""
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
    spelled = "tf.math.unsorted_segment_prod (UnsortedSegmentProd)"  # the API the line called, and TensorFlow's op
    assert finding.op == f"gradient rule of {spelled}", finding.op
    assert f"the first call whose built-in rule is off is {spelled} on this line" in finding.message, finding.message


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
    assert finding.op == f"AddN (the gradient accumulation of tf.math.exp (Exp)'s uses at lines {start + 2} and {start + 3})", finding.op
    assert finding.location.endswith(f"test_tf62_tf.py:{start + 1}"), finding.location


# A variables= rule inside tf.cond and tf.while_loop: the variable's gradient TensorFlow gives (what an optimizer
# applies) is judged against the exact derivative in the variable's value; a wrong rule in a branch not taken at the
# point runs no call there and is not blamed.

scale = tf.Variable(2.0, dtype=tf.float64)


@tf.custom_gradient
def doubled_in_scale(x):
    def grad(upstream, variables=None):
        return upstream * scale * tf.cos(x), [2.0 * upstream * tf.sin(x)]  # d/dscale is upstream * sin(x)

    return scale * tf.sin(x), grad


@tf.custom_gradient
def right_in_scale(x):
    value = scale * tf.sin(x)
    return value, lambda upstream, variables=None: (upstream * scale * tf.cos(x), [upstream * tf.sin(x)])


def wrong_rule_in_one_branch(x):
    return tf.cond(x > 0, lambda: doubled_in_scale(x), lambda: right_in_scale(x) * 3.0)


def wrong_rule_in_a_loop(x):
    return tf.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, doubled_in_scale(y)), (tf.constant(0), x))[1]


def _wrong_rule_finding(result):
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    return finding


def test_a_variables_rule_in_a_branch_has_its_variables_gradient_judged_where_it_runs():
    taken, untaken = _check(wrong_rule_in_one_branch, {"x": 0.7}).results + _check(
        wrong_rule_in_one_branch, {"x": -0.7}).results
    with mpmath.workdps(30):
        truth = mpmath.sin(mpmath.mpf(0.7))  # d/dscale of scale sin(x)
    assert taken.status.value == "wrong", taken.findings
    finding = _wrong_rule_finding(taken)
    assert f"for scale it returns {mpmath.nstr(2 * truth, 8)}, the exact derivative is {mpmath.nstr(truth, 8)}" \
        in finding.message, finding.message
    assert "doubled_in_scale" in finding.op, finding.op
    assert untaken.status.value == "ok", untaken.findings  # the wrong rule's branch is not taken at -0.7
    assert not [note for note in untaken.notes if "not judged" in note], untaken.notes


def test_a_variables_rule_in_a_loop_body_has_its_variables_gradient_judged():
    (result,) = _check(wrong_rule_in_a_loop, {"x": 0.7}).results
    with mpmath.workdps(30):
        s, x = mpmath.mpf(2), mpmath.mpf(0.7)
        y1 = s * mpmath.sin(x)
        truth = mpmath.sin(y1) + s * mpmath.cos(y1) * mpmath.sin(x)  # d/ds of s sin(s sin(x))
    finding = _wrong_rule_finding(result)
    assert f"the exact derivative is {mpmath.nstr(truth, 8)}" in finding.message, finding.message
    assert result.status.value == "wrong"


# TensorFlow's graph gradient of a tf.cond whose branch holds a custom_gradient call beside another use of its input
# leaves a placeholder unfed (a tf.function of the same code raises "You must feed a value"): a point taking that branch
# says so, without a verdict; one taking the other branch is checked.

@tf.custom_gradient
def doubled_sine(x):
    def grad(upstream):
        return upstream * 2.0 * tf.cos(x)

    return 2.0 * tf.sin(x), grad


def rule_beside_its_input(x):
    return tf.cond(x > 0, lambda: x * x, lambda: doubled_sine(x) * x)


def test_a_branch_tensorflows_graph_gradient_leaves_unfed_is_said_so_where_it_is_taken():
    unfed, fed = _check(rule_beside_its_input, {"x": -0.7}).results + _check(rule_beside_its_input, {"x": 0.7}).results
    assert unfed.status.value == "error" and "You must feed a value for placeholder" in unfed.error, unfed.error
    assert fed.status.value == "ok" and float(fed.exact_gradient["x"]) == pytest.approx(1.4, rel=1e-14)


def test_a_sweep_of_a_variables_rule_in_a_branch_runs_point_by_point_and_says_why():
    swept = gradcli.sweep(wrong_rule_in_one_branch, {"x": (0.2, 0.8, 3)}, dtypes=("float64",), fixes=False,
                          framework="tensorflow")
    assert [(i.lo, i.hi, i.status) for i in swept.dtypes["float64"].intervals] == [(0.2, 0.8, "wrong")]
    (note,) = [note for note in swept.notes if "ran once per point" in note]
    assert "graph gradient of its tf.cond cannot be built inside a map over the points" in note, note


# tf.random.stateless_parameterized_truncated_normal is differentiable in its parameters the same way: the sample holds
# its quantile in [minval, maxval]. TensorFlow's rule gives d/dmean = 1 and d/dstddev = the standardised sample,
# leaving out how the bounds, fixed in the sample's own units, move in the standard ones: wrong where a bound is near.

def truncated_weighted(mu, sigma):
    low, high = tf.constant(-1.0, mu.dtype), tf.constant(1.5, mu.dtype)
    draws = tf.random.stateless_parameterized_truncated_normal([3], seed=[1, 2], means=mu, stddevs=sigma,
                                                               minvals=low, maxvals=high)
    return tf.reduce_sum(draws * tf.constant([1.0, 2.0, -1.0], mu.dtype))


def _truncated_slopes(x, mu, sigma, low, high):
    """dx/dmu and dx/dsigma of a sample x of N(mu, sigma) truncated to [low, high] whose CDF stays put, by mpmath's
    derivatives of that CDF: -(dF/dtheta) / (dF/dx)."""
    def cdf(x, mu, sigma):
        lower = mpmath.ncdf(low, mu, sigma)
        return (mpmath.ncdf(x, mu, sigma) - lower) / (mpmath.ncdf(high, mu, sigma) - lower)

    density = mpmath.diff(lambda t: cdf(t, mu, sigma), x)
    return (-mpmath.diff(lambda t: cdf(x, t, sigma), mu) / density, -mpmath.diff(lambda t: cdf(x, mu, t), sigma) / density)


def test_a_truncated_normal_draw_is_judged_against_its_implicit_slopes_and_tensorflows_rule_found_wrong():
    (result,) = _check(truncated_weighted, {"mu": 0.3, "sigma": 0.8}).results
    draws = tf.random.stateless_parameterized_truncated_normal(
        [3], seed=[1, 2], means=tf.constant(0.3, tf.float64), stddevs=tf.constant(0.8, tf.float64),
        minvals=tf.constant(-1.0, tf.float64), maxvals=tf.constant(1.5, tf.float64)).numpy()
    with mpmath.workdps(40):
        slopes = [_truncated_slopes(mpmath.mpf(float(x)), mpmath.mpf("0.3"), mpmath.mpf("0.8"), -1, mpmath.mpf("1.5"))
                  for x in draws]
        truth = [float(sum(w * s[k] for w, s in zip((1, 2, -1), slopes))) for k in (0, 1)]
    assert [float(result.exact_gradient[n]) for n in ("mu", "sigma")] == pytest.approx(truth, rel=1e-10)
    assert float(result.gradient["mu"]) == pytest.approx(2.0, rel=1e-12)  # TensorFlow's: 1 per draw, weighted
    assert result.status.value == "wrong", result.findings
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"test_tf62_tf.py:{truncated_weighted.__code__.co_firstlineno + 2}"), finding.location
