"""Branches on values that reach user code outside every trace are decided as on jets and proof numbers.

A custom gradient's forward (every spelling) and ``grad_fn`` see their inputs
with no trace's box, and ``stop_gradient(x)`` hands back the bare number. On a
bare ball ``x > 0``, ``abs``, ``max`` and NumPy's comparisons would be flint's
own (no decision recorded), while jets and proof numbers record theirs: the
runs part ways, and an exact 0 on the branch not taken is never proven (the
point had no reference). Each function here is at a point whose derivative is
an exact 0 on the branch taken, and at one whose derivative is not; the
expected numbers are the calculus of the branch, not gradcli's.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

F64 = ("float64",)


def tfp_style(x):
    # TensorFlow Probability's spelling: value and gradient computed on the stopped input.
    xs = gradcli.stop_gradient(x)
    fx = gnp.where(xs > 0, xs * xs * xs, 0.0)
    gx = gnp.where(xs > 0, 3 * xs * xs, 0.0)
    return gradcli.custom_gradient(fx, gx, x)


@gradcli.custom_gradient
def keras_style(x):
    # Keras' grad_fn(*args, upstream=...); the forward's branch is the builtin max on the value.
    m = max(x, 0.0)

    def grad_fn(*args, upstream=None):
        return upstream * 2 * max(x, 0.0)

    return m * m, grad_fn


@gradcli.custom_gradient
def python_if(x):
    if x > 0:
        return gnp.log1p(x), lambda g: g / (1 + x)
    return 0 * x, lambda g: 0 * g


@gradcli.custom_gradient
def builtin_abs(x):
    # |x| - x: 0 for x > 0, -2x below.
    return abs(x) - x, lambda g: g * (gnp.sign(x) - 1)


@gradcli.custom_gradient
def numpy_mask(x):
    # NumPy's own comparison on the forward's values (an object array of balls on the exact path).
    mask = np.greater(x, 0)
    return gnp.sum(gnp.where(mask, x * x, 0.0)), lambda g: g * gnp.where(mask, 2 * x, 0.0)


CASES = {
    # name: (function, point, exact gradient)
    "tfp custom_gradient(fx, gx, x), x < 0": (tfp_style, -1.0, 0.0),
    "tfp custom_gradient(fx, gx, x), x > 0": (tfp_style, 2.0, 12.0),
    "keras grad_fn(upstream=), x < 0": (keras_style, -1.0, 0.0),
    "keras grad_fn(upstream=), x > 0": (keras_style, 1.5, 3.0),
    "python if, x < 0": (python_if, -0.5, 0.0),
    "python if, x > 0": (python_if, 3.0, 0.25),
    "builtin abs, x > 0": (builtin_abs, 2.0, 0.0),
    "builtin abs, x < 0": (builtin_abs, -2.0, -2.0),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_branch_inside_a_custom_forward_is_a_decision_of_the_path(name):
    function, x, expected = CASES[name]
    (r,) = gradcli.check(function, [x], dtypes=F64, fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    assert "undetermined" not in [f.kind for f in r.findings]
    assert r.exact_gradient["x"] == pytest.approx(expected, rel=1e-15, abs=0)


def test_numpy_comparisons_on_the_forwards_array_decide_each_entry():
    x = np.array([-1.0, 2.0, -3.0])
    (r,) = gradcli.check(numpy_mask, [x], dtypes=F64, fixes=False).results
    assert r.status == "ok", [f.message for f in r.findings]
    assert list(r.exact_gradient["x"]) == [0.0, 4.0, 0.0]


def test_stop_gradient_of_a_ball_still_compares_as_a_branch():
    # The same outside a custom gradient: the stopped value is a gradcli value, its comparison recorded.
    def f(x):
        return gnp.where(gradcli.stop_gradient(x) > 0, x * x, 0 * x)

    (r,) = gradcli.check(f, [-2.0], dtypes=F64, fixes=False).results
    assert r.status == "ok" and r.exact_gradient["x"] == 0.0


# -- the property campaign over custom-gradient ops that branch on bare values ----------------------

CUSTOM_SAMPLE = 6  # compositions: a few seconds each on a quiet machine


def test_random_custom_gradient_compositions_match_the_oracle():
    import reference_custom_ops as custom
    from test_reference_property import campaign

    unanswered = []
    tried, points, answered, failures = campaign(
        seed=2033, compositions=CUSTOM_SAMPLE, points=2, pick=custom.custom_composition, unanswered=unanswered,
    )
    assert not failures, "\n".join(failures)
    assert not [line for line in unanswered if "not proven 0" in line], unanswered
    assert tried == CUSTOM_SAMPLE and points and answered >= points // 2, (tried, points, answered)


@gradcli.custom_gradient
def _clipped_rule(x):
    # A rule that branches on the upstream it is handed (bare on the exact path): gradient clipping.
    def grad_fn(upstream):
        return min(upstream, 1.0) * 2 * x

    return x * x, grad_fn


def test_grad_fn_branching_on_its_upstream_decides_on_balls():
    (r,) = gradcli.check(_clipped_rule, [1.5], dtypes=F64, fixes=False).results
    assert r.status == "ok" and r.exact_gradient["x"] == 3.0 and r.gradient["x"] == 3.0
