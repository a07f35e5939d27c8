"""A user's JAX code, twenty-seventh round (first half): reinforcement learning (generalised advantage estimation by a
reversed jax.lax.scan, PPO's clipped surrogate, an entropy bonus by log_softmax, by the log of a softmax and by
jax.scipy.special.entr), survival analysis (a Cox partial likelihood with tied times by Breslow's risk sets, masked
logsumexp and a naive sum of exponentials), finance (a Black-Scholes call's log-price deep out of the money by
jax.scipy.stats.norm.cdf and by log_ndtr, log-return volatility), robotics (quaternion normalisation, the SO(3) log map's
angle by arccos of Rodrigues' trace at the identity and at pi), physics (the entropy of Fermi-Dirac occupations at +-30 and
+-800 by xlogy, by softplus and by an even form through |x|), signal processing (an STFT's magnitudes by jnp.fft.rfft and a log-mel energy at
silence), numerical solvers (implicit Euler by Newton's method in jax.lax.fori_loop, a fixed point by
jax.lax.while_loop), rank losses (RankNet by a naive log of a sigmoid and by jnp.logaddexp, ListNet, a top-k mean by
jax.lax.top_k), a custom_jvp safe norm, a custom_vjp straight-through clip, a pytree of policy parameters with --args,
jax.vmap inside the loss and a bfloat16 value head."""

import jax
import jax.numpy as jnp
from jax.scipy.special import entr, log_ndtr, xlogy
from jax.scipy.stats import norm

# --- reinforcement learning -----------------------------------------------------------------------------------------

REWARDS = jnp.array([1.0, 0.0, -0.5, 2.0])
DONES = jnp.array([0.0, 0.0, 1.0, 0.0])
GAMMA, LAM = 0.99, 0.95


def gae_value_loss(values):
    """The squared advantages of generalised advantage estimation, values = V(s_0..s_4), by a reversed scan."""
    deltas = REWARDS + GAMMA * values[1:] * (1.0 - DONES) - values[:-1]

    def step(carry, inputs):
        delta, done = inputs
        adv = delta + GAMMA * LAM * (1.0 - done) * carry
        return adv, adv

    _, advantages = jax.lax.scan(step, 0.0, (deltas, DONES), reverse=True)
    return jnp.sum(advantages ** 2)


def ppo_clip_loss(log_ratio, adv):
    """PPO's clipped surrogate, -mean(min(r A, clip(r, 0.8, 1.2) A)), r = exp(log_ratio)."""
    ratio = jnp.exp(log_ratio)
    return -jnp.mean(jnp.minimum(ratio * adv, jnp.clip(ratio, 0.8, 1.2) * adv))


def entropy_bonus(logits):
    """The policy's entropy by log_softmax, -sum(p log p)."""
    logp = jax.nn.log_softmax(logits)
    return -jnp.sum(jnp.exp(logp) * logp)


def entropy_bonus_naive(logits):
    """The same entropy from the softmax's log."""
    p = jax.nn.softmax(logits)
    return -jnp.sum(p * jnp.log(p))


def entropy_bonus_entr(logits):
    """The same entropy by jax.scipy.special.entr of the softmax."""
    return jnp.sum(entr(jax.nn.softmax(logits)))


def policy_init():
    """A pytree of policy parameters and the batch: the argument of one point."""
    params = {"w": jnp.array([[0.5, -0.2], [0.1, 0.3], [-0.4, 0.8]]), "b": jnp.array([0.05, -0.1])}
    obs = jnp.array([[1.0, 0.5, -0.3], [0.2, -1.0, 0.7]])
    return {"params": params, "obs": obs}


def policy_loss(params, obs):
    """A softmax policy's negative log-likelihood of the actions [1, 0], by jax.vmap over the batch."""
    actions = jnp.array([1, 0])

    def one(o, a):
        return -jax.nn.log_softmax(o @ params["w"] + params["b"])[a]

    return jnp.mean(jax.vmap(one)(obs, actions))


# --- survival analysis ----------------------------------------------------------------------------------------------

TIMES = jnp.array([2.0, 3.0, 3.0, 5.0, 8.0])
EVENTS = jnp.array([1.0, 1.0, 1.0, 0.0, 1.0])
COVARIATE = jnp.array([0.5, -1.0, 2.0, 0.3, 1.5])


