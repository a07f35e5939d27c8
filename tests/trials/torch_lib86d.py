"""A user's PyTorch code, eighty-sixth round (d): NeRF volume rendering on one ray of four samples (t = 2 .. 3.5,
delta = 0.5, grey colours) as nerf-pytorch and torch-ngp write it: the original raw2outputs (1 - exp(-relu(raw)
delta), torch.cumprod of [1, 1 - alpha + 1e-10]), the stable -expm1 / exclusive-cumsum spelling, alphas composited by
torch.cumprod, a softplus density, torch-ngp's trunc_exp (an autograd.Function whose backward clamps its input to
[-15, 15]), the expected depth, PSNR as nerf-pytorch's mse2psnr, normalised view directions by division and by
F.normalize, a ray-sphere hit, the compositing step as an autograd.Function (right, and with the transmittance before
the sample), and hierarchical sampling's inverse CDF by torch.searchsorted."""

import torch
import torch.nn.functional as F

T_VALS = [2.0, 2.5, 3.0, 3.5]
DELTA = 0.5
RGB = [0.875, 0.375, 0.625, 0.125]
GT = [0.25, 0.5, 0.75]
VIEW_W = [0.25, 0.5, -0.75]


def _const(values, like):
    return torch.tensor(values, dtype=like.dtype)


def weights_nerf(sigma):
    alpha = 1.0 - torch.exp(-sigma * DELTA)
    ones = torch.ones(1, dtype=sigma.dtype)
    trans = torch.cumprod(torch.cat([ones, 1.0 - alpha + 1e-10]), dim=-1)[:-1]
    return alpha * trans


def weights_stable(sigma):
    sd = sigma * DELTA
    alpha = -torch.expm1(-sd)
    trans = torch.exp(-(torch.cumsum(sd, dim=-1) - sd))
    return alpha * trans


def render(sigma):
    return (weights_nerf(sigma) * _const(RGB, sigma)).sum()


def render_stable(sigma):
    return (weights_stable(sigma) * _const(RGB, sigma)).sum()


def render_relu(raw):
    return render(F.relu(raw))


def render_softplus(raw):
    return render(F.softplus(raw - 1.0))


def composite(alpha):
    ones = torch.ones(1, dtype=alpha.dtype)
    trans = torch.cumprod(torch.cat([ones, 1.0 - alpha]), dim=-1)[:-1]
    return (alpha * trans * _const(RGB, alpha)).sum()


class TruncExp(torch.autograd.Function):
    """torch-ngp's trunc_exp: exp forward, its backward's input clamped to [-15, 15]."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.exp(x)

    @staticmethod
    def backward(ctx, g):
        x = ctx.saved_tensors[0]
        return g * torch.exp(x.clamp(-15, 15))


def render_trunc_exp(raw):
    return render_stable(TruncExp.apply(raw))


def depth(sigma):
    w = weights_nerf(sigma)
    return (w * _const(T_VALS, sigma)).sum() / w.sum()


def mse2psnr(pred):
    mse = torch.mean((pred - _const(GT, pred)) ** 2)
    return -10.0 * torch.log(mse) / torch.log(torch.tensor([10.0], dtype=pred.dtype))


def view_dir(d):
    v = d / torch.norm(d, dim=-1, keepdim=True)
    return (v * _const(VIEW_W, d)).sum()


def view_dir_normalize(d):
    v = F.normalize(d, dim=-1)
    return (v * _const(VIEW_W, d)).sum()


def sphere_t(o):
    d = torch.tensor([0.0, 0.0, 1.0], dtype=o.dtype)
    b = 2.0 * torch.dot(o, d)
    c = torch.dot(o, o) - 1.0
    disc = b * b - 4.0 * c
    return (-b - torch.sqrt(disc)) / 2.0


class Composite(torch.autograd.Function):
    @staticmethod
    def forward(ctx, sigma):
        w = weights_stable(sigma)
        ctx.save_for_backward(sigma, w)
        return (w * _const(RGB, sigma)).sum()

    @staticmethod
    def backward(ctx, g):
        sigma, w = ctx.saved_tensors
        rgb = _const(RGB, sigma)
        t_after = torch.exp(-torch.cumsum(sigma * DELTA, dim=-1))
        suffix = (w * rgb).sum() - torch.cumsum(w * rgb, dim=-1)
        return g * DELTA * (t_after * rgb - suffix)


class CompositeBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, sigma):
        w = weights_stable(sigma)
        ctx.save_for_backward(sigma, w)
        return (w * _const(RGB, sigma)).sum()

    @staticmethod
    def backward(ctx, g):
        sigma, w = ctx.saved_tensors
        rgb = _const(RGB, sigma)
        sd = sigma * DELTA
        t_before = torch.exp(-(torch.cumsum(sd, dim=-1) - sd))
        suffix = (w * rgb).sum() - torch.cumsum(w * rgb, dim=-1)
        return g * DELTA * (t_before * rgb - suffix)


def render_custom(sigma):
    return Composite.apply(sigma)


def render_bad(sigma):
    return CompositeBad.apply(sigma)


def fine_sample(sigma):
    """Hierarchical sampling: one fine sample at u = 0.5 by the inverse CDF of the coarse weights."""
    bins = torch.tensor([2.0, 2.5, 3.0, 3.5, 4.0], dtype=sigma.dtype)
    w = weights_nerf(sigma) + 1e-5
    pdf = w / w.sum()
    cdf = torch.cat([torch.zeros(1, dtype=sigma.dtype), torch.cumsum(pdf, dim=-1)])
    u = torch.tensor([0.5], dtype=sigma.dtype)
    idx = torch.searchsorted(cdf, u, right=True)
    lo, hi = idx - 1, idx
    t = (u - cdf[lo]) / (cdf[hi] - cdf[lo])
    return (bins[lo] + t * (bins[hi] - bins[lo])).sum()


def render_pruned(sigma):
    """Skip the empty samples (an occupancy test) before compositing the rest."""
    keep = sigma > 1e-2
    w = weights_stable(sigma[keep])
    return (w * _const(RGB, sigma)[keep]).sum()


def render_softplus_beta(raw):
    """A sharper softplus density (beta = 10): linear past beta x > 20, PyTorch's threshold."""
    return render(F.softplus(raw - 1.0, beta=10))


