"""PyTorch's complex tensors through the replay's scatters, conjugate views, variances and linear algebra, and a
quotient rounded by torch.div's rounding_mode.

A real loss of complex intermediates (|z|^2 as real(z conj(z)), abs) is what a
user writes. A scatter into a complex tensor keeps the gradient on the tape; a
conj()'s lazy negation (``_neg_view``, where its imaginary part is read) is replayed; a complex tensor's variance
is its mean squared modulus; a complex matrix's determinant, solve and slogdet
(its sign a point on the unit circle that turns with the matrix) are
differentiated through LU solves whose adjoint conjugates. Each exact value and
gradient is PyTorch's own float64 one. ``torch.div(x, y,
rounding_mode='floor'/'trunc')`` is a step function: gradient 0 between its
steps, `domain` at one.
"""

import numpy as np
import pytest
import torch

import gradcli
from gradcli.errors import InputError

from complex57_checks import assert_float64_ok_as_the_framework, pytorchs_own

X = [1.0, 2.0, -1.0, 0.5, 0.3, -0.7, 1.5, 0.25]


def power(y):
    """|y|^2 summed, as real(y conj(y))."""
    return (y * y.conj()).real.sum()


def complex_ops(x):
    z = torch.complex(x[0:4], x[4:8])
    m = z.reshape(2, 2)
    scattered = [torch.zeros(5, dtype=z.dtype).scatter(0, torch.tensor([1, 3]), z[:2]),
                 z.scatter_add(0, torch.tensor([1, 1]), z[2:4])]
    picked = torch.where(x[0:4] > 0, z, z.conj())
    sign, logabsdet = torch.linalg.slogdet(m)
    algebra = [torch.linalg.det(m), torch.linalg.solve(m, m[:, :1] + 1), sign * 3]
    spreads = torch.var(z) + torch.std(z[:3]) + logabsdet
    weighted = (z.conj().imag * torch.arange(1, 5, dtype=x.dtype)).sum()  # the lazy negation read, weighted
    return sum(power(y) for y in scattered + [picked] + algebra) + spreads + picked.abs().sum() + weighted


def test_a_real_loss_through_complex_scatters_views_and_linear_algebra_is_pytorchs():
    (result,) = gradcli.check(complex_ops, [{"x": X}], dtypes=("float64",), fixes=False, framework="torch").results
    assert_float64_ok_as_the_framework(result, *pytorchs_own(torch, complex_ops, {"x": X}))


W = [2.0, 3.0, 2.0, 0.5]


def rounded_quotients(x):
    w = torch.tensor(W, dtype=x.dtype)
    return (torch.div(x, w, rounding_mode="floor") * x).sum() + (torch.div(x, w, rounding_mode="trunc") * x * x).sum()


def test_a_rounded_quotient_is_a_step_function():
    between, at_a_step = [2.5, 2.0, -1.0, 0.3], [2.0, 2.0, -1.0, 0.3]  # x0 / 2 = 1 at the second: floor's step
    off, on = gradcli.check(rounded_quotients, [{"x": between}, {"x": at_a_step}], dtypes=("float64",), fixes=False,
                            framework="torch").results
    assert_float64_ok_as_the_framework(off, *pytorchs_own(torch, rounded_quotients, {"x": between}))
    # floor(1.25) + 2 x0 trunc(1.25) in x0; floor(-0.5) = -1, trunc(-0.5) = 0 in x2
    assert [float(g) for g in off.exact_gradient["x"]] == pytest.approx([1 + 1 * 5.0, 0.0, -1.0, 0.0])
    assert on.status.value == "domain"


def test_a_complex_op_without_a_replay_says_the_table_lacks_it():
    def reflected(x):
        z = torch.complex(torch.stack([x[0:2], x[2:4]]), torch.ones(2, 2, dtype=x.dtype))
        return torch.linalg.householder_product(z, z[0]).real.sum()

    with pytest.raises(InputError) as refused:
        gradcli.check(reflected, [{"x": X[:4]}], dtypes=("float64",), fixes=False, framework="torch")
    message = str(refused.value)
    assert "linalg_householder_product" in message and "ATen ops gradcli replays" in message
    assert "only for" not in message and "write it with real tensors" in message
