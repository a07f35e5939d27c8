"""A user's JAX code, twenty-ninth round (first part): ecology (Lotka-Volterra by an Euler step in jax.lax.scan, as a
function of its rates and as a log-scale fit taking a parameter tree), graphics (smooth minima by exponentials, by
logaddexp, by Inigo Quilez's polynomial at its junction, a custom_jvp smooth minimum right and one with its weights
swapped; the signed distance of a capsule off, on and at the end of its axis, plain, with a floor under the root, and
by jax.vmap over a point cloud), electrochemistry (Butler-Volmer's current and its log at tiny and huge overpotentials,
naive and by expm1), fixed income (a bond's yield to maturity by Newton's method in a fori_loop, by a custom_vjp with
the implicit slope right and with its sign slipped, the modified duration by jax.grad inside the loss), realized
volatility of a flat and a moving price path, a uniform cubic B-spline by jax.lax.switch at its knots, a projectile
with quadratic drag by an Euler scan, Freundlich's isotherm behind a where (single and double), soft thresholding at
and around its threshold, and refraction by Snell's law past the critical angle."""

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

# --- ecology: Lotka-Volterra ----------------------------------------------------------------------------------------

LV_STEPS, LV_DT = 200, 0.05


def _lv_run(alpha, beta, gamma, delta, x0, y0):
    def step(state, _):
        x, y = state
        dx = alpha * x - beta * x * y
        dy = delta * x * y - gamma * y
        return (x + LV_DT * dx, y + LV_DT * dy), x

    (x, y), _ = jax.lax.scan(step, (x0, y0), None, length=LV_STEPS)
    return x, y


def lv_prey(alpha, beta):
    """The prey population after 10 time units of forward Euler, predators' rates fixed."""
    x, _ = _lv_run(alpha, beta, 0.4, 0.1, 10.0, 5.0)
    return x


def lv_args():
    """Log-scale rates and the observed populations at t = 10: the arguments of one point."""
    params = {"log_alpha": jnp.array(0.1), "log_beta": jnp.array(-0.9), "log_gamma": jnp.array(-0.9),
              "log_delta": jnp.array(-2.3)}
    observed = jnp.array([3.2, 1.9])
    return {"params": params, "observed": observed}


def lv_fit(params, observed):
    """Squared log error of the final populations, rates on the log scale."""
    rates = {k: jnp.exp(v) for k, v in params.items()}
    x, y = _lv_run(rates["log_alpha"], rates["log_beta"], rates["log_gamma"], rates["log_delta"], 10.0, 5.0)
    return (jnp.log(x) - jnp.log(observed[0])) ** 2 + (jnp.log(y) - jnp.log(observed[1])) ** 2


# --- graphics: smooth minima and signed distances ------------------------------------------------------------------

K_SMOOTH = 0.01


def smin_exp(a, b):
    """The exponential smooth minimum, -k log(e^(-a/k) + e^(-b/k))."""
    return -K_SMOOTH * jnp.log(jnp.exp(-a / K_SMOOTH) + jnp.exp(-b / K_SMOOTH))


def smin_logaddexp(a, b):
    """The same by logaddexp."""
    return -K_SMOOTH * jnp.logaddexp(-a / K_SMOOTH, -b / K_SMOOTH)


def smin_poly(a, b):
    """Inigo Quilez's polynomial smooth minimum with blend width 0.25."""
    k = 0.25
    h = jnp.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b * (1.0 - h) + a * h - k * h * (1.0 - h)


@jax.custom_jvp
def smin_custom(a, b):
    """The exponential smooth minimum with its softmin weights as the slope."""
    return -K_SMOOTH * jnp.logaddexp(-a / K_SMOOTH, -b / K_SMOOTH)


@smin_custom.defjvp
def _smin_jvp(primals, tangents):
    a, b = primals
    da, db = tangents
    wa = jax.nn.sigmoid((b - a) / K_SMOOTH)
    return smin_custom(a, b), wa * da + (1.0 - wa) * db


