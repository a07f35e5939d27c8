"""A bridged point's one-sided kink test takes the values the exact reference's central differences made.

At the precision the reference settles at, the test's first steps, 10^(-digits/3) of |x| to each side, are the
central differences' own steps, and every coordinate's test starts at the same value at the point: a program that is
a pure function of its arguments (a bridge's captured graph) is run once per point and precision
(`kinks.ValuesBeside`). A user's own Python function is run each time (it may draw random numbers or keep state).
The verdicts are the same either way.
"""

import dataclasses

import mpmath
import numpy as np

import gradcli.numpy as gnp
from gradcli.autodiff import mp as mp_core
from gradcli.checker import kinks, reference_mpmath, targets
from gradcli.checker.precision import to_mp
from gradcli.checker.reference import Exact

POINT = np.array([1.0, 0.5])  # |x0 - 1| has its kink in x[0]; x[1] is smooth


def corner(x):
    return gnp.abs(x[0] - 1.0) * 3.0 + x[1] ** 2


def _counted(target, bridged):
    """``target`` with its mpmath form counting its runs, marked as a bridge's (a stand-in object) where ``bridged``."""
    runs = []

    def mp_function(*args):
        runs.append(1)
        return target.mp_function(*args)

    return dataclasses.replace(target, mp_function=mp_function, bridge=object() if bridged else None), runs


def _differences_then_kinks(target):
    """The central differences at 60 digits, then the kink test of each coordinate at 60, sharing one `ValuesBeside`."""
    mp_core.enable()
    kept = kinks.ValuesBeside(target)
    with mpmath.workdps(60):
        reference_mpmath._exact_gradient_by_differences(target, [POINT], Exact(), 0, kept)
        mp_args = [to_mp(POINT)]
        return [kinks._kink_at(target, mp_args, 0, (k,), kept=kept) for k in range(2)]


def test_a_bridged_points_kink_test_runs_only_the_steps_the_differences_did_not():
    bridged, bridged_runs = _counted(targets.resolve(corner), bridged=True)
    plain, plain_runs = _counted(targets.resolve(corner), bridged=False)
    verdicts = _differences_then_kinks(bridged)
    assert verdicts == _differences_then_kinks(plain)
    assert verdicts[0][0] == "kink" and verdicts[1] is None, verdicts
    assert abs(verdicts[0][1] + 3) < 1e-12 and abs(verdicts[0][2] - 3) < 1e-12, verdicts
    # A value with its noise is three runs (nearest and two directed roundings); the kink test reads no noise of its
    # longer steps' values, so each of those is one run. Kept, the test's value at the point (its noise read) is made
    # once for both coordinates, not twice, and its two longer steps in each are the differences' own.
    assert len(plain_runs) - len(bridged_runs) == 3 + 2 * 2


def test_values_are_kept_per_precision_and_only_for_a_bridge():
    runs = []
    kept = kinks.ValuesBeside(dataclasses.replace(targets.resolve(corner), bridge=object()))
    with mpmath.workdps(60):
        assert kept.at(0, (1,), mpmath.mpf(2), lambda: runs.append(1) or "first") == "first"
        assert kept.at(0, (1,), mpmath.mpf(2), lambda: runs.append(1) or "again") == "first"
        assert kept.at(0, (0,), mpmath.mpf(2), lambda: runs.append(1) or "other coordinate") == "other coordinate"
    with mpmath.workdps(120):
        assert kept.at(0, (1,), mpmath.mpf(2), lambda: runs.append(1) or "deeper") == "deeper"
    assert len(runs) == 3
    unkept = kinks.ValuesBeside(targets.resolve(corner))
    assert unkept.at(0, (1,), mpmath.mpf(2), lambda: "first") == "first"
    assert unkept.at(0, (1,), mpmath.mpf(2), lambda: "again") == "again"
