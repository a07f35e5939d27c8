"""A framework's rules that lose a smooth function's slope at ties of a max or a min are named at the first tie
(round 70d's F1: PPO's surrogate with the ratio exactly on the clip's bound).

min(r A, clip(r, 0.8, 1.2) A) at r = 1.2 with A < 0 is smooth (slope A from both sides), but JAX's clip gives 1/2 on
its bound and its minimum halves the tie, so the gradient is 3/4 of the slope: wrong. No single rule departs from
its convention (gradcli's replay keeps JAX's), so the line the backward graph ran first (the division r = p / p_old,
whose rule is right) was named; the tie is.
"""

import pytest

import gradcli

pytest.importorskip("jax")

SOURCE = '''import jax.numpy as jnp


def surrogate(p, p_old, adv):
    ratio = p / p_old
    unclipped = ratio * adv
    clipped = jnp.clip(ratio, 0.8, 1.2) * adv
    return -jnp.mean(jnp.minimum(unclipped, clipped))


def leak_beside_a_tie(x):
    floor = jnp.maximum(0.0 * x[0], 0.0)
    root = jnp.where(x[1] > 0, jnp.sqrt(x[1]), 0.0)
    return floor + root + x[0]
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("tie") / "ppo_tie.py").write_text(SOURCE)
    return str(path)


def test_the_clip_s_tie_is_named_not_the_division_before_it(module):
    [result] = gradcli.check(f"{module}:surrogate", [{"p": 0.6, "p_old": 0.5, "adv": -1.0}], dtypes=["float64"],
                             fixes=False).results
    assert result.status == "wrong", [f.message for f in result.findings]
    assert [float(result.exact_gradient[n]) for n in ("p", "p_old", "adv")] == pytest.approx([2.0, -2.4, -1.2])
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("ppo_tie.py:7"), finding.location
    assert "at a tie of its two arguments (and the ties at ppo_tie.py:8 after it)" in finding.message
    assert "clip" in finding.op


def test_off_the_bound_the_surrogate_is_right(module):
    [result] = gradcli.check(f"{module}:surrogate", [{"p": 0.55, "p_old": 0.5, "adv": -1.0}], dtypes=["float64"],
                             fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]


def test_a_nan_leak_beside_a_tie_is_named_at_the_leak_not_the_tie(module):
    # the tie at line 11 splits a gradient of 0 (0 * x[0] reads nothing), and the gradient is NaN from line 12's
    # untaken sqrt(-1): that leak is the finding, no convention at a tie
    [result] = gradcli.check(f"{module}:leak_beside_a_tie", [{"x": [1.0, -1.0]}], dtypes=["float64"],
                             fixes=False).results
    assert result.status == "wrong", [f.message for f in result.findings]
    assert not any("at a tie" in f.message for f in result.findings), [f.message for f in result.findings]
    assert any(f.location and f.location.endswith("ppo_tie.py:12") for f in result.findings)
