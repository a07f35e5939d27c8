"""Kinks at repeated eigenvalues seen along every coordinate that parts the pair, and eigenvectors read there undefined.

At [[2, 1, 1], [1, 2, 1], [1, 1, 2]] (eigenvalues 1, 1, 4) a step in a diagonal entry moves one member of the
repeated pair and leaves the other: eigvalsh's second eigenvalue has the one-sided slopes 0 and 2/3 in a[0, 0].
The side of slope 0 is 0 only to within mpmath's eigensolver's own error, at every precision, and the one-sided
test must still call it a side of slope 0 against a side clear of it. An eigenvector read at a repeated
eigenvalue jumps with steps in the pair's own block, so the point has no gradient, even along coordinates whose
own slope no precision settles.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as mp_core
from gradcli.checker import kinks, targets
from gradcli.checker.precision import to_mp


def lowest(a):
    return gnp.linalg.eigvalsh(a)[0]


def second(a):
    return gnp.linalg.eigvalsh(a)[1]


def vector_entry(a):
    return gnp.linalg.eigh(a)[1][0, 0]


PAIR_THEN_FOUR = np.array([[2.0, 1.0, 1.0], [1.0, 2.0, 1.0], [1.0, 1.0, 2.0]])


@pytest.mark.parametrize("function, index, left, right", [
    (second, (0, 0), 0, mpmath.mpf(2) / 3),  # the pair's upper member: rises on the right only
    (second, (2, 2), 0, mpmath.mpf(2) / 3),
    (lowest, (2, 2), mpmath.mpf(2) / 3, 0),  # its lower member: falls with the step on the left only
    (lowest, (1, 1), mpmath.mpf(2) / 3, 0),
])
def test_a_member_of_a_repeated_pair_has_a_kink_in_each_diagonal_entry(function, index, left, right):
    mp_core.enable()  # gradcli.numpy on mpmath numbers, as the reference runs it
    with mpmath.workdps(60):
        verdict = kinks._kink_at(targets.resolve(function), [to_mp(PAIR_THEN_FOUR)], 0, index)
    assert isinstance(verdict, tuple) and verdict[0] == "kink", verdict
    assert abs(verdict[1] - left) < 1e-12 and abs(verdict[2] - right) < 1e-12, verdict


def test_an_eigenvector_entry_at_a_repeated_eigenvalue_is_domain():
    (result,) = gradcli.check(vector_entry, [{"a": np.diag([1.0, 1.0, 3.0])}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "domain", result.findings
    assert any(f.kind == "jump" and f.op == "a[1, 0]" for f in result.findings)  # the pair's own block turns it
    exact = np.array(result.exact_gradient["a"], dtype=float)
    # the vector of the lowest eigenvalue beside the point is (1, 0, -t/2) normalised, its first entry 1 - t^2/8: a
    # slope 0 to second order, given where the differences at rising digits settle it, else undefined with the rest
    assert np.isnan(exact[2, 0]) or exact[2, 0] == 0
    assert np.all(exact[np.triu_indices(3, 1)] == 0)  # the upper triangle is not read
