"""Plain NumPy gas dynamics whose value cancels twice, for tests/test_cancels_its_own_rounding.py."""

import numpy as np

GAMMA = 1.4


def prandtl_meyer(mach):
    """The Prandtl-Meyer angle nu(M), in radians."""
    k = (GAMMA + 1) / (GAMMA - 1)
    m2 = mach ** 2 - 1
    return np.sqrt(k) * np.arctan(np.sqrt(m2 / k)) - np.arctan(np.sqrt(m2))


def level_beside_an_exact_tie(x):
    """Nelson-Siegel's curvature loading (1 - e^-x)/x - e^-x beside an entry 1 - (1 - 2^-52) that cancels exactly."""
    xs = np.stack([x, x])
    slope = (1 - np.exp(-xs)) / xs
    left = np.concatenate([slope[:1], np.array([1.0])])
    right = np.concatenate([np.exp(-xs)[:1], np.array([1.0 - 2.0 ** -52])])
    return np.sum(left - right)
