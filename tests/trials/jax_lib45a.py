"""A user's JAX code, forty-fifth round (first part): astrodynamics (the Stumpff functions c2(z) and c3(z) of universal
variables as printed, behind one where over the three regimes as poliastro-style code writes them, behind a double
where with their series, and c2 by jnp.sinc; Kepler's equation by Newton in lax.fori_loop, in lax.scan carrying the
anomaly, with a jax.checkpoint step and a jitted solver with a static step count, behind custom_vjp implicit rules right
and with a slip, and by lax.while_loop; the hyperbolic anomaly by arccosh and by arctanh; vis-viva through the
semi-major axis at the parabolic e = 1; an orbit as a dataclass registered as a pytree), seismology (the Omori-Utsu
integrated rate with its removable singularity at p = 1, as printed, by one where and by a double where with its
series; an Omori log-likelihood from a nested dict by --args; a truncated Gutenberg-Richter b-value likelihood by
1 - 10^(-b dM) and by expm1; Ogata-Katsura detection by log(sigmoid) and jax.nn.log_sigmoid; a local magnitude by
log10 of an amplitude; a completeness ramp by jax.nn.relu) and copulas (Clayton's CDF near independence, its log
density at u = 1e-300 by powers and by logsumexp with b= and return_sign; Frank's log density by exp and by expm1;
Gumbel's at theta = 1; Butler-Volmer's overpotential by arcsinh of a huge ratio; Kepler by lax.custom_root, right
and with the tangent solve's division forgotten; a NumPy reference through jax.pure_callback)."""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.scipy.special import entr, logsumexp, xlogy

# --- astrodynamics ---------------------------------------------------------------------------------------------------


def stumpff_c2(z):
    """c2(z) = (1 - cos sqrt z) / z, as printed for elliptic orbits."""
    return (1.0 - jnp.cos(jnp.sqrt(z))) / z


def stumpff_c3(z):
    """c3(z) = (sqrt z - sin sqrt z) / z^1.5."""
    s = jnp.sqrt(z)
    return (s - jnp.sin(s)) / (z * s)


def stumpff_c2_where(z):
    """poliastro-style: elliptic, hyperbolic and parabolic regimes by one where each."""
    return jnp.where(z > 0, (1.0 - jnp.cos(jnp.sqrt(z))) / z,
                     jnp.where(z < 0, (jnp.cosh(jnp.sqrt(-z)) - 1.0) / (-z), 0.5))


def stumpff_c2_safe(z):
    """The same regimes, each branch fed a safe argument, and a series near z = 0."""
    small = jnp.abs(z) < 1e-3
    zp = jnp.where(z > 0, jnp.where(small, 1.0, z), 1.0)
    zn = jnp.where(z < 0, jnp.where(small, -1.0, z), -1.0)
    series = 0.5 - z / 24.0 + z * z / 720.0 - z * z * z / 40320.0
    ell = (1.0 - jnp.cos(jnp.sqrt(zp))) / zp
    hyp = (jnp.cosh(jnp.sqrt(-zn)) - 1.0) / (-zn)
    return jnp.where(small, series, jnp.where(z > 0, ell, hyp))


def stumpff_c2_sinc(z):
    """1 - cos x = 2 sin^2(x / 2): c2 = sinc(sqrt z / 2 pi)^2 / 2 with jnp.sinc (sin(pi x) / (pi x))."""
    return 0.5 * jnp.sinc(jnp.sqrt(z) / (2.0 * jnp.pi)) ** 2


def stumpff_c2_sum(z):
    """c2 of a vector of z by jax.vmap of the safe scalar function."""
    return jnp.sum(jax.vmap(stumpff_c2_safe)(z))


def kepler_E(M, e):
    """Eccentric anomaly from Kepler's equation E - e sin E = M, 30 Newton steps from E = M + e sin M."""
    def body(i, E):
        return E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
    return lax.fori_loop(0, 30, body, M + e * jnp.sin(M))


def kepler_E_scan(M, e):
    """The same by lax.scan carrying E, keeping the residuals (a user's convergence log)."""
    def step(E, _):
        f = E - e * jnp.sin(E) - M
        return E - f / (1.0 - e * jnp.cos(E)), f
    E, _ = lax.scan(step, M + e * jnp.sin(M), None, length=30)
    return E


@jax.checkpoint
def _newton_step(E, M, e):
    return E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))


@partial(jax.jit, static_argnums=2)
def _kepler_jit(M, e, steps):
    E = M + e * jnp.sin(M)
    for _ in range(steps):
        E = _newton_step(E, M, e)
    return E


