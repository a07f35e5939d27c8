"""A user's JAX code, thirty-second round (first part): epidemiology (an SIR outbreak stepped by lax.scan, checkpointed
under a policy, its final size by Newton in a custom_vjp right and with a sign slip and by lax.custom_root, the log
incidence of a nearly extinct outbreak, a transmission rate fitted from a parameter tree), neuroscience (Hodgkin-
Huxley's potassium rate at its removable singularity: naive, behind a single where, behind a double where with its
Taylor branch; a FitzHugh-Nagumo neuron by fori_loop), economics (CRRA utility near log utility, naive and by expm1,
a CES production function near its Cobb-Douglas limit, the Gini coefficient at tied incomes, Theil's index with a
zero income), acoustics (the sound pressure level of tiny pressures, naive, rescaled by the peak and by a held peak,
the A-weighting curve far below and above hearing), ratings (an Elo log-likelihood at a huge rating gap, naive and by
softplus), hyperelasticity (neo-Hookean energy at the identity and at an inverted element, its stress norm by
jax.grad inside the loss, Ogden's energy, a volumetric energy at J -> 1 naive and by its series), signal processing
(a one-pole IIR filter by lax.scan, its magnitude response near the pole in real and complex arithmetic), and library
functions (jax.lax.cumlogsumexp against log(cumsum(exp)), jax.nn.glu, jax.nn.celu at 0, jax.nn.log_softmax with
where=, jnp.polyval near a triple root); and more idioms: lax.custom_root with a tangent solve at the wrong point,
Newton in a lax.while_loop (which JAX cannot reverse), jax.scipy's norm.logcdf and gammaincc in far tails, slogdet,
cumlogsumexp in reverse, cummax at a tie, jnp.interp at a knot, and per-sample gradients by vmap of grad inside a
loss."""

import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import xlogy

# --- epidemiology ----------------------------------------------------------------------------------------------------

GAMMA_RECOVERY = 0.1  # per day
S_START, I_START = 0.999, 0.001
DT = 0.5


def _sir(beta, days=200, step_wrapper=None):
    def step(state, _):
        s, i = state
        new = beta * s * i * DT
        return (s - new, i + new - GAMMA_RECOVERY * i * DT), None

    start = (jnp.zeros_like(beta) + S_START, jnp.zeros_like(beta) + I_START)
    (s, i), _ = jax.lax.scan(step_wrapper(step) if step_wrapper else step, start, None, length=days)
    return s, i


def sir_attack_rate(beta):
    """The share of the population ever infected after 100 days of an SIR outbreak (Euler, half-day steps)."""
    s, _ = _sir(beta)
    return 1.0 - s


def sir_attack_rate_checkpointed(beta):
    """The same, each step rematerialised except its dot products."""
    policy = jax.checkpoint_policies.dots_with_no_batch_dims_saveable
    s, _ = _sir(beta, step_wrapper=lambda f: jax.checkpoint(f, policy=policy))
    return 1.0 - s


def log_incidence(i, beta):
    """The log of the daily incidence beta S I at prevalence i (S at its starting share)."""
    return jnp.log(beta * S_START * i)


def _final_size_newton(r0):
    z = jnp.ones_like(r0)
    for _ in range(60):
        f = z - 1.0 + jnp.exp(-r0 * z)
        z = z - f / (1.0 - r0 * jnp.exp(-r0 * z))
    return z


@jax.custom_vjp
def final_size(r0):
    """The final epidemic size z solving z = 1 - exp(-R0 z), by Newton, differentiated implicitly."""
    return _final_size_newton(r0)


def _final_size_fwd(r0):
    z = _final_size_newton(r0)
    return z, (z, r0)


def _final_size_bwd(res, g):
    z, r0 = res
    e = jnp.exp(-r0 * z)
    return (g * z * e / (1.0 - r0 * e),)


final_size.defvjp(_final_size_fwd, _final_size_bwd)


@jax.custom_vjp
def final_size_sloppy(r0):
    """The same, the implicit slope's denominator written with a plus."""
    return _final_size_newton(r0)


def _final_size_sloppy_fwd(r0):
    z = _final_size_newton(r0)
    return z, (z, r0)


def _final_size_sloppy_bwd(res, g):
    z, r0 = res
    e = jnp.exp(-r0 * z)
    return (g * z * e / (1.0 + r0 * e),)


