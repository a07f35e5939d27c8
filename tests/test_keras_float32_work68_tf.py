"""Keras code that computes in float32 inside a float64 check, named as the Keras code the user wrote: a Keras function
whose TensorFlow backend casts float64 to float32 inside, whatever it is handed (keras.losses.ctc: tf.nn.ctc_loss
refuses float64), named as that function with what the user can do (no dtype= asks it for float64), not as the cast
inside it; and a Keras layer whose dtype policy computes in float32, named with how to ask for float64, its float64 run
judged as the float32 work it is (unstable where float32 lost digits, ok and noted where float32's work is exact). The
exact gradients are the mathematics' own by mpmath."""

import itertools

import keras
import mpmath
import tensorflow as tf

import gradcli

LOGITS = [[1.0, 2.0, 0.5], [0.3, 1.0, 2.0], [2.0, 1.0, 0.1]]
KERNEL = [[0.5, -0.25], [1.0, 0.75], [-0.5, 0.25]]


def _dense(name, **dtype):
    layer = keras.layers.Dense(2, kernel_initializer=keras.initializers.Constant(KERNEL), bias_initializer="zeros",
                               name=name, **dtype)
    layer.build((None, 3))
    return layer


HEAD, WIDE_HEAD, LINEAR = _dense("head"), _dense("wide_head", dtype="float64"), _dense("linear")


def softplus_head(x):
    return tf.reduce_sum(tf.math.softplus(HEAD(x[None])))


def softplus_wide_head(x):
    return tf.reduce_sum(tf.math.softplus(WIDE_HEAD(x[None])))


def linear_sum(x):
    return tf.reduce_sum(LINEAR(x[None]))


def repeated_label(logits):
    return keras.losses.ctc(tf.constant([[1, 1]]), logits[None])[0]


def _ctc_of_a_a(*flat):
    """-log of the summed probability of the frame-wise paths that collapse to "a a" (class 1 twice, blank 0)."""
    rows = [flat[3 * t:3 * t + 3] for t in range(3)]
    log_softmax = [[v - mpmath.log(sum(mpmath.exp(u) for u in row)) for v in row] for row in rows]
    total = 0
    for path in itertools.product(range(3), repeat=3):
        collapsed = [c for i, c in enumerate(path) if c != 0 and (i == 0 or path[i - 1] != c)]
        if collapsed == [1, 1]:
            total += mpmath.exp(sum(log_softmax[t][c] for t, c in enumerate(path)))
    return -mpmath.log(total)


def _unstable_and_named(fun, point, named, words):
    """The float64 check of ``fun``: unstable, its first finding ``named`` at the function's one line, saying
    ``words``."""
    (result,) = gradcli.check(fun, [point], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert result.status.value == "unstable", result.findings
    headline = result.findings[0]
    assert headline.op == named, result.findings
    assert headline.location.endswith(f"test_keras_float32_work68_tf.py:{fun.__code__.co_firstlineno + 1}")
    for said in words:
        assert said in headline.message, headline.message
    return result


def test_keras_ctc_in_a_float64_check_is_named_as_itself_with_what_to_do():
    result = _unstable_and_named(repeated_label, {"logits": LOGITS}, "keras.losses.ctc", (
        "computes in float32 whatever it is handed", "no dtype= or dtype policy asks it for float64", "--dtype float32"))
    assert not [f for f in result.findings if f.kind == "narrowed" and "Cast" in f.op], result.findings
    with mpmath.workdps(30):
        flat = [mpmath.mpf(v) for row in LOGITS for v in row]
        for k, (got, exact) in enumerate(zip((g for row in result.gradient["logits"] for g in row),
                                             (e for row in result.exact_gradient["logits"] for e in row))):
            want = mpmath.diff(lambda v: _ctc_of_a_a(*flat[:k], v, *flat[k + 1:]), flat[k])
            assert abs(mpmath.mpf(exact) - want) <= 1e-12 * max(1, abs(want))
            assert abs(mpmath.mpf(got) - want) <= 1e-5 * max(1, abs(want))  # float32's digits, as Keras computed it


def _assert_softplus_head_slopes(result, x):
    """d/dx_i sum_j softplus((x W)_j) = sum_j W_ij sigmoid((x W)_j), at 30 digits."""
    with mpmath.workdps(30):
        xs, w = [mpmath.mpf(v) for v in x], [[mpmath.mpf(v) for v in row] for row in KERNEL]
        z = [sum(xs[i] * w[i][j] for i in range(3)) for j in range(2)]
        for i, exact in enumerate(result.exact_gradient["x"]):
            want = sum(w[i][j] / (1 + mpmath.exp(-z[j])) for j in range(2))
            assert abs(mpmath.mpf(exact) - want) <= 1e-12 * abs(want)


def test_a_float32_layer_in_a_float64_check_is_named_with_how_to_ask_for_float64():
    x = [0.3, 0.7, 1.1]
    result = _unstable_and_named(softplus_head, {"x": x}, 'keras.layers.Dense "head"', (
        "computes in float32", 'dtype="float64"', 'keras.config.set_dtype_policy("float64")'))
    _assert_softplus_head_slopes(result, x)


def test_a_layer_made_in_float64_is_checked_in_float64_unnamed():
    x = [0.3, 0.7, 1.1]
    report = gradcli.check(softplus_wide_head, [{"x": x}], dtypes=("float64",), fixes=False, framework="tensorflow")
    (result,) = report.results
    assert result.status.value == "ok", result.findings
    assert not [note for note in report.notes + result.notes if "wide_head" in note]
    _assert_softplus_head_slopes(result, x)


def test_a_float32_layer_whose_work_is_exact_in_float32_is_ok_in_float64_and_noted():
    (result,) = gradcli.check(linear_sum, [{"x": [0.25, 0.5, 1.0]}], dtypes=("float64",), fixes=False,
                              framework="tensorflow").results
    assert result.status.value == "ok", result.findings
    (said,) = [note for note in result.notes if 'keras.layers.Dense "linear"' in note]
    assert 'dtype="float64"' in said and f"test_keras_float32_work68_tf.py:{linear_sum.__code__.co_firstlineno + 1}" in said
    for exact, row in zip(result.exact_gradient["x"], KERNEL):
        assert mpmath.mpf(exact) == mpmath.mpf(row[0]) + mpmath.mpf(row[1])
