"""A user's JAX code, thirty-fourth round (first part): population genetics (Kimura's fixation probability of a new
mutant, naive, by expm1 and behind a where holding its series; allele frequency under selection by lax.scan),
phylogenetics (the Jukes-Cantor log-likelihood of a pairwise alignment at short branches, naive and by expm1, the
Jukes-Cantor distance behind custom_jvp rules right and wrong, Kimura's two-parameter model fitted from a parameter
tree), heat transfer (a fin's efficiency tanh(mL) / mL near and at mL = 0: naive, behind a where, by a lax.cond
series), quantum tunnelling through a rectangular barrier (its log transmission through a thick barrier, naive and
in log space), cosmology (a comoving distance by jnp.trapezoid, the age of a flat universe near Einstein-de Sitter),
actuarial science (Gompertz-Makeham log survival as Gompertz's growth fades, naive, by expm1, by custom_jvp exprel
rules right and with a sign slip; a life annuity summed over ages; excess-of-loss reinsurance by jax.nn.relu and
jnp.clip at a loss exactly at the retention), magnetism (the Brillouin function near 0, naive and by its series
behind a double where; mean-field magnetisation by a fixed point in fori_loop, its susceptibility by jax.grad inside,
and by lax.custom_root), semiconductors (the Fermi-Dirac integral of order 1 by jax.scipy.special.spence), reliability
(a k-out-of-n system by betainc, its log far down), Value at Risk by ndtri and a truncated normal's negative
log-likelihood by jax.scipy.stats.truncnorm and by differences of ndtr."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import betainc, ndtr, ndtri, spence
from jax.scipy.stats import truncnorm

# --- population genetics ---------------------------------------------------------------------------------------------

POP = 100  # effective population size N; a new mutant is one copy among 2N


def fixation_probability(s):
    """Kimura's probability that a new mutant with selection coefficient s is fixed."""
    return (1.0 - jnp.exp(-2.0 * s)) / (1.0 - jnp.exp(-4.0 * POP * s))


def fixation_probability_expm1(s):
    """The same with expm1 in both numerator and denominator."""
    return jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * POP * s)


def fixation_probability_series(s):
    """The same, its Taylor series below |s| = 1e-8 (the quotient is 0/0 at neutrality)."""
    m = 2.0 * POP
    series = (1.0 + (m - 1.0) * s + (m - 1.0) * (m - 2.0) * s ** 2 / 3.0) / m
    return jnp.where(jnp.abs(s) < 1e-8, series, jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * POP * s))


def allele_frequency(s, generations=50):
    """Frequency of an allele with fitness 1 + s after some generations of haploid selection, from 1 %."""
    def step(p, _):
        nxt = p * (1.0 + s) / (1.0 + s * p)
        return nxt, nxt

    p, _ = jax.lax.scan(step, 0.01 * jnp.ones_like(s), None, length=generations)
    return p


# --- phylogenetics ---------------------------------------------------------------------------------------------------

SAME, DIFFERENT = 95.0, 5.0  # sites of a pairwise alignment


def jc_log_likelihood(t):
    """Jukes-Cantor log-likelihood of the alignment at branch length t (substitutions per site)."""
    e = jnp.exp(-4.0 * t / 3.0)
    p_same = 0.25 + 0.75 * e
    p_diff = 0.25 - 0.25 * e
    return SAME * jnp.log(0.25 * p_same) + DIFFERENT * jnp.log(0.25 * p_diff)


def jc_log_likelihood_expm1(t):
    """The same, the probability of a change written by expm1."""
    x = -4.0 * t / 3.0
    return SAME * jnp.log(0.25 * (1.0 + 0.75 * jnp.expm1(x))) + DIFFERENT * jnp.log(-0.0625 * jnp.expm1(x))


@jax.custom_jvp
def jc_distance(p):
    """Jukes-Cantor distance from the share p of differing sites."""
    return -0.75 * jnp.log1p(-4.0 * p / 3.0)


@jc_distance.defjvp
def _jc_distance_jvp(primals, tangents):
    (p,), (dp,) = primals, tangents
    return jc_distance(p), dp / (1.0 - 4.0 * p / 3.0)


@jax.custom_jvp
def jc_distance_bad(p):
    return -0.75 * jnp.log1p(-4.0 * p / 3.0)


@jc_distance_bad.defjvp
def _jc_distance_bad_jvp(primals, tangents):
    (p,), (dp,) = primals, tangents
    return jc_distance_bad(p), 0.75 * dp / (1.0 - 4.0 * p / 3.0)


def k80_log_likelihood(params, counts):
    """Kimura's two-parameter log-likelihood: rates exp(log_alpha) (transitions) and exp(log_beta) (transversions)
    over a unit branch, counts of identical, transition and transversion sites."""
    alpha, beta = jnp.exp(params["log_alpha"]), jnp.exp(params["log_beta"])
    e4 = jnp.exp(-4.0 * beta)
    e2 = jnp.exp(-2.0 * (alpha + beta))
    probs = jnp.stack([0.25 + 0.25 * e4 + 0.5 * e2, 0.25 + 0.25 * e4 - 0.5 * e2, 0.25 - 0.25 * e4])
    return jnp.sum(counts * jnp.log(probs))


