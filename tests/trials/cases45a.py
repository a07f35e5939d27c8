"""The forty-fifth trial set (first part): in JAX, astrodynamics (the Stumpff function c2(z) = (1 - cos sqrt z) / z as
printed at z = 1e-8, where 1 - cos keeps 8 digits and the backward's two paths of z cancel 5e7 - 5e7, at 1e-300, where
cos(1e-150) = 1 and the value is 0 for 1/2, and at 0, the program's own 0/0; c3(z) = (sqrt z - sin sqrt z) / z^1.5 at
1e-8; poliastro-style regimes by one where each, whose idle sqrt of the other sign's z leaks NaN at z = 1 and -4
(`wrong`); the regimes behind a double where with the series, right at 0, 1e-8 and -4, and in float32 at z = -8000, where
cosh(sqrt 8000) = 6.5e38 overflows while c2 = 8.1e34 does not; c2 by jnp.sinc(sqrt z / 2 pi)^2 / 2, whose own quotient
rule at pi x = 5e-151 cancels 2e150 - 2e150 (the slope 0 for -1/24) and whose sqrt makes z = 0 an edge; c2 of a vector
by vmap of the double where; Kepler's equation E - e sin E = M at e = 0.9 by 30 Newton steps in lax.fori_loop, in
lax.scan carrying E, unrolled under jax.jit with the step count in static_argnums and each step under jax.checkpoint,
by lax.custom_root with its tangent_solve right, with its sign slipped and as the identity, and behind custom_vjp
implicit rules right and with dE/de's sign slipped, in both dtypes; the true anomaly from the custom_vjp solve; the
hyperbolic anomaly by arccosh((e + cos nu) / (1 + e cos nu)) at periapsis, a kink, and 1e-9 from it, where the argument
rounds to 1, beside 2 atanh(k tan(nu / 2)); vis-viva through a = p / (1 - e^2) on the parabola e = 1, where 1 / a = 0
exactly, the function is smooth, and JAX's chain rule gives 0 * inf even at high precision (`wrong`, exact slope
56.94), beside (1 - e^2) / p; a conic's radius from an Orbit dataclass registered as a JAX pytree by --args, and at
nu = pi as float64 holds it, where 1 + cos nu = 7.5e-33 is 0), seismology (Omori-Utsu's integrated rate
K ((c + t)^(1 - p) - c^(1 - p)) / (1 - p) at p = 1.1 in both dtypes, at p = 1, the program's 0/0, and 1e-12 from it,
where the difference of powers keeps 4 digits; by one where whose idle quotient leaks 0/0 at p = 1 (its taken
log((c + t) / c) has no p in it: the true slope in p is 0); by a double where with the series, right at and near p = 1;
the Omori log-likelihood from a nested dict of parameters by --args with --wrt params.omori.p and params.omori, and at
p = 1; a binned Poisson NLL of Omori counts by xlogy with an empty bin; a truncated Gutenberg-Richter b-value likelihood
by log(1 - 10^(-b dM)) at b = 1 and 1e-10, and by expm1, whose value holds while the slopes 1 / b and -1 / b still
cancel to 9e-8; Ogata-Katsura detection by log(jax.nn.sigmoid) 80 magnitude units below completeness and by
jax.nn.log_sigmoid, in both dtypes; a local magnitude by log10 of an amplitude of 1e-300 and 0; a completeness excess by
jax.nn.relu at its switch and by softplus at +-800; a copula cell entropy by jax.scipy.special.entr at 1e-300 and 0),
copulas (Clayton's CDF at theta = 2 and 1e-10, near independence, where u^-theta + v^-theta - 1 = 1 + 1.7e-10 goes
to the power -1e10; its log density at u = 1e-300, where u^-2 overflows, and by logsumexp with b = [1, 1, -1] and
return_sign, right there and in float32 at u = 1e-30; Frank's log density by 1 - e^-theta and by expm1 at theta = 1e-8,
both unstable since log c -> 0 is -36.84 + 36.84, and at theta = 0, a 0/0; Gumbel's CDF at theta = 1; a Clayton-Frank
mixture by logaddexp from a nested dict, --wrt a leaf and the whole tree) and Butler-Volmer's overpotential
0.0513 arcsinh(i / 2 i0) at i0 = 1e-300 and (float32) 1e-30, where JAX's asinh rule rsqrt(x^2 + 1) squares 5e299, and by
log(x + sqrt(x^2 + 1)). In plain NumPy and SciPy the same as legacy scripts write them (np.where regimes, np.sinc,
whose gradcli.numpy rule holds at 1e-300 where JAX's does not, a Python Newton loop, np.arccosh and np.arctanh, Omori by
np.expm1 and np.log1p, whose quotient rule's slope in p cancels 5e14 - 5e14 at p = 1 + 1e-12, scipy.special expit and
log_expit, xlogy at 0 and 1e-300, ndtri at 1e-300, logit at 1e-300 and 1 - 2^-53, np.logaddexp, np.arcsinh behind a
quotient whose rule squares 2e-300; scipy.optimize.newton, which gradcli.scipy lacks). Input errors: a
lax.while_loop with a fixed trip count, a NumPy reference through jax.pure_callback, --wrt orbit.a and
params.gumbel.theta (not in the trees), a misspelt --args function, a missing function, a mistyped variable, a point
"e=abc". 117 cases (91 JAX, 26 NumPy), 110 pass; the 7 that fail show findings F1 (1 case), F2 (1), F3 (4), F4 (1).

A sweep of stumpff_c2 over z = 1e-300..1000 (log, 101 points) finds float64 unstable below z = 0.0027 (the gradient's
cancellation; the value's from 3.2e-8 down; NaN below 1.49e-154, where the backward's z^-2 overflows) and float32
unstable below 0.0454, with every grid point below 1e-45 domain (z rounds to float32's 0: 0/0); the half-angle fix is
swept "better". A sweep of stumpff_c2_safe over z = -1e4..1e4 (symlog) finds float64 ok everywhere and float32 unstable
for z in [-9721.583, -7995.218] (cosh overflows at sqrt(-z) = 89.42) and domain beyond -9721.584, where c2 itself passes
float32's largest number. A sweep of copula_nll over params.clayton.theta = 0.001..5 with the tree held by --args finds
theta below 0.00156 unstable in float64 (theta's slopes cancel, 20 bits). An audit spec of eight cases
(a scratch file: a wrong custom_vjp with expect = "wrong", lax.custom_root in both dtypes, a nested-dict
leaf by --args, the Omori series at and near p = 1, Omori as printed swept through p = 1 with expect = "unstable",
stumpff_c2_safe swept in float32, NumPy's log_expit and np.sinc) passes, 8 of 8, in 6 s.

What the round decided about its own truths: Frank's log density near theta = 0 is unstable even by expm1 (log c -> 0
while log(theta a) and 2 log d are 36.84 each): gradcli was right, the first truths said ok. A custom_vjp's rule and
lax.custom_root's tangent_solve are judged against the derivative of the primal computation, as custom rules are. The
where whose taken branch (log((c + t) / c)) does not depend on p has true slope 0 in p, not the mathematician's
-(log^2(c + t) - log^2 c) / 2: the program's function is judged. A removable singularity the program passes through
exactly (vis-viva's a = p / 0 at e = 1, then 1 / a = 0) is a smooth function there and JAX's 0 * inf is a rule failure
(`wrong`), while one it evaluates as 0/0 (c2 at 0, Omori at p = 1, Frank at theta = 0) is `domain`. log10(0) in a sum is
`domain` with no slope in the amplitude and the distance term's own slope kept. Constants the program casts (0.1, 0.0513,
jnp.sinc's pi and 2 pi) are the dtype's in the truths.

Findings (gradcli bugs):
F1 the root cause of a cancellation named at the wrong line. frank_logpdf at theta = 1e-8 (JAX and the minimal
   f(t): a = 1.0 - jnp.exp(-t); d = a - (1.0 - jnp.exp(-0.3 * t)) * (1.0 - jnp.exp(-0.6 * t));
   return jnp.log(t * a) - 2.0 * jnp.log(d), at t = 1e-8): verdict `unstable` and exact gradient right, but the finding
   says "sub(1.0, 0.999999997) = 3.0000000261e-09 ... the later subtract ... then amplifies that error 1.2e+07 times ...:
   the digits were lost here first" at the line of d, and never names a's line. The product scales that error by 6e-9
   before it meets a = 1e-8: evaluated in float64 with each 1 - exp by expm1 in turn, mending d's line changes no digit
   of the value (9.677464163e-9 either way) and mending a's line alone gives 8.5999972e-9 (exact 8.6000000009e-9).
F2 (mended) lax.custom_root with the identity tangent_solve (lambda g, y: y, the division by f'(E) forgotten): `wrong`,
   exact gradient right (3.660017129, 2.158773782), but the finding is "gradient rule of jax.numpy.cos (cos) at
   jax_lib45a.py:380: ... the first call whose built-in rule is off is jax.numpy.cos", the Newton body's cos inside the
   user's solve; JAX's cos is right and the tangent_solve's line is not named. A tangent_solve that computes
   (lambda g, y: -y / g(1.0)) is named ("<lambda>(), the tangent_solve of jax.lax.custom_root"): an equation-free rule
   leaves no equation carrying the user's frame (gradcli/capture/jax_walk.py's _tangent_solve finds the rule by its
   equations' frames), so the blame falls through to the nearest op.
F3 a dataclass registered by jax.tree_util.register_dataclass (a JAX pytree, as flax.struct and equinox modules are)
   is not a tree to gradcli (gradcli/capture/trees.py's is_tree: dicts, NamedTuples, lists, tuples): --wrt orbit.e says
   "not a variable of the target (orbit) (did you mean 'orbit'?)", and --wrt orbit then says "the point
   orbit=Orbit(...) is not a number or an array of numbers". The same fields in a dict are checked (radius at nu = pi:
   unstable, exact 1.333547e32). Either walk JAX's registered pytrees (jax.tree_util.tree_flatten_with_path) or say that
   the class is not a tree gradcli reads and how to pass it.
F4 (consistency) jax.scipy.special.entr at p = 0: exact slope "nan" ("no derivative: the function is -inf on the left
   beside this point"), where the same entropy by -xlogy(p, p) (here and in cases.py's entropy_at_zero) is +inf with
   "the slope grows without bound to +inf from the right"; the slope of -p log p is +inf from the right, and entr's
   -inf on the left gives +inf difference quotients there too.
Words only (no case): at vis-viva's e = 1 the finding says "sub(1.0, 1.0) cancelled to exactly 0.0 (an operand carries
the rounding of an op before it) ... the root cause is the cancellation, not divide", but e ** 2 = 1 is exact: no
rounding is carried, the pole is exact; and a gradient accumulation of theta's uses on one line is labelled
"jax.numpy.log1p (add)" with the caret under log1p (clayton_logpdf_lse, and f(theta) = jnp.log1p(theta) - (2 + 1 / theta)
* jnp.log(2 ** theta + 3 ** theta - 1) at 0.001), where elsewhere it is "add (the gradient accumulation ...)".

Not findings, checked by hand: JAX's jnp.sinc at 5e-151 gives slope 0 (jax.grad), so c2 by sinc is `unstable` there;
JAX's asinh rule is rsqrt(x^2 + 1) (jax.grad gives 0 at i0 = 1e-300); the while_loop, pure_callback and
scipy.optimize.newton errors name the primitive or function and the user's line; lax.custom_root, lax.cumlogsumexp,
jnp.linalg.qr and eigh, spence, i0e and lax.reduce_precision (a deliberate rounding, `unstable` with words saying so)
are all replayed. The first copula_nll truths were off because the user's logsumexp(a, b=...) had no axis= and summed
the whole (3, 3) stack: the user's bug, which JAX and gradcli agreed on; the file now writes axis=0.

Truths are the mathematics written here in mpmath (closed forms, findroot and Newton in mpmath for Kepler, central
differences at 2,000 digits with h = 1e-600 of the formulas restated), never the user files' code; points are the
numbers the dtype holds, constants the numbers the program writes, in the dtype where the program casts them. A
coordinate with no derivative is NaN.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases5 import _in, hp
from cases42a import _fixed, _k

J, N = "jax_lib45a.py", "numpy_lib45a.py"
NAN = mpmath.nan


def cgrad(function, dtype="float64", **point):
    """{name: d function / d name} (scalars or lists) by central differences at 2,000 digits with h = 1e-600 of the
    mathematics restated here; the point as the dtype holds it."""
    def truth():
        values = {n: (_in(dtype, v) if isinstance(v, list) else _in(dtype, [v])[0]) for n, v in point.items()}
        h = mp(10) ** -600
        out = {}
        for name, value in values.items():
            def moved(k, step):
                new = dict(values)
                if isinstance(value, list):
                    new[name] = list(value)
                    new[name][k] += step
                else:
                    new[name] = value + step
                return function(**new)
            if isinstance(value, list):
                out[name] = [(moved(k, h) - moved(k, -h)) / (2 * h) for k in range(len(value))]
            else:
                out[name] = (moved(0, h) - moved(0, -h)) / (2 * h)
        return out
    return hp(truth)


def only(truth, *names):
    def run():
        return {k: v for k, v in truth().items() if k in names}
    return run


# --- astrodynamics ---------------------------------------------------------------------------------------------------

def c2m(z):
    """Stumpff's c2 by regime: (1 - cos s) / s^2, s = sqrt z; (cosh s - 1) / s^2, s = sqrt(-z); 1/2 at 0."""
    if z > 0:
        s = mpmath.sqrt(z)
        return (1 - mpmath.cos(s)) / z
    if z < 0:
        s = mpmath.sqrt(-z)
        return (mpmath.cosh(s) - 1) / -z
    return mp(1) / 2


