"""Plain NumPy targets for test_rootcause66_numpy.py: a cancellation whose lost digits a later op amplifies."""

import numpy as np


def discounted_level(x):
    """A yield level plus Nelson-Siegel's curvature loading (1 - e^-x)/x - e^-x, written as textbooks write it."""
    slope = (1 - np.exp(-x)) / x
    return 0.03 + 0.01 * (slope - np.exp(-x))


def exp_minus_one(x):
    """e^x - 1 the plain way: one cancellation of an accurate exp, no earlier op lost anything."""
    grown = np.exp(x)
    return grown - 1


def powered_gap(x):
    """(3x)^20000 - 1: the power grows the rounding of 3x 20000 times as any power must, and the subtract cancels."""
    powered = (3 * x) ** 20000
    return powered - 1