def k80_args():
    return {"log_alpha": math.log(0.3), "log_beta": math.log(0.05)}, jnp.array([80.0, 15.0, 5.0])


# --- heat transfer ---------------------------------------------------------------------------------------------------


def fin_efficiency(ml):
    """Efficiency of a straight fin with an adiabatic tip, mL its dimensionless length."""
    return jnp.tanh(ml) / ml


def fin_efficiency_where(ml):
    """The same, 1 at mL = 0."""
    return jnp.where(ml == 0.0, 1.0, jnp.tanh(ml) / ml)


def fin_efficiency_cond(ml):
    """The same by its series below mL = 0.01, chosen by lax.cond."""
    return jax.lax.cond(jnp.abs(ml) < 0.01,
                        lambda x: 1.0 - x ** 2 / 3.0 + 2.0 * x ** 4 / 15.0 - 17.0 * x ** 6 / 315.0,
                        lambda x: jnp.tanh(x) / x, ml)


# --- quantum tunnelling ----------------------------------------------------------------------------------------------


def transmission(energy, width):
    """Transmission through a rectangular barrier of height 1 (units with 2m / hbar^2 = 1), 0 < E < 1."""
    kappa = jnp.sqrt(1.0 - energy)
    s = jnp.sinh(kappa * width)
    return 1.0 / (1.0 + s * s / (4.0 * energy * (1.0 - energy)))


def log_transmission(energy, width):
    return jnp.log(transmission(energy, width))


def log_transmission_stable(energy, width):
    """The same in log space: log sinh(y) = y + log1p(-e^-2y) - log 2."""
    y = jnp.sqrt(1.0 - energy) * width
    log_sinh = y + jnp.log1p(-jnp.exp(-2.0 * y)) - jnp.log(2.0)
    return -jnp.logaddexp(0.0, 2.0 * log_sinh - jnp.log(4.0 * energy * (1.0 - energy)))


# --- cosmology -------------------------------------------------------------------------------------------------------

HUBBLE_DISTANCE = 299792.458 / 70.0  # c / H0 in Mpc


def comoving_distance(omega_m):
    """Comoving distance to redshift 1 in a flat universe, the integral by the trapezoidal rule on 65 points."""
    z = jnp.linspace(0.0, 1.0, 65, dtype=omega_m.dtype)
    e = jnp.sqrt(omega_m * (1.0 + z) ** 3 + (1.0 - omega_m))
    return HUBBLE_DISTANCE * jnp.trapezoid(1.0 / e, z)


def distance_modulus(omega_m):
    """m - M of a source at redshift 1: 5 log10 of its luminosity distance over 10 pc."""
    return 5.0 * jnp.log10(2.0 * comoving_distance(omega_m) / 1e-5)


def universe_age(omega_m):
    """Age of a flat universe in Hubble times, 2 asinh(sqrt(OL / Om)) / (3 sqrt(OL))."""
    omega_l = 1.0 - omega_m
    return 2.0 / (3.0 * jnp.sqrt(omega_l)) * jnp.arcsinh(jnp.sqrt(omega_l / omega_m))


# --- actuarial science -----------------------------------------------------------------------------------------------

MAKEHAM, GOMPERTZ = 5e-4, 7e-5  # the constant hazard, and the ageing hazard at age 0


def log_survival(c, t=80.0):
    """Log probability of surviving to age t under Gompertz-Makeham, the hazard growing as e^(ct)."""
    return -MAKEHAM * t - GOMPERTZ / c * (jnp.exp(c * t) - 1.0)


def log_survival_expm1(c, t=80.0):
    return -MAKEHAM * t - GOMPERTZ * jnp.expm1(c * t) / c


@jax.custom_jvp
def exprel(x):
    """(e^x - 1) / x, 1 at 0."""
    safe = jnp.where(x == 0.0, 1.0, x)
    return jnp.where(x == 0.0, 1.0, jnp.expm1(safe) / safe)


@exprel.defjvp
def _exprel_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    small = jnp.abs(x) < 1e-3
    safe = jnp.where(small, 1.0, x)
    slope = jnp.where(small, 0.5 + x / 3.0 + x * x / 8.0 + x ** 3 / 30.0,
                      (safe * jnp.exp(safe) - jnp.expm1(safe)) / safe ** 2)
    return exprel(x), slope * dx


@jax.custom_jvp
def exprel_bad(x):
    safe = jnp.where(x == 0.0, 1.0, x)
    return jnp.where(x == 0.0, 1.0, jnp.expm1(safe) / safe)


