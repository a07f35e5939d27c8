"""PyTorch library code that computes in float32 inside a float64 program: `unstable` at the user's line, never `wrong`.

Distributions given Python numbers make float32 tensors of them (PyTorch's
default dtype: ``broadcast_all``, Beta's concentrations), so part of a float64
log_prob computes in float32; celu's backward kernel multiplies by
``1 / alpha`` with alpha held as a C float. Each loses digits in float64: the
finding names the op (or the function's rule) at the user's line, and where
no op amplified an error, the step that computed in float32.
"""

import inspect

import numpy as np
import pytest
import torch
import torch.distributions as D
import torch.nn.functional as F

import gradcli


def normal_log_prob(x):
    return D.Normal(0.0, 0.1).log_prob(x).sum()


def beta_log_prob(x):
    return D.Beta(2.5, 3.5).log_prob(torch.sigmoid(x)).sum()


def student_t_log_prob(x):
    return D.StudentT(3.3).log_prob(x).sum()


def uniform_log_prob(x):
    return D.Uniform(-10.0, 10.1).log_prob(x).sum() * x.sum()


def laplace_log_prob(x):
    return D.Laplace(0.1, 0.3).log_prob(x).sum()


def celu_loss(x):
    return F.celu(x, alpha=0.3).sum()


CASES = [
    (normal_log_prob, [0.37, -0.61]),
    (beta_log_prob, [0.37, -0.61]),
    (student_t_log_prob, [0.37, -0.61]),
    (uniform_log_prob, [0.37, -0.61]),
    (laplace_log_prob, [0.37, -0.61]),
    (celu_loss, [0.37, -0.61]),
]


def _line(fun):
    lines, first = inspect.getsourcelines(fun)
    return f"{__file__.rsplit('/', 1)[-1]}:{first + 1}"


@pytest.mark.parametrize("fun, x", CASES, ids=[c[0].__name__ for c in CASES])
def test_a_float32_step_inside_float64_is_unstable_at_the_users_line(fun, x):
    [result] = gradcli.check(fun, [{"x": np.array(x)}], framework="torch", dtypes=("float64",)).results
    assert result.status == "unstable"
    located = [f for f in result.findings if f.location and f.location.endswith(_line(fun))]
    assert located, [(f.kind, f.op, f.location) for f in result.findings]


def test_where_no_op_amplified_an_error_the_float32_step_is_named():
    [result] = gradcli.check(beta_log_prob, [{"x": np.array([0.37, -0.61])}], framework="torch", dtypes=("float64",)).results
    [finding] = [f for f in result.findings if f.kind == "narrowed"]
    assert "turns float64 numbers into float32" in finding.message
    assert finding.location.endswith(_line(beta_log_prob))


def test_celus_rule_is_judged_on_its_mathematics_not_its_float32_scalar():
    # the backward multiplies by 1 / float32(0.3) = 3.3333332008785725: the exact replay takes 10/3, so the
    # rule is right and the float64 gradient 4e-8 off, as PyTorch's is
    [result] = gradcli.check(celu_loss, [{"x": np.array([-0.61])}], framework="torch", dtypes=("float64",)).results
    assert result.status == "unstable"
    exact = np.exp(-0.61 / 0.3)
    assert abs(float(result.exact_gradient["x"][0]) - exact) <= 1e-14 * exact
    assert abs(float(result.gradient["x"][0]) - exact) > 1e-9 * exact  # PyTorch's own float64 gradient


def users_float32_looking_literal(x):
    return (x * 0.33333334).sum()


def test_a_number_the_users_code_wrote_stays_that_number():
    # 0.33333334 is 1/3 to float32's digits only, as celu's scalar is; but the user wrote it, in the forward too
    [result] = gradcli.check(users_float32_looking_literal, [{"x": np.array([0.37, -0.61])}], framework="torch",
                             dtypes=("float64",)).results
    assert result.status == "ok"
    assert [float(g) for g in result.exact_gradient["x"]] == [0.33333334, 0.33333334]
