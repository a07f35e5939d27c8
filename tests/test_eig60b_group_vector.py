"""A single eigenvector of a repeated eigh group whose space is no pair of axes: no function of the matrix (`domain`).

[[3.5, 1.5, 0], [1.5, 3.5, 0], [0, 0, 2]] has 2 twice, its space spanned by (1, -1, 0) / sqrt 2 and e_2, and 5.
Any orthonormal basis of that space is an answer; mpmath's solver picks one by its rounding, another at each
precision, so a loss reading one vector never settled (`error`). The exact run follows NumPy's own vectors within
the group, which the program returns, so its value settles and the kink test finds the jumps a turn of the group
makes.
"""

import mpmath
import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as gradcli_mp

TURNED = np.array([[3.5, 1.5, 0.0], [1.5, 3.5, 0.0], [0.0, 0.0, 2.0]])


def one_vectors_entry(a):
    return gnp.linalg.eigh(a)[1][2, 0] ** 2


def test_one_vector_of_a_turned_pair_is_no_function_of_the_matrix():
    result = gradcli.check(one_vectors_entry, [{"a": TURNED}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    assert float(result.exact_value) == float(np.linalg.eigh(TURNED)[1][2, 0] ** 2)
    assert any("jumps" in f.message for f in result.findings), [f.message for f in result.findings]


def test_the_exact_vectors_of_the_group_follow_numpys_at_every_precision():
    """At each of five precisions the group's vectors are NumPy's to float64's rounding and an orthonormal basis to the
    working precision; the simple eigenvalue's vector is its own."""
    gradcli_mp.enable()
    a = np.array([[mpmath.mpf(x) for x in row] for row in TURNED], dtype=object)
    numpys = np.linalg.eigh(TURNED)[1]
    for digits in (20, 30, 50, 60, 100):  # mpmath's own order within the pair turns at some of them
        with mpmath.workdps(digits):
            w, v = gnp.linalg.eigh(a)
            v = np.asarray(v, dtype=object)
            np.testing.assert_allclose(v.astype(float), numpys, atol=1e-15)
            gram = v.T.dot(v) - np.eye(3)
            assert max(abs(x) for x in gram.flat) < mpmath.mpf(10) ** (2 - digits)
            assert abs(v[2, 1] - 1) < mpmath.mpf(10) ** (2 - digits) and v[2, 0] == 0
