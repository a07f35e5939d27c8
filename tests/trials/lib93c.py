"""A user's code on gradcli.numpy, round 93c: information theory and coding as communications and machine-learning
engineers differentiate them (binary entropy, channel capacities, Renyi and Tsallis entropies, the Jensen-Shannon
divergence, water-filling, Blahut-Arimoto, log-likelihood ratios, belief-propagation check nodes and min-sum,
rate-distortion, perplexity). Natural logarithms (nats) unless the name says bits."""

import gradcli.numpy as np
from gradcli.scipy.special import rel_entr, xlogy

# a binary-input, ternary-output channel W[x, y] = P(y | x) (rows sum to 1)
CHANNEL = [[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3]]


# --- entropies ----------------------------------------------------------------------------------------------------


def binary_entropy(p):
    """H2(p) = -p log2 p - (1 - p) log2(1 - p), in bits, as written in the textbook."""
    return -p * np.log2(p) - (1 - p) * np.log2(1 - p)


def binary_entropy_xlogy(p):
    """The same with xlogy (0 log 0 = 0), in bits."""
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p)) / np.log(2.0)


def bsc_capacity(p):
    """The capacity of a binary symmetric channel with crossover p: 1 - H2(p) bits per use."""
    return 1.0 - binary_entropy_xlogy(p)


def shannon_entropy(p):
    """-sum p log p (nats), by xlogy."""
    return -np.sum(xlogy(p, p))


def renyi_entropy(p, a):
    """The Renyi entropy of order a: log(sum p^a) / (1 - a) (a != 1; its limit at a = 1 is Shannon's)."""
    return np.log(np.sum(p ** a)) / (1.0 - a)


def tsallis_entropy(p, q):
    """The Tsallis entropy (1 - sum p^q) / (q - 1) (q != 1; its limit at q = 1 is Shannon's)."""
    return (1.0 - np.sum(p ** q)) / (q - 1.0)


def js_divergence(p, q):
    """The Jensen-Shannon divergence 1/2 KL(p || m) + 1/2 KL(q || m), m = (p + q) / 2, by rel_entr."""
    m = 0.5 * (p + q)
    return 0.5 * np.sum(rel_entr(p, m)) + 0.5 * np.sum(rel_entr(q, m))


def perplexity(logp):
    """The perplexity exp(-mean log p) of a model from its per-token log-probabilities."""
    return np.exp(-np.mean(logp))


def perplexity_of(p):
    """The perplexity exp(H) of a distribution, H written out."""
    return np.exp(-np.sum(p * np.log(p)))


# --- channels -----------------------------------------------------------------------------------------------------


def awgn_capacity(snr):
    """The Gaussian channel's capacity 0.5 log(1 + snr) (nats per use), as written."""
    return 0.5 * np.log(1 + snr)


def awgn_capacity_log1p(snr):
    """The same with log1p."""
    return 0.5 * np.log1p(snr)


def waterfill_power(mu, noise):
    """The power water-filling spends at water level mu: sum max(0, mu - n_i)."""
    return np.sum(np.maximum(0.0, mu - noise))


def waterfill_capacity(mu, noise):
    """The capacity of parallel Gaussian channels at water level mu: sum 0.5 log(1 + max(0, mu - n_i) / n_i)."""
    power = np.maximum(0.0, mu - noise)
    return np.sum(0.5 * np.log(1.0 + power / noise))


def blahut_arimoto(r):
    """Three Blahut-Arimoto steps from the input distribution r over CHANNEL, then the mutual information I(r; W)."""
    W = np.asarray(CHANNEL, dtype=r.dtype)
    for _ in range(3):
        py = r @ W
        q = r[:, None] * W / py  # the posterior q(x | y)
        r = np.exp(np.sum(W * np.log(q), axis=1))
        r = r / np.sum(r)
    py = r @ W
    return np.sum(r[:, None] * W * np.log(W / py))


def mutual_information(r):
    """I(X; Y) of CHANNEL with input distribution r, by rel_entr."""
    W = np.asarray(CHANNEL, dtype=r.dtype)
    py = r @ W
    return np.sum(r[:, None] * rel_entr(W, py))


# --- decoding -----------------------------------------------------------------------------------------------------


def bpsk_llr(y, sigma):
    """The LLR of BPSK (+1 / -1) over AWGN: 2 y / sigma^2."""
    return 2.0 * y / sigma ** 2


def bpsk_llr_from_likelihoods(y, sigma):
    """The same from the two Gaussian likelihoods' ratio (the normalising constants cancel)."""
    plus = np.exp(-(y - 1.0) ** 2 / (2.0 * sigma ** 2))
    minus = np.exp(-(y + 1.0) ** 2 / (2.0 * sigma ** 2))
    return np.log(plus / minus)


def bec_llr(e, received):
    """The LLR log P(r | 0) / P(r | 1) of a symbol received over a binary erasure channel (r = 0, 1, or 2 for the
    erasure)."""
    like0 = np.where(received == 0, 1 - e, np.where(received == 2, e, 0.0))
    like1 = np.where(received == 1, 1 - e, np.where(received == 2, e, 0.0))
    return np.log(like0 / like1)


def check_node_llr(L):
    """The sum-product check-node message 2 atanh(prod tanh(L_i / 2))."""
    return 2.0 * np.arctanh(np.prod(np.tanh(L / 2.0)))


def boxplus(a, b):
    """The same for two LLRs, in the Jacobian-logarithm form decoders use: sign(a) sign(b) min(|a|, |b|) +
    log(1 + e^-|a + b|) - log(1 + e^-|a - b|)."""
    return (np.sign(a) * np.sign(b) * np.minimum(np.abs(a), np.abs(b))
            + np.log1p(np.exp(-np.abs(a + b))) - np.log1p(np.exp(-np.abs(a - b))))


def min_sum(L):
    """The min-sum approximation of the check-node message: prod sign(L_i) times min |L_i|."""
    return np.prod(np.sign(L)) * np.min(np.abs(L))


# --- rate-distortion ----------------------------------------------------------------------------------------------


def gaussian_rate_distortion(D, s2):
    """R(D) = max(0, 0.5 log(s^2 / D)) of a Gaussian source of variance s^2 (nats)."""
    return np.maximum(0.0, 0.5 * np.log(s2 / D))


def cross_entropy(p, q):
    """The cross-entropy -sum p log q of a model q against the data's p, by xlogy (0 log q = 0)."""
    return -np.sum(xlogy(p, q))


def min_entropy(p):
    """The Renyi entropy of order infinity: -log max p."""
    return -np.log(np.max(p))
