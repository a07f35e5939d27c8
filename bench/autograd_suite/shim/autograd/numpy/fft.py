"""autograd.numpy.fft: gradcli.numpy.fft's functions."""

import gradcli.numpy as _gnp


def __getattr__(name):
    fft = getattr(_gnp, "fft", None)
    if fft is not None and hasattr(fft, name):
        return getattr(fft, name)
    raise AttributeError(f"autograd.numpy.fft.{name}: gradcli.numpy.fft has no {name}")
