"""A user's JAX code, forty-sixth round (first part): rheology (the Carreau-Yasuda viscosity by powers, by log1p and by
softplus in log space, under lax.cond with an operand; the Cross model; a Bingham-Papanastasiou apparent viscosity by
1 - exp, by -expm1 and behind a double where with its series; a relaxation fraction (1 - e^-x) / x as a
jax.custom_jvp with nondiff_argnums, its rule right and with a slip; Carreau parameters as a NamedTuple by --args),
phase transformations (Avrami's 1 - exp(-k t^n) with n = 0.5 by exp and by expm1; its linearisation
log(-log(1 - X)) by log and log1p; classical nucleation's exp(-B / log(S)^2), as printed and behind a double where;
an Avrami mean time by gammaln; a diffusion couple's log erfc beside log_ndtr; a mixing entropy by xlogy and xlog1py),
viscoelasticity (a Prony series by lax.scan with a carry and outputs, in tau and in log tau, under jax.checkpoint with
a policy and under jax.jit with static_argnames; a Maxwell element tau (1 - e^-t/tau) by exp and by expm1; a Prony fit
loss from a dict of arrays by --args) and room acoustics (Eyring's reverberation time by log(1 - alpha) and log1p,
Sabine's, a room as a registered dataclass; sound level sums 10 log10(sum 10^(L / 10)) beside logsumexp, and with
b= weights; point-source levels by vmap with in_axes None and one where)."""

import dataclasses
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import erfc, gammaln, log_ndtr, logsumexp, xlog1py, xlogy

# --- rheology --------------------------------------------------------------------------------------------------------

ETA0, ETAINF, LAM = 1000.0, 0.001, 1.0


def carreau_yasuda(g):
    """eta_inf + (eta_0 - eta_inf) (1 + (lam g)^a)^((n - 1) / a), a = 2, n = 0.3."""
    return ETAINF + (ETA0 - ETAINF) * (1.0 + (LAM * g) ** 2.0) ** ((0.3 - 1.0) / 2.0)


def carreau_yasuda_log(g):
    """The same through log1p, as a user who fears the power writes it."""
    return ETAINF + (ETA0 - ETAINF) * jnp.exp((0.3 - 1.0) / 2.0 * jnp.log1p(jnp.power(LAM * g, 2.0)))


def carreau_yasuda_softplus(g):
    """In log space: log1p((lam g)^a) = softplus(a log(lam g)), safe at huge g."""
    return ETAINF + (ETA0 - ETAINF) * jnp.exp((0.3 - 1.0) / 2.0 * jax.nn.softplus(2.0 * jnp.log(LAM * g)))


def carreau_cond(g):
    """The Newtonian plateau at rest by lax.cond with the shear rate as operand."""
    return lax.cond(g > 0, carreau_yasuda, lambda g: ETA0 + 0.0 * g, g)


def cross(g):
    """Cross: eta_inf + (eta_0 - eta_inf) / (1 + (lam g)^m), m = 0.8."""
    return ETAINF + (ETA0 - ETAINF) / (1.0 + (LAM * g) ** 0.8)


TAU_Y, M_REG, MU_P = 10.0, 1000.0, 0.1


def papanastasiou(g):
    """Bingham-Papanastasiou apparent viscosity mu_p + tau_y (1 - exp(-m g)) / g, as printed."""
    return MU_P + TAU_Y * (1.0 - jnp.exp(-M_REG * g)) / g


def papanastasiou_expm1(g):
    return MU_P + TAU_Y * -jnp.expm1(-M_REG * g) / g


def papanastasiou_safe(g):
    """A series below m g = 1e-4, the expm1 form fed a safe shear rate elsewhere."""
    x = M_REG * g
    small = x < 1e-4
    gs = jnp.where(small, 1.0, g)
    series = M_REG * (1.0 - x / 2.0 + x * x / 6.0)
    return MU_P + TAU_Y * jnp.where(small, series, -jnp.expm1(-M_REG * gs) / gs)


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def relax_fraction(x, order):
    """(1 - e^-x) / x, with a series of `order` terms below 1e-3."""
    small = jnp.abs(x) < 1e-3
    xs = jnp.where(small, 1.0, x)
    series = sum((-x) ** k / jnp.exp(gammaln(k + 2.0)) for k in range(order))
    return jnp.where(small, series, -jnp.expm1(-xs) / xs)


