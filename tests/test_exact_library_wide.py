"""Yet more library-style stable code: `ok`, and the exact gradient right to 1e-12 (a 0 only where proven).

As in `test_exact_library_more.py`: each function written the way TensorFlow
Probability, PyTorch, NumPy or SciPy write it, with ``import gradcli.numpy as
np``; each expectation a derivative written by hand from another expression of
the same mathematics, evaluated by mpmath at 2,000 digits, never a number from
gradcli. New here: ties where both sides agree (Huber and smooth-L1 at their
threshold), PyTorch's softplus threshold, TFP's log_sub_exp, logit of sigmoid,
a Cauchy log density far out, the variance and standard deviation of
near-constant data (an exact 0 among the entries), SciPy's weighted logsumexp,
a library logaddexp2, and a Poisson log-likelihood at a rate of 1e-300.
"""

import mpmath
import pytest

from test_exact_library_more import assert_ok_with_exact_gradient

E = mpmath.exp
WEIGHTS = [mpmath.mpf(0.5), mpmath.mpf(2), mpmath.mpf(3)]
ULP = 2.0**-52

BODIES = {
    "log_sub_exp": "def f(a, b):\n    return a + np.log1p(-np.exp(b - a))\n",
    "torch_softplus": (
        "def f(x):\n    beta, threshold = 1.0, 20.0\n"
        "    return np.where(x * beta > threshold, x, np.log1p(np.exp(x * beta)) / beta)\n"
    ),
    "logit_of_sigmoid": "def f(x):\n    p = np.sigmoid(x)\n    return np.log(p) - np.log1p(-p)\n",
    "cauchy_log_density": (
        "def f(x):\n    loc, scale = 0.0, 2.0\n    z = (x - loc) / scale\n"
        "    return -np.log(np.pi) - np.log(scale) - np.log1p(z * z)\n"
    ),
    "var_near_constant": "def f(x):\n    return np.var(x)\n",
    "std_near_constant": "def f(x):\n    return np.std(x)\n",
    "scipy_weighted_logsumexp": (
        "def f(x):\n    b = np.array([0.5, 2.0, 3.0])\n    m = np.max(x)\n"
        "    return m + np.log(np.sum(b * np.exp(x - m)))\n"
    ),
    "huber": (
        "def f(r):\n    delta = 1.0\n    a = np.abs(r)\n"
        "    return np.where(a <= delta, 0.5 * r * r, delta * (a - 0.5 * delta))\n"
    ),
    "smooth_l1": (
        "def f(x):\n    beta = 1.0\n    a = np.abs(x)\n"
        "    return np.where(a < beta, 0.5 * x * x / beta, a - 0.5 * beta)\n"
    ),
    "logaddexp2": (
        "def f(x, y):\n    m = np.maximum(x, y)\n    return m + np.log2(1.0 + np.exp2(-np.abs(x - y)))\n"
    ),
    "poisson_log_likelihood": (
        "from gradcli.numpy import xlogy\n\ndef f(rate):\n    k = 3.0\n"
        "    return xlogy(k, rate) - rate - 1.791759469228055\n"
    ),
}


def _var_slope(x, k):
    n = len(x)
    mean = mpmath.fsum(x) / n
    return 2 * (x[k] - mean) / n


def _std_slope(x, k):
    n = len(x)
    var = mpmath.fsum((a - b) ** 2 for i, a in enumerate(x) for b in x[i + 1 :]) / n**2  # pairwise: no mean
    return _var_slope(x, k) / (2 * mpmath.sqrt(var))


