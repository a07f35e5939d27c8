"""A framework graph's operations on constants alone are exact in the exact reference (trial finding T9).

``Normal(mu, 1e-200).log_prob(1e-199)``: the scale is a constant of the graph,
so ``scale ** 2`` meets no argument and a walker folds it when it captures the
graph, in float64, where it is 0. The replay in float64 keeps that 0 (it is
what the framework computes); the exact replay must not, or the exact value is
-inf and the verdict `domain` where the truth is `unstable` (d/dmu = 1e201).
"""

import runpy
import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb as arb_core
from gradcli.capture import exact_constants
from gradcli.capture.bridge import make_bridge

TF_NORMAL = """
import math
import tensorflow as tf


def normal_const(mu):
    scale = tf.constant(1e-200, dtype=mu.dtype)
    x = tf.constant(1e-199, dtype=mu.dtype)
    var = scale ** 2
    return tf.reduce_sum(-((x - mu) ** 2) / (2 * var) - tf.math.log(scale) - math.log(math.sqrt(2 * math.pi)))


def tiny_scales(mu):
    scales = tf.constant([1e-200, 3e-200], dtype=mu.dtype)
    return tf.reduce_sum(mu * 1e-300 / tf.reduce_sum(scales * scales))
"""

JAX_NORMAL = """
import jax.numpy as jnp
from jax.scipy.stats import norm


def normal_const(mu):
    return jnp.sum(norm.logpdf(jnp.float64(1e-199), mu, jnp.float64(1e-200)))


def tiny_scales(mu):
    scales = jnp.array([1e-200, 3e-200])
    return jnp.sum(mu * 1e-300 / jnp.sum(scales * scales))
"""

TORCH_NORMAL = """
import torch


def normal_const(mu):
    return torch.distributions.Normal(mu, 1e-200).log_prob(torch.tensor(1e-199, dtype=mu.dtype)).sum()


def tiny_scales(mu):
    scales = torch.tensor([1e-200, 3e-200], dtype=mu.dtype)
    return (mu * 1e-300 / (scales * scales).sum()).sum()
"""


def _normal_truth():
    """The log-density and its mu-derivative at mu = 0, from the float64 numbers the program holds, in mpmath."""
    with mpmath.workdps(50):
        x, s = mpmath.mpf(1e-199), mpmath.mpf(1e-200)
        value = -(x**2) / (2 * s**2) - mpmath.log(s) - mpmath.log(mpmath.sqrt(2 * mpmath.pi))
        return float(value), float(x / s**2)


def _file(tmp_path, text, name):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def _one(target, point):
    [result] = gradcli.check(target, [point], dtypes=("float64",)).results
    return result


SOURCES = {"tensorflow": TF_NORMAL, "jax": JAX_NORMAL, "torch": TORCH_NORMAL}


@pytest.mark.parametrize("framework", SOURCES)
def test_a_constant_tiny_scale_is_unstable_with_the_exact_gradient(tmp_path, framework):
    path = _file(tmp_path, SOURCES[framework], f"{framework}_normal.py")
    result = _one(f"{path}:normal_const", {"mu": 0.0})
    value, gradient = _normal_truth()
    assert result.status == "unstable"
    assert not np.isfinite(result.value)  # the framework's own: 1e-200 ** 2 is 0 in float64
    assert result.exact_value == pytest.approx(value, rel=1e-10, abs=0)
    assert result.exact_gradient["mu"] == pytest.approx(gradient, rel=1e-10, abs=0)


@pytest.mark.parametrize("framework", SOURCES)
def test_array_constants_reduced_alone_are_exact(tmp_path, framework):
    path = _file(tmp_path, SOURCES[framework], f"{framework}_scales.py")
    result = _one(f"{path}:tiny_scales", {"mu": 1.0})
    with mpmath.workdps(50):
        truth = mpmath.mpf(1e-300) / (mpmath.mpf(1e-200) ** 2 + mpmath.mpf(3e-200) ** 2)
    assert result.status == "unstable"
    assert result.exact_gradient["mu"] == pytest.approx(float(truth), rel=1e-10, abs=0)


