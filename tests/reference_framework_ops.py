"""The property campaign's compositions written for JAX, PyTorch and TensorFlow, judged through the bridges.

A user's function in a framework reaches the exact reference by another road
than a `gradcli.numpy` function: the bridge captures its graph (a jaxpr, an
ATen graph, a TensorFlow graph) and replays it with gradcli's ops, each
primitive and each fused op (log_softmax, softplus with PyTorch's threshold,
sigmoid cross-entropy from logits, sparse softmax cross-entropy) mapped by a
table. The compositions are `test_reference_property`'s trees and the oracle
its own and `reference_special_ops`' (independent mpmath on `Dual` numbers);
only the spelling differs: each tree becomes a module of the framework's code,
one op per line, as its users write it (`framework_target`), resolved and
replayed in process. A framework's table holds the ops it spells; a fused op
whose mathematics is not one of the first tables' (PyTorch's softplus, linear
past its threshold; a cross-entropy from logits against a label) is an op of
its own here with its own oracle.
"""

from __future__ import annotations

import copy
import hashlib
import pathlib
import tempfile

import mpmath
import numpy as np

import gradcli.numpy as gnp
import gradcli.scipy.special as gsp
from reference_special_ops import (
    BINARY_SPECIAL,
    LSE_WEIGHTS,
    REDUCTIONS_SPECIAL,
    UNARY_SPECIAL,
    special_point,
    spelled_source,
)
from reference_wide_ops import _abs_value, _expm1, _pick
from test_reference_property import (
    BINARY,
    EXTRA,
    GELU_C,
    REDUCTIONS,
    UNARY,
    VECTOR,
    Dual,
    _branch,
    _const,
    _eps,
    _gelu_gradcli,
    _log_softmax_oracle,
    _sigmoid_oracle,
    _softplus_oracle,
    _sum,
    _tanh,
    campaign,
    composition,
    disagreements,
)

FRAMEWORKS = ("jax", "torch", "tf")

TORCH_SOFTPLUS_THRESHOLD = 20.0  # F.softplus's default: x itself where x > 20


def _softplus_threshold_oracle(a):
    # PyTorch's softplus is x past its threshold, a jump of log1p(e^-20) there: the program's function, not log(1 + e^x).
    return _branch(a, _const(TORCH_SOFTPLUS_THRESHOLD, len(a.partials)), a, _softplus_oracle(a))


def _bce_logits_oracle(a, b):
    # -(b log sigmoid(a) + (1 - b) log(1 - sigmoid(a))) = softplus(a) - a b, smooth everywhere (its max and abs cancel).
    return _softplus_oracle(a) - a * b


def _bce_logits_gradcli(a, b):
    return gnp.softplus(a) - a * b


# A library's literal is the program's number: PyTorch's ndtr scales by 1/sqrt(2) rounded to float64
# (erfc(-x * 0.7071067811865476) / 2, e^-x^2/2 off by a factor e^(1.5e-16 x^2) far out), TensorFlow's LeakyRelu holds
# its alpha as a float32 attribute and its gelu casts 0.044715 from float32.
ROOT_HALF = 0.7071067811865476
LEAKY_ALPHA_FLOAT32 = float(np.float32(0.01))
GELU_COEFFICIENT_FLOAT32 = float(np.float32(0.044715))


def _ndtr_rounded_oracle(a):
    n = len(a.partials)
    scale = mpmath.mpf(ROOT_HALF) * mpmath.sqrt(2)  # at the oracle's precision: Phi(x scale) is erfc(-x ROOT_HALF) / 2
    return UNARY_SPECIAL["ndtr"][1](a * Dual(scale, [mpmath.mpf(0)] * n, None, scale * _eps()))


def _leaky_float32_oracle(a):
    n = len(a.partials)
    return _branch(a, _const(0, n), a, _const(LEAKY_ALPHA_FLOAT32, n) * a)


def _gelu_float32_gradcli(a):
    return 0.5 * a * (1 + gnp.tanh(GELU_C * (a + GELU_COEFFICIENT_FLOAT32 * a**3)))


