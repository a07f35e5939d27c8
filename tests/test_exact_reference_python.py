"""The exact reference for Python functions: the rule on balls, judged by differences.

Each function is written with ``import gradcli.numpy as np`` in a module of its
own; every expectation is a hand-written derivative evaluated by mpmath at 2000
digits, never a number taken from gradcli's output.
"""

import textwrap

import mpmath
import numpy
import pytest

import gradcli
from gradcli.checker import reference
from gradcli.checker.balls import Budget
from gradcli.checker.targets import resolve
from test_exact_reference import close, one, truth

E = mpmath.exp


def module(tmp_path, body, name="m"):
    path = tmp_path / f"{name}.py"
    path.write_text("import gradcli.numpy as np\n\n" + textwrap.dedent(body))
    return str(path)


CASES = [
    # (body of f, point, variable, the hand-written derivative, expected status)
    ("def f(x):\n    return 1 / (1 + np.exp(-x))\n", {"x": 1e-300}, "x",
     lambda x: E(-x) / (1 + E(-x)) ** 2, "ok"),
    ("def f(x):\n    return 1 / (1 + np.exp(-x))\n", {"x": 5e-324}, "x",
     lambda x: E(-x) / (1 + E(-x)) ** 2, "ok"),
    ("def f(a, b):\n    return np.sqrt(a * a + b * b)\n", {"a": 1e200, "b": 1e100}, "b",
     lambda a, b: b / mpmath.sqrt(a * a + b * b), "unstable"),  # a * a overflows float64
    ("def f(x):\n    return np.exp(x) / (np.exp(x) - 1)\n", {"x": 300.0}, "x",
     lambda x: -E(x) / (E(x) - 1) ** 2, "unstable"),
    ("def f(x):\n    return 1 / (x - 1) - 1 / x\n", {"x": 1e40}, "x",
     lambda x: -1 / (x - 1) ** 2 + 1 / x**2, None),
    ("def f(x):\n    return np.exp(x) - 2 + np.exp(-x)\n", {"x": 1e-17}, "x",
     lambda x: E(x) - E(-x), None),
    ("def f(a, b):\n    return np.log(np.exp(a) + np.exp(b))\n", {"a": 0.0, "b": -700.0}, "b",
     lambda a, b: E(b) / (E(a) + E(b)), None),
]


@pytest.mark.parametrize("body, point, variable, derivative, status", CASES)
def test_the_exact_gradient_of_a_python_function_is_right_where_it_is_tiny(tmp_path, body, point, variable, derivative, status):
    result = one(module(tmp_path, body) + ":f", point)
    expected = truth(derivative, *point.values())
    assert close(result.exact_gradient[variable], expected), (result.exact_gradient, expected)
    if status is not None:
        assert result.status == status, (result.status, result.findings)


def test_the_reference_is_ball_arithmetic_and_the_rule_is_confirmed(tmp_path):
    target = resolve(module(tmp_path, "def f(x):\n    return 1 / (1 + np.exp(-x))\n") + ":f")
    exact = reference.compute(target, [1e-300], budget=Budget(60))
    assert exact.method == "balls"
    assert exact.gradient[0] == exact.rule[0]
    assert close(exact.gradient[0], mpmath.mpf(1) / 4)


def test_logsumexp_underflow_value_and_gradient(tmp_path):
    target = resolve(module(tmp_path, "def f(a, b):\n    return np.log(np.exp(a) + np.exp(b))\n") + ":f")
    exact = reference.compute(target, [0.0, -700.0], budget=Budget(60))
    assert close(exact.value, truth(lambda a, b: mpmath.log(E(a) + E(b)), 0.0, -700.0))
    assert close(exact.gradient[1], mpmath.mpf("9.8596765437597709e-305"), rel=1e-16)


WRONG = """
from gradcli.autodiff import custom_gradient

def make(factor):
    @custom_gradient
    def f(x):
        e = np.exp(x)
        return e / (e - 1), lambda g: g * (-e / ((e - 1) * (e - 1))) * factor
    return f

right = make(1.0)
wrong = make(1 + 1e-6)

def right_v(x):
    return np.sum(right(x))

def wrong_v(x):
    return np.sum(wrong(x))
"""


def test_a_wrong_custom_gradient_in_a_python_function_is_wrong(tmp_path):
    """Test the tester: a custom gradient off by 1e-6 relative, where the derivative is 1e-131 of the value."""
    path = module(tmp_path, WRONG, name="w")
    assert one(path + ":right", {"x": 30.0}).status == "ok"
    wrong = one(path + ":wrong", {"x": 30.0})
    assert wrong.status == "wrong"
    assert close(wrong.exact_gradient["x"], truth(lambda x: -E(x) / (E(x) - 1) ** 2, 30.0))
    # at 300 the rule is 1e-131 next to a value of 1: only enough bits see the 1e-6
    target = resolve(path + ":wrong")
    exact = reference.compute(target, [300.0], budget=Budget(60))
    expected = truth(lambda x: -E(x) / (E(x) - 1) ** 2, 300.0)
    assert close(exact.gradient[0], expected) and not close(exact.rule[0], expected, rel=1e-8)


