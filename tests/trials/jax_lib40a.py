"""A user's JAX code, fortieth round (first part): predictive microbiology (the Baranyi-Roberts growth curve as the
papers print it and in log space by logaddexp, fitted from a parameter tree through jax.vmap; Haldane's substrate
inhibition, the chemostat's steady state at washout, Ratkowsky's square-root model at its minimum temperature by
jnp.maximum, by lax.cond and by a where with its maximum too, a retort's lethality F0 by lax.scan), polymer physics
(the Flory-Huggins free energy of mixing by log and by xlogy, the solvent's chemical potential by log(1 - phi) and by
log1p, the worm-like chain's force by Marko-Siggia and its extension at a force by Newton in lax.fori_loop, behind
custom_vjp implicit rules right and with the reduced force's factor forgotten, under jax.vmap, and a persistence
length fitted from a parameter tree), paint optics (Kubelka-Munk's K/S of a reflectance, the reflectance of an
opaque layer by 1 + K/S - sqrt(...), by its conjugate and by a scaled conjugate, and a three-pigment mix matched to
a target through jax.vmap), tone mapping (Reinhard's extended operator under jax.jit, the log-average luminance with
and without its delta, Narkowicz's ACES fit clipped to 1) and digital communications (the bit error rate of BPSK by
erfc, its log by the log of erfc, by log_ndtr and by jax.scipy.stats.norm.logsf; log Q behind custom_jvp rules, one
stable in log space, one dividing two underflowed numbers, one missing its 1/sqrt(2 pi); Shannon's capacity by
log2(1 + snr), from decibels, and by softplus); then more of JAX's machinery on the same models: the chain's
extension by Newton to a tolerance in lax.while_loop behind the implicit rule, and with its trip count a
nondiff_argnums argument; a growth curve's squared error over a NamedTuple of parameters; the lethality's scan body
under jax.checkpoint; the conjugate reflectance behind a double where; the log bit error rate by lax.switch over
modulation schemes; an opaque layer's reflectance from a dict of absorption and scattering behind custom_vjp rules,
right and with the scattering's sign slipped; the chain's misfit in its contour length alone."""

import jax
import jax.numpy as jnp
from jax.scipy.special import erfc, log_ndtr, xlogy
from jax.scipy.stats import norm

# --- predictive microbiology -----------------------------------------------------------------------------------------


def baranyi(t, mu, lam, y0, ymax):
    """ln N(t) by Baranyi and Roberts (1994) as the papers print it, with h0 = mu * lam."""
    h0 = mu * lam
    A = t + jnp.log(jnp.exp(-mu * t) + jnp.exp(-h0) - jnp.exp(-mu * t - h0)) / mu
    return y0 + mu * A - jnp.log(1.0 + (jnp.exp(mu * A) - 1.0) / jnp.exp(ymax - y0))


def baranyi_stable(t, mu, lam, y0, ymax):
    """The same curve in log space: mu A = log(e^h0 + e^(mu t) - 1) - h0, and the log of 1 + (e^m - 1) e^-d."""
    h0 = mu * lam
    m = jnp.logaddexp(h0, mu * t + jnp.log1p(-jnp.exp(-mu * t))) - h0
    d = ymax - y0
    return y0 + m - jnp.logaddexp(m - d, jnp.log1p(-jnp.exp(-d)))


def baranyi_fit(params, data):
    t, y = data
    curve = jax.vmap(baranyi_stable, in_axes=(0, None, None, None, None))
    pred = curve(t, params["mu"], params["lam"], params["y0"], params["ymax"])
    return jnp.mean((pred - y) ** 2)


def baranyi_args():
    t = jnp.array([0.5, 2.0, 6.0, 12.0, 24.0])
    y = jnp.array([2.1, 2.3, 5.0, 9.8, 18.9])
    return {"mu": 0.8, "lam": 2.5, "y0": 2.0, "ymax": 19.0}, (t, y)


def haldane(S, mu_max, Ks, Ki):
    """Specific growth rate under substrate inhibition."""
    return mu_max * S / (Ks + S + S ** 2 / Ki)


def haldane_divided(S, mu_max, Ks, Ki):
    return mu_max / (Ks / S + 1.0 + S / Ki)


def haldane_terms(S, mu_max, Ks, Ki):
    """The same, a term per line."""
    saturation = Ks / S
    inhibition = S / Ki
    return mu_max / (saturation + 1.0 + inhibition)


def chemostat_biomass(D, mu_max, Ks, S0, Y):
    """Steady-state biomass of a Monod chemostat at dilution rate D."""
    S = Ks * D / (mu_max - D)
    return Y * (S0 - S)


TMIN, TMAX = 4.0, 45.0