def disparity(sigma):
    """nerf-pytorch's raw2outputs disparity: 1 / max(1e-10, depth / acc)."""
    w = weights_nerf(sigma)
    depth_map = (w * _const(T_VALS, sigma)).sum()
    return 1.0 / torch.max(1e-10 * torch.ones_like(depth_map), depth_map / w.sum())


def fine_sample_w(w):
    """The inverse CDF at u = 1/2 of given coarse weights."""
    bins = torch.tensor([2.0, 2.5, 3.0, 3.5, 4.0], dtype=w.dtype)
    w = w + 1e-5
    pdf = w / w.sum()
    cdf = torch.cat([torch.zeros(1, dtype=w.dtype), torch.cumsum(pdf, dim=-1)])
    u = torch.tensor([0.5], dtype=w.dtype)
    idx = torch.searchsorted(cdf, u, right=True)
    lo, hi = idx - 1, idx
    t = (u - cdf[lo]) / (cdf[hi] - cdf[lo])
    return (bins[lo] + t * (bins[hi] - bins[lo])).sum()


class TruncExpAmp(torch.autograd.Function):
    """torch-ngp's trunc_exp as it ships: amp decorators on both passes, the backward's exponent clamped."""

    @staticmethod
    @torch.amp.custom_fwd(device_type="cuda", cast_inputs=torch.float32)
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.exp(x)

    @staticmethod
    @torch.amp.custom_bwd(device_type="cuda")
    def backward(ctx, g):
        x = ctx.saved_tensors[0]
        return g * torch.exp(x.clamp(-15, 15))


def render_trunc_exp_amp(raw):
    return render_stable(TruncExpAmp.apply(raw))


class CompositeOnce(torch.autograd.Function):
    """The compositing step as a CUDA extension's wrapper writes it: a once-differentiable backward."""

    @staticmethod
    def forward(ctx, sigma):
        w = weights_stable(sigma)
        ctx.save_for_backward(sigma, w)
        return (w * _const(RGB, sigma)).sum()

    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, g):
        sigma, w = ctx.saved_tensors
        rgb = _const(RGB, sigma)
        t_after = torch.exp(-torch.cumsum(sigma * DELTA, dim=-1))
        suffix = torch.flip(torch.cumsum(torch.flip(w * rgb, [0]), dim=0), [0]) - w * rgb
        return g * DELTA * (t_after * rgb - suffix)


def render_once(sigma):
    return CompositeOnce.apply(sigma)