@jax.custom_jvp
def smin_custom_swapped(a, b):
    """The same with the weights attached to the wrong argument."""
    return -K_SMOOTH * jnp.logaddexp(-a / K_SMOOTH, -b / K_SMOOTH)


@smin_custom_swapped.defjvp
def _smin_swapped_jvp(primals, tangents):
    a, b = primals
    da, db = tangents
    wa = jax.nn.sigmoid((b - a) / K_SMOOTH)
    return smin_custom_swapped(a, b), (1.0 - wa) * da + wa * db


CAP_A, CAP_B, CAP_R = (0.0, 0.0, 0.0), (0.0, 0.0, 1.0), 0.5


def capsule_sdf(p):
    """The signed distance from p to a capsule of radius 0.5 around the segment (0,0,0)-(0,0,1)."""
    a, b = jnp.array(CAP_A, dtype=p.dtype), jnp.array(CAP_B, dtype=p.dtype)
    pa, ba = p - a, b - a
    h = jnp.clip(jnp.dot(pa, ba) / jnp.dot(ba, ba), 0.0, 1.0)
    return jnp.linalg.norm(pa - ba * h) - CAP_R


def capsule_sdf_soft(p):
    """The same with a floor of 1e-12 under the square root, so the axis has a slope."""
    a, b = jnp.array(CAP_A, dtype=p.dtype), jnp.array(CAP_B, dtype=p.dtype)
    pa, ba = p - a, b - a
    h = jnp.clip(jnp.dot(pa, ba) / jnp.dot(ba, ba), 0.0, 1.0)
    d = pa - ba * h
    return jnp.sqrt(jnp.sum(d * d) + 1e-12) - CAP_R


CLOUD = ((0.3, 0.4, 0.5), (1.0, 0.0, 2.0), (-0.6, 0.2, -0.3), (0.1, -0.2, 0.9))


def cloud_penetration(offset):
    """A collision penalty: the sum of softplus(-20 d) / 20 over a point cloud moved by offset, by jax.vmap."""
    points = jnp.array(CLOUD, dtype=offset.dtype) + offset
    d = jax.vmap(capsule_sdf)(points)
    return jnp.sum(jax.nn.softplus(-20.0 * d)) / 20.0


# --- electrochemistry: Butler-Volmer --------------------------------------------------------------------------------

I0, ALPHA_T, F_RT = 1e-3, 0.5, 38.92


def bv_current(eta):
    """Butler-Volmer: i0 (e^(alpha f eta) - e^(-(1 - alpha) f eta))."""
    return I0 * (jnp.exp(ALPHA_T * F_RT * eta) - jnp.exp(-(1.0 - ALPHA_T) * F_RT * eta))


def bv_log_current(eta):
    """The log of the anodic current (eta > 0), as plotted in a Tafel plot."""
    return jnp.log(I0 * (jnp.exp(ALPHA_T * F_RT * eta) - jnp.exp(-(1.0 - ALPHA_T) * F_RT * eta)))


def bv_log_current_stable(eta):
    """The same as log i0 + alpha f eta + log(1 - e^(-f eta)), the last by expm1."""
    return jnp.log(I0) + ALPHA_T * F_RT * eta + jnp.log(-jnp.expm1(-F_RT * eta))


# --- fixed income ---------------------------------------------------------------------------------------------------

COUPON, FACE, YEARS = 5.0, 100.0, 10


def bond_price(y):
    """A 10-year annual 5% bond's price at the continuously compounded yield y."""
    t = jnp.arange(1.0, YEARS + 1.0, dtype=jnp.result_type(y))
    return jnp.sum(COUPON * jnp.exp(-y * t)) + FACE * jnp.exp(-y * YEARS)


def _ytm_newton(price):
    def body(_, y):
        slope = jax.grad(bond_price)(y)
        return y - (bond_price(y) - price) / slope
    return jax.lax.fori_loop(0, 40, body, jnp.full_like(price, 0.05))


def ytm(price):
    """The yield to maturity by 40 Newton steps from 5%."""
    return _ytm_newton(price)