@pytest.mark.parametrize("framework", SOURCES)
def test_the_replay_in_the_dtype_keeps_the_frameworks_constants_and_the_exact_one_does_not(tmp_path, framework):
    arb_core.enable()  # gradcli's primitives on mpmath numbers, as the exact reference has them
    path = _file(tmp_path, SOURCES[framework], f"{framework}_replay.py")
    bridge = make_bridge(framework, runpy.run_path(path)["normal_const"], "normal_const")
    with np.errstate(all="ignore"):
        assert not np.isfinite(float(bridge.forward(np.float64(0.0))))  # as the framework: scale ** 2 underflowed
    with mpmath.workdps(30):
        exact = bridge.forward(mpmath.mpf(0))
    assert float(exact) == pytest.approx(_normal_truth()[0], rel=1e-10, abs=0)


def test_lift_is_exact_for_balls_and_mpf():
    arb_core.enable()
    ball = exact_constants.lift(np.float64(1e-200), exact_constants.BALL)
    assert ball.is_exact() and ball == arb_core.ARB(1e-200)
    assert exact_constants.lift(np.float32(0.1), exact_constants.MP) == mpmath.mpf(float(np.float32(0.1)))
    lifted = exact_constants.lift(np.array([1e-200, 2.5]), exact_constants.MP)
    assert lifted.dtype == object and list(lifted) == [mpmath.mpf(1e-200), mpmath.mpf(2.5)]
    assert exact_constants.lift(np.array([1, 2]), exact_constants.MP).dtype.kind == "i"  # integers stay themselves


def test_kind_of_reads_the_replays_numbers():
    arb_core.enable()
    assert exact_constants.kind_of([np.float64(1.0), np.zeros(2)]) is None
    assert exact_constants.kind_of([mpmath.mpf(1)]) == exact_constants.MP
    assert exact_constants.kind_of([np.array([arb_core.ARB(1)], dtype=object)]) == exact_constants.BALL
    assert exact_constants.kind_of([arb_core.Jet(arb_core.ARB(1))]) == exact_constants.BALL
    assert exact_constants.kind_of([np.array([object()], dtype=object)]) is None  # a proof's symbols take floats as they are


def test_folds_run_again_at_each_precision_and_keep_integers():
    arb_core.enable()
    import flint

    folds = exact_constants.Folds()
    static = {"third": np.float64(1 / 3), "n": np.int32(3), "shape": np.array([2], np.int32)}
    folds.add(lambda ins: ins[0] * ins[0], ("third",), ("square",), [static["third"]])
    folds.add(lambda ins: ins[0] + 1, ("n",), ("n1",), [static["n"]])  # no float: exact already, not kept
    static.update(square=np.float64(1 / 9), n1=np.int32(4))
    assert len(folds.steps) == 1
    saved = flint.ctx.prec
    try:
        flint.ctx.prec = 64
        low = folds.exact(static, [arb_core.ARB(1)])["square"]
        flint.ctx.prec = 400
        high = folds.exact(static, [arb_core.ARB(1)])["square"]
    finally:
        flint.ctx.prec = saved
    third = arb_core.ARB(1 / 3)
    assert high.rad() < low.rad() and (third * third).overlaps(high)
    assert folds.exact(static, [np.float64(1.0)]) == {}  # the dtype's replay keeps the framework's numbers


@pytest.mark.parametrize("like", [mpmath.mpf(1), "ball"], ids=["mpmath", "ball"])
def test_a_float32_array_parameter_is_lifted_exactly(like):
    # a distribution's float32 parameter array inside a high-precision run: each entry its float32 value, exactly
    from gradcli.autodiff import ops

    arb_core.enable()
    like = arb_core.ARB(1) if like == "ball" else like
    entries = np.array([0.1, -2.5e-30, 3.0], dtype=np.float32)
    out = ops.lifted(entries, like)
    assert out.dtype == object and out.shape == (3,)
    for got, e in zip(out, entries):
        assert type(got) is type(like)
        assert got == type(like)(float(e))  # float(e) is the float32 value exactly; 0.1 as float64 is not it
    assert out[0] != type(like)(0.1)
