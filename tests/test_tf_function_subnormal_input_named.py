"""A tf.function's comparison that reads a subnormal input as 0 is named at its line, as the eager one is.

TensorFlow's CPU kernels read float32's 1e-40 as 0: tf.cond(x > 0, ...) takes the other branch. A tf.function's graph
hands its input on through an Identity first; the replay flushed that Identity's output, and since it was the fed input
itself, the 0 went into the input's own value: every op after it, the comparison too, was seen reading 0, and no
finding named the line where 1e-40 was read as 0.
"""

import textwrap

import pytest

import gradcli

pytest.importorskip("tensorflow")

SOURCE = textwrap.dedent(
    """
    import tensorflow as tf


    @tf.function
    def root_or_negative(x):
        return tf.cond(x > 0, lambda: tf.sqrt(x), lambda: -x)
    """
)


def test_the_comparison_that_read_the_subnormal_is_named(tmp_path):
    path = tmp_path / "branches.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:root_or_negative", [{"x": 1e-40}], dtypes=["float32"], fixes=False).results
    assert result.status == "unstable", [f.message for f in result.findings]
    assert any(f.location and f.location.endswith("branches.py:7") for f in result.findings), [
        (f.location, f.message) for f in result.findings]
