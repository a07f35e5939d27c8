"""JAX's library code as gradcli reads it: which ``stop_gradient`` equations are the user's own, and spence's
gradient at 1.

A stop is the user's where a frame of the user's calls ``lax.stop_gradient`` (directly or through a helper of
theirs). JAX makes others without that call: a ``custom_jvp``'s ``nondiff_argnums`` given a traced value, and
``lax.switch``'s batching inside a jitted piece (``jnp.piecewise``: spence, expi), whose equations keep only the
switch's frames; those are the library's, and the exact derivative differentiates through them as mathematics.
"""

from functools import partial

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax import lax

import gradcli
from gradcli.capture.jax_walk import _stopped_by_the_user


def _stops(jaxpr):
    """Every stop_gradient equation of ``jaxpr`` and of the programs inside it."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "stop_gradient":
            yield eqn
        for param in eqn.params.values():
            for inner in param if isinstance(param, (list, tuple)) else [param]:
                inner = getattr(inner, "jaxpr", inner)
                if hasattr(inner, "eqns"):
                    yield from _stops(inner)


def _decisions(function, *args):
    return [_stopped_by_the_user(eqn) for eqn in _stops(jax.make_jaxpr(function)(*args).jaxpr)]


X = jnp.array([0.5, 1.5, 3.0])


def _held(x):
    return lax.stop_gradient(x)


def test_the_users_own_stop_is_theirs_called_directly_or_through_a_helper_of_theirs():
    assert _decisions(lambda x: jnp.sum(x + lax.stop_gradient(jnp.round(x) - x)), X) == [True]
    assert _decisions(lambda x: jnp.sum(x * _held(x)), X) == [True]
    assert _decisions(jax.vmap(lambda v: v * lax.stop_gradient(v)), X) == [True]


def test_jax_stops_inside_piecewise_spence_and_expi_are_the_librarys():
    for function in (jss.spence, jss.expi, lambda x: jnp.piecewise(x, [x < 1], [jnp.exp, jax.jit(jnp.sqrt)])):
        decisions = _decisions(function, X)
        assert decisions and not any(decisions), decisions


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def _tempered(x, t):
    return jnp.exp(x / t)


@_tempered.defjvp
def _tempered_jvp(t, primals, tangents):
    (x,), (dx,) = primals, tangents
    return _tempered(x, t), _tempered(x, t) * dx / t


def test_the_stop_jax_puts_on_a_traced_nondiff_argument_is_the_librarys():
    assert _decisions(lambda x, t: jnp.sum(_tempered(x, t)), X, 2.0) == [False]


def test_a_vmapped_straight_through_estimator_is_held_as_the_user_wrote_it(tmp_path):
    """Under vmap JAX's batching rule binds the user's stop again by calling stop_gradient itself: the user's call
    is further out on the stack. Read as JAX's, round(x) - x would be differentiated and JAX's [0, 4] called wrong."""
    path = tmp_path / "ste.py"
    path.write_text("import jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n\ndef ste(x):\n"
                    "    return jnp.sum(jax.vmap(lambda v: v + lax.stop_gradient(jnp.round(v) - v))(x) ** 2)\n")
    (result,) = gradcli.check(f"{path}:ste", [{"x": [0.3, 1.7]}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", result.findings
    assert [float(g) for g in result.exact_gradient["x"]] == [0.0, 4.0]  # 2 round(x), held: exact small integers
    assert any("stop_gradient at ste.py:7: held constant" in note for note in result.notes), result.notes


def test_jaxs_spence_at_exactly_1_has_slope_0_where_the_dilogarithms_is_minus_1(tmp_path):
    """JAX's spence is a piecewise whose piece at x == 1 is the constant 0, so JAX's gradient there is 0; spence's
    slope log(x) / (1 - x) tends to -1. `wrong`, at the user's call of spence, against the exact -1."""
    path = tmp_path / "dilog.py"
    path.write_text("import jax.numpy as jnp\nfrom jax.scipy.special import spence\n\n\ndef dilog_sum(x):\n"
                    "    return jnp.sum(spence(x))\n")
    (result,) = gradcli.check(f"{path}:dilog_sum", [{"x": [1.0]}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "wrong"
    assert [float(g) for g in result.gradient["x"]] == [0.0]
    assert [float(g) for g in result.exact_gradient["x"]] == [-1.0]
    assert any(f.kind == "wrong-rule" and f.location == f"{path}:6" for f in result.findings), result.findings
