"""A user's JAX code, thirteenth round: scientific-ML and probabilistic losses as research code writes them. A
physics-informed loss whose residual takes the network's second derivative by nested jax.grad, an ODE unrolled by
RK4 steps in jax.lax.fori_loop and jax.lax.scan, a normalising flow's log-determinant of a triangular Jacobian with a
softplus-parametrised diagonal, pinball and Huber losses at their switches, a von Mises log-likelihood through i0e, a
Gaussian mixture's log-likelihood at far-apart means, causal attention with -inf masks in float16, Student-t and
Cauchy negative log-likelihoods at a tiny scale, Box-Cox and Yeo-Johnson transforms at lambda = 0, a moving average
by cumulative sums, ridge regression by linalg.solve near a singular Gram matrix, and the top eigenvalue of a nearly
degenerate symmetric matrix by eigh."""

import jax
import jax.numpy as jnp
from jax.scipy.special import i0e, logsumexp


def _mlp(params, x):
    return params["a"] * jnp.tanh(params["w"] * x + params["b"])


def pinn_residual(w, b, a):
    """The residual of u'' + u = 0 on three collocation points, u the one-unit network."""
    params = {"w": w, "b": b, "a": a}
    u = lambda x: _mlp(params, x)
    u_xx = jax.grad(jax.grad(u))
    xs = jnp.array([0.0, 0.5, 1.0])
    res = jax.vmap(lambda x: u_xx(x) + u(x))(xs)
    return jnp.mean(res ** 2)


def _decay(y, k):
    return -k * y * y


def rk4_fori(k, y0):
    """y' = -k y^2 by ten RK4 steps of h = 0.1 in a fori_loop."""
    h = 0.1

    def step(_, y):
        k1 = _decay(y, k)
        k2 = _decay(y + h / 2 * k1, k)
        k3 = _decay(y + h / 2 * k2, k)
        k4 = _decay(y + h * k3, k)
        return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return jax.lax.fori_loop(0, 10, step, y0)


def rk4_scan(k, y0):
    """The same ODE by lax.scan, the loss the squared distance of the trajectory to 0.5."""
    h = 0.1

    def step(y, _):
        k1 = _decay(y, k)
        k2 = _decay(y + h / 2 * k1, k)
        k3 = _decay(y + h / 2 * k2, k)
        k4 = _decay(y + h * k3, k)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, y

    _, ys = jax.lax.scan(step, y0, None, length=10)
    return jnp.sum((ys - 0.5) ** 2)


def flow_logdet(raw, x):
    """log|det J| + the base log-density of a lower-triangular affine flow z = L x, diag(L) = softplus(raw diag)."""
    diag = jax.nn.softplus(jnp.diag(raw))
    lower = jnp.tril(raw, -1) + jnp.diag(diag)
    z = lower @ x
    return jnp.sum(jnp.log(diag)) - 0.5 * jnp.sum(z ** 2)


def flow_args():
    return jnp.array([[-40.0, 0.0], [0.3, 0.5]]), jnp.array([1.0, -2.0])


def pinball(y, yhat):
    q = 0.3
    r = y - yhat
    return jnp.sum(jnp.maximum(q * r, (q - 1) * r))


def huber(r):
    delta = 1.0
    a = jnp.abs(r)
    return jnp.sum(jnp.where(a <= delta, 0.5 * r ** 2, delta * (a - 0.5 * delta)))


def von_mises_nll(kappa, mu):
    x = jnp.array([0.1, -0.4, 2.9])
    log_norm = jnp.log(2 * jnp.pi) + jnp.log(i0e(kappa)) + kappa
    return jnp.sum(log_norm - kappa * jnp.cos(x - mu))


def mixture_nll(means):
    x = jnp.array([0.0, 1.0])
    logits = -0.5 * (x[:, None] - means[None, :]) ** 2 - 0.5 * jnp.log(2 * jnp.pi) - jnp.log(means.shape[0])
    return -jnp.sum(logsumexp(logits, axis=1))


def causal_attention(q, k):
    """One head's causal attention over three positions, the loss the sum of the outputs against values 1..3."""
    v = jnp.array([[1.0], [2.0], [3.0]], dtype=q.dtype)
    scores = q @ k.T / jnp.sqrt(jnp.asarray(q.shape[-1], q.dtype))
    mask = jnp.tril(jnp.ones((3, 3), dtype=bool))
    scores = jnp.where(mask, scores, -jnp.inf)
    weights = jax.nn.softmax(scores, axis=-1)
    return jnp.sum(weights @ v)


def causal_args():
    return jnp.array([[1.0, 0.5], [0.2, -1.0], [2.0, 1.0]]), jnp.array([[0.3, 0.1], [-0.5, 2.0], [1.0, 1.0]])


def student_t_nll(mu, log_scale):
    nu = 3.0
    x = jnp.array([0.5, -1.0])
    s = jnp.exp(log_scale)
    z = (x - mu) / s
    return jnp.sum(log_scale + 0.5 * (nu + 1) * jnp.log1p(z * z / nu))


