"""A user's JAX code, nineteenth round: the Lorentz factor near the speed of light, Fermi-Dirac and Bose-Einstein
occupations, Kepler's equation solved by Newton's method in a fori_loop and behind a custom_jvp (the implicit
function theorem, once right and once with a sign slip), a tanh recurrent cell in a scan, a straight-through rounding
estimator and JAX's documented gradient clipping as custom_vjp rules, entropic optimal transport by Sinkhorn's
iterations (scaling and log-domain), and a polygon's area by the shoelace formula."""

import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import logsumexp

# --- special relativity -----------------------------------------------------------------------------------------------


def lorentz_naive(beta):
    """gamma = 1 / sqrt(1 - beta^2), summed over a batch of speeds (beta = v / c)."""
    return jnp.sum(1.0 / jnp.sqrt(1.0 - beta ** 2))


def lorentz(beta):
    """The same with 1 - beta^2 factored, so 1 - beta is exact near the speed of light."""
    return jnp.sum(1.0 / jnp.sqrt((1.0 - beta) * (1.0 + beta)))


# --- quantum statistics -----------------------------------------------------------------------------------------------


def fermi_naive(e):
    """Fermi-Dirac occupation 1 / (exp(E / kT) + 1), energies in units of kT from the chemical potential."""
    return jnp.sum(1.0 / (jnp.exp(e) + 1.0))


def fermi(e):
    return jnp.sum(jax.nn.sigmoid(-e))


def bose_naive(x):
    """Bose-Einstein occupation 1 / (exp(x) - 1)."""
    return jnp.sum(1.0 / (jnp.exp(x) - 1.0))


def bose(x):
    return jnp.sum(1.0 / jnp.expm1(x))


# --- Kepler's equation M = E - e sin E --------------------------------------------------------------------------------


def kepler_newton(mean_anomaly, ecc):
    """The eccentric anomaly by 30 Newton steps, differentiated through the loop."""
    def step(_, E):
        return E - (E - ecc * jnp.sin(E) - mean_anomaly) / (1.0 - ecc * jnp.cos(E))
    return lax.fori_loop(0, 30, step, mean_anomaly)


def _solve_kepler(mean_anomaly, ecc):
    E = mean_anomaly
    for _ in range(30):
        E = E - (E - ecc * jnp.sin(E) - mean_anomaly) / (1.0 - ecc * jnp.cos(E))
    return E


@jax.custom_jvp
def kepler_implicit(mean_anomaly, ecc):
    return _solve_kepler(mean_anomaly, ecc)


@kepler_implicit.defjvp
def _kepler_jvp(primals, tangents):
    mean_anomaly, ecc = primals
    d_mean, d_ecc = tangents
    E = _solve_kepler(mean_anomaly, ecc)
    # dE (1 - e cos E) - sin E de = dM
    return E, (d_mean + jnp.sin(E) * d_ecc) / (1.0 - ecc * jnp.cos(E))


@jax.custom_jvp
def kepler_implicit_slip(mean_anomaly, ecc):
    return _solve_kepler(mean_anomaly, ecc)


@kepler_implicit_slip.defjvp
def _kepler_jvp_slip(primals, tangents):
    mean_anomaly, ecc = primals
    d_mean, d_ecc = tangents
    E = _solve_kepler(mean_anomaly, ecc)
    return E, (d_mean - jnp.sin(E) * d_ecc) / (1.0 - ecc * jnp.cos(E))


def kepler_radius(mean_anomaly, ecc):
    """The orbit's radius r = a (1 - e cos E) with a = 1, from the custom rule."""
    return 1.0 - ecc * jnp.cos(kepler_implicit(mean_anomaly, ecc))


def kepler_radius_slip(mean_anomaly, ecc):
    return 1.0 - ecc * jnp.cos(kepler_implicit_slip(mean_anomaly, ecc))


# --- a recurrent cell -------------------------------------------------------------------------------------------------

SEQUENCE = (1.0, 0.5, -0.25, 0.75)


def rnn_last(w, u):
    """h_t = tanh(w h_(t-1) + u x_t) from h_0 = 0 over a fixed sequence; the last state."""
    xs = jnp.asarray(SEQUENCE, dtype=w.dtype)

    def cell(h, x):
        h = jnp.tanh(w * h + u * x)
        return h, h
    h, _ = lax.scan(cell, jnp.zeros_like(w), xs)
    return h


# --- custom_vjp rules as blog posts write them ------------------------------------------------------------------------


@jax.custom_vjp
def round_ste(x):
    return jnp.round(x)


def _round_fwd(x):
    return jnp.round(x), None


def _round_bwd(_, g):
    return (g,)


round_ste.defvjp(_round_fwd, _round_bwd)


