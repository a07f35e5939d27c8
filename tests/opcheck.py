"""Sweep helpers for the op tests: random points, finite differences and the checks.

Every check runs in float64 and compares gradcli's derivatives with central
finite differences, element by element (step ``STEP * max(1, |x|)``, tolerance
``atol + rtol * |numeric|``). The sweeps run one check over scalar, vector and
matrix inputs, broadcasting pairs or reduction axes, so an op test is one line:

    check_unary(gnp.exp, (-2, 2))

The op tables at the bottom are shared by the per-domain test files and by
``test_dtypes.py``. The RNG is reset before every test by ``conftest.py``.
"""

from __future__ import annotations

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import hooks

STEP = 1e-6
RTOL = 1e-6
ATOL = 1e-6

# Shapes for elementwise sweeps. ``float`` stands for a plain Python float (the
# scalar fast path of every primitive); ``()`` is a 0-d array.
UNARY_SHAPES = (float, (), (4,), (2, 3))
BINARY_SHAPES = (
    (float, float),
    (float, (2, 3)),
    ((), (4,)),
    ((4,), (4,)),
    ((2, 3), (2, 3)),
    ((3, 1), (1, 4)),
    ((2, 3), (3,)),
    ((3,), (2, 3)),
    ((2, 1, 3), (4, 1)),
)
# (shape, axis) pairs for reductions; each runs with keepdims False and True.
REDUCTION_AXES = (
    ((), None),
    ((5,), None),
    ((5,), 0),
    ((5,), -1),
    ((3, 4), None),
    ((3, 4), 0),
    ((3, 4), 1),
    ((3, 4), -1),
    ((3, 4), (0, 1)),
    ((2, 3, 4), (0, 2)),
    ((2, 3, 4), (-1, 0)),
    ((2, 3, 4), 1),
)

_rng = np.random.default_rng(0)


class GradientMismatch(AssertionError):
    """gradcli's derivative and the finite-difference reference disagree."""


def seed(n=0):
    """Reset the generator every helper draws from (the autouse fixture calls this)."""
    global _rng
    _rng = np.random.default_rng(n)


# -- random points ------------------------------------------------------------


def signed(lo, hi):
    """A domain of values with ``lo <= |x| <= hi`` and a random sign (keeps away from kinks)."""

    def sample(gen, shape):
        return gen.uniform(lo, hi, shape) * gen.choice([-1.0, 1.0], shape)

    return sample


def sample(domain, shape):
    """A random point of ``domain`` (an interval or a sampler) with ``shape``, in float64."""
    if shape is float:
        return float(sample(domain, ()))
    if callable(domain):
        value = np.asarray(domain(_rng, shape), dtype=np.float64)
    else:
        lo, hi = domain
        value = _rng.uniform(lo, hi, shape)
    return np.asarray(value, dtype=np.float64).reshape(shape)


def normal_like(x):
    """A random direction (tangent or cotangent) shaped and typed like ``x``."""
    shape = np.shape(x)
    if type(x) is float:
        return float(_rng.standard_normal())
    value = _rng.standard_normal(shape)
    return value if shape else np.float64(value)


def make_args(specs):
    """Inputs from specs: a shape tuple (uniform in [-1, 1]) or a sampler ``f(rng) -> array``."""
    return [spec(_rng) if callable(spec) else _rng.uniform(-1, 1, spec) for spec in specs]


def invertible(n, batch=()):
    """A well-conditioned square matrix (or a batch of them)."""
    return lambda gen: gen.uniform(-1, 1, batch + (n, n)) + n * np.eye(n)


def spd(n, batch=()):
    """A symmetric positive definite matrix (or a batch): ``A A^T + n I``."""

    def make(gen):
        a = gen.uniform(-1, 1, batch + (n, n))
        return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)

    return make


# -- finite differences -------------------------------------------------------


def vdot(a, b):
    """Sum of the elementwise product, in float64."""
    return float(np.sum(np.asarray(a, dtype=np.float64) * np.asarray(b, dtype=np.float64)))


def _replace(args, i, value):
    args = list(args)
    args[i] = value
    return args


def _shifted(x, index, delta):
    """``x`` with one element moved by ``delta``, keeping its Python/NumPy type."""
    if type(x) is float:
        return x + delta
    y = np.array(x, dtype=np.float64)
    y[index] += delta
    return np.float64(y) if isinstance(x, np.generic) else y


def numeric_vjp(fun, args, i, u):
    """Central-difference gradient of ``<u, fun(*args)>`` with respect to ``args[i]``."""
    x = args[i]
    out = np.zeros(np.shape(x))
    for index in np.ndindex(np.shape(x)):
        h = STEP * max(1.0, abs(float(np.asarray(x)[index])))
        up = vdot(u, fun(*_replace(args, i, _shifted(x, index, h))))
        down = vdot(u, fun(*_replace(args, i, _shifted(x, index, -h))))
        out[index] = (up - down) / (2 * h)
    return out


def numeric_jvp(fun, args, tangents):
    """Central-difference directional derivative of ``fun`` along ``tangents``."""
    scale = max([1.0] + [float(np.max(np.abs(x))) for x in args if np.size(x)])
    h = STEP * scale
    up = fun(*[_step(x, t, h) for x, t in zip(args, tangents)])
    down = fun(*[_step(x, t, -h) for x, t in zip(args, tangents)])
    return (np.asarray(up, dtype=np.float64) - np.asarray(down, dtype=np.float64)) / (2 * h)


def _step(x, t, h):
    y = x + h * t
    return float(y) if type(x) is float else y


