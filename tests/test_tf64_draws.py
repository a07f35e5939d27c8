"""Reparameterised sampling with TensorFlow's stateful draws (``mu + sigma * tf.random.normal(...)``, a uniform's
``lo + (hi - lo) * u``): the numbers TensorFlow's own run drew at the point are read from that run, and the exact
reference holds them as constants that the parameters shift and scale. Truths: mpmath's derivatives of the same
mathematics at the draws TensorFlow makes again from the same seed, and, where the function never reseeds, the
identity d/dmu sum(exp(mu + sigma z)) = sum(exp(mu + sigma z)) at whatever the run drew.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import pytest
import tensorflow as tf

import gradcli


def reseeded_normal(mu, sigma):
    tf.random.set_seed(7)  # the same draws at every call: the test draws them again
    z = mu + sigma * tf.random.normal([4], dtype=mu.dtype)
    return tf.reduce_sum(tf.exp(z))


def reseeded_uniform(lo, hi):
    tf.random.set_seed(3)
    u = lo + (hi - lo) * tf.random.uniform([3], dtype=lo.dtype)
    return tf.reduce_sum(tf.sin(u) * u)


def fresh_normal(mu, sigma):
    """Never reseeded: every run draws anew."""
    return tf.reduce_sum(tf.exp(mu + sigma * tf.random.normal([5], dtype=mu.dtype)))


def _check(function, points):
    return gradcli.check(function, points, dtypes=("float64",), fixes=False, framework="tensorflow")


def _drawn(seed, draw):
    tf.random.set_seed(seed)
    return [mpmath.mpf(float(v)) for v in draw().numpy()]


def test_a_normal_draw_is_a_constant_that_sigma_scales():
    (result,) = _check(reseeded_normal, [{"mu": 0.3, "sigma": 1.2}]).results
    eps = _drawn(7, lambda: tf.random.normal([4], dtype=tf.float64))
    with mpmath.workdps(40):
        mu, sigma = mpmath.mpf(0.3), mpmath.mpf(1.2)
        d_mu = mpmath.diff(lambda m: sum(mpmath.exp(m + sigma * e) for e in eps), mu)
        d_sigma = mpmath.diff(lambda s: sum(mpmath.exp(mu + s * e) for e in eps), sigma)
    assert result.status.value == "ok", result.findings
    assert float(result.exact_gradient["mu"]) == pytest.approx(float(d_mu), rel=1e-13)
    assert float(result.exact_gradient["sigma"]) == pytest.approx(float(d_sigma), rel=1e-13)


def test_a_uniform_draw_is_a_constant_that_its_bounds_stretch():
    (result,) = _check(reseeded_uniform, [{"lo": 0.1, "hi": 2.0}]).results
    us = _drawn(3, lambda: tf.random.uniform([3], dtype=tf.float64))
    with mpmath.workdps(40):
        f = lambda lo, hi: sum(mpmath.sin(lo + (hi - lo) * u) * (lo + (hi - lo) * u) for u in us)  # noqa: E731
        lo, hi = mpmath.mpf(0.1), mpmath.mpf(2)
        d_lo, d_hi = mpmath.diff(lambda t: f(t, hi), lo), mpmath.diff(lambda t: f(lo, t), hi)
    assert result.status.value == "ok", result.findings
    assert float(result.exact_gradient["lo"]) == pytest.approx(float(d_lo), rel=1e-13)
    assert float(result.exact_gradient["hi"]) == pytest.approx(float(d_hi), rel=1e-13)


def test_each_point_is_judged_with_the_draws_of_its_own_run():
    report = _check(fresh_normal, [{"mu": 0.3, "sigma": 1.2}, {"mu": -0.5, "sigma": 0.7}])
    assert any("held as the numbers TensorFlow's run at the point drew" in note for note in report.notes), report.notes
    for result in report.results:
        assert result.status.value == "ok", result.findings
        # the exact value is the sum TensorFlow's run computed, from the same draws
        assert float(result.exact_value) == pytest.approx(float(result.value), rel=1e-14)
        # and d/dmu of sum(exp(mu + sigma z)) is that sum itself, whatever z the run drew
        assert float(result.exact_gradient["mu"]) == pytest.approx(float(result.exact_value), rel=1e-14)
