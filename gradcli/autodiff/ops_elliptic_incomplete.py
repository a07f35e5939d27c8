"""SciPy's incomplete elliptic integrals, Carlson's symmetric forms and Jacobi's elliptic functions: ``ellipkinc``,
``ellipeinc``, ``elliprc``, ``elliprd``, ``elliprf``, ``elliprg``, ``elliprj``, ``ellipj``.

In a float dtype each answers SciPy's own number. The exact reference is mpmath's ``ellipf``, ``ellipe(phi, m)``
and ``elliprc`` (its principal value), ``elliprd``, ``elliprf``, ``elliprg`` on mpmath numbers and flint's
``elliptic_f``, ``elliptic_e_inc``, ``elliptic_rc``, ``elliptic_rd``, ``elliptic_rf``, ``elliptic_rg`` on balls
(their real parts, where the domain below makes them real). The domain is SciPy's: F(phi|m) and E(phi|m) for m <= 1
(SciPy answers NaN for every m > 1, even where sin^2 phi < 1/m would keep them real), Carlson's forms for arguments
>= 0 (R_F with at most one 0, R_D with z > 0 and at most one of x, y at 0, where they are finite; R_C(x, y) for
x >= 0 and y != 0, its principal value for y < 0).

The slopes in phi are the integrands, 1/Delta and Delta with Delta^2 = cos^2 phi + (1 - m) sin^2 phi (two terms
>= 0 for m <= 1: nothing cancels as m sin^2 phi nears 1). The slopes in m are Carlson's (DLMF 19.25.5, 19.18.1):
with phi = n pi + r, |r| <= pi/2, s = sin r and c = cos r,

    dF/dm = 2n K'(m) + s^3/6 R_D(c^2, 1, Delta^2),   dE/dm = 2n E'(m) - s^3/6 R_D(c^2, Delta^2, 1),

which never cancel near m = 0, where Legendre's (E - (1 - m) F)/(2m (1 - m)) - ... would lose all digits. The
partials of R_F are -R_D/6 with the argument differentiated last (DLMF 19.18.1), of R_C(x, y) = R_F(x, y, y) the
same summed over y's two places; those of R_D in x and y are (R_D(y, z, x) - R_D(x, y, z)) / (2 (x - z)) and its
mirror (summed term by term along Carlson's duplication, so nothing cancels as x nears z), in z Euler's relation
for a function homogeneous of degree -3/2; those of R_G (3 R_F - x R_D(y, z, x)) / 12, summed as two positive
terms; those of R_J in x, y, z (R_J - R_D(y, z, x)) / (2 (p - x)) and its like (along Carlson's duplication where p
nears x), in p Euler's relation. ``ellipj``'s four answers (sn, cn, dn, the amplitude am) are four ops, mpmath's
``ellipfun`` their exact reference (flint has no Jacobi functions); the amplitude's slope in m is -dn dF/dm at
(am, m), from F(am(u|m)|m) = u.
"""

from __future__ import annotations

from .core import defjvp, defvjp
from .ops import absolute, arctan2, constant, cos, equal, floor, less, maximum, sign, sin, sqrt, where
from .ops_array import unbroadcast
from .ops_elliptic import _ellipe_slope, _ellipe_slope_ball, _ellipk_slope, _k_slope_ball, ellipe, ellipk
from .ops_scipy import _BALLS, _JET_PARTIALS, _ball_first, _on_balls_too
from .ops_special import _scipy_function, mpmath_only
from .tracer import primitive
from .values import in_input_dtype, inside_the_unit, loaded_mpmath

# -- the exact reference: mpmath numbers ---------------------------------------------------------------------


def _real_or_nan(value):
    """mpmath's answer read as the real function: NaN where it has an imaginary part, as SciPy's real loops."""
    mpmath = loaded_mpmath()
    if isinstance(value, mpmath.mpc):
        return value.real if value.imag == 0 else mpmath.nan
    return value


def _real_part(value):
    """The real part of mpmath's answer for a function real on the real line, which mpmath computes through complex
    numbers for some arguments (Jacobi's functions of m < 0): their imaginary part is its rounding alone."""
    return value.real if isinstance(value, loaded_mpmath().mpc) else value


