"""SciPy's modified Bessel function of the second kind ``kv`` (and ``kve``), Struve's ``struve``, Gauss's ``hyp2f1``,
Kummer's ``hyp1f1`` (a bridge's op: JAX's call of it) and Wright's generalised Bessel function ``wright_bessel``.

Each is a primitive whose value in a float dtype is SciPy's own number, whose
derivative in its last argument is a closed form over the same functions, and
whose exact reference is python-flint's ball (a proven enclosure) where flint
has the function and the ball is inside its real domain, else mpmath's.

An order or a parameter (kv's and struve's v, hyp2f1's, hyp1f1's and wright_bessel's a, b, c) has a
derivative of no closed form (a series of digamma terms for 2F1, an integral
for K_v): it is its own primitive (`parameter_slope`), a difference quotient of
mpmath's values at a precision holding the slope's own digits however far below
the value it is, and in a float dtype each entry the same at 94 bits rounded once. It is a first derivative only: a second one through it is
refused by name. The zeta functions' s (Hurwitz's ``zeta(s, q)``, Riemann's
``zeta(s)``, whose values are `ops_scipy`'s) has its slope here as mpmath's own derivative of their series.
"""

from __future__ import annotations

import numpy as np

from .core import defjvp, defvjp
from .ops import absolute, constant, equal, less, lifted, power, where
from .ops_array import unbroadcast
from .ops_scipy import (_BALLS, _JET_PARTIALS, _bessel_k_mp, _bessel_k_scaled_ball, _on_balls_too, _zeta_mp,
                        far_scaled_bessel_slope, hurwitz_zeta, rgamma, riemann_zeta, where_far_right)
from .ops_special import _scipy_function, mpmath_only
from .tracer import is_mp_value, primitive
from .values import float_dtype, in_input_dtype, loaded_mpmath, raw


def _scipy_primitive(name, nin, on_mpmath, first=0):
    """The primitive ``scipy.special.<name>`` of ``nin`` arguments: SciPy's number in the dtype of ``args[first:]``,
    flint's ball (`_BALLS`) or ``on_mpmath`` at high precision."""
    fun = in_input_dtype(_scipy_function(name), first)
    fun.nin = nin  # the catalogue reads the arity here, as on a ufunc
    return primitive(fun, name, mp=_on_balls_too(name, mpmath_only(name, on_mpmath)), kind="elementwise")


def _finite(ball, name):
    """``ball`` where flint answered a finite enclosure; else mpmath's path (flint's 1F2 is NaN past x ~ 1e3)."""
    if not ball.is_finite():
        raise ArithmeticError(f"no finite ball of {name} here")
    return ball


def _exact_mpf(mpmath, v):
    """A float of any dtype as the mpmath number it is (a longdouble's 64 bits too, at a precision that holds them)."""
    if isinstance(v, np.longdouble) and np.isfinite(v):
        numerator, denominator = v.as_integer_ratio()
        return mpmath.mpf(numerator) / denominator
    return mpmath.mpf(float(v))


def mpmath_entrywise(name, on_numbers, nin):
    """The primitive ``name`` of ``nin`` arguments computed by ``on_numbers`` on mpmath numbers: at the working
    precision in an exact run, in a float dtype each entry at 94 bits (the arguments read exactly, the answer rounded
    once), for numbers SciPy has no function of."""

    def on_floats(*args):
        mpmath = loaded_mpmath()
        dtype = float_dtype(*args)

        def entry(*values):
            with mpmath.workprec(94):
                answer = on_numbers(*(_exact_mpf(mpmath, v) for v in values))
                return np.longdouble(mpmath.nstr(answer, 25)) if dtype == np.longdouble else float(answer)

        arrays = np.broadcast_arrays(*(np.asarray(a) for a in args))
        with np.errstate(invalid="ignore"):  # a NaN entry is the answer outside the domain, not a fault
            return np.asarray(np.frompyfunc(entry, nin, 1)(*arrays)).astype(dtype)[()]

    on_floats.__name__ = name
    on_floats.nin = nin  # the catalogue reads the arity here, as on a ufunc
    return primitive(on_floats, name, mp=_on_balls_too(name, mpmath_only(name, on_numbers)), kind="elementwise")


