"""SciPy's special functions, masks and order statistics for the reference's property campaign, each written twice.

The ops libraries reach for when they write numerics carefully: expit and
log_expit, ndtr and log_ndtr, erfcx, gammaln, spence, k0e and k1e, xlogy and
xlog1py at a squared (so possibly 0 or subnormal) argument, logsumexp with
SciPy's ``b=`` weights (one of them 0), softmax and log_softmax, norms of
order 1 and infinity, a where picking a constant, a median and a sort picking
among constant entries, and nan-aware reductions over a NaN-masked log or sqrt.
Each op has gradcli's spelling and, where a user of plain NumPy would write one,
its NumPy/SciPy text (`numpy_target` writes a module of it: the NumPy
substitution path). The oracle is independent mathematics on `Dual` numbers:
the normal tail by its asymptotic series where mpmath's erfc cannot go, erfcx's
slope by its series where 2 x erfcx - 2/sqrt(pi) cancels, the dilogarithm by
mpmath's polylog. mpmath takes tens of seconds for psi, besselk and polylog at
2,000 digits, so these functions' own values and slopes are taken at
`SPECIAL_DIGITS` and their rounding enters the Dual's running error bound: a
number that bound hides is beyond the oracle, never a pass or a failure.
"""

from __future__ import annotations

import hashlib
import pathlib
import tempfile

import mpmath
import numpy as np

import gradcli.numpy as gnp
import gradcli.scipy.special as gsp
from reference_wide_ops import _abs_value, _pick
from test_reference_property import (
    BINARY,
    EXTRA,
    POOL,
    REDUCTIONS,
    UNARY,
    VECTOR,
    OP_DIGITS,
    Dual,
    MoreDigits,
    Skip,
    _const,
    _eps,
    _exp,
    _log,
    _log1p,
    _log_softmax_oracle,
    _log_sum_exp,
    _sigmoid_oracle,
    _softplus_oracle,
    _sqrt,
    _sum,
    composition,
    random_point,
)

SPECIAL_DIGITS = 60


