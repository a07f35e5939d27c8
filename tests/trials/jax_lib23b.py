"""A user's JAX code, twenty-third round (second half): max-pooling by lax.reduce_window, smoothing by
jax.scipy.signal.convolve, a cross-entropy on lax.logistic, logarithms by jnp.frexp, jnp.ldexp, lax.clamp and
lax.select, running log-sum-exp by lax.cumlogsumexp (and by cumsum of exp), the normal quantile (ndtri) and erfinv,
a square root by Newton's method in lax.while_loop, cube roots solved in lax.fori_loop under a custom_jvp, a softplus
under a custom_vjp, the Poincare-ball distance, the nuclear norm by singular values, jnp.quantile, a survival curve by
jnp.cumprod, a maximum drawdown by lax.cummax and a masked mean by jnp.nanmean."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.linalg import lu_factor, lu_solve
from jax.scipy.signal import convolve
from jax.scipy.special import erfinv, ndtri

# --- layers -----------------------------------------------------------------------------------------------------------


def max_pool_score(x):
    """Max-pool a signal in windows of two (stride two), then a fixed linear read-out."""
    pooled = lax.reduce_window(x, -jnp.inf, lax.max, (2,), (2,), "VALID")
    return jnp.dot(pooled, jnp.array([1.0, 2.0, -1.0]))


def smoothness_energy(x):
    """The energy of the signal after a three-tap binomial smoothing (same-length output)."""
    kernel = jnp.array([0.25, 0.5, 0.25])
    smooth = convolve(x, kernel, mode="same")
    return jnp.sum(smooth ** 2)


def bce_logistic_naive(x):
    """Binary cross-entropy against labels [1, 0], through lax.logistic and plain logs."""
    y = jnp.array([1.0, 0.0])
    p = lax.logistic(x)
    return -jnp.mean(y * jnp.log(p) + (1 - y) * jnp.log(1 - p))


def log_by_frexp(x):
    """log x assembled from the mantissa and exponent (keeps huge and tiny numbers apart)."""
    mantissa, exponent = jnp.frexp(x)
    return jnp.sum(jnp.log(mantissa) + exponent * jnp.log(2.0))


def quarter_tanh(x):
    return jnp.sum(jnp.ldexp(jnp.tanh(x), -2))


def clamped_energy(x):
    return jnp.sum(lax.clamp(0.0, x, 1.0) ** 2)


def leaky_by_select(x):
    """A leaky ReLU written with lax.select."""
    return jnp.sum(lax.select(x > 0, x, 0.01 * x))


# --- running reductions -----------------------------------------------------------------------------------------------


def prefix_lse_total(x):
    """The sum over prefixes of each prefix's log-sum-exp."""
    return jnp.sum(lax.cumlogsumexp(x))


def prefix_lse_naive(x):
    return jnp.sum(jnp.log(jnp.cumsum(jnp.exp(x))))


def survival_log_naive(h):
    """log of the survival to the last step, the hazards' logits h: the product of sigmoid(-h)."""
    survival = jnp.cumprod(jax.nn.sigmoid(-h))
    return jnp.log(survival[-1])


def max_drawdown(x):
    running_peak = lax.cummax(x)
    return jnp.max(running_peak - x)


def masked_mse(pred):
    """Mean squared error over the observed targets (NaN marks a missing one)."""
    target = jnp.array([1.0, jnp.nan, -0.5, 2.0])
    return jnp.nanmean((pred - target) ** 2)


def quantile_30(x):
    return jnp.quantile(x, 0.3)


# --- special functions ------------------------------------------------------------------------------------------------


def probit_sum(p):
    return jnp.sum(ndtri(p))


def erfinv_sum(x):
    return jnp.sum(erfinv(x))


# --- solvers ----------------------------------------------------------------------------------------------------------


def newton_sqrt(a):
    """sqrt(a) by Newton's method, iterated until the residual is tiny."""
    def keep_going(x):
        return jnp.abs(x * x - a) > 1e-12 * a

    def step(x):
        return 0.5 * (x + a / x)
    return lax.while_loop(keep_going, step, a)


