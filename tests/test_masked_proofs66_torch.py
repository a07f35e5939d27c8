"""A mask's -inf inside PyTorch code does not keep the proof of an exact 0 from its answer: a policy's entropy over
legal actions at its uniform maximum, the log-likelihood of a masked softmax at equal logits (every slope 0 by
algebra), and attention whose fully masked row scaled_dot_product_attention gives zeros, with its own scale the root
of the head's width. Truth: the mathematics (slopes exactly 0 where the algebra says so) and mpmath at 40 digits."""

import mpmath
import pytest

torch = pytest.importorskip("torch")
F = torch.nn.functional

import gradcli  # noqa: E402

LEGAL = [True, False, True, True, False]


def masked_entropy(logits):
    """The entropy of a policy whose illegal actions torch.where masks to -inf."""
    masked = torch.where(torch.tensor(LEGAL), logits, torch.tensor(float("-inf"), dtype=logits.dtype))
    return torch.distributions.Categorical(logits=masked).entropy()


def masked_log_likelihood(logits):
    """sum over the legal actions of log softmax, the illegal ones masked_fill'ed to -inf: d/dx_j = 1 - 3 p_j."""
    masked = logits.masked_fill(~torch.tensor(LEGAL), float("-inf"))
    return (masked - torch.logsumexp(masked, dim=-1)).masked_fill(~torch.tensor(LEGAL), 0.0).sum()


KEYS = [[1, 0.5, -0.25], [0.5, 0.5, 0], [0, -1, 0.75]]
VALUES = [[1, 2, 0], [0, -1, 0.5], [3, 0.5, -2]]
SEES = [[True, False, True], [False, False, False]]
Q = [[0.75, -0.5, 0.25], [0.5, 1, -1]]


def masked_attention(q):
    """Attention through scaled_dot_product_attention (its own scale 1/sqrt(3)), the second query seeing no key."""
    k, v = torch.tensor(KEYS, dtype=q.dtype), torch.tensor(VALUES, dtype=q.dtype)
    return F.scaled_dot_product_attention(q[None], k[None], v[None], attn_mask=torch.tensor(SEES)).sum()


def _checked(fun, point, dtype=torch.float64):
    report = gradcli.check(fun, torch.tensor(point, dtype=dtype))
    return next(r for r in report.results if r.dtype == str(dtype).removeprefix("torch."))


def _flat(gradient):
    return [x for row in gradient for x in row] if isinstance(gradient[0], list) else list(gradient)


@pytest.mark.parametrize("fun", [masked_entropy, masked_log_likelihood])
def test_every_slope_at_a_masked_softmax_uniform_point_is_proven_0(fun):
    found = _checked(fun, [0.7, -3.0, 0.7, 0.7, 12.0])
    assert found.status.value == "ok", found.exact_gradient_why
    assert _flat(next(iter(found.exact_gradient.values()))) == [0.0] * 5


def test_beside_the_uniform_point_the_masked_slopes_are_the_legal_softmaxs():
    point = [0.7, -3.0, 0.2, 1.1, 12.0]
    found = _flat(next(iter(_checked(masked_log_likelihood, point).exact_gradient.values())))
    with mpmath.workdps(40):
        e = [mpmath.exp(mpmath.mpf(x)) if legal else 0 for x, legal in zip(point, LEGAL)]
        truth = [1 - 3 * w / sum(e) if legal else 0 for w, legal in zip(e, LEGAL)]
    assert all(abs(a - b) <= 1e-14 for a, b in zip(found, truth))


def test_attention_with_a_fully_masked_row_is_checked_at_its_own_irrational_scale():
    dtype = torch.float64  # float32's check: test_user_trials30b.py's sdpa_attention
    found = _checked(masked_attention, Q, dtype)
    assert found.status.value == "ok", found.exact_gradient_why
    with mpmath.workdps(40):
        held = [[mpmath.mpf(float(torch.tensor(x, dtype=dtype))) for x in row] for row in Q]
        s = 1 / mpmath.sqrt(3)

        def row_total(row):
            e = [mpmath.exp(sum(a * b for a, b in zip(row, key)) * s) if seen else 0 for key, seen in zip(KEYS, SEES[0])]
            return sum(w / sum(e) * sum(v) for w, v in zip(e, VALUES))

        truth = [mpmath.diff(lambda t: row_total(held[0][:i] + [t] + held[0][i + 1:]), held[0][i]) for i in range(3)]
        value = mpmath.mpf(found.exact_value_text)
        assert abs(value - row_total(held[0])) <= mpmath.mpf(10) ** -18 * abs(value)
    found_gradient = _flat(next(iter(found.exact_gradient.values())))
    assert found_gradient[3:] == [0.0] * 3  # the row that sees nothing: zeros whatever its query
    assert all(abs(a - b) <= 1e-13 * abs(b) for a, b in zip(found_gradient[:3], truth))
