"""A new user's JAX code, checked as it stands: the losses and numerics people file NaN-gradient threads about.

Two kinds of test. Each primitive mapped for such code (loops, sorts, running
folds, scatters, factorisations, special functions) replays to JAX's own
value and vector-Jacobian product in float64, and on mpmath numbers to the
same value. Each user's function is checked by `gradcli.check` in float32 and
float64 with the verdict a sound function deserves, and its exact gradient
agrees with JAX's float64 gradient to 1e-10. A primitive gradcli cannot replay
stays an `InputError` naming it and the user's line.

Tried and replayed (ok in both dtypes): softplus, logsumexp, log_softmax,
cross-entropy, BCE with logits, focal loss, KL through xlogy, Gaussian NLL,
log-det through cholesky, slogdet, solve, inv, norm, cosine similarity, GELU
(erf and tanh), SiLU, Mish, normal CDF and log CDF, Poisson and Beta
log-likelihoods (gammaln, betaln), digamma, atan2, cumsum, cumprod,
cumlogsumexp, cummax, median, sort, top_k, argsort, clip, where, gather,
one_hot, einsum, layer norm, attention, an RNN through lax.scan, fori_loop
(static and shape-given trip counts), lax.map, polyval, interp, huber, std,
var, prod, logit, ndtri, log_ndtr, xlog1py, entr, hypot, sinc, eigh, svd,
gammainc (and its shape derivative, igamma_grad_a), i0e, segment_sum, .at[].set and .at[].multiply, qr, jnp.convolve
and lax.conv_general_dilated (strides, padding, dilations, groups). Still
refused: fft. A
lax.while_loop carrying a differentiated value has no reverse mode in JAX:
an `InputError` naming the loop's line and a loop JAX can reverse.
"""

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import mpmath
import numpy as np
import pytest
from jax import lax

import gradcli
from gradcli.capture.jax_bridge import capture
from gradcli.errors import InputError
from bridge_checks import assert_forward_replays_on_mpmath, assert_replays_as_the_framework_computes

V = np.array([0.3, -1.2, 2.0, 0.7])
P = np.array([0.5, 1.5, 2.5, 0.8])
M = np.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.0]])
L = np.array([[0.2, -1.0, 0.5], [1.1, 0.3, -0.4]])


def rnn(x):
    def step(h, xt):
        h = jnp.tanh(0.5 * h + xt)
        return h, h

    h, hs = lax.scan(step, 0.0, x)
    return jnp.sum(hs) + h


def reverse_scan(x):
    return jnp.sum(lax.scan(lambda c, xt: (c * xt + 1.0, c), 1.0, x, reverse=True)[1])


def fori_static(x):
    return jnp.sum(lax.fori_loop(0, 3, lambda i, c: c * x + 1.0, x))


def fori_by_shape(x):
    return lax.fori_loop(0, x.shape[0], lambda i, c: c + jnp.sin(x[i]) * c, 1.0)


def counted_while(x):
    # A while loop over a counter: the carried float is differentiated, the trip count comes from the arguments.
    return lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1]), (0, 0.0))[1] + jnp.sum(x**2)


def logdet(x):
    return 2 * jnp.sum(jnp.log(jnp.diag(jnp.linalg.cholesky(x @ x.T + jnp.eye(x.shape[0])))))


