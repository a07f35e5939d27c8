"""The ops of ``torch.nn.functional`` in a captured PyTorch graph, as gradcli ops: activations, softmax,
losses, convolutions and distances, and the backward ops of activations.

The table `NN_OPS` extends `torch_ops.OPS` (tensor arithmetic, reductions,
shapes, linear algebra) for the fused operations a model and its loss bring;
each entry takes the node's arguments in ATen's schema order and returns what
the ATen op returns, computed with ``gradcli.numpy`` on arrays of a dtype,
mpmath numbers and flint balls alike. Where PyTorch's kernel takes a branch
(softplus's threshold, sigmoid's exp), the replay takes it the same way. A
fused op whose decomposition is not its kernel's mathematics is replayed as the
kernel computes it: ``mish`` (whose decomposition would bring softplus's
threshold, which the kernel lacks), ``silu`` and their backward ops, and
``hardsigmoid_backward`` (the kernel's float32 sixth in every dtype). The
others were held to PyTorch's own numbers at 1,400 points each in both dtypes
(gelu in both approximations, elu/selu/celu, softplus with beta, logsigmoid,
hardswish, log_softmax, BCE-with-logits with pos_weight): their decompositions
switch where the kernels do and differ only by rounding.

A switch on a comparison is made with gradcli's comparisons and picks (whose
decisions the exact reference and the kink test see), so a fused op at its
switch is judged as the same function written with ``where`` is: softplus's
threshold here (`_above`); clamp, clamp_min and clamp_max as maximum and
minimum, max/min/amax/amin as gradcli's reductions (`torch_ops`); hardtanh,
relu6, relu, threshold, leaky_relu, elu, selu, celu, hardsigmoid, hardswish,
the shrinks, huber and smooth_l1 losses reach the replay as PyTorch's own
decompositions into comparisons and ``where``.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.plain import Plain, kept
from ..autodiff.tracer import hooks
from ..autodiff.ops_shape import ranked
from ..autodiff.values import holds_complex, raw
from ..errors import InputError
from . import convolution, torch_ctc
from .exact_constants import MP, kind_of, lift
from .torch_ops import _MEAN, _NONE, _SUM, _add, _arithmetic, _axes, _cast, _divide, _reduce, _where, is_exact


def _above(x, threshold):
    """``x > threshold`` entry by entry as booleans: the switch of a fused op (softplus's threshold).

    gradcli's comparison, as a hand-written ``where`` on ``x > threshold`` is: on
    high-precision values each decision is recorded, so the exact reference
    follows one smooth piece past the switch and a point on it is a kink or a
    jump for the kink test (PyTorch's softplus is left-continuous at its
    threshold: no derivative from the right); a jet is compared by its value
    ball, as a ball is. A replay in a float dtype makes the same comparison, so
    its recording follows the exact one op by op.
    """
    return np.asarray(raw(gnp.greater(x, threshold)), dtype=bool)


def _softplus(x, beta=1, threshold=20):
    # PyTorch's kernel: the input itself where beta * x > threshold, else log1p(exp(beta * x)) / beta
    # (gradcli's softplus: the same function, which cannot overflow in the branch not taken).
    scaled = x * beta if beta != 1 else x
    entries = _bare_mp_entries(scaled)
    if entries is not None and beta == 1:
        return _softplus_on_mp(x, entries, threshold)
    above = _above(scaled, threshold)
    below = None if above.all() else gnp.softplus(scaled) / beta if beta != 1 else gnp.softplus(scaled)
    if not above.any():
        return below
    return x if below is None else gnp.where(above, x, below)


def _bare_mp_entries(x):
    """``x``'s mpmath numbers as an object array where a replay on them is seen by no recorder: no hook but the noise
    estimate's rounding flip, which reads no op (`precision._Rounding`), and no trace's box. None otherwise."""
    forward = hooks.forward
    if forward is not None and getattr(forward, "reads_locations", True) is not False:
        return None
    if type(x) is not np.ndarray and type(x) is not Plain:
        return None
    value = raw(x)
    if type(value) is not np.ndarray or value.dtype != object or not value.size or kind_of([value]) != MP:
        return None
    return value


def _softplus_on_mp(x, entries, threshold):
    """`_softplus` on mpmath numbers no recorder sees (the noise estimate's replays, most of a check's softplus calls):
    the threshold compared entry by entry as mpmath's ``greater`` compares, and gradcli's softplus on the entries
    below it alone, each the number the general path gives; the rounding flip still sees one op per op of it."""
    above = np.array([entry > threshold for entry in entries.flat], dtype=bool).reshape(entries.shape)
    _seen(gnp.greater, (entries, threshold), above)
    if above.all():
        return x
    if not above.any():
        return gnp.softplus(x)
    out = entries.copy()
    out[~above] = raw(gnp.softplus(entries[~above]))
    _seen(gnp.where, (above, entries, entries), out)
    return kept(out) if type(x) is Plain else out


def _seen(op, args, ans):
    """Tell the forward hook (the rounding flip) that ``op`` ran, as its door would have."""
    if hooks.forward is not None:
        hooks.forward(op.prim, args, {}, ans)


def _half_in_float32(kernel):
    """``kernel`` on tensors of a half dtype computed in float32 and cast back, as PyTorch's CPU kernels compute them.

    The dtype is the last tensor's; Python numbers (a softplus's beta and
    threshold) stay as they are, weak scalars in whatever the tensors compute in.
    """

    def run(*args):
        tensors = [a for a in args if type(a) not in (int, float)]
        last = tensors[-1]
        if is_exact(last) or np.asarray(raw(last)).dtype.itemsize >= 4:
            return kernel(*args)
        kind = np.asarray(raw(last)).dtype.name
        return _cast(kernel(*(a if type(a) in (int, float) else _cast(a, "float32") for a in args)), kind)

    return run


@_half_in_float32
def _softplus_backward(g, x, beta, threshold):
    """``aten.softplus_backward`` as PyTorch's decomposition computes it, op by op: ``g`` where beta * x is
    above the threshold, else ``g * z / (z + 1)`` with ``z = exp(beta * x)``.

    One entry instead of the decomposition's eight nodes: a trace records it as
    one op (tracing each node costs more than replaying it); its replay calls the
    same operations in the same order, so each is recorded at the same line.
    Half dtypes compute in float32, as the decomposition's casts do.
    """
    z = gnp.exp(_arithmetic(gnp.multiply, x, beta))
    above = gnp.greater(_arithmetic(gnp.multiply, x, beta), threshold)  # gradcli's comparison, as `gt` replays
    return _where(above, g, _divide(_arithmetic(gnp.multiply, g, z), _add(z, 1.0)))


def _kernel_sigmoid(x):
    """``1 / (1 + exp(-x))``, the sigmoid PyTorch's fused kernels (mish's, silu's backward) compute inline."""
    return _divide(1.0, _add(gnp.exp(gnp.negative(x)), 1.0))


