"""The findings of the thirty-fourth round (b) (tests/trials/cases34b.py) fixed in gradcli, one focused test each.

H1: a tensor the user's code makes from numbers in the inputs' dtype (``torch.tensor(MOMENTUM, dtype=q.dtype)``) is
held in float32 by a float32 program, and the exact reference holds it so by running the function once in float32
to see which tensors it makes there; a function that differentiates inside itself (a leapfrog step whose forces come
from torch.autograd.grad(create_graph=True)) failed that run, which gave the inputs no grad and autograd no graph,
so its constants stayed the float64 numbers written and the exact gradient of a float32 Hamiltonian Monte Carlo
trajectory was 3e-9 off.
"""

import numpy as np
import pytest

import gradcli

pytest.importorskip("torch")

USER_CODE = '''import torch

MOMENTUM = [0.5, -0.3]


def _force(q):
    (g,) = torch.autograd.grad((q ** 2).sum(), q, create_graph=True)
    return g


def kick(q):
    p = torch.tensor(MOMENTUM, dtype=q.dtype)
    p = p - 0.1 * _force(q)
    return (p * q).sum()
'''


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    path = tmp_path_factory.mktemp("kick") / "kick.py"
    path.write_text(USER_CODE)
    return path


def test_a_constant_of_a_function_that_differentiates_itself_is_held_in_float32(source):
    (result,) = gradcli.check(f"{source}:kick", [{"q": np.array([1.0, 1.0])}], dtypes=("float32",),
                              fixes=False).results
    # (m - 0.2 q) . q has slope m - 0.4 q: m and 0.1 the float32 numbers the program holds
    momentum, step = np.array([0.5, -0.3], dtype=np.float32).astype(float), float(np.float32(0.1))
    want = momentum - 4 * step * np.array([1.0, 1.0])
    got = np.array([float(v) for v in result.exact_gradient["q"]])
    assert result.status == "ok"
    assert np.allclose(got, want, rtol=1e-14, atol=0)  # float64's -0.3 is 3e-8 away, float32's own 1e-16