def kepler_E_jit(M, e):
    """The same unrolled under jax.jit with the step count static, each step rematerialised by jax.checkpoint."""
    return _kepler_jit(M, e, 30)


def kepler_E_while(M, e):
    """The same by lax.while_loop with a fixed trip count (JAX cannot reverse-differentiate it)."""
    def cond(state):
        return state[0] < 30

    def body(state):
        i, E = state
        return i + 1, E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
    return lax.while_loop(cond, body, (0, M + e * jnp.sin(M)))[1]


@jax.custom_vjp
def kepler_implicit(M, e):
    return kepler_E(M, e)


def _kepler_fwd(M, e):
    E = kepler_E(M, e)
    return E, (E, e)


def _kepler_bwd(res, g):
    E, e = res
    d = 1.0 - e * jnp.cos(E)
    return g / d, g * jnp.sin(E) / d


kepler_implicit.defvjp(_kepler_fwd, _kepler_bwd)


@jax.custom_vjp
def kepler_implicit_bad(M, e):
    return kepler_E(M, e)


def _kepler_bad_fwd(M, e):
    E = kepler_E(M, e)
    return E, (E, e)


def _kepler_bad_bwd(res, g):
    E, e = res
    d = 1.0 - e * jnp.cos(E)
    return g / d, -g * jnp.sin(E) / d


kepler_implicit_bad.defvjp(_kepler_bad_fwd, _kepler_bad_bwd)


def true_anomaly(M, e):
    """nu = 2 atan2(sqrt(1 + e) sin(E/2), sqrt(1 - e) cos(E/2)) from the solved E."""
    E = kepler_implicit(M, e)
    return 2.0 * jnp.arctan2(jnp.sqrt(1.0 + e) * jnp.sin(E / 2.0), jnp.sqrt(1.0 - e) * jnp.cos(E / 2.0))


def hyperbolic_anomaly(nu, e):
    """F from the true anomaly by cosh F = (e + cos nu) / (1 + e cos nu)."""
    return jnp.arccosh((e + jnp.cos(nu)) / (1.0 + e * jnp.cos(nu)))


def hyperbolic_anomaly_atanh(nu, e):
    """F = 2 atanh(sqrt((e - 1) / (e + 1)) tan(nu / 2))."""
    return 2.0 * jnp.arctanh(jnp.sqrt((e - 1.0) / (e + 1.0)) * jnp.tan(nu / 2.0))


MU_EARTH = 398600.4418  # km^3 / s^2


def vis_viva(r, p, e):
    """Speed squared at radius r on a conic of semi-latus rectum p: v^2 = mu (2 / r - 1 / a), a = p / (1 - e^2)."""
    a = p / (1.0 - e ** 2)
    return MU_EARTH * (2.0 / r - 1.0 / a)


def vis_viva_p(r, p, e):
    return MU_EARTH * (2.0 / r - (1.0 - e ** 2) / p)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Orbit:
    p: jnp.ndarray
    e: jnp.ndarray
    nu: jnp.ndarray


def radius(orbit):
    """The conic's radius r = p / (1 + e cos nu)."""
    return orbit.p / (1.0 + orbit.e * jnp.cos(orbit.nu))


def orbit_args():
    return {"orbit": Orbit(p=jnp.array(7000.0), e=jnp.array(1.0), nu=jnp.array(2.0))}


def orbit_argz():
    return orbit_args()


# --- seismology ------------------------------------------------------------------------------------------------------


def omori_count(t, c, p):
    """Omori-Utsu's expected count of aftershocks in (0, t): K ((c + t)^(1 - p) - c^(1 - p)) / (1 - p), K = 100."""
    return 100.0 * ((c + t) ** (1.0 - p) - c ** (1.0 - p)) / (1.0 - p)


def omori_count_where(t, c, p):
    q = 1.0 - p
    return 100.0 * jnp.where(jnp.abs(q) < 1e-6, jnp.log((c + t) / c),
                             ((c + t) ** q - c ** q) / q)


def omori_count_safe(t, c, p):
    """The same with the exponential's series near p = 1 behind a double where."""
    q = 1.0 - p
    small = jnp.abs(q) < 1e-6
    qs = jnp.where(small, 1.0, q)
    a, b = jnp.log(c + t), jnp.log(c)
    series = (a - b) + q * (a * a - b * b) / 2.0 + q * q * (a ** 3 - b ** 3) / 6.0
    return 100.0 * jnp.where(small, series, (jnp.exp(qs * a) - jnp.exp(qs * b)) / qs)


