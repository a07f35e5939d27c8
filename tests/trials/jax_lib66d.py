"""A user's JAX code, sixty-sixth round (d): activation functions at their edges. jax.nn.gelu exact (erfc) and
approximate (tanh) in the far left tail, jax.nn.silu at +-100, a Mish by jax.nn.softplus, jax.nn.elu / celu / selu
at 0, jax.nn.relu6 / hard_sigmoid / hard_swish / hard_tanh at their breakpoints, jax.nn.leaky_relu with slope 1 at 0,
jax.nn.log_sigmoid at +-800, jax.nn.sparse_plus at -1 and 1 (C1 joins), jax.nn.squareplus at -1e8, jax.nn.glu,
log_softmax with a -inf mask, relu(x) - relu(-x) at 0."""
import jax
import jax.numpy as jnp


def gelu_erf(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False))


def gelu_tanh(x):
    return jnp.sum(jax.nn.gelu(x, approximate=True))


def silu(x):
    return jnp.sum(jax.nn.silu(x))


def mish(x):
    return jnp.sum(x * jnp.tanh(jax.nn.softplus(x)))


def elu(x):
    return jnp.sum(jax.nn.elu(x))


def elu2(x):
    return jnp.sum(jax.nn.elu(x, alpha=2.0))


def celu_half(x):
    return jnp.sum(jax.nn.celu(x, alpha=0.5))


def selu(x):
    return jnp.sum(jax.nn.selu(x))


def relu6(x):
    return jnp.sum(jax.nn.relu6(x))


def hard_sigmoid(x):
    return jnp.sum(jax.nn.hard_sigmoid(x))


def hard_swish(x):
    return jnp.sum(jax.nn.hard_swish(x))


def hard_tanh(x):
    return jnp.sum(jax.nn.hard_tanh(x))


def leaky_one(x):
    return jnp.sum(jax.nn.leaky_relu(x, negative_slope=1.0))


def log_sigmoid(x):
    return jnp.sum(jax.nn.log_sigmoid(x))


def sparse_plus(x):
    return jnp.sum(jax.nn.sparse_plus(x))


def squareplus(x):
    return jnp.sum(jax.nn.squareplus(x))


def glu(x):
    return jnp.sum(jax.nn.glu(x))


def log_softmax_masked(x):
    mask = jnp.array([-jnp.inf, 0.0, 0.0])
    return jax.nn.log_softmax(x + mask)[1]


def relu_odd(x):
    return jnp.sum(jax.nn.relu(x) - jax.nn.relu(-x))


def softmax_where(x):
    mask = jnp.array([False, True, True])
    w = jnp.array([5.0, 1.0, 2.0])
    return jnp.sum(jax.nn.softmax(x, where=mask) * w)
