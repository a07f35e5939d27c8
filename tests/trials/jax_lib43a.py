"""A user's JAX code, forty-third round (first part): spiking neural networks (a Heaviside spike behind custom_jvp
surrogate gradients, a fast sigmoid's and a boxcar's, and behind snnTorch's ATan surrogate by custom_vjp; leaky
integrate-and-fire neurons by lax.fori_loop and lax.scan whose reset runs through the surrogate or is detached by
stop_gradient; a reset by lax.cond inside jax.vmap; the same neuron by a lax.while_loop; a soft spike rate by a
hand-written sigmoid and by jax.nn.sigmoid; which neuron spikes next by log_softmax with where=), petroleum
engineering (Arps' hyperbolic decline as printed, by log1p, with a series guarded by a where, and behind a
custom_jvp rule for log(1 + b x) / b, right and with its x-slope misremembered; its cumulative production near the
harmonic b = 1 and by expm1; Corey relative permeabilities clipped by jnp.clip in a fractional flow; a production
history interpolated by jnp.interp and differenced by jnp.diff; a history match over a parameter tree; an implicit
pressure step by a tridiagonal solve) and chemical thermodynamics (Wilson's excess Gibbs energy and its
infinite-dilution activity coefficient by log(exp(-tau)); NRTL at infinite dilution as printed and by a sigmoid; a
Redlich-Kister expansion by jnp.polyval; a mixture's log-sum-exp of chemical potentials weighted by mole fractions,
naive and by logsumexp with b=)."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import logsumexp

# --- spiking neural networks -----------------------------------------------------------------------------------------

SLOPE = 10.0  # the fast sigmoid's steepness (snnTorch's default is 25)


@jax.custom_jvp
def spike(v):
    """A Heaviside spike; its gradient is the fast sigmoid's surrogate (Zenke and Ganguli's SuperSpike)."""
    return jnp.heaviside(v, 0.0)


@spike.defjvp
def _spike_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    return spike(v), t / (1.0 + SLOPE * jnp.abs(v)) ** 2


@jax.custom_jvp
def spike_box(v):
    """A spike whose surrogate is a boxcar of width 1 around the threshold."""
    return (v > 0).astype(v.dtype)


@spike_box.defjvp
def _spike_box_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    return spike_box(v), t * (jnp.abs(v) < 0.5).astype(v.dtype)


def spike_count(v):
    return jnp.sum(spike(v - 1.0))


def spike_count_box(v):
    return jnp.sum(spike_box(v - 1.0))


CURRENT = jnp.array([0.3, 0.5, 0.2, 0.8, 0.1, 0.6, 0.4, 0.7])
BETA = 0.9
THRESHOLD = 1.0


def lif_final_potential(w):
    """Leaky integrate-and-fire neurons (one weight each) for 8 steps, reset by subtraction through the spike:
    the loss is the last membrane potentials' sum of squares."""
    def step(t, v):
        v = BETA * v + w * CURRENT[t]
        s = spike(v - THRESHOLD)
        return v - s * THRESHOLD
    v = lax.fori_loop(0, 8, step, jnp.zeros_like(w))
    return 0.5 * jnp.sum(v ** 2)


def lif_final_potential_detached(w):
    """The same with the reset detached (snnTorch's reset_mechanism with the spike's gradient stopped)."""
    def step(v, i):
        v = BETA * v + w * i
        s = lax.stop_gradient(spike(v - THRESHOLD))
        return v - s * THRESHOLD, s
    v, spikes = lax.scan(step, jnp.zeros_like(w), CURRENT)
    return 0.5 * jnp.sum(v ** 2)


def _neuron(w):
    def step(v, i):
        v = BETA * v + w * i
        v = lax.cond(v > THRESHOLD, lambda u: u - THRESHOLD, lambda u: u, v)
        return v, v
    v, trace = lax.scan(step, 0.0, CURRENT)
    return v


def lif_cond_vmap(w):
    """One neuron's reset by lax.cond, mapped over the weights by jax.vmap (the cond becomes a select)."""
    return 0.5 * jnp.sum(jax.vmap(_neuron)(w) ** 2)


