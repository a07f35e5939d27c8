"""bfloat16 (ml_dtypes) keeps the core's dtype rule: values, gradients and tangents stay bfloat16.

NumPy promotes bfloat16 combined with a Python float to float32 or float64,
where float16/32 stay put, so rules written with float constants silently
upcast it. Every differentiable elementwise op and reduction is swept here:
its value, its cotangents (each one on the way back, through the backward
hook, and the final gradients of vjp, grad and value_and_grad), its JVP
tangent and, for elementwise ops, its second derivatives must be bfloat16 and
agree with the same computation in float32 on the same (bfloat16-rounded)
inputs.
"""

import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import hooks
from gradcli.autodiff.catalog import catalogue
from gradcli.autodiff.ops import dtype_of
from opcheck import BINARY, REDUCTIONS, SPECIAL_BINARY, SPECIAL_UNARY, UNARY, sample

BF16 = np.dtype(ml_dtypes.bfloat16)
# bfloat16 keeps 8 significant bits (one rounding is up to 2**-8 relative); a
# derivative compounds a few roundings, so a few of those are allowed.
RTOL = ATOL = 2e-2

UNARY_OPS = UNARY + SPECIAL_UNARY + [("imag", gnp.imag, (-2, 2))]
BINARY_OPS = BINARY + SPECIAL_BINARY
# (name, function, domain per argument): the ops with a third operand or a condition.
TERNARY_OPS = [
    ("where", lambda c, x, y: gnp.where(c > 0, x, y), ((-1, 1), (-2, 2), (-2, 2))),
    ("clip", gnp.clip, ((-2, 2), (-1.2, -0.2), (0.2, 1.2))),
]
# (name, function, domain, (axis, keepdims) pairs)
REDUCTION_OPS = [
    (name, fun, domain, [(None, False), (1, False), ((0, 1), False), (0, True)])
    for name, fun, domain, _ in REDUCTIONS
] + [
    (
        "cumsum",
        lambda x, axis=None, keepdims=False: gnp.cumsum(x, axis=axis),
        (-2, 2),
        [(None, False), (0, False), (1, False)],
    )
]


def ids(rows):
    return [row[0] for row in rows]


def to_bf16(value):
    return np.asarray(value).astype(BF16)


def bf16_inputs(domains, shape):
    """bfloat16 inputs for ``domains``: arrays, 0-d arrays or (``shape="scalar"``) NumPy scalars."""
    if shape == "scalar":
        return [BF16.type(sample(d, float)) for d in domains]
    return [to_bf16(sample(d, shape)) for d in domains]


def float32(values):
    return [v.astype(np.float32) for v in values]


def assert_bf16_close(actual, reference, what):
    """``actual`` is bfloat16, shaped (scalar or array) as float32's ``reference``, close to it."""
    assert dtype_of(actual) == BF16, f"{what}: dtype {dtype_of(actual)}, expected bfloat16"
    assert np.shape(actual) == np.shape(reference), f"{what}: shape {np.shape(actual)}"
    assert isinstance(actual, np.ndarray) == isinstance(reference, np.ndarray), (
        f"{what}: {type(actual).__name__} where float32 gives {type(reference).__name__}"
    )
    a, r = np.asarray(actual, dtype=np.float64), np.asarray(reference, dtype=np.float64)
    assert np.all(np.abs(a - r) <= ATOL + RTOL * np.abs(r)), f"{what}: {a} vs float32 {r}"


def watched_pullback(pullback, u):
    """``pullback(u)``, failing if any op's cotangent for a bfloat16 argument is not bfloat16.

    The gradient is cast to its input's dtype at the end, so only this catches
    an upcast inside a rule.
    """
    upcasts = []

    def watch(node, g, cotangents):
        for i, ct in zip(node.argnums, cotangents):
            if ct is not None and dtype_of(node.args[i]) == BF16 and dtype_of(ct) != BF16:
                upcasts.append(f"{node.name}: {dtype_of(ct)} cotangent for argument {i}")

    previous, hooks.backward = hooks.backward, watch
    try:
        cotangents = pullback(u)
    finally:
        hooks.backward = previous
    assert not upcasts, f"bfloat16 cotangents upcast in the backward pass: {sorted(set(upcasts))}"
    return cotangents


def check_first_order(fun, args):
    """Value, vjp cotangents and jvp tangent of ``fun`` at bfloat16 ``args``, against float32."""
    ref_args = float32(args)
    value, pullback = gradcli.vjp(fun, *args)
    ref_value, ref_pullback = gradcli.vjp(fun, *ref_args)
    assert_bf16_close(value, ref_value, "value")
    u = np.ones_like(value)
    cotangents = watched_pullback(pullback, u)
    for i, (ct, ref) in enumerate(zip(cotangents, ref_pullback(u.astype(np.float32)))):
        assert_bf16_close(ct, ref, f"vjp cotangent {i}")
    tangents = tuple(np.ones_like(a) for a in args)
    _, tangent = gradcli.jvp(fun, args, tangents)
    _, ref_tangent = gradcli.jvp(fun, ref_args, float32(tangents))
    assert_bf16_close(tangent, ref_tangent, "jvp tangent")


