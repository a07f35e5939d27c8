"""A whole number typed for a TensorFlow function's argument outside --wrt: a count it takes as a Python int stays an
int, a label or weight it raises on as an int (TensorFlow refuses to multiply an int64 tensor by a float one) is
checked as the float of the dtype, and a note says so.

The truths: sigmoid cross-entropy from a logit z = 20 with label 0 is softplus(20), its slope sigmoid(20); the
weighted softplus sum at z = (20, -3), w = (1, 2) has slopes w_i sigmoid(z_i).
"""

import json
import math

import pytest

import gradcli
from gradcli.cli import main

pytest.importorskip("tensorflow")

SOURCE = '''import tensorflow as tf


def bce(z, y):
    return tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z)


def needs_a_count(z, n):
    return z * len(range(n))


def weighted(z, w):
    return tf.reduce_sum(tf.math.softplus(z) * w)
'''


def _sigmoid(z):
    return 1 / (1 + math.exp(-z))


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    (path := tmp_path_factory.mktemp("typed") / "typed_tf.py").write_text(SOURCE)
    return path


def test_a_whole_number_for_a_label_is_checked_as_the_float(source, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", f"{source}:bce", "--at", "z=20,y=0", "--wrt", "z", "--dtype", "float32", "--no-fix", "--json"])
    out = capsys.readouterr()
    assert stop.value.code == 0, out.err
    report = json.loads(out.out)
    (result,) = report["results"]
    assert result["status"] == "ok"
    assert result["exact_gradient"]["z"] == pytest.approx(_sigmoid(20.0), rel=1e-12)
    (note,) = [n for n in report["notes"] if "typed without a point" in n]
    assert note.startswith("y = 0, typed without a point") and "y is checked as 0.0" in note
    assert "typed_tf.py:5" in note  # the line where TensorFlow refused the int


def test_whole_numbers_for_weights_are_checked_as_floats_and_a_count_stays_an_int(source):
    check = gradcli.check(f"{source}:weighted", [{"z": [20.0, -3.0], "w": [1, 2]}], wrt=["z"], dtypes=("float64",),
                          fixes=False)
    (result,) = check.results
    assert result.status == "ok"
    for got, want in zip(result.exact_gradient["z"], [_sigmoid(20.0), 2 * _sigmoid(-3.0)]):
        assert float(got) == pytest.approx(want, rel=1e-12)
    assert any(n.startswith("w = [1, 2], typed without a point") and "w is checked as [1.0, 2.0]" in n
               for n in check.notes)
    counted = gradcli.check(f"{source}:needs_a_count", [{"z": 0.5, "n": 4}], wrt=["z"], dtypes=("float64",),
                            fixes=False)
    assert counted.results[0].status == "ok" and float(counted.results[0].exact_gradient["z"]) == 4.0
    assert not any("typed without a point" in note for note in counted.notes)  # a count that runs is no tensor