def c3m(z):
    if z > 0:
        s = mpmath.sqrt(z)
        return (s - mpmath.sin(s)) / s ** 3
    s = mpmath.sqrt(-z)
    return (mpmath.sinh(s) - s) / s ** 3


def _c2(z, dtype="float64"):
    if z == 0:
        return lambda: {"z": -mp(1) / 24}
    return cgrad(c2m, dtype, z=z)


def _c2_sinc(z, dtype):
    """0.5 (sin(k s) / (k s))^2, k = pi / (2 pi) with both constants as the dtype holds them (jnp.sinc's pi)."""
    k = _k(math.pi, dtype) / _k(2.0 * math.pi, dtype)

    def f(z):
        x = k * mpmath.sqrt(z)
        return (mpmath.sin(x) / x) ** 2 / 2
    return cgrad(f, dtype, z=z)


def _c2_vec(zs, dtype="float64"):
    def truth():
        out = []
        for z in _in(dtype, zs):
            out.append(-mp(1) / 24 if z == 0 else (c2m(z + mp(10) ** -600) - c2m(z - mp(10) ** -600)) / (2 * mp(10) ** -600))
        return {"z": out}
    return hp(truth)


def _solve_E(M, e):
    E = M + e * mpmath.sin(M)
    for _ in range(60):
        E = E - (E - e * mpmath.sin(E) - M) / (1 - e * mpmath.cos(E))
    return E


