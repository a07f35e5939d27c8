"""autograd.numpy is gradcli.numpy."""

from gradcli.numpy import *  # noqa: F401,F403

from . import fft, linalg, random  # noqa: F401
