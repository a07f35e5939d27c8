"""Comparisons decided on proof numbers where balls overlap: what they cost, and what the replay trusts.

Where two balls overlap, `arb_proof` decides a comparison from the sign of the
exact difference of the quotients (`arb_proof_balls.sign_of`), evaluated at
doubling precision. More bits cannot help a difference that holds a fixed-radius
ball, nor one whose radius stopped shrinking, and each doubling is a pass the
check's budget must afford. `python_zero.decided` hands the decisions it took on
proof numbers to a replay on balls and jets, so it refuses decisions that the
balls do not take one for one.
"""

from __future__ import annotations

import pytest

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_proof, arb_proof_balls
from gradcli.checker import python_zero


@pytest.fixture
def evaluations(monkeypatch):
    """The precisions at which `sign_of` evaluated a quotient's ball, in order."""
    import flint

    arb_core.enable()
    saved = flint.ctx.prec
    flint.ctx.prec = 128
    seen, ball_of = [], arb_proof_balls.ball_of

    def counted(proof, q):
        seen.append(flint.ctx.prec)
        return ball_of(proof, q)

    monkeypatch.setattr(arb_proof_balls, "ball_of", counted)
    yield seen
    flint.ctx.prec = saved


def _unproven_zero():
    """arctan(1/2) + arctan(1/3) - arctan(1) as a proof number: 0 (Euler's), though no rule proves it, so its ball
    is around 0 at every precision (sin(pi) was one, until sin of a rational multiple of pi became exact)."""
    third = arb_proof.run("divide", arb_proof.lift(1.0), arb_proof.lift(3.0))
    both = arb_proof.run("add", arb_proof.run("arctan", arb_proof.lift(0.5)), arb_proof.run("arctan", third))
    return arb_proof.run("subtract", both, arb_proof.run("arctan", arb_proof.lift(1.0)))


def test_a_difference_that_holds_a_fixed_ball_is_evaluated_once(evaluations):
    fuzzy = arb_core.ARB("1 +/- 1e-30")  # an inexact constant of the program: a "ball" atom
    with arb_proof.session():
        x = arb_proof.run("multiply", arb_proof.lift(fuzzy), _unproven_zero())
        with pytest.raises(arb_core.Undecided):
            arb_proof.run("greater", x, 0.0)
    assert evaluations == [128]  # more bits leave the atom's radius as it is


def test_each_doubling_asks_the_budget_and_running_out_stops_the_comparison(evaluations):
    class Spent(BaseException):
        pass

    asked = []

    def afford(estimate):
        asked.append(estimate)
        if len(asked) == 3:
            raise Spent

    with arb_proof.session(afford):
        with pytest.raises(Spent):
            arb_proof.run("greater", _unproven_zero(), 0.0)
    assert evaluations == [128, 256, 512] and len(asked) == 3 and all(e >= 0 for e in asked)


def test_the_doubling_stops_where_the_radius_did_not_shrink(evaluations, monkeypatch):
    stuck = arb_core.ARB("0 +/- 1e-40")
    monkeypatch.setattr(arb_proof_balls, "ball_of", lambda proof, q: evaluations.append(0) or stuck)
    with arb_proof.session():
        with pytest.raises(arb_core.Undecided):
            arb_proof.run("greater", _unproven_zero(), 0.0)
    assert len(evaluations) == 2


def test_a_difference_with_a_sign_is_decided_exactly_where_the_balls_overlap(evaluations):
    with arb_proof.session():
        square = arb_proof.run("multiply", _unproven_zero(), _unproven_zero())
        above = arb_proof.run("add", _unproven_zero(), arb_proof.lift(2.0**-400))
        assert arb_proof.run("greater", above, _unproven_zero()) is True  # the difference is 2^-400 exactly
        assert arb_proof.run("less", square, square) is False  # a proven tie: no ball wanted
    assert evaluations == [128]  # one ball of 2^-400, whose sign is plain


def test_exact_slopes_evaluates_only_the_entries_asked_for(monkeypatch):
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    seen, ball_of = [], arb_proof.ball_of
    monkeypatch.setattr(arb_proof, "ball_of", lambda proof, q: seen.append(q) or ball_of(proof, q))
    slopes = python_zero.exact_slopes(lambda *a: _traced(lambda x, y: gnp.sin(x) * gnp.exp(y), a), [0.5, 0.25])
    entries = slopes([1])
    assert entries[0] is None and entries[1] is not None and len(seen) == 1
    assert abs(float(entries[1].mid()) - 0.479425538604203 * 1.2840254166877414) < 1e-12


def _two_faced(sym_decisions):
    """A program whose comparison overlaps on balls, and which decides ``sym_decisions`` times on proof numbers."""

    def run(x):
        if type(x) is arb_proof.Sym:
            for _ in range(sym_decisions):
                arb_core._decide(True, False)
        else:
            arb_core._decide(False, False)  # overlapping balls: Undecided unless the decision is forced
        return x

    return run


def test_decisions_the_balls_do_not_take_one_for_one_are_refused():
    arb_core.enable()
    x = arb_core.ARB(1.5)
    python_zero.decided(_two_faced(1), [x])
    assert arb_core.decisions == [True]  # aligned: the replay follows the proof run's branch
    for count in (2, 0):
        with pytest.raises(python_zero.Misaligned, match=f"{count} branches decided on proof numbers"):
            python_zero.decided(_two_faced(count), [x])


def test_decided_spends_the_checks_budget_on_its_exact_comparisons():
    from gradcli.checker.exact_python import _traced

    class Spent(BaseException):
        pass

    def afford(estimate):
        raise Spent

    arb_core.enable()
    # at x = 1/2: arctan(1/2) + arctan(1/3) - arctan(1) > 0, Euler's 0, undecided at every precision
    run = lambda *a: _traced(lambda x: gnp.where(  # noqa: E731
        gnp.arctan(x) + gnp.arctan(x / (4.0 * x - 0.5)) - gnp.arctan(2.0 * x) > 0.0, x, 2.0 * x), a)
    with pytest.raises(arb_core.Undecided):
        python_zero.decided(run, [arb_core.ARB(0.5)])
    with pytest.raises(Spent):
        python_zero.decided(run, [arb_core.ARB(0.5)], afford)
