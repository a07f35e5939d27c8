"""Masks and indices that PyTorch's code computes from float tensors, replayed exactly.

``Geometric(probs).log_prob(k)`` writes ``probs[(probs == 1) & (k == 0)] = 0``: in the
exact replay the mask is made of exact comparisons and the index of exact numbers,
which NumPy refused as an index. A mask is booleans and an integer-valued number the
integer it is, in every replay.
"""

import mpmath
import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture.torch_ops import index_array

D = torch.distributions
COUNTS = [3.0, 0.0]


def geometric(p):
    return D.Geometric(probs=p).log_prob(torch.tensor(COUNTS, dtype=p.dtype)).sum()


def picked(x):
    # an index computed with float arithmetic (the position of the largest count), used to pick an entry
    where = (torch.tensor(COUNTS, dtype=x.dtype) * 0 + 1).cumsum(0) - 1
    return x[where.long()].sum() * x.sum()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_geometric_log_prob_has_its_exact_reference(dtype):
    p = np.array([0.3, 0.6])
    [result] = gradcli.check(geometric, [{"p": p}], framework="torch", dtypes=(dtype,)).results
    assert result.status == "ok"
    for k, pk, got in zip(COUNTS, p.astype(dtype), result.exact_gradient["p"]):  # the point as the dtype holds it
        want = -mpmath.mpf(k) / (1 - mpmath.mpf(float(pk))) + 1 / mpmath.mpf(float(pk))
        assert abs(float(got) - float(want)) <= 1e-12 * abs(float(want))


def test_an_index_from_float_arithmetic_is_exact_too():
    [result] = gradcli.check(picked, [{"x": np.array([0.5, 2.0])}], framework="torch", dtypes=("float64",)).results
    assert result.status == "ok"
    # d/dx of (x0 + x1)(x0 + x1) = 2 (x0 + x1) per entry
    assert np.allclose([float(g) for g in result.exact_gradient["x"]], [5.0, 5.0], rtol=1e-14)


def test_an_index_array_of_exact_values_is_what_numpy_indexes_with():
    mask = index_array(np.array([True, False], dtype=object))
    assert mask.dtype == bool and list(mask) == [True, False]
    whole = index_array(np.array([mpmath.mpf(2), mpmath.mpf(0)], dtype=object))
    assert whole.dtype == np.int64 and list(whole) == [2, 0]
    fraction = index_array(np.array([mpmath.mpf("0.5")], dtype=object))
    assert fraction.dtype == object  # not an index: NumPy refuses it, as PyTorch would
