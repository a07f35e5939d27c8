"""Plain NumPy gas dynamics whose value cancels twice, for tests/test_cancels_its_own_rounding.py."""

import numpy as np

GAMMA = 1.4


def prandtl_meyer(mach):
    """The Prandtl-Meyer angle nu(M), in radians."""
    k = (GAMMA + 1) / (GAMMA - 1)
    m2 = mach ** 2 - 1
    return np.sqrt(k) * np.arctan(np.sqrt(m2 / k)) - np.arctan(np.sqrt(m2))