@_half_in_float32
def _mish(x):
    # PyTorch's CPU kernel: x tanh(log1p(exp(x))), with no threshold: its decomposition's softplus would add
    # softplus's switch at 20 (a jump of log1p(e^-20) in the exact replay) where PyTorch's mish is smooth.
    return gnp.multiply(x, gnp.tanh(gnp.log1p(gnp.exp(x))))


@_half_in_float32
def _mish_backward(g, x):
    """``aten.mish_backward`` as PyTorch's CPU kernel computes it: ``g (t + x s (1 - t^2))`` with ``s = 1/(1 + exp(-x))``
    and ``t = tanh(log1p(exp(x)))``, op by op, so its loss in the dtype (s = 0 for x below -709 in float64, where
    the exact s is e^x) is an op the recorder names at the user's line."""
    s = _kernel_sigmoid(x)
    t = gnp.tanh(gnp.log1p(gnp.exp(x)))
    return gnp.multiply(g, gnp.add(t, gnp.multiply(gnp.multiply(x, s), gnp.subtract(1.0, gnp.multiply(t, t)))))


@_half_in_float32
def _silu(x):
    # PyTorch's CPU kernel: x / (1 + exp(-x)) (one division; the decomposition's x * sigmoid(x) rounds twice).
    return _divide(x, _add(gnp.exp(gnp.negative(x)), 1.0))


@_half_in_float32
def _silu_backward(g, x):
    """``aten.silu_backward`` as PyTorch's CPU kernel computes it: ``g s (1 + x (1 - s))`` with ``s = 1/(1 + exp(-x))``."""
    s = _kernel_sigmoid(x)
    return gnp.multiply(gnp.multiply(g, s), _add(gnp.multiply(x, gnp.subtract(1.0, s)), 1.0))


def _conjugated(slope):
    """``slope``'s complex conjugate where it holds complex numbers; a real slope as it is."""
    return gnp.conj(slope) if holds_complex(slope) else slope


