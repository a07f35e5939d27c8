"""eigh's near-ties of computed entries in matrices larger than 2x2: e^x +- 1e-200 beside 3 + y. The characteristic
polynomial, exact over the program's atoms, factors into linear and quadratic factors, so each eigenvalue is the exact
quotient it is (apart from its neighbour by algebra, however near), its projector and vector functions of the matrix.
Before: error, 'two of a decomposition's eigenvalues are equal here' (they are 2e-200 apart). Truths: the closed
forms of the block matrix's eigenvalues and vectors in mpmath at 60 digits, written here."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli

PLAIN = '''import numpy as np


def tied(x):
    e = np.exp(x[0])
    return np.array([[e, 1e-200, 0.0], [1e-200, e, 0.0], [0.0, 0.0, 3.0 + x[1]]])


def lowest(x):
    return np.linalg.eigvalsh(tied(x))[0]


def first_vector(x):
    return np.linalg.eigh(tied(x))[1][0, 0] ** 2
'''
AT = [0.3, 0.2]


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    path = tmp_path_factory.mktemp("ties") / "plain_ties.py"
    path.write_text(PLAIN)
    return path


def _checked(plain, name):
    (r,) = gradcli.check(f"{plain}:{name}", [{"x": np.array(AT)}], dtypes=["float64"], fixes=False).results
    return r


def test_the_lower_of_a_near_tie_is_its_own_function_of_the_matrix(plain):
    r = _checked(plain, "lowest")
    assert r.status == "ok", [f.message for f in r.findings]
    with mpmath.workdps(60):  # e^x0 - d, d the float 1e-200: its slopes e^x0 and 0
        x0 = mpmath.mpf(AT[0])
        value, slope = mpmath.exp(x0) - mpmath.mpf(1e-200), mpmath.exp(x0)
    assert abs(r.exact_value - float(value)) <= 1e-15 * float(value)
    assert abs(r.exact_gradient["x"][0] - float(slope)) <= 1e-13 * float(slope)
    assert r.exact_gradient["x"][1] == 0.0  # proven: 3 + y is another factor's root


def test_a_near_tied_vector_is_exact_and_float64s_rounded_tie_is_unstable(plain):
    """The exact lower vector is (1, -1) / sqrt 2 (its square 1/2, flat in x); float64 rounds the 1e-200 coupling
    away and answers (1, 0), an eigh that amplifies rounding: unstable, named at the op."""
    r = _checked(plain, "first_vector")
    assert r.status == "unstable" and r.value == 1.0
    assert r.exact_value == 0.5 and list(r.exact_gradient["x"]) == [0.0, 0.0]
    assert any("linalg.eigh" in f.message for f in r.findings)
