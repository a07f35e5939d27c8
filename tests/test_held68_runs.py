"""A held input (one ``wrt`` leaves out) read out as a Python number in every run a check makes without a trace.

The finite differences' rounding replays, the exact reference's value-noise run, the one-sided slopes of an infinite
gradient entry, the true second derivatives and the steps of a program that read its dtype each hand the program all
its arguments with none traced; a held one is held there as in the traced runs, so ``complex(w)``, ``int(w)``,
``float(w)``, ``w.item()`` and an index by it answer as NumPy's run does. The truths: NumPy's own run of the module,
and mpmath's derivatives of the mathematics, written here independently.
"""

from __future__ import annotations

import mpmath
import numpy
import pytest

from tests.numpys_run import numpys_module
from tests.read_checks import checked, mp_gradient

SOURCE = '''\
import numpy as np


def cancelling(x, w, v):
    c, n, f, i = complex(w), int(w), float(w), w.item()
    picked = v[int(w) - 2]
    pythons = type(c) is complex and type(n) is int and type(f) is float and type(i) is float
    scale = c.real + n + f + i + picked + v.shape[0]
    shifted = (x + 1e8) - 1e8
    return shifted * x * scale if pythons else shifted * x * x * scale


def steep(x, w):
    return np.cbrt(x) * float(w) * complex(w).real


def cubic(x, w):
    return x ** 3 * float(w) * complex(w).real


def outputs(x, w):
    c = complex(w)
    return np.array([x * x * c.real, x * float(w) * (int(w) - 2)])


def dtype_read(x, w):
    return x * x * complex(w).real * (1 + np.finfo(x.dtype).eps)
'''

X, W, V = 0.5, 3.0, [1.0, 2.0]


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The module's file, and NumPy's own run of it (NumPy left in place)."""
    path = tmp_path_factory.mktemp("held68") / "held68.py"
    path.write_text(SOURCE)
    return path, numpys_module(path, "held68_numpy")


def test_read_outs_of_a_held_input_give_the_exact_reference_and_an_honest_difference(written):
    module_path, numpys = written
    # x^2 (4 w + v[1] + len(v)) in NumPy's run: each read-out of w a Python number, the index by int(w) picking v[1]
    truth = mp_gradient(lambda x: x * x * (4 * W + V[1] + len(V)), [X])[0]
    assert numpys.cancelling(numpy.float64(X), numpy.float64(W), numpy.array(V)) == pytest.approx(X * X * (4 * W + V[1] + len(V)))
    (result,) = checked(module_path, "cancelling", {"x": X, "w": W, "v": V}, wrt=["x"])
    assert float(result.exact_gradient["x"]) == pytest.approx(truth, rel=1e-14)
    # x + 1e8 rounds at every step: the error the differences state covers the error they make, as their rounding
    # replays (with w held) measure it
    assert abs(result.fd_gradient["x"] - truth) <= result.fd_error["x"]


def test_an_infinite_slope_beside_a_held_input_is_its_one_sided_limit(written):
    module_path, numpys = written
    assert numpys.steep(numpy.float64(0.25), numpy.float64(W)) == pytest.approx(0.25 ** (1 / 3) * W * W)
    with mpmath.workdps(30):  # cbrt(h) w^2 / h from the right grows past every bound
        quotients = [mpmath.cbrt(h) * W * W / h for h in (mpmath.mpf(10) ** -10, mpmath.mpf(10) ** -40)]
    assert quotients[1] > 1e19 * quotients[0]  # as h^(-2/3)
    (result,) = checked(module_path, "steep", {"x": 0.0, "w": W}, wrt=["x"])
    assert result.exact_gradient["x"] == float("inf")
    assert "grows without bound to +inf" in result.exact_gradient_why["x"]


def test_the_true_second_derivatives_beside_a_held_input(written):
    module_path, numpys = written
    assert numpys.cubic(numpy.float64(X), numpy.float64(W)) == pytest.approx(X ** 3 * W * W)
    with mpmath.workdps(30):
        truth = float(mpmath.diff(lambda x: x ** 3 * W * W, mpmath.mpf(X), 2))
    (result,) = checked(module_path, "cubic", {"x": X, "w": W}, wrt=["x"], order=2)
    assert float(result.exact_hessian[0][0]) == pytest.approx(truth, rel=1e-12)


def test_differences_of_a_program_that_reads_its_dtype_beside_a_held_input(written):
    module_path, numpys = written
    eps32 = float(numpy.finfo(numpy.float32).eps)
    assert numpys.dtype_read(numpy.float32(X), numpy.float64(W)) == pytest.approx(X * X * W * (1 + eps32))
    truth = mp_gradient(lambda x: x * x * W * (1 + mpmath.mpf(eps32)), [X])[0]
    (result,) = checked(module_path, "dtype_read", {"x": X, "w": W}, dtypes=("float32",), wrt=["x"])
    assert result.fd_gradient["x"] == pytest.approx(truth, rel=1e-9)
    assert abs(result.fd_gradient["x"] - truth) <= result.fd_error["x"]


def test_each_output_of_a_vector_beside_a_held_input_has_its_exact_reference(written):
    module_path, numpys = written
    assert numpys.outputs(numpy.float64(X), numpy.float64(W)) == pytest.approx([X * X * W, X * W * (int(W) - 2)])
    truths = [mp_gradient(lambda x: x * x * W, [X])[0], mp_gradient(lambda x: x * W * (int(W) - 2), [X])[0]]
    (result,) = checked(module_path, "outputs", {"x": X, "w": W}, wrt=["x"])
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(truths, rel=1e-14)
