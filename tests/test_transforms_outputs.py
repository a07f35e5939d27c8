"""Transforms of functions with structured outputs: tuples, lists, dicts, nested, size-1 arrays.

Every answer is checked against central finite differences of each output
leaf (``opcheck``'s oracle), never against gradcli itself.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from opcheck import assert_close, numeric_jvp, numeric_vjp

X = np.array([0.1, 0.2])


def leaves(tree):
    """The leaves of a nested tuple/list/dict, in order."""
    if isinstance(tree, dict):
        return [leaf for key in tree for leaf in leaves(tree[key])]
    if isinstance(tree, (list, tuple)):
        return [leaf for item in tree for leaf in leaves(item)]
    return [tree]


def numeric_tree_vjp(f, x, cotangents):
    """Finite differences of sum_k <u_k, f(x)_k> over the output leaves."""
    total = np.zeros(np.shape(x))
    for k, u in enumerate(cotangents):
        total = total + numeric_vjp(lambda x, k=k: leaves(f(x))[k], [x], 0, u)
    return total


OUTPUTS = [
    ("tuple", lambda x: (gnp.sin(x), 2.0 * x)),
    ("list", lambda x: [gnp.sin(x), gnp.sum(x * x), x[0]]),
    ("dict", lambda x: {"a": gnp.exp(x), "b": gnp.prod(x)}),
    ("nested", lambda x: (gnp.sin(x), [x * x, {"c": gnp.cos(x[1]), "d": (x, 3.0 * x)}])),
    ("the same value twice", lambda x: (gnp.sin(x), gnp.sin(x) * 1.0, x, x)),
    ("a constant leaf", lambda x: (gnp.sin(x), np.ones(3), 2.0)),
    ("one-element tuple", lambda x: (gnp.tanh(x),)),
]


def ones_like_tree(tree):
    if isinstance(tree, dict):
        return {key: ones_like_tree(value) for key, value in tree.items()}
    if isinstance(tree, (list, tuple)):
        return type(tree)(ones_like_tree(item) for item in tree)
    return np.ones_like(tree) if np.ndim(tree) else 1.0


def random_like_tree(tree, rng):
    if isinstance(tree, dict):
        return {key: random_like_tree(value, rng) for key, value in tree.items()}
    if isinstance(tree, (list, tuple)):
        return type(tree)(random_like_tree(item, rng) for item in tree)
    return rng.standard_normal(np.shape(tree)) if np.ndim(tree) else float(rng.standard_normal())


def test_vjp_of_a_tuple_is_the_sum_of_each_outputs_pullback():
    # The case that once gave zeros: cos(x) + 2.
    value, pullback = gradcli.vjp(lambda x: (gnp.sin(x), 2.0 * x), X)
    (g,) = pullback((np.ones(2), np.ones(2)))
    np.testing.assert_allclose(g, np.cos(X) + 2.0, rtol=1e-15)
    np.testing.assert_allclose(value[0], np.sin(X))
    _, tangent = gradcli.jvp(lambda x: (gnp.sin(x), 2.0 * x), (X,), (np.ones(2),))
    np.testing.assert_allclose(tangent[0], np.cos(X), rtol=1e-15)
    np.testing.assert_allclose(tangent[1], [2.0, 2.0])


@pytest.mark.parametrize("name, f", OUTPUTS, ids=[row[0] for row in OUTPUTS])
def test_vjp_of_structured_outputs(name, f):
    rng = np.random.default_rng(1)
    value, pullback = gradcli.vjp(f, X)
    assert type(value) is type(f(X))
    u = random_like_tree(value, rng)
    (g,) = pullback(u)
    assert_close(g, numeric_tree_vjp(f, X, leaves(u)), "vjp")


@pytest.mark.parametrize("name, f", OUTPUTS, ids=[row[0] for row in OUTPUTS])
def test_jvp_of_structured_outputs(name, f):
    t = np.array([0.3, -0.7])
    value, tangent = gradcli.jvp(f, (X,), (t,))
    assert type(tangent) is type(value) is type(f(X))
    for k, (v, dv) in enumerate(zip(leaves(value), leaves(tangent))):
        assert np.shape(dv) == np.shape(v)
        assert_close(dv, numeric_jvp(lambda x, k=k: leaves(f(x))[k], [X], [t]), f"jvp of leaf {k}")


@pytest.mark.parametrize("name, f", OUTPUTS, ids=[row[0] for row in OUTPUTS])
def test_jacobian_of_structured_outputs(name, f):
    jac = gradcli.jacobian(f)(X)
    assert type(jac) is type(f(X))
    for k, (v, block) in enumerate(zip(leaves(f(X)), leaves(jac))):
        assert np.shape(block) == np.shape(v) + X.shape
        for col in range(X.size):
            e = np.zeros(X.size)
            e[col] = 1.0
            column = numeric_jvp(lambda x, k=k: leaves(f(x))[k], [X], [e])
            assert_close(np.asarray(block)[..., col], column, f"jacobian of leaf {k}, column {col}")


def test_grad_of_a_pullback_of_a_tuple():
    # Second order through the structured output: d/dx sum(J(x)^T u).
    def first(x):
        return gradcli.vjp(lambda x: (gnp.sin(x), x * x), x)[1]((np.ones(2), np.ones(2)))[0]

    g = gradcli.grad(lambda x: gnp.sum(first(x)))(X)
    np.testing.assert_allclose(g, -np.sin(X) + 2.0, rtol=1e-12)


@pytest.mark.parametrize(
    "u, message",
    [
        ((np.ones(2),), "2 outputs"),
        (np.ones(2), "one per output"),
        ((np.ones(2), {"a": np.ones(2)}), "array"),
    ],
)
def test_a_cotangent_not_shaped_like_the_output_is_refused(u, message):
    _, pullback = gradcli.vjp(lambda x: (gnp.sin(x), 2.0 * x), X)
    with pytest.raises(ValueError, match=message):
        pullback(u)


def test_a_list_stands_for_a_tuple_in_a_cotangent():
    _, pullback = gradcli.vjp(lambda x: (gnp.sin(x), 2.0 * x), X)
    np.testing.assert_allclose(pullback([np.ones(2), np.ones(2)])[0], np.cos(X) + 2.0, rtol=1e-15)


def test_jvp_of_a_dict_keeps_its_keys():
    _, tangent = gradcli.jvp(lambda x: {"b": x * 2.0, "a": gnp.sin(x)}, (X,), (np.ones(2),))
    assert list(tangent) == ["b", "a"]


class Holder:
    """An object holding a traced value, which no transform can see into."""

    def __init__(self, value):
        self.value = value


@pytest.mark.parametrize(
    "transform",
    [
        lambda f: gradcli.vjp(f, X)[1](np.ones(2)),
        lambda f: gradcli.jvp(f, (X,), (np.ones(2),)),
        lambda f: gradcli.jacobian(f)(X),
        lambda f: gradcli.elementwise_grad(f)(X),
    ],
    ids=["vjp", "jvp", "jacobian", "elementwise_grad"],
)
@pytest.mark.parametrize("output", [lambda y: Holder(y), lambda y: (y, {0}), lambda y: [y, "text"]])
def test_an_output_that_is_no_number_or_array_is_refused_not_zero(transform, output):
    with pytest.raises(TypeError, match="returned a (Holder|set|str)"):
        transform(lambda x: output(gnp.sin(x)))


def test_namedtuple_outputs():
    import collections

    Pair = collections.namedtuple("Pair", "a b")
    value, pullback = gradcli.vjp(lambda x: Pair(gnp.sin(x), 2.0 * x), X)
    assert isinstance(value, Pair)
    np.testing.assert_allclose(pullback(Pair(np.ones(2), np.ones(2)))[0], np.cos(X) + 2.0, rtol=1e-15)
    _, tangent = gradcli.jvp(lambda x: Pair(gnp.sin(x), 2.0 * x), (X,), (np.ones(2),))
    assert isinstance(tangent, Pair) and np.allclose(tangent.b, 2.0)


def test_value_and_grad_of_a_tuple_is_refused():
    with pytest.raises(TypeError, match="returned tuple"):
        gradcli.value_and_grad(lambda x: (gnp.sum(x), gnp.sum(x)))(X)


# -- jacobian inside other transforms -------------------------------------------------


def test_grad_of_a_jacobian():
    # sum of the Jacobian of sin is sum(cos(x)) (a diagonal): its gradient is -sin(x).
    g = gradcli.grad(lambda x: gnp.sum(gradcli.jacobian(gnp.sin)(x)))(X)
    np.testing.assert_allclose(g, -np.sin(X), rtol=1e-14)


def test_jacobian_of_a_jacobian():
    f = lambda x: gnp.sin(x) * x[0]  # noqa: E731
    second = gradcli.jacobian(gradcli.jacobian(f))(X)
    assert second.shape == (2, 2, 2)
    for i in range(2):
        column = numeric_jvp(gradcli.jacobian(f), [X], [np.eye(2)[i]])
        assert_close(second[..., i], column, f"column {i}")


def test_jvp_of_a_jacobian():
    t = np.array([1.0, -2.0])
    _, tangent = gradcli.jvp(gradcli.jacobian(gnp.sin), (X,), (t,))
    np.testing.assert_allclose(tangent, np.diag(-np.sin(X) * t), rtol=1e-14)


# -- size-1 outputs ---------------------------------------------------------------


@pytest.mark.parametrize("shape", [(1,), (1, 1), (1, 1, 1)])
def test_grad_of_a_one_element_array_output(shape):
    # As autograd: a size-1 output stands for its one number.
    f = lambda x: gnp.reshape(gnp.sum(gnp.sin(x) * x), shape)  # noqa: E731
    value, g = gradcli.value_and_grad(f)(X)
    assert np.shape(value) == shape
    assert_close(g, numeric_vjp(f, [X], 0, np.ones(shape)), "grad")
    np.testing.assert_allclose(gradcli.grad(f, argnums=(0,))(X)[0], g, rtol=1e-15)
    h = gradcli.hessian(f)(X)
    assert_close(h, gradcli.jacobian(gradcli.grad(lambda x: gnp.sum(gnp.sin(x) * x)))(X), "hessian")


def test_grad_of_a_longer_array_is_still_refused():
    with pytest.raises(TypeError, match=r"shape \(2,\)"):
        gradcli.grad(lambda x: x * 2.0)(X)


# -- autograd's compositions: elementwise_grad, Hessian-vector and Gauss-Newton products ----


def test_elementwise_grad_is_the_jacobian_diagonal_in_one_pass():
    x = np.array([0.3, -1.2, 2.0])
    g = gradcli.elementwise_grad(gnp.tanh)(x)
    assert_close(g, numeric_vjp(gnp.tanh, [x], 0, np.ones(3)), "elementwise_grad")
    assert gradcli.elementwise_grad(lambda x: x * x)(1.5) == 3.0


def test_elementwise_grad_of_several_arguments_and_outputs():
    x, y = np.array([0.3, -1.2]), np.array([0.5, 0.25])
    f = lambda x, y: {"p": x * y, "q": (gnp.sin(x), y * y)}  # noqa: E731
    gx, gy = gradcli.elementwise_grad(f, (0, 1))(x, y)
    np.testing.assert_allclose(gx, y + np.cos(x), rtol=1e-15)
    np.testing.assert_allclose(gy, x + 2 * y, rtol=1e-15)


def test_elementwise_grad_refuses_complex_outputs():
    with pytest.raises(TypeError, match="real outputs"):
        gradcli.elementwise_grad(lambda x: x * 1j)(X)


def quadratic_plus_exp(x, a):
    """0.5 x^T A x + sum(exp(x)): gradient A_s x + exp(x), Hessian A_s + diag(exp(x)), A_s = (A + A^T) / 2."""
    return 0.5 * gnp.dot(x, gnp.dot(a, x)) + gnp.sum(gnp.exp(x))


A = np.array([[2.0, 0.5, -1.0], [0.3, 1.0, 0.2], [0.0, -0.4, 3.0]])
XS = np.array([0.2, -0.5, 0.9])
HESSIAN = (A + A.T) / 2 + np.diag(np.exp(XS))


def test_hessian_vector_product():
    v = np.array([1.0, -2.0, 0.5])
    hvp = gradcli.hessian_vector_product(quadratic_plus_exp)
    np.testing.assert_allclose(hvp(XS, A, v), HESSIAN @ v, rtol=1e-14)
    assert gradcli.hessian_tensor_product is gradcli.hessian_vector_product
    assert gradcli.hessian_vector_product(lambda x: x**3)(2.0, 1.0) == 12.0
    with pytest.raises(ValueError, match="shape"):
        hvp(XS, A, np.ones(2))


def test_hessian_vector_product_in_another_argument():
    hvp = gradcli.hessian_vector_product(lambda a, x: quadratic_plus_exp(x, a), argnum=1)
    np.testing.assert_allclose(hvp(A, XS, np.eye(3)[1]), HESSIAN[:, 1], rtol=1e-14)


def test_make_hvp_returns_the_product_function_and_the_gradient():
    hvp, gradient = gradcli.make_hvp(quadratic_plus_exp)(XS, A)
    np.testing.assert_allclose(gradient, (A + A.T) / 2 @ XS + np.exp(XS), rtol=1e-14)
    for v in np.eye(3):
        np.testing.assert_allclose(hvp(v), HESSIAN @ v, rtol=1e-14)


W = np.array([[0.5, -1.0, 0.2], [1.5, 0.3, -0.7]])


def test_make_ggnvp_with_the_default_loss_is_j_transpose_j():
    # f(x) = tanh(W x): J = diag(1 - tanh^2) W, and half the sum of squares has H = I.
    f = lambda w, x: gnp.tanh(gnp.dot(w, x))  # noqa: E731
    jac = (1 - np.tanh(W @ XS) ** 2)[:, None] * W
    ggnvp = gradcli.make_ggnvp(f, f_argnum=1)(W, XS)
    for v in np.eye(3):
        np.testing.assert_allclose(ggnvp(v), jac.T @ jac @ v, rtol=1e-13)


def test_make_ggnvp_with_a_loss_of_its_own():
    f = lambda x: gnp.tanh(gnp.dot(W, x))  # noqa: E731
    y = np.tanh(W @ XS)
    jac = (1 - y**2)[:, None] * W
    ggnvp = gradcli.make_ggnvp(f, lambda y: gnp.sum(gnp.exp(y)))(XS)
    v = np.array([0.3, 1.0, -2.0])
    np.testing.assert_allclose(ggnvp(v), jac.T @ np.diag(np.exp(y)) @ jac @ v, rtol=1e-13)


def test_grad_and_aux():
    gradient, aux = gradcli.grad_and_aux(lambda x: (gnp.sum(gnp.sin(x)), {"twice": 2.0 * x}))(X)
    np.testing.assert_allclose(gradient, np.cos(X), rtol=1e-15)
    assert type(aux["twice"]) is np.ndarray and np.array_equal(aux["twice"], 2 * X)
    with pytest.raises(TypeError, match="two values"):
        gradcli.grad_and_aux(gnp.sum)(X)


def test_holomorphic_grad_is_the_complex_derivative():
    z = 0.3 + 1.2j
    assert gradcli.holomorphic_grad(lambda z: gnp.exp(z) * z)(z) == pytest.approx(np.exp(z) * (z + 1), rel=1e-14)


def test_tensor_jacobian_product():
    # sin elementwise: J = diag(cos x); a tensor of the output's shape gives J^T u.
    u = np.array([2.0, -1.0])
    tjp = gradcli.tensor_jacobian_product(gnp.sin)
    np.testing.assert_allclose(tjp(X, u), np.cos(X) * u, rtol=1e-15)
    assert gradcli.vector_jacobian_product is gradcli.tensor_jacobian_product
    # Over the first axis only of outer(x, x): (u.x) x_j, whose Jacobian is x_j u_k + (u.x) delta_jk.
    partial = gradcli.tensor_jacobian_product(lambda x: gnp.outer(x, x))(X, u)
    np.testing.assert_allclose(partial, np.outer(X, u) + (u @ X) * np.eye(2), rtol=1e-15)


def test_make_vjp_make_jvp_and_deriv():
    pullback, value = gradcli.make_vjp(lambda y, x: gnp.sin(x) * y, argnum=1)(3.0, X)
    np.testing.assert_allclose(value, 3.0 * np.sin(X))
    np.testing.assert_allclose(pullback(np.ones(2)), 3.0 * np.cos(X), rtol=1e-15)
    value, tangent = gradcli.make_jvp(gnp.sin)(X)(np.array([1.0, -1.0]))
    np.testing.assert_allclose(tangent, np.cos(X) * [1.0, -1.0], rtol=1e-15)
    assert gradcli.deriv(gnp.sin)(0.5) == pytest.approx(np.cos(0.5), rel=1e-15)
    np.testing.assert_allclose(gradcli.deriv(gnp.tanh)(X), 1 - np.tanh(X) ** 2, rtol=1e-14)


NEW_TRANSFORMS = (
    "elementwise_grad", "hessian_vector_product", "hessian_tensor_product", "make_hvp", "make_ggnvp",
    "grad_and_aux", "holomorphic_grad", "tensor_jacobian_product", "vector_jacobian_product",
    "make_vjp", "make_jvp", "deriv",
)


def test_new_transforms_are_exported():
    for name in NEW_TRANSFORMS:
        assert name in gradcli.__all__ and callable(getattr(gradcli, name))


@pytest.mark.parametrize("truth", [lambda x: gnp.allclose(x, x * 3.0 / 3.0), lambda x: bool(gnp.all(x > 0))])
def test_grad_of_a_truth_value_is_refused_not_zero(truth):
    with pytest.raises(TypeError, match="returned a bool"):
        gradcli.grad(truth)(np.array([1.0, 2.0, 3.0]))
