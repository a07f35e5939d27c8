"""gradcli.numpy's eigh at a tie: a function reading the tied eigenvectors gets a finding that names the tie.

At A = 2 I every unit vector is an eigenvector; expm(A) = V diag(e^w) V^T is still smooth, its Frechet derivative
e^2 E, so d expm(A)[0, 1] / dA[1, 0] (eigh reads the lower triangle, which moves both mirrored entries) is e^2.
eigh's rule is handed only e^(w_i) - e^(w_j) = 0 for the pair's cross term and cannot tell it from a function of
the projector (whose cross term is 0): it takes 0. The checker says so, naming eigh's line and the tied value;
JAX and PyTorch give NaN there (tests/test_eigh_tie68_torch.py).
"""

import math

import numpy as np

import gradcli

SOURCE = '''import gradcli.numpy as np


def entry(a):
    w, v = np.linalg.eigh(a)
    return (v @ np.diag(np.exp(w)) @ v.T)[0, 1]


def projector_read(a):
    w, v = np.linalg.eigh(a)
    return np.sum(w) + np.trace(v @ v.T @ a)
'''


def checked(tmp_path, name, a):
    path = tmp_path / "tie68.py"
    path.write_text(SOURCE)
    return gradcli.check(f"{path}:{name}", [{"a": np.array(a)}], dtypes=("float64",), fixes=False).results[0]


def test_a_matrix_function_read_through_tied_eigenvectors_names_the_tie(tmp_path):
    result = checked(tmp_path, "entry", [[2.0, 0.0], [0.0, 2.0]])
    assert result.status.value == "wrong"
    assert abs(result.exact_gradient["a"][1][0] - math.exp(2)) <= 1e-14 * math.exp(2)
    finding = next(f for f in result.findings if f.kind == "wrong-rule")
    assert finding.op == "linalg.eigh" and finding.location.endswith("tie68.py:5"), (finding.op, finding.location)
    assert "eigh's gradient rule is undefined at this point: 2 of its eigenvalues are equal (2)" in finding.message


def test_apart_from_the_tie_the_same_function_is_ok(tmp_path):
    result = checked(tmp_path, "entry", [[2.0, 0.0], [0.5, 2.0]])
    assert result.status.value == "ok", [f.message for f in result.findings]


def test_a_function_of_the_eigenvalues_and_the_projector_keeps_its_derivative_at_the_tie(tmp_path):
    result = checked(tmp_path, "projector_read", [[2.0, 0.0], [0.0, 2.0]])
    assert result.status.value == "ok", [f.message for f in result.findings]
    assert not any("undefined" in f.message for f in result.findings)
