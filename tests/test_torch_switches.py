"""PyTorch code at its switches and behind PyTorch's own argument checks.

A fused op that switches on a comparison (softplus's threshold, hardtanh, relu6,
threshold, clamp, the shrinks) is judged at its switch as the same function written with a
``where`` is: a kink or a jump there is ``domain``, and just off it the
gradient is ``ok``. A reduction at a tie (amax, max, min, maximum) has no
derivative: ``domain``, not ``wrong``. PyTorch's own raise-only checks
(``F.gaussian_nll_loss``'s ``torch.any(var < 0)``, Wishart's ``df`` checks) are
traced on their valid path; a branch on a value in the user's own code is still
refused at the user's line.
"""

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
import gradcli.numpy as gnp
from gradcli.capture.torch_guards import _raise_only_checks
from gradcli.errors import InputError


def one(fun, point, framework="torch"):
    [result] = gradcli.check(fun, [point], framework=framework, dtypes=("float64",)).results
    return result


# -- fused switches: at the switch a kink or a jump (domain), just off it ok -------------------------

SWITCHES = {
    # name: (function, a point on its switch, a point just off it)
    "softplus beta=2 threshold=5": (lambda x: F.softplus(x, beta=2.0, threshold=5.0).sum(), [2.5, 1.0], [2.6, 1.0]),
    "softplus at its default threshold 20": (lambda x: F.softplus(x).sum(), [20.0, 1.0], [19.5, 1.0]),
    "hardtanh": (lambda x: F.hardtanh(x).sum(), [1.0, 0.3], [1.1, 0.3]),
    "relu6 at 6": (lambda x: F.relu6(x).sum(), [6.0, 0.3], [5.5, 0.3]),
    "threshold": (lambda x: F.threshold(x, 0.5, -1.0).sum(), [0.5, 0.3], [0.7, 0.3]),
    "clamp at its bound": (lambda x: x.clamp(-1.0, 1.0).sum(), [1.0, 0.3], [0.9, 0.3]),
    "relu": (lambda x: F.relu(x).sum(), [0.0, 0.3], [0.1, 0.3]),
    "softshrink": (lambda x: F.softshrink(x, 0.5).sum(), [-0.5, 0.3], [0.7, -0.9]),
    "hardshrink (a jump)": (lambda x: F.hardshrink(x, 0.5).sum(), [0.5, 0.3], [0.7, -0.9]),
}


@pytest.mark.parametrize("name", sorted(SWITCHES))
def test_a_fused_switch_is_a_kink_at_the_switch_and_ok_just_off_it(name):
    fun, on, off = SWITCHES[name]
    assert one(fun, {"x": np.array(on)}).status == "domain"
    result = one(fun, {"x": np.array(off)})
    assert result.status == "ok"
    x = torch.tensor(off, dtype=torch.float64, requires_grad=True)
    assert np.allclose([float(g) for g in result.gradient["x"]], torch.autograd.grad(fun(x), x)[0].numpy(), rtol=1e-12)


def test_softplus_at_its_threshold_has_no_derivative_from_the_right():
    # PyTorch's softplus is x above beta*x = threshold and log1p(exp(beta x))/beta at it: a jump of
    # -log1p(e^-5)/2 at x = 2.5, so no derivative there (the left slope sigmoid(5) is not one)
    result = one(SWITCHES["softplus beta=2 threshold=5"][0], {"x": np.array([2.5, 1.0])})
    assert result.status == "domain"
    assert np.isnan(float(result.exact_gradient["x"][0]))
    assert abs(float(result.exact_gradient["x"][1]) - float(mpmath.mpf(1) / (1 + mpmath.exp(-2)))) < 1e-15


# -- reductions at a tie: no derivative, as a hand-written max at a tie -------------------------------

