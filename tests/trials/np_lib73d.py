"""A user's plain NumPy code, seventy-third round (d): diffusion schedules and flow preprocessing as reference code
writes them in NumPy. improved-diffusion's betas_for_alpha_bar for the cosine schedule on 10 steps (betas clipped to
0.999) differentiated in the offset s; the log-SNR log(ab) - log1p(-ab); a v-prediction loss weighted by snr + 1;
DDPM's normal_kl; a planar flow's free energy; a linear flow's log-det by np.linalg.slogdet; the logit preprocessing
with np.clip; Box-Cox bare and with np.where at lambda = 0."""

import numpy as np

T = 10
MAX_BETA = 0.999
EPS = 1e-6


def cosine_betas(s):
    """log alpha_bar_T as the clipped betas make it: sum log(1 - beta_i)."""
    t = np.arange(T + 1) / T
    alpha_bar = np.cos((t + s) / (1 + s) * np.pi / 2) ** 2
    betas = np.minimum(1 - alpha_bar[1:] / alpha_bar[:-1], MAX_BETA)
    return np.sum(np.log(1 - betas))


def log_snr(ab):
    return np.sum(np.log(ab) - np.log1p(-ab))


def v_loss(v_pred, x0, eps, ab):
    """v-prediction's MSE; the same weighted as an x0 loss: (snr + 1) = 1 / (1 - ab)."""
    v = np.sqrt(ab) * eps - np.sqrt(1.0 - ab) * x0
    return np.mean((v_pred - v) ** 2) / (1.0 - ab)


def normal_kl(mean1, logvar1, mean2, logvar2):
    return np.sum(0.5 * (-1.0 + logvar2 - logvar1 + np.exp(logvar1 - logvar2)
                         + (mean1 - mean2) ** 2 * np.exp(-logvar2)))


def planar_free_energy(z, u, w, b):
    a = w @ z + b
    f = z + u * np.tanh(a)
    psi = (1.0 - np.tanh(a) ** 2) * w
    return 0.5 * np.sum(f ** 2) - np.log(np.abs(1.0 + u @ psi))


def linear_flow_nll(W, x):
    z = W @ x
    _, logabsdet = np.linalg.slogdet(W)
    return 0.5 * np.sum(z ** 2) - logabsdet


def logit_clip_nll(x):
    p = np.clip(x, EPS, 1 - EPS)
    y = np.log(p / (1 - p))
    return 0.5 * np.sum(y ** 2) + np.sum(np.log(p) + np.log(1 - p))


def box_cox(x, lam):
    return np.sum((x ** lam - 1) / lam)


def box_cox_where(x, lam):
    return np.sum(np.where(lam == 0, np.log(x), (x ** lam - 1) / lam))