def _gelu_float32_oracle(a):
    n = len(a.partials)
    inner = _const(GELU_C, n) * (a + _const(GELU_COEFFICIENT_FLOAT32, n) * a * a * a)
    return a * _sigmoid_oracle(_const(2, n) * inner)


def _gelu_meant_oracle(a):
    # JAX's gelu writes np.sqrt(2 / np.pi), a float its exact replay takes as the constant it stands for
    # (`exact_constants.standing_for`): far out (x^3 ~ 1e283) its rounding moves the exponent's 17th digit.
    n = len(a.partials)
    root = mpmath.sqrt(2 / mpmath.pi)
    inner = Dual(root, [mpmath.mpf(0)] * n, None, root * _eps()) * (a + _const(0.044715, n) * a * a * a)
    return a * _sigmoid_oracle(_const(2, n) * inner)


def _silu_oracle(a):
    return a * _sigmoid_oracle(a)


def _elu_oracle(a):
    # x past 0, e^x - 1 below: one slope, 1, on both sides of 0, so 0 is no kink
    return _pick(a, _expm1(a), a, _const(0, len(a.partials)))


def _softplus_beta2_oracle(a):
    n = len(a.partials)
    doubled = _const(2, n) * a
    return _branch(doubled, _const(TORCH_SOFTPLUS_THRESHOLD, n), a, _softplus_oracle(doubled) / _const(2, n))


def _mish_oracle(a):
    return a * _tanh(_softplus_oracle(a))


def _huber_oracle(a, b):
    # d^2 / 2 inside |d| < 1, |d| - 1/2 outside: one slope, +-1, at |d| = 1
    n = len(a.partials)
    d = a - b
    square = d * d
    if square.value == 1:
        return _pick(_const(0.5, n) * square, _abs_value(d) - _const(0.5, n), _const(1, n), square)
    return _const(0.5, n) * square if square.value < 1 else _abs_value(d) - _const(0.5, n)


def _huber_gradcli(a, b):
    d = a - b
    return gnp.where(gnp.abs(d) < 1, 0.5 * d * d, gnp.abs(d) - 0.5)


UNARY_FRAMEWORK = {
    "silu": (lambda a: a * gnp.sigmoid(a), _silu_oracle),
    "elu": (lambda a: gnp.where(a > 0, a, gnp.expm1(a)), _elu_oracle),
    "softplus_beta2": (lambda a: gnp.where(2 * a > TORCH_SOFTPLUS_THRESHOLD, a, gnp.softplus(2 * a) / 2), _softplus_beta2_oracle),
    "mish": (lambda a: a * gnp.tanh(gnp.softplus(a)), _mish_oracle),
    "softplus_threshold": (lambda a: gnp.where(a > TORCH_SOFTPLUS_THRESHOLD, a, gnp.softplus(a)), _softplus_threshold_oracle),
    "ndtr_rounded": (lambda a: 0.5 * gsp.erfc(-a * ROOT_HALF), _ndtr_rounded_oracle),
    "leaky_float32": (lambda a: gnp.where(a > 0, a, LEAKY_ALPHA_FLOAT32 * a), _leaky_float32_oracle),
    "gelu_float32": (_gelu_float32_gradcli, _gelu_float32_oracle),
    "gelu_meant": (_gelu_gradcli, _gelu_meant_oracle),  # gradcli.numpy's spelling holds the float: a framework's op alone
}
BINARY_FRAMEWORK = {
    "bce_logits": (_bce_logits_gradcli, _bce_logits_oracle),
    "huber": (_huber_gradcli, _huber_oracle),
}
MSE_TARGET = (0.3, -1.0, 2.0)  # a regression's targets, one per entry


def _mse_oracle(items):
    n = len(items[0].partials)
    return _sum([(item - _const(c, n)) * (item - _const(c, n)) for item, c in zip(items, MSE_TARGET)]) / _const(VECTOR, n)


REDUCTIONS_FRAMEWORK = {
    "label0_cross_entropy": (lambda v: gsp.log_softmax(v)[0], lambda items: _log_softmax_oracle(items)[0]),
    "label2_nll": (lambda v: -gsp.log_softmax(v)[2], lambda items: _const(0, len(items[0].partials)) - _log_softmax_oracle(items)[2]),
    "mse": (lambda v: gnp.mean((v - np.array(MSE_TARGET)) ** 2), _mse_oracle),
}

