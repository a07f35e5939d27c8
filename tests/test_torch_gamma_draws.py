"""A seeded Gamma sample inside a PyTorch loss: PyTorch's draw held, its slope in the shape the exact implicit one.

``torch.manual_seed(0); z = Gamma(alpha, rate).rsample()`` draws z and
differentiates it implicitly, as the quantile of a uniform held fixed:
dz/dalpha = -(dP(alpha, z)/dalpha) / p(z; alpha), P the regularised lower
incomplete gamma function and p its density. PyTorch computes that slope with
a fitted approximation (``_standard_gamma_grad``), 2.4e-5 off at alpha = 3;
gradcli holds PyTorch's draw (each dtype's own) and differentiates it exactly,
so the approximation is judged `wrong`, at the rsample's line, in float64 and
float32. The rate enters as z / rate. Truths: the draws from PyTorch, the slope
from mpmath's incomplete gamma function differentiated numerically at 40 digits.
"""

import mpmath
import numpy as np
import pytest
import torch

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as mp_core
from gradcli.autodiff.ops_stats import gamma_drawn
from gradcli.autodiff.transforms import grad
from gradcli.errors import InputError

MODEL = '''import torch
import torch.distributions as D


def gamma_sample(alpha):
    torch.manual_seed(0)
    return torch.sum(D.Gamma(alpha, torch.full_like(alpha, 2.0)).rsample())


def normal_after_gamma(alpha):
    torch.manual_seed(0)
    z = D.Gamma(alpha, torch.ones_like(alpha)).rsample()
    return torch.sum(z * torch.randn_like(z))


def beta_sample(alpha):
    torch.manual_seed(0)
    return torch.sum(D.Beta(alpha, torch.ones_like(alpha)).rsample())
'''
ALPHA = [0.5, 3.0]


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("gamma_draws") / "gamma_draws_model.py"
    path.write_text(MODEL)
    return str(path)


def _slope(alpha, z):
    """The exact dz/dalpha of a Gamma(alpha, 1) draw z held at its quantile."""
    with mpmath.workdps(40):
        a, x = mpmath.mpf(float(alpha)), mpmath.mpf(float(z))
        cdf = mpmath.diff(lambda s: mpmath.gammainc(s, 0, x, regularized=True), a)
        return float(-cdf / (x ** (a - 1) * mpmath.exp(-x) / mpmath.gamma(a)))


def test_pytorchs_approximate_gamma_slope_is_wrong_against_the_exact_implicit_one(model):
    report = gradcli.check(f"{model}:gamma_sample", [{"alpha": ALPHA}], dtypes=("float32", "float64"), fixes=False)
    assert {r.dtype: r.status.value for r in report.results} == {"float32": "wrong", "float64": "wrong"}
    for result in report.results:
        [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
        assert finding.location.endswith("gamma_draws_model.py:7")
        torch.manual_seed(0)
        alpha = torch.tensor(ALPHA, dtype=getattr(torch, result.dtype), requires_grad=True)
        z = torch._standard_gamma(alpha)  # the dtype's own draw, as the rsample makes it
        truth = [_slope(a, v) / 2 for a, v in zip(alpha.detach().double(), z.detach().double())]
        np.testing.assert_allclose(np.asarray(result.exact_gradient["alpha"], dtype=float), truth, rtol=1e-10)
        (own,) = torch.autograd.grad(z.sum() / 2, alpha)
        assert np.max(np.abs(own.double().numpy() / truth - 1)) > 1e-6  # PyTorch's own slope is really off


def test_a_draw_after_a_gamma_sample_is_refused_at_its_line(model):
    with pytest.raises(InputError, match=r"randn_like.*gamma_draws_model.py:13.*follows a Gamma sample"):
        gradcli.check(f"{model}:normal_after_gamma", [{"alpha": ALPHA}], dtypes=("float64",), fixes=False)


def test_the_draws_gradient_rule_is_the_implicit_slope_on_floats_and_mpmath_numbers():
    """gradcli's own rule of `gamma_drawn` (its VJP), which the replay in a dtype and the mpmath reference run."""
    mp_core.enable()
    draws = np.array([0.1, 2.5])
    truth = [_slope(a, z) for a, z in zip(ALPHA, draws)]
    on_floats = grad(lambda a: gnp.sum(gamma_drawn(a, draws)))(np.array(ALPHA))
    np.testing.assert_allclose(on_floats, truth, rtol=1e-12)
    with mpmath.workdps(30):
        exact = np.vectorize(mpmath.mpf, otypes=[object])
        on_mpmath = grad(lambda a: gnp.sum(gamma_drawn(a, exact(draws))))(exact(ALPHA))
    np.testing.assert_allclose(np.asarray(on_mpmath, dtype=float), truth, rtol=1e-14)