def _kepler(M, e, dtype="float64"):
    """E - e sin E = M: dE/dM = 1 / (1 - e cos E), dE/de = sin E / (1 - e cos E)."""
    def truth():
        m, ecc = _in(dtype, [M, e])
        E = mpmath.findroot(lambda x: x - ecc * mpmath.sin(x) - m, m + ecc * mpmath.sin(m))
        d = 1 - ecc * mpmath.cos(E)
        return {"M": 1 / d, "e": mpmath.sin(E) / d}
    return hp(truth)


def _nu(M, e):
    E = _solve_E(M, e)
    return 2 * mpmath.atan2(mpmath.sqrt(1 + e) * mpmath.sin(E / 2), mpmath.sqrt(1 - e) * mpmath.cos(E / 2))


def _true_anomaly(M, e):
    """dnu/dM = sqrt(1 - e^2) / (1 - e cos E)^2 by hand; dnu/de by central differences of nu restated."""
    def truth():
        m, ecc = mp(M), mp(e)
        E = mpmath.findroot(lambda x: x - ecc * mpmath.sin(x) - m, m)
        h = mp(10) ** -600
        return {"M": mpmath.sqrt(1 - ecc * ecc) / (1 - ecc * mpmath.cos(E)) ** 2,
                "e": (_nu(m, ecc + h) - _nu(m, ecc - h)) / (2 * h)}
    return hp(truth)


def _F_acosh(nu, e):
    return mpmath.acosh((e + mpmath.cos(nu)) / (1 + e * mpmath.cos(nu)))


def _F_atanh(nu, e):
    return 2 * mpmath.atanh(mpmath.sqrt((e - 1) / (e + 1)) * mpmath.tan(nu / 2))


def _hyper_nu(nu, e):
    """dF/dnu = k sec^2(nu / 2) / (1 - k^2 tan^2(nu / 2)), k = sqrt((e - 1) / (e + 1)) (nu > 0)."""
    def truth():
        n, ecc = mp(nu), mp(e)
        k = mpmath.sqrt((ecc - 1) / (ecc + 1))
        t = mpmath.tan(n / 2)
        return {"nu": k * mpmath.sec(n / 2) ** 2 / (1 - k * k * t * t)}
    return hp(truth)


MU = 398600.4418


def _vis_viva(r, p, e):
    return MU * (2 / r - (1 - e ** 2) / p)


def _radius(p, e, nu):
    return p / (1 + e * mpmath.cos(nu))


def _orbit(p, e, nu, keys=("p", "e", "nu")):
    def truth():
        P, E, NU = mp(p), mp(e), mp(nu)
        d = 1 + E * mpmath.cos(NU)
        full = {"orbit.p": 1 / d, "orbit.e": -P * mpmath.cos(NU) / d ** 2, "orbit.nu": P * E * mpmath.sin(NU) / d ** 2}
        return {k: v for k, v in full.items() if k.split(".")[1] in keys}
    return hp(truth)