# Each framework's spelling of the ops ({0}, {1}: the arguments' names), as its users write them: the library's fused
# ops where it has one, its primitives where it has none.
FRAMEWORK_TEXT = {
    "jax": {
        "exp": "jnp.exp({0})",
        "tanh": "jnp.tanh({0})",
        "sigmoid": "jax.nn.sigmoid({0})",
        "softplus": "jax.nn.softplus({0})",
        "log1p_square": "jnp.log1p(jnp.square({0}))",
        "gelu_meant": "jax.nn.gelu({0}, approximate=True)",
        "abs": "jnp.abs({0})",
        "leaky": "jax.nn.leaky_relu({0}, 0.01)",
        "square": "{0} * {0}",
        "negative": "-{0}",
        "tiny_scale": "{0} * 1e-200",
        "huge_scale": "{0} * 1e200",
        "hypot_one": "jnp.sqrt({0} * {0} + 1.0)",
        "add": "{0} + {1}",
        "subtract": "{0} - {1}",
        "multiply": "{0} * {1}",
        "divide": "{0} / (1.0 + {1} ** 2)",
        "logaddexp": "jnp.logaddexp({0}, {1})",
        "xlogy": "jss.xlogy({0}, jnp.exp({1}))",
        "larger": "jnp.where({0} > {1}, {0}, {1})",
        "max_shifted_lse": "jnp.max({0}) + jnp.log(jnp.sum(jnp.exp({0} - jnp.max({0}))))",
        "sum": "jnp.sum({0})",
        "logsumexp": "jax.nn.logsumexp({0})",
        "norm": "jnp.linalg.norm({0})",
        "softmax0": "jax.nn.softmax({0})[0]",
        "cross_entropy": "{0}[0] - jss.logsumexp({0})",
        "entropy": "jnp.sum(jss.entr(jax.nn.softmax({0})))",
        # SciPy's special functions as jax.scipy.special has them
        "expit": "jss.expit({0})",
        "log_expit": "jax.nn.log_sigmoid({0})",
        "ndtr": "jss.ndtr({0})",  # its 0.5 * np.sqrt(2.) the 1/sqrt 2 it stands for (`exact_constants.standing_for`)
        "log_ndtr": "jss.log_ndtr({0})",
        "gammaln_sq": "jss.gammaln({0} * {0})",
        "spence_sq": "jss.spence({0} * {0})",
        "relu": "jax.nn.relu({0})",
        "xlogy_sq": "jss.xlogy({0}, {1} * {1})",
        "xlog1py_sq": "jss.xlog1py({0}, {1} * {1})",
        "where_above": "jnp.where({0} > {1}, {0} - {1}, 0.0)",
        "lse_b": "jss.logsumexp({0}, b=jnp.array(%r))" % (LSE_WEIGHTS,),
        "softmax1": "jax.nn.softmax({0})[1]",
        "log_softmax2": "jax.nn.log_softmax({0})[2]",
        "norm1": "jnp.linalg.norm({0}, 1)",
        "norm_inf": "jnp.linalg.norm({0}, jnp.inf)",
        "median_consts": "jnp.median(jnp.concatenate([{0}, jnp.array([0.3, -1.0])]))",
        "sort_const": "jnp.sort(jnp.concatenate([{0}, jnp.array([0.3])]))[1]",
        "nansum_log": "jnp.nansum(jnp.where({0} > 0, jnp.log({0}), jnp.nan))",
        "nanmean_log": "jnp.nanmean(jnp.where({0} > 0, jnp.log({0}), jnp.nan))",
        "nanmax_sqrt": "jnp.nanmax(jnp.where({0} > 0, jnp.sqrt({0}), jnp.nan))",
        "label0_cross_entropy": "jax.nn.log_softmax({0})[0]",
        "silu": "jax.nn.silu({0})",
        "label2_nll": "-jnp.sum(jax.nn.one_hot(2, 3) * jax.nn.log_softmax({0}))",
        "mse": "jnp.mean(({0} - jnp.array((0.3, -1.0, 2.0))) ** 2)",
        "elu": "jax.nn.elu({0})",
    },
    "torch": {
        "exp": "torch.exp({0})",
        "tanh": "torch.tanh({0})",
        "sigmoid": "torch.sigmoid({0})",
        "softplus_threshold": "F.softplus({0})",
        "log1p_square": "torch.log1p({0} * {0})",
        "gelu": "F.gelu({0}, approximate='tanh')",
        "abs": "torch.abs({0})",
        "leaky": "F.leaky_relu({0}, 0.01)",
        "square": "torch.square({0})",
        "negative": "-{0}",
        "tiny_scale": "{0} * 1e-200",
        "huge_scale": "{0} * 1e200",
        "hypot_one": "torch.sqrt({0} * {0} + 1.0)",
        "add": "{0} + {1}",
        "subtract": "{0} - {1}",
        "multiply": "{0} * {1}",
        "divide": "{0} / (1.0 + {1} * {1})",
        "logaddexp": "torch.logaddexp({0}, {1})",
        "xlogy": "torch.special.xlogy({0}, torch.exp({1}))",
        "larger": "torch.where({0} > {1}, {0}, {1})",
        "bce_logits": "F.binary_cross_entropy_with_logits(*torch.broadcast_tensors({0}, {1}), reduction='none')",
        "max_shifted_lse": "torch.amax({0}) + torch.log(torch.sum(torch.exp({0} - torch.amax({0}))))",
        "sum": "torch.sum({0})",
        "logsumexp": "torch.logsumexp({0}, 0)",
        "norm": "torch.linalg.vector_norm({0})",
        "softmax0": "F.softmax({0}, 0)[0]",
        "cross_entropy": "{0}[0] - torch.logsumexp({0}, 0)",
        "label0_cross_entropy": "-F.cross_entropy({0}[None], torch.tensor([0]))",
        "entropy": "torch.sum(torch.special.entr(F.softmax({0}, 0)))",
        "expit": "torch.special.expit({0})",
        "log_expit": "F.logsigmoid({0})",
        "ndtr_rounded": "torch.special.ndtr({0})",
        "log_ndtr": "torch.special.log_ndtr({0})",
        "erfcx": "torch.special.erfcx({0})",
        "gammaln_sq": "torch.special.gammaln({0} * {0})",
        "relu": "torch.relu({0})",
        "xlogy_sq": "torch.special.xlogy({0}, {1} * {1})",
        "xlog1py_sq": "torch.special.xlog1py({0}, {1} * {1})",
        "where_above": "torch.where({0} > {1}, {0} - {1}, 0.0)",
        "softmax1": "torch.softmax({0}, 0)[1]",
        "log_softmax2": "F.log_softmax({0}, 0)[2]",
        "norm1": "torch.linalg.vector_norm({0}, 1)",
        "norm_inf": "torch.linalg.vector_norm({0}, float('inf'))",
        "sort_const": "torch.sort(torch.cat([{0}, torch.tensor([0.3], dtype={0}.dtype)])).values[1]",
        "nansum_log": "torch.nansum(torch.where({0} > 0, torch.log({0}), torch.nan))",
        "nanmean_log": "torch.nanmean(torch.where({0} > 0, torch.log({0}), torch.nan))",
        "silu": "F.silu({0})",
        "label2_nll": "F.nll_loss(F.log_softmax({0}[None], 1), torch.tensor([2]))",
        "mse": "F.mse_loss({0}, torch.tensor((0.3, -1.0, 2.0), dtype={0}.dtype))",
        "elu": "F.elu({0})",
        "softplus_beta2": "F.softplus({0}, beta=2.0)",
        "mish": "F.mish({0})",
        "huber": "F.huber_loss(*torch.broadcast_tensors({0}, {1}), reduction='none')",
    },
    "tf": {
        "exp": "tf.math.exp({0})",
        "tanh": "tf.math.tanh({0})",
        "sigmoid": "tf.math.sigmoid({0})",
        "softplus": "tf.math.softplus({0})",
        "log1p_square": "tf.math.log1p(tf.math.square({0}))",
        "gelu_float32": "tf.nn.gelu({0}, approximate=True)",
        "abs": "tf.math.abs({0})",
        "leaky_float32": "tf.nn.leaky_relu({0}, alpha=0.01)",
        "square": "{0} * {0}",
        "negative": "-{0}",
        "tiny_scale": "{0} * 1e-200",
        "huge_scale": "{0} * 1e200",
        "hypot_one": "tf.math.sqrt({0} * {0} + 1.0)",
        "add": "{0} + {1}",
        "subtract": "{0} - {1}",
        "multiply": "{0} * {1}",
        "divide": "{0} / (1.0 + {1} * {1})",
        "logaddexp": "tf.math.maximum({0}, {1}) + tf.math.log1p(tf.math.exp(-tf.math.abs({0} - {1})))",
        "xlogy": "tf.math.xlogy({0}, tf.math.exp({1}))",
        "larger": "tf.where({0} > {1}, {0}, {1})",
        "bce_logits": "tf.nn.sigmoid_cross_entropy_with_logits(labels={1} + tf.zeros_like({0}), logits={0} + tf.zeros_like({1}))",
        "max_shifted_lse": "tf.math.reduce_max({0}) + tf.math.log(tf.math.reduce_sum(tf.math.exp({0} - tf.math.reduce_max({0}))))",
        "sum": "tf.math.reduce_sum({0})",
        "logsumexp": "tf.math.reduce_logsumexp({0})",
        "norm": "tf.norm({0})",
        "softmax0": "tf.nn.softmax({0})[0]",
        "cross_entropy": "tf.nn.log_softmax({0})[0]",
        "label0_cross_entropy": "-tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant(0), logits={0})",
        "entropy": "-tf.math.reduce_sum(tf.math.xlogy(tf.nn.softmax({0}), tf.nn.softmax({0})))",
        "expit": "tf.math.sigmoid({0})",
        "log_expit": "tf.math.log_sigmoid({0})",
        "gammaln_sq": "tf.math.lgamma({0} * {0})",
        "spence_sq": "tf.math.special.spence({0} * {0})",
        "k0e_sq": "tf.math.special.bessel_k0e({0} * {0})",
        "k1e_sq": "tf.math.special.bessel_k1e({0} * {0})",
        "relu": "tf.nn.relu({0})",
        "xlogy_sq": "tf.math.xlogy({0}, {1} * {1})",
        "xlog1py_sq": "tf.math.xlog1py({0}, {1} * {1})",
        "where_above": "tf.where({0} > {1}, {0} - {1}, tf.zeros_like({0} - {1}))",
        "softmax1": "tf.nn.softmax({0})[1]",
        "log_softmax2": "tf.nn.log_softmax({0})[2]",
        "norm1": "tf.norm({0}, ord=1)",
        "norm_inf": "tf.norm({0}, ord=float('inf'))",
        "sort_const": "tf.sort(tf.concat([{0}, tf.constant([0.3], dtype={0}.dtype)], 0))[1]",
        "silu": "tf.nn.silu({0})",
        "label2_nll": "tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant([0.0, 0.0, 1.0], dtype={0}.dtype), logits={0})",
        "mse": "tf.math.reduce_mean(tf.math.squared_difference({0}, tf.constant((0.3, -1.0, 2.0), dtype={0}.dtype)))",
        "elu": "tf.nn.elu({0})",
    },
}

