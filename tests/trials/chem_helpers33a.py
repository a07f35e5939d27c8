"""The user's own chemistry helpers: a weak acid's charge balance in pH and its slope."""

import numpy as np

KW = 1e-14


def charge_residual(p, conc, ka):
    """[H+] - [A-] - [OH-] at pH p."""
    h = np.power(10.0, -p)
    return h - ka * conc / (ka + h) - KW / h


def charge_slope(p, conc, ka):
    """d/dp of the residual."""
    h = np.power(10.0, -p)
    return -np.log(10.0) * h * (1.0 + ka * conc / (ka + h) ** 2 + KW / h ** 2)
