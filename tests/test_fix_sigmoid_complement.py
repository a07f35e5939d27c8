"""The fix ``1 - sigmoid(u)`` -> ``sigmoid(-u)`` in every spelling of sigmoid, and its silence inside a log."""

import textwrap

import pytest

import gradcli

NUMPY = """
import numpy as np
from scipy.special import expit


def called(z):
    return (1 - expit(z)) ** 2


def by_hand(z):
    p = 1.0 / (1.0 + np.exp(-z))
    return (1.0 - p) ** 2
"""

GNP = """
import gradcli.numpy as gnp


def called(z):
    p = gnp.sigmoid(z)
    return (1 - p) ** 2 / p
"""

JAX = """
import jax
import jax.numpy as jnp


def focal(z):
    p = jax.nn.sigmoid(z)
    return -jnp.sum((1.0 - p) ** 2 * jax.nn.log_sigmoid(z))


def logged(z):
    q = 1 - jax.nn.sigmoid(z)
    return -jnp.log(q)
"""

TORCH = """
import torch
import torch.nn.functional as F


def called(z):
    return (1 - torch.sigmoid(z)) ** 2


def functional(z):
    p = F.sigmoid(z)
    return (1 - p) ** 2
"""

TF = """
import tensorflow as tf


def called(z):
    return tf.square(1.0 - tf.nn.sigmoid(z))
"""

# (source, function, the line the fix's diff adds); each is unstable at z = 40 in float64, where 1 - sigmoid(40)
# rounds to 1 - 1 = 0 and the truth is e^-40.
CASES = [
    (NUMPY, "called", "+    return expit(-z) ** 2\n"),
    (NUMPY, "by_hand", "+    return expit(-z) ** 2\n"),  # the module imports expit: SciPy's name is its spelling
    (GNP, "called", "+    return gnp.sigmoid(-z) ** 2 / p\n"),
    (JAX, "focal", "+    return -jnp.sum(jax.nn.sigmoid(-z) ** 2 * jax.nn.log_sigmoid(z))\n"),
    (TORCH, "called", "+    return torch.sigmoid(-z) ** 2\n"),
    (TORCH, "functional", "+    return F.sigmoid(-z) ** 2\n"),
    (TF, "called", "+    return tf.square(tf.nn.sigmoid(-z))\n"),
]

_FILES = {NUMPY: "numpy", GNP: "gnp", JAX: "jax", TORCH: "torch", TF: "tf"}


def _checked(tmp_path, source, function):
    path = tmp_path / f"{_FILES[source]}_focal.py"
    path.write_text(textwrap.dedent(source))
    return gradcli.check(f"{path}:{function}", [{"z": 40.0}], dtypes=("float64",))


@pytest.mark.parametrize("source, function, added", CASES, ids=[f"{_FILES[c[0]]}-{c[1]}" for c in CASES])
def test_one_minus_sigmoid_becomes_sigmoid_of_minus_u_and_rechecks_ok(tmp_path, source, function, added):
    report = _checked(tmp_path, source, function)
    assert [r.status.value for r in report.results] == ["unstable"]
    fixes = {f.name: f for f in report.fixes}
    assert "sigmoid complement" in fixes, (report.notes, list(fixes))
    fix = fixes["sigmoid complement"]
    assert added in fix.diff, fix.diff
    assert set(fix.after.values()) == {"ok"}  # the rewritten file, run again, judged at the same point
    assert not fix.partial


def test_inside_a_log_only_log_sigmoid_is_offered(tmp_path):
    report = _checked(tmp_path, JAX, "logged")
    names = [f.name for f in report.fixes]
    assert "log_sigmoid" in names
    assert "sigmoid complement" not in names
    assert not any("sigmoid complement" in note for note in report.notes)