HEADERS = {
    "jax": "import jax\nimport jax.numpy as jnp\nimport jax.scipy.special as jss\n",
    "torch": "import torch\nimport torch.nn.functional as F\n",
    "tf": "import tensorflow as tf\n",
}

_ALL_TABLES = (
    {**UNARY, **UNARY_SPECIAL, **UNARY_FRAMEWORK},
    {**BINARY, **BINARY_SPECIAL, **BINARY_FRAMEWORK},
    {**REDUCTIONS, **REDUCTIONS_SPECIAL, **REDUCTIONS_FRAMEWORK},
)


def framework_tables(framework):
    """(unary, binary, reductions): the ops ``framework`` spells."""
    return tuple({name: op for name, op in table.items() if name in FRAMEWORK_TEXT[framework]} for table in _ALL_TABLES)


def framework_composition(framework):
    """``pick(rng, depth)``: `composition` over the ops ``framework`` spells."""
    tables = framework_tables(framework)

    def pick(rng, depth, want="scalar"):
        return composition(rng, depth, want, tables=tables)

    return pick


framework_point = special_point  # the special pool's points: spence's seams, ties and zeros in the vectors


def framework_source(framework, tree):
    """The composition as a module of ``framework``'s code: one line per op, as its users write it."""
    return spelled_source(tree, FRAMEWORK_TEXT[framework], HEADERS[framework])


