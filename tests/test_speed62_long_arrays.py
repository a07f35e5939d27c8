"""Long arrays in an exact run: an op computes a number a broadcast repeats once (`tracer._repeated_entries`), and a
window is made once per precision, rounded to nearest, for all of the differences' noise runs (`windows.made_once`)."""

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import tracer, windows


def _counted(fun):
    calls = []

    def counting(*args):
        calls.append(args)
        return fun(*args)

    return counting, calls


def test_an_op_on_a_broadcast_number_computes_it_once_and_answers_every_entry():
    counting, calls = _counted(lambda t, c: mpmath.exp(t) * c)
    constants = np.ones(5000)
    constants[::2] = 2.0
    with mpmath.workdps(30):
        x = mpmath.mpf("0.7")
        out = tracer._mp_apply(counting, (np.asarray(x, dtype=object), constants), {})
        want = [mpmath.exp(x) * c for c in (2, 1)]
    assert len(calls) == 2  # one per distinct pair (x, 2.0), (x, 1.0)
    assert out.shape == (5000,) and all(out[::2] == want[0]) and all(out[1::2] == want[1])


def test_entries_alike_only_in_value_are_computed_apart():
    # -0.0 is not 0.0 to an op (copysign, 1/x); two mpmath objects of one value may differ in what is known of them
    # (a point's own input is exact by its identity), so each is its own argument
    counting, calls = _counted(lambda t: math.copysign(math.inf, t))
    for signed in (np.array([0.0, -0.0] * 200), np.array([0.0, -0.0] * 200, dtype=object)):  # NumPy's, Python's
        calls.clear()
        out = tracer._mp_apply(counting, (signed,), {})
        assert len(calls) == 2 and all(out[::2] == math.inf) and all(out[1::2] == -math.inf)
    counting, calls = _counted(mpmath.exp)
    twins = np.empty(400, dtype=object)
    twins[:] = [mpmath.mpf("0.5") for _ in range(400)]  # 400 objects, one value
    tracer._mp_apply(counting, (twins,), {})
    assert len(calls) == 400


def test_distinct_entries_are_each_computed_once():
    counting, calls = _counted(mpmath.sqrt)
    values = np.arange(1.0, 3001.0)
    out = tracer._mp_apply(counting, (values,), {})
    assert len(calls) == 3000 and all(out[k] == mpmath.sqrt(values[k]) for k in (0, 1234, 2999))


@pytest.fixture(scope="module")
def broadcast_check():
    n = 4000

    def softplus_sum(x):
        return gnp.sum(gnp.log1p(gnp.exp(x * gnp.ones(n))))

    (row,) = gradcli.check(softplus_sum, [{"x": 0.7}], dtypes=("float64",), fixes=False).results
    return n, row


def test_a_broadcast_softplus_sum_has_its_exact_slope(broadcast_check):
    n, row = broadcast_check
    with mpmath.workdps(40):
        slope = n / (1 + mpmath.exp(-mpmath.mpf(0.7)))  # d/dx n log(1 + e^x) = n sigmoid(x)
    assert row.status == "ok" and abs(float(row.exact_gradient["x"]) - slope) <= 1e-12 * slope
    assert abs(row.fd_gradient["x"] - float(slope)) <= 1e-6 * float(slope)


def test_a_window_is_made_once_per_precision_rounded_to_nearest(monkeypatch):
    made = []
    entries_of = windows._entries_of

    def recording(entries, M):
        made.append((windows._precision_of(tracer.exact_constant(0.0)), mpmath.mp._prec_rounding[1]))
        return entries_of(entries, M)

    monkeypatch.setattr(windows, "_entries_of", recording)
    windows._MADE.clear()
    n = 1001

    def hann_sum(x):
        return gnp.sum(gnp.hanning(n) * x)

    (row,) = gradcli.check(hann_sum, [{"x": 0.7}], dtypes=("float64",), fixes=False).results
    assert row.status == "ok" and float(row.exact_gradient["x"]) == (n - 1) / 2  # sum_k sin^2(pi k / (n - 1))
    assert made and all(mode == "n" for _, mode in made)  # the noise runs' directed rounding never reaches it
    assert len(set(made)) == len(made)  # once per precision: the three noise runs share 53 bits' window


def test_past_the_checks_budget_the_differences_replay_no_rounding_noise():
    from gradcli.capture import loop_trips
    from gradcli.checker import fd

    replayed = []

    def cube_mp(t):
        replayed.append(t)
        return t ** 3

    with loop_trips.watching(loop_trips.Watch(0.0)):  # --max-time already spent
        estimate, error = fd.richardson(lambda t: t ** 3, 2.0, 1e-4, g_mp=cube_mp)
    assert replayed == [] and abs(estimate - 12) <= error <= 1e-6  # the floors' error still holds the slope 3 x^2
    fd.richardson(lambda t: t ** 3, 2.0, 1e-4, g_mp=cube_mp)
    assert len(replayed) == 6  # with time left: the two values at x +- h/2, each rounded to nearest, down and up
