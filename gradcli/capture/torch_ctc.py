"""PyTorch's CTC loss (``F.ctc_loss``, ``nn.CTCLoss``) replayed as its mathematics with gradcli's ops.

``aten._ctc_loss`` gives each sequence's negative log-likelihood: minus the log
of the sum, over every alignment of the input's frames to the target, of the
product of the frames' probabilities. An alignment walks the extended label
sequence (blank, l1, blank, l2, ..., blank): at each frame it stays, moves one
state on, or skips a blank between two different labels. The replay runs that
walk forward in log space, alpha_t(s) = log_probs[t, s's label] + the
logsumexp of alpha_{t-1} over the states s may come from, frame by frame; a
state no alignment reaches by frame t is left out (no -inf enters an exact
replay), and a target no alignment of the sequence's frames can spell has
likelihood 0: the loss is inf (``zero_infinity`` makes it 0, which the
composite ``ctc_loss`` does with ``where`` after this op).

PyTorch's backward kernel (``aten._ctc_loss_backward``) is replayed as what it
computes: the loss's vector-Jacobian product plus ``exp(log_probs)`` times the
upstream gradient on each sequence's frames. That term is the derivative of
``log_softmax`` folded into CTC's: with log-probabilities from ``log_softmax``
it cancels in the softmax's own backward, and the chain is the exact gradient;
with log-probabilities that are not normalised, the rule is off by it.

Integer arguments (targets, lengths) are read from the replay's own values; the
capture traces the op with the shapes `trace_shapes` gives it (PyTorch's fake
tensors cannot: its alpha table's width depends on the target lengths' values).
This module imports nothing of PyTorch but inside `trace_shapes`.
"""

from __future__ import annotations

import contextlib
import functools

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.values import raw
from . import convolution
from .exact_constants import kind_of, lift


def _integers(values):
    """A lengths argument (a list of ints or an integer tensor's replay) as Python ints."""
    return [int(v) for v in np.ravel(np.asarray(raw(values)))]


def _labels(targets, target_lengths):
    """Each sequence's target labels: rows of a padded (N, S) tensor, or the pieces of a concatenated 1-D one."""
    labels, lengths = np.asarray(raw(targets)).astype(np.int64), _integers(target_lengths)
    if labels.ndim == 2:
        return [labels[b, :n] for b, n in enumerate(lengths)]
    starts = np.concatenate([[0], np.cumsum(lengths)])
    return [labels[starts[b]:starts[b] + n] for b, n in enumerate(lengths)]


def _walk(frames, extended, blank):
    """-log of the sum over alignments, from ``frames`` (T, S): each frame's log-probability of each extended label.

    None where no alignment of the T frames reaches the last label (or the blank after it).
    """
    length = len(extended)
    skips = np.zeros(length, dtype=bool)
    skips[2:] = (extended[2:] != blank) & (extended[2:] != extended[:-2])
    states = list(range(min(2, length)))
    alpha = frames[0, np.array(states)]
    for t in range(1, np.shape(raw(frames))[0]):
        where = {s: k for k, s in enumerate(states)}
        sources = {}
        for s in range(length):
            came = [where[p] for p in (s, s - 1) if p in where] + ([where[s - 2]] if skips[s] and s - 2 in where else [])
            if came:
                sources[s] = came
        states = list(sources)
        alpha = _combined(alpha, [sources[s] for s in states]) + frames[t, np.array(states)]
    finals = {length - 1, length - 2} if length > 1 else {0}  # the last label, or the blank after it
    ends = [k for k, s in enumerate(states) if s in finals]
    if not ends:
        return None
    picked = alpha[np.array(ends)]
    return -(picked[0] if len(ends) == 1 else gnp.logaddexp(picked[0], picked[1]))


def _combined(alpha, sources):
    """The logsumexp of ``alpha``'s entries each new state comes from, by groups of one, two and three sources."""
    pieces, order = [], []
    for count in (1, 2, 3):
        members = [k for k, came in enumerate(sources) if len(came) == count]
        if not members:
            continue
        taken = np.array([sources[k] for k in members])
        total = alpha[taken[:, 0]]
        for column in range(1, count):
            total = gnp.logaddexp(total, alpha[taken[:, column]])
        pieces.append(total)
        order += members
    joined = pieces[0] if len(pieces) == 1 else gnp.concatenate(pieces)
    return joined[np.argsort(order, kind="stable")]


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False):
    """``aten._ctc_loss``: each sequence's negative log-likelihood (N,), and its alpha table, which only the backward
    kernel reads and `ctc_loss_backward` recomputes (zeros of its shape here)."""
    frames_of, labels = _integers(input_lengths), _labels(targets, target_lengths)
    losses = []
    for b, (frames, label) in enumerate(zip(frames_of, labels)):
        extended = np.full(2 * len(label) + 1, blank, dtype=np.int64)
        extended[1::2] = label
        found = _walk(log_probs[:frames, b][:, extended], extended, blank) if frames else None
        losses.append(_infinite(log_probs) if found is None else found)
    table = np.zeros((len(labels), np.shape(raw(log_probs))[0], 2 * max((len(x) for x in labels), default=0) + 1))
    return gnp.stack(losses), table