def test_a_wrong_custom_gradient_is_caught_along_the_direction_above_16_inputs(tmp_path):
    path = module(tmp_path, WRONG, name="wv")
    x = numpy.linspace(1.0, 3.0, 40)
    assert one(path + ":right_v", {"x": x}).status == "ok"
    assert one(path + ":wrong_v", {"x": x}).status == "wrong"


def test_the_scale_function_has_an_exact_directional_derivative(tmp_path):
    body = "def f(x):\n    return np.sum(np.tanh(x) * np.exp(-x**2) + np.log1p(x**2))\n"
    target = resolve(module(tmp_path, body) + ":f")
    x = numpy.random.default_rng(1).standard_normal(200)
    budget = Budget(60)
    exact = reference.compute(target, [x], seed=3, budget=budget)
    assert exact.method == "balls"
    d = exact.direction[0]

    def derivative(t):
        return (1 - mpmath.tanh(t) ** 2) * E(-t * t) - 2 * t * mpmath.tanh(t) * E(-t * t) + 2 * t / (1 + t * t)

    with mpmath.workdps(60):
        expected = sum(derivative(mpmath.mpf(float(t))) * mpmath.mpf(float(v)) for t, v in zip(x, d))
    assert close(exact.directional, expected)
    assert budget.passes <= 8  # a few passes over the vector, never one per input


# -- programs that branch: balls while every difference point takes the point's own branches -------

STABLE_SIGMOID = """
def f(x):
    return np.where(x >= 0, 1 / (1 + np.exp(-x)), np.exp(x) / (1 + np.exp(x)))
"""


@pytest.mark.parametrize("x", [1e-300, -1e-300, 5e-324, -3.0])
def test_a_branching_function_gets_the_exact_gradient_where_it_is_tiny(tmp_path, x):
    # Before, any branch sent a Python function to the mpmath differences: 0 at 1e-300, a false `wrong`.
    path = module(tmp_path, STABLE_SIGMOID) + ":f"
    exact = reference.compute(resolve(path), [x], budget=Budget(60))
    assert exact.method == "balls"
    result = one(path, {"x": x})
    expected = truth(lambda x: E(-x) / (1 + E(-x)) ** 2, x)
    assert close(result.exact_gradient["x"], expected)
    assert result.status == "ok", result.findings


@pytest.mark.parametrize("body", [
    "def f(x):\n    return np.abs(x)\n",
    "def f(x):\n    return np.maximum(x, 0.0)\n",
    "def f(x):\n    return np.where(x > 0, x, 2 * x)\n",
])
def test_a_branch_that_changes_within_the_step_leaves_the_kink_to_the_kink_test(tmp_path, body):
    path = module(tmp_path, body) + ":f"
    assert reference.compute(resolve(path), [0.0], budget=Budget(60)).method != "balls"
    result = one(path, {"x": 0.0})
    assert result.status == "domain" and any(f.kind == "kink" for f in result.findings), result.findings
    nearby = one(path, {"x": 1.5})
    assert nearby.status == "ok" and nearby.exact_gradient["x"] == 1.0


def test_a_wrong_rule_inside_a_branch_is_caught_on_balls(tmp_path):
    path = module(tmp_path, """
        import gradcli

        @gradcli.custom_gradient
        def softish(x):
            return np.exp(x), lambda dy: dy * np.exp(x) * (1 + 1e-6)

        def f(x):
            return np.where(x > 0, softish(x), np.exp(x))
    """) + ":f"
    result = one(path, {"x": 1e-300})
    assert result.status == "wrong", result.findings
    assert close(result.exact_gradient["x"], truth(lambda x: E(x), 1e-300))


# -- stable library code, as TensorFlow Probability, Keras or JAX write it: ok, to its last digit ----

GELU = """
def f(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
"""


def _gelu_derivative(x):
    c = mpmath.mpf(float(numpy.sqrt(2 / numpy.pi)))  # the float64 constant the function uses
    u = c * (x + mpmath.mpf(0.044715) * x**3)
    one_plus_tanh = 2 * E(2 * u) / (1 + E(2 * u))  # 1 + tanh(u) without its cancellation at u << 0
    return one_plus_tanh / 2 + x / 2 * c * (1 + 3 * mpmath.mpf(0.044715) * x**2) / mpmath.cosh(u) ** 2


