"""``scipy.signal``'s differentiable functions: ``convolve`` (with HIPS autograd's axes and dot_axes), ``get_window``
and the windows of ``scipy.signal.windows``."""

from ...autodiff.scipy_namespace import signal as _space
from . import windows  # noqa: F401

globals().update(vars(_space))
__all__ = sorted(vars(_space)) + ["windows"]
