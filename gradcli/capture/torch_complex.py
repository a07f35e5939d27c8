"""PyTorch's complex-tensor ATen ops (FFTs, real and imaginary views, polar form) as gradcli's complex ops.

A real loss reaches complex tensors through ``torch.stft``, ``torch.fft`` and
``torch.polar``, and leaves them through ``.real``, ``.imag``, ``.abs()`` or
``.angle()``; PyTorch's trace spells those as ``view_as_real`` and a select.
Each entry of `COMPLEX_OPS` takes ATen's arguments in its schema order and
computes with ``gradcli.numpy``, whose FFTs and complex arithmetic run on
floats, balls and proof numbers alike (`ops_fft`, `arb_complex`). The ops that
PyTorch shares between real and complex tensors (mul, add, sum, select,
transpose) replay through `torch_ops.OPS` unchanged.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.values import raw

# ATen's FFT normalization codes (at::native::fft_norm_mode): none, by 1/sqrt(n), by 1/n.
_FORWARD_NORM = {0: "backward", 1: "ortho", 2: "forward"}  # the scaling put on a forward transform
_INVERSE_NORM = {0: "forward", 1: "ortho", 2: "backward"}  # the same codes on an inverse one


def _axes(x, dim):
    ndim = np.ndim(raw(x))
    return tuple(d % ndim for d in dim)


def _fft_r2c(x, dim, normalization, onesided):
    """A real tensor's transform along ``dim``: its last axis halved when ``onesided`` (rfftn), else in full."""
    transform = gnp.fft.rfftn if onesided else gnp.fft.fftn
    return transform(x, axes=_axes(x, dim), norm=_FORWARD_NORM[normalization])


def _fft_c2c(x, dim, normalization, forward):
    transform = gnp.fft.fftn if forward else gnp.fft.ifftn
    return transform(x, axes=_axes(x, dim), norm=(_FORWARD_NORM if forward else _INVERSE_NORM)[normalization])


def _fft_c2r(x, dim, normalization, last_dim_size):
    """The real inverse of a halved spectrum, its last transformed axis ``last_dim_size`` long (irfftn)."""
    axes = _axes(x, dim)
    sizes = [np.shape(raw(x))[axis] for axis in axes[:-1]] + [last_dim_size]
    return gnp.fft.irfftn(x, s=sizes, axes=axes, norm=_INVERSE_NORM[normalization])


def _view_as_real(z):
    return gnp.stack([gnp.real(z), gnp.imag(z)], axis=-1)


def _view_as_complex(x):
    return _complex(x[..., 0], x[..., 1])


def _complex(re, im):
    return gnp.add(re, gnp.multiply(1j, im))  # a part may be a ball, which a Python complex cannot multiply


def _polar(r, theta):
    return _complex(r * gnp.cos(theta), r * gnp.sin(theta))


def _real(z):
    return gnp.real(z)


def _imag(z):
    return gnp.imag(z)


# ATen op -> its replay on complex tensors (`torch_graph` merges it into the table of `torch_ops.OPS`).
COMPLEX_OPS = {
    "_fft_r2c": _fft_r2c,
    "_fft_c2c": _fft_c2c,
    "_fft_c2r": _fft_c2r,
    "view_as_real": _view_as_real,
    "view_as_complex": _view_as_complex,
    "real": _real,
    "imag": _imag,
    "complex": _complex,
    "polar": _polar,
    "angle": gnp.angle,
    "conj": gnp.conj,
    "_conj": gnp.conj,
    "conj_physical": gnp.conj,
    "_conj_physical": gnp.conj,
    "_neg_view": gnp.negative,  # the lazy negation a conjugate's view carries (conj().imag, an einsum of a conj())
    "resolve_conj": lambda z: z,
    "resolve_neg": lambda z: z,
}
