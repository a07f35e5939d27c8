"""JAX's library calls in gradcli's replay (issue 28): the steps of JAX's program whose results nobody reads are
not replayed (XLA drops them too), so a sweep of ``hyp2f1`` near z = -1 no longer sums the unused series of its
slopes in a, b and c; and a library call replayed as gradcli's own accurate function is named where JAX's own
value of that call is what lost the digits."""

import os

import mpmath
import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")

from gradcli.capture.jax_walk import compile_jaxpr  # noqa: E402

SOURCE = '''
import jax.numpy as jnp
from jax.scipy.special import hyp2f1, owens_t


def owen(h, a):
    return jnp.sum(owens_t(h, a))


def gauss(z):
    return hyp2f1(0.5, 2.0, 1.5, z)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("jax56") / "special56.py"
    path.write_text(SOURCE)
    return str(path)


def _gauss(z):
    from jax.scipy.special import hyp2f1

    return hyp2f1(0.5, 2.0, 1.5, z)


def test_the_slopes_jax_computes_and_never_reads_are_not_replayed():
    # JAX's value_and_grad of 2F1(1/2, 2; 3/2; z) sums the series of its slopes in a, b and c (three while loops)
    # and multiplies each by a 0 tangent it never reads; the replay keeps only what reaches the outputs
    with jax.enable_x64(True):
        closed = jax.make_jaxpr(jax.value_and_grad(_gauss))(-0.99)
    assert any(eqn.primitive.name == "jit" and "derivative" in eqn.params["name"] for eqn in closed.jaxpr.eqns)
    program = compile_jaxpr(closed, "special56.py:1")
    assert [step.name for step in program.steps if step.name == "while"] == []
    got_value, got_slope = program.run([np.float64(-0.99)])
    value = mpmath.hyp2f1(0.5, 2, 1.5, -0.99)
    slope = mpmath.hyp2f1(1.5, 3, 2.5, -0.99) * 2 / 3  # (ab/c) 2F1(a+1, b+1; c+1; z)
    assert abs(float(got_value) - value) < 1e-15 and abs(float(got_slope) - slope) < 1e-9 * slope
