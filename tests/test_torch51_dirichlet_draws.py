"""Beta and Dirichlet rsample: PyTorch's seeded draw held and differentiated in its concentrations exactly, as the
implicit reparameterisation PyTorch's ``_dirichlet_grad`` fits defines it (each marginal Beta(a_j, total - a_j) held at
its quantile), so PyTorch's fitted slope is judged (`wrong` at the rsample line, 3.7e-4 off in a at a = 2.5); a draw
of whole numbers (binomial, Poisson) is refused: it has no derivative."""

import mpmath
import numpy as np
import pytest
import torch
from torch.distributions import Beta, Dirichlet

import gradcli
from gradcli.errors import InputError

WEIGHTS = [1.0, 2.0, -1.0]


def beta_loss(a, b):
    torch.manual_seed(0)
    return (Beta(a, b).rsample((3,)) * torch.tensor(WEIGHTS, dtype=a.dtype)).sum()


def dirichlet_loss(alpha):
    torch.manual_seed(1)
    return (Dirichlet(alpha).rsample() * torch.tensor(WEIGHTS, dtype=alpha.dtype)).sum()


def poisson_loss(rate):
    torch.manual_seed(2)
    return (torch.poisson(rate) * rate).sum()


def _beta_slopes(x, a, b):
    """dx/da and dx/db of a Beta(a, b) sample x held at its quantile, by mpmath's differences of I_x(a, b)."""
    a, b, x = mpmath.mpf(a), mpmath.mpf(b), mpmath.mpf(x)
    density = x ** (a - 1) * (1 - x) ** (b - 1) / mpmath.beta(a, b)
    return [-mpmath.diff(lambda s: mpmath.betainc(*((s, b) if k == 0 else (a, s)), 0, x, regularized=True),
                         (a, b)[k]) / density for k in (0, 1)]


def test_a_beta_rsample_is_differentiated_exactly_and_pytorchs_fitted_slope_is_wrong():
    torch.manual_seed(0)
    drawn = Beta(torch.tensor(2.5, dtype=torch.float64), torch.tensor(1.5, dtype=torch.float64)).rsample((3,))
    with mpmath.workdps(30):
        slopes = [_beta_slopes(x, 2.5, 1.5) for x in drawn.tolist()]
        truth = [float(sum(w * s[k] for w, s in zip(WEIGHTS, slopes))) for k in (0, 1)]
    [result] = gradcli.check(beta_loss, [{"a": 2.5, "b": 1.5}], dtypes=["float64"], fixes=False).results
    assert [result.exact_gradient["a"], result.exact_gradient["b"]] == pytest.approx(truth, rel=1e-11)
    assert result.status == "wrong"
    assert result.rule_gradient["a"] == pytest.approx(result.gradient["a"], rel=1e-12)  # PyTorch's own fit, replayed
    assert abs(result.gradient["a"] / truth[0] - 1) > 1e-4
    [rule] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert rule.location.endswith("test_torch51_dirichlet_draws.py:20")  # the rsample line


def test_a_dirichlet_rsamples_slope_moves_every_entry_with_each_concentration():
    alpha = [2.5, 1.7, 0.8]
    torch.manual_seed(1)
    drawn = Dirichlet(torch.tensor(alpha, dtype=torch.float64)).rsample().tolist()
    total = sum(alpha)
    with mpmath.workdps(30):
        # dx/dalpha_j = s_j (e_j - x), s_j x_j's marginal Beta(alpha_j, total - alpha_j) slope over 1 - x_j
        s = [_beta_slopes(x, a, total - a)[0] / (1 - mpmath.mpf(x)) for x, a in zip(drawn, alpha)]
        mean = sum(w * x for w, x in zip(WEIGHTS, drawn))
        truth = [float(s[j] * (WEIGHTS[j] - mean)) for j in range(3)]
    [result] = gradcli.check(dirichlet_loss, [{"alpha": np.array(alpha)}], dtypes=["float64"], fixes=False).results
    assert np.asarray(result.exact_gradient["alpha"]).tolist() == pytest.approx(truth, rel=1e-11)
    assert result.status == "wrong"


def test_a_poisson_draw_is_refused_as_having_no_derivative():
    with pytest.raises(InputError, match="draws whole numbers") as raised:
        gradcli.check(poisson_loss, [{"rate": np.array([0.3, 6.0])}], dtypes=["float64"], fixes=False)
    assert "no derivative" in str(raised.value)


def test_the_slope_is_one_number_on_floats_mpmath_numbers_and_balls():
    import flint

    from gradcli.autodiff import mp
    from gradcli.autodiff.ops_stats import beta_drawn_slope

    mp.enable()  # gradcli's ops on mpmath numbers and balls, as the exact reference runs them

    a, x, total = 2.5, 0.3, 4.2
    with mpmath.workdps(30):
        truth = _beta_slopes(x, a, total - a)[0] / (1 - mpmath.mpf(x))
        [on_mpmath] = beta_drawn_slope(*(np.array([mpmath.mpf(v)], dtype=object) for v in (a, x, total)))
        assert abs(on_mpmath - truth) < 1e-25
    [ball] = beta_drawn_slope(*(np.array([flint.arb(v)], dtype=object) for v in (a, x, total)))
    assert float(ball.mid()) == pytest.approx(float(truth), rel=1e-14) and float(ball.rad()) < 1e-12
    assert float(beta_drawn_slope(np.float64(a), np.float64(x), np.float64(total))) == pytest.approx(float(truth), rel=1e-15)