@relax_fraction.defjvp
def _relax_fraction_jvp(order, primals, tangents):
    (x,), (t,) = primals, tangents
    f = relax_fraction(x, order)
    small = jnp.abs(x) < 1e-3
    xs = jnp.where(small, 1.0, x)
    df = jnp.where(small, -0.5 + x / 3.0, (jnp.exp(-xs) - f) / xs)
    return f, df * t


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def relax_fraction_bad(x, order):
    small = jnp.abs(x) < 1e-3
    xs = jnp.where(small, 1.0, x)
    series = sum((-x) ** k / jnp.exp(gammaln(k + 2.0)) for k in range(order))
    return jnp.where(small, series, -jnp.expm1(-xs) / xs)


@relax_fraction_bad.defjvp
def _relax_fraction_bad_jvp(order, primals, tangents):
    (x,), (t,) = primals, tangents
    f = relax_fraction_bad(x, order)
    small = jnp.abs(x) < 1e-3
    xs = jnp.where(small, 1.0, x)
    df = jnp.where(small, -0.5 + x / 3.0, (jnp.exp(-xs) + f) / xs)  # the sign of f slipped
    return f, df * t


def papanastasiou_custom(g):
    return MU_P + TAU_Y * M_REG * relax_fraction(M_REG * g, 4)


def papanastasiou_custom_bad(g):
    return MU_P + TAU_Y * M_REG * relax_fraction_bad(M_REG * g, 4)


class CarreauParams(NamedTuple):
    eta0: jnp.ndarray
    lam: jnp.ndarray
    n: jnp.ndarray


def carreau_fit_loss(params, g, eta):
    """Squared log error of Carreau (a = 2) against measured viscosities."""
    model = params.eta0 * (1.0 + (params.lam * g) ** 2) ** ((params.n - 1.0) / 2.0)
    return jnp.sum((jnp.log(model) - jnp.log(eta)) ** 2)


def carreau_args():
    return {"params": CarreauParams(eta0=jnp.array(900.0), lam=jnp.array(0.5), n=jnp.array(0.4)),
            "g": jnp.array([0.0, 0.1, 10.0, 1e4]), "eta": jnp.array([1000.0, 950.0, 150.0, 2.0])}


def carreau_args_broken():
    """Reads the rheometer's export, which is not there."""
    with open("/nonexistent/rheometer_export.csv") as handle:
        return {"params": handle.read()}


# --- phase transformations -------------------------------------------------------------------------------------------


def avrami(t, k):
    """JMAK: X = 1 - exp(-k t^n), n = 0.5."""
    return 1.0 - jnp.exp(-k * t ** 0.5)


def avrami_expm1(t, k):
    return -jnp.expm1(-k * jnp.power(t, 0.5))


def avrami_linear(X):
    """The Avrami plot's ordinate log(-log(1 - X))."""
    return jnp.log(-jnp.log(1.0 - X))


def avrami_linear_log1p(X):
    return jnp.log(-jnp.log1p(-X))


def nucleation_rate(S):
    """Classical nucleation: J = A exp(-B / log(S)^2), A = 1e30, B = 2."""
    return 1e30 * jnp.exp(-2.0 / jnp.log(S) ** 2)


def nucleation_rate_safe(S):
    """0 at and below saturation, the log fed a safe S there."""
    above = S > 1.0
    L = jnp.log(jnp.where(above, S, 2.0))
    return jnp.where(above, 1e30 * jnp.exp(-2.0 / L ** 2), 0.0)


def avrami_mean_time(k, n):
    """<t> = k^(-1/n) Gamma(1 + 1/n) by gammaln."""
    return jnp.exp(gammaln(1.0 + 1.0 / n) - jnp.log(k) / n)


def log_profile(x, t):
    """A diffusion couple's log concentration log erfc(x / 2 sqrt(D t)), D = 1."""
    return jnp.log(erfc(x / (2.0 * jnp.sqrt(t))))


def log_profile_ndtr(x, t):
    """log erfc(z) = log 2 + log_ndtr(-z sqrt 2)."""
    z = x / (2.0 * jnp.sqrt(t))
    return jnp.log(2.0) + log_ndtr(-z * jnp.sqrt(2.0))


def mixing_entropy(X):
    """Ideal mixing entropy X log X + (1 - X) log(1 - X) by xlogy and xlog1py."""
    return xlogy(X, X) + xlog1py(1.0 - X, -X)


# --- viscoelasticity -------------------------------------------------------------------------------------------------

G_I = jnp.array([1e5, 3e4, 1e3])


