"""A rule's irrational constants (pi, 1/sqrt 2, log pi...) and the caller's plain numbers as balls.

`ops.constant` and `ops.lifted` ask `ball_math` where a value holds balls, jets
or proof numbers: each constant is then made at the working precision (a float,
or a ball made once at enable()'s bits, would hold the reference at 53 bits).
Beside proof numbers a constant is the exact number its expression names, over
the atoms pi, sqrt and log of the proof (`_ProofMath`): the 1/sqrt 2 of ndtr(x)
and of ndtr(-x) is one number, its square 1/2.
"""

from __future__ import annotations

import numpy as np

from . import arb_anchored as anchored
from . import arb_identities, arb_proof
from .arb_complex import ExactComplex
from . import ops

ARB = None  # flint.arb, bound by `bind`
_CTX = None  # flint.ctx (its precision)
_HIGH = ()  # the types that hold balls: arb, arb.Jet, arb_proof.Sym
_MADE = {}  # (name, bits) -> its ball: one ball per constant and precision, so proof numbers see one atom


def bind(arb, ctx, types):
    """Take flint's ball type, its context and the types a high-precision run computes on (from `arb.enable`)."""
    global ARB, _CTX, _HIGH
    ARB, _CTX, _HIGH = arb, ctx, tuple(types)


class _BallMath:
    """pi, Euler's gamma, e, sqrt and log on balls (the namespace `ops.CONSTANTS`' expressions are read in), constants
    and exact numbers."""

    @property
    def pi(self):
        return ARB.pi()

    @property
    def euler(self):
        return ARB.const_euler()

    @property
    def e(self):
        return ARB.const_e()

    @staticmethod
    def sqrt(x):
        return (x if isinstance(x, ARB) else ARB(x)).sqrt()

    @staticmethod
    def log(x):
        return (x if isinstance(x, ARB) else ARB(x)).log()

    @staticmethod
    def constant(name):
        return constant(name)

    @staticmethod
    def mpf(v):
        return anchored.exact_ball(v)


_BALL_MATH = _BallMath()


class _ProofMath(_BallMath):
    """pi, Euler's gamma, sqrt and log on proof numbers (`arb_proof.Sym`): a constant's expression read as the exact
    number it names, so two rules' 1/sqrt 2 meet as one number and identities through it (its square is 1/2) hold."""

    @property
    def pi(self):
        return arb_proof.Sym(ARB.pi(), arb_identities.pi())

    @property
    def euler(self):
        return arb_proof.Sym(ARB.const_euler(), arb_identities.euler())

    @property
    def e(self):
        return arb_proof.run("exp", 1)  # the exp of 1 that a formula's e and exp(x) at 1 are

    @staticmethod
    def sqrt(x):
        return arb_proof.run("sqrt", x)

    @staticmethod
    def log(x):
        return arb_proof.run("log", x)

    @staticmethod
    def constant(name):
        return ops.CONSTANTS[name](_PROOF_MATH)

    @staticmethod
    def mpf(v):
        """A float as a proof reads it: the binary rational it is, a proof number (a ball would leave the proof, a
        matrix of them no longer all proof numbers)."""
        return arb_proof.lift(v)


_PROOF_MATH = _ProofMath()


def constant(name):
    """The constant ``name`` of `ops.CONSTANTS` as a ball at the working precision."""
    key = (name, _CTX.prec)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = ops.CONSTANTS[name](_BALL_MATH)
    return found


def ball_math(value):
    """`ops.ball_math`: the balls' namespace where ``value`` holds balls, jets or proof numbers, else None."""
    entries = list(value.flat) if isinstance(value, np.ndarray) else [value]
    entries += [part for e in entries if type(e) is ExactComplex for part in (e.re, e.im)]  # a complex's parts
    if arb_proof.proving and any(type(e) is arb_proof.Sym for e in entries):
        return _PROOF_MATH
    return _BALL_MATH if any(isinstance(e, _HIGH) for e in entries) else None
