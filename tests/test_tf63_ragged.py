"""Reductions over a tf.RaggedTensor's rows, replayed with their gradients.

A ragged reduction's gradient gathers each entry's row value by its row index, clipped below by ``maximum(ids,
zeros_like(ids))``: the zeros of an integer tensor are integers, and the gather takes them as indices. Truths are
mpmath derivatives, at 50 digits, of each reduction written anew row by row.
"""

import json
import textwrap

import mpmath
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("tensorflow")  # the reductions are TensorFlow's graphs

USER_CODE = """
import tensorflow as tf


def ragged_logsumexp(x):
    rows = tf.RaggedTensor.from_row_lengths(x, [2, 3])
    return tf.reduce_sum(tf.reduce_logsumexp(rows, axis=1))


@tf.function
def ragged_mean_squares(x):
    rows = tf.RaggedTensor.from_row_splits(x, [0, 1, 3, 5])
    return tf.reduce_sum(tf.reduce_mean(rows, axis=1) ** 2)
"""

POINT = [1.0, 2.0, 3.0, -1.0, 0.5]


def _check(tmp_path, target):
    path = tmp_path / "ragged.py"
    path.write_text(textwrap.dedent(USER_CODE))
    result = CliRunner().invoke(cli, ["check", f"{path}:{target}", "--at", "x=[1,2,3,-1,0.5]", "--dtype", "float64",
                                      "--json"])
    assert result.exit_code in (0, 1), result.output[-800:]
    return json.loads(result.output[result.output.index("{"):])["results"][0]


def _slopes(function):
    """mpmath's partial derivatives of ``function`` (of a list of mpf) at POINT, at 50 digits."""
    with mpmath.workdps(50):
        point = [mpmath.mpf(p) for p in POINT]
        return [float(mpmath.diff(lambda t, k=k: function(point[:k] + [t] + point[k + 1:]), point[k]))
                for k in range(len(point))]


def _rows(v, splits):
    return [v[a:b] for a, b in zip(splits, splits[1:])]


def test_a_logsumexp_over_ragged_rows_is_checked(tmp_path):
    checked = _check(tmp_path, "ragged_logsumexp")
    assert checked["status"] == "ok", checked.get("error")
    truth = _slopes(lambda v: sum(mpmath.log(sum(mpmath.exp(e) for e in row)) for row in _rows(v, [0, 2, 5])))
    assert checked["exact_gradient"]["x"] == pytest.approx(truth, rel=1e-14)
    assert checked["gradient"]["x"] == pytest.approx(truth, rel=1e-14)


def test_a_mean_over_ragged_rows_in_a_tf_function_is_checked(tmp_path):
    checked = _check(tmp_path, "ragged_mean_squares")
    assert checked["status"] == "ok", checked.get("error")
    truth = _slopes(lambda v: sum((sum(row) / len(row)) ** 2 for row in _rows(v, [0, 1, 3, 5])))
    assert checked["exact_gradient"]["x"] == pytest.approx(truth, rel=1e-14)
