"""An op of TensorFlow's graph that raises in gradcli's replay is named at the user's line of that op.

``tf.linalg.slogdet`` of a singular matrix: TensorFlow's value is -inf and its
gradient inverts the matrix; gradcli's replay of that gradient raises NumPy's
LinAlgError, not the user's code. The check is `domain` (the exact value is
-inf, a pole), and its finding names the line that called slogdet.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import gradcli

USER = '''import tensorflow as tf


def log_abs_det(a):
    _, logabsdet = tf.linalg.slogdet(a)
    return logabsdet
'''


def test_a_singular_slogdet_is_domain_named_at_the_users_line(tmp_path):
    path = tmp_path / "dets.py"
    path.write_text(USER)
    (result,) = gradcli.check(f"{path}:log_abs_det", [{"a": [[1.0, 2.0], [2.0, 4.0]]}], dtypes=("float64",),
                              fixes=False).results
    assert result.status.value == "domain", (result.status, result.error)
    raised = [f for f in result.findings if f.kind == "raised"]
    assert raised and raised[0].location == f"{path}:5", [(f.kind, f.location) for f in result.findings]
