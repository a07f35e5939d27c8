"""A user's JAX code, forty-second round (first part): photon counting (a paralyzable detector's dead time in a
Poisson likelihood, naive and in log space; the non-paralyzable correction's pole; the Cash statistic of an X-ray
spectrum with empty channels by a where, by xlogy(k, k / mu) and by xlogy split; a click probability behind
custom_jvp rules, right and with the efficiency forgotten; an afterglow's counts by a checkpointed rate under
jax.vmap), astronomy (the Schechter luminosity function in magnitudes as printed and in log space, behind custom_vjp
rules right and with ln 10 dropped), wildlife ecology (a Cormack-Jolly-Seber mark-recapture likelihood by a reversed
lax.scan and jax.vmap over capture histories from a parameter tree, naive and by log_sigmoid; distance sampling's
hazard-rate detection function by 1 - exp and by expm1; a camera-trap classifier with gelu, einsum, one_hot and
label smoothing), hydrology (the SCS curve-number runoff at its initial abstraction by a where and by lax.cond; a
degree-day snowmelt by lax.switch; a levee's first overtopping by cumprod of survival and by cumsum of
log_sigmoid; a Huber loss as optax writes it; a least-trimmed-squares rating curve by sort), structural dynamics
(a spring chain's lowest natural frequency by eigvalsh at a repeated eigenvalue, its compliance by solve, its log
determinant by slogdet and by cholesky, a flexibility by inv and det), jax.nn's gelu (tanh and exact), sparse_plus
and relu6 at their switches, and a reparameterised gamma draw."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import gammaln, xlogy
from jax.scipy.stats import poisson

# --- photon counting -------------------------------------------------------------------------------------------------

DEAD_TIME = 1e-6  # s
K_OBS = 1000.0  # counts in one live second


def paralyzable_nll(log_rate):
    """A paralyzable counter sees m = n e^(-n tau) of a true rate n: -log Pois(K; m)."""
    n = jnp.exp(log_rate)
    m = n * jnp.exp(-n * DEAD_TIME)
    return -poisson.logpmf(K_OBS, m)


def paralyzable_nll_log(log_rate):
    log_m = log_rate - jnp.exp(log_rate) * DEAD_TIME
    return -(K_OBS * log_m - jnp.exp(log_m) - gammaln(K_OBS + 1.0))


def nonparalyzable_true_rate(m):
    """The true rate behind a measured m for a non-paralyzable counter, tau = 0.5 s."""
    return m / (1.0 - m * 0.5)


ENERGY = jnp.array([1.0, 2.0, 4.0, 8.0, 16.0, 32.0])  # keV
COUNTS = jnp.array([40.0, 12.0, 5.0, 0.0, 1.0, 0.0])


def cash_where(log_norm, index):
    """Cash's C statistic of a power-law spectrum, the empty channels masked by a where."""
    mu = jnp.exp(log_norm) * ENERGY ** (-index)
    return 2.0 * jnp.sum(mu - COUNTS + jnp.where(COUNTS > 0, COUNTS * jnp.log(COUNTS / mu), 0.0))


def cash_xlogy(log_norm, index):
    mu = jnp.exp(log_norm) * ENERGY ** (-index)
    return 2.0 * jnp.sum(mu - COUNTS + xlogy(COUNTS, COUNTS / mu))


def cash_split(log_norm, index):
    mu = jnp.exp(log_norm) * ENERGY ** (-index)
    return 2.0 * jnp.sum(mu - COUNTS - xlogy(COUNTS, mu) + xlogy(COUNTS, COUNTS))


EFFICIENCY = 0.6


@jax.custom_jvp
def log_click(n):
    """log P(a click) = log(1 - e^(-eta n)) for Poisson light of mean photon number n."""
    return jnp.log(-jnp.expm1(-EFFICIENCY * n))


@log_click.defjvp
def _log_click_jvp(primals, tangents):
    (n,), (t,) = primals, tangents
    return log_click(n), t * EFFICIENCY / jnp.expm1(EFFICIENCY * n)


@jax.custom_jvp
def log_click_forgot(n):
    return jnp.log(-jnp.expm1(-EFFICIENCY * n))


