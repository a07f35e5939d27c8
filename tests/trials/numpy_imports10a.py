"""A user's plain NumPy code in the long spelling (`import numpy`, `from numpy.linalg import norm`, `from scipy import
special`, `import math`): cosine similarity of huge vectors, ReLU written by masked assignment, a scalar through
math.exp, numpy.select pieces, in-place accumulation, and an xlog1py entropy."""

import math

import numpy
from numpy.linalg import norm
from scipy import special

REF = numpy.array([1.0, 1.0, 1.0])


def cosine_sim(x):
    return numpy.dot(x, REF) / (norm(x) * norm(REF))


def relu_setitem(x):
    y = x.copy()
    y[y < 0] = 0.0
    return numpy.sum(y ** 2)


def math_scalar(x):
    return math.exp(-x) * x


def select_cost(x):
    return numpy.sum(numpy.select([x < 0, x < 1], [x ** 2, x], 2 * x - 1))


def accumulate(x):
    acc = numpy.zeros(3)
    acc += 2.0 * x
    acc[1] *= x[0]
    return acc.sum()


def binary_entropy(p):
    return -numpy.sum(special.xlogy(p, p) + special.xlog1py(1 - p, -p))


def erfc_tail(x):
    return numpy.sum(special.erfc(x))


def log_of_expm1(x):
    return numpy.sum(numpy.log1p(numpy.expm1(x)))


def clip_floor(x):
    return numpy.sum(numpy.log(numpy.clip(x, 1e-300, None)))


def max_floor(x):
    return numpy.sum(numpy.log(numpy.maximum(x, 0.5)))
