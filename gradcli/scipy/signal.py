"""``scipy.signal``'s differentiable functions: ``convolve`` (with HIPS autograd's axes and dot_axes)."""

from ..autodiff.scipy_namespace import signal as _space

globals().update(vars(_space))
__all__ = sorted(vars(_space))