@pytest.mark.parametrize("x", [-30.0, -40.0])
def test_gelu_far_left_has_its_tiny_exact_gradient_not_a_float32_floor(tmp_path, x):
    # 1 + tanh(u) is 1e-851 here: a 0 taken within 2^-1097 would make the rule "0", and a
    # Richardson residue (2^-129) would pass for the exact derivative: a false `wrong`.
    result = one(module(tmp_path, GELU) + ":f", {"x": x})
    # Beyond float64 (1.9e-854): the exact gradient is reported as text, to 20 digits.
    assert close(mpmath.mpf(result.exact_gradient_text["x"]), truth(_gelu_derivative, x)), result.exact_gradient_text
    assert result.status == "ok", result.findings


ENTROPY = """
from gradcli.numpy import xlogy

def f(p):
    return -np.sum(xlogy(p, p))
"""


@pytest.mark.parametrize("tiny", [1e-300, 5e-324])
def test_entropy_with_xlogy_at_a_tiny_probability(tmp_path, tiny):
    result = one(module(tmp_path, ENTROPY) + ":f", {"p": numpy.array([tiny, 0.5, 0.5])})
    gradient = result.exact_gradient["p"]
    assert close(gradient[0], truth(lambda p: -(mpmath.log(p) + 1), tiny)), gradient
    assert close(gradient[1], truth(lambda p: -(mpmath.log(p) + 1), 0.5)), gradient
    assert result.status == "ok", result.findings


CROSS_ENTROPY = """
def f(z):
    return z[0] - np.logsumexp(z)
"""


@pytest.mark.parametrize("z", [[-800.0, -800.0, -800.0], [-800.0, -801.0, -799.5]])
def test_cross_entropy_from_logits_far_left_is_exact(tmp_path, z):
    # A logsumexp that read balls as 53-bit numbers would be off by 5e-8 here.
    result = one(module(tmp_path, CROSS_ENTROPY) + ":f", {"z": numpy.array(z)})
    with mpmath.workdps(2000):
        weights = [E(mpmath.mpf(v)) for v in z]
        expected = [int(k == 0) - w / mpmath.fsum(weights) for k, w in enumerate(weights)]
    assert all(close(g, e) for g, e in zip(result.exact_gradient["z"], expected)), result.exact_gradient
    assert result.status == "ok", result.findings


COSINE = """
def f(x, y):
    return np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y))
"""


def test_cosine_similarity_that_overflows_is_unstable_and_its_exact_gradient_is_0_where_it_is(tmp_path):
    result = one(module(tmp_path, COSINE) + ":f", {"x": numpy.array([1e200, 2e200, 0.0]), "y": numpy.ones(3)})
    # d/dy0 = x0/(|x||y|) - (x.y) y0/(|x||y|^3) = 1/sqrt(15) - 1/sqrt(15): 0 exactly.
    assert result.exact_gradient["y"][0] == 0, result.exact_gradient
    assert close(result.exact_gradient["y"][1], truth(lambda: 1 / mpmath.sqrt(15)))
    assert result.status == "unstable", result.findings
    # np.linalg.norm squares its entries: the square of 1e200 is what overflows.
    assert any(f.op == "square" and "overflowed" in f.message for f in result.findings), result.findings


def test_on_mpmath_a_zero_difference_below_a_tiny_rule_rises_to_the_digits_it_needs(tmp_path):
    # mpmath's tanh(-980) is -1 rounded either way at 60 digits: the differences give 0 with no
    # noise while the rule holds -1.9e-854. The climb goes on from the ~1,300 digits that number
    # needs, where the differences show it: the exact derivative, not a refusal and not `wrong`.
    from gradcli.autodiff.mp import ieee
    from gradcli.checker.precision import Exact

    target = resolve(module(tmp_path, GELU) + ":f")
    with ieee():
        exact = reference._compute_mpmath(target, [-30.0], 0, Exact(), Budget(600))
    assert exact.determined and not exact.unsettled, (exact.gradient, exact.rule, exact.why)
    with mpmath.workdps(2000):
        assert close(exact.gradient[0], _gelu_derivative(mpmath.mpf(-30)))


