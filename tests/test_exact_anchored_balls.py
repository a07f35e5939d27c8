"""Balls near a limit keep their distance to it: tanh and sigmoid far out, logsumexp beside its
largest entry, exp of a tiny number, log1p and expm1 of one past exponent 2^63.

Every expectation is mpmath at 2,000 digits from another expression of the same
number (1 + tanh(u) as 2 sigmoid(2u), v0 - logsumexp(v) as -log1p(sum of
e^(vk - v0))), never a number from gradcli; every ball must contain it and be
tight around it, where a ball with the limit as its midpoint would be 0 +- 2^-prec.
"""

import flint
import mpmath
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff import arb, arb_anchored

TIGHT = mpmath.mpf(10) ** -30


@pytest.fixture(autouse=True)
def balls_at_4096_bits():
    arb.enable()
    saved = flint.ctx.prec
    flint.ctx.prec = 4096
    yield
    flint.ctx.prec = saved


def _holds_tightly(ball, truth):
    """Whether ``ball`` contains the mpmath number ``truth`` and is within TIGHT of it, relatively."""
    ball = gnp.asarray(ball).item() if not isinstance(ball, flint.arb) else ball
    assert isinstance(ball, flint.arb), type(ball)
    with mpmath.workdps(2000):
        mid = mpmath.mpf(ball.mid().str(1500, radius=False)) if ball.mid() != 0 else mpmath.mpf(0)
        rad = mpmath.mpf(ball.rad().str(5, radius=False))
        inside = abs(mid - truth) <= rad * (1 + mpmath.mpf(10) ** -4)
        return inside and rad <= TIGHT * abs(truth)


def _truth(fun):
    with mpmath.workdps(2000):
        return fun()


E = mpmath.exp


@pytest.mark.parametrize("x", [-1e5, -3.5e298])
def test_one_plus_tanh_far_left_is_its_own_tiny_number(x):
    got = gnp.add(1.0, gnp.tanh(flint.arb(x)))  # gradcli's add: on bare balls + is flint's own
    assert _holds_tightly(got, _truth(lambda: 2 / (1 + E(-2 * mpmath.mpf(x)))))


@pytest.mark.parametrize("x", [1e5, 1e300])
def test_one_minus_sigmoid_far_right_is_its_own_tiny_number(x):
    got = gnp.subtract(1.0, gnp.sigmoid(flint.arb(x)))
    assert _holds_tightly(got, _truth(lambda: 1 / (1 + E(mpmath.mpf(x)))))


def _cross_entropy_truth(v):
    v = [mpmath.mpf(e) for e in v]
    return -mpmath.log1p(mpmath.fsum(E(e - v[0]) for e in v[1:]))


@pytest.mark.parametrize("v", [[1e200, 3.0, -5.0], [800.0, -800.0, -800.0], [3.4e277, 1e-300, -2.2e-102]])
def test_the_largest_entry_minus_logsumexp_keeps_its_tail(v):
    balls = gnp.array([flint.arb(e) for e in v], dtype=object)
    got = gnp.subtract(balls[0], gnp.logsumexp(balls))
    assert _holds_tightly(got, _truth(lambda: _cross_entropy_truth(v)))


def test_the_log_of_a_one_hot_softmax_weight_keeps_its_tail():
    v = [1e200, 3.0, -5.0]
    balls = gnp.array([flint.arb(e) for e in v], dtype=object)
    p = gnp.exp(gnp.subtract(balls, gnp.logsumexp(balls)))
    assert _holds_tightly(gnp.log(p[0]), _truth(lambda: _cross_entropy_truth(v)))
    assert _holds_tightly(gnp.subtract(1.0, p[0]), _truth(lambda: -mpmath.expm1(_cross_entropy_truth(v))))


@pytest.mark.parametrize("name", ["log1p", "expm1"])
def test_log1p_and_expm1_of_a_number_past_exponent_2_63_are_tight(name):
    t = flint.arb(-1e300).exp()  # arb's own log1p and expm1 keep 28 bits of e^-1e300
    got = getattr(gnp, name)(t)
    truth = _truth(lambda: getattr(mpmath, name)(E(-mpmath.mpf(1e300))))
    assert _holds_tightly(got, truth)