RATE_SLOPE = 100.0


def soft_spike_rate(v):
    """The firing probability of a sigmoid neuron written by hand."""
    return jnp.mean(1.0 / (1.0 + jnp.exp(-RATE_SLOPE * (v - THRESHOLD))))


def soft_spike_rate_stable(v):
    return jnp.mean(jax.nn.sigmoid(RATE_SLOPE * (v - THRESHOLD)))


ACTIVE = jnp.array([True, True, False, True])


def next_neuron_nll(z):
    """Which of four neurons spikes next (the second did), the third masked out as refractory."""
    return -jax.nn.log_softmax(z, where=ACTIVE)[1]


# --- petroleum engineering -------------------------------------------------------------------------------------------

QI = 1000.0  # initial rate, bbl/day
YEARS = 5.0


def arps_rate(b, Di):
    """Arps' hyperbolic decline as the textbooks print it."""
    return QI * (1.0 + b * Di * YEARS) ** (-1.0 / b)


def arps_rate_log1p(b, Di):
    return QI * jnp.exp(-jnp.log1p(b * Di * YEARS) / b)


def arps_rate_series(b, Di):
    """Below b = 1e-4 the log of the decline by its series in b, exact above."""
    x = Di * YEARS
    log_ratio = jnp.where(b < 1e-4, -x + b * x ** 2 / 2 - b ** 2 * x ** 3 / 3, -jnp.log1p(b * x) / b)
    return QI * jnp.exp(log_ratio)


def arps_cumulative(b, Di):
    """Cumulative production to 5 years (bbl, Di per year)."""
    return QI / ((1.0 - b) * Di) * (1.0 - (1.0 + b * Di * YEARS) ** ((b - 1.0) / b))


def arps_cumulative_expm1(b, Di):
    return -QI * jnp.expm1((b - 1.0) / b * jnp.log1p(b * Di * YEARS)) / ((1.0 - b) * Di)


SWC, SOR = 0.25, 0.25  # connate water, residual oil
MU_W, MU_O = 0.5, 5.0  # viscosities, cP


def fractional_flow(sw, nw):
    """Buckley-Leverett's water cut with Corey relative permeabilities (exponent nw for water, 2 for oil)."""
    s = jnp.clip((sw - SWC) / (1.0 - SWC - SOR), 0.0, 1.0)
    krw = s ** nw
    kro = (1.0 - s) ** 2
    return (krw / MU_W) / (krw / MU_W + kro / MU_O)


MONTHS = jnp.array([0.0, 1.0, 2.0, 3.0, 6.0, 12.0])
CUMULATIVE = jnp.array([0.0, 900.0, 1650.0, 2300.0, 3800.0, 5600.0])  # bbl


def cumulative_at(t):
    """The cumulative production read off the history at t months, squared (a mismatch's piece)."""
    return jnp.interp(t, MONTHS, CUMULATIVE) ** 2


def monthly_rates(cum):
    """The rates between reports by jnp.diff; a smoothness penalty on their logs."""
    rates = jnp.diff(cum) / jnp.diff(MONTHS)
    return jnp.sum(jnp.diff(jnp.log(rates)) ** 2)


OBS_T = jnp.array([0.5, 1.0, 2.0, 4.0])  # years
OBS_Q = jnp.array([700.0, 520.0, 330.0, 190.0])  # bbl/day


def history_match(params, data):
    """A least-squares history match of the log rates, the decline's parameters in a tree."""
    d = params["decline"]
    log_q = jnp.log(d["qi"]) - jnp.log1p(d["b"] * d["Di"] * data["t"]) / d["b"]
    return jnp.mean((log_q - jnp.log(data["q"])) ** 2)


def history_args():
    return {"params": {"decline": {"qi": jnp.array(900.0), "b": jnp.array(0.6), "Di": jnp.array(1.1)}},
            "data": {"t": OBS_T, "q": OBS_Q}}


def history_args_broken():
    return {"params": {"decline": {"qi": 900.0, "b": 0.6}}, "data": {"t": OBS_T, "q": OBS_Q}}


