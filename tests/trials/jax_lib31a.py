"""A user's JAX code, thirty-first round (first part): climate (saturation vapour pressure by Magnus and by
Clausius-Clapeyron down to absolute zero, dew point, Stefan-Boltzmann's effective temperature of a zero flux,
growing degree days by jnp.maximum, by lax.cond vmapped over days and at a day exactly at the base; a zero-dimensional
energy-balance model with an ice-albedo tanh stepped by lax.scan, checkpointed, and vmapped over an ensemble; the
temperature at which water boils by Newton in a custom_vjp, right and with a dropped factor), robotics (a two-link
arm's forward kinematics as a vector output, its elbow angle by arccos of a clipped cosine and by atan2 of factored
square roots, at and near full extension, a "safe" arccos custom_jvp with a clamped slope, manipulability through a
determinant at a singular pose, inverse kinematics from an arm NamedTuple by --args), control (a mass-spring-damper
discretised by expm, LQR's Riccati iteration in a fori_loop, a gain fitted from a parameter tree), astronomy (Planck's
law with exp - 1, expm1 and exp(-x), magnitudes of faint fluxes with and without a floor), chemistry (a weak acid's pH
from the quadratic's two roots), finance (Nelson-Siegel yields at a tiny maturity, naive and by expm1), and a
normalising flow's log |det| with softplus scales (its log, behind a single and a double where, and a custom_jvp)."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

# --- climate ---------------------------------------------------------------------------------------------------------

MAGNUS_A, MAGNUS_B, MAGNUS_C = 6.1094, 17.625, 243.04  # hPa, -, degC
E0, T0, L_OVER_RV = 611.0, 273.15, 2.501e6 / 461.5  # Pa, K, K
SIGMA = 5.670374419e-8  # W m^-2 K^-4


def saturation_pressure(t):
    """Saturation vapour pressure over water (hPa) at t degC, Magnus-Tetens."""
    return MAGNUS_A * jnp.exp(MAGNUS_B * t / (t + MAGNUS_C))


def clausius_clapeyron(t_kelvin):
    """Saturation vapour pressure (Pa) from the integrated Clausius-Clapeyron relation, constant latent heat."""
    return E0 * jnp.exp(L_OVER_RV * (1.0 / T0 - 1.0 / t_kelvin))


def dew_point(t, rh):
    """Dew point (degC) from temperature and relative humidity (%), Magnus inverted."""
    gamma = jnp.log(rh / 100.0) + MAGNUS_B * t / (MAGNUS_C + t)
    return MAGNUS_C * gamma / (MAGNUS_B - gamma)


def effective_temperature(flux):
    """The black-body temperature (K) that radiates the given flux."""
    return (flux / SIGMA) ** 0.25


BASE_T = 10.0


def growing_degree_days(t):
    """Growing degree days over daily mean temperatures, base 10 degC."""
    return jnp.sum(jnp.maximum(t - BASE_T, 0.0))


def _one_day(t):
    return jax.lax.cond(t > BASE_T, lambda u: u - BASE_T, lambda u: jnp.zeros_like(u), t)


def growing_degree_days_cond(t):
    """The same day by day with lax.cond, batched by jax.vmap."""
    return jnp.sum(jax.vmap(_one_day)(t))


SOLAR, EMISSIVITY, HEAT_CAPACITY, YEAR = 1361.0, 0.61, 4.0e8, 3.15e7


def _albedo(t):
    return 0.5 - 0.2 * jnp.tanh((t - 265.0) / 10.0)


def _ebm(solar_factor, step_wrapper=None):
    def step(t, _):
        absorbed = SOLAR * solar_factor / 4.0 * (1.0 - _albedo(t))
        emitted = EMISSIVITY * SIGMA * t ** 4
        return t + YEAR / HEAT_CAPACITY * (absorbed - emitted), None

    final, _ = jax.lax.scan(step_wrapper(step) if step_wrapper else step, jnp.zeros_like(solar_factor) + 288.0,
                            None, length=200)
    return final


def ebm_temperature(solar_factor):
    """Global mean temperature (K) after 200 years of a zero-dimensional energy-balance model."""
    return _ebm(solar_factor)


def ebm_temperature_checkpointed(solar_factor):
    """The same, each year rematerialised in the backward pass."""
    return _ebm(solar_factor, jax.checkpoint)


def ebm_ensemble(solar_factors):
    """The ensemble mean of the final temperature over solar factors, by jax.vmap."""
    return jnp.mean(jax.vmap(_ebm)(solar_factors))


def _boil_solve(p):
    t = jnp.zeros_like(p) + 100.0
    for _ in range(30):
        es = saturation_pressure(t)
        t = t - (es - p) / (es * MAGNUS_B * MAGNUS_C / (t + MAGNUS_C) ** 2)
    return t


@jax.custom_vjp
def boiling_point(p):
    """The temperature (degC) at which the saturation pressure reaches p hPa, by Newton's method."""
    return _boil_solve(p)


