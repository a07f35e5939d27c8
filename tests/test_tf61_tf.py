"""TensorFlow's own rules on complex tensors, a variables= rule inside tf.cond and tf.while_loop, and the bridge on a
TensorFlow without the class that keeps a function's gradient.

TensorFlow's rules for det, slogdet's sign, xlogy, xdivy, multiply_no_nan,
unsorted_segment_prod and sqrtm hand a complex input the gradient without its
conjugate (or, for slogdet's sign, none): a real loss of complex intermediates
gets TensorFlow's wrong gradient, and gradcli's verdict is `wrong` at the op's
line, its exact gradient the one an independent mpmath computation of the same
loss gives. The rules for matmul, exp, log and abs are right and stay `ok`.
"""

import inspect
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.capture import tf_watch

X = [1.0, 2.0, -1.0, 0.5, 0.3, -0.7, 1.5, 0.25]  # four complex numbers: real parts, then imaginary parts


def power(y):
    """A real loss of a complex tensor: its |y|^2 summed, as real(y conj(y))."""
    y = tf.reshape(y, [-1])
    return tf.math.real(tf.reduce_sum(y * tf.math.conj(y)))


def _matrix(x):
    return tf.reshape(tf.complex(x[0:4], x[4:8]), (2, 2))


def determinant(x):
    return power(tf.linalg.det(_matrix(x)))  # rule under test


def log_determinant_sign(x):
    sign, log_magnitude = tf.linalg.slogdet(_matrix(x))  # rule under test
    return power(sign + 1) + tf.math.real(log_magnitude)


def x_log_y(x):
    z = tf.complex(x[0:4], x[4:8])
    return power(tf.math.xlogy(z[0:2], z[2:4]))  # rule under test


def x_divided_by_y(x):
    z = tf.complex(x[0:4], x[4:8])
    return power(tf.math.xdivy(z[0:2], z[2:4]))  # rule under test


def product_no_nan(x):
    z = tf.complex(x[0:4], x[4:8])
    return power(tf.math.multiply_no_nan(z[0:2], z[2:4]))  # rule under test


def segment_products(x):
    z = tf.complex(x[0:4], x[4:8])
    return power(tf.math.unsorted_segment_prod(z, [1, 0, 1, 0], 2))  # rule under test


def square_root_matrix(x):
    m = tf.reshape(tf.complex(x[0:1], x[1:2]), (1, 1))  # its rule's Sylvester solve is the 2x2's, four times cheaper
    return power(tf.linalg.sqrtm(m))  # rule under test


def _complex(x):
    return [mpmath.mpc(x[k], x[k + 4]) for k in range(4)]


def _det(z):
    return z[0] * z[3] - z[1] * z[2]


def _sum_of_powers(values):
    return sum(abs(v) ** 2 for v in values)


# The same losses on mpmath's complex numbers, written from their definitions (principal log and square root).
TRUTHS = {
    determinant: lambda x: abs(_det(_complex(x))) ** 2,
    log_determinant_sign: lambda x: (abs(_det(_complex(x)) / abs(_det(_complex(x))) + 1) ** 2
                                     + mpmath.log(abs(_det(_complex(x))))),
    x_log_y: lambda x: _sum_of_powers(a * mpmath.log(b) for a, b in zip(_complex(x)[0:2], _complex(x)[2:4])),
    x_divided_by_y: lambda x: _sum_of_powers(a / b for a, b in zip(_complex(x)[0:2], _complex(x)[2:4])),
    product_no_nan: lambda x: _sum_of_powers(a * b for a, b in zip(_complex(x)[0:2], _complex(x)[2:4])),
    segment_products: lambda x: _sum_of_powers([_complex(x)[1] * _complex(x)[3], _complex(x)[0] * _complex(x)[2]]),
    square_root_matrix: lambda x: abs(mpmath.sqrt(mpmath.mpc(x[0], x[1]))) ** 2,
}


