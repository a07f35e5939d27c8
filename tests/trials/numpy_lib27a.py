"""A user's plain NumPy code, twenty-seventh round (first half): Cox's partial likelihood with tied times by Efron's
method (Python loops, a naive and a shifted exponential), GARCH(1,1)'s likelihood by a loop writing into an array,
discounted returns written backwards in place, per-episode returns by np.add.reduceat, a digital option's log-price by
the log of scipy.special.ndtr and by log_ndtr, a radio brightness temperature by inverting Planck's law (np.log and
np.log1p) at long wavelengths, a quaternion's rotation angle by np.arccos and by np.arctan2 of np.linalg.norm at the
identity, an STFT's spectral convergence by np.fft.rfft of framed, Hann-windowed signals, a log-mel in decibels with
librosa's floor at silence, implicit Euler on a stiff pair by Newton's method and np.linalg.solve until converged, the
Colebrook friction factor by a fixed-point while loop, rank losses (a margin ranking loss by np.subtract.outer and
np.maximum, Spearman's rho from np.argsort ranks, a logsumexp by np.logaddexp.reduce), scipy.special.xlogy cross
entropy, and a masked array and scipy.linalg.expm, which users reach for."""

import numpy as np
import scipy.linalg
import scipy.special
import scipy.stats

# --- survival analysis ----------------------------------------------------------------------------------------------

TIMES = np.array([1.0, 2.0, 2.0, 2.0, 4.0, 5.0, 5.0])
EVENTS = np.array([1, 1, 1, 0, 1, 1, 1])
X = np.array([0.3, 1.2, -0.7, 2.0, 0.1, -1.5, 0.8])


def cox_efron(beta):
    """Cox's negative log partial likelihood, tied deaths by Efron's method, each risk set summed in a loop."""
    eta = beta * X
    risk = np.exp(eta)
    nll = 0.0
    for t in np.unique(TIMES[EVENTS == 1]):
        dead = (TIMES == t) & (EVENTS == 1)
        d = int(np.sum(dead))
        at_risk = np.sum(risk[TIMES >= t])
        tied = np.sum(risk[dead])
        nll -= np.sum(eta[dead])
        for l in range(d):
            nll += np.log(at_risk - l / d * tied)
    return nll


def cox_efron_shifted(beta):
    """The same likelihood with the exponentials shifted by the largest eta."""
    eta = beta * X
    top = np.max(eta)
    risk = np.exp(eta - top)
    nll = 0.0
    for t in np.unique(TIMES[EVENTS == 1]):
        dead = (TIMES == t) & (EVENTS == 1)
        d = int(np.sum(dead))
        at_risk = np.sum(risk[TIMES >= t])
        tied = np.sum(risk[dead])
        nll -= np.sum(eta[dead])
        for l in range(d):
            nll += np.log(at_risk - l / d * tied) + top
    return nll


# --- finance --------------------------------------------------------------------------------------------------------

RETURNS = np.array([0.01, -0.02, 0.015, -0.005, 0.03, -0.025])


def garch_nll(omega, alpha, beta):
    """GARCH(1,1)'s Gaussian negative log-likelihood, the variances written into an array in a loop."""
    sigma2 = np.empty(len(RETURNS))
    sigma2[0] = np.var(RETURNS)
    for t in range(1, len(RETURNS)):
        sigma2[t] = omega + alpha * RETURNS[t - 1] ** 2 + beta * sigma2[t - 1]
    return 0.5 * np.sum(np.log(2 * np.pi * sigma2) + RETURNS ** 2 / sigma2)


def digital_log_price(sigma):
    """The log-price of a cash-or-nothing call, log(e^(-rT) N(d2)), by the log of scipy.special.ndtr."""
    spot, strike, rate, expiry = 100.0, 400.0, 0.01, 0.25
    d2 = (np.log(spot / strike) + (rate - 0.5 * sigma ** 2) * expiry) / (sigma * np.sqrt(expiry))
    return -rate * expiry + np.log(scipy.special.ndtr(d2))


def digital_log_price_stable(sigma):
    """The same log-price by scipy.special.log_ndtr."""
    spot, strike, rate, expiry = 100.0, 400.0, 0.01, 0.25
    d2 = (np.log(spot / strike) + (rate - 0.5 * sigma ** 2) * expiry) / (sigma * np.sqrt(expiry))
    return -rate * expiry + scipy.special.log_ndtr(d2)


# --- reinforcement learning -----------------------------------------------------------------------------------------

REWARDS = np.array([0.5, -1.0, 0.0, 2.0, 1.0])
EPISODE_STARTS = np.array([0, 3])


