"""Known rewrites inside custom rules' bodies, and the double where for a mask or an operand on another line."""

import textwrap

import pytest

import gradcli
from gradcli.checker.source_fixes import source_rewrites

RULE = """
import torch


class Log1pExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.logaddexp(x, torch.zeros_like(x))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.exp(x) / (1.0 + torch.exp(x))


def softplus_custom(x):
    return torch.sum(Log1pExp.apply(x))
"""


def _fixed(tmp_path, code, function, point, name):
    pytest.importorskip("torch")
    path = tmp_path / "user.py"
    path.write_text(textwrap.dedent(code))
    report = gradcli.check(f"{path}:{function}", [point], dtypes=("float64",))
    assert report.results[0].status.value in ("unstable", "wrong")
    fixed = {f.name: f for f in report.fixes}
    assert name in fixed, (report.notes, list(fixed))
    assert set(fixed[name].after.values()) == {"ok"}  # the rewritten file, loaded afresh, judged again
    return fixed[name].diff


def test_a_backward_rules_scaled_quotient_gets_the_frameworks_sigmoid(tmp_path):
    diff = _fixed(tmp_path, RULE, "softplus_custom", {"x": 800.0}, "sigmoid")
    assert "+        return grad * torch.sigmoid(x)\n" in diff, diff


MASKED = """
import torch

PADDED = torch.tensor([True, True, False])


def entropy_where(p):
    return -torch.sum(torch.where(PADDED, p * torch.log(p), torch.zeros_like(p)))
"""


def test_a_where_on_a_constant_mask_gets_the_double_where(tmp_path):
    diff = _fixed(tmp_path, MASKED, "entropy_where", {"p": [0.5, 0.25, 0.0]}, "double where")
    assert "torch.where(PADDED, p * torch.log(torch.where(PADDED, p, 1.0)), torch.zeros_like(p))" in diff, diff


EARLIER = """
import tensorflow as tf


def weibull_where(x):
    event = tf.constant([True, True, False, False])
    log_pdf = tf.math.log(2.0 * x) - x ** 2
    log_surv = -x ** 2
    return tf.reduce_sum(tf.where(event, log_pdf, log_surv))
"""


def test_an_operand_on_an_earlier_line_is_guarded_there_with_the_wheres_condition(tmp_path):
    pytest.importorskip("tensorflow")
    diff = _fixed(tmp_path, EARLIER, "weibull_where", {"x": [0.5, 1.2, 2.0, 0.0]}, "double where")
    assert "+    log_pdf = tf.math.log(2.0 * tf.where(event, x, 1.0)) - x ** 2\n" in diff, diff
    assert "tf.where(event, log_pdf, log_surv)" not in diff.split("+    log_pdf")[1], diff  # the where's line unchanged


def _where_rewrites(source):
    from gradcli.capture.jax_bridge import SPELLINGS

    source = textwrap.dedent(source)
    found = source_rewrites(source, list(range(1, source.count("\n") + 2)), "jax.numpy", SPELLINGS)
    return {name: edits for name, _, edits in found}


def test_the_condition_is_carried_only_where_it_means_the_same_and_the_local_is_used_once():
    later = _where_rewrites("""
        import jax.numpy as jnp

        def later(x):
            log_pdf = jnp.log(x)
            event = x > 1
            return jnp.sum(jnp.where(event, log_pdf, 0.0))

        def shared(x, event):
            log_pdf = jnp.log(x)
            return jnp.sum(jnp.where(event, log_pdf, 0.0)) + jnp.sum(log_pdf)
    """)
    assert "double where" not in later, later
    carried = _where_rewrites("""
        import jax.numpy as jnp

        def carried(x, event):
            log_pdf = jnp.log(x) + x ** 2
            return jnp.sum(jnp.where(event, 0.0, log_pdf))
    """)
    assert [text for _, text in carried["double where"]] == ["jnp.log(jnp.where(event, jnp.ones_like(x), x)) + x ** 2"], carried


VJP = """
import jax
import jax.numpy as jnp


@jax.custom_vjp
def log1mexp(x):
    return jnp.log(-jnp.expm1(x))


def _fwd(x):
    return log1mexp(x), x


def _bwd(x, g):
    return (g * -jnp.exp(x) / (1.0 - jnp.exp(x)),)


log1mexp.defvjp(_fwd, _bwd)


def log1mexp_sum(x):
    return jnp.sum(log1mexp(x))
"""


def test_a_custom_vjp_bwds_ratio_of_exps_gets_expm1(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "user.py"
    path.write_text(textwrap.dedent(VJP))
    report = gradcli.check(f"{path}:log1mexp_sum", [{"x": -1e-9}], dtypes=("float32",))
    assert report.results[0].status.value == "unstable"
    fixed = {f.name: f for f in report.fixes}
    assert "expm1 ratio" in fixed, (report.notes, list(fixed))
    assert set(fixed["expm1 ratio"].after.values()) == {"ok"}
    assert "+    return (g / -jnp.expm1(-x),)\n" in fixed["expm1 ratio"].diff, fixed["expm1 ratio"].diff
