"""A finding about an operation a JAX library function wrote names that function and its line beside the user's.

``jax.scipy.special.spence`` and ``factorial`` compute inside JAX's own code:
their NaN comes from a ``where`` of JAX's that leaks an untaken branch's
gradient, so the user's line alone does not say whose code it is.
"""

import inspect
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.scipy import special as jax_special

import gradcli
from gradcli.capture.jax_walk import compile_jaxpr

SOURCE = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    def dilog_sum(x):
        return jnp.sum(jax.scipy.special.spence(x))


    def factorial_sum(n):
        return jnp.sum(jax.scipy.special.factorial(n))


    ALPHA = jnp.array([1.0, 2.0, 3.0])


    def dirichlet_log_prior(w):
        return jnp.sum(jax.scipy.special.gammaln(ALPHA)) + jnp.sum(jax.scipy.special.xlogy(ALPHA - 1, w))


    def straight_angle(x):
        return jnp.arccos(jnp.dot(x[0], x[1]) / (jnp.linalg.norm(x[0]) * jnp.linalg.norm(x[1])))
    """
)


def _jax_line(function, text):
    """``jax/_src/scipy/special.py:N``, N the line of ``function``'s source holding ``text``."""
    lines, first = inspect.getsourcelines(function)
    (offset,) = [k for k, line in enumerate(lines) if text in line]
    return f"jax/_src/scipy/special.py:{first + offset}"


def _findings(tmp_path, name, point, **options):
    path = tmp_path / "library_lines.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), **options).results
    return result, {(f.phase, f.gradcli_op or f.op): f for f in result.findings}


def test_spences_backward_nan_names_its_log_in_jaxs_special_py(tmp_path):
    """spence's gradient at 2 is NaN from JAX's untaken ``log(1 - x)``: the findings stay on the user's line and
    name spence, the NaN's at the line of that log in JAX's file, the wrong rule's as the library's own."""
    result, found = _findings(tmp_path, "dilog_sum", {"x": [2.0]})
    assert result.status == "wrong"
    log = found["backward", "log"]
    assert log.location.endswith("library_lines.py:6")
    where = _jax_line(jax_special._spence_calc, "jnp.log(1.0 - x)")
    assert f"the first NaN or inf of that pass, inside jax.scipy.special.spence, {where}" in log.message
    rule = found["backward", "gradient rule"]
    assert rule.location == log.location
    assert rule.message.endswith("(the framework's own rule of jax.scipy.special.spence ran on this line: the library's "
                                 "code, not the line's)")


def test_factorials_forward_pole_and_backward_nan_name_factorial_and_its_gammaln_line(tmp_path):
    """factorial(-3) is JAX's ``where(n < 0, 0, exp(gammaln(n + 1)))``: gammaln's pole in the forward pass and
    digamma's NaN in the backward pass both name factorial and its gammaln line (the verdict is no matter here:
    the exact reference is cut short)."""
    _, found = _findings(tmp_path, "factorial_sum", {"n": [-3.0, 2.0]}, max_time=1)
    inside = f", inside jax.scipy.special.factorial, {_jax_line(jax_special.factorial, 'lgamma(')}"
    assert inside in found["forward", "gammaln"].message
    assert inside + ". The value is finite because jax.scipy.special.factorial() did not select" in found["backward", "digamma"].message
    assert found["forward", "gammaln"].location.endswith("library_lines.py:10")


def _users_own(n):
    return jnp.sum(jnp.log(n * n + 1.0)) + jnp.sum(jax.scipy.special.factorial(n) + jax.scipy.special.kl_div(n, n + 1.0))


def test_an_operation_the_users_line_wrote_names_no_library():
    """The replayed steps carry the library's site only where a library wrote them: ``jnp.log`` on the user's
    line is the operation itself. A library function calling another (kl_div calls rel_entr) is named as the
    user called it, at the line inside the callee."""
    closed = jax.make_jaxpr(_users_own)(np.array([1.0, 2.0], dtype=np.float32))
    steps = compile_jaxpr(closed, "here:1").steps
    (log,) = [step for step in steps if step.name == "log"]
    (lgamma,) = [step for step in steps if step.name == "lgamma"]
    greater = [step for step in steps if step.name == "gt"]
    assert log.library is None
    assert lgamma.library == f"jax.scipy.special.factorial, {_jax_line(jax_special.factorial, 'lgamma(')}"
    assert greater[0].library == f"jax.scipy.special.kl_div, {_jax_line(jax_special.rel_entr, 'lax.gt(p, zero)')}"
    assert log.location == lgamma.location == greater[0].location


def test_a_library_function_of_a_constant_on_the_rules_line_is_not_named(tmp_path):
    """xlogy's rule gives NaN for w_0 = 0 (its slope is 0: 0 log w for every w); gammaln on the same line is of the
    constant ALPHA, off the gradient's path. JAX's backward graph runs gammaln again to feed nothing: no rule of
    gammaln's ran, so the wrong rule is not called the library's."""
    result, found = _findings(tmp_path, "dirichlet_log_prior", {"w": [0.0, 0.4, 0.6]})
    assert result.status == "wrong"
    rule = found["backward", "gradient rule"]
    assert rule.location.endswith("library_lines.py:17")
    assert "gammaln" not in rule.message, rule.message


def test_a_rule_of_the_lines_own_beside_a_library_functions_names_no_library(tmp_path):
    """arccos's rule at a cosine of -1 gives NaN (1 / sqrt(1 - c^2) = inf times 0); the norms on the same line are
    jax.numpy.linalg.norm's code, whose rules are sound there: the wrong rule is not called norm's."""
    result, found = _findings(tmp_path, "straight_angle", {"x": [[1.0, 0.0, 0.0], [-2.0, 0.0, 0.0]]})
    assert result.status == "wrong"
    rule = found["backward", "gradient rule"]
    assert rule.location.endswith("library_lines.py:21")
    assert "norm" not in rule.message and "framework's own rule" not in rule.message, rule.message
