"""Every JAX primitive the bridge maps, replayed by gradcli, against JAX's own value and gradient in float64.

Each case is a small JAX function that makes JAX emit the primitive named
(the test asserts that it did, in the forward or the backward graph), at an
ordinary point; the replayed forward graph must give JAX's value and the
replayed backward graph JAX's vector-Jacobian product, and the forward graph
replayed on mpmath numbers the same value again.
"""

import math

import jax
import jax.numpy as jnp
import mpmath
import numpy as np
import pytest
from jax import lax

import gradcli
from gradcli.autodiff import mp as mp_core
from gradcli.capture.jax_bridge import capture
from gradcli.errors import InputError

RNG = np.random.default_rng(7)
A = RNG.uniform(0.5, 1.5, size=(3, 4))
B = RNG.uniform(0.5, 1.5, size=(4, 2))
V = RNG.uniform(0.5, 1.5, size=4)
S = np.float64(0.7)
U = RNG.uniform(-0.9, 0.9, size=4)  # inside (-1, 1), for asin, atanh, erf_inv


def _gather_rows(x):
    return jnp.sum(x[jnp.array([2, 0, 1, 2])] ** 2)


def _take_along(x):
    labels = jnp.array([1, 3, 0])
    return jnp.sum(jnp.take_along_axis(x, labels[:, None], axis=1))


def _top_per_bin(x, u):
    return jnp.sum(x.at[jnp.array([0, 2, 0, 3])].max(u) ** 2)  # two updates meet place 0


def _low_per_row(x, u):
    return jnp.sum(jnp.sin(x.at[jnp.array([1, 1])].min(u)))  # row windows, both on row 1


