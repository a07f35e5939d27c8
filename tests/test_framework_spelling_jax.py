"""JAX's findings name the op as JAX does (issue 28).

A finding on a replayed equation names the call the user's line wrote and the primitive ("jax.numpy.exp (exp)",
"jax.lax.integer_pow (integer_pow)", an operator's "** (integer_pow)"), a step of a library function by that
function ("jax.nn.softplus (exp)"), in the library's results, JSON and text alike, gradcli's own name of the op
kept as ``gradcli_op``; a where leak names the ``jnp.nan_to_num``, ``jnp.where`` or ``lax.select_n`` the user
wrote. The truths are mpmath's values and the lines of the source below.
"""

import json
import re
import textwrap

import jax  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget
import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

SOURCE = textwrap.dedent('''\
    import jax
    import jax.numpy as jnp
    from jax import lax


    def naive(x):
        return jnp.log(1 + jnp.exp(x))


    def powered(x):
        return lax.integer_pow(x, 200) / 1e300


    def masked(x):
        return jnp.nan_to_num(jnp.log(x) * x)


    def chosen(x):
        return jnp.where(x > 0, jnp.sqrt(x), 0.0)


    def selected(x):
        return lax.select_n(x > 0, 0.0 * x, jnp.sqrt(x))
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("spelling") / "jax_spelled.py").write_text(SOURCE)
    return str(path)


def _line(text):
    """The number of the one line of SOURCE holding ``text``."""
    return 1 + next(k for k, line in enumerate(SOURCE.splitlines()) if text in line)


def _check(module, name, at, dtype="float32"):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": at}], dtypes=(dtype,), fixes=False).results
    return result


def test_an_overflow_names_the_jnp_call_and_its_primitive_in_json_and_text(module):
    at = ["--at", "x=100", "--dtype", "float32", "--no-fix"]
    run = CliRunner().invoke(cli, ["check", f"{module}:naive", *at, "--json"])
    (result,) = json.loads(run.stdout)["results"]
    assert result["status"] == "unstable"
    with mpmath.workdps(30):  # d/dx log(1 + e^x) = 1 / (1 + e^-x)
        assert result["exact_gradient"]["x"] == pytest.approx(float(1 / (1 + mpmath.exp(-100))), rel=1e-12)
    line = f"{module}:{_line('jnp.log(1 + jnp.exp(x))')}"
    (overflow,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "nonfinite"]
    assert (overflow["op"], overflow["gradcli_op"], overflow["location"]) == ("jax.numpy.exp (exp)", "exp", line)
    (backward,) = [f for f in result["findings"] if f["phase"] == "backward"]
    # JAX's transposed program, by the call whose gradient it computes
    assert (backward["op"], backward["gradcli_op"], backward["framework_op"]) == (
        "jax.numpy.exp gradient (mul)", "multiply", "mul"), backward
    # the sentences call the ops as JAX does too
    assert overflow["message"] == "jax.numpy.exp(100.0) overflowed: inf", overflow["message"]
    assert backward["message"].startswith("in the framework's backward pass, mul(0.0, inf) gave nan"), backward
    text = CliRunner().invoke(cli, ["check", f"{module}:naive", *at]).output
    assert f"forward, jax.numpy.exp (exp) at jax_spelled.py:{_line('jnp.log(1 + jnp.exp(x))')}:" in text, text


def test_an_integer_power_is_named_as_lax_integer_pow(module):
    result = _check(module, "powered", 100.0, "float64")
    assert result.status.value == "unstable"
    with mpmath.workdps(30):  # 100^200 / 1e300 = 1e100, its slope 200 * 100^199 / 1e300 = 2e100
        assert float(result.exact_value) == pytest.approx(float(mpmath.mpf(100) ** 200 / mpmath.mpf(10) ** 300), rel=1e-12)
    (overflow,) = [f for f in result.findings if f.phase == "forward" and f.kind == "nonfinite"]
    assert (overflow.op, overflow.gradcli_op) == ("jax.lax.integer_pow (integer_pow)", "power"), overflow
    assert overflow.location == f"{module}:{_line('lax.integer_pow')}"
    assert overflow.message.startswith("jax.lax.integer_pow(100.0, 200) overflowed"), overflow.message


@pytest.mark.parametrize("name, written", [("masked", "jax.numpy.nan_to_num"), ("chosen", "jax.numpy.where"),
                                           ("selected", "jax.lax.select_n")])
def test_a_where_leak_names_the_call_the_user_wrote(module, name, written):
    result = _check(module, name, -1.0)
    assert float(result.exact_gradient["x"]) == 0.0  # the value is a constant 0 left of 0: its slope is 0
    (leak,) = [f for f in result.findings if f.kind == "where-nan"]
    assert f"because {written}() did not select the branch" in leak.message, leak.message
    assert f"leaks through {written} (" in leak.message and not re.search(r"(?<![\w.])where\(\)", leak.message)
