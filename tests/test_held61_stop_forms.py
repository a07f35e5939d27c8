"""A gradient a stop form defines is named at the form (R1): DiCE's magic box ``exp(logp - stop_gradient(logp))``.

The magic box is 1 in value, so the function's derivative is 0, and its
gradient is logp's on purpose (a score-function estimator). The verdict stays
`wrong` against the exact 0, named at the form's line with what such a form is
for, never at the library call that made logp (``jax.nn.log_sigmoid``). A
gradient that is not the form's (a wrong custom rule beside the box) is named as
before.
"""

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp
from jax import lax


def _magic_box(logp):
    return jnp.exp(logp - lax.stop_gradient(logp))


def dice(theta):
    logp = jnp.sum(jax.nn.log_sigmoid(theta * jnp.array([1.0, -1.0])))
    return _magic_box(logp) * 3.0


# A sine whose rule is sin, not cos, compiled under JAX's own folder: a built-in rule gone wrong.
_names = {}
exec(compile("import jax, jax.numpy as jnp\\nsine = jax.custom_jvp(jnp.sin)\\n"
             "sine.defjvp(lambda p, t: (jnp.sin(p[0]), jnp.sin(p[0]) * t[0]))\\n",
             __import__("os").path.join(__import__("os").path.dirname(jax.__file__), "_src", "planted61.py"), "exec"),
     _names)


def dice_beside_a_wrong_builtin_rule(theta):
    wrong = _names["sine"](theta)
    return dice(theta) + jnp.sum(wrong)
'''
FORM_LINE = 8  # return jnp.exp(logp - lax.stop_gradient(logp))


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("held61") / "dice61.py").write_text(SOURCE)
    return str(path)


def _check(module, name):
    (result,) = gradcli.check(f"{module}:{name}", [{"theta": [0.5, -1.0]}], dtypes=("float64",), fixes=False).results
    return result


def test_the_magic_box_is_wrong_against_the_exact_zero_named_at_its_stop_form(module):
    result = _check(module, "dice")
    assert result.status.value == "wrong" and [float(g) for g in result.exact_gradient["theta"]] == [0.0, 0.0]
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location == f"{module}:{FORM_LINE}", finding.location
    assert "the stop form on this line defines" in finding.message and "estimator on purpose" in finding.message
    assert "log_sigmoid" not in finding.message and "the gradient rule is wrong" not in finding.message


def test_a_gradient_that_is_not_the_forms_is_named_as_before(module):
    result = _check(module, "dice_beside_a_wrong_builtin_rule")
    assert result.status.value == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location != f"{module}:{FORM_LINE}", finding
    assert "stop form" not in finding.message and "the first call whose built-in rule is off" in finding.message
