"""Finite differences step only the variables a check asks about: data the function is given (an argument --wrt
leaves out) is held, so data sitting at its domain's edge (sqrt(d - 0.5) at d = 0.5) leaves the differences reliable
and right, the gradient's own by mpmath."""

import mpmath
import pytest
import torch

import gradcli

W, DATA = [0.3, 0.2], [0.5, 2.0]


def guarded(w, data):
    return (torch.sqrt(data - 0.5) * w).sum()


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_held_data_at_its_domains_edge_is_not_stepped(dtype):
    (result,) = gradcli.check(guarded, [{"w": W, "data": DATA}], wrt=("w",), dtypes=(dtype,), fixes=False,
                              framework="torch").results
    assert result.status == "ok", result.findings
    assert not [f for f in result.findings if f.kind == "fd-unreliable"], result.findings
    assert set(result.fd_gradient) == {"w"}
    with mpmath.workdps(30):
        truth = [mpmath.sqrt(mpmath.mpf(d) - mpmath.mpf("0.5")) for d in DATA]
    for got, want in zip(result.fd_gradient["w"], truth):
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-8 * max(1, abs(want))
