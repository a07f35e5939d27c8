"""A user's code on gradcli.numpy and gradcli.scipy.special, round 57c: values held out of the derivative with
stop_gradient as libraries write them (straight-through estimators, x - stop_gradient(x) + f tricks, gradient
reversal, held normalisers, detached targets, held values feeding special functions), checked at points on the
jumps, kinks and ties of the held or unheld parts, and with --wrt on a subset of the arguments whose held ones sit
at extremes or cancel exactly against the differentiated ones."""

import gradcli.numpy as np
import gradcli.scipy.special as sp
from gradcli import stop_gradient

W2 = np.array([1.0, 0.5])
W3 = np.array([1.0, 0.5, 0.25])
W4 = np.array([1.0, 0.5, 0.25, 0.125])
C3 = np.array([1.0, 2.0, 3.0])


def _w(x):
    return W2 if x.shape[0] == 2 else (W3 if x.shape[0] == 3 else W4)


# --- straight-through estimators --------------------------------------------------------------------------------------

def ste_round_sq(x):
    """Quantise in the forward pass, identity in the backward: sum w (x + sg(round(x) - x))^2."""
    q = x + stop_gradient(np.round(x) - x)
    return np.sum(_w(x) * q * q)


def ste_floor(x):
    """x * sg(floor(x)): the floor held as a per-entry scale."""
    return np.sum(_w(x) * x * stop_gradient(np.floor(x)))


def ste_sign(x):
    """A binarised activation: x + sg(sign(x) - x), weighted."""
    return np.sum(_w(x) * (x + stop_gradient(np.sign(x) - x)))


def sign_scaled(x):
    """x * sg(sign(x)): |x| in value, the sign held."""
    return np.sum(_w(x) * x * stop_gradient(np.sign(x)))


def ste_clip(x):
    """A clipped straight-through estimator: x + sg(clip(x, 0, 1) - x), fed to a smooth loss."""
    q = x + stop_gradient(np.clip(x, 0.0, 1.0) - x)
    return np.sum(_w(x) * np.log1p(q * q))


def ste_argmax(z):
    """Gumbel-softmax's hard form: one_hot(argmax z) + softmax(z) - sg(softmax(z)), dotted with c."""
    p = sp.softmax(z)
    hard = np.eye(3)[np.argmax(z)]
    return np.sum((hard + p - stop_gradient(p)) * C3)


def ste_round_mixed(x, y):
    """A quantised product: (x + sg(round(x) - x)) * y, summed."""
    return np.sum((x + stop_gradient(np.round(x) - x)) * y)


# --- x - sg(x) + f tricks: a value from one expression, a gradient from another ----------------------------------------

def surrogate_gammaln(x):
    """The value gammaln(x), the gradient digamma(x) frozen: sg(gammaln(x)) + (x - sg(x)) sg(digamma(x))."""
    return np.sum(_w(x) * (stop_gradient(sp.gammaln(x)) + (x - stop_gradient(x)) * stop_gradient(sp.digamma(x))))


def zero_plus_grad(x):
    """A zero value carrying log's gradient: log(x) - sg(log(x))."""
    return np.sum(_w(x) * (np.log(x) - stop_gradient(np.log(x))))


def gammaln_minus_held(x):
    """gammaln(x) - sg(gammaln(x)): value 0, gradient digamma(x)."""
    return np.sum(_w(x) * (sp.gammaln(x) - stop_gradient(sp.gammaln(x))))


def rescaled_grad(x):
    """Value x^2, gradient scaled by 1/10: sg(x^2) + 0.1 (x^2 - sg(x^2))."""
    s = x * x
    return np.sum(stop_gradient(s) + 0.1 * (s - stop_gradient(s)))


# --- gradient reversal ------------------------------------------------------------------------------------------------

def grl(x, lam=1.0):
    return (1.0 + lam) * stop_gradient(x) - lam * x


def reversal_softplus(x):
    """A domain classifier's loss behind a gradient reversal layer: sum softplus(grl(x))."""
    return np.sum(_w(x) * np.logaddexp(0.0, grl(x, 0.5)))


def reversal_dot(x, y):
    return np.sum(grl(x, 2.0) * y)


