"""The finite differences' rounding replay in one batch gives each point's own replay, to the bit.

A formula's Richardson steps are replayed on mpmath numbers as one object
array (`fd._noises_at`), to save three quarters of the passes through the
core; each entry must be the noise its own replay measures, or the error
estimates (and the "unreliable" findings) would move. mpmath is pure Python,
the same on every CPU: the two are compared exactly.
"""

import numpy as np
import pytest

from gradcli.autodiff.mp import ieee
from gradcli.checker import fd
from gradcli.checker.targets import resolve

FORMULAS = [
    ("sqrt(x + 1) - sqrt(x)", [1e15, 0.5]),
    ("log(1 + exp(x))", [-40.0, 0.5, 800.0]),
    ("(1 - cos(x))/(x*x)", [1e-9, 2.0]),
    ("where(x > 0, sqrt(x), x*x)", [-0.5, 1e-9, 9.0]),
    ("x**x", [1e-8, 3.0]),
    ("acosh(x)", [1.0000001, 1e200]),
    ("maximum(x, 0.5*x)", [-0.1, 4.0]),
    ("erfc(x)", [26.0]),
    ("x/(exp(x) - 1)", [1e-9, 800.0]),
    ("atanh(x)", [0.999999]),
]


def _steps(x):
    h = np.finfo(np.float64).eps ** (1 / 3) * max(1.0, abs(x))
    return (x + h, x - h, x + h / 2, x - h / 2)


@pytest.mark.parametrize("text, xs", FORMULAS)
def test_a_batched_replay_gives_each_point_its_own_noise(text, xs):
    target = resolve(text)
    with ieee():
        for x in xs:
            one_by_one = fd._noises_at(target.mp_function, _steps(x), elementwise=False)
            batched = fd._noises_at(target.mp_function, _steps(x), elementwise=True)
            assert batched == one_by_one, (text, x)


def test_the_batch_is_taken_and_a_replay_that_raises_falls_back_point_by_point(monkeypatch):
    calls = []
    monkeypatch.setattr(fd, "_noise_of", lambda run: calls.append(run) or 0.0)
    target = resolve("log(1 + exp(x))")
    with ieee():
        fd._noises_at(target.mp_function, _steps(0.5), elementwise=True)
        assert calls == []  # one batched replay, no point on its own

        def raising(values):
            raise ValueError("no arrays here")

        assert fd._noises_at(raising, _steps(0.5), elementwise=True) == [0.0] * 4
        assert len(calls) == 4


def test_differences_of_a_formula_are_those_of_the_point_by_point_replay():
    target = resolve("exp(x)*log(1 + exp(-x))")
    for x in (-40.0, 10.0, 750.0):
        with ieee():
            batched = fd.differences(target.function, [x], True, mp_function=target.mp_function, elementwise=True)
            alone = fd.differences(target.function, [x], True, mp_function=target.mp_function, elementwise=False)
        # repr: NaN (the overflow at 750) equals NaN there, and every other float to the bit.
        assert repr((batched.gradient, batched.error, batched.reliable, batched.note)) == repr(
            (alone.gradient, alone.error, alone.reliable, alone.note)
        )


# Analytic formulas where the complex step and the central difference agree within the central
# error's lower bound (no replay), within its replayed error only (cos(x)/x at 1.5, the sum at
# 1e-300), or not at all (exp(sin(x)) at 1e8: the central error is reported), or where the complex
# step fails (acosh overflows at 1e200, x/(exp(x) - 1) at 800).
LAZY = [
    ("sqrt(x + 1) - sqrt(x)", [1e15, 0.5, 1e8]),
    ("log(1 + exp(x))", [-40.0, 0.5, 800.0]),
    ("(1 - cos(x))/(x*x)", [1e-9, 2.0]),
    ("cos(x)/x", [1.5, 1e-8]),
    ("exp(sin(x))", [1e8]),
    ("1/(x + 1) - 1/x", [1e-6, 1e10]),
    ("acosh(x)", [1.0000001, 1e200]),
    ("x/(exp(x) - 1)", [1e-9, 800.0]),
    ("x + y + z - (x + y)", [{"x": 1e-300, "y": 1.0, "z": 1e-16}]),
    ("sin(x)*cos(y) - cos(x)*sin(y)", [{"x": 1.0, "y": 1.0000000001}, {"x": 1e8, "y": 1e8}])]


def _differences_of(text, point):
    target = resolve(text)
    args = [point[n] for n in target.variables] if isinstance(point, dict) else [point]
    with ieee():
        d = fd.differences(target.function, args, target.analytic, mp_function=target.mp_function, elementwise=True)
    return repr((d.method, d.gradient, d.error, d.reliable, d.note))


@pytest.mark.parametrize("text, points", LAZY)
def test_a_central_difference_not_replayed_gives_what_its_replay_would(text, points, monkeypatch):
    lazy = [_differences_of(text, p) for p in points]
    # No lower bound decides anything (a comparison with NaN is false): every replay runs.
    monkeypatch.setattr(fd._Central, "error_without_replay", lambda self: float("nan"))
    assert [_differences_of(text, p) for p in points] == lazy


