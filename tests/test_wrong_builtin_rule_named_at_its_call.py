"""A framework's own gradient rule gone wrong in a function of several lines is named at the call whose rule is off."""

import textwrap

import pytest

import gradcli

# A library's sin with a wrong backward (sin in place of cos), compiled outside every user file as a
# library's code is: the user's lines are only the calls.
TORCH = '''
import torch

_LIBRARY = """
import torch


class _Sin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sin(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * torch.sin(x)
"""
_names = {}
exec(compile(_LIBRARY, "<library>", "exec"), _names)
lib_sin = _names["_Sin"].apply


def three_lines(x):
    a = torch.exp(x)
    b = lib_sin(a)
    c = torch.log1p(b * b)
    return c.sum()


def first_line(x):
    b = lib_sin(x)
    c = torch.log1p(b * b)
    return c.sum()


def vector(x):
    a = torch.exp(x)
    b = lib_sin(a)
    c = torch.log1p(b * b)
    return c[0] * c


def wide(x):
    a = torch.exp(x)
    b = lib_sin(a)
    c = torch.log1p(b * b)
    return (c[0] * c).repeat(33)
'''

# JAX names a rule found in its own files as the framework's: the wrong rule is given such a file's name.
JAX = '''
import os

import jax
import jax.numpy as jnp

_LIBRARY = """
import jax
import jax.numpy as jnp


@jax.custom_jvp
def sin(x):
    return jnp.sin(x)


@sin.defjvp
def _sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.sin(x), jnp.sin(x) * t
"""
_names = {}
exec(compile(_LIBRARY, os.path.join(os.path.dirname(jax.__file__), "_src", "planted_rule.py"), "exec"), _names)
lib_sin = _names["sin"]


def three_lines(x):
    a = jnp.exp(x)
    b = lib_sin(a)
    c = jnp.log1p(b * b)
    return jnp.sum(c)
'''

TF = """
import tensorflow as tf


def three_lines(x):
    a = tf.exp(x)
    b = tf.sin(a)
    c = tf.math.log1p(b * b)
    return tf.reduce_sum(c)


def vector(x):
    a = tf.exp(x)
    b = tf.sin(a)
    c = tf.math.log1p(b * b)
    return c[0] * c
"""


def _line_of(source, text, after="def "):
    """The number of the first line reading ``text`` past the first line starting with ``after``."""
    lines = textwrap.dedent(source).splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(after))
    return next(n for n, line in enumerate(lines[start:], start + 1) if line.strip() == text)


def _rule_finding(tmp_path, name, source, function):
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    (result,) = gradcli.check(f"{path}:{function}", [{"x": 0.3}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "wrong", result.findings
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    return finding


def _row_findings(tmp_path, name, source):
    """The wrong-rule findings of each row of ``vector``'s Jacobian (every output reads both entries of x)."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    (result,) = gradcli.check(f"{path}:vector", [{"x": [0.3, -0.5]}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "wrong", result.findings
    rows = [[f for f in row.findings if f.kind == "wrong-rule"] for row in result.jacobian.rows]
    assert len(rows) == 2 and all(len(found) == 1 for found in rows), result.findings
    return [found[0] for found in rows]


@pytest.mark.parametrize("function, line", [("three_lines", "b = lib_sin(a)"), ("first_line", "b = lib_sin(x)")])
def test_a_wrong_backward_inside_a_library_call_is_named_at_the_call(tmp_path, function, line):
    pytest.importorskip("torch")
    finding = _rule_finding(tmp_path, "torch_blame.py", TORCH, function)
    # The backward pass starts at the sum's line; the rule that is off is lib_sin's, a line before.
    assert finding.location.endswith(f"torch_blame.py:{_line_of(TORCH, line)}"), finding
    assert "the first call whose built-in rule is off" in finding.message


def test_each_row_of_a_vector_outputs_jacobian_names_the_call(tmp_path):
    pytest.importorskip("torch")
    for finding in _row_findings(tmp_path, "torch_rows.py", TORCH):
        assert finding.location.endswith(f"torch_rows.py:{_line_of(TORCH, 'b = lib_sin(a)', 'def vector')}"), finding
        assert "the first call whose built-in rule is off" in finding.message


def test_each_random_row_of_a_wide_outputs_jacobian_names_the_call(tmp_path):
    # 66 outputs, past the rows checked one by one: each random cotangent's row is searched as an output's is
    pytest.importorskip("torch")
    path = tmp_path / "torch_wide.py"
    path.write_text(textwrap.dedent(TORCH))
    (result,) = gradcli.check(f"{path}:wide", [{"x": [0.3, -0.5]}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "wrong", result.findings
    assert result.jacobian.mode == "random"
    rows = [[f for f in row.findings if f.kind == "wrong-rule"] for row in result.jacobian.rows]
    assert len(rows) == 3 and all(len(found) == 1 for found in rows), result.findings
    for (finding,) in rows:
        assert finding.location.endswith(f"torch_wide.py:{_line_of(TORCH, 'b = lib_sin(a)', 'def wide')}"), finding
        assert "the first call whose built-in rule is off" in finding.message


def test_a_registered_tensorflow_gradient_gone_wrong_is_named_at_its_op(tmp_path):
    pytest.importorskip("tensorflow")
    from tensorflow.python.framework import ops

    # Sin differentiated by Cos's registered rule (-g sin x): TensorFlow's own code, wrong for this op.
    registry = ops._gradient_registry._registry
    kept = registry["Sin"]
    registry["Sin"] = registry["Cos"]
    try:
        finding = _rule_finding(tmp_path, "tf_blame.py", TF, "three_lines")
    finally:
        registry["Sin"] = kept
    assert finding.location.endswith(f"tf_blame.py:{_line_of(TF, 'b = tf.sin(a)')}"), finding
    assert finding.op == "gradient rule of tf.math.sin (Sin)"
    registry["Sin"] = registry["Cos"]
    try:
        rows = _row_findings(tmp_path, "tf_rows.py", TF)
    finally:
        registry["Sin"] = kept
    assert [(f.op, f.location.rsplit(":", 1)[-1]) for f in rows] == [("gradient rule of tf.math.sin (Sin)", str(_line_of(TF, "b = tf.sin(a)", "def vector")))] * 2


def test_a_wrong_rule_of_jaxs_own_is_named_at_its_call(tmp_path):
    pytest.importorskip("jax")
    finding = _rule_finding(tmp_path, "jax_blame.py", JAX, "three_lines")
    assert finding.location.endswith(f"jax_blame.py:{_line_of(JAX, 'b = lib_sin(a)')}"), finding