def discounted_value_loss(values):
    """Squared errors of the values against discounted returns written backwards in place, gamma = 0.9."""
    returns = np.zeros(len(REWARDS))
    running = 0.0
    for t in reversed(range(len(REWARDS))):
        running = REWARDS[t] + 0.9 * running
        returns[t] = running
    return np.sum((values - returns) ** 2)


def episode_return_loss(rewards_scale):
    """Squared per-episode returns of scaled rewards, each episode's sum by np.add.reduceat."""
    totals = np.add.reduceat(rewards_scale * REWARDS, EPISODE_STARTS)
    return np.sum(totals ** 2)


# --- radio astronomy ------------------------------------------------------------------------------------------------

H_PLANCK, C_LIGHT, K_BOLTZMANN = 6.62607015e-34, 299792458.0, 1.380649e-23
WAVELENGTH = 0.21  # metres: the hydrogen line


def brightness_temperature(intensity):
    """The brightness temperature of a spectral radiance, Planck's law inverted: (hc / lambda k) / log(1 + 2hc^2 / (lambda^5 I))."""
    a = H_PLANCK * C_LIGHT / (WAVELENGTH * K_BOLTZMANN)
    b = 2.0 * H_PLANCK * C_LIGHT ** 2 / WAVELENGTH ** 5
    return np.sum(a / np.log(1.0 + b / intensity))


def brightness_temperature_log1p(intensity):
    """The same inversion by np.log1p."""
    a = H_PLANCK * C_LIGHT / (WAVELENGTH * K_BOLTZMANN)
    b = 2.0 * H_PLANCK * C_LIGHT ** 2 / WAVELENGTH ** 5
    return np.sum(a / np.log1p(b / intensity))


# --- robotics -------------------------------------------------------------------------------------------------------


def quaternion_angle_sq(q):
    """The squared rotation angle of a quaternion, (2 arccos(|w| / |q|))^2."""
    return (2.0 * np.arccos(np.abs(q[0]) / np.linalg.norm(q))) ** 2


def quaternion_angle_sq_atan2(q):
    """The same angle by 2 arctan2(|v|, |w|)."""
    return (2.0 * np.arctan2(np.linalg.norm(q[1:]), np.abs(q[0]))) ** 2


def rotation_angle_expm(w):
    """The angle of scipy.linalg.expm of the rotation vector's skew matrix."""
    k = np.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])
    rot = scipy.linalg.expm(k)
    return np.arccos((np.trace(rot) - 1.0) / 2.0)


# --- signal processing ----------------------------------------------------------------------------------------------

FRAME, HOP = 8, 4
TARGET = np.sin(0.7 * np.arange(16))


def _spectrogram(x):
    frames = np.stack([x[i:i + FRAME] * np.hanning(FRAME) for i in range(0, len(x) - FRAME + 1, HOP)])
    return np.abs(np.fft.rfft(frames, axis=1))


def spectral_convergence(x):
    """The spectral convergence of x to a target, ||S(x) - S(y)||_F / ||S(y)||_F."""
    s_y = _spectrogram(TARGET)
    return np.linalg.norm(_spectrogram(x) - s_y) / np.linalg.norm(s_y)


def log_mel_db(x):
    """A log-mel energy in decibels, librosa's 10 log10(max(1e-10, power)), over three triangular filters."""
    power = _spectrogram(x) ** 2
    mel = np.array([[1.0, 0.5, 0.0, 0.0, 0.0], [0.0, 0.5, 1.0, 0.5, 0.0], [0.0, 0.0, 0.0, 0.5, 1.0]])
    return np.sum(10.0 * np.log10(np.maximum(1e-10, power @ mel.T)))


# --- numerical solvers ----------------------------------------------------------------------------------------------


def stiff_implicit_euler(k):
    """u(1) + v(1) of u' = -k u + v, v' = -v^3, by 5 implicit Euler steps, Newton with np.linalg.solve to 1e-14."""
    h = 0.2
    y = np.array([1.0, 1.0]) + 0.0 * k
    for _ in range(5):
        z = y.copy()
        while True:
            g = z - y - h * np.array([-k * z[0] + z[1], -z[1] ** 3])
            jac = np.array([[1.0 + h * k, -h], [0.0, 1.0 + 3.0 * h * z[1] ** 2]])
            step = np.linalg.solve(jac, g)
            z = z - step
            if np.max(np.abs(step)) < 1e-14:
                break
        y = z
    return np.sum(y)