def _boil_fwd(p):
    t = _boil_solve(p)
    return t, t


def _boil_bwd(t, g):
    slope = saturation_pressure(t) * MAGNUS_B * MAGNUS_C / (t + MAGNUS_C) ** 2
    return (g / slope,)


boiling_point.defvjp(_boil_fwd, _boil_bwd)


@jax.custom_vjp
def boiling_point_quick(p):
    """The same, its slope from the exponent's derivative written as B / (t + C)."""
    return _boil_solve(p)


def _boil_quick_fwd(p):
    t = _boil_solve(p)
    return t, t


def _boil_quick_bwd(t, g):
    return (g / (saturation_pressure(t) * MAGNUS_B / (t + MAGNUS_C)),)


boiling_point_quick.defvjp(_boil_quick_fwd, _boil_quick_bwd)


# --- robotics --------------------------------------------------------------------------------------------------------

L1, L2 = 1.0, 0.5


def forward_kinematics(q):
    """The end effector's (x, y) for joint angles q = (shoulder, elbow)."""
    x = L1 * jnp.cos(q[0]) + L2 * jnp.cos(q[0] + q[1])
    y = L1 * jnp.sin(q[0]) + L2 * jnp.sin(q[0] + q[1])
    return jnp.stack([x, y])


def elbow_angle(target):
    """The elbow angle that reaches target = (x, y), by the law of cosines."""
    c = (target[0] ** 2 + target[1] ** 2 - L1 ** 2 - L2 ** 2) / (2.0 * L1 * L2)
    return jnp.arccos(jnp.clip(c, -1.0, 1.0))


def elbow_angle_atan2(target):
    """The same as 2 atan2 of the half-angle's factored square roots."""
    r = jnp.hypot(target[0], target[1])
    far = jnp.sqrt((L1 + L2 - r) * (L1 + L2 + r))
    near = jnp.sqrt((r - (L1 - L2)) * (r + (L1 - L2)))
    return 2.0 * jnp.arctan2(far, near)


@jax.custom_jvp
def safe_arccos(c):
    """arccos with its slope clamped so that it never divides by 0."""
    return jnp.arccos(c)


@safe_arccos.defjvp
def _safe_arccos_jvp(primals, tangents):
    (c,), (dc,) = primals, tangents
    return jnp.arccos(c), -dc / jnp.sqrt(jnp.maximum(1.0 - c ** 2, 1e-6))


def elbow_angle_safe(target):
    """The law of cosines through the safe arccos."""
    c = (target[0] ** 2 + target[1] ** 2 - L1 ** 2 - L2 ** 2) / (2.0 * L1 * L2)
    return safe_arccos(c)


def manipulability(q):
    """Yoshikawa's manipulability sqrt(det(J J^T)) of the arm at joint angles q."""
    s1, c1 = jnp.sin(q[0]), jnp.cos(q[0])
    s12, c12 = jnp.sin(q[0] + q[1]), jnp.cos(q[0] + q[1])
    jac = jnp.array([[-L1 * s1 - L2 * s12, -L2 * s12], [L1 * c1 + L2 * c12, L2 * c12]])
    return jnp.sqrt(jnp.linalg.det(jac @ jac.T))


class Arm(NamedTuple):
    upper: jnp.ndarray
    fore: jnp.ndarray