def quantized_loss(x):
    """Distance of the rounded weights from a quarter of themselves, rounded with the straight-through estimator."""
    return jnp.sum((round_ste(x) - 0.25 * x) ** 2)


@functools.partial(jax.custom_vjp, nondiff_argnums=(0, 1))
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, None


def clip_gradient_bwd(lo, hi, _, g):
    return (jnp.clip(g, lo, hi),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_energy(x):
    return jnp.sum(clip_gradient(-1.0, 1.0, x) ** 2)


# --- entropic optimal transport ---------------------------------------------------------------------------------------

MARGIN_A = (0.5, 0.5)
MARGIN_B = (0.25, 0.75)
SINKHORN_STEPS = 20


def sinkhorn_cost(cost, eps=0.05):
    """<P, C> for the Sinkhorn plan P = diag(u) K diag(v), K = exp(-C / eps), after a fixed number of scalings."""
    a = jnp.asarray(MARGIN_A, dtype=cost.dtype)
    b = jnp.asarray(MARGIN_B, dtype=cost.dtype)
    K = jnp.exp(-cost / eps)
    v = jnp.ones_like(b)
    for _ in range(SINKHORN_STEPS):
        u = a / (K @ v)
        v = b / (K.T @ u)
    plan = u[:, None] * K * v[None, :]
    return jnp.sum(plan * cost)


def sinkhorn_cost_log(cost, eps=0.05):
    """The same iterations on the potentials f = eps log u, g = eps log v."""
    a = jnp.asarray(MARGIN_A, dtype=cost.dtype)
    b = jnp.asarray(MARGIN_B, dtype=cost.dtype)
    g = jnp.zeros_like(b)
    for _ in range(SINKHORN_STEPS):
        f = eps * jnp.log(a) - eps * logsumexp((g[None, :] - cost) / eps, axis=1)
        g = eps * jnp.log(b) - eps * logsumexp((f[:, None] - cost) / eps, axis=0)
    plan = jnp.exp((f[:, None] + g[None, :] - cost) / eps)
    return jnp.sum(plan * cost)


# --- geometry ---------------------------------------------------------------------------------------------------------


def polygon_area(x, y):
    """The shoelace formula: half the absolute signed area of the closed polygon."""
    return 0.5 * jnp.abs(jnp.sum(x * jnp.roll(y, -1) - jnp.roll(x, -1) * y))


# --- a guarded square root by lax.cond --------------------------------------------------------------------------------


def cond_sqrt(x):
    """sqrt(x) where x > 0 and 0 elsewhere, the branch chosen by lax.cond."""
    return lax.cond(x > 0.0, jnp.sqrt, jnp.zeros_like, x)


# --- special functions of jax.scipy -----------------------------------------------------------------------------------

SKEW = 2.0


def skewnorm_cdf(x):
    """The skew-normal CDF Phi(x) - 2 T(x, alpha) with Owen's T, summed."""
    return jnp.sum(jax.scipy.special.ndtr(x) - 2.0 * jax.scipy.special.owens_t(x, SKEW))


def knife_edge(v):
    """Fresnel diffraction past a straight edge: the intensity from the Cornu spiral, summed over positions."""
    s, c = jax.scipy.special.fresnel(v)
    return jnp.sum(0.5 * ((c + 0.5) ** 2 + (s + 0.5) ** 2))


def dawson_sum(x):
    return jnp.sum(jax.scipy.special.dawsn(x))


def airy_intensity(x):
    """The Airy pattern (2 J1(x) / x)^2 of a circular aperture."""
    j1 = jax.scipy.special.bessel_jn(x, v=1)[1]
    return jnp.sum((2.0 * j1 / x) ** 2)


def student_t_cdf(t, nu=3.0):
    """Student's t CDF by the hypergeometric function, as the textbook gives it."""
    z = -t * t / nu
    scale = jnp.exp(jax.scipy.special.gammaln((nu + 1.0) / 2.0) - jax.scipy.special.gammaln(nu / 2.0))
    return 0.5 + t * scale * jax.scipy.special.hyp2f1(0.5, (nu + 1.0) / 2.0, 1.5, z) / jnp.sqrt(jnp.pi * nu)


# --- softplus with a custom_vjp as blog posts write it ----------------------------------------------------------------


@jax.custom_vjp
def softplus_blog(x):
    return jnp.logaddexp(0.0, x)


def _softplus_fwd(x):
    return jnp.logaddexp(0.0, x), x


def _softplus_bwd(x, g):
    return (g * jnp.exp(x) / (1.0 + jnp.exp(x)),)


softplus_blog.defvjp(_softplus_fwd, _softplus_bwd)


def softplus_blog_sum(x):
    return jnp.sum(softplus_blog(x))
