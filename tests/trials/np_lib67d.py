"""A user's plain NumPy / SciPy code, sixty-seventh round (d): np.cumsum, np.cumprod with a zero and with underflow,
np.sinc at 0 and beside it, np.logaddexp.accumulate at +-800, np.maximum.accumulate with a tie, and
scipy.special's log_ndtr / ndtri / erfcx in the far tails."""
import numpy as np
from scipy import special


def cumsum_weighted(x):
    return np.sum(np.array([1.0, -2.0, 0.5]) * np.cumsum(x))


def cumprod_sum(x):
    return np.sum(np.cumprod(x))


def sinc(x):
    return np.sum(np.sinc(x))


def logcumsumexp(x):
    return np.sum(np.logaddexp.accumulate(x))


def running_max(x):
    return np.sum(np.maximum.accumulate(x))


def log_ndtr(x):
    return np.sum(special.log_ndtr(x))


def ndtri(p):
    return np.sum(special.ndtri(p))


def erfcx(x):
    return np.sum(special.erfcx(x))
