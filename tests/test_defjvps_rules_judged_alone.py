"""JAX's ``defjvps`` rules, given per argument, are judged alone as ``defjvp`` and ``custom_vjp`` rules are: each call
at its own inputs, handed the upstream gradient the backward pass handed it, each argument's slope its own rule's.

A wrong rule composed with a right one was named at whichever the backward pass reached first: in
``slip_exp(good_sin(x))`` the right ``good_sin``. ``defjvps`` makes a rule of JAX's own that closes over the user's
(and runs the primal again inside it), so its calls were never noted.
"""

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''import jax
import jax.numpy as jnp


@jax.custom_jvp
def good_sin(x):
    return jnp.sin(x)


good_sin.defjvps(lambda t, ans, x: jnp.cos(x) * t)


@jax.custom_jvp
def good_exp(x):
    return jnp.exp(x)


good_exp.defjvps(lambda t, ans, x: ans * t)


@jax.custom_jvp
def slip_exp(x):
    return jnp.exp(x)


slip_exp.defjvps(lambda t, ans, x: -ans * t)


@jax.custom_jvp
def product(x, y):
    return x * y


product.defjvps(lambda t, ans, x, y: t * y,
                lambda t, ans, x, y: -t * x)


@jax.custom_jvp
def scaled(x, k):
    return x * k


scaled.defjvps(lambda t, ans, x, k: t * k, None)


def inner(x):
    return jnp.sum(good_sin(slip_exp(x)))


def outer(x):
    return jnp.sum(slip_exp(good_sin(x)))


def per_argument(x):
    return jnp.sum(good_sin(product(x, x + 1.0)))


def composed_right(x):
    return jnp.sum(good_sin(good_exp(scaled(x, 2.0))))
'''


def _check(tmp_path, function):
    path = tmp_path / "rules.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": [0.5]}], dtypes=["float64"], fixes=False).results
    return result, path


def _line(text):
    return next(k for k, line in enumerate(SOURCE.splitlines(), 1) if text in line)


@pytest.mark.parametrize("function", ["inner", "outer"])
def test_the_slipped_rule_is_named_wherever_it_composes(tmp_path, function):
    result, path = _check(tmp_path, function)
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule <lambda>() of slip_exp (its slope in x)" and "judged alone" in finding.message
    assert finding.location == f"{path}:{_line('slip_exp.defjvps')}"


def test_each_arguments_slope_is_its_own_rules(tmp_path):
    result, path = _check(tmp_path, "per_argument")
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule <lambda>() of product (its slope in y)"
    assert finding.location == f"{path}:{_line('lambda t, ans, x, y: -t * x')}"


def test_right_rules_composed_are_ok(tmp_path):
    result, _ = _check(tmp_path, "composed_right")
    assert result.status == "ok", [f.message for f in result.findings]
