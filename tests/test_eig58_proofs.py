"""Proofs of 0 beside a repeated eigenvalue: the kink a repeated group marks lies along the seeds that split it, not
along every input of the program. A function of a diagonal matrix's repeated eigenvalues beside a norm's cone
(whose slope 0 at its tip needs the mean-value proof, `python_zero.slope_tends_to_0`) has the cone's zeros proven,
where the group's mark on the whole proof run left them unproven (no exact reference); the gap of the pair is still
a kink along the seeds that split it. A general matrix's eig with complex answers on proof numbers: its
eigenvalues the characteristic polynomial's proven roots, so the sums the trace makes have their zeros proven. And
eigvalsh of entries the program computes (exp(x)): how many eigenvalues repeat is proven by the characteristic
polynomial's gcd with its derivative, so a smooth function of them has its zeros proven, their gap still a kink."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

POINT = {"v": np.ones(2), "d": np.zeros(2)}  # diag(v) has the eigenvalue 1 twice; |d| d[0] is at its cone's tip


def spectrum_beside_a_cone(v, d):
    return gnp.sum(gnp.linalg.eigvalsh(gnp.diag(v)) ** 2) + gnp.linalg.norm(d) * d[0]


def gap_beside_a_cone(v, d):
    w = gnp.linalg.eigvalsh(gnp.diag(v))
    return (w[1] - w[0]) + gnp.linalg.norm(d) * d[0]


def _float_gradient(result, name):
    return [float(g) for g in np.ravel(np.asarray(result.exact_gradient[name], dtype=object))]


def test_the_cones_zeros_are_proven_beside_a_repeated_eigenvalue():
    result = gradcli.check(spectrum_beside_a_cone, [POINT], dtypes=("float64",), fixes=False).results[0]
    # the sum of squares is smooth at the repeated pair: slope 2 lambda = 2 in each v; the cone's slope 0 at its tip
    assert _float_gradient(result, "v") == [2.0, 2.0]
    assert _float_gradient(result, "d") == [0.0, 0.0]
    # gradcli's own norm rule is NaN at 0 where the derivative is 0, as it is without the eigenvalues
    assert result.status == "wrong", (result.status, result.findings)


def test_the_gap_stays_a_kink_along_the_seeds_that_split_the_pair():
    result = gradcli.check(gap_beside_a_cone, [POINT], dtypes=("float64",), fixes=False).results[0]
    # v has no derivative (the gap's kink), but d's slopes are the cone's proven zeros, which the norm rule's NaN
    # misses: `wrong` in d, as beside the smooth spectrum above, the kink in v said beside it
    assert result.status == "wrong", (result.status, result.findings)
    kinks = [f.message for f in result.findings if "kink" in f.message]
    # |v1 - v0|: slope -1 and 1 on either side in v[0], never a proven 0
    assert any("v[0] is -1 from the left and 1 from the right" in m for m in kinks), kinks
    assert _float_gradient(result, "d") == [0.0, 0.0]


# A general matrix with a complex-conjugate pair and a real eigenvalue (trace 0.3), and one with three real ones.
PAIRED = np.array([[0.1, 2.0, 0.3], [-1.5, -1.0, 0.2], [0.7, 0.3, 1.2]])
REAL = np.array([[0.1, 2.0, 0.3], [0.5, -1.0, 0.2], [0.7, 0.3, 1.2]])


def real_parts(a):
    return gnp.sum(gnp.real(gnp.linalg.eigvals(a)))


def imaginary_parts(a):
    return gnp.sum(gnp.imag(gnp.linalg.eigvals(a))) + a[0, 0]


def real_parts_answered_complex(a):
    """As PyTorch's and TensorFlow's eig answer: complex even where every eigenvalue is real."""
    from gradcli.autodiff.ops_decompositions import eig_complex

    return gnp.sum(gnp.real(eig_complex(a)[0]))


@pytest.mark.parametrize("function, matrix, slope", [
    (real_parts, PAIRED, np.eye(3)),  # the sum of the eigenvalues is the trace
    (imaginary_parts, PAIRED, np.diag([1.0, 0.0, 0.0])),  # a pair's imaginary parts cancel
    (real_parts_answered_complex, REAL, np.eye(3)),
], ids=["real-parts", "imaginary-parts", "answered-complex"])
def test_a_general_matrixs_spectrum_sums_have_their_zeros_proven(function, matrix, slope):
    # before: the off-diagonal zeros within the mpmath differences' noise at every precision, past --max-time
    result = gradcli.check(function, [{"a": matrix}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    assert np.asarray(result.exact_gradient["a"], dtype=np.float64).tolist() == slope.tolist()


def computed_repeated_energy(x):
    """eigvalsh of a matrix whose entries the program computes (exp(x) at the point: no rational constant)."""
    e = gnp.exp(x[0])
    a = gnp.array([[e, x[1], 0.0], [x[1], e, 0.0], [0.0, 0.0, gnp.exp(x[2])]])
    return gnp.sum(gnp.log(gnp.linalg.eigvalsh(a)))


def computed_repeated_gap(x):
    a = gnp.array([[gnp.exp(x[0]), x[2]], [x[2], gnp.exp(x[1])]])
    w = gnp.linalg.eigvalsh(a)
    return w[1] - w[0]


@pytest.mark.parametrize("point", [[0.3, 0.0, 0.3], [0.3, 0.0, 0.7]], ids=["thrice", "twice"])
def test_a_smooth_function_of_repeated_eigenvalues_of_computed_entries_is_exact(point):
    # log det = log(e^(2 x0) - x1^2) + x2, whose slope in x1, -2 x1 / (e^(2 x0) - x1^2), is 0 at x1 = 0: before, the
    # characteristic polynomial's roots were proven only over rational entries, and x1's 0 stayed unproven
    result = gradcli.check(computed_repeated_energy, [{"x": point}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    assert _float_gradient(result, "x") == [2.0, 0.0, 1.0]


def test_the_gap_of_repeated_eigenvalues_of_computed_entries_is_a_kink():
    result = gradcli.check(computed_repeated_gap, [{"x": [0.3, 0.3, 0.0]}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "domain", (result.status, result.findings)
    kinks = [f.message for f in result.findings if "kink" in f.message]
    assert any("x[2] is -2 from the left and 2 from the right" in m for m in kinks), kinks