def pressure_step(k):
    """One implicit step of 1-D pressure diffusion in five cells, permeability k, by a tridiagonal solve."""
    n = 5
    lower = jnp.concatenate([jnp.zeros(1), -k * jnp.ones(n - 1)])
    upper = jnp.concatenate([-k * jnp.ones(n - 1), jnp.zeros(1)])
    diag = 1.0 + 2.0 * k * jnp.ones(n)
    p = lax.linalg.tridiagonal_solve(lower, diag, upper, jnp.array([[1.0], [0.0], [0.0], [0.0], [0.0]]))
    return jnp.sum(p[:, 0] ** 2)


# --- chemical thermodynamics -----------------------------------------------------------------------------------------

def wilson_gibbs(x1, tau12, tau21):
    """Wilson's excess Gibbs energy gE / RT of a binary (equal molar volumes, Lambda = e^-tau)."""
    x2 = 1.0 - x1
    lam12, lam21 = jnp.exp(-tau12), jnp.exp(-tau21)
    return -x1 * jnp.log(x1 + lam12 * x2) - x2 * jnp.log(x2 + lam21 * x1)


def wilson_ln_gamma_inf(tau12, tau21):
    """ln gamma_1 at infinite dilution, -ln Lambda12 + 1 - Lambda21, as the Lambdas are computed."""
    lam12, lam21 = jnp.exp(-tau12), jnp.exp(-tau21)
    return -jnp.log(lam12) + 1.0 - lam21


ALPHA = 0.5
X1 = 0.0  # infinite dilution
X2 = 1.0 - X1


def nrtl_ln_gamma1(tau12, tau21):
    """NRTL's ln gamma_1 as printed, at x1 = 0."""
    g12, g21 = jnp.exp(-ALPHA * tau12), jnp.exp(-ALPHA * tau21)
    return X2 ** 2 * (tau21 * (g21 / (X1 + X2 * g21)) ** 2 + tau12 * g12 / (X2 + X1 * g12) ** 2)


def nrtl_ln_gamma1_sigmoid(tau12, tau21):
    """The same with G21 / (x1 + x2 G21) = sigmoid(-(alpha tau21 + log(x1 / x2))) / x2."""
    g12 = jnp.exp(-ALPHA * tau12)
    ratio = jax.nn.sigmoid(-(ALPHA * tau21 + jnp.log(X1 / X2))) / X2
    return X2 ** 2 * (tau21 * ratio ** 2 + tau12 * g12 / (X2 + X1 * g12) ** 2)


RK = jnp.array([0.8, -0.25, 0.1])  # Redlich-Kister A0, A1, A2


def redlich_kister(x1):
    """gE / RT = x1 x2 sum A_k (x1 - x2)^k, the sum by Horner's rule."""
    x2 = 1.0 - x1
    return x1 * x2 * jnp.polyval(RK[::-1], x1 - x2)


FRACTIONS = jnp.array([0.5, 0.3, 0.2, 0.0])


def mixture_potential(mu):
    """log sum x_i exp(mu_i), mu the components' chemical potentials over RT."""
    return jnp.log(jnp.sum(FRACTIONS * jnp.exp(mu)))


def mixture_potential_lse(mu):
    return logsumexp(mu, b=FRACTIONS)


# --- later additions: a custom_vjp spike, Arps' log ratio behind a custom_jvp rule, a while_loop neuron ------------

@jax.custom_vjp
def spike_atan(v):
    """snnTorch's ATan surrogate: the Heaviside forward, 1 / (1 + (pi v)^2) backward (alpha = 2)."""
    return (v > 0).astype(v.dtype)


def _spike_atan_fwd(v):
    return spike_atan(v), v


def _spike_atan_bwd(v, g):
    return (g / (1.0 + (jnp.pi * v) ** 2),)


spike_atan.defvjp(_spike_atan_fwd, _spike_atan_bwd)


def rate_loss_atan(v):
    """Squared distance of the population's firing rate from 0.25."""
    return (jnp.mean(spike_atan(v - THRESHOLD)) - 0.25) ** 2


