"""A user's PyTorch code, eightieth round (d): sequence alignment losses on tiny inputs (2-4 frames, 3 symbols, 0 the
blank). F.ctc_loss on log_softmax outputs (reduction "sum", zero_infinity on and off, a repeated label, a target
longer than the input) and on raw scores; CTC by hand with torch.logaddexp; soft-DTW's soft-min by torch.logsumexp and
by a hand-written autograd.Function; a 2-state HMM's forward algorithm with torch.logsumexp and a zero transition
probability, and Viterbi's torch.max; a monotonic attention's expected alignment by torch.cumprod; DTW to a stored float64 template cast to the input's dtype."""

import torch
import torch.nn.functional as F

BLANK = 0


# ------------------------------------------------------------------------------------------------- CTC
def _builtin(log_probs, label, zero_infinity=True):
    T = log_probs.shape[0]
    targets = torch.tensor([label])
    return F.ctc_loss(log_probs[:, None, :], targets, torch.tensor([T]), torch.tensor([len(label)]),
                      blank=BLANK, reduction="sum", zero_infinity=zero_infinity)


def ctc_builtin(logits):
    return _builtin(F.log_softmax(logits, dim=-1), [1, 2])


def ctc_builtin_aa(logits):
    return _builtin(F.log_softmax(logits, dim=-1), [1, 1])


def ctc_builtin_inf(logits):
    return _builtin(F.log_softmax(logits, dim=-1), [1, 2], zero_infinity=False)


def ctc_raw(scores):
    """Scores passed straight in, never normalised."""
    return _builtin(scores, [1, 2])


def ctc_hand_aa(logits):
    lp = F.log_softmax(logits, dim=-1)
    ext = [0, 1, 0, 1, 0]
    neg = torch.tensor(float("-inf"), dtype=logits.dtype)
    alpha = torch.full((5,), float("-inf"), dtype=logits.dtype)
    alpha = torch.cat([lp[0, 0:1], lp[0, 1:2], alpha[2:]])
    for t in range(1, logits.shape[0]):
        prev1 = torch.cat([neg[None], alpha[:-1]])
        alpha = torch.logaddexp(alpha, prev1) + lp[t, ext]  # "aa": no skips
    return -torch.logaddexp(alpha[-1], alpha[-2])


# ------------------------------------------------------------------------------------------------- soft-DTW
GAMMA = 0.1


def _dtw(x, y, smin):
    D = (x[:, None] - y[None, :]) ** 2
    n, m = D.shape
    inf = torch.tensor(float("inf"), dtype=x.dtype)
    R = [[inf] * (m + 1) for _ in range(n + 1)]
    R[0][0] = torch.tensor(0.0, dtype=x.dtype)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            R[i][j] = D[i - 1, j - 1] + smin(torch.stack([R[i - 1][j - 1], R[i - 1][j], R[i][j - 1]]))
    return R[n][m]


def soft_dtw(x, y):
    return _dtw(x, y, lambda r: -GAMMA * torch.logsumexp(-r / GAMMA, dim=0))


class SoftMin(torch.autograd.Function):
    """-gamma logsumexp(-r / gamma), its gradient the soft-argmin weights."""

    @staticmethod
    def forward(ctx, r):
        w = torch.softmax(-r / GAMMA, dim=0)
        ctx.save_for_backward(w)
        return -GAMMA * torch.logsumexp(-r / GAMMA, dim=0)

    @staticmethod
    def backward(ctx, grad_output):
        (w,) = ctx.saved_tensors
        return grad_output * w


def soft_dtw_fn(x, y):
    return _dtw(x, y, SoftMin.apply)


def dtw(x, y):
    return _dtw(x, y, lambda r: torch.min(r))


TEMPLATE = torch.tensor([0.3, 1.7, 0.9], dtype=torch.float64)  # a stored reference sequence


def dtw_template(x):
    """The DTW distance of x to the stored template, in x's dtype."""
    return _dtw(x, TEMPLATE.to(x.dtype), lambda r: torch.min(r))


# ------------------------------------------------------------------------------------------------- HMM
PI = torch.tensor([0.6, 0.4], dtype=torch.float64)
A_LR = torch.tensor([[0.7, 0.3], [0.0, 1.0]], dtype=torch.float64)
PI_0 = torch.tensor([1.0, 0.0], dtype=torch.float64)
A_STUCK = torch.tensor([[1.0, 0.0], [0.4, 0.6]], dtype=torch.float64)


def _forward(log_pi, log_a, log_b):
    alpha = log_pi + log_b[0]
    for t in range(1, log_b.shape[0]):
        alpha = torch.logsumexp(alpha[:, None] + log_a, dim=0) + log_b[t]
    return torch.logsumexp(alpha, dim=0)


def hmm_forward(log_b):
    return _forward(torch.log(PI).to(log_b.dtype), torch.log(A_LR).to(log_b.dtype), log_b)


def hmm_stuck(log_b):
    return _forward(torch.log(PI_0).to(log_b.dtype), torch.log(A_STUCK).to(log_b.dtype), log_b)


def hmm_viterbi(log_b, log_a):
    delta = torch.log(torch.tensor([0.5, 0.5], dtype=log_b.dtype)) + log_b[0]
    for t in range(1, log_b.shape[0]):
        delta = torch.max(delta[:, None] + log_a, dim=0).values + log_b[t]
    return torch.max(delta)


# ------------------------------------------------------------------------------------------------- monotonic attention
V = torch.tensor([1.0, -0.5, 2.0, 0.3], dtype=torch.float64)


def mono_cumprod(p):
    keep = torch.cumprod(1 - p, dim=0)
    excl = torch.cat([torch.ones(1, dtype=p.dtype), keep[:-1]])
    return (p * excl * V.to(p.dtype)).sum()
