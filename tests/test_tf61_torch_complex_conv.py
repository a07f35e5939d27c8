"""PyTorch's convolution of complex tensors: its three real convolutions (PyTorch's own decomposition, Gauss's product)
replayed by gradcli's real convolution, and their backward kernels' pullbacks inside a recorded run.

A real loss of a complex convolution's output (|y|^2) is checked with its exact
reference: the value and gradient PyTorch gives in float64, and an independent
mpmath computation of the same correlation.
"""

import mpmath
import pytest
import torch
import torch.nn.functional as F

import gradcli

from complex57_checks import pytorchs_own

X = [1.0, 2.0, -1.0, 0.5, 0.3, -0.7, 1.5, 0.25, 0.1, -0.2, 0.4, 0.9]  # a signal of 4 and a kernel of 2 complex numbers


def convolved_power(x):
    z = torch.complex(x[0:4], x[4:8]).reshape(1, 1, 4)
    w = torch.complex(x[8:10], x[10:12]).reshape(1, 1, 2)
    y = F.conv1d(z, w, padding=1)
    return (y * y.conj()).real.sum()


def _convolved_power_truth(x):
    """PyTorch's conv1d is a correlation, the kernel not conjugated: y[k] = sum_j z[k + j - 1] w[j]."""
    z = [mpmath.mpc(x[k], x[k + 4]) for k in range(4)]
    w = [mpmath.mpc(x[8 + j], x[10 + j]) for j in range(2)]
    padded = [0] + z + [0]
    y = [sum(padded[k + j] * w[j] for j in range(2)) for k in range(5)]
    return sum(abs(v) ** 2 for v in y)


def _mpmath_gradient(function, point):
    with mpmath.workdps(40):
        point = [mpmath.mpf(p) for p in point]
        return [float(mpmath.diff(lambda t, i=i: function(point[:i] + [t] + point[i + 1:]), point[i]))
                for i in range(len(point))]


def test_a_complex_convolution_has_its_exact_reference():
    (result,) = gradcli.check(convolved_power, [{"x": X}], dtypes=("float64",), fixes=False, framework="torch").results
    assert result.status.value == "ok", (result.error, result.findings)
    value, gradient = pytorchs_own(torch, convolved_power, {"x": X})
    assert float(result.exact_value) == pytest.approx(value, rel=1e-12)
    exact = [float(g) for g in result.exact_gradient["x"]]
    assert exact == pytest.approx(gradient["x"], rel=1e-12, abs=1e-12)
    assert exact == pytest.approx(_mpmath_gradient(_convolved_power_truth, X), rel=1e-10, abs=1e-10)
    assert float(result.exact_value) == pytest.approx(float(_convolved_power_truth(X)), rel=1e-12)