@_half_in_float32
def _hardsigmoid_backward(g, x):
    """``aten.hardsigmoid_backward``: ``g / 6`` strictly between -3 and 3, else 0.

    PyTorch's CPU kernel multiplies by ``1.0f / 6.0f``, a float32 constant, in
    every dtype: its float64 gradient is 3e-8 off. The replay in a dtype
    multiplies by that constant, so the loss is an op at the user's line; the
    exact replay multiplies by the exact sixth (the rule's mathematics). Half
    dtypes multiply in float32 and round once, as the kernel does.
    """
    kind = kind_of([g, x])
    if kind is None:
        sixth = float(np.float32(1.0) / np.float32(6.0))
    else:
        sixth = lift(1.0, kind) / 6
    inside = gnp.logical_and(gnp.greater(x, -3.0), gnp.less(x, 3.0))
    return gnp.where(np.asarray(raw(inside)), gnp.multiply(g, sixth), 0 * raw(g))


def _bce_with_logits(x, target, weight=None, pos_weight=None, reduction=_MEAN):
    # ATen's form: (1 - t) x + (1 + (pw - 1) t) (log1p(exp(-|x|)) + max(-x, 0)).
    log_sigmoid_neg = gnp.log1p(gnp.exp(-gnp.abs(x))) + gnp.maximum(-x, 0)
    if pos_weight is not None:
        loss = (1 - target) * x + (1 + (pos_weight - 1) * target) * log_sigmoid_neg
    else:
        loss = (1 - target) * x + log_sigmoid_neg
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def _nll_loss_forward(x, target, weight=None, reduction=_MEAN, ignore_index=-100):
    labels = np.asarray(raw(target))
    kept = labels != ignore_index
    safe = np.where(kept, labels, 0)
    if np.ndim(raw(x)) == 1:
        picked = x[int(safe)] if kept else 0 * x[0]
        w = (weight[int(safe)] if weight is not None else 1.0) if kept else 0.0
    else:
        picked = gnp.take_along_axis(x, safe[:, None], 1)[:, 0]
        w = (weight[safe] if weight is not None else np.ones(labels.shape)) * kept
        w = w if weight is not None else w.astype(np.asarray(raw(x)).dtype if not is_exact(x) else float)
    losses = -picked * w
    if reduction == _NONE:
        return losses, gnp.sum(w) if np.ndim(raw(x)) > 1 else w
    total = gnp.sum(w) if np.ndim(raw(x)) > 1 else w
    if reduction == _SUM:
        return gnp.sum(losses), total
    return gnp.sum(losses) / total, total


def _mse_loss(x, target, reduction=_MEAN):
    return _reduce((x - target) ** 2, reduction)


def _log_softmax(x, dim, half_to_float=False):
    return x - gnp.logsumexp(x, axis=_axes(dim, x), keepdims=True)


def _softmax(x, dim, half_to_float=False):
    shifted = x - gnp.amax(x, axis=_axes(dim, x), keepdims=True)
    e = gnp.exp(shifted)
    return e / gnp.sum(e, axis=_axes(dim, x), keepdims=True)


def _sigmoid(x):
    # PyTorch's kernel is 1 / (1 + exp(-x)): in a dtype its exp overflows (below -88 in float32) and the
    # result is 0 where gradcli's sigmoid keeps a subnormal; a replay in a dtype follows the kernel, so the
    # overflow PyTorch meets is named at its line. High precision takes gradcli's sigmoid (the same function);
    # so do half dtypes, which PyTorch's kernel computes in float32 (where exp(12) does not overflow).
    if is_exact(x) or np.asarray(raw(x)).dtype.itemsize < 4:
        return gnp.sigmoid(x)
    return 1 / (1 + gnp.exp(-x))


def _convolved(x, weight, stride, padding, dilation, transposed, output_padding, groups):
    """The convolution ``aten.convolution`` names, without its bias: a correlation, or a transposed one."""
    if not transposed:
        return convolution.convolve(x, weight, tuple(stride), [(p, p) for p in padding], None, tuple(dilation), int(groups))
    # A transposed convolution correlates the input spread out by the stride (stride - 1 zeros between neighbours)
    # with the kernel flipped and each group's in and out channels swapped, padded so that every product lands.
    kernel = np.shape(raw(weight))[2:]
    flipped = gnp.flip(weight, axis=tuple(range(2, 2 + len(kernel))))
    per_group = np.shape(raw(weight))[0] // int(groups)
    parts = [gnp.swapaxes(flipped[g * per_group:(g + 1) * per_group], 0, 1) for g in range(int(groups))]
    swapped = parts[0] if len(parts) == 1 else gnp.concatenate(parts, axis=0)
    widths = [(d * (k - 1) - p, d * (k - 1) - p + extra) for k, d, p, extra in zip(kernel, dilation, padding, output_padding)]
    return convolution.convolve(x, swapped, (1,) * len(kernel), widths, tuple(stride), tuple(dilation), int(groups))


