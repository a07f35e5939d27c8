"""Numbers a plain NumPy function reads out of a held input and of a checked one are Python's, as in NumPy's run.

``float()``, ``int()``, ``complex()``, ``.item()`` and ``.tolist()`` of a NumPy value hand out Python's float, int and
complex; under gradcli the same reads answer so in every run at a point (the float runs, and the exact reference's
runs on mpmath numbers and balls), of an input ``wrt`` leaves out (held) and of one differentiated alike. The truths:
NumPy's own run of the module, and the derivative of the branch NumPy's run takes, written here independently.
"""

from __future__ import annotations

import numpy
import pytest

from tests.numpys_run import numpys_module
from tests.read_checks import checked

SOURCE = '''\
import numpy as np


def _pythons(*reads):
    return all(type(r) is float for r in reads)


def typed_reads(x, w, v):
    reads = (float(w), w.item(), w.tolist(), v.item(1), *v.tolist(), float(x), x.item(), x.tolist())
    whole = type(int(w)) is int and type(int(x)) is int
    scale = float(w) + v.item(1) + sum(v.tolist())
    return x * x * scale if _pythons(*reads) and whole else x * x * x * scale


def held_complex(x, w):
    c = complex(w)
    return x * x * c.real if type(c) is complex else x * x * x * c.real


def held_complex_counted(x, w):
    c = complex(w)
    return x * x * c.real * (int(w) - 2) if type(c) is complex else x * x * x * c.real
'''

X, W, V = 0.5, 3.0, [1.0, 2.0]


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("reads68") / "reads68.py"
    path.write_text(SOURCE)
    return path


def test_reads_of_held_and_checked_values_are_pythons_numbers_in_every_run(module_path):
    numpys = numpys_module(module_path, "reads68_numpy")
    assert numpys.typed_reads(numpy.float64(X), numpy.float64(W), numpy.array(V)) == X * X * (W + V[1] + sum(V))
    (result,) = checked(module_path, "typed_reads", {"x": X, "w": W, "v": V}, wrt=["x"])
    assert result.status == "ok", result.findings
    assert float(result.exact_gradient["x"]) == pytest.approx(2 * X * (W + V[1] + sum(V)), rel=1e-14)


def test_complex_of_a_held_value_is_pythons_complex_in_a_run_with_a_trace(module_path):
    assert numpys_module(module_path, "reads68_numpy").held_complex(numpy.float64(X), numpy.float64(W)) == X * X * W
    (result,) = checked(module_path, "held_complex", {"x": X, "w": W}, wrt=["x"])
    assert float(result.exact_gradient["x"]) == pytest.approx(2 * X * W, rel=1e-14)


def test_complex_of_a_held_value_is_pythons_complex_in_a_run_without_a_trace(module_path):
    assert numpys_module(module_path, "reads68_numpy").held_complex_counted(numpy.float64(X), numpy.float64(W)) == X * X * W * (int(W) - 2)
    (result,) = checked(module_path, "held_complex_counted", {"x": X, "w": W}, wrt=["x"])
    assert float(result.exact_gradient["x"]) == pytest.approx(2 * X * W, rel=1e-14)
