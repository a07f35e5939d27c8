"""BERT's additive mask in TensorFlow, float64: ``scores += (1 - mask) * -1e9`` then softmax.

The truth (tests/additive_mask_truth.py) is mpmath's softmax of the scores as written, at 50 digits. Where a query
sees no key, every score of its row is s - 1e9, which float64 holds to its last bit at 1e9 (1.2e-7): the row's
softmax, shift-free in exact arithmetic, is then off by about 1e-7, and the finding that heads the check is that
rounding at the ``+=`` line. The exp of a masked score (exp(-1e9), 0 in any dtype, its exact value ~1e-434294483)
loses nothing the result keeps and heads nothing; where every query sees a key, the check is ok with no finding.
"""

import pytest

from additive_mask_truth import assert_headed_at_the_mask_line, assert_no_finding, check

pytest.importorskip("tensorflow")

USER_CODE = '''import math
import tensorflow as tf

KEYS = [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]
VALUES = [[1.0, 2.0], [0.0, -1.0], [3.0, 0.5]]


def attention(q, mask):
    k, v = tf.constant(KEYS, q.dtype), tf.constant(VALUES, q.dtype)
    scores = tf.matmul(q, k, transpose_b=True) / math.sqrt(2.0)
    scores += (1.0 - tf.constant(mask, q.dtype)) * -1e9
    return tf.reduce_sum(tf.matmul(tf.nn.softmax(scores), v))


def padded_query(q):
    return attention(q, [[1.0, 1.0, 0.0], [0.0, 0.0, 0.0]])


def every_query_sees(q):
    return attention(q, [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]])
'''
MASK_LINE = 11  # the line of ``scores += ...`` in USER_CODE


def test_a_fully_masked_row_is_headed_by_the_rounding_of_its_scores_at_the_mask_line(tmp_path):
    assert_headed_at_the_mask_line(check(tmp_path, USER_CODE, "padded_query"), MASK_LINE)


def test_where_every_query_sees_a_key_no_underflow_is_a_finding(tmp_path):
    assert_no_finding(check(tmp_path, USER_CODE, "every_query_sees"))
