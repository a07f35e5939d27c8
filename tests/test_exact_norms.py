"""Matrix norms through the singular values: the nuclear norm's zeros proven, and no derivative at the zero matrix.

The nuclear norm of a symmetric definite matrix is plus or minus its trace, so
its gradient is plus or minus the identity with off-diagonal entries exactly 0;
the singular values alone are unknowns to a proof, so only their sum written as
the trace proves those zeros. At the zero matrix the spectral and nuclear norms
are |t| along every line through it: no derivative (`domain`, a kink in each
entry), not an error. Each expected gradient comes from a closed form here.
"""

import math
import textwrap

import numpy as np
import pytest

import gradcli


def _module(tmp_path, body):
    path = tmp_path / "norms.py"
    path.write_text("import numpy as np\n\n" + textwrap.dedent(f"def f(b):\n    {body}\n"))
    return f"{path}:f"


def _result(tmp_path, body, b):
    report = gradcli.check(_module(tmp_path, body), [{"b": np.array(b, dtype=float)}], dtypes=("float64",),
                           fixes=False, max_time=math.inf)
    return report.results[0]


NUCLEAR = "return np.linalg.norm(b, 'nuc')"
SPD_2 = [[2.0, 0.5], [0.5, 1.0]]
SPD_3 = [[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]


def _symmetric_sign(b):
    """sign(B) = V sign(Lambda) V^T for a symmetric B: the nuclear norm's gradient (numpy's eigh, a float closed form)."""
    w, v = np.linalg.eigh(np.array(b, dtype=float))
    return (v * np.sign(w)) @ v.T


@pytest.mark.parametrize("b, sign", [(SPD_2, 1), (SPD_3, 1), (np.negative(SPD_2).tolist(), -1)],
                         ids=["spd 2x2", "spd 3x3", "negative definite"])
def test_the_nuclear_norm_of_a_definite_matrix_has_exact_zeros_off_the_diagonal(tmp_path, b, sign):
    result = _result(tmp_path, NUCLEAR, b)
    assert result.status == "ok", (result.status, result.findings)
    got = np.asarray(result.exact_gradient["b"], dtype=float)
    n = len(b)
    np.testing.assert_allclose(np.diag(got), [sign] * n, rtol=1e-14)
    assert not np.any(got[~np.eye(n, dtype=bool)]), got  # proven 0, not a ball within 2^-N of it


def test_the_nuclear_norm_of_an_indefinite_symmetric_matrix_is_its_sign(tmp_path):
    b = [[1.0, 2.0], [2.0, -1.0]]  # eigenvalues +-sqrt(5): its sum of singular values is not its trace
    result = _result(tmp_path, NUCLEAR, b)
    assert result.status == "ok", (result.status, result.findings)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["b"], dtype=float), _symmetric_sign(b), rtol=1e-13)


@pytest.mark.parametrize("body", ["return np.linalg.norm(b, 2)", NUCLEAR], ids=["spectral", "nuclear"])
def test_a_norm_through_the_singular_values_has_no_derivative_at_the_zero_matrix(tmp_path, body):
    result = _result(tmp_path, body, np.zeros((2, 2)))
    assert result.status == "domain", (result.status, result.findings)
    kinks = {f.op for f in result.findings if f.kind == "kink"}
    assert kinks == {"b[0, 0]", "b[0, 1]", "b[1, 0]", "b[1, 1]"}, result.findings
    assert np.all(np.isnan(np.asarray(result.exact_gradient["b"], dtype=float)))
