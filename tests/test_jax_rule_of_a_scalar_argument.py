"""A wrong custom_vjp rule whose function takes a number (a threshold handed as 1.25) is named at its own def.

Each call of a user's rule is judged alone: the call's float inputs differentiated, its rule's answer beside the
derivative of its function. A Python float argument was left out of the inputs judged, so the rule's slope in it
(sum(g) where only the entries above the threshold count) was never compared, every judged entry agreed, and the
finding said the rule "agrees with the derivative of its function: the rule that is off is not one of yours".
"""

import textwrap

import pytest

import gradcli

SOURCE = '''
    import jax
    import jax.numpy as jnp


    @jax.custom_vjp
    def clip_at(x, a):
        return jnp.minimum(x, a)


    def _fwd(x, a):
        return clip_at(x, a), (x, a)


    def _bwd(res, g):
        x, a = res
        return (jnp.where(x < a, g, 0.0), jnp.sum(g))  # a's slope counts only the entries at or above a


    clip_at.defvjp(_fwd, _bwd)


    def loss(x, a):
        return jnp.sum(clip_at(x, a) * jnp.array([1.0, 2.0]))
'''


def test_a_wrong_rule_for_a_number_argument_is_named_at_its_def(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "pact.py"
    path.write_text(textwrap.dedent(SOURCE))
    [result] = gradcli.check(f"{path}:loss", [{"x": [0.3, 1.7], "a": 1.25}], dtypes=("float64",)).results
    assert result.status == "wrong"
    [rule] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert rule.location == f"{path}:15", (rule.location, rule.message)
    assert "not one of yours" not in rule.message, rule.message