def test_a_switch_nearer_than_any_difference_step_is_still_computed_exactly(tmp_path):
    # softmax(w)[0] = exp(-5e110) > 0 = v: the branch at v = 0 switches exp(-5e110) away, which no
    # difference step reaches. The point is no tie, so the program is one smooth piece around it:
    # forward mode on balls (jets) gives the derivative, proven, with no step to take.
    import mpmath

    path = module(tmp_path, """
        def f(v, w):
            p = np.exp(w - np.logsumexp(w))[0]
            return np.where(p > v, p, v)
    """) + ":f"
    exact = reference.compute(resolve(path), [0.0, numpy.array([0.0, 5e110])], budget=Budget(60))
    assert exact.determined and not exact.unsettled, exact.why
    with mpmath.workdps(2000):
        p = 1 / (1 + mpmath.exp(mpmath.mpf(5e110)))  # softmax's first weight, written independently
        slope = p * (1 - p)
        assert exact.gradient[0] == 0
        assert abs(exact.gradient[1][0] - slope) <= 1e-12 * slope
        assert abs(exact.gradient[1][1] + slope) <= 1e-12 * slope


# -- --wrt: the exact check spans only the chosen inputs -----------------------------------------

MANY_INPUTS = """
from gradcli.autodiff import custom_gradient

def make(factor):
    @custom_gradient
    def scaled(y):
        return y * y, lambda g: g * 2 * y * factor
    return scaled

right, wrong = make(1.0), make(1 + 1e-6)

def f(x, y):
    return np.sum(np.sin(x) * y) + right(y)

def f_wrong_in_y(x, y):
    return np.sum(np.sin(x) * y) + wrong(y)
"""

X20 = numpy.linspace(0.1, 2.0, 20)


def test_held_inputs_enter_forward_mode_exactly_signs_and_all(tmp_path):
    # With --wrt the held inputs are exact numbers beside the jets; a negative one read without its
    # sign made x @ w + b wrong, and a right rule `wrong`. The truth by hand: 2 tanh(u) sech(u)^2 x_i.
    path = module(tmp_path, """
        def f(w, b, x):
            return np.sum(np.tanh(x @ w + b) ** 2)
    """) + ":f"
    x = numpy.array([[0.5, -0.25, 1.5], [-1.0, 0.75, -0.5]])
    w, b = numpy.array([0.3, -0.7, 0.2]), -0.2
    result = one(path, {"w": w, "b": b, "x": x}, wrt=("w",))
    assert result.status == "ok", (result.status, result.findings)
    with mpmath.workdps(2000):
        rows = [[mpmath.mpf(v) for v in row] for row in x]
        u = [mpmath.fsum(r * mpmath.mpf(c) for r, c in zip(row, w)) + mpmath.mpf(b) for row in rows]
        slope = [2 * mpmath.tanh(t) / mpmath.cosh(t) ** 2 for t in u]
        expected = [mpmath.fsum(s * row[i] for s, row in zip(slope, rows)) for i in range(3)]
    assert all(close(g, e) for g, e in zip(result.exact_gradient["w"], expected)), (result.exact_gradient, expected)


@pytest.mark.parametrize("wrt", [("y",), ("x",), ("x", "y")])
def test_a_correct_gradient_with_wrt_over_many_inputs_is_ok(tmp_path, wrt):
    # 21 inputs: above 16 the exact derivative is taken along a random direction, which must lie in
    # the chosen inputs' subspace; spanning x too would compare d/dy with a derivative along x and y.
    result = one(module(tmp_path, MANY_INPUTS, name="many") + ":f", {"x": X20, "y": 1.5}, wrt=wrt)
    assert result.status == "ok", (result.status, result.findings, result.notes)
    if wrt == ("y",):  # one chosen input: its exact derivative itself, not a directional one
        expected = truth(lambda y: mpmath.fsum(mpmath.sin(mpmath.mpf(float(v))) for v in X20) + 2 * y, 1.5)
        assert close(result.exact_gradient["y"], expected), result.exact_gradient


@pytest.mark.parametrize("wrt, status", [(("y",), "wrong"), (("x",), "ok")])
def test_a_wrong_rule_with_wrt_is_judged_only_where_it_is_chosen(tmp_path, wrt, status):
    result = one(module(tmp_path, MANY_INPUTS, name="many_w") + ":f_wrong_in_y", {"x": X20, "y": 1.5}, wrt=wrt)
    assert result.status == status, (result.status, result.findings, result.notes)


# -- library-style stable code at extreme points: `ok`, with the exact gradient however tiny -------
# Each body is written as TensorFlow, Keras, PyTorch or JAX write it; each derivative by hand.

SIGMOID = lambda x: 1 / (1 + E(-x))  # noqa: E731
SOFTMAX = lambda z, k: E(z[k]) / mpmath.fsum(E(v) for v in z)  # noqa: E731
BELOW_ZERO = mpmath.mpf(2) ** -16384  # the reference's 0: an entry below it is proven 0, not found

