"""log(softmax(u)[i]) gets the framework's log_softmax(u)[i], re-checked, in every spelling."""

import textwrap

import numpy as np
import pytest

import gradcli

NUMPY = """
import numpy as np
from scipy.special import softmax


def picked(z):
    return -np.log(softmax(z)[2])
"""

JAX = """
import jax
import jax.numpy as jnp


def picked(z):
    return -jnp.log(jax.nn.softmax(z)[2])
"""

TORCH = """
import torch


def picked(z):
    return -torch.log(torch.softmax(z, -1)[..., 2])


def through_a_local(z):
    p = torch.softmax(z, 0)
    return -torch.log(p[2])
"""

TF = """
import tensorflow as tf


def picked(z):
    return -tf.math.log(tf.nn.softmax(z)[2])
"""

_FILES = {NUMPY: "numpy", JAX: "jax", TORCH: "torch", TF: "tf"}
# (source, function, the line the fix's diff adds); each is unstable at z = [0, 0, -800] in float64, where
# softmax(z)[2] underflows to 0 and its log is -inf, while the truth is 800 + log 2.
CASES = [
    (NUMPY, "picked", "+    return -scipy.special.log_softmax(z)[2]\n"),
    (JAX, "picked", "+    return -jax.nn.log_softmax(z)[2]\n"),
    (TORCH, "picked", "+    return -torch.nn.functional.log_softmax(z, -1)[..., 2]\n"),
    (TORCH, "through_a_local", "+    return -torch.nn.functional.log_softmax(z, 0)[2]\n"),
    (TF, "picked", "+    return -tf.nn.log_softmax(z)[2]\n"),
]


@pytest.mark.parametrize("source, function, added", CASES, ids=[f"{_FILES[c[0]]}-{c[1]}" for c in CASES])
def test_log_of_an_indexed_softmax_becomes_an_indexed_log_softmax_and_rechecks_ok(tmp_path, source, function, added):
    path = tmp_path / f"{_FILES[source]}_picked.py"
    path.write_text(textwrap.dedent(source))
    report = gradcli.check(f"{path}:{function}", [{"z": np.array([0.0, 0.0, -800.0])}], dtypes=("float64",))
    assert [r.status.value for r in report.results] == ["unstable"]
    fixes = {f.name: f for f in report.fixes}
    assert "log_softmax" in fixes, (report.notes, list(fixes))
    fix = fixes["log_softmax"]
    assert added in fix.diff, fix.diff
    assert set(fix.after.values()) == {"ok"}
