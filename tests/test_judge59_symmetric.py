"""An exact 0 is measured against its array's magnitude M (the largest exact entry); every other entry keeps its own
relative error (GELU's slope at -10, -7.7e-22, computed 1% off beside 0.87, is lost: trials21b), a lone number its
own, and a rule at high precision every entry's own, unless the rounding of the program's own data moves that tiny
exact entry as far as the computed one is off (its reach, `data_rounding`): then a computed 0 against an exact -2^-56
beside entries of 1 fares as its mirror, a computed -2^-56 against an exact 0 (win58). Without that reach the entry is
lost: the cancellation headline (exp(x)/(exp(x)-1) at x = [300, 1], the -5e-131 computed as 0) stays unstable."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker.compare import compare, worst_error

F64, F32 = np.dtype(np.float64), np.dtype(np.float32)

def _exact(entries):
    return np.array([mpmath.mpf(e) for e in entries], dtype=object)


@pytest.mark.parametrize("small, beside, rtol, dtype", [
    (-2.0**-56, 1.0, 1e-10, F64),  # a window's end beside its middle
    (3e-9, 2.0, 1e-4, F32),
    (1e-12, 1e-3, 1e-10, F64),  # off by 1e-9 of the magnitude: fails both ways
    (5e-300, 1e-290, 1e-10, F64),
])
def test_a_small_entry_within_its_datas_rounding_and_an_exact_zero_are_judged_alike(small, beside, rtol, dtype):
    reach = [mpmath.mpf(abs(small)), None]  # the program's data moved by two ulps move the small entry this far
    computed_zero = compare(np.array([0.0, beside], dtype=dtype), _exact([small, beside]), rtol, 0.0, dtype, reach=reach)
    exact_zero = compare(np.array([small, beside], dtype=dtype), _exact([0, beside]), rtol, 0.0, dtype)
    assert computed_zero[1] == exact_zero[1] == (abs(small) <= rtol * abs(beside))
    assert computed_zero == exact_zero or not computed_zero[1]  # lost both ways, each by its own measure


@pytest.mark.parametrize("small, beside, rtol, dtype", [
    (-2.0**-56, 1.0, 1e-10, F64), (3e-9, 2.0, 1e-4, F32), (-5e-131, 0.92, 1e-10, F64),
])
def test_a_small_entry_its_data_cannot_move_is_lost_where_its_mirror_passes(small, beside, rtol, dtype):
    short = [mpmath.mpf(abs(small)) / 2, None]  # the data's rounding moves it half way: no further
    for reach in (None, short):
        assert compare(np.array([0.0, beside], dtype=dtype), _exact([small, beside]), rtol, 0.0, dtype, reach=reach) \
            == (1.0, False)
    assert compare(np.array([small, beside], dtype=dtype), _exact([0, beside]), rtol, 0.0, dtype) == (0.0, True)


def test_a_lone_number_and_a_rule_keep_their_own_relative_error():
    assert compare(0.0, mpmath.mpf(1e-20), 1e-10, 0.0, F64) == (1.0, False)  # nothing beside it to be lost in
    off = compare(np.array([-7.6e-22, 0.87]), _exact([-7.7e-22, 0.87]), 1e-10, 0.0, F64)  # nonzero, 1.3% off
    assert off[1] is False and 0.01 < off[0] < 0.02
    assert compare(np.array([0.0, 1e-20]), _exact([1e-20, 1e-20]), 1e-10, 0.0, F64)[1] is False  # M is 1e-20
    assert worst_error(_exact([2e-20, 1]), _exact([1e-20, 1]), 1e-8) == 1.0  # a rule off by 2x is off, however small


def window_ends(x):
    """x . (0.08 + 0.42 - 0.5, 1): float64's sum of the end's terms is 0, the exact one float(0.42) + float(0.08) - 0.5
    = -2^-56, beside the middle's 1."""
    c = gnp.array([0.08, 0.42])
    return gnp.sum(x * (c[0] + c[1])) - gnp.sum(x * 0.5) + x[1]


def test_a_computed_zero_within_the_rounding_of_the_constants_is_ok():
    (result,) = gradcli.check(window_ends, [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False).results
    assert [float(g) for g in result.exact_gradient["x"]] == [-2.0**-56, 1.0]
    assert list(result.gradient["x"]) == [0.0, 1.0]
    assert result.status == "ok" and result.gradient_error == 0.0
    assert any("rounding of the program's data" in note for note in result.notes)


def window_mirror(x):
    """x . ((0.1 + 0.2) + 0.3 - (0.1 + (0.2 + 0.3)), 1): the exact end is 0, float64's 2^-53 (its sums round apart)."""
    c = gnp.array([0.1, 0.2, 0.3])
    return gnp.sum(x * ((c[0] + c[1]) + c[2])) - gnp.sum(x * (c[0] + (c[1] + c[2]))) + x[1]


def test_its_mirror_a_tiny_computed_entry_against_an_exact_zero_is_ok():
    (result,) = gradcli.check(window_mirror, [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False).results
    assert [float(g) for g in result.exact_gradient["x"]] == [0.0, 1.0]
    assert result.gradient["x"][0] != 0.0 and abs(result.gradient["x"][0]) <= 2.0**-52
    assert result.status == "ok" and result.gradient_error == 0.0


def test_the_cancellation_headline_keeps_its_lost_entry():
    (result,) = gradcli.check("exp(x)/(exp(x)-1)", [{"x": [300.0, 1.0]}], dtypes=("float64",), fixes=False).results
    assert result.gradient["x"][0] == 0.0 and float(result.exact_gradient["x"][0]) < -5e-131
    assert result.status == "unstable" and result.gradient_error == 1.0
