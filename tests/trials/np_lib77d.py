"""A user's plain NumPy code, seventy-seventh round (d): forecasting as course notebooks write it. Simple exponential
smoothing and Holt's trend by loops, an AR(2) forecast, Box-Cox by np.where at lambda = 0, MAPE, sMAPE, MASE with
np.diff, the pinball loss by np.maximum, seasonal differencing undone by np.cumsum, and a window normalised by np.std
(plain and + eps)."""

import numpy as np

Y = np.array([3.0, 5.0, 4.0, 6.0, 7.0, 6.5])
TEST = np.array([7.0, 8.0, 6.0])
HIST_LAST = np.array([10.0, 12.0, 9.0, 11.0])
TARGET = np.array([11.0, 12.5, 8.0, 12.0, 11.5, 13.0, 9.5, 12.0])
W = np.array([1.0, -2.0, 3.0, 0.5, -1.0, 2.0])


def ses_sse(y, alpha):
    level = y[0]
    sse = 0.0
    for t in range(1, len(y)):
        err = y[t] - level
        sse = sse + err ** 2
        level = alpha * y[t] + (1 - alpha) * level
    return sse


def holt_sse(alpha, beta):
    level, trend = Y[0], Y[1] - Y[0]
    sse = 0.0
    for t in range(1, len(Y)):
        forecast = level + trend
        sse = sse + (Y[t] - forecast) ** 2
        new_level = alpha * Y[t] + (1 - alpha) * forecast
        trend = beta * (new_level - level) + (1 - beta) * trend
        level = new_level
    return sse


def ar2_forecast(phi):
    y0, y1 = Y[-2], Y[-1]
    for _ in range(10):
        y0, y1 = y1, phi[0] * y1 + phi[1] * y0
    return y1


def boxcox(y, lam):
    return np.sum(np.where(lam == 0, np.log(y), (y ** lam - 1) / lam))


def mape(f, y):
    return np.mean(np.abs(y - f) / np.abs(y))


def smape(f, y):
    return np.mean(2 * np.abs(y - f) / (np.abs(y) + np.abs(f)))


def mase(f, train):
    return np.mean(np.abs(TEST - f)) / np.mean(np.abs(np.diff(train)))


def pinball(f):
    q = 0.9
    e = TEST - f
    return np.mean(np.maximum(q * e, (q - 1) * e))


def seasonal_undiff(d):
    levels = HIST_LAST + np.cumsum(d.reshape(2, 4), axis=0)
    return np.sum((levels.reshape(-1) - TARGET) ** 2)


def normalise(x):
    return np.sum(W * (x - np.mean(x)) / np.std(x))


def normalise_eps(x):
    return np.sum(W * (x - np.mean(x)) / (np.std(x) + 1e-8))
