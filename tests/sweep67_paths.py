"""A sweep by both of its paths: the values of the whole range in one call, and each point alone (the path a sweep
takes where the framework's call over the range did not return in time, or the function is not elementwise)."""

import math

import gradcli
from gradcli.sweep import vectorised

MU = 255.0
WEIGHTS = [1.0, -2.0, 0.5]


def each_point_alone(monkeypatch):
    """Make every sweep in the test evaluate its points one at a time: a framework's call over the whole range as
    if it had not returned (the record its bridge keeps of that), a core function as if not elementwise."""
    by_bridge = vectorised._by_bridge

    def stopped(resolved, args, wrt):
        if getattr(getattr(resolved, "bridge", None), "vectorised", None) is not None:
            resolved.shared.setdefault(vectorised._RANGE_STOPPED, "its call over the whole range did not return")
        return by_bridge(resolved, args, wrt)

    monkeypatch.setattr(vectorised, "_by_bridge", stopped)
    monkeypatch.setattr(vectorised, "_elementwise", lambda *args: False)


def verdicts_at(target, xs):
    """The float32 sweep's verdict at each grid point of x over ``xs`` (lo, hi, n), and whether it ran vectorised."""
    result = gradcli.sweep(target, {"x": xs}, dtypes=("float32",))
    run = result.dtypes["float32"]
    lo, hi, n = xs
    grid = [lo + (hi - lo) * i / (n - 1) for i in range(n)]
    return {x: next(str(i.status) for i in run.intervals if i.lo <= x <= i.hi) for x in grid}, run.vectorised


def mu_law_slope(x, mp):
    """The weighted mu-law's exact slope at ``x`` (mpmath): d/dx sign(x) log1p(mu |x|) / log1p(mu) is
    mu / ((1 + mu |x|) log1p(mu)) on both sides of 0, so at 0 too, times the weights' sum."""
    mu = mp.mpf(MU)
    return mu / ((1 + mu * abs(mp.mpf(x))) * mp.log1p(mu)) * sum(WEIGHTS)


def assert_same_verdicts(target, xs, monkeypatch, framework_slope_at_0):
    """Both paths give every grid point one verdict, wrong at 0 alone, where the framework's slope misses the
    exact one and elsewhere its rule is the derivative."""
    import mpmath

    exact = mu_law_slope(0.0, mpmath)
    assert abs(framework_slope_at_0 - float(exact)) > 1.0  # the rule's slope at the switch is not the derivative
    together, vectorised_run = verdicts_at(target, xs)
    with monkeypatch.context() as patched:
        each_point_alone(patched)
        alone, alone_vectorised = verdicts_at(target, xs)
    assert vectorised_run and not alone_vectorised
    assert alone == together
    assert together[0.0] == "wrong"
    assert all(v == "ok" for x, v in together.items() if x != 0.0 and not math.isclose(x, 0.0, abs_tol=1e-12))
