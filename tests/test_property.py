"""Property: for random compositions of smooth ops, grad agrees with finite differences.

Hypothesis builds expression trees of depth <= 4 over an array input ``x``
(shape (3,)), a scalar input ``y`` and constants. Each tree is evaluated three
ways: with gradcli.numpy under ``value_and_grad`` and ``grad``, and with plain
NumPy as an independent oracle for the value and for float64 central
differences (Richardson-extrapolated, so the truncation error is O(h^4)).

Points within reach of a kink (the clip in ``exp_clip``, a tie in
``maximum``, ``hypot`` near the origin) are skipped with ``assume``: there the
finite-difference reference itself is meaningless.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gradcli
import gradcli.numpy as gnp

CLIP = 2.0
# How far from a kink an intermediate value must be, for the finite differences to be valid.
KINK_MARGIN = 1e-2
H = 1e-3

UNARY = ("sin", "cos", "tanh", "exp_clip", "log1p_sq", "sqrt1p_sq", "sigmoid", "softplus")
BINARY = ("add", "sub", "mul", "hypot", "logaddexp", "maximum")


# -- the ops, twice: gradcli.numpy (under test) and NumPy (the oracle) -----------------

GNP_UNARY = {
    "sin": gnp.sin,
    "cos": gnp.cos,
    "tanh": gnp.tanh,
    "exp_clip": lambda a: gnp.exp(gnp.clip(a, -CLIP, CLIP)),
    "log1p_sq": lambda a: gnp.log1p(a * a),
    "sqrt1p_sq": lambda a: gnp.sqrt(1.0 + a * a),
    "sigmoid": gnp.sigmoid,
    "softplus": gnp.softplus,
}
GNP_BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "hypot": gnp.hypot,
    "logaddexp": gnp.logaddexp,
    "maximum": gnp.maximum,
}

NP_UNARY = {
    "sin": np.sin,
    "cos": np.cos,
    "tanh": np.tanh,
    "exp_clip": lambda a: np.exp(np.clip(a, -CLIP, CLIP)),
    "log1p_sq": lambda a: np.log1p(a * a),
    "sqrt1p_sq": lambda a: np.sqrt(1.0 + a * a),
    "sigmoid": lambda a: 1.0 / (1.0 + np.exp(-a)),
    "softplus": lambda a: np.log1p(np.exp(-np.abs(a))) + np.maximum(a, 0.0),
}
NP_BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "hypot": np.hypot,
    "logaddexp": np.logaddexp,
    "maximum": np.maximum,
}


def evaluate(tree, x, y, unary, binary):
    kind = tree[0]
    if kind == "x":
        return x
    if kind == "y":
        return y
    if kind == "const":
        return tree[1]
    if kind in unary:
        return unary[kind](evaluate(tree[1], x, y, unary, binary))
    return binary[kind](evaluate(tree[1], x, y, unary, binary), evaluate(tree[2], x, y, unary, binary))


def kink_margin_and_size(tree, x, y):
    """Smallest distance of any intermediate from a kink, and the largest |intermediate|."""
    margins, sizes = [np.inf], [0.0]

    def walk(t):
        kind = t[0]
        if kind in ("x", "y", "const"):
            value = np.asarray(evaluate(t, x, y, NP_UNARY, NP_BINARY), dtype=np.float64)
        elif kind in NP_UNARY:
            a = walk(t[1])
            if kind == "exp_clip":
                margins.append(np.min(np.abs(np.abs(a) - CLIP)))
            value = NP_UNARY[kind](a)
        else:
            a, b = walk(t[1]), walk(t[2])
            if kind == "maximum":
                margins.append(np.min(np.abs(a - b)))
            if kind == "hypot":
                margins.append(np.min(np.hypot(a, b)))
            value = NP_BINARY[kind](a, b)
        sizes.append(float(np.max(np.abs(value))))
        return value

    walk(tree)
    return float(min(margins)), float(max(sizes))


# -- strategies ----------------------------------------------------------------------

LEAVES = st.one_of(
    st.just(("x",)),
    st.just(("y",)),
    st.floats(-2.0, 2.0, allow_nan=False, allow_infinity=False).map(lambda c: ("const", c)),
)


# Weighted node kinds: mostly operators, so that most trees are 3 or 4 levels deep.
NODE_KINDS = ("binary",) * 3 + ("unary",) * 3 + ("leaf",) * 2


@st.composite
def trees(draw, depth):
    if depth == 0:
        return draw(LEAVES)
    kind = draw(st.sampled_from(NODE_KINDS))
    if kind == "leaf":
        return draw(LEAVES)
    if kind == "unary":
        return (draw(st.sampled_from(UNARY)), draw(trees(depth - 1)))
    return (draw(st.sampled_from(BINARY)), draw(trees(depth - 1)), draw(trees(depth - 1)))


TREES = trees(4)
COORD = st.floats(-1.5, 1.5, allow_nan=False, allow_infinity=False)
XS = st.lists(COORD, min_size=3, max_size=3).map(lambda v: np.array(v, dtype=np.float64))


def depth_of(tree):
    if tree[0] in ("x", "y", "const"):
        return 0
    return 1 + max(depth_of(t) for t in tree[1:])


# -- the oracle --------------------------------------------------------------------


def numpy_objective(tree):
    return lambda x, y: float(np.sum(evaluate(tree, x, y, NP_UNARY, NP_BINARY) + 0.0 * x))


def richardson_gradient(f, x, y):
    """Central differences with Richardson extrapolation, in float64."""

    def derivative(shift):
        def d(h):
            return (shift(h) - shift(-h)) / (2 * h)

        return (4 * d(H / 2) - d(H)) / 3

    gx = np.empty_like(x)
    for i in range(x.size):
        e = np.zeros_like(x)
        e[i] = 1.0
        gx[i] = derivative(lambda h, e=e: f(x + h * e, y))
    gy = derivative(lambda h: f(x, y + h))
    return gx, gy


def gradcli_objective(tree):
    # The tree may not mention x at all: add 0*x so the output has x's shape before the sum.
    return lambda x, y: gnp.sum(evaluate(tree, x, y, GNP_UNARY, GNP_BINARY) + 0.0 * x)


PROPERTY_SETTINGS = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def test_tree_strategy_depth_is_bounded():
    assert depth_of(("add", ("sin", ("x",)), ("y",))) == 2

    @settings(max_examples=50, derandomize=True, database=None, deadline=None)
    @given(TREES)
    def check(tree):
        assert depth_of(tree) <= 4

    check()


@PROPERTY_SETTINGS
@given(tree=TREES, x=XS, y=COORD)
def test_grad_matches_finite_differences(tree, x, y):
    margin, size = kink_margin_and_size(tree, x, y)
    assume(margin > KINK_MARGIN)
    assume(size < 1e4)

    f_np = numpy_objective(tree)
    f = gradcli_objective(tree)

    value, gradients = gradcli.value_and_grad(f, argnums=(0, 1))(x, y)

    # The value matches the independent NumPy evaluation.
    assert value == pytest.approx(f_np(x, y), rel=1e-12, abs=1e-12 * (1 + size))

    # Each transform's gradient, on its own, matches the finite differences of the NumPy oracle.
    fd_x, fd_y = richardson_gradient(f_np, x, y)
    tol = 1e-6 * (1 + size)
    both = {"value_and_grad": gradients, "grad": gradcli.grad(f, argnums=(0, 1))(x, y)}
    for transform, (gx, gy) in both.items():
        assert np.shape(gx) == (3,) and np.shape(gy) == (), transform
        assert np.asarray(gx).dtype == np.float64, transform
        np.testing.assert_allclose(gx, fd_x, rtol=1e-6, atol=tol, err_msg=transform)
        assert gy == pytest.approx(fd_y, rel=1e-6, abs=tol), transform


@PROPERTY_SETTINGS
@given(tree=TREES, x=XS, y=COORD)
def test_jvp_agrees_with_grad(tree, x, y):
    # Forward mode, in a random direction, must give the directional derivative <grad, t>.
    margin, size = kink_margin_and_size(tree, x, y)
    assume(margin > KINK_MARGIN)
    assume(size < 1e4)
    f = gradcli_objective(tree)
    gx, gy = gradcli.grad(f, argnums=(0, 1))(x, y)
    tx, ty = np.array([0.3, -1.0, 0.7]), -0.4
    _, tangent = gradcli.jvp(f, (x, y), (tx, ty))
    expected = float(np.dot(gx, tx) + gy * ty)
    assert tangent == pytest.approx(expected, rel=1e-10, abs=1e-10 * (1 + size))


@PROPERTY_SETTINGS
@given(tree=TREES, x=XS, y=COORD)
def test_second_derivative_matches_differences_of_the_gradient(tree, x, y):
    # grad(grad(f)) in y, against central differences of the (separately checked) first gradient.
    margin, size = kink_margin_and_size(tree, x, y)
    assume(margin > KINK_MARGIN)
    assume(size < 1e4)
    f = gradcli_objective(tree)
    df_dy = gradcli.grad(f, argnums=1)
    d2 = gradcli.grad(df_dy, argnums=1)(x, y)

    def d(h):
        return (df_dy(x, y + h) - df_dy(x, y - h)) / (2 * h)

    fd = (4 * d(H / 2) - d(H)) / 3
    assert d2 == pytest.approx(fd, rel=1e-5, abs=1e-5 * (1 + size))


def test_the_property_can_fail():
    """The finite-difference oracle catches a rule that is off by 0.05%."""
    from gradcli.autodiff import defvjp, primitive

    wrong_sin = primitive(np.sin, name="wrong_sin")
    defvjp(wrong_sin, lambda g, ans, x: g * gnp.cos(x) * 1.0005)
    x = np.array([0.3, -0.8, 1.1])
    g = gradcli.grad(lambda x: gnp.sum(wrong_sin(x) * x))(x)
    fd, _ = richardson_gradient(lambda x, y: float(np.sum(np.sin(x) * x)), x, 0.0)
    assert not np.allclose(g, fd, rtol=1e-6, atol=1e-6 * (1 + 2.0))
