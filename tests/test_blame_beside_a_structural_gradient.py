"""The rule that is off is named where the framework's backward never makes a structural op's gradient whole.

PyTorch's backward of 2 sum(log(diagonal(cholesky(a)))) multiplies by the diagonal's vector and never makes the
matrix torch.diagonal's gradient is (zeros around that vector), so the search for the first call handed a right
gradient that passes on a wrong one took the cholesky's result as wrong and blamed torch.diagonal, whose rule is
exact, where the symmetrised cholesky rule is the one off (round 62d's K1). A gradient whose entries other than
its zeros are a value the backward graph holds counts as held (`rule_blame._scattered_from_held`).
"""

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.checker import rule_blame

SOURCE = '''import torch


def chol_logdet(a):
    chol = torch.linalg.cholesky(a)
    return 2.0 * torch.log(torch.diagonal(chol)).sum()
'''


def test_the_symmetrised_cholesky_rule_is_named_at_its_own_line(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "logdet.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:chol_logdet", [{"a": np.array([[2.0, 0.5], [0.5, 1.0]])}],
                              dtypes=["float64"]).results
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("logdet.py:5"), finding.location
    assert "cholesky" in finding.op and "diagonal" not in finding.op, finding.op


def test_a_scatter_of_a_held_vector_counts_as_held():
    with mpmath.workdps(30):
        held = {(2,): [np.array([1.5, 2.25])], (2, 2): [np.ones((2, 2))]}
        diagonal = np.array([[mpmath.mpf(1.5), 0], [0, mpmath.mpf(2.25)]], dtype=object)
        assert rule_blame._scattered_from_held(diagonal, held)
        assert not rule_blame._scattered_from_held(diagonal * 2, held)  # not the vector held
        assert not rule_blame._scattered_from_held(np.ones((2, 2), dtype=object), held)  # no zeros: nothing scattered
