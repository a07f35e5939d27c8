"""A TensorFlow function run eagerly is held to the graph gradcli traces of it by the ops each runs; the graph's record
comes from a replay that reads and makes numbers as TensorFlow's CPU kernels do, a subnormal as 0, in the inputs'
own dtype.

An eager ``tf.cond(x > 0, sqrt, -x)`` at float32's 1e-40 takes ``-x`` (TensorFlow's Greater reads 1e-40 as 0); a
float64 replay took ``sqrt``, and the check ended in `error`, blaming code that chooses by eagerness (round 56d's
F1). The same under tf.function was `unstable` at the cond's line, as it now is eagerly; and where the subnormal is
made inside (float32's exp(-90)), the op that flushed it is named.
"""

import pytest

import gradcli

tf = pytest.importorskip("tensorflow")

SOURCE = '''import tensorflow as tf


def cond_sqrt(x):
    return tf.cond(x > 0, lambda: tf.sqrt(x), lambda: -x)


def cond_exp(x):
    e = tf.exp(x)
    return tf.cond(e > 0, lambda: tf.sqrt(e), lambda: -x)
'''


def _check(tmp_path, function, x, dtype):
    path = tmp_path / "branches.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": x}], dtypes=[dtype], fixes=False).results
    return result


@pytest.mark.parametrize("x, dtype", [(1e-40, "float32"), (5e-324, "float64")])
def test_a_subnormal_predicate_takes_the_branch_the_kernels_take(tmp_path, x, dtype):
    result = _check(tmp_path, "cond_sqrt", x, dtype)
    assert result.status == "unstable", [f.message for f in result.findings]
    assert float(result.gradient["x"]) == -1.0  # the -x branch, as TensorFlow ran it
    assert float(result.exact_gradient["x"]) > 1e19  # sqrt's slope at the subnormal itself
    assert all("otherwise eagerly" not in f.message for f in result.findings)
    assert any(f.location and f.location.endswith("branches.py:5") for f in result.findings)


def test_a_subnormal_made_inside_is_named_where_it_flushed(tmp_path):
    result = _check(tmp_path, "cond_exp", -90.0, "float32")
    assert result.status == "unstable", [f.message for f in result.findings]
    (first, *_) = result.findings
    assert "underflowed" in first.message and first.location.endswith("branches.py:9")