@log_click_forgot.defjvp
def _log_click_forgot_jvp(primals, tangents):
    (n,), (t,) = primals, tangents
    return log_click_forgot(n), t / jnp.expm1(EFFICIENCY * n)


TIMES = jnp.array([0.0, 1.0, 2.0, 4.0, 8.0])
AFTERGLOW = jnp.array([3.0, 2.0, 1.0, 0.0, 1.0])


@jax.checkpoint
def afterglow_rate(t, log_amp, log_tau):
    return jnp.exp(log_amp - t / jnp.exp(log_tau))


def afterglow_nll(log_amp, log_tau):
    mu = jax.vmap(afterglow_rate, in_axes=(0, None, None))(TIMES, log_amp, log_tau)
    return jnp.sum(mu - AFTERGLOW * jnp.log(mu))


def afterglow_nll_log(log_amp, log_tau):
    log_mu = jax.vmap(lambda t: log_amp - t / jnp.exp(log_tau))(TIMES)
    return jnp.sum(jnp.exp(log_mu) - AFTERGLOW * log_mu)


# --- astronomy: the Schechter function -------------------------------------------------------------------------------

PHI_STAR = 5e-3  # Mpc^-3


def schechter_naive(M, M_star, alpha):
    """log phi(M) as printed: 0.4 ln10 phi* x^(alpha+1) e^-x, x = 10^(0.4 (M* - M))."""
    x = 10.0 ** (0.4 * (M_star - M))
    return jnp.log(0.4 * jnp.log(10.0) * PHI_STAR * x ** (alpha + 1.0) * jnp.exp(-x))


def schechter_log(M, M_star, alpha):
    log_x = 0.4 * jnp.log(10.0) * (M_star - M)
    return jnp.log(0.4 * jnp.log(10.0) * PHI_STAR) + (alpha + 1.0) * log_x - jnp.exp(log_x)


@jax.custom_vjp
def schechter_rule(M, M_star, alpha):
    log_x = 0.4 * jnp.log(10.0) * (M_star - M)
    return jnp.log(0.4 * jnp.log(10.0) * PHI_STAR) + (alpha + 1.0) * log_x - jnp.exp(log_x)


def _schechter_fwd(M, M_star, alpha):
    log_x = 0.4 * jnp.log(10.0) * (M_star - M)
    return schechter_rule(M, M_star, alpha), (log_x, alpha)


def _schechter_bwd(res, g):
    log_x, alpha = res
    k = 0.4 * jnp.log(10.0)
    d_star = k * (alpha + 1.0) - k * jnp.exp(log_x)
    return -g * d_star, g * d_star, g * log_x


schechter_rule.defvjp(_schechter_fwd, _schechter_bwd)


@jax.custom_vjp
def schechter_rule_noln10(M, M_star, alpha):
    log_x = 0.4 * jnp.log(10.0) * (M_star - M)
    return jnp.log(0.4 * jnp.log(10.0) * PHI_STAR) + (alpha + 1.0) * log_x - jnp.exp(log_x)


def _schechter_noln10_fwd(M, M_star, alpha):
    log_x = 0.4 * jnp.log(10.0) * (M_star - M)
    return schechter_rule_noln10(M, M_star, alpha), (log_x, alpha)


def _schechter_noln10_bwd(res, g):
    log_x, alpha = res
    d_star = 0.4 * (alpha + 1.0) - 0.4 * jnp.exp(log_x)
    return -g * d_star, g * d_star, g * log_x


schechter_rule_noln10.defvjp(_schechter_noln10_fwd, _schechter_noln10_bwd)


# --- wildlife ecology ------------------------------------------------------------------------------------------------

HISTORIES = jnp.array([[1.0, 0.0, 1.0, 1.0, 0.0],
                       [1.0, 1.0, 0.0, 0.0, 0.0],
                       [1.0, 1.0, 1.0, 1.0, 1.0],
                       [1.0, 0.0, 0.0, 0.0, 0.0],
                       [1.0, 0.0, 0.0, 1.0, 0.0]])  # all marked at the first occasion
OCCASIONS = 5