# Each primitive newly mapped, and a function that makes JAX emit it (forward or backward).
OPS = {
    "scan": (rnn, (V,)),
    "scan (reverse)": (reverse_scan, (V,)),
    "scan (fori_loop, static)": (fori_static, (V,)),
    "scan (fori_loop, shape)": (fori_by_shape, (V,)),
    "scan (lax.map)": (lambda x: jnp.sum(lax.map(lambda r: jnp.exp(-r * r), x)), (V,)),
    "while": (counted_while, (V,)),
    "sort": (lambda x: jnp.sum(jnp.sort(x) * jnp.arange(4.0)), (V,)),
    "sort (median)": (jnp.median, (V,)),
    "sort (argsort, two operands)": (lambda x: jnp.sum(x[jnp.argsort(x)] * jnp.arange(4.0)), (V,)),
    "sort (2-D, axis 0)": (lambda x: jnp.sum(jnp.sort(x, axis=0) * jnp.arange(3.0)), (L,)),
    "top_k": (lambda x: jnp.sum(lax.top_k(x, 2)[0] * jnp.array([2.0, 1.0])), (V,)),
    "cumprod": (lambda x: jnp.sum(jnp.cumprod(x)), (V,)),
    "cumlogsumexp": (lambda x: jnp.sum(lax.cumlogsumexp(x)), (V,)),
    "cumlogsumexp (reverse)": (lambda x: jnp.sum(lax.cumlogsumexp(x, reverse=True) ** 2), (V,)),
    "cummax": (lambda x: jnp.sum(lax.cummax(x) * x), (V,)),
    "cummin": (lambda x: jnp.sum(lax.cummin(x) * x), (V,)),
    "lt_to (interp)": (lambda x: jnp.sum(jnp.interp(x, jnp.array([-2.0, 0.0, 3.0]), jnp.array([1.0, 0.0, 2.0]))), (V,)),
    "scatter": (lambda x: jnp.sum(x.at[1].set(3.0) * x), (V,)),
    "scatter-mul": (lambda x: jnp.sum(x.at[1].multiply(3.0) * x), (V,)),
    "cholesky": (logdet, (M,)),
    "triangular_solve": (lambda x: jnp.sum(jax.scipy.linalg.solve_triangular(x, jnp.ones(3), lower=True)), (M,)),
    "lu (slogdet)": (lambda x: jnp.linalg.slogdet(x)[1], (M,)),
    "lu (det, pivoting)": (lambda x: jnp.linalg.det(x[::-1]), (M,)),
    "custom_linear_solve (solve, pivoting)": (lambda x: jnp.sum(jnp.linalg.solve(x[::-1], jnp.array([1.0, 2.0, -1.0]))), (M,)),
    "custom_linear_solve (inv)": (lambda x: jnp.sum(jnp.linalg.inv(x) ** 2), (M,)),
    "eigh": (lambda x: jnp.sum(jnp.linalg.eigvalsh(x @ x.T) ** 2), (M,)),
    "svd (spectral and nuclear norms)": (lambda x: jnp.linalg.norm(x, 2) + jnp.linalg.norm(x, "nuc"), (M,)),
    "qr (square)": (lambda x: jnp.sum(jnp.linalg.qr(x)[1] * jnp.arange(3.0)) + jnp.sum(jnp.linalg.qr(x)[0][:, 0] ** 3), (M,)),
    "qr (tall, reduced)": (lambda x: jnp.sum(jnp.linalg.qr(x)[1] ** 2) + jnp.sum(jnp.linalg.qr(x)[0] * jnp.arange(2.0)), (L.T,)),
    "igamma": (lambda x: jnp.sum(jss.gammainc(2.0, x)), (P,)),
    "igammac": (lambda x: jnp.sum(jss.gammaincc(2.0, x)), (P,)),
    "bessel_i0e": (lambda x: jnp.sum(jss.i0e(x)), (V,)),
    "bessel_i1e": (lambda x: jnp.sum(jss.i1e(x)), (V,)),
}


@pytest.mark.parametrize("name", OPS)
def test_a_newly_mapped_primitive_replays_as_jax_computes_it_in_float64(name):
    fun, args = OPS[name]
    assert_replays_as_the_framework_computes(capture, fun, args, name)


@pytest.mark.parametrize("name", ["scan", "scan (reverse)", "while", "sort (median)", "top_k", "cumlogsumexp", "scatter-mul", "lu (det, pivoting)", "custom_linear_solve (inv)", "cholesky", "svd (spectral and nuclear norms)", "qr (square)"])
def test_the_forward_replay_runs_on_mpmath_numbers(name):
    fun, args = OPS[name]
    assert isinstance(assert_forward_replays_on_mpmath(capture, fun, args, name), mpmath.mpf)