def _incomplete_mp(kind):
    """F(phi|m) (``kind`` "f") or E(phi|m) (``kind`` "e") on mpmath numbers, with SciPy's answers off mpmath's
    domain: NaN for m > 1, F = 0 and E = +-inf at m = -inf, +-inf at phi = +-inf."""

    def integral(phi, m):
        mpmath = loaded_mpmath()
        if mpmath.isnan(phi) or mpmath.isnan(m) or m > 1:
            return mpmath.nan
        if phi == 0:
            return mpmath.mpf(0)
        if mpmath.isinf(m):
            return mpmath.mpf(0) if kind == "f" else mpmath.sign(phi) * mpmath.inf
        if mpmath.isinf(phi):
            return phi
        # both rounded to the working precision: mpmath's elliptic functions of an mpf carrying more bits than it
        # may answer nonsense (as its complete ``ellipe`` does)
        phi, m = +phi, +m
        if m == 1 and abs(phi) >= mpmath.pi / 2 and kind == "f":
            return mpmath.sign(phi) * mpmath.inf  # past K(1)'s pole
        on_mpmath = mpmath.ellipf if kind == "f" else mpmath.ellipe
        return _ball_first(_ellipkinc_ball if kind == "f" else _ellipeinc_ball,
                           lambda: _real_or_nan(on_mpmath(phi, m)), phi, m)

    integral.__name__ = f"ellip{kind}inc"
    return integral


def _carlson_mp(name, zeros_allowed):
    """Carlson's R_F or R_D on mpmath numbers: NaN for a negative argument (SciPy's real loops), inf where more than
    ``zeros_allowed`` of the symmetric arguments are 0 (R_D: or z is), as SciPy answers."""

    def carlson(*args):
        mpmath = loaded_mpmath()
        if any(mpmath.isnan(a) or a < 0 for a in args):
            return mpmath.nan
        symmetric = args if name == "elliprf" else args[:2]
        if sum(a == 0 for a in symmetric) > zeros_allowed or (name == "elliprd" and args[2] == 0):
            return mpmath.inf
        if any(mpmath.isinf(a) for a in args):
            return mpmath.mpf(0)
        return _ball_first(_rf_ball if name == "elliprf" else _rd_ball,
                           lambda: _real_or_nan(getattr(mpmath, name)(*(+a for a in args))), *args)

    carlson.__name__ = name
    return carlson


def _rc_mp(x, y):
    """R_C(x, y) on mpmath numbers as SciPy's: NaN for x < 0 and at y = 0, Cauchy's principal value for y < 0, 0 at
    x = inf."""
    mpmath = loaded_mpmath()
    if mpmath.isnan(x) or mpmath.isnan(y) or x < 0 or y == 0:
        return mpmath.nan
    if mpmath.isinf(x) or mpmath.isinf(y):
        return mpmath.mpf(0)
    return _ball_first(_rc_ball, lambda: mpmath.elliprc(+x, +y, pv=True), x, y)


def _rj_mp(x, y, z, p):
    """R_J(x, y, z, p) on mpmath numbers as SciPy's: NaN for a negative x, y or z and at p = 0, inf where two of x, y,
    z are 0, 0 at an infinite argument, Cauchy's principal value for p < 0 (the real part of mpmath's continuation,
    whose imaginary part is the pole's half residue)."""
    mpmath = loaded_mpmath()
    if any(mpmath.isnan(a) for a in (x, y, z, p)) or any(a < 0 for a in (x, y, z)) or p == 0:
        return mpmath.nan
    if sum(a == 0 for a in (x, y, z)) > 1:
        return mpmath.inf
    if any(mpmath.isinf(a) for a in (x, y, z, p)):
        return mpmath.mpf(0)
    return _ball_first(_rj_ball, lambda: _real_part(mpmath.elliprj(+x, +y, +z, +p)), x, y, z, p)


def _rg_mp(x, y, z):
    """R_G on mpmath numbers: NaN for a negative argument, inf at an infinite one."""
    mpmath = loaded_mpmath()
    if any(mpmath.isnan(a) or a < 0 for a in (x, y, z)):
        return mpmath.nan
    if any(mpmath.isinf(a) for a in (x, y, z)):
        return mpmath.inf
    return _ball_first(_rg_ball, lambda: mpmath.elliprg(+x, +y, +z), x, y, z)


_JACOBI = ("sn", "cn", "dn", "ph")