TIES = {
    "amax": (lambda x: x.amax(), lambda x: gnp.amax(x), [1.0, 1.0, 0.3]),
    "max": (lambda x: x.max(), lambda x: gnp.max(x), [1.0, 1.0, 0.3]),
    "min": (lambda x: x.min(), lambda x: gnp.min(x), [0.3, 0.3, 1.0]),
    "max(dim=0)": (lambda x: x.max(dim=0).values, lambda x: gnp.max(x, axis=0), [1.0, 1.0, 0.3]),
    "maximum": (lambda x: torch.maximum(x[0], x[1]), lambda x: gnp.maximum(x[0], x[1]), [1.0, 1.0, 0.3]),
}


@pytest.mark.parametrize("name", sorted(TIES))
def test_a_reduction_at_a_tie_is_domain_in_pytorch_and_in_gradclis_twin(name):
    fun, twin, point = TIES[name]
    assert one(fun, {"x": np.array(point)}).status == "domain"
    assert one(twin, {"x": np.array(point)}, framework=None).status == "domain"
    off = np.array(point) + np.array([0.25, 0.0, 0.0])  # the first entry alone the extreme one
    result = one(fun, {"x": off if name != "min" else np.array(point) - np.array([0.25, 0.0, 0.0])})
    assert result.status == "ok"
    assert [float(g) for g in result.exact_gradient["x"]] == [1.0, 0.0, 0.0]


# -- PyTorch's own argument checks: traced on their valid path -------------------------------------------

T2 = torch.tensor([1.0, 2.0])


def gauss_nll(mu, var):
    return F.gaussian_nll_loss(mu, T2.to(mu.dtype), var, reduction="sum")


def test_gaussian_nll_loss_is_traced_past_its_check_of_var_and_its_gradient_is_exact():
    mu, var = np.array([0.5, 1.0]), np.array([0.5, 0.8])
    result = one(gauss_nll, {"mu": mu, "var": var})
    assert result.status == "ok"
    t = np.array([1.0, 2.0])
    exact = {"mu": (mu - t) / var, "var": (1 / var - (mu - t) ** 2 / var**2) / 2}
    for name in exact:
        assert np.allclose([float(g) for g in result.exact_gradient[name]], exact[name], rtol=1e-12, atol=0)


def test_gaussian_nll_loss_below_eps_is_wrong_by_pytorchs_design():
    # var is clamped to eps under no_grad: the value is constant in var[0] < eps (derivative 0), while
    # PyTorch's gradient is the unclamped formula at eps: a wrong gradient, which is the truth there
    result = one(gauss_nll, {"mu": np.array([0.5, 1.0]), "var": np.array([1e-8, 0.8])})
    assert result.status == "wrong"
    assert float(result.exact_gradient["var"][0]) == 0.0
    assert float(result.gradient["var"][0]) == pytest.approx(0.5 * (1 / 1e-6 - 0.25 / 1e-12), rel=1e-12)


def wishart_entropy(df):
    return torch.distributions.Wishart(df, covariance_matrix=torch.eye(2, dtype=df.dtype)).entropy()


def test_wisharts_checks_of_df_are_traced_and_its_exact_gradient_is_right():
    # Wishart checks `if self.df.le(p - 1).any(): raise`, warns on a low df, and its multivariate
    # digamma checks `if not x.gt((p - 1) / 2).all(): raise`; PyTorch's trigamma is off by ~3e-10
    # at df / 2 = 1.75, so its own gradient is unstable while the exact one is right
    result = one(wishart_entropy, {"df": np.array(3.5)})

    def entropy(df):
        a, half = df / 2, mpmath.mpf(1) / 2
        digammas = mpmath.digamma(a) + mpmath.digamma(a - half)
        return 3 * mpmath.log(2) + mpmath.log(mpmath.pi) / 2 + mpmath.loggamma(a) + mpmath.loggamma(a - half) - (df - 3) / 2 * digammas + df

    with mpmath.workdps(40):
        exact = mpmath.diff(entropy, mpmath.mpf(3.5))
    assert abs(float(result.exact_gradient["df"]) - float(exact)) < 1e-10 * abs(float(exact))
    assert result.status == "unstable"