_FOLDER = None


def framework_target(framework, tag=""):
    """``spell(tree)``: the target text of `framework_source`'s module, in a folder of this run (a file per composition
    and ``tag``: a bridge keeps what it captured from a file, so a replay planted after a capture needs a file of its own)."""

    def spell(tree):
        global _FOLDER
        if _FOLDER is None:
            _FOLDER = pathlib.Path(tempfile.mkdtemp(prefix="gradcli-framework-property-"))
        source = framework_source(framework, tree)
        path = _FOLDER / f"{framework}{tag}_{hashlib.sha1(source.encode()).hexdigest()[:12]}.py"
        path.write_text(source)
        return f"{path}:composed"

    return spell


EXTRA["unary"].update(UNARY_FRAMEWORK)
EXTRA["binary"].update(BINARY_FRAMEWORK)
EXTRA["reduce"].update(REDUCTIONS_FRAMEWORK)


def float64_rounded(op, monkeypatch):
    """A door of its own for ``op``'s primitive whose high-precision path rounds each answer to float64: what a
    table's mapping planted with it computes (`test_reference_property`'s plant, on a copy, so gradcli's own op and
    every other mapping stay exact)."""
    from gradcli.autodiff.tracer import _make_door, primitive_of
    from test_reference_property import _rounded_to_float64

    planted = copy.copy(primitive_of(op))
    planted.door = door = _make_door(planted)
    door.prim, door.__name__, door.__qualname__ = planted, planted.name, planted.name
    _rounded_to_float64(planted, monkeypatch)
    return door


