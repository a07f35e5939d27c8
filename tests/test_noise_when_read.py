"""A run's rounding noise made the first time it is read gives the numbers `with_noise` gives at once.

`precision.with_noise_when_read` runs a program rounded to nearest and leaves its two directed runs until a noise is
read: the kink test reads the noise of its shorter steps' values and of the value at the point, never of its longer
steps', of a third step's or of a deeper run's values. The directed runs are made at the precision (bits and digits),
NumPy error state and context of the nearest run, wherever and whenever the noise is read.
"""

import dataclasses

import mpmath
import numpy as np

import gradcli.numpy as gnp
from gradcli.autodiff import mp as mp_core
from gradcli.checker import kinks, precision, targets
from gradcli.checker.precision import to_mp, with_noise, with_noise_when_read


def cancelling(x):
    return gnp.sqrt(x + 1.0) - gnp.sqrt(x)  # loses half its digits at 1e30: a noise far above one unit


def _bits(numbers):
    return [n._mpf_ for n in numbers]


def _counted(program):
    seen = []

    def run():
        seen.append((mpmath.mp.prec, mpmath.mp.dps, np.geterr()["divide"]))
        return program()

    return run, seen


def test_the_noise_read_later_is_the_noise_made_at_once_and_its_runs_wait_for_the_read():
    mp_core.enable()
    program = targets.resolve(cancelling).mp_function
    with mpmath.workdps(40):
        x = to_mp(1e30)
        nearest, noise = with_noise(lambda: program(x))
        run, seen = _counted(lambda: program(x))
        with np.errstate(divide="ignore"):
            later_nearest, later = with_noise_when_read(run)
    assert len(seen) == 1  # the nearest run alone
    with mpmath.workprec(53), np.errstate(divide="raise"):
        read = list(later)
        assert mpmath.mp.prec == 53
    assert len(seen) == 3 and len(set(seen)) == 1, seen  # the directed runs, at the nearest run's own settings
    assert seen[0][:2] == (mpmath.libmp.dps_to_prec(40), 40)
    assert _bits([later_nearest]) == _bits([nearest]) and _bits(read) == _bits(noise)
    assert noise[0] > mpmath.mpf(10) ** -30  # a noise to get right: half the digits gone
    assert later[0] == noise[0] and len(later) == 1 and len(seen) == 3  # read once, made once


def test_a_program_that_raises_when_rounded_one_way_has_the_same_unknown_noise():
    mp_core.enable()

    def edge(x):
        return gnp.arccos(gnp.cos(x) * 1.0)  # cos(0) = 1 exactly; the directed runs stay at the edge or not

    program = targets.resolve(edge).mp_function
    with mpmath.workdps(30):
        zero = to_mp(0.0)
        eager = with_noise(lambda: program(zero))
        later = with_noise_when_read(lambda: program(zero))
    assert _bits(precision.flat_entries(later[0])) == _bits(precision.flat_entries(eager[0]))
    assert _bits(later[1]) == _bits(eager[1])


def corner(x):
    return gnp.abs(x[0] - 1.0) * 3.0 + gnp.abs(x[1]) ** 0.5


def _verdicts(target, points, monkeypatch, eager):
    if eager:
        monkeypatch.setattr(kinks, "with_noise_when_read", with_noise)
    out = []
    with mpmath.workdps(60):
        for point in points:
            mp_args = [to_mp(point)]
            kept = kinks.ValuesBeside(target)
            out.append([kinks._kink_at(target, mp_args, 0, (k,), kept=kept) for k in range(2)])
    monkeypatch.undo()
    return out


def test_the_kink_tests_verdicts_are_those_of_noise_made_at_once(monkeypatch):
    mp_core.enable()
    points = [np.array([1.0, 0.5]), np.array([1.5, 0.0]), np.array([1.5, 2.0])]
    for bridge in (None, object()):  # a user's function runs each time; a bridge's replay keeps its values
        target = dataclasses.replace(targets.resolve(corner), bridge=bridge)
        lazy, eager = _verdicts(target, points, monkeypatch, False), _verdicts(target, points, monkeypatch, True)
        assert repr(lazy) == repr(eager)  # the same code computes both: every digit the same
        assert lazy[0][0][0] == "kink" and lazy[0][1] is None, lazy  # |x0 - 1| at 1; smooth in x1 at 0.5
        assert lazy[1][0] is None and lazy[1][1][0] == "singular", lazy  # sqrt(|x1|) at 0: a cusp
        assert lazy[2] == [None, None], lazy
