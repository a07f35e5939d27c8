"""An op of JAX's backward pass is named by the call the user wrote whose gradient it computes, as TensorFlow's are.

The first NaN or inf of JAX's transposed program reads "jax.numpy.exp gradient (mul)": the API on the user's line
and JAX's primitive, ``framework_op`` the primitive and ``gradcli_op`` gradcli's own name, in JSON and text alike.
The truths are the source's own lines and mpmath's exact derivatives.
"""

import json
import textwrap

import jax  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget
import mpmath
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

SOURCE = textwrap.dedent('''\
    import jax.numpy as jnp
    from jax import nn


    def naive(x):
        return jnp.log(1 + jnp.exp(x))


    def first_log_probability(x):
        p = nn.softmax(x)
        return jnp.log(p)[0]
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("names65") / "jax_backward_named.py").write_text(SOURCE)
    return str(path)


def _line(text):
    """The number of the one line of SOURCE holding ``text``."""
    return 1 + next(k for k, line in enumerate(SOURCE.splitlines()) if text in line)


def _run(module, name, at, *json_flag):
    run = CliRunner().invoke(cli, ["check", f"{module}:{name}", "--at", at, "--dtype", "float32", "--no-fix",
                                   *json_flag])
    return run.stdout


def _backward(module, name, at):
    (result,) = json.loads(_run(module, name, at, "--json"))["results"]
    (backward,) = [f for f in result["findings"] if f["phase"] == "backward"]
    return result, backward


def test_the_backward_nan_of_an_overflowed_exp_is_named_as_jnp_exp_s_gradient(module):
    result, backward = _backward(module, "naive", "x=100")
    assert result["status"] == "unstable"
    with mpmath.workdps(30):  # d/dx log(1 + e^x) = 1 / (1 + e^-x)
        assert result["exact_gradient"]["x"] == pytest.approx(float(1 / (1 + mpmath.exp(-100))), rel=1e-12)
    assert (backward["op"], backward["framework_op"], backward["gradcli_op"]) == (
        "jax.numpy.exp gradient (mul)", "mul", "multiply"), backward
    assert backward["location"] == f"{module}:{_line('jnp.log(1 + jnp.exp(x))')}"
    assert backward["message"].startswith("in the framework's backward pass, mul(0.0, inf) gave nan"), backward
    text = _run(module, "naive", "x=100")
    assert f"backward, jax.numpy.exp gradient (mul) at jax_backward_named.py:{_line('jnp.exp(x)')}:" in text, text


def test_the_backward_inf_of_a_log_of_zero_is_named_as_jnp_log_s_gradient(module):
    result, backward = _backward(module, "first_log_probability", "x=[0,200]")
    with mpmath.workdps(30):  # log softmax(x)_0 = x0 - log(e^x0 + e^x1): its gradient is (1 - p0, -p1)
        p0 = mpmath.exp(0) / (mpmath.exp(0) + mpmath.exp(200))
        exact = [float(1 - p0), float(-(1 - p0))]
    assert result["exact_gradient"]["x"] == pytest.approx(exact, rel=1e-12)
    assert (backward["op"], backward["framework_op"]) == ("jax.numpy.log gradient (div)", "div"), backward
    assert backward["location"] == f"{module}:{_line('jnp.log(p)[0]')}"
    text = _run(module, "first_log_probability", "x=[0,200]")
    assert f"backward, jax.numpy.log gradient (div) at jax_backward_named.py:{_line('jnp.log(p)')}:" in text, text
