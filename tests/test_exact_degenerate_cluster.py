"""The sum of a degenerate eigenvalue cluster is smooth where each of its eigenvalues is not: the proof sees it.

At d = 2, e = 0 the matrix [[d, e, 0], [e, d, 0], [0, 0, 1]] has the pair d +- e
repeated and 1 apart. The pair's sum is the trace less 1 (gradient [2, 0]); its
top one alone is d + |e| (a kink in e) and the gap 2 |e| likewise. The proof of 0
names each repeated eigenvalue an atom of its own, the cluster's last the trace
less the others: the sum's d/de = 0 is proven (on both sides of the step the
same function), and a value that holds one of them alone stays no proof.
"""

from __future__ import annotations

import pytest

import gradcli
import gradcli.numpy as gnp


def _matrix(d, e, third):
    return gnp.stack([gnp.stack([d, e, 0.0 * d]), gnp.stack([e, d, 0.0 * d]), gnp.stack([0.0 * d, 0.0 * d, third + 0.0 * d])])


def top_two_sum(d, e):
    return gnp.sum(gnp.linalg.eigvalsh(_matrix(d, e, 1.0))[1:])


def bottom_two_sum(d, e):
    return gnp.sum(gnp.linalg.eigvalsh(_matrix(d, e, 3.0))[:2])


def top_two_sum_with_vectors(d, e):
    w, _ = gnp.linalg.eigh(_matrix(d, e, 1.0))
    return w[1] + w[2]


def top_one(d, e):
    return gnp.linalg.eigvalsh(_matrix(d, e, 1.0))[2]


def gap(d, e):
    w = gnp.linalg.eigvalsh(_matrix(d, e, 1.0))
    return w[2] - w[1]


def log_of_top_one(d, e):
    return gnp.log(gnp.linalg.eigvalsh(_matrix(d, e, 1.0))[2])


def _check(function):
    (result,) = gradcli.check(function, [{"d": 2.0, "e": 0.0}], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("function", [top_two_sum, bottom_two_sum, top_two_sum_with_vectors])
def test_a_degenerate_pairs_sum_is_ok_with_d_by_e_exactly_0(function):
    result = _check(function)
    assert result.status == "ok", result.findings
    assert result.exact_gradient["e"] == 0
    assert abs(float(result.exact_gradient["d"]) - 2) < 1e-15
    assert abs(float(result.exact_value) - 4) < 1e-15


@pytest.mark.parametrize("function", [top_one, gap, log_of_top_one])
def test_one_eigenvalue_of_the_pair_or_their_gap_gets_no_proven_0(function):
    """Nor a function of one (log of it): the atom is looked for through the functions' arguments."""
    result = _check(function)
    assert result.status != "ok", result.findings
    assert (result.exact_gradient or {}).get("e") != 0  # none, or NaN: never a 0