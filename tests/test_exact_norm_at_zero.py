"""A norm at 0 composed so that the whole is smooth gets its exact reference: the gradient exactly 0.

``1 / sqrt(|d|^2 + 0.01)`` written with ``torch.norm`` at d = 0 is a smooth function of |d|^2 whose gradient is
exactly 0, though the norm itself has a cone's tip there. PyTorch's norm replays as ``sum(d * d) ** 0.5``: a power
of 0.5 is a square root on the proof numbers, so the symmetry of the program in the step proves the 0 (the kink
test has found no kink first). The norm alone, and its square root, keep their kinks.
"""

import numpy
import pytest

import gradcli

torch = pytest.importorskip("torch")

MODULE = """
import torch


def inverse(d):
    return 1.0 / torch.sqrt(torch.norm(d) ** 2 + 0.01)


def squared(d):
    return torch.norm(d) ** 2


def cosine_of_norm(d):
    return torch.cos(torch.norm(d)) * torch.exp(d[0])


def cubed(d):
    return torch.norm(d) ** 3


def norm(d):
    return torch.norm(d)


def root_of_norm(d):
    return torch.sqrt(torch.norm(d))
"""

NUMPY_MODULE = """
import numpy as np


def inverse(d):
    return 1.0 / np.sqrt((np.sum(d * d) ** 0.5) ** 2 + 0.01)


def norm(d):
    return np.sum(d * d) ** 0.5
"""


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("norms")
    (folder / "torch_norms.py").write_text(MODULE)
    (folder / "numpy_norms.py").write_text(NUMPY_MODULE)
    return folder


def _check(path, name, point):
    (result,) = gradcli.check(f"{path}:{name}", [{"d": numpy.asarray(point, dtype=float)}], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("module, name, expected", [
    ("torch_norms.py", "inverse", [0.0, 0.0, 0.0]),
    ("torch_norms.py", "squared", [0.0, 0.0, 0.0]),
    ("torch_norms.py", "cosine_of_norm", [1.0, 0.0, 0.0]),  # d/dd0 of cos(|d|) e^d0 at 0: cos(0) e^0
    ("torch_norms.py", "cubed", [0.0, 0.0, 0.0]),
])
def test_a_smooth_function_of_a_norm_at_zero_has_its_exact_gradient(modules, module, name, expected):
    result = _check(modules / module, name, [0.0, 0.0, 0.0])
    assert result.status == "ok", result.findings
    assert list(result.exact_gradient["d"]) == expected


def test_the_same_in_numpy_judges_the_power_rule_that_is_nan_there(modules):
    # gradcli's own rule for s ** 0.5 at s = 0 is 0.5 * 0 ** -0.5 * 0 = NaN: a rule that disagrees with the 0.
    result = _check(modules / "numpy_norms.py", "inverse", [0.0, 0.0, 0.0])
    assert list(result.exact_gradient["d"]) == [0.0, 0.0, 0.0]
    assert result.status == "wrong" and any(f.kind == "nonfinite-rule" for f in result.findings)


@pytest.mark.parametrize("module, name", [("torch_norms.py", "norm"), ("torch_norms.py", "root_of_norm"),
                                          ("numpy_norms.py", "norm")])
def test_the_norm_itself_keeps_its_kink_at_zero(modules, module, name):
    result = _check(modules / module, name, [0.0, 0.0, 0.0])
    assert result.status == "domain", result.findings
    assert all(numpy.isnan(g) for g in result.exact_gradient["d"])


def test_away_from_zero_the_norm_has_its_slope(modules):
    result = _check(modules / "torch_norms.py", "norm", [3.0, 0.0, 4.0])
    assert result.status == "ok"
    assert numpy.allclose(numpy.asarray(result.exact_gradient["d"], dtype=float), [0.6, 0.0, 0.8], rtol=1e-15, atol=0)
