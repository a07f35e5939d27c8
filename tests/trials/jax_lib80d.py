"""A user's JAX code, eightieth round (d): sequence alignment losses by a log-space dynamic programme, on tiny inputs
(2-4 frames, 3 symbols, symbol 0 the blank). CTC written by hand (optax is not installed here): the alpha recursion
over the extended labels with jnp.logaddexp, with jax.nn.logsumexp, with a user's own custom_jvp logaddexp, with a
large negative number for -inf, and in probability space; soft-DTW with its soft-min -gamma logsumexp(-x / gamma) (the
boundary jnp.inf), written naively, with gamma an argument, and the hard DTW; a 2-state HMM's forward algorithm in log
space with a zero transition probability (jnp.log(0) = -inf), the same with a start state that never leaves, with a
stay probability as an argument, and Viterbi's hard max against the soft one; a monotonic attention's expected
alignment p_i prod_{j<i}(1 - p_j) by jnp.cumprod, by exp(cumsum(log(1 - p))) and by a clipped (safe) cumprod; a soft
edit distance with softmin."""

import jax
import jax.numpy as jnp

BLANK = 0
AB = (1, 2)  # the target "ab"
AA = (1, 1)  # the target "aa": a blank must separate the two a's
NEG = -1e30  # "minus infinity" as many implementations write it


# ------------------------------------------------------------------------------------------------- CTC by hand
def _extend(label):
    ext = [BLANK]
    for c in label:
        ext += [c, BLANK]
    return ext


def _skips(ext):
    """Whether state s may be reached from s - 2 (a label different from the one two states back)."""
    return [s >= 2 and ext[s] != BLANK and ext[s] != ext[s - 2] for s in range(len(ext))]


def _ctc(logits, label, add, neg=-jnp.inf):
    lp = jax.nn.log_softmax(logits, axis=-1)
    ext = _extend(label)
    S = len(ext)
    skip = jnp.array(_skips(ext))
    idx = jnp.array(ext)
    alpha = jnp.full((S,), neg, dtype=logits.dtype)
    alpha = alpha.at[0].set(lp[0, BLANK]).at[1].set(lp[0, ext[1]])
    for t in range(1, logits.shape[0]):
        prev1 = jnp.concatenate([jnp.full((1,), neg, dtype=logits.dtype), alpha[:-1]])
        prev2 = jnp.concatenate([jnp.full((2,), neg, dtype=logits.dtype), alpha[:-2]])
        prev2 = jnp.where(skip, prev2, neg)
        alpha = add(add(alpha, prev1), prev2) + lp[t, idx]
    return -add(alpha[-1], alpha[-2])


def ctc_ab(logits):
    return _ctc(logits, AB, jnp.logaddexp)


def ctc_aa(logits):
    return _ctc(logits, AA, jnp.logaddexp)


def _lse2(a, b):
    return jax.nn.logsumexp(jnp.stack([a, b]), axis=0)


def ctc_aa_lse(logits):
    return _ctc(logits, AA, _lse2)


def ctc_aa_neg(logits):
    """The same with -1e30 in place of -inf."""
    return _ctc(logits, AA, jnp.logaddexp, neg=NEG)


@jax.custom_jvp
def safe_logaddexp(a, b):
    return jnp.logaddexp(a, b)


@safe_logaddexp.defjvp
def _safe_logaddexp_jvp(primals, tangents):
    a, b = primals
    ta, tb = tangents
    out = safe_logaddexp(a, b)
    dead = jnp.isneginf(out)
    wa = jnp.where(dead, 0.5, jnp.exp(a - jnp.where(dead, 0.0, out)))
    wb = jnp.where(dead, 0.5, jnp.exp(b - jnp.where(dead, 0.0, out)))
    return out, wa * ta + wb * tb


def ctc_aa_custom(logits):
    return _ctc(logits, AA, safe_logaddexp)


def ctc_ab_prob(logits):
    """The forward variables as probabilities (no logs until the end)."""
    p = jax.nn.softmax(logits, axis=-1)
    ext = _extend(AB)
    S = len(ext)
    skip = jnp.array(_skips(ext), dtype=logits.dtype)
    idx = jnp.array(ext)
    alpha = jnp.zeros((S,), dtype=logits.dtype).at[0].set(p[0, BLANK]).at[1].set(p[0, ext[1]])
    for t in range(1, logits.shape[0]):
        prev1 = jnp.concatenate([jnp.zeros(1, dtype=logits.dtype), alpha[:-1]])
        prev2 = jnp.concatenate([jnp.zeros(2, dtype=logits.dtype), alpha[:-2]]) * skip
        alpha = (alpha + prev1 + prev2) * p[t, idx]
    return -jnp.log(alpha[-1] + alpha[-2])


# ------------------------------------------------------------------------------------------------- soft-DTW
GAMMA = 0.1