def test_a_function_called_twice_is_replayed_twice():
    # jnp.linalg.norm is one jitted sub-jaxpr: its second call must not overwrite the first one's result.
    def cosine(x):
        y = jnp.array([1.0, 2.0, 0.5, -1.0])
        return jnp.dot(x, y) / (jnp.linalg.norm(x) * jnp.linalg.norm(y))

    bridge = capture(cosine, "cosine")
    value, _ = bridge.own((V,), None)
    assert float(bridge.forward(V)) == pytest.approx(float(value), rel=1e-14)
    [result] = gradcli.check(cosine, [{"x": V}], dtypes=("float64",)).results
    assert result.status == "ok"


def focal(x):
    t = jnp.array([1.0, 0.0, 1.0, 0.0])
    p = jax.nn.sigmoid(x)
    pt = jnp.where(t == 1, p, 1 - p)
    return -jnp.sum((1 - pt) ** 2 * jnp.log(pt))


def kl(x):
    p = jax.nn.softmax(x)
    return jnp.sum(jss.xlogy(p, p) - jss.xlogy(p, jnp.array([0.1, 0.2, 0.3, 0.4])))


def beta_loglik(x):
    a, b = jnp.exp(x[0]), jnp.exp(x[1])
    return jnp.sum(jax.scipy.stats.beta.logpdf(jnp.array([0.2, 0.5, 0.9]), a, b))


def attention(x):
    q = x.reshape(2, 2)
    a = jax.nn.softmax(q @ (0.5 * q).T / jnp.sqrt(2.0), axis=-1)
    return jnp.sum(a @ (q + 1))


# A user's function, its argument, and the verdict it deserves in float32 and float64.
USERS = {
    "focal loss": (focal, V),
    "KL divergence (xlogy)": (kl, V),
    "Beta log-likelihood": (beta_loglik, np.array([0.3, -0.2])),
    "attention": (attention, V),
    "RNN through lax.scan": (rnn, V),
    "median": (jnp.median, V),
    "top-2 mean": (lambda x: jnp.mean(lax.top_k(x, 2)[0]), V),
    "log-det through cholesky": (logdet, M[:2, :2]),  # 2 x 2: its exact reference by differences, 4 coordinates, not 9
    "solve": (lambda x: jnp.sum(jnp.linalg.solve(x, jnp.ones(3))), M),
    "log cumulative sum of exps": (lambda x: jnp.sum(lax.cumlogsumexp(x)), V),
}


@pytest.mark.parametrize("name", USERS)
def test_a_users_function_is_ok_in_both_dtypes_and_exact_to_1e_10(name):
    fun, x = USERS[name]
    report = gradcli.check(fun, [x], dtypes=("float32", "float64"))
    assert [r.status for r in report.results] == ["ok", "ok"], [r.findings for r in report.results]
    # JAX's float64 gradient is the check's own: `jax.jit(jax.value_and_grad(fun))`'s program, bit for bit
    # (test_jax_program.py), read from the report rather than compiled a second time
    [own] = report.results[1].gradient.values()
    own = np.asarray(own, dtype=np.float64)
    [exact] = report.results[1].exact_gradient.values()
    exact = np.asarray(exact, dtype=np.float64)
    np.testing.assert_allclose(exact, own, rtol=1e-10, atol=1e-12)


def test_a_primitive_gradcli_cannot_replay_names_itself_and_the_users_line():
    def top_two(x):
        return jnp.sum(lax.approx_max_k(x, 2)[0] ** 2)  # the line named

    line = top_two.__code__.co_firstlineno + 1
    with pytest.raises(InputError) as caught:
        gradcli.check(top_two, [{"x": V}], dtypes=("float64",))
    assert "`approx_top_k`" in str(caught.value) and f"{__file__}:{line}" in str(caught.value)


def test_a_while_loop_jax_cannot_reverse_names_the_users_line_and_what_to_write():
    def newton_sqrt(a):
        step = lambda state: (0.5 * (state[0] + a / state[0]), state[1] + 1)  # noqa: E731
        return lax.while_loop(lambda state: state[1] < 30, step, (a, 0))[0]  # the line named

    line = newton_sqrt.__code__.co_firstlineno + 2
    with pytest.raises(InputError) as caught:
        gradcli.check(newton_sqrt, [2.0], dtypes=("float64",))
    message = str(caught.value)
    assert f"{__file__}:{line}" in message and "lax.while_loop" in message
    assert "lax.scan" in message and "jax.jacfwd" in message
