"""The xlogy family's fix for PyTorch code is written in PyTorch's spelling and holds in PyTorch: ``xlogy(x, y)`` at
x = 0, y = 0 has PyTorch's rule x / y give 0/0 for y's slope, where the function's is 0; the fix guards y with
``torch.where`` and spells the call as the user's line does (``torch.xlogy``; ``torch.special.xlog1py``),
re-checked `ok` by gradcli and, here, by PyTorch's own gradient of the fixed line against mpmath's derivative."""

import re

import mpmath
import numpy as np
import pytest
import torch

import gradcli

USERS = '''\
import torch


def kl_short(y):
    x = torch.tensor([0.0, 0.5], dtype=y.dtype)
    return torch.sum(torch.xlogy(x, y))


def kl_of_one_plus(y):
    x = torch.tensor([0.0, 0.5], dtype=y.dtype)
    return torch.sum(torch.special.xlog1py(x, y))
'''

# the function's gradient in y: d/dy (x log y) = x / y where x != 0, and 0 where x = 0 (the value is 0 for every y);
# the same for x log(1 + y) with 1 + y in y's place
CASES = {
    "kl_short": ([0.0, 2.0], "torch.xlogy", lambda x, y: x * mpmath.log(y)),
    "kl_of_one_plus": ([-1.0, 2.0], "torch.special.xlog1py", lambda x, y: x * mpmath.log1p(y)),
}


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("torch64_xlogy") / "users.py"
    path.write_text(USERS)
    return str(path)


def _truth(term, point):
    """The exact gradient in y: entry 0 has x = 0, whose term is 0 for every y (slope 0); entry 1 by mpmath."""
    with mpmath.workdps(40):
        return [0.0, float(mpmath.diff(lambda y: term(mpmath.mpf("0.5"), y), mpmath.mpf(point[1])))]


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_fix_is_pytorchs_spelling_and_pytorchs_gradient_of_it_is_the_exact_one(users, name):
    point, spelled, term = CASES[name]
    report = gradcli.check(f"{users}:{name}", [{"y": point}], dtypes=("float64",))
    (result,) = report.results
    truth = _truth(term, point)
    assert result.status == "wrong", result.status
    assert np.allclose(np.asarray(result.exact_gradient["y"], dtype=float), truth, rtol=1e-12, atol=0)
    (fix,) = [f for f in report.fixes if f.name == "xlogy guard"]
    assert set(fix.after.values()) == {"ok"}, fix.after
    (added,) = [line[1:].strip() for line in fix.diff.splitlines() if line.startswith("+") and "return" in line]
    assert re.fullmatch(rf"return torch\.sum\({re.escape(spelled)}\(x, torch\.where\(x == 0, [01]\.0, y\)\)\)", added), added
    # PyTorch's own gradient of the fixed line, run here in PyTorch
    y = torch.tensor(point, dtype=torch.float64, requires_grad=True)
    x = torch.tensor([0.0, 0.5], dtype=torch.float64)
    fixed = eval(added.removeprefix("return "), {"torch": torch, "x": x, "y": y})  # noqa: S307 - the fix's own text
    (gradient,) = torch.autograd.grad(fixed, y)
    assert np.allclose(gradient.numpy(), truth, rtol=1e-14, atol=0)
