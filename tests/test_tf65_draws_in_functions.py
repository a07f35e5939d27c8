"""Stateful draws inside the user's own ``tf.function``, and in a ``tf.function`` the code calls twice, are judged
with the numbers TensorFlow drew, as in eager code: its runs call every function's Python eagerly, so each draw
is an eager op whose numbers gradcli reads. A stateless draw whose seed the function computes from its arguments
is drawn at each run by TensorFlow's kernel from the seed there. Truths: mpmath's derivatives of the same mathematics at the draws
TensorFlow makes again from the same seed, and where nothing reseeds, d/dmu sum(exp(mu + sigma z)) = that sum.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import textwrap

import mpmath
import pytest
import tensorflow as tf

import gradcli

SOURCE = textwrap.dedent('''\
    import tensorflow as tf


    @tf.function
    def reseeded(mu, sigma):
        tf.random.set_seed(11)
        return tf.reduce_sum(tf.exp(mu + sigma * tf.random.normal([4], dtype=mu.dtype)))


    @tf.function
    def fresh(mu, sigma):
        return tf.reduce_sum(tf.exp(mu + sigma * tf.random.uniform([3], dtype=mu.dtype)))


    @tf.function
    def noisy(mu, sigma):
        return tf.reduce_sum(tf.sin(mu + sigma * tf.random.normal([2], dtype=mu.dtype)))


    def twice(mu, sigma):
        tf.random.set_seed(5)
        return noisy(mu, sigma) + noisy(2.0 * mu, sigma)


    @tf.function
    def seeded(mu, sigma):
        seed = tf.cast(tf.stack([tf.floor(mu * 8.0), tf.constant(3.0, mu.dtype)]), tf.int32)
        return tf.reduce_sum(tf.exp(mu + sigma * tf.random.stateless_normal([4], seed=seed, dtype=mu.dtype)))
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("draws") / "tf_drawing.py").write_text(SOURCE)
    return str(path)


def _result(module, name, point):
    report = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",), fixes=False)
    (result,) = report.results
    return report, result


def _drawn(seed, *shapes):
    """The numbers TensorFlow's eager run draws after ``tf.random.set_seed(seed)``, one list per draw in order."""
    tf.random.set_seed(seed)
    return [[mpmath.mpf(float(v)) for v in tf.random.normal([n], dtype=tf.float64).numpy()] for n in shapes]


def _judged_against(result, f, mu, sigma):
    """Assert ``result`` is ok with the exact value and gradient of ``f(mu, sigma)``, by mpmath at 40 digits."""
    with mpmath.workdps(40):
        mu, sigma = mpmath.mpf(mu), mpmath.mpf(sigma)
        value = f(mu, sigma)
        d_mu, d_sigma = mpmath.diff(lambda m: f(m, sigma), mu), mpmath.diff(lambda s: f(mu, s), sigma)
    assert result.status.value == "ok", result.findings
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-13)
    assert float(result.exact_gradient["mu"]) == pytest.approx(float(d_mu), rel=1e-13)
    assert float(result.exact_gradient["sigma"]) == pytest.approx(float(d_sigma), rel=1e-13)


def test_a_draw_inside_a_tf_function_is_held_as_the_numbers_drawn(module):
    report, result = _result(module, "reseeded", {"mu": 0.3, "sigma": 1.2})
    (eps,) = _drawn(11, 4)
    _judged_against(result, lambda m, s: sum(mpmath.exp(m + s * e) for e in eps), 0.3, 1.2)
    (note,) = [note for note in report.notes if "run_functions_eagerly" in note]
    assert "another thread calls runs eagerly too" in note  # TensorFlow's switch is the whole process's


def test_each_point_of_a_tf_function_is_judged_with_its_own_runs_draws(module):
    report = gradcli.check(f"{module}:fresh", [{"mu": 0.3, "sigma": 1.2}, {"mu": -0.5, "sigma": 0.7}],
                           dtypes=("float64",), fixes=False)
    for result in report.results:
        assert result.status.value == "ok", result.findings
        assert float(result.exact_value) == pytest.approx(float(result.value), rel=1e-14)
        assert float(result.exact_gradient["mu"]) == pytest.approx(float(result.exact_value), rel=1e-14)


def test_a_tf_function_called_twice_reads_each_calls_draws_in_turn(module):
    _, result = _result(module, "twice", {"mu": 0.4, "sigma": 0.9})
    first, second = _drawn(5, 2, 2)
    _judged_against(result, lambda m, s: sum(mpmath.sin(m + s * e) for e in first)
                    + sum(mpmath.sin(2 * m + s * e) for e in second), 0.4, 0.9)


def test_a_stateless_draw_from_a_seed_the_function_computes_is_drawn_from_each_points_seed(module):
    points = [{"mu": 0.3, "sigma": 1.2}, {"mu": 0.45, "sigma": 1.2}]  # floor(8 mu), the seed's first word: 2, then 3
    report = gradcli.check(f"{module}:seeded", points, dtypes=("float64",), fixes=False)
    for result, point, seed in zip(report.results, points, (2, 3)):
        drawn = tf.random.stateless_normal([4], seed=[seed, 3], dtype=tf.float64).numpy()
        eps = [mpmath.mpf(float(v)) for v in drawn]
        _judged_against(result, lambda m, s: sum(mpmath.exp(m + s * e) for e in eps), point["mu"], point["sigma"])
    assert any("from a seed the function computes" in note for note in report.notes), report.notes
