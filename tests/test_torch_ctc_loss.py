"""PyTorch's CTC loss (``F.ctc_loss``), replayed as its mathematics: the forward walk over the extended labels.

The replayed forward and backward graphs give PyTorch's own float64 value and
gradient (its ``_ctc_loss`` and ``_ctc_loss_backward`` kernels) on T = 4 frames
of C = 3 classes: one label, two labels, a repeated label (whose alignments
need a blank between its copies), padded and concatenated targets, lengths as
tensors and as lists, an unbatched input, reductions mean, sum and none, and
a target no alignment of the frames spells (its loss inf, 0 with
``zero_infinity``). A check after ``log_softmax`` is ok with PyTorch's gradient.
PyTorch's backward assumes normalised log-probabilities (it adds
``exp(log_probs)``, the log-softmax's share): handed raw scores, its rule is
wrong, named at the ``ctc_loss`` line. Truths: PyTorch's own numbers, and for
one case the sum over its alignments written out with mpmath.
"""

import itertools

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_bridge import capture
from bridge_checks import assert_replays_as_the_framework_computes

LOGITS = np.random.default_rng(50).normal(size=(4, 2, 3))  # (T, N, C)


def _ctc(targets, target_lengths, input_lengths=(4, 3), reduction="mean", **options):
    def loss(logits):
        log_probs = F.log_softmax(logits, dim=-1)
        lengths = torch.tensor(list(input_lengths)), torch.tensor(list(target_lengths))
        out = F.ctc_loss(log_probs, torch.tensor(targets), *lengths, reduction=reduction, **options)
        return (out * torch.tensor([1.0, 2.0], dtype=out.dtype)).sum() if reduction == "none" else out

    return loss


CASES = {
    "one label each, padded, mean": _ctc([[1], [2]], [1, 1]),
    "two labels, concatenated, sum": _ctc([1, 2, 2, 1], [2, 2], reduction="sum"),
    "a repeated label, none": _ctc([[1, 1], [2, 2]], [2, 2], input_lengths=(4, 4), reduction="none"),
    "lengths as lists": lambda x: F.ctc_loss(F.log_softmax(x, -1), torch.tensor([[1, 2], [2, 0]]), [4, 3], [2, 1]),
    "raw scores (the kernel's own gradient)": lambda x: F.ctc_loss(x, torch.tensor([[1], [2]]), torch.tensor([4, 3]), torch.tensor([1, 1])),
    "a target no alignment spells, zero_infinity": _ctc([[1, 1], [2, 0]], [2, 1], input_lengths=(2, 3), reduction="sum", zero_infinity=True),
    "unbatched": lambda x: F.ctc_loss(F.log_softmax(x[:, 0], -1), torch.tensor([2, 1]), torch.tensor(4), torch.tensor(2)),
}


def test_the_ctc_loss_replays_as_pytorch_computes_it_in_float64():
    for name, fun in CASES.items():
        assert_replays_as_the_framework_computes(capture, fun, (LOGITS,), name)


def _by_alignments(logits, label):
    """-log of the sum over every path of 4 frames that collapses to ``label`` (repeats merged, then blanks dropped)."""
    frames = [[mpmath.mpf(float(v)) for v in row] for row in logits]
    probs = [[mpmath.exp(v) / mpmath.fsum(mpmath.exp(u) for u in row) for v in row] for row in frames]
    total = 0
    for path in itertools.product(range(3), repeat=len(frames)):
        merged = [c for k, c in enumerate(path) if k == 0 or c != path[k - 1]]
        if [c for c in merged if c != 0] == label:
            total += mpmath.fprod(probs[t][c] for t, c in enumerate(path))
    return -mpmath.log(total)


def test_a_repeated_label_is_ok_with_the_sum_over_its_alignments():
    fun = lambda x: F.ctc_loss(F.log_softmax(x, -1), torch.tensor([[1, 1]]), torch.tensor([4]), torch.tensor([2]))  # noqa: E731
    point = LOGITS[:, :1]
    report = gradcli.check(fun, [point], dtypes=("float64",), framework="torch", fixes=False)
    [result] = report.results
    assert result.status == "ok", result.findings
    with mpmath.workdps(30):
        truth = _by_alignments(point[:, 0], [1, 1]) / 2  # the mean divides by the target's length
    assert float(result.exact_value) == pytest.approx(float(truth), rel=1e-12)
    tensor = torch.tensor(point, requires_grad=True)
    (own,) = torch.autograd.grad(fun(tensor), tensor)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), own.numpy(), rtol=1e-10, atol=1e-13)


def test_a_target_no_alignment_spells_has_loss_inf():
    # two copies of one label need three frames: two frames spell no alignment
    bridge = capture(_ctc([[1, 1], [2, 0]], [2, 1], input_lengths=(2, 3), reduction="none"), "impossible")
    assert np.isinf(bridge.forward(LOGITS)) and np.isinf(bridge.own((LOGITS,), None)[0])


def _raw_scores(x):
    return F.ctc_loss(x, torch.tensor([[1, 2]]), torch.tensor([4]), torch.tensor([2]))  # the line named


def test_pytorchs_rule_on_scores_not_normalised_is_wrong_at_the_ctc_loss_line():
    report = gradcli.check(_raw_scores, [LOGITS[:, :1]], dtypes=("float64",), framework="torch", fixes=False)
    [result] = report.results
    assert result.status == "wrong", result.findings
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location == f"{__file__}:{_raw_scores.__code__.co_firstlineno + 1}"