def parameter_slope(name, on_mpmath, index, nin, argument, even=False):
    """The primitive d/d(argument ``index``, named ``argument``) of ``on_mpmath`` (``name``'s) of ``nin`` arguments:
    its central difference quotient at a precision that holds the slope's own digits (`central_slope`); 0 at 0 where
    the function is ``even`` in that argument (K_{-v} = K_v), whose two values a step apart agree in every bit."""

    def on_numbers(*args):
        mpmath = loaded_mpmath()
        if any(mpmath.isnan(a) for a in args):
            return mpmath.nan
        if even and args[index] == 0:
            return mpmath.mpf(0)

        def moved(t):
            return on_mpmath(*args[:index], t, *args[index + 1:])

        return central_slope(mpmath, moved, args[index])

    return mpmath_entrywise(f"{name}_slope_{argument}", on_numbers, nin)


_SLOPE_GUARD_BITS = 20  # digits of the difference beyond the precision's, against a few units in the values' last place
# A slope whose two values still agree at this many bits beyond twice the precision is below 2^-2100 of the value:
# 0 to float64 for any value float64 holds.
_SLOPE_MOST_BITS = 2200


def central_slope(mpmath, f, x):
    """f'(x) at the working precision p by (f(x + h) - f(x - h)) / 2h, h = 2^-(p + 10), mpmath's own step.

    The two values agree in their leading bits by as many as the slope is below the value (log2 |f / f'|) plus
    p + 10, the step's: a slope 2^-300 of its value (hyp2f1(a, b; c; z) in a at z = 1e-90 is 1 + a b z / c) is lost
    to a difference taken at mpmath.diff's 2p + 40 bits. So the values are taken at a precision holding p + 20
    bits of their difference, measured on a first try and raised until it does; where the values agree in every bit
    held, the precision doubles, and a difference still 0 at `_SLOPE_MOST_BITS` more than 2p is a slope of 0."""
    p = mpmath.mp.prec
    step_bits = p + 10
    # x + h held exactly, however large x is (an infinite one's values are NaN or infinite, taken as they are)
    bits = 2 * p + 2 * _SLOPE_GUARD_BITS + (max(0, int(mpmath.mag(x))) if mpmath.isfinite(x) and x else 0)
    while True:
        with mpmath.workprec(bits):
            h = mpmath.ldexp(1, -step_bits)
            up, down = f(x + h), f(x - h)
            difference = up - down
            quotient = difference / (2 * h)
            if not (mpmath.isfinite(up) and mpmath.isfinite(down)) or (not up and not down):
                break  # NaN, an infinity, or a function 0 on both sides: the quotient as it is
            cancelled = int(mpmath.mag(max(abs(up), abs(down)))) - int(mpmath.mag(difference)) if difference else bits
            held = bits - cancelled
        if held >= p + _SLOPE_GUARD_BITS:
            break
        if bits >= 2 * p + _SLOPE_MOST_BITS:
            return +quotient if held >= _SLOPE_GUARD_BITS else mpmath.mpf(0)  # below 2^-2100 of the value
        bits = min(2 * bits if held < _SLOPE_GUARD_BITS else cancelled + p + 2 * _SLOPE_GUARD_BITS,
                   2 * p + _SLOPE_MOST_BITS)
    return +quotient


# -- K_v and e^x K_v -----------------------------------------------------------------------------------------------

def _kv_mp(v, x):
    """K_v(x) on mpmath numbers x > 0 (its pole at 0), NaN left of 0 as SciPy's, where K_v is complex."""
    return _bessel_k_mp(v, x, scaled=False)


def _kve_mp(v, x):
    """e^x K_v(x), as `_kv_mp`."""
    return _bessel_k_mp(v, x, scaled=True)


# On balls through e^x K_v(x), which falls in x for every real order (ops_scipy's enclosure of a ball with a radius
# by its two ends, and its guard against flint's minutes-long bessel_k at x near a fraction of the working bits).
_BALLS.update({
    "kv": lambda v, x: _bessel_k_scaled_ball(v, x) * (-x).exp(),
    "kve": lambda v, x: _bessel_k_scaled_ball(v, x),
})
_JET_PARTIALS.update({
    "kv": (None, lambda answer, v, x: -(_BALLS["kv"](v - 1, x) + _BALLS["kv"](v + 1, x)) / 2),
    "kve": (None, lambda answer, v, x: answer - (_BALLS["kve"](v - 1, x) + _BALLS["kve"](v + 1, x)) / 2),
})