@jax.custom_vjp
def ytm_implicit(price):
    """The yield to maturity, its slope by the implicit function theorem."""
    return _ytm_newton(price)


def _ytm_fwd(price):
    y = _ytm_newton(price)
    return y, y


def _ytm_bwd(y, g):
    return (g / jax.grad(bond_price)(y),)


ytm_implicit.defvjp(_ytm_fwd, _ytm_bwd)


@jax.custom_vjp
def ytm_implicit_sign(price):
    """The same, the implicit slope written with the textbook's sign slipped."""
    return _ytm_newton(price)


def _ytm_sign_bwd(y, g):
    return (-g / jax.grad(bond_price)(y),)


ytm_implicit_sign.defvjp(_ytm_fwd, _ytm_sign_bwd)


def modified_duration(y):
    """-P'(y) / P(y), the slope by jax.grad inside the function."""
    return -jax.grad(bond_price)(y) / bond_price(y)


def realized_vol(prices):
    """Annualized realized volatility of daily log returns."""
    r = jnp.diff(jnp.log(prices))
    return jnp.sqrt(252.0 * jnp.mean(r ** 2))


# --- splines, ballistics, adsorption, optics ------------------------------------------------------------------------

CONTROL = (0.0, 1.0, 3.0, 2.0, 4.0, 1.0)


def _segment(t, c0, c1, c2, c3):
    b0 = (1.0 - t) ** 3 / 6.0
    b1 = (3.0 * t ** 3 - 6.0 * t ** 2 + 4.0) / 6.0
    b2 = (-3.0 * t ** 3 + 3.0 * t ** 2 + 3.0 * t + 1.0) / 6.0
    b3 = t ** 3 / 6.0
    return b0 * c0 + b1 * c1 + b2 * c2 + b3 * c3


def bspline(x):
    """A uniform cubic B-spline on [0, 3] through CONTROL, its segment chosen by jax.lax.switch."""
    c = jnp.array(CONTROL, dtype=x.dtype)
    i = jnp.clip(jnp.floor(x).astype(jnp.int32), 0, 2)
    t = x - i
    branches = [lambda t, k=k: _segment(t, c[k], c[k + 1], c[k + 2], c[k + 3]) for k in range(3)]
    return jax.lax.switch(i, branches, t)


def bspline_controls(c):
    """The sum of the spline's values at x = 0.5, 1, 2 and 2.25, as a function of its control points."""
    total = 0.0
    for x, i in ((0.5, 0), (1.0, 1), (2.0, 2), (2.25, 2)):
        total = total + _segment(x - i, c[i], c[i + 1], c[i + 2], c[i + 3])
    return total


G, DRAG = 9.81, 0.02


def range_with_drag(angle):
    """The horizontal distance after 2 s of flight at 30 m/s with quadratic drag, by an Euler scan."""
    v0, dt = 30.0, 0.01

    def step(state, _):
        x, y, vx, vy = state
        speed = jnp.sqrt(vx * vx + vy * vy)
        ax, ay = -DRAG * speed * vx, -G - DRAG * speed * vy
        return (x + dt * vx, y + dt * vy, vx + dt * ax, vy + dt * ay), None

    start = (0.0 * angle, 0.0 * angle, v0 * jnp.cos(angle), v0 * jnp.sin(angle))
    (x, _, _, _), _ = jax.lax.scan(step, start, None, length=200)
    return x


K_F, N_F = 2.0, 2.5


def freundlich(c):
    """Freundlich's isotherm K c^(1/n), negative (noisy, blank-corrected) concentrations adsorbing nothing."""
    return jnp.sum(jnp.where(c > 0, K_F * c ** (1.0 / N_F), 0.0))


def freundlich_safe(c):
    """The same with the double where."""
    safe = jnp.where(c > 0, c, 1.0)
    return jnp.sum(jnp.where(c > 0, K_F * safe ** (1.0 / N_F), 0.0))


LAMBDA_L1 = 0.5