def _mpmath_gradient(function, point):
    """The gradient of ``function`` (of a list of real mpmath numbers) at ``point``, by mpmath's own differentiation
    at 40 digits: no gradcli code in it."""
    with mpmath.workdps(40):
        point = [mpmath.mpf(p) for p in point]
        return [float(mpmath.diff(lambda t, i=i: function(point[:i] + [t] + point[i + 1:]), point[i]))
                for i in range(len(point))]


def _rule_line(function):
    lines, start = inspect.getsourcelines(function)
    return start + next(i for i, text in enumerate(lines) if "# rule under test" in text)


def _check(function, point):
    (result,) = gradcli.check(function, [{"x": point}], dtypes=("float64",), fixes=False,
                              framework="tensorflow").results
    return result


@pytest.mark.parametrize("function", list(TRUTHS), ids=[f.__name__ for f in TRUTHS])
def test_tensorflows_complex_rules_without_a_conjugate_are_wrong_at_their_line(function):
    point = X[:2] if function is square_root_matrix else X
    result = _check(function, point)
    truth = _mpmath_gradient(TRUTHS[function], point)
    exact = [float(g) for g in result.exact_gradient["x"]]
    assert exact == pytest.approx(truth, rel=1e-10, abs=1e-10)
    # TensorFlow's own gradient is off (its rule, not gradcli's reading of it)
    assert not np.allclose(np.asarray(result.gradient["x"], dtype=float), truth, rtol=1e-3)
    assert result.status.value == "wrong", result.findings
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"{os.path.basename(__file__)}:{_rule_line(function)}"), finding.location
    assert "its result's gradient is right where the backward pass hands it over, and the gradient it passes on is " \
           "not" in finding.message, finding.message


def right_rules(x):
    z = tf.complex(x[0:4], x[4:8])
    m = tf.reshape(z, (2, 2))
    return power(tf.linalg.matmul(m, m)) + power(tf.exp(z)) + power(tf.math.log(z)) + tf.reduce_sum(tf.abs(z))


def _right_rules_truth(x):
    z = _complex(x)
    squared = [z[0] * z[0] + z[1] * z[2], z[0] * z[1] + z[1] * z[3], z[2] * z[0] + z[3] * z[2], z[2] * z[1] + z[3] * z[3]]
    return (_sum_of_powers(squared) + _sum_of_powers(mpmath.exp(v) for v in z) + _sum_of_powers(mpmath.log(v) for v in z)
            + sum(abs(v) for v in z))


def test_tensorflows_right_complex_rules_stay_ok():
    result = _check(right_rules, X)
    assert result.status.value == "ok", result.findings
    truth = _mpmath_gradient(_right_rules_truth, X)
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(truth, rel=1e-10, abs=1e-10)
    assert np.asarray(result.gradient["x"], dtype=float) == pytest.approx(truth, rel=1e-12, abs=1e-12)


scale = tf.Variable(2.0, dtype=tf.float64)


@tf.custom_gradient
def tripled_in_x(x):
    def grad(upstream, variables=None):
        return 3.0 * upstream * scale * tf.cos(x), [upstream * tf.sin(x)]  # d/dx is upstream * scale * cos(x)

    return scale * tf.sin(x), grad


@tf.custom_gradient
def right_in_x(x):
    def grad(upstream, variables=None):
        return upstream * scale * tf.cos(x), [upstream * tf.sin(x)]

    return scale * tf.sin(x), grad


def rule_in_the_true_branch(x):
    return tf.cond(x > 0, lambda: tripled_in_x(x), lambda: x * x)


def rule_in_the_false_branch(x):
    return tf.cond(x > 0, lambda: x * x, lambda: tripled_in_x(x))


def rule_in_a_loop_body(x):
    return tf.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, tripled_in_x(y)), (tf.constant(0), x))[1]


def right_rule_in_a_branch(x):
    return tf.cond(x > 0, lambda: right_in_x(x), lambda: x * x)


@tf.function
def compiled_rule_in_a_branch(x):
    return tf.cond(x > 0, lambda: tripled_in_x(x), lambda: x * x)


def _variables_rule_line():
    lines, start = inspect.getsourcelines(tripled_in_x)
    return start + next(i for i, text in enumerate(lines) if "def grad" in text)


