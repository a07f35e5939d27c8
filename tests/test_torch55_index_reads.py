"""A read ``x[i]`` at a one-number integer index tensor (an argmax) is traced as the gather it is wherever no later
write in place makes PyTorch's view of it differ from a copy: replayed with the exact gradient; refused, naming the
read's and the write's lines, where such a write reaches the tensor read or the read before the other is used."""

import inspect

import numpy as np
import pytest
import torch

import gradcli
from gradcli.errors import InputError


def peak_squared(x):
    return x[torch.argmax(x)] ** 2 + x.sum()


def lowest_row(x):
    m = x.reshape(2, 2)
    return torch.exp(m[torch.argmin(m.sum(1)), :]).sum() + m[:, torch.argmax(m[0])].prod()


def peak_copied_then_written(x):
    y = x * 1.0
    v = y[torch.argmax(y)].clone()
    y.mul_(2.0)
    return v + y.sum()


def peak_then_written(x):
    y = x * 1.0
    v = y[torch.argmax(y)]
    y.mul_(2.0)
    return v + y.sum()


def peak_written_through(x):
    y = x * 1.0
    v = y[torch.argmax(y)]
    v.add_(1.0)
    return (y * y).sum()


POINT = [0.5, -3.0, 2.0, 1.0]


def _check(fun):
    [result] = gradcli.check(fun, [{"x": POINT}], dtypes=("float64",)).results
    return result


def _pytorchs_gradient(fun):
    x = torch.tensor(POINT, dtype=torch.float64, requires_grad=True)
    fun(x).backward()
    return x.grad.numpy()


@pytest.mark.parametrize("fun", [peak_squared, lowest_row, peak_copied_then_written])
def test_a_read_at_an_index_tensor_replays(fun):
    result = _check(fun)
    assert result.status == "ok"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), _pytorchs_gradient(fun),
                               rtol=1e-14, atol=0)


def _line(fun, text):
    lines, first = inspect.getsourcelines(fun)
    return f"test_torch55_index_reads.py:{first + next(i for i, line in enumerate(lines) if text in line)}"


@pytest.mark.parametrize("fun, write", [(peak_then_written, "y.mul_"), (peak_written_through, "v.add_")])
def test_a_read_a_later_write_reaches_is_refused_at_both_lines(fun, write):
    with pytest.raises(InputError, match="a read by a one-number index tensor") as raised:
        _check(fun)
    assert _line(fun, "torch.argmax") in str(raised.value) and _line(fun, write) in str(raised.value)