def ratkowsky(T, b):
    """Ratkowsky's square-root model: sqrt(mu) = b (T - Tmin) above Tmin."""
    return (b * jnp.maximum(T - TMIN, 0.0)) ** 2


def ratkowsky_cond(T, b):
    return jax.lax.cond(T > TMIN, lambda T, b: (b * (T - TMIN)) ** 2, lambda T, b: jnp.zeros_like(T), T, b)


def ratkowsky_full(T, b, c):
    r = b * (T - TMIN) * (1.0 - jnp.exp(c * (T - TMAX)))
    return jnp.where((T > TMIN) & (T < TMAX), r * r, 0.0)


def lethality(temps):
    """F0 (min) of a retort process sampled each minute: the trapezoid rule over 10^((T - 121.1) / 10)."""
    rates = 10.0 ** ((temps - 121.1) / 10.0)

    def trapezoid(total, pair):
        a, b = pair
        return total + 0.5 * (a + b), None
    total, _ = jax.lax.scan(trapezoid, 0.0, (rates[:-1], rates[1:]))
    return total


# --- polymer physics -------------------------------------------------------------------------------------------------

N_CHAIN = 1000.0


def fh_free_energy(phi, chi):
    """Free energy of mixing per site (kT) of a polymer of N_CHAIN segments at volume fraction phi."""
    return phi / N_CHAIN * jnp.log(phi) + (1.0 - phi) * jnp.log(1.0 - phi) + chi * phi * (1.0 - phi)


def fh_free_energy_xlogy(phi, chi):
    return xlogy(phi, phi) / N_CHAIN + xlogy(1.0 - phi, 1.0 - phi) + chi * phi * (1.0 - phi)


def fh_solvent_potential(phi, chi):
    """The solvent's chemical potential (kT): ln(1 - phi) + (1 - 1/N) phi + chi phi^2."""
    return jnp.log(1.0 - phi) + (1.0 - 1.0 / N_CHAIN) * phi + chi * phi ** 2


def fh_solvent_potential_log1p(phi, chi):
    return jnp.log1p(-phi) + (1.0 - 1.0 / N_CHAIN) * phi + chi * phi ** 2


KT = 4.114  # pN nm at 298 K


def wlc_force(x, P):
    """Marko-Siggia: the force (pN) at relative extension x of a chain of persistence length P (nm)."""
    return KT / P * (0.25 / (1.0 - x) ** 2 - 0.25 + x)


def wlc_newton(F, P):
    """The relative extension at a force: Newton from the right of the root, where it converges monotonically."""
    f = F * P / KT

    def step(_, x):
        g = 0.25 / (1.0 - x) ** 2 - 0.25 + x - f
        dg = 0.5 / (1.0 - x) ** 3 + 1.0
        return x - g / dg
    return jax.lax.fori_loop(0, 60, step, 1.0 - 0.5 / jnp.sqrt(f + 1.0))


@jax.custom_vjp
def wlc_extension(F, P):
    return wlc_newton(F, P)


def _ext_fwd(F, P):
    x = wlc_newton(F, P)
    return x, (x, P)


def _ext_bwd(saved, g):
    x, P = saved
    dF_dx = KT / P * (0.5 / (1.0 - x) ** 3 + 1.0)
    dF_dP = -KT / P ** 2 * (0.25 / (1.0 - x) ** 2 - 0.25 + x)
    return g / dF_dx, -g * dF_dP / dF_dx


wlc_extension.defvjp(_ext_fwd, _ext_bwd)


@jax.custom_vjp
def wlc_extension_bad(F, P):
    return wlc_newton(F, P)


def _ext_bad_bwd(saved, g):
    x, P = saved
    df_dx = 0.5 / (1.0 - x) ** 3 + 1.0
    dF_dP = -KT / P ** 2 * (0.25 / (1.0 - x) ** 2 - 0.25 + x)
    return g / df_dx, -g * dF_dP * P / (KT * df_dx)


wlc_extension_bad.defvjp(_ext_fwd, _ext_bad_bwd)


def wlc_curve(forces, P):
    """Total extension over a force ramp, the implicit rule under jax.vmap."""
    return jnp.sum(jax.vmap(wlc_extension, in_axes=(0, None))(forces, P))


def wlc_fit(params, data):
    d, F = data
    P = jnp.exp(params["log_P"])
    x = d / params["L0"]
    model = KT / P * (0.25 / (1.0 - x) ** 2 - 0.25 + x)
    return jnp.mean((model - F) ** 2)


def wlc_args():
    d = jnp.array([200.0, 500.0, 800.0, 950.0])
    F = jnp.array([0.02, 0.1, 0.6, 8.0])
    return {"log_P": 3.9, "L0": 1000.0}, (d, F)


# --- paint optics ----------------------------------------------------------------------------------------------------


