"""A proof of 0 is not undone by a branch a `where` did not take, computed outside its function's domain.

`sum(where(x > 0, arcsin(x - 1), 0))` at x = [0.5, -1, 1.5] is arcsin(-1/2) + arcsin(1/2) = 0, which arcsin's odd
symmetry proves; but arcsin(-2), in the branch not taken at x = -1, has the slope 1/sqrt(-3), and a proof whose
identities hold only where every denominator is nonzero refused it ("not proven 0"). NaN passes every op but a pick,
so a denominator that is no number at the point can only come from such a branch when the answer is a number; when
the answer itself is NaN, nothing is excused.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import balls, python_zero, reference
from gradcli.checker.targets import resolve

POINT = np.array([0.5, -1.0, 1.5])


def masked_arcsin(x):
    return gnp.sum(gnp.where(x > 0, gnp.arcsin(x - 1), 0))


def masked_odd_pair(x):
    return gnp.sum(gnp.where(x > 0, gnp.arcsin(x - 1) + gnp.arcsin(1 - x), 0))


def unmasked_odd_pair(x):
    return gnp.sum(gnp.arcsin(x - 1) + gnp.arcsin(1 - x))


def _exact(fun):
    return reference.compute(resolve(fun), [POINT], budget=balls.Budget(30))


def test_arcsins_odd_symmetry_proves_the_sum_0_beside_a_masked_nan():
    exact = _exact(masked_arcsin)
    assert not exact.error and exact.determined and not exact.unsettled, exact.why
    assert exact.value == 0
    slopes = [float(e) for e in exact.gradient[0]]
    assert slopes[1] == 0
    assert np.allclose([slopes[0], slopes[2]], 2 / np.sqrt(3), rtol=1e-14, atol=0)


def test_an_identity_0_in_every_coordinate_beside_a_masked_nan():
    """arcsin(t) + arcsin(-t) is the zero function: value and every slope 0."""
    exact = _exact(masked_odd_pair)
    assert exact.determined and not exact.unsettled, exact.why
    assert exact.value == 0 and all(e == 0 for e in exact.gradient[0])


def test_a_nan_the_answer_itself_holds_excuses_nothing():
    """Unmasked, arcsin(-2) - arcsin(-2) is NaN at x = -1, not 0: its proof stays refused."""
    arb_core.enable()
    run = resolve(unmasked_odd_pair).mp_function
    assert python_zero.proven(run, [POINT], value_only=True)[0] is False
    assert python_zero.proven(resolve(masked_odd_pair).mp_function, [POINT], value_only=True)[0] is True
