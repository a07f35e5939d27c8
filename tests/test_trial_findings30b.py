"""The classes behind the thirtieth round (b)'s findings (tests/trials/cases30b.py), each tested for its class.

S1: a sparse COO tensor had no replay: ``torch.sparse_coo_tensor`` records
``aten._sparse_coo_tensor_with_dims_and_tensors`` and ``torch.sparse.mm`` records ``aten._sparse_addmm``, and the
check stopped at the first ("has no replay in gradcli"), so a graph recommender's propagation (LightGCN's normalised
adjacency) could not be checked. Now the COO tensor is replayed dense, its values summed where an index repeats (what
an uncoalesced tensor means), and its product is a matmul. The truth below is the dense matrix those entries make,
written here: A = [[0, 0.5 + 0.25], [2 + 1, 0]], so d/dx sum tanh(A x) = (3 sech^2(3 x0), 0.75 sech^2(0.75 x1)).

S2: where the COO tensor's values are the checked input (learned edge weights), PyTorch's sparse rule masks by the
coalesced pattern, whose size the fake tensors of a trace do not hold: the capture traces the dense tensor of the same
entries (`torch_sparse`), whose rule is the same mathematics, and plain PyTorch's backward is checked against it.
"""

import json

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("torch")

USER_CODE = '''import torch


def repeated_entries(x):
    adj = torch.sparse_coo_tensor([[0, 1, 1, 0], [1, 0, 0, 1]], torch.tensor([0.5, 2.0, 1.0, 0.25], dtype=x.dtype),
                                  (2, 2))
    return torch.tanh(torch.sparse.mm(adj, x[:, None])).sum()


def learned_weights(w):
    adj = torch.sparse_coo_tensor([[0, 1, 1], [1, 0, 1]], w, (2, 2))
    return torch.sin(torch.sparse.mm(adj, torch.tensor([[1.0], [-2.0]], dtype=w.dtype))).sum()
'''


def _checked(tmp_path, function, at, dtype="float64"):
    (tmp_path / "graphs.py").write_text(USER_CODE)
    args = ["check", f"{tmp_path / 'graphs.py'}:{function}", "--at", at, "--dtype", dtype, "--no-fix", "--json"]
    (checked,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    return checked


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_sparse_coo_tensor_is_replayed_dense_its_repeated_entries_summed(tmp_path, dtype):
    checked = _checked(tmp_path, "repeated_entries", "x=[0.3,-0.7]", dtype)
    assert checked["status"] == "ok"
    with mpmath.workdps(40):
        x0, x1 = [mpmath.mpf(float(np.dtype(dtype).type(v))) for v in (0.3, -0.7)]
        truth = [3 / mpmath.cosh(3 * x0) ** 2, mpmath.mpf("0.75") / mpmath.cosh(mpmath.mpf("0.75") * x1) ** 2]
        for got, want in zip(checked["exact_gradient"]["x"], truth):
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)


def test_a_sparse_coo_tensor_of_learned_values_is_checked(tmp_path):
    checked = _checked(tmp_path, "learned_weights", "w=[0.5,1.5,-0.25]")
    # A = [[0, w0], [w1, w2]] times (1, -2): sin(-2 w0) + sin(w1 - 2 w2)
    with mpmath.workdps(40):
        w0, w1, w2 = mpmath.mpf("0.5"), mpmath.mpf("1.5"), mpmath.mpf("-0.25")
        truth = [-2 * mpmath.cos(-2 * w0), mpmath.cos(w1 - 2 * w2), -2 * mpmath.cos(w1 - 2 * w2)]
    assert checked["status"] == "ok"
    for got, want in zip(checked["exact_gradient"]["w"], truth):
        assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)