# --- seismology ------------------------------------------------------------------------------------------------------

def _omori(t, c, p):
    q = 1 - p
    return 100 * ((c + t) ** q - c ** q) / q


def _omori_series(t, c, p):
    q = 1 - p
    a, b = mpmath.log(c + t), mpmath.log(c)
    return 100 * ((a - b) + q * (a * a - b * b) / 2 + q * q * (a ** 3 - b ** 3) / 6)


def _omori_log_branch(t, c):
    """The where's taken branch 100 log((c + t) / c): no p in it."""
    def truth():
        T, C = mp(t), mp(c)
        return {"t": 100 / (C + T), "c": 100 * (1 / (C + T) - 1 / C), "p": mp(0)}
    return hp(truth)


OMORI_TIMES = [0.01, 0.2, 0.7, 3.0, 12.0]


def _omori_ll(K, c, p):
    ts = [mp(v) for v in OMORI_TIMES]
    T = mp(30)
    q = 1 - p
    return sum(mpmath.log(K) - p * mpmath.log(c + t) for t in ts) - K * ((c + T) ** q - c ** q) / q


def _omori_ll_truth(keys):
    def wrapped(K, c, p):
        return _omori_ll(K, c, p)
    base = cgrad(wrapped, K=50.0, c=0.05, p=1.1)

    def truth():
        got = base()
        return {f"params.omori.{k}": got[k] for k in keys}
    return truth


def _binned_omori(p, counts):
    edges = [mp(v) for v in (0, 1, 2, 3, 4)]
    q = 1 - p
    c = mp(0.1)
    cum = [20 * ((c + x) ** q - c ** q) / q for x in edges]
    lam = [b - a for a, b in zip(cum, cum[1:])]
    return sum(l - (n * mpmath.log(l) if n else 0) for l, n in zip(lam, counts))


L10 = mp(float(np.log(10.0)))  # jnp.log(10.0) and np.log(10.0), a float64 constant
MAGS = [2.5, 3.1, 4.0, 2.2]


def _gr(b, m):
    beta = b * L10
    return sum(mpmath.log(beta) - beta * (x - 2) - mpmath.log(1 - mpmath.power(10, -b * 6)) for x in m)


def _detect(ms, mc, dtype="float64"):
    """sum log sigma((m - mc) / 0.1): d/dm_i = sigma(-x_i) / 0.1, d/dmc = -sum of them (0.1 as the dtype holds it)."""
    def truth():
        tenth = _k(0.1, dtype)
        m, c = _in(dtype, ms), _in(dtype, [mc])[0]
        xs = [(v - c) / tenth for v in m]
        dm = [1 / (1 + mpmath.exp(x)) / tenth for x in xs]
        return {"m": dm, "mc": -sum(dm)}
    return hp(truth)


def _soft(ms, mc, dtype="float64"):
    """sum 0.1 softplus((m - mc) / 0.1): d/dm_i = sigma(x_i) (the two 0.1s as the dtype holds them), d/dmc = -sum."""
    def truth():
        tenth = _k(0.1, dtype)
        m, c = _in(dtype, ms), _in(dtype, [mc])[0]
        dm = [tenth / tenth / (1 + mpmath.exp(-(v - c) / tenth)) for v in m]
        return {"m": dm, "mc": -sum(dm)}
    return hp(truth)


# --- copulas ---------------------------------------------------------------------------------------------------------

def _clayton_cdf(u, v, theta):
    return (u ** -theta + v ** -theta - 1) ** (-1 / theta)


def _clayton_logpdf(u, v, theta):
    s = u ** -theta + v ** -theta - 1
    return mpmath.log1p(theta) - (1 + theta) * (mpmath.log(u) + mpmath.log(v)) - (2 + 1 / theta) * mpmath.log(s)


def _frank_logpdf(u, v, theta):
    a = -mpmath.expm1(-theta)
    d = a - mpmath.expm1(-theta * u) * mpmath.expm1(-theta * v)
    return mpmath.log(theta * a) - theta * (u + v) - 2 * mpmath.log(d)


def _gumbel_cdf(u, v, theta):
    return mpmath.exp(-((-mpmath.log(u)) ** theta + (-mpmath.log(v)) ** theta) ** (1 / theta))


CU, CV = [0.2, 0.5, 0.9], [0.3, 0.4, 0.8]


def _mix(logit_w, tc, tf):
    w = 1 / (1 + mpmath.exp(-logit_w))
    total = mp(0)
    for u, v in zip(CU, CV):
        u, v = mp(u), mp(v)
        total += mpmath.log(w * mpmath.exp(_clayton_logpdf(u, v, tc)) + (1 - w) * mpmath.exp(_frank_logpdf(u, v, tf)))
    return -total


def _mix_truth(keys):
    base = cgrad(_mix, logit_w=0.3, tc=2.0, tf=5.0)
    names = {"logit_w": "params.mix.logit_w", "tc": "params.clayton.theta", "tf": "params.frank.theta"}

    def truth():
        got = base()
        return {names[k]: got[k] for k in names if names[k] in keys}
    return truth


def _bv(i, i0, dtype="float64"):
    k = _k(0.0513, dtype)
    return cgrad(lambda i, i0: k * mpmath.asinh(i / (2 * i0)), dtype, i=i, i0=i0)


def _logit(w):
    return lambda: {"w": 1 / (mp(w) * (1 - mp(w)))}


def _gauss_copula(u, rho):
    def f(u, rho):
        x, y = [mpmath.sqrt(2) * mpmath.erfinv(2 * q - 1) for q in u]
        return -mpmath.log1p(-rho * rho) / 2 - (rho * rho * (x * x + y * y) - 2 * rho * x * y) / (2 * (1 - rho * rho))
    return cgrad(f, u=u, rho=rho)


def _entropy(cs):
    return lambda: {"c": [-(mpmath.log(mp(c)) + 1) for c in cs]}


# --- the cases -------------------------------------------------------------------------------------------------------

OM = "t=10,c=0.05"
CL = "u=0.3,v=0.6"