def _special(a, value_and_slope, bend, exponential=False):
    """f(a) from ``value_and_slope(t)`` -> (f(t), f'(t)) computed at `SPECIAL_DIGITS`, their rounding counted; an
    ``exponential`` f (e^(t^2/2) inside) gets the digits t^2 has before its point, so its exponent is exact enough."""
    if abs(a.value) > mpmath.mpf(10) ** 400:
        raise Skip("an argument whose special function has more digits than the campaign pays for")
    size = abs(a.value)
    digits = SPECIAL_DIGITS + OP_DIGITS[0]
    if exponential:
        digits += 2 * max(0, int(mpmath.log10(size + 1)))
        if 0 < size < 1:  # gammaln's -log u at u = e^-2e95: the digits of log u before its point
            digits += max(0, int(mpmath.log10(abs(mpmath.log(size)))))
    if 0 < size < 3 and a.value != mpmath.nint(a.value):
        # an argument near an integer (gammaln's zeros at 1 and 2, spence's at 1): 1 - 2e-300 is not 1 to its digits
        digits += min(1000, max(0, int(mpmath.log10(size / abs(a.value - mpmath.nint(a.value))))))
    with mpmath.workdps(digits):
        try:
            # rounded to these digits first: mpmath 1.3's log of a number with more bits than the precision, within
            # them of a power of 2, is the log of that deviation alone (log(0.25 + 2.5e-311) at 60 digits: 1e-310)
            value, slope = value_and_slope(+a.value)
        except (ValueError, OverflowError, ZeroDivisionError) as error:  # mpmath's own limits: no oracle here
            raise Skip(f"the oracle's mpmath fails here: {type(error).__name__}") from None
    if a.error and value and abs(slope) * a.error > mpmath.mpf(10) ** -(SPECIAL_DIGITS // 2) * abs(value):
        # the argument's own error moves the answer past its digits (a first-order bound of e^(t^2)'s exponent
        # error is no bound): the whole oracle again, each op at more digits
        raise MoreDigits(int(mpmath.log10(abs(slope) * a.error / abs(value))) + SPECIAL_DIGITS)
    out = a.chain(+value, +slope, bend)
    rounding = mpmath.mpf(10) ** (2 - digits)
    moved = size * rounding  # the argument's own rounding to these digits
    out.error += abs(value) * rounding + abs(slope) * moved
    out.errors = [e + abs(p) * (rounding + bend * moved) for e, p in zip(out.errors, out.partials)]
    return out


def _log_phi(t):
    """log Phi(t), the standard normal CDF, for t <= 0: by erfc, or by its asymptotic series far left."""
    if t > -1000:
        return mpmath.log(mpmath.erfc(-t / mpmath.sqrt(2)) / 2)
    # Phi(t) = phi(t)/|t| * sum (-1)^k (2k-1)!! / t^(2k); its terms shrink fast at |t| > 1000.
    total, term, k = mpmath.mpf(1), mpmath.mpf(1), 1
    while abs(term) > mpmath.eps:
        term *= -(2 * k - 1) / (t * t)
        total += term
        k += 1
    return -t * t / 2 - mpmath.log(-t) - mpmath.log(mpmath.sqrt(2 * mpmath.pi)) + mpmath.log(total)


def _log_pdf(t):
    return -t * t / 2 - mpmath.log(mpmath.sqrt(2 * mpmath.pi))


def _ndtr_parts(t):
    if t <= 0:
        return mpmath.exp(_log_phi(t)), mpmath.exp(_log_pdf(t))
    return -mpmath.expm1(_log_phi(-t)), mpmath.exp(_log_pdf(t))


def _log_ndtr_parts(t):
    log_cdf = _log_phi(t) if t <= 0 else mpmath.log1p(-mpmath.exp(_log_phi(-t)))
    return log_cdf, mpmath.exp(_log_pdf(t) - log_cdf)


def _erfcx_parts(t):
    # erfc(t) = 2 Phi(-t sqrt 2); far right the asymptotic series of erfcx and of its slope 2 t erfcx(t) - 2/sqrt(pi),
    # whose terms cancel, and between 0 and there the digits they cancel added.
    if t < 0:
        value = mpmath.exp(t * t) * (2 - 2 * mpmath.exp(_log_phi(t * mpmath.sqrt(2))))
        return value, 2 * t * value - 2 / mpmath.sqrt(mpmath.pi)
    if t < 1000:
        with mpmath.workdps(mpmath.mp.dps + 20 + 2 * int(mpmath.log10(t + 1))):
            value = 2 * mpmath.exp(t * t + _log_phi(-t * mpmath.sqrt(2)))
            return value, 2 * t * value - 2 / mpmath.sqrt(mpmath.pi)
    # erfcx(t) = 1/(t sqrt pi) sum_k (-1)^k (2k-1)!! / (2t^2)^k; its slope is 2/sqrt(pi) times the sum from k = 1.
    total, term, k = mpmath.mpf(0), mpmath.mpf(1), 1
    while k == 1 or abs(term) > mpmath.eps * abs(total):
        term *= -(2 * k - 1) / (2 * t * t)
        total += term
        k += 1
    return (1 + total) / (t * mpmath.sqrt(mpmath.pi)), 2 / mpmath.sqrt(mpmath.pi) * total


def _positive(u, name):
    if u.value <= 0:
        raise Skip(f"{name} at 0 (a pole or no derivative)")
    return u


def _spence_parts(u):
    slope = mpmath.mpf(-1) if u == 1 else mpmath.log(u) / (1 - u)
    return mpmath.polylog(2, 1 - u), slope


def _hankel(order, k):
    """The k-th coefficient of e^u K_order(u)'s expansion in 1/u, over sqrt(pi/(2u)): prod (4 order^2 - (2j-1)^2) / (k! 8^k)."""
    out = mpmath.mpf(1)
    for j in range(1, k + 1):
        out *= (4 * order * order - (2 * j - 1) ** 2) / mpmath.mpf(8 * j)
    return out


def _scaled_k(u, order):
    """e^u K_order(u) and its slope: mpmath's besselk with the digits the slope's terms cancel (~ their size / 2u),
    and far right the expansion in 1/u, its slope's terms differenced coefficient by coefficient."""
    if u < 1000:
        with mpmath.workdps(mpmath.mp.dps + 10 + max(0, int(mpmath.log10(u)))):
            scale = mpmath.exp(u)
            k0, k1 = mpmath.besselk(0, u) * scale, mpmath.besselk(1, u) * scale
            return (k0, k0 - k1) if order == 0 else (k1, k1 - k1 / u - k0)
    front = mpmath.sqrt(mpmath.pi / (2 * u))
    value = slope = mpmath.mpf(0)
    k = 0
    while True:
        a0, a1 = _hankel(0, k), _hankel(1, k)
        own = a0 if order == 0 else a1
        # (e^u K0)' = e^u (K0 - K1); (e^u K1)' = e^u (K1 - K1/u - K0)
        part = (a0 - a1) / u**k if order == 0 else (a1 - a0) / u**k - a1 / u ** (k + 1)
        value += own / u**k
        slope += part
        if k > 2 and abs(own / u**k) < mpmath.eps * abs(value) and abs(part) < mpmath.eps * abs(slope):
            return front * value, front * slope
        k += 1


def _squared_then(name, parts, large=False):
    """The op at a * a: its arguments 0 .. 1e600, tiny ones exact where float64 would make them subnormal; a
    ``large`` op (gammaln: u log u) gets the digits of its argument before its point, as an exponential one."""

    def oracle(a):
        u = _positive(a * a, name)
        return _special(u, parts, 1 / u.value + abs(u.value) + 2, exponential=large)

    return oracle


def _xlogy_oracle(a, b):
    y = b * b
    if y.value == 0:
        raise Skip("xlogy with y = 0: log y is -inf, its slope in x too")
    return a * _log(y)


def _xlog1py_oracle(a, b):
    return a * _log1p(b * b)


def _log_expit_oracle(a):
    n = len(a.partials)
    return _const(0, n) - _softplus_oracle(_const(0, n) - a)


def _relu_oracle(a):
    n = len(a.partials)
    return _pick(a, _const(0, n), a, _const(0, n))


def _where_above_oracle(a, b):
    n = len(a.partials)
    return _pick(a - b, _const(0, n), a, b)


UNARY_SPECIAL = {
    "expit": (gsp.expit, _sigmoid_oracle),
    "log_expit": (gsp.log_expit, _log_expit_oracle),
    "ndtr": (gsp.ndtr, lambda a: _special(a, _ndtr_parts, abs(a.value) + 2, exponential=True)),
    "log_ndtr": (gsp.log_ndtr, lambda a: _special(a, _log_ndtr_parts, abs(a.value) + 2, exponential=True)),
    "erfcx": (gsp.erfcx, lambda a: _special(a, _erfcx_parts, 2 * abs(a.value) + 4, exponential=True)),
    "gammaln_sq": (lambda a: gsp.gammaln(a * a),
                   _squared_then("gammaln", lambda u: (mpmath.loggamma(u), mpmath.psi(0, u)), large=True)),
    "spence_sq": (lambda a: gsp.spence(a * a), _squared_then("spence", _spence_parts)),
    "k0e_sq": (lambda a: gsp.k0e(a * a), _squared_then("k0e", lambda u: _scaled_k(u, 0))),
    "k1e_sq": (lambda a: gsp.k1e(a * a), _squared_then("k1e", lambda u: _scaled_k(u, 1))),
    "relu": (lambda a: gnp.where(a > 0, a, 0.0), _relu_oracle),
}

BINARY_SPECIAL = {
    "xlogy_sq": (lambda a, b: gsp.xlogy(a, b * b), _xlogy_oracle),
    "xlog1py_sq": (lambda a, b: gsp.xlog1py(a, b * b), _xlog1py_oracle),
    "where_above": (lambda a, b: gnp.where(a > b, a - b, 0.0), _where_above_oracle),
}

LSE_WEIGHTS = (0.5, 0.0, 3.0)  # SciPy's b=: a weight per entry, one of them dropping its entry


def _weighted_lse_oracle(items):
    n = len(items[0].partials)
    kept = [item + Dual(mpmath.log(mpmath.mpf(b)), [mpmath.mpf(0)] * n, None, abs(mpmath.log(mpmath.mpf(b))) * _eps())
            for item, b in zip(items, LSE_WEIGHTS) if b]
    return _log_sum_exp(kept)


def _ranked(constants, rank):
    """The entry of rank ``rank`` among the items and ``constants`` (sorted by value); a tie there with
    another number whose partials differ has no derivative (Skip)."""

    def oracle(items):
        n = len(items[0].partials)
        pool = list(items) + [_const(c, n) for c in constants]
        ordered = sorted(pool, key=lambda d: d.value)
        picked = ordered[rank]
        for other in ordered:
            # a tie, or two numbers closer than the oracle's own error in them (1.5 + 1.3e-113 beside 1.5 - 5e-160 with
            # erfcx taken at 60 digits): an order it cannot read
            close = abs(other.value - picked.value) <= other.error + picked.error
            if other is not picked and close and any(p != q for p, q in zip(other.partials, picked.partials)):
                raise Skip("an order statistic at a tie it reads, or at one its digits cannot part")
        return picked

    return oracle


def _masked(items, keep):
    if any(item.value == 0 for item in items):
        raise Skip("a mask at its switch (v = 0)")
    return [item for item in items if keep(item)]


def _nansum_log_oracle(items):
    kept = _masked(items, lambda d: d.value > 0)
    return _sum([_log(d) for d in kept]) if kept else _const(0, len(items[0].partials))


def _nanmean_log_oracle(items):
    kept = _masked(items, lambda d: d.value > 0)
    if not kept:
        raise Skip("the mean of no entries")
    return _sum([_log(d) for d in kept]) / _const(len(kept), len(items[0].partials))


def _nanmax_sqrt_oracle(items):
    kept = _masked(items, lambda d: d.value > 0)
    if not kept:
        raise Skip("the max of no entries")
    return _ranked((), len(kept) - 1)([_sqrt(d) for d in kept])


def _norm_inf_oracle(items):
    return _ranked((), VECTOR - 1)([_abs_value(d) for d in items])


REDUCTIONS_SPECIAL = {
    "lse_b": (lambda v: gsp.logsumexp(v, b=np.array(LSE_WEIGHTS)), _weighted_lse_oracle),
    "softmax1": (lambda v: gsp.softmax(v)[1], lambda items: _exp(_log_softmax_oracle(items)[1])),
    "log_softmax2": (lambda v: gsp.log_softmax(v)[2], lambda items: _log_softmax_oracle(items)[2]),
    "norm1": (lambda v: gnp.linalg.norm(v, 1), lambda items: _sum([_abs_value(d) for d in items])),
    "norm_inf": (lambda v: gnp.linalg.norm(v, np.inf), _norm_inf_oracle),
    "median_consts": (lambda v: gnp.median(gnp.concatenate([v, np.array([0.3, -1.0])])), _ranked((0.3, -1.0), 2)),
    "sort_const": (lambda v: gnp.sort(gnp.concatenate([v, np.array([0.3])]))[1], _ranked((0.3,), 1)),
    "nansum_log": (lambda v: gnp.nansum(gnp.where(v > 0, gnp.log(v), gnp.nan)), _nansum_log_oracle),
    "nanmean_log": (lambda v: gnp.nanmean(gnp.where(v > 0, gnp.log(v), gnp.nan)), _nanmean_log_oracle),
    "nanmax_sqrt": (lambda v: gnp.nanmax(gnp.where(v > 0, gnp.sqrt(v), gnp.nan)), _nanmax_sqrt_oracle),
}

# The same ops as a user of plain NumPy and SciPy writes them ({0}, {1}: the arguments' names).
NUMPY_TEXT = {
    "expit": "special.expit({0})",
    "log_expit": "special.log_expit({0})",
    "ndtr": "special.ndtr({0})",
    "log_ndtr": "special.log_ndtr({0})",
    "erfcx": "special.erfcx({0})",
    "gammaln_sq": "special.gammaln({0} * {0})",
    "spence_sq": "special.spence({0} * {0})",
    "k0e_sq": "special.k0e({0} * {0})",
    "k1e_sq": "special.k1e({0} * {0})",
    "relu": "np.where({0} > 0, {0}, 0.0)",
    "xlogy_sq": "special.xlogy({0}, {1} * {1})",
    "xlog1py_sq": "special.xlog1py({0}, {1} * {1})",
    "where_above": "np.where({0} > {1}, {0} - {1}, 0.0)",
    "lse_b": "special.logsumexp({0}, b=np.array(%r))" % (LSE_WEIGHTS,),
    "softmax1": "special.softmax({0})[1]",
    "log_softmax2": "special.log_softmax({0})[2]",
    "norm1": "np.linalg.norm({0}, 1)",
    "norm_inf": "np.linalg.norm({0}, np.inf)",
    "median_consts": "np.median(np.concatenate([{0}, np.array([0.3, -1.0])]))",
    "sort_const": "np.sort(np.concatenate([{0}, np.array([0.3])]))[1]",
    "nansum_log": "np.nansum(np.where({0} > 0, np.log({0}), np.nan))",
    "nanmean_log": "np.nanmean(np.where({0} > 0, np.log({0}), np.nan))",
    "nanmax_sqrt": "np.nanmax(np.where({0} > 0, np.sqrt({0}), np.nan))",
    # the first tables' ops a NumPy user writes the same way
    "add": "{0} + {1}",
    "subtract": "{0} - {1}",
    "multiply": "{0} * {1}",
    "divide": "{0} / (1.0 + {1} * {1})",
    "exp": "np.exp({0})",
    "sigmoid": "special.expit({0})",
    "softplus": "np.logaddexp({0}, 0.0)",
    "tanh": "np.tanh({0})",
    "square": "{0} * {0}",
    "negative": "-{0}",
    "abs": "np.abs({0})",
    "log1p_square": "np.log1p({0} * {0})",
    "hypot_one": "np.sqrt({0} * {0} + 1.0)",
    "logaddexp": "np.logaddexp({0}, {1})",
    "larger": "np.where({0} > {1}, {0}, {1})",
    "sum": "np.sum({0})",
    "logsumexp": "special.logsumexp({0})",
    "norm": "np.linalg.norm({0})",
    "cross_entropy": "{0}[0] - special.logsumexp({0})",
}

SPECIAL_TABLES = ({**UNARY, **UNARY_SPECIAL}, {**BINARY, **BINARY_SPECIAL}, {**REDUCTIONS, **REDUCTIONS_SPECIAL})
NUMPY_TABLES = tuple({name: op for name, op in table.items() if name in NUMPY_TEXT} for table in SPECIAL_TABLES)


def special_composition(rng, depth, want="scalar"):
    """`composition` over the first tables and these, a special op at the root more often than not."""
    if rng.random() < 0.6:
        kind = rng.choice(["unary", "binary", "reduce"])
        own = {"unary": UNARY_SPECIAL, "binary": BINARY_SPECIAL, "reduce": REDUCTIONS_SPECIAL}[kind]
        name = rng.choice(sorted(own))
        below = max(depth - 1, 0)
        if kind == "reduce":
            return ("reduce", name, composition(rng, below, "vector", SPECIAL_TABLES))
        args = [composition(rng, below, want, SPECIAL_TABLES) for _ in range(1 if kind == "unary" else 2)]
        return (kind, name, *args)
    return composition(rng, depth, want, tables=SPECIAL_TABLES)


def numpy_composition(rng, depth, want="scalar"):
    """`composition` over the ops with a NumPy spelling."""
    return composition(rng, depth, want, tables=NUMPY_TABLES)


# Numbers where these ops turn: spence's seams (0.5, 1.5, 2 and its 1), the constants the picks hold, the
# normal tail's asymptotic start, erfcx's cancellation, a square root of the smallest subnormal.
SPECIAL_POOL = POOL + [0.3, 1.0, 0.7071067811865476, 1.2247448713915890, 1.4142135623730951, -37.5, 27.0,
                       1e3, -1e5, 2.2227587494850775e-162, 1e-160]


def special_point(rng):
    """`random_point` with the special numbers, its vectors sometimes holding exact ties and zeros."""
    point = random_point(rng)
    for k in (0, 1):
        if rng.random() < 0.3:
            point[k] = rng.choice(SPECIAL_POOL)
    for k in (2, 3):
        roll = rng.random()
        if roll < 0.2:
            point[k][rng.randrange(VECTOR)] = point[k][rng.randrange(VECTOR)]  # an exact tie (or itself)
        elif roll < 0.3:
            point[k][rng.randrange(VECTOR)] = 0.0
        elif roll < 0.5:
            point[k][rng.randrange(VECTOR)] = rng.choice(SPECIAL_POOL)
    return point


def spelled_source(tree, texts, imports):
    """The composition as a module: its ``imports``, then one line per op as ``texts`` spells it (a user's way)."""
    lines = []

    def spell(node):
        if node[0] == "leaf":
            return node[1]
        names = [spell(child) for child in node[2:]]
        lines.append(f"    t{len(lines)} = " + texts[node[1]].format(*names))
        return f"t{len(lines) - 1}"

    result = spell(tree)
    body = "\n".join(lines) or "    pass"
    return f"{imports}\n\ndef composed(x, y, v, w):\n{body}\n    return {result}\n"


def numpy_source(tree):
    """The composition as a module of plain NumPy and SciPy: one line per op, as a user writes it."""
    return spelled_source(tree, NUMPY_TEXT, "import numpy as np\nfrom scipy import special\n")


_FOLDER = None


def numpy_target(tree):
    """The target text of `numpy_source`'s module, written to a folder of this run (one file per composition)."""
    global _FOLDER
    if _FOLDER is None:
        _FOLDER = pathlib.Path(tempfile.mkdtemp(prefix="gradcli-property-"))
    source = numpy_source(tree)
    path = _FOLDER / f"composed_{hashlib.sha1(source.encode()).hexdigest()[:12]}.py"
    path.write_text(source)
    return f"{path}:composed"


EXTRA["unary"].update(UNARY_SPECIAL)
EXTRA["binary"].update(BINARY_SPECIAL)
EXTRA["reduce"].update(REDUCTIONS_SPECIAL)
