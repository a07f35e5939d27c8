"""A Jordan block in another basis (A = P J P^-1, J = [[2, 1], [0, 2]], P rational) through gradcli.numpy's eigvals.

Its eigenvalue 2 is defective: a change of the matrix splits it by the square root of the change, so a single
eigenvalue has no derivative (`domain`), while a symmetric function of the pair (its sum, the trace; its product,
the determinant) is smooth, its exact gradient finite. The floats' rounding splits the pair (2 +- 1.5e-8), so the
rule float64 runs is exact at a matrix that near and loses half its digits to the split (`unstable`); the exact
run's eig splits it the same way above its own rounding, so the rule there settles where at the exact matrix it
would divide by the difference of eigenvectors that are one (a NaN no precision mends, never the rule's fault).
"""

import mpmath
import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb_proof_linalg
from gradcli.autodiff import mp as gradcli_mp
from gradcli.autodiff.transforms import value_and_grad
from gradcli.checker.precision import with_noise

JORDAN_ELSEWHERE = np.array([[1.0, 1.0], [-1.0, 3.0]])  # P J P^-1 with P = [[1, 2], [1, 3]]
COFACTORS = np.array([[3.0, 1.0], [-1.0, 1.0]])  # the determinant's gradient at it


def trace_by_eigvals(a):
    return gnp.sum(gnp.real(gnp.linalg.eigvals(a)))


def det_by_eigvals(a):
    return gnp.real(gnp.prod(gnp.linalg.eigvals(a)))


def _check(function):
    return gradcli.check(function, [{"a": JORDAN_ELSEWHERE}], dtypes=("float64",), fixes=False).results[0]


def _exact(result):
    return np.asarray(result.exact_gradient["a"], dtype=object).astype(float)


def test_the_sum_and_the_product_of_a_jordan_pair_have_their_exact_gradients_and_no_nan_rule():
    for function, gradient in ((trace_by_eigvals, np.eye(2)), (det_by_eigvals, COFACTORS)):
        result = _check(function)
        np.testing.assert_array_equal(_exact(result), gradient)
        # float64's rule, exact at its split pair, keeps half its digits: rounding, not the rule
        assert result.status == "unstable", (function.__name__, result.status, [f.message for f in result.findings])
        np.testing.assert_allclose(np.asarray(result.gradient["a"], dtype=float), gradient, rtol=1e-6, atol=1e-6)
        assert not any("nan" in f.message for f in result.findings), [f.message for f in result.findings]


def test_the_rule_at_high_precision_settles_at_the_jordan_pair():
    """The trace's rule at 30 and at 60 digits is the identity to its noise, which shrinks with the precision."""
    gradcli_mp.enable()
    a = np.array([[mpmath.mpf(x) for x in row] for row in JORDAN_ELSEWHERE], dtype=object)
    assert arb_proof_linalg.defective(a) and not arb_proof_linalg.defective(np.diag([mpmath.mpf(2)] * 2))
    for digits in (30, 60):
        with mpmath.workdps(digits), np.errstate(all="ignore"):
            entries, noise = with_noise(lambda: list(value_and_grad(trace_by_eigvals)(a)[1].flat))
        assert max(abs(e - i) for e, i in zip(entries, np.eye(2).flat)) < mpmath.mpf(10) ** (-digits // 2)
        assert max(noise) < mpmath.mpf(10) ** (-digits // 2)