def test_the_central_replay_runs_only_where_the_complex_step_needs_its_error(monkeypatch):
    replays = []
    original = fd._noises_at
    monkeypatch.setattr(fd, "_noises_at", lambda *a, **k: replays.append(a[1]) or original(*a, **k))
    _differences_of("log(1 + exp(x))", 0.5)  # complex step and central difference agree
    assert replays == []
    _differences_of("sqrt(x + 1) - sqrt(x)", 1e15)  # they disagree: the central error is reported
    assert len(replays) == 1
    _differences_of("abs(x)", 0.5)  # no complex step: the central difference is the answer
    assert len(replays) == 2


# A check's points together (`fd.differences_at_points`): the complex steps' replays in one batch,
# then the central replays the answers read in another; each point's answer is its own call's.
TOGETHER = LAZY + [
    ("abs(x)", [0.5, -2.0]),  # no complex step: every central difference is replayed
    ("log(x)", [-1.0, 2.0]),  # NaN at one point, a number at the other
    ("x*y - y*x + exp(x)", [{"x": 1.0, "y": 3.0}, {"x": 700.0, "y": 1e-300}]),
]


def _args_of(target, point):
    return [float(point[n]) for n in target.variables] if isinstance(point, dict) else [float(point)]


def _shown(d):
    return repr((d.method, d.gradient, d.error, d.reliable, d.note))


@pytest.mark.parametrize("text, points", TOGETHER)
def test_differences_at_a_checks_points_together_are_each_points_own(text, points):
    target = resolve(text)
    arg_lists = [_args_of(target, p) for p in points]
    with ieee():
        together = fd.differences_at_points(target.function, arg_lists, target.analytic, target.mp_function)
        alone = [fd.differences(target.function, a, target.analytic, mp_function=target.mp_function, elementwise=True)
                 for a in arg_lists]
    assert [_shown(d) for d in together] == [_shown(d) for d in alone]


def test_the_points_replays_are_batched_and_a_batch_that_raises_falls_back_to_each_alone(monkeypatch):
    target = resolve("sqrt(x + 1) - sqrt(x)")  # complex steps everywhere; the central replay read at 1e15
    arg_lists = [[1e15], [0.5], [3.0]]
    with ieee():
        want = [_shown(d) for d in fd.differences_at_points(target.function, arg_lists, True, target.mp_function)]
    alone, runs = [], []
    monkeypatch.setattr(fd, "_noise_of", lambda run: alone.append(run) or 0.0)
    monkeypatch.setattr(fd, "_noises_at", lambda *a, **k: alone.append(a) or [0.0] * 2)
    original = fd._entry_noises
    monkeypatch.setattr(fd, "_entry_noises", lambda run, n: runs.append(n) or original(run, n))
    with ieee():
        fd.differences_at_points(target.function, arg_lists, True, target.mp_function)
    assert alone == [] and runs == [3, 2]  # three complex steps in one replay, one central difference's near values

    def raising(*values):
        raise ValueError("no arrays here")

    monkeypatch.undo()
    with ieee():
        fallback = fd.differences_at_points(target.function, arg_lists, True, lambda *v: raising() if isinstance(
            v[0], np.ndarray) else target.mp_function(*v))
    assert [_shown(d) for d in fallback] == want


def test_a_check_makes_its_points_differences_once_for_both_dtypes(monkeypatch):
    import gradcli

    made, alone = [], []
    original = fd.differences_at_points
    monkeypatch.setattr(fd, "differences_at_points", lambda f, arg_lists, *a: made.append(arg_lists) or original(f, arg_lists, *a))
    monkeypatch.setattr(fd, "differences", lambda *a, **k: alone.append(a))
    report = gradcli.check("log(1 + exp(x))", [0.5, 0.1, 1e200], dtypes=("float32", "float64"))
    # 0.5 is the same float64 point in both dtypes; 0.1 rounds apart; 1e200 is beyond float32.
    assert made == [[[0.5], [float(np.float32(0.1))], [0.1], [1e200]]] and alone == []
    # Results go point by point, float32 then float64; float32 has nothing to check at 1e200.
    assert [r.fd_method for r in report.results] == ["complex-step"] * 4 + ["", "central-richardson"]
    assert report.results[0].fd_gradient == report.results[1].fd_gradient


def test_the_near_values_are_replayed_and_each_far_value_takes_its_sides_noise():
    def shifted(t):
        return (t + 1e10) - 1e10  # exact at 0.5, rounded to 2^-19 at each step beside it

    h = np.finfo(np.float64).eps ** (1 / 3)
    with ieee():
        estimate, error = fd.richardson(shifted, 0.5, h, g_mp=shifted)
        up, down = (fd._noise_of(lambda t=t: shifted(fd._mp_float(t))) for t in (0.5 + h / 2, 0.5 - h / 2))
    assert up > 0 and down > 0  # the cancellation is seen beside the point, where no step is round
    central = fd._Central(shifted, 0.5, h)
    noises = [max(floor, noise) for floor, noise in zip(central.floors, (up, down, up, down))]
    assert error == central._error_with(noises) and error > 5 * central.error_without_replay()
    assert abs(estimate - 1) <= error
