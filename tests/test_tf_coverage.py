"""A new user's TensorFlow code, checked as it stands: the losses and numerics people file NaN-gradient threads about.

Each op mapped for such code (While loops and the tensor lists their
gradients use, running folds, sorts, scatters, matrix factorisations and
solves, activations and special functions) replays to TensorFlow's own value
and vector-Jacobian product in float64, and the forward graph on mpmath
numbers to the same value; each user's function is checked by
`gradcli.check` in float32 and float64 with the verdict it deserves, its
exact gradient equal to TensorFlow's float64 gradient to 1e-10. An op
gradcli cannot replay stays an `InputError` naming it and the user's line.

Tried and replayed (ok in both dtypes): softplus, reduce_logsumexp, sparse
and dense softmax cross-entropy, sigmoid cross-entropy, Keras binary and
categorical cross-entropy, focal loss, Gaussian NLL, log-det through
cholesky, logdet, slogdet, solve, inv, norm, Keras cosine similarity,
l2_normalize, GELU (erf and tanh), SiLU, Mish, ndtri, erfc, erfinv, erfcx
(as erfc times exp), Poisson and Beta log-likelihoods, lbeta, digamma,
atan2, cumsum, cumprod, cumulative_logsumexp, sort, top_k, a median through
top_k, clip_by_value, clip_by_norm, where, gather, gather_nd, one_hot,
einsum, moments-based layer norm, attention, tf.while_loop RNN, map_fn, scan,
foldl, an autograph loop over tf.range, std and variance, prod, max and min,
relu6/elu/selu/leaky_relu/relu, xlogy and xlog1py, entropy, outer, trace,
eigvalsh, band_part, pad, roll, tensor_scatter_nd_update, squared
difference, log_softmax, igamma, Bessel i0e and i1e, softsign,
reduce_euclidean_norm, segment_sum, expint, Hurwitz zeta in q, spence, Bessel k0e and k1e, a dense layer, a bias add (its bias's gradient), logaddexp, conv1d and
conv2d (Conv2D and its two backprops), segment max, min, mean and prod (sorted and
unsorted), cross products (Cross). Still refused: a bicubic resize (ResizeBicubic).
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.capture.tf_bridge import capture
from gradcli.errors import InputError
from bridge_checks import assert_forward_replays_on_mpmath, assert_replays_as_the_framework_computes

V = np.array([0.3, -1.2, 2.0, 0.7])
P = np.array([0.5, 1.5, 2.5, 0.8])
M = np.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.0]])
IMAGES = np.random.default_rng(3).normal(size=(2, 5, 6, 3))
KERNELS = np.random.default_rng(4).normal(size=(3, 2, 3, 4))


def constant(values, x):
    return tf.constant(values, dtype=x.dtype)


def while_rnn(x):
    _, h = tf.while_loop(lambda i, h: i < 4, lambda i, h: (i + 1, tf.tanh(0.5 * h + x[i])), (tf.constant(0), tf.zeros((), x.dtype)))
    return h


def autograph_rnn(x):
    h = tf.zeros((), x.dtype)
    for t in tf.range(4):
        h = tf.tanh(0.5 * h + x[t])
    return h


def logdet(x):
    a = tf.matmul(x, x, transpose_b=True) + tf.eye(3, dtype=x.dtype)
    return 2 * tf.reduce_sum(tf.math.log(tf.linalg.diag_part(tf.linalg.cholesky(a))))


def activations(x):
    return tf.reduce_sum(tf.nn.elu(x) + tf.nn.selu(x) + tf.nn.relu6(x * 2) + tf.nn.softsign(x))


# Each op newly mapped, and a function that makes TensorFlow emit it (forward or gradient graph).
OPS = {
    "While (tf.while_loop)": (while_rnn, (V,)),
    "While (autograph)": (tf.function(autograph_rnn), (V,)),
    "TensorList (map_fn)": (lambda x: tf.reduce_sum(tf.map_fn(lambda r: tf.exp(-r * r), x)), (V,)),
    "TensorList (scan)": (lambda x: tf.reduce_sum(tf.scan(lambda a, r: a * 0.5 + r * a, x, initializer=constant(1.0, x))), (V,)),
    "TensorList (foldl)": (lambda x: tf.foldl(lambda a, r: a * r + 1.0, x, initializer=constant(1.0, x)), (V,)),
    "Cumsum": (lambda x: tf.reduce_sum(tf.cumsum(x, exclusive=True) ** 2 + tf.cumsum(x, reverse=True) * x), (V,)),
    "CumulativeLogsumexp": (lambda x: tf.reduce_sum(tf.math.cumulative_logsumexp(x)), (V,)),
    "TopKV2 (sort)": (lambda x: tf.reduce_sum(tf.sort(x) * constant([0.0, 1, 2, 3], x)), (V,)),
    "TopKV2 (top_k)": (lambda x: tf.reduce_sum(tf.math.top_k(x, 2).values * constant([2.0, 1.0], x)), (V,)),
    "GatherNd": (lambda x: tf.reduce_sum(tf.gather_nd(x, [[0, 1], [2, 2]]) ** 2), (M,)),
    "TensorScatterUpdate": (lambda x: tf.reduce_sum(tf.tensor_scatter_nd_update(x, [[1]], constant([3.0], x)) * x), (V,)),
    "TensorScatterAdd": (lambda x: tf.reduce_sum(tf.tensor_scatter_nd_add(x, [[1], [3]], x[:2] ** 2) * x), (V,)),
    "OneHot": (lambda x: tf.reduce_sum(tf.linalg.matvec(tf.one_hot([1, 3], 4, dtype=x.dtype), x)), (V,)),
    "MatrixDiagPartV3/Cholesky": (logdet, (M,)),
    "MatrixBandPart": (lambda x: tf.reduce_sum(tf.linalg.band_part(x, 0, -1) ** 2), (M,)),
    "MatrixTriangularSolve": (lambda x: tf.reduce_sum(tf.linalg.triangular_solve(tf.linalg.band_part(x, -1, 0), tf.ones((3, 1), x.dtype))), (M,)),
    "MatrixSolve": (lambda x: tf.reduce_sum(tf.linalg.solve(x, constant([[1.0], [2.0], [-1.0]], x))), (M,)),
    "MatrixInverse": (lambda x: tf.reduce_sum(tf.linalg.inv(x) ** 2), (M,)),
    "LogMatrixDeterminant": (lambda x: tf.linalg.slogdet(x)[1], (M,)),
    "MatrixDeterminant": (lambda x: tf.linalg.det(x), (M,)),
    "SelfAdjointEigV2": (lambda x: tf.reduce_sum(tf.linalg.eigvalsh(x @ tf.transpose(x)) ** 2), (M,)),
    "SegmentSum": (lambda x: tf.reduce_sum(tf.math.segment_sum(x, [0, 0, 1, 1]) ** 2), (V,)),
    "SegmentMax/SegmentMean": (lambda x: tf.reduce_sum(tf.math.segment_max(x, [0, 0, 1]) ** 2 + tf.math.segment_mean(x, [0, 0, 1]) ** 2), (M,)),
    "UnsortedSegmentMax/Min": (lambda x: tf.reduce_sum(tf.math.unsorted_segment_max(x, [0, 1, 0, 1], 2) * constant([1.0, 2.0], x) + tf.math.unsorted_segment_min(x, [1, 1, 0, 0], 2)), (V,)),
    "SegmentProd/UnsortedSegmentProd": (lambda x: tf.reduce_sum(tf.math.unsorted_segment_prod(x, [0, 1, 0, 1], 2) * constant([1.0, 2.0], x) + tf.math.segment_prod(x, [0, 0, 0, 1])), (V,)),
    "Relu6/Elu/Selu/Softsign": (activations, (V,)),
    "EuclideanNorm": (lambda x: tf.reduce_sum(tf.math.reduce_euclidean_norm(tf.reshape(x, (2, 2)), axis=1)), (V,)),
    "Roll": (lambda x: tf.reduce_sum(tf.roll(x, 1, 0) * x), (V,)),
    "ReverseV2": (lambda x: tf.reduce_sum(tf.exp(tf.reverse(x, [0, -1])) * x), (M,)),
    "Where (boolean_mask)": (lambda x: tf.reduce_sum(tf.boolean_mask(x, x > 0.0) ** 2), (V,)),
    "BiasAdd/BiasAddGrad": (lambda x: tf.reduce_sum(tf.nn.bias_add(tf.reshape(x, (2, 2)), x[:2]) ** 2), (V,)),
    "Erfinv/Ndtri": (lambda x: tf.reduce_sum(tf.math.erfinv(tf.tanh(x)) + tf.math.ndtri(tf.sigmoid(x))), (V,)),
    "Igamma/Igammac": (lambda x: tf.reduce_sum(tf.math.igamma(constant(2.0, x), x) + tf.math.igammac(constant(1.5, x), x)), (P,)),
    "BesselI0e/I1e": (lambda x: tf.reduce_sum(tf.math.bessel_i0e(x) + tf.math.bessel_i1e(x)), (V,)),
    "BesselI0/I1": (lambda x: tf.reduce_sum(tf.math.special.bessel_i0(x) * tf.math.special.bessel_i1(x)), (V,)),
    "BesselJ0/J1/Y0/Y1": (
        lambda x: tf.reduce_sum(tf.math.special.bessel_j0(x) * tf.math.special.bessel_j1(x) + tf.math.special.bessel_y0(x)
                                - tf.math.special.bessel_y1(x)),
        (P,),
    ),
    "Expint/Zeta": (lambda x: tf.reduce_sum(tf.math.special.expint(x) + tf.math.zeta(constant(3.0, x), x)), (P,)),
    "Spence/BesselK0e/BesselK1e": (lambda x: tf.reduce_sum(tf.math.special.spence(x) + tf.math.special.bessel_k0e(x)
                                                           + tf.math.special.bessel_k1e(x)), (P,)),
    "StatelessCase (switch_case)": (lambda x: tf.reduce_sum(tf.switch_case(tf.constant(1), [lambda: tf.sin(x), lambda: tf.exp(x) * x])), (V,)),
    "StatelessCase (index out of range: the last branch)": (
        lambda x: tf.reduce_sum(tf.switch_case(tf.cast(tf.reduce_sum(x) > 0, tf.int32) + 5, [lambda: tf.sin(x), lambda: tf.math.softplus(x) * x])),
        (V,),
    ),
    "Conv2D (conv1d, SAME)": (lambda x, w: tf.reduce_sum(tf.nn.conv1d(tf.reshape(x, (1, 4, 1)), tf.reshape(w, (3, 1, 1)), 1, "SAME") ** 2), (V, P[:3])),
    "Conv2D (strides, explicit padding)": (
        lambda x, w: tf.reduce_sum(tf.tanh(tf.nn.conv2d(x, w, (1, 2), [[0, 0], [1, 2], [0, 1], [0, 0]]))),
        (IMAGES, KERNELS),
    ),
}


@pytest.mark.parametrize("name", OPS)
def test_a_newly_mapped_op_replays_as_tensorflow_computes_it_in_float64(name):
    fun, args = OPS[name]
    assert_replays_as_the_framework_computes(capture, fun, args, name)


@pytest.mark.parametrize("name", ["While (tf.while_loop)", "TensorList (scan)", "TopKV2 (top_k)", "CumulativeLogsumexp", "MatrixSolve", "MatrixDiagPartV3/Cholesky"])
def test_the_forward_replay_runs_on_mpmath_numbers(name):
    fun, args = OPS[name]
    assert_forward_replays_on_mpmath(capture, fun, args, name)


def focal(x):
    t = tf.constant([1.0, 0.0, 1.0, 0.0], dtype=x.dtype)
    p = tf.sigmoid(x)
    pt = tf.where(t == 1, p, 1 - p)
    return -tf.reduce_sum((1 - pt) ** 2 * tf.math.log(pt))


# A user's function and its argument: each deserves `ok` in float32 and float64.
USERS = {
    "focal loss": (focal, V),
    "RNN through tf.while_loop": (while_rnn, V),
    "map_fn": (lambda x: tf.reduce_sum(tf.map_fn(lambda r: tf.exp(-r * r), x)), V),
    "top-2 mean": (lambda x: tf.reduce_mean(tf.math.top_k(x, 2).values), V),
    "log-det through cholesky": (logdet, M),
    "solve": (lambda x: tf.reduce_sum(tf.linalg.solve(x, tf.ones((3, 1), x.dtype))), M),
    "activations": (activations, V),
}


@pytest.mark.parametrize("name", USERS)
def test_a_users_function_is_ok_in_both_dtypes_and_exact_to_1e_10(name):
    fun, x = USERS[name]
    report = gradcli.check(fun, [x], dtypes=("float32", "float64"), framework="tensorflow")
    assert [r.status for r in report.results] == ["ok", "ok"], [r.findings for r in report.results]
    tensor = tf.constant(x, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(tensor)
        y = fun(tensor)
    own = tape.gradient(y, tensor).numpy()
    [exact] = report.results[1].exact_gradient.values()
    np.testing.assert_allclose(np.asarray(exact, dtype=np.float64), own, rtol=1e-10, atol=1e-12)


def test_an_op_gradcli_cannot_replay_names_itself_and_the_users_line():
    def resized(x):
        return tf.reduce_sum(tf.image.resize(tf.reshape(x, (1, 2, 2, 1)), (3, 3), method="bicubic"))  # the line named

    line = resized.__code__.co_firstlineno + 1
    with pytest.raises(InputError) as caught:
        gradcli.check(resized, [V], dtypes=("float64",), framework="tensorflow")
    assert "ResizeBicubic" in str(caught.value) and f"{__file__}:{line}" in str(caught.value)


def test_a_wrong_rule_inside_a_switch_branch_is_named_at_its_line():
    @tf.custom_gradient
    def doubled_exp(v):
        return tf.exp(v), lambda dy: dy * 2.0 * tf.exp(v)  # the rule's line: twice the derivative

    def switched(x):
        return tf.reduce_sum(tf.switch_case(tf.constant(0), [lambda: doubled_exp(x), lambda: x]))

    (result,) = gradcli.check(switched, [V], dtypes=("float64",), framework="tensorflow", fixes=False).results
    assert result.status.value == "wrong"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], float), np.exp(V), rtol=1e-12)
    with open(__file__) as source:
        line = next(i for i, text in enumerate(source, 1) if "# the rule's line: twice" in text)
    assert any(f.kind == "wrong-rule" and f.location == f"{__file__}:{line}" for f in result.findings), result.findings