def _infinite(like):
    """inf as a number of ``like``'s kind: the loss of a target no alignment spells."""
    kind = kind_of([like])
    return lift(np.inf, kind) if kind else np.asarray(np.inf, dtype=np.asarray(raw(like)).dtype)[()]


def ctc_loss_backward(grad, log_probs, targets, input_lengths, target_lengths, neg_log_likelihood, log_alpha, blank=0,
                      zero_infinity=False):
    """``aten._ctc_loss_backward``: the loss's VJP in ``log_probs`` plus ``exp(log_probs) * grad`` on each sequence's
    frames, as PyTorch's kernel computes it; a sequence whose loss is inf gets 0 with ``zero_infinity``, else NaN."""
    vjp = convolution.pullback(lambda lp: ctc_loss(lp, targets, input_lengths, target_lengths, blank)[0], (log_probs,), grad)[0]
    steps, batch = np.shape(raw(log_probs))[:2]
    inside = np.arange(steps)[:, None] < np.array(_integers(input_lengths))[None, :]
    impossible = np.array([not np.isfinite(float(raw(v))) for v in _entries(neg_log_likelihood)])
    weight = gnp.where(inside[:, :, None], gnp.exp(log_probs), 0 * log_probs) * gnp.reshape(grad, (1, batch, 1))
    answer = vjp + weight
    if impossible.any():
        kept = gnp.where(impossible[None, :, None], 0 * answer if zero_infinity else np.nan + 0 * answer, answer)
        return kept
    return answer


def _entries(values):
    return list(np.ravel(np.asarray(raw(values), dtype=object)))


@contextlib.contextmanager
def trace_shapes():
    """While a capture traces: fake-tensor kernels for ``aten._ctc_loss`` (its loss (N,) and an alpha table as wide as
    the targets allow) and its backward (log_probs' shape), which PyTorch's fake tensors lack, and
    ``torch.ctc_loss`` taking lengths as tensors (`_lengths_as_tensors`)."""
    import torch  # lazy: only a PyTorch target needs it
    from torch._library.simple_registry import singleton  # lazy: likewise
    from torch._library.utils import Kernel  # lazy: likewise

    def forward(log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False):
        width = targets.shape[-1] if targets.dim() == 2 else targets.numel()
        return (log_probs.new_empty((log_probs.shape[1],)),
                log_probs.new_empty((log_probs.shape[1], log_probs.shape[0], 2 * width + 1)))

    def backward(grad, log_probs, *rest, **named):
        return torch.empty_like(log_probs)

    # Kept in the registry fake tensors read (`FakeImplHolder.kernels`), not registered with the dispatcher: nothing
    # but a fake tensor's dispatch sees them, and only while the capture traces.
    added = [(singleton.find(name).fake_impl.kernels, Kernel(backward if "backward" in name else forward, "gradcli"))
             for name in ("aten::_ctc_loss", "aten::_ctc_loss.Tensor", "aten::_ctc_loss_backward",
                          "aten::_ctc_loss_backward.Tensor")]
    for kernels, kernel in added:
        kernels.append(kernel)
    original = torch.ctc_loss
    torch.ctc_loss = _lengths_as_tensors(original)
    try:
        yield
    finally:
        torch.ctc_loss = original
        for kernels, kernel in added:
            kernels.remove(kernel)


def _lengths_as_tensors(ctc_loss):
    """``torch.ctc_loss`` calling itself with lengths given as lists as tensors: its overload for lists reads the fake
    tensors' data while the capture traces, the one for tensors computes the same loss. It keeps the name PyTorch's
    compiler reads off every function of the torch namespace (``torch.cond``'s branches are compiled)."""

    @functools.wraps(ctc_loss)
    def with_tensor_lengths(log_probs, targets, input_lengths, target_lengths, *rest, **named):
        import torch  # lazy: only a PyTorch target needs it

        lengths = [torch.tensor(n) if isinstance(n, (list, tuple)) else n for n in (input_lengths, target_lengths)]
        return ctc_loss(log_probs, targets, *lengths, *rest, **named)

    return with_tensor_lengths