STABLE = {
    "softplus": "def f(x):\n    return np.maximum(x, 0) + np.log1p(np.exp(-np.abs(x)))\n",
    "log_sigmoid": "def f(x):\n    return -(np.maximum(-x, 0) + np.log1p(np.exp(-np.abs(x))))\n",
    "log1mexp": "def f(x):\n    return np.where(x < np.log(2.0), np.log(-np.expm1(-x)), np.log1p(-np.exp(-x)))\n",
    "logaddexp": "def f(a, b):\n    m = np.maximum(a, b)\n    return m + np.log1p(np.exp(-np.abs(a - b)))\n",
    "bce_logits": "def f(z, y):\n    return np.maximum(z, 0) - z * y + np.log1p(np.exp(-np.abs(z)))\n",
    "softmax_ce": "def f(z):\n    m = np.max(z)\n    return m + np.log(np.sum(np.exp(z - m))) - z[1]\n",
    "log_normal": "def f(x, mu):\n    s = 0.75\n    return -np.log(x) - np.log(s) - 0.5 * np.log(2 * np.pi) - (np.log(x) - mu) ** 2 / (2 * s * s)\n",
    "log_gamma": "from gradcli.numpy import gammaln\n\ndef f(x):\n    return gammaln(x)\n",
    "safe_norm": "def f(x):\n    s = np.sum(x * x)\n    return np.where(s > 0, np.sqrt(np.where(s > 0, s, 1.0)), 0.0)\n",
    "scaled_norm": "def f(x):\n    m = np.max(np.abs(x))\n    return m * np.sqrt(np.sum((x / m) ** 2))\n",
    "huber": "def f(r):\n    a = np.abs(r)\n    return np.where(a <= 1.5, 0.5 * r * r, 1.5 * (a - 0.75))\n",
    "smooth_l1": "def f(r):\n    a = np.abs(r)\n    return np.where(a < 0.5, r * r, a - 0.25)\n",
    "xlog1py": "from gradcli.numpy import xlog1py\n\ndef f(p):\n    return np.sum(xlog1py(p, -p))\n",
    "entropy": "from gradcli.numpy import xlogy\n\ndef f(p):\n    return -np.sum(xlogy(p, p))\n",
    "silu": "from gradcli.numpy import sigmoid\n\ndef f(x):\n    return x * sigmoid(x)\n",
    "mish": "from gradcli.numpy import softplus\n\ndef f(x):\n    return x * np.tanh(softplus(x))\n",
    "log1p_exp2": "def f(x):\n    return 1 + np.logaddexp2(x, 0.0)\n",  # no ball logaddexp2: the mpmath path
    "batched_softmax_ce": (
        "def f(z):\n    z = np.reshape(z, (2, 3))\n    m = np.max(z, axis=1, keepdims=True)\n"
        "    return np.sum(m[:, 0] + np.log(np.sum(np.exp(z - m), axis=1)) - z[:, 0])\n"
    ),
    # Written as the libraries write them, for the cases below that need more than the ones above.
    "logaddexp_np": "def f(a, b):\n    return np.logaddexp(a, b)\n",
    "gelu_tanh": "def f(x):\n    return 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))\n",
    "angle": "def f(y, x):\n    return np.arctan2(y, x)\n",
    "arctan": "def f(x):\n    return np.arctan(x)\n",
    "log10": "def f(x):\n    return np.log10(x)\n",
    "relu": "def f(x):\n    return np.maximum(x, 0.0)\n",
    "tanh_of_tiny": "def f(y):\n    return np.tanh(np.exp(y)) + np.sinh(np.exp(y)) + np.expm1(np.exp(y))\n",
}

LOG_NORMAL = lambda x, mu: -1 / x - (mpmath.log(x) - mu) / (mpmath.mpf(0.75) ** 2 * x)  # noqa: E731
SP = lambda x: mpmath.log1p(E(x))  # noqa: E731

GELU_C = mpmath.mpf(0.7978845608028654)  # the float64 constant the body uses, exactly
GELU_A = mpmath.mpf(0.044715)


def _gelu_slope(x):
    # 1 + tanh(u) and sech(u)^2 through exp(2u), which keeps e^-7e298 where tanh(u) is -1 to 2,000 digits.
    u = GELU_C * (x + GELU_A * x**3)
    e = E(2 * u)
    return (e / (1 + e)) + 0.5 * x * (4 * e / (1 + e) ** 2) * GELU_C * (1 + 3 * GELU_A * x * x)


NORM = lambda x, k: x[k] / mpmath.sqrt(mpmath.fsum(v * v for v in x))  # noqa: E731

