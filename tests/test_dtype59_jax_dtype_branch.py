"""A JAX function that branches on its dtype: its float32 program's exact reference is float32's branch."""

from __future__ import annotations

import pytest

import gradcli

MODULE = '''\
import jax.numpy as jnp


def branch(x):
    return x * 2 if x.dtype == jnp.float32 else x * x
'''


def test_a_jax_branch_on_the_dtype_is_float32s_own(tmp_path):
    (tmp_path / "jax_reads_dtype.py").write_text(MODULE)
    points = {p.dtype: p for p in gradcli.check(f"{tmp_path}/jax_reads_dtype.py:branch", {"x": 2.0},
                                                dtypes=["float32", "float64"]).results}
    assert points["float64"].exact_gradient["x"] == pytest.approx(4, rel=1e-12)
    assert points["float32"].exact_gradient["x"] == pytest.approx(2, rel=1e-12)