def sample_failures(framework, seed, compositions, points=2):
    """The bounded sample `make test` runs: (what failed, [tried compositions, points, answered])."""
    tried, tried_points, answered, failures = campaign(
        seed, compositions, points, pick=framework_composition(framework), draw=framework_point,
        spell=framework_target(framework),
    )
    return failures, [tried, tried_points, answered]


def found_at(framework, cases, tag=""):
    """What the reference gets wrong at each (tree, point) of ``cases`` in ``framework``'s spelling (files of ``tag``)."""
    spell = framework_target(framework, tag)
    return [disagreements(tree, point, spell=spell) for tree, point in cases]


# 1 + tanh(-20) is 8.5e-18, and so is 3 less the sum of tanh at 20, 25 and 30: a tanh rounded to float64 makes them 0.
TANH_PLANTED = [
    (("binary", "add", ("unary", "tanh", ("leaf", "x")), ("leaf", "y")), [-20.0, 1.0, np.ones(VECTOR), np.ones(VECTOR)]),
    (("binary", "subtract", ("reduce", "sum", ("unary", "tanh", ("leaf", "v"))), ("leaf", "x")),
     [3.0, 1.0, np.array([20.0, 25.0, 30.0]), np.ones(VECTOR)]),
]


# A program constant (0.3) carried into the replay's values by each way a framework picks entries: a sort of a
# concatenation, a where (of two literals too), an index into a constant table, a pad, a fill, a clip. Each pick is
# then squared alone, an op on floats alone that would compute in float64 unless the exact replay holds the constant
# as the exact number it is; at x = 1e200 the value exp(-x log1p(sum of the squares)) shows a rounded square.
PICKS_TEXT = {
    "jax": ("jnp.sort(jnp.concatenate([w, jnp.array([0.3])]))[1]", "jnp.where(w[0] > 0, 0.3, 0.7)",
            "jnp.where(w < 0, w, 0.3)[0]", "jnp.array([0.3, 0.7])[jnp.argmax(w)]", "jnp.pad(w, 1, constant_values=0.3)[0]",
            "jnp.full_like(w, 0.3)[0]", "jnp.clip(w, None, 0.3)[0]"),
    "torch": ("torch.sort(torch.cat([w, torch.tensor([0.3], dtype=w.dtype)])).values[1]", "torch.where(w < 0, w, 0.3)[0]",
              "w.masked_fill(w > 0, 0.3)[0]", "torch.tensor([0.3, 0.7], dtype=w.dtype)[torch.argmax(w)]",
              "F.pad(w, (1, 1), value=0.3)[0]", "torch.full_like(w, 0.3)[0]", "torch.clamp(w, max=0.3)[0]"),
    "tf": ("tf.sort(tf.concat([w, tf.constant([0.3], dtype=w.dtype)], 0))[1]",
           "tf.where(w < 0, w, tf.constant(0.3, dtype=w.dtype))[0]",
           "tf.gather(tf.constant([0.3, 0.7], dtype=w.dtype), tf.argmax(w))", "tf.pad(w, [[1, 1]], constant_values=0.3)[0]",
           "tf.fill(tf.shape(w), tf.constant(0.3, dtype=w.dtype))[0]", "tf.clip_by_value(w, -1.0, 0.3)[0]"),
}
_EXP_LOG1P = {"jax": ("jnp.exp", "jnp.log1p"), "torch": ("torch.exp", "torch.log1p"), "tf": ("tf.math.exp", "tf.math.log1p")}
PICKS_POINT = (1e200, np.array([1e200, 2.2250738585072014e-308, 5e199]))  # every pick takes the 0.3


