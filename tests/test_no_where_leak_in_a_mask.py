"""A where that selects by a mask of constants (a triangle's, inside a Cholesky or a triangular solve) is no where
leak: only a where whose condition the program computed from its inputs keeps a branch's infinity out of the value.

k = e^(-1/x^2) at x = 1e-300: x^2 underflows, -1/0 is -inf, and e^-inf = 0 keeps the value finite while the quotient's
rule meets 0 * inf (NaN). Through Cholesky and solve_triangular, whose own code masks a triangle with a where, the
finding said "the value is finite because where() did not select the branch ... leaks through where", a where the
program never wrote and which kept nothing out. The bump written with a where, where(x > 0, e^(-1/x), 0) at 0, is
the leak it names. Truth: the forward ops as recorded.
"""

import pytest

import gradcli

PROGRAM = """import gradcli.numpy as gnp
import gradcli.scipy.linalg as gsl


def through_cholesky(x):
    k = gnp.exp(-1.0 / x ** 2)
    low = gnp.linalg.cholesky(gnp.array([[2.0, k], [k, 2.0]]))
    return gnp.sum(gsl.solve_triangular(low, gnp.array([1.0, 1.0]), lower=True))


def bump(x):
    return gnp.where(x > 0, gnp.exp(-1.0 / x), 0.0)
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("masks") / "kernel.py"
    path.write_text(PROGRAM)
    return path


def _backward_nan(program, function, x):
    [result] = gradcli.check(f"{program}:{function}", [{"x": x}], dtypes=("float64",), fixes=False).results
    [finding] = [f for f in result.findings if f.phase == "backward" and "0 * -inf is NaN" in f.message]
    return finding


def test_a_libraries_triangle_mask_is_no_where_leak(program):
    finding = _backward_nan(program, "through_cholesky", 1e-300)
    assert finding.kind != "where-nan" and "where" not in finding.message, finding.message


def test_a_where_the_program_wrote_is_the_leak_it_is(program):
    finding = _backward_nan(program, "bump", 0.0)
    assert finding.kind == "where-nan" and "leaks through where" in finding.message
