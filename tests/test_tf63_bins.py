"""Bin lookups under ``tf.stop_gradient`` replay: the index is data (issue 29).

A spline's or a histogram's bin is an integer: no gradient flows through it, so the function's slope is the chosen
piece's. ``tf.searchsorted`` and ``Bucketize`` (``tf.raw_ops.Bucketize``, Keras' Discretization) are replayed with
each comparison a decision of the path, so a knot shows as the kink it is; an integer-valued op gradcli has no entry
for (``tf.histogram_fixed_width``'s counts) is computed by TensorFlow's own kernel from its inputs' floats at the
point. The truths are the pieces' slopes from the knots, and the histogram's counts by Python's own arithmetic.
"""

import os
import textwrap
from fractions import Fraction

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import pytest
import tensorflow as tf  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget

import gradcli

KNOTS_X = [-1.0, -0.25, 0.5, 1.0]
KNOTS_Y = [-1.0, -0.5, 0.75, 1.0]

SOURCE = textwrap.dedent(f'''\
    import tensorflow as tf

    KNOTS_X = {KNOTS_X}
    KNOTS_Y = {KNOTS_Y}


    def _interpolated(x, k):
        kx, ky = tf.constant(KNOTS_X, x.dtype), tf.constant(KNOTS_Y, x.dtype)
        x0, x1 = tf.gather(kx, k), tf.gather(kx, k + 1)
        y0, y1 = tf.gather(ky, k), tf.gather(ky, k + 1)
        return tf.reduce_sum(y0 + (y1 - y0) * (x - x0) / (x1 - x0))


    def searched(x):
        edges = tf.constant(KNOTS_X, x.dtype)
        k = tf.searchsorted(tf.stop_gradient(edges), x, side="right") - 1
        return _interpolated(x, tf.clip_by_value(k, 0, 2))


    def bucketized(x):
        k = tf.raw_ops.Bucketize(input=tf.stop_gradient(x), boundaries=KNOTS_X) - 1
        return _interpolated(x, tf.clip_by_value(k, 0, 2))


    def inverse_frequency(x):
        """Each sample's square weighted by the inverse count of its histogram bin."""
        held = tf.stop_gradient(x)
        counts = tf.histogram_fixed_width(held, tf.constant([-1.0, 1.0], x.dtype), nbins=4)
        k = tf.clip_by_value(tf.cast(tf.floor((held + 1.0) * 2.0), tf.int32), 0, 3)
        return tf.reduce_sum(x ** 2 / tf.cast(tf.gather(counts, k), x.dtype))
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("tf63") / "bins63.py").write_text(SOURCE)
    return str(path)


def _slope(x, side=+1):
    """The slope of the piecewise-linear interpolant at x, of the piece on ``side`` at a knot."""
    for left, right, low, high in zip(KNOTS_X, KNOTS_X[1:], KNOTS_Y, KNOTS_Y[1:]):
        if left < x < right or (x == left and side > 0) or (x == right and side < 0):
            return float((Fraction(high) - Fraction(low)) / (Fraction(right) - Fraction(left)))
    raise ValueError(x)


def _check(module, name, point, dtypes=("float64",)):
    (result,) = gradcli.check(f"{module}:{name}", [point], dtypes=dtypes, fixes=False).results
    return result


@pytest.mark.parametrize("name", ["searched", "bucketized"])
def test_a_bin_lookup_under_stop_gradient_has_the_pieces_slopes(module, name):
    x = [0.1, -0.6, 0.75]
    result = _check(module, name, {"x": x})
    assert result.status.value == "ok", result.findings
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx([_slope(v) for v in x], rel=1e-15)


def test_a_bucketized_knot_is_a_kink_with_both_sides_slopes(module):
    result = _check(module, "bucketized", {"x": [-0.25, 0.1]})
    assert result.status.value == "domain", result.findings
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    left, right = _slope(-0.25, -1), _slope(-0.25, +1)
    assert f"x[0] is {left:g} from the left and {right:g} from the right" in kink.message, kink.message


def test_a_histograms_counts_are_data_computed_by_tensorflows_kernel(module):
    x = [0.1, 0.2, -0.6, 0.9]
    result = _check(module, "inverse_frequency", {"x": x})
    bins = [min(int((v + 1.0) * 2.0), 3) for v in x]  # width 0.5 from -1: 0.1 and 0.2 share a bin
    truth = [2 * v / bins.count(b) for v, b in zip(x, bins)]
    assert result.status.value == "ok", result.findings
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(truth, rel=1e-15)
    assert float(result.exact_value) == pytest.approx(sum(v * v / bins.count(b) for v, b in zip(x, bins)), rel=1e-15)


# The stateful tf.random.gamma draws from a kernel state of its own: the replay reads the numbers TensorFlow's own run
# drew at the point and treats them, as the stateless draws are treated, as the function of alpha their quantile defines.

def _reseeded_gamma_mean(alpha):
    tf.random.set_seed(5)  # the same draws at every call, so TensorFlow's own run is reproducible
    return tf.reduce_mean(tf.random.gamma([3], alpha=alpha, dtype=alpha.dtype))


def test_a_stateful_gamma_draw_is_judged_at_the_draws_tensorflow_made():
    import mpmath

    (result,) = gradcli.check(_reseeded_gamma_mean, [{"alpha": 2.5}], dtypes=("float64",), fixes=False,
                              framework="tensorflow").results
    tf.random.set_seed(5)
    draws = tf.random.gamma([3], alpha=tf.constant(2.5, tf.float64), dtype=tf.float64).numpy()
    with mpmath.workdps(40):
        def slope(z, a=mpmath.mpf("2.5")):  # dz/da of a Gamma(a, 1) draw held at its quantile
            moved = mpmath.diff(lambda b: mpmath.gammainc(b, 0, z, regularized=True), a)
            return -moved / (z ** (a - 1) * mpmath.exp(-z) / mpmath.gamma(a))

        truth = sum(slope(mpmath.mpf(float(z))) for z in draws) / 3
    assert result.status.value == "ok" and float(result.exact_gradient["alpha"]) == pytest.approx(float(truth), rel=1e-10)
