"""A user's JAX code, ninety-sixth round (d): differentiable sorting, ranking and top-k on 4 scores: NeuralSort's
relaxed permutation, a soft rank by sigmoids of pairwise differences and a Spearman-like loss on it, a soft top-k mask
around the k-th value found by sort (and with that threshold held), a hard top-k with a straight-through estimator
(lax.top_k and argsort), the top-k values themselves, a smoothed max and min by logsumexp (stable and written out), a
Sinkhorn soft permutation (log domain and plain), ListNet, ListMLE (cumlogsumexp, written out, shifted by the max),
RankNet's pairwise logistic loss, a sort with a custom_vjp rule (right and wrong), and approx_max_k."""

import jax
import jax.numpy as jnp
from jax import lax

sg = lax.stop_gradient

C = jnp.array([1.0, -0.5, 2.0, 0.75])  # weights of a downstream loss
Y = jnp.array([1.0, 0.0, 3.0, 2.0])  # graded relevance labels
ANCHORS = jnp.array([-1.0, 0.0, 1.0, 2.0])  # Sinkhorn's targets
PAIRS = [(0, 1), (2, 0), (2, 1), (2, 3), (3, 0), (3, 1)]  # (better, worse) by Y


# ----------------------------------------------------------------------------------------- NeuralSort
def _neuralsort_logits(s, tau):
    n = s.shape[0]
    A = jnp.abs(s[:, None] - s[None, :])
    B = A.sum(axis=1)
    scaling = n + 1 - 2 * (jnp.arange(n) + 1)
    return (scaling[:, None] * s[None, :] - B[None, :]) / tau


def neuralsort(s, tau):
    """Grover et al.'s relaxed sort (descending): P_hat @ s, weighted."""
    P = jax.nn.softmax(_neuralsort_logits(s, tau), axis=-1)
    return jnp.sum((P @ s) * C)


def neuralsort_hand(s, tau):
    z = _neuralsort_logits(s, tau)
    e = jnp.exp(z)
    P = e / e.sum(axis=-1, keepdims=True)
    return jnp.sum((P @ s) * C)


# ----------------------------------------------------------------------------------------- soft ranks
def soft_rank(s, tau):
    """rank_i = 1/2 + sum_j sigmoid((s_i - s_j) / tau) (the j = i term is 1/2)."""
    r = 0.5 + jax.nn.sigmoid((s[:, None] - s[None, :]) / tau).sum(axis=1)
    return jnp.sum(r * C)


def soft_rank_hand(s, tau):
    d = (s[:, None] - s[None, :]) / tau
    r = 0.5 + (1.0 / (1.0 + jnp.exp(-d))).sum(axis=1)
    return jnp.sum(r * C)


def spearman(s):
    """1 - rho with soft ranks of s against the ranks of Y."""
    r = 0.5 + jax.nn.sigmoid((s[:, None] - s[None, :]) / 0.5).sum(axis=1)
    t = jnp.argsort(jnp.argsort(Y)) + 1.0
    n = s.shape[0]
    return 6.0 * jnp.sum((r - t) ** 2) / (n * (n ** 2 - 1))


# ----------------------------------------------------------------------------------------- top-k
def soft_topk(s):
    """A soft top-2 mask: a sigmoid around the 2nd largest score."""
    thr = jnp.sort(s)[-2]
    mask = jax.nn.sigmoid((s - thr) / 0.25)
    return jnp.sum(mask * C)


def soft_topk_held(s):
    thr = sg(jnp.sort(s)[-2])
    mask = jax.nn.sigmoid((s - thr) / 0.25)
    return jnp.sum(mask * C)


def topk_ste(s):
    """Hard top-2 forward, the softmax's gradient backward."""
    _, idx = lax.top_k(s, 2)
    hard = jax.nn.one_hot(idx, s.shape[0]).sum(axis=0)
    soft = 2.0 * jax.nn.softmax(s / 0.5)
    mask = hard + soft - sg(soft)
    return jnp.sum(mask * C)


def topk_ste_argsort(s):
    idx = jnp.argsort(-s)[:2]
    hard = jnp.zeros_like(s).at[idx].set(1.0)
    soft = 2.0 * jax.nn.softmax(s / 0.5)
    mask = hard + soft - sg(soft)
    return jnp.sum(mask * C)


def topk_values(s):
    vals, _ = lax.top_k(s, 2)
    return vals[0] - 0.5 * vals[1]