def reach_args():
    """A calibrated arm and the target it must reach: one point's arguments."""
    return {"arm": Arm(upper=jnp.array(1.02), fore=jnp.array(0.49)), "target": jnp.array([0.9, 0.8])}


def reach_error(arm, target):
    """The squared gap between the target and where the elbow-down solution puts the hand, with link lengths as
    calibrated."""
    r2 = target[0] ** 2 + target[1] ** 2
    q2 = jnp.arccos((r2 - arm.upper ** 2 - arm.fore ** 2) / (2.0 * arm.upper * arm.fore))
    q1 = jnp.arctan2(target[1], target[0]) - jnp.arctan2(arm.fore * jnp.sin(q2), arm.upper + arm.fore * jnp.cos(q2))
    hand = jnp.stack([jnp.cos(q1) + 0.5 * jnp.cos(q1 + q2), jnp.sin(q1) + 0.5 * jnp.sin(q1 + q2)])
    return jnp.sum((hand - target) ** 2)


# --- control ---------------------------------------------------------------------------------------------------------

DAMPING, DT = 0.4, 0.5


def discrete_response(k):
    """The (0, 0) entry of exp(A dt) for the mass-spring-damper A = [[0, 1], [-k, -c]]."""
    a = jnp.array([[0.0, 1.0], [-k, -DAMPING]])
    return jax.scipy.linalg.expm(a * DT)[0, 0]


A_DI = ((1.0, 0.1), (0.0, 1.0))
B_DI = ((0.0,), (0.1,))


def _riccati(q, r, steps=300):
    a, b = jnp.array(A_DI, dtype=r.dtype), jnp.array(B_DI, dtype=r.dtype)
    qm = q * jnp.eye(2, dtype=r.dtype)

    def step(_, p):
        bpa = b.T @ p @ a
        gain = jnp.linalg.solve(r + b.T @ p @ b, bpa)
        return qm + a.T @ p @ a - bpa.T @ gain

    return jax.lax.fori_loop(0, steps, step, qm), a, b


def lqr_cost(r):
    """trace P of the double integrator's discrete Riccati equation, Q = I, R = r, by 300 Riccati steps."""
    p, _, _ = _riccati(jnp.ones_like(r), jnp.reshape(r, (1, 1)))
    return jnp.trace(p)


def lqr_args():
    """Log weights of the cost and the gain a previous design used: one point's arguments."""
    return {"params": {"log_q": jnp.array(0.0), "log_r": jnp.array(-1.0)}, "target_gain": jnp.array([[2.0, 2.5]])}


def lqr_gain_fit(params, target_gain):
    """Squared distance of the LQR gain for exp(log_q), exp(log_r) from the target gain."""
    r = jnp.reshape(jnp.exp(params["log_r"]), (1, 1))
    p, a, b = _riccati(jnp.exp(params["log_q"]), r)
    gain = jnp.linalg.solve(r + b.T @ p @ b, b.T @ p @ a)
    return jnp.sum((gain - target_gain) ** 2)


# --- astronomy -------------------------------------------------------------------------------------------------------

H_PLANCK, C_LIGHT, K_BOLTZMANN = 6.62607015e-34, 2.99792458e8, 1.380649e-23
WAVELENGTH = 500e-9


def planck(temp):
    """Spectral radiance (W sr^-1 m^-3) at 500 nm."""
    x = H_PLANCK * C_LIGHT / (WAVELENGTH * K_BOLTZMANN * temp)
    return 2.0 * H_PLANCK * C_LIGHT ** 2 / WAVELENGTH ** 5 / (jnp.exp(x) - 1.0)


def planck_expm1(temp):
    """The same with expm1."""
    x = H_PLANCK * C_LIGHT / (WAVELENGTH * K_BOLTZMANN * temp)
    return 2.0 * H_PLANCK * C_LIGHT ** 2 / WAVELENGTH ** 5 / jnp.expm1(x)


def planck_wien_safe(temp):
    """The same as exp(-x) / (1 - exp(-x)), which never overflows."""
    x = H_PLANCK * C_LIGHT / (WAVELENGTH * K_BOLTZMANN * temp)
    return 2.0 * H_PLANCK * C_LIGHT ** 2 / WAVELENGTH ** 5 * jnp.exp(-x) / -jnp.expm1(-x)


