"""PyTorch's backward kernels of the ops it decomposes only forward (upsampling, adaptive and 3-d max pooling,
replication padding, grid sampling), as the forward op whose vector-Jacobian product each computes.

Autograd records such an op whole (``upsample_linear1d``) and differentiates it
with a kernel of its own (``upsample_linear1d_backward``) that ``torch._decomp``
has no decomposition of; its forward has one, which the capture traces into ops
gradcli replays. `PULLBACKS` maps each backward kernel to that forward: given
the backward node's arguments (tensors as their fake values), an entry returns
``(forward, primals)``, where ``forward`` is a function of the primal tensors
calling the forward ATen op, and each primal is either the position of the
backward argument that holds it (the input of a max pool, whose gradient
depends on where the maxima are) or a shape (the input of a map linear in it,
such as an upsampling, whose kernel is given no input: it is pulled back at zero).
The first argument of every backward kernel here is the cotangent.
`torch_graph` traces ``forward`` and replays the kernel as the pullback of that trace.
"""

from __future__ import annotations


def _aten(name):
    """The ATen op ``name`` (``upsample_linear1d.default``)."""
    import torch  # lazy: only a PyTorch target needs it

    packet, overload = name.split(".")
    return getattr(getattr(torch.ops.aten, packet), overload)


def _upsample(name):
    """A backward kernel ``(g, output_size, input_size, *options)`` of an upsampling linear in its input."""

    def entry(g, output_size, input_size, *options):
        op = _aten(name)
        return (lambda x: op(x, output_size, *options)), [tuple(input_size)]

    return entry


def _pooled_to(name, dims, first=False):
    """A backward kernel ``(g, x, ...)`` of an adaptive pool over ``dims`` axes to the cotangent's own size;
    ``first``: the op also returns the maxima's indices."""

    def entry(g, x, *indices):
        op, size = _aten(name), list(g.shape[-dims:])
        return ((lambda a: op(a, size)[0]) if first else (lambda a: op(a, size))), [1]

    return entry


def _max_pool_with_indices(name):
    """``max_poolNd_with_indices_backward(g, x, kernel, stride, padding, dilation, ceil_mode, indices)``."""

    def entry(g, x, kernel, stride, padding, dilation, ceil_mode, indices):
        op = _aten(name)
        return (lambda a: op(a, kernel, stride, padding, dilation, ceil_mode)[0]), [1]

    return entry


def _padded(name):
    """``replication_padNd_backward(g, x, padding)``."""

    def entry(g, x, padding):
        op = _aten(name)
        return (lambda a: op(a, padding)), [1]

    return entry


def _grid_sampled(name):
    """``grid_sampler_Nd_backward(g, input, grid, interpolation, padding_mode, align_corners, output_mask)``: the
    gradients of the input and of the grid."""

    def entry(g, x, grid, interpolation, padding_mode, align_corners, output_mask):
        op = _aten(name)
        return (lambda a, b: op(a, b, interpolation, padding_mode, align_corners)), [1, 2]

    return entry


PULLBACKS = {
    "upsample_linear1d_backward": _upsample("upsample_linear1d.default"),
    "upsample_bilinear2d_backward": _upsample("upsample_bilinear2d.default"),
    "upsample_trilinear3d_backward": _upsample("upsample_trilinear3d.default"),
    "upsample_bicubic2d_backward": _upsample("upsample_bicubic2d.default"),
    "upsample_nearest1d_backward": _upsample("upsample_nearest1d.default"),
    "upsample_nearest2d_backward": _upsample("upsample_nearest2d.default"),
    "upsample_nearest3d_backward": _upsample("upsample_nearest3d.default"),
    "_upsample_nearest_exact1d_backward": _upsample("_upsample_nearest_exact1d.default"),
    "_upsample_nearest_exact2d_backward": _upsample("_upsample_nearest_exact2d.default"),
    "_upsample_nearest_exact3d_backward": _upsample("_upsample_nearest_exact3d.default"),
    "_adaptive_avg_pool2d_backward": _pooled_to("_adaptive_avg_pool2d.default", 2),
    "adaptive_max_pool2d_backward": _pooled_to("adaptive_max_pool2d.default", 2, first=True),
    "adaptive_max_pool3d_backward": _pooled_to("adaptive_max_pool3d.default", 3, first=True),
    "max_pool3d_with_indices_backward": _max_pool_with_indices("max_pool3d_with_indices.default"),
    "replication_pad1d_backward": _padded("replication_pad1d.default"),
    "replication_pad2d_backward": _padded("replication_pad2d.default"),
    "replication_pad3d_backward": _padded("replication_pad3d.default"),
    "grid_sampler_2d_backward": _grid_sampled("grid_sampler_2d.default"),
    "grid_sampler_3d_backward": _grid_sampled("grid_sampler_3d.default"),
}
