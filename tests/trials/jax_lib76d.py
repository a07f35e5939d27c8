"""A user's JAX code, seventy-sixth round (d): sparse routing, trees and structured activations on tiny inputs.
Sparsemax (sort, cumsum, support by comparison, threshold tau) by autodiff and with a jax.custom_vjp backward;
entmax-1.5 by bisection (the entmax package's loop: tau_lo / tau_hi, jnp.where on the sign of f); a mixture of
experts' top-2 gate by jax.lax.top_k (softmax over the kept logits, and the -inf mask), a Switch Transformer's
load-balancing loss (fraction routed times mean probability), a noisy top-2 gate with a held jax.random draw; a soft
decision tree (sigmoid splits at temperature 0.01, a leaf path product), a hard-routed tree with the straight-through
x + stop_gradient(hard - x); Gumbel-softmax with a held draw at tau = 0.1 and hard=True; jax.nn.hard_tanh,
jax.nn.relu6, jax.nn.hard_swish; a piecewise-linear spline by jnp.searchsorted; the pinball loss."""

import jax
import jax.numpy as jnp

READOUT = jnp.array([1.0, -2.0, 3.0, 0.5])  # a fixed readout of the four probabilities
EXPERTS = jnp.array([[1.0, -0.5], [0.25, 2.0], [-1.0, 0.5], [0.5, 0.75]])  # expert e maps a token t to EXPERTS[e] . t
LEAVES = jnp.array([1.0, -1.0, 0.5, 2.0])
KNOTS = jnp.array([0.0, 1.0, 2.0, 3.0])
TOKENS = jnp.array([[1.0, 0.5], [-0.5, 1.0]])
TARGET = jnp.array([0.5, -1.0, 2.0])


# ------------------------------------------------------------------------------------------------- sparsemax
def _sparsemax(z):
    z_sorted = jnp.sort(z)[::-1]
    k = jnp.arange(1, z.shape[-1] + 1, dtype=z.dtype)
    cumsum = jnp.cumsum(z_sorted)
    support = 1 + k * z_sorted > cumsum
    k_z = jnp.sum(support)
    tau = (cumsum[k_z - 1] - 1) / k_z
    return jnp.maximum(z - tau, 0.0)


def sparsemax(z):
    return jnp.sum(READOUT * _sparsemax(z))


@jax.custom_vjp
def _sparsemax_cv(z):
    return _sparsemax(z)


def _sparsemax_fwd(z):
    p = _sparsemax(z)
    return p, p


def _sparsemax_bwd(p, g):
    s = (p > 0).astype(g.dtype)
    v = jnp.sum(g * s) / jnp.sum(s)
    return (s * (g - v),)


_sparsemax_cv.defvjp(_sparsemax_fwd, _sparsemax_bwd)


def sparsemax_vjp(z):
    return jnp.sum(READOUT * _sparsemax_cv(z))


def sparsemax_loss(z):
    """Martins & Astudillo's sparsemax loss for the label 2: -z_y + (1/2) sum_{j in S} (z_j^2 - tau^2) + 1/2."""
    z_sorted = jnp.sort(z)[::-1]
    k = jnp.arange(1, z.shape[-1] + 1, dtype=z.dtype)
    cumsum = jnp.cumsum(z_sorted)
    support = 1 + k * z_sorted > cumsum
    k_z = jnp.sum(support)
    tau = (cumsum[k_z - 1] - 1) / k_z
    in_s = z > tau
    return -z[2] + 0.5 * jnp.sum(jnp.where(in_s, z ** 2 - tau ** 2, 0.0)) + 0.5


# ------------------------------------------------------------------------------------------------- entmax-1.5
def _entmax15_bisect(z, n_iter=50):
    x = z / 2  # (alpha - 1) * z
    max_val = jnp.max(x)
    tau_lo = max_val - 1.0
    tau_hi = max_val - (1.0 / z.shape[0]) ** 0.5
    f_lo = jnp.sum(jnp.maximum(x - tau_lo, 0) ** 2) - 1
    dm = tau_hi - tau_lo
    for _ in range(n_iter):
        dm = dm / 2
        tau_m = tau_lo + dm
        p_m = jnp.maximum(x - tau_m, 0) ** 2
        f_m = jnp.sum(p_m) - 1
        tau_lo = jnp.where(f_m * f_lo >= 0, tau_m, tau_lo)
    return p_m / jnp.sum(p_m)


def entmax15(z):
    return jnp.sum(READOUT * _entmax15_bisect(z))


