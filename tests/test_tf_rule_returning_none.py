"""A tf.custom_gradient rule that returns None for an input gives it TensorFlow's gradient 0: where the function moves
with that input, the rule is the one off, named at its own ``def`` (rounds 10b and 25a: ``grad(upstream)`` returning
``upstream * k, None`` for ``x * k`` was called right when judged alone, and the forward's multiply was named)."""

import pytest

import gradcli

pytest.importorskip("tensorflow")

SOURCE = '''import tensorflow as tf


@tf.custom_gradient
def scale_rule(x, k):
    def grad(upstream):
        return upstream * k, None

    return x * k, grad


def scale_by(x, k):
    return tf.reduce_sum(scale_rule(x, k) ** 2)
'''


def _checked(tmp_path, name, k):
    path = tmp_path / "scales.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:{name}", [{"x": [1.5, -2.0], "k": k}], dtypes=["float64"], fixes=False).results
    return result


@pytest.mark.parametrize("k", [[3.0, 0.5], 3.0])
def test_a_rule_leaving_out_an_input_the_function_moves_with_is_named_at_its_def(tmp_path, k):
    result = _checked(tmp_path, "scale_by", k)
    assert result.status == "wrong", [f.message for f in result.findings]
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("scales.py:6"), finding.message
    assert "not one of yours" not in finding.message
