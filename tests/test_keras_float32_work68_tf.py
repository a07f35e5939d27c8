"""Keras code that computes in float32 inside a float64 check, named as the Keras code the user wrote: a Keras function
whose TensorFlow backend casts float64 to float32 inside, whatever it is handed (keras.losses.ctc: tf.nn.ctc_loss
refuses float64), named as that function with what the user can do (no dtype= asks it for float64), not as the cast
inside it; its exact gradient the CTC loss's own by mpmath."""

import itertools

import keras
import mpmath
import tensorflow as tf

import gradcli

LOGITS = [[1.0, 2.0, 0.5], [0.3, 1.0, 2.0], [2.0, 1.0, 0.1]]


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


def test_keras_ctc_in_a_float64_check_is_named_as_itself_with_what_to_do():
    (result,) = gradcli.check(repeated_label, [{"logits": LOGITS}], dtypes=("float64",), fixes=False,
                              framework="tensorflow").results
    assert result.status.value == "unstable", result.findings
    headline = result.findings[0]
    assert headline.op == "keras.losses.ctc", result.findings
    assert headline.location.endswith(f"test_keras_float32_work68_tf.py:{repeated_label.__code__.co_firstlineno + 1}")
    for words in ("computes in float32 whatever it is handed", "no dtype= or dtype policy asks it for float64",
                  "--dtype float32"):
        assert words in headline.message, headline.message
    assert not [f for f in result.findings if f.kind == "narrowed" and "Cast" in f.op], result.findings
    with mpmath.workdps(30):
        flat = [mpmath.mpf(v) for row in LOGITS for v in row]
        for k, (got, exact) in enumerate(zip((g for row in result.gradient["logits"] for g in row),
                                             (e for row in result.exact_gradient["logits"] for e in row))):
            want = mpmath.diff(lambda v: _ctc_of_a_a(*flat[:k], v, *flat[k + 1:]), flat[k])
            assert abs(mpmath.mpf(exact) - want) <= 1e-12 * max(1, abs(want))
            assert abs(mpmath.mpf(got) - want) <= 1e-5 * max(1, abs(want))  # float32's digits, as Keras computed it