def test_a_users_own_branch_on_a_value_is_still_refused_at_the_users_line():
    def checked(x):
        if torch.any(x < 0):
            raise ValueError("negative")
        return (x * x).sum()

    with pytest.raises(InputError, match=r"branches on a tensor's value at .*test_torch_switches\.py:\d+"):
        one(checked, {"x": np.array([1.0, 2.0])})


def test_only_checks_whose_body_raises_or_warns_are_answered(tmp_path):
    source = tmp_path / "library.py"
    source.write_text(
        "def f(x, y):\n"
        "    if x.any():\n"  # 2: raises: skipped by False
        "        raise ValueError('bad')\n"
        "    elif not (y > 0).all():\n"  # 4: `not`: skipped by True
        "        bad = y[y <= 0]\n"
        "        raise ValueError(f'{bad}')\n"
        "    if (x < 1).any():\n"  # 7: warns only
        "        warnings.warn('low')\n"
        "    if x.sum() > 0:\n"  # 9: computes: not a check
        "        x = x * 2\n"
        "    if x.any() and y.any():\n"  # 11: and/or of truths: each read false skips the body
        "        raise ValueError('both')\n"
        "    if x.any() or not y.any():\n"  # 13: a truth and a negated one on one line: told apart by span
        "        raise ValueError('either')\n"
        "    if not (x.any() or y.any()):\n"  # 15: both under one `not`: each read true skips it
        "        raise ValueError('neither')\n"
        "    return x\n"
    )
    either = [((13, 7, 13, 14), False), ((13, 22, 13, 29), True)]  # x.any() read false, y.any() read true
    assert _raise_only_checks(str(source)) == {2: False, 4: True, 7: False, 11: False, 13: either, 15: True}


# -- a forward NaN named where it first appeared ----------------------------------------------------------


def normal_log_prob(mu, scale):
    return torch.distributions.Normal(mu, scale).log_prob(torch.tensor(1e-199, dtype=mu.dtype)).sum()


def test_normal_log_prob_at_a_tiny_scale_names_the_forwards_0_over_0_at_the_users_line():
    # scale**2 and (x - mu)**2 underflow to 0 in float64, and log_prob divides one by the other: the first
    # NaN of the forward, at the line calling log_prob; the backward's first inf is its own 1/0 there
    result = one(normal_log_prob, {"mu": np.array(0.0), "scale": np.array(1e-200)})
    assert result.status == "unstable"
    line = f"{__file__}:{normal_log_prob.__code__.co_firstlineno + 1}"
    found = {(f.phase, f.kind, f.gradcli_op or f.op): f for f in result.findings}
    assert found["forward", "nonfinite", "divide"].message == "aten.div(-0.0, 0.0) gave NaN: nan"  # a `/`: the sentence calls its ATen op
    assert found["forward", "nonfinite", "divide"].location == line
    assert found["forward", "underflow", "power"].location == line
    assert "aten.div(1.0, 0.0) gave inf" in found["backward", "nonfinite", "divide"].message


# -- running extremes: the index that routes the gradient is a decision of the path ------------------

RUNNING = {
    "cummax": lambda x: x.cummax(0).values.sum(),
    "cummin": lambda x: x.cummin(0).values.sum(),
}


@pytest.mark.parametrize("name", sorted(RUNNING))
def test_a_running_extreme_at_a_tie_is_domain_and_off_it_ok_with_its_exact_gradient(name):
    fun = RUNNING[name]
    tie = [1.0, 1.0, 0.3] if name == "cummax" else [0.3, 0.3, 1.0]
    assert one(fun, {"x": np.array(tie)}).status == "domain"
    for point in ([1.0, 1.5, 0.3], [0.3, 0.2, 2.0], [2.0, -1.0, 0.5, 3.0]):
        result = one(fun, {"x": np.array(point)})
        assert result.status == "ok", (point, result.status)
        x = torch.tensor(point, dtype=torch.float64, requires_grad=True)
        # the gradient counts how many running entries each input is: whole numbers, exact on every path
        assert [float(g) for g in result.exact_gradient["x"]] == list(torch.autograd.grad(fun(x), x)[0].numpy())
