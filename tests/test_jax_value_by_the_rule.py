"""Where JAX's value_and_grad computes the value through a differentiation rule, the note says so, not XLA's rewrites.

jax.scipy.special.zeta(0.5, 1.0) is NaN (SciPy's convention below s = 1), jitted
or not, but value_and_grad gives -1.46: zeta's custom_jvp rule computes its
primal another way. The note blamed XLA's compilation and said an unjitted call
gives NaN. Now the function's forward program alone, jitted, is asked where the
compiled value and the replay are apart: where it agrees with the replay, the
note names the differentiation rule. A user's own custom_jvp whose rule returns
softplus for a log(1 + exp(x)) primal is read the same way; a real rewrite of
XLA's (exp(a) / exp(b) folded) keeps its note.
"""

import textwrap

import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import jax
    import jax.numpy as jnp
    import jax.scipy.special as jss


    def zeta_at_one(t):
        return jss.zeta(t, 1.0)


    @jax.custom_jvp
    def softplus_by_rule(x):
        return jnp.log(1 + jnp.exp(x))


    @softplus_by_rule.defjvp
    def _softplus_jvp(primals, tangents):
        x, = primals
        t, = tangents
        return jax.nn.softplus(x), jax.nn.sigmoid(x) * t


    def ratio_of_exps(a):
        return jnp.exp(a) / jnp.exp(a - 1.0)
''')

BY_THE_RULE = "JAX's value_and_grad computes the value otherwise than the function run alone"


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("by_rule") / "by_rule.py"
    path.write_text(SOURCE)
    return str(path)


def _notes(user_file, name, point, dtype):
    result, = gradcli.check(f"{user_file}:{name}", [point], dtypes=[dtype], fixes=False).results
    return result, " ".join(result.notes)


def test_zetas_value_through_its_rule_is_said_so(user_file):
    result, notes = _notes(user_file, "zeta_at_one", {"t": 0.5}, "float64")
    assert BY_THE_RULE in notes and "XLA rewrote" not in notes, notes
    assert "The function alone gives nan" in notes


def test_a_users_custom_jvp_primal_by_another_way_is_said_so(user_file):
    result, notes = _notes(user_file, "softplus_by_rule", {"x": 100.0}, "float32")
    assert result.value == 100.0
    assert BY_THE_RULE in notes and "The function alone gives inf" in notes, notes


def test_xlas_own_folding_keeps_its_note(user_file):
    result, notes = _notes(user_file, "ratio_of_exps", {"a": 800.0}, "float64")
    assert "XLA's compiled program computes otherwise" in notes and BY_THE_RULE not in notes, notes
