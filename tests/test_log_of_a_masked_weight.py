"""The log of a weight a mask made 0 all around the point is -inf all around it: its inputs' slopes there are proven.

softmax(where(active, logits, -inf)) gives the masked component the weight exp(-inf) / sum = 0 for every value of
the inputs; log of it is -inf, and logsumexp(log w - m^2) leaves that entry out: m[2]'s slope is exactly 0. The
proof of that 0 met log at its pole and made an unknown, so with the logits seeded beside m the point had no exact
reference ("within 2e-2560 of 0 but not proven 0"), where JAX's NaN slopes in the logits (log's backward 0 / 0) are
`wrong`. An unknown at -inf that no seed moves off it (every derivative entry known) is now dropped by exp and
logsumexp as a mask's own -inf is.
"""

import numpy
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402

ACTIVE = numpy.array([True, True, False])
POINT = dict(logits=numpy.array([0.2, -0.1, 0.7]), m=numpy.array([0.3, 0.5, 1.0]))


def _truth():
    z = numpy.exp(POINT["logits"][:2] - POINT["m"][:2] ** 2)  # the terms w_k e^{-m_k^2}, w_k = e^{l_k} / S
    s = numpy.exp(POINT["logits"][:2])
    p, w = z / z.sum(), s / s.sum()
    return {"logits": [*(p - w), 0.0], "m": [*(-2 * POINT["m"][:2] * p), 0.0]}


def jax_masked(logits, m):
    w = jax.nn.softmax(jnp.where(ACTIVE, logits, -jnp.inf))
    return jax.nn.logsumexp(jnp.log(w) - m ** 2)


def numpy_masked(logits, m):
    e = gnp.exp(gnp.where(ACTIVE, logits, -gnp.inf))
    w = e / gnp.sum(e)
    return gnp.log(gnp.sum(gnp.exp(gnp.log(w) - m ** 2)))


def scipy_masked(logits, m):
    from gradcli.scipy.special import logsumexp

    e = gnp.exp(gnp.where(ACTIVE, logits, -gnp.inf))
    return logsumexp(gnp.log(e / gnp.sum(e)) - m ** 2)


@pytest.mark.parametrize("fun", [jax_masked, numpy_masked, scipy_masked])
def test_the_masked_components_slopes_are_proven_with_every_input_seeded(fun):
    (result,) = gradcli.check(fun, [POINT], dtypes=["float64"]).results
    assert result.status in ("wrong", "ok"), (result.status, result.notes)
    truth = _truth()
    for name in ("logits", "m"):
        assert [float(v) for v in result.exact_gradient[name]] == pytest.approx(truth[name], rel=1e-12, abs=1e-300)
    if fun is jax_masked:  # log's backward divides 0 by 0 in the masked entry
        assert result.status == "wrong" and numpy.isnan(result.gradient["logits"][:2]).all()