def prony(t, tau):
    """G(t) = G_inf + sum g_i exp(-t / tau_i) by lax.scan, keeping each term (a user's plot)."""
    def step(acc, gt):
        gi, ti = gt
        term = gi * jnp.exp(-t / ti)
        return acc + term, term
    total, _ = lax.scan(step, 50.0, (G_I, tau))
    return total


def prony_log(t, log_tau):
    """The same in log relaxation times: exp(-t exp(-log tau))."""
    def step(acc, gt):
        gi, lt = gt
        term = gi * jnp.exp(-t * jnp.exp(-lt))
        return acc + term, term
    total, _ = lax.scan(step, 50.0, (G_I, log_tau))
    return total


@partial(jax.checkpoint, policy=jax.checkpoint_policies.nothing_saveable)
def prony_ckpt(t, tau):
    return 50.0 + jnp.sum(G_I * jnp.exp(-t / tau))


@partial(jax.jit, static_argnames=("n_terms",))
def prony_jit(t, tau, n_terms=3):
    return 50.0 + jnp.sum(G_I[:n_terms] * jnp.exp(-t / tau[:n_terms]))


def maxwell_strain(t, tau):
    """A Maxwell element's response tau (1 - exp(-t / tau)), t as tau -> inf."""
    return tau * (1.0 - jnp.exp(-t / tau))


def maxwell_strain_expm1(t, tau):
    return -tau * jnp.expm1(-t / tau)


def prony_fit_loss(params, t, G):
    """Squared log error of a Prony series, parameters as a dict of arrays."""
    model = 50.0 + jnp.sum(params["g"][None, :] * jnp.exp(-t[:, None] * jnp.exp(-params["log_tau"][None, :])), axis=1)
    return jnp.sum((jnp.log(model) - jnp.log(G)) ** 2)


def prony_args():
    return {"params": {"g": jnp.array([1e5, 3e4, 1e3]), "log_tau": jnp.array([-2.0, 0.0, 2.0])},
            "t": jnp.array([0.01, 0.1, 1.0, 10.0]), "G": jnp.array([9e4, 5e4, 1.5e4, 300.0])}


# --- room acoustics --------------------------------------------------------------------------------------------------


def eyring(alpha, V, S):
    """Eyring's T60 = 0.161 V / (-S log(1 - alpha))."""
    return 0.161 * V / (-S * jnp.log(1.0 - alpha))


def eyring_log1p(alpha, V, S):
    return 0.161 * V / (-S * jnp.log1p(-alpha))


def sabine(alpha, S, V):
    """Sabine's T60 = 0.161 V / sum(S_i alpha_i)."""
    return 0.161 * V / jnp.sum(S * alpha)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Room:
    V: jnp.ndarray
    S: jnp.ndarray
    alpha: jnp.ndarray


def room_t60(room):
    """Eyring with the area-weighted mean absorption of a room's surfaces."""
    abar = jnp.sum(room.S * room.alpha) / jnp.sum(room.S)
    return 0.161 * room.V / (-jnp.sum(room.S) * jnp.log1p(-abar))


def room_args():
    return {"room": Room(V=jnp.array(200.0), S=jnp.array([60.0, 60.0, 80.0]), alpha=jnp.array([0.1, 0.3, 0.6]))}


def level_sum(L):
    """Energetic sum of levels in dB: 10 log10(sum 10^(L / 10))."""
    return 10.0 * jnp.log10(jnp.sum(10.0 ** (L / 10.0)))


C_DB = 0.23025850929940458  # ln(10) / 10


def level_sum_lse(L):
    return logsumexp(C_DB * L) / C_DB


def level_sum_weighted(L, w):
    """An A-weighted sum by logsumexp's b= (the weights as linear factors)."""
    return logsumexp(C_DB * L, b=w) / C_DB


def source_levels(Lw, r):
    """Point sources at one distance: Lp = Lw - 20 log10(r) - 11, the near field clamped at 1 mm, by vmap."""
    def one(L, r):
        return L - jnp.where(r > 1e-3, 20.0 * jnp.log10(r), -60.0) - 11.0
    return jnp.sum(jax.vmap(one, in_axes=(0, None))(Lw, r))


def source_levels_safe(Lw, r):
    def one(L, r):
        rs = jnp.where(r > 1e-3, r, 1.0)
        return L - jnp.where(r > 1e-3, 20.0 * jnp.log10(rs), -60.0) - 11.0
    return jnp.sum(jax.vmap(one, in_axes=(0, None))(Lw, r))


