"""JAX's precision modes: a check's traces in the default mode and under x64 keep JAX's caches, yet never share
a NumPy array's conversion (`capture.jax_modes.afresh`).

jaxlib keeps the conversion of a NumPy array to a constant for as long as
anything holds it (a cached trace of a jitted function), whatever the mode
that made it. A check traces the user's code in both modes; emptying every
JAX cache at each switch threw away the user's own compilations too. Only a
trace that JAX handed the other mode's conversion runs again with the caches
emptied.
"""

import jax
import jax.numpy as jnp
import numpy as np

import gradcli
from gradcli.capture import jax_modes

POINT = [0.5, -1.0, 2.0]


def test_a_function_without_numpy_arrays_leaves_the_users_compilations_alone():
    @jax.jit
    def users_step(v):
        return jnp.tanh(v) * 2.0

    users_step(jnp.ones(3))  # compiled in the user's own mode
    assert users_step._cache_size() == 1

    def loss(z):
        return jnp.sum(jnp.log1p(jnp.exp(z)) * 2.0)

    for dtypes in (("float32", "float64"), ("float64", "float32")):
        results = gradcli.check(loss, [{"z": POINT}], dtypes=dtypes, fixes=False).results
        assert [r.status for r in results] == ["ok", "ok"]
    assert users_step._cache_size() == 1  # not traced and compiled again after the checks


def test_a_users_own_run_between_two_checks_hands_no_float32_constant_to_a_float64_check():
    weights = np.array([1.0, 3.0, -2.0])  # a fresh array: JAX's conversions of it are this test's alone

    @jax.jit
    def scaled(z):
        return z * weights

    def loss(z):
        return jnp.sum(scaled(z) ** 2)

    want = 2 * weights**2 * np.array(POINT)
    for dtypes in (("float64",), ("float32", "float64"), ("float64",)):
        scaled(jnp.ones(3, jnp.float32))  # the user's own run in the default mode: JAX keeps weights in float32
        results = gradcli.check(loss, [{"z": POINT}], dtypes=dtypes, fixes=False).results
        assert [r.status for r in results] == ["ok"] * len(dtypes), [r.error for r in results]
        for r in results:
            got = np.array([float(g) for g in np.ravel(r.exact_gradient["z"])])
            assert np.all(np.abs(got - want) <= 1e-12 * np.abs(want).max())


def test_a_stale_conversion_is_told_by_its_dtype_however_deeply_nested():
    weights = np.array([1.0, 3.0, -2.0])
    inner = jax.jit(lambda z: z * weights)
    closed = jax.make_jaxpr(lambda z: jnp.sum(inner(z)))(jnp.ones(3, jnp.float32))  # default mode: float32
    assert jax_modes.other_modes_constant(closed, True)  # under x64 a float32 constant is the other mode's
    assert not jax_modes.other_modes_constant(closed, False)
    with jax.enable_x64(True):
        wide = jax.make_jaxpr(lambda z: jnp.sum(z * np.array(2.5)))(jnp.ones(3))  # a 0-d array: a literal
    assert jax_modes.other_modes_constant(wide, False)
    assert not jax_modes.other_modes_constant(wide, True)
    with jax.enable_x64(True):
        indexed = jax.make_jaxpr(lambda x: jnp.take_along_axis(x, jnp.array([1, 0, 2]), 0))(jnp.ones(3))
    assert not jax_modes.other_modes_constant(indexed, True)  # JAX's own int32 index literals are no conversion


def test_afresh_runs_again_with_the_caches_emptied_only_when_told_or_raised(monkeypatch):
    emptied = []
    monkeypatch.setattr(jax, "clear_caches", lambda: emptied.append(1))
    assert jax_modes.afresh(lambda: 1, lambda answer: False) == 1 and not emptied
    answers = iter([1, 2])
    assert jax_modes.afresh(lambda: next(answers), lambda answer: answer == 1) == 2 and len(emptied) == 1
    runs = iter([ValueError("stale"), 3])

    def run():
        found = next(runs)
        if isinstance(found, Exception):
            raise found
        return found

    assert jax_modes.afresh(run, lambda answer: False) == 3 and len(emptied) == 2


def _rules_reading_an_array(weights):
    """A custom_vjp and a custom_jvp function of ``sum((z * weights)**2)`` whose rules read ``weights`` too."""

    @jax.custom_vjp
    def by_vjp(z):
        return jnp.sum((z * weights) ** 2)

    by_vjp.defvjp(lambda z: (by_vjp(z), z * weights), lambda zw, g: (g * 2 * zw * weights,))

    @jax.custom_jvp
    def by_jvp(z):
        return jnp.sum((z * weights) ** 2)

    @by_jvp.defjvp
    def _(primals, tangents):
        (z,), (t,) = primals, tangents
        return by_jvp(z), jnp.sum(2 * z * weights * weights * t)

    return by_vjp, by_jvp


def test_a_custom_rule_reading_a_numpy_array_is_traced_in_each_mode_with_that_modes_conversion():
    weights = np.array([1.0, 3.0, -2.0])  # a fresh array: JAX's conversions of it are this test's alone
    scaled = jax.jit(lambda z: z * weights**2)
    want = 2 * weights**2 * np.array(POINT)
    for rule in _rules_reading_an_array(weights):
        def loss(z):
            return rule(z)

        for dtypes in (("float64",), ("float32", "float64"), ("float64", "float32")):
            assert scaled(jnp.ones(3, jnp.float32)).dtype == np.float32  # the user's own run, in the default mode
            results = gradcli.check(loss, [{"z": POINT}], dtypes=dtypes, fixes=False).results
            assert [r.status for r in results] == ["ok"] * len(dtypes), [r.error for r in results]
            for r in results:
                got = np.array([float(g) for g in np.ravel(r.exact_gradient["z"])])
                assert np.all(np.abs(got - want) <= 1e-12 * np.abs(want).max())
                own = np.ravel(np.asarray(r.gradient["z"], dtype=float))
                assert np.all(np.abs(own - want) <= 1e-5 * np.abs(want).max())


def test_a_0d_numpy_array_is_each_modes_own_number_and_the_users_run_after_keeps_float32():
    tenth = np.array(0.1)  # 0-d: JAX holds its conversion as a literal, not a constant

    def loss(z):
        return jnp.sum(jnp.exp(z * tenth))

    users_run = jax.jit(loss)
    want = 0.1 * np.exp(0.1 * np.array(POINT))  # float64's 0.1, not float32's 0.10000000149
    for dtypes in (("float32", "float64"), ("float64", "float32")):
        results = gradcli.check(loss, [{"z": POINT}], dtypes=dtypes, fixes=False).results
        assert [r.status for r in results] == ["ok", "ok"], [r.error for r in results]
        wide = next(r for r in results if r.dtype == "float64")
        got = np.array([float(g) for g in np.ravel(wide.gradient["z"])])
        assert np.all(np.abs(got - want) <= 1e-15 * np.abs(want).max())
        assert users_run(jnp.ones(3, jnp.float32)).dtype == np.float32  # the user's own default-mode run still lowers