def cox_breslow(beta):
    """Cox's negative log partial likelihood, ties by Breslow (each tied death's risk set the same), masked logsumexp."""
    eta = beta * COVARIATE
    at_risk = TIMES[None, :] >= TIMES[:, None]
    log_risk = jax.scipy.special.logsumexp(jnp.where(at_risk, eta[None, :], -jnp.inf), axis=1)
    return -jnp.sum(EVENTS * (eta - log_risk))


def cox_breslow_naive(beta):
    """The same likelihood by the log of a masked sum of exponentials."""
    eta = beta * COVARIATE
    at_risk = TIMES[None, :] >= TIMES[:, None]
    risk = jnp.sum(jnp.where(at_risk, jnp.exp(eta)[None, :], 0.0), axis=1)
    return -jnp.sum(EVENTS * (eta - jnp.log(risk)))


# --- finance --------------------------------------------------------------------------------------------------------

SPOT, STRIKE, RATE, EXPIRY = 100.0, 300.0, 0.01, 0.5


def bs_log_call(sigma):
    """The log of a Black-Scholes call's price, S N(d1) - K e^(-rT) N(d2), by jax.scipy.stats.norm.cdf."""
    d1 = (jnp.log(SPOT / STRIKE) + (RATE + 0.5 * sigma ** 2) * EXPIRY) / (sigma * jnp.sqrt(EXPIRY))
    d2 = d1 - sigma * jnp.sqrt(EXPIRY)
    return jnp.log(SPOT * norm.cdf(d1) - STRIKE * jnp.exp(-RATE * EXPIRY) * norm.cdf(d2))


def bs_log_vega(sigma):
    """The log of the call's vega, log(S phi(d1) sqrt(T)), by jax.scipy.stats.norm.logpdf."""
    d1 = (jnp.log(SPOT / STRIKE) + (RATE + 0.5 * sigma ** 2) * EXPIRY) / (sigma * jnp.sqrt(EXPIRY))
    return jnp.log(SPOT) + norm.logpdf(d1) + 0.5 * jnp.log(EXPIRY)


def log_return_vol(prices):
    """The volatility of log-returns, std(diff(log p))."""
    return jnp.std(jnp.diff(jnp.log(prices)))


def log_return_sharpe(prices):
    """Mean log-return over its volatility."""
    r = jnp.diff(jnp.log(prices))
    return jnp.mean(r) / jnp.std(r)


def tail_log_prob(z):
    """The log-probability of a move beyond z standard deviations, log(1 - Phi(z)), by log_ndtr(-z)."""
    return jnp.sum(log_ndtr(-z))


def tail_log_prob_naive(z):
    """The same by the log of norm.sf."""
    return jnp.sum(jnp.log(1.0 - norm.cdf(z)))


# --- robotics -------------------------------------------------------------------------------------------------------

TARGET_Q = jnp.array([0.5, 0.5, 0.5, 0.5])


def quaternion_loss(q):
    """The distance of a normalised quaternion from a target, 1 - <q / |q|, target>^2."""
    unit = q / jnp.linalg.norm(q)
    return 1.0 - jnp.dot(unit, TARGET_Q) ** 2


def _hat(w):
    return jnp.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])


def _rodrigues(w):
    theta = jnp.sqrt(jnp.sum(w ** 2))
    k = _hat(w)
    small = theta < 1e-6
    safe = jnp.where(small, 1.0, theta)
    a = jnp.where(small, 1.0 - theta ** 2 / 6.0, jnp.sin(safe) / safe)
    b = jnp.where(small, 0.5 - theta ** 2 / 24.0, (1.0 - jnp.cos(safe)) / safe ** 2)
    return jnp.eye(3) + a * k + b * (k @ k)


def so3_angle_squared(w):
    """The squared rotation angle of exp(hat(w)), read back by the log map's arccos((tr R - 1) / 2)."""
    rot = _rodrigues(w)
    cos_angle = jnp.clip((jnp.trace(rot) - 1.0) / 2.0, -1.0, 1.0)
    return jnp.arccos(cos_angle) ** 2