def _ellipj_mp(kind):
    """One of SciPy's ellipj(u, m) = (sn, cn, dn, ph) on mpmath numbers, NaN past m = 1 as SciPy's. Below m = 0, where
    SciPy answers NaN, the functions are real and smooth (sn(u|m) of a negative m is Jacobi's imaginary-modulus
    transformation of a real one): the reference answers them there, so that at m = 0, inside SciPy's domain, the
    slope in m is the two-sided derivative it is, and a SciPy NaN below 0 is a number SciPy cannot give. The
    amplitude ph = am(u|m) is atan2(sn, cn) moved by the whole turns that keep it within pi/2 of pi u / (2 K(m))
    (am(u + 2K) = am(u) + pi); at m = 1, K = inf and am is Gudermann's function, within pi/2 of 0."""

    def jacobi(u, m):
        mpmath = loaded_mpmath()
        if mpmath.isnan(u) or mpmath.isnan(m) or m > 1 or mpmath.isinf(u) or mpmath.isinf(m):
            return mpmath.nan
        u, m = +u, +m
        if kind != "ph":
            answer = _real_part(mpmath.ellipfun(kind, u, m=m))
            if kind == "sn" and u:
                # sn is +-1 at the odd multiples of K(m) alone, which no float u meets (K is transcendental below
                # m = 1, infinite at 1, where sn is tanh u): an exact +-1 is mpmath's saturation near m = 1, which
                # the directed runs that measure rounding noise must see, as for tanh
                return inside_the_unit(answer)
            return answer
        phase = mpmath.atan2(_real_part(mpmath.ellipfun("sn", u, m=m)), _real_part(mpmath.ellipfun("cn", u, m=m)))
        if m == 1:
            return phase
        turns = mpmath.nint((mpmath.pi * u / (2 * mpmath.ellipk(m)) - phase) / (2 * mpmath.pi))
        return phase + 2 * mpmath.pi * turns

    jacobi.__name__ = f"ellipj_{kind}"
    return jacobi


# -- the exact reference: flint balls, and their partials (forward mode on balls) --------------------------


def _acb():
    import flint  # lazy: a ball is here, so flint is loaded

    return flint.acb


def _proven_below_one(m):
    if not m < 1:
        raise ArithmeticError("the incomplete integral's parameter not proven < 1")


def _ellipkinc_ball(phi, m):
    _proven_below_one(m)
    return _acb().elliptic_f(phi, m).real


def _ellipeinc_ball(phi, m):
    _proven_below_one(m)
    return _acb().elliptic_e_inc(phi, m).real


def _proven_positive(*args):
    if not all(a > 0 for a in args):
        raise ArithmeticError("Carlson's form's arguments not proven > 0")


def _rf_ball(x, y, z):
    _proven_positive(x, y, z)
    return _acb().elliptic_rf(x, y, z).real


def _rd_ball(x, y, z):
    _proven_positive(x, y, z)
    return _acb().elliptic_rd(x, y, z).real


def _rc_ball(x, y):
    _proven_positive(x, y)
    return _acb().elliptic_rc(x, y).real


def _rg_ball(x, y, z):
    _proven_positive(x, y, z)
    return _acb().elliptic_rg(x, y, z).real


def _rj_ball(x, y, z, p):
    _proven_positive(x, y, z)
    if p.contains(0):
        raise ArithmeticError("R_J's p not proven nonzero")
    return _acb().elliptic_rj(x, y, z, p).real  # for p < 0, the real part is Cauchy's principal value


def _rj_partial_ball(position):
    """dR_J/d(x, y or z: ``position``) = (R_J - R_D(the other two, that one)) / (2 (p - that one)), as `_rj_partial`.

    Where p is that very number (p - it exactly 0: a point such as R_J(0.5, 2, 3, 0.5)), the quotient's limit: the
    integrand's factors (t + x)^(-1/2) and (t + p)^(-1) then give dR_J/dp = 2 dR_J/dx, and their sum is the slope of
    R_J(x, y, z, x) = R_D(y, z, x) in its last argument, so dR_J/dx = dR_D(y, z, x)/dx / 3. A ball with p - that one
    around 0 but not 0 takes mpmath's path."""

    def partial(answer, x, y, z, p):
        args = [x, y, z]
        moved = args.pop(position)
        gap = p - moved
        if gap.is_zero():
            return _rd_z_partial_ball(_rd_ball(*args, moved), *args, moved) / 3
        if gap.contains(0):
            raise ArithmeticError("R_J's slope where p and the differentiated argument may meet")
        return (answer - _rd_ball(*args, moved)) / (2 * gap)

    return partial


def _rj_p_partial_ball(answer, x, y, z, p):
    """dR_J/dp by Euler's relation x R_x + y R_y + z R_z + p R_p = -3/2 R_J."""
    moved = sum(v * _rj_partial_ball(k)(answer, x, y, z, p) for k, v in enumerate((x, y, z)))
    return -(3 * answer / 2 + moved) / p