final_size_sloppy.defvjp(_final_size_sloppy_fwd, _final_size_sloppy_bwd)


def final_size_root(r0):
    """The same by jax.lax.custom_root: Newton as the solver, the scalar tangent solve by division."""
    def residual(z):
        return z - 1.0 + jnp.exp(-r0 * z)

    def newton(f, z0):
        z = z0
        for _ in range(60):
            z = z - f(z) / jax.grad(f)(z)
        return z

    return jax.lax.custom_root(residual, jnp.ones_like(r0), newton, lambda g, y: y / g(1.0))


def sir_fit(params, observed):
    """Squared error of the simulated prevalence against observations every 20 days, rates on a log scale."""
    beta = jnp.exp(params["log_beta"])
    gamma = jnp.exp(params["log_gamma"])

    def step(state, _):
        s, i = state
        new = beta * s * i * DT
        nxt = (s - new, i + new - gamma * i * DT)
        return nxt, nxt[1]

    _, prevalence = jax.lax.scan(step, (jnp.asarray(S_START), jnp.asarray(I_START)), None, length=80)
    return jnp.sum((prevalence[19::20] - observed) ** 2)


def sir_fit_args():
    return ({"log_beta": math.log(0.3), "log_gamma": math.log(0.1)}, np.array([0.004, 0.02, 0.08, 0.2]))


# --- neuroscience ----------------------------------------------------------------------------------------------------


def hh_alpha_n(v):
    """Hodgkin-Huxley's potassium activation rate (1/ms) at membrane potential v (mV), as the textbook prints it."""
    return 0.01 * (v + 55.0) / (1.0 - jnp.exp(-(v + 55.0) / 10.0))


def hh_alpha_n_where(v):
    """The same with the 0/0 at -55 mV patched by a where."""
    x = (v + 55.0) / 10.0
    return jnp.where(x == 0.0, 0.1, 0.1 * x / -jnp.expm1(-x))


def hh_alpha_n_taylor(v):
    """The same with a Taylor branch near -55 mV, the other branch fed a safe x (double where)."""
    x = (v + 55.0) / 10.0
    small = jnp.abs(x) < 1e-4
    safe = jnp.where(small, 1.0, x)
    return jnp.where(small, 0.1 * (1.0 + x / 2.0 + x * x / 12.0), 0.1 * safe / -jnp.expm1(-safe))


def fitzhugh_nagumo(current):
    """The membrane variable of a FitzHugh-Nagumo neuron after 400 Euler steps of 0.05 under a constant current."""
    def body(_, state):
        v, w = state
        return (v + 0.05 * (v - v ** 3 / 3.0 - w + current), w + 0.05 * 0.08 * (v + 0.7 - 0.8 * w))

    v, _ = jax.lax.fori_loop(0, 400, body, (jnp.zeros_like(current) - 1.0, jnp.zeros_like(current)))
    return v


# --- economics -------------------------------------------------------------------------------------------------------


def crra_utility(c, gamma):
    """Constant relative risk aversion utility of consumption c."""
    return (c ** (1.0 - gamma) - 1.0) / (1.0 - gamma)


def crra_utility_expm1(c, gamma):
    """The same through expm1, which keeps the value near log utility."""
    return jnp.expm1((1.0 - gamma) * jnp.log(c)) / (1.0 - gamma)


CES_SHARE = 0.3


def ces_output(x, rho):
    """A two-input CES production function (Cobb-Douglas as rho -> 0)."""
    return (CES_SHARE * x[0] ** rho + (1.0 - CES_SHARE) * x[1] ** rho) ** (1.0 / rho)


def gini(incomes):
    """The Gini coefficient: mean absolute difference over twice the mean."""
    n = incomes.shape[0]
    diffs = jnp.abs(incomes[:, None] - incomes[None, :])
    return jnp.sum(diffs) / (2.0 * n * n * jnp.mean(incomes))


def theil_index(incomes):
    """Theil's T index of inequality, 0 log 0 taken as 0."""
    share = incomes / jnp.mean(incomes)
    return jnp.mean(xlogy(share, share))


# --- acoustics -------------------------------------------------------------------------------------------------------

P_REF = 20e-6  # Pa


