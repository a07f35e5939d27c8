"""Library-style stable code around a one-hot softmax and other extreme points: `ok`, and the exact
gradient right to 1e-12 however tiny (e^-1e200 beside 1 is a number, not a 0).

As in `test_exact_library_more.py`: each function written the way TensorFlow, Keras, PyTorch, JAX,
TensorFlow Probability or SciPy write it, with ``import gradcli.numpy as np``; each expectation a
derivative written by hand from another expression of the same mathematics (shares of the largest
entry, log1p and expm1 forms), evaluated by mpmath at 2,000 digits, never a number from gradcli.
"""

import mpmath
import pytest

from test_exact_library_more import assert_ok_with_exact_gradient

E = mpmath.exp
PHI = lambda x: E(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)  # noqa: E731
CDF = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2  # noqa: E731
KAPPA = mpmath.mpf(4)


def _shares(z):
    """(p, log p) of softmax(z) from the largest entry's shares: 1 - p_top is their sum, to its digits."""
    top = max(range(len(z)), key=lambda k: z[k])
    lead = mpmath.log1p(mpmath.fsum(E(v - z[top]) for k, v in enumerate(z) if k != top))
    logs = [v - z[top] - lead for v in z]
    return [E(lp) for lp in logs], logs


def _one_minus(z, k):
    """delta_k0 - p_k, with 1 - p_0 written as the others' shares where 0 is the largest."""
    p, _ = _shares(z)
    if k:
        return -p[k]
    return mpmath.fsum(p[1:])


def _entropy_slope(z, k):
    p, logs = _shares(z)
    entropy = -mpmath.fsum(q * lg for q, lg in zip(p, logs))
    return -p[k] * (logs[k] + entropy)


def _masked_log_softmax_slope(z, k):
    # log_softmax over the first two entries (the third masked out), at entry 0.
    p, _ = _shares(z[:2])
    return [mpmath.fsum(p[1:]), -p[1], mpmath.mpf(0)][k]


BODIES = {
    "cross_entropy_logits": "def f(z):\n    return -(z[0] - np.logsumexp(z))\n",
    "log_softmax_max_shift": (
        "def f(z):\n    m = np.max(z)\n    return (z - m - np.log(np.sum(np.exp(z - m))))[0]\n"
    ),
    "log_softmax_masked": (
        "def f(z):\n    mask = np.array([True, True, False])\n    m = np.max(np.where(mask, z, -np.inf))\n"
        "    s = np.sum(np.where(mask, np.exp(z - m), 0.0))\n    return z[0] - m - np.log(s)\n"
    ),
    "one_hot_nll": (
        "def f(z):\n    y = np.array([1.0, 0.0, 0.0])\n    return -np.sum(y * (z - np.logsumexp(z)))\n"
    ),
    "softmax_entropy_lse": (
        "from gradcli.numpy import xlogy\n\ndef f(z):\n    p = np.exp(z - np.logsumexp(z))\n"
        "    return -np.sum(xlogy(p, p))\n"
    ),
    "softmax_top_weight": "def f(z):\n    e = np.exp(z - np.max(z))\n    return (e / np.sum(e))[0]\n",
    "sigmoid_cross_entropy_logits": (
        "def f(x):\n    z = 1.0\n    return np.maximum(x, 0.0) - x * z + np.log1p(np.exp(-np.abs(x)))\n"
    ),
    "log1mexp": (
        "def f(x):\n    return np.where(x < -0.6931471805599453, np.log1p(-np.exp(x)), np.log(-np.expm1(x)))\n"
    ),
    "von_mises_log_density": "def f(x):\n    return 4.0 * np.cos(x - 0.0) - np.log(2 * np.pi * 11.301921952136330)\n",
    "log_ndtr": "from gradcli.scipy.special import log_ndtr\n\ndef f(x):\n    return log_ndtr(x)\n",
    "lse_one_hot": "def f(z):\n    return np.logsumexp(z)\n",
    "logaddexp_minus_larger": "def f(x, y):\n    return np.logaddexp(x, y) - x\n",
    "kl_xlogy_subnormal": "from gradcli.numpy import xlogy\n\ndef f(p):\n    q = np.array([0.25, 0.25, 0.5])\n    return np.sum(xlogy(p, p) - xlogy(p, q))\n",
}

