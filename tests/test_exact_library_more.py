"""More library-style stable code at extreme points: `ok`, and the exact gradient right to 1e-12.

Each function is written the way TensorFlow Probability, Keras, PyTorch, JAX or
SciPy write it, with ``import gradcli.numpy as np``; each expectation is a
derivative written by hand from another expression of the same mathematics,
evaluated by mpmath at 2,000 digits (never a number from gradcli). A tiny
derivative (e^-1e300 beside 1) is a number to get right, not a 0.
"""

import mpmath
import numpy
import pytest

from test_exact_reference import one
from test_exact_reference_python import _agrees, exact_entries, hand_derivatives, module

E = mpmath.exp
SIGMOID = lambda x: 1 / (1 + E(-x))  # noqa: E731
PHI = lambda x: E(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)  # noqa: E731
CDF = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2  # noqa: E731
NU = mpmath.mpf(3)
MASKED = lambda z, k: E(z[k]) / (E(z[0]) + E(z[1])) if k < 2 else mpmath.mpf(0)  # noqa: E731
NORMALISED = lambda x, k: (int(k == 0) - x[0] * x[k] / mpmath.fsum(v * v for v in x)) / mpmath.sqrt(mpmath.fsum(v * v for v in x))  # noqa: E731, E501
SOFTMAX = lambda z, k: E(z[k]) / mpmath.fsum(E(v) for v in z)  # noqa: E731


def _entropy_slope(z, k):
    # dH/dz_k = -p_k (log p_k + H), with log p_k = z_k - logsumexp(z)
    lse = mpmath.log(mpmath.fsum(E(v) for v in z))
    logs = [v - lse for v in z]
    entropy = -mpmath.fsum(E(lp) * lp for lp in logs)
    return -E(logs[k]) * (logs[k] + entropy)


BODIES = {
    "log_ndtr_erfc": "def f(x):\n    return np.log(0.5 * np.erfc(-x / np.sqrt(2.0)))\n",
    "log_ndtr": "from gradcli.scipy.special import log_ndtr\n\ndef f(x):\n    return log_ndtr(x)\n",
    "softplus_inverse": "def f(x):\n    return x + np.log(-np.expm1(-x))\n",
    "logit": "def f(p):\n    return np.log(p) - np.log1p(-p)\n",
    "log_sigmoid_where": (
        "def f(x):\n    t = np.log1p(np.exp(-np.abs(x)))\n    return np.where(x >= 0, -t, x - t)\n"
    ),
    "gumbel_log_density": "def f(x):\n    z = (x - 0.5) / 2.0\n    return -(z + np.exp(-z)) - np.log(2.0)\n",
    "student_t_log_density": "def f(x):\n    return -(3.0 + 1) / 2 * np.log1p(x * x / 3.0)\n",
    "masked_logsumexp": (
        "def f(z):\n    mask = np.array([True, True, False])\n    m = np.max(np.where(mask, z, -np.inf))\n"
        "    e = np.exp(np.where(mask, z - m, -np.inf))\n    return m + np.log(np.sum(e))\n"
    ),
    "l2_normalize": "def f(x):\n    return (x / np.sqrt(np.maximum(np.sum(x * x), 1e-12)))[0]\n",
    "pseudo_huber": "def f(r):\n    return 4.0 * (np.sqrt(1 + (r / 2.0) ** 2) - 1)\n",
    "logcosh": "from gradcli.numpy import softplus\n\ndef f(x):\n    return x + softplus(-2.0 * x) - np.log(2.0)\n",
    "softmax_entropy": (
        "from gradcli.numpy import xlogy\n\ndef f(z):\n    p = np.exp(z - np.logaddexp(np.logaddexp(z[0], z[1]), z[2]))\n"
        "    return -np.sum(xlogy(p, p))\n"
    ),
    "kl_xlogy": "from gradcli.numpy import xlogy\n\ndef f(p, q):\n    return np.sum(xlogy(p, p) - xlogy(p, q))\n",
    "sigmoid_where": (
        "def f(x):\n    e = np.exp(-np.abs(x))\n    return np.where(x >= 0, 1 / (1 + e), e / (1 + e))\n"
    ),
    "box_cox": "def f(x):\n    lam = 0.25\n    return np.expm1(lam * np.log(x)) / lam\n",
    "gelu_tanh": "def f(x):\n    return 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))\n",
    "one_minus_sigmoid": "from gradcli.numpy import sigmoid\n\ndef f(x):\n    return 1 - sigmoid(x)\n",
}

GELU_C, GELU_A = mpmath.mpf(0.7978845608028654), mpmath.mpf(0.044715)


def _gelu_slope(x):
    # GELU = x sigmoid(2u): 1 + tanh(u) and sech(u)^2 through e^2u, which keeps e^-7e298.
    u = GELU_C * (x + GELU_A * x**3)
    s = SIGMOID(2 * u)
    return s + x * 2 * s * SIGMOID(-2 * u) * GELU_C * (1 + 3 * GELU_A * x * x)


