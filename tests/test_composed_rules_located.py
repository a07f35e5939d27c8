"""Where calls of the user's gradient rules compose, a wrong gradient is named at the rule off on its own.

``Good.apply(Slip.apply(x))``: Good's backward is right, Slip's returns -cos where cos is meant. The backward pass
reaches Good's rule first, and the finding was located there (round 52d: three Functions in a loop, the slipped one
in the middle, named at the outermost). Each call the framework's float64 run made is now judged alone, at its own
inputs with the upstream gradient its rule was handed (`bridge.RuleCall`, `rule_blame._judged_alone`), in PyTorch
and in JAX (custom_vjp and custom_jvp, jitted or in a Python loop), and each call of gradcli's own custom_gradient
against the derivative of its function (`rule_blame._name_own_rule`); TensorFlow judges its rules alone its own way.
A lone rule is judged alone too: where every rule of the user's is right on its own, the finding is a built-in rule's
(TensorFlow's xlog1py at x = 0, a where leak), searched for as such, not the user's right rule's.
"""

import pytest

import gradcli

TORCH = '''import torch


class Good(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.exp(x)

    @staticmethod
    def backward(ctx, g):  # GOOD
        (x,) = ctx.saved_tensors
        return g * torch.exp(x)


class Slip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sin(x)

    @staticmethod
    def backward(ctx, g):  # SLIP
        (x,) = ctx.saved_tensors
        return -g * torch.cos(x)


class Scaled(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, c):
        y = torch.exp(c * x)
        ctx.save_for_backward(y)
        ctx.c = c
        return y

    @staticmethod
    def backward(ctx, g):  # SCALED
        (y,) = ctx.saved_tensors
        return g * ctx.c * y, None


class Both(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sin(x), torch.cos(x)

    @staticmethod
    def backward(ctx, gs, gc):
        (x,) = ctx.saved_tensors
        return gs * torch.cos(x) - gc * torch.sin(x)


def inner_slip(x):
    return Good.apply(Slip.apply(x)).sum()


def outer_slip(x):
    return Slip.apply(Good.apply(x)).sum()


def with_a_number(x):
    return Scaled.apply(Slip.apply(x), 0.3).sum()


def an_output_unread(x):
    return Slip.apply(Both.apply(x)[0]).sum()


def looped(x):
    for k in range(3):
        x = Slip.apply(x) if k == 1 else Scaled.apply(x, 0.3)
    return x.sum()


def both_right(x):
    return Good.apply(Scaled.apply(x, 0.3)).sum()
'''

JAX = '''import jax
import jax.numpy as jnp


@jax.custom_vjp
def good(x):
    return jnp.exp(x)


def good_fwd(x):
    return jnp.exp(x), x


def good_bwd(x, g):  # GOOD
    return (g * jnp.exp(x),)


good.defvjp(good_fwd, good_bwd)


@jax.custom_jvp
def slip(x):
    return jnp.sin(x)


@slip.defjvp
def slip_jvp(primals, tangents):  # SLIP
    (x,), (t,) = primals, tangents
    return jnp.sin(x), -jnp.cos(x) * t


def inner_slip(x):
    return jnp.sum(good(slip(x)))


def outer_slip(x):
    return jnp.sum(slip(good(x)))


@jax.jit
def jitted(x):
    return jnp.sum(good(slip(x)))


def looped(x):
    for k in range(3):
        x = slip(x) if k == 1 else good(0.3 * x)
    return jnp.sum(x)


def both_right(x):
    return jnp.sum(good(0.3 * good(x)))
'''


OWN = '''import gradcli.numpy as np
from gradcli import custom_gradient


@custom_gradient
def good(x):
    e = np.exp(x)

    def grad(g):  # GOOD
        return g * e
    return e, grad


@custom_gradient
def slip(x):
    def grad(g):  # SLIP
        return -g * np.cos(x)
    return np.sin(x), grad


@custom_gradient
def scaled(x, c):
    y = np.exp(c * x)

    def grad(g):  # SCALED
        return g * c * y, None
    return y, grad


def inner_slip(x):
    return np.sum(good(slip(x)))


def outer_slip(x):
    return np.sum(slip(good(x)))


def with_a_number(x):
    return np.sum(scaled(slip(x), 0.3))


def looped(x):
    for k in range(3):
        x = slip(x) if k == 1 else scaled(x, 0.3)
    return np.sum(x)


def both_right(x):
    return np.sum(good(scaled(x, 0.3)))
'''


def _line(source, mark):
    """The line of the ``def`` marked ``# MARK``."""
    return next(k for k, text in enumerate(source.splitlines(), 1) if text.rstrip().endswith(f"# {mark}"))


def _checked(tmp_path, source, name, function, dtype):
    path = tmp_path / name
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": [0.5, 1.2]}], dtypes=[dtype]).results
    return path, result


@pytest.mark.parametrize("function", ["inner_slip", "outer_slip", "with_a_number", "looped", "an_output_unread"])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_slipped_autograd_function_among_others_is_named(tmp_path, function, dtype):
    pytest.importorskip("torch")
    path, result = _checked(tmp_path, TORCH, "composed_torch.py", function, dtype)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert result.status == "wrong"
    assert finding.location == f"{path}:{_line(TORCH, 'SLIP')}", finding.message
    assert finding.op == "gradient rule backward() of Slip", finding.op
    assert "backward() of Slip is off" in finding.message and "and so is" not in finding.message


