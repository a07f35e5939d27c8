"""A user's plain NumPy code, round 27c: a Student-t log-density whose square overflows past 1.34e154, the same by
logaddexp, and a von Mises-Fisher log-normaliser in 3D through sinh."""

import math

import numpy as np
from scipy.special import gammaln

LOG_4PI = math.log(4.0 * math.pi)


def student_t_log_prob(x, df):
    return np.sum(gammaln((df + 1.0) / 2.0) - gammaln(df / 2.0) - 0.5 * np.log(df * np.pi)
                  - (df + 1.0) / 2.0 * np.log1p(x * x / df))


def student_t_log_prob_stable(x, df):
    t = np.abs(x) / np.sqrt(df)
    return np.sum(gammaln((df + 1.0) / 2.0) - gammaln(df / 2.0) - 0.5 * np.log(df * np.pi)
                  - (df + 1.0) / 2.0 * np.logaddexp(0.0, 2.0 * np.log(t)))


def vmf3_log_normalizer(kappa):
    return np.sum(np.log(kappa) - LOG_4PI - np.log(np.sinh(kappa)))