CASES = [
    ("cross_entropy_logits", {"z": [1e200, 3.0, -5.0]}, {"z": [lambda z, k=k: -_one_minus(z, k) for k in range(3)]}),
    ("cross_entropy_logits", {"z": [800.0, -800.0, -790.0]}, {"z": [lambda z, k=k: -_one_minus(z, k) for k in range(3)]}),
    ("log_softmax_max_shift", {"z": [1e200, 3.0, -5.0]}, {"z": [lambda z, k=k: _one_minus(z, k) for k in range(3)]}),
    ("log_softmax_max_shift", {"z": [3.4e277, 1e-300, -2.2e-102]}, {"z": [lambda z, k=k: _one_minus(z, k) for k in range(3)]}),
    ("log_softmax_masked", {"z": [1e200, 3.0, 5.0]}, {"z": [lambda z, k=k: _masked_log_softmax_slope(z, k) for k in range(3)]}),
    ("one_hot_nll", {"z": [1e200, 3.0, -5.0]}, {"z": [lambda z, k=k: -_one_minus(z, k) for k in range(3)]}),
    # The entropy of a one-hot softmax is `unstable` in float64 (xlogy's gradient at p = 0 is inf): its
    # exact gradient is checked in test_exact_anchored_balls.py and the property test.
    ("softmax_entropy_lse", {"z": [3.0, 2.0, -5.0]}, {"z": [lambda z, k=k: _entropy_slope(z, k) for k in range(3)]}),
    ("softmax_top_weight", {"z": [1e200, 3.0, -5.0]},
     {"z": [lambda z, k=k: _shares(z)[0][0] * _one_minus(z, k) for k in range(3)]}),
    # TensorFlow's sigmoid_cross_entropy_with_logits at a confident right answer: sigmoid(x) - 1 = -e^-x.
    ("sigmoid_cross_entropy_logits", {"x": 800.0}, {"x": lambda x: -1 / (1 + E(x))}),
    ("sigmoid_cross_entropy_logits", {"x": 1e300}, {"x": lambda x: -1 / (1 + E(x))}),
    # log(1 - e^x): its derivative -1/expm1(-x), 1e5 at -1e-5 and -e^-800 at -800. (At -1e-300 the
    # untaken branch's log1p(-1) makes where's gradient NaN in float64: `unstable`, rightly.)
    ("log1mexp", {"x": -1e-5}, {"x": lambda x: -1 / mpmath.expm1(-x)}),
    ("log1mexp", {"x": -800.0}, {"x": lambda x: -1 / mpmath.expm1(-x)}),
    # gradcli's own log_ndtr rule was exp(-x^2/2 - log_ndtr(x)): at -1e5 two numbers near -5e9 cancel
    # (`unstable`, 32 bits lost); left of 0 it is sqrt(2/pi) / erfcx(-x/sqrt 2).
    ("log_ndtr", {"x": -1e5}, {"x": lambda x: PHI(x) / CDF(x)}),
    ("log_ndtr", {"x": -3e3}, {"x": lambda x: PHI(x) / CDF(x)}),
    ("lse_one_hot", {"z": [1e200, 3.0, -5.0]},
     {"z": [lambda z, k=k: E(z[k] - z[0]) / mpmath.fsum(E(v - z[0]) for v in z) for k in range(3)]}),
    ("logaddexp_minus_larger", {"x": 1e300, "y": 0.0},
     {"x": lambda x, y: -1 / (1 + E(x - y)), "y": lambda x, y: 1 / (1 + E(x - y))}),
    ("von_mises_log_density", {"x": 1e-300}, {"x": lambda x: -KAPPA * mpmath.sin(x)}),
    ("kl_xlogy_subnormal", {"p": [5e-324, 0.5, 0.5]},
     {"p": [lambda p, k=k: mpmath.log(p[k] / [mpmath.mpf(0.25), mpmath.mpf(0.25), mpmath.mpf(0.5)][k]) + 1 for k in range(3)]}),
]


@pytest.mark.parametrize("name, point, derivatives", CASES,
                         ids=[f"{c[0]}-{'-'.join(map(str, c[1].values()))}" for c in CASES])
def test_library_style_code_near_a_one_hot_is_ok_with_its_exact_gradient(tmp_path, name, point, derivatives):
    assert_ok_with_exact_gradient(tmp_path, name, BODIES[name], point, derivatives)
