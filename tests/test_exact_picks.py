"""A pick's exact derivative: 1 where an entry is picked, and an exact 0 (proven, not a ball around 0) elsewhere.

A sort, a partition, a top-k, a median or an arg-extreme followed by a gather
returns some entries of its input as they are: the derivative with respect to
an entry not picked is 0 by construction, and a strict order decided by balls
proves it. These ask the exact reference for it through every way a user
writes a pick: plain NumPy (a module of ``import numpy as np``), gradcli.numpy,
PyTorch, JAX and TensorFlow. The expected gradient is built from NumPy's own
order of the point, not from gradcli.
"""

import math
import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb, ops_shape

X = np.array([0.3, -1.2, 2.0, 0.7, 1.1])
ORDER = np.argsort(X)  # NumPy's order of the plain point: which entry each pick takes
LEX = np.lexsort((-X * X, np.floor(X)))  # by floor(x), ties (0.3 and 0.7) by -x * x: 0.7 first


def _one_hot(*positions):
    out = np.zeros(X.size)
    for p in positions:
        out[p] += 1.0
    return out


def _module(tmp_path, body):
    path = tmp_path / "picks.py"
    path.write_text("import numpy as np\n\n" + textwrap.dedent(body))
    return f"{path}:f"


# name: (the function, or a NumPy module's body; its framework; the derivative, from NumPy's order)
PLAIN_NUMPY = {
    "np.sort(x)[k]": ("def f(x):\n    return np.sort(x)[3]\n", _one_hot(ORDER[3])),
    "np.partition": ("def f(x):\n    return np.partition(x, 2)[2] * 2.0\n", 2 * _one_hot(ORDER[2])),
    "x[np.argmax(x)]": ("def f(x):\n    return x[np.argmax(x)] - x[np.argmin(x)]\n", _one_hot(ORDER[-1]) - _one_hot(ORDER[0])),
    "take_along_axis(argsort)": (
        "def f(x):\n    return np.take_along_axis(x, np.argsort(x), 0)[1]\n", _one_hot(ORDER[1])),
    # Two keys: floor(x) ties 0.3 with 0.7, which -x * x then orders (0.7 first); exp(x) / 3 orders all of them alone.
    "np.lexsort": ("def f(x):\n    return x[np.lexsort((-x * x, np.floor(x)))][2]\n", _one_hot(LEX[2])),
    "np.lexsort(exp)": ("def f(x):\n    return x[np.lexsort((x * x, np.exp(x) / 3))][2]\n", _one_hot(ORDER[2])),
}