CASES = [
    # log(e^a - e^b): d/da = e^a / (e^a - e^b), d/db = -e^b / (e^a - e^b), written as 1 / -expm1(b - a).
    ("log_sub_exp", {"a": 800.0, "b": 799.99999},
     {"a": lambda a, b: -1 / mpmath.expm1(b - a), "b": lambda a, b: -1 / mpmath.expm1(a - b)}),
    ("log_sub_exp", {"a": 1e-300, "b": -30.0},
     {"a": lambda a, b: -1 / mpmath.expm1(b - a), "b": lambda a, b: -1 / mpmath.expm1(a - b)}),
    # Below the threshold the program is log1p(e^x): sigmoid(x); above it, x itself: 1.
    ("torch_softplus", {"x": 19.9}, {"x": lambda x: 1 / (1 + E(-x))}),
    ("torch_softplus", {"x": -700.0}, {"x": lambda x: 1 / (1 + E(-x))}),
    ("torch_softplus", {"x": 20.5}, {"x": lambda x: mpmath.mpf(1)}),
    # logit(sigmoid(x)) is x: its derivative is 1, however the program gets there (at 1e-300 its
    # value cancels to 0 in float64: `unstable`, below).
    ("logit_of_sigmoid", {"x": 3.0}, {"x": lambda x: mpmath.mpf(1)}),
    ("logit_of_sigmoid", {"x": -30.0}, {"x": lambda x: mpmath.mpf(1)}),
    # d/dx -log(1 + (x/s)^2) = -2 x / (s^2 + x^2).
    ("cauchy_log_density", {"x": 1e150}, {"x": lambda x: -2 * x / (4 + x * x)}),
    ("cauchy_log_density", {"x": -3e-200}, {"x": lambda x: -2 * x / (4 + x * x)}),
    # Near-constant data whose mean is exact: d/dx_k = 2 (x_k - mean) / n, an exact 0 at the mean.
    ("var_near_constant", {"x": [1.0, 1.0 + ULP, 1.0 - ULP]}, {"x": [lambda x, k=k: _var_slope(x, k) for k in range(3)]}),
    ("var_near_constant", {"x": [2.0**332, 2.0**332 * (1 + ULP), 2.0**332 * (1 - ULP)]},
     {"x": [lambda x, k=k: _var_slope(x, k) for k in range(3)]}),
    ("std_near_constant", {"x": [3.0, 3.0 + 4 * ULP, 3.0 - 4 * ULP]}, {"x": [lambda x, k=k: _std_slope(x, k) for k in range(3)]}),
    # The weights' shares of the sum: b_k e^(x_k) / sum b e^x, from the largest entry's shares.
    ("scipy_weighted_logsumexp", {"x": [800.0, -800.0, 0.0]},
     {"x": [lambda x, k=k: WEIGHTS[k] * E(x[k] - x[0]) / mpmath.fsum(w * E(v - x[0]) for w, v in zip(WEIGHTS, x))
            for k in range(3)]}),
    # At the threshold both pieces have slope 1 (|r| = delta): a tie, and a derivative.
    ("huber", {"r": 1.0}, {"r": lambda r: mpmath.mpf(1)}),
    ("huber", {"r": -1.0}, {"r": lambda r: mpmath.mpf(-1)}),
    ("smooth_l1", {"x": 1.0}, {"x": lambda x: mpmath.mpf(1)}),
    # log2(2^x + 2^y): d/dy = 1 / (1 + 2^(x - y)).
    ("logaddexp2", {"x": 30.0, "y": -30.0},
     {"x": lambda x, y: 1 / (1 + 2 ** (y - x)), "y": lambda x, y: 1 / (1 + 2 ** (x - y))}),
    # k log(rate) - rate: d/drate = k / rate - 1, 3e300 at a rate of 1e-300.
    ("poisson_log_likelihood", {"rate": 1e-300}, {"rate": lambda r: 3 / r - 1}),
]


@pytest.mark.parametrize("name, point, derivatives", CASES,
                         ids=[f"{c[0]}-{'-'.join(map(str, c[1].values()))}" for c in CASES])
def test_more_library_style_code_is_ok_with_its_exact_gradient(tmp_path, name, point, derivatives):
    assert_ok_with_exact_gradient(tmp_path, name, BODIES[name], point, derivatives)


def test_logit_of_sigmoid_at_a_tiny_logit_is_unstable_with_its_exact_value_and_gradient(tmp_path):
    # log(p) - log1p(-p) at p = sigmoid(1e-300) = 0.5 in float64: log(0.5) - log(0.5) cancels the 1e-300.
    from test_exact_reference import one
    from test_exact_reference_python import module

    result = one(module(tmp_path, BODIES["logit_of_sigmoid"], name="logit_of_sigmoid") + ":f", {"x": 1e-300})
    assert result.status == "unstable" and result.value == 0.0
    assert any(f.kind == "cancellation" and f.op == "subtract" for f in result.findings), result.findings
    assert result.exact_value == 1e-300 and result.exact_gradient == {"x": 1.0}
