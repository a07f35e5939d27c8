"""A program constant picked into an exact run of a gradcli.numpy function, then computed on alone.

The bridges' exact replays hold every float constant of a captured graph as the exact number it is
(`test_reference_framework_*`'s picks). A function written against gradcli.numpy is run as it stands: its picks of
a constant (a where of constants, a concatenation beside the run's numbers) hold the constant exact too, so the
square of the pick is the mathematics' (`test_prop57_constant_picks` holds the whole class on each path).
"""

from __future__ import annotations

import mpmath
import numpy as np

import gradcli.numpy as gnp

POINT = [np.float64(1e200), np.array([1e200, 2.2250738585072014e-308, 5e199])]


def _value_wrong(function):
    """Whether the exact reference's value of ``function`` at `POINT` misses exp(-1e200 log1p(0.3^2)), 0.3 the float."""
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    exact = reference.compute(resolve(function), [a.copy() if np.ndim(a) else a for a in POINT], budget=balls.Budget(20.0))
    with mpmath.workdps(300):  # the exponent's 200 digits before the point, and more
        truth = mpmath.exp(-mpmath.mpf(1e200) * mpmath.log1p(mpmath.mpf(0.3) ** 2))
        return not exact.determined or abs(mpmath.mpf(exact.value) / truth - 1) > 1e-12


def by_where_of_constants(x, w):
    c = gnp.where(w > 1, 0.2, 0.3)[1]  # both sides constants: c * c is NumPy's operator on what the where holds
    return gnp.exp(-x * gnp.log1p(c * c))


def by_concatenate(x, w):
    c = (gnp.concatenate([w, np.array([0.3])]) ** 2)[3]  # the 0.3 joined to the run's numbers, squared entry by entry
    return gnp.exp(-x * gnp.log1p(c))


def by_where_beside_a_number(x, w):
    c = (gnp.where(w < 0, w, 0.3) ** 2)[0]  # a ball in the where's element: the 0.3 is made one
    return gnp.exp(-x * gnp.log1p(c))


def test_a_constant_where_picks_beside_the_run_s_numbers_stays_exact():
    assert not _value_wrong(by_where_beside_a_number)


def test_a_constant_picked_by_a_where_of_constants_or_a_concatenation_stays_exact():
    assert not _value_wrong(by_where_of_constants)
    assert not _value_wrong(by_concatenate)
