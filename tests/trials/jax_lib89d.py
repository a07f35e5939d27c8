"""A user's JAX code, eighty-ninth round (d): option pricing and risk, differentiated for Greeks: Black-Scholes call
and put with jax.scipy.stats.norm.cdf (the put by cdf(-d) and by 1 - cdf(d)), Bachelier's normal model, Hagan's SABR
implied volatility (z / x(z) as written, and guarded by jnp.where near the money), Black's implied variance by Newton's
method with a custom_vjp giving the implicit (vega-based) gradient (right, and with sqrt(T) forgotten in the vega), a
digital payoff smoothed by a sigmoid, a barrier's survival probability, expected shortfall by sorting and by a softplus
relaxation, realized variance of log-returns, and the Kelly growth rate."""

import jax
import jax.numpy as jnp
from jax.scipy.stats import norm

RATE = 0.05
STRIKE = 100.0
T_IMPLIED = 0.5
SABR_T = 1.0
RETURNS = [0.05, -0.03, 0.12, -0.08]


# ----------------------------------------------------------------------------------------- Black-Scholes
def _d1_d2(s, k, sigma, t):
    vol_sqrt_t = sigma * jnp.sqrt(t)
    d1 = (jnp.log(s / k) + (RATE + 0.5 * sigma ** 2) * t) / vol_sqrt_t
    return d1, d1 - vol_sqrt_t


def bs_call(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return s * norm.cdf(d1) - k * jnp.exp(-RATE * t) * norm.cdf(d2)


def bs_put(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return k * jnp.exp(-RATE * t) * norm.cdf(-d2) - s * norm.cdf(-d1)


def bs_put_one_minus(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return k * jnp.exp(-RATE * t) * (1 - norm.cdf(d2)) - s * (1 - norm.cdf(d1))


# ----------------------------------------------------------------------------------------- Bachelier
def bachelier_call(f, k, sigma, t):
    stdev = sigma * jnp.sqrt(t)
    d = (f - k) / stdev
    return (f - k) * norm.cdf(d) + stdev * norm.pdf(d)


# ----------------------------------------------------------------------------------------- SABR (Hagan 2002)
def _sabr_parts(f, k, alpha, beta, rho, nu):
    fk = f * k
    log_fk = jnp.log(f / k)
    one_b = 1 - beta
    pre = alpha / (fk ** (one_b / 2) * (1 + one_b ** 2 / 24 * log_fk ** 2 + one_b ** 4 / 1920 * log_fk ** 4))
    corr = 1 + (one_b ** 2 / 24 * alpha ** 2 / fk ** one_b + rho * beta * nu * alpha / (4 * fk ** (one_b / 2))
                + (2 - 3 * rho ** 2) / 24 * nu ** 2) * SABR_T
    z = nu / alpha * fk ** (one_b / 2) * log_fk
    x = jnp.log((jnp.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))
    return pre, corr, z, x


def sabr_vol(f, k, alpha, beta, rho, nu):
    pre, corr, z, x = _sabr_parts(f, k, alpha, beta, rho, nu)
    return pre * (z / x) * corr


def sabr_vol_guarded(f, k, alpha, beta, rho, nu):
    pre, corr, z, x = _sabr_parts(f, k, alpha, beta, rho, nu)
    ratio = jnp.where(jnp.abs(z) < 1e-7, 1.0, z / x)
    return pre * ratio * corr


# ----------------------------------------------------------------------------------------- implied variance
def _black(vol, f):
    sd = vol * jnp.sqrt(T_IMPLIED)
    d1 = jnp.log(f / STRIKE) / sd + sd / 2
    return f * norm.cdf(d1) - STRIKE * norm.cdf(d1 - sd)


def _newton_vol(price, f):
    vol = jnp.sqrt(2 * jnp.pi / T_IMPLIED) * price / f  # Brenner-Subrahmanyam
    for _ in range(40):
        sd = vol * jnp.sqrt(T_IMPLIED)
        d1 = jnp.log(f / STRIKE) / sd + sd / 2
        vega = f * norm.pdf(d1) * jnp.sqrt(T_IMPLIED)
        vol = vol - (_black(vol, f) - price) / vega
    return vol


@jax.custom_vjp
def implied_var(price, f):
    return _newton_vol(price, f) ** 2 * T_IMPLIED


def implied_var_fwd(price, f):
    vol = _newton_vol(price, f)
    return vol ** 2 * T_IMPLIED, (vol, f)


def implied_var_bwd(res, g):
    vol, f = res
    sd = vol * jnp.sqrt(T_IMPLIED)
    d1 = jnp.log(f / STRIKE) / sd + sd / 2
    vega = f * norm.pdf(d1) * jnp.sqrt(T_IMPLIED)
    dw = 2 * vol * T_IMPLIED / vega
    return g * dw, -g * dw * norm.cdf(d1)


implied_var.defvjp(implied_var_fwd, implied_var_bwd)


@jax.custom_vjp
def implied_var_bad(price, f):
    return _newton_vol(price, f) ** 2 * T_IMPLIED


def implied_var_bad_fwd(price, f):
    vol = _newton_vol(price, f)
    return vol ** 2 * T_IMPLIED, (vol, f)


def implied_var_bad_bwd(res, g):
    vol, f = res
    sd = vol * jnp.sqrt(T_IMPLIED)
    d1 = jnp.log(f / STRIKE) / sd + sd / 2
    vega = f * norm.pdf(d1)  # sqrt(T) forgotten
    dw = 2 * vol * T_IMPLIED / vega
    return g * dw, -g * dw * norm.cdf(d1)


implied_var_bad.defvjp(implied_var_bad_fwd, implied_var_bad_bwd)


# ----------------------------------------------------------------------------------------- digital, barrier
def digital(s, eps):
    return jax.nn.sigmoid((s - STRIKE) / eps)


def barrier_survival(s, b, sigma, t):
    """P(the price never touches the barrier b below s), driftless in the price (r = 0)."""
    x = jnp.log(s / b)
    sd = sigma * jnp.sqrt(t)
    p = norm.cdf((x - sd ** 2 / 2) / sd) - (s / b) * norm.cdf((-x - sd ** 2 / 2) / sd)
    return jnp.where(s > b, p, 0.0)


# ----------------------------------------------------------------------------------------- risk measures
def expected_shortfall(losses):
    """The mean of the worst 2 of the losses."""
    return jnp.mean(jnp.sort(losses)[-2:])


def cvar_softplus(losses, q):
    """Rockafellar-Uryasev at alpha = 0.4, the hinge relaxed by a softplus of sharpness 50."""
    return q + jnp.mean(jax.nn.softplus(50.0 * (losses - q)) / 50.0) / 0.4


def realized_var(prices):
    r = jnp.log(prices[1:] / prices[:-1])
    return jnp.sum(r ** 2)


def kelly_growth(f):
    return jnp.mean(jnp.log(1 + f * jnp.asarray(RETURNS, dtype=f.dtype)))


def kelly_growth_log1p(f):
    return jnp.mean(jnp.log1p(f * jnp.asarray(RETURNS, dtype=f.dtype)))