ZERO_POINT = 3631.0  # Jy


def magnitude(flux):
    """AB magnitudes of fluxes in Jy, summed over the bands."""
    return jnp.sum(-2.5 * jnp.log10(flux / ZERO_POINT))


def magnitude_floor(flux):
    """The same with fluxes floored at 1e-12 Jy, so that a non-detection gives a finite magnitude."""
    return jnp.sum(-2.5 * jnp.log10(jnp.maximum(flux, 1e-12) / ZERO_POINT))


# --- chemistry -------------------------------------------------------------------------------------------------------

KA_ACETIC = 1.8e-5


def weak_acid_ph(conc):
    """pH of acetic acid at concentration conc (mol/L): [H+] the positive root of h^2 + Ka h - Ka c = 0."""
    h = (-KA_ACETIC + jnp.sqrt(KA_ACETIC ** 2 + 4.0 * KA_ACETIC * conc)) / 2.0
    return -jnp.log10(h)


def weak_acid_ph_stable(conc):
    """The same root as 2 Ka c / (Ka + sqrt(Ka^2 + 4 Ka c))."""
    h = 2.0 * KA_ACETIC * conc / (KA_ACETIC + jnp.sqrt(KA_ACETIC ** 2 + 4.0 * KA_ACETIC * conc))
    return -jnp.log10(h)


# --- finance ---------------------------------------------------------------------------------------------------------

NS_BETA = (0.03, -0.02, 0.01)
NS_LAMBDA = 1.5


def nelson_siegel(tau):
    """Nelson-Siegel zero yield at maturity tau (years)."""
    x = tau / NS_LAMBDA
    loading = (1.0 - jnp.exp(-x)) / x
    return NS_BETA[0] + NS_BETA[1] * loading + NS_BETA[2] * (loading - jnp.exp(-x))


def nelson_siegel_stable(tau):
    """The same with the loading as -expm1(-x) / x."""
    x = tau / NS_LAMBDA
    loading = -jnp.expm1(-x) / x
    return NS_BETA[0] + NS_BETA[1] * loading + NS_BETA[2] * (loading - jnp.exp(-x))


# --- normalising flows -----------------------------------------------------------------------------------------------


def flow_logdet(s):
    """log |det J| of an elementwise affine flow whose scales are softplus(s)."""
    return jnp.sum(jnp.log(jax.nn.softplus(s)))


def flow_logdet_where(s):
    """The same, log softplus(s) replaced by s where s < -20 (softplus(s) = e^s there)."""
    return jnp.sum(jnp.where(s < -20.0, s, jnp.log(jax.nn.softplus(s))))


def flow_logdet_double_where(s):
    """The same with the unselected entries made safe first."""
    small = s < -20.0
    safe = jnp.where(small, 0.0, s)
    return jnp.sum(jnp.where(small, s, jnp.log(jax.nn.softplus(safe))))


@jax.custom_jvp
def log_softplus(s):
    """log(softplus(s)), stable for very negative s."""
    return jnp.where(s < -20.0, s, jnp.log(jax.nn.softplus(jnp.maximum(s, -20.0))))


@log_softplus.defjvp
def _log_softplus_jvp(primals, tangents):
    (s,), (ds,) = primals, tangents
    out = log_softplus(s)
    return out, ds * jax.nn.sigmoid(s) * jnp.exp(-out)


def flow_logdet_rule(s):
    """The log-determinant through the custom_jvp log_softplus."""
    return jnp.sum(log_softplus(s))


@jax.custom_jvp
def log_softplus_sloppy(s):
    """The same value, its slope written as 1 / softplus(s)."""
    return jnp.where(s < -20.0, s, jnp.log(jax.nn.softplus(jnp.maximum(s, -20.0))))


@log_softplus_sloppy.defjvp
def _log_softplus_sloppy_jvp(primals, tangents):
    (s,), (ds,) = primals, tangents
    out = log_softplus_sloppy(s)
    return out, ds * jnp.exp(-out)


def flow_logdet_sloppy(s):
    """The log-determinant through the sloppy rule."""
    return jnp.sum(log_softplus_sloppy(s))