def _rg_partial_ball(answer, moved, other, third):
    """dR_G/d``moved`` = (other R_D(third, moved, other) + third R_D(moved, other, third)) / 12, as `_rg_partial`."""
    return (other * _rd_ball(third, moved, other) + third * _rd_ball(moved, other, third)) / 12


def _reduced_ball(phi):
    """(n, sin r, cos r) with phi = n pi + r and |r| <= pi/2 (up to the ball's radius), n an integer: sin r and cos r
    are (-1)^n sin phi and (-1)^n cos phi, so no ball of r is formed; a cos r proven < 0 moves n by one."""
    n = int(round(float(phi.mid()) / float(type(phi).pi())))
    sign = -1 if n % 2 else 1
    s, c = sign * phi.sin(), sign * phi.cos()
    if c < 0:
        return n + (1 if s > 0 else -1), -s, -c
    return n, s, c


def _delta_squared_ball(s, c, m):
    return c * c + (1 - m) * s * s


def _ellipkinc_m_partial_ball(answer, phi, m):
    _proven_below_one(m)
    n, s, c = _reduced_ball(phi)
    slope = s * s * s / 6 * _rd_ball(c * c, type(m)(1), _delta_squared_ball(s, c, m))
    if n:
        k = _BALLS["ellipk"](m)
        slope += 2 * n * _k_slope_ball(k, _BALLS["ellipe"](m), m, 1 - m)
    return slope


def _ellipeinc_m_partial_ball(answer, phi, m):
    _proven_below_one(m)
    n, s, c = _reduced_ball(phi)
    slope = -(s * s * s) / 6 * _rd_ball(c * c, _delta_squared_ball(s, c, m), type(m)(1))
    if n:
        slope += 2 * n * _ellipe_slope_ball(_BALLS["ellipe"](m), m)
    return slope


def _delta_squared_of_phi_ball(phi, m):
    _proven_below_one(m)
    return _delta_squared_ball(phi.sin(), phi.cos(), m)


def _rd_partial_ball(first, second, moved):
    """dR_D/dx at (x, y, z) = (first, second, moved)'s order: (R_D(y, z, x) - R_D(x, y, z)) / (2 (x - z)); a ball
    with x - z around 0 takes mpmath's path."""

    def partial(answer, x, y, z):
        args = {"x": x, "y": y, "z": z}
        low, here = args[first], args["z"]
        if (low - here).contains(0):
            raise ArithmeticError("R_D's slope where its two differentiated arguments may meet")
        return (_rd_ball(args[second], here, low) - answer) / (2 * (low - here))

    return partial


def _rd_z_partial_ball(answer, x, y, z):
    """dR_D/dz by Euler's relation x R_x + y R_y + z R_z = -3/2 R_D."""
    rx = _rd_partial_ball("x", "y", "z")(answer, x, y, z)
    ry = _rd_partial_ball("y", "x", "z")(answer, x, y, z)
    return -(3 * answer / 2 + x * rx + y * ry) / z


_BALLS.update({"ellipkinc": _ellipkinc_ball, "ellipeinc": _ellipeinc_ball, "elliprf": _rf_ball, "elliprd": _rd_ball,
               "elliprc": _rc_ball, "elliprg": _rg_ball, "elliprj": _rj_ball})
_JET_PARTIALS.update({
    "ellipkinc": (lambda answer, phi, m: 1 / _delta_squared_of_phi_ball(phi, m).sqrt(), _ellipkinc_m_partial_ball),
    "ellipeinc": (lambda answer, phi, m: _delta_squared_of_phi_ball(phi, m).sqrt(), _ellipeinc_m_partial_ball),
    "elliprf": (lambda answer, x, y, z: -_rd_ball(y, z, x) / 6, lambda answer, x, y, z: -_rd_ball(z, x, y) / 6,
                lambda answer, x, y, z: -_rd_ball(x, y, z) / 6),
    "elliprd": (_rd_partial_ball("x", "y", "z"), _rd_partial_ball("y", "x", "z"), _rd_z_partial_ball),
    "elliprc": (lambda answer, x, y: -_rd_ball(y, y, x) / 6, lambda answer, x, y: -_rd_ball(x, y, y) / 3),
    "elliprj": (_rj_partial_ball(0), _rj_partial_ball(1), _rj_partial_ball(2), _rj_p_partial_ball),
    "elliprg": (lambda answer, x, y, z: _rg_partial_ball(answer, x, y, z),
                lambda answer, x, y, z: _rg_partial_ball(answer, y, z, x),
                lambda answer, x, y, z: _rg_partial_ball(answer, z, x, y)),
})


