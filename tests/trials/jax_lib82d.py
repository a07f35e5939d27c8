"""A user's JAX code, eighty-second round (d): entropic optimal transport between tiny point clouds (2-3 points a
side), a handful of Sinkhorn iterations unrolled. The probability-domain Sinkhorn with K = exp(-C / eps) and the
transport cost sum P C; the log-domain Sinkhorn with jax.scipy.special.logsumexp and jax.nn.logsumexp, unrolled and by
lax.fori_loop; one run to tolerance with lax.while_loop; the Sinkhorn divergence; an implicit (envelope-theorem)
custom_vjp of the converged dual value, right and with its 2 forgotten; 1-D Wasserstein distances by jnp.sort; the
squared Euclidean cost by |x|^2 + |y|^2 - 2 x.y and by differences; a sliced Wasserstein distance with fixed
projections; the Gaussian W2 with a matrix square root by eigh and by the 2x2 closed form; an unbalanced Sinkhorn with
KL marginal penalties."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp, xlogy

N_ITER = 10


def uniform(n):
    return jnp.ones(n) / n


def cost_1d(x, y):
    return (x[:, None] - y[None, :]) ** 2


# ------------------------------------------------------------------------------------------------- probability domain
def sinkhorn_plan(C, a, b, eps, n_iter=N_ITER):
    K = jnp.exp(-C / eps)
    v = jnp.ones_like(b)
    for _ in range(n_iter):
        u = a / (K @ v)
        v = b / (K.T @ u)
    return u[:, None] * K * v[None, :]


def sinkhorn_cost(x, y, eps):
    """Entropic OT between uniform 1-D point clouds: the transport cost <P, C> of the plan after N_ITER iterations."""
    C = cost_1d(x, y)
    P = sinkhorn_plan(C, uniform(x.shape[0]), uniform(y.shape[0]), eps)
    return jnp.sum(P * C)


def sinkhorn_weights(x, y, a, eps):
    """The same with the source weights a as an input (a histogram)."""
    C = cost_1d(x, y)
    P = sinkhorn_plan(C, a, uniform(y.shape[0]), eps)
    return jnp.sum(P * C)


# ------------------------------------------------------------------------------------------------- log domain
def sinkhorn_log_potentials(C, a, b, eps, n_iter=N_ITER):
    f = jnp.zeros_like(a)
    g = jnp.zeros_like(b)
    for _ in range(n_iter):
        f = eps * jnp.log(a) - eps * logsumexp((g[None, :] - C) / eps, axis=1)
        g = eps * jnp.log(b) - eps * logsumexp((f[:, None] - C) / eps, axis=0)
    return f, g


def sinkhorn_log_cost(x, y, eps):
    C = cost_1d(x, y)
    f, g = sinkhorn_log_potentials(C, uniform(x.shape[0]), uniform(y.shape[0]), eps)
    P = jnp.exp((f[:, None] + g[None, :] - C) / eps)
    return jnp.sum(P * C)


def sinkhorn_nn_lse(x, y, eps):
    """The log-domain updates with jax.nn.logsumexp, run by lax.fori_loop."""
    C = cost_1d(x, y)
    la, lb = jnp.log(uniform(x.shape[0])), jnp.log(uniform(y.shape[0]))

    def body(_, fg):
        f, g = fg
        f = eps * la - eps * jax.nn.logsumexp((g[None, :] - C) / eps, axis=1)
        g = eps * lb - eps * jax.nn.logsumexp((f[:, None] - C) / eps, axis=0)
        return f, g

    f, g = jax.lax.fori_loop(0, N_ITER, body, (jnp.zeros_like(x), jnp.zeros_like(y)))
    return jnp.sum(jnp.exp((f[:, None] + g[None, :] - C) / eps) * C)


def sinkhorn_tol(x, y, eps):
    """Sinkhorn to a tolerance on the row marginals, as a tutorial writes it."""
    C = cost_1d(x, y)
    a, b = uniform(x.shape[0]), uniform(y.shape[0])
    K = jnp.exp(-C / eps)

    def cond(state):
        u, v, err = state
        return err > 1e-9

    def body(state):
        u, v, _ = state
        u = a / (K @ v)
        v = b / (K.T @ u)
        return u, v, jnp.sum(jnp.abs(u * (K @ v) - a))

    u, v, _ = jax.lax.while_loop(cond, body, (jnp.ones_like(a), jnp.ones_like(b), jnp.array(1.0, x.dtype)))
    return jnp.sum(u[:, None] * K * v[None, :] * C)


# ------------------------------------------------------------------------------------------------- Sinkhorn divergence
def sinkhorn_divergence(x, y, eps):
    """S(x, y) - (S(x, x) + S(y, y)) / 2 with S the log-domain transport cost."""
    return sinkhorn_log_cost(x, y, eps) - 0.5 * (sinkhorn_log_cost(x, x, eps) + sinkhorn_log_cost(y, y, eps))


# ------------------------------------------------------------------------------------------------- implicit gradient
EPS_DUAL = 0.5
N_DUAL = 60


def _dual_solve(x, y):
    C = cost_1d(x, y)
    a, b = uniform(x.shape[0]), uniform(y.shape[0])

    def body(_, fg):
        f, g = fg
        f = EPS_DUAL * jnp.log(a) - EPS_DUAL * logsumexp((g[None, :] - C) / EPS_DUAL, axis=1)
        g = EPS_DUAL * jnp.log(b) - EPS_DUAL * logsumexp((f[:, None] - C) / EPS_DUAL, axis=0)
        return f, g

    f, g = jax.lax.fori_loop(0, N_DUAL, body, (jnp.zeros_like(x), jnp.zeros_like(y)))
    P = jnp.exp((f[:, None] + g[None, :] - C) / EPS_DUAL)
    return jnp.dot(f, a) + jnp.dot(g, b), P


@jax.custom_vjp
def ot_value(x, y):
    """The entropic OT value <f, a> + <g, b> at the Sinkhorn fixed point; its gradient by the envelope theorem:
    d/dC = P, so d/dx_i = sum_j P_ij 2 (x_i - y_j)."""
    return _dual_solve(x, y)[0]


def _ot_value_fwd(x, y):
    value, P = _dual_solve(x, y)
    return value, (x, y, P)


def _ot_value_bwd(res, g):
    x, y, P = res
    D = x[:, None] - y[None, :]
    return g * jnp.sum(2 * P * D, axis=1), g * jnp.sum(-2 * P * D, axis=0)


ot_value.defvjp(_ot_value_fwd, _ot_value_bwd)


@jax.custom_vjp
def ot_value_bad(x, y):
    return _dual_solve(x, y)[0]


def _ot_value_bad_fwd(x, y):
    value, P = _dual_solve(x, y)
    return value, (x, y, P)


def _ot_value_bad_bwd(res, g):
    x, y, P = res
    D = x[:, None] - y[None, :]
    return g * jnp.sum(P * D, axis=1), g * jnp.sum(-P * D, axis=0)


ot_value_bad.defvjp(_ot_value_bad_fwd, _ot_value_bad_bwd)


def ot_implicit(x, y):
    return ot_value(x, y)


def ot_implicit_bad(x, y):
    return ot_value_bad(x, y)


# ------------------------------------------------------------------------------------------------- 1-D Wasserstein
def w2_sorted(x, y):
    """Squared 2-Wasserstein distance between equal-size 1-D empirical measures: sort both, match in order."""
    return jnp.mean((jnp.sort(x) - jnp.sort(y)) ** 2)


def w1_sorted(x, y):
    return jnp.mean(jnp.abs(jnp.sort(x) - jnp.sort(y)))


# ------------------------------------------------------------------------------------------------- squared Euclidean cost
def sqdist_expand(x, y):
    return jnp.sum(x ** 2, axis=1)[:, None] + jnp.sum(y ** 2, axis=1)[None, :] - 2 * x @ y.T


def sqdist_diff(x, y):
    return jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)


def euclid_cost_expand(x, y):
    """Sum of pairwise Euclidean distances (the W1 ground cost) from the expanded squared distances."""
    return jnp.sum(jnp.sqrt(jnp.maximum(sqdist_expand(x, y), 0.0)))


def euclid_cost_diff(x, y):
    return jnp.sum(jnp.sqrt(sqdist_diff(x, y)))


def sinkhorn_cost_expand(x, y, eps):
    """2-D point clouds, the cost matrix by the expansion (as cdist-free code writes it)."""
    C = sqdist_expand(x, y)
    P = sinkhorn_plan(C, uniform(x.shape[0]), uniform(y.shape[0]), eps)
    return jnp.sum(P * C)


def sinkhorn_cost_diff(x, y, eps):
    C = sqdist_diff(x, y)
    P = sinkhorn_plan(C, uniform(x.shape[0]), uniform(y.shape[0]), eps)
    return jnp.sum(P * C)


# ------------------------------------------------------------------------------------------------- sliced Wasserstein
THETA = jnp.array([[math.cos(t), math.sin(t)] for t in (0.0, math.pi / 3, 2 * math.pi / 3)])


def sliced_w2(x, y):
    px, py = x @ THETA.T, y @ THETA.T
    return jnp.mean((jnp.sort(px, axis=0) - jnp.sort(py, axis=0)) ** 2)


# ------------------------------------------------------------------------------------------------- Gaussian W2
def _cov(c):
    return jnp.array([[c[0], c[1]], [c[1], c[2]]])


def sqrtm_eigh(S):
    w, V = jnp.linalg.eigh(S)
    return (V * jnp.sqrt(w)) @ V.T


def gaussian_w2(m1, c1, m2, c2):
    """W2^2 between N(m1, S1) and N(m2, S2), S = [[c0, c1], [c1, c2]]: |m1 - m2|^2 + tr(S1 + S2 - 2 (r S1 r)^(1/2)),
    r = S2^(1/2), the square roots by eigh."""
    S1, S2 = _cov(c1), _cov(c2)
    r = sqrtm_eigh(S2)
    return jnp.sum((m1 - m2) ** 2) + jnp.trace(S1 + S2 - 2 * sqrtm_eigh(r @ S1 @ r))


def sqrtm_2x2(M):
    s = jnp.sqrt(jnp.linalg.det(M))
    t = jnp.sqrt(jnp.trace(M) + 2 * s)
    return (M + s * jnp.eye(2)) / t


def gaussian_w2_closed(m1, c1, m2, c2):
    S1, S2 = _cov(c1), _cov(c2)
    r = sqrtm_2x2(S2)
    return jnp.sum((m1 - m2) ** 2) + jnp.trace(S1 + S2 - 2 * sqrtm_2x2(r @ S1 @ r))


# ------------------------------------------------------------------------------------------------- unbalanced OT
RHO = 1.0


def kl_penalty(p, q):
    """KL(p | q) = sum p log(p / q) - p + q between nonnegative measures."""
    return jnp.sum(p * jnp.log(p / q) - p + q)


def kl_penalty_xlogy(p, q):
    return jnp.sum(xlogy(p, p / q) - p + q)


def kl_penalty_where(p, q):
    return jnp.sum(jnp.where(p > 0, p * jnp.log(p / q), 0.0) - p + q)


def unbalanced_cost(x, y, a, eps):
    """Unbalanced Sinkhorn (KL marginal penalties of strength RHO, exponent RHO / (RHO + eps)); its primal objective
    <P, C> + RHO KL(P 1 | a) + RHO KL(P^T 1 | b)."""
    C = cost_1d(x, y)
    b = uniform(y.shape[0])
    K = jnp.exp(-C / eps)
    fi = RHO / (RHO + eps)
    v = jnp.ones_like(b)
    for _ in range(N_ITER):
        u = (a / (K @ v)) ** fi
        v = (b / (K.T @ u)) ** fi
    P = u[:, None] * K * v[None, :]
    return jnp.sum(P * C) + RHO * kl_penalty_xlogy(P.sum(1), a) + RHO * kl_penalty_xlogy(P.sum(0), b)


def unbalanced_cost_where(x, y, a, eps):
    """The same with the KL's 0 log 0 guarded by jnp.where."""
    C = cost_1d(x, y)
    b = uniform(y.shape[0])
    K = jnp.exp(-C / eps)
    fi = RHO / (RHO + eps)
    v = jnp.ones_like(b)
    for _ in range(N_ITER):
        u = (a / (K @ v)) ** fi
        v = (b / (K.T @ u)) ** fi
    P = u[:, None] * K * v[None, :]
    return jnp.sum(P * C) + RHO * kl_penalty_where(P.sum(1), a) + RHO * kl_penalty_where(P.sum(0), b)