# (body, point, {variable: derivative (of the point's values; a list for an array)})
STABLE_CASES = [
    ("softplus", {"x": 800.0}, {"x": SIGMOID}),
    ("softplus", {"x": -800.0}, {"x": SIGMOID}),  # e^-800 = 3.7e-348: beyond float64, shown as text
    ("softplus", {"x": -5e-324}, {"x": SIGMOID}),
    ("log_sigmoid", {"x": 800.0}, {"x": lambda x: SIGMOID(-x)}),
    ("log_sigmoid", {"x": 1e-300}, {"x": lambda x: SIGMOID(-x)}),
    ("log1mexp", {"x": 800.0}, {"x": lambda x: 1 / mpmath.expm1(x)}),
    ("log1mexp", {"x": 1e-5}, {"x": lambda x: 1 / mpmath.expm1(x)}),
    ("logaddexp", {"a": 800.0, "b": -800.0}, {"a": lambda a, b: SIGMOID(a - b), "b": lambda a, b: SIGMOID(b - a)}),
    ("logaddexp", {"a": 1e-300, "b": 5e-324}, {"a": lambda a, b: SIGMOID(a - b), "b": lambda a, b: SIGMOID(b - a)}),
    ("bce_logits", {"z": -800.0, "y": 1.0}, {"z": lambda z, y: SIGMOID(z) - y, "y": lambda z, y: -z}),
    ("bce_logits", {"z": 800.0, "y": 0.3}, {"z": lambda z, y: SIGMOID(z) - y, "y": lambda z, y: -z}),
    ("softmax_ce", {"z": [800.0, 0.0, -800.0]}, {"z": [lambda z, k=k: SOFTMAX(z, k) - (k == 1) for k in range(3)]}),
    ("softmax_ce", {"z": [-800.0, -800.0, -800.0]}, {"z": [lambda z, k=k: SOFTMAX(z, k) - (k == 1) for k in range(3)]}),
    ("softmax_ce", {"z": [1e300, 0.0, -1e300]}, {"z": [lambda z, k=k: SOFTMAX(z, k) - (k == 1) for k in range(3)]}),
    ("log_normal", {"x": 1e-300, "mu": 0.1}, {"x": LOG_NORMAL}),
    ("log_normal", {"x": 1e300, "mu": 0.1}, {"x": LOG_NORMAL}),
    # digamma(x) = -1/x - euler + zeta(2) x - ...: its series (mpmath's digamma at 2000 digits takes 30 s)
    ("log_gamma", {"x": 1e-300}, {"x": lambda x: -1 / x - mpmath.euler + mpmath.zeta(2) * x}),
    ("safe_norm", {"x": [1e150, 2e150, 0.0]}, {"x": [lambda x, k=k: x[k] / mpmath.norm(x) for k in range(3)]}),
    ("scaled_norm", {"x": [3.0, -4.0, 0.0]}, {"x": [lambda x, k=k: x[k] / mpmath.norm(x) for k in range(3)]}),
    ("huber", {"r": 0.0}, {"r": lambda r: r}),
    ("huber", {"r": 1e-300}, {"r": lambda r: r}),
    ("huber", {"r": -1e300}, {"r": lambda r: mpmath.mpf(-1.5)}),
    ("smooth_l1", {"r": 0.0}, {"r": lambda r: 2 * r}),
    ("xlog1py", {"p": [1e-300, 0.5, 5e-324]}, {"p": [lambda p, k=k: mpmath.log1p(-p[k]) - p[k] / (1 - p[k]) for k in range(3)]}),
    ("entropy", {"p": [5e-324, 1e-310, 0.5]}, {"p": [lambda p, k=k: -(mpmath.log(p[k]) + 1) for k in range(3)]}),
    ("silu", {"x": -800.0}, {"x": lambda x: SIGMOID(x) * (1 + x * (1 - SIGMOID(x)))}),
    ("mish", {"x": -800.0}, {"x": lambda x: mpmath.tanh(SP(x)) + x * SIGMOID(x) / mpmath.cosh(SP(x)) ** 2}),
    ("log1p_exp2", {"x": -1500.0}, {"x": lambda x: SIGMOID(x * mpmath.log(2))}),  # 2.9e-452
    # Row maxima, one of them between two equal logits: softmax minus the first one-hot, per row.
    ("batched_softmax_ce", {"z": [800.0, 0.0, -800.0, -800.0, -800.0, -799.0]},
     {"z": [lambda z, k=k: SOFTMAX(z[3 * (k // 3):3 * (k // 3) + 3], k % 3) - (k % 3 == 0) for k in range(6)]}),
    # A derivative like exp(-2e300) beside a value of 1e300: no difference resolves it, forward mode
    # on balls computes it.
    ("logaddexp_np", {"a": 1e300, "b": -1e300}, {"a": lambda a, b: SIGMOID(a - b), "b": lambda a, b: SIGMOID(b - a)}),
    ("logaddexp", {"a": -1e300, "b": 1e300}, {"a": lambda a, b: SIGMOID(a - b), "b": lambda a, b: SIGMOID(b - a)}),
    ("softplus", {"x": -1e300}, {"x": SIGMOID}),
    ("log_sigmoid", {"x": 1e300}, {"x": lambda x: SIGMOID(-x)}),
    ("bce_logits", {"z": -1e300, "y": 0.0}, {"z": lambda z, y: SIGMOID(z) - y, "y": lambda z, y: -z}),
    ("silu", {"x": -1e300}, {"x": lambda x: SIGMOID(x) * (1 + x * (1 - SIGMOID(x)))}),
    ("gelu_tanh", {"x": -60.0}, {"x": _gelu_slope}),  # 1 + tanh(-7755): 22,375 bits cancel
    ("softmax_ce", {"z": [-1e300, 0.0, 1e300]}, {"z": [lambda z, k=k: SOFTMAX(z, k) - (k == 1) for k in range(3)]}),
    # The largest logits tied: each side of the switch is one smooth piece, and they agree.
    ("softmax_ce", {"z": [30.0, 30.0, -1e300]}, {"z": [lambda z, k=k: SOFTMAX(z, k) - (k == 1) for k in range(3)]}),
    ("softmax_ce", {"z": [-800.0, 800.0, 800.0]}, {"z": [lambda z, k=k: SOFTMAX(z, k) - (k == 1) for k in range(3)]}),
    # A derivative 0 away from the switch is proven 0 by its ball, not rounded to it.
    ("relu", {"x": -1e-300}, {"x": lambda x: mpmath.mpf(0)}),
    ("huber", {"r": 1e300}, {"r": lambda r: mpmath.mpf(1.5)}),
    # Rules that overflowed where the derivative is a number: divide's -g x / y^2 (a max-scaled
    # norm at 1e200), arctan2's x^2 + y^2, arctan's 1 + x^2, log10's x ln 10.
    ("scaled_norm", {"x": [1e200, 2e200, -3e200]}, {"x": [lambda x, k=k: NORM(x, k) for k in range(3)]}),
    ("scaled_norm", {"x": [1e-300, -2e-300, 3e-300]}, {"x": [lambda x, k=k: NORM(x, k) for k in range(3)]}),
    ("angle", {"y": 1e200, "x": 2e200}, {"y": lambda y, x: x / (x * x + y * y), "x": lambda y, x: -y / (x * x + y * y)}),
    ("angle", {"y": 1e-200, "x": 3e-200}, {"y": lambda y, x: x / (x * x + y * y), "x": lambda y, x: -y / (x * x + y * y)}),
    ("arctan", {"x": 1e155}, {"x": lambda x: 1 / (1 + x * x)}),
    ("log10", {"x": 1.5e308}, {"x": lambda x: 1 / (x * mpmath.log(10))}),
    # tanh, sinh and expm1 of e^-1e200, an exponent past 2^63, where arb keeps 28 bits at any precision.
    ("tanh_of_tiny", {"y": -1e200},
     {"y": lambda y: E(y) * (1 / mpmath.cosh(E(y)) ** 2 + mpmath.cosh(E(y)) + E(E(y)))}),
]


def exact_entries(result, name):
    """The exact gradient of ``name`` as mpf entries, from its text where a float cannot hold it
    (past a million-digit exponent the text is ``10^(e)``: that entry is the string ``e``)."""
    text, value = result.exact_gradient_text.get(name), result.exact_gradient[name]
    values = value if isinstance(value, list) else [value]
    texts = text if isinstance(text, list) else [text] * len(values)
    out = []
    for t, v in zip(texts, values):
        if t is not None and "10^(" in t:
            out.append(t)
        else:
            out.append(mpmath.mpf(t) if t is not None else mpmath.mpf(v))
    return out


def _agrees(got, expected):
    """``got`` (an mpf, or the text ``[-]10^(e)``) is ``expected`` to 1e-12, or to the text's 10 digits of e."""
    if isinstance(got, str):
        sign = -1 if got.startswith("-") else 1
        exponent = mpmath.mpf(got[got.index("(") + 1 : -1])
        return sign * expected > 0 and close(exponent, mpmath.log10(abs(expected)), rel=1e-9)
    return expected == 0 if got == 0 else close(got, expected)  # 0 only where it is, however tiny the truth


def hand_derivatives(derivatives, point):
    with mpmath.workdps(2000):
        args = [[mpmath.mpf(v) for v in p] if isinstance(p, list) else mpmath.mpf(p) for p in point.values()]
        out = {}
        for name, d in derivatives.items():
            entries = [e(*args) for e in d] if isinstance(d, list) else [d(*args)]
            out[name] = entries
        return out


@pytest.mark.parametrize("name, point, derivatives", STABLE_CASES,
                         ids=[f"{c[0]}-{'-'.join(map(str, c[1].values()))}" for c in STABLE_CASES])
def test_stable_library_code_at_extreme_points_is_ok_with_its_exact_gradient(tmp_path, name, point, derivatives):
    given = {n: numpy.array(v) if isinstance(v, list) else v for n, v in point.items()}
    result = one(module(tmp_path, STABLE[name], name=name) + ":f", given)
    assert result.status == "ok", (result.status, result.findings, result.notes)
    wanted = hand_derivatives(derivatives, point)
    for variable, expected in wanted.items():
        got = exact_entries(result, variable)
        assert all(_agrees(g, e) for g, e in zip(got, expected)), (variable, got, expected)
    if any(isinstance(g, str) for variable in wanted for g in exact_entries(result, variable)):
        # What the text cannot carry (exp(-2e300) to 12 digits): the reference's own numbers.
        path = module(tmp_path, STABLE[name], name=name + "_again") + ":f"
        args = [numpy.array(v, dtype=float) if isinstance(v, list) else float(v) for v in point.values()]
        exact = reference.compute(resolve(path), args)
        for (variable, expected), g in zip(wanted.items(), exact.gradient):
            entries = list(g) if isinstance(g, numpy.ndarray) else [g]
            assert all(_agrees(a, e) for a, e in zip(entries, expected)), (variable, entries, expected)


# -- broken code: `unstable` with the op named; a wrong rule: `wrong`, however tiny the derivative ---

BROKEN_CASES = [
    ("def f(x):\n    return np.log(1 + np.exp(x))\n", {"x": 800.0}, "exp", "overflow"),
    ("def f(x):\n    return np.sqrt(np.sum(x * x))\n", {"x": [1e200, 2e200, 0.0]}, "multiply", "overflow"),
    ("def f(x):\n    return np.sqrt(np.sum(x * x))\n", {"x": [1e-200, 2e-200, 0.0]}, "multiply", "underflow"),
]


@pytest.mark.parametrize("body, point, op, kind", BROKEN_CASES, ids=["log1pexp", "norm-overflow", "norm-underflow"])
def test_code_that_breaks_in_float64_is_unstable_naming_the_op(tmp_path, body, point, op, kind):
    given = {n: numpy.array(v) if isinstance(v, list) else v for n, v in point.items()}
    result = one(module(tmp_path, body, name="broken") + ":f", given)
    assert result.status == "unstable", (result.status, result.findings)
    assert any(f.op == op and kind in f.message for f in result.findings), result.findings


WRONG_RULES = """
from gradcli.autodiff import custom_gradient
from gradcli.numpy import sigmoid, softplus

@custom_gradient
def off_by_1e4(x):
    return softplus(x), lambda g: g * sigmoid(x) * 1.0001

@custom_gradient
def drops_the_tail(x):  # log_sigmoid, whose rule says 0 past 700: the truth there is e^-x
    return -softplus(-x), lambda g: g * np.where(x > 700, 0.0, sigmoid(-x))

@custom_gradient
def drops_a_tiny_slope(x):  # 1 + log2(1 + 2^x), whose slope 2.9e-452 at -1500 the rule calls 0
    return 1 + np.logaddexp2(x, 0.0), lambda g: g * 0.0
"""


@pytest.mark.parametrize("name, x", [("off_by_1e4", 3.0), ("drops_the_tail", 800.0), ("drops_a_tiny_slope", -1500.0)])
def test_a_rule_that_disagrees_with_a_tiny_exact_derivative_is_wrong(tmp_path, name, x):
    result = one(module(tmp_path, WRONG_RULES, name="rules") + f":{name}", {"x": x})
    assert result.status == "wrong", (result.status, result.findings, result.notes)


# -- a kink is a property of the point, whatever the size of its slopes --------------------------

TINY_KINKS = """
def relu_scaled(x):
    return np.maximum(x * 1e-300, 0.0)

def two_tiny_slopes(x):
    return np.where(x > 0, x * 1e-300, x * 2e-300)

def smooth_through(x):
    return np.where(x > 0, x * 1e-300, x * 1e-300)
"""


@pytest.mark.parametrize("name, status", [("relu_scaled", "domain"), ("two_tiny_slopes", "domain"), ("smooth_through", "ok")])
def test_a_kink_between_tiny_slopes_is_a_kink(tmp_path, name, status):
    # Slopes of 0 and 1e-300 differ as much as 0 and 1: measured against 1 they would not, and the
    # mean of the two would pass for a derivative.
    result = one(module(tmp_path, TINY_KINKS, name="tiny_kinks") + f":{name}", {"x": 0.0})
    assert result.status == status, (result.status, result.findings, result.exact_gradient)
    if status == "ok":
        assert close(result.exact_gradient["x"], mpmath.mpf(1e-300))