# --- held normalisers -------------------------------------------------------------------------------------------------

def softmax_held_max(z):
    """softmax as exp(z - sg(max z)) / sum, dotted with c."""
    e = np.exp(z - stop_gradient(np.max(z)))
    return np.sum(e / np.sum(e) * C3)


def lse_held_max(z):
    """logsumexp as m + log sum exp(z - m), m = sg(max z)."""
    m = stop_gradient(np.max(z))
    return m + np.log(np.sum(np.exp(z - m)))


def layer_norm_held(x):
    """(x - sg(mean)) / sg(std + eps): the batch statistics held."""
    m = stop_gradient(np.mean(x))
    s = stop_gradient(np.std(x) + 1e-5)
    return np.sum(_w(x) * (x - m) / s)


def ema_loss(x, m):
    """A running mean updated from a held m: (x - (0.9 sg(m) + 0.1 x))^2, summed."""
    new = 0.9 * stop_gradient(m) + 0.1 * x
    return np.sum((x - new) ** 2)


def normalised_held_norm(x):
    """x / sg(|x|), dotted with w: a held norm."""
    return np.sum(_w(x) * x / stop_gradient(np.sqrt(np.sum(x * x))))


# --- detached targets -------------------------------------------------------------------------------------------------

def td_loss(w, r):
    """A TD(0) loss: (w[0] - sg(r + 0.5 max(w[1], w[2])))^2, the bootstrapped target held."""
    target = stop_gradient(r + 0.5 * np.maximum(w[1], w[2]))
    return (w[0] - target) ** 2


def contrastive_self(q):
    """InfoNCE against held keys of the same vector: lse(q * sg(q)) - q[0] sg(q[0])."""
    k = stop_gradient(q)
    return sp.logsumexp(q * k) - q[0] * k[0]


def distill(z, t):
    """Distillation: KL(sg(softmax(t)) || softmax(z)) written as -sum sg(p_t) log_softmax(z) + sum sg(p_t log p_t)."""
    pt = stop_gradient(sp.softmax(t))
    return -np.sum(pt * sp.log_softmax(z)) + np.sum(stop_gradient(sp.xlogy(pt, pt)))


# --- held values feeding special functions ----------------------------------------------------------------------------

def zeta_held_s(s, q):
    """sum zeta(sg(s), q): the order held, the slope in q -s zeta(s + 1, q)."""
    return np.sum(sp.zeta(stop_gradient(s), q))


def polygamma_scaled(x):
    """polygamma(1, x) * sg(x): d/dx = polygamma(2, x) x."""
    return np.sum(_w(x) * sp.polygamma(1, x) * stop_gradient(x))


def erfc_by_erfcx(x):
    """erfc(x) as erfcx(x) * sg(exp(-x^2)): the factor held."""
    return np.sum(_w(x) * sp.erfcx(x) * stop_gradient(np.exp(-x * x)))


def lse_of_held(x, y):
    """logsumexp([x, sg(y)]) per entry: the slope sigmoid(x - y)."""
    return np.sum(np.logaddexp(x, stop_gradient(y)))


def gammaln_held_shift(x):
    """gammaln(x + sg(round(x))): the integer shift held, a jump where round jumps."""
    return np.sum(_w(x) * sp.gammaln(x + stop_gradient(np.round(x))))


# --- --wrt on a subset: held arguments at extremes or cancelling ------------------------------------------------------

def log_ratio(x, y):
    return np.sum(np.log(x) - np.log(y))


def exp_gap(a, b):
    return np.sum(np.exp(a) - np.exp(b))


def kl_div(p, q):
    return np.sum(sp.xlogy(p, p) - sp.xlogy(p, q))


def log1p_prod(x, h):
    return np.sum(np.log1p(x * h))


def logaddexp_pair(x, y):
    return np.sum(np.logaddexp(x, y))


def zeta_pair(s, q):
    return np.sum(sp.zeta(s, q))


def gammaln_gap(x, y):
    return np.sum(sp.gammaln(x) - sp.gammaln(y))


def polygamma_n(n, x):
    return np.sum(sp.polygamma(n, x))
