"""A mask's -inf and a max's -inf identity on the proof of 0: a fully masked logsumexp row keeps its verdict.

`jax.nn.logsumexp(x, where=mask)` takes the max over the row's unmasked
entries, whose identity is -inf: over a fully masked row the max is that -inf,
which JAX then replaces by 0. The masked entries' derivatives are exactly 0
(the mask's `where` sends them nothing), a 0 only the proof of 0 gives; its
numbers are rational functions, none infinite, so an infinite constant stays the
float it is and a max or a pick decides it by its sign.
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

import gradcli

JAX_SOURCE = """import jax
import jax.numpy as jnp

MASK = jnp.array([[True, False, True], [False, False, False]])


def masked_rows(x):
    lse = jax.nn.logsumexp(x, axis=1, where=MASK)
    return jnp.sum(jnp.where(jnp.any(MASK, axis=1), lse, 0.0))


def dead_row_exp(x):
    return jnp.sum(jnp.exp(jax.nn.logsumexp(x, axis=1, where=MASK))) + jnp.sum(x)
"""

X = [[0.5, -1.0, 2.0], [3.0, 0.1, -0.4]]


@pytest.fixture(scope="module")
def jax_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("masked") / "masked_jax.py"
    path.write_text(JAX_SOURCE)
    return path


def _softmax_of_first_row():
    with mpmath.workdps(40):
        a, b = mpmath.exp(mpmath.mpf(X[0][0])), mpmath.exp(mpmath.mpf(X[0][2]))
        return float(a / (a + b)), float(b / (a + b)), float(mpmath.log(a + b))


def test_a_fully_masked_row_behind_a_where_is_ok_with_its_entries_exactly_0(jax_file):
    (result,) = gradcli.check(f"{jax_file}:masked_rows", [{"x": X}], dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    gradient = np.asarray(result.exact_gradient["x"], dtype=object)
    first, third, value = _softmax_of_first_row()
    assert abs(float(result.exact_value) - value) < 1e-15 * value
    assert abs(float(gradient[0, 0]) - first) < 1e-15 and abs(float(gradient[0, 2]) - third) < 1e-15
    assert [gradient[0, 1], *gradient[1]] == [0, 0, 0, 0]


def test_exp_of_a_fully_masked_rows_logsumexp_is_an_exact_0(jax_file):
    (result,) = gradcli.check(f"{jax_file}:dead_row_exp", [{"x": X}], dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    gradient = np.asarray(result.exact_gradient["x"], dtype=object)
    assert [gradient[0, 1], *gradient[1]] == [1, 1, 1, 1]


def test_infinite_constants_stay_floats_on_proof_numbers_and_a_max_decides_them_by_sign():
    from gradcli.autodiff import arb as arb_core, arb_proof
    from gradcli.checker import python_zero

    arb_core.enable()
    with python_zero._proving():
        assert arb_proof.constant(-math.inf) == -math.inf
        row = arb_proof.constant(np.array([2.0, -math.inf]))
        assert type(row[0]) is arb_proof.Sym and row[1] == -math.inf
        biggest = arb_proof.extremum(arb_core._maximum, "maximum")
        assert biggest(row) is row[0]
        assert biggest(arb_proof.constant(np.array([-math.inf, -math.inf]))) == -math.inf
        assert not arb_proof.run("isfinite", -math.inf) and arb_proof.run("isfinite", row[0])
