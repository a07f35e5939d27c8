"""A sweep of a framework's function measures its bands against the mathematics, never against the user's rule.

A sweep checks a few points and fills the rest by their bands: each point's
numbers against a wider dtype's (longdouble for float64, float64 for float32).
For a JAX function that wider run is the captured forward graph replayed and
differentiated by gradcli's own rules, custom rules by their primal, as the
check's exact reference takes them (`vectorised.reference_columns`): a custom
rule off where it "does not matter" then shows in the bands, and the sweep's
verdicts there agree with checks at the same points.
"""

import math

import numpy as np
import pytest

import gradcli
from gradcli.checker.targets import resolve
from gradcli.sweep import vectorised

MODEL = '''\
import jax
import jax.numpy as jnp


@jax.custom_jvp
def log1mexp(x):
    return jnp.log1p(-jnp.exp(-x))


@log1mexp.defjvp
def log1mexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp(x), t * jnp.where(x > 20.0, jnp.exp(-x), 1.0 / jnp.expm1(x))  # the tail cut short


def tail(x):
    return log1mexp(x)


def tail_sum(x):
    return jnp.sum(log1mexp(x))  # a sum over the range: no one-call range replay, each point on its own


@jax.custom_vjp
def clipped(x):
    return x


def clipped_fwd(x):
    return x, None


def clipped_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clipped.defvjp(clipped_fwd, clipped_bwd)


def energy(x):
    return 3.0 * clipped(x) ** 2
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("primal") / "model.py"
    path.write_text(MODEL)
    return path


TAIL = np.array([2.0, 21.0, 22.0, 23.0, 30.0])


@pytest.mark.parametrize("name", ["tail", "tail_sum"])
@pytest.mark.parametrize("wide", [np.longdouble, np.float64])
def test_the_wider_reference_of_a_custom_jvp_is_the_primals_derivative(model, name, wide):
    resolved = resolve(f"{model}:{name}")
    values, grads, _ = vectorised.reference_columns(resolved, [TAIL.astype(wide)], ("x",))
    want = 1.0 / np.expm1(TAIL)  # d/dx log1p(-exp(-x)); the rule gives exp(-x) past 20, 7.6e-10 off at 21
    np.testing.assert_allclose(np.asarray(grads["x"], dtype=np.float64), want, rtol=1e-13)
    np.testing.assert_allclose(np.asarray(values, dtype=np.float64), np.log1p(-np.exp(-TAIL)), rtol=1e-13)
    # the framework's own numbers, in the sweep's working dtype, still follow the rule
    _, own, _ = vectorised.evaluate_columns(resolved, [TAIL], ("x",))
    np.testing.assert_allclose(own["x"][1:], np.where(TAIL > 20, np.exp(-TAIL), want)[1:], rtol=1e-13)


def test_the_one_call_range_replay_differentiates_the_primal(model):
    resolved = resolve(f"{model}:energy")
    xs = np.linspace(-2.0, 2.0, 9)
    got = resolved.bridge.replayed_range([xs.astype(np.longdouble)], np.longdouble)
    assert got is not None  # elementwise by construction: one call for the range
    values, (grads,) = got
    np.testing.assert_allclose(np.asarray(grads, dtype=np.float64), 6.0 * xs, rtol=1e-15)  # not clip(6x, -1, 1)
    assert resolved.bridge.replayed_range([np.linspace(0, 1, 3)[:, None]], np.float64) is None  # a point is no number


def _status_at(result, dtype, x):
    samples = result.dtypes[dtype].samples
    return samples.status[int(np.argmin(np.abs(samples.axes["x"] - x)))]


def test_a_sweep_over_a_custom_jvp_cut_in_its_tail_agrees_with_checks_there(model):
    result = gradcli.sweep(f"{model}:tail_sum", {"x": (1, 60, 60)}, dtypes=("float64",), fixes=False, max_time=math.inf)
    at = (5.0, 21.0, 22.0, 23.0, 40.0)
    checked = gradcli.check(f"{model}:tail_sum", [{"x": x} for x in at], dtypes=("float64",), fixes=False, max_time=math.inf)
    for x, point in zip(at, checked.results):
        assert _status_at(result, "float64", x) == point.status.value, x
    assert _status_at(result, "float64", 22.0) != "ok"


def test_a_sweep_over_a_custom_vjp_clipping_the_cotangent_is_wrong_only_where_it_clips(model):
    result = gradcli.sweep(f"{model}:energy", {"x": (-3, 3, 25)}, dtypes=("float32",), fixes=False, max_time=math.inf)
    samples = result.dtypes["float32"].samples
    for x, status in zip(samples.axes["x"], samples.status):
        if abs(x) > 0.2:
            assert status == "wrong", x
        elif abs(x) < 0.15:
            assert status == "ok", x