def soft_threshold(x):
    """The sum of the lasso's proximal step, sign(x) max(|x| - lambda, 0)."""
    return jnp.sum(jnp.sign(x) * jnp.maximum(jnp.abs(x) - LAMBDA_L1, 0.0))


N_GLASS, N_AIR = 1.5, 1.0


def refraction_angle(theta):
    """The refracted angle from glass into air by Snell's law."""
    return jnp.arcsin(N_GLASS / N_AIR * jnp.sin(theta))


def _ytm_until_converged(price):
    def cond(state):
        _, step = state
        return jnp.abs(step) > 1e-12

    def body(state):
        y, _ = state
        step = (bond_price(y) - price) / jax.grad(bond_price)(y)
        return y - step, step

    y, _ = jax.lax.while_loop(cond, body, (jnp.full_like(price, 0.05), jnp.ones_like(price)))
    return y


@jax.custom_vjp
def ytm_while(price):
    """The yield to maturity by Newton until the step is below 1e-12 (a while_loop), the slope implicit."""
    return _ytm_until_converged(price)


def _ytm_while_fwd(price):
    y = _ytm_until_converged(price)
    return y, y


ytm_while.defvjp(_ytm_while_fwd, _ytm_bwd)


CURVE_T, CURVE_KNOTS = (1.0, 2.0, 3.0, 5.0, 7.0, 10.0), (1.0, 2.0, 5.0, 10.0)


def curve_price(rates):
    """A 10-year 5% bond (coupons at the CURVE_T years) priced off a zero curve linearly interpolated between knots."""
    t = jnp.array(CURVE_T, dtype=rates.dtype)
    r = jnp.interp(t, jnp.array(CURVE_KNOTS, dtype=rates.dtype), rates)
    cash = jnp.where(t == 10.0, 105.0, 5.0)
    return jnp.sum(cash * jnp.exp(-r * t))


def max_drawdown(prices):
    """The largest fall from a running peak, 1 - p / cummax(p), over the path."""
    return jnp.max(1.0 - prices / jax.lax.cummax(prices))


def lv_prey_remat(alpha, beta):
    """lv_prey with each Euler step rematerialized (jax.checkpoint) to save memory in the backward pass."""
    @jax.checkpoint
    def step(state, _):
        x, y = state
        return (x + LV_DT * (alpha * x - beta * x * y), y + LV_DT * (0.1 * x * y - 0.4 * y)), None

    (x, _), _ = jax.lax.scan(step, (10.0 + 0.0 * alpha, 5.0 + 0.0 * alpha), None, length=LV_STEPS)
    return x


def smin_cond(a, b):
    """The polynomial smooth minimum, the plain minimum taken by jax.lax.cond outside the blend."""
    k = 0.25
    return jax.lax.cond(jnp.abs(a - b) >= k, lambda: jnp.minimum(a, b), lambda: smin_poly(a, b))


def freundlich_vmapped(c):
    """Freundlich's isotherm one concentration at a time, the branch taken by jax.lax.cond, batched by jax.vmap."""
    def one(ci):
        return jax.lax.cond(ci > 0, lambda: K_F * ci ** (1.0 / N_F), lambda: 0.0 * ci)
    return jnp.sum(jax.vmap(one)(c))


X_MP = ((0.5, -1.0, 2.0), (1.5, 0.25, -0.5))


def mixed_precision_softplus(w):
    """A linear layer's softplus loss with the activations held in bfloat16, as mixed-precision training does."""
    h = (jnp.array(X_MP, dtype=w.dtype) @ w).astype(jnp.bfloat16)
    return jnp.sum(jax.nn.softplus(h).astype(w.dtype))


def dropout_ridge(w):
    """A ridge penalty through a fixed inverted-dropout mask (key 0, keep 1/2)."""
    mask = jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, w.shape)
    return jnp.sum((jnp.where(mask, w / 0.5, 0.0)) ** 2)