def ks_ratio(R):
    """Kubelka-Munk: K/S of an opaque layer of reflectance R."""
    return (1.0 - R) ** 2 / (2.0 * R)


def r_infinity(ks):
    """The reflectance of an opaque layer of a given K/S, as the textbooks print it."""
    return 1.0 + ks - jnp.sqrt(ks ** 2 + 2.0 * ks)


def r_infinity_conjugate(ks):
    return 1.0 / (1.0 + ks + jnp.sqrt(ks ** 2 + 2.0 * ks))


def r_infinity_scaled(ks):
    return 1.0 / (1.0 + ks + ks * jnp.sqrt(1.0 + 2.0 / ks))


K_TABLE = jnp.array([[0.9, 0.05, 0.02], [0.1, 0.6, 0.03], [0.02, 0.08, 0.7]])  # pigment x wavelength
S_TABLE = jnp.array([[1.0, 1.0, 1.0], [0.8, 0.9, 1.1], [1.2, 1.0, 0.9]])
TARGET = jnp.array([0.3, 0.4, 0.5])


def paint_mismatch(conc):
    """Duncan's mixing rule, K/S of the mix per wavelength, against a target reflectance."""
    k = conc @ K_TABLE
    s = conc @ S_TABLE
    r = jax.vmap(r_infinity_conjugate)(k / s)
    return jnp.sum((r - TARGET) ** 2)


# --- tone mapping ----------------------------------------------------------------------------------------------------


@jax.jit
def reinhard_extended(L, Lw):
    """Reinhard's operator with a white point Lw: L (1 + L / Lw^2) / (1 + L)."""
    return L * (1.0 + L / Lw ** 2) / (1.0 + L)


def log_average_luminance(L):
    return jnp.exp(jnp.mean(jnp.log(1e-4 + L)))


def geometric_mean_luminance(L):
    return jnp.exp(jnp.mean(jnp.log(L)))


def aces_filmic(x):
    """Narkowicz's fit of the ACES curve, clipped to [0, 1]."""
    return jnp.clip(x * (2.51 * x + 0.03) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0)


# --- digital communications ------------------------------------------------------------------------------------------


def ber_bpsk(ebn0_db):
    snr = 10.0 ** (ebn0_db / 10.0)
    return 0.5 * erfc(jnp.sqrt(snr))


def log_ber_naive(ebn0_db):
    snr = 10.0 ** (ebn0_db / 10.0)
    return jnp.log(0.5 * erfc(jnp.sqrt(snr)))


def log_ber(ebn0_db):
    snr = 10.0 ** (ebn0_db / 10.0)
    return log_ndtr(-jnp.sqrt(2.0 * snr))


def log_ber_stats(ebn0_db):
    snr = 10.0 ** (ebn0_db / 10.0)
    return norm.logsf(jnp.sqrt(2.0 * snr))


@jax.custom_jvp
def log_q(x):
    return log_ndtr(-x)


@log_q.defjvp
def _log_q_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = log_q(x)
    return y, -t * jnp.exp(-0.5 * x * x - y) / jnp.sqrt(2.0 * jnp.pi)


@jax.custom_jvp
def log_q_naive(x):
    return log_ndtr(-x)


@log_q_naive.defjvp
def _log_q_naive_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = log_q_naive(x)
    return y, -t * (jnp.exp(-0.5 * x * x) / jnp.sqrt(2.0 * jnp.pi)) / jnp.exp(y)


@jax.custom_jvp
def log_q_bad(x):
    return log_ndtr(-x)


@log_q_bad.defjvp
def _log_q_bad_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = log_q_bad(x)
    return y, -t * jnp.exp(-0.5 * x * x - y)


def log_ber_custom(ebn0_db):
    return log_q(jnp.sqrt(2.0 * 10.0 ** (ebn0_db / 10.0)))


def capacity(snr):
    """Shannon's spectral efficiency, bits/s/Hz."""
    return jnp.log2(1.0 + snr)


def capacity_db(snr_db):
    return jnp.log2(1.0 + 10.0 ** (snr_db / 10.0))


def capacity_db_softplus(snr_db):
    return jax.nn.softplus(snr_db * jnp.log(10.0) / 10.0) / jnp.log(2.0)


# --- more of JAX's machinery on the same models ----------------------------------------------------------------------

from functools import partial  # noqa: E402
from typing import NamedTuple  # noqa: E402


def wlc_newton_tol(F, P):
    """Newton to a tolerance in lax.while_loop (JAX cannot reverse it: used behind the implicit rule only)."""
    f = F * P / KT

    def residual(x):
        return 0.25 / (1.0 - x) ** 2 - 0.25 + x - f

    def step(x):
        return x - residual(x) / (0.5 / (1.0 - x) ** 3 + 1.0)
    return jax.lax.while_loop(lambda x: jnp.abs(residual(x)) > 1e-10 * (1.0 + f), step,
                              1.0 - 0.5 / jnp.sqrt(f + 1.0))


