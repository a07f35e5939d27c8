"""A rewrite's own switch (S1): where the stable spelling alone is domain, it is said beside the fix, never a demotion.

PyTorch's F.softplus(x, beta=1, threshold=20) is x past x * beta > 20, a jump of log1p(e^-20) = 2.1e-9 at 20 that
its documentation chose. A check or a sweep whose points hit 20 found the rewrite domain there, where the naive
log(1 + exp(x)) has a derivative, and called the fix worse at 20 (a check did not offer it; a sweep said "not better
everywhere"). Domain fails no check, and a rewrite is the same mathematics, so that point counts for neither."""

import types

import numpy as np
import torch

import gradcli
from gradcli.checker.verdict import Verdict, worse_for_a_rewrite
from gradcli.sweep import run as sweep_run


def naive_softplus(x):
    return torch.log(1 + torch.exp(x))


def test_a_rewrites_domain_is_worse_nowhere_and_any_failure_is_worse():
    ok, domain, unstable, wrong = Verdict.OK, Verdict.DOMAIN, Verdict.UNSTABLE, Verdict.WRONG
    assert not worse_for_a_rewrite(domain, ok) and not worse_for_a_rewrite(domain, unstable)
    assert worse_for_a_rewrite(unstable, ok) and worse_for_a_rewrite(unstable, domain) and worse_for_a_rewrite(wrong, ok)
    assert not worse_for_a_rewrite(ok, domain)


def _sweep(statuses):
    samples = types.SimpleNamespace(axes={"x": np.array([20.0, 50.0, 100.0])}, status=np.array(statuses),
                                    kind=np.array(["" for _ in statuses]))
    return types.SimpleNamespace(dtypes={"float32": types.SimpleNamespace(samples=samples)})


def test_a_sweep_counts_the_rewrites_switch_for_neither_and_names_it():
    before, after = _sweep(["ok", "ok", "unstable"]), _sweep(["domain", "ok", "ok"])
    assert sweep_run._better(before, after)
    assert sweep_run._own_switches(before, after) == "x = 20 (float32)"
    assert not sweep_run._better(before, _sweep(["unstable", "ok", "ok"]))  # a failure stays a demotion


def test_a_check_at_the_threshold_offers_the_frameworks_stable_spelling():
    report = gradcli.check(naive_softplus, [{"x": 20.0}, {"x": 100.0}], framework="torch", dtypes=("float32",))
    assert [r.status for r in report.results] == ["ok", "unstable"]
    (softplus,) = [f for f in report.fixes if f.name == "softplus"]
    assert "domain at x=20" in softplus.note and "the rewrite's own switch" in softplus.note


def test_a_fused_ops_lost_slope_at_a_rounded_input_stays_lost():
    # (the data-rounding measure of the judge, in this file for its one PyTorch import) x = -100.1 is a rounding,
    # so the judge moves it two ulps: silu's slope there, -3.3e-42 computed as 0, does not move anywhere near 0
    def silu_loss(x):
        return torch.nn.functional.silu(x).sum()

    [result] = gradcli.check(silu_loss, [{"x": np.array([-100.1, 0.5])}], framework="torch", dtypes=("float32",),
                             fixes=False).results
    assert result.gradient["x"][0] == 0.0 and float(result.exact_gradient["x"][0]) < -3e-42
    assert result.status == "unstable"