def _scipy_primitive(name, nin, on_mpmath):
    """The primitive for ``scipy.special.<name>`` of ``nin`` arguments, its result in their dtype."""
    fun = in_input_dtype(_scipy_function(name))
    fun.nin = nin  # the catalogue reads the arity here, as on a ufunc
    return primitive(fun, name, mp=_on_balls_too(name, mpmath_only(name, on_mpmath)), kind="elementwise")


# The incomplete elliptic integrals of the first and second kind, F(phi|m) and E(phi|m), of the amplitude phi and
# the parameter m = k^2; Carlson's symmetric integrals of the first and second kind.
ellipkinc = _scipy_primitive("ellipkinc", 2, _incomplete_mp("f"))
ellipeinc = _scipy_primitive("ellipeinc", 2, _incomplete_mp("e"))
elliprf = _scipy_primitive("elliprf", 3, _carlson_mp("elliprf", 1))
elliprd = _scipy_primitive("elliprd", 3, _carlson_mp("elliprd", 1))
# Carlson's degenerate R_C(x, y) = R_F(x, y, y) (its principal value for y < 0) and the symmetric integral of the
# second kind R_G
elliprc = _scipy_primitive("elliprc", 2, _rc_mp)
elliprg = _scipy_primitive("elliprg", 3, _rg_mp)
# Carlson's symmetric integral of the third kind R_J(x, y, z, p) (its principal value for p < 0)
elliprj = _scipy_primitive("elliprj", 4, _rj_mp)


def _ellipj_part(index, name):
    """One of ``scipy.special.ellipj(u, m)``'s four answers, in the arguments' dtype (SciPy gives them as a tuple)."""
    four = _scipy_function("ellipj")

    def part(u, m):
        return four(u, m)[index]

    part.__name__ = name
    evaluate = in_input_dtype(part)
    evaluate.nin = 2  # the catalogue reads the arity here, as on a ufunc
    return evaluate


# Jacobi's elliptic functions sn, cn, dn of u and the parameter m, and the amplitude ph = am(u|m): flint has none,
# so their exact reference is mpmath's
ellipj_sn, ellipj_cn, ellipj_dn, ellipj_ph = (
    primitive(_ellipj_part(i, f"ellipj_{kind}"), f"ellipj_{kind}", kind="elementwise",
              mp=_on_balls_too(f"ellipj_{kind}", mpmath_only(f"ellipj_{kind}", _ellipj_mp(kind))))
    for i, kind in enumerate(_JACOBI))


def ellipj(u, m):
    """Jacobi's elliptic functions (sn, cn, dn, ph) of u and the parameter m, in SciPy's order."""
    return ellipj_sn(u, m), ellipj_cn(u, m), ellipj_dn(u, m), ellipj_ph(u, m)


# -- the rules -------------------------------------------------------------------------------------------------


def _reduced(phi):
    """(n, sin r, cos r) with phi = n pi + r, |r| <= pi/2: Carlson's forms of F and E hold on |r| <= pi/2 alone. As
    cos r >= 0 there, cos r = |cos phi| and sin r = sign(cos phi) sin phi: r in floats would carry n times pi's
    rounding (4e-12 at 1e5), and a rounded phi/pi + 1/2 picks n one too far next to a half period (float64's pi/2
    is below pi/2, its quotient by pi 1/2 exactly; the reflected r's slope in m is 1e-11 off at m = 1 - 2^-40).
    n is (phi - r)/pi rounded from a half-integer's neighbourhood, never at a step of floor (balls have none there)."""
    cosine = cos(phi)
    s, c = sign(cosine) * sin(phi), absolute(cosine)
    n = floor((phi - arctan2(s, c)) / constant("pi", phi) + 0.5)
    return n, s, c


def _delta_squared(s, c, m):
    """1 - m sin^2 phi as cos^2 phi + (1 - m) sin^2 phi: two terms >= 0 on SciPy's domain m <= 1."""
    return c * c + (1 - m) * s * s