def omori_loglik(params, times, horizon):
    """Log-likelihood of aftershock times under lambda(t) = K / (c + t)^p on (0, horizon)."""
    K, c, p = params["omori"]["K"], params["omori"]["c"], params["omori"]["p"]
    rate = jnp.sum(jnp.log(K) - p * jnp.log(c + times))
    q = 1.0 - p
    count = K * ((c + horizon) ** q - c ** q) / q
    return rate - count


def omori_args():
    params = {"omori": {"K": jnp.array(50.0), "c": jnp.array(0.05), "p": jnp.array(1.1)}}
    times = jnp.array([0.01, 0.2, 0.7, 3.0, 12.0])
    return {"params": params, "times": times, "horizon": jnp.array(30.0)}


def omori_args_unit():
    args = omori_args()
    args["params"]["omori"]["p"] = jnp.array(1.0)
    return args


def gr_truncated_ll(b, m):
    """Truncated Gutenberg-Richter: f(m) = b ln10 10^(-b (m - MC)) / (1 - 10^(-b (MMAX - MC)))."""
    beta = b * jnp.log(10.0)
    return jnp.sum(jnp.log(beta) - beta * (m - MC) - jnp.log(1.0 - 10.0 ** (-b * (MMAX - MC))))


def gr_truncated_ll_expm1(b, m):
    beta = b * jnp.log(10.0)
    return jnp.sum(jnp.log(beta) - beta * (m - MC) - jnp.log(-jnp.expm1(-beta * (MMAX - MC))))


MC, MMAX = 2.0, 8.0


def detection_ll(m, mc):
    """Ogata-Katsura's detection probability Phi-like ramp sigmoid((m - mc) / 0.1) in a log-likelihood."""
    return jnp.sum(jnp.log(jax.nn.sigmoid((m - mc) / 0.1)))


def detection_ll_stable(m, mc):
    return jnp.sum(jax.nn.log_sigmoid((m - mc) / 0.1))


def local_magnitude(amp, dist):
    """Richter's ML = log10 A + 2.76 log10 D - 2.48 (A in microns, D in km)."""
    return jnp.log10(amp) + 2.76 * jnp.log10(dist) - 2.48


def completeness_excess(m, mc):
    """Summed magnitude above completeness, by relu."""
    return jnp.sum(jax.nn.relu(m - mc))


def binned_omori_nll(p, counts):
    """Poisson NLL of aftershock counts in day bins 1..4 under an Omori rate integrated per bin (K = 20, c = 0.1)."""
    edges = jnp.array([0.0, 1.0, 2.0, 3.0, 4.0])
    q = 1.0 - p
    cum = 20.0 * ((0.1 + edges) ** q - 0.1 ** q) / q
    lam = jnp.diff(cum)
    return jnp.sum(lam - xlogy(counts, lam))


# --- copulas ---------------------------------------------------------------------------------------------------------


def clayton_cdf(u, v, theta):
    """Clayton's copula C(u, v) = (u^-theta + v^-theta - 1)^(-1 / theta)."""
    return (u ** -theta + v ** -theta - 1.0) ** (-1.0 / theta)


def clayton_logpdf(u, v, theta):
    """log c(u, v) = log(1 + theta) - (1 + theta)(log u + log v) - (2 + 1 / theta) log(u^-theta + v^-theta - 1)."""
    s = u ** -theta + v ** -theta - 1.0
    return jnp.log1p(theta) - (1.0 + theta) * (jnp.log(u) + jnp.log(v)) - (2.0 + 1.0 / theta) * jnp.log(s)


def clayton_logpdf_lse(u, v, theta):
    """The same with log(u^-theta + v^-theta - 1) by logsumexp with signed weights."""
    a = jnp.stack([-theta * jnp.log(u), -theta * jnp.log(v), jnp.zeros_like(u)])
    b = jnp.array([1.0, 1.0, -1.0]).reshape((3,) + (1,) * jnp.ndim(u))
    log_s, sign = logsumexp(a, axis=0, b=b, return_sign=True)
    return jnp.log1p(theta) - (1.0 + theta) * (jnp.log(u) + jnp.log(v)) - (2.0 + 1.0 / theta) * log_s


def frank_logpdf(u, v, theta):
    """Frank's log density: theta (1 - e^-theta) e^(-theta (u + v)) / ((1 - e^-theta) - (1 - e^-theta u)(1 - e^-theta v))^2."""
    a = 1.0 - jnp.exp(-theta)
    d = a - (1.0 - jnp.exp(-theta * u)) * (1.0 - jnp.exp(-theta * v))
    return jnp.log(theta * a) - theta * (u + v) - 2.0 * jnp.log(d)


