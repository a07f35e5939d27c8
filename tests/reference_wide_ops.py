"""More ops for the reference's property campaign (`test_reference_property`), each written twice.

The library habits the first tables leave out: expm1 and log1p chains, integer
powers of negative bases, hypot, arctan2, maximum and clip where both sides
may tie, where on a comparison of two subtrees, and the reductions prod,
cumsum, mean, var and std (at near-constant data too) and SciPy's weighted
logsumexp. The oracle's form is independent mathematics on `Dual` numbers at
2,000 digits: var as the mean of the pairwise squared differences over 2, not
the mean of squared deviations; log1p(expm1(u)) as u; x**-2 as 1 / (x x).
"""

from __future__ import annotations

import mpmath
import numpy as np

import gradcli.numpy as gnp
from test_reference_property import (
    BINARY,
    EXTRA,
    REDUCTIONS,
    UNARY,
    VECTOR,
    Dual,
    Skip,
    _beyond,
    _const,
    _eps,
    _log,
    _log_sum_exp,
    _sqrt,
    _sum,
    composition,
    random_point,
)


def _expm1(a):
    _beyond(a)
    return a.chain(mpmath.expm1(a.value), mpmath.exp(a.value), 1)


def _pick(left, right, test_left, test_right):
    """left where test_left > test_right, else right; at a tie, either one only where both agree to the last partial."""
    if test_left.value == test_right.value:
        if left.value == right.value and all(a == b for a, b in zip(left.partials, right.partials)):
            return left
        raise Skip("a pick at its switch, where the sides' derivatives differ")
    return left if test_left.value > test_right.value else right


def _arctan2(y, x):
    if y.value == 0 and x.value <= 0:
        raise Skip("arctan2 on its cut or at the origin")
    e = _eps()
    r2 = x.value * x.value + y.value * y.value
    partials = [(x.value * dy - y.value * dx) / r2 for dy, dx in zip(y.partials, x.partials)]
    moved = abs(x.value) * y.error + abs(y.value) * x.error
    errors = [(abs(x.value) * ey + abs(y.value) * ex + abs(dy) * x.error + abs(dx) * y.error) / r2
              + abs(p) * (e + 4 * moved / r2 + 2 * (x.error + y.error) / mpmath.sqrt(r2))
              for dy, dx, ey, ex, p in zip(y.partials, x.partials, y.errors, x.errors, partials)]
    return Dual(mpmath.atan2(y.value, x.value), partials, errors, moved / r2 + abs(mpmath.atan2(y.value, x.value)) * e)


def _clip_oracle(a):
    n = len(a.partials)
    lo, hi = _const(-1, n), _const(1, n)
    return _pick(lo, _pick(hi, a, a, hi), lo, a)


def _pow_neg2_oracle(a):
    if a.value == 0:
        raise Skip("a pole")
    n = len(a.partials)
    return _const(1, n) / (a * a)


UNARY_WIDE = {
    "expm1": (gnp.expm1, _expm1),
    "log1p_expm1": (lambda a: gnp.log1p(gnp.expm1(a * a)), lambda a: a * a),
    "cube": (lambda a: a**3, lambda a: a * a * a),
    "pow_neg2": (lambda a: a**-2, _pow_neg2_oracle),
    "clip_unit": (lambda a: gnp.clip(a, -1.0, 1.0), _clip_oracle),
}

BINARY_WIDE = {
    "hypot": (gnp.hypot, lambda a, b: _sqrt(a * a + b * b)),
    "arctan2": (gnp.arctan2, _arctan2),
    "maximum": (gnp.maximum, lambda a, b: _pick(a, b, a, b)),
    "where_less": (lambda a, b: gnp.where(a < b, a * b, a + b), lambda a, b: _pick(a * b, a + b, b, a)),
}

WEIGHTS = (0.5, 2.0, 3.0)  # SciPy's b=: a weight per entry


def _weighted_lse_gradcli(v):
    # As SciPy writes logsumexp(v, b=w): shifted by the largest entry.
    m = gnp.max(v)
    return m + gnp.log(gnp.sum(np.array(WEIGHTS) * gnp.exp(v - m)))


def _weighted_lse_oracle(items):
    n = len(items[0].partials)
    logs = [mpmath.log(mpmath.mpf(w)) for w in WEIGHTS]
    return _log_sum_exp([item + Dual(log, [mpmath.mpf(0)] * n, None, abs(log) * _eps()) for item, log in zip(items, logs)])


def _product(items):
    total = items[0]
    for item in items[1:]:
        total = total * item
    return total


