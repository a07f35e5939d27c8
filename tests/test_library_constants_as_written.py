"""A library's constants enter the exact reference as the library wrote them; the user's own as the dtype holds them.

JAX's ``log_ndtr`` multiplies by 0.7071067811865476, ``jax.nn.gelu``,
``F.gelu(approximate="tanh")`` and ``tf.nn.gelu`` by 0.044715 and
0.7978845608028654: the mathematics the library means (1/sqrt(2), GELU's
tanh form). Held as float32 they would move float32's exact gradient off that
mathematics (1e-8 relative), and a correct rule judged against it could be
called wrong. So in float32 a library's function has the exact reference of
float64, shared at a point both dtypes hold, and equal to the mathematics;
the same constants written by the user on their own line are the user's
program, and float32 holds them as float32 does.
"""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.checker import reference

JAX = '''import jax
import jax.numpy as jnp
from jax.scipy.special import log_ndtr
from jax.scipy.stats import norm


def logsf(x):
    return norm.logsf(x)


def lndtr(x):
    return log_ndtr(x)


def gelu(x):
    return jax.nn.gelu(x, approximate=True)


def gelu_mine(x):
    return 0.5 * x * (1 + jnp.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
'''

TORCH = '''import torch
import torch.nn.functional as F


def lndtr(x):
    return torch.special.log_ndtr(x)


def normal(x):
    return torch.distributions.Normal(0.0, 1.0).log_prob(x)


def gelu(x):
    return F.gelu(x, approximate="tanh")


def gelu_mine(x):
    return 0.5 * x * (1 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
'''

TENSORFLOW = '''import tensorflow as tf


def gelu(x):
    return tf.nn.gelu(x, approximate=True)


def gelu_mine(x):
    return 0.5 * x * (1 + tf.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))


def erfc_mine(x):
    return tf.math.log(0.5 * tf.math.erfc(-x * 0.7071067811865476))
'''


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("library_constants")
    paths = {}
    for kind, text in {"jax": JAX, "torch": TORCH, "tensorflow": TENSORFLOW}.items():
        path = folder / f"constants_{kind}.py"
        path.write_text(text)
        paths[kind] = str(path)
    return paths


def check(files, kind, name, at):
    report = gradcli.check(f"{files[kind]}:{name}", [{"x": x} for x in at], dtypes=("float32", "float64"), fixes=False)
    return {(r.point["x"], r.dtype): r for r in report.results}


def log_ndtr_slope(x):
    with mpmath.workdps(60):
        x = mpmath.mpf(x)
        return mpmath.npdf(x) / mpmath.ncdf(x)


def gelu_slope(x, a=mpmath.sqrt(2 / mpmath.pi), b=mpmath.mpf("0.044715")):
    """d/dx of 0.5 x (1 + tanh(a (x + b x^3))): GELU's tanh form with the constants ``a`` and ``b``."""
    with mpmath.workdps(60):
        x, a, b = mpmath.mpf(x), mpmath.mpf(a), mpmath.mpf(b)
        return mpmath.diff(lambda t: t / 2 * (1 + mpmath.tanh(a * (t + b * t**3))), x)


def close(number, truth, rtol=1e-10):
    return abs(mpmath.mpf(number) - truth) <= rtol * abs(truth)


@pytest.mark.parametrize("kind, name", [("jax", "lndtr"), ("torch", "lndtr")])
def test_log_ndtr_in_float32_is_judged_against_the_mathematics(files, kind, name):
    results = check(files, kind, name, [-1e5, -3.0, 0.5])
    for x in (-1e5, -3.0, 0.5):
        narrow = results[(x, "float32")]
        assert narrow.status.value != "wrong"
        assert close(narrow.exact_gradient["x"], log_ndtr_slope(x))


def test_jax_norm_logsf_in_float32_is_the_mathematics_and_shared_with_float64(files, monkeypatch):
    computed = []
    original = reference.compute
    monkeypatch.setattr(reference, "compute", lambda *a, **k: computed.append(a[1]) or original(*a, **k))
    results = check(files, "jax", "logsf", [-2.0, 1.5])
    for x in (-2.0, 1.5):
        narrow, wide = results[(x, "float32")], results[(x, "float64")]
        assert narrow.status.value == "ok"
        truth = -log_ndtr_slope(-x)  # d/dx log(1 - Phi(x)) = -phi(x) / Phi(-x)
        assert close(narrow.exact_gradient["x"], truth)
        assert narrow.exact_gradient == wide.exact_gradient
    assert sorted(tuple(args) for args in computed) == [(-2.0,), (1.5,)]  # one reference per point, both dtypes


@pytest.mark.parametrize("kind", ["jax", "torch", "tensorflow"])
def test_a_librarys_gelu_keeps_its_constants_the_users_gelu_holds_them(files, kind):
    library = check(files, kind, "gelu", [-2.0])
    mine = check(files, kind, "gelu_mine", [-2.0])
    assert library[(-2.0, "float32")].exact_gradient == library[(-2.0, "float64")].exact_gradient
    held = gelu_slope(-2.0, a=float(np.float32(0.7978845608028654)), b=float(np.float32(0.044715)))
    written = gelu_slope(-2.0, a=0.7978845608028654, b=0.044715)
    assert abs(held - written) > 1e-9 * abs(written)  # the test tells the two apart
    assert close(mine[(-2.0, "float32")].exact_gradient["x"], held, 1e-12)
    assert close(mine[(-2.0, "float64")].exact_gradient["x"], written, 1e-12)
    if kind != "tensorflow":  # TensorFlow's GELU computes 0.5 x (1 + tanh(a (x + b x^3))) in another order
        assert close(library[(-2.0, "float32")].exact_gradient["x"], written, 1e-12)


def test_torch_distributions_constants_are_as_written(files):
    results = check(files, "torch", "normal", [1.0, 0.5])
    for x in (1.0, 0.5):
        assert results[(x, "float32")].exact_gradient == results[(x, "float64")].exact_gradient
        assert results[(x, "float32")].exact_gradient["x"] == -x  # d/dx log phi(x) = -x, its log(sqrt(2 pi)) gone


def test_tensorflow_users_irrational_constant_is_held_as_float32(files):
    results = check(files, "tensorflow", "erfc_mine", [-2.0])
    written = log_ndtr_slope(-2.0)  # log(erfc(-x/sqrt 2)/2) = log Phi(x)
    with mpmath.workdps(60):
        c = mpmath.mpf(float(np.float32(0.7071067811865476)))
        held = mpmath.diff(lambda t: mpmath.log(mpmath.erfc(-t * c) / 2), mpmath.mpf(-2.0))
    assert close(results[(-2.0, "float32")].exact_gradient["x"], held, 1e-12)
    assert close(results[(-2.0, "float64")].exact_gradient["x"], written, 1e-9)
