"""PyTorch's own run bounded by --max-time like JAX's (`capture.own_time`): a forward or backward of the user's that
never returns gives the point no verdict naming PyTorch's call and the user's function, and a call left behind in the
user's own Python code is placed at its line. The hang is a call held on an event the test releases, so no thread
is left spinning."""

import functools
import threading

import numpy as np
import pytest

from gradcli.capture import own_time, torch_bridge
from own_calls_held import already_in, assert_twice_sine_in_time, held, range_stopped, users_functions

torch = pytest.importorskip("torch")

SOURCE = '''
import torch


def smooth(x):
    return torch.sin(x) * 2.0


def waits(event):
    while not event.wait(0.01):
        pass
    return 1
'''


@pytest.fixture(scope="module")
def names(tmp_path_factory):
    return users_functions(tmp_path_factory.mktemp("own58"), SOURCE, "own58_torch.py")


@pytest.fixture
def bridge(names):
    """The user's ``smooth`` as PyTorch's bridge has it, named by its file."""
    return torch_bridge.capture(names["smooth"], f"{names['__file__']}:smooth")


def test_pytorch_s_own_value_and_gradient_are_bounded_and_named(names, bridge, monkeypatch):
    path = names["__file__"]
    with held(monkeypatch, torch_bridge):
        for cotangent, how in [(None, "its forward"), (np.float32(1.0), "its forward and torch.autograd.grad")]:
            with own_time.bounding(0.2), pytest.raises(own_time.OwnCallStopped) as stopped:
                bridge.own((np.float32(0.5),), cotangent)
            assert str(stopped.value).startswith(
                f"PyTorch's own run of {path}:smooth ({how}, defined at {path}:5) was still running after 0.2 seconds "
                "(--max-time 0.2)"), str(stopped.value)
            assert "gradcli stopped it" in str(stopped.value)


def test_pytorch_over_a_range_is_bounded_too(names, bridge, monkeypatch):
    path = names["__file__"]
    message = range_stopped(monkeypatch, torch_bridge, bridge)
    assert message.startswith(
        f"PyTorch's own run of {path}:smooth (torch.func.vmap of torch.func.grad_and_value over 3 points, defined at "
        f"{path}:5) was still running after 0.2 seconds"), message


def test_pytorch_s_numbers_in_time_are_its_own(bridge):
    assert_twice_sine_in_time(bridge)


def test_a_call_left_in_the_users_code_is_placed_at_its_line(names, monkeypatch):
    path = names["__file__"]
    with held(monkeypatch, torch_bridge) as release:
        entered = threading.Event()
        already_in(monkeypatch, lambda: (entered.set(), names["waits"](release)), entered)
        with own_time.bounding(0.2), pytest.raises(own_time.OwnCallStopped) as stopped:
            own_time.run_bounded(lambda: 7, lambda: ("the held call", ""))
        assert str(stopped.value).startswith(
            f"the held call was still running after 0.2 seconds (--max-time 0.2) (it was at {path}:10, in your code, "
            "when gradcli stopped waiting): gradcli stopped it")
        with own_time.bounding(0.2), pytest.raises(own_time.OwnCallStopped) as stopped:  # gradcli's and Python's lines
            own_time.run_bounded(functools.partial(release.wait, 30), lambda: ("the held call", ""))
        assert "in your code" not in str(stopped.value)


def test_a_process_with_a_call_left_running_ends_with_gradcli_s_code(monkeypatch):
    ended, handlers_ran = [], []
    monkeypatch.setattr(own_time.os, "_exit", ended.append)
    monkeypatch.setattr(own_time.atexit, "_run_exitfuncs", lambda: handlers_ran.append(True))
    monkeypatch.setattr(own_time, "_LEFT", [])
    own_time.exit_past_calls_left(1)
    assert ended == []  # nothing left: Python's own exit
    with held(monkeypatch, torch_bridge) as release:
        entered = threading.Event()
        already_in(monkeypatch, lambda: (entered.set(), release.wait(30)), entered)  # held in C
        with own_time.bounding(0.2), pytest.raises(own_time.OwnCallStopped):
            own_time.run_bounded(lambda: 7, lambda: ("the held call", ""))
        own_time.exit_past_calls_left(1)
    assert ended == [1] and handlers_ran == [True]