@jax.custom_jvp
def log1p_ratio(b, x):
    """log(1 + b x) / b, x at b = 0, with a rule that takes the series where b x is small."""
    safe = jnp.where(b == 0, 1.0, b)
    return jnp.where(b == 0, x, jnp.log1p(safe * x) / safe)


@log1p_ratio.defjvp
def _log1p_ratio_jvp(primals, tangents):
    (b, x), (db, dx) = primals, tangents
    small = jnp.abs(b * x) < 1e-3
    safe = jnp.where(small, 1.0, b)
    d_b = jnp.where(small, -x ** 2 / 2 + 2 * b * x ** 3 / 3 - 3 * b ** 2 * x ** 4 / 4,
                    (x / (1.0 + safe * x) - jnp.log1p(safe * x) / safe) / safe)
    d_x = 1.0 / (1.0 + b * x)
    return log1p_ratio(b, x), d_b * db + d_x * dx


@jax.custom_jvp
def log1p_ratio_bad(b, x):
    safe = jnp.where(b == 0, 1.0, b)
    return jnp.where(b == 0, x, jnp.log1p(safe * x) / safe)


@log1p_ratio_bad.defjvp
def _log1p_ratio_bad_jvp(primals, tangents):
    (b, x), (db, dx) = primals, tangents
    small = jnp.abs(b * x) < 1e-3
    safe = jnp.where(small, 1.0, b)
    d_b = jnp.where(small, -x ** 2 / 2 + 2 * b * x ** 3 / 3,
                    (x / (1.0 + safe * x) - jnp.log1p(safe * x) / safe) / safe)
    d_x = 1.0 / (1.0 + b * x) ** 2  # the chain rule's power misremembered
    return log1p_ratio_bad(b, x), d_b * db + d_x * dx


def arps_rate_custom(b, Di):
    return QI * jnp.exp(-log1p_ratio(b, Di * YEARS))


def arps_rate_custom_bad(b, Di):
    return QI * jnp.exp(-log1p_ratio_bad(b, Di * YEARS))


def lif_while(w):
    """The neuron run by a while_loop over a step counter."""
    def body(state):
        t, v = state
        v = BETA * v + w * CURRENT[t]
        v = jnp.where(v > THRESHOLD, v - THRESHOLD, v)
        return t + 1, v
    t, v = lax.while_loop(lambda s: s[0] < 8, body, (0, jnp.zeros_like(w)))
    return 0.5 * jnp.sum(v ** 2)


def lif_fori_detached(w):
    """The detached reset again, by a fori_loop reading the currents by index."""
    def step(t, v):
        v = BETA * v + w * CURRENT[t]
        return v - lax.stop_gradient(spike(v - THRESHOLD)) * THRESHOLD
    v = lax.fori_loop(0, 8, step, jnp.zeros_like(w))
    return 0.5 * jnp.sum(v ** 2)


def history_args_second_well():
    return {"params": {"decline": {"qi": jnp.array(1500.0), "b": jnp.array(0.9), "Di": jnp.array(2.0)}},
            "data": {"t": OBS_T, "q": OBS_Q}}


def history_args_exponential():
    """A well whose fitted b is nearly 0: the decline is nearly exponential."""
    return {"params": {"decline": {"qi": jnp.array(800.0), "b": jnp.array(1e-9), "Di": jnp.array(0.9)}},
            "data": {"t": OBS_T, "q": OBS_Q}}


P_RES, PI_WELL, C_CHOKE = 3000.0, 2.0, 4.0  # reservoir pressure, productivity index, choke coefficient


def choke_rate(p):
    """The rate through a well and its choke at the wellhead pressure p: the smaller of inflow and choke capacity."""
    return jnp.minimum(PI_WELL * (P_RES - p), C_CHOKE * p)


def choke_rates_total(p):
    """Both capacities' sum, spelt as the smaller plus the larger (smooth at their tie)."""
    inflow, choke = PI_WELL * (P_RES - p), C_CHOKE * p
    return jnp.minimum(inflow, choke) + jnp.maximum(inflow, choke)