CASES = [
    # (primitive, function, arguments)
    ("neg", lambda x: jnp.sum(-x * x), (V,)),
    ("add", lambda x, y: jnp.sum(x + y), (A, A)),
    ("sub", lambda x, y: jnp.sum((x - y) ** 2), (A, A[0])),  # broadcasting
    ("mul", lambda x, y: jnp.sum(x * y), (A, V)),  # broadcasting a row
    ("div", lambda x, y: jnp.sum(x / y), (A, A[:, :1])),  # broadcasting a column
    ("rem", lambda x: jnp.sum(lax.rem(x * 5.0, 2.0 + 0 * x)), (V,)),
    ("max", lambda x, y: jnp.sum(jnp.maximum(x, y)), (V, V[::-1])),
    ("min", lambda x, y: jnp.sum(jnp.minimum(x, y)), (V, V[::-1])),
    ("integer_pow", lambda x: jnp.sum(x**3 + x**-2), (V,)),
    ("pow", lambda x, y: jnp.sum(x**y), (V, V[::-1])),
    ("square", lambda x: jnp.sum(lax.square(x)), (V,)),
    ("abs", lambda x: jnp.sum(jnp.abs(x - 1.0)), (V,)),
    ("sign", lambda x: jnp.sum(jnp.sign(x - 1.0) * x), (V,)),
    ("floor", lambda x: jnp.sum(jnp.floor(x * 3) * x), (V,)),
    ("ceil", lambda x: jnp.sum(jnp.ceil(x * 3) * x), (V,)),
    ("round", lambda x: jnp.sum(jnp.round(x * 3) * x), (V,)),
    ("clamp", lambda x: jnp.sum(lax.clamp(0.8, x, 1.2)), (V,)),
    ("exp", lambda x: jnp.sum(jnp.exp(x)), (V,)),
    ("exp2", lambda x: jnp.sum(jnp.exp2(x)), (V,)),
    ("log", lambda x: jnp.sum(jnp.log(x)), (V,)),
    ("expm1", lambda x: jnp.sum(jnp.expm1(x)), (V,)),
    ("log1p", lambda x: jnp.sum(jnp.log1p(x)), (V,)),
    ("logistic", lambda x: jnp.sum(jax.nn.sigmoid(x)), (V,)),
    ("tanh", lambda x: jnp.sum(jnp.tanh(x)), (V,)),
    ("sqrt", lambda x: jnp.sum(jnp.sqrt(x)), (V,)),
    ("rsqrt", lambda x: jnp.sum(lax.rsqrt(x)), (V,)),
    ("cbrt", lambda x: jnp.sum(jnp.cbrt(x)), (V,)),
    ("sin", lambda x: jnp.sum(jnp.sin(x)), (V,)),
    ("cos", lambda x: jnp.sum(jnp.cos(x)), (V,)),
    ("tan", lambda x: jnp.sum(jnp.tan(x)), (V,)),
    ("asin", lambda x: jnp.sum(jnp.arcsin(x)), (U,)),
    ("acos", lambda x: jnp.sum(jnp.arccos(x)), (U,)),
    ("atan", lambda x: jnp.sum(jnp.arctan(x)), (V,)),
    ("atan2", lambda x, y: jnp.sum(jnp.arctan2(x, y)), (V, V[::-1])),
    ("sinh", lambda x: jnp.sum(jnp.sinh(x)), (V,)),
    ("cosh", lambda x: jnp.sum(jnp.cosh(x)), (V,)),
    ("asinh", lambda x: jnp.sum(jnp.arcsinh(x)), (V,)),
    ("acosh", lambda x: jnp.sum(jnp.arccosh(x + 1.0)), (V,)),
    ("atanh", lambda x: jnp.sum(jnp.arctanh(x)), (U,)),
    ("erf", lambda x: jnp.sum(jax.scipy.special.erf(x)), (V,)),
    ("erfc", lambda x: jnp.sum(jax.scipy.special.erfc(x)), (V,)),
    ("erf_inv", lambda x: jnp.sum(jax.scipy.special.erfinv(x)), (U,)),
    ("lgamma", lambda x: jnp.sum(jax.scipy.special.gammaln(x)), (V,)),
    # expi's series: a while whose condition is batched over the entries (each stops on its own)
    ("while", lambda x: jnp.sum(jax.scipy.special.expi(x)), (V,)),
    # JAX differentiates betainc in x alone; a and b broadcast against it
    ("regularized_incomplete_beta", lambda x: jnp.sum(jax.scipy.special.betainc(V + 1.0, 2.5, x * 0.5)), (V,)),
    ("digamma", lambda x: jnp.sum(jax.scipy.special.digamma(x)), (V,)),
    ("select_n", lambda x: jnp.sum(jnp.where(x > 1.0, x**2, -x)), (V,)),
    ("gt", lambda x: jnp.sum(jnp.where(x > 1.0, x, 0.0)), (V,)),
    ("ge", lambda x: jnp.sum(jnp.where(x >= 1.0, x, 0.0)), (V,)),
    ("lt", lambda x: jnp.sum(jnp.where(x < 1.0, x, 0.0)), (V,)),
    ("le", lambda x: jnp.sum(jnp.where(x <= 1.0, x, 0.0)), (V,)),
    ("eq", lambda x: jnp.sum(jnp.where(x == V[0], x, 2 * x)), (V,)),
    ("ne", lambda x: jnp.sum(jnp.where(x != V[0], x, 2 * x)), (V,)),
    ("and", lambda x: jnp.sum(jnp.where((x > 0.8) & (x < 1.2), x, 0.0)), (V,)),
    ("or", lambda x: jnp.sum(jnp.where((x < 0.8) | (x > 1.2), x, 0.0)), (V,)),
    ("not", lambda x: jnp.sum(jnp.where(~(x > 1.0), x, 0.0)), (V,)),
    ("is_finite", lambda x: jnp.sum(jnp.where(jnp.isfinite(x), x, 0.0)), (V,)),
    ("reduce_sum", lambda x: jnp.sum(x, axis=0).sum() * 2, (A,)),
    ("reduce_max", lambda x: jnp.sum(jnp.max(x, axis=1)), (A,)),
    ("reduce_min", lambda x: jnp.sum(jnp.min(x, axis=0)), (A,)),
    ("reduce_prod", lambda x: jnp.prod(x), (V,)),
    ("argmax", lambda x: jnp.sum(x * jnp.argmax(x)), (V,)),
    ("argmin", lambda x: jnp.sum(x * jnp.argmin(x)), (V,)),
    ("cumsum", lambda x: jnp.sum(jnp.cumsum(x) ** 2), (V,)),
    ("dot_general", lambda x, y: jnp.sum(jnp.tanh(x @ y)), (A, B)),
    ("dot_general", lambda x, y: jnp.sum(jnp.einsum("bij,bjk->bik", x, y) ** 2), (np.stack([A, A * 2]), np.stack([B, B / 2]))),
    ("broadcast_in_dim", lambda x: jnp.sum(jnp.broadcast_to(x, (3, 4)) * A), (V,)),
    ("reshape", lambda x: jnp.sum(x.reshape(4, 3) ** 2 @ np.ones(3)), (A,)),
    ("transpose", lambda x: jnp.sum(x.T @ A), (A,)),
    ("squeeze", lambda x: jnp.sum(jnp.squeeze(x[:, :1]) ** 2), (A,)),
    ("rev", lambda x: jnp.sum(jnp.flip(x) * V), (V,)),
    ("slice", lambda x: jnp.sum(x[1:3, ::2] ** 2), (A,)),
    ("pad", lambda x: jnp.sum(x[1:3, ::2] ** 2), (A,)),  # the transpose of a slice
    ("dynamic_slice", lambda x: jnp.sum(lax.dynamic_slice(x, (1, 1), (2, 2)) ** 2), (A,)),
    ("dynamic_update_slice", lambda x: jnp.sum(lax.dynamic_slice(x, (1, 1), (2, 2)) ** 2), (A,)),
    ("concatenate", lambda x, y: jnp.sum(jnp.concatenate([x, y * 2]) ** 2), (V, V)),
    ("gather", _gather_rows, (A,)),
    ("scatter-add", _gather_rows, (A,)),
    ("gather", _take_along, (A,)),
    ("scatter-max", _top_per_bin, (V, U)),
    ("scatter-min", _low_per_row, (A, A[:2] * 0.9)),
    ("iota", lambda x: jnp.sum(x * jnp.arange(4.0)), (V,)),
    ("convert_element_type", lambda x: jnp.sum(x * (x > 1.0).astype(jnp.float64)), (V,)),
    ("stop_gradient", lambda x: jnp.sum(x * lax.stop_gradient(x)), (V,)),
    ("cond", lambda x: lax.cond(jnp.sum(x) > 1.0, lambda v: jnp.sum(v**2), lambda v: jnp.sum(-v), x), (V,)),
    ("custom_jvp_call", lambda x: jnp.sum(jax.nn.softplus(x) + jax.nn.relu(x - 1.0)), (V,)),
    ("custom_jvp_call", lambda x, y: jnp.sum(jax.scipy.special.xlogy(x, y)), (A, V)),  # broadcasting a row
    # jnp.signbit's bit cast (gammasgn inside poch; copysign), replayed as the sign it reads
    ("bitcast_convert_type", lambda x: jnp.sum(jax.scipy.special.poch(x, 2.0) + jnp.copysign(x, -1.0) * x), (V,)),
    ("custom_jvp_call", lambda x, y: jnp.sum(jax.scipy.special.xlog1py(x, y - 1.0) * 0.5), (V, U)),
    ("reduce_max", lambda x: jax.scipy.special.logsumexp(x) + jnp.sum(jax.nn.log_softmax(x)), (V,)),
    ("jit", lambda x: jax.jit(lambda v: jnp.sum(jnp.sin(v) ** 2))(x), (V,)),
    ("remat2", lambda x: jax.checkpoint(lambda v: jnp.sum(jnp.exp(v)))(x), (V,)),
]