def so3_angle_squared_atan2(w):
    """The same angle by arctan2(|vee(R - R^T)| / 2, (tr R - 1) / 2)."""
    rot = _rodrigues(w)
    skew = rot - rot.T
    s = 0.5 * jnp.sqrt(skew[2, 1] ** 2 + skew[0, 2] ** 2 + skew[1, 0] ** 2)
    return jnp.arctan2(s, (jnp.trace(rot) - 1.0) / 2.0) ** 2


# --- physics --------------------------------------------------------------------------------------------------------


def fermi_entropy_xlogy(x):
    """The entropy of Fermi-Dirac occupations f = 1 / (e^x + 1) (x in kT), -(xlogy(f, f) + xlogy(1 - f, 1 - f))."""
    f = jax.nn.sigmoid(-x)
    return -jnp.sum(xlogy(f, f) + xlogy(1.0 - f, 1.0 - f))


def fermi_entropy_softplus(x):
    """The same entropy as softplus(x) - x sigmoid(x)."""
    return jnp.sum(jax.nn.softplus(x) - x * jax.nn.sigmoid(x))


def fermi_entropy_even(x):
    """The same entropy written for |x|, log(1 + e^-|x|) + |x| e^-|x| / (1 + e^-|x|)."""
    a = jnp.abs(x)
    return jnp.sum(jnp.log1p(jnp.exp(-a)) + a * jax.nn.sigmoid(-a))


# --- signal processing ----------------------------------------------------------------------------------------------

FRAME, HOP = 8, 4
MEL = jnp.array([[1.0, 0.5, 0.0, 0.0, 0.0], [0.0, 0.5, 1.0, 0.5, 0.0], [0.0, 0.0, 0.0, 0.5, 1.0]])


def _frames(x):
    starts = jnp.arange(0, x.shape[0] - FRAME + 1, HOP)
    return x[starts[:, None] + jnp.arange(FRAME)[None, :]] * jnp.hanning(FRAME)


def stft_magnitude(x):
    """The sum of an STFT's magnitudes, |rfft| of Hann-windowed frames of 8 with a hop of 4."""
    return jnp.sum(jnp.abs(jnp.fft.rfft(_frames(x), axis=-1)))


def log_mel_energy(x):
    """A log-mel energy, sum(log(mel @ |rfft|^2 + 1e-10)) over the frames."""
    power = jnp.abs(jnp.fft.rfft(_frames(x), axis=-1)) ** 2
    return jnp.sum(jnp.log(power @ MEL.T + 1e-10))


def log_mel_energy_no_floor(x):
    """The same log-mel energy with no floor under the power."""
    power = jnp.abs(jnp.fft.rfft(_frames(x), axis=-1)) ** 2
    return jnp.sum(jnp.log(power @ MEL.T))


# --- numerical solvers ----------------------------------------------------------------------------------------------


def implicit_euler(k):
    """y(1) of y' = -k y^3, y(0) = 1, by 10 implicit Euler steps, each solved by 8 Newton steps in fori_loop."""
    h = 0.1

    def newton(_, y_new, y_old):
        g = y_new - y_old + h * k * y_new ** 3
        return y_new - g / (1.0 + 3.0 * h * k * y_new ** 2)

    def step(_, y):
        return jax.lax.fori_loop(0, 8, lambda i, z: newton(i, z, y), y)

    return jax.lax.fori_loop(0, 10, step, 1.0 + 0.0 * k)


def fixed_point_cosine(a):
    """z = cos(z) / 2 + a / 4 iterated by jax.lax.while_loop until a step moves less than 1e-15, squared."""
    def cond(state):
        z, z_old = state
        return jnp.abs(z - z_old) > 1e-15

    def body(state):
        z, _ = state
        return jnp.cos(z) / 2.0 + a / 4.0, z

    z, _ = jax.lax.while_loop(cond, body, (a, a + 1.0))
    return z ** 2


# --- ranking --------------------------------------------------------------------------------------------------------

RELEVANCE = jnp.array([3.0, 1.0, 2.0])


def ranknet_naive(scores):
    """RankNet's pairwise loss, -log sigmoid(s_i - s_j) for each pair with rel_i > rel_j."""
    diff = scores[:, None] - scores[None, :]
    better = RELEVANCE[:, None] > RELEVANCE[None, :]
    return -jnp.sum(jnp.where(better, jnp.log(jax.nn.sigmoid(diff)), 0.0))


