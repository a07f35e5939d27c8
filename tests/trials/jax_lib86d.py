"""A user's JAX code, eighty-sixth round (d): the volume rendering of a NeRF on one ray of four samples (t = 2, 2.5,
3, 3.5; delta = 0.5; grey colours), the way JAX NeRF code writes it: alpha = 1 - exp(-sigma delta) and the original
transmittance by a shifted jnp.cumprod of (1 - alpha + 1e-10), the stable spelling by -expm1 and an exclusive cumsum,
the product without its 1e-10, alpha compositing of given alphas, ReLU / softplus / exp density activations, the
accumulated opacity and the expected depth sum w t / sum w (and with + 1e-10), the mip-NeRF 360 distortion loss,
positional encoding sin(2^k pi x), a ray-sphere intersection, normalised view directions, sigmoid colours, PSNR, and
the compositing step with a hand-written custom_vjp (right, and with the transmittance taken before the sample)."""

import jax
import jax.numpy as jnp

T_VALS = jnp.array([2.0, 2.5, 3.0, 3.5])
EDGES = jnp.array([2.0, 2.5, 3.0, 3.5, 4.0])
DELTA = 0.5
RGB = jnp.array([0.875, 0.375, 0.625, 0.125])
GT = jnp.array([0.25, 0.5, 0.75])
VIEW_W = jnp.array([0.25, 0.5, -0.75])
RAY_D = jnp.array([0.0, 0.0, 1.0])
RADIUS = 1.0


def _shift(x):
    """[1, x0, x1, ...]: the exclusive product's shift, as NeRF's code writes it."""
    return jnp.concatenate([jnp.ones(1, x.dtype), x[:-1]])


def weights_nerf(sigma):
    alpha = 1.0 - jnp.exp(-sigma * DELTA)
    trans = jnp.cumprod(_shift(1.0 - alpha + 1e-10))
    return alpha * trans


def weights_stable(sigma):
    sd = sigma * DELTA
    alpha = -jnp.expm1(-sd)
    trans = jnp.exp(-(jnp.cumsum(sd) - sd))  # exclusive cumsum
    return alpha * trans


def render(sigma):
    return jnp.sum(weights_nerf(sigma) * RGB)


def render_stable(sigma):
    return jnp.sum(weights_stable(sigma) * RGB)


def render_noeps(sigma):
    alpha = 1.0 - jnp.exp(-sigma * DELTA)
    trans = jnp.cumprod(_shift(1.0 - alpha))
    return jnp.sum(alpha * trans * RGB)


def composite(alpha):
    """Alphas straight from a network (a sigmoid), composited front to back."""
    trans = jnp.cumprod(_shift(1.0 - alpha))
    return jnp.sum(alpha * trans * RGB)


def render_relu(raw):
    return render(jax.nn.relu(raw))


def render_softplus(raw):
    return render(jax.nn.softplus(raw - 1.0))  # mip-NeRF's density bias


def render_exp(raw):
    return render_stable(jnp.exp(raw))


def acc(sigma):
    return jnp.sum(weights_nerf(sigma))


def depth(sigma):
    w = weights_nerf(sigma)
    return jnp.sum(w * T_VALS) / jnp.sum(w)


def depth_eps(sigma):
    w = weights_nerf(sigma)
    return jnp.sum(w * T_VALS) / (jnp.sum(w) + 1e-10)


def distortion(w, t):
    """mip-NeRF 360's distortion loss of weights w over the intervals between edges t."""
    mid = 0.5 * (t[1:] + t[:-1])
    width = t[1:] - t[:-1]
    bi = jnp.sum(w[:, None] * w[None, :] * jnp.abs(mid[:, None] - mid[None, :]))
    uni = jnp.sum(w ** 2 * width) / 3.0
    return bi + uni


def _encode(x, n):
    freqs = 2.0 ** jnp.arange(n, dtype=x.dtype)
    xb = x[:, None] * freqs[None, :] * jnp.pi
    return jnp.concatenate([jnp.sin(xb), jnp.cos(xb)], axis=-1)


def posenc(x):
    return jnp.sum(_encode(x, 10))


def posenc_deep(x):
    return jnp.sum(_encode(x, 40))


def sphere_t(o):
    """The near hit of the ray o + t d with the unit sphere."""
    a = jnp.dot(RAY_D, RAY_D)
    b = 2.0 * jnp.dot(o, RAY_D)
    c = jnp.dot(o, o) - RADIUS ** 2
    disc = b * b - 4.0 * a * c
    return (-b - jnp.sqrt(disc)) / (2.0 * a)


def sphere_t_clamped(o):
    a = jnp.dot(RAY_D, RAY_D)
    b = 2.0 * jnp.dot(o, RAY_D)
    c = jnp.dot(o, o) - RADIUS ** 2
    disc = jnp.maximum(b * b - 4.0 * a * c, 0.0)
    return (-b - jnp.sqrt(disc)) / (2.0 * a)


def view_dir(d):
    v = d / jnp.linalg.norm(d)
    return jnp.sum(v * VIEW_W)


def view_dir_clip(d):
    v = d / jnp.maximum(jnp.linalg.norm(d), 1e-8)
    return jnp.sum(v * VIEW_W)


def view_dir_eps(d):
    v = d / jnp.sqrt(jnp.sum(d * d) + 1e-12)
    return jnp.sum(v * VIEW_W)


def render_rgb(sigma, raw_rgb):
    rgb = jax.nn.sigmoid(raw_rgb) * (1 + 2 * 0.001) - 0.001  # mip-NeRF's padded sigmoid
    return jnp.sum(weights_stable(sigma) * rgb)