def _names(program):
    names = set()
    for step in program.steps:
        names.add(step.name)
    return names


def _jax_value_and_vjp(fun, args):
    """JAX's value of ``fun`` and its gradient at ``args`` (float arrays): ``jax.jit(jax.value_and_grad(fun))``, in float64.

    Jitted: one XLA compilation for the whole case, where JAX's eager VJP
    compiles each primitive it meets (seconds of CPU for a case of a while loop
    or a scatter). Its arguments are spelled as the bridge's program takes them
    (the float leaves, then the other leaves: none here), so where the bridge's
    program is JAX's ``value_and_grad`` of ``fun`` both are one program to XLA,
    compiled once in the session (``tests/xla_programs.py``); where it is not,
    each compiles its own and the numbers compared are two programs'.
    """
    def value_and_grad(floats, others):
        return jax.value_and_grad(lambda *xs: fun(*xs), argnums=tuple(range(len(floats))))(*floats)

    with jax.enable_x64(True):
        value, grads = jax.jit(value_and_grad)(list(args), [])
        return np.asarray(value), [np.asarray(g) for g in grads]


def _replayed_graphs(bridge, args):
    """The text of the jaxprs ``bridge`` traced at ``args`` and replayed: the forward graph and JAX's gradient's
    program (its primitives, nested calls included), read from the traces a check makes rather than traced again."""
    captured = bridge.own.__self__
    key, _ = captured.key(tuple(args))
    gradients = [*captured.seeds.values(), *captured.backwards.values()]
    return str(captured.graph(key)[3]) + "".join(str(closed) for _, closed, _ in gradients)


