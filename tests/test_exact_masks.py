"""An attention mask written with a huge negative fill gets its verdict in every framework and dtype.

``softmax(where(mask, z, -1e9))`` is how masks are written in transformer code;
its masked weight e^(-1e9 - 5) lies 434 million digits below the others. With
the module's NumPy constants (the mask, the weights) a JAX function traced in
float32 and then under x64 for float64 or for the exact reference must see
its constants in float64 there (`capture.jax_modes`): else JAX refuses the
float64 program (mul of f32 and f64) and the point had no reference at all.
"""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import gradcli
from gradcli.capture import jax_modes

FILLS = {"1e9": "-1e9", "1e30": "-1e30", "3e38": "-3e38", "inf": "-INF"}  # -3e38: float32's most negative region

HEADS = {
    "jax": "import jax, jax.numpy as jnp, numpy as np\nMASK = np.array([True, True, False]); C = np.array([1.0, 3.0, -2.0]); INF = np.inf\n",
    "numpy": "import numpy as np\nMASK = np.array([True, True, False]); C = np.array([1.0, 3.0, -2.0]); INF = np.inf\n",
    "torch": "import torch\nMASK = torch.tensor([True, True, False]); C = torch.tensor([1.0, 3.0, -2.0], dtype=torch.float64)\nINF = float('inf')\n",
    "tf": "import numpy as np, tensorflow as tf\nMASK = np.array([True, True, False]); C = np.array([1.0, 3.0, -2.0]); INF = np.inf\n",
}

BODIES = {
    "jax": "    return jnp.sum(C * jax.nn.softmax(jnp.where(MASK, z, {fill})))\n",
    "numpy": "    s = np.where(MASK, z, {fill})\n    e = np.exp(s - np.max(s))\n    return np.sum(C * e / np.sum(e))\n",
    "torch": "    return (C.to(z.dtype) * torch.softmax(z.masked_fill(~MASK, {fill}), 0)).sum()\n",
    "tf": "    return tf.reduce_sum(tf.constant(C, z.dtype) * tf.nn.softmax(tf.where(MASK, z, {fill})))\n",
}

POINT = [2.0, -1.0, 5.0]  # the masked entry is the largest: unmasked, it would dominate the softmax


def exact_gradient():
    """y_i (c_i - c.y) over the kept entries, 0 for the masked one (its weight is e^(-1e9) or less)."""
    c, z = np.array([1.0, 3.0]), np.array(POINT[:2])
    y = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    return np.append(y * (c - c @ y), 0.0)


@pytest.fixture(scope="module", params=sorted(HEADS))
def masked_module(request, tmp_path_factory):
    framework = request.param
    source = HEADS[framework] + "".join(f"\n\ndef fill_{name}(z):\n" + BODIES[framework].format(fill=fill) for name, fill in FILLS.items())
    path = tmp_path_factory.mktemp(framework) / f"masked_{framework}.py"
    path.write_text(source)
    return str(path)


@pytest.mark.parametrize("fill", sorted(FILLS))
def test_a_masked_softmax_is_ok_in_float32_and_float64_with_the_exact_gradient(masked_module, fill):
    results = gradcli.check(f"{masked_module}:fill_{fill}", [{"z": POINT}], dtypes=("float32", "float64")).results
    assert [(r.dtype, r.status) for r in results] == [("float32", "ok"), ("float64", "ok")]
    want = exact_gradient()
    for r in results:
        got = np.array([float(g) for g in np.ravel(r.exact_gradient["z"])])
        assert np.all(np.abs(got - want) <= 1e-12 * np.abs(want).max())


def test_the_float64_check_after_the_float32_one_is_ok_the_other_order_too(masked_module):
    if "jax" not in masked_module:
        return  # the order matters where one process traces in two precision modes: JAX's alone
    for dtypes in (("float64", "float32"), ("float32",), ("float64",)):
        results = gradcli.check(f"{masked_module}:fill_1e9", [{"z": POINT}], dtypes=dtypes).results
        assert [r.status for r in results] == ["ok"] * len(dtypes)


def _captured_closed(fun, dtype):
    from gradcli.capture.jax_bridge import _Captured

    captured = _Captured(fun, "fun")
    key, _ = captured.key([np.zeros(3, dtype)])
    return captured.graph(key)[3]


@pytest.mark.parametrize("first", ["float32", "float64"])
@pytest.mark.parametrize("jitted", [False, True], ids=["plain", "jitted"])
def test_each_precision_mode_traces_a_numpy_constant_in_its_own_dtype(first, jitted):
    weights = np.array([1.0, 3.0, -2.0])  # a fresh array: JAX's conversions of it are this test's alone

    def weighted(z):
        return jnp.sum(weights * jax.nn.softmax(z))

    fun = jax.jit(weighted) if jitted else weighted
    second = "float64" if first == "float32" else "float32"
    closed = {dtype: _captured_closed(fun, dtype) for dtype in (first, second)}
    for dtype, graph in closed.items():
        kinds = {str(v.aval.dtype) for e in _all_equations(graph.jaxpr) if e.primitive.name == "mul" for v in e.invars}
        assert kinds == {dtype}, (dtype, graph)


def _all_equations(jaxpr):
    for eqn in jaxpr.eqns:
        yield eqn
        for value in eqn.params.values():
            for sub in value if isinstance(value, (tuple, list)) else (value,):
                inner = getattr(sub, "jaxpr", sub)
                if hasattr(inner, "eqns"):
                    yield from _all_equations(inner)


def test_the_graphs_keep_copies_of_their_constants_not_jaxs_conversions():
    weights = np.array([1.0, 3.0, -2.0])
    closed = jax.make_jaxpr(jax.jit(lambda z: jnp.sum(weights * z)))(jnp.zeros(3))
    copied = jax_modes.own_constants(closed)
    inner = [e.params["jaxpr"] for e in copied.jaxpr.eqns if "jaxpr" in e.params]
    held = list(copied.consts) + [c for j in inner for c in j.consts]
    originals = list(closed.consts) + [c for e in closed.jaxpr.eqns if "jaxpr" in e.params for c in e.params["jaxpr"].consts]
    assert held and len(held) == len(originals)
    assert all(type(c) is np.ndarray and c is not o and np.array_equal(c, o) for c, o in zip(held, originals))