# K_v(x) and e^x K_v(x) for a real order v, x > 0.
kv = _scipy_primitive("kv", 2, _kv_mp, first=1)
kve = _scipy_primitive("kve", 2, _kve_mp, first=1)


# K_v' = -(K_{v-1} + K_{v+1}) / 2; the scale's slope is the value itself.
def _kv_slope(v, x):
    return -(kv(v - 1, x) + kv(v + 1, x)) / 2


def _kve_slope(ans, v, x):
    # far right, where the recurrence form cancels, the large-x series' slope
    return where_far_right(v, x, ans - (kve(v - 1, x) + kve(v + 1, x)) / 2,
                           lambda at: far_scaled_bessel_slope(v, at, False))


kv_slope_order = parameter_slope("kv", _kv_mp, 0, 2, "v", even=True)
kve_slope_order = parameter_slope("kve", _kve_mp, 0, 2, "v", even=True)
defvjp(kv, lambda g, ans, v, x: unbroadcast(g * kv_slope_order(v, x), v),
       lambda g, ans, v, x: unbroadcast(g * _kv_slope(v, x), x))
defjvp(kv, lambda t, ans, v, x: t * kv_slope_order(v, x), lambda t, ans, v, x: t * _kv_slope(v, x))
defvjp(kve, lambda g, ans, v, x: unbroadcast(g * kve_slope_order(v, x), v),
       lambda g, ans, v, x: unbroadcast(g * _kve_slope(ans, v, x), x))
defjvp(kve, lambda t, ans, v, x: t * kve_slope_order(v, x), lambda t, ans, v, x: t * _kve_slope(ans, v, x))


# -- Struve's H_v --------------------------------------------------------------------------------------------------

def _struve_mp(v, x):
    """H_v(x) by mpmath; left of 0 H_v(-x) = (-1)^(v+1) H_v(x) for a whole order, NaN for any other (SciPy's)."""
    mpmath = loaded_mpmath()
    if x < 0 and not mpmath.isint(v):
        return mpmath.nan
    return mpmath.struveh(v, x)


def _struve_ball(v, x):
    """H_v(x) = (x/2)^(v+1) 1F2(1; 3/2, v + 3/2; -x^2/4) / (Gamma(3/2) Gamma(v + 3/2)) on balls proven right of 0,
    the regularised 1F2 taking Gamma's poles; elsewhere (and where flint's series has no digits) mpmath's path."""
    if not x > 0:
        raise ArithmeticError("struve's ball not proven > 0")
    series = (-(x * x) / 4).hypgeom([1], [type(x)(3) / 2, v + type(x)(3) / 2], regularized=True)
    return _finite((x / 2) ** (v + 1) * series, "struve")


def _struve_source(v, x):
    """(x/2)^v / (sqrt(pi) Gamma(v + 3/2)), the term by which H_v's recurrences differ from the Bessel functions'."""
    v = lifted(v, x)
    return power(x / 2, v) * rgamma(v + 1.5) * constant("1/sqrt(pi)", x)


_BALLS["struve"] = _struve_ball
_JET_PARTIALS["struve"] = (None, lambda answer, v, x: (_struve_ball(v - 1, x) - _struve_ball(v + 1, x)) / 2
                           + (x / 2) ** v / (2 * type(x).pi().sqrt() * (v + type(x)(3) / 2).gamma()))

# Struve's function H_v(x), real order v.
struve = _scipy_primitive("struve", 2, _struve_mp, first=1)


# H_{v-1} - H_{v+1} = 2 H_v' - (x/2)^v / (sqrt(pi) Gamma(v + 3/2)) (DLMF 11.4.23): no division by x, finite at 0.
def _struve_slope(v, x):
    """H_v'(x): the recurrence form above, and near 0 (`_struve_near_0`) H_v's power series differentiated term by
    term, where the recurrence's terms cancel (H_{-2}(x) and the source term are both 2/(pi x) for v = -1: at
    x = 1e-300 the slope -4e-301 came out -8e285) and SciPy's own H_{v-1} fails (struve(-1, 5e-324) is NaN)."""
    near, terms = _struve_near_0(v, x)
    if near is None:
        return (struve(v - 1, x) - struve(v + 1, x) + _struve_source(v, x)) / 2
    away = where(near, 1.0, x)  # each branch finite where the other is taken
    recurrence = (struve(v - 1, away) - struve(v + 1, away) + _struve_source(v, away)) / 2
    return where(near, _struve_series_slope(v, where(near, x, 1e-30), terms), recurrence)