@jax.custom_vjp
def wlc_extension_tol(F, P):
    return wlc_newton_tol(F, P)


def _tol_fwd(F, P):
    x = wlc_newton_tol(F, P)
    return x, (x, P)


wlc_extension_tol.defvjp(_tol_fwd, _ext_bwd)


@partial(jax.custom_vjp, nondiff_argnums=(2,))
def wlc_extension_steps(F, P, steps):
    f = F * P / KT

    def step(_, x):
        return x - (0.25 / (1.0 - x) ** 2 - 0.25 + x - f) / (0.5 / (1.0 - x) ** 3 + 1.0)
    return jax.lax.fori_loop(0, steps, step, 1.0 - 0.5 / jnp.sqrt(f + 1.0))


def _steps_fwd(F, P, steps):
    x = wlc_extension_steps(F, P, steps)
    return x, (x, P)


def _steps_bwd(steps, saved, g):
    return _ext_bwd(saved, g)


wlc_extension_steps.defvjp(_steps_fwd, _steps_bwd)


def wlc_extension_40(F, P):
    return wlc_extension_steps(F, P, 40)


class Growth(NamedTuple):
    mu: float
    lam: float
    y0: float
    ymax: float


def growth_sse(params, t, y):
    pred = baranyi_stable(t, params.mu, params.lam, params.y0, params.ymax)
    return jnp.sum((pred - y) ** 2)


def growth_args():
    return Growth(0.8, 2.5, 2.0, 19.0), jnp.array([0.5, 2.0, 6.0, 12.0, 24.0]), jnp.array([2.1, 2.3, 5.0, 9.8, 18.9])


def lethality_checkpointed(temps):
    rates = 10.0 ** ((temps - 121.1) / 10.0)

    @jax.checkpoint
    def trapezoid(total, pair):
        a, b = pair
        return total + 0.5 * (a + b), None
    total, _ = jax.lax.scan(trapezoid, 0.0, (rates[:-1], rates[1:]))
    return total


def r_infinity_safe(ks):
    """The conjugate behind a double where: a white layer (K/S = 0) reflects everything."""
    positive = ks > 0.0
    safe = jnp.where(positive, ks, 1.0)
    return jnp.where(positive, 1.0 / (1.0 + safe + jnp.sqrt(safe ** 2 + 2.0 * safe)), 1.0)


def log_ber_switch(ebn0_db, scheme):
    """BPSK (0) or, by Gray-coded QPSK's same per-bit rate, (1); 2: coherent FSK, Q(sqrt(snr))."""
    snr = 10.0 ** (ebn0_db / 10.0)
    return jax.lax.switch(scheme, [lambda s: log_ndtr(-jnp.sqrt(2.0 * s)), lambda s: log_ndtr(-jnp.sqrt(2.0 * s)),
                                   lambda s: log_ndtr(-jnp.sqrt(s))], snr)


def _km_slope(k):
    return 1.0 - (k + 1.0) / jnp.sqrt(k * k + 2.0 * k)


@jax.custom_vjp
def layer_reflectance(layer):
    """An opaque layer's reflectance from its absorption and scattering coefficients, a dict."""
    return r_infinity_conjugate(layer["K"] / layer["S"])


def _layer_fwd(layer):
    return layer_reflectance(layer), layer


def _layer_bwd(layer, g):
    d = g * _km_slope(layer["K"] / layer["S"])
    return ({"K": d / layer["S"], "S": -d * layer["K"] / layer["S"] ** 2},)


layer_reflectance.defvjp(_layer_fwd, _layer_bwd)


@jax.custom_vjp
def layer_reflectance_bad(layer):
    return r_infinity_conjugate(layer["K"] / layer["S"])


def _layer_bad_bwd(layer, g):
    d = g * _km_slope(layer["K"] / layer["S"])
    return ({"K": d / layer["S"], "S": d * layer["K"] / layer["S"] ** 2},)


layer_reflectance_bad.defvjp(_layer_fwd, _layer_bad_bwd)


def layer_args():
    return ({"K": 0.3, "S": 1.2},)


D_NM = jnp.array([200.0, 500.0, 800.0, 950.0])
F_PN = jnp.array([0.02, 0.1, 0.6, 8.0])


def wlc_misfit(L0):
    """The force-extension misfit in the contour length L0 (nm) alone, persistence length 50 nm."""
    x = D_NM / L0
    model = KT / 50.0 * (0.25 / (1.0 - x) ** 2 - 0.25 + x)
    return jnp.mean((model - F_PN) ** 2)

