"""PyTorch's leftovers (issue 29): a program that branches on its dtype is differenced as the float32 program it is in
float32 (the finite-difference column shows that branch's slope, not float64's); the ``gradcheck`` fixture's failure
message carries the notes a terminal check prints (a dtype the program refuses to run in); gradcli's own trace of a
forward that never ends, started from a worker thread, is stopped by --max-time as in the main thread, and so is a
loop in a library's own Python code (an installed package's), never reaching a line of the user's."""

import sys
import threading

import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture import own_time
from gradcli.testing import GradientCheckError
from own_calls_held import ended_all, users_functions

ENDLESS = '''
import torch

RUNNING, TRIPS = [True], [0]


def endless(x):
    y = x
    while True:
        y = torch.sin(y) + 0.0 * y
        TRIPS[0] += 1
        if not RUNNING[0]:
            raise RuntimeError("ended by the test")
'''

CALLS_THE_LIBRARY = '''
import torch
from fw60_torch_library import endless


def into_the_library(x):
    return endless(x) * 2.0
'''


def doubled_or_squared(x):
    if x.dtype == torch.float32:
        return (x * 2.0).sum()
    return (x * x).sum()


def scale_by_eps(x):
    # float32's eps is 2^-23, float64's 2^-52: the slope is 1 + 2^23 eps, 2 in float32 and 1 + 2^-29 in float64
    return (x * (1.0 + torch.finfo(x.dtype).eps * 2.0**23)).sum()


class _Tripled(torch.autograd.Function):
    """A rule that is wrong on purpose: x * 2's gradient returned as 3 g."""

    @staticmethod
    def forward(ctx, x):
        return x * 2.0

    @staticmethod
    def backward(ctx, g):
        return g * 3.0


WEIGHT = torch.tensor([[1.5]], dtype=torch.float32)  # the library's float32 tensor a float64 input cannot meet


def float32_only(x):
    return torch.matmul(_Tripled.apply(x).reshape(1, 1), WEIGHT).sum()


@pytest.mark.parametrize("fun, slope32, slope64", [
    (doubled_or_squared, 2.0, 6.0),
    (scale_by_eps, 2.0, 1.0 + 2.0**-29),
])
def test_finite_differences_in_float32_step_the_float32_program(fun, slope32, slope64):
    report = gradcli.check(fun, [{"x": np.array([3.0])}], dtypes=("float32", "float64"), fixes=False)
    float32, float64 = report.results
    assert (float32.status, float64.status) == ("ok", "ok"), [r.findings for r in report.results]
    assert np.asarray(float32.exact_gradient["x"]).tolist() == [slope32]
    assert np.asarray(float32.fd_gradient["x"]) == pytest.approx([slope32], rel=1e-8)
    assert np.asarray(float64.fd_gradient["x"]) == pytest.approx([slope64], rel=1e-8)


def test_the_fixtures_message_ends_with_the_reports_notes():
    with pytest.raises(GradientCheckError) as failed:
        gradcli.testing.assert_gradients_ok(float32_only, [{"x": np.array([0.5])}], dtypes=("float32", "float64"))
    message = str(failed.value)
    assert "[float32]: wrong" in message, message
    notes = [line for line in message.splitlines() if line.startswith("note: ")]
    assert notes == [f"note: {note}" for note in failed.value.report.notes] and len(notes) == 1, message
    assert notes[0].startswith("note: not run in float64: the program raises in float64"), message


def test_a_trace_that_never_ends_started_from_a_worker_thread_is_stopped(tmp_path, monkeypatch):
    names = users_functions(tmp_path, ENDLESS, "fw60_endless.py")
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 0.1)
    path, found = names["__file__"], []

    def check():
        found.extend(gradcli.check(f"{path}:endless", [{"x": 0.5}], dtypes=("float64",), fixes=False,
                                   max_time=0.3).results)

    worker = threading.Thread(target=check, daemon=True)  # no main thread: no signal reaches it
    worker.start()
    worker.join(30)
    names["RUNNING"][0] = False  # a loop no bound stopped raises
    ended_all()
    assert not worker.is_alive() and len(found) == 1
    (result,) = found
    assert result.status.value == "error" and result.value is None
    trace = result.findings[0]
    said = f"gradcli's trace of {path}:endless, which runs your Python, was still running after 0.3 seconds"
    assert trace.message.startswith(said), trace.message
    assert any(f"(it was at {path}:{line}, in your code, when gradcli stopped it)" in trace.message
               for line in range(8, 14)), trace.message  # its first line where the trace is slow to start


def test_a_librarys_loop_in_gradclis_trace_is_stopped_naming_the_users_call(tmp_path, monkeypatch):
    """The same loop as an installed package's (its file in a ``site-packages`` folder), called from the user's
    ``into_the_library``: no line of the user's runs inside it, so it is stopped at its own line once it lasts."""
    folder = tmp_path / "site-packages"
    folder.mkdir()
    users_functions(folder, ENDLESS, "fw60_torch_library.py")
    monkeypatch.syspath_prepend(str(folder))  # the user's file imports it from there
    path = users_functions(tmp_path, CALLS_THE_LIBRARY, "fw60_calls_library.py")["__file__"]
    monkeypatch.setattr(own_time, "FLOOR_SECONDS", 0.0)
    monkeypatch.setattr(own_time, "_GRACE_SECONDS", 0.1)
    ending = threading.Timer(30, lambda: sys.modules["fw60_torch_library"].RUNNING.__setitem__(0, False))
    ending.start()  # a loop no bound stopped raises
    try:
        # gradcli's trace made once before, and a second: the trace reaches the loop before its time is out
        gradcli.check(doubled_or_squared, [{"x": np.array([3.0])}], dtypes=("float64",), fixes=False)
        (result,) = gradcli.check(f"{path}:into_the_library", [{"x": 0.5}], dtypes=("float64",), fixes=False,
                                  max_time=1.0).results
    finally:
        ending.cancel()
        ended_all()
        library = sys.modules.pop("fw60_torch_library")
    assert library.TRIPS[0] > 0 and library.RUNNING[0]  # stopped inside the library's loop, not by the test
    assert result.status.value == "error" and result.value is None and result.findings, (result.error, result.notes)
    trace = result.findings[0]
    assert trace.message.startswith(f"gradcli's trace of {path}:into_the_library, which runs your Python, was still "
                                    "running after 1 seconds"), trace.message
    assert f"(it was at {path}:7, in your code, when gradcli stopped it)" in trace.message, trace.message
