"""A framework's wrong rule is named at its own line where the input it gets wrong is read by several lines (round
80d's F3: TensorFlow's cumprod rule at a zero factor drops the paths through it, and ``p``, read by the cumprod's line
and by the next line's ``p * excl``, has a wrong gradient; the next line, which passes ``p`` its own share right, was
named). A value several lines read has as its gradient the sum of what each passes it: the sum wrong says that one of
them is off, not which."""

import pytest

import gradcli

pytest.importorskip("tensorflow")

SOURCE = '''import tensorflow as tf


def attention(p):
    excl = tf.math.cumprod(1 - p, exclusive=True)
    y = p * excl
    return tf.reduce_sum(y)


def attention_weighted(p):
    excl = tf.math.cumprod(1 - p, exclusive=True)
    return tf.reduce_sum(p * excl * tf.constant([1.0, 2.0, 3.0, 4.0], p.dtype))


def through_a_difference(p):
    q = 1 - p
    excl = tf.math.cumprod(q, exclusive=True)
    y = excl * 2.0
    return tf.reduce_sum(y)
'''


@pytest.mark.parametrize("name, point, line", [
    ("attention", [0.3, 1.0, 0.5, 0.2], 5),
    ("attention", [1.0, 0.4, 0.5, 0.2], 5),
    ("attention_weighted", [0.3, 1.0, 0.5, 0.2], 11),
    ("through_a_difference", [0.3, 1.0, 0.5, 0.2], 17),
])
def test_the_cumprod_rule_is_named_at_its_own_line(tmp_path, name, point, line):
    path = tmp_path / "monotonic.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:{name}", [{"p": point}], dtypes=["float64"], fixes=False).results
    assert result.status == "wrong", [f.message for f in result.findings]
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"monotonic.py:{line}"), finding.message
    assert finding.op == "gradient rule of tf.math.cumprod (Cumprod)", finding.op