# --- more: lax.cond at a regime switch, power-law fluids, a dataclass with a static field, natural-unit levels ---


def papanastasiou_cond(g):
    """At rest the limit mu_p + tau_y m by lax.cond, the expm1 form beyond."""
    return lax.cond(g > 0, papanastasiou_expm1, lambda g: MU_P + TAU_Y * M_REG + 0.0 * g, g)


def power_law(g, n):
    """Ostwald-de Waele apparent viscosity K g^(n - 1), K = 2."""
    return 2.0 * jnp.power(g, n - 1.0)


def avrami_n(t, k, n):
    """Avrami with the exponent fitted: -expm1(-k t^n)."""
    return -jnp.expm1(-k * jnp.power(t, n))


@partial(jax.tree_util.register_dataclass, data_fields=["V", "S", "alpha"], meta_fields=["label"])
@dataclasses.dataclass
class LabelledRoom:
    V: jnp.ndarray
    S: jnp.ndarray
    alpha: jnp.ndarray
    label: str = "hall"


def labelled_t60(room):
    abar = jnp.sum(room.S * room.alpha) / jnp.sum(room.S)
    return 0.161 * room.V / (-jnp.sum(room.S) * jnp.log1p(-abar))


def labelled_args():
    return {"room": LabelledRoom(V=jnp.array(200.0), S=jnp.array([60.0, 60.0, 80.0]),
                                 alpha=jnp.array([0.1, 0.3, 0.6]), label="chamber")}


def level_pair_np(a, b):
    """Two levels in nepers by jnp.logaddexp."""
    return jnp.logaddexp(a, b)


# --- how users hold things fixed: defaults, partials, lax.switch, a callable nondiff argument ---


def eyring_hall(alpha, V=2000.0, S=900.0):
    """Eyring for the hall, its volume and area as defaults."""
    return 0.161 * V / (-S * jnp.log1p(-alpha))


eyring_studio = partial(eyring_log1p, V=60.0, S=95.0)


def maxwell_math(t, tau):
    """A slip a user makes: math.exp on a traced value."""
    import math
    return tau * (1.0 - math.exp(-t / tau))


def viscosity_model(g, model):
    """lax.switch over three models by an index held as data."""
    return lax.switch(model, [carreau_yasuda, cross, papanastasiou_expm1], g)


def viscosity_switch(g):
    return viscosity_model(g, 1)


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def apply_law(law, g):
    """Applies a flow law with its derivative by the law's own finite difference (a user's shortcut)."""
    return law(g)


@apply_law.defjvp
def _apply_law_jvp(law, primals, tangents):
    (g,), (t,) = primals, tangents
    h = 1e-6 * jnp.maximum(jnp.abs(g), 1.0)
    return law(g), (law(g + h) - law(g - h)) / (2.0 * h) * t


def cross_by_law(g):
    return apply_law(cross, g)


def prony_reverse(t, tau):
    """The Prony sum by a reversed lax.scan with unroll=2, keeping partial sums (the slowest mode first)."""
    def step(acc, gt):
        gi, ti = gt
        acc = acc + gi * jnp.exp(-t / ti)
        return acc, acc
    total, partials = lax.scan(step, 50.0, (G_I, tau), reverse=True, unroll=2)
    return total + 0.0 * partials[0]


@partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
def sabine_ckpt(alpha, S, V):
    return 0.161 * V / jnp.dot(S, alpha)


def carreau_args_all():
    return carreau_args()


def carreau_argz():
    return carreau_args()


def prony_args_all():
    return prony_args()


def room_args_all():
    return room_args()


def room_argz():
    return room_args()


def prony_terms(t, tau):
    """The scan's outputs, each mode's contribution (a vector: the Jacobian is checked)."""
    def step(acc, gt):
        gi, ti = gt
        term = gi * jnp.exp(-t / ti)
        return acc + term, term
    _, terms = lax.scan(step, 50.0, (G_I, tau))
    return terms


def source_levels_vec(Lw, r):
    def one(L, r):
        rs = jnp.where(r > 1e-3, r, 1.0)
        return L - jnp.where(r > 1e-3, 20.0 * jnp.log10(rs), -60.0) - 11.0
    return jax.vmap(one, in_axes=(0, None))(Lw, r)


def yield_branch(g):
    """Below the yield point a square-root creep law, above it linear: lax.cond with the shear rate as operand."""
    return lax.cond(g > 0, lambda g: MU_P * g, lambda g: jnp.sqrt(-g), g)
