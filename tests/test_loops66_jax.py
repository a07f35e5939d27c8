"""A proof of 0 run through a JAX loop whose exact numbers lengthen every trip (a Riccati iteration in a
``lax.fori_loop``: each step's quotients gain bits) gives up after a few trips, and the balls settle the exact
gradient, which matches the Riccati recurrence differentiated by mpmath. Work is counted in proof operations, never
in seconds."""

import mpmath
import pytest

import gradcli
from gradcli.autodiff import arb_proof_quotients

jax = pytest.importorskip("jax")
jnp = jax.numpy

STEPS = 120  # enough that the gradient's first ball holds 0, so a proof of 0 is asked for
PROOF_QUOTIENTS = 5000


def lqr_trace(r):
    """trace P after STEPS Riccati steps of the double integrator, Q = I, R = r."""
    a = jnp.array([[1.0, 0.1], [0.0, 1.0]])
    b = jnp.array([[0.0], [0.1]])
    rm = jnp.reshape(r, (1, 1))

    def step(_, p):
        bpa = b.T @ p @ a
        return jnp.eye(2) + a.T @ p @ a - bpa.T @ jnp.linalg.solve(rm + b.T @ p @ b, bpa)

    return jnp.trace(jax.lax.fori_loop(0, STEPS, step, jnp.eye(2)))


def riccati_trace(r):
    """The same recurrence on mpmath numbers, written out entry by entry for a 1-input system."""
    a = mpmath.matrix([[1, mpmath.mpf("0.1")], [0, 1]])
    b = mpmath.matrix([[0], [mpmath.mpf("0.1")]])
    p = mpmath.eye(2)
    for _ in range(STEPS):
        bpa = b.T * p * a
        p = mpmath.eye(2) + a.T * p * a - bpa.T * bpa / (r + (b.T * p * b)[0, 0])
    return p[0, 0] + p[1, 1]


def test_a_riccati_loop_is_checked_against_its_recurrence_with_a_bounded_proof(monkeypatch):
    calls = []
    checked = arb_proof_quotients._checked

    def counted(q):
        calls.append(1)
        if len(calls) > PROOF_QUOTIENTS:  # cut short, so that an unbounded proof fails the test in seconds
            raise arb_proof_quotients.NoProof("the test's bound on a proof's work")
        return checked(q)

    monkeypatch.setattr(arb_proof_quotients, "_checked", counted)
    with jax.enable_x64(True):
        report = gradcli.check(lqr_trace, [{"r": 0.5}], dtypes=("float64",), fixes=False, framework="jax")
    (result,) = report.results
    with mpmath.workdps(40):
        truth = mpmath.diff(riccati_trace, mpmath.mpf("0.5"))
    assert result.status == "ok"
    assert float(result.exact_gradient["r"]) == pytest.approx(float(truth), rel=1e-12)
    # the proof of 0 was asked for and gave up within a few trips; through all of them it makes tens of thousands
    assert 0 < len(calls) <= PROOF_QUOTIENTS
