"""Ops for the property campaign whose library form and oracle form differ by an identity the proofs know.

Each is written as libraries write it (the stable log_sigmoid of JAX and
PyTorch, logsumexp shifted by its maximum, a norm scaled by its largest entry,
expm1 through half arguments, arcsin + arccos of a bounded number) and, for the
oracle, as the plain mathematics it equals (-softplus(-a), log(e^a + e^b),
sqrt(a^2 + b^2), expm1(a), pi/2). A composition whose derivative cancels through
one of them is a 0 only the identity proves; `--identities` draws them beside
the wide ops (`reference_wide_ops`).
"""

from __future__ import annotations

import mpmath

import gradcli.numpy as gnp
import reference_wide_ops as wide
from test_reference_property import EXTRA, Dual, Skip, _const, _log_sum_exp, _softplus_oracle, _sqrt, composition


def _log_sigmoid_gradcli(a):
    return gnp.minimum(a, 0) - gnp.log1p(gnp.exp(-gnp.abs(a)))


def _log_sigmoid_oracle(a):
    if a.value == 0:
        raise Skip("min and abs at their switch (the sum is smooth; the pieces are not)")
    n = len(a.partials)
    return _const(0, n) - _softplus_oracle(_const(0, n) - a)


def _expm1_halves_gradcli(a):
    return 2 * gnp.exp(a / 2) * gnp.sinh(a / 2)


def _right_angle_gradcli(a):
    t = gnp.tanh(a)
    return gnp.arcsin(t) + gnp.arccos(t)


def _right_angle_oracle(a):
    return Dual(mpmath.pi / 2, [mpmath.mpf(0)] * len(a.partials))


def _lse_shifted_gradcli(a, b):
    m = gnp.maximum(a, b)
    return m + gnp.log(gnp.exp(a - m) + gnp.exp(b - m))


def _lse_pair_oracle(a, b):
    if a.value == b.value:
        raise Skip("maximum at a tie")
    return _log_sum_exp([a, b])


def _scaled_norm_gradcli(a, b):
    m = gnp.maximum(gnp.abs(a), gnp.abs(b))
    return m * gnp.sqrt((a / m) ** 2 + (b / m) ** 2)


def _scaled_norm_oracle(a, b):
    if a.value == 0 or b.value == 0 or abs(a.value) == abs(b.value):
        raise Skip("abs at its kink, or maximum at a tie")
    return _sqrt(a * a + b * b)


UNARY_IDENTITIES = {
    "log_sigmoid": (_log_sigmoid_gradcli, _log_sigmoid_oracle),
    "expm1_halves": (_expm1_halves_gradcli, wide._expm1),
    "right_angle": (_right_angle_gradcli, _right_angle_oracle),
}

BINARY_IDENTITIES = {
    "lse_shifted": (_lse_shifted_gradcli, _lse_pair_oracle),
    "scaled_norm": (_scaled_norm_gradcli, _scaled_norm_oracle),
}


def identity_composition(rng, depth, want="scalar"):
    """`composition` over the wide tables and these together."""
    unary, binary, reductions = wide.WIDE_TABLES
    tables = ({**unary, **UNARY_IDENTITIES}, {**binary, **BINARY_IDENTITIES}, reductions)
    return composition(rng, depth, want, tables=tables)


EXTRA["unary"].update(UNARY_IDENTITIES)
EXTRA["binary"].update(BINARY_IDENTITIES)
