"""A TensorFlow value that lost its digits is explained: the op that cancelled, at the user's line.

The explanation replays the captured graph with its ops recorded, through reductions and
shape reads; the check's verdict alone (``unstable``) says nothing about where.
"""

import os
import textwrap

import pytest

tf = pytest.importorskip("tensorflow")  # the extra `tensorflow`, installed by `make test`

import gradcli  # noqa: E402


def _check(tmp_path, body, point):
    path = tmp_path / "losses.py"
    path.write_text("import tensorflow as tf\n\n" + textwrap.dedent(body))
    report = gradcli.check(f"{path}:f", [point], dtypes=("float32",), fixes=False)
    return report.results[0], str(path)


def test_a_library_loss_that_cancels_through_a_sum_is_named_at_the_users_line(tmp_path):
    # (1 - z) x + l (log1p(exp(-|x|)) + max(-x, 0)) at z = 0, x = -30: -30 + 30.00000000000009 is 0 in float32
    body = """
    def f(logits):
        labels = tf.constant([1.0, 0.0], dtype=logits.dtype)
        return tf.reduce_sum(tf.nn.weighted_cross_entropy_with_logits(labels, logits, pos_weight=2.0))
    """
    result, path = _check(tmp_path, body, {"logits": [30.0, -30.0]})
    assert result.status.value == "unstable"
    found = [(f.kind, f.phase, f.op, f.location) for f in result.findings]
    assert ("cancellation", "forward", "tf.nn.weighted_cross_entropy_with_logits (AddV2)", f"{path}:6") in found, found


@pytest.mark.parametrize("reduce", ["tf.reduce_sum", "tf.reduce_mean", "tf.reduce_max"])
def test_a_hand_written_cancellation_before_a_reduction_is_named(tmp_path, reduce):
    body = f"""
    def f(x):
        y = (x + 1.0) - 1.0
        return {reduce}(y * y)
    """
    result, path = _check(tmp_path, body, {"x": [1e-6, 2e-6]})
    assert result.status.value == "unstable"
    found = [(f.kind, f.op, f.location) for f in result.findings]
    assert any(kind == "cancellation" and location == f"{path}:5" for kind, _, location in found), found