def cauchy_nll(mu, scale):
    x = jnp.array([0.5, -1.0])
    return jnp.sum(jnp.log(jnp.pi * scale) + jnp.log1p(((x - mu) / scale) ** 2))


def box_cox(lam):
    x = jnp.array([0.5, 2.0, 7.0])
    y = jnp.where(lam == 0, jnp.log(x), (x ** lam - 1) / lam)
    return jnp.sum(y)


def box_cox_expm1(lam):
    x = jnp.array([0.5, 2.0, 7.0])
    safe = jnp.where(lam == 0, 1.0, lam)
    y = jnp.where(lam == 0, jnp.log(x), jnp.expm1(safe * jnp.log(x)) / safe)
    return jnp.sum(y)


def yeo_johnson(lam):
    x = jnp.array([-1.5, 0.5, 3.0])
    pos = jnp.where(lam == 0, jnp.log1p(x), ((1 + x) ** lam - 1) / lam)
    neg = jnp.where(lam == 2, -jnp.log1p(-x), -((1 - x) ** (2 - lam) - 1) / (2 - lam))
    return jnp.sum(jnp.where(x >= 0, pos, neg))


def moving_average_loss(x):
    c = jnp.cumsum(jnp.concatenate([jnp.zeros(1), x]))
    avg = (c[3:] - c[:-3]) / 3
    return jnp.sum(avg ** 2)


def conv_average_loss(x):
    avg = jnp.convolve(x, jnp.ones(3) / 3, mode="valid")
    return jnp.sum(avg ** 2)


def ridge_solve(w):
    """Ridge regression's fitted loss on a design whose two columns are nearly collinear (w scales the second)."""
    X = jnp.array([[1.0, 1.0], [1.0, 1.0 + 1e-7], [1.0, 1.0 - 1e-7]]) * jnp.array([1.0, w])
    y = jnp.array([1.0, 2.0, 0.5])
    beta = jnp.linalg.solve(X.T @ X + 1e-12 * jnp.eye(2), X.T @ y)
    return jnp.sum((X @ beta - y) ** 2)


def top_eig(a, b, c):
    """The top eigenvalue of [[a, b], [b, c]] by eigh."""
    m = jnp.array([[a, b], [b, c]])
    return jnp.linalg.eigh(m)[0][-1]


def top_eigvec(a, b, c):
    """The first component squared of the top eigenvector of [[a, b], [b, c]]."""
    m = jnp.array([[a, b], [b, c]])
    return jnp.linalg.eigh(m)[1][0, -1] ** 2


def pinv_fit(w):
    """The squared norm of the minimum-norm least-squares coefficients by pinv; at w = 0 the design has rank 1."""
    X = jnp.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]]) + jnp.array([[0.0, 0.0], [0.0, 0.0], [0.0, 1.0]]) * w
    y = jnp.array([1.0, 2.0, 0.5])
    beta = jnp.linalg.pinv(X) @ y
    return jnp.sum(beta ** 2)


def top_two_sum(d, e):
    """The sum of the two largest eigenvalues of [[d, e, 0], [e, d, 0], [0, 0, 1]]; at e = 0 the top pair is
    degenerate, but the third eigenvalue (1) is apart, so the sum (trace - 1) is smooth."""
    m = jnp.array([[d, e, 0.0], [e, d, 0.0], [0.0, 0.0, 1.0]])
    return jnp.sum(jnp.linalg.eigh(m)[0][1:])


def laplacian_residual(w):
    """A 2-D PINN's Poisson residual: the Laplacian of u(x, y) = tanh(w0 x + w1 y) at (0.3, -0.2), by jax.hessian."""
    u = lambda p: jnp.tanh(w[0] * p[0] + w[1] * p[1])
    lap = jnp.trace(jax.hessian(u)(jnp.array([0.3, -0.2])))
    return (lap - 1.0) ** 2


def monotone_flow(a, x):
    """The log-density of x under y = x + softplus(a) tanh(x) (monotone), the base a standard normal."""
    s = jax.nn.softplus(a)
    y = x + s * jnp.tanh(x)
    log_det = jnp.log1p(s * (1 - jnp.tanh(x) ** 2))
    return jnp.sum(-0.5 * y ** 2 + log_det)


def circular_variance(theta):
    """1 - the mean resultant length of angles."""
    c, s = jnp.mean(jnp.cos(theta)), jnp.mean(jnp.sin(theta))
    return 1 - jnp.sqrt(c * c + s * s)


def attention_logits_f16(q, k):
    """Causal attention's log-partition of the last query, in the dtype of q."""
    scores = q @ k.T
    mask = jnp.tril(jnp.ones((2, 2), dtype=bool))
    scores = jnp.where(mask, scores, -jnp.inf)
    return jax.nn.logsumexp(scores[-1])
