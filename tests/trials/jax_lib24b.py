"""A user's JAX code, twenty-fourth round (second half): a linear model whose L2 penalty walks the parameter tree by
jax.tree_util, a log-sum-exp over a tree flattened by ravel_pytree, pairwise log-sum-exp and per-row scores by lax.map,
GELU by erf and jax.nn.gelu(approximate=False), a logit of a sigmoid, jax.nn.silu in its tail, the Hurwitz zeta in its
shift, the generalised normal and Laplace log-densities, a fixed point solved in lax.while_loop under a custom_vjp
(implicit derivative, right and with its factor forgotten), the first principal component's variance and the
projection's error by jnp.linalg.eigh, jnp.linalg.cond and vector_norm, norms with ord=3, ord=inf and ord=1, a norm
guarded by the double-where pattern, scaled dot-product attention by jax.nn.dot_product_attention, the log of the
normal survival function, a tanh block under jax.checkpoint with a policy, an exponential moving average by an
unrolled lax.scan, distances through jnp.vectorize with a signature, slogdet of a negative determinant, rounding with
a straight-through gradient, relu6, a survival total by jnp.cumprod through zeros and a reparameterised Gaussian
sample with a fixed key."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.flatten_util import ravel_pytree
from jax.scipy import stats
from jax.scipy.special import erf, logit, zeta

# --- parameter trees ------------------------------------------------------------------------------------------------


def tree_regularised_loss(params, batch):
    """Mean squared error of a linear model plus 0.01 times the squared norm of every leaf of the tree."""
    pred = batch["x"] @ params["dense"]["w"] + params["dense"]["b"]
    err = jnp.mean((pred - batch["y"]) ** 2)
    squares = jax.tree_util.tree_map(lambda p: jnp.sum(p ** 2), params)
    penalty = jax.tree_util.tree_reduce(lambda a, b: a + b, squares)
    return err + 0.01 * penalty


def tree_args():
    params = {"dense": {"w": np.array([0.5, -1.0]), "b": np.array(0.25)}, "temperature": np.array(2.0)}
    batch = {"x": np.array([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]]), "y": np.array([1.0, 0.0, 2.0])}
    return params, batch


def ravelled_log_sum_exp(params):
    """log-sum-exp over every number of the parameter tree, flattened by ravel_pytree."""
    flat, _ = ravel_pytree(params)
    return jnp.log(jnp.sum(jnp.exp(flat)))


def ravel_args():
    return ({"a": np.array([1.0, 2.0]), "b": {"c": np.array(3.0)}},)


def ravel_args_far():
    return ({"a": np.array([800.0, -800.0]), "b": {"c": np.array(799.0)}},)


# --- reductions -----------------------------------------------------------------------------------------------------


def pairwise_lse_total(x):
    """log(e^a + e^b) for each consecutive pair, summed (lax.map over the pairs)."""
    pairs = x.reshape(-1, 2)
    return jnp.sum(lax.map(lambda r: jnp.logaddexp(r[0], r[1]), pairs))


def pairwise_lse_naive(x):
    pairs = x.reshape(-1, 2)
    return jnp.sum(lax.map(lambda r: jnp.log(jnp.exp(r[0]) + jnp.exp(r[1])), pairs))


def row_log_likelihood(x):
    """A per-row score (a Gaussian term minus a log-sum-exp written out), rows mapped two at a time."""
    def row(r):
        return -0.5 * jnp.sum(r ** 2) - jnp.log(jnp.sum(jnp.exp(r)))
    return jnp.sum(lax.map(row, x, batch_size=2))


# --- activations ----------------------------------------------------------------------------------------------------


def gelu_erf_sum(x):
    """GELU written from its definition x Phi(x)."""
    return jnp.sum(x * 0.5 * (1.0 + erf(x / jnp.sqrt(2.0))))


def gelu_library_sum(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False))


def logit_of_sigmoid(x):
    """The round trip logit(sigmoid(x)), which is x."""
    return jnp.sum(logit(jax.nn.sigmoid(x)))


def silu_sum(x):
    return jnp.sum(jax.nn.silu(x))


# --- special functions and densities --------------------------------------------------------------------------------


def hurwitz_tail(q):
    """sum over n of 1 / (n + q)^3, in the shift q."""
    return jnp.sum(zeta(3.0, q))


def gennorm_log_likelihood(x):
    """Generalised normal with shape 1.5: log density -|x|^1.5 + constant."""
    return jnp.sum(stats.gennorm.logpdf(x, 1.5))


def laplace_log_likelihood(mu):
    data = jnp.array([0.5, 2.0, -1.0])
    return jnp.sum(stats.laplace.logpdf(data, loc=mu))


# --- a fixed point with an implicit derivative ----------------------------------------------------------------------


def _iterate(a):
    """z = 0.5 cos z + a by iteration, until the iterate stops moving (at most 200 trips)."""
    def cond(state):
        z, previous, k = state
        return (k < 200) & (z != previous)

    def body(state):
        z, _, k = state
        return 0.5 * jnp.cos(z) + a, z, k + 1

    z, _, _ = lax.while_loop(cond, body, (a, a + 1.0, 0))
    return z


@jax.custom_vjp
def fixed_point(a):
    return _iterate(a)


def _fixed_point_fwd(a):
    z = _iterate(a)
    return z, z


def _fixed_point_bwd(z, g):
    return (g / (1.0 + 0.5 * jnp.sin(z)),)


fixed_point.defvjp(_fixed_point_fwd, _fixed_point_bwd)


@jax.custom_vjp
def fixed_point_fast(a):
    return _iterate(a)


def _fixed_point_fast_fwd(a):
    z = _iterate(a)
    return z, z


def _fixed_point_fast_bwd(z, g):
    return (g,)


fixed_point_fast.defvjp(_fixed_point_fast_fwd, _fixed_point_fast_bwd)


def fixed_point_energy(a):
    return jnp.sum(jax.vmap(fixed_point)(a) ** 2)


def fixed_point_fast_energy(a):
    return jnp.sum(jax.vmap(fixed_point_fast)(a) ** 2)


# --- linear algebra -------------------------------------------------------------------------------------------------


def top_component_variance(x):
    """The variance along the first principal component of 2-D data (rows are samples)."""
    centred = x - jnp.mean(x, axis=0)
    cov = centred.T @ centred / (x.shape[0] - 1)
    eigenvalues, _ = jnp.linalg.eigh(cov)
    return eigenvalues[-1]


def reconstruction_error(x):
    """The squared error of projecting centred 2-D data onto its first principal direction."""
    centred = x - jnp.mean(x, axis=0)
    _, vectors = jnp.linalg.eigh(centred.T @ centred)
    top = vectors[:, -1]
    return jnp.sum((centred - jnp.outer(centred @ top, top)) ** 2)


def condition_number(a):
    return jnp.linalg.cond(a)


def euclidean_norm(x):
    return jnp.linalg.vector_norm(x)


def l3_norm(x):
    return jnp.linalg.norm(x, ord=3)


def max_norm(x):
    return jnp.linalg.norm(x, ord=jnp.inf)


def l1_norm(x):
    return jnp.linalg.norm(x, ord=1)


def guarded_norm(x):
    """The Euclidean norm, guarded so that its gradient at 0 is not NaN (the double-where pattern)."""
    sq = jnp.sum(x * x)
    safe = jnp.where(sq > 0, sq, 1.0)
    return jnp.where(sq > 0, jnp.sqrt(safe), 0.0)


def attention_total(q):
    """One head of scaled dot-product attention of two queries over three keys, its outputs summed."""
    keys = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    values = jnp.array([[1.0, 2.0], [-1.0, 0.5], [0.0, 3.0]])
    out = jax.nn.dot_product_attention(q[None, :, None, :], keys[None, :, None, :].astype(q.dtype),
                                       values[None, :, None, :].astype(q.dtype))
    return jnp.sum(out)


def log_survival_naive(x):
    """log P(Z > x) for a standard normal, by the survival function."""
    return jnp.sum(jnp.log(stats.norm.sf(x)))


# --- memory and sequences -------------------------------------------------------------------------------------------


@functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.nothing_saveable)
def _block(w, h):
    return jnp.tanh(w @ h)


def deep_tanh_energy(w):
    """Three applications of one tanh layer, each rematerialised in the backward pass."""
    h = jnp.array([1.0, -0.5])
    for _ in range(3):
        h = _block(w, h)
    return jnp.sum(h ** 2)


def ema_last(x):
    """An exponential moving average by lax.scan (unrolled two steps at a time), its last value."""
    def step(avg, v):
        avg = 0.9 * avg + 0.1 * v
        return avg, avg

    last, _ = lax.scan(step, x[0], x[1:], unroll=2)
    return last


def pairwise_distance_total(points):
    """The distances between consecutive points, through jnp.vectorize with a core signature."""
    dist = jnp.vectorize(lambda a, b: jnp.sqrt(jnp.sum((a - b) ** 2)), signature="(n),(n)->()")
    return jnp.sum(dist(points[1:], points[:-1]))


def log_abs_det(a):
    _, logdet = jnp.linalg.slogdet(a)
    return logdet


def rounded_ste(x):
    """Rounding with a straight-through gradient: the forward rounds, the backward passes the gradient through."""
    return jnp.sum((x + lax.stop_gradient(jnp.round(x) - x)) ** 2)


def relu6_total(x):
    return jnp.sum(jax.nn.relu6(x))


def survival_total(x):
    return jnp.sum(jnp.cumprod(x))


def reparam_energy(mu, log_sigma):
    """E[z^2] by three reparameterised samples z = mu + sigma eps with a fixed key."""
    eps = jax.random.normal(jax.random.key(42), (3,), dtype=jnp.float64)
    z = mu + jnp.exp(log_sigma) * eps
    return jnp.sum(z ** 2)
