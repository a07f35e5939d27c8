"""A tensor the user's PyTorch code makes from its own numbers is held as the program's dtype holds it.

``torch.tensor([[1.0, 0.999999], [0.999999, 1.0]], dtype=mean.dtype)`` in a
float32 program is a float32 covariance, 0.999999 there being 0.99999898672:
the slope of the negative log-density, -C^-1 (x - mean), moves by 1.3 % with it,
whether ``torch.distributions`` or the user's own ``torch.linalg.solve`` reads
it. So do ``torch.as_tensor``, ``torch.full`` and a 0-d ``torch.tensor``. A
tensor made outside the function keeps the dtype it was made in, in the
program of every dtype. Truths: mpmath at 60 digits from the formulas, here.
"""

import mpmath
import numpy as np
import pytest

import gradcli

MODEL = '''import torch
import torch.distributions as D

OUTSIDE = torch.tensor([0.999999, 0.3], dtype=torch.float64)


def by_distribution(mean):
    cov = torch.tensor([[1.0, 0.999999], [0.999999, 1.0]], dtype=mean.dtype)
    return -D.MultivariateNormal(mean, cov).log_prob(torch.tensor([0.5, -0.5], dtype=mean.dtype))


def by_solve(mean):
    cov = torch.as_tensor([[1.0, 0.999999], [0.999999, 1.0]], dtype=mean.dtype)
    d = torch.as_tensor([0.5, -0.5], dtype=mean.dtype) - mean
    return 0.5 * d @ torch.linalg.solve(cov, d)


def by_full(mean):
    c = torch.full((2,), 0.999999, dtype=mean.dtype)
    return torch.sum((mean - c) ** 2 / (1 - c))


def by_number(mean):
    c = torch.tensor(0.999999, dtype=mean.dtype)
    return torch.sum((mean - c) ** 2 / (1 - c))


def made_outside(mean):
    return torch.sum((mean - OUTSIDE) ** 2)
'''
MEAN = [0.1, 0.2]


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("users_constants") / "users_constants_model.py"
    path.write_text(MODEL)
    return str(path)


def _held(dtype):
    return lambda v: mpmath.mpf(float(np.dtype(dtype).type(v)))  # the dtype's number, exactly


def mvn_slope(dtype):
    """d/dmean of -log N(x; mean, C) = -C^-1 (x - mean), C's and the point's numbers as ``dtype`` holds them."""
    held = _held(dtype)
    with mpmath.workdps(60):
        c = mpmath.matrix([[1, held(0.999999)], [held(0.999999), 1]])
        d = mpmath.matrix([held(0.5) - held(MEAN[0]), held(-0.5) - held(MEAN[1])])
        return [float(v) for v in -(c ** -1 * d)]


def quotient_slope(dtype):
    """d/dmean of sum((mean - c)^2 / (1 - c)) = 2 (mean - c) / (1 - c), c held in ``dtype``."""
    held = _held(dtype)
    with mpmath.workdps(60):
        c = held(0.999999)
        return [float(2 * (held(m) - c) / (1 - c)) for m in MEAN]


def check(model, name):
    report = gradcli.check(f"{model}:{name}", [{"mean": MEAN}], dtypes=("float32", "float64"), fixes=False)
    return {r.dtype: r for r in report.results}


@pytest.mark.parametrize("name, truth", [
    ("by_distribution", mvn_slope), ("by_solve", mvn_slope), ("by_full", quotient_slope), ("by_number", quotient_slope),
])
def test_a_tensor_of_the_users_numbers_is_held_as_its_dtype_holds_it(model, name, truth):
    results = check(model, name)
    assert {d: r.status.value for d, r in results.items()} == {"float32": "ok", "float64": "ok"}
    for dtype, result in results.items():
        np.testing.assert_allclose(np.asarray(result.exact_gradient["mean"], dtype=float), truth(dtype), rtol=1e-12)
    # The two dtypes' programs differ by the constant's rounding: the test tells held from written.
    assert abs(truth("float32")[0] / truth("float64")[0] - 1) > 1e-3


def test_a_tensor_made_outside_the_function_keeps_its_own_dtype(model):
    results = check(model, "made_outside")
    with mpmath.workdps(60):
        # float32's mean minus a float64 tensor computes in float64: the float64 numbers as written
        truth = [float(2 * (_held("float32")(m) - mpmath.mpf(w))) for m, w in zip(MEAN, [0.999999, 0.3])]
    assert results["float32"].status.value == "ok"
    np.testing.assert_allclose(np.asarray(results["float32"].exact_gradient["mean"], dtype=float), truth, rtol=1e-12)
