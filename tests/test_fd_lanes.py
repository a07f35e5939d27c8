"""The differences' rounding replays made as three lanes of one run give the three runs' own noises, to the bit.

A replay's noise comes from three runs of the formula on mpmath numbers (to
nearest, then alternately down and up: `precision.with_noise`). `mp.in_lanes`
makes them one run over three copies of the entries, each op applied to each
copy in its own run's rounding (`fd._lane_noises`); each noise must be the one
the three runs measure, or the error estimates (and the "unreliable" findings)
would move. mpmath is pure Python, the same on every CPU: the two are compared
exactly.
"""

import mpmath
import numpy as np
import pytest

from gradcli.autodiff import mp as mp_core
from gradcli.autodiff.mp import ieee
from gradcli.checker import fd
from gradcli.checker.targets import resolve

FORMULAS = [
    ("sqrt(x + 1) - sqrt(x)", [1e15, 0.5, 3.0]),
    ("log(1 + exp(x))", [-40.0, 0.5, 800.0]),
    ("(1 - cos(x))/(x*x)", [1e-9, 2.0, -3.5]),
    ("where(x > 0, sqrt(x), x*x)", [-0.5, 1e-9, 9.0]),
    ("x**x", [1e-8, 3.0]),
    ("acosh(x)", [1.0000001, 1e200]),
    ("maximum(x, 0.5*x)", [-0.1, 4.0]),
    ("erfc(x)", [26.0, 0.3]),
    ("x/(exp(x) - 1)", [1e-9, 800.0, 0.0]),
    ("atanh(x)", [0.999999, 1.0]),
    ("log(x) - x*0.25", [3.0, 1e-300]),
    ("atan2(y, x) - x*y", [(1.0, 2.0), (-1e-9, 1e9)]),
    ("softplus(x) - softplus(y)", [(1.0, 1.0), (30.0, -2.0)]),
]


def _rows(xs):
    """Each point's four Richardson steps in each coordinate, as rows of mpmath arguments (a difference's replay)."""
    rows = []
    for x in xs:
        point = list(x) if isinstance(x, tuple) else [x]
        for i, v in enumerate(point):
            h = np.finfo(np.float64).eps ** (1 / 3) * max(1.0, abs(v))
            for t in (v + h, v - h, v + h / 2, v - h / 2):
                rows.append([fd._mp_float(t if j == i else w) for j, w in enumerate(point)])
    return rows


def _complex_rows(xs):
    """Each point's complex step in each coordinate (an mpc entry beside mpf ones)."""
    rows = []
    for x in xs:
        point = list(x) if isinstance(x, tuple) else [x]
        for i, v in enumerate(point):
            rows.append([fd._mp_complex(v, 1e-20 * max(1.0, abs(v))) if j == i else fd._mp_float(w)
                         for j, w in enumerate(point)])
    return rows


def _columns(rows):
    columns = [np.empty(len(rows), dtype=object) for _ in rows[0]]
    for r, row in enumerate(rows):
        for column, value in zip(columns, row):
            column[r] = value
    return columns


def _one_run_each(mp_function, columns, finish, n):
    def run():
        return finish(mp_function(*columns))

    return fd._entry_noises(run, n)


def _imaginary_over(h):
    return lambda values: np.array([fd._mp_imaginary(v) / h for v in values], dtype=object)


@pytest.mark.parametrize("text, xs", FORMULAS, ids=[text for text, _ in FORMULAS])
def test_lanes_give_each_entry_its_three_runs_noise(text, xs):
    target = resolve(text)
    assert fd._in_lanes(target.mp_function)
    h = fd._mp_float(3e-7)  # a step that is no power of 2: the finishing division rounds as each run ends
    with ieee():
        for rows, finish in ((_rows(xs), lambda values: values), (_complex_rows(xs), _imaginary_over(h))):
            columns = _columns(rows)
            n = len(rows)
            want = _one_run_each(target.mp_function, columns, finish, n)
            got = fd._lane_noises(target.mp_function, columns, finish, n)
            if want is None:  # the runs raise (a comparison of complex numbers): so do the lanes, and leave it
                assert got is None, text
                continue
            assert got is not None, text  # made in lanes, not left to the runs one by one
            assert got == want, text


def test_the_noises_are_not_all_zero():
    # A test of equal noises that were all 0 would hold whatever the lanes rounded.
    target = resolve("sqrt(x + 1) - sqrt(x)")
    columns = _columns(_rows([1e15, 3.0]))
    with ieee():
        noises = fd._lane_noises(target.mp_function, columns, lambda values: values, len(columns[0]))
    assert sum(1 for noise in noises if noise) >= 4


@pytest.mark.parametrize("text", ["x*pi", "x + 0.1", "sin(x + 1e-8) - sin(x)", "x*1e-300"])
def test_a_literal_that_rounds_keeps_the_runs_one_by_one(text):
    # A literal is made when its step runs, in the rounding of that moment: one copy cannot serve three lanes.
    assert not fd._in_lanes(resolve(text).mp_function)


def test_an_op_on_literals_alone_leaves_the_runs_one_by_one():
    # log(x, 2) takes log(2), made once for the three lanes: the runs are made one by one, as before.
    target = resolve("log(x, 2)")
    columns = _columns(_rows([3.0]))
    n = len(columns[0])
    with ieee():
        assert fd._lane_noises(target.mp_function, columns, lambda values: values, n) is None
        want = _one_run_each(target.mp_function, columns, lambda values: values, n)
        assert fd._replayed_together(target.mp_function, [list(r) for r in zip(*columns)], lambda v: v) == want


def test_a_literal_exact_in_binary_is_made_in_lanes():
    assert fd._in_lanes(resolve("x*0.375 + 1152921504606846976*x + 1").mp_function)  # 2^60: one bit
    assert not fd._in_lanes(resolve("x + 9007199254740993").mp_function)  # 2^53 + 1: 54 bits


def test_an_op_on_a_number_shared_by_the_lanes_is_refused():
    target = resolve("x*(x + 1)")
    columns = _columns(_rows([2.0]))
    n = len(columns[0])
    with mpmath.workprec(53):
        with pytest.raises(mp_core.NotLanes):
            mp_core.in_lanes(lambda: target.mp_function(mpmath.mpf(1) / 3), n, lambda values: values)
        tripled = np.concatenate((columns[0],) * 3)
        with pytest.raises(mp_core.NotLanes):  # entries of another length than three lanes of n
            mp_core.in_lanes(lambda: target.mp_function(tripled[:-1]), n, lambda values: values)


def test_lanes_leave_the_rounding_and_hooks_as_they_found_them():
    from gradcli.autodiff import tracer

    target = resolve("exp(x) - 1")
    columns = _columns(_rows([0.5]))
    tripled = [np.concatenate((c, c, c)) for c in columns]
    with mpmath.workprec(53):
        mp_core.in_lanes(lambda: target.mp_function(*tripled), len(columns[0]), lambda values: values)
        assert mpmath.mp._prec_rounding == [53, "n"]
    assert tracer.hooks.forward is None and tracer.lanes is None
