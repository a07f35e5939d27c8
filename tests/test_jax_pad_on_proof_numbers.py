"""JAX's pad (cummax, cumsum and windows lower to it) replayed on the exact reference's numbers decides nothing.

`jax_ops._pad` skips the padding when its value is 0. Asked of a proof number (`arb_proof.Sym`) or a jet, "is it
0?" is a branch of the program, which the run records; a side's piece at a tie (max of 1 - p / cummax(p) at equal
prices, a drawdown of 0 everywhere) then decided more often than the side it was taken from, the proof of its 0
slopes was refused, and the point had no exact reference. The check is plain arithmetic on plain numbers alone.
"""

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import gradcli  # noqa: E402
from gradcli.capture.jax_ops import _plainly_zero  # noqa: E402


def drawdown(prices):
    return jnp.max(1.0 - prices / jax.lax.cummax(prices))


def test_a_drawdown_at_equal_prices_is_a_kink_of_max():
    (result,) = gradcli.check(drawdown, [dict(prices=np.array([100.0, 100.0, 100.0]))], dtypes=["float64"]).results
    assert result.status == "domain", (result.status, result.notes)
    assert result.exact_value == 0.0


def test_a_drawdown_off_the_tie_keeps_its_slopes():
    (result,) = gradcli.check(drawdown, [dict(prices=np.array([100.0, 80.0, 90.0]))], dtypes=["float64"]).results
    assert result.status == "ok"
    assert result.exact_gradient["prices"] == pytest.approx([0.8 / 100, -1 / 100, 0.0], rel=1e-12, abs=1e-300)


def test_only_plain_zeros_take_the_shortcut():
    from gradcli.autodiff import arb

    arb.enable()
    assert _plainly_zero(0.0) and _plainly_zero(np.zeros(3)) and _plainly_zero(np.float32(0))
    assert not _plainly_zero(-np.inf) and not _plainly_zero(np.array([0.0, 1.0]))
    decisions = arb.decisions
    arb.decisions = []
    try:
        assert not _plainly_zero(arb.Jet(arb.ARB(0)))  # a jet is asked nothing: no branch recorded
        assert arb.decisions == []
    finally:
        arb.decisions = decisions
