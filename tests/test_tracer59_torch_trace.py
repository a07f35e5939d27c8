"""gradcli's own trace of a PyTorch function (make_fx, in gradcli's thread, running the user's Python) bounded by
--max-time: a forward, or a custom backward, that never ends gives the point no verdict naming gradcli's trace and
the user's line it was at, beside PyTorch's own call, stopped too (`torch_bridge.TorchFunction._stopped`)."""

import pytest

import gradcli
from gradcli.capture import own_time
from own_calls_held import ended_all, users_functions

torch = pytest.importorskip("torch")

SOURCE = '''
import torch


def endless(x):
    y = x
    while True:
        y = torch.sin(y) + 0.0 * y
    return y


class Looping(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.twice = 2.0
        return x * ctx.twice

    @staticmethod
    def backward(ctx, g):
        out = g * ctx.twice
        out = out + 0.0
        while True:
            out = out + 0.0 * out
        return out


def endless_backward(x):
    return Looping.apply(x)
'''


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    return users_functions(tmp_path_factory.mktemp("tracer59"), SOURCE, "tracer59_torch.py")["__file__"]


# Any line the trace runs of the function under check: past a loaded machine's 0.3 seconds the trace may not have
# reached the loop yet (measured: stopped at ``y = x`` with load 19 on two cores).
@pytest.mark.parametrize("name, lines", [("endless", (6, 7, 8)), ("endless_backward", (15, 16, 20, 21, 22, 23, 28))])
def test_a_trace_that_never_ends_is_stopped_at_the_users_line(path, name, lines, monkeypatch):
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 0.1)
    try:
        (result,) = gradcli.check(f"{path}:{name}", [{"x": 0.5}], dtypes=("float64",), fixes=False,
                                  max_time=0.3).results
    finally:
        ended_all()
    assert result.status.value == "error" and result.value is None
    trace, own = result.findings
    assert trace.op == "exact reference" and own.op == "framework's own call"
    said = f"gradcli's trace of {path}:{name}, which runs your Python, was still running after 0.3 seconds (--max-time 0.3)"
    assert trace.message.startswith(said), trace.message
    assert any(f"(it was at {path}:{line}, in your code, when gradcli stopped it)" in trace.message for line in lines), trace.message
    assert trace.message.endswith("no verdict")
    assert own.message.startswith(f"PyTorch's own run of {path}:{name}") and "gradcli stopped it" in own.message
    assert own_time._running_on() == []  # both ended: nothing runs on beside the next check