CASES = [
    ("log_ndtr_erfc", {"x": -30.0}, {"x": lambda x: PHI(x) / CDF(x)}),
    ("log_ndtr", {"x": -40.0}, {"x": lambda x: PHI(x) / CDF(x)}),
    ("log_ndtr", {"x": 40.0}, {"x": lambda x: PHI(x) / CDF(x)}),  # 1.5e-349: beyond float64
    ("softplus_inverse", {"x": 1e-300}, {"x": lambda x: 1 + 1 / mpmath.expm1(x)}),
    ("softplus_inverse", {"x": 800.0}, {"x": lambda x: 1 + 1 / mpmath.expm1(x)}),
    ("logit", {"p": 1e-300}, {"p": lambda p: 1 / (p * (1 - p))}),
    ("logit", {"p": 0.9999999999999999}, {"p": lambda p: 1 / (p * (1 - p))}),
    ("log_sigmoid_where", {"x": 1e300}, {"x": lambda x: SIGMOID(-x)}),  # e^-1e300
    ("log_sigmoid_where", {"x": -800.0}, {"x": lambda x: SIGMOID(-x)}),
    ("gumbel_log_density", {"x": 1e300}, {"x": lambda x: -(1 - E(-(x - 0.5) / 2)) / 2}),
    ("gumbel_log_density", {"x": -600.0}, {"x": lambda x: -(1 - E(-(x - mpmath.mpf(0.5)) / 2)) / 2}),
    ("student_t_log_density", {"x": 1e150}, {"x": lambda x: -(NU + 1) * x / (NU + x * x)}),
    ("student_t_log_density", {"x": 1e-300}, {"x": lambda x: -(NU + 1) * x / (NU + x * x)}),
    ("masked_logsumexp", {"z": [800.0, -800.0, 1e300]}, {"z": [lambda z, k=k: MASKED(z, k) for k in range(3)]}),
    ("masked_logsumexp", {"z": [-1e300, 3.0, -5.0]}, {"z": [lambda z, k=k: MASKED(z, k) for k in range(3)]}),
    ("l2_normalize", {"x": [3.0, 4.0, 0.0]}, {"x": [lambda x, k=k: NORMALISED(x, k) for k in range(3)]}),
    ("l2_normalize", {"x": [1e100, -1e-100, 2e100]}, {"x": [lambda x, k=k: NORMALISED(x, k) for k in range(3)]}),
    ("pseudo_huber", {"r": 1e-300}, {"r": lambda r: r / mpmath.sqrt(1 + (r / 2) ** 2)}),
    ("pseudo_huber", {"r": -1e150}, {"r": lambda r: r / mpmath.sqrt(1 + (r / 2) ** 2)}),
    ("logcosh", {"x": 1e300}, {"x": lambda x: 1 - 2 * SIGMOID(-2 * x)}),  # tanh(x): 1 - 2e^-2e300
    ("logcosh", {"x": -30.0}, {"x": lambda x: 1 - 2 * SIGMOID(-2 * x)}),
    ("softmax_entropy", {"z": [1.0, 2.0, -30.0]}, {"z": [lambda z, k=k: _entropy_slope(z, k) for k in range(3)]}),
    ("softmax_entropy", {"z": [-800.0, -801.0, -830.0]}, {"z": [lambda z, k=k: _entropy_slope(z, k) for k in range(3)]}),
    ("kl_xlogy", {"p": [1e-300, 0.5, 0.5], "q": [0.2, 0.3, 0.5]},
     {"p": [lambda p, q, k=k: mpmath.log(p[k] / q[k]) + 1 for k in range(3)], "q": [lambda p, q, k=k: -p[k] / q[k] for k in range(3)]}),
    ("sigmoid_where", {"x": -1e300}, {"x": lambda x: SIGMOID(x) * SIGMOID(-x)}),  # e^-1e300
    ("sigmoid_where", {"x": 800.0}, {"x": lambda x: SIGMOID(x) * SIGMOID(-x)}),
    ("box_cox", {"x": 1e-300}, {"x": lambda x: x ** (mpmath.mpf(0.25) - 1)}),
    ("box_cox", {"x": 1e300}, {"x": lambda x: x ** (mpmath.mpf(0.25) - 1)}),
    # GELU far left: 1 + tanh(u) is 2e^2u to its own digits (e^-7.2e13 at -1e5, e^-7e298 at -1e100).
    ("gelu_tanh", {"x": -1e5}, {"x": _gelu_slope}),
    ("gelu_tanh", {"x": -1e100}, {"x": _gelu_slope}),
    ("one_minus_sigmoid", {"x": 1e5}, {"x": lambda x: -SIGMOID(x) * SIGMOID(-x)}),
]


@pytest.mark.parametrize("name, point, derivatives", CASES,
                         ids=[f"{c[0]}-{'-'.join(map(str, c[1].values()))}" for c in CASES])
def test_library_style_stable_code_is_ok_with_its_exact_gradient(tmp_path, name, point, derivatives):
    assert_ok_with_exact_gradient(tmp_path, name, BODIES[name], point, derivatives)


def assert_ok_with_exact_gradient(tmp_path, name, body, point, derivatives):
    """``body``'s ``f`` checked at ``point`` is ``ok``, its exact gradient the hand-written ``derivatives`` to 1e-12."""
    given = {n: numpy.array(v) if isinstance(v, list) else v for n, v in point.items()}
    result = one(module(tmp_path, body, name=name) + ":f", given)
    assert result.status == "ok", (result.status, result.findings, result.notes)
    wanted = hand_derivatives(derivatives, point)
    for variable, expected in wanted.items():
        got = exact_entries(result, variable)
        assert all(_agrees(g, e) for g, e in zip(got, expected)), (variable, got, expected)
