"""A number PyTorch's library divides from the user's by a count is held in a narrower dtype as the user's own is.

``F.cross_entropy(..., label_smoothing=e)`` multiplies its smoothing term by ``e / n_classes``, a double the
library's code computes and a float32 program holds in float32, as it holds ``1 - e``. The exact reference of the
float32 program held 1 - e in float32 but kept e / n_classes (0.1 / 3) as the double: its gradient was 5e-8 off the
program's own mathematics (round 51d).
"""

import math

import numpy as np
import pytest

import gradcli

torch = pytest.importorskip("torch")
F = torch.nn.functional

LOGITS = [[80.0, -80.0, 0.0]]


def smoothed(logits):
    return F.cross_entropy(logits, torch.tensor([1]), label_smoothing=0.1)


def _slopes(dtype):
    """d/dz of (1 - e) nll + e / K sum(-log_softmax) at LOGITS, target 1: (1 - e)(p - onehot) + (e / K)(K p - 1),
    with 1 - e and e / K as the program in ``dtype`` holds them; p to float64's digits (e^-80 beside 1)."""
    keep, share = (float(np.asarray(c, dtype=dtype)) for c in (1.0 - 0.1, 0.1 / 3))
    z = np.array(LOGITS[0])
    p = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    onehot = np.array([0.0, 1.0, 0.0])
    return keep * (p - onehot) + share * (3 * p - 1)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_label_smoothings_shares_are_held_as_the_program_holds_them(dtype):
    (result,) = gradcli.check(smoothed, [{"logits": LOGITS}], dtypes=[dtype]).results
    assert result.status == "ok", [f.message for f in result.findings]
    exact = np.array(result.exact_gradient["logits"], dtype=float)[0]
    for got, want in zip(exact, _slopes(dtype)):
        assert math.isclose(got, want, rel_tol=1e-12), (exact, _slopes(dtype))