def assert_close(actual, expected, what, rtol=RTOL, atol=ATOL):
    """Elementwise ``|actual - expected| <= atol + rtol * |expected|``, else GradientMismatch."""
    actual = np.asarray(actual, dtype=np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    if actual.shape != expected.shape:
        raise GradientMismatch(f"{what}: shape {actual.shape}, expected {expected.shape}")
    excess = np.abs(actual - expected) - (atol + rtol * np.abs(expected))
    if not np.all(excess <= 0):  # NaN fails too
        flat = np.nanargmax(np.where(np.isnan(excess), np.inf, excess))
        worst = tuple(int(i) for i in np.unravel_index(flat, excess.shape))
        raise GradientMismatch(
            f"{what}: at index {worst} got {actual[worst]!r}, expected {expected[worst]!r}\n"
            f"got:\n{actual}\nexpected:\n{expected}"
        )


# -- the checks ----------------------------------------------------------------


def check_vjp(fun, args, label="", rtol=RTOL, atol=ATOL):
    """gradcli.vjp against central differences, for a random cotangent, every argument."""
    out, pullback = gradcli.vjp(fun, *args)
    expected_out = fun(*args)
    assert_close(out, expected_out, f"{label}value of vjp", rtol=1e-12, atol=1e-12)
    u = normal_like(out)
    cotangents = pullback(u)
    assert len(cotangents) == len(args), f"{label}pullback gave {len(cotangents)} cotangents"
    for i, ct in enumerate(cotangents):
        if np.shape(ct) != np.shape(args[i]):
            raise GradientMismatch(
                f"{label}VJP for argument {i} has shape {np.shape(ct)}, input {np.shape(args[i])}"
            )
        numeric = numeric_vjp(fun, args, i, u)
        assert_close(ct, numeric, f"{label}VJP for argument {i}", rtol, atol)


def check_jvp(fun, args, label="", rtol=RTOL, atol=ATOL):
    """gradcli.jvp against central differences, and <u, J v> == <J^T u, v> against gradcli.vjp."""
    tangents = [normal_like(x) for x in args]
    out, t_out = gradcli.jvp(fun, tuple(args), tuple(tangents))
    assert_close(out, fun(*args), f"{label}value of jvp", rtol=1e-12, atol=1e-12)
    if np.shape(t_out) != np.shape(out):
        raise GradientMismatch(f"{label}JVP has shape {np.shape(t_out)}, output {np.shape(out)}")
    assert_close(t_out, numeric_jvp(fun, args, tangents), f"{label}JVP", rtol, atol)
    _, pullback = gradcli.vjp(fun, *args)
    u = normal_like(out)
    forward = vdot(u, t_out)
    reverse = sum(vdot(ct, t) for ct, t in zip(pullback(u), tangents))
    assert_close(forward, reverse, f"{label}<u, J v> (jvp) vs <J^T u, v> (vjp)", 1e-9, 1e-9)


def check_grads(fun, *args, order=1, label="", rtol=RTOL, atol=ATOL):
    """Check VJP and JVP of ``fun`` at ``args``; with ``order=2`` also those of its VJP.

    The second-order check differentiates ``x -> J(x)^T u`` (the first derivative
    pulled back along a fixed random ``u``) with gradcli in both modes, and
    compares with finite differences of that first derivative: grad-of-grad and
    jvp-of-grad.
    """
    for x in args:
        if not (type(x) is float or np.asarray(x).dtype == np.float64):
            raise TypeError(f"finite differences need float64 inputs, got {np.asarray(x).dtype}")
    check_vjp(fun, args, label, rtol, atol)
    check_jvp(fun, args, label, rtol, atol)
    if order >= 2:
        u = normal_like(fun(*args))
        for k in range(len(args)):

            def first(*a, k=k):
                return gradcli.vjp(fun, *a)[1](u)[k]

            check_vjp(first, args, f"{label}[d/d(arg {k}) then] ", rtol, atol)
            check_jvp(first, args, f"{label}[d/d(arg {k}) then] ", rtol, atol)


def check_hessian(fun, x, rtol=RTOL, atol=ATOL):
    """gradcli.hessian of a scalar ``fun`` against central differences of gradcli.grad."""
    hess = np.asarray(gradcli.hessian(fun)(x))
    grad_f = gradcli.grad(fun)
    size = int(np.size(x))
    numeric = np.zeros((size, size))
    for col, index in enumerate(np.ndindex(np.shape(x))):
        h = STEP * max(1.0, abs(float(np.asarray(x)[index])))
        up = np.ravel(grad_f(_shifted(x, index, h)))
        down = np.ravel(grad_f(_shifted(x, index, -h)))
        numeric[:, col] = (up - down) / (2 * h)
    assert_close(hess.reshape(size, size), numeric, "hessian", rtol, atol)


# -- sweeps ----------------------------------------------------------------------


def check_unary(fun, domain, order=2, shapes=UNARY_SHAPES):
    """Check ``fun(x)`` for a Python float, a 0-d array, a vector and a matrix."""
    for shape in shapes:
        check_grads(fun, sample(domain, shape), order=order, label=f"shape {_name(shape)}: ")


def check_binary(fun, domains, order=2, shapes=BINARY_SHAPES):
    """Check ``fun(x, y)`` over same-shape, scalar-array and broadcasting pairs."""
    dx, dy = domains
    for sx, sy in shapes:
        x, y = sample(dx, sx), sample(dy, sy)
        check_grads(fun, x, y, order=order, label=f"shapes {_name(sx)}, {_name(sy)}: ")


def check_reduction(fun, domain, order=1, axes=REDUCTION_AXES, keepdims=(False, True)):
    """Check ``fun(x, axis=..., keepdims=...)`` over every (shape, axis) pair and keepdims."""
    for shape, axis in axes:
        for keep in keepdims:
            x = sample(domain, shape)
            label = f"shape {shape}, axis={axis}, keepdims={keep}: "
            check_grads(lambda x: fun(x, axis=axis, keepdims=keep), x, order=order, label=label)


def check_case(fun, specs, order=1):
    """Check ``fun`` at inputs made from ``specs`` (see `make_args`)."""
    check_grads(fun, *make_args(specs), order=order)


def _name(shape):
    return "float" if shape is float else str(shape)


# -- dtypes ----------------------------------------------------------------------


def check_dtype(fun, *args):
    """Output, gradients, tangents and every intermediate cotangent keep the inputs' dtype.

    All of ``args`` share one float dtype. Intermediate cotangents are watched
    with the backward hook, so an upcast inside a rule is caught even though the
    final gradient is cast back to the input's dtype.
    """
    dtype = np.asarray(args[0]).dtype
    out = fun(*args)
    assert _dtype(out) == dtype, f"output dtype {_dtype(out)} for {dtype} inputs"
    upcasts = []

    def watch(node, g, cotangents):
        for i, ct in zip(node.argnums, cotangents):
            arg = node.args[i]
            if ct is not None and _dtype(arg).kind == "f" and _dtype(ct) != _dtype(arg):
                upcasts.append(f"{node.name}: {_dtype(ct)} cotangent for {_dtype(arg)} arg {i}")

    previous, hooks.backward = hooks.backward, watch
    try:
        value, pullback = gradcli.vjp(fun, *args)
        grads = pullback(np.ones_like(value))
    finally:
        hooks.backward = previous
    assert not upcasts, f"cotangents changed dtype in the backward pass: {upcasts}"
    for i, g in enumerate(grads):
        assert _dtype(g) == dtype, f"gradient {i} has dtype {_dtype(g)} for {dtype} input"
    tangents = tuple(np.ones_like(a) for a in args)
    _, t_out = gradcli.jvp(fun, args, tangents)
    assert _dtype(t_out) == dtype, f"JVP has dtype {_dtype(t_out)} for {dtype} inputs"


def _dtype(value):
    from gradcli.autodiff.ops import dtype_of

    return dtype_of(value)


# -- op tables: (name, function, domain) -------------------------------------------
# ``name`` is the gradcli.numpy name (used by the coverage test); the domain
# keeps every point inside the op's domain and away from its kinks.

UNARY = [
    ("negative", gnp.negative, (-2, 2)),
    ("absolute", gnp.absolute, signed(0.2, 2)),
    ("sqrt", gnp.sqrt, (0.2, 3)),
    ("cbrt", gnp.cbrt, signed(0.2, 3)),
    ("square", gnp.square, (-2, 2)),
    ("reciprocal", gnp.reciprocal, signed(0.3, 3)),
    ("exp", gnp.exp, (-2, 2)),
    ("exp2", gnp.exp2, (-2, 2)),
    ("expm1", gnp.expm1, (-2, 2)),
    ("log", gnp.log, (0.1, 3)),
    ("log2", gnp.log2, (0.1, 3)),
    ("log10", gnp.log10, (0.1, 3)),
    ("log1p", gnp.log1p, (-0.8, 3)),
    ("sin", gnp.sin, (-3, 3)),
    ("cos", gnp.cos, (-3, 3)),
    ("tan", gnp.tan, (-1.2, 1.2)),
    ("arcsin", gnp.arcsin, (-0.9, 0.9)),
    ("arccos", gnp.arccos, (-0.9, 0.9)),
    ("arctan", gnp.arctan, (-3, 3)),
    ("sinh", gnp.sinh, (-2, 2)),
    ("cosh", gnp.cosh, (-2, 2)),
    ("tanh", gnp.tanh, (-2, 2)),
    ("arcsinh", gnp.arcsinh, (-3, 3)),
    ("arccosh", gnp.arccosh, (1.1, 4)),
    ("arctanh", gnp.arctanh, (-0.9, 0.9)),
    ("sigmoid", gnp.sigmoid, (-4, 4)),
    ("softplus", gnp.softplus, (-4, 4)),
    ("sinc", gnp.sinc, signed(0.02, 2.5)),
    ("real", gnp.real, (-2, 2)),
    ("conj", gnp.conj, (-2, 2)),
    ("ldexp", lambda x: gnp.ldexp(x, 3), (-2, 2)),
    # The parts slope as x between their jumps: frexp's mantissa jumps at powers of two, modf's fraction at integers.
    ("frexp", lambda x: gnp.frexp(x)[0], signed(0.55, 0.95)),
    ("modf", lambda x: gnp.modf(x)[0], signed(1.1, 1.9)),
]

BINARY = [
    ("add", gnp.add, ((-2, 2), (-2, 2))),
    ("subtract", gnp.subtract, ((-2, 2), (-2, 2))),
    ("multiply", gnp.multiply, ((-2, 2), (-2, 2))),
    ("divide", gnp.divide, ((-2, 2), signed(0.5, 2))),
    ("power", gnp.power, ((0.3, 2), (-2, 2))),
    # |x| < |y|: x / y stays inside (-1, 1) away from 0, so floor(x / y) never jumps.
    ("mod", gnp.mod, (signed(0.1, 2.9), signed(3.0, 3.5))),
    ("fmod", gnp.fmod, (signed(0.1, 2.9), signed(3.0, 3.5))),
    ("arctan2", gnp.arctan2, (signed(0.3, 2), signed(0.3, 2))),
    ("hypot", gnp.hypot, (signed(0.3, 2), signed(0.3, 2))),
    ("maximum", gnp.maximum, ((-2, 2), (-2, 2))),
    ("minimum", gnp.minimum, ((-2, 2), (-2, 2))),
    ("fmax", gnp.fmax, ((-2, 2), (-2, 2))),
    ("fmin", gnp.fmin, ((-2, 2), (-2, 2))),
    ("logaddexp", gnp.logaddexp, ((-3, 3), (-3, 3))),
    ("logaddexp2", gnp.logaddexp2, ((-3, 3), (-3, 3))),
]

SPECIAL_UNARY = [
    ("erf", gnp.erf, (-2, 2)),
    ("erfc", gnp.erfc, (-2, 2)),
    ("gammaln", gnp.gammaln, (0.5, 4)),
    ("digamma", gnp.digamma, (0.5, 4)),
    ("polygamma", lambda x: gnp.polygamma(1, x), (0.5, 4)),
    ("i0", gnp.i0, (-2, 2)),  # NumPy's np.i0, which plain NumPy code calls
]

SPECIAL_BINARY = [
    ("xlogy", gnp.xlogy, (signed(0.2, 2), (0.2, 3))),
    ("xlog1py", gnp.xlog1py, (signed(0.2, 2), (-0.8, 3))),
]

# The op outputs a constant: floor(x), x > 0.3, ... (a second operand where there is one).
NONDIFFERENTIABLE = [
    ("floor", gnp.floor),
    ("floor_divide", lambda x: gnp.floor_divide(x, 0.3)),
    ("ceil", gnp.ceil),
    ("round", gnp.round),
    ("rint", gnp.rint),
    ("trunc", gnp.trunc),
    ("sign", gnp.sign),
    ("greater", lambda x: gnp.greater(x, 0.3)),
    ("greater_equal", lambda x: gnp.greater_equal(x, 0.3)),
    ("less", lambda x: gnp.less(x, 0.3)),
    ("less_equal", lambda x: gnp.less_equal(x, 0.3)),
    ("equal", lambda x: gnp.equal(x, x)),
    ("not_equal", lambda x: gnp.not_equal(x, 0.3)),
    ("logical_and", lambda x: gnp.logical_and(x, x > 0)),
    ("logical_or", lambda x: gnp.logical_or(x, x > 0)),
    ("logical_not", gnp.logical_not),
    ("isnan", gnp.isnan),
    ("isinf", gnp.isinf),
    ("isfinite", gnp.isfinite),
]

# Ops that pick among their inputs, away from their switching points: (name, function, input specs).
SELECTIONS = [
    ("where", lambda x, y: gnp.where(np.array([True, False, True]), x, y), [(3,), (3,)]),
    (
        "clip",
        gnp.clip,
        [lambda gen: np.array([-1.5, -0.2, 0.1, 0.7, 1.8]), lambda gen: np.full(5, -1.0), lambda gen: np.full(5, 1.0)],
    ),
]


def reduction(name, **options):
    """A reduction row's function: ``gnp.<name>(x, axis=, keepdims=, **options)``."""
    op = getattr(gnp, name)
    return lambda x, axis=None, keepdims=False: op(x, axis=axis, keepdims=keepdims, **options)


# std of one element is sqrt(0) (no derivative); ddof=1 needs two elements.
SEVERAL = tuple((shape, axis) for shape, axis in REDUCTION_AXES if shape != ())

# (name, function, domain, (shape, axis) pairs)
REDUCTIONS = [
    ("sum", reduction("sum"), (-2, 2), REDUCTION_AXES),
    ("mean", reduction("mean"), (-2, 2), REDUCTION_AXES),
    ("prod", reduction("prod"), signed(0.5, 1.5), REDUCTION_AXES),
    ("max", reduction("max"), (-2, 2), REDUCTION_AXES),
    ("min", reduction("min"), (-2, 2), REDUCTION_AXES),
    ("amax", reduction("amax"), (-2, 2), REDUCTION_AXES),
    ("amin", reduction("amin"), (-2, 2), REDUCTION_AXES),
    ("var", reduction("var"), (-2, 2), REDUCTION_AXES),
    ("var(ddof=1)", reduction("var", ddof=1), (-2, 2), SEVERAL),
    ("std", reduction("std"), (-2, 2), SEVERAL),
    ("std(ddof=1)", reduction("std", ddof=1), (-2, 2), SEVERAL),
    ("logsumexp", reduction("logsumexp"), (-3, 3), REDUCTION_AXES),
]

# -- shape, indexing and linear algebra cases: (id, function, input specs) -----------
# An input spec is a shape (uniform in [-1, 1]) or a sampler (see `make_args`).

_MASK = np.array(
    [[True, False, True, True], [False, False, True, False], [True, True, False, True]]
)

SHAPE_CASES = [
    ("reshape", lambda x: gnp.reshape(x, (4, 3)), [(3, 4)]),
    ("reshape(-1)", lambda x: gnp.reshape(x, (2, -1)), [(3, 4)]),
    ("reshape(scalar)", lambda x: gnp.reshape(x, (1, 1)), [()]),
    ("reshape method", lambda x: x.reshape(6, 2), [(3, 4)]),
    ("ravel", gnp.ravel, [(3, 4)]),
    ("ravel method", lambda x: x.ravel() + x.flatten(), [(2, 3)]),
    ("transpose", gnp.transpose, [(3, 4)]),
    ("transpose axes", lambda x: gnp.transpose(x, (1, 2, 0)), [(2, 3, 4)]),
    ("transpose negative axes", lambda x: gnp.transpose(x, (-1, 0, -2)), [(2, 3, 4)]),
    ("transpose 3d default", gnp.transpose, [(2, 3, 4)]),
    (".T", lambda x: x.T, [(3, 4)]),
    ("swapaxes", lambda x: gnp.swapaxes(x, 0, 2), [(2, 3, 4)]),
    ("swapaxes negative", lambda x: gnp.swapaxes(x, -1, -2), [(2, 3, 4)]),
    ("moveaxis", lambda x: gnp.moveaxis(x, 0, -1), [(2, 3, 4)]),
    ("moveaxis back", lambda x: gnp.moveaxis(x, -1, 0), [(2, 3, 4)]),
    ("expand_dims", lambda x: gnp.expand_dims(x, 1), [(3, 4)]),
    ("expand_dims negative", lambda x: gnp.expand_dims(x, -1), [(3,)]),
    ("expand_dims tuple", lambda x: gnp.expand_dims(x, (0, 2)), [(3, 4)]),
    ("squeeze", gnp.squeeze, [(3, 1, 4, 1)]),
    ("squeeze axis", lambda x: gnp.squeeze(x, 1), [(3, 1, 4, 1)]),
    ("squeeze method", lambda x: x.squeeze(-1), [(3, 1, 4, 1)]),
    ("broadcast_to", lambda x: gnp.broadcast_to(x, (2, 3, 4)), [(3, 1)]),
    ("broadcast_to scalar", lambda x: gnp.broadcast_to(x, (2, 3)), [()]),
    ("broadcast_to new axes", lambda x: gnp.broadcast_to(x, (2, 3, 4)), [(4,)]),
    ("concatenate", lambda x, y: gnp.concatenate([x, y, x]), [(2, 3), (4, 3)]),
    ("concatenate axis=1", lambda x, y: gnp.concatenate([x, y], axis=1), [(2, 3), (2, 2)]),
    ("concatenate axis=-1", lambda x, y: gnp.concatenate((x, y), axis=-1), [(2, 3), (2, 1)]),
    ("concatenate with constant", lambda x: gnp.concatenate([x, gnp.ones_like(x[:1])]), [(2, 3)]),
    ("stack", lambda x, y: gnp.stack([x, y, x]), [(2, 3), (2, 3)]),
    ("stack axis=-1", lambda x, y: gnp.stack([x, y], axis=-1), [(2, 3), (2, 3)]),
    ("stack scalars", lambda x, y: gnp.stack([x, y, x * y]), [(), ()]),
    ("array of traced", lambda x, y: gnp.array([[x, y], [y, x]]), [(), ()]),
    ("array of rows", lambda x, y: gnp.asarray([x, y]), [(3,), (3,)]),
    (
        "split sections",
        lambda x: gnp.concatenate([p * (k + 1.0) for k, p in enumerate(gnp.split(x, 3))]),
        [(6, 2)],
    ),
    (
        "split indices axis=1",
        lambda x: gnp.concatenate(
            [p * (k + 1.0) for k, p in enumerate(gnp.split(x, [1, 3], axis=1))], axis=1
        ),
        [(2, 5)],
    ),
    ("flip", gnp.flip, [(3, 4)]),
    ("flip axis", lambda x: gnp.flip(x, 1), [(3, 4)]),
    ("flip axes", lambda x: gnp.flip(x, (0, 2)), [(2, 3, 4)]),
    ("tile", lambda x: gnp.tile(x, 3), [(4,)]),
    ("tile 2d", lambda x: gnp.tile(x, (2, 3)), [(2, 3)]),
    ("tile adds axes", lambda x: gnp.tile(x, (2, 1, 2)), [(3,)]),
    ("tile fewer reps", lambda x: gnp.tile(x, 2), [(2, 3)]),
    ("repeat", lambda x: gnp.repeat(x, 2), [(2, 3)]),
    ("repeat axis", lambda x: gnp.repeat(x, 3, axis=0), [(2, 3)]),
    ("repeat counts", lambda x: gnp.repeat(x, [2, 0, 1], axis=1), [(2, 3)]),
    ("take", lambda x: gnp.take(x, [0, 0, 2, 1]), [(2, 3)]),
    ("take axis", lambda x: gnp.take(x, [2, 2, 0], axis=1), [(2, 3)]),
    ("take axis=-1", lambda x: gnp.take(x, np.array([[1, 1], [0, 2]]), axis=-1), [(2, 3)]),
]

INDEX_CASES = [
    ("integer", lambda x: x[1], [(3, 4)]),
    ("negative integer", lambda x: x[-1, 2], [(3, 4)]),
    ("scalar element", lambda x: x[2], [(4,)]),
    ("slice", lambda x: x[1:], [(3, 4)]),
    ("strided slices", lambda x: x[::2, 1::2], [(3, 4)]),
    ("reversed slice", lambda x: x[::-1, :-1], [(3, 4)]),
    ("slice and integer", lambda x: x[:, 2], [(3, 4)]),
    ("ellipsis", lambda x: x[..., 1], [(2, 3, 4)]),
    ("newaxis", lambda x: x[None, :, None, 1:], [(3, 4)]),
    ("boolean mask", lambda x: x[_MASK], [(3, 4)]),
    ("boolean mask from a comparison", lambda x: x[x > 0.1], [(3, 4)]),
    ("boolean mask on rows", lambda x: x[np.array([True, False, True])], [(3, 4)]),
    ("fancy", lambda x: x[[2, 0]], [(3, 4)]),
    ("fancy repeated", lambda x: x[[0, 2, 0, 0]], [(3, 4)]),
    ("fancy array repeated", lambda x: x[np.array([[1, 1], [3, 1]])], [(4,)]),
    ("fancy pairs repeated", lambda x: x[[0, 2, 0], [1, 3, 1]], [(3, 4)]),
    ("fancy second axis", lambda x: x[:, [3, 3, 0]], [(3, 4)]),
    ("fancy and slice", lambda x: x[[1, 1], 1:3], [(3, 4)]),
    ("fancy negative", lambda x: x[[-1, 0, -1]], [(4,)]),
    ("take from a product", lambda x: (x * x)[[0, 0, 1]] * x[1], [(3,)]),
]


def _sym(a):
    return (a + gnp.swapaxes(a, -1, -2)) * 0.5


LINALG_CASES = [
    ("dot 1d.1d", gnp.dot, [(4,), (4,)]),
    ("dot 2d.1d", gnp.dot, [(3, 4), (4,)]),
    ("dot 1d.2d", gnp.dot, [(3,), (3, 4)]),
    ("dot 2d.2d", gnp.dot, [(2, 3), (3, 4)]),
    ("dot 3d.1d", gnp.dot, [(2, 3, 4), (4,)]),
    ("dot 3d.3d", gnp.dot, [(2, 3, 4), (3, 4, 2)]),
    ("dot scalar", gnp.dot, [(), (2, 3)]),
    ("dot method", lambda a, b: a.dot(b), [(2, 3), (3,)]),
    ("vdot", gnp.vdot, [(2, 3), (3, 2)]),
    ("matmul 1d@1d", gnp.matmul, [(4,), (4,)]),
    ("matmul 1d@2d", gnp.matmul, [(3,), (3, 4)]),
    ("matmul 2d@1d", gnp.matmul, [(3, 4), (4,)]),
    ("matmul 2d@2d", gnp.matmul, [(2, 3), (3, 4)]),
    ("matmul batched", gnp.matmul, [(2, 3, 4), (2, 4, 5)]),
    ("matmul batch@2d", gnp.matmul, [(2, 3, 4), (4, 5)]),
    ("matmul 2d@batch", gnp.matmul, [(3, 4), (2, 4, 5)]),
    ("matmul broadcast batches", gnp.matmul, [(2, 1, 3, 4), (5, 4, 2)]),
    ("matmul 1d@batch", gnp.matmul, [(4,), (2, 4, 3)]),
    ("matmul batch@1d", gnp.matmul, [(2, 3, 4), (4,)]),
    ("@ operator", lambda a, b: a @ b, [(2, 3), (3, 2)]),
    ("inner 1d", gnp.inner, [(4,), (4,)]),
    ("inner 2d", gnp.inner, [(2, 4), (3, 4)]),
    ("inner 3d.1d", gnp.inner, [(2, 3, 4), (4,)]),
    ("inner scalar", gnp.inner, [(), (3,)]),
    ("outer", gnp.outer, [(3,), (4,)]),
    ("outer of matrices", gnp.outer, [(2, 2), (3,)]),
    ("tensordot axes=0", lambda a, b: gnp.tensordot(a, b, 0), [(2, 3), (4,)]),
    ("tensordot axes=1", lambda a, b: gnp.tensordot(a, b, 1), [(2, 3), (3, 4)]),
    ("tensordot axes=2", gnp.tensordot, [(2, 3, 4), (3, 4, 2)]),
    ("tensordot pairs", lambda a, b: gnp.tensordot(a, b, ([1, 0], [0, 2])), [(3, 2, 4), (2, 5, 3)]),
    (
        "tensordot pairs unsorted",
        lambda a, b: gnp.tensordot(a, b, ([0, 1], [2, 0])),
        [(3, 2, 4), (2, 5, 3)],
    ),
    (
        "tensordot pairs both unsorted",
        lambda a, b: gnp.tensordot(a, b, ([2, 0], [0, 2])),
        [(3, 2, 4), (4, 5, 3)],
    ),
    ("tensordot int pair", lambda a, b: gnp.tensordot(a, b, (2, 0)), [(2, 3, 4), (4, 5)]),
    ("tensordot negative", lambda a, b: gnp.tensordot(a, b, ([-1], [-2])), [(2, 3), (4, 3, 2)]),
    ("einsum explicit", lambda a, b: gnp.einsum("ij,jk->ik", a, b), [(2, 3), (3, 4)]),
    ("einsum implicit", lambda a, b: gnp.einsum("ij,jk", a, b), [(2, 3), (3, 4)]),
    ("einsum implicit order", lambda a, b: gnp.einsum("kj,ji", a, b), [(2, 3), (3, 4)]),
    ("einsum transpose", lambda a: gnp.einsum("ij->ji", a), [(2, 3)]),
    ("einsum sum", lambda a: gnp.einsum("ijk->j", a), [(2, 3, 4)]),
    ("einsum dot", lambda a, b: gnp.einsum("i,i->", a, b), [(4,), (4,)]),
    ("einsum outer", lambda a, b: gnp.einsum("i,j->ij", a, b), [(3,), (4,)]),
    ("einsum three operands", lambda *a: gnp.einsum("ij,jk,k->i", *a), [(2, 3), (3, 4), (4,)]),
    ("einsum ellipsis", lambda *a: gnp.einsum("...ij,...jk->...ik", *a), [(2, 3, 4), (2, 4, 5)]),
    (
        "einsum ellipsis broadcast",
        lambda *a: gnp.einsum("...ij,...jk->...ik", *a),
        [(2, 1, 3, 4), (5, 4, 2)],
    ),
    ("einsum ellipsis implicit", lambda a, b: gnp.einsum("...ij,jk", a, b), [(2, 3, 4), (4, 5)]),
    ("einsum ellipsis size 1", lambda a, b: gnp.einsum("...i,...i->...", a, b), [(1, 3), (4, 3)]),
    ("trace", gnp.trace, [(3, 3)]),
    ("trace rectangular", gnp.trace, [(3, 5)]),
    ("trace offset", lambda a: gnp.trace(a, 1), [(3, 4)]),
    ("trace negative offset", lambda a: gnp.trace(a, -1), [(3, 4)]),
    ("trace axes", lambda a: gnp.trace(a, 0, 1, 2), [(2, 3, 3)]),
    ("diagonal", gnp.diagonal, [(3, 3)]),
    ("diagonal offset", lambda a: gnp.diagonal(a, 1), [(3, 4)]),
    ("diagonal negative offset", lambda a: gnp.diagonal(a, -2), [(4, 3)]),
    ("diagonal axes", lambda a: gnp.diagonal(a, 0, -2, -1), [(2, 3, 3)]),
    ("diagonal axes 0 2", lambda a: gnp.diagonal(a, 1, 0, 2), [(3, 2, 4)]),
    ("inv", gnp.linalg.inv, [invertible(3)]),
    ("inv batched", gnp.linalg.inv, [invertible(3, (2,))]),
    ("solve vector", gnp.linalg.solve, [invertible(3), (3,)]),
    ("solve matrix", gnp.linalg.solve, [invertible(3), (3, 2)]),
    ("solve batched", gnp.linalg.solve, [invertible(3, (2,)), (2, 3, 2)]),
    ("solve broadcast a", gnp.linalg.solve, [invertible(3), (2, 3, 4)]),
    ("det", gnp.linalg.det, [invertible(3)]),
    ("det negative", gnp.linalg.det, [lambda gen: -invertible(3)(gen)]),
    ("det batched", gnp.linalg.det, [invertible(2, (3,))]),
    ("slogdet", lambda a: gnp.linalg.slogdet(a)[1], [invertible(3)]),
    ("slogdet negative", lambda a: gnp.linalg.slogdet(a)[1], [lambda gen: -invertible(3)(gen)]),
    ("slogdet batched", lambda a: gnp.linalg.slogdet(a)[1], [invertible(3, (2,))]),
    # cholesky reads one triangle: differentiate it along symmetric directions only.
    ("cholesky", lambda a: gnp.linalg.cholesky(_sym(a)), [spd(3)]),
    ("cholesky batched", lambda a: gnp.linalg.cholesky(_sym(a)), [spd(3, (2,))]),
    ("cholesky 1x1", lambda a: gnp.linalg.cholesky(_sym(a)), [spd(1)]),
    ("norm vector", gnp.linalg.norm, [(4,)]),
    ("norm frobenius", gnp.linalg.norm, [(3, 4)]),
    ("norm fro", lambda a: gnp.linalg.norm(a, "fro"), [(3, 4)]),
    ("norm axis", lambda a: gnp.linalg.norm(a, axis=1), [(3, 4)]),
    ("norm axis tuple", lambda a: gnp.linalg.norm(a, axis=(0, 2)), [(2, 3, 4)]),
    ("norm axis keepdims", lambda a: gnp.linalg.norm(a, axis=0, keepdims=True), [(3, 4)]),
    ("norm ord=1", lambda a: gnp.linalg.norm(a, 1), [(4,)]),
    ("norm ord=3", lambda a: gnp.linalg.norm(a, 3), [(4,)]),
    ("norm ord=inf", lambda a: gnp.linalg.norm(a, np.inf), [(4,)]),
    ("norm ord=2 axis", lambda a: gnp.linalg.norm(a, 2, axis=-1), [(3, 4)]),
    ("norm ord=1 axis", lambda a: gnp.linalg.norm(a, 1, axis=0), [(3, 4)]),
    ("eigh", lambda a: _phase_free_eigh(gnp.linalg.eigh(a)), [(4, 4)]),
    ("eigh upper batched", lambda a: _phase_free_eigh(gnp.linalg.eigh(a, "U")), [(2, 3, 3)]),
    ("eigvalsh", gnp.linalg.eigvalsh, [(4, 4)]),
    ("svd tall", lambda a: _phase_free_svd(gnp.linalg.svd(a, full_matrices=False)), [(5, 3)]),
    ("svd wide batched", lambda a: _phase_free_svd(gnp.linalg.svd(a, full_matrices=False)), [(2, 3, 4)]),
    ("svd values", lambda a: gnp.linalg.svd(a, compute_uv=False), [(4, 3)]),
    ("pinv tall", gnp.linalg.pinv, [(5, 3)]),
    ("pinv wide batched", gnp.linalg.pinv, [(2, 3, 4)]),
]


def _phase_free_eigh(parts):
    """The eigenvalues and the projector on each eigenvector: what does not depend on the vectors' signs."""
    w, v = parts
    return gnp.concatenate([gnp.ravel(w), gnp.ravel(gnp.einsum("...ik,...jk->...kij", v, v))])


def _phase_free_svd(parts):
    """The singular values and each rank-one term u_k v_k^T: what does not depend on the vectors' signs."""
    u, s, vh = parts
    return gnp.concatenate([gnp.ravel(s), gnp.ravel(gnp.einsum("...ik,...kj->...kij", u, vh))])


def _spectrum(transform):
    """A real-valued view of a complex transform (its real and imaginary parts side by side), for finite differences."""

    def both_parts(*args):
        out = transform(*args)
        return gnp.concatenate([gnp.ravel(gnp.real(out)), gnp.ravel(gnp.imag(out))])

    return both_parts


def _half_spectrum(shape):
    """A sampler of an rfft's output: what irfft takes (its DC imaginary part plays no role)."""
    return lambda gen: np.fft.rfft(gen.uniform(-1, 1, shape)).real


FFT_CASES = [
    ("fft", _spectrum(gnp.fft.fft), [(6,)]),
    ("fft axis n", _spectrum(lambda x: gnp.fft.fft(x, 4, axis=0)), [(5, 3)]),
    ("fft n bigger ortho", _spectrum(lambda x: gnp.fft.fft(x, 8, norm="ortho")), [(5,)]),
    ("ifft", _spectrum(gnp.fft.ifft), [(2, 5)]),
    ("fft2", _spectrum(gnp.fft.fft2), [(3, 4)]),
    ("ifft2 s", _spectrum(lambda x: gnp.fft.ifft2(x, s=(2, 5))), [(3, 4)]),
    ("fftn axes", _spectrum(lambda x: gnp.fft.fftn(x, axes=(0, 2))), [(2, 3, 4)]),
    ("rfft", _spectrum(gnp.fft.rfft), [(6,)]),
    ("rfft odd", _spectrum(gnp.fft.rfft), [(7,)]),
    ("rfft n", _spectrum(lambda x: gnp.fft.rfft(x, 4, axis=0, norm="forward")), [(5, 2)]),
    ("rfftn", _spectrum(gnp.fft.rfftn), [(3, 4)]),
    ("irfft", gnp.fft.irfft, [_half_spectrum((6,))]),
    ("irfft odd n", lambda x: gnp.fft.irfft(x, 7), [_half_spectrum((7,))]),
    ("irfft ortho", lambda x: gnp.fft.irfft(x, norm="ortho"), [_half_spectrum((8,))]),
    ("irfftn", gnp.fft.irfftn, [_half_spectrum((3, 4))]),
    ("irfft2 s", lambda x: gnp.fft.irfft2(x, s=(3, 6)), [_half_spectrum((3, 4))]),
    ("fftshift", gnp.fft.fftshift, [(3, 5)]),
    ("ifftshift axis", lambda x: gnp.fft.ifftshift(x, axes=1), [(3, 5)]),
]


def _positive(lo, hi):
    return lambda gen: gen.uniform(lo, hi)


def _scipy_cases():
    """Rows for gradcli.scipy's functions (imported here, as scipy is heavier than the rest)."""
    import gradcli.scipy.special as special  # lazy: scipy, only for the tests that use it
    import gradcli.scipy.stats as stats  # lazy: scipy, only for the tests that use it

    return [
        ("gamma", special.gamma, [lambda gen: gen.uniform(0.5, 3, (4,))]),
        ("rgamma", special.rgamma, [lambda gen: gen.uniform(0.5, 3, (4,))]),
        ("erfinv", special.erfinv, [lambda gen: gen.uniform(-0.9, 0.9, (4,))]),
        ("erfcinv", special.erfcinv, [lambda gen: gen.uniform(0.1, 1.9, (4,))]),
        ("erfcx", special.erfcx, [lambda gen: gen.uniform(-3, 5, (4,))]),
        ("ndtri", special.ndtri, [lambda gen: gen.uniform(0.05, 0.95, (4,))]),
        ("i0", special.i0, [(4,)]),
        ("i0e", special.i0e, [lambda gen: gen.uniform(0.3, 4, (4,))]),  # off its corner at 0
        ("i1e", special.i1e, [(4,)]),
        ("lambertw", special.lambertw, [lambda gen: gen.uniform(-0.3, 4, (4,))]),  # right of its branch point -1/e
        ("ellipk", special.ellipk, [lambda gen: gen.uniform(-3, 0.9, (4,))]),  # left of its pole at m = 1
        ("ellipkm1", special.ellipkm1, [lambda gen: gen.uniform(0.05, 4, (4,))]),
        ("ellipe", special.ellipe, [lambda gen: gen.uniform(-3, 0.9, (4,))]),
        ("i1", special.i1, [(4,)]),
        ("j0", special.j0, [(4,)]),
        ("j1", special.j1, [(4,)]),
        ("y0", special.y0, [lambda gen: gen.uniform(0.5, 3, (4,))]),
        ("y1", special.y1, [lambda gen: gen.uniform(0.5, 3, (4,))]),
        ("jn", lambda x: special.jn(2, x), [lambda gen: gen.uniform(1.3, 4, (4,))]),
        ("yn", lambda x: special.yn(1, x), [lambda gen: gen.uniform(1.3, 4, (4,))]),
        ("iv", lambda x: special.iv(2.5, x), [lambda gen: gen.uniform(1.3, 4, (4,))]),
        ("ive", lambda x: special.ive(2.5, x), [lambda gen: gen.uniform(0.5, 4, (4,))]),
        ("ive integer order", lambda x: special.ive(2, x), [lambda gen: gen.uniform(-4, 4, (4,))]),
        ("log_ndtr", special.log_ndtr, [lambda gen: gen.uniform(-30, 3, (4,))]),
        ("ndtr", special.ndtr, [lambda gen: gen.uniform(-5, 3, (4,))]),
        ("log_expit", special.log_expit, [lambda gen: gen.uniform(-30, 30, (4,))]),
        ("logit", special.logit, [lambda gen: gen.uniform(0.1, 0.9, (4,))]),
        ("betaln", special.betaln, [_positive(0.5, 3), _positive(0.5, 3)]),
        ("multigammaln", lambda a: special.multigammaln(a, 3), [lambda gen: gen.uniform(2, 4, (3,))]),
        ("gammainc", lambda x: special.gammainc(2.5, x), [_positive(0.5, 4)]),
        ("gammaincc", lambda x: special.gammaincc(0.7, x), [_positive(0.5, 4)]),
        ("betainc", lambda x: special.betainc(2.5, 1.5, x), [lambda gen: gen.uniform(0.1, 0.9, (4,))]),
        ("stdtr", lambda t: special.stdtr(3.5, t), [(4,)]),
        ("logsumexp weighted", lambda x: special.logsumexp(x, b=np.array([0.5, 2.0, 1.0]), axis=-1), [(2, 3)]),
        ("logsumexp signed", lambda x: special.logsumexp(x, b=np.array([-0.5, 2.0, 1.0]), return_sign=True)[0],
         [lambda gen: gen.uniform(-1, 1, (3,))]),
        ("norm.logpdf", stats.norm.logpdf, [(4,), (4,), _positive(0.5, 2)]),
        ("norm.logcdf", stats.norm.logcdf, [(4,), (4,), _positive(0.5, 2)]),
        ("norm.logsf", stats.norm.logsf, [(4,), (4,), _positive(0.5, 2)]),
        ("t.logpdf", stats.t.logpdf, [(4,), _positive(1, 5), (4,), _positive(0.5, 2)]),
        ("gamma.logpdf", stats.gamma.logpdf, [_positive(0.5, 2), _positive(1, 3)]),
        ("chi2.logpdf", stats.chi2.logpdf, [_positive(0.5, 2), _positive(1, 3)]),
        ("beta.logpdf", stats.beta.logpdf, [_positive(0.2, 0.8), _positive(1, 3), _positive(1, 3)]),
        ("poisson.logpmf", lambda mu: stats.poisson.logpmf(np.arange(4.0), mu), [_positive(0.5, 3)]),
        ("nbinom.logpmf", lambda n, p: stats.nbinom.logpmf(np.arange(4.0), n, p),
         [_positive(0.5, 3), lambda gen: gen.uniform(0.1, 0.9, (4,))]),
        ("lognorm.logpdf", stats.lognorm.logpdf, [_positive(0.5, 2), _positive(0.5, 2)]),
        ("lognorm.logcdf", stats.lognorm.logcdf, [_positive(0.5, 2), _positive(0.5, 2)]),
        ("truncnorm.logpdf", lambda x, loc: stats.truncnorm.logpdf(x, -1.5, 2.5, loc, 1.3),
         [lambda gen: gen.uniform(-1, 2, (4,)), lambda gen: gen.uniform(-0.2, 0.2)]),
        ("truncnorm.logcdf", lambda x, scale: stats.truncnorm.logcdf(x, -1.5, 2.5, 0.0, scale),
         [lambda gen: gen.uniform(-1, 2, (4,)), _positive(0.9, 1.1)]),
        ("truncnorm.logsf", lambda a, b: stats.truncnorm.logsf(np.array([0.1, 0.5]), a, b),
         [lambda gen: gen.uniform(-2, -0.5, (2,)), lambda gen: gen.uniform(1, 3, (2,))]),
        ("t.cdf", lambda x, loc, scale: stats.t.cdf(x, 3.5, loc, scale), [(4,), (4,), _positive(0.5, 2)]),
        ("t.logcdf", lambda x, loc, scale: stats.t.logcdf(x, 3.5, loc, scale), [(4,), (4,), _positive(0.5, 2)]),
        ("gamma.cdf", lambda x, scale: stats.gamma.cdf(x, 2.5, 0.0, scale), [_positive(0.5, 3), _positive(0.5, 2)]),
        ("gamma.logcdf", lambda x: stats.gamma.logcdf(x, 1.5), [_positive(0.5, 3)]),
        ("chi2.cdf", lambda x: stats.chi2.cdf(x, 3.0), [_positive(0.5, 3)]),
        ("chi2.logcdf", lambda x: stats.chi2.logcdf(x, 3.0), [_positive(0.5, 3)]),
        ("beta.cdf", lambda x: stats.beta.cdf(x, 2.5, 1.5), [lambda gen: gen.uniform(0.1, 0.9, (4,))]),
        ("beta.logcdf", lambda x: stats.beta.logcdf(x, 2.5, 1.5), [lambda gen: gen.uniform(0.1, 0.9, (4,))]),
        ("poisson.cdf", lambda mu: stats.poisson.cdf(np.array([-1.0, 0.0, 2.0, 3.5]), mu), [_positive(0.5, 3)]),
        ("poisson.logcdf", lambda mu: stats.poisson.logcdf(np.array([0.0, 2.0, 3.5]), mu), [_positive(0.5, 3)]),
        ("dirichlet.logpdf", lambda x, a: stats.dirichlet.logpdf(x / gnp.sum(x), a),
         [lambda gen: gen.uniform(0.2, 1, (3,)), lambda gen: gen.uniform(1, 3, (3,))]),
        # cholesky reads one triangle: differentiate along symmetric covariances only.
        ("multivariate_normal.logpdf", lambda x, m, c: stats.multivariate_normal.logpdf(x, m, _sym(c)),
         [(2, 3), (3,), spd(3)]),
    ]