def ytm_custom_root(price):
    """The yield to maturity by jax.lax.custom_root: Newton inside, the slope by the implicit function theorem."""
    def residual(y):
        return bond_price(y) - price

    def solve(f, y0):
        return jax.lax.fori_loop(0, 40, lambda _, y: y - f(y) / jax.grad(f)(y), y0)

    def tangent_solve(g, y):
        return y / g(1.0)

    return jax.lax.custom_root(residual, jnp.full_like(price, 0.05), solve, tangent_solve)


def log_survival(log_hazard):
    """The log survival of a piecewise-constant hazard at each interval's end, by a cumulative sum of exp."""
    return jnp.sum(-jnp.cumsum(jnp.exp(log_hazard)))


def log_total_hazard(log_hazard):
    """log of the cumulative hazard at each interval's end by jax.lax.cumlogsumexp, summed."""
    return jnp.sum(jax.lax.cumlogsumexp(log_hazard))


def smin_weighted(a):
    """A smooth minimum with weights, two of them negative, by logsumexp with b= and return_sign=True."""
    value, sign = logsumexp(-a / K_SMOOTH, b=jnp.array([1.0, -0.5, 2.0, -0.25]), return_sign=True)
    return -K_SMOOTH * value * sign


def discounted_return(gamma):
    """The sum over an episode's steps of the discounted return G_t = r_t + gamma G_{t+1}, by a reverse scan."""
    rewards = jnp.array([1.0, 0.0, -0.5, 2.0, 0.25], dtype=jnp.result_type(gamma))

    def back(g, r):
        g = r + gamma * g
        return g, g

    _, returns = jax.lax.scan(back, jnp.zeros_like(gamma), rewards, reverse=True)
    return jnp.sum(returns)


@partial(jax.custom_jvp, nondiff_argnums=(2,))
def smin_k(a, b, k):
    """The exponential smooth minimum with its blend k a static argument, softmin weights as the slope."""
    return -k * jnp.logaddexp(-a / k, -b / k)


@smin_k.defjvp
def _smin_k_jvp(k, primals, tangents):
    a, b = primals
    da, db = tangents
    wa = jax.nn.sigmoid((b - a) / k)
    return smin_k(a, b, k), wa * da + jax.nn.sigmoid((a - b) / k) * db


def smin_blend(a, b):
    """smin_k at the blend 0.05."""
    return smin_k(a, b, 0.05)


@jax.custom_vjp
def ytm_loose(price):
    """The yield to maturity (40 Newton steps), its implicit slope taken at a yield the forward pass solves loosely."""
    return _ytm_newton(price)


def _ytm_loose_fwd(price):
    y = jax.lax.fori_loop(0, 2, lambda _, y: y - (bond_price(y) - price) / jax.grad(bond_price)(y),
                          jnp.full_like(price, 0.05))
    return _ytm_newton(price), y


ytm_loose.defvjp(_ytm_loose_fwd, _ytm_bwd)


def masked_attention_entropy(scores):
    """The entropy of attention weights over the unmasked keys (jax.nn.softmax with where=)."""
    mask = jnp.array([True, True, False, True])
    p = jax.nn.softmax(scores, where=mask)
    return -jnp.sum(jnp.where(mask, p * jnp.log(jnp.where(mask, p, 1.0)), 0.0))


def median_price(prices):
    """The median of a price sample."""
    return jnp.median(prices)


class Compartment(NamedTuple):
    """One compartment of a population model: its growth rate and the decay rates of its cohorts."""

    growth: jnp.ndarray
    decay: jnp.ndarray


def compartments_args():
    """Two compartments' rates (a list of NamedTuples in a dict) and the horizon: the arguments of one point."""
    layers = [Compartment(jnp.array(0.5), jnp.array([0.1, 0.2])), Compartment(jnp.array(1.5), jnp.array([0.3, 0.4]))]
    return {"params": {"layers": layers}, "t": jnp.array(2.0)}


def compartments_total(params, t):
    """The total population at t: each compartment grows by e^(g t) and keeps its cohorts' e^(-d t)."""
    total = 0.0
    for layer in params["layers"]:
        total = total + jnp.exp(layer.growth * t) * jnp.sum(jnp.exp(-layer.decay * t))
    return total
