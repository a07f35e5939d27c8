"""A fix in TensorFlow's spelling writes the numbers it hands TensorFlow's ops as float literals, and a rewrite that
raises is said to raise.

The series fix of (1 - cos x) / x^2 guards its divisor as ``tf.where(|x| < 0.1, 1, x)``: TensorFlow refuses the int32
1 beside a float x (``SelectV2``: float64 does not match int32), so the fix that JAX and PyTorch get was never
offered there, and its re-check's refusal was said as "worse at x" (round 54d). The numbers are now ``1.0``, which
TensorFlow makes x's dtype; a rewrite whose re-check raises is said as raising (`fixes._raised`).
"""

from types import SimpleNamespace

import pytest

import gradcli
from gradcli.checker.fixes import _raised

SOURCE = '''import tensorflow as tf


def versine_ratio(x):
    return tf.reduce_sum((1 - tf.cos(x)) / (x * x))


def int_guard(x):
    return tf.reduce_sum(tf.where(tf.math.abs(x) < 0.1, 0.5 - x ** 2 / 24,
                                  2 * tf.math.sin(x / 2) ** 2 / tf.where(tf.math.abs(x) < 0.1, 1, x) ** 2))
'''


@pytest.mark.parametrize("dtype, at", [("float64", 1e-5), ("float32", 1e-3)])
def test_the_series_fix_is_offered_in_tensorflow_and_rechecks_ok(tmp_path, dtype, at):
    pytest.importorskip("tensorflow")
    path = tmp_path / "versine_tf.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:versine_ratio", [{"x": [at]}], dtypes=[dtype])
    assert report.results[0].status == "unstable"
    (series,) = [fix for fix in report.fixes if fix.name == "versine ratio"]
    assert not series.partial, series.after
    assert "tf.where(tf.math.abs(x) < 0.1, 1.0, x)" in series.diff, series.diff


def test_a_rechecked_rewrite_that_raises_says_so(tmp_path, monkeypatch):
    """With the int literal TensorFlow refuses (the spelling before), the series rewrite's re-check raises: its note
    says it raises there, not that it is worse (a re-check reads verdicts only: what raised is said by a finding)."""
    pytest.importorskip("tensorflow")
    from gradcli.capture import tf_bridge

    monkeypatch.setattr(tf_bridge, "SPELLINGS", {k: v for k, v in tf_bridge.SPELLINGS.items() if k != "<number>"})
    path = tmp_path / "versine_tf_ints.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:versine_ratio", [{"x": [1e-5]}], dtypes=["float64"])
    said = " ".join(report.notes)
    assert "versine ratio (it raises at x=[1e-05] float64" in said and "worse at" not in said, report.notes
    assert _raised(SimpleNamespace(error="", findings=[])) == "it raised"