def cjs_nll(params):
    """Cormack-Jolly-Seber: constant survival phi and recapture p on the logit scale."""
    phi = jax.nn.sigmoid(params["logit_phi"])
    p = jax.nn.sigmoid(params["logit_p"])

    def back(chi_next, _):
        chi = (1.0 - phi) + phi * (1.0 - p) * chi_next
        return chi, chi
    _, chis = lax.scan(back, 1.0, None, length=OCCASIONS - 1, reverse=True)
    chi = jnp.concatenate([chis, jnp.ones(1)])

    def one(h):
        last = OCCASIONS - 1 - jnp.argmax(h[::-1])
        t = jnp.arange(OCCASIONS)
        step = jnp.log(phi) + jnp.where(h > 0, jnp.log(p), jnp.log(1.0 - p))
        return jnp.sum(jnp.where((t >= 1) & (t <= last), step, 0.0)) + jnp.log(chi[last])
    return -jnp.sum(jax.vmap(one)(HISTORIES))


def cjs_nll_stable(params):
    log_phi, log_1m_phi = jax.nn.log_sigmoid(params["logit_phi"]), jax.nn.log_sigmoid(-params["logit_phi"])
    log_p, log_1m_p = jax.nn.log_sigmoid(params["logit_p"]), jax.nn.log_sigmoid(-params["logit_p"])

    def back(log_chi_next, _):
        log_chi = jnp.logaddexp(log_1m_phi, log_phi + log_1m_p + log_chi_next)
        return log_chi, log_chi
    _, log_chis = lax.scan(back, 0.0, None, length=OCCASIONS - 1, reverse=True)
    log_chi = jnp.concatenate([log_chis, jnp.zeros(1)])

    def one(h):
        last = OCCASIONS - 1 - jnp.argmax(h[::-1])
        t = jnp.arange(OCCASIONS)
        step = log_phi + jnp.where(h > 0, log_p, log_1m_p)
        return jnp.sum(jnp.where((t >= 1) & (t <= last), step, 0.0)) + log_chi[last]
    return -jnp.sum(jax.vmap(one)(HISTORIES))


def cjs_args():
    return ({"logit_phi": 1.25, "logit_p": 0.5},)


def cjs_shy_args():
    """Animals that are almost never recaptured: p = sigmoid(-800)."""
    return ({"logit_phi": 1.25, "logit_p": -800.0},)


def cjs_broken_args():
    return ({"logit_phi": 1.25, "logit_P": 0.5},)


DISTANCES = jnp.array([5.0, 20.0, 40.0, 80.0])  # perpendicular distances, m


def hazard_rate_naive(sigma, b):
    """Hayes and Buckland's hazard-rate detection function g(x) = 1 - exp(-(x / sigma)^-b), logged."""
    return jnp.sum(jnp.log(1.0 - jnp.exp(-(DISTANCES / sigma) ** (-b))))


def hazard_rate_expm1(sigma, b):
    return jnp.sum(jnp.log(-jnp.expm1(-(DISTANCES / sigma) ** (-b))))


FEATURES = jnp.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75], [-0.25, 0.75, 0.125], [2.0, -1.5, 0.5]])
LABELS = jnp.array([0, 2, 1, 2])  # deer, boar, empty
SMOOTHING = 0.1


def classifier_loss(params, x, labels):
    """A camera trap's two-layer classifier: gelu, einsum, label-smoothed softmax cross-entropy (optax's way)."""
    h = jax.nn.gelu(jnp.einsum("nd,dh->nh", x, params["dense1"]["w"]) + params["dense1"]["b"], approximate=False)
    logits = jnp.einsum("nh,hk->nk", h, params["dense2"]["w"]) + params["dense2"]["b"]
    targets = jax.nn.one_hot(labels, 3) * (1.0 - SMOOTHING) + SMOOTHING / 3
    return -jnp.mean(jnp.sum(targets * jax.nn.log_softmax(logits), axis=-1))


def classifier_args():
    params = {"dense1": {"w": jnp.array([[0.5, -0.25, 0.125, 1.0], [-0.5, 0.75, 0.25, -0.125],
                                         [0.25, 0.5, -1.0, 0.375]]),
                         "b": jnp.array([0.0, 0.125, -0.25, 0.5])},
              "dense2": {"w": jnp.array([[1.0, -0.5, 0.25], [0.5, 0.5, -1.0], [-0.75, 1.25, 0.5],
                                         [0.25, -0.25, 0.75]]),
                         "b": jnp.array([0.0, 0.5, -0.5])}}
    return params, FEATURES, LABELS