def colebrook_friction(reynolds):
    """Darcy's friction factor by the Colebrook equation, 1 / sqrt(f) = -2 log10(e / 3.7 + 2.51 / (Re sqrt(f))),
    iterated on 1 / sqrt(f) until it moves less than 1e-13 (relative roughness e = 1e-4)."""
    inv = 8.0 + 0.0 * reynolds
    while True:
        new = -2.0 * np.log10(1e-4 / 3.7 + 2.51 * inv / reynolds)
        if np.abs(new - inv) < 1e-13:
            break
        inv = new
    return 1.0 / new ** 2


# --- ranking --------------------------------------------------------------------------------------------------------

RELEVANCE = np.array([3.0, 1.0, 2.0, 0.0])


def margin_ranking(scores):
    """The margin ranking loss sum max(0, 1 - (s_i - s_j)) over the pairs with rel_i > rel_j, by np.subtract.outer."""
    diff = np.subtract.outer(scores, scores)
    better = np.subtract.outer(RELEVANCE, RELEVANCE) > 0
    return np.sum(np.maximum(0.0, 1.0 - diff)[better])


def spearman_rho(scores):
    """Spearman's rho between the scores' ranks (np.argsort twice) and the relevance's."""
    ranks = np.argsort(np.argsort(scores)).astype(float)
    target = np.argsort(np.argsort(RELEVANCE)).astype(float)
    return np.corrcoef(ranks + 0.0 * scores, target)[0, 1]


def listwise_nll(scores):
    """The negative log-probability of the best item first, -(s_0 - logsumexp(s)), by np.logaddexp.reduce."""
    return np.logaddexp.reduce(scores) - scores[0]


def soft_label_xent(logits):
    """Cross-entropy of soft labels by scipy.special.xlogy, -sum xlogy(y, softmax(z))."""
    y = np.array([0.0, 0.25, 0.75])
    z = logits - np.max(logits)
    p = np.exp(z) / np.sum(np.exp(z))
    return -np.sum(scipy.special.xlogy(y, p))


def masked_log_mean(x):
    """The mean log of the positive entries, by a masked array."""
    return np.ma.masked_less_equal(x, 0.0).log().mean()


# --- idioms users reach for ------------------------------------------------------------------------------------------


def planck_log_radiance(lam):
    """log B(lambda, T) at T = 3 K by scipy.constants and np.expm1, lambda in metres."""
    from scipy.constants import c, h, k

    return np.sum(np.log(2.0 * h * c ** 2 / lam ** 5) - np.log(np.expm1(h * c / (lam * k * 3.0))))


def stft_sliding(x):
    """The sum of an STFT's magnitudes, frames by np.lib.stride_tricks.sliding_window_view."""
    frames = np.lib.stride_tricks.sliding_window_view(x, FRAME)[::HOP] * np.hanning(FRAME)
    return np.sum(np.abs(np.fft.rfft(frames, axis=1)))


DATA = np.array([0.3, -1.2, 2.5, 0.8])


def frozen_normal_nll(mu, log_sigma):
    """The NLL of the data under a frozen scipy.stats.norm(loc, scale)."""
    return -np.sum(scipy.stats.norm(loc=mu, scale=np.exp(log_sigma)).logpdf(DATA))


def log_mean_exp(x):
    """log(mean(e^x)) by scipy.special.logsumexp with b = 1 / n."""
    return scipy.special.logsumexp(x, b=1.0 / len(x))


def huber_np(d):
    """Huber's loss with delta 1 by np.where."""
    a = np.abs(d)
    return np.sum(np.where(a <= 1.0, 0.5 * d ** 2, a - 0.5))


def ppo_ratio_np(ratio, adv):
    """PPO's clipped surrogate on the probability ratio, by np.minimum and np.clip."""
    return -np.mean(np.minimum(ratio * adv, np.clip(ratio, 0.8, 1.2) * adv))


def softplus_vectorized(x):
    """softplus element by element through np.vectorize of a Python function."""
    import math

    return np.sum(np.vectorize(lambda v: math.log1p(math.exp(v)))(x))


GAMMA32 = np.float32(0.99)


def discounted_sum_f32_gamma(rewards):
    """A discounted sum with a float32 discount, sum gamma^t r_t."""
    return np.sum(GAMMA32 ** np.arange(len(rewards)) * rewards)


def top_decile(x):
    """np.percentile(x, 90): linear interpolation between the two largest of five."""
    return np.percentile(x, 90)


def log_softmax_first_scipy(z):
    """log p_0 by the log of scipy.special.softmax."""
    return np.log(scipy.special.softmax(z))[0]


def log_softmax_first_stable(z):
    """log p_0 by scipy.special.log_softmax."""
    return scipy.special.log_softmax(z)[0]
