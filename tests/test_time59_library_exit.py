"""A Python program calling gradcli.check that left PyTorch's own run going (a custom backward in an endless loop,
which PyTorch's C++ engine runs) exits with its own code: the call is stopped at its next line of Python, so no thread
is inside PyTorch's C++ code when Python's exit tears threads down (which aborted, exit 134). One subprocess."""

import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("torch")

USERS = '''
import threading

import torch


def spin(g):
    """``g``, once PyTorch's own run is done with it: in that run (not gradcli's trace of the rule), never."""
    while threading.current_thread().name == "gradcli-own-call":
        g = g * 1.0
    return g


class Spins(torch.autograd.Function):
    forward = staticmethod(lambda ctx, x: x * x)
    backward = staticmethod(lambda ctx, g: spin(g) * 2.0)


def loss(x):
    return Spins.apply(x)
'''

PROGRAM = '''
import sys

import gradcli
from gradcli.capture import own_time
from spins import loss

own_time.FLOOR_SECONDS = 0.2  # the floor a loaded machine's ordinary call gets, taken away: --max-time is the wait
(result,) = gradcli.check(loss, [{"x": 0.5}], dtypes=["float32"], fixes=False, max_time=0.5, framework="torch").results
print(result.status.value, next(f.message for f in result.findings if f.op == "framework's own call"))
sys.exit(3)
'''


def test_a_program_that_left_a_pytorch_call_exits_with_its_own_code(tmp_path):
    (tmp_path / "spins.py").write_text(USERS)
    (tmp_path / "program.py").write_text(textwrap.dedent(PROGRAM))
    ran = subprocess.run([sys.executable, "program.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 3, ran.stderr[-2000:]
    assert "terminate called" not in ran.stderr
    status, message = ran.stdout.split(" ", 1)
    assert status == "error" and message.startswith("PyTorch's own run of loss (its forward and torch.autograd.grad")
    assert "gradcli stopped it" in message, message