@pytest.mark.parametrize("function, x, truth", [
    (rule_in_the_true_branch, 0.7, 2.0 * np.cos(0.7)),
    (rule_in_the_false_branch, -0.7, 2.0 * np.cos(-0.7)),
    (rule_in_a_loop_body, 0.7, 4.0 * np.cos(2.0 * np.sin(0.7)) * np.cos(0.7)),
], ids=["true branch", "false branch", "loop body"])
def test_a_variables_rule_inside_control_flow_is_checked_in_an_eager_function(function, x, truth):
    """TensorFlow's graph gradient of a tf.cond or tf.while_loop fails on a variables= rule inside (its own
    tf.function too), its eager run takes it: the eager function is checked, its rule named at its line."""
    result = _check(function, x)
    assert float(result.exact_gradient["x"]) == pytest.approx(truth, rel=1e-12)
    assert result.status.value == "wrong", (result.findings, result.notes)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"{os.path.basename(__file__)}:{_variables_rule_line()}"), finding.location


def test_a_right_variables_rule_in_a_branch_is_ok_with_its_variables_judged():
    result = _check(right_rule_in_a_branch, 0.7)
    assert result.status.value == "ok", result.findings
    assert float(result.exact_gradient["x"]) == pytest.approx(2.0 * np.cos(0.7), rel=1e-12)
    assert not [note for note in result.notes if "not judged" in note], result.notes  # tests/test_tf62_tf.py
    assert _check(right_rule_in_a_branch, -0.7).status.value == "ok"  # the other branch, no rule in it


def test_a_tf_function_whose_own_gradient_tensorflow_cannot_build_is_an_error_said_plainly():
    """TensorFlow's own tf.function raises building this gradient: no verdict, and why, not an input error."""
    result = _check(compiled_rule_in_a_branch, 0.7)
    assert result.status.value == "error"
    assert "TensorFlow's own gradient of this tf.function raises in its tf.cond" in result.error, result.error
    assert "a tf.custom_gradient rule that reads variables (variables=) inside a branch" in result.error


@tf.custom_gradient
def halved_in_scale(x):
    def grad(upstream, variables=None):
        return upstream * scale * tf.cos(x), [0.5 * upstream * tf.sin(x)]  # d/dscale is upstream * sin(x)

    return scale * tf.sin(x), grad


halved_inside = tf.function(lambda x: halved_in_scale(x))  # never called before this file's test: built here first


def halved_in_a_function(x):
    return halved_inside(x) + halved_inside(2.0 * x)


def test_a_tensorflow_without_the_keeper_of_gradient_pairs_still_checks(monkeypatch):
    """`tf_watch._gradients_built_afresh` reads TensorFlow's private class that keeps a function's gradient; a
    TensorFlow without it (or without a door of it) leaves TensorFlow's own gradients as they are, and the check
    still judges a variables= rule in a tf.function at each of its calls."""
    assert tf_watch._keeper_of_pairs() is not None  # this TensorFlow has it
    module, _ = tf_watch._PAIRS_KEPT_IN
    monkeypatch.setattr(tf_watch, "_PAIRS_KEPT_IN", (module, "_NoSuchKeeper"))
    assert tf_watch._keeper_of_pairs() is None
    result = _check(halved_in_a_function, 0.7)
    assert result.status.value == "wrong", (result.findings, result.notes)
    (finding,) = [f for f in result.findings if "variables it reads" in f.message]
    assert "at 2 of its 2 calls" in finding.message, finding.message


class KeeperWithoutItsBuilder:
    """A keeper of gradient pairs as another TensorFlow might have it: no ``_construct_forward_backward``."""

    def forward_backward(self, num_doutputs=None):
        return None


def test_a_keeper_without_the_doors_used_counts_as_none(monkeypatch):
    monkeypatch.setattr(tf_watch, "_PAIRS_KEPT_IN", (__name__, "KeeperWithoutItsBuilder"))
    assert tf_watch._keeper_of_pairs() is None  # TensorFlow's own pairs kept, never half replaced
