"""A pick of maximum, minimum, fmin or clip between two values computed alike but not proven equal at high
precision gives the gradient to the operand it returned (round 78c's F1).

sin(1 + x) and sin(1 - x), the latter as 2 sin((1 - x)/2) cos((1 - x)/2), at x = 0 are one number, but two balls
that overlap: neither is proven above (the same spelling twice would be one ball, `arb._share`). The forward
pass takes the branch the point's own path takes; the rule, asking the balls' order again, found none and gave the
gradient to neither operand, so a slope both branches share (y's 1) came out 0 at high precision: `wrong`, where
the program's gradient is right and the point is `domain` for x's kink alone.
"""

import pytest

import gradcli
import gradcli.numpy as gnp


def _pair(x, y):
    half = (1.0 - x) / 2
    return y + gnp.sin(1.0 + x), y + 2.0 * gnp.sin(half) * gnp.cos(half)


PICKS = {
    "minimum": lambda x, y: gnp.minimum(*_pair(x, y)),
    "maximum": lambda x, y: gnp.maximum(*_pair(x, y)),
    "fmin": lambda x, y: gnp.fmin(*_pair(x, y)),
    "fmax": lambda x, y: gnp.fmax(*_pair(x, y)),
    "clip above": lambda x, y: gnp.clip(_pair(x, y)[0], -5.0, _pair(x, y)[1]),
    "clip below": lambda x, y: gnp.clip(_pair(x, y)[0], _pair(x, y)[1], 5.0),
    "hard union of two spheres": lambda p: gnp.minimum(gnp.sqrt(gnp.sum((p - gnp.array([-1.0, 0.0, 0.0])) ** 2)),
                                                       gnp.sqrt(gnp.sum((p - gnp.array([1.0, 0.0, 0.0])) ** 2))),
}


@pytest.mark.parametrize("name", sorted(PICKS))
def test_a_shared_slope_beside_the_kink_is_kept(name):
    point = {"p": [0.0, 0.4, 0.1]} if name.startswith("hard") else {"x": 0.0, "y": 0.4}
    [result] = gradcli.check(PICKS[name], [point], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert not any(f.kind == "wrong-rule" for f in result.findings), [f.message for f in result.findings]
    if name.startswith("hard"):  # |p - c| at p = (0, 0.4, 0.1): p[1] / r and p[2] / r on both spheres
        r = (1 + 0.4**2 + 0.1**2) ** 0.5
        assert [float(e) for e in result.exact_gradient["p"][1:]] == pytest.approx([0.4 / r, 0.1 / r], rel=1e-12)
    else:
        assert float(result.exact_gradient["y"]) == 1.0
    assert [f.kind for f in result.findings].count("kink") == 1


def test_a_run_keeps_every_pick_it_did_not_decide_and_only_its_own():
    # a pick remembered for its rule must not be forgotten within a run (an array of 5,000 ties), nor read by a later
    # run: each run starts with a decisions list of its own
    from gradcli.autodiff import arb

    arb.enable()
    balls = [arb.ARB(1) for _ in range(10_001)]
    arb.decisions = []
    for a, b in zip(balls[::2], balls[1::2]):
        arb._remember_pick(a, b, above=True)
    assert all(arb._picked_order(a, b) == (True, False) and arb._picked_order(b, a) == (False, False)
               for a, b in zip(balls[::2], balls[1::2]))
    arb.decisions = []
    arb._remember_pick(balls[0], balls[2], above=False)
    assert arb._picked_order(balls[0], balls[1]) is None and arb._picked_order(balls[0], balls[2]) == (False, False)