JAX = [
    # --- astrodynamics: Stumpff functions
    # cos(1e-4) = 1 - 5e-9: 1 - cos keeps 8 digits; the backward's two paths of z cancel (5e7 - 5e7)
    Case(J, "stumpff_c2", "z=1e-08", "float64", "unstable", _c2(1e-8), "return (1.0 - jnp.cos(jnp.sqrt(z))) / z"),
    # cos(1e-150) = 1: the value is 0 where it is 1/2
    Case(J, "stumpff_c2", "z=1e-300", "float64", "unstable", _c2(1e-300), "return (1.0 - jnp.cos(jnp.sqrt(z))) / z"),
    # z = 0: the program's own 0 / 0
    Case(J, "stumpff_c2", "z=0", "float64", "domain", _fixed({"z": NAN})),
    Case(J, "stumpff_c2", "z=2.5", "float32", "ok", _c2(2.5, "float32")),
    Case(J, "stumpff_c3", "z=1e-08", "float64", "unstable", cgrad(c3m, z=1e-8), "return (s - jnp.sin(s)) / (z * s)"),
    Case(J, "stumpff_c3", "z=1", "float32", "ok", cgrad(c3m, "float32", z=1.0)),
    # poliastro's one where per regime: the idle hyperbolic branch's sqrt(-z) is NaN, and leaks
    Case(J, "stumpff_c2_where", "z=1", "float64", "wrong", _c2(1.0), "jnp.where(z < 0, (jnp.cosh(jnp.sqrt(-z))"),
    Case(J, "stumpff_c2_where", "z=-4", "float64", "wrong", _c2(-4.0), "return jnp.where(z > 0, (1.0 - jnp.cos("),
    Case(J, "stumpff_c2_safe", "z=1e-08", "float64", "ok", _c2(1e-8)),
    Case(J, "stumpff_c2_safe", "z=0", "float64", "ok", _c2(0)),
    Case(J, "stumpff_c2_safe", "z=-4", "float64", "ok", _c2(-4.0)),
    Case(J, "stumpff_c2_safe", "z=4", "float32", "ok", _c2(4.0, "float32")),
    # cosh(sqrt 8000) = 6.5e38 overflows float32 where c2 = 8.1e34 does not
    Case(J, "stumpff_c2_safe", "z=-8000", "float32", "unstable", _c2(-8000.0, "float32"),
         "hyp = (jnp.cosh(jnp.sqrt(-zn)) - 1.0) / (-zn)"),
    Case(J, "stumpff_c2_sinc", "z=2.5", "float64", "ok", _c2_sinc(2.5, "float64")),
    # jnp.sinc's quotient rule at pi x = 5e-151: cos / x - sin / x^2 = 2e150 - 2e150, the slope 0 where it is -1/24
    Case(J, "stumpff_c2_sinc", "z=1e-300", "float64", "unstable", _c2_sinc(1e-300, "float64"),
         "return 0.5 * jnp.sinc(jnp.sqrt(z) / (2.0 * jnp.pi)) ** 2"),
    Case(J, "stumpff_c2_sinc", "z=0", "float64", "domain", _fixed({"z": NAN})),
    Case(J, "stumpff_c2_sum", "z=[-1,0,1e-08,4]", "float64", "ok", _c2_vec([-1, 0, 1e-8, 4])),
    # --- Kepler's equation
    Case(J, "kepler_E", "M=0.1,e=0.9", "float64", "ok", _kepler(0.1, 0.9)),
    Case(J, "kepler_E", "M=0.1,e=0.9", "float32", "ok", _kepler(0.1, 0.9, "float32")),
    Case(J, "kepler_E_scan", "M=0.1,e=0.9", "float64", "ok", _kepler(0.1, 0.9)),
    Case(J, "kepler_E_jit", "M=0.1,e=0.9", "float64", "ok", _kepler(0.1, 0.9)),
    Case(J, "kepler_E_jit", "M=2.5,e=0.3", "float32", "ok", _kepler(2.5, 0.3, "float32")),
    Case(J, "kepler_implicit", "M=0.1,e=0.9", "float64", "ok", _kepler(0.1, 0.9)),
    Case(J, "kepler_implicit_bad", "M=0.1,e=0.9", "float64", "wrong", _kepler(0.1, 0.9), "def _kepler_bad_bwd"),
    Case(J, "kepler_root", "M=0.1,e=0.9", "float64", "ok", _kepler(0.1, 0.9)),
    Case(J, "kepler_root", "M=0.1,e=0.9", "float32", "ok", _kepler(0.1, 0.9, "float32")),
    # F2 (mended): the tangent solve is the identity, an equation-free rule, named at the custom_root call
    Case(J, "kepler_root_bad", "M=0.1,e=0.9", "float64", "wrong", _kepler(0.1, 0.9),
         "return lax.custom_root(f, M + e * jnp.sin(M), solve, lambda g, y: y)"),
    Case(J, "kepler_root_sign", "M=0.1,e=0.9", "float64", "wrong", _kepler(0.1, 0.9),
         "return lax.custom_root(f, M + e * jnp.sin(M), solve, lambda g, y: -y / g(1.0))"),
    Case(J, "true_anomaly", "M=0.1,e=0.9", "float64", "ok", _true_anomaly(0.1, 0.9)),
    # cosh F = (e + cos nu) / (1 + e cos nu) has its minimum 1 at periapsis: F = |...|, a kink
    Case(J, "hyperbolic_anomaly", "nu=0,e=2", "float64", "domain", _fixed({"nu": NAN}), wrt="nu"),
    # 1e-9 from periapsis the argument rounds to 1: arccosh's slope is infinite there
    Case(J, "hyperbolic_anomaly", "nu=1e-09,e=2", "float64", "unstable", _hyper_nu(1e-9, 2),
         "return jnp.arccosh((e + jnp.cos(nu)) / (1.0 + e * jnp.cos(nu)))", wrt="nu"),
    Case(J, "hyperbolic_anomaly_atanh", "nu=1e-09,e=2", "float64", "ok", cgrad(_F_atanh, nu=1e-9, e=2.0)),
    Case(J, "hyperbolic_anomaly_atanh", "nu=0,e=2", "float64", "ok", cgrad(_F_atanh, nu=0.0, e=2.0)),
    Case(J, "vis_viva", "r=7000,p=14000,e=0.5", "float64", "ok", cgrad(_vis_viva, r=7000.0, p=14000.0, e=0.5)),
    # the parabola: a = p / 0 = inf and 1 / a = 0 exactly, v^2 = mu (2 / r - (1 - e^2) / p) is smooth through e = 1,
    # but JAX's chain rule multiplies -1 / a^2 = 0 by da / de = inf even at high precision: the rule fails
    Case(J, "vis_viva", "r=7000,p=14000,e=1", "float64", "wrong", cgrad(_vis_viva, r=7000.0, p=14000.0, e=1.0),
         "a = p / (1.0 - e ** 2)"),
    Case(J, "vis_viva_p", "r=7000,p=14000,e=1", "float64", "ok", cgrad(_vis_viva, r=7000.0, p=14000.0, e=1.0)),
    # F3: a dataclass registered with jax.tree_util.register_dataclass is a JAX pytree, but not one of gradcli's trees
    Case(J, "radius", None, "float64", "ok", _orbit(7000, 1, 2, ("e",)), args="orbit_args", wrt="orbit.e"),
    Case(J, "radius", None, "float64", "ok", _orbit(7000, 1, 2), args="orbit_args_all", wrt="orbit"),
    # nu = pi as float64 holds it: 1 + cos nu = 7.5e-33 exactly, 0 in float64
    Case(J, "radius", None, "float64", "unstable", _orbit(7000, 1, math.pi, ("p",)), "return orbit.p / (1.0 + orbit.e",
         args="orbit_args_apo", wrt="orbit.p"),
    # --- seismology
    Case(J, "omori_count", OM + ",p=1.1", "float64", "ok", cgrad(_omori, t=10.0, c=0.05, p=1.1)),
    Case(J, "omori_count", OM + ",p=1.1", "float32", "ok", cgrad(_omori, "float32", t=10.0, c=0.05, p=1.1)),
    Case(J, "omori_count", OM + ",p=1", "float64", "domain", _fixed({"t": NAN, "c": NAN, "p": NAN})),
    Case(J, "omori_count", OM + ",p=1.000000000001", "float64", "unstable",
         cgrad(_omori, t=10.0, c=0.05, p=1.000000000001), "return 100.0 * ((c + t) ** (1.0 - p) - c ** (1.0 - p))"),
    # the idle ((c + t)^q - c^q) / q is 0 / 0 at p = 1 and leaks; the taken log has no p in it
    Case(J, "omori_count_where", OM + ",p=1", "float64", "wrong", _omori_log_branch(10.0, 0.05),
         "((c + t) ** q - c ** q) / q)"),
    Case(J, "omori_count_safe", OM + ",p=1", "float64", "ok", cgrad(_omori_series, t=10.0, c=0.05, p=1.0)),
    Case(J, "omori_count_safe", OM + ",p=1.000000000001", "float64", "ok",
         cgrad(_omori_series, t=10.0, c=0.05, p=1.000000000001)),
    Case(J, "omori_count_safe", OM + ",p=1.1", "float32", "ok", cgrad(_omori, "float32", t=10.0, c=0.05, p=1.1)),
    Case(J, "omori_loglik", None, "float64", "ok", _omori_ll_truth(["p"]), args="omori_args", wrt="params.omori.p"),
    Case(J, "omori_loglik", None, "float64", "ok", _omori_ll_truth(["K", "c", "p"]), args="omori_args_tree",
         wrt="params.omori"),
    Case(J, "omori_loglik", None, "float64", "domain", _fixed({"params.omori.p": NAN}), args="omori_args_unit",
         wrt="params.omori.p"),
    Case(J, "binned_omori_nll", "p=1.1,counts=[30,8,4,0]", "float64", "ok",
         only(cgrad(lambda p, counts: _binned_omori(p, [30, 8, 4, 0]), p=1.1, counts=[30.0, 8.0, 4.0, 0.0]), "p"),
         wrt="p"),
    Case(J, "gr_truncated_ll", "b=1,m=[2.5,3.1,4,2.2]", "float64", "ok", only(cgrad(_gr, b=1.0, m=MAGS), "b"), wrt="b"),
    # 1 - 10^(-6e-10) keeps 7 digits; the slopes 1 / b and -1 / b cancel to 19
    Case(J, "gr_truncated_ll", "b=1e-10,m=[2.5,3.1,4,2.2]", "float64", "unstable", only(cgrad(_gr, b=1e-10, m=MAGS), "b"),
         "jnp.log(1.0 - 10.0 ** (-b * (MMAX - MC)))", wrt="b"),
    # expm1 mends the value, but the slopes 1 / b of log(beta) and -1 / b of log(-expm1(-beta dM)) still cancel: 9e-8
    Case(J, "gr_truncated_ll_expm1", "b=1e-10,m=[2.5,3.1,4,2.2]", "float64", "unstable",
         only(cgrad(_gr, b=1e-10, m=MAGS), "b"), "def gr_truncated_ll_expm1>>beta = b * jnp.log(10.0)", wrt="b"),
    # sigmoid(-800) underflows: log(0)
    Case(J, "detection_ll", "m=[-78,2,3],mc=2", "float64", "unstable", _detect([-78, 2, 3], 2),
         "return jnp.sum(jnp.log(jax.nn.sigmoid((m - mc) / 0.1)))", "log_sigmoid("),
    Case(J, "detection_ll_stable", "m=[-78,2,3],mc=2", "float64", "ok", _detect([-78, 2, 3], 2)),
    Case(J, "detection_ll", "m=[-18,2,3],mc=2", "float32", "unstable", _detect([-18, 2, 3], 2, "float32"),
         "return jnp.sum(jnp.log(jax.nn.sigmoid((m - mc) / 0.1)))", "log_sigmoid("),
    Case(J, "detection_ll_stable", "m=[-18,2,3],mc=2", "float32", "ok", _detect([-18, 2, 3], 2, "float32")),
    Case(J, "local_magnitude", "amp=1e-300,dist=100", "float64", "ok",
         lambda: {"amp": 1 / (mp(1e-300) * mpmath.log(10)), "dist": mp("2.76") / (100 * mpmath.log(10))}),
    # log10(0) = -inf: no slope in amp; the distance term's own slope stands
    Case(J, "local_magnitude", "amp=0,dist=100", "float64", "domain",
         lambda: {"amp": NAN, "dist": mp("2.76") / (100 * mpmath.log(10))}),
    Case(J, "completeness_excess", "m=[2,2.5,3],mc=2", "float64", "domain", _fixed({"m": [NAN, 1, 1], "mc": NAN})),
    Case(J, "soft_excess", "m=[82,2,-78],mc=2", "float64", "ok", _soft([82, 2, -78], 2)),
    Case(J, "soft_excess", "m=[82,2,-78],mc=2", "float32", "ok", _soft([82, 2, -78], 2, "float32")),
    Case(J, "cell_entropy", "c=[1e-300,0.25,0.75]", "float64", "ok", _entropy([1e-300, 0.25, 0.75])),
    # entr's slope -(log c + 1) grows to +inf as c falls to 0
    Case(J, "cell_entropy", "c=[0,0.25,0.75]", "float64", "domain",
         lambda: {"c": [mpmath.inf, -(mpmath.log(mp(0.25)) + 1), -(mpmath.log(mp(0.75)) + 1)]}),
    # --- copulas
    Case(J, "clayton_cdf", CL + ",theta=2", "float64", "ok", cgrad(_clayton_cdf, u=0.3, v=0.6, theta=2.0)),
    Case(J, "clayton_cdf", CL + ",theta=2", "float32", "ok", cgrad(_clayton_cdf, "float32", u=0.3, v=0.6, theta=2.0)),
    # near independence u^-theta + v^-theta - 1 = 1 + 1.7e-10: a 1 / theta power of a rounded 1
    Case(J, "clayton_cdf", CL + ",theta=1e-10", "float64", "unstable", cgrad(_clayton_cdf, u=0.3, v=0.6, theta=1e-10),
         "return (u ** -theta + v ** -theta - 1.0) ** (-1.0 / theta)"),
    # u^-2 = 1e600 overflows
    Case(J, "clayton_logpdf", "u=1e-300,v=0.5,theta=2", "float64", "unstable",
         cgrad(_clayton_logpdf, u=1e-300, v=0.5, theta=2.0), "s = u ** -theta + v ** -theta - 1.0"),
    Case(J, "clayton_logpdf_lse", "u=1e-300,v=0.5,theta=2", "float64", "ok",
         cgrad(_clayton_logpdf, u=1e-300, v=0.5, theta=2.0)),
    Case(J, "clayton_logpdf_lse", "u=1e-30,v=0.5,theta=2", "float32", "ok",
         cgrad(_clayton_logpdf, "float32", u=1e-30, v=0.5, theta=2.0)),
    # 1 - e^-1e-8 keeps 8 digits, and those are the digits the final subtraction loses (F1: gradcli names the next
    # line's 1 - e^-(theta u), whose error the product scales by 6e-9 and which mending changes nothing)
    Case(J, "frank_logpdf", CL + ",theta=1e-08", "float64", "unstable", cgrad(_frank_logpdf, u=0.3, v=0.6, theta=1e-8),
         "a = 1.0 - jnp.exp(-theta)"),
    # log c -> 0 as theta -> 0: log(theta a) - 2 log d is -36.84 + 36.84 even with every 1 - e^x by expm1
    Case(J, "frank_logpdf_expm1", CL + ",theta=1e-08", "float64", "unstable",
         cgrad(_frank_logpdf, u=0.3, v=0.6, theta=1e-8), "return jnp.log(theta) + jnp.log(a) - theta * (u + v)"),
    Case(J, "frank_logpdf_expm1", CL + ",theta=0", "float64", "domain", _fixed({"u": NAN, "v": NAN, "theta": NAN})),
    Case(J, "frank_logpdf_expm1", CL + ",theta=0.001", "float32", "unstable",
         cgrad(_frank_logpdf, "float32", u=0.3, v=0.6, theta=0.001)),
    Case(J, "gumbel_cdf", CL + ",theta=1", "float64", "ok", cgrad(_gumbel_cdf, u=0.3, v=0.6, theta=1.0)),
    Case(J, "gumbel_cdf", CL + ",theta=1", "float32", "ok", cgrad(_gumbel_cdf, "float32", u=0.3, v=0.6, theta=1.0)),
    Case(J, "copula_nll", None, "float64", "ok", _mix_truth(["params.clayton.theta"]), args="copula_args",
         wrt="params.clayton.theta"),
    Case(J, "copula_nll", None, "float64", "ok",
         _mix_truth(["params.clayton.theta", "params.frank.theta", "params.mix.logit_w"]), args="copula_args_all",
         wrt="params"),
    # --- Butler-Volmer by arcsinh: JAX's asinh rule is rsqrt(x^2 + 1), and x^2 = 2.5e599 overflows
    Case(J, "bv_overpotential", "i=1,i0=1e-300", "float64", "unstable", _bv(1, 1e-300),
         "return 0.0513 * jnp.arcsinh(i / (2.0 * i0))"),
    Case(J, "bv_overpotential", "i=1,i0=1e-30", "float32", "unstable", _bv(1, 1e-30, "float32"),
         "return 0.0513 * jnp.arcsinh(i / (2.0 * i0))"),
    Case(J, "bv_overpotential", "i=1,i0=0.5", "float64", "ok", _bv(1, 0.5)),
    Case(J, "bv_overpotential_log", "i=1,i0=1e-300", "float64", "unstable", _bv(1, 1e-300),
         "return 0.0513 * jnp.log(x + jnp.sqrt(x * x + 1.0))"),
    # --- input errors
    Case(J, "kepler_E_while", "M=0.1,e=0.9", "float64", "input-error", message=("while_loop", "jax_lib45a.py:")),
    Case(J, "stumpff_callback", "z=2", "float64", "input-error", message=("pure_callback", "jax_lib45a.py:")),
    Case(J, "radius", None, "float64", "input-error", args="orbit_argz", wrt="orbit.a", message=("orbit.a", "orbit.e")),
    Case(J, "radius", None, "float64", "input-error", args="orbit_argx", message=("orbit_argx",)),
    Case(J, "copula_nll", None, "float64", "input-error", args="copula_argz", wrt="params.gumbel.theta",
         message=("params.gumbel.theta",)),
    Case(J, "stumpff_c4", "z=1", "float64", "input-error", message=("stumpff_c4",)),
    Case(J, "stumpff_c2", "q=1", "float64", "input-error", message=("z",)),
    Case(J, "kepler_E", "M=0.1,e=abc", "float64", "input-error", message=("abc",)),
]

