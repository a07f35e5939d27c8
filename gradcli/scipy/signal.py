"""``scipy.signal``'s differentiable functions: ``convolve`` (with HIPS autograd's axes and dot_axes)."""

from ..autodiff.ops_signal import convolve  # noqa: F401
