"""PyTorch's own argument checks, answered on their valid path only while gradcli traces, and only there.

`valid_guards` answers the truth test of a raise-only check in PyTorch's files
with the value that skips it; another thread of the user's program that calls a
PyTorch check meanwhile keeps the check (its invalid argument still raises).
"""

import threading

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_graph import torch_dir
from gradcli.capture.torch_guards import valid_guards


def _invalid_variance():
    return F.gaussian_nll_loss(torch.zeros(2), torch.zeros(2), -torch.ones(2))


def test_another_thread_keeps_pytorchs_checks_while_gradcli_traces():
    outcome = {}

    def other():
        try:
            _invalid_variance()
            outcome["raised"] = False
        except ValueError:
            outcome["raised"] = True

    with valid_guards(torch_dir()):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        _invalid_variance()  # the tracing thread itself is answered: no raise here
    assert outcome == {"raised": True}
    with pytest.raises(ValueError):
        _invalid_variance()  # and after tracing, in this thread too


def test_a_check_in_one_thread_and_pytorchs_check_in_another_meanwhile():
    stop, raised, calls = threading.Event(), [], [0]

    def other():
        while not stop.is_set():
            calls[0] += 1
            try:
                _invalid_variance()
            except ValueError:
                raised.append(True)
            else:
                raised.append(False)

    def loss(mu, var):
        return F.gaussian_nll_loss(mu, torch.zeros_like(mu), var, reduction="sum")

    thread = threading.Thread(target=other)
    thread.start()
    try:
        [result] = gradcli.check(loss, [{"mu": np.array([0.5, -1.0]), "var": np.array([2.0, 0.5])}],
                                 framework="torch", dtypes=("float64",)).results
    finally:
        stop.set()
        thread.join()
    assert result.status == "ok"
    assert calls[0] > 0 and all(raised)