def _softmin(a, b, c, gamma):
    z = -jnp.stack([a, b, c]) / gamma
    return -gamma * jax.nn.logsumexp(z)


def _softmin_naive(a, b, c, gamma):
    return -gamma * jnp.log(jnp.exp(-a / gamma) + jnp.exp(-b / gamma) + jnp.exp(-c / gamma))


def _hardmin(a, b, c, gamma):
    return jnp.min(jnp.stack([a, b, c]))


def _dtw(x, y, gamma, smin):
    D = (x[:, None] - y[None, :]) ** 2
    n, m = D.shape
    R = [[jnp.inf] * (m + 1) for _ in range(n + 1)]
    R[0][0] = 0.0
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            R[i][j] = D[i - 1, j - 1] + smin(R[i - 1][j - 1], R[i - 1][j], R[i][j - 1], gamma)
    return R[n][m]


def soft_dtw(x, y):
    return _dtw(x, y, GAMMA, _softmin)


def soft_dtw_g(x, y, gamma):
    return _dtw(x, y, gamma, _softmin)


def soft_dtw_naive(x, y, gamma):
    return _dtw(x, y, gamma, _softmin_naive)


def dtw(x, y):
    return _dtw(x, y, GAMMA, _hardmin)


# ------------------------------------------------------------------------------------------------- HMM
PI = jnp.array([0.6, 0.4])
A_LR = jnp.array([[0.7, 0.3], [0.0, 1.0]])  # left to right: state 1 never returns
PI_0 = jnp.array([1.0, 0.0])
A_STUCK = jnp.array([[1.0, 0.0], [0.4, 0.6]])  # from state 0 never leaves, and it starts there


def _forward(log_pi, log_a, log_b):
    alpha = log_pi + log_b[0]
    for t in range(1, log_b.shape[0]):
        alpha = jax.nn.logsumexp(alpha[:, None] + log_a, axis=0) + log_b[t]
    return jax.nn.logsumexp(alpha)


def hmm_forward(log_b):
    return _forward(jnp.log(PI), jnp.log(A_LR), log_b)


def hmm_stuck(log_b):
    return _forward(jnp.log(PI_0), jnp.log(A_STUCK), log_b)


def hmm_stay(log_b, p):
    a = jnp.stack([jnp.stack([p, 1 - p]), jnp.stack([1 - p, p])])
    return _forward(jnp.log(PI), jnp.log(a), log_b)


def hmm_soft(log_b, log_a):
    return _forward(jnp.log(jnp.array([0.5, 0.5])), log_a, log_b)


def hmm_viterbi(log_b, log_a):
    """The best path's log score: max where the forward algorithm has logsumexp."""
    delta = jnp.log(jnp.array([0.5, 0.5])) + log_b[0]
    for t in range(1, log_b.shape[0]):
        delta = jnp.max(delta[:, None] + log_a, axis=0) + log_b[t]
    return jnp.max(delta)


# ------------------------------------------------------------------------------------------------- monotonic attention
V = jnp.array([1.0, -0.5, 2.0, 0.3])


def mono_cumprod(p):
    """Expected context of a hard monotonic attention: alpha_i = p_i prod_{j<i} (1 - p_j)."""
    keep = jnp.cumprod(1 - p)
    excl = jnp.concatenate([jnp.ones(1, dtype=p.dtype), keep[:-1]])
    return jnp.sum(p * excl * V.astype(p.dtype))


def mono_logcumsum(p):
    excl = jnp.exp(jnp.cumsum(jnp.concatenate([jnp.zeros(1, dtype=p.dtype), jnp.log(1 - p[:-1])])))
    return jnp.sum(p * excl * V.astype(p.dtype))


def mono_safe(p):
    """Raffel et al.'s safe_cumprod: the log of the clipped factors."""
    logs = jnp.log(jnp.clip(1 - p[:-1], 1e-10, 1.0))
    excl = jnp.exp(jnp.cumsum(jnp.concatenate([jnp.zeros(1, dtype=p.dtype), logs])))
    return jnp.sum(p * excl * V.astype(p.dtype))


# ------------------------------------------------------------------------------------------------- soft edit distance
TARGET = (1, 2)


def soft_edit(logits, gamma):
    """Levenshtein distance of the predicted symbols to TARGET, substitution cost 1 - P(target symbol), min -> softmin."""
    P = jax.nn.softmax(logits, axis=-1)
    n, m = logits.shape[0], len(TARGET)
    R = [[float(i + j) if i == 0 or j == 0 else None for j in range(m + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            sub = 1 - P[i - 1, TARGET[j - 1]]
            cand = jnp.stack([R[i - 1][j - 1] + sub, R[i - 1][j] + 1, R[i][j - 1] + 1])
            R[i][j] = -gamma * jax.nn.logsumexp(-cand / gamma)
    return R[n][m]
