"""The classes behind the twenty-eighth round (b)'s findings (tests/trials/cases28b.py), each tested for its class.

V1: a conditional inside a TensorFlow loop (autograph's ``if`` in a ``for i in tf.range(n)`` of a tf.function, or a
tf.cond in a tf.while_loop's body) made the gradient graph keep its branch's intermediates in tensor lists of
tensor lists, whose element dtype is TensorFlow's ``variant``: reading that attribute as a NumPy dtype raised
``KeyError: 21`` in the graph walk, and the check ended in an error verdict. The truths below are the pieces'
slopes written from the mathematics.

R1: a reduction over a tf.RaggedTensor's rows ended in an error verdict: its gradient clips the row indices with
``maximum(ids, zeros_like(ids))`` and gathers by them, and gradcli's ``ZerosLike`` gave float zeros for the integer
ids, which no gather takes as indices (more forms tested in test_tf63_ragged.py).
"""

import json
import math
import textwrap

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("tensorflow")  # the finding is TensorFlow's graph

USER_CODE = '''
import tensorflow as tf


@tf.function
def autograph_pieces(x):
    total = tf.constant(0.0, x.dtype)
    for i in tf.range(tf.shape(x)[0]):
        if x[i] > 1.0:
            total += 3.0 * x[i]
        else:
            total += x[i] * x[i] * x[i]
    return total


def while_cond_pieces(x):
    def body(i, total):
        piece = tf.cond(x[i] > 1.0, lambda: 3.0 * x[i], lambda: x[i] * x[i] * x[i])
        return i + 1, total + piece
    _, total = tf.while_loop(lambda i, total: i < tf.shape(x)[0], body, (tf.constant(0), tf.constant(0.0, x.dtype)))
    return total


def ragged_logsumexp(x):
    rows = tf.RaggedTensor.from_row_lengths(x, [2, 3])
    return tf.reduce_sum(tf.reduce_logsumexp(rows, axis=1))
'''


def _slopes(xs):
    """d/dx_i of the sum of 3 x_i above 1 and x_i^3 up to it: 3 above, 3 x^2 below."""
    return [3.0 if x > 1.0 else 3.0 * x * x for x in xs]


@pytest.mark.parametrize("function", ["autograph_pieces", "while_cond_pieces"])
def test_a_conditional_inside_a_loop_is_replayed_with_its_gradient(tmp_path, function):
    path = tmp_path / "loops_with_ifs.py"
    path.write_text(textwrap.dedent(USER_CODE))
    point = [0.5, 2.0, -1.5]
    result = CliRunner().invoke(cli, ["check", f"{path}:{function}", "--at", "x=[0.5,2,-1.5]", "--dtype", "float64",
                                      "--json"])
    report = json.loads(result.output[result.output.index("{"):])
    checked = report["results"][0]
    assert checked["status"] == "ok", checked.get("error")
    exact = checked["exact_gradient"]["x"]
    assert exact == pytest.approx(_slopes(point), rel=1e-14)


def _softmax(xs):
    e = [math.exp(x - max(xs)) for x in xs]
    return [v / sum(e) for v in e]


def test_a_reduction_over_ragged_rows_is_checked(tmp_path):
    path = tmp_path / "ragged.py"
    path.write_text(textwrap.dedent(USER_CODE))
    result = CliRunner().invoke(cli, ["check", f"{path}:ragged_logsumexp", "--at", "x=[1,2,3,-1,0.5]", "--dtype",
                                      "float64", "--json"])
    assert result.exit_code in (0, 1), result.output[-600:]
    checked = json.loads(result.output[result.output.index("{"):])["results"][0]
    assert checked["status"] == "ok"
    assert checked["exact_gradient"]["x"] == pytest.approx(_softmax([1, 2]) + _softmax([3, -1, 0.5]), rel=1e-14)
