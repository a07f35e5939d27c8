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
    assert any(f.op == "multiply" and "overflowed" in f.message for f in result.findings), result.findings


def test_on_mpmath_a_zero_difference_below_a_tiny_rule_is_no_reference_not_wrong(tmp_path):
    # mpmath's tanh(-980) is -1 rounded either way at 60 digits: the differences give 0 with no
    # noise while the rule holds -1.9e-854. Neither is proven: no exact reference, not `wrong`.
    from gradcli.autodiff.mp import ieee
    from gradcli.checker.precision import Exact

    target = resolve(module(tmp_path, GELU) + ":f")
    with ieee():
        exact = reference._compute_mpmath(target, [-30.0], 0, Exact(), Budget(60))
    assert exact.unsettled and not exact.determined, (exact.gradient, exact.rule)


def test_a_switch_nearer_than_any_step_is_no_reference_not_a_stand_in(tmp_path):
    # softmax(w)[0] = exp(-5e110) > 0 = v: the branch at v = 0 switches exp(-5e110) away, which no
    # difference step reaches. The point is no tie, so it is no kink either: no exact reference.
    path = module(tmp_path, """
        def f(v, w):
            p = np.exp(w - np.logsumexp(w))[0]
            return np.where(p > v, p, v)
    """) + ":f"
    exact = reference.compute(resolve(path), [0.0, numpy.array([0.0, 5e110])], budget=Budget(60))
    assert exact.unsettled and not exact.determined, (exact.gradient, exact.method)


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