def _ellipkinc_slopes(ans, phi, m):
    n, s, c = _reduced(phi)
    delta_squared = _delta_squared(s, c, m)
    periods = equal(n, 0)
    in_m = s * s * s / 6 * elliprd(c * c, 1.0, delta_squared)
    whole = where(periods, 0.5, m)  # K'(m) only where a period is crossed (at m = 1 it is infinite)
    in_m = in_m + where(periods, 0.0, 2 * n * _ellipk_slope(ellipk(whole), whole))
    return _nan_past_one(m, 1 / sqrt(delta_squared)), _nan_past_one(m, in_m)


def _ellipeinc_slopes(ans, phi, m):
    n, s, c = _reduced(phi)
    delta_squared = _delta_squared(s, c, m)
    periods = equal(n, 0)
    in_m = -(s * s * s) / 6 * elliprd(c * c, delta_squared, 1.0)
    whole = where(periods, 0.5, m)  # E'(m) only where a period is crossed (at m = 1 it is -inf)
    in_m = in_m + where(periods, 0.0, 2 * n * _ellipe_slope(ellipe(whole), whole))
    return _nan_past_one(m, sqrt(delta_squared)), _nan_past_one(m, in_m)


def _nan_past_one(m, slope):
    """``slope`` where m <= 1, NaN past it, where SciPy's F and E are NaN (the forms above are real for some phi)."""
    return where(less(1.0, m), float("nan"), slope)


def _rf_slopes(ans, x, y, z):
    return -elliprd(y, z, x) / 6, -elliprd(z, x, y) / 6, -elliprd(x, y, z) / 6


def _rd_partial(ans, low, other, z):
    """dR_D/d``low`` at R_D(low, other, z) = ``ans``, by Carlson's duplication run on both of R_D(low, other, z) and
    R_D(z, other, low) at once: their steps share lambda_k (symmetric in all three), so the partial, the quotient
    (R_D(z, other, low) - R_D(low, other, z)) / (2 (low - z)), is -(3/2) sum_k 16^-k H_k with every term's difference
    divided out exactly (x_k - z_k = (low - z) / 4^k):

        H_k = (x_k + sqrt(x_k z_k) + z_k + lambda_k) / ((x_k + lambda_k) (sqrt x_k + sqrt z_k) sqrt(x_k z_k) (z_k + lambda_k)),

    positive terms, nothing cancelling as ``low`` nears z (the quotient itself loses log10(z / |low - z|) digits),
    x_k = z_k included. After `_DUPLICATIONS` steps the three arguments agree to 4^-15 of their spread, and the rest
    is 16^-n times the partial at three equal arguments mu, -(3/10) mu^(-5/2). At ``low`` = 0 the slope is -inf."""
    x, y = low, other
    total, scale = 0.0, 1.0
    for _ in range(_DUPLICATIONS):
        root_x, root_y, root_z = sqrt(x), sqrt(y), sqrt(z)
        lam = root_x * root_y + root_y * root_z + root_z * root_x
        root_xz = root_x * root_z
        term = (x + root_xz + z + lam) / (x + lam) / (root_x + root_z) / root_xz / (z + lam)  # each quotient in range
        total = total + scale * term
        x, y, z, scale = (x + lam) / 4, (y + lam) / 4, (z + lam) / 4, scale / 16
    mu = (x + y + z) / 3
    return -1.5 * total - scale * 0.3 / (mu * mu * sqrt(mu))


_DUPLICATIONS = 15  # 16^-15 = 8.7e-19 of the partial left to the three-equal limit, itself off by 4^-15 of it


def _rd_slopes(ans, x, y, z):
    """R_D's partials: `_rd_partial` in x and y, Euler's relation in z (its terms at an argument 0, whose slope is
    infinite, taken as 0: x R_x -> 0 there)."""
    in_x, in_y = _rd_partial(ans, x, y, z), _rd_partial(ans, y, x, z)
    euler = 1.5 * ans + x * where(equal(x, 0), 0.0, in_x) + y * where(equal(y, 0), 0.0, in_y)
    return in_x, in_y, -euler / z


def _rc_slopes(ans, x, y):
    """R_C's partials: -R_D(y, y, x)/6 and -R_D(x, y, y)/3 for y > 0 (R_F's with two arguments moving together,
    nothing cancels at x = y); for y < 0 (the principal value) (R_C - 1/sqrt x) / (2 (y - x)), whose terms do not
    cancel as y - x <= -x, and Euler's relation for degree -1/2 in y."""
    positive = less(0.0, y)
    negative_y = where(positive, -1.0, y)
    in_x_pv = (ans - 1 / sqrt(x)) / (2 * (negative_y - x))
    in_y_pv = -(ans / 2 + x * in_x_pv) / negative_y
    positive_y = where(positive, y, 1.0)
    in_x = where(positive, -elliprd(positive_y, positive_y, x) / 6, in_x_pv)
    return in_x, where(positive, -elliprd(x, positive_y, positive_y) / 3, in_y_pv)


