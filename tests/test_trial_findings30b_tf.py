"""The TensorFlow side of the thirtieth round (b)'s finding S1 (tests/trials/cases30b.py), tested for its class.

S1: a sparse tensor's product had no replay: ``tf.sparse.sparse_dense_matmul`` records
``SparseTensorDenseMatMul`` (and ``tf.sparse.reorder`` ``SparseReorder``), and the check stopped there ("is not one
gradcli can replay yet"), so a graph recommender's propagation could not be checked. Now the sparse operand is
scattered dense, its repeated entries summed as ScatterNd sums them (the reorder sorts its entries row-major), and the
product is a matmul, transposed where adjoint_a asks; ``tf.nn.embedding_lookup_sparse`` records
``SparseSegmentSqrtN``/``Mean``/``Sum`` and, on the tape, their ``Grad``/``GradV2``: these replay as segment sums of
the picked rows over each segment's size or its square root (exact in an exact replay). The first truth below is the dense matrix the entries make, written
here: entries (0, 1) = 0.5 + 0.25 and (1, 0) = 2, so A = [[0, 0.75], [2, 0]].
"""

import json

import mpmath
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("tensorflow")

USER_CODE = '''import tensorflow as tf


def _adjacency(dtype):
    entries = tf.sparse.SparseTensor([[1, 0], [0, 1], [0, 1]], tf.constant([2.0, 0.5, 0.25], dtype), [2, 2])
    return tf.sparse.reorder(entries)


def product(x):
    return tf.reduce_sum(tf.tanh(tf.sparse.sparse_dense_matmul(_adjacency(x.dtype), x[:, None])))


def transposed_product(x):
    return tf.reduce_sum(tf.tanh(tf.sparse.sparse_dense_matmul(_adjacency(x.dtype), x[:, None], adjoint_a=True)))


def pooled(x):
    table = tf.reshape(x, [3, 1]) * tf.constant([[1.0, 2.0]], x.dtype)
    ids = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([2, 2, 0], tf.int64), [2, 2])
    roots = tf.nn.embedding_lookup_sparse(table, ids, None, combiner="sqrtn")
    means = tf.nn.embedding_lookup_sparse(table, ids, None, combiner="mean")
    return tf.reduce_sum(tf.sin(roots)) + tf.reduce_sum(tf.square(means))
'''


def _checked(tmp_path, function, at="x=[0.3,-0.7]"):
    (tmp_path / "graphs.py").write_text(USER_CODE)
    args = ["check", f"{tmp_path / 'graphs.py'}:{function}", "--at", at, "--dtype", "float64", "--no-fix", "--json"]
    (checked,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    return checked


def test_a_sparse_product_is_replayed_dense_its_repeated_entries_summed(tmp_path):
    for function, matrix in [("product", [[0, "0.75"], [2, 0]]), ("transposed_product", [[0, 2], ["0.75", 0]])]:
        checked = _checked(tmp_path, function)
        assert checked["status"] == "ok", function
        with mpmath.workdps(40):
            a = [[mpmath.mpf(v) for v in row] for row in matrix]
            x = [mpmath.mpf(0.3), mpmath.mpf(-0.7)]
            slopes = [1 / mpmath.cosh(sum(a[i][j] * x[j] for j in range(2))) ** 2 for i in range(2)]
            truth = [sum(a[i][j] * slopes[i] for i in range(2)) for j in range(2)]  # A^T sech^2(A x)
            for got, want in zip(checked["exact_gradient"]["x"], truth):
                assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want), function


def test_sparse_segment_pooling_is_replayed_with_its_repeated_rows_and_its_divisors(tmp_path):
    """The first session picks row 2 twice (sqrtn: their sum over sqrt 2, mean: over 2), the second row 0 alone; the
    table's rows are (x_i, 2 x_i), so the loss is sum_c sin(sqrt2 c x2) + sin(c x0) + (c x2)^2 + (c x0)^2, c = 1, 2."""
    checked = _checked(tmp_path, "pooled", "x=[0.3,-0.7,0.5]")
    assert checked["status"] == "ok"
    with mpmath.workdps(40):
        x0, x2, root2 = mpmath.mpf(0.3), mpmath.mpf(0.5), mpmath.sqrt(2)
        truth = [sum(c * mpmath.cos(c * x0) + 2 * c * c * x0 for c in (1, 2)), mpmath.mpf(0),
                 sum(root2 * c * mpmath.cos(root2 * c * x2) + 2 * c * c * x2 for c in (1, 2))]
        for got, want in zip(checked["exact_gradient"]["x"], truth):
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want) + (1e-300 if want == 0 else 0)
