"""A least-squares fit on nearly collinear columns is unstable, and the finding names the pseudo-inverse at the
user's line, whether the code calls np.linalg.pinv, np.linalg.lstsq or np.polyfit.

An exact run takes the pseudo-inverse of a well-ranked matrix by the normal equations (a transpose, a product and a
solve, which proofs can run), where the float run calls NumPy's pinv once: the two recordings then held unequal
ops, no op of one paired with the other's, and the unstable value named no op at all. The exact run's steps now
stand for the one call they compute (`tracer.standing_for`), and a fit's singular values are an op in both runs.
The columns [1, 1 + t] with t = 1e-7 have condition number near 3e7: NumPy's answer keeps about 9 digits.
"""

from __future__ import annotations

import textwrap

import pytest

import gradcli
from gradcli.autodiff import ops_decompositions
from gradcli.checker import provenance

pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def by_pinv(w):
        X = np.array([[1.0, 1.0], [1.0, 1.0 + 1e-7], [1.0, 1.0 - 1e-7]]) * np.array([1.0, w])
        y = np.array([1.0, 2.0, 0.5])
        beta = np.linalg.pinv(X) @ y
        return np.sum((X @ beta - y) ** 2)


    def by_lstsq(w):
        X = np.array([[1.0, 1.0], [1.0, 1.0 + 1e-7], [1.0, 1.0 - 1e-7]]) * np.array([1.0, w])
        y = np.array([1.0, 2.0, 0.5])
        beta = np.linalg.lstsq(X, y, rcond=None)[0]
        return np.sum((X @ beta - y) ** 2)


    def by_polyfit(w):
        x = np.array([1.0, 1.0 + 1e-7, 1.0 - 1e-7, 1.0 + 2e-7])
        y = np.array([1.0, 2.0, 0.5, w])
        c = np.polyfit(x, y, 1)
        return np.sum(c ** 2)


    def well_posed(w):
        X = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]) * np.array([1.0, w])
        y = np.array([1.0, 2.0, 0.5])
        beta = np.linalg.lstsq(X, y, rcond=None)[0]
        return np.sum((X @ beta - y) ** 2)
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("fits") / "fits.py"
    path.write_text(SOURCE)
    return path


def _result(module, name):
    [result] = gradcli.check(f"{module}:{name}", [{"w": 1.0}], dtypes=("float64",)).results
    return result


def _line_of(module, text):
    return next(i for i, line in enumerate(module.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize("name, call, op", [("by_pinv", "np.linalg.pinv(X)", "linalg.pinv"),
                                            ("by_lstsq", "np.linalg.lstsq(", "linalg.pinv in linalg.lstsq"),
                                            ("by_polyfit", "np.polyfit(", "linalg.pinv in polyfit")])
def test_the_unstable_fit_names_the_pseudo_inverse_at_the_users_line(module, name, call, op):
    result = _result(module, name)
    assert result.value_status == "unstable", result.value_status
    named = [f for f in result.findings if f.phase == "forward" and f.kind != "finite-difference"]
    assert named, [f.message for f in result.findings]
    assert named[0].op == op, (named[0].op, named[0].message)
    assert named[0].location.endswith(f"fits.py:{_line_of(module, call)}"), named[0].location
    assert "amplifies rounding errors" in named[0].message


def test_a_well_posed_fit_stays_ok(module):
    assert _result(module, "well_posed").status == "ok"


def test_an_exact_pseudo_inverse_is_recorded_as_the_one_op_the_float_run_calls():
    import mpmath

    from gradcli.autodiff import mp

    mp.enable()  # the ops' mpmath paths, which a check turns on (this test may run before any)
    matrix = [[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]]
    with mpmath.workdps(30):
        exact = ops_decompositions.np.array([[mpmath.mpf(v) for v in row] for row in matrix], dtype=object)
        with provenance.Recorder() as recorder:
            answer = ops_decompositions.pinv(exact)
    with provenance.Recorder() as floats:
        ops_decompositions.pinv(ops_decompositions.np.array(matrix))
    assert [op.name for op in recorder.recording.ops] == [op.name for op in floats.recording.ops] == ["linalg.pinv"]
    [op] = recorder.recording.ops
    assert op.output is answer and op.args[0] is exact  # the call's own argument, the last step's answer
    # (A^T A)^-1 A^T of this matrix, by hand: the first row is (4/3, 1/3, -2/3)
    assert [float(v) for v in answer[0]] == pytest.approx([4 / 3, 1 / 3, -2 / 3], rel=1e-25)


def test_the_singular_values_of_a_hermitian_matrix_of_floats_are_numpys():
    # NumPy reads a Hermitian matrix by its lower triangle: [[1, 2], [3, 4]] is [[1, 3], [3, 4]] there
    import numpy

    import gradcli.numpy as gnp

    matrix = [[1.0, 2.0], [3.0, 4.0]]
    mine = gnp.linalg.svd(gnp.array(matrix), compute_uv=False, hermitian=True)
    assert numpy.allclose(mine, numpy.linalg.svd(numpy.array(matrix), compute_uv=False, hermitian=True), rtol=1e-15)