def _struve_near_0(v, x):
    """(where x is near 0, how many terms of the series then reach the working precision); None in place of the
    first where no entry is near. In a float dtype |x| < 1e-3, each term (x/2)^2 = 2.5e-7 of the last or less, so 4 terms reach 1e-26;
    for a negative order, whose recurrence cancels as x^v grows (9 digits at v = -1, x = 1e-3), |x| < 1 with 12
    terms (each a quarter of the last over (k + 3/2)(k + v + 3/2) or less: 1e-20). On mpmath numbers |x| < 1e-20,
    each term 130 bits below the last, as many as the precision takes."""
    if is_mp_value(raw(x)):
        near = less(absolute(x), 1e-20)
        return near if np.any(raw(near)) else None, loaded_mpmath().mp.prec // 130 + 2
    negative = np.any(np.asarray(raw(v)) < 0)
    near = less(absolute(x), where(less(v, 0), 1.0, 1e-3))
    return near if np.any(raw(near)) else None, 12 if negative else 4


def _struve_series_slope(v, x, terms):
    """d/dx of H_v(x) = sum_k (-1)^k (x/2)^(2k+v+1) / (Gamma(k + 3/2) Gamma(k + v + 3/2)), term by term: (x/2)^e
    as x^e 2^-e, since x/2 rounds a subnormal x's last bit away (sqrt(5e-324 / 2) is 0); 1/Gamma(k + 3/2) is
    2^(k+1) / ((2k+1)!! sqrt(pi)), and 1/Gamma(k + v + 3/2) is 0 at its poles, where a later term leads."""
    v = lifted(v, x)
    total, odd_factorial = 0, 1  # (2k+1)!!, a Python int: exact on every path
    for k in range(terms):
        exponent = v + 2 * k
        factor = (exponent + 1) / 2 * rgamma(v + (k + 1.5)) * 2 ** (k + 1) / odd_factorial
        # a term whose factor is 0 (v = -1's first, 1/Gamma's poles) is 0, though x^e overflows (x = 1e-310)
        term = where(equal(factor, 0), 0.0, factor * power(x, exponent) * power(0.5, exponent))
        total = total + (term if k % 2 == 0 else -term)
        odd_factorial *= 2 * k + 3
    return total * constant("1/sqrt(pi)", x)


struve_slope_order = parameter_slope("struve", _struve_mp, 0, 2, "v")
defvjp(struve, lambda g, ans, v, x: unbroadcast(g * struve_slope_order(v, x), v),
       lambda g, ans, v, x: unbroadcast(g * _struve_slope(v, x), x))
defjvp(struve, lambda t, ans, v, x: t * struve_slope_order(v, x), lambda t, ans, v, x: t * _struve_slope(v, x))


# -- Gauss's 2F1 ---------------------------------------------------------------------------------------------------

def _hyp2f1_mp(a, b, c, z):
    """2F1(a, b; c; z) on z <= 1 (the analytic continuation left of -1 included); right of 1 it is complex: NaN. At a
    pole (c a whole number <= 0) or at z = 1 where the series diverges, the infinity SciPy answers."""
    mpmath = loaded_mpmath()
    if z > 1:
        return mpmath.nan
    try:
        return mpmath.hyp2f1(a, b, c, z)
    except (ZeroDivisionError, ValueError):
        return mpmath.inf


def _hyp2f1_ball(a, b, c, z):
    """2F1 on balls proven left of 1 (flint continues it past -1 itself); elsewhere mpmath's path."""
    if not z < 1:
        raise ArithmeticError("hyp2f1's ball not proven < 1")
    return _finite(z.hypgeom_2f1(a, b, c), "hyp2f1")


_BALLS["hyp2f1"] = _hyp2f1_ball
_JET_PARTIALS["hyp2f1"] = (None, None, None, lambda answer, a, b, c, z: a * b / c * _hyp2f1_ball(a + 1, b + 1, c + 1, z))

# The hypergeometric function 2F1(a, b; c; z), real arguments, z <= 1.
hyp2f1 = _scipy_primitive("hyp2f1", 4, _hyp2f1_mp)