def spl_db(p):
    """Sound pressure level (dB SPL) of a pressure signal."""
    return 20.0 * jnp.log10(jnp.sqrt(jnp.mean(p ** 2)) / P_REF)


def spl_db_scaled(p):
    """The same with the signal rescaled by its peak before squaring."""
    peak = jnp.max(jnp.abs(p))
    return 20.0 * jnp.log10(peak / P_REF) + 10.0 * jnp.log10(jnp.mean((p / peak) ** 2))


def spl_db_held_peak(p):
    """The same with the peak held constant (the level does not depend on it) so no slope flows through it."""
    peak = jax.lax.stop_gradient(jnp.max(jnp.abs(p)))
    return 20.0 * jnp.log10(peak / P_REF) + 10.0 * jnp.log10(jnp.mean((p / peak) ** 2))


def a_weighting_db(f):
    """The A-weighting gain (dB) at frequency f (Hz), IEC 61672."""
    f2 = f ** 2
    ra = 12194.0 ** 2 * f ** 4 / ((f2 + 20.6 ** 2) * jnp.sqrt((f2 + 107.7 ** 2) * (f2 + 737.9 ** 2))
                                  * (f2 + 12194.0 ** 2))
    return 20.0 * jnp.log10(ra) + 2.0


# --- ratings ---------------------------------------------------------------------------------------------------------


def elo_nll(ra, rb):
    """Negative log-likelihood that player a beats player b under Elo's logistic model."""
    expected = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
    return -jnp.log(expected)


def elo_nll_stable(ra, rb):
    """The same as a softplus of the scaled rating gap."""
    return jax.nn.softplus(jnp.log(10.0) * (rb - ra) / 400.0)


# --- hyperelasticity -------------------------------------------------------------------------------------------------

MU, LAMBDA = 1.0, 2.0
KAPPA = 5.0


def neo_hookean_energy(F):
    """Compressible neo-Hookean strain energy density of a deformation gradient."""
    log_j = jnp.log(jnp.linalg.det(F))
    return MU / 2.0 * (jnp.sum(F * F) - 3.0) - MU * log_j + LAMBDA / 2.0 * log_j ** 2


def stress_norm(F):
    """The squared norm of the first Piola-Kirchhoff stress, the energy's gradient taken by jax.grad."""
    return jnp.sum(jax.grad(neo_hookean_energy)(F) ** 2)


OGDEN_MU = (0.63, 0.0012, -0.01)
OGDEN_ALPHA = (1.3, 5.0, -2.0)


def ogden_energy(stretches):
    """Ogden's incompressible strain energy of the principal stretches (three terms, Treloar's rubber)."""
    total = 0.0
    for mu, alpha in zip(OGDEN_MU, OGDEN_ALPHA):
        total = total + mu / alpha * (jnp.sum(stretches ** alpha) - 3.0)
    return total


def volumetric_energy(j):
    """A volumetric penalty kappa (J - 1 - log J), minimal at J = 1."""
    return KAPPA * (j - 1.0 - jnp.log(j))


def volumetric_energy_series(j):
    """The same by its series near J = 1 (u = J - 1)."""
    u = j - 1.0
    small = jnp.abs(u) < 1e-4
    return KAPPA * jnp.where(small, u * u / 2.0 - u ** 3 / 3.0 + u ** 4 / 4.0, u - jnp.log1p(u))


# --- signal processing -----------------------------------------------------------------------------------------------

SIGNAL = np.sin(0.3 * np.arange(64.0)) + 0.5 * np.cos(1.7 * np.arange(64.0))


def one_pole_energy(a):
    """The output energy of a one-pole low-pass filter y[n] = a y[n-1] + (1 - a) x[n] over a fixed signal."""
    def step(y, x):
        y = a * y + (1.0 - a) * x
        return y, y

    _, out = jax.lax.scan(step, jnp.zeros_like(a), jnp.asarray(SIGNAL, dtype=jnp.result_type(a)))
    return jnp.sum(out ** 2)


def magnitude_db(a, w):
    """The one-pole filter's gain (dB) at angular frequency w, |1 - a e^{-iw}|^2 expanded."""
    return 10.0 * jnp.log10((1.0 - a) ** 2 / (1.0 - 2.0 * a * jnp.cos(w) + a * a))


