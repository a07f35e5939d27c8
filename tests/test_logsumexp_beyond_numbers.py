"""logsumexp on mpmath numbers shifts each slice by its largest entry, so an entry past every number mpmath's exp
can make (e^(e^1e300): a logit of 1e300 log 1e300) never meets exp, and a NaN among the entries is the answer.

At x = [-30, 1e300], xlogy(expm1(x), exp(xlogy(x, x))) is [NaN (log of -30), e^1e300 1e300 log 1e300]; the
exact reference's logsumexp of it raised mpmath's "OverflowError: int too big to convert", and the check had no
reference (round 55d) where its value is NaN: domain, as JAX and TensorFlow said.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import ops_array

SOURCE = '''import numpy as np
from scipy import special


def huge_logit(x):
    a = special.xlogy(np.expm1(x), np.exp(special.xlogy(x, x)))
    return special.logsumexp(a)
'''


def _mp(rows):
    return np.array([[mpmath.mpf(v) for v in row] for row in rows], dtype=object)


def test_slices_along_each_axis_and_kept_dimensions():
    x = _mp([[1, 2, "-inf"], [3, 4, 5]])
    with mpmath.workdps(40):
        rows = [mpmath.log(mpmath.exp(1) + mpmath.exp(2)), mpmath.log(sum(mpmath.exp(v) for v in (3, 4, 5)))]
        whole = mpmath.log(sum(mpmath.exp(v) for v in (1, 2, 3, 4, 5)))
        assert [abs(got - want) < mpmath.mpf(10) ** -35 for got, want in zip(ops_array._mp_logsumexp(x, 1, False), rows)] == [True, True]
        assert abs(ops_array._mp_logsumexp(x, None, False) - whole) < mpmath.mpf(10) ** -35
        assert ops_array._mp_logsumexp(x, 0, True).shape == (1, 3)
        assert ops_array._mp_logsumexp(x, (0, 1), True).shape == (1, 1)
        assert ops_array._mp_logsumexp(x, 0, False)[2] == 5


def test_nan_infinities_and_no_entries_answer_as_ieee():
    with mpmath.workdps(30):
        assert mpmath.isnan(ops_array._mp_logsumexp(_mp([["nan", "inf", 1]]), None, False))
        assert ops_array._mp_logsumexp(_mp([["inf", 1]]), None, False) == mpmath.inf
        assert ops_array._mp_logsumexp(_mp([["-inf", "-inf"]]), None, False) == mpmath.ninf
        assert ops_array._mp_logsumexp(np.empty((0,), dtype=object), None, False) == mpmath.ninf


def test_an_entry_past_every_exponential_is_its_own_answer():
    with mpmath.workdps(30):
        huge = mpmath.exp(mpmath.mpf(10) ** 300)  # e^1e300: its exp has an exponent of e^1e300 bits
        assert ops_array._mp_logsumexp(np.array([mpmath.mpf(2), huge], dtype=object), None, False) == huge


def test_a_nan_beside_a_huge_logit_is_domain(tmp_path):
    path = tmp_path / "logits.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:huge_logit", [{"x": [-30.0, 1e300]}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_value))
    assert not any("OverflowError" in f.message for f in result.findings)


@pytest.mark.parametrize("count, said", [(3840, "3840"), (10**300 + 12345, "about 10^300")])
def test_a_count_of_digits_is_said_as_a_reader_takes_it_in(count, said):
    from gradcli.checker.reference_mpmath import _count_said

    assert _count_said(count) == said