def frank_logpdf_expm1(u, v, theta):
    a = -jnp.expm1(-theta)
    d = a - jnp.expm1(-theta * u) * jnp.expm1(-theta * v)
    return jnp.log(theta) + jnp.log(a) - theta * (u + v) - 2.0 * jnp.log(d)


def gumbel_cdf(u, v, theta):
    """Gumbel's copula exp(-((-log u)^theta + (-log v)^theta)^(1 / theta))."""
    return jnp.exp(-((-jnp.log(u)) ** theta + (-jnp.log(v)) ** theta) ** (1.0 / theta))


def copula_nll(params, u, v):
    """A mixture's negative log-likelihood from a nested dict of parameters (Clayton and Frank, weight w)."""
    w = jax.nn.sigmoid(params["mix"]["logit_w"])
    lc = clayton_logpdf_lse(u, v, params["clayton"]["theta"])
    lf = frank_logpdf_expm1(u, v, params["frank"]["theta"])
    return -jnp.sum(jnp.logaddexp(jnp.log(w) + lc, jnp.log1p(-w) + lf))


def copula_args():
    params = {"mix": {"logit_w": jnp.array(0.3)}, "clayton": {"theta": jnp.array(2.0)},
              "frank": {"theta": jnp.array(5.0)}}
    return {"params": params, "u": jnp.array([0.2, 0.5, 0.9]), "v": jnp.array([0.3, 0.4, 0.8])}


# --- battery ---------------------------------------------------------------------------------------------------------


def bv_overpotential(i, i0):
    """Symmetric Butler-Volmer inverted: eta = (2 R T / F) arcsinh(i / (2 i0)), 2 RT/F = 0.0513 V at 298 K."""
    return 0.0513 * jnp.arcsinh(i / (2.0 * i0))


def bv_overpotential_log(i, i0):
    """The same by log(x + sqrt(x^2 + 1)) as printed in a textbook."""
    x = i / (2.0 * i0)
    return 0.0513 * jnp.log(x + jnp.sqrt(x * x + 1.0))


def stumpff_callback(z):
    """c2 from a NumPy reference implementation through jax.pure_callback (a user's bridge to legacy code)."""
    ref = jax.pure_callback(lambda x: np.asarray((1.0 - np.cos(np.sqrt(x))) / x, dtype=x.dtype),
                            jax.ShapeDtypeStruct(jnp.shape(z), jnp.result_type(z)), z)
    return ref * z


def kepler_root(M, e):
    """Kepler's equation by lax.custom_root: Newton for the solve, the tangent solve dividing by f'(E)."""
    def f(E):
        return E - e * jnp.sin(E) - M

    def solve(g, E0):
        def body(i, E):
            return E - g(E) / (1.0 - e * jnp.cos(E))
        return lax.fori_loop(0, 30, body, E0)

    return lax.custom_root(f, M + e * jnp.sin(M), solve, lambda g, y: y / g(1.0))


def kepler_root_bad(M, e):
    """The same with the tangent solve's division forgotten (as if f'(E) were 1)."""
    def f(E):
        return E - e * jnp.sin(E) - M

    def solve(g, E0):
        def body(i, E):
            return E - g(E) / (1.0 - e * jnp.cos(E))
        return lax.fori_loop(0, 30, body, E0)

    return lax.custom_root(f, M + e * jnp.sin(M), solve, lambda g, y: y)


def orbit_args_apo():
    """A parabola seen from behind its focus: nu = pi as float64 holds it, 1 + cos nu = 7.5e-33 exactly."""
    return {"orbit": Orbit(p=jnp.array(7000.0), e=jnp.array(1.0), nu=jnp.array(jnp.pi))}


def kepler_root_sign(M, e):
    """lax.custom_root with the tangent solve's sign slipped."""
    def f(E):
        return E - e * jnp.sin(E) - M

    def solve(g, E0):
        def body(i, E):
            return E - g(E) / (1.0 - e * jnp.cos(E))
        return lax.fori_loop(0, 30, body, E0)

    return lax.custom_root(f, M + e * jnp.sin(M), solve, lambda g, y: -y / g(1.0))


def cell_entropy(c):
    """The entropy of a copula's cell masses by jax.scipy.special.entr."""
    return jnp.sum(entr(c))


def soft_excess(m, mc):
    """A smooth completeness excess 0.1 softplus((m - mc) / 0.1)."""
    return jnp.sum(0.1 * jax.nn.softplus((m - mc) / 0.1))


def orbit_args_all():
    return orbit_args()


def omori_args_tree():
    return omori_args()


def copula_args_all():
    return copula_args()


def copula_argz():
    return copula_args()
