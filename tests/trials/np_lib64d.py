"""A user's plain NumPy code, sixty-fourth round (d): mixed precision and dtype promotion. A softmax computed in float16
inside a float32 or float64 loss, float64 constants meeting float32 data (NumPy computes in float64), a np.float16
scalar constant, float16 squares summed in float32, integer weights promoted by division, float16 underflow of exp,
a smoothed norm whose eps float16 holds as 0, and loss scaling in float16."""
import numpy as np

C3 = np.array([1.0, -2.0, 0.5])
SHIFT = np.array([0.1, 0.3])  # float64


def softmax_f16(x):
    h = x.astype(np.float16)  # softmax in float16
    e = np.exp(h - np.max(h))
    p = e / np.sum(e)
    return np.sum(p.astype(x.dtype) * C3.astype(x.dtype))


def shift_f64(x):
    return np.sum((x - SHIFT) ** 2)  # a float64 array meets x


def half_scalar(x):
    return np.sum((x * np.float16(0.1)) ** 2)  # a float16 scalar


def sumsq_f16_acc32(x):
    return np.sum(x.astype(np.float16) ** 2, dtype=np.float32)  # float16 squares, float32 sum


def int_weights(x):
    w = np.arange(1, 3) / 3  # integers promoted by division: float64
    return np.sum(w * x ** 2)


def exp_f16(x):
    return np.sum(np.exp(x.astype(np.float16)).astype(x.dtype))  # exp in float16


def norm_eps(x):
    return np.sum(np.sqrt(x * x + 1e-8))  # eps held in the dtype


def scaled_f16(x):
    s = np.sum(x.astype(np.float16) ** 2) * np.float16(1024)  # loss scaled by 1024 in float16
    return s.astype(x.dtype) / 1024


def sumsq(x):
    return np.sum(x * x)  # checked in float16 itself: 65504 and 6e-8


W2 = np.array([[0.5, -1.0], [0.25, 2.0], [1.5, 0.125]])


def dot_plain(x):
    return np.sum((x @ W2.astype(x.dtype)) ** 2)  # checked in bfloat16 itself


def matmul_f16(x):
    y = x.astype(np.float16) @ W2.astype(np.float16)  # matmul in float16
    return np.sum(y.astype(x.dtype) ** 2)