# ------------------------------------------------------------------------------------------------- mixture of experts
def moe_top2(x, w_gate):
    """x: (tokens, 2), w_gate: (2, 4 experts); each token goes to its two best experts, weighted by a softmax over the
    two kept logits."""
    logits = x @ w_gate
    top_vals, top_idx = jax.lax.top_k(logits, 2)
    gates = jax.nn.softmax(top_vals, axis=-1)
    expert_out = x @ EXPERTS.T  # (tokens, experts)
    chosen = jnp.take_along_axis(expert_out, top_idx, axis=-1)
    return jnp.sum(gates * chosen)


def moe_top2_masked(x, w_gate):
    """The same gate written with -inf for the dropped experts."""
    logits = x @ w_gate
    kth = jax.lax.top_k(logits, 2)[0][:, -1:]
    masked = jnp.where(logits >= kth, logits, -jnp.inf)
    gates = jax.nn.softmax(masked, axis=-1)
    return jnp.sum(gates * (x @ EXPERTS.T))


def switch_loss(x, w_gate):
    """Switch Transformer: top-1 routing scaled by its probability, plus 0.01 * the load-balancing loss
    E * sum_e f_e * P_e (f_e the fraction of tokens routed to e, P_e the mean router probability)."""
    logits = x @ w_gate
    probs = jax.nn.softmax(logits, axis=-1)
    top1 = jnp.argmax(probs, axis=-1)
    expert_out = jnp.take_along_axis(x @ EXPERTS.T, top1[:, None], axis=-1)[:, 0]
    task = jnp.sum(jnp.max(probs, axis=-1) * expert_out)
    frac = jnp.mean(jax.nn.one_hot(top1, 4, dtype=x.dtype), axis=0)
    mean_prob = jnp.mean(probs, axis=0)
    return task + 0.01 * 4 * jnp.sum(frac * mean_prob)


def noisy_top2(w_gate, w_noise):
    """Shazeer et al.'s noisy top-k gate on fixed tokens, the noise a held draw."""
    clean = TOKENS @ w_gate
    std = jax.nn.softplus(TOKENS @ w_noise)
    noise = jax.random.normal(jax.random.PRNGKey(0), clean.shape, dtype=clean.dtype)
    logits = clean + noise * std
    top_vals, top_idx = jax.lax.top_k(logits, 2)
    gates = jax.nn.softmax(top_vals, axis=-1)
    chosen = jnp.take_along_axis(TOKENS @ EXPERTS.T, top_idx, axis=-1)
    return jnp.sum(gates * chosen)


# ------------------------------------------------------------------------------------------------- trees
def _leaf_probs(g):
    return jnp.stack([(1 - g[0]) * (1 - g[1]), (1 - g[0]) * g[1], g[0] * (1 - g[2]), g[0] * g[2]])


def soft_tree(x, w, b):
    """Depth 2: node 0 the root, nodes 1 and 2 its children; sigmoid splits at temperature 0.01."""
    g = jax.nn.sigmoid((w @ x + b) / 0.01)
    return jnp.sum(_leaf_probs(g) * LEAVES)


def hard_tree_st(x, w, b):
    z = w @ x + b
    s = jax.nn.sigmoid(z)
    hard = (z > 0).astype(z.dtype)
    g = s + jax.lax.stop_gradient(hard - s)  # straight-through
    return jnp.sum(_leaf_probs(g) * LEAVES)


# ------------------------------------------------------------------------------------------------- Gumbel-softmax
def gumbel_hard(logits):
    g = jax.random.gumbel(jax.random.PRNGKey(0), logits.shape, dtype=logits.dtype)
    y_soft = jax.nn.softmax((logits + g) / 0.1)
    y_hard = jax.nn.one_hot(jnp.argmax(y_soft), logits.shape[-1], dtype=logits.dtype)
    y = y_hard - jax.lax.stop_gradient(y_soft) + y_soft
    return jnp.sum(y * READOUT)


# ------------------------------------------------------------------------------------------------- activations
def hardtanh_sum(x):
    return jnp.sum(READOUT * jax.nn.hard_tanh(x))


def relu6_sum(x):
    return jnp.sum(READOUT * jax.nn.relu6(x))


def hardswish_sum(x):
    return jnp.sum(READOUT * jax.nn.hard_swish(x))


# ------------------------------------------------------------------------------------------------- spline, pinball
def spline(x, y):
    """Piecewise-linear interpolation of the knot values y at the queries x, by searchsorted."""
    idx = jnp.clip(jnp.searchsorted(KNOTS, x, side="right") - 1, 0, KNOTS.shape[0] - 2)
    x0, x1 = KNOTS[idx], KNOTS[idx + 1]
    t = (x - x0) / (x1 - x0)
    out = y[idx] * (1 - t) + y[idx + 1] * t
    return jnp.sum(out ** 2)


def pinball(pred):
    e = TARGET - pred
    return jnp.mean(jnp.maximum(0.9 * e, (0.9 - 1) * e))
