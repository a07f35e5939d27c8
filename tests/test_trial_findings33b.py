"""The findings of the thirty-third round (b) (tests/trials/cases33b.py) on the TensorFlow side, each a focused test;
the PyTorch side's N1 (by F.normalize) is a chosen trial of test_user_trials33b.py.

N1, settled: the exact reference is the mathematics the code writes, and a float constant a library writes is part of
that mathematics, taken as the library writes it whatever the program's dtype: tf.math.l2_normalize's epsilon is
1e-12, not the float32 Const of 9.99999996e-13 a float32 graph holds, so at a zero vector, where the slope is
w / sqrt(eps), the exact gradient is w / sqrt(1e-12) (F.normalize's eps in PyTorch alike; gelu's 0.044715 stays
0.044715, tests/test_library_constants_as_written.py). The float32 program's rounding of such a constant is part of
that program's rounding and is judged as any other: Keras' binary crossentropy clips probabilities to 1 - 1e-7, which
float32 holds as 1 - 1.19e-7, so at a saturated sigmoid 1 - p is 19% off and the float32 loss is off the written
mathematics by 1%: unstable by its value, the finding saying that the operand is float32's rounding of the
constant. A user's own literal is the user's number in the dtype the user chose, held as the dtype holds it, as the
point is: the same clip written in the user's code is float32's 1 - 1.19e-7 in the exact reference too, and ok.

D1, settled: the one-step implicit-function trick, a fixed point solved by Newton's method in a tf.while_loop, held
by tf.stop_gradient, then one Newton step taken with the gradient, is judged: the held value is the point's own, and
the step's derivative with it held, the implicit derivative, is taken on jets, through tf.linalg.solve's ball and jet
implementation (flint's proven solve; each seed's slope another solve with the same matrix).

Judgements of this round that are gradcli's documented readings, not findings: PyTorch's binary_cross_entropy rule
divides by max(p (1 - p), 1e-12), which at p = sigmoid(40) is wrong on exact numbers (float64: wrong) but within the
allowance for the rounding of the rule's own terms in float32 (unstable); and a backward accumulation of a value's
two uses on one line is named at the value's line, the uses' line in its words.
"""

import numpy as np
import pytest

import gradcli

pytest.importorskip("tensorflow")

USER_CODE = '''import keras
import tensorflow as tf


def normalized(x):
    return tf.reduce_sum(tf.math.l2_normalize(x) * tf.constant([3.0, 4.0], x.dtype))


def keras_probs(z):
    return keras.losses.binary_crossentropy(tf.constant([0.0, 1.0, 1.0], z.dtype), tf.sigmoid(z))


def own_clip(z):
    x = tf.constant([0.0, 1.0, 1.0], z.dtype)
    p = tf.clip_by_value(tf.sigmoid(z), 1e-7, 1 - 1e-7)
    return -tf.reduce_mean(x * tf.math.log(p) + (1 - x) * tf.math.log(1 - p))


W = [[0.3, -0.2], [0.1, 0.4]]


def _residual(z, x):
    return z - tf.tanh(tf.linalg.matvec(tf.constant(W, x.dtype), z) + x)


def _jacobian(z, x):
    w = tf.constant(W, x.dtype)
    s = 1.0 - tf.tanh(tf.linalg.matvec(w, z) + x) ** 2
    return tf.eye(2, dtype=x.dtype) - s[:, None] * w


@tf.function
def _solve(x):
    def step(k, z):
        return k + 1, z - tf.linalg.solve(_jacobian(z, x), _residual(z, x)[:, None])[:, 0]

    _, z = tf.while_loop(lambda k, z: k < 30, step, (tf.constant(0), tf.zeros_like(x)))
    return z


def implicit(x):
    z = tf.stop_gradient(_solve(x))
    z = z - tf.linalg.solve(tf.stop_gradient(_jacobian(z, x)), _residual(z, x)[:, None])[:, 0]
    return tf.reduce_sum(z * tf.constant([1.0, -0.5], x.dtype))
'''


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    path = tmp_path_factory.mktemp("held") / "held.py"
    path.write_text(USER_CODE)
    return path


def test_a_library_constant_of_a_float32_program_is_the_number_the_library_writes(source):
    (result,) = gradcli.check(f"{source}:normalized", [{"x": np.array([0.0, 0.0])}], dtypes=("float32",),
                              fixes=False).results
    # near 0, x * rsqrt(max(|x|^2, eps)) is x / sqrt(eps): the slope is w / sqrt(eps), eps the 1e-12 TensorFlow writes
    # (float32's 9.99999996e-13 would move it by 2e-9 relative)
    want = np.array([3.0, 4.0]) / np.sqrt(1e-12)
    got = np.array([float(v) for v in result.exact_gradient["x"]])
    assert np.allclose(got, want, rtol=1e-12, atol=0)


def test_a_librarys_constant_that_float32_cannot_hold_is_the_programs_rounding(source):
    """Keras' clip at 1 - 1e-7 in float32, at sigmoid(20): the value is off the written mathematics by the clip's
    rounding, unstable, and the finding says so; the same clip in the user's own code is the user's float32 number."""
    (keras_clip,), (own_clip,) = (gradcli.check(f"{source}:{name}", [{"z": np.array([20.0, -1.0, 0.5])}],
                                                dtypes=("float32",), fixes=False).results
                                  for name in ("keras_probs", "own_clip"))
    assert (keras_clip.value_status, keras_clip.gradient_status) == ("unstable", "ok")
    # -log(1 - c) / 3 with c = 1 - 1e-7 as written: the exact value, 0.06 above float32's program
    exact_first_term = np.log(1e7) / 3
    assert float(keras_clip.exact_value) - float(keras_clip.value) == pytest.approx(
        exact_first_term - np.log(1 / (1 - float(np.float32(1 - 1e-7)))) / 3, rel=1e-3)
    (finding,) = [f for f in keras_clip.findings if f.kind == "cancellation"]
    assert "float32's rounding of the constant 0.9999999 its code writes" in finding.message
    assert "float32 cannot hold that constant" in finding.message
    assert own_clip.status == "ok"


def test_the_one_step_implicit_trick_over_a_while_loop_solve_is_judged(source):
    (result,) = gradcli.check(f"{source}:implicit", [{"x": np.array([0.5, -1.0])}], dtypes=("float64",),
                              fixes=False).results
    # z = tanh(W z + x): d(r . z)/dx = r^T (I - S W)^-1 S, S = diag(1 - z^2), by the implicit function theorem
    w, x, z = np.array([[0.3, -0.2], [0.1, 0.4]]), np.array([0.5, -1.0]), np.zeros(2)
    for _ in range(200):
        z = np.tanh(w @ z + x)
    s = np.diag(1 - np.tanh(w @ z + x) ** 2)
    want = np.linalg.solve((np.eye(2) - s @ w).T, np.array([1.0, -0.5])) @ s
    assert result.status == "ok"
    assert np.allclose([float(v) for v in result.exact_gradient["x"]], want, rtol=1e-12, atol=0)
