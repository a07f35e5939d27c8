"""A seeded random draw inside a PyTorch loss is a constant of the function, replayed as PyTorch draws it in each dtype.

``torch.manual_seed(0); z = Normal(mu, sigma).rsample()`` draws eps from the
seeded generator and computes ``z = mu + sigma * eps``: a deterministic
function of the parameters, whose gradient is exact with eps held. PyTorch's
float32 draws are other numbers than its float64 ones (from 16 entries on),
so the float32 program's reference replays the float32 draw. An unseeded draw is
refused with what the user can do (a Gamma sample: test_torch_gamma_draws). Truths:
the draws from PyTorch itself, the derivatives by hand (d/dmu sum z^2 = 2 z, d/dsigma = 2 z eps).

Each draw is made by the kernel the user's run calls: PyTorch decomposes some
(``exponential_``, ``bernoulli``) into other draws that give other numbers, so
a reference built on the decomposition differentiates another function.
"""

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.errors import InputError

MODEL = '''import torch
import torch.distributions as D


def normal_sample(mu, sigma):
    torch.manual_seed(0)
    z = D.Normal(mu, sigma).rsample()
    return torch.sum(z ** 2)


def unseeded(mu, sigma):
    z = D.Normal(mu, sigma).rsample()
    return torch.sum(z ** 2)
'''
MU, SIGMA = [0.5 + 0.1 * k for k in range(20)], [2.0 - 0.05 * k for k in range(20)]


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("random_draws") / "random_draws_model.py"
    path.write_text(MODEL)
    return str(path)


def eps(dtype):
    torch.manual_seed(0)
    return torch.randn(len(MU), dtype=getattr(torch, dtype)).double().numpy()


def test_a_seeded_normal_sample_is_replayed_with_each_dtypes_own_draw(model):
    assert np.max(np.abs(eps("float32") - eps("float64"))) > 0.1  # the two dtypes draw other numbers
    report = gradcli.check(f"{model}:normal_sample", [{"mu": MU, "sigma": SIGMA}], dtypes=("float32", "float64"),
                           fixes=False)
    results = {r.dtype: r for r in report.results}
    assert {d: r.status.value for d, r in results.items()} == {"float32": "ok", "float64": "ok"}
    for dtype, result in results.items():
        held = lambda v: np.asarray(v, dtype=dtype).astype(float)  # noqa: E731 - the point as the dtype holds it
        z = held(MU) + held(SIGMA) * eps(dtype)
        np.testing.assert_allclose(np.asarray(result.exact_gradient["mu"], dtype=float), 2 * z, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(result.exact_gradient["sigma"], dtype=float), 2 * z * eps(dtype), rtol=1e-12)


def test_an_unseeded_draw_is_refused_with_the_seed_to_write(model):
    with pytest.raises(InputError, match=r"not seeded in the function.*torch.manual_seed\(0\).*loc \+ scale \* eps") as error:
        gradcli.check(f"{model}:unseeded", [{"mu": [0.5], "sigma": [2.0]}], dtypes=("float64",), fixes=False)
    assert "random_draws_model.py:12" in str(error.value)


# Fills and samples whose draw is their kernel's own (each called as the user's code calls it, on a tensor like x).
KERNEL_DRAWS = {
    "exponential_": lambda x: torch.empty_like(x).exponential_(2.0),
    "cauchy_": lambda x: torch.empty_like(x).cauchy_(0.5, 2.0),
    "geometric_": lambda x: torch.empty_like(x).geometric_(0.3),
    "log_normal_": lambda x: torch.empty_like(x).log_normal_(0.0, 0.5),
    "bernoulli_(p)": lambda x: torch.empty_like(x).bernoulli_(0.4),
    "dropout's mask": lambda x: F.dropout(torch.ones_like(x), 0.5),
    "Exponential rsample": lambda x: torch.distributions.Exponential(torch.full_like(x, 2.0)).rsample(),
}
X = [0.1 * k - 0.7 for k in range(20)]


def _through(draw):
    def loss(x):
        torch.manual_seed(0)
        return torch.sum(torch.sin(x * draw(x)))

    return loss


@pytest.mark.parametrize("name", KERNEL_DRAWS)
def test_a_seeded_draw_is_its_kernels_own_in_each_dtype(name):
    report = gradcli.check(_through(KERNEL_DRAWS[name]), [np.array(X)], dtypes=("float32", "float64"), framework="torch",
                           fixes=False)
    for result in report.results:
        assert result.status.value == "ok", (result.dtype, result.findings)
        torch.manual_seed(0)
        x = torch.tensor(X, dtype=getattr(torch, result.dtype))
        drawn = KERNEL_DRAWS[name](x).double().numpy()
        truth = [float(d * mpmath.cos(mpmath.mpf(float(v)) * d)) for v, d in zip(x.double().numpy(), drawn)]
        [exact] = result.exact_gradient.values()
        np.testing.assert_allclose(np.asarray(exact, dtype=float), truth, rtol=1e-12, atol=1e-300)


def test_a_draw_reading_a_tensors_probabilities_is_refused_at_its_line():
    def coin(x):
        torch.manual_seed(0)
        return torch.sum(x * torch.bernoulli(torch.full_like(x, 0.4)))  # the line named

    line = coin.__code__.co_firstlineno + 2
    with pytest.raises(InputError, match=r"aten.bernoulli.*probabilities held in a tensor.*bernoulli_\(0.3\)") as error:
        gradcli.check(coin, [np.array(X)], dtypes=("float64",), framework="torch", fixes=False)
    assert f"{__file__}:{line}" in str(error.value)
