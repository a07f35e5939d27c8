"""The findings of the thirty-fifth round (b) (tests/trials/cases35b.py) fixed in gradcli, one focused test each.

D1: torch.linalg.det is replayed by LAPACK's elimination, its pivots picked by comparing the column's magnitudes; those
were np.abs of the entries, which on proof numbers decides each entry's sign and on balls decides nothing, so the
proof run's decisions were not the point's, it left the point's path, and a cofactor that is exactly 0 (the slope of
the determinant of a block-diagonal matrix in an off-block entry) was not proven 0: the point had no exact reference.

P1: an exact 0 slope the program proves with one coordinate seeded was left unproven when every coordinate is seeded
at once and the proof runs past its terms: a choice model's shared bias (0, since softmax's weights sum to 1) beside
its first layer's six weights had no exact reference, and alone it had one.
"""

import numpy as np
import pytest

import gradcli

pytest.importorskip("torch")

USER_CODE = '''import torch
import torch.nn.functional as F


def log_det(F):
    return torch.log(torch.linalg.det(F))


ATTRIBUTES = [[[1.0, 0.5], [0.2, -1.0], [-0.5, 2.0]], [[0.0, 0.0], [1.0, 1.0], [2.0, -0.5]]]


def choice(weight, bias):
    """A multinomial logit over three alternatives whose utilities share the bias."""
    hidden = torch.tanh(torch.tensor(ATTRIBUTES, dtype=weight.dtype) @ weight.T)
    return F.cross_entropy(hidden.sum(-1) + bias, torch.tensor([2, 0]), reduction="sum")
'''


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    path = tmp_path_factory.mktemp("findings35b") / "user35b.py"
    path.write_text(USER_CODE)
    return path


def _checked(source, function, point):
    (result,) = gradcli.check(f"{source}:{function}", [point], dtypes=("float64",), fixes=False, max_time=600).results
    return result


def test_a_zero_cofactor_of_torch_det_is_proven_zero(source):
    f = np.array([[1.1, 0.2, 0.0], [0.2, 0.9, 0.0], [0.0, 0.0, 1.0]])
    result = _checked(source, "log_det", {"F": f})
    got = np.array(result.exact_gradient["F"], dtype=float)
    assert result.status == "ok", result.error
    assert np.allclose(got, np.linalg.inv(f).T, rtol=1e-14, atol=0)  # d log det F / dF = inv(F).T, zeros and all
    assert all(got[i, j] == 0 for i, j in [(0, 2), (1, 2), (2, 0), (2, 1)])  # proven: exactly 0


def test_a_shared_bias_zero_slope_is_proven_beside_many_weights(source):
    weight = np.array([[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]])
    result = _checked(source, "choice", {"weight": weight, "bias": np.array(0.25)})
    assert result.status == "ok", result.error
    assert result.exact_gradient["bias"] == 0  # sum over observations of (sum of softmax weights - 1)
    assert np.all(np.abs(np.asarray(result.exact_gradient["weight"], dtype=float)) > 1e-3)