@pytest.mark.parametrize("function", ["inner_slip", "outer_slip", "jitted", "looped"])
def test_a_slipped_jax_rule_among_others_is_named(tmp_path, function):
    pytest.importorskip("jax")
    path, result = _checked(tmp_path, JAX, "composed_jax.py", function, "float64")
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert result.status == "wrong"
    assert finding.location == f"{path}:{_line(JAX, 'SLIP')}", finding.message
    assert finding.op == "gradient rule slip_jvp() of slip", finding.op


@pytest.mark.parametrize("function", ["inner_slip", "outer_slip", "with_a_number", "looped"])
def test_a_slipped_custom_gradient_of_gradclis_own_among_others_is_named(tmp_path, function):
    path, result = _checked(tmp_path, OWN, "composed_own.py", function, "float64")
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert result.status == "wrong"
    assert finding.location == f"{path}:{_line(OWN, 'SLIP')}", finding.message
    assert finding.op == "gradient rule grad() of slip", finding.op


@pytest.mark.parametrize("framework, source", [("torch", TORCH), ("jax", JAX), ("gradcli", OWN)])
def test_right_rules_composed_are_ok(tmp_path, framework, source):
    if framework != "gradcli":
        pytest.importorskip(framework)
    _, result = _checked(tmp_path, source, f"composed_{framework}.py", "both_right", "float64")
    assert result.status == "ok", [f.message for f in result.findings]


@pytest.mark.parametrize("framework, source", [("torch", TORCH), ("jax", JAX)])
def test_the_runs_that_tell_the_calls_apart_print_nothing(tmp_path, capsys, framework, source):
    """The framework's run that notes each call is gradcli's own: what the user's code prints there is dropped, and
    the program's own print is shown once, beside --json's one JSON document."""
    import json

    from gradcli.cli import main

    pytest.importorskip(framework)
    path = tmp_path / f"printing_{framework}.py"
    path.write_text(source.replace("def inner_slip(x):\n", "def inner_slip(x):\n    print('running inner_slip')\n"))
    with pytest.raises(SystemExit):
        main(["check", f"{path}:inner_slip", "--at", "x=[0.5,1.2]", "--dtype", "float64", "--no-fix", "--json"])
    out = capsys.readouterr()
    (result,) = json.loads(out.out)["results"]
    assert result["findings"][0]["location"] == f"{path}:{_line(source, 'SLIP')}"
    assert out.err.count("running inner_slip") == 1, out.err


TF_BESIDE = '''import tensorflow as tf


@tf.custom_gradient
def good(x):
    def grad(g):  # GOOD
        return g * tf.exp(x)
    return tf.exp(x), grad


def beside(x, y):
    return tf.reduce_sum(good(x)) + tf.reduce_sum(tf.math.xlog1py(x, y))  # XLOG1PY
'''

OWN_BESIDE = OWN + '''

def beside(x):
    s = np.where(x == 0, 1.0, np.sin(x) / x)  # WHERE
    return np.sum(good(x)) + np.sum(s * x)
'''

TORCH_BESIDE = TORCH + '''

def beside(x):
    s = torch.where(x == 0, torch.ones_like(x), torch.sin(x) / x)  # WHERE
    return Good.apply(x).sum() + (s * x).sum()
'''


def test_a_right_tensorflow_rule_beside_a_wrong_built_in_one_is_cleared(tmp_path):
    """TensorFlow's xlog1py gradient is 0 in x at x = 0, where the slope is log1p(y): with a right custom gradient
    in the same function, the finding named the user's rule; judged alone it is right, and the built-in is named."""
    pytest.importorskip("tensorflow")
    path = tmp_path / "beside_tf.py"
    path.write_text(TF_BESIDE)
    (result,) = gradcli.check(f"{path}:beside", [{"x": [0.0, 2.0], "y": [0.5, -0.5]}], dtypes=["float64"]).results
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert result.status == "wrong"
    assert finding.location == f"{path}:{_line(TF_BESIDE, 'XLOG1PY')}", (finding.location, finding.message)
    assert "xlog1py" in finding.op and "grad() of good agrees with the derivative of its function" in finding.message


@pytest.mark.parametrize("framework, source", [("gradcli", OWN_BESIDE), ("torch", TORCH_BESIDE)])
def test_a_right_rule_beside_a_where_leak_is_not_blamed(tmp_path, framework, source):
    """sin(x)/x under a where at x = 0 gives NaN at every precision; a right custom rule beside it is not the rule
    that is wrong there."""
    if framework != "gradcli":
        pytest.importorskip(framework)
    path = tmp_path / f"beside_{framework}.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:beside", [{"x": [0.0, 1.0]}], dtypes=["float64"]).results
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "nonfinite-rule"]
    assert finding.location != f"{path}:{_line(source, 'GOOD')}" and "of Good" not in finding.op, finding
    assert "agrees with the derivative of its function" in finding.message
    if framework == "gradcli":
        assert finding.location == f"{path}:{_line(source, 'WHERE')}" and finding.op == "gradient rule of where"
