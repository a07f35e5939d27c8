"""NumPy's random numbers, as autograd.numpy.random forwards them."""

from numpy.random import *  # noqa: F401,F403
from numpy.random import seed  # noqa: F401