def smoothed_xent_naive(logits):
    """The same loss for one image, by the log of a softmax."""
    targets = jax.nn.one_hot(0, 3) * (1.0 - SMOOTHING) + SMOOTHING / 3
    return -jnp.sum(targets * jnp.log(jax.nn.softmax(logits)))


def smoothed_xent(logits):
    targets = jax.nn.one_hot(0, 3) * (1.0 - SMOOTHING) + SMOOTHING / 3
    return -jnp.sum(targets * jax.nn.log_softmax(logits))


def gelu_tanh(x):
    return jax.nn.gelu(x, approximate=True)


def gelu_exact(x):
    return jax.nn.gelu(x, approximate=False)


def sparse_plus_unit(x):
    return jax.nn.sparse_plus(x)


def relu6_unit(x):
    return jax.nn.relu6(x)


def gamma_prior_draw(shape):
    """A reparameterised Gamma(shape) draw of an animal's detection rate."""
    return jnp.sum(jax.random.gamma(jax.random.PRNGKey(42), shape, (3,)))


# --- hydrology -------------------------------------------------------------------------------------------------------


def scs_runoff(P, S):
    """SCS curve-number runoff (mm) from a storm of P mm on a soil of retention S mm, Ia = 0.2 S."""
    Ia = 0.2 * S
    return jnp.where(P > Ia, (P - Ia) ** 2 / (P - Ia + S), 0.0)


def scs_runoff_cond(P, S):
    Ia = 0.2 * S
    return lax.cond(P > Ia, lambda: (P - Ia) ** 2 / (P - Ia + S), lambda: jnp.zeros_like(P))


def _no_melt(T, ddf):
    return jnp.zeros_like(T)


def _melting(T, ddf):
    return ddf * T


def _capped(T, ddf):
    return ddf * 10.0 + 0.0 * T


def snowmelt(T, ddf):
    """Degree-day melt (mm/day): none below 0 C, ddf T up to 10 C, capped above."""
    regime = jnp.where(T > 0.0, 1, 0) + jnp.where(T > 10.0, 1, 0)
    return lax.switch(regime, [_no_melt, _melting, _capped], T, ddf)


YEARS = jnp.arange(10.0)


def levee_first_overtop(a, b):
    """log P(the levee first overtops in year 9), discrete-time hazard h_t = sigmoid(a + b t)."""
    h = jax.nn.sigmoid(a + b * YEARS)
    survival = jnp.cumprod(1.0 - h)
    return jnp.log(h[9]) + jnp.log(survival[8])


def levee_first_overtop_stable(a, b):
    z = a + b * YEARS
    log_survival = jnp.cumsum(jax.nn.log_sigmoid(-z))
    return jax.nn.log_sigmoid(z[9]) + log_survival[8]


HUBER_DELTA = 1.0


def huber_residuals(r):
    """optax.huber_loss as optax writes it, summed over a hydrograph's residuals."""
    abs_errors = jnp.abs(r)
    quadratic = jnp.minimum(abs_errors, HUBER_DELTA)
    linear = abs_errors - quadratic
    return jnp.sum(0.5 * quadratic ** 2 + HUBER_DELTA * linear)


def trimmed_sse(r):
    """Least trimmed squares of a rating curve's residuals: the three smallest squares of four."""
    return jnp.sum(jnp.sort(r ** 2)[:3])


# --- structural dynamics ---------------------------------------------------------------------------------------------


def stiffness(k1, k2, k3):
    """Two unit masses between walls: springs k1 (wall-mass), k2 (mass-mass), k3 (mass-wall)."""
    return jnp.array([[k1 + k2, -k2], [-k2, k2 + k3]])


def lowest_frequency(k1, k2, k3):
    return jnp.sqrt(jnp.linalg.eigvalsh(stiffness(k1, k2, k3))[0])


def compliance(k1, k2, k3):
    f = jnp.array([0.0, 1.0])
    return f @ jnp.linalg.solve(stiffness(k1, k2, k3), f)


def chain_logdet(k1, k2, k3):
    return jnp.linalg.slogdet(stiffness(k1, k2, k3))[1]