def _convolution(x, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    """``aten.convolution`` (``F.conv1d/2d/3d``, ``F.conv_transpose1d/2d/3d``): gradcli's convolution of the input,
    plus the bias per channel."""
    out = _convolved(x, weight, stride, padding, dilation, transposed, output_padding, groups)
    if bias is None:
        return out
    return out + gnp.reshape(bias, (1, -1) + (1,) * (np.ndim(raw(out)) - 2))


def _convolution_backward(g, x, weight, bias_sizes, stride, padding, dilation, transposed, output_padding, groups, output_mask):
    """``aten.convolution_backward``: the gradients of the input, the kernel and the bias, as the convolution's VJP."""

    def forward(a, b):
        return _convolved(a, b, stride, padding, dilation, transposed, output_padding, groups)

    grad_x, grad_w = convolution.pullback(forward, (x, weight), g)
    grad_b = gnp.sum(g, axis=(0,) + tuple(range(2, np.ndim(raw(g))))) if bias_sizes is not None and output_mask[2] else None
    return grad_x, grad_w, grad_b


def _avg_pool(dims, x, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    """``aten.avg_pool2d``/``avg_pool3d`` over the last ``dims`` axes: each window's sum divided as PyTorch's kernel
    divides it: by the window's cells inside the padded input (``count_include_pad``), inside the input alone, or
    by ``divisor_override``; with ``ceil_mode`` a last window may hang past the padding."""
    unbatched = np.ndim(raw(x)) == dims + 1
    if unbatched:
        x = gnp.expand_dims(x, 0)
    kernel, padding = _per_axis(kernel_size, dims), _per_axis(padding, dims)
    stride = _per_axis(stride, dims) if len(stride or ()) else kernel
    pads, divisor = [], np.ones((), dtype=np.int64)
    for n, k, s, p in zip(np.shape(raw(x))[2:], kernel, stride, padding):
        out = (n + 2 * p - k + (s - 1 if ceil_mode else 0)) // s + 1
        if ceil_mode and (out - 1) * s >= n + p:  # a window must start inside the input or its left padding
            out -= 1
        pads.append((p, (out - 1) * s + k - n - p))
        starts = np.arange(out) * s - p
        ends = np.minimum(starts + k, n + p)
        cells = ends - starts if count_include_pad else np.minimum(ends, n) - np.maximum(starts, 0)
        divisor = np.multiply.outer(divisor, cells)
    if divisor_override:
        divisor = np.full(divisor.shape, divisor_override)
    divisor = divisor.astype(object) if is_exact(x) else divisor.astype(np.asarray(raw(x)).dtype)
    pooled = convolution.window_sums(x, kernel, stride, pads) / divisor
    return pooled[0] if unbatched else pooled


def _per_axis(value, dims):
    """A pooling option (an int, or a list of one or ``dims`` ints) as ``dims`` ints."""
    value = [value] if isinstance(value, int) else list(value)
    return tuple(value * dims if len(value) == 1 else value)


def _avg_pool_backward(dims, g, x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """``aten.avg_pool2d_backward``/``avg_pool3d_backward``: the average pool's VJP."""
    pool = functools.partial(_avg_pool, dims, kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                             count_include_pad=count_include_pad, divisor_override=divisor_override)
    return convolution.pullback(pool, (x,), g)[0]


def _adaptive_max_pool(dims, x, output_size):
    """``aten.adaptive_max_pool2d``/``3d``: the maximum of each adaptive window (output i of n along an axis of m
    entries reads entries floor(i m / n) to ceil((i + 1) m / n)), and its flat index in the input's plane.

    The indices serve PyTorch's backward kernel, which gradcli replays from the
    values (`torch_pullbacks`); on exact numbers, which NumPy cannot rank in
    every kind, they are not computed (None).
    """
    lead, shape = np.shape(raw(x))[:-dims], np.shape(raw(x))[-dims:]
    bounds = [[(i * m // n, -(-(i + 1) * m // n)) for i in range(n)] for m, n in zip(shape, output_size)]
    values, indices = [], []
    for window in itertools.product(*bounds):
        part = x[(Ellipsis,) + tuple(slice(a, b) for a, b in window)]
        values.append(gnp.amax(part, axis=tuple(range(-dims, 0))))
        if not is_exact(x):
            local = np.unravel_index(np.argmax(np.reshape(raw(part), lead + (-1,)), axis=-1), np.shape(raw(part))[-dims:])
            indices.append(np.ravel_multi_index(tuple(at + a for at, (a, _) in zip(local, window)), shape))
    pooled = gnp.reshape(gnp.stack(values, axis=-1), lead + tuple(output_size))
    return pooled, (np.reshape(np.stack(indices, axis=-1), lead + tuple(output_size)) if indices else None)


def _cdist(x1, x2, p=2.0, compute_mode=None):
    """``aten._cdist_forward``: the p-norm distance between every row of x1 and every row of x2."""
    return _p_norm(gnp.expand_dims(x1, -2) - gnp.expand_dims(x2, -3), p)


def _p_norm(difference, p):
    """The p-norm of ``difference`` along its last axis, as PyTorch's distance kernels take it for p = 2, 1, inf and others."""
    if p == 2:
        return gnp.sqrt(gnp.sum(difference * difference, axis=-1))
    if p == 1:
        return gnp.sum(gnp.abs(difference), axis=-1)
    if p == float("inf"):
        return gnp.amax(gnp.abs(difference), axis=-1)
    return gnp.sum(gnp.abs(difference) ** p, axis=-1) ** (1.0 / p)


def _distance_slopes(g, difference, distance, p):
    """PyTorch's distance kernels' gradient in the pairs' ``difference`` (last axis: coordinates) for the upstream
    ``g`` of their p-norm ``distance``: the norm's slope, and 0 where the distance is 0 (its kink at a repeated point,
    where PyTorch's kernels take the subgradient 0 rather than 0/0) or, for p < 1, where a coordinate's is."""
    g, distance = gnp.expand_dims(g, -1), gnp.expand_dims(distance, -1)
    sign = gnp.sign(difference)
    if p == 0:
        return gnp.zeros_like(g * difference)
    if p == 1:
        return g * sign
    if p == float("inf"):
        return gnp.where(gnp.equal(gnp.abs(difference), distance), g * sign, gnp.zeros_like(g * sign))
    zero = gnp.equal(distance, 0)
    safe = gnp.where(zero, gnp.ones_like(distance), distance)
    if p == 2:
        slope = difference / safe
    elif p < 2:
        size = gnp.abs(difference)
        if p < 1:  # |d|^(p - 1) is infinite at a coordinate of 0, which PyTorch's kernel takes as slope 0
            flat = gnp.equal(size, 0)
            zero = gnp.logical_or(zero, flat)
            size = gnp.where(flat, gnp.ones_like(size), size)
        slope = sign * size ** (p - 1) / safe ** (p - 1)
    else:
        slope = difference * gnp.abs(difference) ** (p - 2) / safe ** (p - 1)
    return gnp.where(zero, gnp.zeros_like(g * slope), g * slope)


def _cdist_backward(g, x1, x2, p, cdist):
    """``aten._cdist_backward``: the gradient of the distances in x1, as PyTorch's kernel takes it (`_distance_slopes`)."""
    difference = gnp.expand_dims(x1, -2) - gnp.expand_dims(x2, -3)
    return gnp.sum(_distance_slopes(g, difference, cdist, p), axis=-2)


def _pair_rows(x):
    """The rows i < j of ``x`` paired, in ``torch.pdist``'s order (row by row): their differences."""
    first, second = np.triu_indices(np.shape(raw(x))[0], 1)
    return x[first] - x[second]


def _pdist(x, p=2.0):
    """``aten._pdist_forward`` (``torch.pdist``): the p-norm distance of every pair of rows i < j, as ``_cdist`` measures it."""
    return _p_norm(_pair_rows(x), p)


def _pdist_backward(g, x, p, pdist):
    """``aten._pdist_backward``: the gradient of the pair distances in ``x``, as PyTorch's kernel takes it
    (`_distance_slopes`), handed from the pairs back to their rows."""
    slopes = _distance_slopes(g, _pair_rows(x), pdist, p)
    return convolution.pullback(_pair_rows, (x,), slopes)[0]


def _multi_margin_loss(x, target, p=1, margin=1, weight=None, reduction=_MEAN):
    """``F.multi_margin_loss``: per sample, sum over j != y of ``w[y] max(0, margin - x[y] + x[j])^p / C``, as PyTorch's kernel.

    The hinge is a switch on ``z > 0`` made with gradcli's comparison (PyTorch's
    kernel takes the slope 0 at z = 0), the way a hand-written ``where`` is judged.
    """
    labels = np.asarray(raw(target)).astype(np.intp).reshape(-1)
    x2 = gnp.reshape(x, (labels.size, -1))
    n, classes = np.shape(raw(x2))
    picked = gnp.take_along_axis(x2, labels[:, None], 1)
    z = margin - picked + x2
    others = np.arange(classes)[None, :] != labels[:, None]
    kept = np.asarray(raw(gnp.greater(z, 0)), dtype=bool) & others
    hinge = gnp.where(kept, z, 0 * z)
    terms = hinge if p == 1 else hinge * hinge
    if weight is not None:
        terms = terms * gnp.reshape(weight[labels], (n, 1))
    losses = gnp.sum(terms, axis=1) / classes
    if np.ndim(raw(x)) == 1:
        losses = losses[0]
    return _reduce(losses, reduction)


def _multi_margin_loss_backward(g, x, target, p, margin, weight=None, reduction=_MEAN):
    """``aten.multi_margin_loss_backward``: the loss's gradient in ``x``, as the VJP of `_multi_margin_loss`."""
    return convolution.pullback(lambda a: _multi_margin_loss(a, target, p, margin, weight, reduction), (x,), g)[0]


def _histc(x, bins=100, min=0, max=0):  # noqa: A002 - ATen's names
    """``aten.histc``: counts of ``x`` in ``bins`` equal bins over [min, max] (the data's range when both are 0).

    PyTorch gives the counts no gradient (a count is a step function of the
    data, flat between jumps): the replay is a constant of the input's dtype,
    counted on the entries' values (a high-precision entry by its float value).
    """
    exact = is_exact(x)
    values = np.asarray(raw(x), dtype=object if exact else None)
    values = np.vectorize(float, otypes=[float])(values) if exact else values.astype(float)
    low, high = float(min), float(max)
    if low == high and values.size:
        low, high = float(values.min()), float(values.max())
    if low == high:
        low, high = low - 1, high + 1
    inside = values[(values >= low) & (values <= high)]
    index = np.minimum(((inside - low) * bins / (high - low)).astype(np.intp), bins - 1)
    counts = np.bincount(index, minlength=bins)[:bins]
    if exact:
        return counts.astype(float)
    return counts.astype(np.asarray(raw(x)).dtype)


def _weight_norm_backward(grad_w, v, g, norms, dim):
    """``aten._weight_norm_interface_backward``: the gradients of ``w = v g / |v|`` (the norm over all dims but ``dim``) in v and g.

    As PyTorch's kernel, from the norms its forward saved: with ``s = sum(grad_w v)``
    over those dims, ``grad_g = s / |v|`` and ``grad_v = g / |v| (grad_w - v s / |v|^2)``
    (``dim`` -1: the norm of the whole tensor).
    """
    axes = tuple(i for i in range(np.ndim(raw(v))) if i != dim) if dim != -1 else None
    s = gnp.sum(grad_w * v, axis=axes, keepdims=True)
    grad_g = gnp.reshape(s / norms, np.shape(raw(g)))
    grad_v = g / norms * (grad_w - v * (s / (norms * norms)))
    return grad_v, grad_g


def _shrink_backward(g, x, lambd):
    """``aten.softshrink_backward``/``hardshrink_backward``: ``g`` where |x| > lambd, else 0 (both shrinks' slope is 1 there)."""
    kept = gnp.logical_or(gnp.greater(x, lambd), gnp.less(x, -lambd))
    return gnp.where(np.asarray(raw(kept)), g, 0 * raw(g))


def _trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """``aten._trilinear`` (``F.bilinear`` and its backward): the three inputs, each with size-1 axes put in at
    its ``expand`` positions, multiplied by broadcasting and summed over ``sumdim`` (those axes dropped)."""
    product = _grown(i1, expand1) * _grown(i2, expand2) * _grown(i3, expand3)
    return gnp.sum(product, axis=tuple(sumdim)) if len(sumdim) else product


def _grown(x, axes):
    for axis in sorted(axes):
        x = gnp.expand_dims(x, axis)
    return x


def _rrelu(x, noise, lower=0.125, upper=1.0 / 3, training=False, generator=None):
    """``aten.rrelu_with_noise`` in evaluation: leaky ReLU with the mean slope; training's random slopes are refused."""
    _deterministic_rrelu(training)
    return gnp.where(_above(x, 0), x, x * ((lower + upper) / 2))


def _rrelu_backward(g, x, noise, lower, upper, training, self_is_result):
    _deterministic_rrelu(training)
    return gnp.where(_above(x, 0), g, g * ((lower + upper) / 2))


def _deterministic_rrelu(training):
    if training:
        raise InputError(
            "F.rrelu in training mode draws a random slope for each negative entry inside its kernel, which gradcli's "
            "replay of PyTorch cannot draw again, so its exact reference cannot be computed: check the model in "
            "evaluation mode (model.eval(), or F.rrelu(x, training=False): the mean slope), or F.leaky_relu with a slope")


_BAG_SUM, _BAG_MEAN, _BAG_MAX = 0, 1, 2  # F.embedding_bag's modes as ATen numbers them


def _bags(indices, offsets, include_last_offset, padding_idx):
    """Each bag's positions in ``indices`` (a padding index's left out), as ``offsets`` cut them."""
    indices, offsets = np.asarray(raw(indices)), np.asarray(raw(offsets))
    ends = list(offsets[1:]) + ([] if include_last_offset else [len(indices)])
    starts = offsets[: len(ends)]
    return [[k for k in range(a, b) if padding_idx is None or indices[k] != padding_idx] for a, b in zip(starts, ends)]


def _embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=_BAG_SUM, sparse=False,
                   per_sample_weights=None, include_last_offset=False, padding_idx=-1):
    """``aten._embedding_bag``: each bag's rows of ``weight`` summed (weighted), averaged or maxed; an empty bag
    gives zeros. The other three outputs are what `_embedding_bag_backward` reads here: the bags and the maxima's rows."""
    rows = np.asarray(raw(indices))
    padding = None if padding_idx is None or padding_idx < 0 else padding_idx
    bags = _bags(indices, offsets, include_last_offset, padding)
    width = np.shape(raw(weight))[1]
    out, chosen = [], np.zeros((len(bags), width), dtype=np.int64)
    for b, bag in enumerate(bags):
        if not bag:
            out.append(0 * weight[0])
            continue
        picked = weight[rows[bag]]
        if per_sample_weights is not None:
            picked = picked * gnp.expand_dims(per_sample_weights[np.asarray(bag)], 1)
        if mode == _BAG_MAX:
            chosen[b] = rows[bag][np.argmax(ranked(np.asarray(raw(picked))), axis=0)]
            out.append(gnp.amax(picked, axis=0))
        else:
            out.append(gnp.sum(picked, axis=0) / (len(bag) if mode == _BAG_MEAN else 1))
    return gnp.stack(out), bags, None, chosen


def _embedding_bag_backward(g, indices, offsets, bags, bag_size, chosen, num_weights, scale_grad_by_freq, mode,
                            sparse, per_sample_weights, padding_idx=-1):
    """``aten._embedding_bag_backward``: each bag's gradient added into the rows it read (the maxima's alone),
    with ``scale_grad_by_freq`` divided by the count PyTorch's kernel reads (`_kernels_counts`)."""
    rows = np.asarray(raw(indices))
    grad = np.zeros((num_weights, np.shape(raw(g))[1]), dtype=object if is_exact(g) else np.asarray(raw(g)).dtype)
    if is_exact(g):
        grad[...] = 0.0
    counts = _kernels_counts(rows, num_weights) if scale_grad_by_freq else None
    for b, bag in enumerate(bags):
        if mode == _BAG_MAX:
            if bag:
                np.add.at(grad, (chosen[b], np.arange(grad.shape[1])), np.asarray(raw(g))[b])
            continue
        for k in bag:
            share = np.asarray(raw(g))[b] / (len(bag) if mode == _BAG_MEAN else 1)
            if per_sample_weights is not None:
                share = share * np.asarray(raw(per_sample_weights))[k]
            grad[rows[k]] = grad[rows[k]] + (share / counts[rows[k]] if counts is not None else share)
    return grad


def _kernels_counts(rows, num_weights):
    """The count each row's gradient is divided by in PyTorch's CPU ``_embedding_bag_backward`` (sum and mean) with
    ``scale_grad_by_freq``: the k-th distinct index in ascending order takes the count of the index at position k of
    the sorted indices, not its own (``[0, 0, 1, 2]``: row 1's gradient halved, as if 0's). ``F.embedding`` divides
    by the row's own count; this is the kernel's number, which the exact derivative judges."""
    ordered = np.sort(rows)
    own = np.bincount(rows, minlength=num_weights)
    counts = np.ones(num_weights, dtype=np.int64)
    for k, row in enumerate(np.unique(rows)):
        counts[row] = own[ordered[k]]
    return counts


def _embedding_bag_weights_backward(g, weight, indices, offsets, bags, mode, padding_idx=-1):
    """``aten._embedding_bag_per_sample_weights_backward``: each position's gradient, its bag's gradient dotted
    with the row it read (0 at a padding index, which no bag holds)."""
    rows, grads, table = np.asarray(raw(indices)), np.asarray(raw(g)), np.asarray(raw(weight))
    out = np.zeros(len(rows), dtype=object if is_exact(g) or is_exact(weight) else grads.dtype)
    out[...] = 0.0
    for b, bag in enumerate(bags):
        for k in bag:
            out[k] = np.dot(grads[b], table[rows[k]])
    return out


def _fake_quantize(x, scale, zero_point, quant_min, quant_max):
    """``aten.fake_quantize_per_tensor_affine_cachemask``: x rounded to the grid of ``scale`` (ties to even, as the
    kernel's nearbyint), clamped to the integer range, and the mask of the entries inside it, which PyTorch's
    straight-through backward multiplies the upstream gradient by."""
    steps = gnp.round(x / scale) + zero_point
    inside = np.asarray((raw(steps) >= quant_min) & (raw(steps) <= quant_max), dtype=bool)
    return (gnp.clip(steps, quant_min, quant_max) - zero_point) * scale, inside


# ATen op -> its replay: the forward ops with gradcli.numpy (differentiable), as in `torch_ops.OPS`.
NN_OPS = {
    "sigmoid": _sigmoid,
    "softplus": _softplus,
    "_log_softmax": _log_softmax,
    "_softmax": _softmax,
    "binary_cross_entropy_with_logits": _bce_with_logits,
    "nll_loss_forward": _nll_loss_forward,
    "mse_loss": _mse_loss,
    "convolution": _convolution,
    "avg_pool2d": functools.partial(_avg_pool, 2),
    "avg_pool3d": functools.partial(_avg_pool, 3),
    "avg_pool2d_backward": functools.partial(_avg_pool_backward, 2),
    "adaptive_max_pool2d": functools.partial(_adaptive_max_pool, 2),
    "adaptive_max_pool3d": functools.partial(_adaptive_max_pool, 3),
    "avg_pool3d_backward": functools.partial(_avg_pool_backward, 3),
    "_cdist_forward": _cdist,
    "_cdist_backward": _cdist_backward,
    "convolution_backward": _convolution_backward,
    "_pdist_forward": _pdist,
    "_pdist_backward": _pdist_backward,
    "multi_margin_loss": _multi_margin_loss,
    "multi_margin_loss_backward": _multi_margin_loss_backward,
    "histc": _histc,
    # On complex tensors PyTorch's kernels take the slope's conjugate (its gradients are conjugate Wirtinger ones).
    "sigmoid_backward": lambda g, y: g * _conjugated((1 - y) * y),
    "tanh_backward": lambda g, y: g * _conjugated(1 - y * y),
    "softplus_backward": _softplus_backward,
    "mish": _mish,
    "mish_backward": _mish_backward,
    "silu": _silu,
    "silu_backward": _silu_backward,
    "hardsigmoid_backward": _hardsigmoid_backward,
    "_weight_norm_interface_backward": _weight_norm_backward,
    "threshold_backward": lambda g, x, threshold: gnp.where(np.asarray(raw(x) <= threshold), 0 * raw(g), g),
    "softshrink_backward": lambda g, x, lambd: _shrink_backward(g, x, lambd),
    "hardshrink_backward": lambda g, x, lambd: _shrink_backward(g, x, lambd),
    "_trilinear": _trilinear,
    "_embedding_bag": _embedding_bag,
    "_embedding_bag_backward": _embedding_bag_backward,
    "_embedding_bag_per_sample_weights_backward": _embedding_bag_weights_backward,
    "rrelu_with_noise": _rrelu,
    "rrelu_with_noise_backward": _rrelu_backward,
    "_ctc_loss": torch_ctc.ctc_loss,
    "_ctc_loss_backward": torch_ctc.ctc_loss_backward,
    "fake_quantize_per_tensor_affine_cachemask": _fake_quantize,
}

# The ops above that map their tensors' entries one by one (see `torch_ops.ELEMENTWISE`).
NN_ELEMENTWISE = frozenset(
    "sigmoid softplus sigmoid_backward tanh_backward threshold_backward softplus_backward softshrink_backward "
    "hardshrink_backward mish mish_backward silu silu_backward hardsigmoid_backward rrelu_with_noise "
    "rrelu_with_noise_backward".split()
)
