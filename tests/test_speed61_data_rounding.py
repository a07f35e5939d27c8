"""The judge's references with the program's rounded data moved (`data_rounding`) run only where some datum would
move: a Python function whose code reaches no rounded float, at inputs meant exactly, pays one exact reference."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import data_rounding, point


def headline(x):
    """No rounded datum: exp(x)/(exp(x)-1) at 300 loses its slope -5e-131, which nothing of its data moves."""
    return gnp.sum(gnp.exp(x) / (gnp.exp(x) - 1))


def window_end(x):
    """The rounded literals 0.08 and 0.42 make the exact -2^-56 that the float program's 0 stands for."""
    c = gnp.array([0.08, 0.42])
    return gnp.sum(x * (c[0] + c[1])) - gnp.sum(x * 0.5) + gnp.sum(x[1:] * 0.1)


def headline_times_pi(x):
    """np.pi is a rounding the code hands to an op as it runs: no constant of its own code."""
    return gnp.sum(gnp.exp(x) / (gnp.exp(x) - 1)) * np.pi


def _weights():
    return gnp.array([0.08, 0.42])  # rounded literals no op meets as floats: seen only in the helper's code


def headline_weighted(x):
    """Rounded constants of a helper the function calls, reaching the program as an array's entries."""
    w = _weights()
    return gnp.sum(gnp.exp(x) / (gnp.exp(x) - 1)) * (w[0] + w[1])


@pytest.fixture
def references(monkeypatch):
    made = []
    original = point._reference

    def counted(*args, **kwargs):
        made.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(point, "_reference", counted)
    return made


@pytest.mark.parametrize("fun, at, status, runs", [
    (headline, [300.0, 1.0], "unstable", 1),  # three references with moved data before, each moving nothing
    (window_end, [1.0, 2.0], "ok", 4),  # the reference and one per pattern of signs (data_rounding.PATTERNS)
    (headline_times_pi, [300.0, 1.0], "unstable", 4),
    (headline_weighted, [300.0, 1.0], "unstable", 4),
    (headline, [300.1, 1.0], "unstable", 4),  # a rounded input moves
])
def test_the_references_with_moved_data_run_only_where_a_datum_moves(references, fun, at, status, runs):
    (result,) = gradcli.check(fun, [{"x": at}], dtypes=("float64",), fixes=False).results
    assert result.status == status
    assert len(references) == (1 if runs == 1 else 1 + len(data_rounding.PATTERNS)) == runs
    rounding_note = any("rounding of the program's data" in note for note in result.notes)
    assert rounding_note == (fun is window_end)