def ranknet(scores):
    """The same loss by jnp.logaddexp(0, -(s_i - s_j))."""
    diff = scores[:, None] - scores[None, :]
    better = RELEVANCE[:, None] > RELEVANCE[None, :]
    return jnp.sum(jnp.where(better, jnp.logaddexp(0.0, -diff), 0.0))


def listnet(scores):
    """ListNet's cross-entropy between softmax(relevance) and softmax(scores)."""
    return -jnp.sum(jax.nn.softmax(RELEVANCE) * jax.nn.log_softmax(scores))


def top2_mean(x):
    """The mean of the two largest entries, by jax.lax.top_k."""
    return jnp.mean(jax.lax.top_k(x, 2)[0])


# --- custom rules ---------------------------------------------------------------------------------------------------


@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    n = safe_norm(x)
    return n, jnp.where(n == 0.0, 0.0, jnp.dot(x, t) / jnp.where(n == 0.0, 1.0, n))


def quaternion_loss_safe(q):
    """The quaternion loss with a custom_jvp norm."""
    return 1.0 - jnp.dot(q / safe_norm(q), TARGET_Q) ** 2


@jax.custom_vjp
def straight_through_round(x):
    return jnp.round(x)


def _str_fwd(x):
    return jnp.round(x), None


def _str_bwd(_, g):
    return (g,)


straight_through_round.defvjp(_str_fwd, _str_bwd)


def quantised_energy(x):
    """The energy of rounded activations, gradients passed straight through the rounding."""
    return jnp.sum(straight_through_round(x) ** 2)


@jax.custom_vjp
def clipped_log1p(x):
    return jnp.log1p(x)


def _clipped_fwd(x):
    return jnp.log1p(x), x


def _clipped_bwd(x, g):
    return (g / (1.0 + jnp.abs(x)),)


clipped_log1p.defvjp(_clipped_fwd, _clipped_bwd)


def log1p_reward(x):
    """A reward log(1 + x) under a custom_vjp whose backward writes 1 / (1 + |x|)."""
    return jnp.sum(clipped_log1p(x))


def bf16_value_head(x):
    """A value head computed in bfloat16: tanh(0.5 x) squared, summed in float32."""
    h = jnp.tanh(0.5 * x.astype(jnp.bfloat16))
    return jnp.sum((h * h).astype(jnp.float32))


# --- branches that meet at the point ---------------------------------------------------------------------------------


def huber(d):
    """Huber's loss with delta 1 by jnp.where: 0.5 d^2 inside, |d| - 0.5 outside."""
    a = jnp.abs(d)
    return jnp.sum(jnp.where(a <= 1.0, 0.5 * d ** 2, a - 0.5))


def ppo_ratio_loss(ratio, adv):
    """PPO's clipped surrogate on the probability ratio itself."""
    return -jnp.mean(jnp.minimum(ratio * adv, jnp.clip(ratio, 0.8, 1.2) * adv))


def softplus_by_cond(x):
    """softplus by jax.lax.cond: x + log1p(e^-x) for x > 0, log1p(e^x) otherwise."""
    return jax.lax.cond(x > 0.0, lambda v: v + jnp.log1p(jnp.exp(-v)), lambda v: jnp.log1p(jnp.exp(v)), x)


def softplus_total(x):
    """jax.nn.softplus summed (a check in bfloat16)."""
    return jnp.sum(jax.nn.softplus(x))


def softplus_naive_total(x):
    """log(1 + e^x) summed (a check in bfloat16)."""
    return jnp.sum(jnp.log(1.0 + jnp.exp(x)))


def so3_log_vector(w):
    """|log(R)|^2 of R = exp(hat(w)) by the log map's vector, angle / (2 sin(angle)) vee(R - R^T)."""
    rot = _rodrigues(w)
    angle = jnp.arccos(jnp.clip((jnp.trace(rot) - 1.0) / 2.0, -1.0, 1.0))
    vee = jnp.array([rot[2, 1] - rot[1, 2], rot[0, 2] - rot[2, 0], rot[1, 0] - rot[0, 1]])
    return jnp.sum((angle / (2.0 * jnp.sin(angle)) * vee) ** 2)