def magnitude_db_factored(a, w):
    """The same with the denominator written as (1 - a)^2 + 4 a sin^2(w / 2)."""
    return 10.0 * jnp.log10((1.0 - a) ** 2 / ((1.0 - a) ** 2 + 4.0 * a * jnp.sin(w / 2.0) ** 2))


def magnitude_db_complex(a, w):
    """The same from the complex transfer function."""
    h = (1.0 - a) / (1.0 - a * jnp.exp(-1j * w))
    return 20.0 * jnp.log10(jnp.abs(h))


# --- library functions -----------------------------------------------------------------------------------------------


def running_log_partition(x):
    """The sum of the running log-partition of scores, by jax.lax.cumlogsumexp."""
    return jnp.sum(jax.lax.cumlogsumexp(x))


def running_log_partition_naive(x):
    """The same as log of a cumulative sum of exponentials."""
    return jnp.sum(jnp.log(jnp.cumsum(jnp.exp(x))))


def glu_sum(x):
    """The sum of a gated linear unit's outputs (first half gated by the sigmoid of the second)."""
    return jnp.sum(jax.nn.glu(x))


def celu_sum(x):
    """The sum of CELU activations with alpha 0.5."""
    return jnp.sum(jax.nn.celu(x, alpha=0.5))


MASK = jnp.array([True, True, False, True])


def masked_log_prob(x):
    """The log-probability of the first class, the third masked out by log_softmax's where=."""
    return jax.nn.log_softmax(x, where=MASK)[0]


def cubic_polyval(x):
    """(x - 1)^3 by jnp.polyval of its expanded coefficients."""
    return jnp.polyval(jnp.array([1.0, -3.0, 3.0, -1.0]), x)


def cubic_factored(x):
    """The same as a power of the factor."""
    return (x - 1.0) ** 3


# --- more idioms -----------------------------------------------------------------------------------------------------


def final_size_root_halved(r0):
    """The final size by lax.custom_root whose tangent solve divides by the residual's slope at 2 (not at 1)."""
    def residual(z):
        return z - 1.0 + jnp.exp(-r0 * z)

    def newton(f, z0):
        z = z0
        for _ in range(60):
            z = z - f(z) / jax.grad(f)(z)
        return z

    return jax.lax.custom_root(residual, jnp.ones_like(r0), newton, lambda g, y: y / g(2.0))


def final_size_while(r0):
    """The final size by Newton in a lax.while_loop until the step is below 1e-14."""
    def cond(state):
        return jnp.abs(state[1]) > 1e-14

    def body(state):
        z, _ = state
        e = jnp.exp(-r0 * z)
        step = (z - 1.0 + e) / (1.0 - r0 * e)
        return z - step, step

    z, _ = jax.lax.while_loop(cond, body, (jnp.ones_like(r0), jnp.ones_like(r0)))
    return z


def log_tail_probability(x):
    """log Phi(x) by jax.scipy.stats.norm.logcdf."""
    return jax.scipy.stats.norm.logcdf(x)


def log_survival_gamma(x):
    """log P(X > x) for a Gamma(2, 1) waiting time by jax.scipy.special.gammaincc."""
    return jnp.log(jax.scipy.special.gammaincc(2.0, x))


def log_volume_ratio(F):
    """log |det F| by jnp.linalg.slogdet."""
    return jnp.linalg.slogdet(F)[1]


def reverse_running_log_partition(x):
    """The sum of the reversed running log-partition (cumlogsumexp from the end)."""
    return jnp.sum(jax.lax.cumlogsumexp(x, reverse=True))


def running_peak(x):
    """The sum of the running maximum of a series (jax.lax.cummax)."""
    return jnp.sum(jax.lax.cummax(x))


def interpolated_cost(x):
    """A tabulated cost read by jnp.interp at x, squared."""
    return jnp.interp(x, jnp.array([0.0, 1.0, 2.0, 4.0]), jnp.array([1.0, 3.0, 2.0, 5.0])) ** 2


def per_sample_grad_norm(w):
    """The summed squared norms of per-sample gradients of a logistic loss, by jax.vmap of jax.grad."""
    xs = jnp.array([[1.0, 2.0], [-0.5, 1.5], [2.0, -1.0]])
    ys = jnp.array([1.0, 0.0, 1.0])

    def loss(wv, x, y):
        z = jnp.dot(wv, x)
        return jax.nn.softplus(z) - y * z

    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    return jnp.sum(grads ** 2)
