"""``scipy.signal.windows``: SciPy's windows, their mathematics in an exact run (see `gradcli.autodiff.scipy_windows`)."""

from ...autodiff.scipy_namespace import signal_windows as _space

globals().update(vars(_space))
__all__ = sorted(vars(_space))
