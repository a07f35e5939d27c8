"""A ``tf.function``'s backward op is located at the user's line of the forward op it differentiates, not at the decorator.

TensorFlow differentiates a call of a ``tf.function`` by a function of its own,
whose ops' tracebacks name no line of the user's; the forward op each one
differentiates is in the forward call's body, whose ops do.
"""

import pytest

import gradcli

SOURCE = '''
import tensorflow as tf


@tf.function
def graph_softplus(x):
    return tf.reduce_sum(tf.math.log1p(tf.exp(x)))


@tf.function(jit_compile=True)
def xla_softplus(x):
    return tf.reduce_sum(tf.math.log1p(tf.exp(x)))
'''


@pytest.mark.parametrize("name", ["graph_softplus", "xla_softplus"])
def test_the_backward_overflow_is_at_the_line_of_the_op_it_differentiates(tmp_path, name):
    path = tmp_path / "user_graph.py"
    path.write_text(SOURCE)
    lines = SOURCE.splitlines()
    body = 1 + lines.index(f"def {name}(x):") + 1  # the return line, 1-based
    (result,) = gradcli.check(f"{path}:{name}", [{"x": [100.0]}], dtypes=["float32"], fixes=False).results
    assert result.status == "unstable"
    where = {finding.phase: finding.location for finding in result.findings if finding.kind == "nonfinite"}
    assert where == {"forward": f"{path}:{body}", "backward": f"{path}:{body}"}, result.findings