def _rj_partial(ans, moved, first, second, p):
    """dR_J/d``moved`` at R_J = ``ans``, ``moved`` one of x, y, z and ``first``, ``second`` the other two. By partial
    fractions in the integrand it is (R_J(x, y, z, p) - R_J(x, y, z, ``moved``)) / (2 (p - ``moved``)) (R_J with p at
    ``moved`` is R_D(first, second, moved)), a quotient whose terms cancel as p nears ``moved``: within half of
    ``moved`` of it the partial is summed along Carlson's duplication run on both R_J at once
    (`_rj_partial_duplicated`), nothing cancelling. Elsewhere the quotient loses under half a digit, and it is kept
    there for Euler's relation in p (`_rj_slopes`): its error moves with ``ans``'s, so that as p nears 0, where the
    relation's terms cancel, ``ans``'s own rounding cancels with them. For p < 0 (the principal value) it is the
    quotient; at ``moved`` = 0 the slope is infinite, as R_D(first, second, 0) is."""
    near = less(2 * absolute(p - moved), moved)
    apart = where(near, -1.0, p)  # p - moved <= -1 where the quotient is not read
    quotient = (ans - elliprd(first, second, moved)) / (2 * (apart - moved))
    duplicated = _rj_partial_duplicated(where(near, moved, 1.0), first, second, where(near, p, 1.0))
    return where(near, duplicated, quotient)


def _rj_partial_duplicated(x, y, z, p):
    """dR_J/dx for p > 0 by Carlson's duplication R_J(x, y, z, p) = 2 R_J(x + lambda, ..., p + lambda) + 6 R_C(d^2,
    d^2 + (p - x)(p - y)(p - z)), d = (sqrt p + sqrt x)(sqrt p + sqrt y)(sqrt p + sqrt z), run on R_J(x, y, z, p) and
    R_J(x, y, z, x) at once: lambda_k is theirs both (x, y, z only), p_k - x_k = (p - x) / 4^k, and with
    R_C(d^2, d^2 (1 + t)) = g(t) / d, g(t) = R_C(1, 1 + t), t = prod (sqrt p - sqrt w) / (sqrt p + sqrt w) over
    w = x, y, z, 1 + t = 2 sqrt p (p + lambda) / d (no cancellation as t nears -1, p near 0), and each step's
    difference over p_k - x_k is

        6 (h(t) (p - y)(p - z) / d^3 - (d - d_x) / ((p - x) d d_x)),   h(t) = (g(t) - 1) / t = -R_J(1, 1, 1, 1 + t) / 3,

    d_x the d of p = x, and (d - d_x) / (p - x) the cubic's divided difference, a sum of positive terms over
    sqrt p + sqrt x: the difference of the two R_J divided out exactly (the quotient loses log10(p / |p - x|) digits).
    After `_DUPLICATIONS` steps the rest is 16^-n times the slope at equal arguments mu, -(3/10) mu^(-5/2)."""
    total, scale = 0.0, 1.0
    for _ in range(_DUPLICATIONS):
        root_x, root_y, root_z, root_p = sqrt(x), sqrt(y), sqrt(z), sqrt(p)
        lam = root_x * root_y + root_y * root_z + root_z * root_x
        over_d = 1 / (root_p + root_x) / (root_p + root_y) / (root_p + root_z)
        over_d_x = 1 / (2 * root_x) / (root_x + root_y) / (root_x + root_z)
        ratio_y, ratio_z = (root_p - root_y) / (root_p + root_y), (root_p - root_z) / (root_p + root_z)
        h = -elliprj(1.0, 1.0, 1.0, 2 * root_p * (p + lam) * over_d) / 3  # 1 + t = (d^2 + (p - x)(p - y)(p - z)) / d^2
        spread = (p + root_p * root_x + x + (root_x + root_y + root_z) * (root_p + root_x) + lam) / (root_p + root_x)
        term = h * ratio_y * ratio_z * over_d / ((root_p + root_x) * (root_p + root_x)) - spread * over_d * over_d_x
        total = total + scale * term
        x, y, z, p, scale = (x + lam) / 4, (y + lam) / 4, (z + lam) / 4, (p + lam) / 4, scale / 16
    mu = (x + y + z + 2 * p) / 5
    return 3 * total - scale * 0.3 / (mu * mu * sqrt(mu))