def picks_source(framework, picks):
    """A module of ``framework``'s code whose ``picked(x, w)`` is exp(-x log1p(c^2 + ...)), ``c`` each of ``picks``."""
    exp, log1p = _EXP_LOG1P[framework]
    lines = [f"    c{k} = {text.format(w='w')}" for k, text in enumerate(picks)]
    squares = " + ".join(f"c{k} * c{k}" for k in range(len(picks)))
    return f"{HEADERS[framework]}\n\ndef picked(x, w):\n" + "\n".join(lines) + f"\n    return {exp}(-x * {log1p}({squares}))\n"


def picked_constants_wrong(framework, picks=None):
    """What the exact reference of `picks_source`'s module gets wrong at `PICKS_POINT` ([]: its value and d/dx are
    those of the float 0.3 squared exactly, d/dw is 0)."""
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    picks = PICKS_TEXT[framework] if picks is None else picks
    source = picks_source(framework, picks)
    global _FOLDER
    if _FOLDER is None:
        _FOLDER = pathlib.Path(tempfile.mkdtemp(prefix="gradcli-framework-property-"))
    path = _FOLDER / f"{framework}_picks_{hashlib.sha1(source.encode()).hexdigest()[:12]}.py"
    path.write_text(source)
    x, w = PICKS_POINT
    exact = reference.compute(resolve(f"{path}:picked"), [np.float64(x), w.copy()], budget=balls.Budget(30.0))
    if not exact.determined:
        return [f"no reference: {exact.why or exact.error}"]
    with mpmath.workdps(300):  # the exponent's 200 digits before the point, and more
        log_term = mpmath.log1p(len(picks) * mpmath.mpf(0.3) ** 2)
        value = mpmath.exp(-x * log_term)
        wrong = []
        for name, got, want in (("value", exact.value, value), ("d/dx", exact.gradient[0], -log_term * value)):
            if abs(mpmath.mpf(got) / want - 1) > 1e-12:
                wrong.append(f"{name}: the reference says {mpmath.nstr(mpmath.mpf(got), 15)}, the truth {mpmath.nstr(want, 15)}")
    if any(mpmath.mpf(g) != 0 for g in np.ravel(exact.gradient[1])):
        wrong.append(f"d/dw: {exact.gradient[1]}, not 0")
    return wrong