def _torch_cases():
    torch = pytest.importorskip("torch")
    return {
        "torch.median": (lambda x: torch.median(x), _one_hot(ORDER[(X.size - 1) // 2])),
        "torch.kthvalue": (lambda x: torch.kthvalue(x, 2).values, _one_hot(ORDER[1])),
        "torch.topk": (lambda x: torch.topk(x, 2)[0].mean(), _one_hot(ORDER[-1], ORDER[-2]) / 2),
        "torch.sort": (lambda x: torch.sort(x, descending=True)[0][1], _one_hot(ORDER[-2])),
        "torch.max(dim)": (lambda x: torch.max(x.reshape(1, -1), dim=1).values.sum(), _one_hot(ORDER[-1])),
    }


def _jax_cases():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    return {
        "jnp.median": (jnp.median, _one_hot(ORDER[X.size // 2])),
        "lax.top_k": (lambda x: jax.lax.top_k(x, 2)[0].sum(), _one_hot(ORDER[-1], ORDER[-2])),
        "jnp.sort(x)[k]": (lambda x: jnp.sort(x)[1], _one_hot(ORDER[1])),
        "argmax-gather": (lambda x: x[jnp.argmax(x)], _one_hot(ORDER[-1])),
        "jnp.lexsort": (lambda x: x[jnp.lexsort((-x * x, jnp.floor(x)))][2], _one_hot(LEX[2])),
        "lax.sort(num_keys=2)": (
            lambda x: jax.lax.sort((jnp.floor(x), -x * x, x), num_keys=2)[2][2], _one_hot(LEX[2])),
        "lax.sort(exp, sin)": (
            lambda x: jax.lax.sort((jnp.exp(x), jnp.sin(x), x), num_keys=2)[2][1], _one_hot(ORDER[1])),
    }


def _tf_cases():
    tf = pytest.importorskip("tensorflow")
    return {
        "tf.math.top_k": (lambda x: tf.math.top_k(x, 2).values[1], _one_hot(ORDER[-2])),
        "tf.sort": (lambda x: tf.sort(x)[1], _one_hot(ORDER[1])),
        "tf.gather(argmax)": (lambda x: tf.gather(x, tf.argmax(x)), _one_hot(ORDER[-1])),
    }


FRAMEWORKS = {"torch": _torch_cases, "jax": _jax_cases, "tensorflow": _tf_cases}
FRAMEWORK_CASES = [
    ("torch", "torch.median"), ("torch", "torch.kthvalue"), ("torch", "torch.topk"), ("torch", "torch.sort"),
    ("torch", "torch.max(dim)"), ("jax", "jnp.median"), ("jax", "lax.top_k"), ("jax", "jnp.sort(x)[k]"),
    ("jax", "argmax-gather"), ("jax", "jnp.lexsort"), ("jax", "lax.sort(num_keys=2)"), ("jax", "lax.sort(exp, sin)"),
    ("tensorflow", "tf.math.top_k"), ("tensorflow", "tf.sort"),
    ("tensorflow", "tf.gather(argmax)"),
]


def _assert_exact_pick(result, expected):
    """ok, the picked entries' derivatives right, and every entry not picked an exact 0."""
    assert result.status == "ok", (result.status, result.findings, result.notes)
    [got] = result.exact_gradient.values()
    assert got is not None, result.findings
    got = np.asarray(got, dtype=np.float64).ravel()
    picked = expected != 0
    np.testing.assert_allclose(got[picked], expected[picked], rtol=1e-14)
    # Not within a tolerance: the derivative with respect to an entry the pick drops is 0 itself.
    assert not np.any(got[~picked]), got
    [text] = result.exact_gradient_text.values()  # digits float64 cannot hold (2^-2000), where there are any
    if text is not None:
        assert all(mpmath.mpf(t) == 0 for t in np.asarray(text, dtype=object).ravel()[~picked]), text


@pytest.mark.parametrize("name", PLAIN_NUMPY)
def test_a_plain_numpy_pick_has_an_exact_zero_where_it_drops_an_entry(tmp_path, name):
    body, expected = PLAIN_NUMPY[name]
    report = gradcli.check(_module(tmp_path, body), [{"x": X}], dtypes=("float64",), fixes=False, max_time=math.inf)
    _assert_exact_pick(report.results[0], expected)


def test_a_gradcli_numpy_pick_has_an_exact_zero_where_it_drops_an_entry():
    def f(x):
        return gnp.sort(x)[3] + gnp.max(x) + x[gnp.argsort(x)[0]]

    report = gradcli.check(f, [X], dtypes=("float64",), fixes=False, max_time=math.inf)
    _assert_exact_pick(report.results[0], _one_hot(ORDER[3], ORDER[-1], ORDER[0]))


@pytest.mark.parametrize("framework, name", FRAMEWORK_CASES, ids=[n for _, n in FRAMEWORK_CASES])
def test_a_framework_pick_has_an_exact_zero_where_it_drops_an_entry(framework, name):
    fun, expected = FRAMEWORKS[framework]()[name]
    report = gradcli.check(fun, [X], dtypes=("float64",), framework=framework, fixes=False, max_time=math.inf)
    _assert_exact_pick(report.results[0], expected)


def test_a_sort_of_balls_decides_its_order_as_branches_and_refuses_an_overlap():
    import flint

    arb.enable()
    saved = flint.ctx.prec
    try:
        flint.ctx.prec = 64
        balls = np.array([flint.arb(0.7), flint.arb(-1.2), flint.arb(2.0)], dtype=object)
        arb.decisions = []
        assert list(np.argsort(ops_shape.ranked(balls), kind="stable")) == [1, 0, 2]
        assert arb.decisions  # each comparison a decision of the path, as x > 0 is
        overlapping = np.array([flint.arb(0.7, 1e-3), flint.arb(0.7005)], dtype=object)
        with pytest.raises(arb.Undecided):
            np.argsort(ops_shape.ranked(overlapping), kind="stable")
    finally:
        flint.ctx.prec = saved
        arb.decisions = []