# ----------------------------------------------------------------------------------------- smoothed max / min
def smooth_max(s, tau):
    return tau * jax.nn.logsumexp(s / tau)


def smooth_min(s, tau):
    return -tau * jax.nn.logsumexp(-s / tau)


def smooth_max_hand(s, tau):
    return tau * jnp.log(jnp.sum(jnp.exp(s / tau)))


# ----------------------------------------------------------------------------------------- Sinkhorn
def sinkhorn(s, eps):
    """Three Sinkhorn iterations in the log domain; soft ranks P @ [1, 2, 3, 4]."""
    logP = -((s[:, None] - ANCHORS[None, :]) ** 2) / eps
    for _ in range(3):
        logP = logP - jax.nn.logsumexp(logP, axis=1, keepdims=True)
        logP = logP - jax.nn.logsumexp(logP, axis=0, keepdims=True)
    P = jnp.exp(logP)
    return jnp.sum((P @ jnp.arange(1.0, 5.0)) * C)


def sinkhorn_plain(s, eps):
    K = jnp.exp(-((s[:, None] - ANCHORS[None, :]) ** 2) / eps)
    P = K
    for _ in range(3):
        P = P / P.sum(axis=1, keepdims=True)
        P = P / P.sum(axis=0, keepdims=True)
    return jnp.sum((P @ jnp.arange(1.0, 5.0)) * C)


# ----------------------------------------------------------------------------------------- listwise / pairwise
def listnet(s):
    return -jnp.sum(jax.nn.softmax(Y) * jax.nn.log_softmax(s))


def listnet_naive(s):
    return -jnp.sum(jax.nn.softmax(Y) * jnp.log(jax.nn.softmax(s)))


def listmle(s):
    sp = s[jnp.argsort(-Y)]
    return jnp.sum(lax.cumlogsumexp(sp, reverse=True) - sp)


def listmle_naive(s):
    sp = s[jnp.argsort(-Y)]
    return jnp.sum(jnp.log(jnp.cumsum(jnp.exp(sp)[::-1])[::-1]) - sp)


def listmle_shift(s):
    sp = s[jnp.argsort(-Y)]
    m = jnp.max(sp)
    return jnp.sum(jnp.log(jnp.cumsum(jnp.exp(sp - m)[::-1])[::-1]) + m - sp)


def ranknet(s):
    i, j = jnp.array([p[0] for p in PAIRS]), jnp.array([p[1] for p in PAIRS])
    return jnp.sum(jax.nn.softplus(-(s[i] - s[j])))


def ranknet_naive(s):
    i, j = jnp.array([p[0] for p in PAIRS]), jnp.array([p[1] for p in PAIRS])
    return jnp.sum(jnp.log(1 + jnp.exp(-(s[i] - s[j]))))


# ----------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def sort_rule(x):
    return jnp.sort(x)


def _sort_fwd(x):
    return jnp.sort(x), jnp.argsort(x)


def _sort_bwd(perm, g):
    return (jnp.zeros_like(g).at[perm].set(g),)


sort_rule.defvjp(_sort_fwd, _sort_bwd)


@jax.custom_vjp
def sort_rule_bad(x):
    return jnp.sort(x)


def _sortb_fwd(x):
    return jnp.sort(x), None


def _sortb_bwd(res, g):
    return (g,)


sort_rule_bad.defvjp(_sortb_fwd, _sortb_bwd)


def sorted_loss(s):
    return jnp.sum(sort_rule(s) * C)


def sorted_loss_bad(s):
    return jnp.sum(sort_rule_bad(s) * C)


def approx_topk(s):
    vals, _ = lax.approx_max_k(s, 2)
    return jnp.sum(vals)


@jax.custom_vjp
def soft_sort_st(s):
    """A "straight-through" NeuralSort: the relaxed sort forward, the hard sort's permutation backward."""
    P = jax.nn.softmax(_neuralsort_logits(s, 1.0), axis=-1)
    return P @ s


def _sst_fwd(s):
    return soft_sort_st(s), jnp.argsort(-s)


def _sst_bwd(perm, g):
    return (jnp.zeros_like(g).at[perm].set(g),)


soft_sort_st.defvjp(_sst_fwd, _sst_bwd)


def soft_sorted_loss(s):
    return jnp.sum(soft_sort_st(s) * C)
