"""A TensorFlow graph's kept constants are seen at every point: the program as meant is asked where they round one.

TensorFlow's replay keeps its constants lifted to exact numbers, and the
values of the operations on constants alone it folded, for later replays; a
later point's exact replay reads the kept copy, and still notes that it holds
a constant that rounds a constant of mathematics (`exact_constants.note_seen`).
Truth: 1.3862943611198906 is the float64 nearest ln 4 = 2 ln 2 (mpmath at 50
digits says so here); math.log(2.0) the float64 nearest ln 2.
"""

import math

import mpmath
import pytest

from reference_counting import asked_references

CODE = '''import math
import tensorflow as tf


def softplus_minus_ln2(x):
    return tf.math.log1p(tf.exp(x)) - math.log(2.0)


def softplus_minus_folded_ln2(x):
    return tf.math.log1p(tf.exp(x)) - tf.constant(1.3862943611198906, dtype=tf.float64) / 2.0


def naive_softplus(x):
    return tf.math.log(1.0 + tf.exp(x))
'''


def _asked(tmp_path, monkeypatch, name, xs):
    path = tmp_path / "sightings_tf.py"
    path.write_text(CODE)
    return asked_references(monkeypatch, f"{path}:{name}", xs)


def test_the_float_written_is_the_nearest_ln_4():
    with mpmath.workdps(50):
        assert abs(mpmath.mpf(1.3862943611198906) - mpmath.log(4)) <= mpmath.mpf(2) ** -53  # half an ulp in [1, 2)
        assert abs(mpmath.mpf(math.log(2.0)) - mpmath.log(2)) <= mpmath.mpf(2) ** -54


@pytest.mark.parametrize("name", ["softplus_minus_ln2", "softplus_minus_folded_ln2"])
def test_every_point_asks_the_program_as_meant(tmp_path, monkeypatch, name):
    # At 0 and at 1e-300 the float value is 0, the exact one about 2.3e-17 (the rounding of ln 2): both are off.
    asked, results = _asked(tmp_path, monkeypatch, name, [0.0, 1e-300])
    assert sorted(asked) == sorted([(0.0,), (0.0,), (1e-300,), (1e-300,)])
    assert results[0].status == "ok", results[0].findings
    assert any("rounding of its constants" in note for note in results[0].notes)


def test_a_graph_with_no_such_constant_is_asked_once(tmp_path, monkeypatch):
    asked, (r,) = _asked(tmp_path, monkeypatch, "naive_softplus", [-40.0])
    assert r.value == 0.0
    assert asked == [(-40.0,)]
