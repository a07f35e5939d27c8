"""Fixes of array code in JAX, PyTorch and TensorFlow: offered in the framework's own spelling, re-checked by running it."""

import textwrap

import pytest

import gradcli

JAX = """
import jax
import jax.numpy as jnp
from jax import nn


def logsumexp(x):
    return jnp.log(jnp.sum(jnp.exp(x)))


def log_softmax(x):
    p = nn.softmax(x)
    return jnp.log(p)[0]


def sigmoid(x):
    e = jnp.exp(x)
    return e / (1 + e)


def bce(z):
    p = jax.nn.sigmoid(z)
    return -jnp.log(1 - p)


def where_second(x):
    return jnp.where(x < 1, 0.0, jnp.log(x - 1) ** 2)
"""

TORCH = """
import torch
import torch.nn.functional as F


def logsumexp(x):
    return torch.log(torch.exp(x).sum())


def logsumexp_dim(x):
    return torch.log(torch.sum(torch.exp(x), dim=0))


def log_softmax(x):
    return torch.log(F.softmax(x, dim=-1))[0]


def sigmoid(x):
    e = torch.exp(x)
    return e / (1 + e)


def bce(z, y):
    p = torch.sigmoid(z)
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p))


def where_second(x):
    return torch.where(x < 1, torch.zeros_like(x), torch.log(x - 1) ** 2)
"""

TF = """
import tensorflow as tf


def logsumexp(x):
    return tf.math.log(tf.reduce_sum(tf.exp(x)))


def log_softmax(x):
    return tf.math.log(tf.nn.softmax(x))[0]


def sigmoid(x):
    e = tf.exp(x)
    return e / (1 + e)


def bce(z):
    p = tf.sigmoid(z)
    return -tf.math.log(1 - p)


def bce_labels(z, y):
    return -(y * tf.math.log(tf.sigmoid(z)) + (1 - y) * tf.math.log(1 - tf.sigmoid(z)))


def where_second(x):
    return tf.where(x < 1, tf.zeros_like(x), tf.math.log(x - 1) ** 2)
"""

POINTS = {
    "logsumexp": ({"x": [100.0, 101.0]}, "float32"),
    "logsumexp_dim": ({"x": [100.0, 101.0]}, "float32"),
    "log_softmax": ({"x": [0.0, 200.0]}, "float32"),
    "sigmoid": ({"x": 100.0}, "float32"),
    "bce": ({"z": 20.0}, "float32"),
    "bce_labels": ({"z": 20.0, "y": 0.0}, "float32"),
    "where_second": ({"x": 0.5}, "float64"),
}

# (source, function, the fix's name, a line its diff must add, whether it re-checks ok everywhere).
# The sigmoid's gradient at 100 is 3.7e-44, a float32 subnormal of 5 bits: PyTorch's and TensorFlow's
# sigmoid get the value right but not that gradient, so their fix is partial; XLA on CPU flushes
# subnormals, so JAX's 0 is the nearest number it can give, and JAX's fix re-checks ok.
CASES = [
    (JAX, "logsumexp", "logsumexp", "+    return jax.scipy.special.logsumexp(x)\n", True),
    (JAX, "log_softmax", "log_softmax", "+    return nn.log_softmax(x)[0]\n", True),
    (JAX, "sigmoid", "sigmoid", "+    return nn.sigmoid(x)\n", True),
    (JAX, "bce", "log_sigmoid", "+    return -nn.log_sigmoid(-z)\n", True),
    (JAX, "where_second", "double where", "+    return jnp.where(x < 1, 0.0, jnp.log(jnp.where(x >= 1, x, 2) - 1) ** 2)\n", True),
    (TORCH, "logsumexp", "logsumexp", "+    return torch.logsumexp(torch.flatten(x), 0)\n", True),
    (TORCH, "logsumexp_dim", "logsumexp", "+    return torch.logsumexp(x, dim=0)\n", True),
    (TORCH, "log_softmax", "log_softmax", "+    return F.log_softmax(x, dim=-1)[0]\n", True),
    (TORCH, "sigmoid", "sigmoid", "+    return torch.sigmoid(x)\n", False),
    (TORCH, "bce", "log_sigmoid", "+    return -(y * F.logsigmoid(z) + (1 - y) * F.logsigmoid(-z))\n", True),
    (TORCH, "bce", "cross entropy with logits", '+    return F.binary_cross_entropy_with_logits(z, y, reduction="none")\n', True),
    (TORCH, "where_second", "double where",
     "+    return torch.where(x < 1, torch.zeros_like(x), torch.log(torch.where(x >= 1, x, torch.tensor(2.0)) - 1) ** 2)\n", True),
    (TF, "logsumexp", "logsumexp", "+    return tf.math.reduce_logsumexp(x)\n", True),
    (TF, "log_softmax", "log_softmax", "+    return tf.nn.log_softmax(x)[0]\n", True),
    # TensorFlow flushes float32 subnormals on CPU: its 0 for the gradient e^-100 is the dtype's answer, so ok
    (TF, "sigmoid", "sigmoid", "+    return tf.math.sigmoid(x)\n", True),
    (TF, "bce", "log_sigmoid", "+    return -tf.math.log_sigmoid(-z)\n", True),
    (TF, "bce_labels", "cross entropy with logits", "+    return tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z)\n", True),
    (TF, "where_second", "double where", "+    return tf.where(x < 1, tf.zeros_like(x), tf.math.log(tf.where(x >= 1, x, 2.0) - 1) ** 2)\n", True),
]


def _framework(source):
    return {JAX: "jax", TORCH: "torch", TF: "tf"}[source]


@pytest.mark.parametrize(
    "source, function, name, added, full", CASES, ids=[f"{_framework(c[0])}-{c[1]}-{c[2]}" for c in CASES]
)
def test_the_fix_is_offered_in_the_frameworks_spelling_and_rechecks_better(tmp_path, source, function, name, added, full):
    path = tmp_path / f"{_framework(source)}_losses.py"
    path.write_text(textwrap.dedent(source))
    point, dtype = POINTS[function]
    if function == "bce" and source is TORCH:
        point = {"z": 20.0, "y": 0.0}
    options = {"wrt": ("z",)} if "y" in point else {}
    report = gradcli.check(f"{path}:{function}", [point], dtypes=(dtype,), **options)
    assert [r.status.value for r in report.results] != ["ok"]
    fixed = {f.name: f for f in report.fixes}
    assert name in fixed, report.notes
    fix = fixed[name]
    assert added in fix.diff, fix.diff
    label = next(iter(fix.after))
    assert fix.parts[label]["value"][1].value == "ok"  # the rewritten file, run in the framework, judged again
    assert (set(fix.after.values()) == {"ok"}) is full
    assert fix.partial is not full


def test_a_consumed_local_is_deleted_with_its_use(tmp_path):
    path = tmp_path / "jax_losses.py"
    path.write_text(textwrap.dedent(JAX))
    report = gradcli.check(f"{path}:bce", [POINTS["bce"][0]], dtypes=("float32",))
    [fix] = [f for f in report.fixes if f.name == "log_sigmoid"]
    assert "-    p = jax.nn.sigmoid(z)\n" in fix.diff
