"""A user's TensorFlow code, eighty-ninth round (d): option pricing and risk, differentiated for Greeks: Black-Scholes
call and put with the normal CDF as 0.5 * tf.math.erfc(-x / sqrt(2)) (the put by cdf(-d) and by 1 - cdf(d)),
Bachelier's normal model, Hagan's SABR implied volatility (z / x(z) as written, and guarded by tf.where), Black's
implied variance by Newton's method under tf.custom_gradient with the implicit (vega-based) gradient (right, and with
sqrt(T) forgotten), a digital payoff smoothed by tf.math.sigmoid, a barrier's survival probability, expected shortfall
by tf.sort and by tf.math.softplus, realized variance of log-returns, and the Kelly growth rate."""

import math

import tensorflow as tf

RATE = 0.05
STRIKE = 100.0
T_IMPLIED = 0.5
SABR_T = 1.0
RETURNS = [0.05, -0.03, 0.12, -0.08]


def _phi(x):
    return 0.5 * tf.math.erfc(-x / math.sqrt(2.0))


def _pdf(x):
    return tf.exp(-0.5 * x ** 2) / math.sqrt(2 * math.pi)


def _d1_d2(s, k, sigma, t):
    vol_sqrt_t = sigma * tf.sqrt(t)
    d1 = (tf.math.log(s / k) + (RATE + 0.5 * sigma ** 2) * t) / vol_sqrt_t
    return d1, d1 - vol_sqrt_t


def bs_call(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return s * _phi(d1) - k * tf.exp(-RATE * t) * _phi(d2)


def bs_put(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return k * tf.exp(-RATE * t) * _phi(-d2) - s * _phi(-d1)


def bs_put_one_minus(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return k * tf.exp(-RATE * t) * (1 - _phi(d2)) - s * (1 - _phi(d1))


def bachelier_call(f, k, sigma, t):
    stdev = sigma * tf.sqrt(t)
    d = (f - k) / stdev
    return (f - k) * _phi(d) + stdev * _pdf(d)


def _sabr_parts(f, k, alpha, beta, rho, nu):
    fk = f * k
    log_fk = tf.math.log(f / k)
    one_b = 1 - beta
    pre = alpha / (fk ** (one_b / 2) * (1 + one_b ** 2 / 24 * log_fk ** 2 + one_b ** 4 / 1920 * log_fk ** 4))
    corr = 1 + (one_b ** 2 / 24 * alpha ** 2 / fk ** one_b + rho * beta * nu * alpha / (4 * fk ** (one_b / 2))
                + (2 - 3 * rho ** 2) / 24 * nu ** 2) * SABR_T
    z = nu / alpha * fk ** (one_b / 2) * log_fk
    x = tf.math.log((tf.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))
    return pre, corr, z, x


def sabr_vol(f, k, alpha, beta, rho, nu):
    pre, corr, z, x = _sabr_parts(f, k, alpha, beta, rho, nu)
    return pre * (z / x) * corr


def sabr_vol_guarded(f, k, alpha, beta, rho, nu):
    pre, corr, z, x = _sabr_parts(f, k, alpha, beta, rho, nu)
    ratio = tf.where(tf.abs(z) < 1e-7, tf.ones_like(z), z / x)
    return pre * ratio * corr


def _black(vol, f):
    sd = vol * math.sqrt(T_IMPLIED)
    d1 = tf.math.log(f / STRIKE) / sd + sd / 2
    return f * _phi(d1) - STRIKE * _phi(d1 - sd)


def _newton_vol(price, f):
    vol = math.sqrt(2 * math.pi / T_IMPLIED) * price / f
    for _ in range(40):
        sd = vol * math.sqrt(T_IMPLIED)
        d1 = tf.math.log(f / STRIKE) / sd + sd / 2
        vega = f * _pdf(d1) * math.sqrt(T_IMPLIED)
        vol = vol - (_black(vol, f) - price) / vega
    return vol


@tf.custom_gradient
def _implied_var(price, f):
    vol = _newton_vol(price, f)

    def grad(g):
        sd = vol * math.sqrt(T_IMPLIED)
        d1 = tf.math.log(f / STRIKE) / sd + sd / 2
        vega = f * _pdf(d1) * math.sqrt(T_IMPLIED)
        dw = 2 * vol * T_IMPLIED / vega
        return g * dw, -g * dw * _phi(d1)
    return vol ** 2 * T_IMPLIED, grad


@tf.custom_gradient
def _implied_var_bad(price, f):
    vol = _newton_vol(price, f)

    def grad(g):
        sd = vol * math.sqrt(T_IMPLIED)
        d1 = tf.math.log(f / STRIKE) / sd + sd / 2
        vega = f * _pdf(d1)  # sqrt(T) forgotten
        dw = 2 * vol * T_IMPLIED / vega
        return g * dw, -g * dw * _phi(d1)
    return vol ** 2 * T_IMPLIED, grad


def implied_var(price, f):
    return _implied_var(price, f)


def implied_var_bad(price, f):
    return _implied_var_bad(price, f)


def digital(s, eps):
    return tf.math.sigmoid((s - STRIKE) / eps)


def barrier_survival(s, b, sigma, t):
    x = tf.math.log(s / b)
    sd = sigma * tf.sqrt(t)
    p = _phi((x - sd ** 2 / 2) / sd) - (s / b) * _phi((-x - sd ** 2 / 2) / sd)
    return tf.where(s > b, p, tf.zeros_like(p))


def expected_shortfall(losses):
    return tf.reduce_mean(tf.sort(losses)[-2:])


def cvar_softplus(losses, q):
    return q + tf.reduce_mean(tf.math.softplus(50.0 * (losses - q)) / 50.0) / 0.4


def realized_var(prices):
    r = tf.math.log(prices[1:] / prices[:-1])
    return tf.reduce_sum(r ** 2)


def kelly_growth(f):
    r = tf.constant(RETURNS, dtype=f.dtype)
    return tf.reduce_mean(tf.math.log(1 + f * r))


def kelly_growth_log1p(f):
    r = tf.constant(RETURNS, dtype=f.dtype)
    return tf.reduce_mean(tf.math.log1p(f * r))