def chain_logdet_chol(k1, k2, k3):
    L = jnp.linalg.cholesky(stiffness(k1, k2, k3))
    return 2.0 * jnp.sum(jnp.log(jnp.diag(L)))


def flexibility_det(k1, k2, k3):
    return jnp.linalg.det(jnp.linalg.inv(stiffness(k1, k2, k3)))


def click_loglik(n):
    return log_click(n)


def click_loglik_forgot(n):
    return log_click_forgot(n)



def storey_logdet(k1, k2, k3):
    """log det of a three-storey shear building's stiffness (det = k1 k2 k3), by slogdet's LU."""
    K = jnp.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])
    return jnp.linalg.slogdet(K)[1]


def storey_logdet_chol(k1, k2, k3):
    K = jnp.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])
    return 2.0 * jnp.sum(jnp.log(jnp.diag(jnp.linalg.cholesky(K))))


# --- a rating curve Q = a h^b fitted with a pseudo-Huber loss behind custom_vjp rules ---------------------------------

STAGE = jnp.array([0.5, 1.0, 2.0, 4.0])  # m
FLOW = jnp.array([1.25, 2.125, 3.5, 9.0])  # m^3/s


@jax.custom_vjp
def soft_l1(r):
    return jnp.sqrt(1.0 + r * r) - 1.0


def _soft_l1_fwd(r):
    return soft_l1(r), r


def _soft_l1_bwd(r, g):
    return (g * r / jnp.sqrt(1.0 + r * r),)


soft_l1.defvjp(_soft_l1_fwd, _soft_l1_bwd)


@jax.custom_vjp
def soft_l1_abs(r):
    return jnp.sqrt(1.0 + r * r) - 1.0


def _soft_l1_abs_fwd(r):
    return soft_l1_abs(r), jnp.abs(r)


def _soft_l1_abs_bwd(r, g):
    return (g * r / jnp.sqrt(1.0 + r * r),)


soft_l1_abs.defvjp(_soft_l1_abs_fwd, _soft_l1_abs_bwd)


def rating_fit(params):
    log_residual = jnp.log(params["a"] * STAGE ** params["b"]) - jnp.log(FLOW)
    return jnp.sum(jax.vmap(soft_l1)(log_residual))


def rating_fit_abs(params):
    log_residual = jnp.log(params["a"] * STAGE ** params["b"]) - jnp.log(FLOW)
    return jnp.sum(jax.vmap(soft_l1_abs)(log_residual))


def rating_args():
    return ({"a": 2.0, "b": 1.0},)


# --- pile-up: the chance a CCD frame of exposure t catches at least one photon at rate n, rules per argument --------


@jax.custom_jvp
def pileup(rate, frame):
    return -jnp.expm1(-rate * frame)


def _pileup_drate(t, ans, rate, frame):
    return t * frame * jnp.exp(-rate * frame)


def _pileup_dframe(t, ans, rate, frame):
    return t * rate * jnp.exp(-rate * frame)


pileup.defjvps(_pileup_drate, _pileup_dframe)


@jax.custom_jvp
def pileup_slipped(rate, frame):
    return -jnp.expm1(-rate * frame)


def _pileup_slipped_drate(t, ans, rate, frame):
    return t * frame * jnp.exp(-rate * frame)


def _pileup_slipped_dframe(t, ans, rate, frame):
    return t * frame * jnp.exp(-rate * frame)


pileup_slipped.defjvps(_pileup_slipped_drate, _pileup_slipped_dframe)


@jax.custom_jvp
def pileup_from_ans(rate, frame):
    return -jnp.expm1(-rate * frame)


def _pileup_from_ans_drate(t, ans, rate, frame):
    return t * frame * (1.0 - ans)


def _pileup_from_ans_dframe(t, ans, rate, frame):
    return t * rate * (1.0 - ans)


pileup_from_ans.defjvps(_pileup_from_ans_drate, _pileup_from_ans_dframe)


def pileup_fraction(rate, frame):
    return pileup(rate, frame)


def pileup_fraction_slipped(rate, frame):
    return pileup_slipped(rate, frame)


def pileup_fraction_from_ans(rate, frame):
    return pileup_from_ans(rate, frame)