def test_a_forgotten_anchor_fails_the_cross_entropy_test(monkeypatch):
    # The tester tested: without the remembered tail, v0 - logsumexp(v) is 0 +- 2^-4096 * 1e200.
    monkeypatch.setattr(arb_anchored, "remembered", lambda ball, anchor, tail: ball)
    v = [1e200, 3.0, -5.0]
    balls = gnp.array([flint.arb(e) for e in v], dtype=object)
    got = gnp.subtract(balls[0], gnp.logsumexp(balls))
    assert not _holds_tightly(got, _truth(lambda: _cross_entropy_truth(v)))


# -- the derivative of a one-hot softmax in its largest entry: 1 - p, a tail, backward and forward ----


def _one_hot_truths(v):
    """d/dv0 of v0 - logsumexp(v) (1 - p0) and of the entropy of softmax(v) (-p0 (log p0 + H)), v0 the largest."""
    v = [mpmath.mpf(e) for e in v]
    shares = [E(e - v[0]) for e in v[1:]]
    lead = mpmath.log1p(mpmath.fsum(shares))  # -log p0
    p = [E(-lead)] + [s * E(-lead) for s in shares]
    logs = [-lead] + [e - v[0] - lead for e in v[1:]]
    entropy = -mpmath.fsum(q * lg for q, lg in zip(p, logs))
    return {"cross_entropy": -mpmath.expm1(-lead), "entropy": -p[0] * (logs[0] + entropy)}


# gradcli's ops throughout: on bare object arrays of jets an operator would be NumPy's, not gradcli's.
def _cross_entropy(v):
    return gnp.subtract(v[0], gnp.logsumexp(v))


def _entropy(v):
    p = gnp.exp(gnp.subtract(v, gnp.logsumexp(v)))
    return gnp.negative(gnp.sum(gnp.xlogy(p, p)))


ONE_HOT = [[1e200, 3.0, -5.0], [800.0, -800.0, -790.0], [3.4e277, 1e-300, -2.2e-102]]


@pytest.mark.parametrize("v", ONE_HOT)
@pytest.mark.parametrize("name, function", [("cross_entropy", _cross_entropy), ("entropy", _entropy)])
def test_the_backward_pass_keeps_the_tail_of_a_one_hot_softmax(v, name, function):
    # gradcli's rule on balls: NumPy's own + and * on the cotangents (1 - p0 from g - g p0) keep e^-1e200.
    from gradcli.autodiff.transforms import value_and_grad

    balls = gnp.array([flint.arb(e) for e in v], dtype=object)
    _, gradient = value_and_grad(function)(balls)
    assert _holds_tightly(gradient[0], _truth(lambda: _one_hot_truths(v)[name]))


@pytest.mark.parametrize("v", ONE_HOT)
@pytest.mark.parametrize("name, function", [("cross_entropy", _cross_entropy), ("entropy", _entropy)])
def test_forward_mode_on_balls_keeps_the_tail_of_a_one_hot_softmax(v, name, function):
    import numpy as np

    jets = np.empty(len(v), dtype=object)
    jets[:] = [arb.Jet(flint.arb(e), np.array([flint.arb(int(k == 0))], dtype=object)) for k, e in enumerate(v)]
    out = function(jets)
    out = out.reshape(())[()] if isinstance(out, np.ndarray) else out
    assert _holds_tightly(out.d[0], _truth(lambda: _one_hot_truths(v)[name]))


def test_a_forgotten_anchor_fails_the_backward_pass_test(monkeypatch):
    # The tester tested: without anchors, g - g p0 in the backward pass is 0 +- 2^-4096.
    from gradcli.autodiff.transforms import value_and_grad

    monkeypatch.setattr(arb_anchored, "remembered", lambda ball, anchor, tail: arb_anchored._plain(ball))
    v = ONE_HOT[0]
    balls = gnp.array([flint.arb(e) for e in v], dtype=object)
    _, gradient = value_and_grad(_cross_entropy)(balls)
    assert not _holds_tightly(gradient[0], _truth(lambda: _one_hot_truths(v)["cross_entropy"]))


def test_one_expression_of_the_same_balls_computed_twice_is_one_ball():
    # Shared by identity: its difference is an exact 0 and a comparison of the two is a proven tie.
    x = flint.arb(1e-300)
    first, second = gnp.tanh(gnp.multiply(x, 3.0)), gnp.tanh(gnp.multiply(x, 3.0))
    assert first is second
    difference = gnp.subtract(first, second)
    assert difference.is_exact() and difference.is_zero()
    arb.ties = []
    assert gnp.maximum(first, second) is first and arb.ties == [True]