@exprel_bad.defjvp
def _exprel_bad_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    small = jnp.abs(x) < 1e-3
    safe = jnp.where(small, 1.0, x)
    slope = jnp.where(small, 0.5 + x / 3.0 + x * x / 8.0 + x ** 3 / 30.0,
                      (safe * jnp.exp(safe) + jnp.expm1(safe)) / safe ** 2)
    return exprel_bad(x), slope * dx


def log_survival_exprel(c, t=80.0):
    return -MAKEHAM * t - GOMPERTZ * t * exprel(c * t)


def log_survival_exprel_bad(c, t=80.0):
    return -MAKEHAM * t - GOMPERTZ * t * exprel_bad(c * t)


def life_annuity(c, rate=0.03):
    """Present value of 1 a year paid at the end of each year survived from birth, for 60 years."""
    ages = jnp.arange(1.0, 61.0, dtype=c.dtype)
    return jnp.sum(jnp.exp(-rate * ages + log_survival_expm1(c, ages)))


LOSSES = [3.0, 12.0, 7.5, 20.0, 12.0, 1.0]


def excess_of_loss(retention):
    """Total paid by an excess-of-loss reinsurer over a retention."""
    return jnp.sum(jax.nn.relu(jnp.asarray(LOSSES, dtype=retention.dtype) - retention))


def layer_payout(retention, limit=8.0):
    """Total paid by a layer of the given limit above the retention."""
    return jnp.sum(jnp.clip(jnp.asarray(LOSSES, dtype=retention.dtype) - retention, 0.0, limit))


# --- magnetism -------------------------------------------------------------------------------------------------------

SPIN = 3.5  # J of Gd3+


def brillouin(x):
    """The Brillouin function B_J(x)."""
    a, b = (2.0 * SPIN + 1.0) / (2.0 * SPIN), 1.0 / (2.0 * SPIN)
    return a / jnp.tanh(a * x) - b / jnp.tanh(b * x)


def brillouin_series(x):
    """The same, by its series (a^2 - b^2) x / 3 - (a^4 - b^4) x^3 / 45 below |x| = 1e-3."""
    a, b = (2.0 * SPIN + 1.0) / (2.0 * SPIN), 1.0 / (2.0 * SPIN)
    small = jnp.abs(x) < 1e-3
    safe = jnp.where(small, 1.0, x)
    series = (a * a - b * b) * x / 3.0 - (a ** 4 - b ** 4) * x ** 3 / 45.0
    return jnp.where(small, series, a / jnp.tanh(a * safe) - b / jnp.tanh(b * safe))


def magnetisation(h, temperature=2.0):
    """Mean-field Ising magnetisation m = tanh((m + h) / T) by 200 fixed-point steps from m = 1."""
    return jax.lax.fori_loop(0, 200, lambda i, m: jnp.tanh((m + h) / temperature), jnp.ones_like(h))


def susceptibility(h):
    """dm/dh of the mean-field magnet at T = 2, by jax.grad of the fixed point."""
    return jax.grad(magnetisation)(h)


def magnetisation_root(h, temperature):
    """The same magnetisation by lax.custom_root: Newton from m = 1, slopes implicit."""
    def residual(m):
        return m - jnp.tanh((m + h) / temperature)

    def newton(f, m0):
        return jax.lax.fori_loop(0, 60, lambda i, m: m - f(m) / jax.grad(f)(m), m0)

    return jax.lax.custom_root(residual, jnp.ones_like(h), newton, lambda g, y: y / g(1.0))


# --- semiconductors, reliability, risk -------------------------------------------------------------------------------


def fermi_dirac_1(eta):
    """The complete Fermi-Dirac integral of order 1, -Li2(-e^eta), by spence (Li2(z) = spence(1 - z))."""
    return -spence(1.0 + jnp.exp(eta))


def k_out_of_n(p, k=3, n=5):
    """Reliability of a k-out-of-n system of independent parts each working with probability p."""
    return betainc(float(k), float(n - k + 1), p)


def log_k_out_of_n(p):
    return jnp.log(k_out_of_n(p))


def value_at_risk(alpha, mu=0.001, sigma=0.02):
    """The loss exceeded with probability alpha by a normal return."""
    return -(mu + sigma * ndtri(alpha))


LOWER, UPPER, OBSERVED = 30.0, 32.0, 31.0


def truncated_normal_nll(mu, sigma):
    """Negative log-likelihood of one observation of a normal truncated to [30, 32], by truncnorm.logpdf."""
    return -truncnorm.logpdf(OBSERVED, (LOWER - mu) / sigma, (UPPER - mu) / sigma, loc=mu, scale=sigma)


def truncated_normal_nll_naive(mu, sigma):
    """The same written out with the mass between the bounds as a difference of ndtr."""
    z = (OBSERVED - mu) / sigma
    mass = ndtr((UPPER - mu) / sigma) - ndtr((LOWER - mu) / sigma)
    return 0.5 * z * z + jnp.log(sigma) + 0.5 * jnp.log(2.0 * jnp.pi) + jnp.log(mass)