def _hyp2f1_slope(a, b, c, z):
    """d/dz 2F1(a, b; c; z) = a b / c 2F1(a + 1, b + 1; c + 1; z)."""
    a, b, c = lifted(a, z), lifted(b, z), lifted(c, z)
    return a * b / c * hyp2f1(a + 1, b + 1, c + 1, z)


hyp2f1_slope_a, hyp2f1_slope_b, hyp2f1_slope_c = (parameter_slope("hyp2f1", _hyp2f1_mp, k, 4, name) for k, name in enumerate("abc"))


def _hyp2f1_vjp(slope, index):
    return lambda g, ans, a, b, c, z: unbroadcast(g * slope(a, b, c, z), (a, b, c, z)[index])


def _hyp2f1_jvp(slope):
    return lambda t, ans, a, b, c, z: t * slope(a, b, c, z)


defvjp(hyp2f1, _hyp2f1_vjp(hyp2f1_slope_a, 0), _hyp2f1_vjp(hyp2f1_slope_b, 1), _hyp2f1_vjp(hyp2f1_slope_c, 2),
       lambda g, ans, a, b, c, z: unbroadcast(g * _hyp2f1_slope(a, b, c, z), z))
defjvp(hyp2f1, _hyp2f1_jvp(hyp2f1_slope_a), _hyp2f1_jvp(hyp2f1_slope_b), _hyp2f1_jvp(hyp2f1_slope_c),
       lambda t, ans, a, b, c, z: t * _hyp2f1_slope(a, b, c, z))


# -- Kummer's 1F1 --------------------------------------------------------------------------------------------------

def _hyp1f1_mp(a, b, x):
    """1F1(a; b; x), Kummer's M, real arguments; at a pole (b a whole number <= 0) the infinity SciPy answers."""
    mpmath = loaded_mpmath()
    try:
        return mpmath.hyp1f1(a, b, x)
    except (ZeroDivisionError, ValueError):
        return mpmath.inf


_BALLS["hyp1f1"] = lambda a, b, x: _finite(x.hypgeom_1f1(a, b), "hyp1f1")
_JET_PARTIALS["hyp1f1"] = (None, None, lambda answer, a, b, x: a / b * _BALLS["hyp1f1"](a + 1, b + 1, x))

# The confluent hypergeometric function 1F1(a; b; x), which a bridge's call of its framework's own (JAX's
# jax.scipy.special.hyp1f1) replays: the mathematics that call approximates by a series or an asymptotic form.
hyp1f1 = _scipy_primitive("hyp1f1", 3, _hyp1f1_mp)


def _hyp1f1_slope(a, b, x):
    """d/dx 1F1(a; b; x) = a / b 1F1(a + 1; b + 1; x)."""
    a, b = lifted(a, x), lifted(b, x)
    return a / b * hyp1f1(a + 1, b + 1, x)


hyp1f1_slope_a, hyp1f1_slope_b = (parameter_slope("hyp1f1", _hyp1f1_mp, k, 3, name) for k, name in enumerate("ab"))
defvjp(hyp1f1, lambda g, ans, a, b, x: unbroadcast(g * hyp1f1_slope_a(a, b, x), a),
       lambda g, ans, a, b, x: unbroadcast(g * hyp1f1_slope_b(a, b, x), b),
       lambda g, ans, a, b, x: unbroadcast(g * _hyp1f1_slope(a, b, x), x))
defjvp(hyp1f1, lambda t, ans, a, b, x: t * hyp1f1_slope_a(a, b, x), lambda t, ans, a, b, x: t * hyp1f1_slope_b(a, b, x),
       lambda t, ans, a, b, x: t * _hyp1f1_slope(a, b, x))


# -- zeta in s -----------------------------------------------------------------------------------------------------

# Hurwitz's zeta(s, q) and Riemann's zeta(s) in s: mpmath's derivative of the series (no closed form); in q,
# -s zeta(s + 1, q).
def _hurwitz_zeta_slope_mp(s, q):
    """d/ds zeta(s, q) = -sum log(n + q) (n + q)^-s, by mpmath's own derivative of the series where SciPy defines
    zeta; a difference of values would lose it where zeta(s, q) is its first term q^-s to 2^-s (at s = 300 the slope
    3.4e-91 of zeta(300) = 1 + 2^-300). At the pole and outside the domain, the difference of SciPy's values there."""
    mpmath = loaded_mpmath()
    if any(mpmath.isnan(a) for a in (s, q)):
        return mpmath.nan
    if not (s > 1 and q > 0):
        return mpmath.diff(lambda t: _zeta_mp(t, q), s)
    return mpmath.zeta(s, q, 1)