NUMPY = [
    Case(N, "stumpff_c2", "z=1e-08", "float64", "unstable", _c2(1e-8), "return (1.0 - np.cos(np.sqrt(z))) / z"),
    Case(N, "stumpff_c2_where", "z=1", "float64", "wrong", _c2(1.0), "np.where(z < 0, (np.cosh(np.sqrt(-z))"),
    Case(N, "stumpff_c2_safe", "z=0", "float64", "ok", _c2(0)),
    Case(N, "stumpff_c2_safe", "z=1e-08", "float64", "ok", _c2(1e-8)),
    Case(N, "stumpff_c2_sinc", "z=2.5", "float64", "ok", _c2_sinc(2.5, "float64")),
    # gradcli.numpy's sinc rule holds at 5e-151, where JAX's does not
    Case(N, "stumpff_c2_sinc", "z=1e-300", "float64", "ok", _c2_sinc(1e-300, "float64")),
    Case(N, "kepler_E", "M=0.1,e=0.9", "float64", "ok", _kepler(0.1, 0.9)),
    Case(N, "kepler_E_scipy", "M=0.1,e=0.9", "float64", "input-error",
         message=("scipy.optimize.newton", "numpy_lib45a.py, line")),
    Case(N, "hyperbolic_anomaly", "nu=1e-09,e=2", "float64", "unstable", _hyper_nu(1e-9, 2),
         "return np.arccosh((e + np.cos(nu)) / (1.0 + e * np.cos(nu)))", wrt="nu"),
    Case(N, "hyperbolic_anomaly_atanh", "nu=1e-09,e=2", "float64", "ok", cgrad(_F_atanh, nu=1e-9, e=2.0)),
    Case(N, "omori_count", OM + ",p=1.000000000001", "float64", "unstable",
         cgrad(_omori, t=10.0, c=0.05, p=1.000000000001), "return 100.0 * ((c + t) ** (1.0 - p) - c ** (1.0 - p))"),
    # expm1 mends the value, but the quotient rule's L e^(qL) / q - expm1(qL) / q^2 is 5.3e14 - 5.3e14 in p
    Case(N, "omori_count_expm1", OM + ",p=1.000000000001", "float64", "unstable",
         cgrad(_omori, t=10.0, c=0.05, p=1.000000000001), "def omori_count_expm1>>q = 1.0 - p"),
    Case(N, "omori_count_expm1", OM + ",p=1.1", "float64", "ok", cgrad(_omori, t=10.0, c=0.05, p=1.1)),
    Case(N, "gr_truncated_ll", "b=1e-10,m=[2.5,3.1,4,2.2]", "float64", "unstable", only(cgrad(_gr, b=1e-10, m=MAGS), "b"),
         "np.log(1.0 - 10.0 ** (-b * (MMAX - MC)))", wrt="b"),
    Case(N, "detection_ll", "m=[-78,2,3],mc=2", "float64", "unstable", _detect([-78, 2, 3], 2),
         "return np.sum(np.log(special.expit((m - mc) / 0.1)))"),
    Case(N, "detection_ll_stable", "m=[-78,2,3],mc=2", "float64", "ok", _detect([-78, 2, 3], 2)),
    Case(N, "local_magnitude", "amp=1e-300,dist=100", "float64", "ok",
         lambda: {"amp": 1 / (mp(1e-300) * mpmath.log(10)), "dist": mp("2.76") / (100 * mpmath.log(10))}),
    Case(N, "clayton_logpdf", "u=1e-300,v=0.5,theta=2", "float64", "unstable",
         cgrad(_clayton_logpdf, u=1e-300, v=0.5, theta=2.0), "s = u ** -theta + v ** -theta - 1.0"),
    Case(N, "clayton_logpdf_lae", "u=1e-300,v=0.5,theta=2", "float64", "ok",
         cgrad(_clayton_logpdf, u=1e-300, v=0.5, theta=2.0)),
    Case(N, "frank_logpdf_expm1", CL + ",theta=1e-08", "float64", "unstable",
         cgrad(_frank_logpdf, u=0.3, v=0.6, theta=1e-8), "return np.log(theta) + np.log(a) - theta * (u + v)"),
    Case(N, "copula_entropy_term", "c=[1e-300,0.25,0.75]", "float64", "ok", _entropy([1e-300, 0.25, 0.75])),
    Case(N, "copula_entropy_term", "c=[0,0.25,0.75]", "float64", "domain",
         lambda: {"c": [mpmath.inf, -(mpmath.log(mp(0.25)) + 1), -(mpmath.log(mp(0.75)) + 1)]}),
    Case(N, "gaussian_copula_score", "u=[1e-300,0.5],rho=0.5", "float64", "ok", _gauss_copula([1e-300, 0.5], 0.5)),
    Case(N, "mix_weight", "w=1e-300", "float64", "ok", _logit(1e-300)),
    Case(N, "mix_weight", "w=0.9999999999999999", "float64", "ok", _logit(0.9999999999999999)),
    # gradcli.numpy's arcsinh slope holds, but the quotient rule's x / y^2 squares 2e-300 for d/di0
    Case(N, "bv_overpotential", "i=1,i0=1e-300", "float64", "unstable", _bv(1, 1e-300),
         "return 0.0513 * np.arcsinh(i / (2.0 * i0))"),
]

ALL = JAX + NUMPY