def check_scalar_grads(fun, args, order=2):
    """value_and_grad of a scalar ``fun`` and, with ``order=2``, every grad of its grads."""
    argnums = tuple(range(len(args)))
    ref_args = float32(args)
    value, grads = gradcli.value_and_grad(fun, argnums)(*args)
    ref_value, ref_grads = gradcli.value_and_grad(fun, argnums)(*ref_args)
    assert_bf16_close(value, ref_value, "value_and_grad value")
    for i, (g, ref) in enumerate(zip(grads, ref_grads)):
        assert_bf16_close(g, ref, f"gradient {i}")
    if order < 2:
        return
    for k in argnums:
        second = gradcli.grad(gradcli.grad(fun, k), argnums)
        for i, (g, ref) in enumerate(zip(second(*args), second(*ref_args))):
            assert_bf16_close(g, ref, f"d/d(arg {i}) of d/d(arg {k})")


# -- elementwise ops: arrays, 0-d arrays and NumPy scalars, first and second order -------


@pytest.mark.parametrize("name, fun, domain", UNARY_OPS, ids=ids(UNARY_OPS))
def test_unary(name, fun, domain):
    check_first_order(fun, bf16_inputs([domain], (2, 3)))
    for shape in ("scalar", ()):
        args = bf16_inputs([domain], shape)
        check_first_order(fun, args)
        check_scalar_grads(fun, args)


@pytest.mark.parametrize("name, fun, domains", BINARY_OPS, ids=ids(BINARY_OPS))
def test_binary(name, fun, domains):
    x, y = bf16_inputs(domains, (2, 3))
    check_first_order(fun, [x, y[0]])  # broadcasting: (2, 3) with (3,)
    for shape in ("scalar", ()):
        args = bf16_inputs(domains, shape)
        check_first_order(fun, args)
        check_scalar_grads(fun, args)


@pytest.mark.parametrize("name, fun, domains", TERNARY_OPS, ids=ids(TERNARY_OPS))
def test_ternary(name, fun, domains):
    check_first_order(fun, bf16_inputs(domains, (2, 3)))
    for shape in ("scalar", ()):
        args = bf16_inputs(domains, shape)
        check_first_order(fun, args)
        check_scalar_grads(fun, args)


# -- reductions -----------------------------------------------------------------------


@pytest.mark.parametrize("name, fun, domain, axes", REDUCTION_OPS, ids=ids(REDUCTION_OPS))
def test_reduction(name, fun, domain, axes):
    (x,) = bf16_inputs([domain], (3, 4))
    for axis, keepdims in axes:
        check_first_order(lambda x: fun(x, axis=axis, keepdims=keepdims), [x])
    if name != "cumsum":  # the others reduce to a scalar: grad and value_and_grad
        check_scalar_grads(fun, [x], order=1)


def test_every_differentiable_elementwise_op_and_reduction_is_swept():
    def op(name):  # the primitive behind a public name: np.absolute is gradcli's abs, run as the call written
        function = getattr(gnp, name)
        return id(getattr(function, "prim", function))

    swept = {op(name) for name, *_ in UNARY_OPS + BINARY_OPS + TERNARY_OPS + REDUCTION_OPS if hasattr(gnp, name)}
    missing = [
        row.name
        for row in catalogue()
        if row.differentiable == "yes"
        and row.kind in ("elementwise", "reduction")
        and op(row.name) not in swept
    ]
    assert not missing, f"bfloat16 sweep misses {missing}"


@pytest.mark.parametrize("ord", [None, 1, 3, np.inf])
def test_vector_norm(ord):
    # norm casts non-float inputs to float64 and takes a float power for ord=3.
    check_first_order(lambda x: gnp.linalg.norm(x, ord), bf16_inputs([(-2, 2)], (4,)))


# -- the transforms' own guarantee: the gradient comes back in the input's dtype ------------


def test_gradient_is_bfloat16_even_where_numpy_promotes_the_forward_pass():
    # NumPy computes bfloat16 * 2.0 in float32 (a Python float is not weak for
    # ml_dtypes types), so the cotangent reaching x is float32: grad casts it back.
    x = to_bf16([0.5, 1.5, -2.0])
    g = gradcli.grad(lambda x: gnp.sum(x * 2.0))(x)
    assert dtype_of(g) == BF16
    np.testing.assert_array_equal(np.asarray(g, np.float32), [2.0, 2.0, 2.0])
    value, pullback = gradcli.vjp(lambda x: x * 2.0, x)
    assert dtype_of(pullback(np.ones_like(value))[0]) == BF16


def test_jacobian_and_hessian_of_bfloat16():
    x = to_bf16([0.5, 1.5, -2.0])
    jac = gradcli.jacobian(gnp.sin)(x)
    assert dtype_of(jac) == BF16
    expected = np.diag(np.cos(x.astype(np.float32)))
    np.testing.assert_allclose(np.asarray(jac, np.float32), expected, atol=1e-2)
    hess = gradcli.hessian(lambda x: gnp.sum(gnp.sqrt(x * x + 1)))(x)
    assert dtype_of(hess) == BF16


def test_gradcli_does_not_import_ml_dtypes():
    # ml_dtypes is optional: bfloat16 is recognised by its dtype, never by importing it.
    code = (
        "import sys, gradcli, gradcli.numpy as gnp;"
        "gradcli.grad(lambda x: gnp.sum(gnp.sqrt(gnp.clip(x, 0.1, 2.0))))(gnp.ones(3));"
        "assert 'ml_dtypes' not in sys.modules, 'ml_dtypes was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
