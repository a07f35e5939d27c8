"""A ``tf.function`` whose ``input_signature`` fixes float32 is checked in float32 and said not to run in float64.

TensorFlow refuses to cast a float64 argument to a float32 signature; that is
the user's choice of dtype, not a failure of the gradient: the check and the
sweep leave float64 out with a note, and asked for float64 alone they stop with
a one-paragraph input error (exit 2).
"""

import pytest

import gradcli
from gradcli.errors import InputError

SOURCE = '''
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def softplus32(x):
    return tf.math.log(1.0 + tf.exp(x))


@tf.function(input_signature=[tf.TensorSpec([], tf.float64)])
def softplus64(x):
    return tf.math.log(1.0 + tf.exp(x))
'''


@pytest.fixture
def target(tmp_path):
    path = tmp_path / "user_signature.py"
    path.write_text(SOURCE)
    return str(path)


def test_the_default_dtypes_check_the_signatures_dtype_and_say_the_other_is_not_run(target):
    report = gradcli.check(f"{target}:softplus32", [{"x": 1.0}, {"x": -3.0}])
    assert [(r.dtype, r.status) for r in report.results] == [("float32", "ok"), ("float32", "ok")]
    assert report.notes == ["not run in float64: its input_signature fixes float32"]
    assert report.ok
    report = gradcli.check(f"{target}:softplus64", [{"x": 1.0}])
    assert [(r.dtype, r.status) for r in report.results] == [("float64", "ok")]
    assert report.notes == ["not run in float32: its input_signature fixes float64"]


def test_only_a_refused_dtype_asked_is_an_input_error(target):
    with pytest.raises(InputError, match=r"is not run in float64: its input_signature fixes float32 \(choose that dtype with --dtype\)"):
        gradcli.check(f"{target}:softplus32", [{"x": 1.0}], dtypes=("float64",))


def test_a_sweep_leaves_the_refused_dtype_out_with_a_note(target):
    result = gradcli.sweep(f"{target}:softplus32", {"x": (-5, 5, 7)}, fixes=False)
    assert list(result.dtypes) == ["float32"]
    assert "not run in float64: its input_signature fixes float32" in result.notes
    assert result.dtypes["float32"].counts.get("ok") == 7
