"""PyTorch's eigh at a repeated eigenvalue under spectral functions rebuilt from its eigenvalues and vectors,
V g(w) V^T: smooth functions of the matrix (tr(S^3) beside a simple eigenvalue, sqrtm's weighted sum), whose exact gradients gradcli proves (their zero slopes too), while PyTorch's rule divides by the
pair's gap, 0, and gives NaN even at high precision: `wrong`, named at the user's eigh line. The 2 x 2 identity's
tr(S^3) is tests/trials/torch_lib28b.py's (test_user_trials28b.py). Truths: tests/linalg64_truths.py (mpmath, no
decomposition)."""

import mpmath
import numpy as np
import pytest

import gradcli
from linalg64_truths import (PAIR_AT_TWO, TURNED, WEIGHTS, assert_a_nan_rule_is_wrong, cubed_trace_slope,
                             weighted_slope)

torch = pytest.importorskip("torch")


def cubed_trace(a):
    w, v = torch.linalg.eigh((a + a.T) / 2)
    return (v @ torch.diag(w**3) @ v.T).trace()


def sqrtm_weighted(a):
    w, v = torch.linalg.eigh((a + a.T) / 2)
    return (torch.tensor(WEIGHTS, dtype=a.dtype)[:2, :2] * (v @ torch.diag(w.sqrt()) @ v.T)).sum()


def _checked(function, a):
    return gradcli.check(function, [{"a": np.array(a)}], dtypes=("float64",), fixes=False).results[0]


def test_torchs_rule_for_the_cubed_trace_at_a_turned_pair_is_wrong_against_the_proven_gradient():
    assert_a_nan_rule_is_wrong(_checked(cubed_trace, TURNED), cubed_trace, cubed_trace_slope(TURNED))


def test_torchs_rule_for_sqrtm_at_a_double_eigenvalue_is_wrong_against_daleckii_and_kreins_gradient():
    want = weighted_slope(PAIR_AT_TWO, mpmath.sqrtm, WEIGHTS)
    assert_a_nan_rule_is_wrong(_checked(sqrtm_weighted, PAIR_AT_TWO), sqrtm_weighted, want)