def _rj_slopes(ans, x, y, z, p):
    """R_J's partials: `_rj_partial` in x, y and z, Euler's relation for degree -3/2 in p (a term at an argument 0,
    whose slope is infinite, taken as 0 there: x R_x -> 0)."""
    in_x, in_y, in_z = _rj_partial(ans, x, y, z, p), _rj_partial(ans, y, x, z, p), _rj_partial(ans, z, x, y, p)
    euler = 1.5 * ans + sum(v * where(equal(v, 0), 0.0, slope) for v, slope in ((x, in_x), (y, in_y), (z, in_z)))
    return in_x, in_y, in_z, -euler / p


def _rg_partial(moved, other, third):
    """dR_G/d``moved`` = (3 R_F - moved R_D(other, third, moved)) / 12 written as (other R_D(third, moved, other)
    + third R_D(moved, other, third)) / 12 (R_F's Euler relation: x R_D(y, z, x) + y R_D(z, x, y) + z R_D(x, y, z)
    = 3 R_F): two terms >= 0, where the difference loses everything at disparate arguments (at (1e-300, 1, 1e300)
    it is 2.5e-151 of terms 1e-150)."""
    return (_scaled_rd_term(third, moved, other) + _scaled_rd_term(moved, other, third)) / 12


def _scaled_rd_term(u, v, w):
    """w R_D(u, v, w) as (w/s) s^(-1/2) R_D(u/s, v/s, w/s), s the largest argument (R_D is homogeneous of degree
    -3/2): w R_D fits a float where R_D alone does not (R_D(1e-300, 1, 1e300) = 1e-447 underflows, 1e300 times it is
    1e-147). A term whose w/s is 0 is 0 (its R_D may be infinite there)."""
    s = maximum(maximum(u, v), w)
    share = w / s
    rd = where(equal(share, 0), 0.0, elliprd(u / s, v / s, where(equal(share, 0), 1.0, share)))
    root = sqrt(share)  # each product below in range: sqrt(w/s) R_D ~ s/w, sqrt(w/s)/sqrt(s) = sqrt(w)/s
    return (root * rd) * (root / sqrt(s))


def _rg_slopes(ans, x, y, z):
    return _rg_partial(x, y, z), _rg_partial(y, z, x), _rg_partial(z, x, y)


def _ellipj_slopes(kind):
    """The slopes of sn, cn, dn or ph in u (cn dn, -sn dn, -m sn cn, dn) and in m: ph's is -dn dF/dm at (ph, m),
    differentiating F(am(u|m)|m) = u, with `_ellipkinc_slopes`'s dF/dm (Carlson's, no cancellation at m = 0); sn's
    and cn's follow as cn and -sn times it, dn's from dn^2 = 1 - m sn^2."""

    def slopes(ans, u, m):
        sn, cn, dn, ph = ellipj(u, m)
        in_m = -dn * _ellipkinc_slopes(None, ph, m)[1]
        if kind == "sn":
            return cn * dn, cn * in_m
        if kind == "cn":
            return -sn * dn, -sn * in_m
        if kind == "dn":
            return -m * sn * cn, -(sn * sn + 2 * m * sn * cn * in_m) / (2 * dn)
        return dn, in_m

    return slopes


def _define_rules(op, slopes, nin):
    """The reverse and forward rules of ``op`` from ``slopes`` (ans, *args) -> one partial per argument."""

    def reverse(i):
        return lambda g, ans, *args: unbroadcast(g * slopes(ans, *args)[i], args[i])

    def forward(i):
        return lambda d, ans, *args: d * slopes(ans, *args)[i]

    defvjp(op, *(reverse(i) for i in range(nin)))
    defjvp(op, *(forward(i) for i in range(nin)))


_define_rules(ellipkinc, _ellipkinc_slopes, 2)
_define_rules(ellipeinc, _ellipeinc_slopes, 2)
_define_rules(elliprf, _rf_slopes, 3)
_define_rules(elliprd, _rd_slopes, 3)
_define_rules(elliprc, _rc_slopes, 2)
_define_rules(elliprg, _rg_slopes, 3)
_define_rules(elliprj, _rj_slopes, 4)
for _kind, _op in zip(_JACOBI, (ellipj_sn, ellipj_cn, ellipj_dn, ellipj_ph)):
    _define_rules(_op, _ellipj_slopes(_kind), 2)