def _newton_cube_root(a):
    """The real cube root of a > 0 by 40 Newton steps."""
    return lax.fori_loop(0, 40, lambda _, y: y - (y ** 3 - a) / (3 * y ** 2), jnp.maximum(a, 1.0))


cube_root = jax.custom_jvp(_newton_cube_root)
cube_root_fast = jax.custom_jvp(_newton_cube_root)


@cube_root.defjvp
def _cube_root_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    y = cube_root(a)
    return y, da / (3 * y ** 2)


def cube_root_energy(a):
    return jnp.sum(cube_root(a) ** 2)


@cube_root_fast.defjvp
def _cube_root_fast_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    y = cube_root_fast(a)
    return y, da / y ** 2


def cube_root_fast_energy(a):
    return jnp.sum(cube_root_fast(a) ** 2)


@jax.custom_vjp
def softplus_custom(x):
    return jnp.logaddexp(x, 0.0)


def _softplus_fwd(x):
    return softplus_custom(x), x


def _softplus_bwd(x, g):
    return (g * jax.nn.sigmoid(-x),)


softplus_custom.defvjp(_softplus_fwd, _softplus_bwd)


def softplus_custom_sum(x):
    return jnp.sum(softplus_custom(x))


# --- geometry ---------------------------------------------------------------------------------------------------------


def poincare_distance(u):
    """The hyperbolic distance in the Poincare ball from u to a fixed point."""
    v = jnp.array([-0.3, 0.1])
    diff = jnp.sum((u - v) ** 2)
    denom = (1 - jnp.sum(u ** 2)) * (1 - jnp.sum(v ** 2))
    return jnp.arccosh(1 + 2 * diff / denom)


def nuclear_norm(a):
    return jnp.sum(jnp.linalg.svd(a, compute_uv=False))


# --- more array programs ----------------------------------------------------------------------------------------------


def qr_log_abs_det(a):
    """log |det A| from the diagonal of R in A = QR."""
    _, r = jnp.linalg.qr(a)
    return jnp.sum(jnp.log(jnp.abs(jnp.diag(r))))


def lu_solution_total(b):
    """The sum of the solution of A x = b, A factored once by LU."""
    a = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, -1.0], [0.5, -1.0, 2.0]])
    return jnp.sum(lu_solve(lu_factor(a), b))


def sorted_by_key_score(x):
    """Sort the squares by the values themselves (lax.sort on two operands) and weight by rank."""
    _, squares = lax.sort((x, x ** 2), num_keys=1)
    return jnp.dot(squares, jnp.array([1.0, 2.0, 3.0]))


def trapezoid_area(y):
    t = jnp.array([0.0, 0.5, 1.5, 3.0])
    return jnp.trapezoid(y ** 2, x=t)


def fractional_energy(x):
    return jnp.sum(jnp.remainder(x, 1.0) ** 2)


def gated_square(x):
    return jnp.sum(jnp.heaviside(x, 0.5) * x ** 2)


def pearson(x):
    y = jnp.array([1.0, 3.0, 2.0, 5.0])
    return jnp.corrcoef(x, y)[0, 1]


def roughness(x):
    return jnp.sum(jnp.gradient(x) ** 2)


def unwrapped_energy(phase):
    return jnp.sum(jnp.unwrap(phase) ** 2)


def power_two_and_a_half(x):
    return jnp.sum(jnp.power(x, 2.5))


def top_two_total(x):
    values, _ = lax.top_k(x, 2)
    return jnp.sum(values)


def pinv_energy(a):
    return jnp.sum(jnp.linalg.pinv(a) ** 2)


def determinant(a):
    return jnp.linalg.det(a)


def sample_variance(x):
    return jnp.cov(x)


def bilinear_trace(a):
    b = jnp.array([[1.0, 2.0], [-1.0, 0.5]])
    return jnp.einsum("ij,ji->", a, b)
