"""A user's helper module for the thirty-second round's NumPy trials: SIR rates and a Newton step shared by scripts."""

import numpy as np

RECOVERY = 0.1  # per day


def sir_rates(s, i, beta):
    """The infection and recovery flows of an SIR model at shares s and i."""
    return beta * s * i, RECOVERY * i


def newton_step(z, r0):
    """One Newton step on z - 1 + exp(-R0 z) = 0 and its size."""
    e = np.exp(-r0 * z)
    step = (z - 1.0 + e) / (1.0 - r0 * e)
    return z - step, step