def psnr(pred):
    mse = jnp.mean((pred - GT) ** 2)
    return -10.0 * jnp.log10(mse)


def _composite_fwd(sigma):
    w = weights_stable(sigma)
    return jnp.sum(w * RGB), (sigma, w)


@jax.custom_vjp
def composite_custom(sigma):
    return jnp.sum(weights_stable(sigma) * RGB)


def composite_custom_bwd(res, g):
    sigma, w = res
    sd = sigma * DELTA
    t_after = jnp.exp(-jnp.cumsum(sd))  # the transmittance past each sample
    suffix = jnp.sum(w * RGB) - jnp.cumsum(w * RGB)  # the colour the samples behind it add
    return (g * DELTA * (t_after * RGB - suffix),)


composite_custom.defvjp(_composite_fwd, composite_custom_bwd)


@jax.custom_vjp
def composite_bad(sigma):
    return jnp.sum(weights_stable(sigma) * RGB)


def composite_bad_bwd(res, g):
    sigma, w = res
    sd = sigma * DELTA
    t_before = jnp.exp(-(jnp.cumsum(sd) - sd))
    suffix = jnp.sum(w * RGB) - jnp.cumsum(w * RGB)
    return (g * DELTA * (t_before * RGB - suffix),)


composite_bad.defvjp(_composite_fwd, composite_bad_bwd)


def render_custom(sigma):
    return composite_custom(sigma)


def render_bad(sigma):
    return composite_bad(sigma)


@jax.custom_jvp
def trunc_exp(x):
    """Instant-NGP's density activation: exp, its slope's exponent clipped to [-15, 15]."""
    return jnp.exp(x)


@trunc_exp.defjvp
def trunc_exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.exp(x), t * jnp.exp(jnp.clip(x, -15.0, 15.0))


def render_trunc_exp(raw):
    return render_stable(trunc_exp(raw))


def render_scan(sigma):
    """Front to back in a lax.scan, the transmittance carried."""
    def step(carry, x):
        trans, colour = carry
        s, c = x
        alpha = -jnp.expm1(-s * DELTA)
        return (trans * (1.0 - alpha), colour + trans * alpha * c), None

    init = (jnp.ones((), sigma.dtype), jnp.zeros((), sigma.dtype))
    (_, colour), _ = jax.lax.scan(step, init, (sigma, RGB.astype(sigma.dtype)))
    return colour


def distortion_fast(w, t):
    """The same loss in mip-NeRF 360's linear-time form by exclusive cumsums."""
    mid = 0.5 * (t[1:] + t[:-1])
    width = t[1:] - t[:-1]
    w_before = jnp.cumsum(w) - w
    wm_before = jnp.cumsum(w * mid) - w * mid
    bi = 2.0 * jnp.sum(w * (mid * w_before - wm_before))
    return bi + jnp.sum(w ** 2 * width) / 3.0


def render_batch(sigma):
    """A batch of rays by vmap, the mean colour."""
    return jnp.mean(jax.vmap(render_stable)(sigma))


def render_far(sigma):
    """The original NeRF's last interval of 1e10 (the ray's remainder to infinity)."""
    dists = jnp.concatenate([T_VALS[1:] - T_VALS[:-1], jnp.array([1e10], sigma.dtype)])
    alpha = 1.0 - jnp.exp(-sigma * dists)
    trans = jnp.cumprod(_shift(1.0 - alpha + 1e-10))
    return jnp.sum(alpha * trans * RGB)


def ipe(mu, var):
    """mip-NeRF's integrated positional encoding of one coordinate, sixteen frequencies."""
    scales = 2.0 ** jnp.arange(16, dtype=mu.dtype)
    return jnp.sum(jnp.exp(-0.5 * scales ** 2 * var) * jnp.sin(scales * mu))


def sphere_t_safe(o):
    a = jnp.dot(RAY_D, RAY_D)
    b = 2.0 * jnp.dot(o, RAY_D)
    c = jnp.dot(o, o) - RADIUS ** 2
    disc = jnp.maximum(b * b - 4.0 * a * c, 1e-12)
    return (-b - jnp.sqrt(disc)) / (2.0 * a)


render_remat = jax.checkpoint(render_stable)


def _nd_fwd(sigma, delta):
    sd = sigma * delta
    w = -jnp.expm1(-sd) * jnp.exp(-(jnp.cumsum(sd) - sd))
    return jnp.sum(w * RGB), (sigma, w)


def _nd_bwd(delta, res, g):
    sigma, w = res
    t_after = jnp.exp(-jnp.cumsum(sigma * delta))
    suffix = jnp.sum(w * RGB) - jnp.cumsum(w * RGB)
    return (g * delta * (t_after * RGB - suffix),)


def _nd(sigma, delta):
    return _nd_fwd(sigma, delta)[0]


composite_nd = jax.custom_vjp(_nd, nondiff_argnums=(1,))
composite_nd.defvjp(_nd_fwd, _nd_bwd)


def render_nd(sigma):
    return composite_nd(sigma, DELTA)


def fine_sample_w(w):
    """Hierarchical sampling's inverse CDF at u = 1/2 by jnp.searchsorted."""
    w = w + 1e-5
    cdf = jnp.concatenate([jnp.zeros(1, w.dtype), jnp.cumsum(w / jnp.sum(w))])
    idx = jnp.searchsorted(cdf, 0.5, side="right")
    lo, hi = idx - 1, idx
    t = (0.5 - cdf[lo]) / (cdf[hi] - cdf[lo])
    return EDGES[lo] + t * (EDGES[hi] - EDGES[lo])