hurwitz_zeta_slope_s = mpmath_entrywise("zeta_slope_s", _hurwitz_zeta_slope_mp, 2)


def _riemann_zeta_slope_mp(s):
    """zeta'(s) by mpmath's own derivative of the continued zeta; -inf at the pole, approached as -1/(s - 1)^2."""
    mpmath = loaded_mpmath()
    if mpmath.isnan(s):
        return mpmath.nan
    return -mpmath.inf if s == 1 else mpmath.zeta(s, 1, 1)


riemann_zeta_slope_s = mpmath_entrywise("riemann_zeta_slope_s", _riemann_zeta_slope_mp, 1)

defvjp(hurwitz_zeta, lambda g, ans, s, q: unbroadcast(g * hurwitz_zeta_slope_s(s, q), s),
       lambda g, ans, s, q: unbroadcast(-g * s * hurwitz_zeta(s + 1, q), q))
defjvp(hurwitz_zeta, lambda t, ans, s, q: t * hurwitz_zeta_slope_s(s, q), lambda t, ans, s, q: -t * s * hurwitz_zeta(s + 1, q))
defvjp(riemann_zeta, lambda g, ans, s: g * riemann_zeta_slope_s(s))
defjvp(riemann_zeta, lambda t, ans, s: t * riemann_zeta_slope_s(s))


# -- Wright's generalised Bessel function --------------------------------------------------------------------------
# Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b)), SciPy's for a, b, x >= 0 (NaN elsewhere, as SciPy's). Its terms are
# then >= 0 and log-concave in k, so once they fall by half a step the tail is below the last term. In x its slope is
# the function again, d/dx Phi(a, b; x) = Phi(a, a + b; x), term by term.

def _wright_bessel_mp(a, b, x):
    """Phi(a, b; x) by its series at 20 bits more than mpmath's, its terms all >= 0."""
    mpmath = loaded_mpmath()
    if any(mpmath.isnan(v) for v in (a, b, x)) or a < 0 or b < 0 or x < 0:
        return mpmath.nan
    if not mpmath.isfinite(x) or not mpmath.isfinite(a) or not mpmath.isfinite(b):
        return mpmath.nan if a == mpmath.inf or b == mpmath.inf else mpmath.inf
    with mpmath.extraprec(20):
        small = mpmath.mpf(2) ** -(mpmath.mp.prec + 10)
        total, scale, k, last = mpmath.mpf(0), mpmath.mpf(1), 0, None  # scale = x^k / k!
        while True:
            term = scale * mpmath.rgamma(a * k + b)
            total += term
            if last is not None and term <= small * total and 2 * term <= last:
                break
            last, k = term, k + 1
            scale = scale * x / k
            if x == 0:
                break
    return +total


# Wright's generalised Bessel function Phi(a, b; x), a, b and x >= 0.
wright_bessel = _scipy_primitive("wright_bessel", 3, _wright_bessel_mp, first=2)
wright_bessel_slope_a, wright_bessel_slope_b = (parameter_slope("wright_bessel", _wright_bessel_mp, k, 3, name)
                                                for k, name in enumerate("ab"))


def _wright_bessel_slope_x(a, b, x):
    """d/dx Phi(a, b; x) = Phi(a, a + b; x)."""
    a, b = lifted(a, x), lifted(b, x)
    return wright_bessel(a, a + b, x)


defvjp(wright_bessel, lambda g, ans, a, b, x: unbroadcast(g * wright_bessel_slope_a(a, b, x), a),
       lambda g, ans, a, b, x: unbroadcast(g * wright_bessel_slope_b(a, b, x), b),
       lambda g, ans, a, b, x: unbroadcast(g * _wright_bessel_slope_x(a, b, x), x))
defjvp(wright_bessel, lambda t, ans, a, b, x: t * wright_bessel_slope_a(a, b, x),
       lambda t, ans, a, b, x: t * wright_bessel_slope_b(a, b, x),
       lambda t, ans, a, b, x: t * _wright_bessel_slope_x(a, b, x))