@pytest.mark.parametrize("primitive, fun, args", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_mapped_primitive_replays_to_jaxs_value_and_gradient_in_float64(primitive, fun, args):
    bridge = capture(fun, "case")
    value, grads = _jax_value_and_vjp(fun, args)
    replayed = np.asarray(bridge.forward(*args), dtype=np.float64)
    np.testing.assert_allclose(replayed, value, rtol=1e-12, atol=1e-14)
    for replayed_grad, own in zip(bridge.backward(args, np.float64(1.0)), grads):
        np.testing.assert_allclose(np.asarray(replayed_grad, dtype=np.float64), own, rtol=1e-11, atol=1e-13)
    emitted = _replayed_graphs(bridge, args)  # JAX emitted the primitive, and the replays above ran it
    assert f"{primitive}[" in emitted or f" {primitive} " in emitted
    own_value, own_grads = bridge.own(args, 1.0)
    np.testing.assert_allclose(own_value, value, rtol=1e-15)
    assert own_value.dtype == np.float64 and all(g.dtype == np.float64 for g in own_grads)


@pytest.mark.parametrize("primitive, fun, args", CASES[:40:3], ids=[c[0] for c in CASES[:40:3]])
def test_the_forward_graph_replays_on_mpmath_numbers(primitive, fun, args):
    mp_core.enable()
    bridge = capture(fun, "case")
    value, _ = _jax_value_and_vjp(fun, args)
    with mpmath.workdps(30):
        mp_args = [np.vectorize(mpmath.mpf, otypes=[object])(a) for a in args]
        replayed = bridge.forward(*mp_args)
    assert isinstance(replayed, mpmath.mpf)
    assert float(replayed) == pytest.approx(float(value), rel=1e-13)


def test_broadcasting_and_integer_powers_in_float32_follow_jax_op_by_op():
    fun = lambda x, y: jnp.sum((x - y) ** 3 / x**2)  # noqa: E731
    args = (A.astype(np.float32), V.astype(np.float32))
    bridge = capture(fun, "case")
    replayed = bridge.forward(*args)
    assert np.asarray(replayed).dtype == np.float32
    value, _ = bridge.own(args, None)
    assert value.dtype == np.float32
    np.testing.assert_allclose(replayed, value, rtol=1e-5)


def test_a_tie_in_scatter_max_is_a_kink_of_both_entries():
    """``.at[].max`` where an update equals the entry it meets: the derivative jumps there, for both of them."""
    x, u = np.array([0.5, -1.0, 0.25, 2.0]), np.array([0.5, 1.5, 0.2])
    report = gradcli.check(lambda x, u: jnp.sum(x.at[jnp.array([0, 2, 0])].max(u) ** 2), [{"x": x, "u": u}],
                           dtypes=["float64"], fixes=False)
    result = report.results[0]
    kinks = {f.op for f in result.findings if f.kind == "kink"}
    assert result.status == "domain" and kinks == {"x[0]", "u[0]"}, result.findings
    # away from the tie, the exact gradient: 2 max(x, u) where each wins, 0 where it loses
    assert result.exact_gradient["x"][1:] == [-2.0, 0.0, 4.0] and result.exact_gradient["u"][1:] == [3.0, 0.0]


@pytest.mark.parametrize("spelling, y_edge", [("xlogy", 0.0), ("xlog1py", -1.0)])
def test_jaxs_xlogy_at_x_0_where_its_log_is_no_number_is_the_domains_edge(spelling, y_edge):
    """``jax.scipy.special.xlogy`` is ``where(x == 0, 0, x * log(y))`` inside a custom_jvp: replayed as gradcli's
    xlogy, whose slope in x at x = 0 is log(y), no number at y's edge: no derivative in x[0], exact elsewhere; along y
    alone the function is 0 log y, 0 for every y: y's slope there an exact 0, which JAX's rule (x / y) makes 0 / 0:
    `wrong` in y, as checking y alone says, beside x[0]'s edge."""
    special = getattr(jax.scipy.special, spelling)
    x, y = np.array([0.0, 2.0]), np.array([y_edge, 0.5])
    result = gradcli.check(lambda x, y: jnp.sum(special(x, y)), [{"x": x, "y": y}], dtypes=["float64"],
                           fixes=False, max_time=math.inf).results[0]  # the exact xlog1py there: ~2 s of CPU, more wall
    edges = {f.op for f in result.findings if f.kind == "singular"}
    assert result.status == "wrong" and "x[0]" in edges and "y[0]" not in edges, result.findings
    rule, = [f.message for f in result.findings if f.kind == "nonfinite-rule"]
    assert "y: [nan, " in rule and "where the exact derivative is {x: [nan, " in rule, rule
    assert result.exact_gradient["y"][0] == 0.0
    log = np.log if spelling == "xlogy" else np.log1p
    assert result.exact_gradient["x"][1] == pytest.approx(log(0.5), rel=1e-14)
    assert result.exact_gradient["y"][1] == pytest.approx(2.0 / (0.5 if spelling == "xlogy" else 1.5), rel=1e-14)


def test_a_users_own_function_named_xlogy_is_replayed_as_written():
    @jax.custom_jvp
    def xlogy(x, y):
        return x * jnp.log(y) + 1.0

    xlogy.defjvp(lambda primals, tangents: (xlogy(*primals), tangents[0] * jnp.log(primals[1])
                                            + primals[0] * tangents[1] / primals[1]))
    fun = lambda x: jnp.sum(xlogy(x, x + 1.0))  # noqa: E731
    bridge = capture(fun, "case")
    value, _ = _jax_value_and_vjp(fun, (V,))
    np.testing.assert_allclose(np.asarray(bridge.forward(V), dtype=np.float64), value, rtol=1e-12)
    with_jaxs = capture(lambda x: jnp.sum(jax.scipy.special.xlogy(x, x + 1.0)), "case")
    assert np.asarray(with_jaxs.forward(V)) == pytest.approx(value - 4.0, rel=1e-12)


def test_betainc_with_a_or_b_an_argument_is_an_error_naming_its_line():
    """JAX refuses betainc's derivative in a and b: the check's verdict is an error naming the call at the user's line."""
    def fun(a, x):
        return jnp.sum(jax.scipy.special.betainc(a, 3.0, x))

    (result,) = gradcli.check(fun, [{"a": 2.0, "x": 0.3}], dtypes=["float64"], fixes=False).results
    line = fun.__code__.co_firstlineno + 1
    (finding,) = result.findings
    assert result.status == "error" and finding.op == "jax.scipy.special.betainc"
    assert finding.location.endswith(f"test_jax_primitives.py:{line}")