def _var_oracle(items):
    # The mean of the pairwise squared differences over 2: no mean is subtracted, so nothing cancels
    # at near-constant data but the differences themselves (exact in the inputs' floats).
    n = len(items)
    k = len(items[0].partials)
    pairs = [(items[i] - items[j]) * (items[i] - items[j]) for i in range(n) for j in range(i + 1, n)]
    return _sum(pairs) / _const(n * n, k)


def _std_oracle(items):
    return _sqrt(_var_oracle(items))


def _order_oracle(weights, tie_key=lambda d: d.value, order_key=lambda d: d.value):
    """The sum of ``weights[r]`` times the entry of rank r (ranks by ``order_key``: sorted by the mathematics,
    never by gradcli). Entries whose ``tie_key`` ties at ranks of unequal weights switch places under a
    perturbation: no derivative there unless they are one number with the same partials (Skip)."""

    def oracle(items):
        n = len(items[0].partials)
        order = sorted(range(len(items)), key=lambda i: order_key(items[i]))
        for r in range(len(order)):
            for t in range(r + 1, len(order)):
                a, b = items[order[r]], items[order[t]]
                if weights[r] == weights[t] or tie_key(a) != tie_key(b):
                    continue
                if a.value != b.value or any(p != q for p, q in zip(a.partials, b.partials)):
                    raise Skip("an order statistic at a tie it reads")
        return _sum([_const(w, n) * items[order[r]] for r, w in enumerate(weights) if w])

    return oracle


def _square_then_value(v):
    """A pick as np.lexsort orders: by v * v, ties (v and -v) by v; the middle one."""
    return v[gnp.lexsort((v, v * v))][1]


REDUCTIONS_WIDE = {
    "median": (gnp.median, _order_oracle((0, 1, 0))),
    "percentile25": (lambda v: gnp.percentile(v, 25), _order_oracle((0.5, 0.5, 0))),
    # NumPy's fraction is t = fl(2 * 0.9) - 1, not 0.8: the weights are 1 - t and t of that float, exactly.
    "quantile90": (lambda v: gnp.quantile(v, 0.9), _order_oracle((0, 1 - (mpmath.mpf(2 * 0.9) - 1), mpmath.mpf(2 * 0.9) - 1))),
    "lexsort_pick": (_square_then_value, _order_oracle((0, 1, 0), tie_key=lambda d: d.value * d.value,
                                                       order_key=lambda d: (d.value * d.value, d.value))),
    "prod": (gnp.prod, _product),
    "cumsum1": (lambda v: gnp.cumsum(v)[1], lambda items: items[0] + items[1]),
    "mean": (gnp.mean, lambda items: _sum(items) / _const(len(items), len(items[0].partials))),
    "var": (gnp.var, _var_oracle),
    "std": (gnp.std, _std_oracle),
    "weighted_lse": (_weighted_lse_gradcli, _weighted_lse_oracle),
    "log_prod_abs": (lambda v: gnp.sum(gnp.log(gnp.abs(v))), lambda items: _sum([_log(_abs_value(i)) for i in items])),
}


def _abs_value(a):
    if a.value == 0:
        raise Skip("abs at its kink")
    return a if a.value > 0 else _const(0, len(a.partials)) - a


def near_constant(rng):
    """A vector of VECTOR entries that agree to many digits (equal, a float apart, or 1e-15 .. 1e-8 apart):
    where var and std cancel."""
    c = rng.choice([1.0, -3.0, 1e200, 1e-200, 800.0, 5e-324])
    out = []
    for _ in range(VECTOR):
        kind = rng.random()
        if kind < 0.4:
            out.append(c)
        elif kind < 0.7:
            out.append(float(np.nextafter(c, rng.choice([np.inf, -np.inf]))))
        else:
            out.append(c * (1.0 + rng.choice([1.0, -1.0]) * 10.0 ** rng.uniform(-15, -8)))
    return np.array(out)


def wide_point(rng):
    """`random_point`, its vectors near-constant a third of the time."""
    point = random_point(rng)
    for k in (2, 3):
        if rng.random() < 1 / 3:
            point[k] = near_constant(rng)
    return point


def wide_composition(rng, depth, want="scalar"):
    """`composition` over the first tables and these together."""
    return composition(rng, depth, want, tables=WIDE_TABLES)


EXTRA["unary"].update(UNARY_WIDE)
EXTRA["binary"].update(BINARY_WIDE)
EXTRA["reduce"].update(REDUCTIONS_WIDE)
WIDE_TABLES = ({**UNARY, **UNARY_WIDE}, {**BINARY, **BINARY_WIDE}, {**REDUCTIONS, **REDUCTIONS_WIDE})
